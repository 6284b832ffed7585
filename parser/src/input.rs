//! The input stream: preprocessing, and positions.
//!
//! <https://html.spec.whatwg.org/#preprocessing-the-input-stream>
//!
//! The tokenizer reads bytes. They are UTF-8 when the input came in as a `&str`, the
//! only way a caller can give it; [`preprocess`] also accepts generalized UTF-8
//! (WTF-8), where a lone surrogate is the 3-byte sequence `ED A0..BF xx`, because the
//! spec's input stream may hold surrogates (they reach it through script APIs) and the
//! html5lib tokenizer tests feed some.
//!
//! Preprocessing does two things the spec asks for:
//! - "normalize newlines": every U+000D CR U+000A LF pair and every lone CR becomes one
//!   LF, so the tokenizer never sees a CR;
//! - the input-stream parse errors: surrogates, noncharacters, and control characters
//!   other than ASCII whitespace and NULL. The spec reports them as the tokenizer meets
//!   them; every input character is met exactly once, so finding them in one pass up
//!   front and ordering all errors by position at the end gives the same list.

use crate::error::{keep_error, ErrorCode};
use std::borrow::Cow;

/// The preprocessed input stream and the errors found in it.
#[derive(Debug)]
pub struct Preprocessed<'a> {
    /// The input with newlines normalized. Borrowed when there was no CR.
    pub bytes: Cow<'a, [u8]>,
    /// `(code, byte offset)` for each surrogate, noncharacter and control character
    /// (the first [`crate::error::MAX_ERRORS`]).
    pub errors: Vec<(ErrorCode, usize)>,
    /// The errors past [`crate::error::MAX_ERRORS`], counted.
    pub errors_omitted: u64,
}

/// Normalizes newlines and finds the input stream's parse errors.
pub fn preprocess(input: &[u8]) -> Preprocessed<'_> {
    preprocess_with_fast_paths(input, cfg!(feature = "fast-paths"))
}

/// [`preprocess`], with the labelled fast path (`fast_path_skip_error_free_bytes`)
/// on or off. Both ways give the same result.
pub fn preprocess_with_fast_paths(input: &[u8], fast_paths: bool) -> Preprocessed<'_> {
    let bytes = normalize_newlines(input);
    let (errors, errors_omitted) = input_stream_errors(&bytes, fast_paths);
    Preprocessed {
        bytes,
        errors,
        errors_omitted,
    }
}

/// "To normalize newlines in a string, replace every U+000D CR U+000A LF code point pair
/// with a single U+000A LF code point, and then replace every remaining U+000D CR code
/// point with a U+000A LF code point."
fn normalize_newlines(input: &[u8]) -> Cow<'_, [u8]> {
    let Some(first_cr) = find_carriage_return(input) else {
        return Cow::Borrowed(input);
    };
    let mut out = Vec::with_capacity(input.len());
    out.extend_from_slice(&input[..first_cr]);
    let mut i = first_cr;
    while i < input.len() {
        let b = input[i];
        if b == b'\r' {
            out.push(b'\n');
            if input.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
        } else {
            out.push(b);
        }
        i += 1;
    }
    Cow::Owned(out)
}

/// The offset of the first U+000D CR.
fn find_carriage_return(input: &[u8]) -> Option<usize> {
    #[cfg(feature = "fast-paths")]
    {
        memchr::memchr(b'\r', input)
    }
    #[cfg(not(feature = "fast-paths"))]
    {
        input.iter().position(|&b| b == b'\r')
    }
}

/// Whether a byte may start a character that is an input stream error: an ASCII
/// control other than whitespace and NULL (U+007F included), or the lead byte of the
/// UTF-8 encodings of C1 controls (`C2`), surrogates (`ED`), noncharacters
/// U+FDD0–U+FDEF and U+FFFE/U+FFFF (`EF`) and the other planes' noncharacters
/// (`F0`–`F4`). Any other byte, continuation bytes included, starts no error.
static MAY_START_AN_ERROR: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = !matches!(b, 0x00 | 0x09 | 0x0A | 0x0C | 0x0D);
        b += 1;
    }
    table[0x7F] = true;
    table[0xC2] = true;
    table[0xED] = true;
    table[0xEF] = true;
    let mut lead = 0xF0;
    while lead <= 0xF4 {
        table[lead] = true;
        lead += 1;
    }
    table
};

