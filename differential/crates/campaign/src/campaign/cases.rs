//! A campaign's cases, run in process: what a case worker does with a batch of case
//! indices, and what `litmus bench --campaign` measures as the ceiling.
//!
//! For each index the [`CaseRunner`] generates the case from the campaign's seed,
//! asks both engines, compares at every level (tree or fragment, serialization, each
//! engine's round trip), and records the comparisons, a count per signature, and the
//! divergences whose signatures it has not reported before: a worker sends each
//! signature once, however many cases show it, with the first case that showed it.
//! A worker runs its batches in the order of their case indices, so that first case
//! is the lowest index of the signature among its cases, and the campaign, taking the
//! lowest of every worker's, knows each signature's first case in the whole campaign
//! (the one it triages: `state/queue.rs`).

pub use super::protocol::{add_arm_counts, BatchPart, CaseSetup, Reported};
use super::watch::Watched;
pub use super::watch::{Overdue, Watch, WatchedEngine};
use crate::finding::Origin;
use crate::generator::{GeneratedCase, Generator};
use litmus_compare::compare::batch::compare_cases;
use litmus_compare::compare::level::CaseAnswers;
use litmus_compare::compare::Level;
use litmus_compare::compare::{Divergence, LevelCounter, LevelSet};
use litmus_compare::minimize::Budget;
use litmus_compare::signature::Signature;
use litmus_engines::case::ParseRequest;
use litmus_engines::engine::{start_engine, Engine};
use litmus_parser::FragmentContext;
use litmus_verdicts::KnownDifferences;
use std::collections::HashSet;

/// A case, as both engines are asked it.
#[derive(Clone, Debug)]
pub struct Case {
    pub index: u64,
    pub level: Level,
    pub request: ParseRequest,
    /// What its origin records: the generator family, or how a byte case was written.
    pub family: String,
}

/// Runs a campaign's cases in process.
pub struct CaseRunner {
    seed: u64,
    bytes: bool,
    levels: LevelSet,
    generator: Generator,
    pub(super) reference: WatchedEngine,
    pub(super) other: WatchedEngine,
    pub(super) known: KnownDifferences,
    pub(super) budget: Budget,
    /// Count the reference parser's arms of the standard per batch part.
    spec_coverage: bool,
    /// The signatures this runner has reported.
    reported: HashSet<Signature>,
}

impl CaseRunner {
    /// Starts both engines; `Err` says why one cannot run.
    pub fn new(setup: CaseSetup, watch: Watch) -> Result<CaseRunner, String> {
        let generator = Generator::try_new(setup.generator)
            .map_err(|e| e.to_string())?
            .with_corpus(setup.mutation_corpus);
        let reference = start_engine(&setup.reference)?;
        let other = start_engine(&setup.other)?;
        // Findings are matched at the engines' versions (a class may hold for some).
        let mut known = setup.known;
        known.set_engine_version(reference.name(), &reference.version());
        known.set_engine_version(other.name(), &other.version());
        Ok(CaseRunner {
            seed: setup.seed,
            bytes: setup.bytes,
            levels: setup.levels,
            generator,
            reference: WatchedEngine::new(reference, setup.reference_limit, watch.clone()),
            other: WatchedEngine::new(other, setup.other_limit, watch),
            known,
            budget: setup.budget,
            spec_coverage: setup.spec_coverage,
            reported: HashSet::new(),
        })
    }

    /// The two engines' versions.
    pub fn versions(&self) -> (String, String) {
        (self.reference.version(), self.other.version())
    }

    /// Generates the next cases with `weights` (`None`: the setup's, as they are);
    /// the generator is rebuilt only when they change.
    pub fn steer(&mut self, weights: Option<crate::generator::Weights>) {
        let Some(weights) = weights else {
            return;
        };
        if weights == self.generator.config().weights {
            return;
        }
        if let Ok(generator) = self.generator.with_weights(weights) {
            self.generator = generator;
        }
    }

    /// The case at a generator index.
    pub fn case(&self, index: u64) -> Case {
        case_at(&self.generator, self.seed, self.bytes, index)
    }

