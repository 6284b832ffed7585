//! EOF inside every construct.

use super::soup::{floor_boundary, Soup};

/// Characters after which a construct is open: a tag, an end tag, an attribute value,
/// a comment, a DOCTYPE, a character reference, a processing instruction, a CDATA
/// section, or the end-tag machinery of raw text (`E` and `T` land inside the
/// `DOCTYPE` and `CDATA` keywords).
fn opens_construct(c: char) -> bool {
    matches!(
        c,
        '<' | '&' | '=' | '"' | '\'' | '!' | '-' | '?' | '[' | '/' | '#' | ' ' | 'E' | 'T'
    )
}

/// Cuts the case at a character boundary strictly inside it, so that the tokenizer
/// meets EOF in whatever state it is in there: 70% of the time shortly after a
/// character that opens a construct (so inside a tag, an attribute value, a comment, a
/// DOCTYPE, a character reference, a processing instruction or a raw-text end tag),
/// otherwise anywhere.
pub(crate) fn cut_at_eof(s: &mut Soup) {
    let len = s.out.len();
    if len < 2 {
        return;
    }
    let candidates = s
        .out
        .char_indices()
        .filter(|&(_, c)| opens_construct(c))
        .count();
    let mut at = if candidates > 0 && s.chance(0.7) {
        let k = s.below(candidates);
        let (i, c) = s
            .out
            .char_indices()
            .filter(|&(_, c)| opens_construct(c))
            .nth(k)
            .expect("k is below the number of candidates");
        let skip = s.below(4);
        floor_boundary(&s.out, i + c.len_utf8() + skip)
    } else {
        let at = 1 + s.below(len - 1);
        floor_boundary(&s.out, at)
    };
    if at >= len {
        // Keep the cut strictly inside: drop at least the last character.
        at = floor_boundary(&s.out, len - 1);
    }
    if at == 0 {
        at = s.out.chars().next().map_or(0, char::len_utf8);
    }
    s.out.truncate(at);
}
