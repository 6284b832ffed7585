//! The serialization level: where the two engines' trees agree, their
//! serializations of them.

use super::divergence::{compare_serializations, Divergence, Side};
use super::level::{label, Archived, BatchEngines, CaseAnswers, Level, LevelRules, Recheck};
use litmus_engines::case::EngineOutput;
use litmus_engines::engine::Engine;

impl Level {
    /// The two engines' serializations of trees that agree.
    #[allow(non_upper_case_globals)]
    pub const Serialization: Level = Level::named("serialization");
}

pub struct SerializationLevel;

impl LevelRules for SerializationLevel {
    fn level(&self) -> Level {
        Level::Serialization
    }

    fn on_by_default(&self) -> bool {
        true
    }

    /// Where both engines serialized and the case's tree or fragment level found
    /// nothing: one comparison; else none (an engine that answers no serialization is
    /// never counted as agreeing).
    fn compare(&self, batch: &mut [CaseAnswers], _engines: &mut dyn BatchEngines) {
        let serializes = |side: &Side| {
            side.result
                .as_ref()
                .is_ok_and(|output| output.serialization.is_some())
        };
        for case in batch {
            let both = serializes(&case.left) && serializes(&case.right);
            if !both || case.diverged_at(case.level) > 0 {
                case.count(Level::Serialization, 0, 0);
                continue;
            }
            let found = compare_serializations(&case.request, &case.left, &case.right);
            case.compared_once(Level::Serialization, found);
        }
    }

    fn rerun(
        &self,
        divergence: &Divergence,
        input: &str,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Vec<Divergence> {
        super::rerun::rerun_parse(divergence, input, reference, other)
    }

    fn recheck_archived(
        &self,
        archived: &Archived<'_>,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Recheck {
        super::tree::recheck_against_other(self.level(), archived, reference, other)
    }

    fn locus(&self, divergence: &Divergence) -> Option<crate::locus::Locus> {
        crate::locus::of_case(&divergence.request)
    }

    fn compared_text<'a>(&self, output: &'a EngineOutput) -> Option<&'a str> {
        output.serialization.as_deref()
    }

    fn blocks(&self, shown: &Divergence, left: &str, right: &str) -> Vec<(String, String)> {
        vec![
            (label(&shown.left, "serialization"), left.to_owned()),
            (label(&shown.right, "serialization"), right.to_owned()),
        ]
    }
}
