//! What the jobs of a campaign share: the case counter, the findings by signature,
//! the level counts.

use super::CampaignOptions;
use crate::archive::Archive;
use crate::case::Level;
use crate::compare::Divergence;
use crate::finding::{CampaignReport, Finding, LevelCount, Status};
use crate::generator::Generator;
use crate::worker::Worker;
use indicatif::ProgressBar;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// Comparisons made and agreed, per level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelCounter {
    counts: [(u64, u64); 4],
}

impl LevelCounter {
    const LEVELS: [Level; 4] = [
        Level::Tree,
        Level::Fragment,
        Level::Serialization,
        Level::RoundTrip,
    ];

    fn slot(level: Level) -> usize {
        Self::LEVELS.iter().position(|&l| l == level).unwrap_or(0)
    }

    /// Records `compared` comparisons at `level`, of which `agreed` agreed.
    pub fn add(&mut self, level: Level, compared: u64, agreed: u64) {
        let slot = &mut self.counts[Self::slot(level)];
        slot.0 += compared;
        slot.1 += agreed;
    }

    /// Records one case's comparisons from the divergences it gave. The case was
    /// compared at `level` (tree or fragment); its serializations were compared when
    /// the trees agreed; each engine's round trip when `round_trips` is that many.
    pub fn record_case(
        &mut self,
        level: Level,
        divergences: &[Divergence],
        serialization: bool,
        round_trips: u64,
    ) {
        let at = |l: Level| divergences.iter().filter(|d| d.level == l).count() as u64;
        let tree_diverged = at(level) > 0;
        self.add(level, 1, u64::from(!tree_diverged));
        if serialization && !tree_diverged {
            self.add(
                Level::Serialization,
                1,
                u64::from(at(Level::Serialization) == 0),
            );
        }
        if round_trips > 0 {
            let failed = at(Level::RoundTrip).min(round_trips);
            self.add(Level::RoundTrip, round_trips, round_trips - failed);
        }
    }

    pub fn merge(&mut self, other: &LevelCounter) {
        for (mine, theirs) in self.counts.iter_mut().zip(other.counts.iter()) {
            mine.0 += theirs.0;
            mine.1 += theirs.1;
        }
    }

    /// The counts of the levels that were compared at all.
    pub fn to_report(&self) -> Vec<LevelCount> {
        Self::LEVELS
            .iter()
            .zip(self.counts.iter())
            .filter(|(_, (compared, _))| *compared > 0)
            .map(|(level, (compared, agreed))| LevelCount::new(level.as_str(), *compared, *agreed))
            .collect()
    }
}

/// Whether a job should investigate a divergence.
pub enum Claim {
    /// The first case with this signature: investigate it.
    New,
    /// Seen before (or being investigated by another job): counted.
    Seen,
}

struct Inner {
    findings: Vec<Finding>,
    by_signature: HashMap<String, usize>,
    levels: LevelCounter,
}

/// The state shared by a campaign's jobs.
pub struct Shared<'o> {
    pub options: &'o CampaignOptions,
    pub archive: Archive,
    pub generator: Generator,
    pub progress: ProgressBar,
    stop: Arc<AtomicBool>,
    next: AtomicU64,
    done: AtomicU64,
    deadline: Option<Instant>,
    interrupted: AtomicBool,
    archive_error: Mutex<Option<String>>,
    /// The third engine, shared: it is asked once per new signature.
    pub third: Mutex<Option<Worker>>,
    inner: Mutex<Inner>,
}

