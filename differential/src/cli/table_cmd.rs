//! `litmus table`: every installed engine (or those `--engines` names) against the
//! reference parser on the same generated cases, written as `docs/parsers.md` and a
//! page in the reports' style. Each engine's campaign is `litmus run`'s, in process
//! ([`litmus_campaign::campaign::run`] with the options `run` would build), with the installed
//! browsers as judges of its classes (a browser's own row judged by the others); its
//! html5lib trials are `litmus conformance --engine`'s
//! ([`litmus_report::table::run_conformance`]).

use super::engine_args::{ExternalEngineArgs, JudgeList};
use super::error::{CliError, CliResult};
use super::run_cmd::{campaign_options, interrupt_flag, writable_folder, RunArgs, INTERRUPTED};
use clap::Args;
use litmus_campaign::campaign::{self, EngineChoice};
use litmus_compare::archive::write_atomically;
use litmus_engines::engine::Engine;
use litmus_report::table::engines::{TableEngine, ENGINES};
use litmus_report::table::{self, ConformanceCount, Row, Table};
use litmus_text::{errln, outln};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct TableArgs {
    /// Generated cases per engine (the same cases for every engine).
    #[arg(long, default_value_t = 20_000)]
    pub cases: u64,
    /// Cases for each browser (Chromium, Firefox, WebKit), slower than the other
    /// engines: the first N of the same cases.
    #[arg(
        long,
        default_value_t = 2_000,
        value_name = "N",
        visible_alias = "chromium-cases"
    )]
    pub browser_cases: u64,
    /// The seed of the cases.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The engines to measure, comma-separated (default: every installed one):
    /// html5ever, parse5, html5lib, lexbor, gumbo, go-html, html5gum, chromium,
    /// firefox, webkit. An engine named here must be installed.
    #[arg(long, value_name = "LIST")]
    pub engines: Option<String>,
    /// The Markdown table. Default: parsers.md beside the HTML page, in reports/
    /// (`--out docs/parsers.md` rewrites the committed table).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// The HTML page; each engine's campaign reports go in folders beside it.
    #[arg(
        long,
        default_value = "reports/parsers/index.html",
        value_name = "FILE"
    )]
    pub html: PathBuf,
    /// Parallel jobs of each campaign, a browser's too. Default: all cores.
    #[arg(long, short = 'j', value_parser = litmus_engines::limits::parse_jobs)]
    pub jobs: Option<usize>,
    /// The time limit of one parse.
    #[arg(long, default_value = "10s", value_parser = litmus_engines::limits::parse_timeout)]
    pub timeout: Duration,
    /// Do not ask the browsers which side they take on each class, even where they
    /// are installed.
    #[arg(long, visible_alias = "no-third")]
    pub no_judges: bool,
}

