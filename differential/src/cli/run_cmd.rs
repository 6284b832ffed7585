//! `litmus run`: a differential campaign.

use super::error::{CliError, CliResult};
use clap::Args;
use litmus_campaign::campaign::{self, CampaignOptions, Shard};
use litmus_campaign::finding::CampaignReport;
use litmus_campaign::finding::MutationSourcesId;
use litmus_campaign::generator::{html5lib_dir, mutation_sources, sources_hash, GeneratorConfig};
use litmus_compare::compare::{Level, LevelSet};
use litmus_compare::minimize::Budget;
use litmus_text::{errln, out, outln};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct RunArgs {
    /// How many cases to run (of this shard). The default, without --time, is 10000.
    #[arg(long, conflicts_with = "time")]
    pub cases: Option<u64>,
    /// How long to run instead: `90s`, `10m`, `2h`.
    #[arg(long, value_parser = litmus_engines::limits::parse_campaign_time)]
    pub time: Option<Duration>,
    /// The seed; the same seed, shard and options give the same cases. Default: from
    /// the clock (the summary prints it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Parallel jobs (each a case worker process). Default: all cores; at most 8 per
    /// core.
    #[arg(long, short = 'j', value_parser = litmus_engines::limits::parse_jobs)]
    pub jobs: Option<usize>,
    /// Run shard I of N (0-based): cases I, I+N, I+2N, … of the seed's stream.
    #[arg(long, value_name = "I/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    /// Where the reports go. Default: reports/<campaign id>.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The corpus: classes are read from CORPUS/known-differences.toml, and its
    /// findings are among the inputs the generator mutates. Default: `corpus`, and
    /// where it has no known-differences.toml, the copy built into litmus.
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    /// Where findings are archived. Default: OUT/divergences, beside the reports
    /// (adopt them into the corpus with `litmus corpus merge OUT/divergences`).
    #[arg(long, value_name = "DIR")]
    pub archive: Option<PathBuf>,
    #[command(flatten)]
    pub known: super::known_args::KnownArgs,
    #[arg(long, default_value = "html5ever", help = concat!(
        "The engine under test, compared with the reference parser: ",
        engines_help!(),
    ))]
    pub engine: String,
    #[command(flatten)]
    pub external: super::engine_args::ExternalEngineArgs,
    /// Judges, comma-separated engines, e.g. `browsers` (chromium, firefox and webkit)
    /// or `chromium`: for every archived tree or fragment finding each parses the
    /// minimized input too, and reports say which side each takes (the reference, the
    /// engine under test, or neither); a class the judges side with the engine on is
    /// listed first. The engine under test is no judge of itself. `--third ENGINE` is
    /// the same with one judge.
    #[arg(long, value_name = "LIST", visible_alias = "third",
          value_parser = super::engine_args::parse_judges)]
    pub judges: Option<super::engine_args::JudgeList>,
    /// The engine taken as the expected answer: the reference parser by default.
    /// Another built-in engine measures two engines against each other (e.g.
    /// `--reference html5ever --engine chromium`); known classes and the archive are
    /// written for the reference parser, so give such a run a scratch `--corpus`.
    #[arg(long, value_name = "ENGINE", default_value = "litmus")]
    pub reference: String,
    /// The time limit of one parse (a parse that takes longer is a timeout finding).
    #[arg(long, default_value = "10s", value_parser = litmus_engines::limits::parse_timeout)]
    pub timeout: Duration,
    /// The levels to compare, comma-separated: `tree`, `fragment`, `serialization`,
    /// `round-trip`, `chunks`, `tokens`, `errors`, `speed`. Every case is compared as a
    /// tree or a fragment whatever the list; serializations, round trips, chunks,
    /// tokens, errors and speed only when listed. Default: `tree,fragment,serialization,round-trip`.
    /// `chunks` (off by default) feeds each case in pieces to the engines that take
    /// pieces and compares each one's tree with its tree of the whole input (docs/levels.md,
    /// "The chunk level"). `tokens` (off by default) compares the reference
    /// tokenizer's tokens of each case with html5ever's and html5gum's, from the data
    /// state and two states a tree builder switches to (docs/levels.md, "The token
    /// level"). `errors` (off by default) compares each document's parse errors with
    /// the standard's codes, the reference's against the other engine's where it
    /// reports them (parse5's adapter does; docs/levels.md, "The errors level").
    /// `speed` (off by default) times both engines on each case's input repeated to
    /// sizes that double, and finds an engine whose time grows faster than the input
    /// (docs/levels.md, "The speed level").
    #[arg(long, value_name = "LIST", value_parser = parse_levels,
          conflicts_with_all = ["no_serialization", "no_round_trip"])]
    pub levels: Option<LevelSet>,
    /// Do not compare serializations (as `--levels` without `serialization`).
    #[arg(long)]
    pub no_serialization: bool,
    /// Do not run round trips (as `--levels` without `round-trip`).
    #[arg(long)]
    pub no_round_trip: bool,
    /// Generator family weights, e.g. `adoption=20,eof=0` (see docs/campaigns.md for
    /// the families).
    #[arg(long, value_name = "SPEC")]
    pub weights: Option<String>,
    /// The largest generated case, in bytes (1 to 16 MiB; below 20, the smallest
    /// case's target size comes down with it).
    #[arg(long, default_value_t = 500, value_parser = litmus_engines::limits::parse_case_bytes)]
    pub max_bytes: usize,
    /// Do not mutate html5lib and corpus inputs; generate every case.
    #[arg(long)]
    pub no_mutation: bool,
    /// Byte cases: every case is a document written as bytes (several encodings, byte
    /// order marks, `<meta charset>` in odd places and past 1024 bytes, broken
    /// sequences). The reference parser determines the encoding by the standard's
    /// sniffing algorithm; html5ever, which has none, parses the text decoded with
    /// that encoding. Documents only.
    #[arg(long)]
    pub bytes: bool,
    /// Exit with status 1 when a finding no known class explains was found.
    #[arg(long)]
    pub fail_on_new: bool,
    /// Quiet: no progress bar, no line per finding; errors and one closing line.
    #[arg(long, short)]
    pub quiet: bool,
    /// Count the arms of the standard the reference parser passes through (in the
    /// case workers) and report "spec arms reached: N of M", per tokenizer state and
    /// insertion mode, the cold arms and the hottest: printed, and in summary.md,
    /// findings.json (`spec_coverage`) and index.html. The generator is steered
    /// towards the arms rarely reached, in epochs of 5,000 cases (unless
    /// --no-steering); the report charts the arms reached against the cases run.
    #[arg(long)]
    pub spec_coverage: bool,
    /// With --spec-coverage: keep the configured family weights for every case
    /// instead of steering towards the arms rarely reached.
    #[arg(long, requires = "spec_coverage")]
    pub no_steering: bool,
}

