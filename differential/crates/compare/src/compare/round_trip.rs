//! The round-trip level: each engine's tree against its own parse (same options) of
//! its own serialization ([`super::compare_round_trip`]).

use super::divergence::Divergence;
use super::level::{label, Archived, BatchEngines, CaseAnswers, Level, LevelRules, Recheck, Which};
use super::reparse::{compare_round_trip, round_trip, round_trip_request};
use litmus_engines::case::ParseRequest;
use litmus_engines::engine::Engine;

impl Level {
    /// One engine's tree against its own parse of its own serialization.
    #[allow(non_upper_case_globals)]
    pub const RoundTrip: Level = Level::named("round-trip");
}

pub struct RoundTripLevel;

impl LevelRules for RoundTripLevel {
    fn level(&self) -> Level {
        Level::RoundTrip
    }

    fn on_by_default(&self) -> bool {
        true
    }

    /// Each engine's second parses, of the batch's serializations, asked together;
    /// one comparison per engine that serialized (and whose case gets a round trip).
    fn compare(&self, batch: &mut [CaseAnswers], engines: &mut dyn BatchEngines) {
        let mut ran = vec![0u64; batch.len()];
        for which in [Which::Reference, Which::Other] {
            let again: Vec<(usize, ParseRequest)> = batch
                .iter()
                .enumerate()
                .filter_map(|(i, case)| {
                    let first = match which {
                        Which::Reference => &case.left,
                        Which::Other => &case.right,
                    };
                    Some((i, round_trip_request(&case.request, &first.result)?))
                })
                .collect();
            let asked: Vec<(u64, &ParseRequest)> = again
                .iter()
                .map(|(i, request)| (batch[*i].index, request))
                .collect();
            let seconds = engines.answer_all(which, &asked, true);
            for ((i, _), second) in again.iter().zip(seconds) {
                ran[*i] += 1;
                let case = &mut batch[*i];
                let first = match which {
                    Which::Reference => &case.left,
                    Which::Other => &case.right,
                };
                let found =
                    compare_round_trip(&case.request, &first.engine, &first.result, &second);
                case.divergences.extend(found);
            }
        }
        for (case, n) in batch.iter_mut().zip(ran) {
            let failed = case.diverged_at(Level::RoundTrip).min(n);
            case.count(Level::RoundTrip, n, n - failed);
        }
    }

    fn rerun(
        &self,
        divergence: &Divergence,
        input: &str,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Vec<Divergence> {
        let request = divergence.request.with_input(input);
        let engine: &mut dyn Engine = if divergence.left.engine == other.name() {
            other
        } else {
            reference
        };
        let first = engine.parse(&request);
        round_trip(engine, &request, &first).into_iter().collect()
    }

    /// A round trip of either engine is re-checked; the first round trip of the same
    /// engine it shows now is what it changed to.
    fn recheck_archived(
        &self,
        archived: &Archived<'_>,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Recheck {
        let engine = archived.finding.engine.as_str();
        if engine != other.name() && engine != reference.name() {
            return Recheck::Skipped(format!("found with {engine}"));
        }
        if super::rerun::still_shows(
            archived,
            Level::RoundTrip,
            (engine, engine),
            reference,
            other,
        ) {
            return Recheck::Still;
        }
        super::rerun::changed_or_gone(archived, reference, other, |d| {
            d.level == Level::RoundTrip && d.left.engine == engine
        })
    }

    /// The case's arms and tokens, and, when the engine's first tree already departs
    /// from the reference's, that tree difference ([`crate::locus::Locus::upstream`]).
    fn locus(&self, divergence: &Divergence) -> Option<crate::locus::Locus> {
        // The reference parser's first tree is the reference's: nothing upstream.
        let first_tree = divergence
            .left
            .result
            .as_ref()
            .ok()
            .map(|r| r.tree.as_str());
        let first_tree =
            first_tree.filter(|_| divergence.engine != litmus_engines::engine::LitmusEngine::NAME);
        crate::locus::of_round_trip(&divergence.request, &divergence.engine, first_tree)
    }

    fn blocks(&self, shown: &Divergence, left: &str, right: &str) -> Vec<(String, String)> {
        let mut blocks = vec![
            (label(&shown.left, "first tree"), left.to_owned()),
            (
                label(&shown.right, "tree of its serialization"),
                right.to_owned(),
            ),
        ];
        if let Ok(first) = &shown.left.result {
            if let Some(html) = &first.serialization {
                blocks.push((label(&shown.left, "serialization"), html.clone()));
            }
        }
        blocks
    }
}
