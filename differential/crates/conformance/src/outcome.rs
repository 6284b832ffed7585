//! What a trial found: [`Trial`] and its [`Outcome`], the counts of a run ([`Tally`]),
//! and the text a failure is reported with ([`Trial::describe`]).

use litmus_engines::case::EngineFailure;
use litmus_text::visible::visible_one_line;
use std::time::Duration;

/// How one trial ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Passed,
    /// Passed as one of litmus's corrections of an html5lib expectation that predates
    /// the standard of 2026 ([`Trial::listed_reason`] says why): a tree that differs
    /// from the file's, for a listed expected difference, or the tokens and errors of
    /// a tokenizer update.
    ExpectedDifference,
    /// The answer differs from the expectation (the file's, or an update's).
    Failed {
        expected: String,
        actual: String,
    },
    /// A correction that does not hold: the answer meets the file's own expectation
    /// (for the reference parser, the entry is stale; another engine follows the
    /// standard as it was before 2026), or the entry names no trial.
    Stale {
        message: String,
    },
    /// The engine gave no answer (a crash, a timeout, unreadable output).
    EngineFailed(EngineFailure),
    /// The engine cannot run this trial (an option it refuses, no tokenizer).
    Unsupported(String),
}

impl Outcome {
    /// Whether the trial passed, as itself or as an expected difference.
    pub fn passed(&self) -> bool {
        matches!(self, Outcome::Passed | Outcome::ExpectedDifference)
    }
}

/// One trial that ran: a case of a file, in one scripting mode or initial state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trial {
    /// The trial's name, unique in its file: `tests1.dat#12 [script-on]` (file, case
    /// index, scripting mode), `test1.test#3 "description" [Data state]` (file, case
    /// index, description, initial state).
    pub name: String,
    /// The file's name (`tests1.dat`).
    pub file: String,
    /// The case's 0-based index in its file.
    pub index: usize,
    /// The 1-based line where the case starts (0 where a file has no lines to name).
    pub line: usize,
    /// How it ran: `document, scripting on`, `fragment td, scripting off`, `Data state`.
    pub options: String,
    pub input: String,
    pub outcome: Outcome,
    /// The reason litmus gives where it corrects the file's expectation for this
    /// trial (an expected difference, a tokenizer update).
    pub listed_reason: Option<String>,
    /// How long the engine (or the tokenizer) took.
    pub duration: Duration,
}

impl Trial {
    /// A failure's report: its name, options and input, then a diff of the expected
    /// and actual outputs (or the engine's failure); `None` for a trial that passed.
    /// `engine` names the actual side.
    pub fn describe(&self, engine: &str) -> Option<String> {
        let label = match &self.outcome {
            Outcome::Passed | Outcome::ExpectedDifference => return None,
            Outcome::Unsupported(_) => "UNSUPPORTED",
            Outcome::Stale { .. } => "STALE",
            Outcome::Failed { .. } | Outcome::EngineFailed(_) => "FAIL",
        };
        let mut text = format!("{label} {}", self.name);
        if self.line > 0 {
            text.push_str(&format!(" (line {})", self.line));
        }
        text.push_str(&format!(
            " [{}]\n  input: {}\n",
            self.options,
            visible_one_line(&self.input)
        ));
        if let Some(reason) = &self.listed_reason {
            text.push_str(&format!("  listed by litmus: {reason}\n"));
        }
        match &self.outcome {
            Outcome::Passed | Outcome::ExpectedDifference => {}
            Outcome::Failed { expected, actual } => {
                let diff = similar::TextDiff::from_lines(expected.as_str(), actual.as_str());
                text.push_str(
                    &diff
                        .unified_diff()
                        .context_radius(3)
                        .header("expected", engine)
                        .to_string(),
                );
            }
            Outcome::Stale { message } => text.push_str(&format!("  {message}\n")),
            Outcome::EngineFailed(failure) => text.push_str(&format!("  {engine} {failure}\n")),
            Outcome::Unsupported(message) => text.push_str(&format!("  {engine}: {message}\n")),
        }
        Some(text)
    }
}

/// Counts of outcomes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Trials that passed, expected differences included.
    pub passed: usize,
    /// Of the passes, those that passed as expected differences.
    pub expected_differences: usize,
    /// Trials that failed, stale entries included.
    pub failed: usize,
    pub engine_failed: usize,
    pub unsupported: usize,
}

impl Tally {
    pub fn add(&mut self, outcome: &Outcome) {
        match outcome {
            Outcome::Passed => self.passed += 1,
            Outcome::ExpectedDifference => {
                self.passed += 1;
                self.expected_differences += 1;
            }
            Outcome::Failed { .. } | Outcome::Stale { .. } => self.failed += 1,
            Outcome::EngineFailed(_) => self.engine_failed += 1,
            Outcome::Unsupported(_) => self.unsupported += 1,
        }
    }

    pub fn merge(&mut self, other: Tally) {
        self.passed += other.passed;
        self.expected_differences += other.expected_differences;
        self.failed += other.failed;
        self.engine_failed += other.engine_failed;
        self.unsupported += other.unsupported;
    }

    /// Trials that ran and did not pass.
    pub fn not_passed(&self) -> usize {
        self.failed + self.engine_failed
    }

    pub fn total(&self) -> usize {
        self.passed + self.failed + self.engine_failed + self.unsupported
    }

    /// The share of the trials that ran (unsupported ones left out) that passed.
    pub fn pass_rate(&self) -> f64 {
        let ran = self.passed + self.not_passed();
        if ran == 0 {
            return 1.0;
        }
        self.passed as f64 / ran as f64
    }
}
