//! `junit.xml`: the campaign as JUnit XML, for CI systems, written with the one JUnit
//! writer ([`junit_xml`]).
//!
//! One `<testsuites>` holding one `<testsuite>` (name `litmus <campaign>`, with
//! `tests`, `failures`, `errors="0"`, `skipped`, `time` = the campaign's elapsed
//! seconds, `timestamp` = its start, `hostname` = the machine that writes the file
//! (the campaign's own: reports are written by the process that ran it; findings.json
//! does not record a host), and `<properties>` for the engines, seed, shard, jobs,
//! cases, start and finish, interruption and each level's agreement). Inside, one
//! `<testcase>` per class, in the order of [`CampaignReport::classes`], then one per
//! possibly fixed class:
//!
//! - a **new** class: classname `litmus.<level>`, name = its signature, and a
//!   `<failure type="new-divergence">` whose `message` is the signature and whose body
//!   holds the class name, count, engine, context, the minimized input and the first
//!   differing lines of the two outputs;
//! - a **known** class: classname `litmus.<level>`, name = the class id, passing, with
//!   a `<system-out>` naming the class, its counts, its explanation, who is right, its
//!   spec section and upstream issue, and its signatures;
//! - a **possibly fixed** class: classname `litmus.possibly-fixed`, name = the class
//!   id, with `<skipped message="…">` carrying its explanation, spec section and
//!   upstream issue.
//!
//! A class has no running time of its own (its cases ran among all the others), so a
//! class's `time` is the minimization time of its smallest example: what it cost the
//! campaign beyond its cases. A possibly fixed class's `time` is 0.

use super::classes;
use super::text;
use litmus_campaign::finding::{CampaignReport, ClassGroup};
use litmus_text::junit_xml::{self, CaseResult, Suite, TestCase};
use std::fmt::Write;

/// Inputs longer than this are shown cut in a failure's body.
const MAX_INPUT_BYTES: usize = 4_000;
/// Lines of the first-difference excerpt longer than this are cut.
const MAX_LINE_BYTES: usize = 500;

/// The text of junit.xml.
pub fn render(report: &CampaignReport) -> String {
    let mut cases: Vec<TestCase> = report
        .classes()
        .iter()
        .filter_map(|group| test_case(report, group))
        .collect();
    for fixed in &report.possibly_fixed {
        let mut message = format!(
            "possibly fixed upstream: no case matched this known class. {}",
            fixed.explanation
        );
        if let Some(since) = text::possibly_fixed_since(fixed) {
            let _ = write!(message, " ({since})");
        }
        if let Some(info) = classes::in_report(report, &fixed.class) {
            let _ = write!(message, " (spec: {})", info.spec);
        }
        if let Some(upstream) = &fixed.upstream {
            let _ = write!(message, " (upstream: {upstream})");
        }
        cases.push(TestCase {
            classname: "litmus.possibly-fixed".into(),
            name: fixed.class.clone(),
            time: 0.0,
            result: CaseResult::Skipped { message },
            system_out: None,
        });
    }
    junit_xml::write(&Suite {
        name: format!("litmus {}", report.campaign),
        timestamp: junit_xml::timestamp(&report.started),
        hostname: junit_xml::hostname(),
        time: report.elapsed_seconds,
        properties: properties(report),
        cases,
        system_out: Some(text::closing_line(report)),
    })
}

fn properties(report: &CampaignReport) -> Vec<(String, String)> {
    let engine = |e: &litmus_campaign::finding::EngineId| format!("{} {}", e.name, e.version);
    let mut props = vec![
        ("campaign".to_owned(), report.campaign.clone()),
        ("reference".into(), engine(&report.reference)),
        ("other".into(), engine(&report.other)),
        ("seed".into(), report.seed.to_string()),
        ("shard".into(), report.shard.clone().unwrap_or_default()),
        ("jobs".into(), report.jobs.to_string()),
        ("cases".into(), report.cases.to_string()),
        (
            "cases_per_second".into(),
            text::rate(report.cases_per_second),
        ),
        ("started".into(), report.started.clone()),
        ("finished".into(), report.finished.clone()),
        ("interrupted".into(), report.interrupted.to_string()),
    ];
    for l in &report.levels {
        props.push((
            format!("level.{}", l.level),
            format!(
                "{} of {} agreed ({})",
                l.agreed,
                l.compared,
                text::percent(l.agreed, l.compared)
            ),
        ));
    }
    props
}