impl<'o> Shared<'o> {
    pub fn new(
        options: &'o CampaignOptions,
        archive: Archive,
        generator: Generator,
        progress: ProgressBar,
        stop: Arc<AtomicBool>,
        third: Option<Worker>,
    ) -> Shared<'o> {
        Shared {
            options,
            archive,
            generator,
            progress,
            stop,
            next: AtomicU64::new(0),
            done: AtomicU64::new(0),
            deadline: options.time.map(|t| Instant::now() + t),
            interrupted: AtomicBool::new(false),
            archive_error: Mutex::new(None),
            third: Mutex::new(third),
            inner: Mutex::new(Inner {
                findings: Vec::new(),
                by_signature: HashMap::new(),
                levels: LevelCounter::default(),
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

    /// Records that a finding could not be archived and stops the campaign.
    pub fn archive_failed(&self, message: String) {
        let line = format!("litmus: cannot archive a finding: {message}");
        if self.progress.is_hidden() {
            eprintln!("{line}");
        } else {
            self.progress.println(line);
        }
        let mut error = self
            .archive_error
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        error.get_or_insert(message);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The first archive failure, if any.
    pub fn archive_error(&self) -> Option<String> {
        self.archive_error
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The generator index of the next case to run, or `None` when the campaign is
    /// over (all cases taken, time up, or interrupted).
    pub fn next_case(&self) -> Option<u64> {
        if self.stop.load(Ordering::Relaxed) {
            self.interrupted.store(true, Ordering::Relaxed);
            return None;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let k = self.next.fetch_add(1, Ordering::Relaxed);
        if self.options.cases.is_some_and(|cases| k >= cases) {
            return None;
        }
        Some(self.options.shard.case_index(k))
    }

    /// Records a finished case and its comparisons.
    pub fn case_done(&self, levels: &LevelCounter) {
        self.lock().levels.merge(levels);
        self.done.fetch_add(1, Ordering::Relaxed);
        self.progress.inc(1);
    }

    /// Claims a signature for investigation, or counts one more case of it.
    pub fn claim(&self, signature: &str) -> Claim {
        let mut inner = self.lock();
        if let Some(&index) = inner.by_signature.get(signature) {
            inner.findings[index].count += 1;
            return Claim::Seen;
        }
        let index = inner.findings.len();
        inner.findings.push(Finding {
            signature: signature.to_owned(),
            count: 1,
            ..Finding::default()
        });
        inner.by_signature.insert(signature.to_owned(), index);
        Claim::New
    }

    /// Stores an investigated finding in place of its claim, keeping the count the
    /// other jobs added meanwhile, and says so above the progress bar.
    pub fn complete(&self, finding: Finding) {
        let line = describe(&finding);
        let (total, new) = {
            let mut inner = self.lock();
            match inner.by_signature.get(&finding.signature).copied() {
                Some(index) => {
                    let count = inner.findings[index].count;
                    inner.findings[index] = Finding { count, ..finding };
                }
                None => {
                    let index = inner.findings.len();
                    inner.by_signature.insert(finding.signature.clone(), index);
                    inner.findings.push(finding);
                }
            }
            let total = inner.findings.len();
            let new = inner
                .findings
                .iter()
                .filter(|f| f.status == Some(Status::New))
                .count();
            (total, new)
        };
        // A hidden bar (no terminal, or --quiet) prints nothing: the line goes to
        // stdout then, so that a log shows every finding as it is archived.
        if self.progress.is_hidden() {
            println!("{line}");
        } else {
            self.progress.println(line);
        }
        self.progress
            .set_message(format!("{total} findings ({new} new)"));
    }

    /// The report as it stands: the campaign facts in `base` plus the counts and the
    /// investigated findings.
    pub fn snapshot(
        &self,
        base: &CampaignReport,
        elapsed: Duration,
        interrupted: bool,
    ) -> CampaignReport {
        let inner = self.lock();
        let cases = self.done.load(Ordering::Relaxed);
        let seconds = elapsed.as_secs_f64();
        let mut findings: Vec<Finding> = inner
            .findings
            .iter()
            .filter(|f| !f.hash.is_empty())
            .cloned()
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
            levels: inner.levels.to_report(),
            findings,
            ..base.clone()
        }
    }
}

/// The line printed when a finding is archived.
fn describe(finding: &Finding) -> String {
    let status = match (&finding.class, finding.status) {
        (Some(class), _) => format!("known ({class})"),
        (None, _) => "NEW".to_owned(),
    };
    let place = finding
        .archive_path
        .as_deref()
        .map_or_else(String::new, |p| format!(" -> {p}"));
    format!(
        "{status}: {} [{} -> {} bytes]{place}",
        finding.signature, finding.minimization.original_bytes, finding.minimization.final_bytes
    )
}
