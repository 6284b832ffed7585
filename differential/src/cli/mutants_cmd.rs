//! `litmus mutants`: each mutant of the reference parser (the departures of
//! `litmus_parser::departures` of kind mutant, one deliberate bug in one arm) as the engine under test in a campaign against the
//! unbroken parser, with every known class loaded. A class that takes a mutant's
//! divergence would hide the same bug in a real parser: the command shows which
//! mutants diverge within the cases (the mutation score), which the classes report
//! as new, which they swallow, and whether each new finding's locus names the arm the
//! mutant breaks.
//!
//! Mutant campaigns compare trees, fragments, serializations and parse errors; not
//! round trips, which show the standard's own serializer at work in every engine.

use super::error::{CliError, CliResult};
use super::run_cmd::{campaign_options, RunArgs};
use crate::cli::engine_args::ExternalEngineArgs;
use litmus_campaign::campaign;
use litmus_campaign::finding::{CampaignReport, Status};
use litmus_compare::compare::{Level, LevelSet};
use litmus_parser::departures::{self, DepartureInfo, Kind};
use litmus_text::outln;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct MutantsArgs {
    /// Generated cases per mutant (the same cases for every mutant).
    #[arg(long, default_value_t = 20_000)]
    pub cases: u64,
    /// The seed of the cases.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Only these mutants, comma-separated ids (`litmus mutants --list` lists them).
    #[arg(long, value_name = "IDS")]
    pub only: Option<String>,
    /// Where each mutant's campaign reports go (a folder per mutant) and the summary,
    /// `mutants.md` and `mutants.json`.
    #[arg(long, value_name = "DIR", default_value = "reports/mutants")]
    pub out: PathBuf,
    #[command(flatten)]
    pub known: super::known_args::KnownArgs,
    /// Parallel jobs of each campaign. Default: all cores.
    #[arg(short, long)]
    pub jobs: Option<usize>,
    /// List the mutants (id, the arm each breaks, what it does) and stop.
    #[arg(long)]
    pub list: bool,
}

/// What became of one mutant.
#[derive(Clone, Debug, Serialize)]
pub struct MutantOutcome {
    pub id: String,
    pub arm: String,
    /// Whether any comparison differed within the cases.
    pub diverged: bool,
    /// Findings no class explains.
    pub new: usize,
    /// Findings two classes explain equally well.
    pub ambiguous: usize,
    /// Findings a class explains (at the engine's version or another), and the classes.
    pub known: usize,
    pub classes: Vec<String>,
    /// Whether a new finding's locus names the mutated arm (among its arms, or the
    /// arms its token passed); `None` when no new finding has a locus (the errors
    /// level).
    pub locus_names_arm: Option<bool>,
    /// The loci of the new findings.
    pub loci: Vec<String>,
}

impl MutantOutcome {
    /// A diverging mutant that every one of its findings was classified away.
    pub fn swallowed(&self) -> bool {
        self.diverged && self.new == 0 && self.ambiguous == 0
    }
}

