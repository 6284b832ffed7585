//! What the jobs of a campaign share, one part per job: the case stream and its
//! epochs ([`schedule`]), the counts of comparisons and signatures ([`counts`]), the
//! triage and exemplar work ([`queue`]), the findings ([`findings`]) and the
//! terminal ([`output`]). [`Shared`] composes them: the parts that change together
//! sit behind one lock, taken once per call and never while another is held.

mod counts;
mod findings;
mod output;
mod queue;
mod schedule;

pub use queue::{Candidate, EXEMPLARS_PER_CLASS};

use super::cases::{BatchPart, Reported};
use super::CampaignOptions;
use crate::archive::Archive;
use crate::finding::{CampaignReport, Finding, Generation, LevelCount};
use crate::generator::{Generator, Weights};
use crate::known::KnownDifferences;
use crate::signature::Signature;
use crate::worker::Worker;
use counts::Counts;
use findings::Findings;
use indicatif::ProgressBar;
use output::Output;
use queue::Queue;
use schedule::{Epochs, Schedule};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// What changes as cases are absorbed and triaged, behind the one lock.
#[derive(Default)]
struct Inner {
    epochs: Epochs,
    counts: Counts,
    queue: Queue,
    findings: Findings,
}

/// The state shared by a campaign's jobs.
pub struct Shared<'o> {
    pub options: &'o CampaignOptions,
    pub archive: Archive,
    schedule: Schedule<'o>,
    output: Output,
    /// The judges (`--judges`), shared: each is asked once per finding.
    pub judges: Mutex<Vec<Worker>>,
    /// The known classes, with the engines' versions (findings are matched at them).
    pub known: KnownDifferences,
    /// The engines' versions, for archive records.
    pub versions: (String, String),
    inner: Mutex<Inner>,
}