/// A class's test case, shown through its smallest example.
fn test_case(report: &CampaignReport, group: &ClassGroup<'_>) -> Option<TestCase> {
    let f = group.smallest()?;
    let name = group.class.as_deref().unwrap_or(f.signature.as_str());
    let count = group.count();
    let mut case = TestCase {
        classname: format!("litmus.{}", f.level),
        name: name.to_owned(),
        time: f.minimization.millis as f64 / 1000.0,
        result: CaseResult::Passed,
        system_out: None,
    };
    if group.is_new() {
        let mut details = format!(
            "New divergence {} ({}), {} against {}, {}.\nSignature: {}\n",
            text::class_name(group),
            text::counted(count, "case"),
            f.engine,
            report.reference.name,
            text::context(f),
            f.signature
        );
        if let Some(labels) = text::labels_line(group) {
            let _ = writeln!(details, "Security labels: {labels}");
        }
        if let Some(path) = &f.archive_path {
            let _ = writeln!(details, "Archived: {path}");
        }
        for opinion in text::judges_opinions(report, f) {
            let _ = writeln!(details, "Judge: {opinion}");
        }
        let (shown, left_out) = text::cut(&f.input, MAX_INPUT_BYTES);
        let _ = write!(
            details,
            "Minimized input ({} bytes):\n{shown}\n",
            f.input.len()
        );
        if left_out > 0 {
            let _ = writeln!(details, "(cut: {left_out} more bytes, see findings.json)");
        }
        let rows = text::line_diff(&f.reference_output, &f.other_output);
        if let Some((left, right)) = text::first_differing_lines(&rows) {
            let _ = write!(
                details,
                "First differing lines:\n{}: {}\n{}: {}\n",
                report.reference.name,
                text::cut(left, MAX_LINE_BYTES).0,
                f.engine,
                text::cut(right, MAX_LINE_BYTES).0
            );
        }
        case.result = CaseResult::Failure {
            kind: "new-divergence".into(),
            message: f.signature.to_string(),
            details,
        };
    } else {
        let mut out = format!(
            "Known class {name} ({}, {}).\n",
            text::counted(count, "case"),
            text::counted(group.signatures(), "signature")
        );
        match classes::in_report(report, name) {
            Some(info) => out.push_str(&info.text(&report.reference.name)),
            None => out
                .push_str("(this report names no explanation: `litmus class show ID` prints it)\n"),
        }
        out.push_str("Exemplars:\n");
        for s in &group.findings {
            let _ = writeln!(
                out,
                "  {} ({})",
                s.signature,
                text::counted(s.count, "case")
            );
        }
        case.system_out = Some(out);
    }
    Some(case)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::sample;

    #[test]
    fn junit_is_well_formed_with_one_testcase_per_class() {
        let report = sample::campaign();
        let xml = render(&report);
        let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
        let cases: Vec<_> = doc
            .descendants()
            .filter(|n| n.has_tag_name("testcase"))
            .collect();
        assert_eq!(cases.len(), report.classes().len() + 1);
        let failures: Vec<_> = doc
            .descendants()
            .filter(|n| n.has_tag_name("failure"))
            .collect();
        assert_eq!(failures.len(), 2);
        assert_eq!(
            doc.descendants()
                .filter(|n| n.has_tag_name("skipped"))
                .count(),
            1
        );
        let suite = doc
            .descendants()
            .find(|n| n.has_tag_name("testsuite"))
            .unwrap();
        assert_eq!(suite.attribute("tests"), Some("5"));
        assert_eq!(suite.attribute("failures"), Some("2"));
        assert_eq!(suite.attribute("skipped"), Some("1"));
        assert_eq!(suite.attribute("time"), Some("1234.500"));
        assert_eq!(suite.attribute("timestamp"), Some("2026-11-30T05:00:00"));
        assert!(!suite.attribute("hostname").unwrap_or_default().is_empty());
        for case in &cases {
            let time: f64 = case.attribute("time").unwrap().parse().unwrap();
            assert!(time >= 0.0, "{time}");
        }
        let smallest = report.classes()[0].smallest().unwrap().minimization.millis;
        assert_eq!(
            cases[0].attribute("time"),
            Some(format!("{:.3}", smallest as f64 / 1000.0).as_str())
        );
        // The hostile finding's class (the second new class: the one the judges side
        // with the engine on comes first).
        let hostile = failures
            .iter()
            .find(|f| f.attribute("message") == Some(report.findings[0].signature.as_str()))
            .and_then(|f| f.text())
            .unwrap();
        assert!(hostile.contains("</pre><script>alert(1)</script>\\u{0}x\\u{d}"));
        assert!(hostile.contains("First differing lines:\nlitmus: |             \"x\n"));
        assert_eq!(
            failures[0].attribute("message"),
            Some(report.classes()[0].smallest().unwrap().signature.as_str())
        );
    }

    #[test]
    fn forbidden_characters_never_reach_the_file() {
        let mut report = sample::campaign();
        report.findings[0].signature = "a\0b\u{1}\u{fffe}\"<&".into();
        report.findings[0].input = "\u{8}\u{b}\u{c}]]>".into();
        let xml = render(&report);
        assert!(!xml.chars().any(|c| text::is_invisible(c) || c == '\r'));
        let doc = roxmltree::Document::parse(&xml).unwrap();
        let failure = doc
            .descendants()
            .find(|n| n.has_tag_name("failure") && n.text().is_some_and(|t| t.contains("]]>")))
            .unwrap();
        assert_eq!(
            failure.attribute("message"),
            Some("a\\u{0}b\\u{1}\\u{fffe}\"<&")
        );
        assert!(failure.text().unwrap().contains("\\u{8}\\u{b}\\u{c}]]>"));
    }
}
