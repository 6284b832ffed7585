//! A third engine's opinion: which side of a divergence a browser (or any third
//! engine) takes.
//!
//! For a tree or fragment divergence between the reference parser and the engine under
//! test, the third engine parses the same minimized input with the same options; its
//! tree is compared with both: it sides with the reference, with the other engine, or
//! with neither. Serialization and round-trip findings get no third opinion (a
//! browser's serializer is not what those levels test).

use crate::case::ParseRequest;
use crate::engine::Engine;
use crate::finding::{Finding, ThirdOpinion};
use litmus_parser::FragmentContext;

/// The sides a third engine can take.
pub const SIDES: [&str; 4] = ["reference", "other", "neither", "unavailable"];

/// Asks `third` about `finding`; `None` for levels that get no third opinion.
pub fn third_opinion(finding: &Finding, third: &mut dyn Engine) -> Option<ThirdOpinion> {
    if finding.level != "tree" && finding.level != "fragment" {
        return None;
    }
    let request = match &finding.fragment_context {
        Some(text) => ParseRequest::fragment(
            finding.input.clone(),
            FragmentContext::parse(text)?,
            finding.scripting,
        ),
        None => ParseRequest::document(finding.input.clone(), finding.scripting),
    };
    let engine = third.name().to_owned();
    Some(match third.parse(&request) {
        Ok(output) => ThirdOpinion {
            engine,
            sides_with: side(
                &output.tree,
                &finding.reference_output,
                &finding.other_output,
            )
            .to_owned(),
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
