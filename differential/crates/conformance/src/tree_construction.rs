//! html5lib tree-construction `.dat` files against any engine.
//!
//! Each case ([`litmus_compare::dat`]) is parsed as a document, or with `#document-fragment`
//! as a fragment in that context, in the scripting mode its `#script-on` /
//! `#script-off` says or in both, and the engine's tree dump must equal `#document`
//! exactly: one [`TreeConstructionTrial`] per case and scripting mode. litmus's
//! [`ExpectedDifferences`] apply to the trials they name.
//!
//! # Parse errors
//!
//! Engines give no parse errors (their answer is a tree), so the errors of a trial are
//! the reference parser's, compared by [`TreeConstructionTrial::run_errors`]
//! ([`check_errors`] the comparison itself):
//!
//! - **The count, on every trial**: litmus's parse errors (input stream, tokenizer and
//!   tree construction together) must be as many as the lines of `#errors`. The
//!   `#new-errors` lines are not added to the count: in this html5lib snapshot they
//!   restate, with the standard's codes, tokenizer errors `#errors` already counts
//!   ([`litmus_compare::dat::DatCase::error_count`]).
//! - **Codes and positions, where the file gives the standard's**: every `#new-errors`
//!   line, `(L:C) code` or `(L:C-L:C) code`, must be matched by an error of litmus
//!   with that code at that line and column (for a range, anywhere from its start to
//!   its end; litmus places a tag's errors at its end), each error of litmus matching
//!   one line at most.
//! - **Not compared**: the text and positions of `#errors` lines. Their codes are
//!   html5lib's own names (`expected-doctype-but-got-start-tag`), or messages in
//!   words, which litmus's `tree-*` codes do not map to one for one, and their
//!   `(L,C)` positions follow html5lib's own tokenizer, columns counted from 0 and not
//!   always alike (a character run's error at its end in one file, at the next tag's
//!   in another; the end of the input one column further in some files): only their
//!   number is compared.
//!
//! Where the file's errors predate the standard or miscount what it says, litmus
//! lists the trial in its own file of error differences
//! ([`ExpectedDifferences::embedded_errors`]), each with its reason.
//!
//! [`list`] plans a file's trials without running them (the test suite makes one
//! libtest trial of each); [`TreeConstructionTrial::run`] runs one with an engine;
//! [`run_tree_construction`] does both for a whole file (`litmus conformance`), and
//! [`run_tree_construction_errors`] checks a whole file's parse errors.

use super::expected_differences::ExpectedDifferences;
use super::files::{file_name, ConformanceError};
use super::outcome::{Outcome, Trial};
use litmus_compare::dat;
use litmus_engines::case::{EngineFailure, ParseRequest};
use litmus_engines::engine::Engine;
use litmus_parser::{FragmentContext, ParseError};
use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;
use std::time::Instant;

/// One trial of a `.dat` file, planned: a case in one scripting mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeConstructionTrial {
    /// `tests1.dat#12 [script-on]`: the file, the case's 0-based index, the scripting
    /// mode. The name [`ExpectedDifferences`] list trials by.
    pub name: String,
    /// The file's name (`tests1.dat`).
    pub file: String,
    /// The case's 0-based index in its file.
    pub index: usize,
    /// The 1-based line of the case's `#data`.
    pub line: usize,
    /// The parse: input, fragment context, scripting flag.
    pub request: ParseRequest,
    /// The `#document` section: the tree dump the file expects.
    pub expected_tree: String,
    /// The lines of `#errors`: how many parse errors the case expects.
    pub expected_errors: usize,
    /// The case's `#errors` lines, for reports.
    pub errors_lines: Vec<String>,
    /// The `#new-errors` lines: errors with the standard's codes, at positions.
    pub expected_coded_errors: Vec<CodedError>,
    /// The reason, when litmus lists the trial as an expected difference.
    pub expected_difference: Option<String>,
    /// The reason, when litmus lists the trial's parse errors as an expected
    /// difference.
    pub errors_expected_difference: Option<String>,
}

