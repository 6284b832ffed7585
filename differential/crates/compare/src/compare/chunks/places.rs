//! Where a split point falls, in the standard's terms, found by a cheap byte scan.
//!
//! The scan is not the tokenizer: it reads `<`, `&`, quotes and `>` the way the data,
//! tag and attribute states mostly do, skips the text of raw-text elements to their
//! end tag, and is wrong on purpose where being right would need the tree builder
//! (a `<b` inside `<svg><style>` is text to it). A place only labels a split point and
//! says where to cut; nothing depends on its being exact.

/// The place of a split point: what the bytes on either side of it belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    /// Just before a U+FEFF ZERO WIDTH NO-BREAK SPACE, inside its UTF-8 sequence, or
    /// inside the sequence of the character before it: where a piece may start with a
    /// U+FEFF once decoded (a decoder hands on a character completed across pieces
    /// apart from what follows it). A byte order mark only at the stream's start.
    AtFeff,
    /// Between two continuation bytes or a lead byte and its continuation.
    Utf8Sequence,
    /// Between the CR and the LF of a CR LF pair (the stream's "normalize newlines").
    CrLf,
    /// After a CR that no LF follows.
    AfterCr,
    /// Inside `&…;`, `&#…;`, `&#x…;` (the character reference states).
    CharacterReference,
    /// Inside the `<!DOCTYPE` keyword.
    Doctype,
    /// Inside a comment, `<!--` and `-->` included.
    Comment,
    /// Inside `</script` after script data.
    ScriptEndTag,
    /// Inside the end tag of another raw-text or RCDATA element (`</style`,
    /// `</title`, …).
    RawTextEndTag,
    /// Inside `<name` or `</name` (the tag open and tag name states).
    TagName,
    /// Inside an attribute value, its quotes included.
    AttributeValue,
    /// Elsewhere inside a tag or a markup declaration.
    Tag,
    /// Between two characters of text.
    Text,
}

impl Place {
    /// The place in words, as signatures say it: `split inside a character
    /// reference` reads `inside a character reference`.
    pub fn as_str(self) -> &'static str {
        match self {
            Place::AtFeff => "at a U+FEFF",
            Place::Utf8Sequence => "inside a UTF-8 sequence",
            Place::CrLf => "between CR and LF",
            Place::AfterCr => "after a CR",
            Place::CharacterReference => "inside a character reference",
            Place::Doctype => "inside <!DOCTYPE",
            Place::Comment => "inside a comment",
            Place::ScriptEndTag => "inside </script",
            Place::RawTextEndTag => "inside a raw-text end tag",
            Place::TagName => "inside a tag name",
            Place::AttributeValue => "inside an attribute value",
            Place::Tag => "inside a tag",
            Place::Text => "in text",
        }
    }
}

/// Elements whose text runs to their end tag with no markup in it (raw text, RCDATA,
/// script data, and noscript, iframe, noembed, noframes, xmp as the tree builder
/// switches them; plaintext never ends).
const RAW_TEXT: [&[u8]; 10] = [
    b"script",
    b"style",
    b"title",
    b"textarea",
    b"xmp",
    b"iframe",
    b"noembed",
    b"noframes",
    b"noscript",
    b"plaintext",
];

/// The place of every split point of `input`: entry `k` for a cut between bytes
/// `k - 1` and `k` (entries 0 and `len` are the ends, [`Place::Text`]).
pub fn places(input: &[u8]) -> Vec<Place> {
    let n = input.len();
    let mut place = vec![Place::Text; n + 1];
    let mut mark = |from: usize, to: usize, what: Place, place: &mut Vec<Place>| {
        for p in place.iter_mut().take(to.min(n)).skip(from) {
            *p = what;
        }
    };
    let mut i = 0;
    while i < n {
        match input[i] {
            b'<' => i = tag(input, i, &mut place, &mut mark),
            b'&' => i = character_reference(input, i, &mut place, &mut mark),
            _ => i += 1,
        }
    }
    // The stream's own places come last: they are what a split inside them cuts first.
    for k in 1..n {
        if input[k - 1] == b'\r' {
            place[k] = if input[k] == b'\n' {
                Place::CrLf
            } else {
                Place::AfterCr
            };
        }
        if input[k] & 0xC0 == 0x80 {
            place[k] = Place::Utf8Sequence;
        }
    }
    for at in feff_sequences(input) {
        // The continuation bytes of the character before it, if any: a cut before
        // one of them is inside that character's sequence.
        let mut from = at;
        while from > 0 && input[from - 1] & 0xC0 == 0x80 {
            from -= 1;
        }
        let (from, to) = (from.max(1), (at + 3).min(n));
        place[from..to].fill(Place::AtFeff);
    }
    place
}

