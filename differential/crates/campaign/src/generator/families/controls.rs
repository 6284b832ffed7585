//! U+0000, CR and other control characters.

use crate::generator::soup::Soup;

/// Preprocessing the input stream (<https://html.spec.whatwg.org/#preprocessing-the-input-stream>:
/// CR and CRLF become LF; controls and noncharacters are parse errors but stay), and
/// U+0000 in every tokenizer state that handles it differently: data (emitted, then
/// dropped in body or kept as U+FFFD in foreign content and table text), tag and
/// attribute names and values, comments, DOCTYPE names, RCDATA, RAWTEXT, script data,
/// PLAINTEXT and CDATA. Also a BOM at the start, and the newline after `<pre>` and
/// `<textarea>` written as CR or CRLF.
pub(crate) fn controls(s: &mut Soup) {
    if s.chance(0.1) {
        s.ch('\u{feff}');
    }
    for _ in 0..1 + s.below(4) {
        match s.below(12) {
            0 => {
                s.text();
                s.ch('\u{0}');
                s.text();
            }
            1 => s.one_of(&[
                "<di\u{0}v>",
                "<\u{0}p>",
                "<p\u{0}>",
                "</p\u{0}>",
                "<svg\u{0}>",
            ]),
            2 => s.one_of(&[
                "<p \u{0}=x>",
                "<p a\u{0}b=1>",
                "<p a=\u{0}>",
                "<p a='\u{0}'>",
            ]),
            3 => s.one_of(&[
                "<!--\u{0}-->",
                "<!-\u{0}->",
                "<!DOCTYPE \u{0}>",
                "<?t \u{0}?>",
            ]),
            4 => {
                let element = s.pick(&["script", "style", "textarea", "title", "xmp", "plaintext"]);
                s.open(element);
                s.one_of(&["\u{0}", "a\u{0}b", "\r\n\u{0}", "<!--\u{0}"]);
                s.close(element);
            }
            5 => s.one_of(&[
                "<svg>\u{0}x</svg>",
                "<math><mi>\u{0}",
                "<svg><![CDATA[\u{0}]]>",
            ]),
            6 => s.one_of(&[
                "<table>\u{0}x",
                "<table> \u{0} <tr>",
                "<select>\u{0}<option>\u{0}",
            ]),
            7 => s.one_of(&["\r", "\r\n", "\r\r\n", "\n\r", "a\rb", "\r\r", "x\r"]),
            8 => s.one_of(&[
                "<pre>\r\nx</pre>",
                "<textarea>\rx</textarea>",
                "<p a='1\r\n2'>",
            ]),
            9 => {
                for _ in 0..1 + s.below(4) {
                    s.odd_char();
                }
            }
            10 => {
                // A control character inside a tag name or attribute name.
                s.push("<");
                s.one_of(&["p", "div", "b", "x"]);
                s.odd_char();
                if s.chance(0.5) {
                    s.push(" a");
                    s.odd_char();
                    s.push("=1");
                }
                s.push(">");
            }
            _ => s.nested(),
        }
    }
    if s.chance(0.15) {
        s.one_of(&["\r", "\u{0}", "\r\n"]);
    }
}
