//! `litmus run`: a differential campaign.

use super::{CliError, CliResult};
use crate::campaign::{self, CampaignOptions, Shard};
use crate::finding::CampaignReport;
use crate::finding::MutationSourcesId;
use crate::generator::{html5lib_dir, mutation_sources, sources_hash, GeneratorConfig};
use crate::known::KnownDifferences;
use crate::minimize::Budget;
use clap::Args;
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
    #[arg(long, value_parser = crate::limits::parse_campaign_time)]
    pub time: Option<Duration>,
    /// The seed; the same seed, shard and options give the same cases. Default: from
    /// the clock (the summary prints it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Parallel jobs (each a case worker process). Default: all cores; at most 8 per
    /// core.
    #[arg(long, short = 'j', value_parser = crate::limits::parse_jobs)]
    pub jobs: Option<usize>,
    /// Run shard I of N (0-based): cases I, I+N, I+2N, … of the seed's stream.
    #[arg(long, value_name = "I/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    /// Where the reports go. Default: reports/<campaign id>.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The corpus: classes are read from CORPUS/known-differences.toml, and its
    /// findings are among the inputs the generator mutates.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    /// Where findings are archived. Default: OUT/divergences, beside the reports
    /// (adopt them into the corpus with `litmus corpus merge OUT/divergences`).
    #[arg(long, value_name = "DIR")]
    pub archive: Option<PathBuf>,
    /// The known-differences file, if not the corpus's.
    #[arg(long)]
    pub known: Option<PathBuf>,
    /// The engine under test, compared with the reference parser.
    /// A built-in engine (`html5ever`, `litmus`, `chaos`) or an external program,
    /// `cmd:'COMMAND'` (see docs/engines.md).
    #[arg(long, default_value = "html5ever")]
    pub engine: String,
    #[command(flatten)]
    pub external: super::engine_args::ExternalEngineArgs,
    /// A third engine, e.g. `chromium`: for every new tree or fragment divergence it
    /// parses the minimized input too, and reports say which side it takes
    /// (the reference, the engine under test, or neither).
    #[arg(long, value_name = "ENGINE")]
    pub third: Option<String>,
    /// The engine taken as the expected answer: the reference parser by default.
    /// Another built-in engine measures two engines against each other (e.g.
    /// `--reference html5ever --engine chromium`); known classes and the archive are
    /// written for the reference parser, so give such a run a scratch `--corpus`.
    #[arg(long, value_name = "ENGINE", default_value = "litmus")]
    pub reference: String,
    /// The time limit of one parse (a parse that takes longer is a timeout finding).
    #[arg(long, default_value = "10s", value_parser = crate::limits::parse_timeout)]
    pub timeout: Duration,
    /// Do not compare serializations.
    #[arg(long)]
    pub no_serialization: bool,
    /// Do not run round trips.
    #[arg(long)]
    pub no_round_trip: bool,
    /// Generator family weights, e.g. `adoption=20,eof=0` (see the README for the
    /// families).
    #[arg(long, value_name = "SPEC")]
    pub weights: Option<String>,
    /// The largest generated case, in bytes.
    #[arg(long, default_value_t = 500, value_parser = crate::limits::parse_case_bytes)]
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
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

/// The default known-differences file of a corpus.
pub fn known_differences_path(corpus: &Path, known: Option<&Path>) -> PathBuf {
    known.map_or_else(|| corpus.join("known-differences.toml"), Path::to_path_buf)
}

/// Reads the known-differences file, as bad input when it cannot be used.
pub fn load_known(path: &Path) -> Result<KnownDifferences, CliError> {
    KnownDifferences::load(path).map_err(|e| CliError::input(format!("known differences {e}")))
}

