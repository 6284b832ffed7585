//! What a campaign is given: its options ([`CampaignOptions`]), its shard, how each
//! engine runs ([`EngineChoice`]), what its case workers need ([`case_setup`]), and
//! why it can fail ([`CampaignError`]).

use super::protocol::CaseSetup;
use crate::generator::GeneratorConfig;
use crate::lock::LockError;
use litmus_compare::archive::ArchiveError;
use litmus_compare::minimize::Budget;
use litmus_engines::engine::ExternalSpec;
use litmus_engines::worker::{Worker, WorkerCommand, WorkerConfig, WorkerError, WorkerSettings};
use litmus_verdicts::KnownDifferences;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// One shard of a campaign split across machines: `index` of `count` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole campaign.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Reads `I/N` with `0 <= I < N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| format!("bad shard {text:?}: write I/N, e.g. 0/4"))?;
        let index: u64 = i
            .trim()
            .parse()
            .map_err(|_| format!("bad shard index {i:?}"))?;
        let count: u64 = n
            .trim()
            .parse()
            .map_err(|_| format!("bad shard count {n:?}"))?;
        if count == 0 || index >= count {
            return Err(format!("bad shard {text:?}: need 0 <= I < N"));
        }
        Ok(Shard { index, count })
    }

    /// The generator index of this shard's `k`-th case.
    pub fn case_index(self, k: u64) -> u64 {
        self.index + k * self.count
    }

    /// The position in this shard of its case at generator index `index`: the `k`
    /// of [`Shard::case_index`].
    pub fn position(self, index: u64) -> u64 {
        index.saturating_sub(self.index) / self.count.max(1)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Everything a campaign needs.
#[derive(Clone, Debug)]
pub struct CampaignOptions {
    /// Stop after this many cases (of this shard).
    pub cases: Option<u64>,
    /// Stop after this long.
    pub time: Option<Duration>,
    pub seed: u64,
    pub jobs: usize,
    pub shard: Shard,
    /// The campaign's id (the default reports folder's name).
    pub id: String,
    /// Where the reports go.
    pub out: PathBuf,
    /// The folder of archived findings (`corpus/divergences`).
    pub archive: PathBuf,
    /// The folders whose archived findings stand for their classes
    /// (`archived.rs`): the corpus's findings and the archive's, as the campaign
    /// starts.
    pub exemplar_folders: Vec<PathBuf>,
    pub known: KnownDifferences,
    /// The engines: the reference and the one under test.
    pub reference: EngineChoice,
    pub other: EngineChoice,
    /// The judges (browsers, `--judges`), each asked which side each archived tree or
    /// fragment finding takes.
    pub judges: Vec<EngineChoice>,
    /// The time limit of one parse.
    pub timeout: Duration,
    /// The levels each case is compared at (`compare::level`; docs/levels.md): the
    /// tree and fragment levels always, the others as `--levels` says.
    pub levels: litmus_compare::compare::LevelSet,
    pub generator: GeneratorConfig,
    /// Byte cases: each case is a document written as bytes (`generator::ByteCase`),
    /// whose encoding the reference parser determines (see `job.rs`).
    pub bytes: bool,
    /// Inputs the generator may mutate.
    pub mutation_corpus: Vec<String>,
    /// Where they came from and their hash, for findings.json.
    pub mutation_sources: crate::finding::MutationSourcesId,
    /// Warnings for the reports (and already printed): missing mutation sources.
    pub warnings: Vec<String>,
    pub minimize_budget: Budget,
    /// Count the arms of the standard the reference parser passes through
    /// (`--spec-coverage`), for the reports.
    pub spec_coverage: bool,
    /// With `spec_coverage`: steer the generator towards the arms rarely reached
    /// (`steering.rs`; off with `--no-steering`).
    pub steering: bool,
    /// Show a progress bar (on a terminal).
    pub progress: bool,
    /// Print no line per finding (errors and the summary only).
    pub quiet: bool,
}

/// How to run one engine: by name in a `litmus __worker` process, an external program
/// (`cmd:`) hosted by such a worker, or a worker command of the caller's (tests start
/// workers from another binary).
#[derive(Clone, Debug)]
pub struct EngineChoice {
    pub name: String,
    pub command: Option<WorkerCommand>,
    /// An external engine; the worker runs it with the campaign's time limit.
    pub external: Option<ExternalSpec>,
}

impl EngineChoice {
    pub fn named(name: &str) -> EngineChoice {
        EngineChoice {
            name: name.to_owned(),
            command: None,
            external: None,
        }
    }

    /// An external program, named as its spec says.
    pub fn external(spec: ExternalSpec) -> EngineChoice {
        EngineChoice {
            name: spec.name.clone(),
            command: None,
            external: Some(spec),
        }
    }

    /// A worker config for this engine with the campaign's timeout. An external
    /// engine gets the timeout itself, and its worker a longer one as a backstop
    /// ([`litmus_engines::engine::external::supervisor_timeout`]).
    pub fn worker_config(&self, timeout: Duration) -> Result<WorkerConfig, CampaignError> {
        let no_exe = |e: std::io::Error| {
            CampaignError::Engine(format!(
                "cannot find the litmus executable for workers: {e}"
            ))
        };
        let mut config = match (&self.command, &self.external) {
            (Some(command), _) => WorkerConfig::with_command(&self.name, command.clone()),
            (None, Some(spec)) => {
                let mut spec = spec.clone();
                spec.set_timeout(timeout);
                // The worker only relays to the program, which it starts under the
                // program's own limit (`memory_limit_bytes`, none for a browser),
                // whatever the worker's.
                let settings = WorkerSettings::new(spec.to_engine_text());
                WorkerConfig::with_command(
                    &self.name,
                    WorkerCommand::current_exe(&settings).map_err(no_exe)?,
                )
            }
            (None, None) => WorkerConfig::new(&WorkerSettings::new(&self.name)).map_err(no_exe)?,
        };
        config.timeout = match &self.external {
            Some(_) => litmus_engines::engine::external::supervisor_timeout(timeout),
            None => timeout,
        };
        Ok(config)
    }

    /// Starts one worker for this engine.
    pub fn start(&self, timeout: Duration) -> Result<Worker, CampaignError> {
        Worker::start(self.worker_config(timeout)?).map_err(|e| match e {
            WorkerError::Spawn { program, error } => CampaignError::Engine(format!(
                "cannot start a worker for {} ({}): {error}",
                self.name,
                program.display()
            )),
            WorkerError::Startup { engine, message } => {
                CampaignError::Engine(format!("the {engine} worker did not start: {message}"))
            }
        })
    }
}

/// Why a campaign could not run or finish.
#[derive(Debug)]
pub enum CampaignError {
    /// An engine cannot be started (unknown name, missing program).
    Engine(String),
    Archive(ArchiveError),
    /// The reports folder is another command's (or cannot be locked).
    OutInUse(LockError),
    /// A finding could not be archived (a full disk): the campaign stopped.
    ArchiveFull(String),
    /// The reports could not be written.
    Report(String),
    Generator(String),
}

impl fmt::Display for CampaignError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CampaignError::Engine(message) | CampaignError::Generator(message) => {
                f.write_str(message)
            }
            CampaignError::Archive(e) => write!(f, "archive {e}"),
            CampaignError::OutInUse(e) => write!(f, "--out {e}"),
            CampaignError::ArchiveFull(message) => write!(
                f,
                "the campaign stopped because a finding could not be archived: {message}"
            ),
            CampaignError::Report(e) => write!(f, "report {e}"),
        }
    }
}

