//! Known differences: the classes of divergence litmus understands.
//!
//! `corpus/known-differences.toml` lists them. Each class has an id, the engine whose
//! behaviour it explains, signature patterns, a one-line explanation, the spec section,
//! and the upstream issue where there is one. A finding is *new* unless a class matches
//! its signature; a class that matched nothing in a campaign is reported as *possibly
//! fixed upstream*.
//!
//! Patterns are globs over the whole signature: `*` matches any run of characters
//! (including none), `?` is literal, everything else matches itself. For example
//! `tree | litmus: <?…> | html5ever: <!--…--> | in: *`. A class may also give
//! `inputs`, globs over the minimized input, for causes a signature cannot see (a
//! leading U+FEFF, say); then one of those must match as well, ASCII letters of
//! either case alike (HTML's tag names are case-insensitive).
//!
//! ```toml
//! [[class]]
//! id = "html5ever-no-processing-instructions"
//! engine = "html5ever"
//! signatures = ["tree | litmus: <?…> | html5ever: <!--…--> | in: *"]
//! explanation = "html5ever 0.40 does not parse processing instructions; it builds bogus comments."
//! spec = "https://html.spec.whatwg.org/#processing-instruction-open-state"
//! upstream = "https://github.com/servo/html5ever/issues/789"
//! right = "reference"
//! ```

use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};

/// Which side of a divergence the standard (or the browser) supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Right {
    /// The reference parser follows the standard; the other engine does not.
    Reference,
    /// The other engine is right; the reference parser has a bug to fix.
    Other,
    /// Both follow the standard (e.g. a non-round-tripping case the standard allows).
    Both,
    /// Neither, or it depends on what the standard leaves open.
    Neither,
}

/// One known class of divergence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnownClass {
    /// A short, stable, kebab-case name.
    pub id: String,
    /// The engine whose behaviour the class explains (`html5ever`, `chromium`, a
    /// `cmd:` engine's name, or `*` for any).
    pub engine: String,
    /// Glob patterns over signatures; the class matches a finding when one matches.
    pub signatures: Vec<String>,
    /// Glob patterns over the finding's (minimized) input; when given, one of them
    /// must match too. For causes a signature cannot see, such as a leading U+FEFF.
    #[serde(default)]
    pub inputs: Vec<String>,
    /// One line: why the engines differ.
    pub explanation: String,
    /// The spec section (a URL with its anchor).
    pub spec: String,
    /// The upstream issue, where there is one.
    #[serde(default)]
    pub upstream: Option<String>,
    /// Who is right.
    pub right: Right,
}

impl KnownClass {
    /// Whether the class explains a finding with this signature and input from this
    /// engine.
    pub fn matches(&self, engine: &str, signature: &str, input: &str) -> bool {
        (self.engine == "*" || self.engine == engine)
            && self.signatures.iter().any(|p| glob_matches(p, signature))
            && (self.inputs.is_empty()
                || self
                    .inputs
                    .iter()
                    .any(|p| glob_matches_ignoring_ascii_case(p, input)))
    }
}

/// The whole file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnownDifferences {
    #[serde(default, rename = "class")]
    pub classes: Vec<KnownClass>,
}

/// A known-differences file that cannot be used, with where and why.
#[derive(Debug)]
pub struct KnownDifferencesError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for KnownDifferencesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for KnownDifferencesError {}

/// The project's `corpus/known-differences.toml` as it was when litmus was built: the
/// classes a command uses when run where there is no corpus (installed with `cargo
/// install --path differential`, or run from another folder). Read through the
/// symbolic link `differential/data/known-differences.toml`, so that the file is part
/// of the crate's package too.
pub const BUILT_IN: &str = include_str!("../data/known-differences.toml");

impl KnownDifferences {
    /// The built-in classes ([`BUILT_IN`]).
    pub fn built_in() -> KnownDifferences {
        KnownDifferences::parse(BUILT_IN)
            .expect("the built-in known-differences.toml is checked by its test")
    }

    /// Reads and checks a known-differences file.
    pub fn load(path: &Path) -> Result<KnownDifferences, KnownDifferencesError> {
        let error = |message: String| KnownDifferencesError {
            path: path.to_owned(),
            message,
        };
        let text = crate::limits::read_text_file(path, crate::limits::MAX_DATA_FILE_BYTES)
            .map_err(|e| error(format!("cannot read: {e}")))?;
        KnownDifferences::parse(&text).map_err(error)
    }