/// The campaign `args` describe, checked: bad input (exit 2) for anything wrong.
pub fn campaign_options(args: &RunArgs) -> Result<CampaignOptions, CliError> {
    if args.spec_coverage && !litmus_campaign::spec_coverage::available() {
        return Err(CliError::input(
            litmus_campaign::spec_coverage::UNAVAILABLE.to_owned(),
        ));
    }
    let known =
        super::known_args::known_differences(args.corpus.as_deref(), &args.known, args.quiet)?;
    // The smallest target size follows a maximum below it, so that every `--max-bytes`
    // the help allows (from 1) runs; from the default minimum (20) up, cases are those
    // of the default configuration.
    let defaults = GeneratorConfig::default();
    let mut generator = GeneratorConfig {
        max_bytes: args.max_bytes,
        min_bytes: defaults.min_bytes.min(args.max_bytes),
        ..defaults
    };
    if let Some(weights) = &args.weights {
        generator
            .apply_weights(weights)
            .map_err(|e| CliError::input(format!("bad --weights: {e}")))?;
    }
    generator
        .validate()
        .map_err(|e| CliError::input(format!("bad generator settings: {e}")))?;
    let (mutation_corpus, mutation_sources, warnings) = if args.no_mutation {
        (
            Vec::new(),
            MutationSourcesId {
                sha256: sources_hash(&[]),
                ..MutationSourcesId::default()
            },
            Vec::new(),
        )
    } else {
        let sources = mutation_sources(
            &litmus_compare::archive::corpus_dir(args.corpus.as_deref()),
            &html5lib_dir(),
        );
        let id = MutationSourcesId {
            sha256: sources.hash(),
            inputs: sources.inputs.len(),
            html5lib_inputs: sources.html5lib_inputs,
            corpus_inputs: sources.corpus_inputs,
            html5lib: sources.html5lib.as_ref().map(|p| p.display().to_string()),
            corpus: Some(
                litmus_compare::archive::corpus_dir(args.corpus.as_deref())
                    .display()
                    .to_string(),
            ),
        };
        (sources.inputs, id, sources.warnings)
    };
    if let Some(out) = args.out.as_deref().filter(|o| o.exists() && !o.is_dir()) {
        // Found now, not after the whole campaign when the reports are written.
        return Err(CliError::input(format!(
            "--out {}: is not a folder",
            out.display()
        )));
    }
    let seed = args.seed.unwrap_or_else(clock_seed);
    let shard = args.shard.unwrap_or(Shard::ALL);
    let id = campaign::default_campaign_id(seed, shard);
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| Path::new("reports").join(&id));
    // The folders are checked now, not after the campaign has run.
    let archive = args
        .archive
        .clone()
        .unwrap_or_else(|| litmus_compare::archive::divergences_dir(&out));
    // Engines are resolved before any folder is made.
    let reference = super::engine_args::engine_choice_by_name(&args.reference)?;
    let chosen = super::engine_args::choose(&args.engine, &args.external)?;
    if !args.quiet {
        chosen.warn_if_unclassed(&known);
    }
    let other = chosen.choice;
    let judges = match &args.judges {
        Some(list) => list.choices(&other.name)?,
        None => Vec::new(),
    };
    let levels = args.levels.clone().unwrap_or_else(|| {
        let mut levels = LevelSet::defaults();
        if args.no_serialization {
            levels.remove(Level::Serialization);
        }
        if args.no_round_trip {
            levels.remove(Level::RoundTrip);
        }
        levels
    });
    // Both paths are checked before either folder is made.
    could_be_folder(&out, "--out")?;
    could_be_folder(&archive, "--archive")?;
    writable_folder(&out, "--out")?;
    writable_folder(&archive, "--archive")?;
    let mut exemplar_folders = vec![litmus_compare::archive::divergences_dir(
        &litmus_compare::archive::corpus_dir(args.corpus.as_deref()),
    )];
    if !exemplar_folders.contains(&archive) {
        exemplar_folders.push(archive.clone());
    }
    Ok(CampaignOptions {
        cases: match (args.cases, args.time) {
            (None, None) => Some(10_000),
            (cases, _) => cases,
        },
        time: args.time,
        seed,
        jobs,
        shard,
        archive,
        exemplar_folders,
        out,
        id,
        known,
        reference,
        other,
        judges,
        timeout: args.timeout,
        levels,
        generator,
        bytes: args.bytes,
        mutation_corpus,
        mutation_sources,
        warnings,
        minimize_budget: Budget::default(),
        spec_coverage: args.spec_coverage,
        steering: args.spec_coverage && !args.no_steering,
        progress: !args.quiet && std::io::IsTerminal::is_terminal(&std::io::stderr()),
        quiet: args.quiet,
    })
}

