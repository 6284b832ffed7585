//! The html5lib tree construction tests: one trial per (file, case, scripting flag).
//!
//! Each case is parsed as a document, or with `#document-fragment` as a fragment with
//! that context element, in both scripting modes unless it says `#script-on` or
//! `#script-off`, and the html5lib tree dump of the result is compared exactly with its
//! `#document`. Parse errors are not compared (litmus's tree-construction errors have
//! codes of its own); their count is shown beside each failure, and a summary line
//! counts the trials whose error count matches `#errors` plus `#new-errors`.
//!
//! The cases under `tree-construction/scripted/` need a script engine
//! (`document.write`) and are listed as ignored trials.
//!
//! The html5lib snapshot predates processing-instruction parsing (2026): a few cases
//! expect a bogus comment where the standard now builds a processing instruction.
//! `tests/data/tree-construction-expected-differences.txt` lists each such trial with
//! its reason. A listed trial passes when its tree differs from the file's; the run
//! fails if a listed trial matches the file (the entry is stale) or names no trial.
//!
//! The closing line is `tree-construction: N passed, M failed`; an unfiltered run fails
//! when fewer than [`MINIMUM_CASES`] trials ran.

use libtest_mimic::{Arguments, Failed, Trial};
use litmus_parser::{dump, parse_document, parse_fragment, FragmentContext, ParseOptions};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The trials of the html5lib snapshot outside `scripted/`: 1,788 cases, each in both
/// scripting modes except the 27 with a `#script-on` or `#script-off` section.
const MINIMUM_CASES: usize = 3549;

/// The expected-differences file, relative to this crate.
const EXPECTED_DIFFERENCES_FILE: &str = "data/tree-construction-expected-differences.txt";

/// One case of a `.dat` file.
#[derive(Clone, Debug, Default)]
struct Case {
    data: String,
    errors: usize,
    context: Option<String>,
    /// `Some(true)` for `#script-on`, `Some(false)` for `#script-off`.
    scripting: Option<bool>,
    document: String,
}

/// Reads the cases of a `.dat` file: each starts at a `#data` line and runs until the
/// next one; sections start at their `#` lines.
fn read_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut chunks: Vec<&str> = Vec::new();
    let mut rest = text;
    if let Some(stripped) = rest.strip_prefix("#data\n") {
        rest = stripped;
        loop {
            match rest.find("\n#data\n") {
                Some(end) => {
                    chunks.push(&rest[..end + 1]);
                    rest = &rest[end + "\n#data\n".len()..];
                }
                None => {
                    chunks.push(rest);
                    break;
                }
            }
        }
    }
    for chunk in chunks {
        let mut case = Case::default();
        let mut section = "#data";
        let mut data_lines: Vec<&str> = Vec::new();
        let mut document_lines: Vec<&str> = Vec::new();
        for line in chunk.split('\n') {
            let header = matches!(
                line,
                "#errors"
                    | "#new-errors"
                    | "#document-fragment"
                    | "#script-on"
                    | "#script-off"
                    | "#document"
            );
            // A line of the data section is data, whatever it looks like, until
            // #errors.
            if header && (section != "#data" || line == "#errors") {
                section = line;
                match line {
                    "#script-on" => case.scripting = Some(true),
                    "#script-off" => case.scripting = Some(false),
                    _ => {}
                }
                continue;
            }
            match section {
                "#data" => data_lines.push(line),
                "#errors" | "#new-errors" if !line.is_empty() => case.errors += 1,
                "#document-fragment" if !line.is_empty() => case.context = Some(line.to_owned()),
                "#document" => document_lines.push(line),
                _ => {}
            }
        }
        case.data = data_lines.join("\n");
        let document = document_lines.join("\n");
        case.document = format!("{}\n", document.trim_end_matches('\n'));
        cases.push(case);
    }
    cases
}

/// The expected differences: trial name (without the folder) → reason.
fn read_expected_differences() -> BTreeMap<String, String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(EXPECTED_DIFFERENCES_FILE);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut differences = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((name, reason)) = line.split_once(" | ") else {
            panic!(
                "{}: a line is `FILE#INDEX [script-on|script-off] | reason`: {line}",
                path.display()
            );
        };
        differences.insert(name.trim().to_owned(), reason.trim().to_owned());
    }
    differences
}

/// What a trial found, for the summary.
#[derive(Default)]
struct Tally {
    errors_matching: AtomicUsize,
    expected_differences_seen: Mutex<Vec<String>>,
}

