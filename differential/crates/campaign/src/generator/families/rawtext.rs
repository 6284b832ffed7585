//! Raw text, RCDATA, script data and PLAINTEXT.

use crate::generator::soup::Soup;

/// Elements whose contents the tokenizer reads in another state: RCDATA (`title`,
/// `textarea`), RAWTEXT (`style`, `xmp`, `iframe`, `noembed`, `noframes`, `noscript`
/// with scripting on), script data (`script`) and PLAINTEXT.
const RAW_ELEMENTS: &[&str] = &[
    "script",
    "style",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "noscript",
    "textarea",
    "title",
    "script",
    "title",
    "plaintext",
];

/// The RCDATA, RAWTEXT, script data and PLAINTEXT states with their "less-than sign",
/// "end tag open" and "end tag name" states, which end the text only on an
/// "appropriate end tag token" (<https://html.spec.whatwg.org/#appropriate-end-tag-token>):
/// near misses like `</scriptx>`, `</ScRiPt >`, `</script/`, an end tag cut by EOF,
/// markup and character references inside (decoded only in RCDATA), and the leading
/// newline that `textarea`, `pre` and `listing` drop.
pub(crate) fn raw_text(s: &mut Soup) {
    let element = s.pick(RAW_ELEMENTS);
    if element == "title" && s.chance(0.3) {
        s.push("<svg>");
    }
    s.open(element);
    if s.chance(0.15) {
        s.one_of(&["\n", "\r\n", "\r", "\n\n"]);
    }
    for _ in 0..1 + s.below(3) {
        match s.below(6) {
            0 | 1 => s.text(),
            2 => near_miss_end_tag(s, element),
            3 => s.one_of(&[
                "<b>x</b>", "<!--x-->", "&amp;", "&lt;/", "&#65;", "<", "</", "<p",
            ]),
            4 => s.one_of(&[
                "</>",
                "</ >",
                "<\u{0}",
                "\u{0}",
                "</b>",
                "<![CDATA[x]]>",
                "<?x?>",
            ]),
            _ => {
                // The end tag of another raw element.
                let other = s.pick(RAW_ELEMENTS);
                s.close(other);
            }
        }
    }
    match s.below(10) {
        0..=6 => {
            s.push("</");
            s.name(element);
            s.push(">");
        }
        7 => {
            s.push("</");
            s.name(element);
        }
        8 => near_miss_end_tag(s, element),
        _ => {}
    }
    if s.chance(0.2) {
        s.one_of(&["<pre>\nx</pre>", "<listing>\r\nx</listing>", "<pre>\n\nx"]);
    }
    if s.chance(0.3) {
        s.text();
    }
}

/// An end tag that is nearly the appropriate one.
fn near_miss_end_tag(s: &mut Soup, element: &str) {
    s.push("</");
    match s.below(7) {
        0 => {
            s.name(element);
            s.one_of(&["x", "-", "1", "\u{0}", ":"]);
            s.push(">");
        }
        1 => {
            s.name(element);
            s.one_of(&[" >", "\t>", "\n>", "/>", "/", " x=1>", " /", "\u{c}>"]);
        }
        2 => {
            // Letters cut short: `</scrip>`.
            let cut = element.len().saturating_sub(1).max(1);
            s.name(&element[..cut]);
            s.push(">");
        }
        3 => {
            s.push(" ");
            s.name(element);
            s.push(">");
        }
        4 => {
            let upper = element.to_ascii_uppercase();
            s.push(&upper);
            s.push(">");
        }
        5 => {
            s.name(element);
            s.ch('\u{0}');
            s.push(">");
        }
        _ => {
            s.name(element);
        }
    }
}

/// The script data escaped, escaped dash, escaped less-than sign, double escape start,
/// double escaped and double escape end states
/// (<https://html.spec.whatwg.org/#script-data-escaped-state>): `<!--` inside a
/// script, `<script>` inside that (double escaping), `-->` and `</script>` at every
/// step, in HTML and in SVG.
pub(crate) fn script_escapes(s: &mut Soup) {
    if s.chance(0.1) {
        s.push("<svg>");
    }
    s.open("script");
    for _ in 0..1 + s.below(6) {
        s.one_of(SCRIPT_PIECES);
    }
    match s.below(5) {
        0..=2 => s.push("</script>"),
        3 => s.one_of(&["</script", "</SCRIPT ", "</script/", "-->"]),
        _ => {}
    }
    if s.chance(0.3) {
        s.text();
    }
}

const SCRIPT_PIECES: &[&str] = &[
    "<!--",
    "<!--",
    "<!--<script>",
    "<script>",
    "<SCRIPT ",
    "<script/",
    "<scriptx>",
    "</script>",
    "</script ",
    "</scriptx>",
    "-->",
    "--->",
    "-",
    "--",
    "<!---->",
    "<!--->",
    "x",
    " ",
    "\u{0}",
    "-\u{0}",
    "<",
    "</",
    "<!",
    "<!-",
    "a<b",
    "<script>\n",
    "</script\t",
    "-- >",
    "--!>",
];
