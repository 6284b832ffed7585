//! `litmus bench`: the reference parser against html5ever on real pages, fuzzing-sized
//! cases and adversarial families (see [`crate::bench`]).

use super::error::{CliError, CliResult};
use crate::bench::{self, families, runner::Timing, search, BenchConfig};
use clap::Args;
use litmus_text::{errln, out};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Which sections to run (comma-separated): pages, fuzz, adversarial, search.
    /// `search` times the reference parser alone on families of k openers, k blocks
    /// and k closers over every kind of element the standard treats specially, and on
    /// generated cases as patterns, at two sizes 8x apart, and flags those whose time
    /// per byte grows (exit status 1 when any is flagged); it is not in the default.
    #[arg(long, value_delimiter = ',', default_value = "pages,fuzz,adversarial")]
    pub only: Vec<String>,
    /// With `search`: the per-byte growth over 8x above which an input is flagged.
    #[arg(long, default_value_t = 2.0, value_parser = parse_threshold)]
    pub threshold: f64,
    /// With `search`: the smaller size, in KiB (1 to 4096; the larger is 8 times it).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub search_kib: u32,
    /// With `search`: the kinds of element to combine (comma-separated; default all).
    #[arg(long, value_delimiter = ',')]
    pub kinds: Vec<String>,
    /// With `search`: how many generated cases to take as patterns (0 to 100000).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub patterns: u32,
    /// The adversarial families to run (comma-separated names; default all).
    #[arg(long, value_delimiter = ',')]
    pub families: Vec<String>,
    /// The largest adversarial input, in KiB (1 to 65536: 64 MiB, whose deepest
    /// family's tree and stack take about 2 GB). Sizes double up to it.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    pub max_kib: u32,
    /// How many adversarial sizes (5: the smallest is 1/16 of the largest; 1 to 12,
    /// and the smallest at least 1 KiB).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=12))]
    pub sizes: u32,
    /// How many generated cases: of 50–500 bytes for `fuzz` (default 4000), or the
    /// campaign's with `--campaign` (default 100000).
    #[arg(long)]
    pub cases: Option<u64>,
    /// The generator's seed.
    #[arg(long, default_value_t = 2026)]
    pub seed: u64,
    /// Instead of the parsers: a campaign's case stream run in one process with no
    /// isolation and no archive (the ceiling), then as a real campaign (`litmus run`,
    /// its archive and reports in a scratch folder) with the same cases and as many
    /// jobs, and `harness efficiency: X`, the campaign's rate over the ceiling's.
    #[arg(long)]
    pub campaign: bool,
    /// With `--campaign`: the jobs (default: all cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// With `--campaign`: how many rounds of the ceiling then the campaign (1 to 20),
    /// and the median of their efficiencies: a machine that speeds up or slows down
    /// between the two runs of a round moves that round's ratio, not the median.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub repeat: u32,
    #[arg(long, default_value = "html5ever", help = concat!(
        "With `--campaign`: the engine under test: ",
        engines_help!(),
    ))]
    pub engine: String,
    /// The fewest runs per engine and workload (1 to 100000; as many are made even
    /// past the usual most, 200).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub min_runs: u32,
    /// About how long each engine spends on each workload, e.g. 600ms.
    #[arg(long, default_value = "600ms")]
    pub target: humantime::Duration,
    /// A run longer than this stops an engine on larger sizes, e.g. 2s.
    #[arg(long, default_value = "2s")]
    pub budget: humantime::Duration,
    /// The toolchain's HTML documentation (default: from `rustc --print sysroot`).
    #[arg(long)]
    pub docs: Option<PathBuf>,
    /// Do not measure peak memory.
    #[arg(long)]
    pub no_memory: bool,
    /// Also write the tables to this Markdown file.
    #[arg(long)]
    pub markdown: Option<PathBuf>,
    /// A small, fast configuration for a smoke test: 64 KiB, 100 cases, 2 runs.
    #[arg(long)]
    pub quick: bool,
    /// Measure with the C allocator's defaults. By default `litmus bench` runs itself
    /// again with `GLIBC_TUNABLES` set so that large blocks stay in the heap between
    /// runs (the value is printed with the tables).
    #[arg(long)]
    pub malloc_defaults: bool,
    /// (Internal) Parse FILE once with ENGINE and print the VmHWM rise.
    #[arg(long = "peak-memory-child", hide = true, num_args = 2, value_names = ["ENGINE", "FILE"])]
    pub peak_memory_child: Option<Vec<String>>,
}