    /// Parses and checks the text of a known-differences file. The error names the line.
    pub fn parse(text: &str) -> Result<KnownDifferences, String> {
        let known: KnownDifferences = toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map(|span| text[..span.start.min(text.len())].lines().count().max(1));
            match line {
                Some(line) => format!("line {line}: {}", e.message()),
                None => e.message().to_owned(),
            }
        })?;
        let mut ids = HashSet::new();
        for class in &known.classes {
            let problem = if class.id.is_empty()
                || !class
                    .id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            {
                Some("its id must be non-empty kebab-case (a-z, 0-9, -)".to_owned())
            } else if !ids.insert(class.id.as_str()) {
                Some("its id is used by an earlier class".to_owned())
            } else if class.signatures.is_empty()
                || class.signatures.iter().any(|s| s.trim().is_empty())
            {
                Some("it needs at least one non-empty signature pattern".to_owned())
            } else if class.engine.is_empty() {
                Some("its engine is empty (write `*` for any engine)".to_owned())
            } else if class.explanation.trim().is_empty() || class.spec.trim().is_empty() {
                Some("it needs an explanation and a spec section".to_owned())
            } else {
                None
            };
            if let Some(problem) = problem {
                return Err(format!("class {:?}: {problem}", class.id));
            }
        }
        Ok(known)
    }

    /// The first class that explains this finding.
    pub fn classify(&self, engine: &str, signature: &str, input: &str) -> Option<&KnownClass> {
        self.classes
            .iter()
            .find(|c| c.matches(engine, signature, input))
    }

    /// The class that explains every finding with this signature whatever its input:
    /// the first class whose engine and signature patterns match, when it has no
    /// input patterns. `None` when no class matches, or when the first that does
    /// looks at the input (then only a minimized input can tell).
    pub fn classify_by_signature(&self, engine: &str, signature: &str) -> Option<&KnownClass> {
        let first = self.classes.iter().find(|c| {
            (c.engine == "*" || c.engine == engine)
                && c.signatures.iter().any(|p| glob_matches(p, signature))
        })?;
        first.inputs.is_empty().then_some(first)
    }
}

/// Whether `text` matches the glob `pattern` (`*` = any run of characters,
/// everything else itself). Linear in the lengths of both: the pattern's literal
/// pieces between stars are found left to right, each at its first place after the
/// one before (which is the best place for what follows), the first piece anchored
/// at the start and the last at the end.
pub fn glob_matches(pattern: &str, text: &str) -> bool {
    let mut pieces = pattern.split('*');
    // `split` yields at least one piece.
    let first = pieces.next().unwrap_or("");
    let Some(rest) = text.strip_prefix(first) else {
        return false;
    };
    let mut middle: Vec<&str> = pieces.collect();
    let Some(last) = middle.pop() else {
        // No star: the whole text is the one piece.
        return rest.is_empty();
    };
    if rest.len() < last.len() || !rest.ends_with(last) {
        return false;
    }
    // The last piece takes the end; the middle pieces must fit before it.
    let mut room = &rest[..rest.len() - last.len()];
    for piece in middle {
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
    fn the_built_in_classes_are_the_corpus_file() {
        let built_in = KnownDifferences::built_in();
        assert!(built_in.classes.len() >= 20, "{}", built_in.classes.len());
        // Built from the file as it is now: a stale binary is caught by CI's rebuild.
        let file = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../corpus/known-differences.toml"),
        )
        .unwrap();
        assert_eq!(BUILT_IN, file);
    }

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

    const GOOD: &str = r#"
[[class]]
id = "html5ever-no-processing-instructions"
engine = "html5ever"
signatures = ["tree | litmus: <?…> | html5ever: <!--…--> | in: *"]
explanation = "html5ever builds bogus comments"
spec = "https://html.spec.whatwg.org/#processing-instruction-open-state"
upstream = "https://github.com/servo/html5ever/issues/789"
right = "reference"
"#;

    #[test]
    fn classes_load_and_classify() {
        let known = KnownDifferences::parse(GOOD).unwrap();
        let sig = "tree | litmus: <?…> | html5ever: <!--…--> | in: <body>";
        assert_eq!(
            known
                .classify("html5ever", sig, "<?t>")
                .map(|c| c.id.as_str()),
            Some("html5ever-no-processing-instructions")
        );
        assert!(known.classify("parse5", sig, "<?t>").is_none());
        assert!(known
            .classify("html5ever", "tree | other", "<?t>")
            .is_none());
        let with_input = GOOD.replace("right =", "inputs = [\"\u{feff}*\"]\nright =");
        let known = KnownDifferences::parse(&with_input).unwrap();
        assert!(known.classify("html5ever", sig, "\u{feff}x").is_some());
        assert!(known.classify("html5ever", sig, "x").is_none());
    }

    #[test]
    fn malformed_files_name_the_line_and_the_problem() {
        let err = KnownDifferences::parse("[[class]]\nid = \"a\"\nengine = 3\n").unwrap_err();
        assert!(err.starts_with("line 3"), "{err}");
        let unknown_key = GOOD.replace("right =", "rite =");
        assert!(KnownDifferences::parse(&unknown_key)
            .unwrap_err()
            .contains("line"));
        let twice = format!("{GOOD}{GOOD}");
        assert!(KnownDifferences::parse(&twice)
            .unwrap_err()
            .contains("earlier class"));
        let no_patterns = GOOD.replace(
            "signatures = [\"tree | litmus: <?…> | html5ever: <!--…--> | in: *\"]",
            "signatures = []",
        );
        assert!(KnownDifferences::parse(&no_patterns)
            .unwrap_err()
            .contains("signature"));
    }
}
