//! The messages between a campaign's jobs and their case workers, each one frame of
//! JSON (`litmus_engine_api::frame`) after the worker's magic and hello
//! (`litmus_engines::worker::protocol`), and the wire types they carry: what a case
//! worker needs ([`CaseSetup`]), what it sends back ([`BatchPart`], [`Reported`]), and
//! a minimization ([`MinimizeJob`], [`Goal`], [`Minimized`]).

use crate::generator::{GeneratorConfig, Weights};
use litmus_compare::compare::{Divergence, LevelCounter, LevelSet};
use litmus_compare::minimize::{Budget, MinimizeStats};
use litmus_compare::signature::Signature;
use litmus_engines::case::{Origin, ParseResult};
use litmus_verdicts::KnownDifferences;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::time::Duration;

/// Job → case worker.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ToCaseWorker {
    /// Once: what the campaign's cases are and which engines run them.
    Setup { setup: Box<CaseSetup> },
    /// Run these cases (generator indices), generated with `weights` when a steering
    /// campaign changed the setup's (`steering.rs`).
    Batch {
        id: u64,
        indices: Vec<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weights: Option<Weights>,
    },
    /// Minimize a divergence in process.
    Minimize { id: u64, job: Box<MinimizeJob> },
}

/// Case worker → job. Its fields are beside its kind (`{"kind": "progress",
/// "fields": {…}}`), not among them: serde reads a message whose kind is among its
/// fields only after buffering all of it, and a batch's progress is the largest
/// and most frequent message a campaign reads.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", content = "fields", rename_all = "snake_case")]
pub enum FromCaseWorker {
    /// The answer to [`ToCaseWorker::Setup`]: the engines' versions, or why they
    /// cannot run.
    Ready {
        result: Result<(String, String), String>,
    },
    /// Some cases of a batch, done: sent as they finish (at least every
    /// 50 ms, the serving loop's tick, while a batch runs, empty if no
    /// case ended), and with `last` at the end of the batch.
    Progress {
        id: u64,
        part: Box<BatchPart>,
        last: bool,
    },
    /// The answer to [`ToCaseWorker::Minimize`].
    Minimized { id: u64, outcome: Box<Minimized> },
    /// A parse ran past its time limit: the worker sent what was done and exits.
    /// `case_index` is the case it was parsing (for a batch), `None` for a
    /// minimization.
    Hung {
        id: u64,
        case_index: Option<u64>,
        engine: String,
        after_ms: u64,
    },
}

/// Everything a case worker needs to run a campaign's cases.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CaseSetup {
    pub seed: u64,
    pub generator: GeneratorConfig,
    /// Inputs the generator may mutate (their order is part of what a case depends
    /// on).
    pub mutation_corpus: Vec<String>,
    /// Byte cases (see `campaign::cases::byte_case`).
    pub bytes: bool,
    /// The levels each case is compared at.
    pub levels: LevelSet,
    /// The engines, as the registry names them (or `cmd:` texts).
    pub reference: String,
    pub other: String,
    /// The longest one parse may take before the worker reports it hung, per engine
    /// (an external engine's includes its restarts).
    pub reference_limit: Duration,
    pub other_limit: Duration,
    /// The classes a triage classifies with.
    pub known: KnownDifferences,
    /// The budget of one minimization.
    pub budget: Budget,
    /// Send the reference parser's counts of the standard's arms with each part
    /// (`--spec-coverage`).
    #[serde(default)]
    pub spec_coverage: bool,
}

/// A divergence a worker reports, with the case that showed it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reported {
    pub divergence: Divergence,
    pub origin: Origin,
}

/// The results of some cases of a batch.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatchPart {
    /// The case indices done.
    pub done: Vec<u64>,
    /// Their comparisons.
    pub levels: LevelCounter,
    /// How many of their divergences had each signature.
    pub tallies: HashMap<Signature, u64>,
    /// Their divergences with signatures this worker had not reported before.
    pub divergences: Vec<Reported>,
    /// With `--spec-coverage`: how many times the reference parser passed each arm of
    /// the standard in these cases, indexed by `litmus_parser::spec_arms::Arm`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spec_arms: Vec<u64>,
}

impl BatchPart {
    /// Adds another part's results to this one.
    pub fn merge(&mut self, other: BatchPart) {
        self.done.extend(other.done);
        self.levels.merge(&other.levels);
        for (signature, count) in other.tallies {
            *self.tallies.entry(signature).or_default() += count;
        }
        self.divergences.extend(other.divergences);
        add_arm_counts(&mut self.spec_arms, &other.spec_arms);
    }
}

/// Adds the arm counts `other` to `into`, as long as the longer of the two.
pub fn add_arm_counts(into: &mut Vec<u64>, other: &[u64]) {
    if into.len() < other.len() {
        into.resize(other.len(), 0);
    }
    for (sum, count) in into.iter_mut().zip(other) {
        *sum = sum.saturating_add(*count);
    }
}

/// What a minimization is for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "goal", rename_all = "snake_case")]
pub enum Goal {
    /// Stop at token level if a known class explains the result.
    Classify,
    /// Keep the class, the level and the first differing nodes; any parent.
    Exemplar { class: String },
    /// A class that its signature alone gives: the fewest tokens that keep the level,
    /// the engine and the class, to merge the signature with its like.
    Merge { class: String },
    /// Keep the signature, to the end.
    Full,
}

/// A divergence to minimize, starting from `input` (the divergence's own input, or
/// a smaller one already found to show it).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MinimizeJob {
    pub divergence: Divergence,
    pub input: String,
    pub goal: Goal,
}

/// What a minimization found.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Minimized {
    /// The smallest input found.
    pub input: String,
    /// The divergence as that input shows it; `None` when the engines no longer
    /// show one there (then `input` is the job's).
    pub divergence: Option<Divergence>,
    /// The known class that explains it, if one does.
    pub class: Option<String>,
    pub stats: MinimizeStats,
    /// Whether it went to characters (1-minimal), not only tokens.
    pub complete: bool,
    /// Why the worker could not minimize, if it could not.
    pub refused: Option<String>,
    /// The reference engine's answer for the minimized request (what the archive
    /// records as its tree).
    pub reference: Option<ParseResult>,
}

impl Minimized {
    pub fn refused(why: &str) -> Minimized {
        Minimized {
            refused: Some(why.to_owned()),
            ..Minimized::default()
        }
    }
}
