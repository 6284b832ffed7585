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
/// early with the best input so far. A hang's minimization ends, its budget
/// exhausted, once [`MAX_HANGING_STEPS`] candidates have hung.
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
    let hang = matches!(divergence.signature.kind(), Kind::Failure(Failure::Timeout));
    let mut hung = 0;
    let (minimized, mut stats) = minimize(&original, budget, &mut |candidate: &str| {
        if stop.load(Ordering::Relaxed) || hung >= MAX_HANGING_STEPS {
            return false;
        }
        let kept = recheck(divergence, candidate, engines.reference, engines.other).is_some();
        if hang && kept {
            hung += 1;
        }
        kept
    });
    stats.budget_exhausted |= hung >= MAX_HANGING_STEPS;
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

/// The most candidates of a hang's minimization that may hang: each costs a whole
/// timeout and an engine worker's restart, so they are counted apart from the
/// steps, and a hang cannot spend its budget one timeout at a time (a candidate that
/// answers at once costs nothing like it).
pub const MAX_HANGING_STEPS: usize = 5;

/// Hangs cost a timeout per step that still hangs and crashes a worker restart: give
/// them fewer steps, and a time limit too (their findings depend on the machine's
/// timing already); a hang's steps that hang are counted too ([`MAX_HANGING_STEPS`]).
/// Every other divergence keeps the step budget alone, so that it minimizes the same
/// way on every run.
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

#[cfg(test)]
mod tests {
    use super::*;
    use litmus_compare::compare::input::{compare_request, Levels};
    use litmus_compare::compare::Level;
    use litmus_engines::case::{EngineFailure, ParseRequest, ParseResult};
    use litmus_engines::engine::LitmusEngine;

    /// An engine that times out, at once, on every input holding `HANG` (the chaos
    /// engine's marker), and counts those parses.
    struct Hangs {
        hung: usize,
    }

    impl Engine for Hangs {
        fn name(&self) -> &str {
            "hangs"
        }

        fn version(&self) -> String {
            "hangs 1".into()
        }

        fn parse(&mut self, request: &ParseRequest) -> ParseResult {
            if request.input.contains("HANG") {
                self.hung += 1;
                return Err(EngineFailure::Timeout { after_ms: 10_000 });
            }
            LitmusEngine.parse(request)
        }
    }

    #[test]
    fn a_hang_is_minimized_through_a_few_hanging_steps_only() {
        let input = "<p>a</p><b>c</b><i>HANG</i><u>d</u><s>e</s><em>f</em><q>g</q>".repeat(4);
        let input = input.as_str();
        let request = ParseRequest::document(input, true);
        let (mut reference, mut other) = (LitmusEngine, Hangs { hung: 0 });
        let levels = Levels::default();
        let divergence =
            compare_request(Level::Tree, &request, &mut reference, &mut other, &levels)
                .into_iter()
                .find(|d| d.signature.as_str() == "timeout | hangs")
                .expect("a hang");
        other.hung = 0;
        let investigation = investigate(
            &divergence,
            Origin::default(),
            &mut Engines {
                reference: &mut reference,
                other: &mut other,
            },
            &KnownDifferences::default(),
            None,
            Budget::default(),
            &AtomicBool::new(false),
        );
        // Every parse that hung was a step kept; there are no more than the cap.
        assert_eq!(
            other.hung,
            MAX_HANGING_STEPS + 1,
            "the last parse shows it again"
        );
        let stats = &investigation.finding.minimization;
        assert!(stats.budget_exhausted);
        // Minimized as far as those steps went: smaller, still the hang.
        assert!(investigation.finding.input.contains("HANG"));
        assert!(investigation.finding.input.len() < input.len());
        assert_eq!(investigation.shown.signature.as_str(), "timeout | hangs");
    }
}
