//! What a sanitizer campaign found ([`SanitizerReport`], its `findings.json`), its
//! `summary.md`, the archive record of a finding, and `docs/sanitizers.md`, the table
//! of every sanitizer's campaign ([`table_markdown`]).

use super::check::What;
use super::confirm::{BrowserRun, Confirmation};
use litmus_compare::dat::{self, DatCase};
use litmus_compare::labels::SecurityLabel;
use litmus_compare::minimize::MinimizeStats;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// The version of a sanitizer campaign's findings.json.
pub const SANITIZER_SCHEMA: u32 = 1;

/// One finding of a sanitizer campaign: a signature, with its smallest input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SanitizerFinding {
    pub signature: String,
    /// The archive file's name without `.dat`.
    pub hash: String,
    pub what: What,
    /// The sanitizer's known class that explains it (`corpus/known-differences.toml`,
    /// `engine` the sanitizer's name), and its explanation; `None` for a new finding.
    #[serde(default)]
    pub class: Option<String>,
    #[serde(default)]
    pub explanation: Option<String>,
    /// Computed from the trees (`litmus_compare::labels`).
    #[serde(default)]
    pub labels: Vec<SecurityLabel>,
    /// Cases of the campaign that showed the signature.
    pub count: u64,
    /// The minimized input.
    pub input: String,
    /// The first case's input, before minimization.
    pub original_input: String,
    pub case_index: u64,
    /// The sanitizer's output for `input` (or its failure).
    pub output: String,
    /// The sanitizer's output for `original_input` (empty for a failure).
    #[serde(default)]
    pub original_output: String,
    /// The sanitizer's own tree of its output (empty where it gives none).
    pub sanitizer_tree: String,
    /// The output as the standard parses it in a `<body>` fragment.
    pub browser_tree: String,
    /// The script-capable content a browser's parses of the output hold.
    #[serde(default)]
    pub script_capable: Vec<String>,
    pub minimization: MinimizeStats,
    pub archive_path: Option<String>,
    /// The output inserted into a real browser's page (`--confirm`): whether the
    /// marker ran, per browser; empty when no browser checked it.
    #[serde(default)]
    pub browser_runs: Vec<BrowserRun>,
}

