//! A comparison level as a type: what every level does, and the sets of levels a
//! campaign compares at.
//!
//! A level is a [`Level`] (its name, the identity signatures, reports and the
//! archive use) and a [`LevelRules`] value that does its work:
//!
//! - compare the cases of a batch ([`LevelRules::compare`]), given both engines'
//!   first answers, and count how many it compared and how many agreed
//!   ([`CaseAnswers::count`]);
//! - rerun a divergence on a candidate input for the minimizer ([`LevelRules::rerun`]);
//! - re-check an archived finding for `litmus corpus check`
//!   ([`LevelRules::recheck_archived`]);
//! - render its detail: the archive's blocks and fields, the text it compares
//!   ([`LevelRules::blocks`], [`LevelRules::fields`], [`LevelRules::compared_text`]).
//!
//! The registry (`registry.rs`, `REGISTRY`) lists the levels in the order a case is
//! compared at them, which is the order of reports. Adding a level is one module that
//! declares its [`Level`] constant and implements [`LevelRules`], and one line in the
//! registry (ARCHITECTURE.md, "Adding a level").

use super::divergence::{Divergence, Side};
use crate::archive::ArchivedFinding;
use crate::signature::Signature;
use litmus_engines::case::{EngineOutput, ParseRequest, ParseResult};
use litmus_engines::engine::Engine;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use crate::signature::Level;

/// What a level does. One value per level, listed in the registry (`registry.rs`).
pub trait LevelRules: Sync {
    /// Its identity.
    fn level(&self) -> Level;

    /// Whether every campaign compares at it, whatever `--levels` says (a case is a
    /// document or a fragment: the tree and fragment levels).
    fn always(&self) -> bool {
        false
    }

    /// Whether a campaign without `--levels` compares at it.
    fn on_by_default(&self) -> bool {
        false
    }

    /// Whether a case pinned through engine workers (after it took a case worker
    /// down) is compared at it.
    fn when_pinned(&self) -> bool {
        true
    }

    /// The longest a minimization of one of its divergences may take, when shorter
    /// than the campaign's budget (each of the speed level's tests times parses).
    fn minimize_time(&self) -> Option<std::time::Duration> {
        None
    }

    /// Compares the cases of a batch at this level, after the levels before it in
    /// the registry: adds each case's divergences, and counts what it compared.
    fn compare(&self, batch: &mut [CaseAnswers], engines: &mut dyn BatchEngines);

    /// What produced `divergence`, run again with another input (same options, same
    /// level): every divergence it gives there. The minimizer's test.
    fn rerun(
        &self,
        divergence: &Divergence,
        input: &str,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Vec<Divergence>;

    /// Re-checks an archived finding of this level (`litmus corpus check`): does
    /// the engine still show `signature` for `request`?
    fn recheck_archived(
        &self,
        archived: &Archived<'_>,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Recheck;

    /// The locus of one of its divergences ([`crate::locus`]), if the level has one.
    fn locus(&self, _divergence: &Divergence) -> Option<crate::locus::Locus> {
        None
    }

    /// The text of an answer this level compares: the tree dump, unless it says
    /// otherwise.
    fn compared_text<'a>(&self, output: &'a EngineOutput) -> Option<&'a str> {
        Some(output.tree.as_str())
    }

    /// The archive's blocks for one of its divergences: a label and a text each,
    /// given the two compared texts as a report shows them (`left`, `right`).
    fn blocks(&self, shown: &Divergence, left: &str, right: &str) -> Vec<(String, String)> {
        let _ = left;
        vec![(label(&shown.right, "tree"), right.to_owned())]
    }

    /// The archive's fields for one of its divergences' detail (`splits:`, `start:`).
    fn fields(&self, _shown: &Divergence) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// A block's label: the side's engine and what the block holds.
pub fn label(side: &Side, what: &str) -> String {
    format!("{} {what}", side.engine)
}

/// An archived finding, as a level re-checks it.
pub struct Archived<'a> {
    pub finding: &'a ArchivedFinding,
    pub signature: &'a Signature,
    pub request: &'a ParseRequest,
    /// Every divergence the engines show for a request now at the tree or fragment
    /// level, the serialization level and the round trip (the registry's levels that
    /// every campaign may compare at, run by the caller, `corpus_check`, above the
    /// registry): what a finding of one of those levels that no longer shows its
    /// signature changed to.
    pub shown_now: ShownNow<'a>,
}

/// How [`Archived::shown_now`] asks the engines.
pub type ShownNow<'a> =
    &'a dyn Fn(&ParseRequest, &mut dyn Engine, &mut dyn Engine) -> Vec<Divergence>;

/// What re-checking a finding against its engine showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recheck {
    /// The same signature still shows.
    Still,
    /// The engines agree now.
    Gone,
    /// The engines differ, with another signature.
    Changed(String),
    /// The finding's engine is not the one checked against; not re-checked.
    Skipped(String),
}

