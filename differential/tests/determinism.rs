//! A campaign repeats itself: for a given seed, number of cases, levels, engines,
//! classes and corpus, its findings.json less its timings and paths, and its archive
//! less the minimizations' milliseconds, are the same on every run and for any
//! `--jobs` (the rules: `differential/src/report/SCHEMA.md`, "Determinism").
//!
//! Two campaigns, each run with `--jobs` 1, 2, 2 again and 4: one with the project's
//! classes (signatures counted under classes, exemplars chosen and merged), one with
//! none (every signature a new finding, minimized to the end, many merging).

mod common;

use common::{litmus, new_corpus, text};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// The fields of findings.json that are timings, paths or the number of jobs.
const CAMPAIGN_FIELDS: [&str; 7] = [
    "campaign",
    "started",
    "finished",
    "elapsed_seconds",
    "exemplar_seconds",
    "cases_per_second",
    "jobs",
];

/// findings.json without its timings, paths and number of jobs.
fn comparable(report: &mut Value) {
    let object = report.as_object_mut().expect("findings.json is an object");
    for field in CAMPAIGN_FIELDS {
        assert!(
            object.remove(field).is_some(),
            "findings.json has no {field}"
        );
    }
    let sources = object["generation"]["mutation_sources"]
        .as_object_mut()
        .expect("a generation with its mutation sources");
    for folder in ["corpus", "html5lib"] {
        sources.remove(folder);
    }
    for finding in object["findings"].as_array_mut().unwrap() {
        let finding = finding.as_object_mut().unwrap();
        finding.remove("archive_path");
        finding["minimization"]
            .as_object_mut()
            .unwrap()
            .remove("millis");
    }
}

/// The archive's files by name, each without the milliseconds its minimization took.
fn archive(folder: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    for entry in fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let text = String::from_utf8_lossy(&fs::read(&path).unwrap()).into_owned();
        let text: Vec<String> = text
            .split('\n')
            .map(|line| match line.strip_prefix("minimized: ") {
                Some(stats) => format!("minimized: {}", stats.split(" steps").next().unwrap()),
                None => line.to_owned(),
            })
            .collect();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        files.insert(name, text.join("\n"));
    }
    files
}

/// Runs the campaign with `jobs` jobs in a fresh corpus (with `classes` as its known
/// differences); its comparable findings.json and archive.
fn campaign(cases: &str, classes: Option<&str>, jobs: &str) -> (Value, BTreeMap<String, String>) {
    let temp = tempfile::tempdir().unwrap();
    let corpus = new_corpus(temp.path());
    if let Some(classes) = classes {
        fs::write(corpus.join("known-differences.toml"), classes).unwrap();
    }
    let out = temp.path().join("reports");
    let output = litmus()
        .args([
            "run", "--cases", cases, "--seed", "11", "--jobs", jobs, "--quiet",
        ])
        .arg("--corpus")
        .arg(&corpus)
        .arg("--archive")
        .arg(corpus.join("divergences"))
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output));
    let mut report: Value =
        serde_json::from_slice(&fs::read(out.join("findings.json")).unwrap()).unwrap();
    comparable(&mut report);
    (report, archive(&corpus.join("divergences")))
}

/// The campaign with `--jobs` 1, 2, 2 and 4 gives one findings.json and one archive.
fn repeats_itself(cases: &str, classes: Option<&str>, least_findings: usize) {
    let (first, first_archive) = campaign(cases, classes, "1");
    let findings = first["findings"].as_array().unwrap().len();
    assert!(findings >= least_findings, "only {findings} findings");
    assert_eq!(first_archive.len(), findings);
    for jobs in ["2", "2", "4"] {
        let (report, archive) = campaign(cases, classes, jobs);
        if report != first {
            let lines = |v: &Value| serde_json::to_string_pretty(v).unwrap();
            let (a, b) = (lines(&first), lines(&report));
            let differs = a
                .lines()
                .zip(b.lines())
                .enumerate()
                .find(|(_, (a, b))| a != b)
                .map(|(n, (a, b))| format!("line {}: {a:?} against {b:?}", n + 1));
            panic!("--jobs 1 and --jobs {jobs} differ, {differs:?}");
        }
        assert!(
            archive == first_archive,
            "the archives of --jobs 1 and {jobs} differ"
        );
    }
}

#[test]
fn a_campaign_with_the_projects_classes_is_the_same_for_any_number_of_jobs() {
    repeats_itself("3000", None, 40);
}

#[test]
fn a_campaign_of_new_findings_is_the_same_for_any_number_of_jobs() {
    repeats_itself("1000", Some(""), 80);
}
