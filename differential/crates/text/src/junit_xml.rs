//! The one JUnit XML writer: a campaign's `junit.xml` (`litmus_report::report::junit`),
//! `litmus conformance --junit` (`litmus_conformance::junit`) and `litmus corpus check
//! --junit` (`litmus_compare::corpus_check::junit`) each build a [`Suite`] and write it
//! with [`write()`].
//!
//! The file is one `<testsuites>` holding one `<testsuite>` with `name`, `tests`,
//! `failures`, `errors="0"`, `skipped`, `time` (seconds), `timestamp` (when it
//! started, UTC, `2026-11-30T05:00:00`: the JUnit schema's form, without a zone) and
//! `hostname`, then its `<properties>`, one `<testcase classname name time>` per case
//! (holding a `<failure type message>` or a `<skipped message>`, and a
//! `<system-out>`), and a `<system-out>` of its own.
//!
//! Every text is escaped for XML, and the characters XML 1.0 forbids (NUL, most C0
//! controls, U+FFFE, U+FFFF), carriage returns and the other invisible characters are
//! written as `\u{..}` (see [`text::visible`]), so the file is always well-formed.

use crate::visible as text;
use std::fmt::Write;

/// A test suite: what [`write()`] writes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Suite {
    pub name: String,
    /// When the run started, as [`timestamp`] writes it.
    pub timestamp: String,
    /// The machine that ran it ([`hostname`]).
    pub hostname: String,
    /// The run's length in seconds.
    pub time: f64,
    /// Name and value pairs: the run's settings.
    pub properties: Vec<(String, String)>,
    pub cases: Vec<TestCase>,
    /// The suite's closing words, if any.
    pub system_out: Option<String>,
}

/// One test case.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TestCase {
    pub classname: String,
    pub name: String,
    /// Seconds.
    pub time: f64,
    pub result: CaseResult,
    /// What the case has to say beside its result.
    pub system_out: Option<String>,
}

/// How a test case ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum CaseResult {
    #[default]
    Passed,
    /// A `<failure type="kind" message="message">details</failure>`.
    Failure {
        kind: String,
        message: String,
        details: String,
    },
    /// A `<skipped message="message"/>`.
    Skipped { message: String },
}

/// The XML of a suite.
pub fn write(suite: &Suite) -> String {
    let failures = suite
        .cases
        .iter()
        .filter(|c| matches!(c.result, CaseResult::Failure { .. }))
        .count();
    let skipped = suite
        .cases
        .iter()
        .filter(|c| matches!(c.result, CaseResult::Skipped { .. }))
        .count();
    let counts = format!(
        "tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\" time=\"{}\"",
        suite.cases.len(),
        seconds(suite.time)
    );
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(xml, "<testsuites name=\"litmus\" {counts}>");
    let _ = writeln!(
        xml,
        "  <testsuite name=\"{}\" {counts} timestamp=\"{}\" hostname=\"{}\">",
        attr(&suite.name),
        attr(&suite.timestamp),
        attr(&suite.hostname)
    );
    if !suite.properties.is_empty() {
        xml.push_str("    <properties>\n");
        for (name, value) in &suite.properties {
            let _ = writeln!(
                xml,
                "      <property name=\"{}\" value=\"{}\"/>",
                attr(name),
                attr(value)
            );
        }
        xml.push_str("    </properties>\n");
    }
    for case in &suite.cases {
        test_case(&mut xml, case);
    }
    if let Some(out) = &suite.system_out {
        let _ = writeln!(xml, "    <system-out>{}</system-out>", body(out));
    }
    xml.push_str("  </testsuite>\n</testsuites>\n");
    xml
}

fn test_case(xml: &mut String, case: &TestCase) {
    let _ = write!(
        xml,
        "    <testcase classname=\"{}\" name=\"{}\" time=\"{}\"",
        attr(&case.classname),
        attr(&case.name),
        seconds(case.time)
    );
    if case.result == CaseResult::Passed && case.system_out.is_none() {
        xml.push_str("/>\n");
        return;
    }
    xml.push_str(">\n");
    match &case.result {
        CaseResult::Passed => {}
        CaseResult::Failure {
            kind,
            message,
            details,
        } => {
            let _ = writeln!(
                xml,
                "      <failure type=\"{}\" message=\"{}\">{}</failure>",
                attr(kind),
                attr(message),
                body(details)
            );
        }
        CaseResult::Skipped { message } => {
            let _ = writeln!(xml, "      <skipped message=\"{}\"/>", attr(message));
        }
    }
    if let Some(out) = &case.system_out {
        let _ = writeln!(xml, "      <system-out>{}</system-out>", body(out));
    }
    xml.push_str("    </testcase>\n");
}

