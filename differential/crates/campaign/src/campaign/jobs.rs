//! One job of a campaign: a thread with one case worker, taking triage work first
//! and batches of cases otherwise, until the campaign is over; then exemplars.
//!
//! Which job triages a signature or minimizes an exemplar, and when, changes nothing
//! of the result: each is a function of its case, the classes and the engines, and
//! their results are merged by rules on the cases (`state/`).
//!
//! A batch grows while all is well (doubling from [`FIRST_BATCH`] up to what runs in
//! about [`BATCH_TIME`]) and starts small again after a failure. When a case worker
//! hangs or dies in a batch, the cases it reported stay counted, and the rest of the
//! batch is replayed one case at a time in a fresh worker; a case that takes a worker
//! down alone is *pinned*: run again through one engine worker per engine, which
//! names the engine that crashed or hung. So no case is lost or counted twice.

use super::case_worker::{BatchEvent, CaseWorker};
use super::cases::{case_at, BatchPart, Reported};
use super::investigate::{investigate, Engines};
use super::record;
use super::state::{Candidate, Shared};
use super::triage::{classify, Goal, MinimizeJob, Minimized};
use crate::finding::{Finding, Origin};
use litmus_compare::compare::batch::compare_cases;
use litmus_compare::compare::level::Pair;
use litmus_compare::compare::Divergence;
use litmus_compare::minimize::MinimizeStats;
use litmus_compare::signature::Signature;
use litmus_engines::case::ParseResult;
use litmus_engines::worker::Worker;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// The first batch of a job, and of a job after a failure.
pub const FIRST_BATCH: usize = 8;
/// The largest batch.
pub const MAX_BATCH: usize = 4096;
/// About how long a batch should take once the rate is known.
pub const BATCH_TIME: Duration = Duration::from_millis(250);

/// A job's workers and its batch size.
pub struct Job {
    pub cases: CaseWorker,
    /// Engine workers for pinning and for minimizing what a case worker cannot;
    /// started when first needed.
    engines: Option<(Worker, Worker)>,
    batch: usize,
    /// Seconds per case, as measured.
    per_case: Option<f64>,
    /// The triage job: it triages while the others run cases, so that no case
    /// worker waits for its job's triage.
    triages: bool,
}

impl Job {
    pub fn new(cases: CaseWorker) -> Job {
        Job {
            cases,
            engines: None,
            batch: FIRST_BATCH,
            per_case: None,
            triages: false,
        }
    }

    /// The job that triages (and minimizes) while the others run cases.
    pub fn triaging(cases: CaseWorker) -> Job {
        Job {
            triages: true,
            ..Job::new(cases)
        }
    }

    /// The engine workers, started if needed; `None` (the campaign stopped) if they
    /// cannot start.
    fn engines(&mut self, shared: &Shared<'_>) -> Option<&mut (Worker, Worker)> {
        if self.engines.is_none() {
            let options = shared.options;
            let started = options
                .reference
                .start(options.timeout)
                .and_then(|r| Ok((r, options.other.start(options.timeout)?)));
            match started {
                Ok(pair) => self.engines = Some(pair),
                Err(e) => {
                    shared.fail(format!("cannot start engine workers: {e}"));
                    return None;
                }
            }
        }
        self.engines.as_mut()
    }
}

/// Runs cases until the campaign's cases are done, then triage; the triage job
/// triages from the start.
pub fn run_job(shared: &Shared<'_>, job: &mut Job) {
    if job.triages {
        return run_triage(shared, job);
    }
    let triage_job = has_triage_job(shared.options);
    loop {
        if triage_step(shared, job, shared.cases_over() || !triage_job) {
            continue;
        }
        match shared.next_batch(job.batch) {
            // A counting campaign's next epoch waits for the batches of this one.
            Some(indices) if indices.is_empty() => std::thread::sleep(Duration::from_millis(1)),
            Some(indices) => {
                job.cases.steer(shared.weights_for(indices[0]));
                run_batch(shared, job, &indices);
                shared.batch_finished();
            }
            None if shared.triage_pending() => std::thread::sleep(Duration::from_millis(5)),
            None => return,
        }
    }
}

/// Whether a campaign has a triage job: for an engine in litmus's process; not for
/// an external engine (a program, a browser), whose parses outweigh the triage and
/// whose start costs most.
pub fn has_triage_job(options: &super::options::CampaignOptions) -> bool {
    options.other.external.is_none()
}