impl std::error::Error for CampaignError {}

/// What a case worker needs to know: the campaign's cases and engines.
pub fn case_setup(options: &CampaignOptions) -> CaseSetup {
    let engine_text = |choice: &EngineChoice| match &choice.external {
        Some(spec) => {
            let mut spec = spec.clone();
            spec.set_timeout(options.timeout);
            spec.to_engine_text()
        }
        None => choice.name.clone(),
    };
    // A parse in a case worker may take its time limit; an external engine's, its
    // restarts and warm-up too (it times itself out first).
    let limit = |choice: &EngineChoice| match &choice.external {
        Some(_) => litmus_engines::engine::external::supervisor_timeout(options.timeout),
        None => options.timeout,
    };
    CaseSetup {
        seed: options.seed,
        generator: options.generator.clone(),
        mutation_corpus: options.mutation_corpus.clone(),
        bytes: options.bytes,
        levels: options.levels.clone(),
        reference: engine_text(&options.reference),
        other: engine_text(&options.other),
        reference_limit: limit(&options.reference),
        other_limit: limit(&options.other),
        known: options.known.clone(),
        budget: options.minimize_budget,
        spec_coverage: options.spec_coverage,
    }
}

/// A campaign's default id: the start time (UTC), the seed and, for one shard of
/// several, the shard — `20261130-050000-s7`, `20261130-050000-s7-shard-1-of-4` — so
/// that shards started together on one machine (or writing to one share) never
/// collide.
pub fn default_campaign_id(seed: u64, shard: Shard) -> String {
    let id = format!("{}-s{seed}", chrono::Utc::now().format("%Y%m%d-%H%M%S"));
    if shard == Shard::ALL {
        id
    } else {
        format!("{id}-shard-{}-of-{}", shard.index, shard.count)
    }
}
