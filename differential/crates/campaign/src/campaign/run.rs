//! A campaign from its start to its reports: [`run`].

use super::case_worker::CaseWorker;
use super::jobs;
use super::options::{case_setup, CampaignError, CampaignOptions, Shard};
use super::protocol::CaseSetup;
use super::state::Shared;
use crate::finding::{CampaignReport, EngineId, Generation, PossiblyFixed, SCHEMA_VERSION};
use crate::generator::{Generator, GENERATOR_VERSION};
use crate::lock::ReportsLock;
use indicatif::{ProgressBar, ProgressStyle};
use litmus_compare::archive::Archive;
use litmus_engines::worker::{
    Worker, WorkerCommand, WorkerConfig, WorkerError, WorkerRole, WorkerSettings,
};
use litmus_verdicts::KnownDifferences;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How a campaign's reports are written to its reports folder, every few seconds
/// while it runs and at its end: the caller's (`litmus_report::report::write_to`),
/// since the reports are a layer above the campaign.
pub type WriteReports = fn(&CampaignReport, &Path) -> Result<(), String>;

/// How often the reports are rewritten while a campaign runs.
const REPORT_INTERVAL: Duration = Duration::from_secs(10);

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
        setup.reference_limit.max(setup.other_limit) + litmus_engines::limits::CASE_WORKER_MARGIN;
    debug_assert_eq!(settings.role, WorkerRole::Cases);
    CaseWorker::start(config, setup.clone()).map_err(|e| match e {
        WorkerError::Spawn { program, error } => CampaignError::Engine(format!(
            "cannot start a case worker ({}): {error}",
            program.display()
        )),
        WorkerError::Startup { message, .. } => CampaignError::Engine(message),
    })
}

/// Runs a campaign to its end (case count, time, or `stop`), then writes its reports
/// with `write`. `stop` is the caller's interrupt flag (Ctrl-C).
pub fn run(
    options: &CampaignOptions,
    stop: Arc<AtomicBool>,
    write: WriteReports,
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
    run_jobs(&shared, &mut jobs, &report, clock, write, jobs::run_job)?;
    progress.finish_and_clear();
    let interrupted = shared.interrupted();
    // The exemplars of the known classes, even after an interrupt: a few
    // minimizations of token-minimal inputs.
    if shared.queue_exemplars() > 0 {
        run_jobs(
            &shared,
            &mut jobs,
            &report,
            clock,
            write,
            jobs::run_exemplars,
        )?;
    }

    report = shared.snapshot(&report, clock.elapsed(), interrupted);
    report.possibly_fixed = possibly_fixed(&shared.known, &report);
    report.known_classes = crate::classes::named_in(&shared.known, &report);
    let written = write(&report, &options.out);
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
    write: WriteReports,
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
                snapshot.known_classes = crate::classes::named_in(&options.known, &snapshot);
                if let Err(e) = write(&snapshot, &options.out) {
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
/// ([`crate::classes::can_show_at`]: a speed class cannot show in a campaign
/// that timed nothing), each with the engine's version from which it showed no more.
/// Classes of every engine (`*`: the standard's own round-trip constructs, the
/// harness's) describe no engine's behaviour, so nothing upstream can have fixed them;
/// a class whose `versions` exclude the campaign's engine version is not expected to
/// show, and is left out.
fn possibly_fixed(known: &KnownDifferences, report: &CampaignReport) -> Vec<PossiblyFixed> {
    let engine = &report.other.name;
    let version = litmus_verdicts::versions::version_number(&report.other.version);
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
        .filter(|class| crate::classes::can_show_at(class, &compared))
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
                let rate = litmus_text::numbers::rate(state.per_sec());
                let _ = std::fmt::Write::write_fmt(w, format_args!("{rate}/s"));
            },
        );
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message("no findings yet");
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
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
