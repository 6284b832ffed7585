//! `junit.xml`: the campaign as JUnit XML, for CI systems.
//!
//! One `<testsuites>` holding one `<testsuite>` (name `litmus <campaign>`, with
//! `tests`, `failures`, `errors="0"`, `skipped` and `time` = the campaign's elapsed
//! seconds, and `<properties>` for the engines, seed, shard, jobs, cases, start and
//! finish, interruption and each level's agreement). Inside, one `<testcase>` per
//! class, in the order of [`CampaignReport::classes`], then one per possibly fixed
//! class:
//!
//! - a **new** class: classname `litmus.<level>`, name = its signature, and a
//!   `<failure type="new-divergence">` whose `message` is the signature and whose body
//!   holds the class name, count, engine, context, the minimized input and the first
//!   differing lines of the two outputs;
//! - a **known** class: classname `litmus.<level>`, name = the class id, passing, with
//!   a `<system-out>` naming the class, its counts and signatures;
//! - a **possibly fixed** class: classname `litmus.possibly-fixed`, name = the class
//!   id, with `<skipped message="…">` carrying its explanation and upstream issue.
//!
//! Every text is escaped for XML, and the characters XML 1.0 forbids (NUL, most C0
//! controls, U+FFFE, U+FFFF), carriage returns and the other invisible characters are
//! written as `\u{..}` (see [`text::visible`]), so the file is always well-formed.

use super::text;
use crate::finding::{CampaignReport, ClassGroup};
use std::fmt::Write;

/// Inputs longer than this are shown cut in a failure's body.
const MAX_INPUT_BYTES: usize = 4_000;
/// Lines of the first-difference excerpt longer than this are cut.
const MAX_LINE_BYTES: usize = 500;

/// The text of junit.xml.
pub fn render(report: &CampaignReport) -> String {
    let classes = report.classes();
    let failures = classes.iter().filter(|g| g.is_new()).count();
    let skipped = report.possibly_fixed.len();
    let tests = classes.len() + skipped;
    let time = if report.elapsed_seconds.is_finite() && report.elapsed_seconds >= 0.0 {
        report.elapsed_seconds
    } else {
        0.0
    };
    let counts = format!(
        "tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\" time=\"{time:.3}\""
    );
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(xml, "<testsuites name=\"litmus\" {counts}>");
    let _ = writeln!(
        xml,
        "  <testsuite name=\"{}\" {counts}>",
        attr(&format!("litmus {}", report.campaign))
    );
    properties(&mut xml, report);
    for group in &classes {
        testcase(&mut xml, report, group);
    }
    for fixed in &report.possibly_fixed {
        let mut message = format!(
            "possibly fixed upstream: no case matched this known class. {}",
            fixed.explanation
        );
        if let Some(upstream) = &fixed.upstream {
            let _ = write!(message, " (upstream: {upstream})");
        }
        let _ = writeln!(
            xml,
            "    <testcase classname=\"litmus.possibly-fixed\" name=\"{}\" time=\"0\">\n      \
             <skipped message=\"{}\"/>\n    </testcase>",
            attr(&fixed.class),
            attr(&message)
        );
    }
    let _ = writeln!(
        xml,
        "    <system-out>{}</system-out>",
        body(&text::closing_line(report))
    );
    xml.push_str("  </testsuite>\n</testsuites>\n");
    xml
}

fn properties(xml: &mut String, report: &CampaignReport) {
    let engine = |e: &crate::finding::EngineId| format!("{} {}", e.name, e.version);
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
    xml.push_str("    <properties>\n");
    for (name, value) in props {
        let _ = writeln!(
            xml,
            "      <property name=\"{}\" value=\"{}\"/>",
            attr(&name),
            attr(&value)
        );
    }
    xml.push_str("    </properties>\n");
}

fn testcase(xml: &mut String, report: &CampaignReport, group: &ClassGroup<'_>) {
    let Some(f) = group.smallest() else {
        return;
    };
    let classname = format!("litmus.{}", f.level);
    let name = group.class.as_deref().unwrap_or(&f.signature);
    let _ = writeln!(
        xml,
        "    <testcase classname=\"{}\" name=\"{}\" time=\"0\">",
        attr(&classname),
        attr(name)
    );
    let count = group.count();
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
        if let Some(path) = &f.archive_path {
            let _ = writeln!(details, "Archived: {path}");
        }
        if let Some(third) = text::third_opinion(report, f) {
            let _ = writeln!(details, "Third engine: {third}");
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
        let _ = writeln!(
            xml,
            "      <failure type=\"new-divergence\" message=\"{}\">{}</failure>",
            attr(&f.signature),
            body(&details)
        );
    } else {
        let mut out = format!(
            "Known class {name} ({}, {}); its explanation is in \
             known-differences.toml.\nExemplars:\n",
            text::counted(count, "case"),
            text::counted(group.signatures(), "signature")
        );
        for s in &group.findings {
            let _ = writeln!(
                out,
                "  {} ({})",
                s.signature,
                text::counted(s.count, "case")
            );
        }
        let _ = writeln!(xml, "      <system-out>{}</system-out>", body(&out));
    }
    xml.push_str("    </testcase>\n");
}

/// Text for an attribute value: one line, escaped.
fn attr(s: &str) -> String {
    escape(&text::visible_one_line(s), true)
}

/// Text for element content: line feeds and tabs kept, escaped.
fn body(s: &str) -> String {
    escape(&text::visible(s), false)
}

fn escape(s: &str, quotes: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if quotes => out.push_str("&quot;"),
            '\'' if quotes => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
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
        let hostile = failures[0].text().unwrap();
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
            .find(|n| n.has_tag_name("failure"))
            .unwrap();
        assert_eq!(
            failure.attribute("message"),
            Some("a\\u{0}b\\u{1}\\u{fffe}\"<&")
        );
        assert!(failure.text().unwrap().contains("\\u{8}\\u{b}\\u{c}]]>"));
    }
}
