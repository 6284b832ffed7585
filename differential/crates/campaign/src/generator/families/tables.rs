//! Tables: foster parenting and the table insertion modes.

use crate::generator::soup::{Soup, BLOCKS, FORMATTING, PHRASING};

/// Foster parenting: the "in table" anything-else rule, "in table text" with
/// non-whitespace characters, and "the appropriate place for inserting a node" with
/// the foster-parenting flag set (<https://html.spec.whatwg.org/#foster-parent>).
/// Text and elements where a table does not allow them, `<input type=hidden>` and
/// forms (which "in table" keeps), script and style (which it keeps too).
pub(crate) fn foster_parenting(s: &mut Soup) {
    s.open("table");
    if s.chance(0.3) {
        s.one_of(&[
            "<tr>",
            "<tbody>",
            "<tr><td>x</td>",
            "<thead><tr>",
            "<colgroup>",
        ]);
    }
    let items = 1 + s.below(5);
    for _ in 0..items {
        misplaced(s);
        if s.chance(0.3) {
            s.one_of(&[
                "<tr>", "<td>", "</td>", "</tr>", "<tbody>", "<th>", "</tbody>",
            ]);
        }
    }
    if s.chance(0.6) {
        s.close("table");
        if s.chance(0.5) {
            s.text();
        }
    }
}

/// One piece of content that a table cannot hold directly.
fn misplaced(s: &mut Soup) {
    match s.below(12) {
        0 | 1 => s.word(),
        2 => s.one_of(&[" ", "\n", " \t ", "\u{0}", " \u{0} ", "x\u{0}"]),
        3 => {
            let f = s.pick(FORMATTING);
            s.open(f);
            s.word();
        }
        4 => {
            let b = s.pick(BLOCKS);
            s.open(b);
            s.text();
        }
        5 => {
            let p = s.pick(PHRASING);
            s.open(p);
        }
        6 => {
            s.push("<input");
            let ty = s.pick(&[
                "hidden", "HIDDEN", " hidden", "hiddenx", "text", "", "Hidden",
            ]);
            s.attr("type", ty);
            s.push(">");
        }
        7 => s.one_of(&[
            "<form>",
            "</form>",
            "<form><input type=hidden>",
            "<form name=f>x",
        ]),
        8 => s.one_of(&[
            "<script>x</script>",
            "<style>p{}</style>",
            "<template>x</template>",
            "<link>",
            "<meta>",
        ]),
        9 => s.one_of(&[
            "<select><option>x",
            "<svg>x</svg>",
            "<math><mi>x",
            "<a href=x>x",
        ]),
        10 => s.one_of(&["<tr>x", "<td>x</td>y", "<caption>x</caption>y", "<col>x"]),
        _ => s.nested(),
    }
}

/// The table insertion modes: "in table", "in caption", "in column group", "in table
/// body", "in row" and "in cell", with "clear the stack back to a table context", "close
/// the cell", implied `tbody`/`tr`, nested tables, and `<p><table>` whose treatment
/// depends on quirks mode.
pub(crate) fn table_structure(s: &mut Soup) {
    if s.chance(0.15) {
        // In quirks mode <table> does not close an open p element.
        s.one_of(&[
            "<!DOCTYPE html>",
            "",
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 3.2//EN\">",
        ]);
        s.push("<p>");
        s.word();
    }
    s.open("table");
    let steps = 2 + s.below(8);
    let mut tables = 1usize;
    for _ in 0..steps {
        if !s.room() {
            break;
        }
        let token = s.pick(TABLE_TOKENS);
        if token == "<table>" {
            if tables >= 4 {
                continue;
            }
            tables += 1;
        }
        if token.is_empty() {
            s.word();
        } else if token.contains("><") {
            s.push(token);
        } else if let Some(name) = token.strip_prefix("</").and_then(|t| t.strip_suffix('>')) {
            s.close(name);
        } else if let Some(name) = token.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
            s.open(name);
        }
    }
    if s.chance(0.5) {
        s.push("</table>");
    }
    if s.chance(0.3) {
        s.text();
    }
}

/// Start and end tags of table parts, in and out of place; "" stands for text.
const TABLE_TOKENS: &[&str] = &[
    "<caption>",
    "</caption>",
    "<colgroup>",
    "</colgroup>",
    "<col>",
    "</col>",
    "<tbody>",
    "</tbody>",
    "<thead>",
    "</thead>",
    "<tfoot>",
    "<tr>",
    "</tr>",
    "<tr>",
    "<td>",
    "</td>",
    "<td>",
    "<th>",
    "</th>",
    "<table>",
    "</table>",
    "",
    "",
    "</body>",
    "</html>",
    "<html>",
    "<body>",
    "<p>",
    "</p>",
    "<form>",
    "<select>",
    "</tfoot>",
    "<td><table>",
];
