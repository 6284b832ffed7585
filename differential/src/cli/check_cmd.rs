//! `litmus corpus check`: replay the regression corpus.

use super::error::{CliError, CliResult};
use clap::Args;
use litmus_compare::archive::{write_atomically, Archive};
use litmus_compare::corpus_check::{check, junit, CheckRun, Recheck};
use litmus_text::junit_xml;
use litmus_text::visible::visible_one_line;
use litmus_text::{errln, out, outln};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The corpus (its `divergences/` folder holds the findings).
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    #[arg(long, default_value = "html5ever", help = concat!(
        "The engine findings are re-checked against: ",
        engines_help!(),
    ))]
    pub engine: String,
    #[command(flatten)]
    pub external: super::engine_args::ExternalEngineArgs,
    /// The time limit of one parse.
    #[arg(long, default_value = "10s", value_parser = litmus_engines::limits::parse_timeout)]
    pub timeout: Duration,
    /// Also write the check as JUnit XML to FILE: one test case per archived finding.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Also count the arms of the standard the reference parser passes through when it
    /// parses (and serializes) every archived input, in this process, and print "spec
    /// arms reached: N of M", per tokenizer state and insertion mode, the cold arms and
    /// the hottest. Needs a build with the feature `spec-coverage`.
    #[arg(long)]
    pub spec_coverage: bool,
}

pub fn run(args: CheckArgs) -> CliResult {
    if args.spec_coverage && !litmus_campaign::spec_coverage::available() {
        return Err(CliError::input(
            litmus_campaign::spec_coverage::UNAVAILABLE.to_owned(),
        ));
    }
    let archive = Archive::open(&litmus_compare::archive::divergences_dir(&args.corpus))
        .map_err(|e| CliError::input(e.to_string()))?;
    let other_choice = super::engine_args::engine_choice(&args.engine, &args.external)?;
    let reference_choice = litmus_campaign::campaign::EngineChoice::named("litmus");
    let engine_error = |e: litmus_campaign::campaign::CampaignError| CliError::input(e.to_string());
    let mut reference = reference_choice.start(args.timeout).map_err(engine_error)?;
    let mut other = other_choice.start(args.timeout).map_err(engine_error)?;
    let started = Instant::now();
    let timestamp = junit_xml::now();
    let report = check(&archive, &mut reference, &mut other).map_err(CliError::input)?;

    let (mut still, mut gone, mut changed, mut skipped) = (0, 0, 0, 0);
    let mut not_rechecked: std::collections::BTreeMap<String, usize> = Default::default();
    for finding in &report.findings {
        let name = finding
            .path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        if let Some(now) = &finding.reference_changed {
            outln!(
                "FAIL {name}: the reference parser no longer builds the archived tree; it builds:"
            );
            for line in now.lines() {
                outln!("       {}", visible_one_line(line));
            }
        }
        match &finding.recheck {
            Recheck::Still => still += 1,
            Recheck::Gone => {
                gone += 1;
                outln!(
                    "gone {name}: {} no longer shows ({})",
                    args.engine,
                    visible_one_line(finding.signature.as_str())
                );
            }
            Recheck::Changed(now) => {
                changed += 1;
                outln!(
                    "changed {name}: {} -> {}",
                    visible_one_line(finding.signature.as_str()),
                    visible_one_line(now)
                );
            }
            Recheck::Skipped(why) => {
                skipped += 1;
                *not_rechecked.entry(why.clone()).or_default() += 1;
            }
        }
    }
    for problem in &report.malformed {
        errln!("litmus: malformed archive file {problem}");
    }
    // Why findings were not re-checked: most often they were found with another
    // engine, which `--engine` (and `--engine-name`) re-checks them against.
    for (why, count) in &not_rechecked {
        let hint = match why.strip_prefix("found with ") {
            Some(engine) => format!(
                " (re-check them with --engine {engine}, or for an external engine --engine cmd:'…' --engine-name {engine})"
            ),
            None => String::new(),
        };
        outln!("not re-checked: {count} {why}{hint}");
    }
    let failed = report
        .findings
        .iter()
        .filter(|f| f.reference_changed.is_some())
        .count();
    outln!(
        "corpus check: {} findings, {} reference trees changed, {} malformed; against {}: {still} still diverge, {gone} gone, {changed} changed, {skipped} not re-checked",
        report.findings.len(),
        failed,
        report.malformed.len(),
        args.engine
    );
    if let Some(path) = &args.junit {
        let run = CheckRun {
            engine: &args.engine,
            timestamp,
            seconds: started.elapsed().as_secs_f64(),
        };
        write_atomically(path, junit(&run, &report).as_bytes())
            .map_err(|e| CliError::input(e.to_string()))?;
        outln!("JUnit XML: {}", path.display());
    }
    if args.spec_coverage {
        out!(
            "{}",
            litmus_campaign::spec_coverage::render_text(&corpus_coverage(&archive), usize::MAX)
        );
    }
    if !report.malformed.is_empty() {
        return Ok(ExitCode::from(2));
    }
    Ok(if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The arms the reference parser passes through on every archived input: each parsed
/// as archived (document or fragment, scripting flag) and serialized, in this process
/// (the check itself parses in a worker). Malformed files are skipped; the check above
/// reports them. The corpus holds text, so the encoding family is left out.
fn corpus_coverage(archive: &Archive) -> litmus_campaign::spec_coverage::SpecCoverage {
    litmus_parser::spec_arms::reset_counts();
    for path in archive.files().unwrap_or_default() {
        let Ok(finding) = Archive::read(&path) else {
            continue;
        };
        if let Ok(request) = litmus_compare::corpus_check::archived_request(&finding) {
            drop(litmus_engines::engine::parse_with_litmus(&request, true));
        }
    }
    let counts = litmus_parser::spec_arms::take_counts();
    litmus_campaign::spec_coverage::SpecCoverage::from_counts_leaving_out(
        &counts,
        &[(
            litmus_parser::spec_arms::Family::Encoding,
            "the corpus holds text: its inputs never go through the encoding sniffing algorithm",
        )],
    )
}
