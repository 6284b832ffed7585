//! `litmus triage ARTIFACT…`: fuzzer artifacts into findings.
//!
//! Each artifact (a crash, timeout or leak input libFuzzer saved) is decoded in the
//! input format of the fuzz target that found it (see `differential/src/seeds.rs`),
//! compared at every level as `litmus run` compares a case — the reference parser and
//! the engine in worker processes, so an input that crashes either is a failure
//! finding rather than a crash of the triage — and every divergence goes through the
//! campaign's own path: minimized, classified, archived, reported.

use super::error::{CliError, CliResult};
use clap::Args;
use litmus_campaign::campaign::{investigate, EngineChoice, Engines};
use litmus_campaign::finding::{CampaignReport, EngineId, Finding, Origin, SCHEMA_VERSION};
use litmus_campaign::generator::Generator;
use litmus_campaign::seeds::{
    decode_differential_input, decode_fragment_input, decode_roundtrip_input, DifferentialInput,
    FuzzCase, ParseTarget, TokenizerInput, FUZZ_TARGETS,
};
use litmus_compare::archive::Archive;
use litmus_compare::compare::Level;
use litmus_compare::compare::{compare_request, Levels};
use litmus_compare::minimize::Budget;
use litmus_engines::case::ParseRequest;
use litmus_report::report::write_reports;
use litmus_text::outln;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct TriageArgs {
    /// Artifact files written by a fuzz target (e.g. fuzz/artifacts/parse/crash-…).
    #[arg(required = true, value_name = "ARTIFACT")]
    pub artifacts: Vec<PathBuf>,
    /// The fuzz target whose input format the artifacts are in. Default: the folder
    /// name after `artifacts/` in each path.
    #[arg(long)]
    pub target: Option<String>,
    #[arg(long, default_value = "html5ever", help = concat!(
        "The engine compared with the reference parser: ",
        engines_help!(),
    ))]
    pub engine: String,
    #[command(flatten)]
    pub external: super::engine_args::ExternalEngineArgs,
    /// The corpus: classes are read from CORPUS/known-differences.toml. Default:
    /// `corpus`, and where it has no known-differences.toml, the copy built into litmus.
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    /// Where findings are archived. Default: OUT/divergences, beside the report
    /// (adopt them with `litmus corpus merge OUT/divergences`).
    #[arg(long, value_name = "DIR")]
    pub archive: Option<PathBuf>,
    #[command(flatten)]
    pub known: super::known_args::KnownArgs,
    /// Where the report goes. Default: reports/triage-<time>.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The time limit of one parse.
    #[arg(long, default_value = "10s", value_parser = litmus_engines::limits::parse_timeout)]
    pub timeout: Duration,
}

/// The fuzz target of an artifact: `--target`, or the path's folder after `artifacts`.
fn target_of(path: &Path, given: Option<&str>) -> Result<String, CliError> {
    if let Some(target) = given {
        return Ok(target.to_owned());
    }
    let components: Vec<String> = path
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    components
        .iter()
        .position(|c| c == "artifacts")
        .and_then(|i| components.get(i + 1))
        .filter(|t| FUZZ_TARGETS.contains(&t.as_str()))
        .cloned()
        .ok_or_else(|| {
            CliError::input(format!(
                "cannot tell which fuzz target wrote {}: give --target ({})",
                path.display(),
                FUZZ_TARGETS.join(", ")
            ))
        })
}

/// The requests an artifact stands for, in its target's input format.
fn requests_for(target: &str, data: &[u8]) -> Result<Vec<ParseRequest>, CliError> {
    let case = match target {
        "parse" => FuzzCase {
            target: ParseTarget::Document,
            scripting: None,
            input: String::from_utf8_lossy(data).into_owned(),
        },
        "fragment" => {
            let (context, scripting, input) = decode_fragment_input(data);
            FuzzCase {
                target: ParseTarget::Fragment(context),
                scripting,
                input,
            }
        }
        "roundtrip" => decode_roundtrip_input(data),
        "tokenizer" => {
            let decoded = TokenizerInput::decode(data);
            FuzzCase {
                target: ParseTarget::Document,
                scripting: None,
                input: String::from_utf8_lossy(&decoded.input).into_owned(),
            }
        }
        "differential" => match decode_differential_input(data) {
            DifferentialInput::Case(case) => case,
            DifferentialInput::Generate { seed, index, edit } => {
                let generated = Generator::new(Default::default()).case(seed, index);
                let input = match edit {
                    Some(edit) => edit.apply(&generated.input),
                    None => generated.input,
                };
                let context = generated
                    .fragment_context
                    .as_deref()
                    .and_then(litmus_parser::FragmentContext::parse);
                FuzzCase {
                    target: context.map_or(ParseTarget::Document, ParseTarget::Fragment),
                    scripting: Some(generated.scripting),
                    input,
                }
            }
        },
        other => {
            return Err(CliError::input(format!(
                "unknown fuzz target {other:?}: the targets are {}",
                FUZZ_TARGETS.join(", ")
            )))
        }
    };
    Ok(case
        .scripting_flags()
        .into_iter()
        .map(|scripting| match &case.target {
            ParseTarget::Document => ParseRequest::document(case.input.clone(), scripting),
            ParseTarget::Fragment(context) => {
                ParseRequest::fragment(case.input.clone(), context.clone(), scripting)
            }
        })
        .collect())
}