/// Fast path for the input stream errors: the length of the run of bytes from `i`
/// that start no error (see [`MAY_START_AN_ERROR`]). The plain path visits every
/// character of such a run and finds no error in it: an ASCII byte there is not a
/// control, and a multi-byte character there starts with another lead byte, which
/// encodes no surrogate, noncharacter or C1 control. Visiting the run's bytes one by
/// one instead of character by character finds nothing either, since continuation
/// bytes start no error. Eight bytes at a time where all eight are printable ASCII
/// (U+0020 to U+007E, none of which starts an error); any other word is looked at byte
/// by byte.
fn fast_path_skip_error_free_bytes(bytes: &[u8], i: usize) -> usize {
    let rest = bytes.get(i..).unwrap_or_default();
    let mut words = rest.chunks_exact(8);
    let mut skipped = 0;
    for word in words.by_ref() {
        let printable = is_printable_ascii(u64::from_le_bytes(word.try_into().unwrap_or([0; 8])));
        if !printable {
            if let Some(at) = word.iter().position(|&b| MAY_START_AN_ERROR[b as usize]) {
                return skipped + at;
            }
        }
        skipped += 8;
    }
    let tail = words.remainder();
    skipped
        + tail
            .iter()
            .position(|&b| MAY_START_AN_ERROR[b as usize])
            .unwrap_or(tail.len())
}

/// A one in every byte of a word, and the high bit of every byte, for the tests that
/// look at eight bytes at a time.
const ONES: u64 = u64::from_le_bytes([0x01; 8]);
const HIGH_BITS: u64 = u64::from_le_bytes([0x80; 8]);

/// Whether all eight bytes of `word` lie in 0x20..=0x7E. The tests are the usual ones
/// for "some byte is below n" (exact as a whole for n up to 0x80, though not byte by
/// byte) applied to the word, to the word plus one in every byte (0x7F becomes 0x80),
/// and to the high bits.
fn is_printable_ascii(word: u64) -> bool {
    let below_space = word.wrapping_sub(ONES * 0x20) & !word & HIGH_BITS;
    // With no byte at 0x80 or above, adding one to each byte carries into no other byte.
    let high_or_delete = (word | word.wrapping_add(ONES)) & HIGH_BITS;
    below_space == 0 && high_or_delete == 0
}

/// The errors of the input stream itself, with the byte offset of each character.
fn input_stream_errors(bytes: &[u8], fast_paths: bool) -> (Vec<(ErrorCode, usize)>, u64) {
    let mut errors = Vec::new();
    let mut omitted = 0;
    let mut i = 0;
    while i < bytes.len() {
        if fast_paths {
            i += fast_path_skip_error_free_bytes(bytes, i);
            if i >= bytes.len() {
                break;
            }
        }
        let b = bytes[i];
        if b < 0x80 {
            // "Any occurrences of control code points other than ASCII whitespace and
            // U+0000 NULL characters are control-character-in-input-stream parse errors."
            let is_control = b < 0x20 || b == 0x7F;
            let is_whitespace_or_null = matches!(b, 0x00 | 0x09 | 0x0A | 0x0C | 0x0D | 0x20);
            if is_control && !is_whitespace_or_null {
                keep_error(
                    &mut errors,
                    &mut omitted,
                    (ErrorCode::ControlCharacterInInputStream, i),
                );
            }
            i += 1;
            continue;
        }
        let (code_point, len) = decode_generalized_utf8(&bytes[i..]);
        if let Some(code) = code_point.and_then(input_stream_error_for) {
            keep_error(&mut errors, &mut omitted, (code, i));
        }
        i += len;
    }
    (errors, omitted)
}

/// The parse error, if any, that a non-ASCII code point in the input stream is.
fn input_stream_error_for(c: u32) -> Option<ErrorCode> {
    if (0xD800..=0xDFFF).contains(&c) {
        // "Any occurrences of surrogates are surrogate-in-input-stream parse errors."
        Some(ErrorCode::SurrogateInInputStream)
    } else if is_noncharacter(c) {
        // "Any occurrences of noncharacters are noncharacter-in-input-stream parse errors."
        Some(ErrorCode::NoncharacterInInputStream)
    } else if (0x80..=0x9F).contains(&c) {
        Some(ErrorCode::ControlCharacterInInputStream)
    } else {
        None
    }
}

