//! `litmus conformance`: html5lib test files against an engine, with pass/fail counts,
//! a diff per failure, and optionally a JUnit XML file of every trial. The trials and
//! their expectations (litmus's expected differences and tokenizer updates included)
//! are the test suite's: [`litmus_conformance`] runs both.
//!
//! With the reference parser (the default engine), each tree-construction trial also
//! has its parse errors checked ([`litmus_conformance::tree_construction`] says what
//! is compared), and the run closes with `tree-construction errors: N passed, M
//! failed`; other engines give no parse errors, and the line says they are not
//! compared.
//!
//! Tokenizer files need an engine that offers a tokenizer ([`Engine::tokenize`]): the
//! reference's trials check tokens and parse errors
//! ([`litmus_conformance::tokenizer`]); another engine's (html5ever's, html5gum's)
//! check tokens only, through the one tokenizer runner, and the run says so
//! (`tokenizer errors: not compared`). Any other engine given a tokenizer file is bad
//! input.

use super::engine_args::{engine_choice, ExternalEngineArgs};
use super::error::{CliError, CliResult};
use clap::Args;
use litmus_compare::archive::write_atomically;
use litmus_conformance::{
    junit, ExpectedDifferences, Outcome, Tally, TestFile, TokenizerUpdates, Trial, FETCH_HINT,
};
use litmus_engines::engine::tokenizers::{self, TokenStart, Tokenizer};
use litmus_engines::engine::{engine_by_name, Engine};
use litmus_text::junit_xml;
use litmus_text::{out, outln};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct ConformanceArgs {
    /// Tree-construction `.dat` files, tokenizer `.test` files, or folders of them
    /// (walked; a `scripted/` folder inside is left out). A web-platform-tests checkout
    /// is read at its html/syntax/parsing/resources. Default:
    /// $HTML5LIB_TESTS/tree-construction.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The tree-construction tests of a web-platform-tests checkout instead
    /// (`html/syntax/parsing/resources/*.dat`, where they are maintained since
    /// html5lib-tests 9329e64): of the checkouts given as PATH, else of $WPT_TESTS,
    /// else of ../shared/wpt (`scripts/fetch-html5lib-tests.sh --wpt` checks out the
    /// pinned commit). litmus's expected differences, written for html5lib-tests
    /// 9329e64, are not applied.
    #[arg(long)]
    pub wpt: bool,
    #[arg(long, default_value = "litmus", help = concat!(
        "The engine to test, the reference parser by default: ",
        engines_help!(),
        ". Tokenizer files need an engine with a tokenizer: `litmus` (tokens and parse errors), `html5ever` or `html5gum` (tokens only; html5gum has no tree builder here)",
    ))]
    pub engine: String,
    #[command(flatten)]
    pub external: ExternalEngineArgs,
    /// The time limit of one parse.
    #[arg(long, default_value = "10s", value_parser = litmus_engines::limits::parse_timeout)]
    pub timeout: Duration,
    /// Show this many failures in full (input and diff); the rest are counted.
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub max_failures: usize,
    /// No failure details and no per-file lines: the totals only.
    #[arg(long, short)]
    pub quiet: bool,
    /// Also write the run as JUnit XML to FILE: one test case per trial.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Count the arms of the standard the reference parser passes through (its parses
    /// of the tree-construction cases' parse-error checks and of the tokenizer cases,
    /// all in this process) and print "spec arms reached: N of M", per tokenizer state
    /// and insertion mode, the cold arms and the hottest. Needs the default engine.
    #[arg(long)]
    pub spec_coverage: bool,
}

/// The default test folder: `$HTML5LIB_TESTS/tree-construction`.
fn default_paths() -> Vec<PathBuf> {
    vec![litmus_campaign::generator::html5lib_dir().join("tree-construction")]
}

/// Where web-platform-tests keeps the tree-construction tests.
pub const WPT_RESOURCES: &str = "html/syntax/parsing/resources";

