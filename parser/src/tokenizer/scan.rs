//! Finding where a run of "anything else" characters ends, for the `fast_path_*`
//! functions: with the `fast-paths` feature through the `memchr` crate (vectorized
//! searches for one to three bytes), and otherwise with plain loops, so that
//! [`super::Tokenizer::set_fast_paths`] works in either build and the two ways give
//! the same lengths (unit tests below).

/// A set of bytes, for runs that end at any of more than three bytes: a table, and
/// the bytes themselves (at most [`BYTE_SET_MOST`]) for looking at eight bytes at a
/// time.
#[cfg_attr(not(feature = "fast-paths"), allow(dead_code))]
pub(super) struct ByteSet {
    table: [bool; 256],
    bytes: [u8; BYTE_SET_MOST],
    len: usize,
}

/// The most bytes a [`ByteSet`] holds.
const BYTE_SET_MOST: usize = 12;

impl ByteSet {
    /// The set of `bytes` (at most [`BYTE_SET_MOST`]).
    pub(super) const fn new(bytes: &[u8]) -> ByteSet {
        assert!(bytes.len() <= BYTE_SET_MOST);
        let mut table = [false; 256];
        let mut list = [0; BYTE_SET_MOST];
        let mut i = 0;
        while i < bytes.len() {
            table[bytes[i] as usize] = true;
            list[i] = bytes[i];
            i += 1;
        }
        ByteSet {
            table,
            bytes: list,
            len: bytes.len(),
        }
    }

    fn contains(&self, byte: u8) -> bool {
        self.table[byte as usize]
    }

    /// The place of the first byte of `word` (in input order) in the set.
    #[cfg(feature = "fast-paths")]
    #[inline(always)]
    fn first_in(&self, word: u64) -> Option<usize> {
        let found = self.bytes[..self.len].iter().fold(0, |found, &byte| {
            found | zero_bytes(word ^ (ONES * u64::from(byte)))
        });
        (found != 0).then(|| (found.trailing_zeros() / 8) as usize)
    }
}

/// How many bytes a run is looked for one by one before the vectorized search takes
/// over: most runs in markup are a few bytes long, shorter than what a call of the
/// search costs to set up.
#[cfg(feature = "fast-paths")]
const LOOKED_AT_FIRST: usize = 16;

/// The length of the leading run of `haystack` without any of the bytes `needles`,
/// the first [`LOOKED_AT_FIRST`] bytes looked at eight at a time (the last few
/// bytes of the input one by one) and the rest with `search`.
#[cfg(feature = "fast-paths")]
#[inline(always)]
fn run_until(haystack: &[u8], needles: [u8; 3], search: impl Fn(&[u8]) -> Option<usize>) -> usize {
    let mut at = 0;
    while at < LOOKED_AT_FIRST {
        let Some(eight) = haystack.get(at..at + 8) else {
            let last = haystack.get(at..).unwrap_or_default();
            return at
                + last
                    .iter()
                    .position(|b| needles.contains(b))
                    .unwrap_or(last.len());
        };
        let word = u64::from_le_bytes(eight.try_into().unwrap_or([0; 8]));
        if let Some(i) = first_needle(word, needles) {
            return at + i;
        }
        at += 8;
    }
    let tail = haystack.get(at..).unwrap_or_default();
    at + search(tail).unwrap_or(tail.len())
}

/// The place of the first byte of `word` (in input order) that is one of `needles`,
/// found without a branch per byte: which byte ends a run is not predictable.
#[cfg(feature = "fast-paths")]
#[inline(always)]
fn first_needle(word: u64, needles: [u8; 3]) -> Option<usize> {
    let found = needles.iter().fold(0, |found, &needle| {
        found | zero_bytes(word ^ (ONES * u64::from(needle)))
    });
    (found != 0).then(|| (found.trailing_zeros() / 8) as usize)
}

/// A one in every byte, and the high bit of every byte.
#[cfg(feature = "fast-paths")]
const ONES: u64 = u64::from_le_bytes([0x01; 8]);
#[cfg(feature = "fast-paths")]
const HIGH_BITS: u64 = u64::from_le_bytes([0x80; 8]);

/// The high bit of each zero byte of `v`, and perhaps of bytes after a zero byte (a
/// borrow), never before the first: the lowest bit set is exact.
#[cfg(feature = "fast-paths")]
#[inline(always)]
fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(ONES) & !v & HIGH_BITS
}

