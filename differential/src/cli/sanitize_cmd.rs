//! `litmus sanitize`: a campaign against each sanitizer named (`--sanitizer ammonia`,
//! `--sanitizer cmd:'python3 examples/engines/sanitizers/bleach.py'`, …): generated
//! cases cleaned by the sanitizer in its workers, each output parsed by the reference
//! parser as a browser would, findings minimized, labelled, archived
//! (`CORPUS/sanitizers/`) and reported (`OUT/NAME/findings.json`, `summary.md`);
//! with `--markdown FILE`, the table of every sanitizer (docs/sanitizers.md). Each
//! finding's output is inserted into a page of each browser installed (`--confirm`),
//! and the reports say whether the payload's marker ran.

use super::engine_args::{engine_choice, ExternalEngineArgs};
use super::error::{CliError, CliResult};
use super::known_args::{known_differences, KnownArgs};
use super::run_cmd::writable_folder;
use clap::Args;
use litmus_campaign::campaign::EngineChoice;
use litmus_campaign::generator::GeneratorConfig;
use litmus_campaign::sanitizers::report::{label_words, summary_markdown, table_markdown};
use litmus_campaign::sanitizers::{run, ConfirmIn, SanitizerOptions, SanitizerReport, What};
use litmus_compare::archive::write_atomically;
use litmus_engines::engine::names::SANITIZER_NAMES;
use litmus_text::{errln, outln};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct SanitizeArgs {
    /// A sanitizer: `ammonia` (built in), or `cmd:COMMAND`, a program speaking the
    /// persistent engine protocol whose replies' `html` is the sanitized output
    /// (docs/sanitizers.md). Repeat it, or separate names with commas, for several.
    #[arg(
        long = "sanitizer",
        value_name = "NAME",
        required = true,
        value_delimiter = ','
    )]
    pub sanitizers: Vec<String>,
    /// Generated cases per sanitizer (the same cases for each).
    #[arg(long, default_value_t = 2_000)]
    pub cases: u64,
    /// The seed of the cases.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Parallel workers per sanitizer. Default: all cores.
    #[arg(long, short = 'j', value_parser = litmus_engines::limits::parse_jobs)]
    pub jobs: Option<usize>,
    /// The time limit of one answer (a sanitizer that takes longer is a timeout
    /// finding).
    #[arg(long, default_value = "10s", value_parser = litmus_engines::limits::parse_timeout)]
    pub timeout: Duration,
    /// The corpus: findings are archived in CORPUS/sanitizers/, one .dat each.
    #[arg(long, default_value = "corpus", value_name = "DIR")]
    pub corpus: PathBuf,
    /// Archive nothing.
    #[arg(long)]
    pub no_archive: bool,
    /// Where each sanitizer's reports go: OUT/NAME/findings.json and summary.md.
    #[arg(long, default_value = "reports/sanitizers", value_name = "DIR")]
    pub out: PathBuf,
    /// Also write the table of the sanitizers' campaigns (docs/sanitizers.md's).
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Payload mode of the generator: attribute values, comments and raw text that
    /// carry markup with a harmless marker, among the structures that mutate.
    #[arg(long)]
    pub payloads: bool,
    /// The browsers each finding's output is inserted into (`document.body.innerHTML`),
    /// to see whether the payload's marker runs: `auto` (those installed: chromium,
    /// firefox), `none`, or names (`chromium,firefox`); a browser missing, failing to
    /// start or dying is a message, and its findings stay unconfirmed.
    #[arg(
        long,
        value_name = "BROWSERS",
        default_value = "auto",
        value_delimiter = ','
    )]
    pub confirm: Vec<String>,
    /// Exit 1 when a sanitizer's output holds script-capable content in any case.
    #[arg(long)]
    pub fail_on_script: bool,
    #[command(flatten)]
    pub known: KnownArgs,
}

