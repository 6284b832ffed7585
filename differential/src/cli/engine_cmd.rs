//! `litmus engine check ENGINE [PATH…]`: an adapter author's first check. Runs the
//! html5lib tree-construction trials through the engine and says whether its dumps
//! follow the rules of the tree dump (docs/engines.md, "The tree dump"), naming the
//! first rule broken, where, and on which trial; then how many trials agree with the
//! expected tree. A rule broken is the adapter's mistake, which would make hundreds of
//! classes NEW in a campaign; a trial that differs while every rule holds is a parse
//! that differs, for `litmus conformance` and `litmus run` to show.

use super::engine_args::{engine_choice, ExternalEngineArgs};
use super::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use litmus_conformance::dump_rules::{broken_rule, Broken, RULES};
use litmus_conformance::tree_construction::{list, TreeConstructionTrial};
use litmus_conformance::{ExpectedDifferences, FETCH_HINT};
use litmus_engines::case::EngineFailure;
use litmus_text::outln;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct EngineArgs {
    #[command(subcommand)]
    pub command: EngineCommand,
}

#[derive(Subcommand, Debug)]
pub enum EngineCommand {
    /// Run the html5lib tree-construction trials through an engine and check its tree
    /// dumps against the dump's rules (docs/engines.md): the first rule broken, where
    /// and on which trial, then how many trials agree. Exit status 1 when a rule is
    /// broken.
    Check(CheckArgs),
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    #[arg(help = concat!("The engine: ", engines_help!()))]
    pub engine: String,
    /// Tree-construction `.dat` files or folders of them. Default:
    /// $HTML5LIB_TESTS/tree-construction.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub external: ExternalEngineArgs,
    /// The time limit of one parse.
    #[arg(long, default_value = "10s", value_parser = litmus_engines::limits::parse_timeout)]
    pub timeout: Duration,
}

pub fn run(args: EngineArgs) -> CliResult {
    match args.command {
        EngineCommand::Check(check) => run_check(check),
    }
}

/// What the trials showed.
#[derive(Default)]
struct Counts {
    trials: usize,
    agreed: usize,
    differed: usize,
    unsupported: usize,
    failed: usize,
    /// Per rule number: how many trials broke it first.
    broken: BTreeMap<usize, usize>,
}

fn run_check(args: CheckArgs) -> CliResult {
    // A bad engine name is said first, whatever the data.
    let choice = engine_choice(&args.engine, &args.external)?;
    let paths = if args.paths.is_empty() {
        vec![litmus_campaign::generator::html5lib_dir().join("tree-construction")]
    } else {
        args.paths.clone()
    };
    let (files, _) = litmus_conformance::collect(&paths).map_err(|e| {
        if e.file.exists() {
            CliError::input(e.to_string())
        } else {
            CliError::input(format!("{e}\n{FETCH_HINT}"))
        }
    })?;
    let files = litmus_conformance::tree_construction_only(files);
    if files.is_empty() {
        return Err(CliError::input(format!(
            "no tree-construction .dat files in {}",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let name = choice.name.clone();
    let mut engine = choice
        .start(args.timeout)
        .map_err(|e| CliError::input(e.to_string()))?;
    outln!(
        "litmus engine check: the html5lib tree-construction trials of {} through {name} ({})",
        paths
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", "),
        engine.engine_version()
    );
    let none = ExpectedDifferences::default();
    let mut counts = Counts::default();
    let mut first: Option<(TreeConstructionTrial, Broken, String)> = None;
    for path in &files {
        let planned = list(path, &none, &none).map_err(|e| CliError::input(e.to_string()))?;
        for trial in planned.trials {
            counts.trials += 1;
            match engine.parse(&trial.request, args.timeout) {
                Ok(output) if output.tree == trial.expected_tree => counts.agreed += 1,
                Ok(output) => {
                    let fragment = trial.request.fragment.is_some();
                    match broken_rule(&output.tree, &trial.expected_tree, fragment) {
                        Some(broken) => {
                            *counts.broken.entry(broken.rule.number).or_default() += 1;
                            if first.is_none() {
                                first = Some((trial, broken, output.tree));
                            }
                        }
                        None => counts.differed += 1,
                    }
                }
                Err(EngineFailure::Unsupported { .. }) => counts.unsupported += 1,
                Err(_) => counts.failed += 1,
            }
        }
    }
    let broken_trials: usize = counts.broken.values().sum();
    outln!(
        "trials: {}; {} agree with the expected tree, {} hold another tree (a parse that differs: `litmus conformance --engine …` shows each), {} break a dump rule, {} unsupported, {} engine failures",
        counts.trials,
        counts.agreed,
        counts.differed,
        broken_trials,
        counts.unsupported,
        counts.failed
    );
    let Some((trial, broken, tree)) = first else {
        outln!(
            "dump rules: every dump follows the {} rules litmus checks (docs/engines.md, \"The tree dump\")",
            RULES.len()
        );
        return Ok(ExitCode::SUCCESS);
    };
    outln!(
        "dump rule {} ({}) is broken first in {} (line {} of its file): line {} of the engine's dump: {}",
        broken.rule.number,
        broken.rule.name,
        trial.name,
        trial.line,
        broken.line,
        broken.detail
    );
    outln!("  the rule: {}", broken.rule.text);
    outln!(
        "  input ({}): {}",
        trial.request.options_description(),
        litmus_text::visible::visible_one_line(&trial.request.input)
    );
    outln!("  the engine's dump:");
    for line in tree.lines().take(40) {
        outln!("    {}", litmus_text::visible::visible_one_line(line));
    }
    outln!("  the expected dump:");
    for line in trial.expected_tree.lines().take(40) {
        outln!("    {}", litmus_text::visible::visible_one_line(line));
    }
    for (number, trials) in &counts.broken {
        let rule = &RULES[number - 1];
        outln!(
            "rule {number} ({}): broken first in {trials} trials",
            rule.name
        );
    }
    Ok(ExitCode::from(1))
}
