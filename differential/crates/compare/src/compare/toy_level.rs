//! A toy level, built in tests only, the way ARCHITECTURE.md ("Adding a level") says
//! a level is added: this module and one line in the registry
//! ([`super::REGISTRY`]). Its tests run it through everything a level takes part in:
//! `--levels`, a batch of cases with the counts, the minimizer's rerun, the archive's
//! blocks and fields, and `corpus check`'s re-check.
//!
//! The toy level compares how many elements named `toy` the two engines' trees hold:
//! a divergence when they differ (`toy | litmus: 1 | html5ever: 0`), which neither
//! real engine shows, so the tests use an engine that drops `toy` elements.

use super::level::{label, Archived, BatchEngines, CaseAnswers, Level, LevelRules, Recheck};
use super::{Divergence, Side};
use crate::signature::{Kind, Part, Signature};
use litmus_engines::case::{EngineName, ParseRequest};
use litmus_engines::engine::Engine;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::level::{compare_cases, Pair};
    use crate::compare::{rerun, LevelSet};
    use litmus_engines::case::{EngineOutput, ParseResult};
    use litmus_engines::engine::LitmusEngine;

    /// The reference parser, but its trees leave out every `toy` element line.
    struct NoToys;

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

    #[test]
    fn the_toy_level_is_registered_and_chosen_by_name() {
        assert_eq!(Level::from_name("toy"), Some(Level::Toy));
        assert_eq!(Level::Toy.rules().level(), Level::Toy);
        let set = LevelSet::parse("tree,toy").unwrap();
        assert!(set.contains(Level::Toy));
        assert!(
            set.contains(Level::Fragment),
            "the fragment level is always on"
        );
        assert!(!set.contains(Level::Serialization));
        assert!(!LevelSet::defaults().contains(Level::Toy));
        let error = LevelSet::parse("tree,toys").unwrap_err();
        assert!(error.ends_with("errors, speed and toy"), "{error}");
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(json, r#"["tree","fragment","toy"]"#);
        assert_eq!(serde_json::from_str::<LevelSet>(&json).unwrap(), set);
    }

    #[test]
    fn a_batch_is_compared_and_counted_at_the_toy_level() {
        let requests = [
            ParseRequest::document("<toy>x</toy>", true),
            ParseRequest::document("<p>x", true),
        ];
        let cases: Vec<(u64, Level, &ParseRequest)> = requests
            .iter()
            .enumerate()
            .map(|(i, r)| (i as u64, Level::Tree, r))
            .collect();
        let (mut reference, mut other) = (LitmusEngine, NoToys);
        let mut engines = Pair {
            reference: &mut reference,
            other: &mut other,
        };
        let levels = LevelSet::parse("toy").unwrap();
        let answers = compare_cases(&cases, &levels, &mut engines);
        // The first case: the tree level sees the missing element too.
        let first: Vec<(Level, &str)> = answers[0]
            .divergences
            .iter()
            .map(|d| (d.level, d.signature.as_str()))
            .collect();
        assert_eq!(first.len(), 2, "{first:?}");
        assert_eq!(first[0].0, Level::Tree);
        assert_eq!(first[1], (Level::Toy, "toy | litmus: 1 | no-toys: 0"));
        assert!(answers[1].divergences.is_empty());
        let mut counts = answers[0].counts.clone();
        counts.merge(&answers[1].counts);
        let counted: Vec<(Level, u64, u64)> = counts.counts().collect();
        assert_eq!(counted, [(Level::Tree, 2, 1), (Level::Toy, 2, 1)]);

        let toy = &answers[0].divergences[1];
        assert!(!toy.is_failure());
        // The minimizer's test: the rerun keeps the toy where the input keeps it.
        let kept = rerun(toy, "<toy>", &mut reference, &mut other);
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].signature, toy.signature);
        assert!(rerun(toy, "<p>", &mut reference, &mut other).is_empty());
        // What the archive records of it.
        let blocks = toy.level.rules().blocks(toy, "left", "right");
        assert_eq!(
            blocks[1],
            ("no-toys toy tree".to_owned(), "right".to_owned())
        );
        let fields = toy.level.rules().fields(toy);
        assert_eq!(
            fields,
            [("toys".to_owned(), toy.signature.as_str().to_owned())]
        );
    }

    #[test]
    fn corpus_check_rechecks_a_toy_finding_by_its_level() {
        let (mut reference, mut other) = (LitmusEngine, NoToys);
        let finding = crate::archive::ArchivedFinding {
            input: "<toy>".into(),
            reference_errors: Vec::new(),
            fragment_context: None,
            scripting: true,
            reference_tree: String::new(),
            signature: "toy | litmus: 1 | no-toys: 0".into(),
            level: "toy".into(),
            engine: "no-toys".into(),
            class: None,
            fields: Vec::new(),
            blocks: Vec::new(),
        };
        let request = ParseRequest::document("<toy>", true);
        let recheck =
            crate::corpus_check::recheck_archived(&finding, &request, &mut reference, &mut other);
        assert_eq!(recheck, Recheck::Still);
        let request = ParseRequest::document("<p>", true);
        let recheck =
            crate::corpus_check::recheck_archived(&finding, &request, &mut reference, &mut other);
        assert_eq!(recheck, Recheck::Gone);
    }
}
