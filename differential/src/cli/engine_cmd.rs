//! `litmus engine check ENGINE [PATH…]`: an adapter author's first check. Runs the
//! html5lib tree-construction trials through the engine and says whether its dumps
//! follow the rules of the tree dump (docs/engines.md, "The tree dump"), naming the
//! first rule broken, where, and on which trial; then how many trials agree with the
//! expected tree. A rule broken is the adapter's mistake, which would make hundreds of
//! classes NEW in a campaign; a trial that differs while every rule holds is a parse
//! that differs, for `litmus conformance` and `litmus run` to show.
//!
//! The trials leave rules unexercised (no `xmlns` attribute on an SVG element, no
//! attribute names whose UTF-16 order is not their code points'), so the engine then
//! answers litmus's own probes, one or more per rule
//! ([`litmus_conformance::dump_probes`]), judged against the reference's dumps.

use super::engine_args::{engine_choice, ExternalEngineArgs};
use super::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use litmus_conformance::dump_probes::PROBES;
use litmus_conformance::dump_rules::{broken_rule, broken_shape, Broken, RULES};
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
                // A reply whose tree is no dump is read as a bad output: rule 1.
                Err(EngineFailure::BadOutput { message }) if broken_shape(&message).is_some() => {
                    let broken = broken_shape(&message).expect("tested by the guard");
                    *counts.broken.entry(broken.rule.number).or_default() += 1;
                    if first.is_none() {
                        first = Some((trial, broken, String::new()));
                    }
                }
                Err(_) => counts.failed += 1,
            }
        }
    }
    let probes = run_probes(&mut engine, args.timeout)?;
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
    outln!(
        "probes: {}, one or more per rule; {} agree with the reference, {} hold another tree, {} break a dump rule, {} unsupported, {} engine failures",
        PROBES.len(),
        probes.agreed,
        probes.differed,
        probes.broken.len(),
        probes.unsupported,
        probes.failed
    );
    let rules_broken_by_probes: std::collections::BTreeSet<usize> =
        probes.broken.iter().map(|b| b.broken.rule.number).collect();
    for shown in &probes.broken {
        show_broken_probe(shown);
    }
    if !probes.broken.is_empty() {
        outln!(
            "dump rules broken in the probes: {}",
            rules_broken_by_probes
                .iter()
                .map(|n| format!("{n} ({})", RULES[n - 1].name))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let Some((trial, broken, tree)) = first else {
        if !probes.broken.is_empty() {
            return Ok(ExitCode::from(1));
        }
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
    show_engine_dump(&tree);
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

/// What the probes showed.
#[derive(Default)]
struct ProbeCounts {
    agreed: usize,
    differed: usize,
    unsupported: usize,
    failed: usize,
    broken: Vec<BrokenProbe>,
}

/// A probe whose dump breaks a rule.
struct BrokenProbe {
    probe: &'static litmus_conformance::dump_probes::Probe,
    broken: Broken,
    tree: String,
    expected: String,
}

/// Runs every probe through the engine and judges its dump against the reference's.
fn run_probes(
    engine: &mut litmus_engines::worker::Worker,
    timeout: Duration,
) -> Result<ProbeCounts, CliError> {
    let mut reference = litmus_engines::engine::engine_by_name("litmus")
        .map_err(|e| CliError::input(e.to_string()))?;
    let mut counts = ProbeCounts::default();
    for probe in &PROBES {
        let request = probe.request();
        let expected = reference
            .parse(&request)
            .map_err(|e| CliError::input(format!("the reference on {}: {e}", probe.name())))?
            .tree;
        match engine.parse(&request, timeout) {
            Ok(output) if output.tree == expected => counts.agreed += 1,
            Ok(output) => match probe.judge(&output.tree, &expected) {
                Some(broken) => counts.broken.push(BrokenProbe {
                    probe,
                    broken,
                    tree: output.tree,
                    expected,
                }),
                None => counts.differed += 1,
            },
            Err(EngineFailure::Unsupported { .. }) => counts.unsupported += 1,
            Err(EngineFailure::BadOutput { message }) if broken_shape(&message).is_some() => {
                counts.broken.push(BrokenProbe {
                    probe,
                    broken: broken_shape(&message).expect("tested by the guard"),
                    tree: String::new(),
                    expected,
                })
            }
            Err(_) => counts.failed += 1,
        }
    }
    Ok(counts)
}

fn show_broken_probe(shown: &BrokenProbe) {
    let BrokenProbe {
        probe,
        broken,
        tree,
        expected,
    } = shown;
    outln!(
        "dump rule {} ({}) is broken in {} (of rule {}): line {} of the engine's dump: {}",
        broken.rule.number,
        broken.rule.name,
        probe.name(),
        probe.rule,
        broken.line,
        broken.detail
    );
    outln!("  the rule: {}", broken.rule.text);
    outln!(
        "  input ({}): {}",
        probe.request().options_description(),
        litmus_text::visible::visible_one_line(probe.input)
    );
    show_engine_dump(tree);
    outln!("  the reference's dump:");
    for line in expected.lines().take(40) {
        outln!("    {}", litmus_text::visible::visible_one_line(line));
    }
}

/// The engine's dump, its first 40 lines; a reply that was no dump is not kept.
fn show_engine_dump(tree: &str) {
    if tree.is_empty() {
        outln!("  the engine's dump: not kept (a reply that is no dump is a bad output)");
        return;
    }
    outln!("  the engine's dump:");
    for line in tree.lines().take(40) {
        outln!("    {}", litmus_text::visible::visible_one_line(line));
    }
}
