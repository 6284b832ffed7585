//! The html5lib tokenizer tests: one trial per (file, case, initial state).
//!
//! The trials, their expectations and their verdicts are `litmus conformance`'s
//! ([`litmus_differential::conformance::tokenizer`]): each trial preprocesses and
//! tokenizes the case's input from its initial state (with its last start tag), and
//! compares the tokens (adjacent character tokens coalesced, attributes as a set) and
//! the exact list of parse errors (code, line, column, in order) with the expected
//! ones. Strings are compared as UTF-16 code units, so that `doubleEscaped` cases with
//! lone surrogates compare exactly.
//!
//! The html5lib snapshot predates processing instructions (2026): its cases with `<?`
//! expect a bogus comment and `unexpected-question-mark-instead-of-tag-name`.
//! `differential/data/tokenizer-2026-updates.json` gives, for each of them, the
//! expectation under the 2026 standard with a reason. A listed case is checked against
//! its update; it fails if it still meets its original expectation (the update is then
//! stale), and an update that names no case (or several, or a file the folder does not
//! have) is a failing trial of its own.
//!
//! The closing line is `tokenizer: N passed, M failed`; an unfiltered run fails when
//! fewer than [`MINIMUM_CASES`] trials ran.

use libtest_mimic::{Arguments, Trial};
use litmus_differential::conformance::tokenizer;
use litmus_differential::conformance::tokenizer_updates::UPDATES_FILE;
use litmus_differential::conformance::TokenizerUpdates;
use std::collections::BTreeSet;

/// The (file, case, initial state) combinations of the html5lib snapshot's `tests`
/// lists (`xmlViolation.test` holds `xmlViolationTests`, for XML-coercing tokenizers,
/// and is not run).
const MINIMUM_CASES: usize = 7032;

fn main() {
    let args = Arguments::from_args();
    let updates = TokenizerUpdates::embedded();
    let mut trials = Vec::new();
    let mut files = BTreeSet::new();
    for path in litmus_tests::data_files("tokenizer", "test") {
        files.insert(litmus_tests::file_name(&path));
        let planned = tokenizer::list(&path, &updates).unwrap_or_else(|e| panic!("{e}"));
        for trial in planned.trials {
            let name = format!("tokenizer/{}", trial.name);
            trials.push(Trial::test(name, move || {
                match trial.run().describe("the tokenizer") {
                    None => Ok(()),
                    Some(message) => Err(message.into()),
                }
            }));
        }
        for stale in planned.stale_updates {
            let message = stale.describe("the tokenizer").unwrap_or_default();
            trials.push(Trial::test(
                format!("tokenizer/{}", stale.name),
                move || Err(message.into()),
            ));
        }
    }
    for file in updates.files() {
        if !files.contains(file) {
            let message = format!(
                "{UPDATES_FILE} updates cases of {file}, which the tokenizer folder does not have"
            );
            trials.push(Trial::test(
                format!("tokenizer/{file}: updates"),
                move || Err(message.into()),
            ));
        }
    }

    let filtered = args.filter.is_some() || !args.skip.is_empty() || args.list;
    let conclusion = libtest_mimic::run(&args, trials);
    if args.list {
        return;
    }
    let minimum = if filtered { 0 } else { MINIMUM_CASES };
    litmus_tests::closing_line(
        "tokenizer",
        conclusion.num_passed as usize,
        conclusion.num_failed as usize,
        minimum,
    );
    conclusion.exit();
}
