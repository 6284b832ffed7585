//! The campaign runner: `litmus run`.
//!
//! The data flows one way: generate, engines, compare, signature (in case workers,
//! [`cases`]), then classify, minimize, archive (triage, [`triage`] and `jobs.rs`),
//! then report ([`crate::report`], rewritten every few seconds and at the end).
//!
//! Jobs are threads; each owns one case worker ([`crate::worker::CaseWorker`]), a
//! process that generates its batches of cases from the seed, parses them with both
//! engines in process, compares them and sends back counts and the divergences whose
//! signatures it had not reported, so that isolation costs almost nothing. An engine
//! that crashes, hangs or runs out of memory costs the worker, and the case that did
//! it is pinned through engine workers and becomes a finding (`jobs.rs`). Case `k` of
//! shard `i/n` is generator index `i + k·n`, so shards are disjoint and every case
//! replays from the seed and its index.
//!
//! Each signature is triaged once, on its first case (the lowest case index that
//! showed it): classified as found, or minimized to tokens and classified. A
//! signature a known class explains is counted, per signature and per class; a few
//! exemplars of each class ([`EXEMPLARS_PER_CLASS`]: its smallest candidates, chosen
//! once the cases are done) are minimized to the end keeping the class, and
//! archived, merging those that minimize to the same signature. A signature no class
//! explains is a new finding: minimized to the end and archived at once.
//!
//! **The same campaign finds the same things.** For a given seed, number of cases,
//! levels, engines, classes and mutation inputs, findings.json is the same on every
//! run and for any `--jobs`, but for its timings and paths: which case of a
//! signature is triaged, which candidates become a class's exemplars, which case a
//! finding keeps (the smallest input, then the lowest case index) and what its
//! archive file holds follow rules on the cases (`state/`), never the order the jobs
//! finish in, and minimizations are bounded in steps, not time
//! ([`crate::minimize::Budget`]). Crashes and hangs, and the speed level, are timings
//! of the machine, and what the case workers that met them reported around them
//! may differ.
//!
//! Nothing reported is lost: a finding is archived (atomically) before it is printed,
//! and Ctrl-C stops taking cases, finishes the triage and the exemplars, and writes
//! the reports.

mod ahead;
pub mod cases;
mod investigate;
mod jobs;
mod record;
mod state;
pub mod steering;
mod third;
pub mod triage;
mod watch;

pub use crate::compare::LevelCounter;
pub use crate::finding::{against_the_reference, SIDES};
pub use cases::request_for_case;
pub use investigate::{investigate, Engines, Investigation};
pub use record::finding as finding_of;
pub use state::EXEMPLARS_PER_CLASS;
pub use third::{judges_opinions, side, third_opinion};

use crate::archive::{Archive, ArchiveError};
use crate::engine::ExternalSpec;
use crate::finding::{CampaignReport, EngineId, Generation, PossiblyFixed, SCHEMA_VERSION};
use crate::generator::{Generator, GeneratorConfig, GENERATOR_VERSION};
use crate::known::KnownDifferences;
use crate::minimize::Budget;
use crate::report::lock::{LockError, ReportsLock};
use crate::report::{write_reports, ReportError};
use crate::worker::{
    CaseWorker, Worker, WorkerCommand, WorkerConfig, WorkerError, WorkerRole, WorkerSettings,
};
use cases::CaseSetup;
use indicatif::{ProgressBar, ProgressStyle};
use state::Shared;
use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

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
    pub levels: crate::compare::LevelSet,
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
    /// ([`crate::engine::external::supervisor_timeout`]).
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
            Some(_) => crate::engine::external::supervisor_timeout(timeout),
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
    Report(ReportError),
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

/// How often the reports are rewritten while a campaign runs.
const REPORT_INTERVAL: Duration = Duration::from_secs(10);

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
        Some(_) => crate::engine::external::supervisor_timeout(options.timeout),
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

/// Starts one case worker.
fn start_case_worker(setup: &CaseSetup) -> Result<CaseWorker, CampaignError> {
    // An external program is started under its own limit (`memory_limit_bytes`, none
    // for a browser), whatever the case worker's.
    let settings = WorkerSettings::cases();
    let command = WorkerCommand::current_exe(&settings).map_err(|e| {
        CampaignError::Engine(format!(
            "cannot find the litmus executable for workers: {e}"
        ))
    })?;
    let mut config = WorkerConfig::with_command(settings.hello_engine(), command);
    // The worker reports progress several times a second and its own hangs; this is
    // the backstop for a worker that stops talking altogether.
    config.timeout =
        setup.reference_limit.max(setup.other_limit) + crate::limits::CASE_WORKER_MARGIN;
    debug_assert_eq!(settings.role, WorkerRole::Cases);
    CaseWorker::start(config, setup.clone()).map_err(|e| match e {
        WorkerError::Spawn { program, error } => CampaignError::Engine(format!(
            "cannot start a case worker ({}): {error}",
            program.display()
        )),
        WorkerError::Startup { message, .. } => CampaignError::Engine(message),
    })
}

