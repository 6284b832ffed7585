//! `litmus diff` and `litmus minimize`: one input, against an engine.

use super::error::{CliError, CliResult};
use super::input::read_input_text;
use super::parse_cmd::{fragment_context, OnOff};
use clap::Args;
use litmus_campaign::campaign::{investigate, Engines};
use litmus_campaign::finding::Origin;
use litmus_compare::archive::Archive;
use litmus_compare::compare::Level;
use litmus_compare::compare::{compare_input, compare_request, Divergence, Levels};
use litmus_compare::minimize::Budget;
use litmus_engines::case::ParseRequest;
use litmus_engines::worker::Worker;
use litmus_text::{out, outln};
use litmus_verdicts::{joined_ids, KnownDifferences, Verdict};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What `diff` and `minimize` share: the input and how to parse it.
#[derive(Args, Debug)]
pub struct OneInputArgs {
    /// The input file; `-` or nothing reads standard input. Must be UTF-8.
    pub file: Option<PathBuf>,
    #[arg(long, default_value = "html5ever", help = concat!(
        "The engine compared with the reference parser: ",
        engines_help!(),
    ))]
    pub engine: String,
    #[command(flatten)]
    pub external: super::engine_args::ExternalEngineArgs,
    /// Judges, comma-separated engines, e.g. `browsers` (chromium, firefox and
    /// webkit): for each tree or fragment divergence, which side each takes.
    /// `--third ENGINE` is the same with one judge.
    #[arg(long, value_name = "LIST", visible_alias = "third",
          value_parser = super::engine_args::parse_judges)]
    pub judges: Option<super::engine_args::JudgeList>,
    /// Only this fragment context (`td`, `svg path`); without it every level runs:
    /// the document with scripting on and off, and fragments in a spread of contexts.
    #[arg(long, value_name = "CONTEXT")]
    pub fragment: Option<String>,
    /// With --fragment, or to compare the document in one scripting mode only.
    #[arg(long, value_enum)]
    pub scripting: Option<OnOff>,
    /// The corpus whose known-differences.toml classifies what is found. Default:
    /// `corpus`, and where it has no known-differences.toml, the copy built into litmus.
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    #[command(flatten)]
    pub known: super::known_args::KnownArgs,
    /// The time limit of one parse.
    #[arg(long, default_value = "10s", value_parser = litmus_engines::limits::parse_timeout)]
    pub timeout: Duration,
}

#[derive(Args, Debug)]
pub struct DiffArgs {
    #[command(flatten)]
    pub input: OneInputArgs,
}

#[derive(Args, Debug)]
pub struct MinimizeArgs {
    #[command(flatten)]
    pub input: OneInputArgs,
    /// Minimize the divergence whose signature contains this text (default: the
    /// first one found).
    #[arg(long)]
    pub signature: Option<String>,
    /// Archive the minimized finding in the corpus's divergences/ folder.
    #[arg(long)]
    pub archive: bool,
}

struct Prepared {
    input: String,
    known: KnownDifferences,
    reference: Worker,
    other: Worker,
    judges: Vec<Worker>,
    divergences: Vec<Divergence>,
}

fn prepare(args: &OneInputArgs) -> Result<Prepared, CliError> {
    let mut known =
        super::known_args::known_differences(args.corpus.as_deref(), &args.known, false)?;
    let context = fragment_context(args.fragment.as_deref())?;
    let input = read_input_text(args.file.as_deref())?;
    let engine_error = |e: litmus_campaign::campaign::CampaignError| CliError::input(e.to_string());
    let mut reference = litmus_campaign::campaign::EngineChoice::named("litmus")
        .start(args.timeout)
        .map_err(engine_error)?;
    let chosen = super::engine_args::choose(&args.engine, &args.external)?;
    chosen.warn_if_unclassed(&known);
    let other_choice = chosen.choice;
    let judges = match &args.judges {
        Some(list) => list.choices(&other_choice.name)?,
        None => Vec::new(),
    };
    let mut other = other_choice.start(args.timeout).map_err(engine_error)?;
    let judges = judges
        .iter()
        .map(|choice| choice.start(args.timeout))
        .collect::<Result<Vec<Worker>, _>>()
        .map_err(engine_error)?;
    // Divergences are matched at the engines' versions (a class may hold for some).
    for engine in [&reference, &other] {
        known.set_engine_version(
            engine.engine_name(),
            &litmus_engines::engine::Engine::version(engine),
        );
    }
    let levels = Levels::default();
    let scripting = args.scripting.map(|s| s == OnOff::On);
    let divergences = match (context, scripting) {
        (Some(context), scripting) => {
            let request = ParseRequest::fragment(input.clone(), context, scripting.unwrap_or(true));
            compare_request(
                Level::Fragment,
                &request,
                &mut reference,
                &mut other,
                &levels,
            )
        }
        (None, Some(scripting)) => {
            let request = ParseRequest::document(input.clone(), scripting);
            compare_request(Level::Tree, &request, &mut reference, &mut other, &levels)
        }
        (None, None) => compare_input(&input, &mut reference, &mut other, &levels),
    };
    Ok(Prepared {
        input,
        known,
        reference,
        other,
        judges,
        divergences,
    })
}