fn main() {
    let args = Arguments::from_args();
    let expected_differences = Arc::new(read_expected_differences());
    let tally = Arc::new(Tally::default());
    let mut trials = Vec::new();
    let mut known_names = Vec::new();

    for path in litmus_tests::data_files("tree-construction", "dat") {
        let file = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        for (index, case) in read_cases(&text).into_iter().enumerate() {
            let modes: &[bool] = match case.scripting {
                Some(true) => &[true],
                Some(false) => &[false],
                None => &[true, false],
            };
            let case = Arc::new(case);
            for &scripting in modes {
                let mode = if scripting { "script-on" } else { "script-off" };
                let key = format!("{file}#{index} [{mode}]");
                known_names.push(key.clone());
                let expected_difference = expected_differences.get(&key).cloned();
                let case = Arc::clone(&case);
                let tally = Arc::clone(&tally);
                trials.push(Trial::test(format!("tree-construction/{key}"), move || {
                    run_case(
                        &case,
                        scripting,
                        expected_difference.as_deref(),
                        &key,
                        &tally,
                    )
                }));
            }
        }
    }
    let scripted_dir = litmus_tests::html5lib_tests_dir().join("tree-construction/scripted");
    if scripted_dir.is_dir() {
        for path in litmus_tests::data_files("tree-construction/scripted", "dat") {
            let file = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            for index in 0..read_cases(&text).len() {
                trials.push(
                    Trial::test(format!("tree-construction/scripted/{file}#{index}"), || {
                        Ok(())
                    })
                    .with_ignored_flag(true)
                    .with_kind("needs a script engine (document.write)"),
                );
            }
        }
    }

    let stale_names: Vec<&String> = expected_differences
        .keys()
        .filter(|name| !known_names.contains(name))
        .collect();
    assert!(
        stale_names.is_empty(),
        "{EXPECTED_DIFFERENCES_FILE} names trials that do not exist: {stale_names:?}"
    );

    let conclusion = libtest_mimic::run(&args, trials);
    if args.list {
        return;
    }
    let failed = conclusion.num_failed as usize;
    let passed = conclusion.num_passed as usize;
    if args.filter.is_none() && args.skip.is_empty() && !args.ignored {
        let seen = tally
            .expected_differences_seen
            .lock()
            .map(|s| s.len())
            .unwrap_or(0);
        println!(
            "tree-construction: {} of {} trials have as many parse errors as #errors and #new-errors list (not compared)",
            tally.errors_matching.load(Ordering::Relaxed),
            passed + failed
        );
        println!(
            "tree-construction: {seen} of the passes are listed expected differences ({EXPECTED_DIFFERENCES_FILE})"
        );
        litmus_tests::closing_line("tree-construction", passed, failed, MINIMUM_CASES);
    }
    conclusion.exit();
}

fn run_case(
    case: &Case,
    scripting: bool,
    expected_difference: Option<&str>,
    key: &str,
    tally: &Tally,
) -> Result<(), Failed> {
    let options = ParseOptions {
        scripting,
        ..ParseOptions::default()
    };
    let document = match &case.context {
        Some(context) => {
            let context = FragmentContext::parse(context)
                .ok_or_else(|| Failed::from(format!("unreadable context element {context:?}")))?;
            parse_fragment(&case.data, &context, &options)
        }
        None => parse_document(&case.data, &options),
    }
    .map_err(|e| Failed::from(format!("the parse failed: {e}")))?;
    let actual = dump::dump(&document);
    let errors = document.errors.len();
    if errors == case.errors {
        tally.errors_matching.fetch_add(1, Ordering::Relaxed);
    } else if std::env::var_os("LITMUS_SHOW_ERROR_COUNTS").is_some() {
        // A debugging aid: the trials whose parse error count differs from the file's.
        eprintln!(
            "{key}: {errors} parse errors, the file lists {}: {:?}\n  {}",
            case.errors,
            case.data,
            document
                .errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    match expected_difference {
        None if actual == case.document => Ok(()),
        None => Err(Failed::from(format!(
            "input: {:?}{}\nexpected:\n{}actual:\n{}parse errors: {errors} (the file lists {})\n{}",
            case.data,
            case.context
                .as_ref()
                .map(|c| format!(" (fragment, context {c})"))
                .unwrap_or_default(),
            case.document,
            actual,
            case.errors,
            document
                .errors
                .iter()
                .map(|e| format!("  {e}\n"))
                .collect::<String>(),
        ))),
        Some(reason) if actual != case.document => {
            if let Ok(mut seen) = tally.expected_differences_seen.lock() {
                seen.push(key.to_owned());
            }
            let _ = reason;
            Ok(())
        }
        Some(reason) => Err(Failed::from(format!(
            "listed as an expected difference ({reason}), but the tree matches the file: remove the entry from {EXPECTED_DIFFERENCES_FILE}"
        ))),
    }
}