pub fn run(args: TriageArgs) -> CliResult {
    // Read and decode everything first: a bad artifact is an error before any work.
    let mut decoded = Vec::new();
    for path in &args.artifacts {
        if path.is_dir() {
            return Err(CliError::input(format!(
                "{} is a directory; give artifact files (e.g. fuzz/artifacts/parse/*)",
                path.display()
            )));
        }
        let data =
            litmus_engines::limits::read_file(path, litmus_engines::limits::MAX_DATA_FILE_BYTES)
                .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
        let target = target_of(path, args.target.as_deref())?;
        decoded.push((path.clone(), target.clone(), requests_for(&target, &data)?));
    }
    if let Some(out) = args.out.as_deref().filter(|o| o.exists() && !o.is_dir()) {
        // Found now, not after the findings are archived and the report is written.
        return Err(CliError::input(format!(
            "--out {}: is not a folder",
            out.display()
        )));
    }
    let mut known =
        super::known_args::known_differences(args.corpus.as_deref(), &args.known, false)?;
    let started = chrono::Utc::now();
    let campaign = format!("triage-{}", started.format("%Y%m%d-%H%M%S"));
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| Path::new("reports").join(&campaign));
    let archive_dir = args
        .archive
        .clone()
        .unwrap_or_else(|| litmus_compare::archive::divergences_dir(&out));
    let engine_error = |e: litmus_campaign::campaign::CampaignError| CliError::input(e.to_string());
    let mut reference = EngineChoice::named("litmus")
        .start(args.timeout)
        .map_err(engine_error)?;
    let chosen = super::engine_args::choose(&args.engine, &args.external)?;
    chosen.warn_if_unclassed(&known);
    let mut other = chosen.choice.start(args.timeout).map_err(engine_error)?;
    // Findings are matched at the engines' versions (a class may hold for some).
    for engine in [&reference, &other] {
        known.set_engine_version(
            engine.engine_name(),
            &litmus_engines::engine::Engine::version(engine),
        );
    }
    // After the engines: a bad engine writes nothing. One writer per reports folder,
    // held to the end.
    let _lock = litmus_campaign::lock::ReportsLock::take(&out, "litmus triage")
        .map_err(|e| CliError::input(format!("--out {e}")))?;
    let archive = Archive::create(&archive_dir).map_err(|e| CliError::input(e.to_string()))?;

    let clock = Instant::now();
    let stop = AtomicBool::new(false);
    let mut seen = HashSet::new();
    let mut findings: Vec<Finding> = Vec::new();
    let mut not_reproduced = 0usize;
    for (path, target, requests) in &decoded {
        let mut reproduced = 0usize;
        for request in requests {
            let level = if request.fragment.is_some() {
                Level::Fragment
            } else {
                Level::Tree
            };
            let divergences = compare_request(
                level,
                request,
                &mut reference,
                &mut other,
                &Levels::default(),
            );
            for divergence in divergences {
                reproduced += 1;
                if !seen.insert(divergence.signature.as_str().to_owned()) {
                    if let Some(f) = findings
                        .iter_mut()
                        .find(|f| f.signature == divergence.signature)
                    {
                        f.count += 1;
                    }
                    continue;
                }
                let mut engines = Engines {
                    reference: &mut reference,
                    other: &mut other,
                };
                let origin = Origin {
                    family: format!("fuzzer:{target}"),
                    ..Origin::default()
                };
                let investigation = investigate(
                    &divergence,
                    origin,
                    &mut engines,
                    &known,
                    Some(&archive),
                    Budget::default(),
                    &stop,
                );
                if let Some(Err(e)) = &investigation.archived {
                    return Err(CliError {
                        message: format!("cannot archive a finding of {}: {e}", path.display()),
                        code: 1,
                    });
                }
                let f = &investigation.finding;
                outln!(
                    "{}: {} {} [{} -> {} bytes] {}",
                    path.display(),
                    match (&f.class, f.status) {
                        (Some(c), Some(litmus_campaign::finding::Status::AtAnotherVersion)) =>
                            format!("known at another version ({c})"),
                        (Some(c), _) => format!("known ({c})"),
                        (None, _) => "NEW".to_owned(),
                    },
                    f.signature,
                    f.minimization.original_bytes,
                    f.minimization.final_bytes,
                    f.archive_path.as_deref().unwrap_or("")
                );
                findings.push(investigation.finding);
            }
        }
        if reproduced == 0 {
            not_reproduced += 1;
            outln!(
                "{}: no divergence and no engine failure at any level; if it is one of the {target} target's own assertions, run `cargo fuzz run {target} {}` to see it",
                path.display(),
                path.display()
            );
        }
    }

    let elapsed = clock.elapsed().as_secs_f64();
    let report = CampaignReport {
        schema: SCHEMA_VERSION,
        campaign,
        started: started.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        finished: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        reference: EngineId {
            name: "litmus".into(),
            version: reference.engine_version().to_owned(),
        },
        other: EngineId {
            name: other.engine_name().to_owned(),
            version: other.engine_version().to_owned(),
        },
        jobs: 1,
        cases: decoded.len() as u64,
        elapsed_seconds: elapsed,
        cases_per_second: if elapsed > 0.0 {
            decoded.len() as f64 / elapsed
        } else {
            0.0
        },
        findings,
        ..CampaignReport::default()
    };
    write_reports(&report, &out).map_err(|e| CliError {
        message: format!("cannot write the report: {e}"),
        code: 1,
    })?;
    let new = report.new_findings().count();
    outln!(
        "triage: {} artifacts, {} findings ({new} new), {not_reproduced} not reproduced; report in {}",
        decoded.len(),
        report.findings.len(),
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}
