//! Replaying the regression corpus: `litmus corpus check`.
//!
//! For every archived finding:
//! 1. the reference parser must still build the archived tree (`#document`) for the
//!    archived input and options — a difference is a regression (or a fix that needs
//!    its archive updated), and fails the check;
//! 2. the finding's status against its engine is re-checked: the same signature still
//!    shows (`still`), the engines now agree (`gone`: fixed upstream, or fixed in the
//!    reference parser), or they differ another way (`changed`). This is reported,
//!    not failed: other engines move on their own schedule.
//!
//! Engines run in worker processes, so an archived crash or hang cannot take the
//! check down with it. [`junit`] writes a check as JUnit XML (`litmus corpus check
//! --junit FILE`).

use crate::archive::{Archive, ArchiveError, ArchivedFinding};
use crate::compare::divergence::level_of;
use crate::compare::input::{compare_request, Levels};
use crate::compare::level::Archived;
use crate::signature::Level;
use crate::signature::Signature;
use litmus_engines::case::ParseRequest;
use litmus_engines::engine::Engine;
use litmus_parser::FragmentContext;
use litmus_text::junit_xml::{self, CaseResult, Suite, TestCase};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use crate::compare::level::Recheck;

/// One archived finding, checked.
#[derive(Clone, Debug)]
pub struct CheckedFinding {
    pub path: PathBuf,
    pub signature: Signature,
    /// `None` if the reference still builds the archived tree; else what it builds now
    /// (or why it failed).
    pub reference_changed: Option<String>,
    pub recheck: Recheck,
    /// How long its parse and re-check took.
    pub duration: Duration,
}

/// The whole check.
#[derive(Clone, Debug, Default)]
pub struct CheckReport {
    pub findings: Vec<CheckedFinding>,
    /// Files that could not be read: the file, and what is wrong (with the line).
    pub malformed: Vec<ArchiveError>,
}

impl CheckReport {
    /// Whether the corpus passes: every file readable, every reference tree unchanged.
    pub fn passed(&self) -> bool {
        self.malformed.is_empty() && self.findings.iter().all(|f| f.reference_changed.is_none())
    }
}

/// The request an archived finding was made with.
pub fn archived_request(finding: &ArchivedFinding) -> Result<ParseRequest, String> {
    match &finding.fragment_context {
        Some(text) => {
            let context = FragmentContext::parse(text)
                .ok_or_else(|| format!("bad #document-fragment context {text:?}"))?;
            Ok(ParseRequest::fragment(
                finding.input.clone(),
                context,
                finding.scripting,
            ))
        }
        None => Ok(ParseRequest::document(
            finding.input.clone(),
            finding.scripting,
        )),
    }
}

/// Checks every finding in `archive` with the reference engine, and re-checks those
/// of `other`'s name against it.
pub fn check(
    archive: &Archive,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Result<CheckReport, String> {
    let mut report = CheckReport::default();
    for path in archive.files().map_err(|e| e.to_string())? {
        let started = Instant::now();
        let finding = match Archive::read(&path) {
            Ok(finding) => finding,
            Err(e) => {
                report.malformed.push(e);
                continue;
            }
        };
        let request = match archived_request(&finding) {
            Ok(request) => request,
            Err(message) => {
                report.malformed.push(ArchiveError { path, message });
                continue;
            }
        };
        let reference_changed = match reference.parse(&request) {
            Ok(output) if output.tree == finding.reference_tree => None,
            Ok(output) => Some(output.tree),
            Err(failure) => Some(format!("the reference engine failed: {failure}")),
        };
        let recheck = recheck_archived(&finding, &request, reference, other);
        report.findings.push(CheckedFinding {
            path,
            signature: finding.signature.clone(),
            reference_changed,
            recheck,
            duration: started.elapsed(),
        });
    }
    Ok(report)
}

/// What a check was, beside its findings.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckRun<'a> {
    /// The engine findings were re-checked against.
    pub engine: &'a str,
    /// When the check started, as [`junit_xml::timestamp`] writes it.
    pub timestamp: String,
    /// The check's length in seconds.
    pub seconds: f64,
}

/// A check as JUnit XML, written with the one JUnit writer ([`junit_xml`]): one test
/// case per archived finding (classname `corpus`, name = the file's name, time = its
/// parse and re-check), failing with type `reference-changed` (the tree the reference
/// parser builds now in the body) when the reference tree changed; the re-check
/// against the engine (`still`, `gone`, `changed`, `not re-checked`), which never
/// fails, is its `<system-out>`. A file that cannot be read is a failing test case of
/// type `malformed`.
pub fn junit(run: &CheckRun<'_>, report: &CheckReport) -> String {
    let mut cases = Vec::new();
    for finding in &report.findings {
        let recheck = match &finding.recheck {
            Recheck::Still => format!("still diverges from {}", run.engine),
            Recheck::Gone => format!("no longer diverges from {}", run.engine),
            Recheck::Changed(now) => format!("diverges from {} differently: {now}", run.engine),
            Recheck::Skipped(why) => format!("not re-checked: {why}"),
        };
        let result = match &finding.reference_changed {
            None => CaseResult::Passed,
            Some(now) => CaseResult::Failure {
                kind: "reference-changed".into(),
                message: "the reference parser no longer builds the archived tree".into(),
                details: format!("It builds:\n{now}"),
            },
        };
        cases.push(TestCase {
            classname: "corpus".into(),
            name: file_name(&finding.path),
            time: finding.duration.as_secs_f64(),
            result,
            system_out: Some(format!("{}\n{recheck}\n", finding.signature)),
        });
    }
    for problem in &report.malformed {
        cases.push(TestCase {
            classname: "corpus".into(),
            name: file_name(&problem.path),
            time: 0.0,
            result: CaseResult::Failure {
                kind: "malformed".into(),
                message: problem.message.clone(),
                details: problem.to_string(),
            },
            system_out: None,
        });
    }
    junit_xml::write(&Suite {
        name: format!("litmus corpus check against {}", run.engine),
        timestamp: run.timestamp.clone(),
        hostname: junit_xml::hostname(),
        time: run.seconds,
        properties: vec![("engine".into(), run.engine.to_owned())],
        cases,
        system_out: None,
    })
}

