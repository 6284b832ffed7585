//! litmus's expected differences from html5lib tree-construction expectations.
//!
//! Two lists, both embedded in the binary, name trials (`FILE#INDEX
//! [script-on|script-off]`) with a reason each, one per line (`#` starts a comment
//! line):
//!
//! - `differential/data/tree-construction-expected-differences.txt`
//!   ([`ExpectedDifferences::embedded`]): trees. The html5lib snapshot predates
//!   processing-instruction parsing (2026): a few cases expect a bogus comment where
//!   the standard now builds a processing instruction.
//! - `differential/data/tree-construction-error-expected-differences.txt`
//!   ([`ExpectedDifferences::embedded_errors`]): parse errors, where the case's
//!   `#errors` count or `#new-errors` predates the standard or miscounts what it says.
//!
//! A listed trial whose answer differs from the file's passes as an expected
//! difference; one whose answer matches the file's fails as stale; an entry that names
//! no trial of its file fails (see [`ExpectedDifferences::naming_no_trial`]).

use super::outcome::{Outcome, Trial};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

/// Where the embedded file lives in the repository, for messages.
pub const EXPECTED_DIFFERENCES_FILE: &str =
    "differential/data/tree-construction-expected-differences.txt";

/// Where the embedded list of parse-error differences lives, for messages.
pub const ERROR_EXPECTED_DIFFERENCES_FILE: &str =
    "differential/data/tree-construction-error-expected-differences.txt";

const EMBEDDED: &str = include_str!("../../../data/tree-construction-expected-differences.txt");

const EMBEDDED_ERRORS: &str =
    include_str!("../../../data/tree-construction-error-expected-differences.txt");

/// One listed trial.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    reason: String,
    /// The 1-based line of the entry in its file.
    line: usize,
}

/// The expected differences: trial name → reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectedDifferences {
    entries: BTreeMap<String, Entry>,
    /// The list's file in the repository, for messages.
    file: &'static str,
}

impl Default for ExpectedDifferences {
    /// An empty list of tree differences.
    fn default() -> Self {
        ExpectedDifferences {
            entries: BTreeMap::new(),
            file: EXPECTED_DIFFERENCES_FILE,
        }
    }
}

impl ExpectedDifferences {
    /// litmus's list of tree differences, embedded from [`EXPECTED_DIFFERENCES_FILE`].
    pub fn embedded() -> ExpectedDifferences {
        // A unit test reads the embedded files, so this cannot fail in a build that
        // passed its tests.
        ExpectedDifferences::parse(EMBEDDED)
            .unwrap_or_else(|e| panic!("{EXPECTED_DIFFERENCES_FILE}: {e}"))
    }

    /// litmus's list of parse-error differences, embedded from
    /// [`ERROR_EXPECTED_DIFFERENCES_FILE`].
    pub fn embedded_errors() -> ExpectedDifferences {
        ExpectedDifferences::parse_errors(EMBEDDED_ERRORS)
            .unwrap_or_else(|e| panic!("{ERROR_EXPECTED_DIFFERENCES_FILE}: {e}"))
    }

    /// Reads a list of tree differences: one `FILE#INDEX [script-on|script-off] |
    /// reason` per line, blank lines and `#` lines left out. Fails on a line of another
    /// shape or a name listed twice, naming the line.
    pub fn parse(text: &str) -> Result<ExpectedDifferences, String> {
        ExpectedDifferences::parse_list(text, EXPECTED_DIFFERENCES_FILE)
    }

    /// Reads a list of parse-error differences, in the same shape as [`Self::parse`].
    pub fn parse_errors(text: &str) -> Result<ExpectedDifferences, String> {
        ExpectedDifferences::parse_list(text, ERROR_EXPECTED_DIFFERENCES_FILE)
    }

    /// The list's file in the repository (either embedded list's), for messages.
    pub fn file(&self) -> &'static str {
        self.file
    }

    fn parse_list(text: &str, file: &'static str) -> Result<ExpectedDifferences, String> {
        let mut entries = BTreeMap::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let shape = "a line is `FILE#INDEX [script-on|script-off] | reason`";
            let Some((name, reason)) = line.split_once(" | ") else {
                return Err(format!("line {}: {shape}: {line}", number + 1));
            };
            let name = name.trim();
            let well_formed = name.split_once('#').is_some_and(|(_, rest)| {
                rest.ends_with(" [script-on]") || rest.ends_with(" [script-off]")
            });
            if !well_formed || reason.trim().is_empty() {
                return Err(format!("line {}: {shape}: {line}", number + 1));
            }
            let entry = Entry {
                reason: reason.trim().to_owned(),
                line: number + 1,
            };
            if entries.insert(name.to_owned(), entry).is_some() {
                return Err(format!("line {}: {name} is listed twice", number + 1));
            }
        }
        Ok(ExpectedDifferences { entries, file })
    }

    /// The reason a trial is listed for, if it is.
    pub fn reason(&self, trial_name: &str) -> Option<&str> {
        self.entries.get(trial_name).map(|e| e.reason.as_str())
    }

    /// The files the entries name.
    pub fn files(&self) -> BTreeSet<&str> {
        self.entries.keys().map(|name| file_of(name)).collect()
    }

    /// The entries of `file` that name none of `trial_names` (the names of the file's
    /// trials), each as a trial that failed as [`Outcome::Stale`]. Entries of other
    /// files are not looked at: a run that leaves a file out cannot use its entries,
    /// which only ever excuse a difference.
    pub fn naming_no_trial(&self, file: &str, trial_names: &BTreeSet<String>) -> Vec<Trial> {
        self.entries
            .iter()
            .filter(|(name, _)| file_of(name) == file && !trial_names.contains(*name))
            .map(|(name, entry)| Trial {
                name: name.clone(),
                file: file.to_owned(),
                index: 0,
                line: 0,
                options: "expected difference".into(),
                input: String::new(),
                outcome: Outcome::Stale {
                    message: format!(
                        "{}:{} lists this trial, and {file} has none of that name: remove the entry",
                        self.file, entry.line
                    ),
                },
                listed_reason: Some(entry.reason.clone()),
                duration: Duration::ZERO,
            })
            .collect()
    }
}

/// The file a trial name names: what comes before its `#`.
fn file_of(name: &str) -> &str {
    name.split_once('#').map_or(name, |(file, _)| file)
}