/// Seconds with three decimals; 0 for a time that is negative or not a number.
fn seconds(time: f64) -> String {
    let time = if time.is_finite() && time >= 0.0 {
        time
    } else {
        0.0
    };
    format!("{time:.3}")
}

/// A JUnit timestamp: the instant in UTC, to the second, without a zone
/// (`2026-11-30T05:00:00`), from an RFC 3339 time (`2026-11-30T05:00:00Z`, as reports
/// keep them). Text that is not RFC 3339 is kept as it is.
pub fn timestamp(rfc3339: &str) -> String {
    match chrono::DateTime::parse_from_rfc3339(rfc3339) {
        Ok(time) => time
            .with_timezone(&chrono::Utc)
            .format("%Y-%m-%dT%H:%M:%S")
            .to_string(),
        Err(_) => rfc3339.to_owned(),
    }
}

/// The current time as a JUnit timestamp.
pub fn now() -> String {
    chrono::Utc::now().format("%Y-%m-%dT%H:%M:%S").to_string()
}

/// This machine's name (the node name of `uname`), or `localhost` where it has none.
pub fn hostname() -> String {
    let uname = rustix::system::uname();
    let name = uname.nodename().to_string_lossy();
    if name.is_empty() {
        "localhost".to_owned()
    } else {
        name.into_owned()
    }
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

    #[test]
    fn a_suite_is_well_formed_with_its_counts_time_stamp_and_host() {
        let suite = Suite {
            name: "litmus \"x\" <&>".into(),
            timestamp: timestamp("2026-11-30T06:00:00+01:00"),
            hostname: hostname(),
            time: 2.0,
            properties: vec![("seed".into(), "7".into())],
            cases: vec![
                TestCase {
                    classname: "a".into(),
                    name: "passes".into(),
                    time: 0.25,
                    ..TestCase::default()
                },
                TestCase {
                    classname: "a".into(),
                    name: "fails\0".into(),
                    time: f64::NAN,
                    result: CaseResult::Failure {
                        kind: "k".into(),
                        message: "m\r\n".into(),
                        details: "]]></failure>\u{1}".into(),
                    },
                    system_out: Some("said".into()),
                },
                TestCase {
                    classname: "a".into(),
                    name: "skipped".into(),
                    result: CaseResult::Skipped {
                        message: "why".into(),
                    },
                    ..TestCase::default()
                },
            ],
            system_out: Some("done".into()),
        };
        let xml = write(&suite);
        let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
        let suite_node = doc
            .descendants()
            .find(|n| n.has_tag_name("testsuite"))
            .unwrap();
        assert_eq!(suite_node.attribute("name"), Some("litmus \"x\" <&>"));
        assert_eq!(suite_node.attribute("tests"), Some("3"));
        assert_eq!(suite_node.attribute("failures"), Some("1"));
        assert_eq!(suite_node.attribute("skipped"), Some("1"));
        assert_eq!(suite_node.attribute("time"), Some("2.000"));
        assert_eq!(
            suite_node.attribute("timestamp"),
            Some("2026-11-30T05:00:00")
        );
        assert!(!suite_node.attribute("hostname").unwrap().is_empty());
        let cases: Vec<_> = doc
            .descendants()
            .filter(|n| n.has_tag_name("testcase"))
            .collect();
        let times: Vec<_> = cases.iter().map(|c| c.attribute("time")).collect();
        assert_eq!(times, [Some("0.250"), Some("0.000"), Some("0.000")]);
        assert_eq!(cases[1].attribute("name"), Some("fails\\u{0}"));
        let failure = cases[1]
            .children()
            .find(|n| n.has_tag_name("failure"))
            .unwrap();
        assert_eq!(failure.attribute("message"), Some("m\\u{d}\\u{a}"));
        assert_eq!(failure.text(), Some("]]></failure>\\u{1}"));
    }

    #[test]
    fn timestamps_are_utc_without_a_zone() {
        assert_eq!(timestamp("2026-11-30T05:00:00Z"), "2026-11-30T05:00:00");
        assert_eq!(timestamp("not a time"), "not a time");
        assert_eq!(now().len(), "2026-11-30T05:00:00".len());
    }
}