impl<'o> Shared<'o> {
    pub fn new(
        options: &'o CampaignOptions,
        archive: Archive,
        generator: Generator,
        progress: ProgressBar,
        stop: Arc<AtomicBool>,
        judges: Vec<Worker>,
        versions: (String, String),
    ) -> Shared<'o> {
        let mut known = options.known.clone();
        known.set_engine_version(&options.reference.name, &versions.0);
        known.set_engine_version(&options.other.name, &versions.1);
        Shared {
            options,
            archive,
            schedule: Schedule::new(options, generator),
            output: Output::new(progress, options.quiet, stop),
            judges: Mutex::new(judges),
            known,
            versions,
            inner: Mutex::new(Inner::default()),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A job that panicked must not take the findings of the others with it.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The caller's interrupt flag (Ctrl-C).
    pub fn stop_flag(&self) -> &AtomicBool {
        self.output.stop_flag()
    }

    /// Whether the campaign was stopped by an interrupt.
    pub fn interrupted(&self) -> bool {
        self.output.interrupted()
    }

    /// Stops the campaign with an error (a finding that cannot be archived, engine
    /// workers that cannot start), keeping what was found in the reports.
    pub fn fail(&self, message: String) {
        self.output.fail(message);
    }

    /// The first error that stopped the campaign, if any.
    pub fn failure(&self) -> Option<String> {
        self.output.failure()
    }

    /// A line above the progress bar, or on stdout when there is none.
    pub fn say(&self, line: String) {
        self.output.say(line);
    }

    /// The generator indices of the next `size` cases, or `None` when the campaign
    /// is over (all cases taken, time up, or interrupted). In a counting campaign an
    /// empty batch is "wait" (an epoch begins only when no batch of the ones before
    /// it runs).
    pub fn next_batch(&self, size: usize) -> Option<Vec<u64>> {
        if self.output.stopping() || self.schedule.past_deadline() {
            return None;
        }
        if !self.options.spec_coverage {
            return self.schedule.next_batch(size);
        }
        let mut inner = self.lock();
        let Inner { epochs, counts, .. } = &mut *inner;
        self.schedule
            .next_batch_of_an_epoch(size, epochs, &counts.spec_arms)
    }

    /// A batch [`Shared::next_batch`] gave is done, its cases absorbed.
    pub fn batch_finished(&self) {
        if self.options.spec_coverage {
            self.lock().epochs.batch_finished();
        }
    }

    /// The generator of the case at generator index `index`: its epoch's in a
    /// steering campaign.
    pub fn generator_for(&self, index: u64) -> Arc<Generator> {
        if !self.schedule.steering() {
            return self.schedule.generator.clone();
        }
        self.schedule.generator_for(index, &self.lock().epochs)
    }

    /// The weights a case worker generates the case at `index` with: its epoch's in
    /// a steering campaign, `None` (the setup's) otherwise.
    pub fn weights_for(&self, index: u64) -> Option<Weights> {
        if !self.schedule.steering() {
            return None;
        }
        self.schedule.weights_for(index, &self.lock().epochs)
    }

    /// Takes in the results of some cases: their comparisons, their signatures'
    /// counts, and for signatures never seen before, a triage.
    pub fn absorb(&self, part: BatchPart) {
        let cases = part.done.len() as u64;
        {
            let mut inner = self.lock();
            for (reported, fresh) in inner.counts.absorb(part) {
                inner.queue.reported(reported, fresh);
            }
        }
        self.schedule.cases_done(cases);
        self.output.cases_done(cases);
    }

    /// The next divergence to triage.
    pub fn next_triage(&self) -> Option<Reported> {
        self.lock().queue.next_triage()
    }

    /// Whether triage or exemplar work is waiting or running.
    pub fn triage_pending(&self) -> bool {
        self.lock().queue.pending()
    }

    /// A triage found that a known class explains `candidate`'s signature; the
    /// candidate may become one of its exemplars ([`queue::Queue::candidate`]).
    pub fn classified(&self, candidate: Candidate) {
        let mut inner = self.lock();
        inner.queue.triaged();
        inner.counts.known(
            &candidate.signature,
            &candidate.class,
            &candidate.divergence.signature,
        );
        inner.queue.candidate(candidate);
    }

    /// A triage ended in a finding for `signature` (new, or one the engine workers
    /// minimized): it is archived; say so.
    pub fn found(&self, signature: &Signature, finding: Finding) {
        let (line, counts) = {
            let mut inner = self.lock();
            inner.queue.triaged();
            inner.counts.found(signature, &finding);
            let line = inner.findings.add(finding);
            (line, inner.findings.counts())
        };
        if let Some(line) = line {
            self.say(line);
        }
        self.output.findings_so_far(counts);
    }

    /// Queues the other exemplars of every known class, once the cases are done
    /// (the first of each is queued when found).
    pub fn queue_exemplars(&self) -> usize {
        self.lock().queue.queue_exemplars()
    }

    /// The next exemplar to minimize.
    pub fn next_exemplar(&self) -> Option<Candidate> {
        self.lock().queue.next_exemplar()
    }

    /// An exemplar, minimized and archived: merged with the class's finding of the
    /// same signature if there is one (the smaller input wins).
    pub fn exemplar(&self, candidate: &Candidate, finding: Finding) {
        let line = {
            let mut inner = self.lock();
            inner.queue.exemplified();
            inner.counts.found(&candidate.signature, &finding);
            inner.findings.add(finding)
        };
        if let Some(line) = line {
            self.say(line);
        }
    }

    /// The report as it stands: the campaign facts in `base` plus the counts, the
    /// classes and the findings.
    pub fn snapshot(
        &self,
        base: &CampaignReport,
        elapsed: Duration,
        interrupted: bool,
    ) -> CampaignReport {
        let inner = self.lock();
        let cases = self.schedule.done();
        let seconds = elapsed.as_secs_f64();
        let tables = inner.counts.tables(inner.findings.all());
        CampaignReport {
            finished: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            cases,
            elapsed_seconds: seconds,
            cases_per_second: if seconds > 0.0 {
                cases as f64 / seconds
            } else {
                0.0
            },
            interrupted,
            levels: inner
                .counts
                .levels()
                .map(|(level, compared, agreed)| LevelCount::new(level.as_str(), compared, agreed))
                .collect(),
            spec_coverage: self.options.spec_coverage.then(|| {
                self.schedule
                    .coverage_with_progress(&inner.counts.spec_arms, &inner.epochs, cases)
            }),
            findings: inner.findings.report(&tables.finding_counts),
            class_counts: tables.class_counts,
            signatures: tables.signatures,
            generation: base.generation.clone().map(|generation| Generation {
                steering: self.schedule.steering_record(&inner.epochs),
                ..generation
            }),
            ..base.clone()
        }
    }
}