/// A path's file name, or the whole path where it has none.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    )
}

/// Re-checks one archived finding against `other` (see the module docs), by the rules
/// of its level: the level its signature names (a failure's, the tree or fragment
/// level of its request).
pub fn recheck_archived(
    finding: &ArchivedFinding,
    request: &ParseRequest,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Recheck {
    let signature = &finding.signature;
    let named = signature.level().or_else(|| finding.level.level());
    let level = match named {
        Some(level) if level != Level::Tree && level != Level::Fragment => level,
        _ => level_of(request),
    };
    let shown_now = |request: &ParseRequest, reference: &mut dyn Engine, other: &mut dyn Engine| {
        let level = level_of(request);
        compare_request(level, request, reference, other, &Levels::default())
    };
    let archived = Archived {
        finding,
        signature,
        request,
        shown_now: &shown_now,
    };
    level.rules().recheck_archived(&archived, reference, other)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_check_as_junit_has_one_test_case_per_finding() {
        let finding = |path: &str, changed: Option<&str>, recheck: Recheck| CheckedFinding {
            path: PathBuf::from(path),
            signature: "tree | litmus: <?…> | html5ever: <!--…-->".into(),
            reference_changed: changed.map(str::to_owned),
            recheck,
            duration: Duration::from_millis(250),
        };
        let report = CheckReport {
            findings: vec![
                finding("corpus/divergences/aa.dat", None, Recheck::Still),
                finding("corpus/divergences/bb.dat", Some("| <p>\n"), Recheck::Gone),
            ],
            malformed: vec![ArchiveError {
                path: PathBuf::from("corpus/divergences/cc.dat"),
                message: "line 3: expected #data, found \"\\u{0}\"".into(),
            }],
        };
        let run = CheckRun {
            engine: "html5ever",
            timestamp: "2026-11-30T05:00:00".into(),
            seconds: 0.5,
        };
        let xml = junit(&run, &report);
        let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
        let suite = doc
            .descendants()
            .find(|n| n.has_tag_name("testsuite"))
            .unwrap();
        assert_eq!(suite.attribute("tests"), Some("3"));
        assert_eq!(suite.attribute("failures"), Some("2"));
        assert_eq!(suite.attribute("timestamp"), Some("2026-11-30T05:00:00"));
        assert!(!suite.attribute("hostname").unwrap().is_empty());
        let cases: Vec<_> = doc
            .descendants()
            .filter(|n| n.has_tag_name("testcase"))
            .collect();
        let names: Vec<_> = cases.iter().map(|c| c.attribute("name").unwrap()).collect();
        assert_eq!(names, ["aa.dat", "bb.dat", "cc.dat"]);
        assert_eq!(cases[0].attribute("time"), Some("0.250"));
        assert!(cases[0].descendants().any(|n| n.text()
            == Some("tree | litmus: <?…> | html5ever: <!--…-->\nstill diverges from html5ever\n")));
        let types: Vec<_> = doc
            .descendants()
            .filter(|n| n.has_tag_name("failure"))
            .map(|n| n.attribute("type").unwrap())
            .collect();
        assert_eq!(types, ["reference-changed", "malformed"]);
    }

    #[test]
    fn corpus_check_rechecks_a_toy_finding_by_its_level() {
        let (mut reference, mut other) = (
            litmus_engines::engine::LitmusEngine,
            crate::compare::toy_level::NoToys,
        );
        let finding = crate::archive::ArchivedFinding {
            input: "<toy>".into(),
            reference_errors: Vec::new(),
            fragment_context: None,
            scripting: true,
            reference_tree: String::new(),
            signature: "toy | litmus: 1 | no-toys: 0".into(),
            level: "toy".into(),
            engine: "no-toys".into(),
            class: None,
            fields: Vec::new(),
            blocks: Vec::new(),
        };
        let request = ParseRequest::document("<toy>", true);
        let recheck = recheck_archived(&finding, &request, &mut reference, &mut other);
        assert_eq!(recheck, Recheck::Still);
        let request = ParseRequest::document("<p>", true);
        let recheck = recheck_archived(&finding, &request, &mut reference, &mut other);
        assert_eq!(recheck, Recheck::Gone);
    }
}
