//! `litmus case`: one case of a campaign's stream, regenerated from its index.
//!
//! A campaign's case `i` depends on the seed, the generator's version and
//! configuration, and the inputs it mutates (findings.json's `seed` and `generation`).
//! `litmus case --from findings.json I` reads them, reads the mutation sources again
//! (the html5lib data and the corpus), and prints case `I` on stdout: the input as it
//! was parsed (a byte case's bytes). What the case is (family, fragment context,
//! scripting, and the `litmus diff` line that replays it) goes to stderr. When the
//! mutation sources read now are not the campaign's (their hash differs), it says so;
//! a case that mutates an input (or any case, when one side had no inputs) is then
//! not the campaign's: it is printed and the exit status is 1. A findings.json of
//! another generator version is refused (exit 2).

use super::error::{CliError, CliResult};
use clap::Args;
use litmus_campaign::finding::{CampaignReport, Generation, MutationSourcesId};
use litmus_campaign::generator::{
    html5lib_dir, mutation_sources, sources_hash, Generator, GeneratorConfig, GENERATOR_VERSION,
    MUTATION,
};
use litmus_text::errln;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct CaseArgs {
    /// The case's generator index (a finding's `origin.case_index`; with `--shard
    /// I/N`, the campaign's k-th case is index I + k·N).
    pub index: u64,
    /// The campaign: its findings.json, or the reports folder holding it.
    #[arg(long, value_name = "FINDINGS", required_unless_present = "seed")]
    pub from: Option<PathBuf>,
    /// Without --from: the seed, with the default generator configuration and the
    /// mutation sources read now (as `litmus run --seed S` would).
    #[arg(long, conflicts_with = "from")]
    pub seed: Option<u64>,
    /// The corpus whose findings are mutated. Default: the one findings.json names,
    /// else `corpus`.
    #[arg(long)]
    pub corpus: Option<PathBuf>,
    /// With --seed: no mutation (as `litmus run --no-mutation`).
    #[arg(long, requires = "seed")]
    pub no_mutation: bool,
}

