//! Scheduling: which cases a job runs next, with which generator, and when the
//! campaign's cases are all taken; a steering campaign's epochs.

use super::super::options::CampaignOptions;
use super::super::steering::{Steering, SteeringRecord, EPOCH_CASES};
use crate::generator::{Generator, Weights};
use crate::spec_coverage::SpecCoverage;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The smallest batch [`Schedule::tail_share`] cuts a batch to.
const SMALLEST_TAIL_BATCH: u64 = 8;

/// The case stream: the counter of cases handed out and done, and the generators.
/// Lock-free but for the epochs ([`Epochs`]), which live under the campaign's lock.
pub struct Schedule<'o> {
    options: &'o CampaignOptions,
    /// The generator with the configured weights (a steering campaign's epochs have
    /// their own: [`Schedule::generator_for`]).
    pub generator: Arc<Generator>,
    /// With `--spec-coverage` and without `--no-steering`: the families' profiles.
    steering: Option<Steering>,
    /// The position in the shard of the next case to hand out.
    next: AtomicU64,
    /// Cases whose results are absorbed.
    done: AtomicU64,
    deadline: Option<Instant>,
}

/// The epochs of a counting campaign, and its batches running.
#[derive(Default)]
pub struct Epochs {
    /// The epochs begun, in order (see `steering.rs`).
    epochs: Vec<Epoch>,
    /// Batches handed out and not finished.
    batches_running: usize,
}

/// One epoch of a counting campaign: [`EPOCH_CASES`] cases generated with the same
/// weights.
struct Epoch {
    /// Its first case's position in the shard.
    first_case: u64,
    weights: Weights,
    /// The reachable arms passed before it.
    reached: usize,
    generator: Arc<Generator>,
}