/// The offsets of U+FEFF's UTF-8 sequence, `EF BB BF`.
fn feff_sequences(input: &[u8]) -> impl Iterator<Item = usize> + '_ {
    input
        .windows(3)
        .enumerate()
        .filter(|(_, w)| *w == [0xEF, 0xBB, 0xBF])
        .map(|(at, _)| at)
}

type Mark<'m> = dyn FnMut(usize, usize, Place, &mut Vec<Place>) + 'm;

/// Marks a character reference at `at` (an `&`); the index after it.
fn character_reference(input: &[u8], at: usize, place: &mut Vec<Place>, mark: &mut Mark) -> usize {
    let mut end = at + 1;
    if input.get(end) == Some(&b'#') {
        end += 1;
        if matches!(input.get(end), Some(b'x' | b'X')) {
            end += 1;
        }
    }
    while input.get(end).is_some_and(u8::is_ascii_alphanumeric) {
        end += 1;
    }
    if input.get(end) == Some(&b';') {
        end += 1;
    }
    if end > at + 1 {
        mark(at + 1, end, Place::CharacterReference, place);
    }
    end
}

fn starts_with_ignoring_case(input: &[u8], at: usize, prefix: &[u8]) -> bool {
    input
        .get(at..at + prefix.len())
        .is_some_and(|s| s.eq_ignore_ascii_case(prefix))
}

fn find(input: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    input
        .get(from..)?
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
        .map(|p| from + p)
}

/// Marks the markup that starts at `at` (a `<`); the index to go on from.
fn tag(input: &[u8], at: usize, place: &mut Vec<Place>, mark: &mut Mark) -> usize {
    let n = input.len();
    let next = input.get(at + 1).copied();
    if starts_with_ignoring_case(input, at, b"<!--") {
        let end = find(input, at + 4, b"-->").map_or(n, |e| e + 3);
        mark(at + 1, end, Place::Comment, place);
        return end;
    }
    if starts_with_ignoring_case(input, at, b"<!doctype") {
        mark(at + 1, at + 9, Place::Doctype, place);
        let end = find(input, at + 9, b">").map_or(n, |e| e + 1);
        mark(at + 9, end, Place::Tag, place);
        return end;
    }
    let end_tag = next == Some(b'/');
    let name_start = at + 1 + usize::from(end_tag);
    if !input.get(name_start).is_some_and(u8::is_ascii_alphabetic) {
        if matches!(next, Some(b'!' | b'?')) {
            let end = find(input, at + 2, b">").map_or(n, |e| e + 1);
            mark(at + 1, end, Place::Tag, place);
            return end;
        }
        return at + 1;
    }
    let name_end = name_start
        + input[name_start..]
            .iter()
            .take_while(|b| !matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'/' | b'>'))
            .count();
    let name = &input[name_start..name_end];
    let raw = RAW_TEXT.iter().find(|r| name.eq_ignore_ascii_case(r));
    let name_place = match (end_tag, raw) {
        (true, Some(r)) if *r == b"script" => Place::ScriptEndTag,
        (true, Some(_)) => Place::RawTextEndTag,
        _ => Place::TagName,
    };
    mark(at + 1, name_end, name_place, place);
    let end = attributes(input, name_end, place, mark);
    for p in place.iter_mut().take(end).skip(name_end) {
        if *p == Place::Text {
            *p = Place::Tag;
        }
    }
    match raw {
        Some(r) if !end_tag && *r == b"plaintext" => n,
        Some(r) if !end_tag => {
            let mut closing = b"</".to_vec();
            closing.extend_from_slice(r);
            find(input, end, &closing).unwrap_or(n)
        }
        _ => end,
    }
}