/// Runs a campaign to its end (case count, time, or `stop`), then writes its reports.
/// `stop` is the caller's interrupt flag (Ctrl-C).
pub fn run(
    options: &CampaignOptions,
    stop: Arc<AtomicBool>,
) -> Result<CampaignReport, CampaignError> {
    // Before anything is written: one campaign per reports folder, held to the end.
    let _lock = ReportsLock::take(&options.out, "litmus run").map_err(CampaignError::OutInUse)?;
    let generator = Generator::try_new(options.generator.clone())
        .map_err(|e| CampaignError::Generator(e.to_string()))?
        .with_corpus(options.mutation_corpus.clone());
    let archive = Archive::create(&options.archive).map_err(CampaignError::Archive)?;
    let setup = case_setup(options);
    // The first worker now: engines that cannot run are an error before any case.
    let first = start_case_worker(&setup)?;
    let (reference_version, other_version) = {
        let (r, o) = first.versions();
        (r.to_owned(), o.to_owned())
    };
    let mut jobs = vec![jobs::Job::new(first)];
    for _ in 1..options.jobs.max(1) {
        jobs.push(jobs::Job::new(start_case_worker(&setup)?));
    }
    let started = chrono::Utc::now();
    let mut report = CampaignReport {
        schema: SCHEMA_VERSION,
        campaign: options.id.clone(),
        started: started.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        reference: EngineId {
            name: options.reference.name.clone(),
            version: reference_version.clone(),
        },
        other: EngineId {
            name: options.other.name.clone(),
            version: other_version.clone(),
        },
        seed: options.seed,
        shard: (options.shard != Shard::ALL).then(|| options.shard.to_string()),
        jobs: options.jobs.max(1),
        generation: Some(Generation {
            generator_version: GENERATOR_VERSION,
            bytes: options.bytes,
            config: options.generator.clone(),
            mutation_sources: options.mutation_sources.clone(),
            steering: None,
        }),
        warnings: options.warnings.clone(),
        ..CampaignReport::default()
    };

    let judges = options
        .judges
        .iter()
        .map(|choice| choice.start(options.timeout))
        .collect::<Result<Vec<Worker>, _>>()?;
    let progress = progress_bar(options);
    let shared = Shared::new(
        options,
        archive,
        generator,
        progress.clone(),
        stop,
        judges,
        (reference_version, other_version),
    );
    let clock = Instant::now();
    run_jobs(&shared, &mut jobs, &report, clock, jobs::run_job)?;
    progress.finish_and_clear();
    let interrupted = shared.interrupted();
    // The exemplars of the known classes, even after an interrupt: a few
    // minimizations of token-minimal inputs.
    if shared.queue_exemplars() > 0 {
        run_jobs(&shared, &mut jobs, &report, clock, jobs::run_exemplars)?;
    }

    report = shared.snapshot(&report, clock.elapsed(), interrupted);
    report.possibly_fixed = possibly_fixed(&shared.known, &report);
    report.known_classes = crate::report::classes::named_in(&shared.known, &report);
    let written = write_reports(&report, &options.out);
    if let Some(message) = shared.failure() {
        return Err(CampaignError::ArchiveFull(message));
    }
    written.map_err(CampaignError::Report)?;
    Ok(report)
}

