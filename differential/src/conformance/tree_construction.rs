//! html5lib tree-construction `.dat` files against any engine.
//!
//! Each case ([`crate::dat`]) is parsed as a document, or with `#document-fragment`
//! as a fragment in that context, in the scripting mode its `#script-on` /
//! `#script-off` says or in both, and the engine's tree dump must equal `#document`
//! exactly: one [`TreeConstructionTrial`] per case and scripting mode. Parse errors are
//! not compared (engines report them in their own words); each trial carries the
//! count the file lists, for reports. litmus's [`ExpectedDifferences`] apply to the
//! trials they name.
//!
//! [`list`] plans a file's trials without running them (the test suite makes one
//! libtest trial of each); [`TreeConstructionTrial::run`] runs one with an engine;
//! [`run_tree_construction`] does both for a whole file (`litmus conformance`).

use super::expected_differences::{ExpectedDifferences, EXPECTED_DIFFERENCES_FILE};
use super::outcome::{Outcome, Trial};
use super::{file_name, ConformanceError};
use crate::case::{EngineFailure, ParseRequest};
use crate::dat;
use crate::engine::Engine;
use litmus_parser::FragmentContext;
use std::collections::BTreeSet;
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
    /// The parse errors the case lists (`#errors` and `#new-errors`); not compared.
    pub expected_errors: usize,
    /// The reason, when litmus lists the trial as an expected difference.
    pub expected_difference: Option<String>,
}

/// A `.dat` file's trials, planned.
#[derive(Clone, Debug, Default)]
pub struct TreeConstructionFile {
    pub trials: Vec<TreeConstructionTrial>,
    /// The expected differences of this file that name none of its trials: trials
    /// that failed already ([`Outcome::Stale`]).
    pub stale_entries: Vec<Trial>,
}

/// Reads a `.dat` file and plans its trials, in file order, scripting on before off.
/// A file that cannot be read, is malformed or names an unreadable context element is
/// an error naming the file and line.
pub fn list(
    path: &Path,
    expected_differences: &ExpectedDifferences,
) -> Result<TreeConstructionFile, ConformanceError> {
    let error = |line: Option<usize>, message: String| ConformanceError {
        file: path.to_path_buf(),
        line,
        message,
    };
    let text = crate::limits::read_text_file(path, crate::limits::MAX_DATA_FILE_BYTES)
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
                name,
                file: file.clone(),
                index,
                line: case.line,
                request,
                expected_tree: case.document.clone(),
                expected_errors: case.error_count(),
            });
        }
    }
    let names: BTreeSet<String> = trials.iter().map(|t| t.name.clone()).collect();
    let stale_entries = expected_differences.naming_no_trial(&file, &names);
    Ok(TreeConstructionFile {
        trials,
        stale_entries,
    })
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

/// Why a listed trial whose tree matches the file's fails.
fn stale_message(engine: &str) -> String {
    if engine == "litmus" {
        format!(
            "listed as an expected difference, but the tree matches the file's: remove the entry from {EXPECTED_DIFFERENCES_FILE}"
        )
    } else {
        format!(
            "{engine} builds the tree the file expects, which the standard of 2026 no longer builds (listed in {EXPECTED_DIFFERENCES_FILE})"
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
    let planned = list(path, expected_differences)?;
    let mut trials: Vec<Trial> = planned.trials.iter().map(|t| t.run(engine)).collect();
    trials.extend(planned.stale_entries);
    Ok(trials)
}
