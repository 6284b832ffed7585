//! One divergence, investigated through engines that may be anywhere (engine
//! workers, one isolated parse per step): minimized, classified, archived.
//!
//! The path of `litmus minimize` and `litmus triage`, and of a campaign's crashes,
//! hangs and the divergences a case worker could not minimize in process.

use super::record;
use crate::finding::{Finding, Origin};
use litmus_compare::archive::{Archive, ArchiveError, StoreOutcome};
use litmus_compare::compare::{recheck, Divergence};
use litmus_compare::minimize::{minimize, Budget};
use litmus_compare::signature::{Failure, Kind};
use litmus_engines::engine::Engine;
use litmus_verdicts::KnownDifferences;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The two engines a divergence is re-checked with.
pub struct Engines<'a> {
    pub reference: &'a mut dyn Engine,
    pub other: &'a mut dyn Engine,
}

/// The result of an investigation.
#[derive(Debug)]
pub struct Investigation {
    pub finding: Finding,
    /// The divergence as the minimized input shows it.
    pub shown: Divergence,
    /// The archive file and what storing did, when an archive was given (or why it
    /// could not be written: the finding itself is never dropped).
    pub archived: Option<Result<(PathBuf, StoreOutcome), ArchiveError>>,
}

/// Minimizes the input of `divergence` while its signature holds, classifies the
/// result, and archives it (when `archive` is given). `stop` ends the minimization
/// early with the best input so far.
pub fn investigate(
    divergence: &Divergence,
    origin: Origin,
    engines: &mut Engines<'_>,
    known: &KnownDifferences,
    archive: Option<&Archive>,
    budget: Budget,
    stop: &AtomicBool,
) -> Investigation {
    let original = divergence.request.input.clone();
    let budget = budget_for(divergence, budget);
    let (minimized, stats) = minimize(&original, budget, &mut |candidate: &str| {
        !stop.load(Ordering::Relaxed)
            && recheck(divergence, candidate, engines.reference, engines.other).is_some()
    });
    // The divergence as the minimized input shows it (the original if the engines
    // no longer agree with themselves).
    let last = recheck(divergence, &minimized, engines.reference, engines.other);
    let (input, shown) = match last {
        Some(d) => (minimized, d),
        None => (original.clone(), divergence.clone()),
    };
    let mut finding = record::finding(known, &shown, &input, &original, stats, origin);
    let archived = archive.map(|archive| {
        let reference = engines.reference.parse(&shown.request);
        let reference_name = engines.reference.name().to_owned();
        let versions = (engines.reference.version(), engines.other.version());
        record::archive(
            archive,
            &mut finding,
            &shown,
            (&reference_name, &reference),
            (&versions.0, &versions.1),
        )
    });
    Investigation {
        finding,
        shown,
        archived,
    }
}

/// Hangs cost a timeout per step that still hangs and crashes a worker restart: give
/// them fewer steps, and a time limit too (their findings depend on the machine's
/// timing already). A hang's steps are mostly cheap (a smaller input that answers at
/// once), so the time limit, not the step count, is what bounds it. Every other
/// divergence keeps the step budget alone, so that it minimizes the same way on every
/// run.
fn budget_for(divergence: &Divergence, budget: Budget) -> Budget {
    match divergence.signature.kind() {
        Kind::Failure(Failure::Timeout) => Budget {
            max_steps: budget.max_steps.min(400),
            max_time: Some(budget.max_time.unwrap_or_default().max(HANG_TIME)),
        },
        Kind::Failure(_) => Budget {
            max_steps: budget.max_steps.min(2_000),
            ..budget
        }
        .within(CRASH_TIME),
        _ => budget,
    }
}

/// The time limit of a hang's minimization.
const HANG_TIME: Duration = Duration::from_secs(120);
/// The time limit of a crash's minimization.
const CRASH_TIME: Duration = Duration::from_secs(60);
