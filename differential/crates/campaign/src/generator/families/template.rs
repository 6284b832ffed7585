//! Templates.

use crate::generator::soup::Soup;

/// The "in template" insertion mode (<https://html.spec.whatwg.org/#parsing-main-intemplate>):
/// the stack of template insertion modes switched by the first table-ish start tag,
/// template contents, templates nested, in tables, in head, in column groups, in
/// select and after a frameset, stray `</template>`, and "reset the insertion mode
/// appropriately" when one closes.
pub(crate) fn template(s: &mut Soup) {
    s.one_of(&[
        "",
        "",
        "<head>",
        "<table>",
        "<table><tr>",
        "<table><colgroup>",
        "<table><tbody>",
        "<select>",
        "<frameset>",
        "</template>",
        "<html>",
        "</body>",
        "<svg>",
    ]);
    s.open("template");
    let mut depth = 1usize;
    for _ in 0..1 + s.below(5) {
        match s.below(10) {
            0..=3 => s.one_of(TEMPLATE_CONTENT),
            4 => {
                if depth < 4 {
                    s.open("template");
                    depth += 1;
                }
            }
            5 => {
                if depth > 0 {
                    s.close("template");
                    depth -= 1;
                }
            }
            6 => s.text(),
            7 => s.one_of(&[
                "</td>",
                "</tr>",
                "</table>",
                "</caption>",
                "</colgroup>",
                "</html>",
            ]),
            8 => s.one_of(&["<body>", "<html lang=x>", "<head>", "<frameset>", "<frame>"]),
            _ => s.nested(),
        }
    }
    for _ in 0..depth {
        if s.chance(0.7) {
            s.close("template");
        }
    }
    if s.chance(0.3) {
        s.text();
    }
}

/// What goes in a template first: it decides the template insertion mode.
const TEMPLATE_CONTENT: &[&str] = &[
    "<tr>",
    "<td>",
    "<th>x",
    "<col>",
    "<caption>",
    "<tbody>",
    "<thead>",
    "<colgroup>",
    "<div>",
    "<option>",
    "<select>",
    "<meta>",
    "<style>x</style>",
    "<script>x</script>",
    "<title>x</title>",
    "<link>",
    "<frame>",
    "x",
    " ",
    "<td>x</td><td>",
    "<tr><td>x",
    "<col><tr>",
    "<table>",
];
