//! What the jobs of a campaign share: the case counter, the comparisons, every
//! signature seen with its count and class, the signatures waiting for triage, the
//! exemplar candidates of each known class, and the findings.

use super::cases::Reported;
use super::steering::{Steering, SteeringRecord, EPOCH_CASES};
use super::CampaignOptions;
use crate::archive::Archive;
use crate::compare::{Divergence, LevelCounter};
use crate::finding::{
    CampaignReport, ClassCount, Finding, Generation, LevelCount, Origin, SignatureCount, Status,
};
use crate::generator::{Generator, Weights};
use crate::known::KnownDifferences;
use crate::worker::Worker;
use indicatif::ProgressBar;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How many exemplars of each known class a campaign minimizes and archives at most:
/// the class's first case, and the smallest others.
pub const EXEMPLARS_PER_CLASS: usize = 3;

/// What became of a signature.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Triage {
    /// Waiting for its triage, or in it.
    Pending,
    /// A known class explains it.
    Known(String),
    /// It is (or merged into) the finding with this hash.
    Finding(String),
}

/// One signature seen in the campaign.
struct SignatureState {
    count: u64,
    level: String,
    engine: String,
    triage: Triage,
    /// The signature of its minimized case, once triage has minimized it.
    minimized: Option<String>,
}

/// A case of a known class, minimized to tokens, that may become one of its
/// exemplars.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub class: String,
    /// The signature it was found with.
    pub signature: String,
    /// The token-minimal input.
    pub input: String,
    /// The input of the case it was found in.
    pub original: String,
    /// The divergence as that input shows it.
    pub divergence: Divergence,
    pub origin: Origin,
}