/// The allocator settings `litmus bench` measures under, for both engines alike. With
/// glibc's defaults, a block over the mmap threshold (128 KiB, rising after frees) is
/// mapped fresh and unmapped on free, so every run of a large input pays the kernel's
/// page faults again: at 1 MiB of deeply nested markup a third of the reference
/// parser's time was page faults, absent at 64 KiB where the heap is reused. That cost
/// comes from measuring repeated runs in one process, not from the parser's
/// algorithm; keeping large blocks in the heap (and not trimming it) measures the
/// parsers instead. `--malloc-defaults` measures without.
pub const ALLOCATOR_TUNABLES: &str =
    "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967295";

pub fn run(args: BenchArgs) -> CliResult {
    if args.campaign {
        // Measured as `litmus run` runs: with the allocator's defaults.
        return run_campaign(&args);
    }
    if args.repeat > 1 {
        return Err(CliError::input(
            "--repeat is for --campaign (the parsers' benchmark repeats its runs already: --min-runs)",
        ));
    }
    if args.peak_memory_child.is_none()
        && !args.malloc_defaults
        && std::env::var_os("GLIBC_TUNABLES").is_none()
        && cfg!(target_os = "linux")
    {
        return run_again_with_allocator_tunables();
    }
    if let Some(child) = &args.peak_memory_child {
        return match &child[..] {
            [engine, file] => bench::memory::child_main(engine, file.as_ref())
                .map(|()| ExitCode::SUCCESS)
                .map_err(CliError::input),
            _ => Err(CliError::input("--peak-memory-child ENGINE FILE")),
        };
    }
    if u64::from(args.max_kib) >> (args.sizes - 1) == 0 {
        return Err(CliError::input(format!(
            "--sizes {} halves --max-kib {} below 1 KiB: give fewer sizes or a larger maximum",
            args.sizes, args.max_kib
        )));
    }
    if let Some(docs) = args.docs.as_deref().filter(|d| !d.is_dir()) {
        return Err(CliError::input(format!(
            "--docs {}: {}",
            docs.display(),
            if docs.exists() {
                "is not a folder"
            } else {
                "no such folder"
            }
        )));
    }
    let mut config = BenchConfig {
        docs_dir: args.docs.clone(),
        max_bytes: (args.max_kib as usize) << 10,
        sizes: args.sizes as usize,
        fuzz_cases: usize::try_from(args.cases.unwrap_or(4000))
            .map_err(|_| CliError::input("--cases: too many"))?,
        fuzz_seed: args.seed,
        timing: Timing {
            min_rounds: args.min_runs as usize,
            max_rounds: Timing::default().max_rounds.max(args.min_runs as usize),
            target: *args.target,
            budget: *args.budget,
        },
        memory: !args.no_memory,
        ..BenchConfig::default()
    };
    for section in &args.only {
        if !matches!(
            section.as_str(),
            "pages" | "fuzz" | "adversarial" | "search"
        ) {
            return Err(CliError::input(format!(
                "unknown section {section:?}: use pages, fuzz, adversarial, search"
            )));
        }
    }
    let mut search_config = None;
    if args.only.iter().any(|s| s == "search") {
        let mut kinds = Vec::new();
        for name in &args.kinds {
            kinds.push(search::kind_named(name).ok_or_else(|| {
                let known: Vec<_> = search::KINDS.iter().map(|k| k.name).collect();
                CliError::input(format!(
                    "unknown kind {name:?}; known: {}",
                    known.join(", ")
                ))
            })?);
        }
        search_config = Some(search::SearchConfig {
            kinds: if kinds.is_empty() {
                search::KINDS.iter().collect()
            } else {
                kinds
            },
            small_bytes: (args.search_kib as usize) << 10,
            threshold: args.threshold,
            patterns: args.patterns as usize,
            seed: args.seed,
            ..search::SearchConfig::default()
        });
    } else if !args.kinds.is_empty() {
        return Err(CliError::input(
            "--kinds is for the search section: add --only search",
        ));
    }
    config.pages = args.only.iter().any(|s| s == "pages");
    config.fuzz = args.only.iter().any(|s| s == "fuzz");
    config.adversarial = args.only.iter().any(|s| s == "adversarial");
    if !args.families.is_empty() {
        config.families = Vec::new();
        for name in &args.families {
            let family = families::family(name).ok_or_else(|| {
                let known: Vec<_> = families::FAMILIES.iter().map(|f| f.name).collect();
                CliError::input(format!(
                    "unknown family {name:?}; known: {}",
                    known.join(", ")
                ))
            })?;
            config.families.push(family);
        }
    }
    if args.quick {
        config.max_bytes = config.max_bytes.min(64 << 10);
        config.fuzz_cases = config.fuzz_cases.min(100);
        config.timing.min_rounds = 2;
        config.timing.target = Duration::from_millis(20);
    }
    let command = std::iter::once("litmus".to_owned())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ");
    let mut text = String::new();
    if config.pages || config.fuzz || config.adversarial {
        let results = bench::run(&config, &mut |line| errln!("bench: {line}"));
        text.push_str(&bench::markdown(&results, &command));
    }
    let mut flagged = false;
    if let Some(search_config) = &search_config {
        let mut parse = |input: &str| {
            let document =
                litmus_parser::parse_document(input, &litmus_parser::ParseOptions::default());
            std::hint::black_box(&document);
        };
        let results = search::search(search_config, &mut parse, &mut |line| {
            errln!("bench: search: {line}")
        });
        flagged = !results.flagged.is_empty();
        text.push_str(&search::markdown(&results, &command));
    }
    out!("{text}");
    if let Some(path) = &args.markdown {
        std::fs::write(path, &text)
            .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(if flagged {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// A per-byte growth threshold: above 1 (linear) and at most 64.
fn parse_threshold(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number"))?;
    if value.is_finite() && value > 1.0 && value <= 64.0 {
        Ok(value)
    } else {
        Err(format!("{text}: give a growth above 1 and at most 64"))
    }
}

/// Runs this `litmus bench` again with [`ALLOCATOR_TUNABLES`] and returns its status.
fn run_again_with_allocator_tunables() -> CliResult {
    errln!("bench: measuring with GLIBC_TUNABLES={ALLOCATOR_TUNABLES} (--malloc-defaults to measure without)");
    let exe = std::env::current_exe()
        .map_err(|e| CliError::input(format!("cannot find the litmus binary: {e}")))?;
    let status = std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env("GLIBC_TUNABLES", ALLOCATOR_TUNABLES)
        .status()
        .map_err(|e| CliError::input(format!("cannot run litmus bench again: {e}")))?;
    Ok(ExitCode::from(
        status.code().map_or(1, |c| u8::try_from(c).unwrap_or(1)),
    ))
}

/// `litmus bench --campaign`: the ceiling and a real campaign on the same cases,
/// `--repeat` rounds of them.
fn run_campaign(args: &BenchArgs) -> CliResult {
    // 1 to 20: the argument's parser holds it there.
    let rounds = args.repeat;
    let mut figures = Vec::new();
    for round in 1..=rounds {
        if rounds > 1 {
            errln!("bench: round {round} of {rounds}");
        }
        // A scratch folder per round: each campaign archives and reports afresh.
        let scratch = tempfile::tempdir()
            .map_err(|e| CliError::input(format!("cannot make a scratch folder: {e}")))?;
        let options = campaign_options(args, scratch.path())?;
        figures.push(
            bench::campaign::run(&options, &mut |line| errln!("bench: {line}"))
                .map_err(CliError::input)?,
        );
    }
    let command = std::iter::once("litmus".to_owned())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ");
    let mut text = format!("`{command}` (seed {})\n\n", args.seed);
    for (round, figures) in figures.iter().enumerate() {
        if rounds > 1 {
            text.push_str(&format!("round {} of {rounds}:\n", round + 1));
        }
        for line in figures.lines() {
            text.push_str(&line);
            text.push('\n');
        }
    }
    if rounds > 1 {
        let efficiencies: Vec<f64> = figures.iter().map(|f| f.efficiency()).collect();
        text.push_str(&bench::campaign::median_line(&efficiencies));
        text.push('\n');
    }
    out!("{text}");
    if let Some(path) = &args.markdown {
        std::fs::write(path, &text)
            .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The options of `litmus bench --campaign`'s campaign: `litmus run`'s, with the
/// bench's cases, seed, engine and jobs, quiet, its reports and archive in `scratch`.
fn campaign_options(
    args: &BenchArgs,
    scratch: &std::path::Path,
) -> Result<litmus_campaign::campaign::CampaignOptions, CliError> {
    use clap::Parser;
    #[derive(Parser)]
    struct Run {
        #[command(flatten)]
        run: super::run_cmd::RunArgs,
    }
    let mut words = vec![
        "run".to_owned(),
        "--cases".to_owned(),
        args.cases.unwrap_or(100_000).to_string(),
        "--seed".to_owned(),
        args.seed.to_string(),
        "--engine".to_owned(),
        args.engine.clone(),
        "--quiet".to_owned(),
        "--out".to_owned(),
        scratch.display().to_string(),
    ];
    if let Some(jobs) = args.jobs {
        words.push("--jobs".to_owned());
        words.push(jobs.to_string());
    }
    let run = Run::try_parse_from(&words).map_err(|e| CliError::input(e.to_string()))?;
    super::run_cmd::campaign_options(&run.run)
}