    /// Runs the cases `indices`, handing each case's results to `emit` as it ends.
    /// With an engine that pipelines, the whole batch goes to the engines at once,
    /// and the results come at the end.
    pub fn run_batch(&mut self, indices: &[u64], mut emit: impl FnMut(BatchPart)) {
        let pipelined = self.reference.pipelines() || self.other.pipelines();
        let chunk = if pipelined { indices.len().max(1) } else { 1 };
        for indices in indices.chunks(chunk) {
            // The engines parse on this thread: what the parser counts from here to the
            // last case's part is these cases' (what a minimization before counted is
            // dropped). A byte case's encoding is determined, by a parse of its bytes,
            // as the case is made: its sniffing arms are counted from here.
            if self.spec_coverage {
                litmus_parser::spec_arms::reset_counts();
            }
            let cases: Vec<Case> = indices.iter().map(|&index| self.case(index)).collect();
            let results = self.compare_all(&cases);
            let last = results.len();
            for (i, (case, answers)) in cases.iter().zip(results).enumerate() {
                let mut part = self.record(case, answers.divergences, answers.counts);
                if self.spec_coverage && i + 1 == last {
                    part.spec_arms = litmus_parser::spec_arms::take_counts().as_slice().to_vec();
                }
                emit(part);
            }
        }
    }

    /// One case's results, and the divergences with signatures this runner had not
    /// reported.
    fn record(
        &mut self,
        case: &Case,
        divergences: Vec<Divergence>,
        levels: LevelCounter,
    ) -> BatchPart {
        let mut part = BatchPart {
            done: vec![case.index],
            levels,
            ..BatchPart::default()
        };
        for divergence in divergences {
            let signature = &divergence.signature;
            match part.tallies.get_mut(signature) {
                Some(count) => *count += 1,
                None => {
                    part.tallies.insert(signature.clone(), 1);
                }
            }
            // The first case of a signature: the lowest index this runner has.
            if self.reported.insert(signature.clone()) {
                part.divergences.push(Reported {
                    divergence,
                    origin: Origin {
                        seed: self.seed,
                        case_index: case.index,
                        family: case.family.clone(),
                    },
                });
            }
        }
        part
    }

    /// Every divergence of each case at the levels the campaign compares, and what
    /// each level counted: the first answers of both engines for all the cases, then
    /// each level in the registry's order (`compare::level`).
    pub fn compare_all(&mut self, cases: &[Case]) -> Vec<CaseAnswers> {
        let asked: Vec<(u64, Level, &ParseRequest)> = cases
            .iter()
            .map(|c| (c.index, c.level, &c.request))
            .collect();
        let mut engines = Watched {
            reference: &mut self.reference,
            other: &mut self.other,
        };
        compare_cases(&asked, &self.levels, &mut engines)
    }
}

/// The case at generator index `index`: a text case, or with `bytes` a byte case.
pub fn case_at(generator: &Generator, seed: u64, bytes: bool, index: u64) -> Case {
    let (generated, family) = if bytes {
        byte_case(generator, seed, index)
    } else {
        let generated = generator.case(seed, index);
        let family = generated.family.to_owned();
        (generated, family)
    };
    let (level, request) = request_for_case(&generated);
    Case {
        index,
        level,
        request,
        family,
    }
}

/// The request a generated case makes, and its level.
pub fn request_for_case(case: &GeneratedCase) -> (Level, ParseRequest) {
    let context = case
        .fragment_context
        .as_deref()
        .and_then(FragmentContext::parse);
    match context {
        Some(context) => (
            Level::Fragment,
            ParseRequest::fragment(case.input.clone(), context, case.scripting),
        ),
        None => (
            Level::Tree,
            ParseRequest::document(case.input.clone(), case.scripting),
        ),
    }
}

/// A byte case, as the text both engines parse and the family its origin records.
///
/// The decision on html5ever's side: html5ever has no encoding sniffing (no prescan,
/// no "change the encoding"), so both engines get the text the reference parser
/// decoded: the encoding the standard's algorithm determines for the bytes (after a
/// `meta` element changed it, if one did), decoded by the Encoding Standard's decode
/// (a BOM wins and is removed; malformed sequences become U+FFFD). Divergences are
/// then tree-construction divergences on real decoder output; the origin's family
/// records how the bytes were written and how their encoding was found, e.g.
/// `bytes shift_jis → windows-1252 (default)`.
pub fn byte_case(generator: &Generator, seed: u64, index: u64) -> (GeneratedCase, String) {
    use litmus_parser::encoding::{decode, EncodingOptions, UTF_8};
    let (mut case, bytes) = generator.byte_case(seed, index);
    let parse_options = litmus_parser::ParseOptions {
        scripting: case.scripting,
        ..litmus_parser::ParseOptions::default()
    };
    let determined = litmus_parser::parse_document_bytes(
        &bytes.bytes,
        &parse_options,
        &EncodingOptions::default(),
    )
    .ok()
    .map(|(_, report)| report);
    let (decoder, encoding, source) = match determined {
        Some(report) => (report.decoder, report.encoding, report.source.kind()),
        None => (UTF_8, "UTF-8", "unparsed"),
    };
    case.input = decode(&bytes.bytes, decoder).0;
    let family = format!("bytes {} → {encoding} ({source})", bytes.written_in);
    (case, family)
}