pub fn run_sanitize(args: SanitizeArgs) -> CliResult {
    writable_folder(&args.out, "--out")?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let generator = GeneratorConfig::default();
    // A sanitizer's own classes (`engine` its name) classify its findings.
    // The corpus's classes where it has a file of them (a corpus made by `litmus
    // sanitize` alone has none), else the built-in ones.
    let corpus = Some(args.corpus.as_path()).filter(|c| c.join("known-differences.toml").exists());
    let known = known_differences(corpus, &args.known, true)?;
    let confirm = ConfirmIn::from_words(&args.confirm).map_err(CliError::input)?;
    let mut reports: Vec<SanitizerReport> = Vec::new();
    let (stop, interrupted) = super::run_cmd::interrupt_flag();
    for sanitizer in &args.sanitizers {
        if interrupted.load(std::sync::atomic::Ordering::SeqCst) {
            errln!("litmus: interrupted; {sanitizer} not run");
            continue;
        }
        // A built-in sanitizer by its name; any other through the engines' choice
        // (`cmd:`), which refuses a built-in sanitizer as a parser.
        let engine = if SANITIZER_NAMES.contains(&sanitizer.as_str()) {
            EngineChoice::named(sanitizer)
        } else {
            engine_choice(sanitizer, &ExternalEngineArgs::default())?
        };
        let options = SanitizerOptions {
            engine,
            cases: args.cases,
            seed: args.seed,
            jobs,
            timeout: args.timeout,
            archive: (!args.no_archive).then(|| args.corpus.join("sanitizers")),
            generator: generator.clone(),
            payloads: args.payloads,
            known: known.clone(),
            stop: stop.clone(),
            progress: std::io::IsTerminal::is_terminal(&std::io::stderr()),
            confirm: confirm.clone(),
        };
        let report = run(&options).map_err(|e| CliError::input(e.to_string()))?;
        let dir = args.out.join(&report.sanitizer);
        writable_folder(&dir, "--out")?;
        let json = serde_json::to_string_pretty(&report)
            .map_err(|e| CliError::input(format!("findings.json: {e}")))?;
        write_atomically(&dir.join("findings.json"), json.as_bytes())
            .map_err(|e| CliError::input(e.to_string()))?;
        write_atomically(
            &dir.join("summary.md"),
            summary_markdown(&report).as_bytes(),
        )
        .map_err(|e| CliError::input(e.to_string()))?;
        outln!(
            "{} ({}): {} cases{}, {} with script-capable output, {} with a mutation, {} failures; {} findings ({} script-capable, {} mutations, {} failures; {} new), labels {}; reports in {}",
            report.sanitizer,
            report.version,
            report.cases,
            if report.interrupted { " (interrupted)" } else { "" },
            report.script_capable_cases,
            report.mutation_cases,
            report.failure_cases,
            report.findings.len(),
            report.count_of(What::ScriptCapable),
            report.count_of(What::Mutation),
            report.count_of(What::Failure),
            report.findings.iter().filter(|f| f.class.is_none()).count(),
            label_words(&report.labels()),
            dir.display()
        );
        for confirmation in &report.confirmation {
            match &confirmation.note {
                Some(note) if confirmation.checked == 0 => errln!(
                    "{}: not confirmed in {}: {note}",
                    report.sanitizer,
                    confirmation.browser
                ),
                note => outln!(
                    "{}: {} outputs checked in {} ({}){}: the marker ran for {}",
                    report.sanitizer,
                    confirmation.checked,
                    confirmation.browser,
                    confirmation.version,
                    note.as_deref().map_or(String::new(), |n| format!(", {n}")),
                    ran_summary(&report, &confirmation.browser)
                ),
            }
        }
        reports.push(report);
    }
    if interrupted.load(std::sync::atomic::Ordering::SeqCst) {
        if let Some(path) = &args.markdown {
            errln!("litmus: interrupted; {} not written", path.display());
        }
        return Ok(ExitCode::from(super::run_cmd::INTERRUPTED));
    }
    if let Some(path) = &args.markdown {
        let command = command_line(&args);
        let date = chrono::Utc::now().format("%Y-%m-%d").to_string();
        let mut text = table_markdown(&reports, &command, &date);
        text.push_str(GUIDE);
        write_atomically(path, text.as_bytes()).map_err(|e| CliError::input(e.to_string()))?;
        outln!("wrote {}", path.display());
    }
    let script = reports.iter().any(|r| r.script_capable_cases > 0);
    Ok(if args.fail_on_script && script {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The findings whose output ran the marker in `browser`: `2 (1 on insertion, 1 on
/// interaction)`.
fn ran_summary(report: &SanitizerReport, browser: &str) -> String {
    let runs = report.findings.iter().flat_map(|f| {
        f.browser_runs
            .iter()
            .filter(|r| r.browser == browser && r.ran)
    });
    let (mut insertion, mut interaction) = (0, 0);
    for run in runs {
        if run.on_interaction {
            interaction += 1;
        } else {
            insertion += 1;
        }
    }
    format!(
        "{} (on insertion {insertion}, on interaction {interaction})",
        insertion + interaction
    )
}

/// The command that makes the table, as docs/sanitizers.md shows it.
fn command_line(args: &SanitizeArgs) -> String {
    let mut words = vec!["litmus sanitize".to_owned()];
    for sanitizer in &args.sanitizers {
        if sanitizer.contains(' ') {
            words.push(format!("--sanitizer \"{sanitizer}\""));
        } else {
            words.push(format!("--sanitizer {sanitizer}"));
        }
    }
    words.push(format!("--cases {} --seed {}", args.cases, args.seed));
    if args.payloads {
        words.push("--payloads".to_owned());
    }
    if args.confirm != ["auto"] {
        words.push(format!("--confirm {}", args.confirm.join(",")));
    }
    if let Some(path) = &args.markdown {
        words.push(format!("--markdown {}", path.display()));
    }
    words.join(" ")
}

/// What docs/sanitizers.md says below the table, the same each time it is made.
const GUIDE: &str = include_str!("sanitizers_guide.md");
