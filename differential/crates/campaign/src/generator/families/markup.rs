//! Comments, DOCTYPEs and processing instructions.

use crate::generator::soup::Soup;

/// Where a markup declaration can sit: before `<html>`, in head, in body, in a table,
/// in select, in foreign content, after body, after `</html>`.
const PLACES: &[&str] = &[
    "",
    "",
    "",
    "<html>",
    "<head>",
    "<body>",
    "<table>",
    "<table><tr>",
    "<select>",
    "<svg>",
    "<math><mi>",
    "</body>",
    "</html>",
    "<frameset>",
    "<textarea>",
    "<colgroup>",
];

/// The comment start, comment start dash, comment, comment less-than sign (nested
/// `<!--`), comment end dash, comment end and comment end bang states, and the bogus
/// comment state reached from `<!x>`, `</ x>` and `<?` (the markup declaration open and
/// end tag open states); <https://html.spec.whatwg.org/#comment-start-state>.
pub(crate) fn comment(s: &mut Soup) {
    s.one_of(PLACES);
    for _ in 0..1 + s.below(3) {
        if s.chance(0.7) {
            s.one_of(&["<!--", "<!--", "<!--", "<!-", "<!---", "<!----"]);
            s.one_of(COMMENT_BODIES);
            s.one_of(&[
                "-->", "-->", "-->", "--!>", "->", "--->", "---->", "--!", "-- >", "",
            ]);
        } else {
            s.one_of(BOGUS);
        }
        if s.chance(0.4) {
            s.text();
        }
    }
}

const COMMENT_BODIES: &[&str] = &[
    "", "x", " x ", ">", "->", "-", "--", "a--b", "<!--", "<!-", "<!", "<!--x", "--!", "--!x",
    "\u{0}", "x\r\ny", "<b>", "&amp;", "<!--<!--",
];

/// Comments that are not comments.
const BOGUS: &[&str] = &[
    "<!-->",
    "<!--->",
    "<!---->",
    "<!x>",
    "<!>",
    "<! x>",
    "<!-x>",
    "<!DOCTYPEX>",
    "</ x>",
    "</>",
    "</3>",
    "</\u{0}>",
    "</-x>",
    "<!x",
    "</ x",
    "<!--!>",
    "<!-- --!-->",
    "<!--<!-->",
];

/// The DOCTYPE states (name, PUBLIC and SYSTEM keywords and identifiers, bogus DOCTYPE)
/// and the initial insertion mode, which picks quirks mode from the name and the
/// public and system identifiers (<https://html.spec.whatwg.org/#the-initial-insertion-mode>);
/// then content whose tree depends on it (`<p><table>`), or a late DOCTYPE.
pub(crate) fn doctype(s: &mut Soup) {
    if s.chance(0.15) {
        // A late DOCTYPE, ignored with a parse error.
        s.one_of(&[
            "<p>", "<html>", "<head>", "x", "<!--c-->", "<table>", "<svg>",
        ]);
    }
    s.push("<!");
    s.name("DOCTYPE");
    s.one_of(&[" ", " ", "", "  ", "\n", "\t"]);
    s.one_of(&[
        "html",
        "html",
        "HTML",
        "",
        "htm",
        "html5",
        "svg",
        "\u{0}html",
        "html\u{0}",
    ]);
    match s.below(6) {
        0 | 1 => {}
        2 | 3 => {
            s.one_of(&[" PUBLIC ", " public ", " PUBLIC", " PUBLIC\t", " PUBLICx "]);
            identifier(s, PUBLIC_IDS);
            if s.chance(0.5) {
                s.one_of(&[" ", "", "\n"]);
                identifier(s, SYSTEM_IDS);
            }
        }
        4 => {
            s.one_of(&[" SYSTEM ", " system ", " SYSTEM"]);
            identifier(s, SYSTEM_IDS);
        }
        _ => s.one_of(&[
            " foo",
            " PUBLIC",
            " SYSTEM",
            " PUBLIC >",
            " \"x\"",
            " x y z",
        ]),
    }
    s.one_of(&[">", ">", ">", " >", "", "x>"]);
    if s.chance(0.6) {
        s.one_of(&[
            "<p><table>",
            "<p>x<table><tr><td>y",
            "<table><p>",
            "<!DOCTYPE html>",
            "<html><head>",
            "<body>",
            "x",
        ]);
    }
}