/// One piece of triage work, if one is waiting: a signature to triage (when
/// `signatures`), else an exemplar to minimize. Whether it did one.
fn triage_step(shared: &Shared<'_>, job: &mut Job, signatures: bool) -> bool {
    if signatures {
        if let Some(reported) = shared.next_triage() {
            triage(shared, job, reported);
            return true;
        }
    }
    if let Some(candidate) = shared.next_exemplar() {
        exemplar(shared, job, &candidate);
        return true;
    }
    false
}

/// Triages and minimizes until the cases are done and no such work is left.
fn run_triage(shared: &Shared<'_>, job: &mut Job) {
    loop {
        if triage_step(shared, job, true) {
            continue;
        }
        if shared.cases_over() && !shared.triage_pending() {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Minimizes and archives exemplars until none is left.
pub fn run_exemplars(shared: &Shared<'_>, job: &mut Job) {
    while let Some(candidate) = shared.next_exemplar() {
        exemplar(shared, job, &candidate);
    }
}

fn run_batch(shared: &Shared<'_>, job: &mut Job, indices: &[u64]) {
    let started = Instant::now();
    let mut done: HashSet<u64> = HashSet::new();
    let event = job.cases.run_batch(indices, |part| {
        done.extend(part.done.iter().copied());
        shared.absorb(part);
    });
    match event {
        BatchEvent::Done => {
            let per_case = started.elapsed().as_secs_f64() / indices.len().max(1) as f64;
            job.per_case = Some(match job.per_case {
                Some(before) => 0.7 * before + 0.3 * per_case,
                None => per_case,
            });
            let fits = job.per_case.map_or(MAX_BATCH, |p| {
                (BATCH_TIME.as_secs_f64() / p.max(1e-9)) as usize
            });
            job.batch = (job.batch * 2).min(fits).clamp(1, MAX_BATCH);
        }
        BatchEvent::Hung { case_index, .. } => {
            job.batch = FIRST_BATCH;
            pin(shared, job, case_index);
            done.insert(case_index);
            replay(shared, job, indices, &done);
        }
        BatchEvent::Died(_) => {
            job.batch = FIRST_BATCH;
            replay(shared, job, indices, &done);
        }
    }
}

/// The cases of `indices` not in `done`, one at a time in a fresh worker; a case that
/// fails alone is pinned.
fn replay(shared: &Shared<'_>, job: &mut Job, indices: &[u64], done: &HashSet<u64>) {
    for &index in indices.iter().filter(|i| !done.contains(i)) {
        let mut answered = false;
        let event = job.cases.run_batch(&[index], |part| {
            answered |= part.done.contains(&index);
            shared.absorb(part);
        });
        if !matches!(event, BatchEvent::Done) && !answered {
            pin(shared, job, index);
        }
    }
}

/// Runs one case through engine workers (one isolated parse per request), which turn
/// a crash or a hang into a failure of the engine that had it.
fn pin(shared: &Shared<'_>, job: &mut Job, index: u64) {
    let options = shared.options;
    let case = case_at(
        &shared.generator_for(index),
        options.seed,
        options.bytes,
        index,
    );
    let Some((reference, other)) = job.engines(shared) else {
        return;
    };
    // Each level a case worker compares at, but those engine workers cannot carry
    // (chunked parses, parse errors) and the speed level: a case pinned through
    // engine workers is not timed. The tokenizers run each in an engine worker: one
    // that took the case worker down is a failure of its own here.
    let levels = options.levels.when_pinned();
    let mut engines = Pair { reference, other };
    let Some(answers) =
        compare_cases(&[(index, case.level, &case.request)], &levels, &mut engines).pop()
    else {
        return;
    };
    let mut part = BatchPart {
        done: vec![index],
        levels: answers.counts,
        ..BatchPart::default()
    };
    let divergences = answers.divergences;
    for divergence in divergences {
        let signature = divergence.signature.clone();
        *part.tallies.entry(signature).or_default() += 1;
        part.divergences.push(Reported {
            divergence,
            origin: Origin {
                seed: options.seed,
                case_index: index,
                family: case.family.clone(),
            },
        });
    }
    shared.absorb(part);
}

/// The longest a minimization in a case worker may take: its time budget if it has
/// one, else the backstop for one bounded in steps, and a parse's time limit on top.
fn minimize_limit(shared: &Shared<'_>) -> Duration {
    shared
        .options
        .minimize_budget
        .max_time
        .unwrap_or(litmus_engines::limits::MINIMIZE_BACKSTOP)
        + shared.options.timeout * 2
        + litmus_engines::limits::MINIMIZE_MARGIN
}

/// A signature seen for the first time: classified from its token-minimal input, or
/// minimized to the end and archived when no class explains it.
fn triage(shared: &Shared<'_>, job: &mut Job, reported: Reported) {
    let divergence = &reported.divergence;
    if divergence.is_failure() {
        if let Some(class) = archived_failure_class(shared, divergence) {
            return keep_as_found(shared, reported, class);
        }
        // A crash or hang would take the case worker down at every step.
        return investigate_with_engine_workers(shared, job, reported);
    }
    let known = &shared.known;
    // A known cause in the case as it was found (its locus read from the reference's
    // trace of it) is counted under its class at once: only the class's few exemplars
    // are minimized, later.
    if let Some(class) = known.classify(&mut litmus_verdicts::Evidence::of(divergence)) {
        let as_found = Minimized {
            input: divergence.request.input.clone(),
            divergence: Some(divergence.clone()),
            class: Some(class.id.clone()),
            ..Minimized::default()
        };
        return settle(shared, &reported, as_found);
    }
    let goal = Goal::Classify;
    let minimize = MinimizeJob {
        divergence: divergence.clone(),
        input: divergence.request.input.clone(),
        goal,
    };
    let minimized = match job.cases.minimize(minimize, minimize_limit(shared)) {
        Ok(minimized) if minimized.refused.is_none() => minimized,
        _ => return investigate_with_engine_workers(shared, job, reported),
    };
    if minimized.divergence.is_none() {
        // The engines no longer show it (a flaky engine): keep the case as found.
        let class = classify(&shared.known, divergence);
        let unminimized = Minimized {
            input: divergence.request.input.clone(),
            divergence: Some(divergence.clone()),
            class: class.map(str::to_owned),
            ..minimized
        };
        return settle(shared, &reported, unminimized);
    }
    settle(shared, &reported, minimized);
}

/// The known class of a crash or a hang whose exemplars the archive already holds for
/// its engine (`archived.rs`): minimizing it again would cost a worker restart or a
/// timeout at every step that still fails, to find what the archive holds.
fn archived_failure_class<'s>(shared: &'s Shared<'_>, divergence: &Divergence) -> Option<&'s str> {
    let class = classify(&shared.known, divergence)?;
    shared
        .archived
        .holds(divergence.engine.as_str(), class)
        .then_some(class)
}

/// A crash or a hang of a known class whose exemplars are archived, recorded as it
/// was found: its case not minimized (0 steps), archived and reported under its class.
fn keep_as_found(shared: &Shared<'_>, reported: Reported, class: &str) {
    let divergence = &reported.divergence;
    let input = &divergence.request.input;
    let stats = MinimizeStats {
        original_bytes: input.len(),
        final_bytes: input.len(),
        ..MinimizeStats::default()
    };
    let finding = record::finding(
        &shared.known,
        divergence,
        input,
        input,
        stats,
        reported.origin.clone(),
    );
    debug_assert_eq!(finding.class.as_deref(), Some(class));
    let reference = divergence.left.result.clone();
    let signature = &divergence.signature;
    let finding = archive(shared, signature, finding, divergence, &reference);
    shared.found(signature, finding);
}

/// Records a triage's result: a class's candidate, or a new finding.
fn settle(shared: &Shared<'_>, reported: &Reported, minimized: Minimized) {
    let signature = &reported.divergence.signature;
    let shown = minimized
        .divergence
        .clone()
        .unwrap_or_else(|| reported.divergence.clone());
    // A case the minimizer could not show again is classified as it was found (a
    // round trip of a tree a class explains, say): a known class's case like any.
    let reproduced = minimized.divergence.is_some();
    // What the minimization shows was classified there, once.
    let class = match minimized.class {
        Some(class) => Some(class),
        None if reproduced => None,
        None => classify(&shared.known, &shown).map(str::to_owned),
    };
    match class {
        Some(class) => shared.classified(Candidate {
            reproduced,
            class,
            signature: signature.clone(),
            input: minimized.input,
            original: reported.divergence.request.input.clone(),
            divergence: shown,
            origin: reported.origin.clone(),
        }),
        None => {
            let finding = record::finding(
                &shared.known,
                &shown,
                &minimized.input,
                &reported.divergence.request.input,
                minimized.stats.clone(),
                reported.origin.clone(),
            );
            let reference = minimized
                .reference
                .unwrap_or_else(|| shown.left.result.clone());
            let finding = archive(shared, signature, finding, &shown, &reference);
            shared.found(signature, finding);
        }
    }
}

/// An exemplar of a known class: minimized keeping the class, archived, merged.
fn exemplar(shared: &Shared<'_>, job: &mut Job, candidate: &Candidate) {
    let minimize = MinimizeJob {
        divergence: candidate.divergence.clone(),
        input: candidate.input.clone(),
        goal: Goal::Exemplar {
            class: candidate.class.clone(),
        },
    };
    let minimized = job
        .cases
        .minimize(minimize, minimize_limit(shared))
        .ok()
        .filter(|m| m.refused.is_none() && m.divergence.is_some());
    let (input, shown, stats, reference) = match minimized {
        Some(m) => {
            let shown = m.divergence.expect("filtered above");
            let reference = m.reference.unwrap_or_else(|| shown.left.result.clone());
            (m.input, shown, m.stats, reference)
        }
        // Minimizing failed: the token-minimal case stands.
        None => (
            candidate.input.clone(),
            candidate.divergence.clone(),
            MinimizeStats {
                original_bytes: candidate.input.len(),
                final_bytes: candidate.input.len(),
                ..MinimizeStats::default()
            },
            candidate.divergence.left.result.clone(),
        ),
    };
    let stats = MinimizeStats {
        original_bytes: candidate.original.len(),
        ..stats
    };
    let finding = record::finding(
        &shared.known,
        &shown,
        &input,
        &candidate.original,
        stats,
        candidate.origin.clone(),
    );
    let finding = archive(shared, &candidate.signature, finding, &shown, &reference);
    shared.exemplar(candidate, finding);
}

/// Minimizes through engine workers (a crash, a hang, or what a case worker could
/// not minimize), archives, and records the finding.
fn investigate_with_engine_workers(shared: &Shared<'_>, job: &mut Job, reported: Reported) {
    let options = shared.options;
    let Some((reference, other)) = job.engines(shared) else {
        shared.found(
            &reported.divergence.signature,
            record::finding(
                &shared.known,
                &reported.divergence,
                &reported.divergence.request.input,
                &reported.divergence.request.input,
                MinimizeStats::default(),
                reported.origin.clone(),
            ),
        );
        return;
    };
    let mut engines = Engines { reference, other };
    let investigation = investigate(
        &reported.divergence,
        reported.origin.clone(),
        &mut engines,
        &shared.known,
        None,
        options.minimize_budget,
        shared.stop_flag(),
    );
    let shown = investigation.shown;
    let reference = engines.reference.parse(&shown.request);
    let signature = &reported.divergence.signature;
    let finding = archive(shared, signature, investigation.finding, &shown, &reference);
    shared.found(signature, finding);
}

/// Archives a finding that the signature `from` became (a full disk stops the
/// campaign, the finding kept in the reports) and asks the judges about it.
fn archive(
    shared: &Shared<'_>,
    from: &Signature,
    mut finding: Finding,
    shown: &Divergence,
    reference: &ParseResult,
) -> Finding {
    if let Err(error) = shared.archive(from, &mut finding, shown, reference) {
        shared.fail(format!("cannot archive a finding: {error}"));
    }
    with_judges(shared, finding, shown)
}

/// The finding with the judges' verdicts on the divergence its input shows.
fn with_judges(shared: &Shared<'_>, mut finding: Finding, shown: &Divergence) -> Finding {
    let mut judges = shared
        .judges
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut asked: Vec<&mut dyn litmus_engines::engine::Engine> = judges
        .iter_mut()
        .map(|w| w as &mut dyn litmus_engines::engine::Engine)
        .collect();
    finding.judges = super::third::judges_opinions(shown, &mut asked);
    finding
}
