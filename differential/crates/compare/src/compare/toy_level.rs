//! A toy level, built in tests only, the way ARCHITECTURE.md ("Adding a level") says
//! a level is added: this module and one line in the registry
//! ([`super::REGISTRY`]). Its tests run it through everything a level takes part in:
//! `--levels`, a batch of cases with the counts, the minimizer's rerun, the archive's
//! blocks and fields, and `corpus check`'s re-check.
//!
//! The toy level compares how many elements named `toy` the two engines' trees hold:
//! a divergence when they differ (`toy | litmus: 1 | html5ever: 0`), which neither
//! real engine shows, so the tests use an engine that drops `toy` elements.

use super::divergence::{Divergence, Side};
use super::level::{label, Archived, BatchEngines, CaseAnswers, Level, LevelRules, Recheck};
use crate::signature::{Kind, Part, Signature};
use litmus_engines::case::{EngineName, EngineOutput, ParseRequest, ParseResult};
use litmus_engines::engine::Engine;
use litmus_engines::engine::LitmusEngine;

impl Level {
    /// The toy level.
    #[allow(non_upper_case_globals)]
    pub const Toy: Level = Level::named("toy");
}

pub struct ToyLevel;

/// How many `toy` elements a side's tree holds (`None` for a failure).
fn toys(side: &Side) -> Option<usize> {
    let tree = &side.result.as_ref().ok()?.tree;
    Some(tree.lines().filter(|line| is_toy(line)).count())
}

/// Whether a line of an html5lib dump is a `toy` element's (`|     <toy>`).
fn is_toy(line: &str) -> bool {
    line.trim_start_matches('|').trim() == "<toy>"
}

/// The toy divergence of two answers to `request`, if they hold different numbers
/// of `toy` elements.
fn compare_toys(request: &ParseRequest, left: &Side, right: &Side) -> Option<Divergence> {
    let (l, r) = (toys(left)?, toys(right)?);
    if l == r {
        return None;
    }
    let signature = Signature::new(
        Kind::Level(Level::Toy),
        [
            Part::labelled(&left.engine, &l.to_string()),
            Part::labelled(&right.engine, &r.to_string()),
        ],
    );
    Some(Divergence::between(
        Level::Toy,
        request,
        left,
        right,
        None,
        signature,
    ))
}

impl LevelRules for ToyLevel {
    fn level(&self) -> Level {
        Level::Toy
    }

    fn compare(&self, batch: &mut [CaseAnswers], _engines: &mut dyn BatchEngines) {
        for case in batch {
            let found = compare_toys(&case.request, &case.left, &case.right);
            case.compared_once(Level::Toy, found);
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
        let side = |engine: &mut dyn Engine| Side {
            engine: engine.name().into(),
            result: engine.parse_tree(&request),
        };
        let (left, right) = (side(reference), side(other));
        compare_toys(&request, &left, &right).into_iter().collect()
    }

    fn recheck_archived(
        &self,
        archived: &Archived<'_>,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Recheck {
        let placeholder = divergence_of(archived.request, archived.signature);
        let found = self.rerun(&placeholder, &archived.request.input, reference, other);
        Recheck::of(found.first(), archived.signature)
    }

    fn blocks(&self, shown: &Divergence, left: &str, right: &str) -> Vec<(String, String)> {
        vec![
            (label(&shown.left, "toy tree"), left.to_owned()),
            (label(&shown.right, "toy tree"), right.to_owned()),
        ]
    }

    fn fields(&self, shown: &Divergence) -> Vec<(String, String)> {
        vec![("toys".into(), shown.signature.as_str().to_owned())]
    }
}

/// A toy divergence to rerun: only its request and level matter.
fn divergence_of(request: &ParseRequest, signature: &Signature) -> Divergence {
    let nothing = Side {
        engine: EngineName::default(),
        result: Ok(litmus_engines::case::EngineOutput {
            tree: String::new(),
            serialization: None,
        }),
    };
    Divergence::between(
        Level::Toy,
        request,
        &nothing,
        &nothing,
        None,
        signature.clone(),
    )
}

/// The reference parser, but its trees leave out every `toy` element line.
pub(crate) struct NoToys;

impl Engine for NoToys {
    fn name(&self) -> &str {
        "no-toys"
    }

    fn version(&self) -> String {
        "no-toys 1".into()
    }

    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        let output = LitmusEngine.parse(request)?;
        let tree = output
            .tree
            .lines()
            .filter(|line| !is_toy(line))
            .map(|line| format!("{line}\n"))
            .collect();
        Ok(EngineOutput {
            tree,
            serialization: output.serialization,
        })
    }
}
