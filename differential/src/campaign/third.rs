//! A third engine's opinion: which side of a divergence a browser (or any third
//! engine) takes.
//!
//! For a tree or fragment divergence between the reference parser and the engine under
//! test, the third engine parses the same minimized input with the same options; its
//! tree is compared with both: it sides with the reference, with the other engine, or
//! with neither. Serialization and round-trip findings get no third opinion (a
//! browser's serializer is not what those levels test).

use crate::case::Level;
use crate::compare::Divergence;
use crate::engine::Engine;
use crate::finding::ThirdOpinion;

/// The sides a third engine can take.
pub const SIDES: [&str; 4] = ["reference", "other", "neither", "unavailable"];

/// Asks `third` about a divergence (as its minimized input shows it); `None` for
/// levels that get no third opinion.
pub fn third_opinion(divergence: &Divergence, third: &mut dyn Engine) -> Option<ThirdOpinion> {
    if !matches!(divergence.level, Level::Tree | Level::Fragment) || divergence.is_failure() {
        return None;
    }
    let (Some(reference), Some(other)) = divergence.compared_texts() else {
        return None;
    };
    let engine = third.name().to_owned();
    Some(match third.parse(&divergence.request) {
        Ok(output) => ThirdOpinion {
            engine,
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