/// Runs `work` on every job's thread until all return, rewriting the reports now and
/// then.
fn run_jobs(
    shared: &Shared<'_>,
    jobs: &mut [jobs::Job],
    base: &CampaignReport,
    clock: Instant,
    work: fn(&Shared<'_>, &mut jobs::Job),
) -> Result<(), CampaignError> {
    let options = shared.options;
    std::thread::scope(|scope| -> Result<(), CampaignError> {
        let mut handles = Vec::new();
        for (number, job) in jobs.iter_mut().enumerate() {
            handles.push(
                std::thread::Builder::new()
                    .name(format!("litmus-job-{number}"))
                    .spawn_scoped(scope, move || work(shared, job))
                    .map_err(|e| {
                        CampaignError::Engine(format!("cannot start a job thread: {e}"))
                    })?,
            );
        }
        let mut last_report = Instant::now();
        while handles.iter().any(|h| !h.is_finished()) {
            std::thread::sleep(Duration::from_millis(20));
            if last_report.elapsed() >= REPORT_INTERVAL {
                let mut snapshot = shared.snapshot(base, clock.elapsed(), true);
                snapshot.known_classes =
                    crate::report::classes::named_in(&options.known, &snapshot);
                if let Err(e) = write_reports(&snapshot, &options.out) {
                    shared.say(format!("litmus: cannot write the interim reports: {e}"));
                }
                last_report = Instant::now();
            }
        }
        for handle in handles {
            let _ = handle.join();
        }
        Ok(())
    })
}

/// Known classes of the engine under test that explain none of this campaign's
/// findings, among those that could show at the levels it compared
/// ([`crate::report::classes::can_show_at`]: a speed class cannot show in a campaign
/// that timed nothing), each with the engine's version from which it showed no more.
/// Classes of every engine (`*`: the standard's own round-trip constructs, the
/// harness's) describe no engine's behaviour, so nothing upstream can have fixed them;
/// a class whose `versions` exclude the campaign's engine version is not expected to
/// show, and is left out.
fn possibly_fixed(known: &KnownDifferences, report: &CampaignReport) -> Vec<PossiblyFixed> {
    let engine = &report.other.name;
    let version = crate::known::versions::version_number(&report.other.version);
    let compared: Vec<&str> = report
        .levels
        .iter()
        .filter(|l| l.compared > 0)
        .map(|l| l.level.as_str())
        .collect();
    known
        .classes
        .iter()
        .filter(|class| class.names_engine(engine))
        .filter(|class| crate::report::classes::can_show_at(class, &compared))
        .filter(|class| class.holds_at(engine, version.as_deref()))
        .filter(|class| {
            !report
                .findings
                .iter()
                .any(|f| f.class.as_deref() == Some(&class.id))
        })
        .map(|class| PossiblyFixed {
            class: class.id.clone(),
            explanation: class.explanation.clone(),
            upstream: class.upstream.clone(),
            since: Some(report.other.version.clone()),
        })
        .collect()
}

fn progress_bar(options: &CampaignOptions) -> ProgressBar {
    if !options.progress {
        return ProgressBar::hidden();
    }
    let bar = match options.cases {
        Some(cases) => ProgressBar::new(cases),
        None => ProgressBar::new_spinner(),
    };
    let template = match options.cases {
        Some(_) => "{elapsed_precise} [{wide_bar}] {human_pos}/{human_len} cases, {rate}, {msg}",
        None => "{elapsed_precise} {spinner} {human_pos} cases, {rate}, {msg}",
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        // `{rate}`, not indicatif's `{per_sec}` (four decimals: `602.0404/s`).
        let style = style.with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let rate = crate::report::text::rate(state.per_sec());
                let _ = std::fmt::Write::write_fmt(w, format_args!("{rate}/s"));
            },
        );
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message("no findings yet");
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Finding;

    const CLASSES: &str = r#"
[[class]]
id = "old"
engine = "chromium"
versions = ["< 150"]
signatures = ["tree | *"]
explanation = "before 150"
spec = "https://html.spec.whatwg.org/#parsing"
right = "reference"

[[class]]
id = "always"
engine = "chromium"
signatures = ["fragment | *"]
explanation = "any version"
spec = "https://html.spec.whatwg.org/#parsing"
right = "reference"

[[class]]
id = "shown"
engine = "chromium"
signatures = ["serialization | *"]
explanation = "shown"
spec = "https://html.spec.whatwg.org/#parsing"
right = "reference"

[[class]]
id = "elsewhere"
engine = "html5ever"
signatures = ["tree | *"]
explanation = "another engine's"
spec = "https://html.spec.whatwg.org/#parsing"
right = "reference"
"#;

    #[test]
    fn possibly_fixed_names_the_version_and_leaves_out_classes_of_other_versions() {
        let known = KnownDifferences::parse(CLASSES).unwrap();
        let report = |version: &str| CampaignReport {
            other: EngineId {
                name: "chromium".into(),
                version: version.into(),
            },
            findings: vec![Finding {
                class: Some("shown".into()),
                ..Finding::default()
            }],
            // Levels compared: the classes of these levels could show.
            levels: ["tree", "fragment", "serialization"]
                .iter()
                .map(|level| crate::finding::LevelCount {
                    level: level.to_string(),
                    compared: 10,
                    agreed: 5,
                    agreement: Some(0.5),
                })
                .collect(),
            ..CampaignReport::default()
        };
        let at = |version: &str| {
            possibly_fixed(&known, &report(version))
                .into_iter()
                .map(|p| (p.class, p.since))
                .collect::<Vec<_>>()
        };
        let v156 = "Chromium 156.0.8078.114 built on Debian";
        // At 156 the class of versions before 150 is not expected: only `always`.
        assert_eq!(at(v156), vec![("always".to_owned(), Some(v156.to_owned()))]);
        // At 148 both may show, and neither did.
        let v148 = "Chromium 148.0.7778.167";
        assert_eq!(
            at(v148),
            vec![
                ("old".to_owned(), Some(v148.to_owned())),
                ("always".to_owned(), Some(v148.to_owned()))
            ]
        );
    }
}
