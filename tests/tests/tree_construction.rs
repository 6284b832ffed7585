//! The html5lib tree construction tests: one trial per (file, case, scripting flag).
//!
//! The trials, their expectations and their verdicts are `litmus conformance`'s
//! ([`litmus_differential::conformance::tree_construction`]): each case is parsed as a
//! document, or with `#document-fragment` as a fragment with that context element, in
//! both scripting modes unless it says `#script-on` or `#script-off`, by the reference
//! parser in process (`LitmusEngine`), and the html5lib tree dump of the result is
//! compared exactly with its `#document`. Parse errors are not compared (litmus's
//! tree-construction errors have codes of its own); their count is shown beside each
//! failure, and a summary line counts the trials whose error count matches `#errors`
//! plus `#new-errors`.
//!
//! The cases under `tree-construction/scripted/` need a script engine
//! (`document.write`) and are listed as ignored trials.
//!
//! The html5lib snapshot predates processing-instruction parsing (2026): a few cases
//! expect a bogus comment where the standard now builds a processing instruction.
//! `differential/data/tree-construction-expected-differences.txt` lists each such
//! trial with its reason. A listed trial passes when its tree differs from the file's;
//! it fails if it matches the file (the entry is stale), and an entry that names no
//! trial (or a file the folder does not have) is a failing trial of its own.
//!
//! The closing line is `tree-construction: N passed, M failed`; an unfiltered run fails
//! when fewer than [`MINIMUM_CASES`] trials ran.

use libtest_mimic::{Arguments, Failed, Trial};
use litmus_differential::case::ParseRequest;
use litmus_differential::conformance::expected_differences::EXPECTED_DIFFERENCES_FILE;
use litmus_differential::conformance::tree_construction::{self, TreeConstructionTrial};
use litmus_differential::conformance::{self, ExpectedDifferences, Outcome};
use litmus_differential::dat;
use litmus_differential::engine::LitmusEngine;
use litmus_parser::{parse_document, parse_fragment, ParseError, ParseOptions};
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The trials of the html5lib snapshot outside `scripted/`: 1,788 cases, each in both
/// scripting modes except the 27 with a `#script-on` or `#script-off` section.
const MINIMUM_CASES: usize = 3549;

/// What the trials found, for the summary.
#[derive(Default)]
struct Tally {
    errors_matching: AtomicUsize,
    expected_differences: AtomicUsize,
}

fn main() {
    let args = Arguments::from_args();
    let expected_differences = ExpectedDifferences::embedded();
    let tally = Arc::new(Tally::default());
    let mut trials = Vec::new();
    let mut files = BTreeSet::new();

    for path in litmus_tests::data_files("tree-construction", "dat") {
        files.insert(litmus_tests::file_name(&path));
        let planned =
            tree_construction::list(&path, &expected_differences).unwrap_or_else(|e| panic!("{e}"));
        for trial in planned.trials {
            let tally = Arc::clone(&tally);
            let name = format!("tree-construction/{}", trial.name);
            trials.push(Trial::test(name, move || run_trial(&trial, &tally)));
        }
        for stale in planned.stale_entries {
            trials.push(failing_trial(&stale));
        }
    }
    for file in expected_differences.files() {
        if !files.contains(file) {
            let message = format!(
                "{EXPECTED_DIFFERENCES_FILE} lists trials of {file}, which the tree-construction folder does not have"
            );
            trials.push(Trial::test(
                format!("tree-construction/{file}: expected differences"),
                move || Err(message.into()),
            ));
        }
    }
    trials.extend(scripted_trials());

    let conclusion = libtest_mimic::run(&args, trials);
    if args.list {
        return;
    }
    let failed = conclusion.num_failed as usize;
    let passed = conclusion.num_passed as usize;
    if args.filter.is_none() && args.skip.is_empty() && !args.ignored {
        println!(
            "tree-construction: {} of {} trials have as many parse errors as #errors and #new-errors list (not compared)",
            tally.errors_matching.load(Ordering::Relaxed),
            passed + failed
        );
        println!(
            "tree-construction: {} of the passes are listed expected differences ({EXPECTED_DIFFERENCES_FILE})",
            tally.expected_differences.load(Ordering::Relaxed)
        );
        litmus_tests::closing_line("tree-construction", passed, failed, MINIMUM_CASES);
    }
    conclusion.exit();
}

/// The cases of `tree-construction/scripted/`, as ignored trials.
fn scripted_trials() -> Vec<Trial> {
    let scripted_dir = litmus_tests::html5lib_tests_dir().join("tree-construction/scripted");
    if !scripted_dir.is_dir() {
        return Vec::new();
    }
    let mut trials = Vec::new();
    for path in litmus_tests::data_files("tree-construction/scripted", "dat") {
        let file = litmus_tests::file_name(&path);
        let cases = dat::read_file(&path).unwrap_or_else(|e| panic!("{e}"));
        for index in 0..cases.len() {
            trials.push(
                Trial::test(format!("tree-construction/scripted/{file}#{index}"), || {
                    Ok(())
                })
                .with_ignored_flag(true)
                .with_kind("needs a script engine (document.write)"),
            );
        }
    }
    trials
}

/// A trial that failed before it ran (an expected difference that names no trial).
fn failing_trial(stale: &conformance::Trial) -> Trial {
    let message = stale.describe("litmus").unwrap_or_default();
    Trial::test(format!("tree-construction/{}", stale.name), move || {
        Err(message.into())
    })
}

/// Runs one trial with the reference parser, and counts its parse errors against the
/// file's.
fn run_trial(trial: &TreeConstructionTrial, tally: &Tally) -> Result<(), Failed> {
    let result = trial.run(&mut LitmusEngine);
    let errors = parse_errors(&trial.request);
    if errors.len() == trial.expected_errors {
        tally.errors_matching.fetch_add(1, Ordering::Relaxed);
    } else if std::env::var_os("LITMUS_SHOW_ERROR_COUNTS").is_some() {
        // A debugging aid: the trials whose parse error count differs from the file's.
        eprintln!(
            "{}: {} parse errors, the file lists {}: {:?}\n  {}",
            trial.name,
            errors.len(),
            trial.expected_errors,
            trial.request.input,
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if result.outcome == Outcome::ExpectedDifference {
        tally.expected_differences.fetch_add(1, Ordering::Relaxed);
    }
    match result.describe("litmus") {
        None => Ok(()),
        Some(mut message) => {
            message.push_str(&format!(
                "parse errors: {} (the file lists {})\n",
                errors.len(),
                trial.expected_errors
            ));
            for error in &errors {
                message.push_str(&format!("  {error}\n"));
            }
            Err(message.into())
        }
    }
}

/// The reference parser's parse errors for a request (the engine's answer has only the
/// tree).
fn parse_errors(request: &ParseRequest) -> Vec<ParseError> {
    let options = ParseOptions {
        scripting: request.scripting,
        ..ParseOptions::default()
    };
    let document = match &request.fragment {
        Some(context) => parse_fragment(&request.input, context, &options),
        None => parse_document(&request.input, &options),
    };
    document.map(|d| d.errors).unwrap_or_default()
}