/// <https://infra.spec.whatwg.org/#noncharacter>
pub fn is_noncharacter(c: u32) -> bool {
    (0xFDD0..=0xFDEF).contains(&c) || (c & 0xFFFE == 0xFFFE && c <= 0x10FFFF)
}

/// Decodes one code point of generalized UTF-8 (UTF-8 that may also hold surrogates).
/// Returns the code point, or `None` for a malformed sequence, and how many bytes to
/// step over (at least one).
pub fn decode_generalized_utf8(bytes: &[u8]) -> (Option<u32>, usize) {
    let Some(&lead) = bytes.first() else {
        return (None, 1);
    };
    let (len, initial) = match lead {
        0x00..=0x7F => return (Some(lead as u32), 1),
        0xC2..=0xDF => (2, (lead & 0x1F) as u32),
        0xE0..=0xEF => (3, (lead & 0x0F) as u32),
        0xF0..=0xF4 => (4, (lead & 0x07) as u32),
        _ => return (None, 1),
    };
    if bytes.len() < len {
        return (None, 1);
    }
    let mut c = initial;
    for &b in &bytes[1..len] {
        if b & 0xC0 != 0x80 {
            return (None, 1);
        }
        c = (c << 6) | (b & 0x3F) as u32;
    }
    (Some(c), len)
}

/// Encodes a code point as generalized UTF-8, surrogates included.
pub fn encode_generalized_utf8(c: u32, out: &mut Vec<u8>) {
    match c {
        0..=0x7F => out.push(c as u8),
        0x80..=0x7FF => out.extend_from_slice(&[0xC0 | (c >> 6) as u8, 0x80 | (c & 0x3F) as u8]),
        0x800..=0xFFFF => out.extend_from_slice(&[
            0xE0 | (c >> 12) as u8,
            0x80 | ((c >> 6) & 0x3F) as u8,
            0x80 | (c & 0x3F) as u8,
        ]),
        _ => out.extend_from_slice(&[
            0xF0 | (c >> 18) as u8,
            0x80 | ((c >> 12) & 0x3F) as u8,
            0x80 | ((c >> 6) & 0x3F) as u8,
            0x80 | (c & 0x3F) as u8,
        ]),
    }
}

/// Turns byte offsets into 1-based (line, column) pairs, the column counted in UTF-16
/// code units as the html5lib tests count it. `offsets` need not be sorted; the
/// result is in the order given. One pass over the input, plus a sort of the offsets
/// if they are not sorted.
pub fn line_columns(bytes: &[u8], offsets: &[usize]) -> Vec<(u32, u32)> {
    let mut walker = LineColumns::new(bytes);
    if offsets.is_sorted() {
        return offsets.iter().map(|&offset| walker.at(offset)).collect();
    }
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_by_key(|&i| offsets[i]);
    let mut result = vec![(1u32, 1u32); offsets.len()];
    for i in order {
        result[i] = walker.at(offsets[i]);
    }
    result
}

/// A walk forward through UTF-8 `bytes` that gives the 1-based (line, column) of each
/// offset asked for, offsets in nondecreasing order (an earlier offset gets the
/// position reached so far). The column counts UTF-16 code units.
///
/// The walk jumps from line feed to line feed (memchr) and counts columns only
/// between the last position and the offset asked for, on that offset's line: in ASCII
/// input a column is a subtraction.
pub struct LineColumns<'a> {
    bytes: &'a [u8],
    /// The offset the last position was asked for.
    at: usize,
    line: u32,
    column: u32,
    /// Whether `bytes` are all ASCII, so that every byte is one column.
    ascii: bool,
    /// Where the line of `at` starts, and the offset of the first line feed at or after
    /// it once looked for (the input's length if there is none).
    line_start: usize,
    next_line_feed: Option<usize>,
}