/// The length of the leading run of `haystack` that holds no `a`.
pub(super) fn run_without1(a: u8, haystack: &[u8]) -> usize {
    #[cfg(feature = "fast-paths")]
    {
        run_until(haystack, [a; 3], |tail| memchr::memchr(a, tail))
    }
    #[cfg(not(feature = "fast-paths"))]
    {
        haystack
            .iter()
            .position(|&b| b == a)
            .unwrap_or(haystack.len())
    }
}

/// The length of the leading run of `haystack` that holds neither `a` nor `b`.
pub(super) fn run_without2(a: u8, b: u8, haystack: &[u8]) -> usize {
    #[cfg(feature = "fast-paths")]
    {
        run_until(haystack, [a, b, b], |tail| memchr::memchr2(a, b, tail))
    }
    #[cfg(not(feature = "fast-paths"))]
    {
        haystack
            .iter()
            .position(|&x| x == a || x == b)
            .unwrap_or(haystack.len())
    }
}

/// The length of the leading run of `haystack` that holds none of `a`, `b`, `c`.
pub(super) fn run_without3(a: u8, b: u8, c: u8, haystack: &[u8]) -> usize {
    #[cfg(feature = "fast-paths")]
    {
        run_until(haystack, [a, b, c], |tail| memchr::memchr3(a, b, c, tail))
    }
    #[cfg(not(feature = "fast-paths"))]
    {
        haystack
            .iter()
            .position(|&x| x == a || x == b || x == c)
            .unwrap_or(haystack.len())
    }
}

/// The length of the leading run of `haystack` that holds no byte of `set`: eight
/// bytes at a time with the feature `fast-paths` (the last few bytes of the input one
/// by one).
#[inline(always)]
pub(super) fn run_outside(set: &ByteSet, haystack: &[u8]) -> usize {
    #[cfg(feature = "fast-paths")]
    {
        let mut at = 0;
        while let Some(eight) = haystack.get(at..at + 8) {
            let word = u64::from_le_bytes(eight.try_into().unwrap_or([0; 8]));
            if let Some(i) = set.first_in(word) {
                return at + i;
            }
            at += 8;
        }
        let last = haystack.get(at..).unwrap_or_default();
        at + last
            .iter()
            .position(|&b| set.contains(b))
            .unwrap_or(last.len())
    }
    #[cfg(not(feature = "fast-paths"))]
    {
        haystack
            .iter()
            .position(|&b| set.contains(b))
            .unwrap_or(haystack.len())
    }
}

/// Appends `input[start..start + len]` to `out` with ASCII upper alphas lowercased,
/// as the tag name and attribute name states append a run of characters ("ASCII upper
/// alpha: append the lowercase version"; anything else as it is). Eight bytes at a
/// time, the last word read from the input past the run (and cut off again) where
/// the input has the bytes: names are short, and a loop per byte spent more time
/// deciding when to stop than lowercasing.
pub(super) fn append_ascii_lowercase(out: &mut Vec<u8>, input: &[u8], start: usize, len: usize) {
    let end = start + len;
    let mut at = start;
    while at < end {
        let Some(eight) = input.get(at..at + 8) else {
            out.extend(input[at..end].iter().map(u8::to_ascii_lowercase));
            return;
        };
        let word = u64::from_le_bytes(eight.try_into().unwrap_or([0; 8]));
        out.extend_from_slice(&lowercase_ascii_word(word).to_le_bytes());
        at += 8;
    }
    // The last word may have gone past the run.
    out.truncate(out.len() - (at - end));
}

