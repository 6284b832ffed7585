//! A divergence run again: on a candidate input for the minimizer ([`rerun`],
//! [`recheck`]), and an archived finding re-checked, with the helpers the tree,
//! fragment, serialization and round-trip levels share for both.

use super::divergence::{compare_results, level_of, Detail, Divergence, Side};
use super::level::{self, Recheck};
use crate::signature::Level;
use litmus_engines::engine::Engine;

/// Re-runs what produced `divergence` with another input (same options, same
/// level): every divergence it gives there.
pub fn rerun(
    divergence: &Divergence,
    input: &str,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Vec<Divergence> {
    divergence
        .level
        .rules()
        .rerun(divergence, input, reference, other)
}

/// The tree, fragment and serialization levels' rerun: both engines parse the input
/// with the divergence's options, compared at the tree or fragment level, and at the
/// serialization level for a serialization divergence.
pub(crate) fn rerun_parse(
    divergence: &Divergence,
    input: &str,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Vec<Divergence> {
    let request = divergence.request.with_input(input);
    let level = level_of(&request);
    let serialization = divergence.level == Level::Serialization;
    let answer = |engine: &mut dyn Engine| Side {
        engine: engine.name().into(),
        // A tree difference needs no serializations.
        result: if serialization {
            engine.parse(&request)
        } else {
            engine.parse_tree(&request)
        },
    };
    let left = answer(reference);
    let right = answer(other);
    compare_results(level, &request, &left, &right, serialization)
}

/// Whether an archived finding still shows its signature: its divergence, with
/// placeholder answers of `engines` (left, right), rerun on its input.
pub(crate) fn still_shows(
    archived: &level::Archived<'_>,
    level: Level,
    (left, right): (&str, &str),
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> bool {
    let placeholder = |engine: &str| Side {
        engine: engine.into(),
        result: Ok(litmus_engines::case::EngineOutput {
            tree: String::new(),
            serialization: None,
        }),
    };
    let divergence = Divergence {
        level,
        request: archived.request.clone(),
        left: placeholder(left),
        right: placeholder(right),
        first_difference: None,
        signature: archived.signature.clone(),
        engine: archived.finding.engine.clone(),
        detail: Detail::None,
    };
    recheck(&divergence, &archived.request.input, reference, other).is_some()
}

/// An archived finding of the tree, fragment, serialization or round-trip level
/// that no longer shows its signature: the first divergence the engines show at
/// those levels that `relevant` keeps, `Changed`, else `Gone`.
pub(crate) fn changed_or_gone(
    archived: &level::Archived<'_>,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
    relevant: impl Fn(&Divergence) -> bool,
) -> Recheck {
    let any = (archived.shown_now)(archived.request, reference, other);
    match any.iter().find(|d| relevant(d)) {
        Some(d) => Recheck::Changed(d.signature.as_str().to_owned()),
        None => Recheck::Gone,
    }
}

/// [`rerun`], keeping the divergence with the same signature, if any: the
/// minimizer's test.
pub fn recheck(
    divergence: &Divergence,
    input: &str,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Option<Divergence> {
    rerun(divergence, input, reference, other)
        .into_iter()
        .find(|d| d.signature == divergence.signature)
}