pub fn run(args: CaseArgs) -> CliResult {
    let (seed, generation) = match &args.from {
        Some(path) => {
            let report = read_report(path)?;
            let mut generation = report.generation.clone().ok_or_else(|| {
                CliError::input(format!(
                    "{}: no `generation` record (written by a litmus before generator version 1): its cases cannot be regenerated",
                    path.display()
                ))
            })?;
            // A steering campaign generated the case with its epoch's weights.
            if let Some(steering) = &generation.steering {
                let shard = match &report.shard {
                    Some(shard) => {
                        litmus_campaign::campaign::Shard::parse(shard).map_err(CliError::input)?
                    }
                    None => litmus_campaign::campaign::Shard::ALL,
                };
                let k = args.index.saturating_sub(shard.index) / shard.count.max(1);
                generation.config.weights = steering.weights_of(k).ok_or_else(|| {
                    CliError::input(format!(
                        "{}: case {} is past the epochs the campaign steered ({} epochs of {} cases)",
                        path.display(),
                        args.index,
                        steering.epochs.len(),
                        steering.epoch_cases
                    ))
                })?;
            }
            (report.seed, generation)
        }
        None => {
            // As `litmus run --seed S` would: the default configuration, and the
            // sources read now (none with --no-mutation).
            let generation = Generation {
                generator_version: GENERATOR_VERSION,
                bytes: false,
                config: GeneratorConfig::default(),
                mutation_sources: MutationSourcesId::default(),
                steering: None,
            };
            (args.seed.unwrap_or_default(), generation)
        }
    };
    let mutates = match &args.from {
        // A campaign that mutated nothing (--no-mutation, or no sources) had no inputs.
        Some(_) => generation.mutation_sources.inputs > 0,
        None => !args.no_mutation,
    };
    if generation.generator_version != GENERATOR_VERSION {
        return Err(CliError::input(format!(
            "the campaign's cases were made by generator version {}, this litmus makes version {GENERATOR_VERSION}: its cases cannot be regenerated here (use the litmus that ran it)",
            generation.generator_version
        )));
    }
    let recorded = &generation.mutation_sources;
    let inputs = if !mutates {
        Vec::new()
    } else {
        let corpus = args
            .corpus
            .clone()
            .or_else(|| recorded.corpus.as_ref().map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from("corpus"));
        let sources = mutation_sources(&corpus, &html5lib_dir());
        for warning in &sources.warnings {
            errln!("litmus: warning: {warning}");
        }
        sources.inputs
    };
    let hash = sources_hash(&inputs);
    let generator = Generator::try_new(generation.config.clone())
        .map_err(|e| CliError::input(format!("the campaign's generator configuration: {e}")))?
        .with_corpus(inputs.clone());
    let (case, bytes) = if generation.bytes {
        let (case, bytes) = generator.byte_case(seed, args.index);
        (case, bytes.bytes)
    } else {
        let case = generator.case(seed, args.index);
        let bytes = case.input.clone().into_bytes();
        (case, bytes)
    };
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(&bytes).and_then(|_| stdout.flush()) {
        // A reader that has had enough (`| head`): nothing to say.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(e) => {
            return Err(CliError {
                message: format!("cannot write the case: {e}"),
                code: 1,
            })
        }
        Ok(()) => {}
    }
    let shape = match &case.fragment_context {
        Some(context) => format!("a fragment in {context}"),
        None => "a document".to_owned(),
    };
    let scripting = if case.scripting { "on" } else { "off" };
    let replay = match &case.fragment_context {
        Some(context) => format!("--fragment '{context}' --scripting {scripting}"),
        None => format!("--scripting {scripting}"),
    };
    errln!(
        "litmus: case {} of seed {seed}: family {}, {shape}, scripting {scripting}, {} bytes{}; replay: litmus case … | litmus diff - {replay}",
        args.index,
        case.family,
        bytes.len(),
        if generation.bytes { " (a byte case)" } else { "" },
    );
    if args.from.is_some() && hash != recorded.sha256 {
        // Whether a case mutates is drawn the same way whatever the inputs, as long as
        // there are some: a case that does not mutate is the campaign's.
        let same_case = case.family != MUTATION && !inputs.is_empty() && recorded.inputs > 0;
        errln!(
            "litmus: the mutation sources differ from the campaign's: {} inputs now (sha256 {hash}), {} then (sha256 {}); {}",
            inputs.len(),
            recorded.inputs,
            recorded.sha256,
            if same_case {
                "this case mutates none of them, so it is the campaign's case all the same"
            } else if case.family == MUTATION {
                "this case mutates one of them, so it is not the campaign's case"
            } else {
                "this case is not the campaign's (with no inputs to mutate, every draw moves)"
            }
        );
        let html5lib = match recorded.html5lib.as_deref() {
            Some(dir) => format!("the html5lib-tests data in `{dir}`"),
            None => "no html5lib-tests data".to_owned(),
        };
        let corpus = match recorded.corpus.as_deref() {
            Some(dir) => format!("the findings of the corpus folder `{dir}`"),
            None => "no corpus findings".to_owned(),
        };
        errln!(
            "litmus: the campaign mutated {html5lib} and {corpus} (paths as the campaign named them, relative to the folder it ran in); to regenerate its cases, point $HTML5LIB_TESTS and --corpus at the same data (scripts/fetch-html5lib-tests.sh fetches html5lib-tests)"
        );
        if !same_case {
            return Ok(ExitCode::from(1));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A findings.json, or the one in a reports folder.
fn read_report(path: &Path) -> Result<CampaignReport, CliError> {
    let file = if path.is_dir() {
        path.join("findings.json")
    } else {
        path.to_owned()
    };
    let text =
        litmus_engines::limits::read_file(&file, litmus_engines::limits::MAX_DATA_FILE_BYTES)
            .map_err(|e| CliError::input(format!("{} {e}", file.display())))?;
    let text = String::from_utf8(text)
        .map_err(|_| CliError::input(format!("{} is not UTF-8", file.display())))?;
    litmus_report::report::json::parse(&text)
        .map_err(|e| CliError::input(format!("{}: not a findings.json: {e}", file.display())))
}