/// Each byte of `word` that is an ASCII upper alpha, lowercased.
fn lowercase_ascii_word(word: u64) -> u64 {
    const BYTES_7F: u64 = u64::from_le_bytes([0x7F; 8]);
    const HIGH_BITS: u64 = u64::from_le_bytes([0x80; 8]);
    let low_seven = word & BYTES_7F;
    // The high bit of each byte of these sums is set when the byte (its low seven
    // bits; no sum carries into the next byte) is at least 'A', or above 'Z'.
    let at_least_a = low_seven + u64::from_le_bytes([0x80 - b'A'; 8]);
    let above_z = low_seven + u64::from_le_bytes([0x80 - b'Z' - 1; 8]);
    let upper = at_least_a & !above_z & !word & HIGH_BITS;
    word | (upper >> 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appending_lowercases_exactly_the_ascii_upper_alphas() {
        // Every byte value, in runs of every length and start, against the byte rule.
        let input: Vec<u8> = (0..=255u8).chain(b"AZaz@[`{".iter().copied()).collect();
        for start in 0..input.len() {
            for len in 0..=(input.len() - start).min(20) {
                let mut out = b"x".to_vec();
                append_ascii_lowercase(&mut out, &input, start, len);
                let mut expected = b"x".to_vec();
                expected.extend(input[start..start + len].iter().map(u8::to_ascii_lowercase));
                assert_eq!(out, expected, "start {start}, len {len}");
            }
        }
    }

    #[test]
    fn runs_end_at_the_first_byte_asked_for() {
        let text = b"abc\"def&g\0h<i";
        assert_eq!(run_without1(b'&', text), 7);
        assert_eq!(run_without1(b'z', text), text.len());
        assert_eq!(run_without2(b'<', 0, text), 9);
        assert_eq!(run_without3(b'"', b'&', 0, text), 3);
        assert_eq!(run_without3(b'x', b'y', b'z', text), text.len());
        let set = ByteSet::new(b"\t\n\x0C />");
        assert_eq!(run_outside(&set, b"abc def"), 3);
        assert_eq!(run_outside(&set, b"abcDef/"), 6);
        assert_eq!(run_outside(&set, b"abc\xC3\xA9"), 5);
        assert_eq!(run_outside(&set, b""), 0);
    }

    #[test]
    fn runs_end_wherever_the_byte_is_around_the_first_bytes_looked_at() {
        // Each needle at every position of texts of every length up to 40 bytes, so
        // that it falls in the bytes looked at one by one, just past them, or nowhere.
        for len in 0..40 {
            for at in 0..=len {
                let mut text = vec![b'x'; len];
                if at < len {
                    text[at] = b'&';
                }
                let expected = if at < len { at } else { len };
                assert_eq!(run_without1(b'&', &text), expected, "{len} {at}");
                assert_eq!(run_without2(b'<', b'&', &text), expected, "{len} {at}");
                assert_eq!(run_without3(b'"', 0, b'&', &text), expected, "{len} {at}");
                assert_eq!(run_without3(b'"', 0, b'<', &text), len, "{len} {at}");
            }
        }
    }

    #[test]
    fn runs_end_at_the_first_needle_whatever_the_other_bytes() {
        // Every byte value before, at and after a needle, in texts of every length up
        // to 20 (words read past the end are padded; a borrow past a zero byte must
        // not move the end).
        for filler in 0..=255u8 {
            for len in 0..20 {
                for at in 0..=len {
                    let mut text = vec![filler; len];
                    if at < len {
                        text[at] = 0;
                    }
                    let plain = |set: &[u8]| {
                        text.iter()
                            .position(|b| set.contains(b))
                            .unwrap_or(text.len())
                    };
                    assert_eq!(run_without1(0, &text), plain(&[0]), "{filler} {len} {at}");
                    assert_eq!(run_without2(b'<', 0, &text), plain(b"<\0"));
                    assert_eq!(run_without3(b'"', b'&', 0, &text), plain(b"\"&\0"));
                    assert_eq!(
                        run_without3(0x80, 0x81, 0x82, &text),
                        plain(b"\x80\x81\x82")
                    );
                    let set = ByteSet::new(b"\t\n\x0C />\0\x80\xFF");
                    assert_eq!(run_outside(&set, &text), plain(b"\t\n\x0C />\0\x80\xFF"));
                }
            }
        }
    }

    #[test]
    fn long_runs_agree_with_a_plain_search() {
        // Long enough for the vectorized searches' main loops.
        let mut text = vec![b'x'; 1000];
        for (i, needle) in [(999, b'&'), (517, b'<'), (64, 0u8), (33, b'"')] {
            text[i] = needle;
            let plain = |set: &[u8]| {
                text.iter()
                    .position(|b| set.contains(b))
                    .unwrap_or(text.len())
            };
            assert_eq!(run_without1(needle, &text), plain(&[needle]));
            assert_eq!(run_without2(b'<', 0, &text), plain(b"<\0"));
            assert_eq!(run_without3(b'"', b'&', 0, &text), plain(b"\"&\0"));
        }
    }
}