/// A `#new-errors` line: `(L:C) code`, or `(L:C-L:C) code` for a span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodedError {
    /// The standard's code, as written (a code litmus does not know never matches).
    pub code: String,
    /// The 1-based line and column where the error is.
    pub start: (u32, u32),
    /// The end of a span, inclusive; `start` for a single position.
    pub end: (u32, u32),
}

impl CodedError {
    /// Reads `(L:C) code` or `(L:C-L:C) code`; `None` for any other shape.
    pub fn parse(line: &str) -> Option<CodedError> {
        let rest = line.strip_prefix('(')?;
        let (position, code) = rest.split_once(") ")?;
        let code = code.trim();
        if code.is_empty() || code.contains(char::is_whitespace) {
            return None;
        }
        let point = |text: &str| -> Option<(u32, u32)> {
            let (line, column) = text.split_once(':')?;
            Some((line.parse().ok()?, column.parse().ok()?))
        };
        let (start, end) = match position.split_once('-') {
            Some((start, end)) => (point(start)?, point(end)?),
            None => (point(position)?, point(position)?),
        };
        if end < start {
            return None;
        }
        Some(CodedError {
            code: code.to_owned(),
            start,
            end,
        })
    }

    /// Whether `error` is this one: the same code, at its position or in its span.
    pub fn matches(&self, error: &ParseError) -> bool {
        let at = (error.line, error.column);
        error.code.as_str() == self.code && self.start <= at && at <= self.end
    }
}

impl fmt::Display for CodedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, column) = self.start;
        if self.start == self.end {
            write!(f, "({line}:{column}) {}", self.code)
        } else {
            let (end_line, end_column) = self.end;
            write!(f, "({line}:{column}-{end_line}:{end_column}) {}", self.code)
        }
    }
}

/// A `.dat` file's trials, planned.
#[derive(Clone, Debug, Default)]
pub struct TreeConstructionFile {
    pub trials: Vec<TreeConstructionTrial>,
    /// The expected differences of this file that name none of its trials: trials
    /// that failed already ([`Outcome::Stale`]).
    pub stale_entries: Vec<Trial>,
    /// The same, of the error differences, named as error trials.
    pub stale_error_entries: Vec<Trial>,
}

