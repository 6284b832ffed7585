//! `litmus table`: every installed engine against the reference parser, in one table.
//!
//! For each engine ([`engines::ENGINES`]) the command (`cli/table_cmd.rs`) runs a
//! campaign through the campaign runner ([`litmus_campaign::campaign::run()`]) on the same
//! generated cases, with the installed browsers as judges of its classes, and the
//! html5lib tree-construction trials through the runner of `litmus conformance`
//! ([`litmus_conformance`]). This module holds what is kept of each ([`Row`], made from the
//! campaign's [`CampaignReport`]) and renders the whole ([`Table`]) as Markdown
//! ([`markdown`], `docs/parsers.md`) and as a page in the reports' style ([`html`]).

pub mod engines;
pub mod html;
pub mod markdown;

use crate::report::text::visible_one_line;
use litmus_campaign::finding::{CampaignReport, LevelCount, SecurityLabel};
use litmus_compare::compare::Level;
use litmus_compare::signature::Kind;
use litmus_conformance::{ExpectedDifferences, Tally};
use litmus_engines::engine::Engine;
use std::path::Path;
use std::time::Duration;

/// The levels shown, in order, with their column titles.
pub const LEVELS: [(&str, &str); 4] = [
    ("tree", "tree"),
    ("fragment", "fragment"),
    ("serialization", "serialization"),
    ("round-trip", "round trip"),
];

/// The whole table.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// The command that reproduces it.
    pub command: String,
    /// The day it was made (UTC), `2026-12-01`.
    pub date: String,
    pub seed: u64,
    pub cases: u64,
    /// The cases of a browser's campaign: the first of the same cases.
    pub browser_cases: u64,
    /// The reference parser's version, as its worker says.
    pub reference: String,
    /// The reference parser's own html5lib run through a worker, the speed yardstick.
    pub reference_conformance: Option<ConformanceCount>,
    /// Why the html5lib column is empty, when it is.
    pub conformance_note: Option<String>,
    /// The judges asked for their side of each class (the installed browsers), in
    /// order; a browser is no judge of its own row.
    pub judges: Vec<String>,
    pub rows: Vec<Row>,
    /// Engines not measured, and why.
    pub skipped: Vec<(String, String)>,
}

/// One engine, measured.
#[derive(Clone, Debug)]
pub struct Row {
    pub name: String,
    /// From the engine's handshake (its worker's hello).
    pub version: String,
    /// When its campaign started (UTC date).
    pub measured: String,
    pub cases: u64,
    pub jobs: usize,
    pub levels: Vec<LevelCount>,
    pub cases_per_second: f64,
    pub classes: Vec<ClassRow>,
    /// Known classes of this engine that no case showed and whose archived exemplars
    /// diverge no more.
    pub possibly_fixed: Vec<String>,
    /// Known classes of this engine that no case showed, not shown fixed.
    pub not_seen: Vec<String>,
    pub conformance: Option<ConformanceCount>,
    /// Where its campaign's reports are.
    pub report_dir: String,
    /// Whether the engine's serializations were compared: `false` when the
    /// reference's own round trips differed somewhere and the engine's never did nor
    /// its serializations, the mark of an engine that gives no serialization (its
    /// serialization and round-trip counts are then the reference's alone).
    pub serializes: bool,
}

/// One class of divergence of an engine.
#[derive(Clone, Debug)]
pub struct ClassRow {
    /// The class id, or the signature of a divergence no class explains.
    pub name: String,
    pub new: bool,
    pub cases: u64,
    /// The smallest example: input, and context in words.
    pub example: String,
    pub context: String,
    /// Each judge's side on the class's smallest example they were asked about, in
    /// the judges' order: (judge, `reference`, `other`, `neither` or `unavailable`).
    pub verdicts: Vec<(String, String)>,
    /// Whether the judges side with the engine against the reference on it: a class
    /// to review against the standard (listed first).
    pub review: bool,
    /// The union of its findings' security labels (`script-capable`, …); classes
    /// with labels are listed first.
    pub labels: Vec<SecurityLabel>,
}

impl ClassRow {
    /// The judge's side on this class, if it was asked.
    pub fn side(&self, judge: &str) -> Option<&str> {
        self.verdicts
            .iter()
            .find(|(j, _)| j == judge)
            .map(|(_, side)| side.as_str())
    }
}

/// An engine's html5lib tree-construction trials.
#[derive(Clone, Copy, Debug, Default)]
pub struct ConformanceCount {
    pub tally: Tally,
    /// The engine's time over all trials (each a request through a worker).
    pub seconds: f64,
}