/// The exit status of a campaign stopped by Ctrl-C (128 + SIGINT, as a shell reports
/// a program killed by it): its reports are whole, but it did not run all its cases.
pub const INTERRUPTED: u8 = 130;

pub fn run(args: RunArgs) -> CliResult {
    let options = campaign_options(&args)?;
    // Under --quiet the warnings are counted in the closing line (and written in the
    // reports), not printed: --quiet prints errors and one line.
    if !args.quiet {
        for warning in &options.warnings {
            errln!("litmus: warning: {warning}");
        }
    }
    let (stop, interrupted) = interrupt_flag();
    let report =
        campaign::run(&options, stop, litmus_report::report::write_to).map_err(|e| CliError {
            message: e.to_string(),
            code: match e {
                // Checked before any case runs: an engine, the generator, the archive folder.
                campaign::CampaignError::Engine(_)
                | campaign::CampaignError::Generator(_)
                | campaign::CampaignError::Archive(_)
                | campaign::CampaignError::OutInUse(_) => 2,
                _ => 1,
            },
        })?;
    if args.quiet {
        outln!("{}", one_line_summary(&report, &options.out));
    } else {
        if let Some(coverage) = &report.spec_coverage {
            out!(
                "{}",
                litmus_campaign::spec_coverage::render_text(coverage, 40)
            );
        }
        print_summary(&report, &options.out);
    }
    let new = report.new_findings().count();
    // Ctrl-C that came after the last case was taken stopped nothing: the campaign is whole.
    Ok(
        if interrupted.load(Ordering::SeqCst) && report.interrupted {
            ExitCode::from(INTERRUPTED)
        } else if args.fail_on_new && new > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        },
    )
}

