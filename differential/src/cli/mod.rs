//! The `litmus` command line: argument parsing and dispatch to one module per command.
//!
//! Exit codes, for every command: 0 success; 1 the command ran and found what it
//! reports as failure (divergences, failing cases, new classes under `--fail-on-new`);
//! 2 bad input (a missing file, a malformed argument or data file, an unknown engine,
//! a `serve` frame that is not the protocol) — with a message on stderr naming what is
//! wrong, and nothing already archived touched; 130 a campaign stopped by Ctrl-C,
//! after writing its reports. Output into a closed pipe is dropped quietly
//! ([`litmus_text::output`]).

use litmus_text::errln;
/// The engines every `--engine` takes, for its help (one text, so that no command's
/// help forgets one; a test checks it names every engine of the registry).
macro_rules! engines_help {
    () => {
        "`html5ever` (built in), `litmus` (the reference parser), `chaos` (a test engine \
         that panics, aborts, overflows its stack or hangs on marked inputs), the browsers \
         `chromium`, `firefox` and `webkit` (headless Chromium, Firefox and WebKitGTK, \
         docs/browsers.md), or an external program, `cmd:'COMMAND'` (docs/engines.md)"
    };
}

mod bench_cmd;
mod case_cmd;
mod check_cmd;
mod class_cmd;
mod class_tools;
mod conformance_cmd;
mod corpus_cmd;
mod diff_cmd;
pub(crate) mod engine_args;
mod engine_cmd;
pub(crate) mod error;
pub(crate) mod input;
pub(crate) mod known_args;
mod mutants_cmd;
pub(crate) mod parse_cmd;
mod report_cmd;
pub(crate) mod run_cmd;
mod sanitize_cmd;
mod serve_cmd;
mod table_cmd;
mod triage_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "litmus",
    version,
    about = "A reference HTML parser and a differential fuzzing harness for HTML parsers",
    propagate_version = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run a differential campaign: generate cases, compare the reference parser with
    /// an engine, minimize, classify and archive every divergence, write reports.
    Run(run_cmd::RunArgs),
    /// Parse one input with the reference parser and print its tree, serialization,
    /// errors or all of them as JSON.
    Parse(parse_cmd::ParseArgs),
    /// Compare one input at every level with an engine and show the differences.
    Diff(diff_cmd::DiffArgs),
    /// Minimize one input's divergence while its signature holds.
    Minimize(diff_cmd::MinimizeArgs),
    /// The regression corpus: merge archives, check every archived case.
    Corpus(corpus_cmd::CorpusArgs),
    /// Answer parse requests on stdin/stdout with an engine, speaking the persistent
    /// external engine protocol (docs/engines.md): a reference implementation of the
    /// protocol, and litmus as a component of other harnesses.
    Serve(serve_cmd::ServeArgs),
    /// Run html5lib tree-construction (.dat) and tokenizer (.test) files against an
    /// engine, the reference parser by default: pass/fail counts and a diff per
    /// failure.
    Conformance(conformance_cmd::ConformanceArgs),
    /// Measure the reference parser against html5ever: real pages, fuzzing-sized
    /// cases, adversarial families (MB/s, linearity, peak memory).
    Bench(bench_cmd::BenchArgs),
    /// Turn fuzzer artifacts into minimized, classified, archived findings, through
    /// the same path as `litmus run`.
    Triage(triage_cmd::TriageArgs),
    /// Print one case of a campaign by its index, regenerated from the campaign's
    /// findings.json (seed, generator version and configuration, mutation sources).
    Case(case_cmd::CaseArgs),
    /// Campaign reports: join the shards of one campaign into one report.
    Report(report_cmd::ReportArgs),
    /// The known-difference classes: `class show ID` prints one (explanation, who is
    /// right, spec and upstream links, patterns), `class list [--engine E]` lists them.
    Class(class_cmd::ClassArgs),
    /// For adapter authors: `engine check ENGINE` runs the html5lib tree-construction
    /// trials through an engine and names the first rule of the tree dump it breaks.
    Engine(engine_cmd::EngineArgs),
    /// Measure every installed engine against the reference parser on the same
    /// cases (agreement per level, classes, html5lib trials, a browser's side,
    /// speed) and write the table: a Markdown table and an HTML page (in reports/parsers/
    /// unless --out and --html say otherwise).
    Table(table_cmd::TableArgs),
    /// Run a campaign against HTML sanitizers (ammonia built in; others through
    /// adapters): each output parsed as a browser would, script-capable content and
    /// mutations minimized, labelled and archived; `--markdown` writes the table of
    /// docs/sanitizers.md.
    Sanitize(sanitize_cmd::SanitizeArgs),
    /// Run each mutant of the reference parser (one deliberate bug in one arm) as the
    /// engine under test, with every known class loaded: which diverge, which the
    /// classes report as new, which they swallow.
    Mutants(mutants_cmd::MutantsArgs),
}

/// Runs the command line; the binary's `main`.
pub fn main() -> ExitCode {
    // `litmus __worker …`: this process is a worker of a campaign or a command, an
    // engine worker or a case worker (the campaign's, handed in here).
    let mut args = std::env::args().skip(1);
    if args.next().as_deref() == Some(litmus_engines::worker::WORKER_SUBCOMMAND) {
        return litmus_engines::worker::worker_main_from_args(
            args,
            litmus_campaign::campaign::host::run_case_worker,
        );
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run(args) => run_cmd::run(args),
        Command::Parse(args) => parse_cmd::run(args),
        Command::Diff(args) => diff_cmd::run_diff(args),
        Command::Minimize(args) => diff_cmd::run_minimize(args),
        Command::Corpus(args) => corpus_cmd::run(args),
        Command::Serve(args) => serve_cmd::run(args),
        Command::Conformance(args) => conformance_cmd::run(args),
        Command::Bench(args) => bench_cmd::run(args),
        Command::Triage(args) => triage_cmd::run(args),
        Command::Case(args) => case_cmd::run(args),
        Command::Report(args) => report_cmd::run(args),
        Command::Class(args) => class_cmd::run(args),
        Command::Engine(args) => engine_cmd::run(args),
        Command::Table(args) => table_cmd::run(args),
        Command::Sanitize(args) => sanitize_cmd::run_sanitize(args),
        Command::Mutants(args) => mutants_cmd::run(args),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            errln!("litmus: {}", error.message);
            ExitCode::from(error.code)
        }
    }
}
