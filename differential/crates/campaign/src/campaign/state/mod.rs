//! What the jobs of a campaign share, one part per job: the case stream and its
//! epochs ([`schedule`]), the cases done ([`settled`]), the counts of comparisons and
//! signatures ([`counts`]), the triage and exemplar work ([`queue`]), the findings
//! ([`findings`]) and the terminal ([`output`]). [`Shared`] composes them: the parts
//! that change together sit behind one lock, taken once per call and never while
//! another is held (the archive's own lock, held while a finding is written, takes
//! the other only briefly inside it).
//!
//! What a campaign finds does not depend on the order its jobs finish in: which case
//! of a signature is triaged, which candidates of a class become its exemplars
//! (`queue.rs`), which case a finding keeps and which one its archive file records
//! ([`findings::Rank`], [`Shared::archive`]) follow rules on the cases themselves.

mod counts;
mod findings;
mod output;
mod queue;
mod schedule;
mod settled;

pub use queue::{Candidate, EXEMPLARS_PER_CLASS};

use super::archived::ArchivedExemplars;
use super::cases::{BatchPart, Reported};
use super::options::CampaignOptions;
use crate::finding::{CampaignReport, Finding, Generation, LevelCount};
use crate::generator::{Generator, Weights};
use counts::Counts;
use findings::{rank, Findings, Rank};
use indicatif::ProgressBar;
use litmus_compare::archive::Archive;
use litmus_compare::signature::Signature;
use litmus_engines::worker::Worker;
use litmus_verdicts::KnownDifferences;
use output::Output;
use queue::Queue;
use schedule::{Epochs, Schedule};
use settled::Settled;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// What changes as cases are absorbed and triaged, behind the one lock.
#[derive(Default)]
struct Inner {
    epochs: Epochs,
    settled: Settled,
    counts: Counts,
    queue: Queue,
    findings: Findings,
}

/// What this campaign wrote to one archive file: the rank of the finding it holds,
/// and whether the file is this campaign's (else a file from before it was kept,
/// its input no larger).
struct Written {
    rank: Rank,
    ours: bool,
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
    /// The findings archived before the campaign, by engine and class.
    pub archived: ArchivedExemplars,
    /// Batches handed out and not finished.
    batches_running: AtomicUsize,
    inner: Mutex<Inner>,
    /// The archive files this campaign wrote, by signature hash, behind the lock
    /// held while one is written.
    written: Mutex<HashMap<String, Written>>,
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
        let archived =
            ArchivedExemplars::load(&options.exemplar_folders, &options.other.name, &known);
        Shared {
            options,
            archive,
            schedule: Schedule::new(options, generator),
            output: Output::new(progress, options.quiet, stop),
            judges: Mutex::new(judges),
            known,
            versions,
            archived,
            batches_running: AtomicUsize::new(0),
            inner: Mutex::new(Inner::default()),
            written: Mutex::new(HashMap::new()),
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
        let batch = if self.options.spec_coverage {
            let mut inner = self.lock();
            let Inner { epochs, counts, .. } = &mut *inner;
            self.schedule
                .next_batch_of_an_epoch(size, epochs, &counts.spec_arms)
        } else {
            self.schedule.next_batch(size)
        };
        if batch.as_ref().is_some_and(|b| !b.is_empty()) {
            self.batches_running.fetch_add(1, Ordering::SeqCst);
        }
        batch
    }

    /// A batch [`Shared::next_batch`] gave is done, its cases absorbed.
    pub fn batch_finished(&self) {
        if self.options.spec_coverage {
            self.lock().epochs.batch_finished();
        }
        self.batches_running.fetch_sub(1, Ordering::SeqCst);
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
        let shard = self.options.shard;
        {
            let mut inner = self.lock();
            for &index in &part.done {
                inner.settled.done(shard.position(index));
            }
            for (reported, fresh) in inner.counts.absorb(part) {
                inner.queue.reported(reported, fresh);
            }
        }
        self.schedule.cases_done(cases);
        self.output.cases_done(cases);
    }

    /// The next divergence to triage: the signature waiting whose first case comes
    /// first, once every case before that one is done (or no case can come any
    /// more: the cases are all taken and none runs, or the campaign is stopping).
    pub fn next_triage(&self) -> Option<Reported> {
        let over = self.cases_over();
        let shard = self.options.shard;
        let mut inner = self.lock();
        let Inner { settled, queue, .. } = &mut *inner;
        queue.next_triage(|index| over || settled.before(shard.position(index)))
    }

    /// Whether every case has been run and absorbed (or the campaign is stopping).
    pub fn cases_over(&self) -> bool {
        self.output.stopping()
            || (self.schedule.over() && self.batches_running.load(Ordering::SeqCst) == 0)
    }

    /// Whether triage or exemplar work is waiting or running.
    pub fn triage_pending(&self) -> bool {
        self.lock().queue.pending()
    }

    /// A triage found that a known class explains `candidate`'s signature; the
    /// candidate may become one of its exemplars ([`queue::Queue::candidate`]), chosen
    /// when the cases are done.
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
            let rank = rank(&finding, signature);
            let line = inner.findings.add(finding, rank);
            (line, inner.findings.counts())
        };
        if let Some(line) = line {
            self.say(line);
        }
        self.output.findings_so_far(counts);
    }

    /// Queues the exemplars of every known class, once the cases are done.
    pub fn queue_exemplars(&self) -> usize {
        self.lock().queue.queue_exemplars()
    }

    /// The next exemplar to minimize.
    pub fn next_exemplar(&self) -> Option<Candidate> {
        self.lock().queue.next_exemplar()
    }

    /// An exemplar, minimized and archived: merged with the class's finding of the
    /// same signature if there is one (the first by [`Rank`] stays).
    pub fn exemplar(&self, candidate: &Candidate, finding: Finding) {
        let line = {
            let mut inner = self.lock();
            inner.queue.exemplified();
            inner.counts.found(&candidate.signature, &finding);
            let rank = rank(&finding, &candidate.signature);
            inner.findings.add(finding, rank)
        };
        if let Some(line) = line {
            self.say(line);
        }
    }

    /// Archives `finding`, which the signature `from` became (the one triaged, or
    /// the exemplar's), given the reference engine's answer for its request; sets its
    /// archive path. Of the findings of one signature hash, the file keeps the one
    /// first by [`Rank`], as the findings do, whatever order they come in (a file
    /// from before the campaign stays unless a finding's input is smaller).
    pub fn archive(
        &self,
        from: &Signature,
        finding: &mut Finding,
        shown: &litmus_compare::compare::Divergence,
        reference: &litmus_engines::case::ParseResult,
    ) -> Result<(), litmus_compare::archive::ArchiveError> {
        use super::record::{archive_as, Write};
        let mut written = self.written.lock().unwrap_or_else(PoisonError::into_inner);
        let rank = rank(finding, from);
        let write = match written.get(&finding.hash) {
            Some(before) if before.rank <= rank => None,
            Some(before) if before.ours => Some(Write::Always),
            _ => Some(Write::IfSmaller),
        };
        let (reference_version, other_version) = &self.versions;
        let reference = (self.options.reference.name.as_str(), reference);
        let versions = (reference_version.as_str(), other_version.as_str());
        let outcome = archive_as(&self.archive, finding, shown, reference, versions, write)?;
        if let Some(outcome) = outcome {
            let ours = outcome != litmus_compare::archive::StoreOutcome::Kept;
            written.insert(finding.hash.clone(), Written { rank, ours });
        }
        Ok(())
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