impl Row {
    /// The row of an engine's campaign `report`, its conformance run beside it.
    pub fn from_campaign(
        report: &CampaignReport,
        conformance: Option<ConformanceCount>,
        report_dir: &Path,
    ) -> Row {
        let classes = report
            .classes()
            .iter()
            .map(|group| {
                let smallest = group.smallest();
                // The sides on the smallest finding the judges were asked about
                // (serialization and round-trip findings get none).
                let verdicts = group
                    .verdicts()
                    .iter()
                    .map(|v| (v.engine.to_string(), v.sides_with.clone()))
                    .collect();
                ClassRow {
                    name: match &group.class {
                        Some(class) => class.clone(),
                        None => smallest.map_or_else(
                            || group.key.clone(),
                            |f| visible_one_line(f.signature.as_str()).into_owned(),
                        ),
                    },
                    new: group.is_new(),
                    cases: group.count(),
                    example: smallest
                        .map(|f| visible_one_line(&f.input).into_owned())
                        .unwrap_or_default(),
                    context: smallest
                        .map(crate::report::text::context)
                        .unwrap_or_default(),
                    verdicts,
                    review: group.judged_against_the_reference(),
                    labels: group.labels(),
                }
            })
            .collect();
        // A round trip shown by `name`: its first side is labelled with it.
        let round_trip_of = |name: &str| {
            report.signatures.iter().any(|s| {
                s.signature.level() == Some(Level::RoundTrip)
                    && s.signature
                        .parts()
                        .next()
                        .is_some_and(|p| p.label == Some(name))
            })
        };
        let serializes = !round_trip_of(&report.reference.name)
            || round_trip_of(&report.other.name)
            || report
                .signatures
                .iter()
                .any(|s| s.level == Kind::Level(Level::Serialization));
        Row {
            serializes,
            name: report.other.name.clone(),
            version: report.other.version.clone(),
            measured: report
                .started
                .get(..10)
                .unwrap_or(&report.started)
                .to_owned(),
            cases: report.cases,
            jobs: report.jobs,
            levels: report.levels.clone(),
            cases_per_second: report.cases_per_second,
            classes,
            possibly_fixed: report
                .possibly_fixed
                .iter()
                .map(|p| p.class.clone())
                .collect(),
            not_seen: report.not_seen.iter().map(|n| n.class.clone()).collect(),
            conformance,
            report_dir: report_dir.display().to_string(),
        }
    }

    /// The level's count, if the campaign compared it (and, for serializations and
    /// round trips, the engine gives serializations).
    pub fn level(&self, name: &str) -> Option<&LevelCount> {
        if !self.serializes && (name == "serialization" || name == "round-trip") {
            return None;
        }
        self.levels.iter().find(|l| l.level == name)
    }

    /// How many classes the judge's side fell on each way: reference, other,
    /// neither, none asked (or unavailable).
    pub fn sides(&self, judge: &str) -> [usize; 4] {
        let mut counts = [0; 4];
        for class in &self.classes {
            let i = match class.side(judge) {
                Some("reference") => 0,
                Some("other") => 1,
                Some("neither") => 2,
                _ => 3,
            };
            counts[i] += 1;
        }
        counts
    }

    /// The engine's html5lib time over the reference's.
    pub fn time_ratio(&self, reference: Option<&ConformanceCount>) -> Option<f64> {
        let (mine, theirs) = (self.conformance?, reference?);
        (theirs.seconds > 0.0).then(|| mine.seconds / theirs.seconds)
    }
}

/// The html5lib tree-construction `.dat` files of `$HTML5LIB_TESTS` (without
/// `scripted/`), or why there are none.
pub fn tree_construction_files() -> Result<Vec<std::path::PathBuf>, String> {
    let dir = litmus_campaign::generator::html5lib_dir().join("tree-construction");
    let (files, _) = litmus_conformance::collect(std::slice::from_ref(&dir))
        .map_err(|e| format!("{e}; {}", litmus_conformance::FETCH_HINT))?;
    let files = litmus_conformance::tree_construction_only(files);
    if files.is_empty() {
        return Err(format!("no .dat files in {}", dir.display()));
    }
    Ok(files)
}