pub fn run(args: TableArgs) -> CliResult {
    if args.cases == 0 || args.browser_cases == 0 {
        return Err(CliError::input(
            "--cases and --browser-cases must be at least 1",
        ));
    }
    let (chosen, mut skipped) = chosen_engines(args.engines.as_deref())?;
    for (name, why) in &skipped {
        outln!("table: {name}: skipped, {why}");
    }
    let out = markdown_path(&args);
    for file in [&out, &args.html] {
        let dir = file.parent().filter(|d| !d.as_os_str().is_empty());
        writable_folder(dir.unwrap_or(Path::new(".")), "table output")?;
    }
    let judges: Vec<String> = if args.no_judges {
        Vec::new()
    } else {
        ENGINES
            .iter()
            .filter(|e| e.browser && e.installed().is_ok())
            .map(|e| e.name.to_owned())
            .collect()
    };
    let (stop, interrupted) = interrupt_flag();
    let files = table::tree_construction_files();
    let (reference, reference_conformance) = reference_conformance(&files, args.timeout)?;
    let mut rows = Vec::new();
    let mut failed_named = false;
    for engine in &chosen {
        match measure(engine, &args, &judges, &files, stop.clone()) {
            Ok(row) => rows.push(row),
            Err(message) if args.engines.is_some() => {
                errln!("litmus table: {}: {message}", engine.name);
                failed_named = true;
                skipped.push((engine.name.to_owned(), format!("failed: {message}")));
            }
            Err(message) => {
                outln!("table: {}: skipped, failed: {message}", engine.name);
                skipped.push((engine.name.to_owned(), format!("failed: {message}")));
            }
        }
        if interrupted.load(Ordering::SeqCst) {
            errln!("litmus table: interrupted; {} not written", out.display());
            return Ok(ExitCode::from(INTERRUPTED));
        }
    }
    let table = Table {
        command: command_line(&args),
        date: chrono::Utc::now().format("%Y-%m-%d").to_string(),
        seed: args.seed,
        cases: args.cases,
        browser_cases: args.browser_cases.min(args.cases),
        reference,
        reference_conformance,
        conformance_note: files.err(),
        judges,
        rows,
        skipped,
    };
    write(&out, &table::markdown::render(&table))?;
    let html_dir = args
        .html
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let link = |row: &Row| {
        Path::new(&row.report_dir)
            .strip_prefix(&html_dir)
            .ok()
            .map(|p| format!("{}/index.html", p.display()))
    };
    write(&args.html, &table::html::render(&table, &link))?;
    outln!("table: {} and {}", out.display(), args.html.display());
    Ok(if failed_named {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Where the Markdown table goes: `--out`, else `parsers.md` beside the HTML page (in
/// `reports/`, which git ignores: a trial run never overwrites the committed
/// docs/parsers.md).
fn markdown_path(args: &TableArgs) -> PathBuf {
    args.out.clone().unwrap_or_else(|| {
        args.html
            .parent()
            .unwrap_or(Path::new("."))
            .join("parsers.md")
    })
}

/// An engine not measured, and why.
type Skipped = (String, String);

/// The engines to measure and those skipped (with why). An engine `--engines` names
/// must exist and be installed (bad input otherwise); without `--engines`, every
/// installed engine, the others skipped.
fn chosen_engines(list: Option<&str>) -> Result<(Vec<TableEngine>, Vec<Skipped>), CliError> {
    let Some(list) = list else {
        let mut chosen = Vec::new();
        let mut skipped = Vec::new();
        for engine in ENGINES {
            match engine.installed() {
                Ok(()) => chosen.push(engine),
                Err(why) => skipped.push((engine.name.to_owned(), why)),
            }
        }
        return Ok((chosen, skipped));
    };
    let mut chosen: Vec<TableEngine> = Vec::new();
    for name in list.split(',').map(str::trim) {
        let engine = TableEngine::by_name(name).ok_or_else(|| {
            CliError::input(format!(
                "--engines: unknown engine {name:?}; the table's engines are {}",
                TableEngine::names()
            ))
        })?;
        if chosen.iter().any(|e| e.name == name) {
            return Err(CliError::input(format!("--engines: {name} is named twice")));
        }
        engine
            .installed()
            .map_err(|why| CliError::input(format!("--engines: {name} is {why}")))?;
        chosen.push(engine);
    }
    Ok((chosen, Vec::new()))
}

/// The reference parser's version and its html5lib trials through a worker (the
/// yardstick of every engine's time).
fn reference_conformance(
    files: &Result<Vec<PathBuf>, String>,
    timeout: Duration,
) -> Result<(String, Option<ConformanceCount>), CliError> {
    let mut worker = EngineChoice::named("litmus")
        .start(timeout)
        .map_err(|e| CliError::input(e.to_string()))?;
    let version = worker.version();
    let count = match files {
        Ok(files) => Some(table::run_conformance(files, &mut worker).map_err(CliError::input)?),
        Err(_) => None,
    };
    Ok((version, count))
}

/// One engine's campaign and html5lib trials, as a row; an error in words.
fn measure(
    engine: &TableEngine,
    args: &TableArgs,
    judges: &[String],
    files: &Result<Vec<PathBuf>, String>,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> Result<Row, String> {
    let out = args
        .html
        .parent()
        .unwrap_or(Path::new("."))
        .join(engine.name);
    let run_args = run_args(engine, args, judges, &out);
    let mut options = campaign_options(&run_args).map_err(|e| e.message)?;
    options.progress = false;
    outln!(
        "table: {}: {} cases, seed {}{}",
        engine.name,
        options.cases.unwrap_or_default(),
        options.seed,
        match &run_args.judges {
            Some(list) if !list.0.is_empty() => format!(", judged by {}", list.0.join(", ")),
            _ => String::new(),
        }
    );
    let report = campaign::run(&options, stop, litmus_report::report::write_to)
        .map_err(|e| e.to_string())?;
    let conformance = match files {
        Ok(files) => {
            let mut worker = options
                .other
                .start(args.timeout)
                .map_err(|e| e.to_string())?;
            Some(table::run_conformance(files, &mut worker)?)
        }
        Err(_) => None,
    };
    let row = Row::from_campaign(&report, conformance, &out);
    outln!(
        "table: {}: {} cases in {:.1} s ({} cases/s), {} classes ({} new), html5lib {}",
        row.name,
        row.cases,
        report.elapsed_seconds,
        litmus_text::numbers::rate(row.cases_per_second),
        row.classes.len(),
        row.classes.iter().filter(|c| c.new).count(),
        table::markdown::conformance_cell(row.conformance.as_ref())
    );
    Ok(row)
}

/// The `litmus run` arguments of one engine's campaign.
fn run_args(engine: &TableEngine, args: &TableArgs, judges: &[String], out: &Path) -> RunArgs {
    let external = ExternalEngineArgs {
        engine_name: engine
            .command()
            .starts_with("cmd:")
            .then(|| engine.name.to_owned()),
        ..ExternalEngineArgs::default()
    };
    RunArgs {
        cases: Some(if engine.browser {
            args.browser_cases.min(args.cases)
        } else {
            args.cases
        }),
        time: None,
        seed: Some(args.seed),
        jobs: args.jobs,
        shard: None,
        out: Some(out.to_path_buf()),
        corpus: None,
        archive: None,
        known: Default::default(),
        engine: engine.command(),
        external,
        judges: Some(JudgeList(
            judges
                .iter()
                .filter(|j| *j != engine.name)
                .cloned()
                .collect(),
        )),
        reference: "litmus".to_owned(),
        timeout: args.timeout,
        levels: None,
        no_serialization: false,
        no_round_trip: false,
        weights: None,
        max_bytes: 500,
        no_mutation: false,
        bytes: false,
        fail_on_new: false,
        quiet: true,
        spec_coverage: false,
        no_steering: false,
    }
}

/// The command that reproduces the table.
fn command_line(args: &TableArgs) -> String {
    let mut command = format!(
        "litmus table --cases {} --browser-cases {} --seed {}",
        args.cases, args.browser_cases, args.seed
    );
    if let Some(engines) = &args.engines {
        command.push_str(&format!(" --engines {engines}"));
    }
    if args.no_judges {
        command.push_str(" --no-judges");
    }
    command.push_str(&format!(" --out {}", markdown_path(args).display()));
    if args.html != Path::new("reports/parsers/index.html") {
        command.push_str(&format!(" --html {}", args.html.display()));
    }
    command
}

fn write(path: &Path, text: &str) -> Result<(), CliError> {
    write_atomically(path, text.as_bytes()).map_err(|e| CliError {
        message: e.to_string(),
        code: 1,
    })
}
