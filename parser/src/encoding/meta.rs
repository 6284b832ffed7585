//! "Get an encoding" and the algorithm for extracting a character encoding from a
//! `meta` element, which both the prescan and tree construction's `meta` rule use.

use encoding_rs::Encoding;

/// The Encoding Standard's "get an encoding": the encoding a label names, after
/// removing leading and trailing ASCII whitespace and matching ASCII
/// case-insensitively; `None` is the standard's failure.
/// <https://encoding.spec.whatwg.org/#concept-encoding-get>
///
/// A label is a byte string here. The standard's callers pass strings whose code
/// points are these bytes (the prescan's attribute values, an isomorphic decode) or
/// UTF-8 text; either way only ASCII can match a label, and a non-ASCII byte or code
/// point makes the lookup fail alike.
pub(crate) fn get_an_encoding(label: &[u8]) -> Option<&'static Encoding> {
    Encoding::for_label(label)
}

/// The algorithm for extracting a character encoding from a meta element, given the
/// value of its `content` attribute. `None` is the standard's "nothing".
/// <https://html.spec.whatwg.org/#algorithm-for-extracting-a-character-encoding-from-a-meta-element>
///
/// `s` is bytes (the prescan's attribute value) or UTF-8 text; every character this
/// algorithm looks for is ASCII, which UTF-8 never uses inside a longer sequence.
pub(crate) fn extract_a_character_encoding_from_a_meta_element(
    s: &[u8],
) -> Option<&'static Encoding> {
    // Step 1. "Let position be a pointer into s, initially pointing at the start of
    // the string."
    let mut position = 0;
    loop {
        // Step 2. "Loop: Find the first seven characters in s after position that are
        // an ASCII case-insensitive match for the word "charset". If no such match is
        // found, return nothing."
        let found = find_ascii_case_insensitive(&s[position..], b"charset")?;
        position += found + b"charset".len();

        // Step 3. "Skip any ASCII whitespace that immediately follow the word
        // "charset" (there might not be any)."
        position = skip_ascii_whitespace(s, position);

        // Step 4. "If the next character is not a U+003D EQUALS SIGN (=), then move
        // position to point just before that next character, and jump back to the step
        // labeled loop."
        if s.get(position) != Some(&b'=') {
            continue;
        }

        // Step 5. "Skip any ASCII whitespace that immediately follow the equals sign
        // (there might not be any)."
        position = skip_ascii_whitespace(s, position + 1);

        // Step 6. "Process the next character as follows:"
        return match s.get(position) {
            // -> "If it is a U+0022 (") and there is a later U+0022 (") in s"
            // -> "If it is a U+0027 (') and there is a later U+0027 (') in s"
            //    "Return the result of getting an encoding from the substring that is
            //    between this character and the next earliest occurrence of this
            //    character."
            // -> "If it is an unmatched U+0022 (")", "If it is an unmatched U+0027
            //    (')": "Return nothing."
            Some(&quote @ (b'"' | b'\'')) => {
                let rest = &s[position + 1..];
                let length = rest.iter().position(|&c| c == quote)?;
                get_an_encoding(&rest[..length])
            }
            // -> "If there is no next character": "Return nothing."
            None => None,
            // -> "Otherwise": "Return the result of getting an encoding from the
            //    substring that consists of this character up to but not including the
            //    first ASCII whitespace or U+003B SEMICOLON character (;), or the end of
            //    s, whichever comes first."
            Some(_) => {
                let rest = &s[position..];
                let length = rest
                    .iter()
                    .position(|&c| is_ascii_whitespace(c) || c == b';')
                    .unwrap_or(rest.len());
                get_an_encoding(&rest[..length])
            }
        };
    }
}

/// <https://infra.spec.whatwg.org/#ascii-whitespace>: TAB, LF, FF, CR, SPACE.
pub(crate) fn is_ascii_whitespace(c: u8) -> bool {
    matches!(c, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)
}

fn skip_ascii_whitespace(s: &[u8], mut position: usize) -> usize {
    while s.get(position).is_some_and(|&c| is_ascii_whitespace(c)) {
        position += 1;
    }
    position
}

/// The offset of the first ASCII case-insensitive match for `word` (lowercase) in `s`.
fn find_ascii_case_insensitive(s: &[u8], word: &[u8]) -> Option<usize> {
    s.windows(word.len())
        .position(|window| window.eq_ignore_ascii_case(word))
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{EUC_JP, ISO_8859_2, UTF_8, WINDOWS_1252};

    fn extract(s: &str) -> Option<&'static Encoding> {
        extract_a_character_encoding_from_a_meta_element(s.as_bytes())
    }

    #[test]
    fn get_an_encoding_trims_and_ignores_case() {
        assert_eq!(get_an_encoding(b" \tUtF-8\n"), Some(UTF_8));
        assert_eq!(get_an_encoding(b"latin1"), Some(WINDOWS_1252));
        assert_eq!(get_an_encoding(b"iso8859-2"), Some(ISO_8859_2));
        assert_eq!(get_an_encoding(b"bogus"), None);
        assert_eq!(get_an_encoding(b""), None);
    }

    #[test]
    fn the_value_after_charset_equals_is_read_up_to_whitespace_or_semicolon() {
        assert_eq!(extract("text/html; charset=utf-8"), Some(UTF_8));
        assert_eq!(extract("text/html; CHARSET = euc-jp; x=y"), Some(EUC_JP));
        assert_eq!(extract("charset=euc-jp foo"), Some(EUC_JP));
        assert_eq!(
            extract("\ntext/html; charset=iso8859-2\n"),
            Some(ISO_8859_2)
        );
    }

    #[test]
    fn quoted_values_need_their_closing_quote() {
        assert_eq!(extract("text/html; charset='utf-8'"), Some(UTF_8));
        assert_eq!(extract("text/html; charset=\"euc-jp\"; x"), Some(EUC_JP));
        assert_eq!(extract("text/html; charset='utf-8"), None);
        assert_eq!(extract("text/html; charset=\"utf-8"), None);
    }

    #[test]
    fn charset_without_equals_is_passed_over() {
        assert_eq!(extract("charset; charset=utf-8"), Some(UTF_8));
        assert_eq!(extract("xcharsetx charset=utf-8"), Some(UTF_8));
        assert_eq!(extract("text/html"), None);
        assert_eq!(extract("text/html; charset="), None);
        assert_eq!(extract("text/html; charset=   "), None);
        assert_eq!(extract("text/html; charset=bogus"), None);
    }
}