impl Recheck {
    /// `Still` for the same signature, `Changed` for another, `Gone` for none.
    pub fn of(found: Option<&Divergence>, signature: &Signature) -> Recheck {
        match found {
            Some(d) if d.signature == *signature => Recheck::Still,
            Some(d) => Recheck::Changed(d.signature.as_str().to_owned()),
            None => Recheck::Gone,
        }
    }
}

/// One case of a batch as the levels compare it: its request, both engines' first
/// answers, the divergences found so far and what each level counted.
#[derive(Clone, Debug)]
pub struct CaseAnswers {
    pub index: u64,
    /// The tree or fragment level: the case's kind.
    pub level: Level,
    pub request: ParseRequest,
    pub left: Side,
    pub right: Side,
    pub divergences: Vec<Divergence>,
    pub counts: LevelCounter,
}

impl CaseAnswers {
    /// Counts `compared` comparisons at `level`, `agreed` of them agreeing; a level
    /// that counts `(0, 0)` ran but compared nothing in this case.
    pub fn count(&mut self, level: Level, compared: u64, agreed: u64) {
        self.counts.add(level, compared, agreed);
    }

    /// One comparison at `level`, agreeing when it `found` no divergence, and the
    /// divergences it found: what most levels record for a case.
    pub fn compared_once(&mut self, level: Level, found: impl IntoIterator<Item = Divergence>) {
        let before = self.divergences.len();
        self.divergences.extend(found);
        let agreed = self.divergences.len() == before;
        self.count(level, 1, u64::from(agreed));
    }

    /// How many of its divergences are at `level`.
    pub fn diverged_at(&self, level: Level) -> u64 {
        self.divergences.iter().filter(|d| d.level == level).count() as u64
    }
}

/// Which engine of the two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    Reference,
    Other,
}

/// The two engines a batch is compared with.
pub trait BatchEngines {
    fn engine(&mut self, which: Which) -> &mut dyn Engine;

    /// Both engines at once.
    fn both(&mut self) -> (&mut dyn Engine, &mut dyn Engine);

    /// The case the next parses are for (a hang names it), `None` when done.
    fn working_on(&mut self, _case: Option<u64>) {}

    /// One engine's answers to several cases' requests ([`Engine::parse_tree`] each
    /// with `tree_only`), in order.
    fn answer_all(
        &mut self,
        which: Which,
        requests: &[(u64, &ParseRequest)],
        tree_only: bool,
    ) -> Vec<ParseResult> {
        let mut results = Vec::with_capacity(requests.len());
        for &(case, request) in requests {
            self.working_on(Some(case));
            let engine = self.engine(which);
            results.push(if tree_only {
                engine.parse_tree(request)
            } else {
                engine.parse(request)
            });
            self.working_on(None);
        }
        results
    }

    /// Runs `each` once per case, with both engines, the case named as the one they
    /// work on.
    fn per_case(
        &mut self,
        batch: &mut [CaseAnswers],
        each: &mut dyn FnMut(&mut CaseAnswers, &mut dyn Engine, &mut dyn Engine),
    ) {
        for case in batch {
            self.working_on(Some(case.index));
            let (reference, other) = self.both();
            each(case, reference, other);
            self.working_on(None);
        }
    }
}

/// Two engines asked one request at a time.
pub struct Pair<'a> {
    pub reference: &'a mut dyn Engine,
    pub other: &'a mut dyn Engine,
}

impl BatchEngines for Pair<'_> {
    fn engine(&mut self, which: Which) -> &mut dyn Engine {
        match which {
            Which::Reference => self.reference,
            Which::Other => self.other,
        }
    }

    fn both(&mut self) -> (&mut dyn Engine, &mut dyn Engine) {
        (self.reference, self.other)
    }
}

/// Per level, how many comparisons were made and how many agreed; a level present
/// with `(0, 0)` ran but could compare nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelCounter {
    counts: BTreeMap<Level, (u64, u64)>,
}

impl LevelCounter {
    /// Records `compared` comparisons at `level`, of which `agreed` agreed.
    pub fn add(&mut self, level: Level, compared: u64, agreed: u64) {
        let count = self.counts.entry(level).or_default();
        count.0 += compared;
        count.1 += agreed;
    }

    /// Adds another counter's counts.
    pub fn merge(&mut self, other: &LevelCounter) {
        for (&level, &(compared, agreed)) in &other.counts {
            self.add(level, compared, agreed);
        }
    }

    /// The levels that ran, in the registry's order, each with how many comparisons
    /// were made and how many agreed.
    pub fn counts(&self) -> impl Iterator<Item = (Level, u64, u64)> + '_ {
        self.counts
            .iter()
            .map(|(&level, &(compared, agreed))| (level, compared, agreed))
    }
}