impl SanitizerFinding {
    /// The browsers' verdicts in words: `chromium: yes, firefox: no`, or `—` when no
    /// browser checked the output.
    pub fn ran_in_browser(&self) -> String {
        if self.browser_runs.is_empty() {
            return "—".to_owned();
        }
        self.browser_runs
            .iter()
            .map(|run| format!("{}: {}", run.browser, run.word()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A sanitizer campaign: findings.json.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SanitizerReport {
    pub schema: u32,
    /// The sanitizer's name and version, as its worker's hello said.
    pub sanitizer: String,
    pub version: String,
    pub seed: u64,
    /// Cases run.
    pub cases: u64,
    /// Whether Ctrl-C stopped the campaign before its cases were all run (its
    /// findings are then recorded as found, not minimized).
    #[serde(default)]
    pub interrupted: bool,
    /// Cases with script-capable output, with a mutation, with a failure.
    pub script_capable_cases: u64,
    pub mutation_cases: u64,
    pub failure_cases: u64,
    pub elapsed_seconds: f64,
    pub started: String,
    /// Whether the generator made payload cases (`--payloads`).
    #[serde(default)]
    pub payloads: bool,
    /// The browsers the findings' outputs were inserted into (`--confirm`), each with
    /// what ran and why it is absent or incomplete, if it is.
    #[serde(default)]
    pub confirmation: Vec<Confirmation>,
    pub findings: Vec<SanitizerFinding>,
}

impl SanitizerReport {
    /// The union of the findings' labels, in report order.
    pub fn labels(&self) -> Vec<SecurityLabel> {
        let mut labels: Vec<SecurityLabel> = self
            .findings
            .iter()
            .flat_map(|f| f.labels.iter().copied())
            .collect();
        labels.sort();
        labels.dedup();
        labels
    }

    /// The findings of one kind.
    pub fn count_of(&self, what: What) -> usize {
        self.findings.iter().filter(|f| f.what == what).count()
    }
}

/// A label list in words: `script-capable, mutation`, or `—`.
pub fn label_words(labels: &[SecurityLabel]) -> String {
    if labels.is_empty() {
        return "—".to_owned();
    }
    labels
        .iter()
        .map(|l| l.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The `.dat` record of a finding: the minimized input under `#data`, the standard's
/// tree of it as a `<body>` fragment, and a description with the signature, the
/// sanitizer, its output, the browser's tree of the output and the labels.
pub fn archive_text(report: &SanitizerReport, finding: &SanitizerFinding, tree: &str) -> String {
    let mut description = String::new();
    let mut field = |name: &str, value: &str| {
        let _ = writeln!(description, "{name}: {}", dat::escape(value, false));
    };
    field("signature", &finding.signature);
    field(
        "sanitizer",
        &format!("{} {}", report.sanitizer, report.version),
    );
    field("labels", &label_words(&finding.labels));
    field("sanitized", &finding.output);
    field("script-capable", &finding.script_capable.join("; "));
    field("browser tree", &finding.browser_tree);
    if !finding.browser_runs.is_empty() {
        field("ran in browser", &finding.ran_in_browser());
    }
    field(
        "found",
        &format!(
            "seed {} case {}{}",
            report.seed,
            finding.case_index,
            if report.payloads { " (payloads)" } else { "" }
        ),
    );
    let mut case = DatCase {
        data: finding.input.clone(),
        fragment_context: Some("body".to_owned()),
        scripting: Some(true),
        document: tree.to_owned(),
        description: Some(description),
        ..DatCase::default()
    };
    let plain = dat::render(&case);
    let reads_back = dat::parse(&plain).is_ok_and(|back| {
        back.len() == 1 && back[0].data == case.data && back[0].document == case.document
    });
    if !reads_back {
        case.escaped = true;
        return dat::render(&case);
    }
    plain
}

/// The campaign's summary.md.
pub fn summary_markdown(report: &SanitizerReport) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# Sanitizer campaign: {}\n", report.sanitizer);
    let _ = writeln!(
        md,
        "{} ({}), seed {}, {} cases{}{} in {:.1} s: {} with script-capable output, {} with a mutation, {} failures.\n",
        report.sanitizer,
        report.version,
        report.seed,
        report.cases,
        if report.payloads { " (payloads)" } else { "" },
        if report.interrupted { ", interrupted" } else { "" },
        report.elapsed_seconds,
        report.script_capable_cases,
        report.mutation_cases,
        report.failure_cases
    );
    for confirmation in &report.confirmation {
        let _ = writeln!(
            md,
            "Confirmed in {}{}: {} outputs checked{}.\n",
            confirmation.browser,
            if confirmation.version.is_empty() {
                String::new()
            } else {
                format!(" ({})", confirmation.version)
            },
            confirmation.checked,
            confirmation
                .note
                .as_deref()
                .map_or(String::new(), |note| format!("; {note}"))
        );
    }
    if report.findings.is_empty() {
        md.push_str("No finding.\n");
        return md;
    }
    for finding in &report.findings {
        let _ = writeln!(
            md,
            "## `{}` ({} cases)\n",
            finding.signature.replace('`', "ˋ"),
            finding.count
        );
        let _ = writeln!(
            md,
            "Security labels: **{}**\n",
            label_words(&finding.labels)
        );
        let _ = writeln!(
            md,
            "Input (minimized):\n\n```html\n{}\n```\n",
            finding.input
        );
        let _ = writeln!(md, "Sanitized:\n\n```html\n{}\n```\n", finding.output);
        let _ = writeln!(
            md,
            "Ran in a browser (the output as `document.body.innerHTML`, the marker \
             called): **{}**\n",
            finding.ran_in_browser()
        );
        if finding.browser_runs.iter().any(|r| r.first_case) {
            let _ = writeln!(
                md,
                "The browsers were given the first case's output (minimization keeps \
                 shapes, not text, and dropped the marker):\n\n```html\n{}\n```\n",
                finding.original_output
            );
        }
        for run in &finding.browser_runs {
            if let Some(error) = &run.error {
                let _ = writeln!(md, "- {} could not check it: {error}", run.browser);
            }
        }
        if finding.browser_runs.iter().any(|r| r.error.is_some()) {
            md.push('\n');
        }
        if !finding.script_capable.is_empty() {
            md.push_str("Script-capable content as a browser parses it:\n\n");
            for item in &finding.script_capable {
                let _ = writeln!(md, "- {item}");
            }
            md.push('\n');
        }
        let _ = writeln!(
            md,
            "The browser's tree (a `<body>` fragment):\n\n```\n{}```\n",
            finding.browser_tree
        );
        if let Some(path) = &finding.archive_path {
            let _ = writeln!(md, "Archived: `{path}`\n");
        }
    }
    md
}

/// docs/sanitizers.md: one row per sanitizer campaign (sanitizer, version, cases,
/// findings of each kind, labels) and each finding's smallest input, with the
/// command that made it.
pub fn table_markdown(reports: &[SanitizerReport], command: &str, date: &str) -> String {
    let mut md = String::new();
    md.push_str("# Sanitizers against the standard\n\n");
    let _ = writeln!(md, "Made on {date} by\n\n```sh\n{command}\n```\n");
    md.push_str(
        "Each sanitizer cleaned the same generated cases with its default policy; the \
         reference parser, litmus, then parsed each output as a browser would (a \
         `<body>` fragment, a document, and the fragment serialized and parsed again, \
         scripting on). A finding is output whose parse holds script-capable content \
         (a script element, an `on…` handler, a `javascript:` URL, an `srcdoc`), the \
         sanitizer's own tree of its output differing from the browser's (a mutation), \
         or a failure of the sanitizer (a crash, a hang, output that is not UTF-8 or \
         too large); each is minimized while it keeps its signature, labelled from its \
         trees and archived. Where a browser is installed, each finding's output was \
         then inserted into a page of it (`document.body.innerHTML = output`), and \
         \"ran in browser\" says whether the payload's marker, `litmus_marker()`, was \
         called (`—`: no browser checked it). The sections after the tables say how, \
         and what each label means.\n\n",
    );
    md.push_str(
        "| sanitizer | version | cases | script-capable | mutations | failures | labels | ran in browser |\n\
         |---|---|---:|---:|---:|---:|---|---|\n",
    );
    for report in reports {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            report.sanitizer,
            report.version.replace('|', "\\|"),
            report.cases,
            report.count_of(What::ScriptCapable),
            report.count_of(What::Mutation),
            report.count_of(What::Failure),
            label_words(&report.labels()),
            ran_words(report)
        );
    }
    md.push('\n');
    for report in reports {
        let _ = writeln!(md, "## {}\n", report.sanitizer);
        if report.findings.is_empty() {
            md.push_str("No finding.\n\n");
            continue;
        }
        md.push_str(
            "| finding | class | cases | labels | ran in browser | smallest input |\n\
             |---|---|---:|---|---|---|\n",
        );
        for finding in &report.findings {
            let _ = writeln!(
                md,
                "| `{}` | {} | {} | {} | {} | `{}` |",
                cell(&finding.signature),
                finding
                    .class
                    .as_deref()
                    .map_or("**new**".to_owned(), |c| format!("`{c}`")),
                finding.count,
                label_words(&finding.labels),
                cell(&finding.ran_in_browser()),
                cell(&litmus_text::visible::visible_one_line(&finding.input))
            );
        }
        md.push('\n');
    }
    md
}

/// A campaign's confirmation in a cell: `1 of 2 findings (chromium)`, or `—` when no
/// browser checked an output.
fn ran_words(report: &SanitizerReport) -> String {
    let checked = report
        .findings
        .iter()
        .filter(|f| f.browser_runs.iter().any(|r| r.error.is_none()))
        .count();
    if checked == 0 {
        return "—".to_owned();
    }
    let ran = report
        .findings
        .iter()
        .filter(|f| f.browser_runs.iter().any(|r| r.ran))
        .count();
    let browsers: Vec<&str> = report
        .confirmation
        .iter()
        .filter(|c| c.checked > 0)
        .map(|c| c.browser.as_str())
        .collect();
    format!(
        "{ran} of {checked} finding{} ({})",
        if checked == 1 { "" } else { "s" },
        browsers.join(", ")
    )
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('`', "ˋ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(what: What, labels: Vec<SecurityLabel>) -> SanitizerFinding {
        SanitizerFinding {
            signature:
                "sanitized | s | script-capable: script element <svg script> | in: #fragment(body)"
                    .into(),
            hash: "00".into(),
            what,
            class: None,
            explanation: None,
            labels,
            count: 3,
            input: "<svg><script>x|y".into(),
            original_input: "<svg><script>x|y</p>".into(),
            case_index: 7,
            output: "<svg><script>x|y</script></svg>".into(),
            original_output: String::new(),
            sanitizer_tree: String::new(),
            browser_tree: "| <svg svg>\n|   <svg script>\n|     \"x|y\"\n".into(),
            script_capable: vec!["script element <svg script> (fragment)".into()],
            minimization: MinimizeStats::default(),
            archive_path: None,
            browser_runs: Vec::new(),
        }
    }

    #[test]
    fn the_table_counts_each_kind_and_shows_the_labels() {
        let mut confirmed = finding(What::ScriptCapable, vec![SecurityLabel::ScriptCapable]);
        confirmed.browser_runs = vec![
            BrowserRun {
                browser: "chromium".into(),
                version: "Chromium 1".into(),
                ran: true,
                on_interaction: false,
                first_case: false,
                error: None,
            },
            BrowserRun {
                browser: "firefox".into(),
                version: "Firefox 2".into(),
                ran: true,
                on_interaction: true,
                first_case: false,
                error: None,
            },
        ];
        let mut unconfirmed = finding(What::Mutation, vec![SecurityLabel::Mutation]);
        unconfirmed.browser_runs = vec![BrowserRun {
            browser: "chromium".into(),
            version: "Chromium 1".into(),
            ran: false,
            on_interaction: false,
            first_case: false,
            error: None,
        }];
        let report = SanitizerReport {
            sanitizer: "s".into(),
            version: "s 1.0".into(),
            cases: 100,
            findings: vec![
                finding(What::ScriptCapable, vec![SecurityLabel::ScriptCapable]),
                confirmed,
                unconfirmed,
            ],
            confirmation: vec![
                Confirmation {
                    browser: "chromium".into(),
                    version: "Chromium 1".into(),
                    checked: 3,
                    note: None,
                },
                Confirmation {
                    browser: "firefox".into(),
                    version: "Firefox 2".into(),
                    checked: 3,
                    note: None,
                },
            ],
            ..SanitizerReport::default()
        };
        let clean = SanitizerReport {
            sanitizer: "t".into(),
            version: "t 2".into(),
            cases: 100,
            ..SanitizerReport::default()
        };
        let md = table_markdown(&[report, clean], "litmus sanitize …", "2026-12-06");
        assert!(
            md.contains(
                "| s | s 1.0 | 100 | 2 | 1 | 0 | script-capable, mutation | 1 of 2 findings (chromium, firefox) |"
            ),
            "{md}"
        );
        assert!(md.contains("| t | t 2 | 100 | 0 | 0 | 0 | — | — |"), "{md}");
        assert!(
            md.contains("| 3 | script-capable | chromium: yes, firefox: on interaction | `"),
            "{md}"
        );
        assert!(md.contains("| 3 | mutation | chromium: no | `"), "{md}");
        assert!(
            md.contains("| **new** | 3 | script-capable | — | `<svg><script>x\\|y` |"),
            "{md}"
        );
        assert!(md.contains("## t\n\nNo finding."));
    }

    #[test]
    fn a_findings_json_without_browser_runs_still_reads() {
        let mut report = SanitizerReport::default();
        report.findings.push(finding(What::Mutation, vec![]));
        let mut json: serde_json::Value = serde_json::to_value(&report).unwrap();
        json.as_object_mut().unwrap().remove("confirmation");
        json["findings"][0]
            .as_object_mut()
            .unwrap()
            .remove("browser_runs");
        let back: SanitizerReport = serde_json::from_value(json).unwrap();
        assert_eq!(back, report);
    }

    #[test]
    fn an_archive_record_reads_back_whatever_its_input_holds() {
        let report = SanitizerReport::default();
        for input in ["<svg><script>x", "a\0b\r\n#data\n| x"] {
            let mut f = finding(What::ScriptCapable, vec![]);
            f.input = input.to_owned();
            let text = archive_text(&report, &f, "| \"x\"\n");
            let back = dat::parse(&text).unwrap();
            assert_eq!(back.len(), 1, "{text}");
            assert_eq!(back[0].data, input, "{text}");
            assert_eq!(back[0].fragment_context.as_deref(), Some("body"));
        }
    }
}