/// Marks the attribute values of a tag whose name ends at `from`; the index after
/// its `>` (or the end). Offsets it leaves alone are marked [`Place::Tag`] after.
fn attributes(input: &[u8], from: usize, place: &mut Vec<Place>, mark: &mut Mark) -> usize {
    let n = input.len();
    let mut i = from;
    while i < n {
        match input[i] {
            b'>' => return i + 1,
            b'=' => {
                let mut v = i + 1;
                while v < n && input[v].is_ascii_whitespace() {
                    v += 1;
                }
                let end = match input.get(v) {
                    Some(&q @ (b'"' | b'\'')) => input[v + 1..]
                        .iter()
                        .position(|&b| b == q)
                        .map_or(n, |p| v + 1 + p + 1),
                    _ => {
                        v + input[v..]
                            .iter()
                            .take_while(|b| !b.is_ascii_whitespace() && **b != b'>')
                            .count()
                    }
                };
                mark(v + 1, end, Place::AttributeValue, place);
                // References inside the value are references first.
                let mut j = v;
                while j < end {
                    j = if input[j] == b'&' {
                        character_reference(input, j, place, mark).min(end)
                    } else {
                        j + 1
                    };
                }
                // Keep the marks: the caller marks only what is still text.
                i = end.max(i + 1);
            }
            _ => i += 1,
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The place of each split point of `input`, as `k:place` for places other than
    /// text.
    fn marked(input: &str) -> Vec<(usize, Place)> {
        places(input.as_bytes())
            .into_iter()
            .enumerate()
            .filter(|(_, p)| *p != Place::Text)
            .collect()
    }

    #[test]
    fn references_newlines_and_sequences() {
        use Place::*;
        assert_eq!(
            marked("a&amp;b\r\nc\rdé"),
            [
                (2, CharacterReference),
                (3, CharacterReference),
                (4, CharacterReference),
                (5, CharacterReference),
                (8, CrLf),
                (11, AfterCr),
                (13, Utf8Sequence),
            ]
        );
    }

    #[test]
    fn a_piece_that_would_start_with_u_feff() {
        use Place::*;
        assert_eq!(
            marked("a\u{FEFF}é"),
            [(1, AtFeff), (2, AtFeff), (3, AtFeff), (5, Utf8Sequence)]
        );
        // Inside the sequence before it: the decoder hands on 'é' alone.
        assert_eq!(marked("é\u{FEFF}")[..2], [(1, AtFeff), (2, AtFeff)]);
    }

    #[test]
    fn tags_attributes_comments_and_doctypes() {
        use Place::*;
        let p = places(b"<!DOCTYPE x><p a='1&lt;'><!--c--></p>");
        assert_eq!(p[1..9], [Doctype; 8]);
        assert_eq!(p[9..12], [Tag; 3]);
        assert_eq!(p[12], Text);
        assert_eq!(p[13], TagName);
        assert_eq!(p[14..18], [Tag; 4]);
        assert_eq!(p[18..20], [AttributeValue; 2]);
        assert_eq!(p[20..23], [CharacterReference; 3]);
        assert_eq!(p[23], AttributeValue);
        assert_eq!(p[24], Tag);
        assert_eq!(p[25], Text);
        assert_eq!(p[26..33], [Comment; 7]);
        assert_eq!(p[33], Text);
        assert_eq!(p[34..36], [TagName; 2]);
        assert_eq!(p[36], Tag);
    }

    #[test]
    fn script_text_runs_to_its_end_tag() {
        use Place::*;
        let p = places(b"<script><b>&amp;</script>");
        assert_eq!(p[9..17], [Text; 8]);
        assert_eq!(p[17..24], [ScriptEndTag; 7]);
        let p = places(b"<title>x</title>");
        assert_eq!(p[9..15], [RawTextEndTag; 6]);
    }
}
