//! Finding where a run of "anything else" characters ends, for the `fast_path_*`
//! functions: with the `fast-paths` feature through the `memchr` crate (vectorized
//! searches for one to three bytes), and otherwise with plain loops, so that
//! [`super::Tokenizer::set_fast_paths`] works in either build and the two ways give
//! the same lengths (unit tests below).

/// A set of bytes, for runs that end at any of more than three bytes.
pub(super) struct ByteSet([bool; 256]);

impl ByteSet {
    /// The set of `bytes`, plus every ASCII upper alpha if `upper_alpha`.
    pub(super) const fn new(bytes: &[u8], upper_alpha: bool) -> ByteSet {
        let mut set = [false; 256];
        let mut i = 0;
        while i < bytes.len() {
            set[bytes[i] as usize] = true;
            i += 1;
        }
        if upper_alpha {
            let mut c = b'A';
            while c <= b'Z' {
                set[c as usize] = true;
                c += 1;
            }
        }
        ByteSet(set)
    }

    fn contains(&self, byte: u8) -> bool {
        self.0[byte as usize]
    }
}

/// The length of the leading run of `haystack` that holds no `a`.
pub(super) fn run_without1(a: u8, haystack: &[u8]) -> usize {
    #[cfg(feature = "fast-paths")]
    {
        memchr::memchr(a, haystack).unwrap_or(haystack.len())
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
        memchr::memchr2(a, b, haystack).unwrap_or(haystack.len())
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
        memchr::memchr3(a, b, c, haystack).unwrap_or(haystack.len())
    }
    #[cfg(not(feature = "fast-paths"))]
    {
        haystack
            .iter()
            .position(|&x| x == a || x == b || x == c)
            .unwrap_or(haystack.len())
    }
}

/// The length of the leading run of `haystack` that holds no byte of `set`.
pub(super) fn run_outside(set: &ByteSet, haystack: &[u8]) -> usize {
    haystack
        .iter()
        .position(|&b| set.contains(b))
        .unwrap_or(haystack.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_end_at_the_first_byte_asked_for() {
        let text = b"abc\"def&g\0h<i";
        assert_eq!(run_without1(b'&', text), 7);
        assert_eq!(run_without1(b'z', text), text.len());
        assert_eq!(run_without2(b'<', 0, text), 9);
        assert_eq!(run_without3(b'"', b'&', 0, text), 3);
        assert_eq!(run_without3(b'x', b'y', b'z', text), text.len());
        let set = ByteSet::new(b"\t\n\x0C />", true);
        assert_eq!(run_outside(&set, b"abc def"), 3);
        assert_eq!(run_outside(&set, b"abcDef"), 3);
        assert_eq!(run_outside(&set, b"abc\xC3\xA9"), 5);
        assert_eq!(run_outside(&set, b""), 0);
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