impl<'o> Schedule<'o> {
    pub fn new(options: &'o CampaignOptions, generator: Generator) -> Schedule<'o> {
        let steering = options
            .steering
            .then(|| Steering::new(&generator, options.seed));
        Schedule {
            options,
            generator: Arc::new(generator),
            steering,
            next: AtomicU64::new(0),
            done: AtomicU64::new(0),
            deadline: options.time.map(|t| Instant::now() + t),
        }
    }

    /// Whether the campaign's time is up.
    pub fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether every case is taken: the campaign's number handed out, or its time up.
    pub fn over(&self) -> bool {
        self.past_deadline()
            || self
                .options
                .cases
                .is_some_and(|cases| self.next.load(Ordering::Relaxed) >= cases)
    }

    /// Whether this is a steering campaign.
    pub fn steering(&self) -> bool {
        self.steering.is_some()
    }

    /// The generator indices of the next `size` cases (at least one), or `None` when
    /// all are taken; for a campaign that does not count arms.
    pub fn next_batch(&self, size: usize) -> Option<Vec<u64>> {
        let size = self.tail_share(size.max(1) as u64);
        let first = self.next.fetch_add(size, Ordering::Relaxed);
        let end = match self.options.cases {
            Some(cases) if first >= cases => return None,
            Some(cases) => (first + size).min(cases),
            None => first + size,
        };
        Some(self.indices(first, end))
    }

    /// A batch near the end of a campaign of a set number of cases: at most an even
    /// share of half the cases left per job (guided self-scheduling), so that the
    /// jobs' last batches end about together instead of one job running a long batch
    /// alone while the others wait.
    fn tail_share(&self, size: u64) -> u64 {
        let Some(cases) = self.options.cases else {
            return size;
        };
        let left = cases.saturating_sub(self.next.load(Ordering::Relaxed));
        let share = left / (2 * self.options.jobs.max(1) as u64);
        size.min(share.max(SMALLEST_TAIL_BATCH))
    }

    /// [`Schedule::next_batch`] in a counting campaign, given the arms passed so far:
    /// batches within one epoch, and an epoch begun only when no batch of the ones
    /// before it runs. An empty batch is "wait".
    pub fn next_batch_of_an_epoch(
        &self,
        size: usize,
        epochs: &mut Epochs,
        spec_arms: &[u64],
    ) -> Option<Vec<u64>> {
        let size = size.max(1) as u64;
        let first = self.next.load(Ordering::Relaxed);
        if self.options.cases.is_some_and(|cases| first >= cases) {
            return None;
        }
        let epoch = first / EPOCH_CASES;
        if epoch >= epochs.epochs.len() as u64 {
            if epochs.batches_running > 0 {
                return Some(Vec::new());
            }
            let weights = match &self.steering {
                Some(steering) => steering.weights_after(spec_arms),
                None => self.generator.config().weights.clone(),
            };
            let generator = match self.generator.with_weights(weights.clone()) {
                Ok(generator) => Arc::new(generator),
                Err(_) => self.generator.clone(),
            };
            let reached = self.coverage(spec_arms).reached;
            epochs.epochs.push(Epoch {
                first_case: first,
                weights,
                reached,
                generator,
            });
        }
        let mut end = (first + size).min((epoch + 1) * EPOCH_CASES);
        if let Some(cases) = self.options.cases {
            end = end.min(cases);
        }
        self.next.store(end, Ordering::Relaxed);
        epochs.batches_running += 1;
        Some(self.indices(first, end))
    }

    /// The generator indices of the shard's cases `first..end`.
    fn indices(&self, first: u64, end: u64) -> Vec<u64> {
        (first..end)
            .map(|k| self.options.shard.case_index(k))
            .collect()
    }

    /// The epoch of the case at generator index `index`, in a counting campaign.
    fn epoch_of(&self, index: u64) -> usize {
        let k = self.options.shard.position(index);
        usize::try_from(k / EPOCH_CASES).unwrap_or(usize::MAX)
    }

    /// The generator of the case at generator index `index`: its epoch's in a
    /// steering campaign.
    pub fn generator_for(&self, index: u64, epochs: &Epochs) -> Arc<Generator> {
        match epochs.epochs.get(self.epoch_of(index)) {
            Some(epoch) => epoch.generator.clone(),
            None => self.generator.clone(),
        }
    }

    /// The weights of the case at `index`'s epoch, if it has begun.
    pub fn weights_for(&self, index: u64, epochs: &Epochs) -> Option<Weights> {
        epochs
            .epochs
            .get(self.epoch_of(index))
            .map(|epoch| epoch.weights.clone())
    }

    /// Cases done: their results absorbed.
    pub fn cases_done(&self, cases: u64) {
        self.done.fetch_add(cases, Ordering::Relaxed);
    }

    /// How many cases are done.
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// The spec coverage of the arm counts `counts`, the encoding family left out of a
    /// campaign of text cases.
    pub fn coverage(&self, counts: &[u64]) -> SpecCoverage {
        let counts = litmus_parser::spec_arms::ArmCounts::from_counts(counts);
        let text_cases = [(
            litmus_parser::spec_arms::Family::Encoding,
            crate::spec_coverage::TEXT_CASES_SKIP_SNIFFING,
        )];
        let left_out: &[_] = if self.options.bytes { &[] } else { &text_cases };
        SpecCoverage::from_counts_leaving_out(&counts, left_out)
    }

    /// The spec coverage of `counts` with its progress: the arms reached at each
    /// epoch's start and after `cases`.
    pub fn coverage_with_progress(
        &self,
        counts: &[u64],
        epochs: &Epochs,
        cases: u64,
    ) -> SpecCoverage {
        let mut coverage = self.coverage(counts);
        coverage.progress = epochs
            .epochs
            .iter()
            .map(|epoch| (epoch.first_case, epoch.reached))
            .chain(std::iter::once((cases, coverage.reached)))
            .map(|(cases, reached)| crate::spec_coverage::CoveragePoint { cases, reached })
            .collect();
        coverage
    }

    /// A steering campaign's epochs' weights, to regenerate its cases.
    pub fn steering_record(&self, epochs: &Epochs) -> Option<SteeringRecord> {
        self.steering.as_ref().map(|_| SteeringRecord {
            epoch_cases: EPOCH_CASES,
            epochs: epochs.epochs.iter().map(|e| e.weights.to_spec()).collect(),
        })
    }
}

impl Epochs {
    /// A batch of the epochs is done.
    pub fn batch_finished(&mut self) {
        self.batches_running = self.batches_running.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaign::options::{CampaignOptions, EngineChoice, Shard};
    use crate::generator::GeneratorConfig;

    /// What `litmus run --cases 10000 --jobs 2 --seed 1` is given.
    fn options() -> CampaignOptions {
        CampaignOptions {
            cases: Some(10_000),
            time: None,
            seed: 1,
            jobs: 2,
            shard: Shard::ALL,
            id: "test".into(),
            out: "reports".into(),
            archive: "divergences".into(),
            exemplar_folders: Vec::new(),
            known: litmus_verdicts::KnownDifferences::built_in(),
            reference: EngineChoice::named("litmus"),
            other: EngineChoice::named("html5ever"),
            judges: Vec::new(),
            timeout: std::time::Duration::from_secs(10),
            levels: litmus_compare::compare::LevelSet::defaults(),
            generator: GeneratorConfig::default(),
            bytes: false,
            mutation_corpus: Vec::new(),
            mutation_sources: Default::default(),
            warnings: Vec::new(),
            minimize_budget: Default::default(),
            spec_coverage: false,
            steering: false,
            progress: false,
            quiet: true,
        }
    }

    #[test]
    fn the_last_batches_share_what_is_left() {
        let options = options();
        let generator = Generator::try_new(options.generator.clone()).unwrap();
        let schedule = Schedule::new(&options, generator);
        // Far from the end a batch is as asked.
        assert_eq!(schedule.next_batch(2000).unwrap().len(), 2000);
        // 8,000 left, two jobs: at most 2,000 a batch.
        assert_eq!(schedule.next_batch(4000).unwrap().len(), 2000);
        // Then less and less, never under the smallest tail batch, and every case once.
        let mut sizes = Vec::new();
        let mut taken = 4000;
        while let Some(batch) = schedule.next_batch(4000) {
            taken += batch.len();
            sizes.push(batch.len());
        }
        assert_eq!(taken, 10000);
        assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "{sizes:?}");
        let (last, before) = sizes.split_last().unwrap();
        assert!(before.iter().all(|&s| s >= SMALLEST_TAIL_BATCH as usize));
        assert!(*last <= SMALLEST_TAIL_BATCH as usize, "{sizes:?}");
    }
}
