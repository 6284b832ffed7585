//! Text shown to people: invisible characters made visible, long text cut.

use std::borrow::Cow;

/// Whether a character is shown as `\u{..}` rather than as itself: NUL and the other
/// C0 controls except tab and line feed (so carriage returns show), DEL, the C1
/// controls, the noncharacters U+FFFE and U+FFFF, the byte order mark, and the
/// bidirectional and line-separator controls that would reorder or break the text
/// around them. Everything XML 1.0 forbids is among them.
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\0'..='\u{8}' | '\u{b}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{200e}' | '\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        | '\u{feff}' | '\u{fffe}' | '\u{ffff}')
}

/// The visible form of an invisible character: `\u{0}`, `\u{1b}`, `\u{d}`.
pub fn escape_char(c: char) -> String {
    format!("\\u{{{:x}}}", c as u32)
}

/// `text` with every [`is_invisible`] character written as `\u{..}`; line feeds and
/// tabs stay. (A literal backslash stays too: `\u{0}` in an input and a NUL look
/// alike here; findings.json tells them apart.)
pub fn visible(text: &str) -> Cow<'_, str> {
    visible_where(text, is_invisible)
}

/// Like [`visible`], and line feeds and tabs too: for text that must stay on one line.
pub fn visible_one_line(text: &str) -> Cow<'_, str> {
    visible_where(text, |c| c == '\n' || c == '\t' || is_invisible(c))
}

fn visible_where(text: &str, shown_escaped: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(&shown_escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if shown_escaped(c) {
            out.push_str(&escape_char(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The first `max_bytes` of `text` (cut at a character boundary) and how many bytes
/// were left out.
pub fn cut(text: &str, max_bytes: usize) -> (&str, usize) {
    if text.len() <= max_bytes {
        return (text, 0);
    }
    let mut end = max_bytes;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    (&text[..end], text.len() - end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_characters_become_escapes() {
        assert_eq!(visible("a\0b\r\n\tc\u{1b}"), "a\\u{0}b\\u{d}\n\tc\\u{1b}");
        assert_eq!(visible_one_line("a\nb\tc"), "a\\u{a}b\\u{9}c");
        assert_eq!(visible("\u{202e}x\u{ffff}"), "\\u{202e}x\\u{ffff}");
        assert!(matches!(visible("plain <b>"), Cow::Borrowed(_)));
    }

    #[test]
    fn cuts_fall_on_character_boundaries() {
        assert_eq!(cut("héllo", 2), ("h", 5));
        assert_eq!(cut("abc", 10), ("abc", 0));
    }
}