/// The campaign `args` describe, checked: bad input (exit 2) for anything wrong.
pub fn campaign_options(args: &RunArgs) -> Result<CampaignOptions, CliError> {
    let known = load_known(&known_differences_path(&args.corpus, args.known.as_deref()))?;
    let mut generator = GeneratorConfig {
        max_bytes: args.max_bytes,
        ..GeneratorConfig::default()
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
        let sources = mutation_sources(&args.corpus, &html5lib_dir());
        let id = MutationSourcesId {
            sha256: sources.hash(),
            inputs: sources.inputs.len(),
            html5lib_inputs: sources.html5lib_inputs,
            corpus_inputs: sources.corpus_inputs,
            html5lib: sources.html5lib.as_ref().map(|p| p.display().to_string()),
            corpus: Some(args.corpus.display().to_string()),
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
        .unwrap_or_else(|| super::corpus_cmd::divergences_dir(&out));
    // Engines are resolved before any folder is made.
    let reference = super::engine_choice(&args.reference)?;
    let other = super::engine_args::engine_choice(&args.engine, &args.external)?;
    let third = match &args.third {
        Some(third) => Some(super::engine_choice(third)?),
        None => None,
    };
    // Both paths are checked before either folder is made.
    could_be_folder(&out, "--out")?;
    could_be_folder(&archive, "--archive")?;
    writable_folder(&out, "--out")?;
    writable_folder(&archive, "--archive")?;
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
        out,
        id,
        known,
        reference,
        other,
        third,
        timeout: args.timeout,
        serialization: !args.no_serialization,
        round_trip: !args.no_round_trip,
        generator,
        bytes: args.bytes,
        mutation_corpus,
        mutation_sources,
        warnings,
        minimize_budget: Budget::default(),
        progress: !args.quiet && std::io::IsTerminal::is_terminal(&std::io::stderr()),
        quiet: args.quiet,
    })
}

pub fn run(args: RunArgs) -> CliResult {
    let options = campaign_options(&args)?;
    for warning in &options.warnings {
        eprintln!("litmus: warning: {warning}");
    }
    let stop = interrupt_flag();
    let report = campaign::run(&options, stop).map_err(|e| CliError {
        message: e.to_string(),
        code: match e {
            // Checked before any case runs: an engine, the generator, the archive folder.
            campaign::CampaignError::Engine(_)
            | campaign::CampaignError::Generator(_)
            | campaign::CampaignError::Archive(_) => 2,
            _ => 1,
        },
    })?;
    print_summary(&report, &options.out);
    let new = report.new_findings().count();
    Ok(if args.fail_on_new && new > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
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
    crate::archive::remove_stale_temporaries(dir);
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

/// Ctrl-C once: stop taking cases, finish what runs, write the reports. Twice: exit
/// at once (archived findings are whole either way).
fn interrupt_flag() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let presses = Arc::new(AtomicUsize::new(0));
    let flag = stop.clone();
    let _ = ctrlc::set_handler(move || {
        if presses.fetch_add(1, Ordering::SeqCst) > 0 {
            std::process::exit(130);
        }
        eprintln!("litmus: interrupted; finishing the running cases and writing the reports (Ctrl-C again to quit now)");
        flag.store(true, Ordering::SeqCst);
    });
    stop
}

fn print_summary(report: &CampaignReport, out: &Path) {
    let classes = report.classes();
    let new = classes.iter().filter(|c| c.is_new()).count();
    let known = classes.len() - new;
    println!(
        "litmus run {}: {} cases in {:.1} s ({:.0} cases/s), seed {}{}{}",
        report.campaign,
        report.cases,
        report.elapsed_seconds,
        report.cases_per_second,
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
    );
    println!("  {} vs {}", report.reference.version, report.other.version);
    println!(
        "  agreement of {} with the reference ({}):",
        report.other.name, report.reference.name
    );
    for level in &report.levels {
        let share = if level.compared > 0 {
            100.0 * level.agreed as f64 / level.compared as f64
        } else {
            100.0
        };
        println!(
            "  {:<14} {:>8} compared, {:>8} agreed ({share:.2} %)",
            level.level, level.compared, level.agreed
        );
    }
    println!(
        "  {} findings: {new} new classes, {known} known classes, {} possibly fixed upstream",
        report.findings.len(),
        report.possibly_fixed.len()
    );
    print_third_sides(report);
    for group in classes.iter().filter(|c| c.is_new()) {
        if let Some(smallest) = group.smallest() {
            println!(
                "    NEW {} ({} cases) e.g. {:?}",
                crate::report::text::visible_one_line(&smallest.signature),
                group.count(),
                smallest.input
            );
        }
    }
    println!("  reports in {}", out.display());
}

/// Per class, which side the third engine took (when a campaign had one).
fn print_third_sides(report: &CampaignReport) {
    let classes = report.classes();
    let mut counts = [0usize; 4];
    let mut engine = None;
    for class in &classes {
        let Some(third) = class.smallest().and_then(|f| f.third.as_ref()) else {
            continue;
        };
        engine.get_or_insert(third.engine.clone());
        if let Some(i) = crate::campaign::SIDES
            .iter()
            .position(|s| *s == third.sides_with)
        {
            counts[i] += 1;
        }
    }
    if let Some(engine) = engine {
        println!(
            "  {engine} sides with the reference in {} classes, with {} in {}, with neither in {} ({} unavailable)",
            counts[0], report.other.name, counts[1], counts[2], counts[3]
        );
    }
}