pub fn run(args: MutantsArgs) -> CliResult {
    let chosen = chosen(args.only.as_deref())?;
    if args.list {
        for info in &chosen {
            outln!("{}\t{}\t{}", info.id, info.arms.join(","), info.what);
        }
        return Ok(ExitCode::SUCCESS);
    }
    std::fs::create_dir_all(&args.out)
        .map_err(|e| CliError::input(format!("cannot create {}: {e}", args.out.display())))?;
    let (stop, _) = crate::cli::run_cmd::interrupt_flag();
    let mut outcomes = Vec::new();
    for (n, info) in chosen.iter().enumerate() {
        let report = campaign_of(info, &args, stop.clone())?;
        let outcome = outcome(info, &report);
        outln!(
            "mutants: {}/{} {}: {}",
            n + 1,
            chosen.len(),
            info.id,
            describe(&outcome)
        );
        outcomes.push(outcome);
        if stop.load(std::sync::atomic::Ordering::SeqCst) {
            break;
        }
    }
    let summary = Summary::of(&outcomes, args.cases);
    outln!("{}", summary.line());
    let markdown = render_markdown(&outcomes, &summary, &args);
    write(&args.out.join("mutants.md"), &markdown)?;
    let json = serde_json::to_string_pretty(&(&summary, &outcomes)).unwrap_or_default();
    write(&args.out.join("mutants.json"), &json)?;
    outln!("mutants: {}", args.out.join("mutants.md").display());
    Ok(if summary.swallowed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The mutants `--only` names, or all.
fn chosen(only: Option<&str>) -> Result<Vec<&'static DepartureInfo>, CliError> {
    let Some(only) = only else {
        return Ok(departures::of_kind(Kind::Mutant).collect());
    };
    only.split(',')
        .map(str::trim)
        .map(|id| {
            departures::mutant_by_id(id).ok_or_else(|| {
                CliError::input(format!(
                    "unknown mutant {id:?}; `litmus mutants --list` lists them"
                ))
            })
        })
        .collect()
}

/// Runs one mutant's campaign.
fn campaign_of(
    info: &DepartureInfo,
    args: &MutantsArgs,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> Result<CampaignReport, CliError> {
    let run_args = RunArgs {
        cases: Some(args.cases),
        time: None,
        seed: Some(args.seed),
        jobs: args.jobs,
        shard: None,
        out: Some(args.out.join(info.id)),
        corpus: None,
        archive: None,
        known: args.known.clone(),
        engine: format!("mutant:{}", info.id),
        external: ExternalEngineArgs::default(),
        judges: None,
        reference: "litmus".to_owned(),
        timeout: Duration::from_secs(10),
        levels: Some(LevelSet::of([Level::Serialization, Level::Errors])),
        no_serialization: false,
        no_round_trip: true,
        weights: None,
        max_bytes: 500,
        no_mutation: false,
        bytes: false,
        fail_on_new: false,
        quiet: true,
        spec_coverage: false,
        no_steering: false,
    };
    let mut options = campaign_options(&run_args)?;
    options.progress = false;
    campaign::run(&options, stop, litmus_report::report::write_to).map_err(|e| CliError {
        message: format!("the campaign of mutant {}: {e}", info.id),
        code: 1,
    })
}

/// What a mutant's campaign report says of it.
fn outcome(info: &DepartureInfo, report: &CampaignReport) -> MutantOutcome {
    let diverged =
        !report.findings.is_empty() || report.levels.iter().any(|l| l.compared != l.agreed);
    let count = |status: Status| {
        report
            .findings
            .iter()
            .filter(|f| f.status == Some(status))
            .count()
    };
    // A class that holds at another version of its engine takes a mutant's finding
    // too (a mutant is of no engine's version).
    let taken = |f: &&litmus_campaign::finding::Finding| {
        matches!(
            f.status,
            Some(Status::Known | Status::AtAnotherVersion | Status::Causes)
        )
    };
    let mut classes: Vec<String> = report
        .findings
        .iter()
        .filter(taken)
        .filter_map(|f| f.class.clone())
        .collect();
    classes.sort();
    classes.dedup();
    let new: Vec<_> = report
        .findings
        .iter()
        .filter(|f| f.status == Some(Status::New))
        .collect();
    // Only a first difference's locus (a tree's or fragment's) points at an arm; the
    // other levels' findings carry their case's arms only.
    let loci: Vec<&litmus_compare::locus::Locus> = new
        .iter()
        .filter_map(|f| f.locus.as_ref())
        .filter(|l| l.rule != litmus_compare::locus::LocusRule::Case)
        .collect();
    let locus_names_arm = (!loci.is_empty()).then(|| {
        loci.iter().any(|locus| {
            locus
                .arms
                .iter()
                .chain(&locus.token_arms)
                .any(|arm| info.arms.contains(&arm.as_str()))
        })
    });
    let mut loci: Vec<String> = loci.iter().map(|l| l.to_string()).collect();
    loci.sort();
    loci.dedup();
    MutantOutcome {
        id: info.id.to_owned(),
        arm: info.arms.join(", "),
        diverged,
        new: new.len(),
        ambiguous: count(Status::Ambiguous),
        known: report.findings.iter().filter(taken).count(),
        classes,
        locus_names_arm,
        loci,
    }
}

fn describe(outcome: &MutantOutcome) -> String {
    if !outcome.diverged {
        return "no divergence".to_owned();
    }
    let mut text = format!(
        "{} new, {} ambiguous, {} known",
        outcome.new, outcome.ambiguous, outcome.known
    );
    if outcome.swallowed() {
        text.push_str(&format!(" — SWALLOWED by {}", outcome.classes.join(", ")));
    }
    match outcome.locus_names_arm {
        Some(true) => text.push_str("; a locus names the mutated arm"),
        Some(false) => text.push_str(&format!(
            "; no locus names the mutated arm ({})",
            outcome.loci.first().map_or("", String::as_str)
        )),
        None => {}
    }
    text
}

/// The figures of a run of mutants.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub cases: u64,
    pub mutants: usize,
    pub diverged: usize,
    pub reported_new: usize,
    pub swallowed: Vec<String>,
    pub ambiguous: Vec<String>,
    pub locus_names_arm: usize,
    pub with_locus: usize,
}

impl Summary {
    fn of(outcomes: &[MutantOutcome], cases: u64) -> Summary {
        let diverging: Vec<&MutantOutcome> = outcomes.iter().filter(|o| o.diverged).collect();
        Summary {
            cases,
            mutants: outcomes.len(),
            diverged: diverging.len(),
            reported_new: diverging.iter().filter(|o| o.new > 0).count(),
            swallowed: diverging
                .iter()
                .filter(|o| o.swallowed())
                .map(|o| o.id.clone())
                .collect(),
            ambiguous: diverging
                .iter()
                .filter(|o| o.new == 0 && o.ambiguous > 0)
                .map(|o| o.id.clone())
                .collect(),
            locus_names_arm: diverging
                .iter()
                .filter(|o| o.locus_names_arm == Some(true))
                .count(),
            with_locus: diverging
                .iter()
                .filter(|o| o.locus_names_arm.is_some())
                .count(),
        }
    }

    /// `mutants: K of M diverging mutants reported new (D of N diverged)`, and the rest.
    pub fn line(&self) -> String {
        format!(
            "mutants: {} of {} diverging mutants reported new ({} of {} diverged within {} cases); {} swallowed by a class{}; {} only ambiguous; the locus names the mutated arm for {} of the {} with a locus",
            self.reported_new,
            self.diverged,
            self.diverged,
            self.mutants,
            self.cases,
            self.swallowed.len(),
            if self.swallowed.is_empty() {
                String::new()
            } else {
                format!(" ({})", self.swallowed.join(", "))
            },
            self.ambiguous.len(),
            self.locus_names_arm,
            self.with_locus
        )
    }
}

fn render_markdown(outcomes: &[MutantOutcome], summary: &Summary, args: &MutantsArgs) -> String {
    let mut text = String::new();
    text.push_str("# Mutants of the reference parser against the known classes\n\n");
    text.push_str(&format!(
        "`litmus mutants --cases {} --seed {}`.\n\n{}\n\n",
        args.cases,
        args.seed,
        summary.line()
    ));
    text.push_str("| mutant | arm it breaks | diverged | new | ambiguous | known (classes) | locus of the new findings |\n");
    text.push_str("|---|---|---|---:|---:|---|---|\n");
    for o in outcomes {
        let locus = match o.locus_names_arm {
            Some(true) => format!("names the arm: {}", o.loci.join("; ")),
            Some(false) => format!("elsewhere: {}", o.loci.join("; ")),
            None => "—".to_owned(),
        };
        text.push_str(&format!(
            "| `{}` | `{}` | {} | {} | {} | {}{} | {} |\n",
            o.id,
            o.arm,
            if o.diverged { "yes" } else { "no" },
            o.new,
            o.ambiguous,
            o.known,
            if o.classes.is_empty() {
                String::new()
            } else {
                format!(" ({})", o.classes.join(", "))
            },
            locus.replace('|', "\\|")
        ));
    }
    text
}

fn write(path: &Path, text: &str) -> Result<(), CliError> {
    std::fs::write(path, text)
        .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))
}