impl<'a> LineColumns<'a> {
    pub fn new(bytes: &'a [u8]) -> LineColumns<'a> {
        LineColumns {
            bytes,
            at: 0,
            line: 1,
            column: 1,
            ascii: bytes.is_ascii(),
            line_start: 0,
            next_line_feed: None,
        }
    }

    /// The line and column of `offset` (clamped to the input's length).
    #[inline]
    pub fn at(&mut self, offset: usize) -> (u32, u32) {
        let target = offset.min(self.bytes.len()).max(self.at);
        if self.jump_to_the_line_of(target) {
            self.at = self.line_start;
            self.column = 1;
        }
        let between = self.bytes.get(self.at..target).unwrap_or_default();
        self.column += if self.ascii {
            between.len() as u32
        } else {
            utf16_length(between)
        };
        self.at = target;
        (self.line, self.column)
    }

    /// Moves past every line feed before `target`; whether there was one.
    fn jump_to_the_line_of(&mut self, target: usize) -> bool {
        let mut jumped = false;
        loop {
            let line_feed = match self.next_line_feed {
                Some(line_feed) => line_feed,
                None => {
                    let rest = self.bytes.get(self.line_start..).unwrap_or_default();
                    let found = self.line_start + find_line_feed(rest).unwrap_or(rest.len());
                    self.next_line_feed = Some(found);
                    found
                }
            };
            if line_feed >= target {
                return jumped;
            }
            jumped = true;
            self.line += 1;
            self.line_start = line_feed + 1;
            self.next_line_feed = None;
        }
    }
}

/// The offset of the first U+000A LF.
fn find_line_feed(bytes: &[u8]) -> Option<usize> {
    #[cfg(feature = "fast-paths")]
    {
        memchr::memchr(b'\n', bytes)
    }
    #[cfg(not(feature = "fast-paths"))]
    {
        bytes.iter().position(|&b| b == b'\n')
    }
}

/// The length in UTF-16 code units of UTF-8 `bytes`: one per byte that is not a
/// continuation byte, and one more for each character outside the Basic Multilingual
/// Plane (a lead byte of four). Eight bytes at a time, then byte by byte.
fn utf16_length(bytes: &[u8]) -> u32 {
    let units_of_byte = |b: u8| u32::from(b & 0xC0 != 0x80) + u32::from(b >= 0xF0);
    let mut words = bytes.chunks_exact(8);
    let mut units = 0;
    for word in words.by_ref() {
        let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
        // A byte's high bit in `starts` is set unless the byte is 10xxxxxx; in
        // `astral`, only for 11110xxx and above (its top four bits set).
        let starts = (!word | (word << 1)) & HIGH_BITS;
        let astral = word & (word << 1) & (word << 2) & (word << 3) & HIGH_BITS;
        // Each byte of the sum holds at most 2; multiplying by ONES adds them all into
        // the top byte.
        let per_byte = (starts >> 7) + (astral >> 7);
        units += (per_byte.wrapping_mul(ONES) >> 56) as u32;
    }
    units
        + words
            .remainder()
            .iter()
            .map(|&b| units_of_byte(b))
            .sum::<u32>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newlines_are_normalized() {
        assert_eq!(&*preprocess(b"a\r\nb\rc\n\r\r\n").bytes, b"a\nb\nc\n\n\n");
        assert!(matches!(
            preprocess(b"no carriage return").bytes,
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn input_stream_errors_are_found_with_their_offsets() {
        let input = "a\u{1}b\u{7F}\u{85}\u{FDD0}\u{1FFFE}\t\n\u{0}";
        let errors = preprocess(input.as_bytes()).errors;
        let codes: Vec<_> = errors.iter().map(|e| (e.0.as_str(), e.1)).collect();
        assert_eq!(
            codes,
            [
                ("control-character-in-input-stream", 1),
                ("control-character-in-input-stream", 3),
                ("control-character-in-input-stream", 4),
                ("noncharacter-in-input-stream", 6),
                ("noncharacter-in-input-stream", 9),
            ]
        );
    }

    #[test]
    fn the_fast_path_finds_the_same_errors() {
        let mut inputs: Vec<Vec<u8>> = vec![
            "plain text\r\n with \t tabs \u{e9}\u{1F600}".into(),
            "\u{1}\u{7F}\u{80}\u{9F}\u{A0}\u{FDCF}\u{FDD0}\u{FDEF}\u{FDF0}".into(),
            "\u{FFFD}\u{FFFE}\u{FFFF}\u{1FFFE}\u{10FFFF}\u{E000}\0".into(),
            vec![
                0xC2, 0xED, 0xA0, 0x80, 0xEF, 0xBF, 0xF4, 0x8F, 0xBF, 0xBF, 0xFF, 0x80,
            ],
        ];
        // Every short sequence over bytes that matter, malformed ones included.
        let alphabet = [
            0x00, 0x01, 0x0D, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xB7, 0xBE, 0xBF,
        ];
        let leads = [0xC2, 0xC3, 0xED, 0xEF, 0xF0, 0xF4, 0xE0];
        for &lead in &leads {
            for &a in &alphabet {
                for &b in &alphabet {
                    for &c in &alphabet {
                        inputs.push(vec![lead, a, b, c, lead]);
                    }
                }
            }
        }
        for input in &inputs {
            let fast = preprocess_with_fast_paths(input, true);
            let plain = preprocess_with_fast_paths(input, false);
            assert_eq!(fast.errors, plain.errors, "{input:x?}");
            assert_eq!(fast.bytes, plain.bytes, "{input:x?}");
        }
    }

    #[test]
    fn printable_words_are_told_from_every_other() {
        // Every byte value at every position of a word of printable bytes.
        for background in [0x20u8, 0x41, 0x7E] {
            for position in 0..8 {
                for b in 0..=255u8 {
                    let mut word = [background; 8];
                    word[position] = b;
                    assert_eq!(
                        is_printable_ascii(u64::from_le_bytes(word)),
                        (0x20..=0x7E).contains(&b),
                        "{b:#x} at {position} in {background:#x}"
                    );
                }
            }
        }
        // Two unprintable bytes, where a borrow or carry from one could hide the other.
        for a in [0x00u8, 0x1F, 0x7F, 0x80, 0xFF] {
            for b in [0x00u8, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xFF] {
                let word = [0x41, a, b, 0x41, 0x41, 0x41, 0x41, 0x41];
                assert!(
                    !is_printable_ascii(u64::from_le_bytes(word)),
                    "{a:#x} {b:#x}"
                );
            }
        }
    }

    #[test]
    fn the_fast_path_skips_to_the_same_byte_anywhere_in_a_word() {
        // Every byte value at each offset of a printable stretch a few words long,
        // after whitespace that sends a word to the byte-by-byte look.
        for b in 0..=255u8 {
            for offset in 0..24 {
                let mut input = vec![b'a'; 24];
                input[offset] = b;
                if offset > 3 {
                    input[offset - 3] = b'\n';
                }
                for start in [0, 1, 5] {
                    let expected = input[start..]
                        .iter()
                        .position(|&b| MAY_START_AN_ERROR[b as usize])
                        .unwrap_or(input.len() - start);
                    assert_eq!(
                        fast_path_skip_error_free_bytes(&input, start),
                        expected,
                        "{b:#x} at {offset} from {start}"
                    );
                }
            }
        }
    }

    #[test]
    fn lone_surrogates_in_generalized_utf8_are_errors() {
        let mut bytes = b"x".to_vec();
        encode_generalized_utf8(0xD800, &mut bytes);
        let errors = preprocess(&bytes).errors;
        assert_eq!(errors, [(ErrorCode::SurrogateInInputStream, 1)]);
    }

    #[test]
    fn columns_count_utf16_code_units() {
        let text = "ab\n\u{10000}c\u{e9}d";
        let positions = line_columns(text.as_bytes(), &[text.len(), 0, 3, 7]);
        assert_eq!(positions, [(2, 6), (1, 1), (2, 1), (2, 3)]);
    }

    /// The position of every character boundary, counted one character at a time.
    fn positions_by_characters(text: &str) -> Vec<(usize, (u32, u32))> {
        let (mut line, mut column) = (1u32, 1u32);
        let mut positions = Vec::new();
        for (offset, c) in text.char_indices() {
            positions.push((offset, (line, column)));
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += c.len_utf16() as u32;
            }
        }
        positions.push((text.len(), (line, column)));
        positions
    }

    #[test]
    fn columns_agree_with_counting_characters_on_random_text() {
        let alphabet = [
            'a',
            '\n',
            '\u{1}',
            '\u{e9}',
            '\u{20AC}',
            '\u{1F600}',
            '\u{0}',
            ' ',
        ];
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..500 {
            let mut text = String::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let length = (seed % 40) as usize;
            for _ in 0..length {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Mostly one kind per text, so that whole words without a line feed occur.
                let pick = if seed % 3 == 0 {
                    seed >> 8
                } else {
                    length as u64
                };
                text.push(alphabet[(pick % alphabet.len() as u64) as usize]);
            }
            let expected = positions_by_characters(&text);
            let offsets: Vec<usize> = expected.iter().map(|&(offset, _)| offset).collect();
            let want: Vec<(u32, u32)> = expected.iter().map(|&(_, p)| p).collect();
            assert_eq!(line_columns(text.as_bytes(), &offsets), want, "{text:?}");
            let last = *expected.last().unwrap();
            assert_eq!(
                line_columns(text.as_bytes(), &[last.0]),
                [last.1],
                "{text:?}"
            );
        }
    }

    #[test]
    fn line_feed_jumps_agree_with_counting_characters_on_ascii_text() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % bound
        };
        for _ in 0..500 {
            // Line feeds from none to most of the bytes, lines of every length.
            let density = next(6);
            let length = next(80) as usize;
            let text: String = (0..length)
                .map(|_| if next(8) < density { '\n' } else { 'x' })
                .collect();
            let expected = positions_by_characters(&text);
            let offsets: Vec<usize> = expected.iter().map(|&(offset, _)| offset).collect();
            let want: Vec<(u32, u32)> = expected.iter().map(|&(_, p)| p).collect();
            assert_eq!(line_columns(text.as_bytes(), &offsets), want, "{text:?}");
            // Some offsets only, and past the end (clamped).
            let some: Vec<usize> = offsets.iter().copied().filter(|_| next(3) == 0).collect();
            let want_some: Vec<(u32, u32)> = some
                .iter()
                .map(|&o| want[offsets.iter().position(|&x| x == o).unwrap()])
                .collect();
            assert_eq!(line_columns(text.as_bytes(), &some), want_some, "{text:?}");
            assert_eq!(
                line_columns(text.as_bytes(), &[length + 5]),
                [*want.last().unwrap()],
                "{text:?}"
            );
        }
    }

    #[test]
    fn utf16_lengths_count_every_lead_byte() {
        // Every byte value at every position of a word, and as the remainder.
        for b in 0..=255u8 {
            for position in 0..9 {
                let mut bytes = vec![b'a'; 9];
                bytes[position] = b;
                let by_byte: u32 = bytes
                    .iter()
                    .map(|&b| u32::from(b & 0xC0 != 0x80) + u32::from(b >= 0xF0))
                    .sum();
                assert_eq!(utf16_length(&bytes), by_byte, "{b:#x} at {position}");
            }
        }
        assert_eq!(utf16_length("\u{1F600}\u{1F600}é€ab".as_bytes()), 8);
    }

    #[test]
    fn segment_counting_agrees_with_counting_characters() {
        let text = "a\n\n\u{e9}\u{10348}b\n\u{20AC}x\ny\u{10000}\n\n";
        let expected = positions_by_characters(text);
        let offsets: Vec<usize> = expected.iter().map(|&(offset, _)| offset).collect();
        let want: Vec<(u32, u32)> = expected.iter().map(|&(_, p)| p).collect();
        assert_eq!(line_columns(text.as_bytes(), &offsets), want);
        let reversed: Vec<usize> = offsets.iter().rev().copied().collect();
        let want_reversed: Vec<(u32, u32)> = want.iter().rev().copied().collect();
        assert_eq!(line_columns(text.as_bytes(), &reversed), want_reversed);
        let repeated: Vec<usize> = offsets.iter().flat_map(|&o| [o, o]).collect();
        let want_repeated: Vec<(u32, u32)> = want.iter().flat_map(|&p| [p, p]).collect();
        assert_eq!(line_columns(text.as_bytes(), &repeated), want_repeated);
    }
}
