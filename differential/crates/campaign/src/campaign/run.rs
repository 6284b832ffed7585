//! A campaign from its start to its reports: [`run`].

use super::case_worker::CaseWorker;
use super::jobs;
use super::options::{case_setup, CampaignError, CampaignOptions, Shard};
use super::protocol::CaseSetup;
use super::state::Shared;
use crate::finding::{CampaignReport, EngineId, Generation, SCHEMA_VERSION};
use crate::generator::{Generator, GENERATOR_VERSION};
use crate::lock::ReportsLock;
use indicatif::{ProgressBar, ProgressStyle};
use litmus_compare::archive::{Archive, ArchivedFinding};
use litmus_compare::corpus_check::{archived_request, recheck_archived, Recheck};
use litmus_engines::worker::{
    Worker, WorkerCommand, WorkerConfig, WorkerError, WorkerRole, WorkerSettings,
};
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
    // One more case worker, for the triage job: the others' workers never wait for
    // their job's triage.
    if jobs::has_triage_job(options) {
        jobs.push(jobs::Job::triaging(start_case_worker(&setup)?));
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
    let exemplars_started = clock.elapsed();
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

    let elapsed = clock.elapsed();
    report = shared.snapshot(&report, elapsed, interrupted);
    report.exemplar_seconds = (elapsed - exemplars_started).as_secs_f64();
    let unseen = unseen(&shared, &report);
    report.possibly_fixed = unseen.possibly_fixed;
    report.not_seen = unseen.not_seen;
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

/// The known classes the campaign did not see, sorted by running their archived
/// exemplars again through a pair of engine workers, started when first needed.
fn unseen(shared: &Shared<'_>, report: &CampaignReport) -> super::unseen::Unseen {
    let options = shared.options;
    let mut engines: Option<(Worker, Worker)> = None;
    let mut rerun = |finding: &ArchivedFinding| -> Recheck {
        if engines.is_none() {
            let started = options
                .reference
                .start(options.timeout)
                .and_then(|r| Ok((r, options.other.start(options.timeout)?)));
            match started {
                Ok(pair) => engines = Some(pair),
                Err(e) => return Recheck::Skipped(format!("cannot start engine workers: {e}")),
            }
        }
        let Some((reference, other)) = engines.as_mut() else {
            return Recheck::Skipped("no engine workers".into());
        };
        match archived_request(finding) {
            Ok(request) => recheck_archived(finding, &request, reference, other),
            Err(why) => Recheck::Skipped(why),
        }
    };
    super::unseen::sort(&shared.known, report, &shared.archived, &mut rerun)
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
