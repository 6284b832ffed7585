//! Globs: `*` is any run of characters (none included), everything else is itself.

/// Whether `text` matches the glob `pattern` (`*` = any run of characters,
/// everything else itself). Linear in the lengths of both: the pattern's literal
/// pieces between stars are found left to right, each at its first place after the
/// one before (which is the best place for what follows), the first piece anchored
/// at the start and the last at the end.
pub fn glob_matches(pattern: &str, text: &str) -> bool {
    let Some((first, after_first)) = pattern.split_once('*') else {
        // No star: the whole text is the one piece.
        return pattern == text;
    };
    let Some(rest) = text.strip_prefix(first) else {
        return false;
    };
    // The last piece takes the end; the middle pieces must fit before it.
    let (middle, last) = after_first.rsplit_once('*').unwrap_or(("", after_first));
    let Some(mut room) = rest.strip_suffix(last) else {
        return false;
    };
    for piece in middle.split('*').filter(|piece| !piece.is_empty()) {
        match room.find(piece) {
            Some(at) => room = &room[at + piece.len()..],
            None => return false,
        }
    }
    true
}

/// [`glob_matches`] with ASCII letters of either case alike: how a class's `inputs`
/// are matched, since the markup they look for (tag names, `<!doctype`, `<script` in
/// a script's text) is case-insensitive, and a minimized input keeps whatever case
/// the generator gave it.
pub fn glob_matches_ignoring_ascii_case(pattern: &str, text: &str) -> bool {
    glob_matches(&pattern.to_ascii_lowercase(), &text.to_ascii_lowercase())
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
