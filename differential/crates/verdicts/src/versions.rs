//! A class's `versions`: the engine versions it holds for.
//!
//! Each entry of `versions` is `[ENGINE] OP VERSION`, or several comparisons joined by
//! commas, all of which must hold (`chromium >= 140, < 150`); the class holds for a
//! finding when one entry does. ENGINE defaults to the class's engine (a class of any
//! engine, `*`, names one in each entry), OP is one of `<`, `<=`, `>`, `>=`, `=`,
//! `!=`, and VERSION is numbers separated by dots (`150`, `148.0.7778`).
//!
//! An engine's version is read from what its handshake says (the version text reports
//! record, [`version_number`]): the first word that starts with a digit (or a `v`
//! followed by one), its leading digits and dots: `Chromium 156.0.8078.114 built on
//! Debian …` is 156.0.8078.114, `Mozilla Firefox 153.8.0esr` is 153.8.0, `parse5
//! 8.1.1 (Node.js v20.20.2)` is 8.1.1. A version is compared on as many numbers as the
//! condition gives: `chromium < 150` holds for 148.0.7778.167 and 149.9, not for
//! 150.0.7871.100; `= 156` for every 156.x.
//!
//! An engine whose version is unknown (a finding of an earlier report, a version text
//! with no number) meets no version condition.

use std::cmp::Ordering;
use std::fmt;

/// One comparison: `< 150`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Comparison {
    op: Op,
    version: Vec<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
    Equal,
    NotEqual,
}

/// One entry of `versions`: an engine and comparisons that must all hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersionCondition {
    /// The engine it is about; `None` for the class's own.
    engine: Option<String>,
    comparisons: Vec<Comparison>,
}

impl VersionCondition {
    /// Reads an entry: `chromium < 150`, `< 150`, `firefox >= 140, < 150`.
    pub fn parse(text: &str) -> Result<VersionCondition, String> {
        let text = text.trim();
        let (engine, rest) = match text.find(|c: char| "<>=!".contains(c)) {
            Some(0) => (None, text),
            Some(at) => {
                let engine = text[..at].trim();
                if engine.is_empty() || engine.contains(char::is_whitespace) {
                    return Err(format!(
                        "{text:?}: write ENGINE OP VERSION, e.g. \"chromium < 150\""
                    ));
                }
                (Some(engine.to_owned()), &text[at..])
            }
            None => return Err(format!("{text:?} has no comparison (<, <=, >, >=, =, !=)")),
        };
        let comparisons = rest
            .split(',')
            .map(|part| parse_comparison(part.trim()).map_err(|e| format!("{text:?}: {e}")))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(VersionCondition {
            engine,
            comparisons,
        })
    }

    /// Whether it holds for `engine` at `version` (the number read from its version
    /// text), the class being `class_engine`'s.
    pub fn holds(&self, class_engine: &str, engine: &str, version: Option<&[u64]>) -> bool {
        let about = self.engine.as_deref().unwrap_or(class_engine);
        if about != "*" && !about.split(',').any(|named| named.trim() == engine) {
            return false;
        }
        let Some(version) = version else {
            return false;
        };
        self.comparisons.iter().all(|c| c.holds(version))
    }

    /// The engine it names, if it names one.
    pub fn engine(&self) -> Option<&str> {
        self.engine.as_deref()
    }
}

impl fmt::Display for VersionCondition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(engine) = &self.engine {
            write!(f, "{engine} ")?;
        }
        let parts: Vec<String> = self
            .comparisons
            .iter()
            .map(|c| {
                let op = match c.op {
                    Op::Less => "<",
                    Op::LessOrEqual => "<=",
                    Op::Greater => ">",
                    Op::GreaterOrEqual => ">=",
                    Op::Equal => "=",
                    Op::NotEqual => "!=",
                };
                let version: Vec<String> = c.version.iter().map(u64::to_string).collect();
                format!("{op} {}", version.join("."))
            })
            .collect();
        f.write_str(&parts.join(", "))
    }
}

fn parse_comparison(text: &str) -> Result<Comparison, String> {
    let (op, rest) = [
        ("<=", Op::LessOrEqual),
        (">=", Op::GreaterOrEqual),
        ("!=", Op::NotEqual),
        ("<", Op::Less),
        (">", Op::Greater),
        ("=", Op::Equal),
    ]
    .iter()
    .find_map(|(word, op)| text.strip_prefix(word).map(|rest| (*op, rest.trim())))
    .ok_or_else(|| format!("{text:?} does not start with <, <=, >, >=, = or !="))?;
    let version = parse_version(rest)
        .ok_or_else(|| format!("{rest:?} is not a version (numbers separated by dots)"))?;
    Ok(Comparison { op, version })
}

