//! The html5lib encoding tests: one trial per case of `encoding/*.dat`.
//!
//! A case is bytes (`#data`) and the name of the encoding a browser decodes them with
//! (`#encoding`), given no transport-layer encoding and windows-1252 as the default.
//! Each trial parses the bytes with [`parse_document_bytes`] (the encoding sniffing
//! algorithm, then "change the encoding" when tree construction meets a `meta` element
//! while the confidence is tentative) and compares the encoding of the final parse with
//! the expected one, by Encoding Standard name, ASCII case-insensitively. Some cases
//! need that second step: their `meta` lies past the 1024 bytes the prescan reads.
//!
//! The cases of `encoding/scripted/` declare their encoding through `document.write`
//! and need a script engine; they are listed as ignored.
//!
//! The closing line is `encoding: N passed, M failed`; an unfiltered run fails when
//! fewer than [`MINIMUM_CASES`] trials ran.

use libtest_mimic::{Arguments, Failed, Trial};
use litmus_parser::{parse_document_bytes, EncodingOptions, ParseOptions};
use std::path::Path;

/// The cases of `encoding/*.dat` in the html5lib snapshot (59 + 22 + 1).
const MINIMUM_CASES: usize = 82;

/// One `#data` / `#encoding` case.
struct Case {
    data: Vec<u8>,
    encoding: String,
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for path in litmus_tests::data_files("encoding", "dat") {
        for (name, case) in named_cases(&path) {
            trials.push(Trial::test(name, move || run_case(&case)));
        }
    }
    let scripted = litmus_tests::html5lib_tests_dir().join("encoding/scripted");
    for path in dat_files_in(&scripted) {
        for (name, _) in named_cases(&path) {
            let name = format!("scripted/{name}");
            trials.push(
                Trial::test(name, || Ok(()))
                    .with_ignored_flag(true)
                    .with_kind("needs a script engine"),
            );
        }
    }

    let filtered = args.filter.is_some() || !args.skip.is_empty() || args.list;
    let conclusion = libtest_mimic::run(&args, trials);
    if args.list {
        return;
    }
    let minimum = if filtered || args.ignored {
        0
    } else {
        MINIMUM_CASES
    };
    litmus_tests::closing_line(
        "encoding",
        conclusion.num_passed as usize,
        conclusion.num_failed as usize,
        minimum,
    );
    conclusion.exit();
}

fn run_case(case: &Case) -> Result<(), Failed> {
    let (_, report) = parse_document_bytes(
        &case.data,
        &ParseOptions::default(),
        &EncodingOptions::default(),
    )
    .map_err(|failure| format!("the parse failed: {failure}"))?;
    if report.encoding.eq_ignore_ascii_case(&case.encoding) {
        Ok(())
    } else {
        Err(format!(
            "expected {}, got {} ({}, {})",
            case.encoding,
            report.encoding,
            report.source.kind(),
            report.confidence.as_str()
        )
        .into())
    }
}

/// The cases of one file, each with its trial name: `FILE#INDEX "first line"`.
fn named_cases(path: &Path) -> Vec<(String, Case)> {
    let file = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let bytes =
        std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let cases = read_cases(&bytes);
    assert!(!cases.is_empty(), "{} holds no case", path.display());
    cases
        .into_iter()
        .enumerate()
        .map(|(index, case)| {
            let first_line = case.data.split(|&b| b == b'\n').next().unwrap_or_default();
            let mut summary: String = String::from_utf8_lossy(first_line).into_owned();
            if summary.chars().count() > 60 {
                summary = summary.chars().take(60).collect::<String>() + "…";
            }
            (format!("{file}#{index} {summary:?}"), case)
        })
        .collect()
}

/// Reads a `.dat` file of `#data` and `#encoding` sections. A section's text is its
/// lines, joined by newlines, without the newline that ends the last one.
fn read_cases(bytes: &[u8]) -> Vec<Case> {
    enum Section {
        None,
        Data,
        Encoding,
    }
    let mut cases: Vec<Case> = Vec::new();
    let mut section = Section::None;
    let mut data_lines: Vec<&[u8]> = Vec::new();
    for line in bytes.split(|&b| b == b'\n') {
        if line == b"#data" {
            section = Section::Data;
            data_lines.clear();
            continue;
        }
        if line == b"#encoding" {
            section = Section::Encoding;
            cases.push(Case {
                data: data_lines.join(&b'\n'),
                encoding: String::new(),
            });
            continue;
        }
        match section {
            Section::Data => data_lines.push(line),
            Section::Encoding => {
                let case = cases
                    .last_mut()
                    .expect("an #encoding section follows #data");
                if case.encoding.is_empty() && !line.is_empty() {
                    case.encoding = String::from_utf8_lossy(line).trim().to_owned();
                }
            }
            Section::None => {}
        }
    }
    for case in &cases {
        assert!(!case.encoding.is_empty(), "a case has no #encoding");
    }
    cases
}

/// The `.dat` files of a folder, sorted; none if it does not exist.
fn dat_files_in(dir: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "dat"))
        .collect();
    files.sort();
    files
}