/// The web-platform-tests checkouts of `--wpt`: the paths given, else `$WPT_TESTS`,
/// else `../shared/wpt`.
fn wpt_roots(given: &[PathBuf]) -> Vec<PathBuf> {
    if !given.is_empty() {
        return given.to_vec();
    }
    vec![std::env::var_os("WPT_TESTS")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/wpt"))]
}

/// A path given to read: a web-platform-tests checkout stands for its
/// tree-construction tests.
fn resolve(path: &Path) -> PathBuf {
    let resources = path.join(WPT_RESOURCES);
    if path.is_dir() && resources.is_dir() {
        resources
    } else {
        path.to_path_buf()
    }
}

pub fn run(args: ConformanceArgs) -> CliResult {
    if args.spec_coverage && !litmus_campaign::spec_coverage::available() {
        return Err(CliError::input(
            litmus_campaign::spec_coverage::UNAVAILABLE.to_owned(),
        ));
    }
    let paths: Vec<PathBuf> = if args.wpt {
        let roots = wpt_roots(&args.paths);
        for root in &roots {
            if !root.join(WPT_RESOURCES).is_dir() {
                return Err(CliError::input(format!(
                    "--wpt: {} has no {WPT_RESOURCES} folder: a web-platform-tests checkout \
                     is needed there (scripts/fetch-html5lib-tests.sh --wpt [DIR] checks out \
                     the pinned commit; WPT_TESTS=DIR or a PATH names another)",
                    root.display()
                )));
            }
        }
        roots.iter().map(|root| root.join(WPT_RESOURCES)).collect()
    } else if args.paths.is_empty() {
        default_paths()
    } else {
        args.paths.iter().map(|p| resolve(p)).collect()
    };
    // litmus's corrections are of html5lib-tests 9329e64's expectations.
    let from_wpt = paths.iter().any(|p| p.ends_with(WPT_RESOURCES));
    let (files, skipped) = litmus_conformance::collect(&paths).map_err(|e| {
        // A missing folder is most often missing conformance data: say where they come
        // from.
        if e.file.exists() {
            CliError::input(e.to_string())
        } else {
            CliError::input(format!("{e}\n{FETCH_HINT}"))
        }
    })?;
    if files.is_empty() {
        return Err(CliError::input(format!(
            "no .dat or .test files in {}",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let needs_tree_builder = files
        .iter()
        .any(|f| matches!(f, TestFile::TreeConstruction(_)));
    let needs_tokenizer = files.iter().any(|f| matches!(f, TestFile::Tokenizer(_)));
    let mut tokenizer = tokenizer_engine(&args.engine, &args.external);
    let choice = match engine_choice(&args.engine, &args.external) {
        Ok(choice) => Some(choice),
        // An engine that offers a tokenizer and no tree builder (html5gum's, in this
        // process) runs tokenizer files only.
        Err(_) if tokenizer.is_some() && !needs_tree_builder => None,
        Err(_) if tokenizer.is_some() => {
            return Err(CliError::input(format!(
                "the engine {} offers a tokenizer and no tree builder: it runs tokenizer .test files, not tree-construction .dat files",
                args.engine
            )))
        }
        Err(e) => return Err(e),
    };
    let engine_name = choice
        .as_ref()
        .map_or_else(|| args.engine.clone(), |c| c.name.clone());
    let reference = choice
        .as_ref()
        .is_some_and(|c| c.name == "litmus" && c.external.is_none());
    if reference {
        // The reference's tokenizer trials take their own path, with parse errors.
        tokenizer = None;
    } else if needs_tokenizer && tokenizer.is_none() {
        return Err(CliError::input(format!(
            "tokenizer tests need a tokenizer, and the engine {engine_name} offers none: run them with litmus (the default engine: tokens and parse errors), html5ever or html5gum (tokens only)"
        )));
    }
    // Parse errors are the reference parser's own: checked when it is the engine.
    let compares_errors = reference;
    if args.spec_coverage && !reference {
        return Err(CliError::input(format!(
            "--spec-coverage counts the reference parser's arms: it needs the default engine, litmus, not {engine_name}"
        )));
    }
    let mut engine = match (&choice, needs_tree_builder) {
        (Some(choice), true) => Some(
            choice
                .start(args.timeout)
                .map_err(|e| CliError::input(e.to_string()))?,
        ),
        _ => None,
    };
    // Every parse of the reference parser below runs on this thread: the counts from
    // here to the end are the run's.
    litmus_parser::spec_arms::reset_counts();

    let started = Instant::now();
    let timestamp = junit_xml::now();
    let (expected_differences, error_differences) = if from_wpt {
        outln!(
            "web-platform-tests' tree-construction tests ({}): litmus's expected differences, written for html5lib-tests 9329e64, are not applied",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        (
            ExpectedDifferences::default(),
            ExpectedDifferences::default(),
        )
    } else {
        (
            ExpectedDifferences::embedded(),
            ExpectedDifferences::embedded_errors(),
        )
    };
    let mut errors_total = Tally::default();
    let mut ran_tree_construction = false;
    let updates = TokenizerUpdates::embedded();
    let mut total = Tally::default();
    let mut shown = 0usize;
    let mut all_trials: Vec<Trial> = Vec::new();
    for file in &files {
        let trials = match (file, engine.as_mut()) {
            (TestFile::TreeConstruction(path), Some(engine)) => {
                litmus_conformance::run_tree_construction(path, engine, &expected_differences)
            }
            (TestFile::TreeConstruction(_), None) => unreachable!("started above"),
            // An engine's tokenizer, tokens only; without one, the engine is the
            // reference (any other was refused above).
            (TestFile::Tokenizer(path), _) => match tokenizer.as_mut() {
                Some(tokenizer) => {
                    litmus_conformance::run_tokenizer_tokens(path, &updates, tokenizer.as_mut())
                }
                None => litmus_conformance::run_tokenizer(path, &updates),
            },
        }
        .map_err(|e| CliError::input(e.to_string()))?;
        let tally = show_trials(&trials, &args, &engine_name, &mut shown);
        if !args.quiet {
            let why = match file {
                // xmlViolation.test: its cases are for tokenizers that coerce to the XML
                // infoset, listed apart (`xmlViolationTests`), not HTML's.
                TestFile::Tokenizer(_) if trials.is_empty() => {
                    " (the file has no `tests` list, only `xmlViolationTests`: cases for tokenizers that coerce their output to the XML infoset, which the HTML standard's tokenizer does not do, so none is run)"
                }
                _ => "",
            };
            outln!("{}: {}{why}", file.path().display(), counts(&tally));
        }
        total.merge(tally);
        if args.junit.is_some() {
            all_trials.extend(trials);
        }
        if let TestFile::TreeConstruction(path) = file {
            ran_tree_construction = true;
            if compares_errors {
                let trials =
                    litmus_conformance::run_tree_construction_errors(path, &error_differences)
                        .map_err(|e| CliError::input(e.to_string()))?;
                let tally = show_trials(&trials, &args, &engine_name, &mut shown);
                if !args.quiet {
                    outln!("{} parse errors: {}", path.display(), counts(&tally));
                }
                errors_total.merge(tally);
                if args.junit.is_some() {
                    all_trials.extend(trials);
                }
            }
        }
    }
    for dir in &skipped {
        outln!(
            "skipped {}: its cases need a script engine (document.write); name the folder to run it",
            dir.display()
        );
    }
    let hidden = total.not_passed() + total.unsupported + errors_total.not_passed();
    if !args.quiet && hidden > shown {
        outln!(
            "({} more failing or unsupported trials not shown; --max-failures N shows more)",
            hidden - shown
        );
    }
    outln!(
        "conformance of {engine_name}: {} ({:.2} % of the trials that ran)",
        counts(&total),
        100.0 * total.pass_rate()
    );
    if let Some(path) = &args.junit {
        let run = junit::Run {
            engine: &engine_name,
            timestamp,
            seconds: started.elapsed().as_secs_f64(),
            paths: paths.iter().map(|p| p.display().to_string()).collect(),
        };
        write_atomically(path, junit::render(&run, &all_trials).as_bytes())
            .map_err(|e| CliError::input(e.to_string()))?;
        outln!("JUnit XML: {}", path.display());
    }
    if args.spec_coverage {
        let counts = litmus_parser::spec_arms::take_counts();
        // The trials are tree-construction and tokenizer trials: nothing here sniffs
        // an encoding or serializes a tree.
        let reason = "litmus conformance runs tree-construction and tokenizer trials; html5lib's encoding and serializer suites run in litmus's test suite (tests/tests/encoding.rs, serializer.rs)";
        let coverage = litmus_campaign::spec_coverage::SpecCoverage::from_counts_leaving_out(
            &counts,
            &[
                (litmus_parser::spec_arms::Family::Serializer, reason),
                (litmus_parser::spec_arms::Family::Encoding, reason),
            ],
        );
        out!(
            "{}",
            litmus_campaign::spec_coverage::render_text(&coverage, usize::MAX)
        );
    }
    if needs_tokenizer && !compares_errors {
        outln!(
            "tokenizer errors: not compared ({engine_name}'s tokenizer runs through litmus's tokenizer runner, which gives tokens only; the default engine, litmus, has its own compared)"
        );
    }
    // The closing line: the parse errors of the tree-construction trials.
    if ran_tree_construction && compares_errors {
        outln!(
            "tree-construction errors: {} passed, {} failed",
            errors_total.passed,
            errors_total.not_passed()
        );
    } else if ran_tree_construction {
        outln!(
            "tree-construction errors: not compared ({engine_name} gives no parse errors; the default engine, litmus, has its own compared)"
        );
    }
    Ok(if total.not_passed() + errors_total.not_passed() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The engine `name` in this process, if it offers a tokenizer ([`Engine::tokenize`]):
/// one the token level names ([`Tokenizer::named`]: `litmus`, `html5ever`, `html5gum`),
/// or a registry engine whose tokenizer answers. A `cmd:` engine or a browser offers
/// none.
fn tokenizer_engine(name: &str, external: &ExternalEngineArgs) -> Option<Box<dyn Engine>> {
    if external.any_given() {
        return None;
    }
    if let Some(tokenizer) = Tokenizer::named(name) {
        return Some(tokenizer.engine());
    }
    let mut engine = engine_by_name(name).ok()?;
    tokenizers::run(engine.as_mut(), "", &TokenStart::data())?;
    Some(engine)
}

/// Counts `trials` and prints each expected difference and, up to `--max-failures` in
/// all, each failure (unless `--quiet`).
fn show_trials(
    trials: &[Trial],
    args: &ConformanceArgs,
    engine_name: &str,
    shown: &mut usize,
) -> Tally {
    let mut tally = Tally::default();
    for trial in trials {
        tally.add(&trial.outcome);
        if args.quiet {
            continue;
        }
        if trial.outcome == Outcome::ExpectedDifference {
            outln!(
                "expected difference {}: {}",
                trial.name,
                trial.listed_reason.as_deref().unwrap_or_default()
            );
        } else if *shown < args.max_failures {
            if let Some(text) = trial.describe(engine_name) {
                *shown += 1;
                out!("{text}");
            }
        }
    }
    tally
}

fn counts(tally: &Tally) -> String {
    let mut text = format!("{} passed", tally.passed);
    if tally.expected_differences > 0 {
        text.push_str(&format!(
            " ({} as expected differences)",
            tally.expected_differences
        ));
    }
    text.push_str(&format!(", {} failed", tally.not_passed()));
    if tally.engine_failed > 0 {
        text.push_str(&format!(
            " ({} of them engine failures)",
            tally.engine_failed
        ));
    }
    if tally.unsupported > 0 {
        text.push_str(&format!(", {} unsupported", tally.unsupported));
    }
    text
}
