//! The one driver of a batch: [`compare_cases`], for case workers, pinned cases,
//! `diff` and the fuzz target.

use super::divergence::Side;
use super::level::{BatchEngines, CaseAnswers, LevelCounter, Which};
use super::registry::LevelSet;
use crate::signature::Level;
use litmus_engines::case::{EngineName, ParseRequest};

/// Compares `cases` (each an index, its tree or fragment level, and its request) at
/// every level of `levels`: both engines' first answers, then each level in the
/// registry's order.
pub fn compare_cases(
    cases: &[(u64, Level, &ParseRequest)],
    levels: &LevelSet,
    engines: &mut dyn BatchEngines,
) -> Vec<CaseAnswers> {
    let requests: Vec<(u64, &ParseRequest)> = cases.iter().map(|&(i, _, r)| (i, r)).collect();
    let lefts = engines.answer_all(Which::Reference, &requests, false);
    let rights = engines.answer_all(Which::Other, &requests, false);
    let reference = EngineName::from(engines.engine(Which::Reference).name());
    let other = EngineName::from(engines.engine(Which::Other).name());
    let mut batch: Vec<CaseAnswers> = cases
        .iter()
        .zip(lefts.into_iter().zip(rights))
        .map(|(&(index, level, request), (left, right))| CaseAnswers {
            index,
            level,
            request: request.clone(),
            left: Side {
                engine: reference.clone(),
                result: left,
            },
            right: Side {
                engine: other.clone(),
                result: right,
            },
            divergences: Vec::new(),
            counts: LevelCounter::default(),
        })
        .collect();
    for rules in levels.rules() {
        rules.compare(&mut batch, engines);
    }
    batch
}