/// Bad input (exit 2) naming `flag` when `dir`, or the nearest of its ancestors that
/// exists, is not a folder: nothing is created.
fn could_be_folder(dir: &Path, flag: &str) -> Result<(), CliError> {
    match dir.ancestors().find(|a| a.exists()) {
        Some(existing) if !existing.is_dir() => Err(CliError::input(format!(
            "{flag} {}: {} is not a folder",
            dir.display(),
            existing.display()
        ))),
        _ => Ok(()),
    }
}

/// Creates `dir` if missing and checks that a file can be written in it; bad input
/// (exit 2) naming `flag` otherwise.
pub fn writable_folder(dir: &Path, flag: &str) -> Result<(), CliError> {
    let problem = |e: std::io::Error| {
        CliError::input(format!("{flag} {}: cannot write there: {e}", dir.display()))
    };
    if dir.exists() && !dir.is_dir() {
        return Err(CliError::input(format!(
            "{flag} {}: is not a folder",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir).map_err(problem)?;
    litmus_compare::archive::remove_stale_temporaries(dir);
    tempfile::Builder::new()
        .prefix(&format!(".litmus-probe-{}-", std::process::id()))
        .tempfile_in(dir)
        .map_err(problem)?;
    Ok(())
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Ctrl-C once: stop taking cases, finish what runs, write the reports, exit 130.
/// Twice: exit 130 at once (archived findings are whole either way). Returns the
/// campaign's stop flag (which a fatal error sets too) and whether Ctrl-C was pressed.
pub(crate) fn interrupt_flag() -> (Arc<AtomicBool>, Arc<AtomicBool>) {
    let stop = Arc::new(AtomicBool::new(false));
    let interrupted = Arc::new(AtomicBool::new(false));
    let presses = Arc::new(AtomicUsize::new(0));
    let (flag, pressed) = (stop.clone(), interrupted.clone());
    let _ = ctrlc::set_handler(move || {
        if presses.fetch_add(1, Ordering::SeqCst) > 0 {
            std::process::exit(i32::from(INTERRUPTED));
        }
        errln!("litmus: interrupted; finishing the running cases and writing the reports (Ctrl-C again to quit now)");
        pressed.store(true, Ordering::SeqCst);
        flag.store(true, Ordering::SeqCst);
    });
    (stop, interrupted)
}

/// What `--quiet` prints: the whole summary on one line, for a log or a scheduler.
fn one_line_summary(report: &CampaignReport, out: &Path) -> String {
    let classes = report.classes();
    let new = classes.iter().filter(|c| c.is_new()).count();
    format!(
        "{}; {} findings: {new} new classes, {} known classes{}; reports in {}",
        headline(report),
        report.findings.len(),
        classes.len() - new,
        match report.warnings.len() {
            0 => String::new(),
            1 => "; 1 warning (see summary.md)".to_owned(),
            n => format!("; {n} warnings (see summary.md)"),
        },
        out.display()
    )
}

/// The summary's first line: campaign, cases, time, rate, seed, shard, interruption.
fn headline(report: &CampaignReport) -> String {
    format!(
        "litmus run {}: {} cases in {:.1} s ({} cases/s), seed {}{}{}",
        report.campaign,
        report.cases,
        report.elapsed_seconds,
        litmus_text::numbers::rate(report.cases_per_second),
        report.seed,
        report
            .shard
            .as_deref()
            .map_or(String::new(), |s| format!(", shard {s}")),
        if report.interrupted {
            ", interrupted"
        } else {
            ""
        }
    )
}

fn print_summary(report: &CampaignReport, out: &Path) {
    let classes = report.classes();
    let new = classes.iter().filter(|c| c.is_new()).count();
    let known = classes.len() - new;
    outln!("{}", headline(report));
    outln!("  seed {}", litmus_report::report::text::seed(report));
    outln!("  {} vs {}", report.reference.version, report.other.version);
    outln!(
        "  agreement of {} with the reference ({}):",
        report.other.name,
        report.reference.name
    );
    for level in &report.levels {
        if level.compared == 0 {
            outln!(
                "  {:<14} not compared (the engine gave nothing to compare at this level)",
                level.level
            );
            continue;
        }
        outln!(
            "  {:<14} {:>8} compared, {:>8} agreed ({})",
            level.level,
            level.compared,
            level.agreed,
            litmus_text::numbers::percent(level.agreed, level.compared)
        );
    }
    outln!(
        "  {} distinct signatures, {} after minimization",
        report.signatures.len(),
        report.minimized_signatures()
    );
    let elsewhere = classes.iter().filter(|c| c.at_another_version()).count();
    outln!(
        "  {} findings: {new} new classes, {known} known classes{}, {} possibly fixed upstream, {} not seen",
        report.findings.len(),
        if elsewhere > 0 {
            format!(" ({elsewhere} at another version of {})", report.other.name)
        } else {
            String::new()
        },
        report.possibly_fixed.len(),
        report.not_seen.len()
    );
    print_judges_sides(report);
    for group in classes.iter().filter(|c| c.is_new()) {
        if let Some(smallest) = group.smallest() {
            outln!(
                "    NEW {} ({} cases) e.g. {:?}",
                litmus_text::visible::visible_one_line(smallest.signature.as_str()),
                group.count(),
                smallest.input
            );
        }
    }
    outln!("  reports in {}", out.display());
}

/// Per judge, which side it took on the classes (when a campaign had judges), and
/// the classes the judges side with the engine on.
fn print_judges_sides(report: &CampaignReport) {
    let classes = report.classes();
    for (judge, counts) in litmus_report::report::text::judge_counts(&classes) {
        outln!(
            "  {judge} sides with the reference in {} classes, with {} in {}, with neither in {} ({} unavailable)",
            counts[0], report.other.name, counts[1], counts[2], counts[3]
        );
    }
    let review: Vec<String> = classes
        .iter()
        .filter(|c| c.judged_against_the_reference())
        .map(|c| litmus_text::visible::visible_one_line(&c.title()).into_owned())
        .collect();
    if !review.is_empty() {
        outln!(
            "  the judges side with {} in {} classes, to review against the standard: {}",
            report.other.name,
            review.len(),
            review.join(", ")
        );
    }
}

/// Reads `--levels` ([`LevelSet::parse`]).
fn parse_levels(text: &str) -> Result<LevelSet, String> {
    LevelSet::parse(text)
}
