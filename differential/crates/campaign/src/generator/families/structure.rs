//! The document's frame: stray end tags, the modes around head and body, frameset.

use crate::generator::soup::{Soup, BLOCKS, FORMATTING, VOID};

/// End tags that nothing opened, or that each insertion mode treats specially
/// (<https://html.spec.whatwg.org/#parsing-main-inbody>, "any other end tag"): `</p>`
/// (which inserts an empty `p`), `</br>` (which becomes `<br>`), `</html>` and `</body>`
/// in every mode, closing headings with another heading, `</li>`, `</dd>`, `</form>`,
/// and end tags with attributes or a trailing solidus.
pub(crate) fn stray_end_tags(s: &mut Soup) {
    s.one_of(&[
        "", "", "<head>", "<html>", "<body>", "<table>", "<h2>", "<ul><li>", "<dl><dd>",
    ]);
    for _ in 0..1 + s.below(5) {
        match s.below(10) {
            0..=2 => s.one_of(STRAY),
            3 => {
                // An end tag with attributes or a trailing solidus.
                s.push("</");
                let name = s.pick(&["div", "p", "br", "b", "html", "x"]);
                s.name(name);
                s.one_of(&[" class=x>", "/>", " />", " a>", "\t/ >", " a='>'>"]);
            }
            4 => {
                let f = s.pick(FORMATTING);
                s.close(f);
            }
            5 => {
                let b = s.pick(BLOCKS);
                s.close(b);
            }
            6 => {
                // Void elements have no end tag; `</br>` alone is turned into `<br>`.
                let v = s.pick(VOID);
                if s.chance(0.5) {
                    s.open(v);
                }
                s.close(v);
            }
            7 => {
                let b = s.pick(BLOCKS);
                s.open(b);
            }
            8 => s.text(),
            _ => s.nested(),
        }
    }
}

const STRAY: &[&str] = &[
    "</html>",
    "</body>",
    "</head>",
    "</p>",
    "</br>",
    "</BR>",
    "</h1>",
    "</h2>",
    "</li>",
    "</dd>",
    "</dt>",
    "</form>",
    "</template>",
    "</sarcasm>",
    "</a>",
    "</table>",
    "</td>",
    "</select>",
    "</option>",
    "</frameset>",
    "</noscript>",
    "</caption>",
    "</col>",
    "</colgroup>",
    "</svg>",
    "</math>",
    "</image>",
    "</ruby>",
    "</rb>",
    "</applet>",
];

/// The insertion modes around the document's frame: "initial", "before html", "before
/// head", "in head", "in head noscript", "after head", "in body"'s frameset-ok flag
/// with `<frameset>`, "in frameset", "after frameset", "after body", "after after body",
/// "after after frameset", and "in column group": whitespace, text, comments and
/// elements where each mode does something unusual (text after `</html>`, a second
/// `<html>` or `<body>` start tag, head elements after head).
pub(crate) fn document_structure(s: &mut Soup) {
    for _ in 0..2 + s.below(4) {
        s.one_of(FRAME_PIECES);
    }
    if s.chance(0.3) {
        s.ws();
        s.word();
    }
}

const FRAME_PIECES: &[&str] = &[
    " ",
    "\n",
    "x",
    " x",
    "<html>",
    "<html a=1>",
    "</html>",
    "<head>",
    "</head>",
    "<body>",
    "</body>",
    "<body a=1>",
    "<frameset>",
    "</frameset>",
    "<frame>",
    "<noframes>x</noframes>",
    "<frameset><frame><frameset>",
    "<div>",
    "<div><frameset>",
    "<p>x</p>",
    "<pre>",
    "<meta>",
    "<link>",
    "<title>x</title>",
    "<base>",
    "<style>x</style>",
    "<noscript>",
    "<noscript><link>x",
    "</noscript>",
    "<!--x-->",
    "<table><colgroup> x",
    "<table><colgroup><col> </colgroup>",
    "<input type=hidden>",
    "<svg>",
    "<b>",
    "<br>",
    "</br>",
    "<script>x</script>",
    "<template>x</template>",
    "\u{0}",
    " \t\n",
    "<img>",
    "<hr>",
    // "in head noscript": the tokens it ignores or hands to "in body".
    "<head><noscript><html a=1>",
    "<head><noscript></br>",
    "<head><noscript><head>",
    "<head><noscript><noscript>",
    "<head><noscript><!DOCTYPE html>",
    // "after head": a processing instruction, a stray </template>.
    "</head><?x y>",
    "</head></template>",
    // "after after frameset": <noframes> and a processing instruction.
    "<frameset></frameset></html><noframes>x</noframes>",
    "<frameset></frameset></html><?x y>",
];
