//! The html5lib tree construction tests: one trial per (file, case, scripting flag),
//! and one check of its parse errors.
//!
//! The trials, their expectations and their verdicts are `litmus conformance`'s
//! ([`litmus_differential::conformance::tree_construction`]): each case is parsed as a
//! document, or with `#document-fragment` as a fragment with that context element, in
//! both scripting modes unless it says `#script-on` or `#script-off`, by the reference
//! parser in process (`LitmusEngine`), and the html5lib tree dump of the result is
//! compared exactly with its `#document` (`tree-construction/FILE#I [script-on]`).
//!
//! Each trial's parse errors are a trial of their own
//! (`tree-construction-errors/FILE#I [script-on]`): litmus's number of errors must be
//! the number of `#errors` lines, and each `#new-errors` line, `(L:C) code`, must be
//! matched by an error of litmus with that code at that position. The text and
//! positions of `#errors` lines are not compared: their codes are html5lib's old names
//! or words, which litmus's `tree-*` codes do not map to one for one (the module
//! documentation of `tree_construction` says why, and what `#new-errors` are).
//!
//! The cases under `tree-construction/scripted/` need a script engine
//! (`document.write`) and are listed as ignored trials.
//!
//! The html5lib snapshot predates the standard of 2026 here and there.
//! `differential/data/tree-construction-expected-differences.txt` lists each trial whose
//! tree predates it (processing instructions), and
//! `differential/data/tree-construction-error-expected-differences.txt` each trial whose
//! errors cannot match the file's, with its reason. A listed trial passes when it
//! differs from the file's; it fails if it matches the file (the entry is stale), and an
//! entry that names no trial (or a file the folder does not have) is a failing trial of
//! its own.
//!
//! The last two lines are `tree-construction: N passed, M failed` and
//! `tree-construction errors: N passed, M failed`; an unfiltered run fails when fewer
//! than [`MINIMUM_CASES`] trials of either kind ran.

use libtest_mimic::{Arguments, Failed, Trial};
use litmus_differential::conformance::tree_construction::{self, TreeConstructionTrial};
use litmus_differential::conformance::{ExpectedDifferences, Outcome};
use litmus_differential::dat;
use litmus_differential::engine::LitmusEngine;
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// The trials of the html5lib snapshot outside `scripted/`: 1,788 cases, each in both
/// scripting modes except the 27 with a `#script-on` or `#script-off` section.
const MINIMUM_CASES: usize = 3549;

/// What the trials found, for the summary: the two kinds of trial counted apart.
#[derive(Default)]
struct Tally {
    trees: Counts,
    errors: Counts,
}

#[derive(Default)]
struct Counts {
    passed: AtomicUsize,
    failed: AtomicUsize,
    expected_differences: AtomicUsize,
}

impl Counts {
    /// Counts a trial's result and hands it on.
    fn count(&self, result: Result<(), Failed>) -> Result<(), Failed> {
        let counter = if result.is_ok() {
            &self.passed
        } else {
            &self.failed
        };
        counter.fetch_add(1, Ordering::Relaxed);
        result
    }

    fn get(&self) -> (usize, usize, usize) {
        (
            self.passed.load(Ordering::Relaxed),
            self.failed.load(Ordering::Relaxed),
            self.expected_differences.load(Ordering::Relaxed),
        )
    }
}

fn main() {
    let args = Arguments::from_args();
    let expected_differences = ExpectedDifferences::embedded();
    let error_differences = ExpectedDifferences::embedded_errors();
    let tally = Arc::new(Tally::default());
    let mut trials = Vec::new();
    let mut files = BTreeSet::new();

    for path in litmus_tests::data_files("tree-construction", "dat") {
        files.insert(litmus_tests::file_name(&path));
        let planned = tree_construction::list(&path, &expected_differences, &error_differences)
            .unwrap_or_else(|e| panic!("{e}"));
        for trial in planned.trials {
            let trial = Arc::new(trial);
            let (tree_trial, tree_tally) = (Arc::clone(&trial), Arc::clone(&tally));
            trials.push(Trial::test(
                format!("tree-construction/{}", trial.name),
                move || tree_tally.trees.count(run_trial(&tree_trial, &tree_tally)),
            ));
            let errors_tally = Arc::clone(&tally);
            trials.push(Trial::test(
                format!("tree-construction-errors/{}", trial.name),
                move || errors_tally.errors.count(run_errors(&trial, &errors_tally)),
            ));
        }
        for stale in planned.stale_entries {
            let tally = Arc::clone(&tally);
            let message = stale.describe("litmus").unwrap_or_default();
            trials.push(Trial::test(
                format!("tree-construction/{}", stale.name),
                move || tally.trees.count(Err(message.into())),
            ));
        }
        for stale in planned.stale_error_entries {
            let tally = Arc::clone(&tally);
            let message = stale.describe("litmus").unwrap_or_default();
            trials.push(Trial::test(
                format!("tree-construction-errors/{}", stale.name),
                move || tally.errors.count(Err(message.into())),
            ));
        }
    }
    for list in [&expected_differences, &error_differences] {
        for file in list.files() {
            if !files.contains(file) {
                let message = format!(
                    "{} lists trials of {file}, which the tree-construction folder does not have",
                    list.file()
                );
                let tally = Arc::clone(&tally);
                trials.push(Trial::test(
                    format!(
                        "tree-construction/{file}: expected differences in {}",
                        list.file()
                    ),
                    move || tally.trees.count(Err(message.into())),
                ));
            }
        }
    }
    trials.extend(scripted_trials());

    let conclusion = libtest_mimic::run(&args, trials);
    if args.list {
        return;
    }
    if args.filter.is_none() && args.skip.is_empty() && !args.ignored {
        let (passed, failed, listed) = tally.trees.get();
        let (errors_passed, errors_failed, errors_listed) = tally.errors.get();
        println!(
            "tree-construction: {listed} of the passes are listed expected differences ({})",
            expected_differences.file()
        );
        println!(
            "tree-construction errors: {errors_listed} of the passes are listed expected differences ({})",
            error_differences.file()
        );
        litmus_tests::closing_line("tree-construction", passed, failed, MINIMUM_CASES);
        litmus_tests::closing_line(
            "tree-construction errors",
            errors_passed,
            errors_failed,
            MINIMUM_CASES,
        );
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

/// Runs one trial's tree with the reference parser.
fn run_trial(trial: &TreeConstructionTrial, tally: &Tally) -> Result<(), Failed> {
    let result = trial.run(&mut LitmusEngine);
    if result.outcome == Outcome::ExpectedDifference {
        tally
            .trees
            .expected_differences
            .fetch_add(1, Ordering::Relaxed);
    }
    match result.describe("litmus") {
        None => Ok(()),
        Some(message) => Err(message.into()),
    }
}

/// Checks one trial's parse errors.
fn run_errors(trial: &TreeConstructionTrial, tally: &Tally) -> Result<(), Failed> {
    let result = trial.run_errors();
    if result.outcome == Outcome::ExpectedDifference {
        tally
            .errors
            .expected_differences
            .fetch_add(1, Ordering::Relaxed);
    }
    match result.describe("litmus") {
        None => Ok(()),
        Some(message) => Err(message.into()),
    }
}
