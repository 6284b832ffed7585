//! The judges' verdicts: which side of a divergence each browser (or any third
//! engine, `--judges`) takes.
//!
//! For a tree or fragment divergence between the reference parser and the engine under
//! test, each judge parses the same minimized input with the same options; its tree is
//! compared with both: it sides with the reference, with the other engine, or with
//! neither. Serialization and round-trip findings get no verdict (a browser's
//! serializer is not what those levels test). A class whose judges side with the
//! engine under test against the reference is one to review against the standard
//! ([`crate::finding::against_the_reference`]): reports list it first.

use crate::finding::ThirdOpinion;
use litmus_compare::compare::Divergence;
use litmus_compare::compare::Level;
use litmus_engines::case::EngineName;
use litmus_engines::engine::Engine;

/// Asks `third` about a divergence (as its minimized input shows it); `None` for
/// levels that get no third opinion.
pub fn third_opinion(divergence: &Divergence, third: &mut dyn Engine) -> Option<ThirdOpinion> {
    if !matches!(divergence.level, Level::Tree | Level::Fragment) || divergence.is_failure() {
        return None;
    }
    let (Some(reference), Some(other)) = divergence.compared_texts() else {
        return None;
    };
    let engine = EngineName::from(third.name());
    Some(match third.parse(&divergence.request) {
        Ok(output) => ThirdOpinion {
            engine: engine.clone(),
            sides_with: side(&output.tree, reference, other).to_owned(),
            output: output.tree,
        },
        Err(failure) => ThirdOpinion {
            engine,
            sides_with: "unavailable".to_owned(),
            output: failure.to_string(),
        },
    })
}

/// Every judge's answer about a divergence, in order; empty for levels that get no
/// verdict.
pub fn judges_opinions(
    divergence: &Divergence,
    judges: &mut [&mut dyn Engine],
) -> Vec<ThirdOpinion> {
    judges
        .iter_mut()
        .filter_map(|judge| third_opinion(divergence, &mut **judge))
        .collect()
}

/// `reference`, `other` or `neither`: which tree `third` equals.
pub fn side(third: &str, reference: &str, other: &str) -> &'static str {
    if third == reference {
        "reference"
    } else if third == other {
        "other"
    } else {
        "neither"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::against_the_reference;

    fn opinion(sides_with: &str) -> ThirdOpinion {
        ThirdOpinion {
            engine: "judge".into(),
            sides_with: sides_with.into(),
            output: String::new(),
        }
    }

    #[test]
    fn the_judges_side_against_the_reference_when_more_side_with_the_engine() {
        let verdicts = |sides: &[&str]| sides.iter().map(|s| opinion(s)).collect::<Vec<_>>();
        assert!(against_the_reference(&verdicts(&[
            "other",
            "other",
            "reference"
        ])));
        assert!(against_the_reference(&verdicts(&[
            "other",
            "neither",
            "unavailable"
        ])));
        assert!(!against_the_reference(&verdicts(&["other", "reference"])));
        assert!(!against_the_reference(&verdicts(&[
            "reference",
            "reference",
            "other"
        ])));
        assert!(!against_the_reference(&verdicts(&[
            "neither",
            "unavailable"
        ])));
        assert!(!against_the_reference(&[]));
        assert_eq!(side("a", "a", "b"), "reference");
        assert_eq!(side("b", "a", "b"), "other");
        assert_eq!(side("c", "a", "b"), "neither");
    }
}