/// Runs every trial of `files` through `engine` as `litmus conformance --engine` does
/// (litmus's expected differences applied), and counts them and the engine's time.
pub fn run_conformance(
    files: &[std::path::PathBuf],
    engine: &mut dyn Engine,
) -> Result<ConformanceCount, String> {
    let expected = ExpectedDifferences::embedded();
    let mut count = ConformanceCount::default();
    let mut time = Duration::ZERO;
    for path in files {
        let trials = litmus_conformance::run_tree_construction(path, engine, &expected)
            .map_err(|e| e.to_string())?;
        for trial in &trials {
            count.tally.add(&trial.outcome);
            time += trial.duration;
        }
    }
    count.seconds = time.as_secs_f64();
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use litmus_campaign::finding::{EngineId, SignatureCount};

    fn report(other: &str, signatures: &[(&str, &str)]) -> CampaignReport {
        CampaignReport {
            reference: EngineId {
                name: "litmus".into(),
                version: "0".into(),
            },
            other: EngineId {
                name: other.into(),
                version: "1".into(),
            },
            started: "2026-12-01T13:00:00Z".into(),
            levels: vec![
                LevelCount::new("tree", 10, 9),
                LevelCount::new("serialization", 9, 9),
                LevelCount::new("round-trip", 20, 18),
            ],
            signatures: signatures
                .iter()
                .map(|(level, signature)| SignatureCount {
                    signature: (*signature).into(),
                    level: (*level).into(),
                    ..SignatureCount::default()
                })
                .collect(),
            ..CampaignReport::default()
        }
    }

    #[test]
    fn a_class_row_carries_its_labels_and_both_pages_show_them() {
        use litmus_campaign::finding::{Finding, SecurityLabel};
        let mut campaign = report("lexbor", &[]);
        let finding = |signature: &str, input: &str, labels: Vec<SecurityLabel>| Finding {
            signature: signature.into(),
            hash: signature.len().to_string(),
            engine: "lexbor".into(),
            input: input.into(),
            count: 1,
            labels,
            ..Finding::default()
        };
        campaign.findings = vec![
            finding(
                "tree | litmus: <a> | lexbor: <b> | in: <body>",
                "<a>",
                vec![],
            ),
            finding(
                "round-trip | lexbor: \"x\" | reparsed: bgcolor | in: <body>",
                "<kbd><svg><script><![CDATA[<body bgcolor=",
                vec![SecurityLabel::AttributeMarkup],
            ),
        ];
        let row = Row::from_campaign(&campaign, None, Path::new("r"));
        // The labelled class first, though it has as many cases and sorts later.
        assert_eq!(row.classes[0].labels, vec![SecurityLabel::AttributeMarkup]);
        assert!(row.classes[1].labels.is_empty());
        let table = Table {
            rows: vec![row],
            ..Table::default()
        };
        let md = markdown::render(&table);
        assert!(
            md.contains("| **new**: `round-trip \\| lexbor: \"x\" \\| reparsed: bgcolor \\| in: <body>` | 1 | attribute-markup |"),
            "{md}"
        );
        assert!(md.contains("| class | cases | labels |"), "{md}");
        let page = html::render(&table, &|_| None);
        assert!(page.contains("<td>attribute-markup</td>"), "{page}");
    }

    #[test]
    fn an_engine_line_counts_its_jobs() {
        let line = |jobs: usize| {
            let mut campaign = report("webkit", &[]);
            campaign.jobs = jobs;
            let table = Table {
                rows: vec![Row::from_campaign(&campaign, None, Path::new("r"))],
                ..Table::default()
            };
            markdown::render(&table)
        };
        assert!(
            line(1).contains("cases/s (1 job); reports in"),
            "{}",
            line(1)
        );
        assert!(
            line(2).contains("cases/s (2 jobs); reports in"),
            "{}",
            line(2)
        );
    }

    #[test]
    fn an_engine_without_serializations_shows_none() {
        let reference_only = [(
            "round-trip",
            "round-trip | litmus: <a> | reparsed: <b> | in: x",
        )];
        let row = Row::from_campaign(&report("gumbo", &reference_only), None, Path::new("r"));
        assert!(!row.serializes);
        assert!(row.level("serialization").is_none() && row.level("round-trip").is_none());
        assert_eq!(row.level("tree").map(|l| l.agreed), Some(9));
        assert_eq!(row.measured, "2026-12-01");

        let both = [
            reference_only[0],
            (
                "round-trip",
                "round-trip | html5ever: <a> | reparsed: <b> | in: x",
            ),
        ];
        let row = Row::from_campaign(&report("html5ever", &both), None, Path::new("r"));
        assert!(row.serializes && row.level("round-trip").is_some());
        // Nothing to tell by: the counts are shown.
        assert!(Row::from_campaign(&report("x", &[]), None, Path::new("r")).serializes);
    }
}
