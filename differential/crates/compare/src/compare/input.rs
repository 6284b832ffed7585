//! One input compared: the requests the tree and fragment levels make of it
//! ([`Levels`], its fragment contexts), and both engines asked and compared at the
//! levels it enables ([`compare_request`], [`compare_input`]).

use super::batch::compare_cases;
use super::divergence::Divergence;
use super::level::Pair;
use super::registry::LevelSet;
use crate::signature::Level;
use litmus_engines::case::ParseRequest;
use litmus_engines::engine::Engine;
use litmus_parser::FragmentContext;

/// The context elements fragment comparisons use by default, chosen from the parser's
/// list [`litmus_parser::names::FRAGMENT_CONTEXTS`] (in its order; a test holds them
/// to it): the ones whose insertion modes and tokenizer states differ, and the
/// foreign-content integration points.
pub const DEFAULT_FRAGMENT_CONTEXTS: [&str; 17] = [
    "body",
    "div",
    "td",
    "tr",
    "table",
    "select",
    "template",
    "title",
    "textarea",
    "script",
    "style",
    "plaintext",
    "svg svg",
    "svg foreignObject",
    "math math",
    "math mi",
    "math annotation-xml",
];

/// [`DEFAULT_FRAGMENT_CONTEXTS`] as context elements.
pub fn default_fragment_contexts() -> Vec<FragmentContext> {
    DEFAULT_FRAGMENT_CONTEXTS
        .iter()
        .filter_map(|c| FragmentContext::parse(c))
        .collect()
}

/// Which levels to compare, and with what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Levels {
    /// Document parsing, scripting on and off.
    pub tree: bool,
    /// Fragment parsing in each of `fragment_contexts`.
    pub fragment: bool,
    /// Serializations, where the trees agree.
    pub serialization: bool,
    /// Each engine's round trip.
    pub round_trip: bool,
    pub fragment_contexts: Vec<FragmentContext>,
    /// The scripting flags fragments are parsed with (documents get both).
    pub fragment_scripting: Vec<bool>,
}

impl Default for Levels {
    /// Every level; the default contexts; fragments with scripting on.
    fn default() -> Levels {
        Levels {
            tree: true,
            fragment: true,
            serialization: true,
            round_trip: true,
            fragment_contexts: default_fragment_contexts(),
            fragment_scripting: vec![true],
        }
    }
}

/// The requests the tree and fragment levels make of one input, each with its level.
pub fn requests(input: &str, levels: &Levels) -> Vec<(Level, ParseRequest)> {
    let mut requests = Vec::new();
    if levels.tree {
        for scripting in [true, false] {
            requests.push((Level::Tree, ParseRequest::document(input, scripting)));
        }
    }
    if levels.fragment {
        for context in &levels.fragment_contexts {
            for &scripting in &levels.fragment_scripting {
                requests.push((
                    Level::Fragment,
                    ParseRequest::fragment(input, context.clone(), scripting),
                ));
            }
        }
    }
    requests
}

/// Asks both engines about `request` and compares the answers at `level` (tree or
/// fragment), then the serializations and round trips as `levels` says.
pub fn compare_request(
    level: Level,
    request: &ParseRequest,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
    levels: &Levels,
) -> Vec<Divergence> {
    let mut set = LevelSet::of([]);
    if levels.serialization {
        set.insert(Level::Serialization);
    }
    if levels.round_trip {
        set.insert(Level::RoundTrip);
    }
    let mut engines = Pair { reference, other };
    compare_cases(&[(0, level, request)], &set, &mut engines)
        .into_iter()
        .flat_map(|case| case.divergences)
        .collect()
}

/// Every divergence of one input at the levels `levels` enables.
pub fn compare_input(
    input: &str,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
    levels: &Levels,
) -> Vec<Divergence> {
    requests(input, levels)
        .into_iter()
        .flat_map(|(level, request)| compare_request(level, &request, reference, other, levels))
        .collect()
}
