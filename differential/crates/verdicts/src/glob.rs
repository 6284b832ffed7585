//! Globs: `*` is any run of characters (none included), everything else is itself.

/// Whether `text` matches the glob `pattern` (`*` = any run of characters,
/// everything else itself). The pattern's literal pieces between stars are found left
/// to right, each at its first place after the one before (which is the best place
/// for what follows), the first piece anchored at the start and the last at the end,
/// with no backtracking over stars: a piece costs at most the text's length times its
/// own (a class's pieces are a few characters). Pieces are compared as bytes: a piece
/// is whole characters of UTF-8, which match only at a character's start, so a star
/// always takes whole characters.
pub fn glob_matches(pattern: &str, text: &str) -> bool {
    Glob::new(pattern).matches(text)
}

/// [`glob_matches`] with ASCII letters of either case alike: how a class's `inputs`
/// are matched, since the markup they look for (tag names, `<!doctype`, `<script` in
/// a script's text) is case-insensitive, and a minimized input keeps whatever case
/// the generator gave it.
pub fn glob_matches_ignoring_ascii_case(pattern: &str, text: &str) -> bool {
    Glob::new(pattern).matches_with(text.as_bytes(), u8::eq_ignore_ascii_case)
}

/// A glob read once, to be matched against many texts (a class's pattern against
/// each arm a case passed).
#[derive(Clone, Copy, Debug)]
pub struct Glob<'p> {
    /// The piece before the first star, or the whole pattern when it has none.
    first: &'p [u8],
    /// The pieces between the first star and the last, with their stars.
    middle: &'p [u8],
    /// The piece after the last star.
    last: &'p [u8],
    star: bool,
}

impl<'p> Glob<'p> {
    pub fn new(pattern: &'p str) -> Glob<'p> {
        let pattern = pattern.as_bytes();
        let Some(star) = pattern.iter().position(|&b| b == b'*') else {
            return Glob {
                first: pattern,
                middle: &[],
                last: &[],
                star: false,
            };
        };
        let after_first = &pattern[star + 1..];
        let (middle, last) = match after_first.iter().rposition(|&b| b == b'*') {
            Some(at) => (&after_first[..at], &after_first[at + 1..]),
            None => (&after_first[..0], after_first),
        };
        Glob {
            first: &pattern[..star],
            middle,
            last,
            star: true,
        }
    }

    /// Whether `text` matches ([`glob_matches`]).
    pub fn matches(&self, text: &str) -> bool {
        self.matches_with(text.as_bytes(), u8::eq)
    }

    /// [`Glob::matches`] with `same` as the equality of two bytes.
    fn matches_with(&self, text: &[u8], same: fn(&u8, &u8) -> bool) -> bool {
        let equal =
            |a: &[u8], b: &[u8]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y));
        if !self.star {
            // No star: the whole text is the one piece.
            return equal(self.first, text);
        }
        let (first, last) = (self.first, self.last);
        if text.len() < first.len() + last.len()
            || !equal(first, &text[..first.len()])
            || !equal(last, &text[text.len() - last.len()..])
        {
            return false;
        }
        // The middle pieces must fit between the first and the last.
        let mut room = &text[first.len()..text.len() - last.len()];
        for piece in self.middle.split(|&b| b == b'*').filter(|p| !p.is_empty()) {
            match find(room, piece, same) {
                Some(at) => room = &room[at + piece.len()..],
                None => return false,
            }
        }
        true
    }
}

/// Where `piece` (not empty) first occurs in `text`.
fn find(text: &[u8], piece: &[u8], same: fn(&u8, &u8) -> bool) -> Option<usize> {
    let last_start = text.len().checked_sub(piece.len())?;
    (0..=last_start).find(|&at| {
        text[at..at + piece.len()]
            .iter()
            .zip(piece)
            .all(|(x, y)| same(x, y))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_whole_signatures() {
        assert!(glob_matches(
            "tree | * | in: <body>",
            "tree | a: x | b: y | in: <body>"
        ));
        assert!(!glob_matches(
            "tree | * | in: <body>",
            "tree | a | in: <head>"
        ));
        assert!(glob_matches("*", ""));
        assert!(glob_matches("a*b*c", "aXXbYYc"));
        assert!(!glob_matches("a*b*c", "aXXbYY"));
        assert!(glob_matches("<?…>", "<?…>"));
        assert!(!glob_matches("abc", "abcd"));
    }

    #[test]
    fn globs_agree_with_a_backtracking_matcher() {
        // The textbook recursive matcher, as the reference.
        fn slow(p: &[char], t: &[char]) -> bool {
            match p.split_first() {
                None => t.is_empty(),
                Some(('*', rest)) => (0..=t.len()).any(|i| slow(rest, &t[i..])),
                Some((c, rest)) => t.first() == Some(c) && slow(rest, &t[1..]),
            }
        }
        let alphabet = ['a', 'b', '*', '\u{e9}'];
        let texts = [
            "",
            "a",
            "ab",
            "ba",
            "aab",
            "abab",
            "b\u{e9}a",
            "\u{e9}\u{e9}b",
            "aaaa",
        ];
        // Every pattern of up to four characters over the alphabet.
        let mut patterns = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = patterns
                .iter()
                .flat_map(|p| alphabet.iter().map(move |c| format!("{p}{c}")))
                .collect();
            patterns.extend(longer);
        }
        patterns.sort();
        patterns.dedup();
        for pattern in &patterns {
            let p: Vec<char> = pattern.chars().collect();
            for text in texts {
                let t: Vec<char> = text.chars().collect();
                assert_eq!(
                    glob_matches(pattern, text),
                    slow(&p, &t),
                    "{pattern:?} against {text:?}"
                );
                // Either case alike: as the textbook matcher on both lowercased.
                let upper = text.to_ascii_uppercase();
                let p = pattern.to_ascii_lowercase().chars().collect::<Vec<char>>();
                let t: Vec<char> = upper.to_ascii_lowercase().chars().collect();
                assert_eq!(
                    glob_matches_ignoring_ascii_case(&pattern.to_ascii_uppercase(), &upper)
                        && glob_matches_ignoring_ascii_case(pattern, &upper),
                    slow(&p, &t),
                    "{pattern:?} against {upper:?}, either case"
                );
            }
        }
    }

    #[test]
    fn a_long_glob_is_matched_in_linear_time() {
        // 30,000 stars between letters against a text of 60,000 letters with no
        // match at its end: a backtracking matcher takes seconds.
        let pattern = format!("{}b", "a*".repeat(30_000));
        let text = "a".repeat(60_000);
        let started = std::time::Instant::now();
        assert!(!glob_matches(&pattern, &text));
        assert!(glob_matches(&pattern, &format!("{text}b")));
        assert!(
            started.elapsed() < std::time::Duration::from_secs(1),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn input_globs_ignore_ascii_case_and_signature_globs_do_not() {
        assert!(glob_matches_ignoring_ascii_case(
            "*<!--*<script*",
            "x<!-- <sCrIpt> --!>"
        ));
        assert!(!glob_matches_ignoring_ascii_case(
            "*<!--*<script*",
            "<!-- <scr"
        ));
        assert!(!glob_matches("*<script*", "<sCrIpt>"));
        // Only ASCII letters fold.
        assert!(!glob_matches_ignoring_ascii_case("\u{e9}", "\u{c9}"));
    }
}