/// A quoted identifier: double or single quotes, or none, or cut by `>`; a quoted
/// one sometimes holds a U+0000 NULL (the identifier states' NULL arms).
fn identifier(s: &mut Soup, ids: &[&str]) {
    let id = s.pick(ids);
    let null = if s.chance(0.15) { "\u{0}" } else { "" };
    match s.below(6) {
        0..=2 => {
            s.push("\"");
            s.push(null);
            s.push(id);
            s.push("\"");
        }
        3 => {
            s.push("'");
            s.push(id);
            s.push(null);
            s.push("'");
        }
        4 => s.push(id),
        _ => {
            s.push("\"");
            s.push(id);
            s.push(">");
        }
    }
}

/// Public identifiers: quirks ones (exact and by prefix), the two that are quirks
/// without a system identifier and limited-quirks with one, limited-quirks ones, and
/// ordinary ones.
const PUBLIC_IDS: &[&str] = &[
    "-//W3C//DTD HTML 4.01 Transitional//EN",
    "-//W3C//DTD HTML 4.01 Frameset//EN",
    "-//w3c//dtd html 4.01 transitional//en",
    "-//W3C//DTD XHTML 1.0 Transitional//EN",
    "-//W3C//DTD XHTML 1.0 Frameset//EN",
    "-//W3O//DTD W3 HTML Strict 3.0//EN//",
    "-/W3C/DTD HTML 4.0 Transitional/EN",
    "HTML",
    "html",
    "+//Silmaril//dtd html Pro v0r11 19970101//",
    "-//IETF//DTD HTML//",
    "-//IETF//DTD HTML 2.0//EN",
    "-//W3C//DTD HTML 3.2//EN",
    "-//W3C//DTD HTML 4.01//EN",
    "-//W3C//DTD XHTML 1.0 Strict//EN",
    "",
    "x",
];

const SYSTEM_IDS: &[&str] = &[
    "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd",
    "http://www.w3.org/TR/html4/loose.dtd",
    "about:legacy-compat",
    "",
    "x",
];

/// The processing instruction states of this version of the standard: `<?target
/// data?>` becomes a ProcessingInstruction unless the target is invalid (it must start
/// with an ASCII alpha or `_` and go on with alphanumerics, `-` or `_`) or is `xml` /
/// `xml-stylesheet` ("disallowed-processing-instruction-target"), which stay bogus
/// comments; and "insert a processing instruction" in head, tables, after body and in
/// foreign content.
pub(crate) fn processing_instruction(s: &mut Soup) {
    s.one_of(PLACES);
    for _ in 0..1 + s.below(3) {
        s.push("<?");
        s.one_of(PI_TARGETS);
        match s.below(4) {
            0 => {}
            1 => s.one_of(&[
                " data", " a b", " x=\"1\"", "\tdata", "\ndata", " ", "  d  ",
            ]),
            2 => s.one_of(&[" ?", " ??", "?d", " d?e", " <b>", " \u{0}", " -->"]),
            _ => s.one_of(&[" version=\"1.0\"", " href=\"a.css\" type=\"text/css\""]),
        }
        s.one_of(&["?>", "?>", ">", "??>", " ?>", "", "? >", "?"]);
        if s.chance(0.4) {
            s.text();
        }
    }
}

/// Targets: valid, disallowed (`xml`, `xml-stylesheet` in any case) and invalid.
const PI_TARGETS: &[&str] = &[
    "target",
    "t",
    "_t",
    "t-1",
    "t_x",
    "T",
    "xml",
    "XML",
    "xml-stylesheet",
    "Xml-Stylesheet",
    "xmlx",
    "xml-",
    "php",
    "1x",
    "a.b",
    "a:b",
    "",
    "-x",
    ".",
    "t\u{0}",
    "t?",
    "\u{e9}",
    "t\u{e9}",
];