/// Reads a `.dat` file and plans its trials, in file order, scripting on before off,
/// with the tree differences `expected_differences` and the error differences
/// `error_differences` litmus lists. A file that cannot be read, is malformed, names
/// an unreadable context element or has a `#new-errors` line of another shape than
/// `(L:C) code` is an error naming the file and line.
pub fn list(
    path: &Path,
    expected_differences: &ExpectedDifferences,
    error_differences: &ExpectedDifferences,
) -> Result<TreeConstructionFile, ConformanceError> {
    let error = |line: Option<usize>, message: String| ConformanceError {
        file: path.to_path_buf(),
        line,
        message,
    };
    let text =
        litmus_engines::limits::read_text_file(path, litmus_engines::limits::MAX_DATA_FILE_BYTES)
            .map_err(|e| error(None, format!("cannot be read as UTF-8 text: {e}")))?;
    let cases = dat::parse(&text).map_err(|e| error(Some(e.line), e.message))?;
    let file = file_name(path);
    let mut trials = Vec::new();
    for (index, case) in cases.into_iter().enumerate() {
        let context = match &case.fragment_context {
            None => None,
            Some(text) => Some(FragmentContext::parse(text).ok_or_else(|| {
                error(
                    Some(case.line),
                    format!("bad #document-fragment context {text:?}"),
                )
            })?),
        };
        let coded_errors = case
            .new_errors
            .iter()
            .map(|line| {
                CodedError::parse(line).ok_or_else(|| {
                    error(
                        Some(case.line),
                        format!("a #new-errors line is not `(L:C) code`: {line:?}"),
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let modes = match case.scripting {
            Some(scripting) => vec![scripting],
            None => vec![true, false],
        };
        for scripting in modes {
            let mode = if scripting { "script-on" } else { "script-off" };
            let name = format!("{file}#{index} [{mode}]");
            let request = match &context {
                Some(context) => {
                    ParseRequest::fragment(case.data.clone(), context.clone(), scripting)
                }
                None => ParseRequest::document(case.data.clone(), scripting),
            };
            trials.push(TreeConstructionTrial {
                expected_difference: expected_differences.reason(&name).map(str::to_owned),
                file: file.clone(),
                index,
                line: case.line,
                request,
                expected_tree: case.document.clone(),
                expected_errors: case.error_count(),
                errors_lines: case.errors.clone(),
                expected_coded_errors: coded_errors.clone(),
                errors_expected_difference: error_differences.reason(&name).map(str::to_owned),
                name,
            });
        }
    }
    let names: BTreeSet<String> = trials.iter().map(|t| t.name.clone()).collect();
    let stale_entries = expected_differences.naming_no_trial(&file, &names);
    let stale_error_entries = error_differences
        .naming_no_trial(&file, &names)
        .into_iter()
        .map(|mut trial| {
            trial.name = errors_trial_name(&trial.name);
            trial
        })
        .collect();
    Ok(TreeConstructionFile {
        trials,
        stale_entries,
        stale_error_entries,
    })
}

/// The name of a trial's parse-error check: `tests1.dat#12 [script-on] errors`.
pub fn errors_trial_name(trial_name: &str) -> String {
    format!("{trial_name} errors")
}

impl TreeConstructionTrial {
    /// Parses with `engine` and compares its tree with the file's, applying the
    /// trial's expected difference if it has one.
    pub fn run(&self, engine: &mut dyn Engine) -> Trial {
        let started = Instant::now();
        let result = engine.parse(&self.request);
        let duration = started.elapsed();
        let outcome = match (result, &self.expected_difference) {
            (Ok(output), None) if output.tree == self.expected_tree => Outcome::Passed,
            (Ok(output), None) => Outcome::Failed {
                expected: self.expected_tree.clone(),
                actual: output.tree,
            },
            (Ok(output), Some(_)) if output.tree != self.expected_tree => {
                Outcome::ExpectedDifference
            }
            (Ok(_), Some(_)) => Outcome::Stale {
                message: stale_message(engine.name()),
            },
            (Err(EngineFailure::Unsupported { message }), _) => Outcome::Unsupported(message),
            (Err(failure), _) => Outcome::EngineFailed(failure),
        };
        Trial {
            name: self.name.clone(),
            file: self.file.clone(),
            index: self.index,
            line: self.line,
            options: self.request.options_description(),
            input: self.request.input.clone(),
            outcome,
            listed_reason: self.expected_difference.clone(),
            duration,
        }
    }
}

impl TreeConstructionTrial {
    /// Parses with the reference parser and compares its parse errors with the file's
    /// ([`check_errors`]), applying the trial's error difference if it has one.
    pub fn run_errors(&self) -> Trial {
        let started = Instant::now();
        let errors = reference_parse_errors(&self.request);
        let duration = started.elapsed();
        let outcome = match (
            check_errors(self.expected_errors, &self.expected_coded_errors, &errors),
            &self.errors_expected_difference,
        ) {
            (Ok(()), None) => Outcome::Passed,
            (Err(_), Some(_)) => Outcome::ExpectedDifference,
            (Ok(()), Some(_)) => Outcome::Stale {
                message: format!(
                    "listed as an expected difference, but the parse errors match the file's: remove the entry from {}",
                    super::expected_differences::ERROR_EXPECTED_DIFFERENCES_FILE
                ),
            },
            (Err(matched), None) => Outcome::Failed {
                expected: self.expected_errors_text(),
                actual: actual_errors_text(&errors, &matched),
            },
        };
        Trial {
            name: errors_trial_name(&self.name),
            file: self.file.clone(),
            index: self.index,
            line: self.line,
            options: format!("{}, parse errors", self.request.options_description()),
            input: self.request.input.clone(),
            outcome,
            listed_reason: self.errors_expected_difference.clone(),
            duration,
        }
    }

    /// The file's errors as a failure report shows them: the count, then the lines.
    fn expected_errors_text(&self) -> String {
        let mut text = format!("{} parse errors\n", self.expected_errors);
        for line in &self.errors_lines {
            text.push_str(&format!("#errors {line}\n"));
        }
        for coded in &self.expected_coded_errors {
            text.push_str(&format!("#new-errors {coded}\n"));
        }
        text
    }
}

/// litmus's errors as a failure report shows them: the count, the `#new-errors` lines
/// they matched (written as the file writes them, so that a diff shows the unmatched
/// ones), then every error.
fn actual_errors_text(errors: &[ParseError], matched: &[&CodedError]) -> String {
    let mut text = format!("{} parse errors\n", errors.len());
    for coded in matched {
        text.push_str(&format!("#new-errors {coded}\n"));
    }
    for error in errors {
        text.push_str(&format!("litmus {error}\n"));
    }
    text
}

/// Compares a parse's errors with a case's: as many as `expected_count`, and every
/// one of `coded` matched by an error of its code at its position (each error matching
/// one line at most). `Err` holds the lines that were matched, for the report.
pub fn check_errors<'a>(
    expected_count: usize,
    coded: &'a [CodedError],
    errors: &[ParseError],
) -> Result<(), Vec<&'a CodedError>> {
    let mut used = vec![false; errors.len()];
    let mut matched = Vec::new();
    for expected in coded {
        let found = errors
            .iter()
            .enumerate()
            .find(|(i, error)| !used[*i] && expected.matches(error));
        if let Some((i, _)) = found {
            used[i] = true;
            matched.push(expected);
        }
    }
    if errors.len() == expected_count && matched.len() == coded.len() {
        Ok(())
    } else {
        Err(matched)
    }
}

/// The reference parser's parse errors for a request, every stage's, in order of
/// position. (Engines answer with a tree only.)
pub fn reference_parse_errors(request: &ParseRequest) -> Vec<ParseError> {
    let document = litmus_engines::engine::parse_with_the_reference_parser(request);
    // Without a deadline, only an input over the size limit fails, and no html5lib
    // case is one.
    document
        .map(|mut d| std::mem::take(&mut d.errors))
        .unwrap_or_default()
}

/// Why a listed trial whose tree matches the file's fails.
fn stale_message(engine: &str) -> String {
    let file = super::expected_differences::EXPECTED_DIFFERENCES_FILE;
    if engine == "litmus" {
        format!(
            "listed as an expected difference, but the tree matches the file's: remove the entry from {file}"
        )
    } else {
        format!(
            "{engine} builds the tree the file expects, which the standard of 2026 no longer builds (listed in {file})"
        )
    }
}

/// Runs every trial of a tree-construction `.dat` file with `engine`, then adds the
/// file's entries of `expected_differences` that name no trial.
pub fn run_tree_construction(
    path: &Path,
    engine: &mut dyn Engine,
    expected_differences: &ExpectedDifferences,
) -> Result<Vec<Trial>, ConformanceError> {
    let planned = list(path, expected_differences, &ExpectedDifferences::default())?;
    let mut trials: Vec<Trial> = planned.trials.iter().map(|t| t.run(engine)).collect();
    trials.extend(planned.stale_entries);
    Ok(trials)
}

/// Checks the reference parser's parse errors on every trial of a tree-construction
/// `.dat` file ([`TreeConstructionTrial::run_errors`]), then adds the file's entries of
/// `error_differences` that name no trial.
pub fn run_tree_construction_errors(
    path: &Path,
    error_differences: &ExpectedDifferences,
) -> Result<Vec<Trial>, ConformanceError> {
    let planned = list(path, &ExpectedDifferences::default(), error_differences)?;
    let mut trials: Vec<Trial> = planned.trials.iter().map(|t| t.run_errors()).collect();
    trials.extend(planned.stale_error_entries);
    Ok(trials)
}