pub fn run_diff(args: DiffArgs) -> CliResult {
    let mut prepared = prepare(&args.input)?;
    if prepared.divergences.is_empty() {
        outln!(
            "no divergence: litmus and {} agree at every level compared",
            prepared.other.engine_name()
        );
        return Ok(ExitCode::SUCCESS);
    }
    for divergence in &prepared.divergences {
        print_divergence(divergence, &prepared.known, &prepared.input);
        for judge in &mut prepared.judges {
            print_judge_side(divergence, judge);
        }
    }
    outln!("{} divergences", prepared.divergences.len());
    Ok(ExitCode::from(1))
}

fn print_divergence(divergence: &Divergence, known: &KnownDifferences, input: &str) {
    let engine = if divergence.level == Level::RoundTrip {
        &divergence.left.engine
    } else {
        &divergence.right.engine
    };
    let _ = (engine, input);
    let mut evidence = litmus_verdicts::Evidence::of(divergence);
    let class = match known.verdict(&mut evidence) {
        Verdict::Known(class) => format!("known: {}", class.id),
        Verdict::Ambiguous(classes) => format!("AMBIGUOUS: {}", joined_ids(&classes, ", ")),
        Verdict::Causes(classes) => {
            format!("known, two causes: {}", joined_ids(&classes, " + "))
        }
        Verdict::AtAnotherVersion(class) => format!(
            "known at another version: {} ({})",
            class.id,
            class.versions.join(" or ")
        ),
        Verdict::New => "NEW".to_owned(),
    };
    outln!("== {} [{}]", divergence.signature, class);
    outln!("   {}", divergence.request.options_description());
    if let Some(locus) = evidence.locus() {
        outln!("   locus: {locus}");
    }
    let (left, right) = divergence.compared_texts();
    match (left, right) {
        (Some(left), Some(right)) => {
            let diff = similar::TextDiff::from_lines(left, right);
            let header_left = format!("{} ({})", divergence.left.engine, divergence.level.as_str());
            let header_right = if divergence.level == Level::RoundTrip {
                "reparsed serialization".to_owned()
            } else {
                divergence.right.engine.to_string()
            };
            out!(
                "{}",
                diff.unified_diff()
                    .context_radius(3)
                    .header(&header_left, &header_right)
            );
        }
        _ => {
            for side in [&divergence.left, &divergence.right] {
                if let Err(failure) = &side.result {
                    outln!("   {} {failure}", side.engine);
                }
            }
        }
    }
}

pub fn run_minimize(args: MinimizeArgs) -> CliResult {
    let mut prepared = prepare(&args.input)?;
    let chosen = match &args.signature {
        Some(part) => prepared
            .divergences
            .iter()
            .find(|d| d.signature.as_str().contains(part.as_str())),
        None => prepared.divergences.first(),
    };
    let Some(divergence) = chosen.cloned() else {
        outln!(
            "nothing to minimize: no divergence{}",
            args.signature.as_deref().map_or(String::new(), |s| format!(
                " with a signature containing {s:?}"
            ))
        );
        return Ok(ExitCode::from(1));
    };
    let archive = if args.archive {
        Some(
            Archive::create(&litmus_compare::archive::divergences_dir(
                &litmus_compare::archive::corpus_dir(args.input.corpus.as_deref()),
            ))
            .map_err(|e| CliError::input(e.to_string()))?,
        )
    } else {
        None
    };
    let mut engines = Engines {
        reference: &mut prepared.reference,
        other: &mut prepared.other,
    };
    let origin = Origin {
        family: "file".into(),
        ..Origin::default()
    };
    let stop = AtomicBool::new(false);
    let investigation = investigate(
        &divergence,
        origin,
        &mut engines,
        &prepared.known,
        archive.as_ref(),
        Budget::default(),
        &stop,
    );
    let finding = &investigation.finding;
    let stats = &finding.minimization;
    outln!("signature: {}", finding.signature);
    outln!(
        "class: {}",
        finding
            .class
            .as_deref()
            .unwrap_or("new (no known class explains it)")
    );
    outln!("minimized: {stats}");
    outln!("input: {:?}", finding.input);
    match investigation.archived {
        Some(Ok((path, outcome))) => outln!("archived: {} ({outcome:?})", path.display()),
        Some(Err(e)) => {
            return Err(CliError {
                message: format!("could not archive: {e}"),
                code: 1,
            })
        }
        None => {}
    }
    Ok(ExitCode::SUCCESS)
}

/// A judge's side of a tree or fragment divergence.
fn print_judge_side(divergence: &Divergence, third: &mut Worker) {
    if !matches!(divergence.level, Level::Tree | Level::Fragment) {
        return;
    }
    let (Some(reference), Some(other)) = divergence.compared_texts() else {
        return;
    };
    let name = third.engine_name().to_owned();
    match litmus_engines::engine::Engine::parse(third, &divergence.request) {
        Ok(output) => {
            let side = match litmus_campaign::campaign::side(&output.tree, reference, other) {
                "reference" => format!("with {}", divergence.left.engine),
                "other" => format!("with {}", divergence.right.engine),
                _ => "with neither".to_owned(),
            };
            outln!("   {name} sides {side}");
        }
        Err(failure) => outln!("   {name} gave no answer: {failure}"),
    }
}