/// `148.0.7778` as numbers; `None` for anything else.
fn parse_version(text: &str) -> Option<Vec<u64>> {
    let numbers: Option<Vec<u64>> = text.split('.').map(|n| n.parse().ok()).collect();
    numbers.filter(|n| !n.is_empty())
}

impl Comparison {
    /// Compares `version` on as many numbers as the condition gives (missing ones
    /// are 0).
    fn holds(&self, version: &[u64]) -> bool {
        let theirs = (0..self.version.len()).map(|i| version.get(i).copied().unwrap_or(0));
        let order = theirs.cmp(self.version.iter().copied());
        match self.op {
            Op::Less => order == Ordering::Less,
            Op::LessOrEqual => order != Ordering::Greater,
            Op::Greater => order == Ordering::Greater,
            Op::GreaterOrEqual => order != Ordering::Less,
            Op::Equal => order == Ordering::Equal,
            Op::NotEqual => order != Ordering::Equal,
        }
    }
}

/// The version number of a version text: the first word that starts with a digit (or
/// with `v` and a digit), its leading digits and dots (see the module's doc).
pub fn version_number(text: &str) -> Option<Vec<u64>> {
    text.split(|c: char| c.is_whitespace() || "(),;".contains(c))
        .map(|word| word.strip_prefix('v').unwrap_or(word))
        .find(|word| word.starts_with(|c: char| c.is_ascii_digit()))
        .and_then(|word| {
            let end = word
                .find(|c: char| !c.is_ascii_digit() && c != '.')
                .unwrap_or(word.len());
            parse_version(word[..end].trim_end_matches('.'))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_numbers_are_read_from_handshakes() {
        let cases = [
            (
                "Chromium 156.0.8078.114 built on Debian GNU/Linux 12 (bookworm), headless",
                Some(vec![156, 0, 8078, 114]),
            ),
            (
                "Mozilla Firefox 153.8.0esr, headless",
                Some(vec![153, 8, 0]),
            ),
            (
                "WebKitGTK 2.50.6 (Debian libwebkit2gtk-4.1-0 2.50.6-1)",
                Some(vec![2, 50, 6]),
            ),
            ("parse5 8.1.1 (Node.js v20.20.2)", Some(vec![8, 1, 1])),
            (
                "html5gum 0.9.0 (tree-builder: html5ever 0.29.1)",
                Some(vec![0, 9, 0]),
            ),
            (
                "golang.org/x/net/html 0.7.0 (Debian …)",
                Some(vec![0, 7, 0]),
            ),
            ("node v20.1", Some(vec![20, 1])),
            ("cmd: ./parser (persistent)", None),
            ("", None),
        ];
        for (text, number) in cases {
            assert_eq!(version_number(text), number, "{text:?}");
        }
    }

    #[test]
    fn conditions_compare_as_many_numbers_as_they_give() {
        let holds = |condition: &str, version: &str| {
            VersionCondition::parse(condition).unwrap().holds(
                "chromium",
                "chromium",
                version_number(version).as_deref(),
            )
        };
        assert!(holds("chromium < 150", "Chromium 148.0.7778.167"));
        assert!(holds("< 150", "Chromium 149.9"));
        assert!(!holds("chromium < 150", "Chromium 150.0.7871.100"));
        assert!(holds("<= 150", "Chromium 150.0.7871.100"));
        assert!(holds("= 156", "Chromium 156.0.8078.114"));
        assert!(!holds("!= 156", "Chromium 156.0.8078.114"));
        assert!(holds("> 150", "Chromium 156.0.8078.114"));
        assert!(!holds("> 156", "Chromium 156.9"));
        assert!(holds(">= 140, < 150", "Chromium 148"));
        assert!(!holds(">= 140, < 150", "Chromium 139.0.1"));
        assert!(holds("< 148.0.8000", "Chromium 148.0.7778.167"));
        // Another engine's condition, or an unknown version, does not hold.
        let condition = VersionCondition::parse("firefox < 150").unwrap();
        assert!(!condition.holds("chromium", "chromium", Some(&[100])));
        assert!(condition.holds("*", "firefox", Some(&[100])));
        assert!(!VersionCondition::parse("< 150")
            .unwrap()
            .holds("chromium", "chromium", None));
    }

    #[test]
    fn bad_conditions_are_refused_and_good_ones_written_back() {
        for bad in [
            "chromium",
            "chromium 150",
            "< x",
            "<",
            "chromium < 1..2",
            "a b < 3",
            ">= 1, 2",
        ] {
            assert!(VersionCondition::parse(bad).is_err(), "{bad:?}");
        }
        let condition = VersionCondition::parse("  chromium>=140,<150 ").unwrap();
        assert_eq!(condition.to_string(), "chromium >= 140, < 150");
        assert_eq!(condition.engine(), Some("chromium"));
    }
}