struct Inner {
    levels: LevelCounter,
    /// The reference parser's counts of the standard's arms (`--spec-coverage`).
    spec_arms: Vec<u64>,
    signatures: HashMap<String, SignatureState>,
    triage: VecDeque<Reported>,
    /// Triage jobs taken and not finished.
    triaging: usize,
    /// Per known class, its first candidate (an exemplar at once) and its smallest
    /// others (at most [`EXEMPLARS_PER_CLASS`] in all).
    candidates: BTreeMap<String, Vec<Candidate>>,
    exemplars: VecDeque<Candidate>,
    /// Exemplar jobs taken and not finished.
    exemplifying: usize,
    /// The finding lines printed so far: an engine's round trip merged under the
    /// reference's signature archives the same file, and is said once.
    said: std::collections::HashSet<String>,
    findings: Vec<Finding>,
    /// With spec coverage: the epochs begun, in order (see `steering.rs`).
    epochs: Vec<Epoch>,
    /// With spec coverage: batches handed out and not finished.
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

/// The state shared by a campaign's jobs.
pub struct Shared<'o> {
    pub options: &'o CampaignOptions,
    pub archive: Archive,
    /// The generator with the configured weights (a steering campaign's epochs have
    /// their own: [`Shared::generator_for`]).
    pub generator: Arc<Generator>,
    /// With `--spec-coverage` and without `--no-steering`: the families' profiles.
    steering: Option<Steering>,
    pub progress: ProgressBar,
    stop: Arc<AtomicBool>,
    next: AtomicU64,
    done: AtomicU64,
    deadline: Option<Instant>,
    interrupted: AtomicBool,
    fatal: Mutex<Option<String>>,
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
        let steering = options
            .steering
            .then(|| Steering::new(&generator, options.seed));
        Shared {
            options,
            archive,
            generator: Arc::new(generator),
            steering,
            progress,
            stop,
            next: AtomicU64::new(0),
            done: AtomicU64::new(0),
            deadline: options.time.map(|t| Instant::now() + t),
            interrupted: AtomicBool::new(false),
            fatal: Mutex::new(None),
            judges: Mutex::new(judges),
            known,
            versions,
            inner: Mutex::new(Inner {
                levels: LevelCounter::default(),
                spec_arms: Vec::new(),
                signatures: HashMap::new(),
                triage: VecDeque::new(),
                triaging: 0,
                candidates: BTreeMap::new(),
                exemplars: VecDeque::new(),
                exemplifying: 0,
                said: Default::default(),
                findings: Vec::new(),
                epochs: Vec::new(),
                batches_running: 0,
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A job that panicked must not take the findings of the others with it.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The caller's interrupt flag (Ctrl-C).
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// Whether the campaign was stopped by an interrupt.
    pub fn interrupted(&self) -> bool {
        self.interrupted.load(Ordering::Relaxed)
    }

    /// Stops the campaign with an error (a finding that cannot be archived, engine
    /// workers that cannot start), keeping what was found in the reports.
    pub fn fail(&self, message: String) {
        self.say(format!("litmus: {message}"));
        let mut fatal = self.fatal.lock().unwrap_or_else(PoisonError::into_inner);
        fatal.get_or_insert(message);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The first error that stopped the campaign, if any.
    pub fn failure(&self) -> Option<String> {
        self.fatal
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// A line above the progress bar, or on stdout when there is none (so that a log
    /// shows every finding as it is archived).
    pub fn say(&self, line: String) {
        if self.options.quiet {
            return;
        }
        if self.progress.is_hidden() {
            outln!("{line}");
        } else {
            self.progress.println(line);
        }
    }

    /// The generator indices of the next `size` cases, or `None` when the campaign
    /// is over (all cases taken, time up, or interrupted).
    pub fn next_batch(&self, size: usize) -> Option<Vec<u64>> {
        if self.stop.load(Ordering::Relaxed) {
            self.interrupted.store(true, Ordering::Relaxed);
            return None;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let size = size.max(1) as u64;
        if self.options.spec_coverage {
            return self.next_batch_of_an_epoch(size);
        }
        let first = self.next.fetch_add(size, Ordering::Relaxed);
        let end = match self.options.cases {
            Some(cases) if first >= cases => return None,
            Some(cases) => (first + size).min(cases),
            None => first + size,
        };
        Some(
            (first..end)
                .map(|k| self.options.shard.case_index(k))
                .collect(),
        )
    }

    /// [`Shared::next_batch`] in a counting campaign: batches within one epoch, and
    /// an epoch begun only when no batch of the ones before it runs. An empty batch is
    /// "wait".
    fn next_batch_of_an_epoch(&self, size: u64) -> Option<Vec<u64>> {
        let mut inner = self.lock();
        let first = self.next.load(Ordering::Relaxed);
        if self.options.cases.is_some_and(|cases| first >= cases) {
            return None;
        }
        let epoch = first / EPOCH_CASES;
        if epoch >= inner.epochs.len() as u64 {
            if inner.batches_running > 0 {
                return Some(Vec::new());
            }
            let weights = match &self.steering {
                Some(steering) => steering.weights_after(&inner.spec_arms),
                None => self.generator.config().weights.clone(),
            };
            let generator = match self.generator.with_weights(weights.clone()) {
                Ok(generator) => Arc::new(generator),
                Err(_) => self.generator.clone(),
            };
            let reached = self.coverage(&inner.spec_arms).reached;
            inner.epochs.push(Epoch {
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
        inner.batches_running += 1;
        Some(
            (first..end)
                .map(|k| self.options.shard.case_index(k))
                .collect(),
        )
    }

    /// A batch [`Shared::next_batch`] gave is done, its cases absorbed.
    pub fn batch_finished(&self) {
        if self.options.spec_coverage {
            let mut inner = self.lock();
            inner.batches_running = inner.batches_running.saturating_sub(1);
        }
    }

    /// The epoch of the case at generator index `index`, in a counting campaign.
    fn epoch_of(&self, index: u64) -> usize {
        let shard = self.options.shard;
        let k = index.saturating_sub(shard.index) / shard.count.max(1);
        usize::try_from(k / EPOCH_CASES).unwrap_or(usize::MAX)
    }

    /// The generator of the case at generator index `index`: its epoch's in a
    /// steering campaign.
    pub fn generator_for(&self, index: u64) -> Arc<Generator> {
        if self.steering.is_none() {
            return self.generator.clone();
        }
        let inner = self.lock();
        match inner.epochs.get(self.epoch_of(index)) {
            Some(epoch) => epoch.generator.clone(),
            None => self.generator.clone(),
        }
    }

    /// The weights a case worker generates the case at `index` with: its epoch's in
    /// a steering campaign, `None` (the setup's) otherwise.
    pub fn weights_for(&self, index: u64) -> Option<Weights> {
        self.steering.as_ref()?;
        let inner = self.lock();
        inner
            .epochs
            .get(self.epoch_of(index))
            .map(|epoch| epoch.weights.clone())
    }

    /// The spec coverage of the arm counts `counts`, the encoding family left out of a
    /// campaign of text cases.
    fn coverage(&self, counts: &[u64]) -> crate::spec_coverage::SpecCoverage {
        let counts = litmus_parser::spec_arms::ArmCounts::from_counts(counts);
        let text_cases = [(
            litmus_parser::spec_arms::Family::Encoding,
            crate::spec_coverage::TEXT_CASES_SKIP_SNIFFING,
        )];
        let left_out: &[_] = if self.options.bytes { &[] } else { &text_cases };
        crate::spec_coverage::SpecCoverage::from_counts_leaving_out(&counts, left_out)
    }

    /// Takes in the results of some cases: their comparisons, their signatures'
    /// counts, and for signatures never seen before, a triage.
    pub fn absorb(&self, part: super::cases::BatchPart) {
        let cases = part.done.len() as u64;
        {
            let mut inner = self.lock();
            inner.levels.merge(&part.levels);
            super::cases::add_arm_counts(&mut inner.spec_arms, &part.spec_arms);
            for (signature, count) in part.tallies {
                inner.signature(&signature).count += count;
            }
            for reported in part.divergences {
                let signature = reported.divergence.signature.as_str();
                let state = inner.signatures.get_mut(signature);
                let fresh = match state {
                    Some(state) => {
                        let fresh = state.level.is_empty();
                        if fresh {
                            state.level = reported.divergence.signature.kind().to_owned();
                            state.engine = reported.divergence.engine.clone();
                        }
                        fresh
                    }
                    None => {
                        let state = inner.signature(signature);
                        state.count = state.count.max(1);
                        state.level = reported.divergence.signature.kind().to_owned();
                        state.engine = reported.divergence.engine.clone();
                        true
                    }
                };
                if fresh {
                    inner.triage.push_back(reported);
                } else if let Some(waiting) = inner
                    .triage
                    .iter_mut()
                    .find(|r| r.divergence.signature.as_str() == signature)
                {
                    // A smaller case of a signature whose triage has not started.
                    if reported.divergence.request.input.len()
                        < waiting.divergence.request.input.len()
                    {
                        *waiting = reported;
                    }
                }
            }
        }
        self.done.fetch_add(cases, Ordering::Relaxed);
        self.progress.inc(cases);
    }

    /// The next divergence to triage.
    pub fn next_triage(&self) -> Option<Reported> {
        let mut inner = self.lock();
        let next = inner.triage.pop_front()?;
        inner.triaging += 1;
        Some(next)
    }

    /// Whether triage or exemplar work is waiting or running.
    pub fn triage_pending(&self) -> bool {
        let inner = self.lock();
        !inner.triage.is_empty()
            || inner.triaging > 0
            || !inner.exemplars.is_empty()
            || inner.exemplifying > 0
    }

    /// A triage found that a known class explains `candidate`'s signature. The
    /// class's first candidate becomes an exemplar at once (so that a campaign
    /// killed early has one archived); the smallest others wait for the end.
    pub fn classified(&self, candidate: Candidate) {
        let mut inner = self.lock();
        inner.triaging -= 1;
        let state = inner.signature(&candidate.signature);
        state.triage = Triage::Known(candidate.class.clone());
        state.minimized = Some(candidate.divergence.signature.as_str().to_owned());
        let list = inner.candidates.entry(candidate.class.clone()).or_default();
        if list.is_empty() {
            list.push(candidate.clone());
            inner.exemplars.push_back(candidate);
            return;
        }
        list.push(candidate);
        // The first stays first; the others by size.
        list[1..].sort_by_key(|c| (c.input.len(), c.signature.clone()));
        list.truncate(EXEMPLARS_PER_CLASS);
    }

    /// A triage ended in a finding for `signature` (new, or one the engine workers
    /// minimized): it is archived; say so.
    pub fn found(&self, signature: &str, finding: Finding) {
        let line = describe(&finding);
        let ((total, new), first) = {
            let mut inner = self.lock();
            inner.triaging -= 1;
            let state = inner.signature(signature);
            state.triage = Triage::Finding(finding.hash.clone());
            state.minimized = Some(finding.signature.clone());
            inner.add_finding(finding);
            let first = inner.said.insert(line.clone());
            (inner.finding_counts(), first)
        };
        if first {
            self.say(line);
        }
        self.progress
            .set_message(format!("{total} findings ({new} new)"));
    }

    /// Queues the other exemplars of every known class, once the cases are done
    /// (the first of each is queued when found).
    pub fn queue_exemplars(&self) -> usize {
        let mut inner = self.lock();
        let rest: Vec<Candidate> = inner
            .candidates
            .values()
            .flat_map(|list| list.iter().skip(1))
            .cloned()
            .collect();
        let queued = rest.len();
        inner.exemplars.extend(rest);
        queued
    }

    /// The next exemplar to minimize.
    pub fn next_exemplar(&self) -> Option<Candidate> {
        let mut inner = self.lock();
        let next = inner.exemplars.pop_front()?;
        inner.exemplifying += 1;
        Some(next)
    }

    /// An exemplar, minimized and archived: merged with the class's finding of the
    /// same signature if there is one (the smaller input wins).
    pub fn exemplar(&self, candidate: &Candidate, finding: Finding) {
        let line = describe(&finding);
        let mut inner = self.lock();
        inner.exemplifying -= 1;
        let hash = finding.hash.clone();
        let state = inner.signature(&candidate.signature);
        state.triage = Triage::Finding(hash);
        state.minimized = Some(finding.signature.clone());
        inner.add_finding(finding);
        let first = inner.said.insert(line.clone());
        drop(inner);
        if first {
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
        let cases = self.done.load(Ordering::Relaxed);
        let seconds = elapsed.as_secs_f64();
        // Each finding counts the cases of the signatures that became it; each class
        // those of every signature it explains.
        let mut finding_counts: HashMap<&str, u64> = HashMap::new();
        let mut classes: BTreeMap<String, ClassCount> = BTreeMap::new();
        let mut signatures: Vec<SignatureCount> = Vec::new();
        for (signature, state) in &inner.signatures {
            let (class, finding) = match &state.triage {
                Triage::Pending => (None, None),
                Triage::Known(class) => (Some(class.clone()), None),
                Triage::Finding(hash) => {
                    *finding_counts.entry(hash.as_str()).or_default() += state.count;
                    let class = inner
                        .findings
                        .iter()
                        .find(|f| &f.hash == hash)
                        .and_then(|f| f.class.clone());
                    (class, Some(hash.clone()))
                }
            };
            if let Some(class) = &class {
                let entry = classes.entry(class.clone()).or_insert_with(|| ClassCount {
                    class: class.clone(),
                    ..ClassCount::default()
                });
                entry.cases += state.count;
                entry.signatures += 1;
            }
            signatures.push(SignatureCount {
                signature: signature.clone(),
                level: state.level.clone(),
                engine: state.engine.clone(),
                class,
                count: state.count,
                finding,
                triaged: state.triage != Triage::Pending,
                minimized: state.minimized.clone(),
            });
        }
        signatures.sort_by(|a, b| a.signature.cmp(&b.signature));
        let mut findings: Vec<Finding> = inner
            .findings
            .iter()
            .map(|f| Finding {
                count: finding_counts
                    .get(f.hash.as_str())
                    .copied()
                    .unwrap_or(f.count),
                ..f.clone()
            })
            .collect();
        findings.sort_by(|a, b| a.signature.cmp(&b.signature));
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
                .levels
                .counts()
                .map(|(level, compared, agreed)| LevelCount::new(level.as_str(), compared, agreed))
                .collect(),
            spec_coverage: self.options.spec_coverage.then(|| {
                let mut coverage = self.coverage(&inner.spec_arms);
                coverage.progress = inner
                    .epochs
                    .iter()
                    .map(|epoch| (epoch.first_case, epoch.reached))
                    .chain(std::iter::once((cases, coverage.reached)))
                    .map(|(cases, reached)| crate::spec_coverage::CoveragePoint { cases, reached })
                    .collect();
                coverage
            }),
            findings,
            class_counts: classes.into_values().collect(),
            signatures,
            // A steering campaign's epochs' weights, to regenerate its cases.
            generation: base.generation.clone().map(|generation| Generation {
                steering: self.steering.as_ref().map(|_| SteeringRecord {
                    epoch_cases: EPOCH_CASES,
                    epochs: inner.epochs.iter().map(|e| e.weights.to_spec()).collect(),
                }),
                ..generation
            }),
            ..base.clone()
        }
    }
}

impl Inner {
    fn signature(&mut self, signature: &str) -> &mut SignatureState {
        if !self.signatures.contains_key(signature) {
            self.signatures.insert(
                signature.to_owned(),
                SignatureState {
                    count: 0,
                    level: String::new(),
                    engine: String::new(),
                    triage: Triage::Pending,
                    minimized: None,
                },
            );
        }
        self.signatures.get_mut(signature).expect("inserted above")
    }

    /// Adds a finding, or merges it into the one with the same signature (the
    /// smaller input stays).
    fn add_finding(&mut self, finding: Finding) {
        match self.findings.iter_mut().find(|f| f.hash == finding.hash) {
            Some(existing) => {
                if finding.input.len() < existing.input.len() {
                    *existing = finding;
                }
            }
            None => self.findings.push(finding),
        }
    }

    fn finding_counts(&self) -> (usize, usize) {
        let new = self
            .findings
            .iter()
            .filter(|f| f.status == Some(Status::New))
            .count();
        (self.findings.len(), new)
    }
}

/// The line printed when a finding is archived.
fn describe(finding: &Finding) -> String {
    let status = match &finding.class {
        Some(class) => format!("known ({class})"),
        None => "NEW".to_owned(),
    };
    let place = finding
        .archive_path
        .as_deref()
        .map_or_else(String::new, |p| format!(" -> {p}"));
    format!(
        "{status}: {} [{} -> {} bytes]{place}",
        crate::report::text::visible_one_line(&finding.signature),
        finding.minimization.original_bytes,
        finding.minimization.final_bytes
    )
}
