//! Comparison at the four levels of DESIGN.md.
//!
//! 1. **tree**: document parsing, scripting on and off; the two engines' dumps.
//! 2. **fragment**: fragment parsing in a spread of context elements
//!    ([`DEFAULT_FRAGMENT_CONTEXTS`]); the two engines' dumps.
//! 3. **serialization**: where the two trees agree, the two engines' serializations.
//! 4. **round trip**: each engine's tree against its parse (same options) of its own
//!    serialization. A failure is a finding for that engine alone; the standard has
//!    known cases that do not round-trip, which this module reports like any other
//!    (classifying them is the job of the known-differences file). Fragments in
//!    raw-text contexts get no round trip ([`round_trip_applies`] says why).
//!
//! An engine failure (panic, crash, timeout, …) is a divergence too, with a failure
//! signature (`crash | html5ever: …`); it is reported once per failing engine and
//! request.
//!
//! The pure functions ([`compare_results`], [`compare_round_trip`]) compare answers
//! already in hand; [`compare_request`], [`compare_input`] and [`recheck`] also ask
//! the engines — any [`Engine`], including a [`litmus_engines::worker::Worker`].

use crate::signature::{
    failure_signature, first_line_difference, first_tree_difference, serialization_signature,
    tree_signature, Signature,
};
use litmus_engines::case::{EngineFailure, EngineName, ParseRequest, ParseResult};
use litmus_engines::engine::Engine;
use litmus_parser::FragmentContext;
use serde::{Deserialize, Serialize};

pub use crate::signature::FirstDifference;
pub use chunks::compare_chunks;
pub use errors::compare_errors;
pub use level::{Detail, Level, LevelCounter, LevelRules, LevelSet, Recheck};
pub use speed::compare_speed;
pub use tokens::compare_tokens;

pub mod chunks;
pub mod errors;
pub mod level;
pub mod round_trip;
pub mod serialization;
pub mod speed;
pub mod tokens;
#[cfg(test)]
mod toy_level;
pub mod tree;

/// The registry of levels, in the order a case is compared at them (a level may
/// read what the levels before it found: serialization compares only where the tree
/// or fragment level found nothing), which is the order of reports. A new level is
/// a module and one line here (ARCHITECTURE.md, "Adding a level").
pub static REGISTRY: &[&dyn LevelRules] = &[
    &tree::TreeLevel(Level::Tree),
    &tree::TreeLevel(Level::Fragment),
    &serialization::SerializationLevel,
    &round_trip::RoundTripLevel,
    &chunks::ChunksLevel,
    &tokens::TokensLevel,
    &errors::ErrorsLevel,
    &speed::SpeedLevel,
    #[cfg(test)]
    &toy_level::ToyLevel,
];

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

/// One engine's answer, labelled with the engine's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    pub engine: EngineName,
    pub result: ParseResult,
}

/// Two answers that differ, or an engine that failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Divergence {
    pub level: Level,
    /// The request (for a round trip, the first parse's; the second parses the first
    /// one's serialization with the same options).
    pub request: ParseRequest,
    /// The reference engine's answer; for a round trip, the engine's first answer.
    pub left: Side,
    /// The other engine's answer; for a round trip, the same engine's answer for its
    /// own serialization.
    pub right: Side,
    /// Where the compared texts (trees, or serializations) first differ; `None` for a
    /// failure.
    pub first_difference: Option<FirstDifference>,
    pub signature: Signature,
    /// The engine whose behaviour it shows — the one rule every part of litmus uses
    /// (classification, reports, the fuzz targets): for a tree, fragment or
    /// serialization difference the engine compared with the reference (the right
    /// side); for a round trip the engine that round-tripped; for a failure the engine
    /// that failed (the one its signature names).
    pub engine: EngineName,
    /// What its level adds (the chunk level's split points, the token level's start
    /// point).
    #[serde(default, skip_serializing_if = "Detail::is_none")]
    pub detail: Detail,
}

impl Divergence {
    /// A divergence at `level` between the reference's answer `left` and another
    /// engine's `right`, shown by the right side's engine (a failure's caller names
    /// the failing engine instead).
    pub fn between(
        level: Level,
        request: &ParseRequest,
        left: &Side,
        right: &Side,
        first_difference: Option<FirstDifference>,
        signature: Signature,
    ) -> Divergence {
        Divergence {
            level,
            request: request.clone(),
            left: left.clone(),
            right: right.clone(),
            first_difference,
            signature,
            engine: right.engine.clone(),
            detail: Detail::None,
        }
    }

    /// Whether this records an engine failure (crash, timeout, …) rather than two
    /// outputs that differ.
    pub fn is_failure(&self) -> bool {
        self.signature.is_failure()
    }

    /// A round trip's serialization: the engine's text of its first tree.
    pub fn round_trip_serialization(&self) -> Option<&str> {
        if self.level != Level::RoundTrip {
            return None;
        }
        self.left.result.as_ref().ok()?.serialization.as_deref()
    }

    /// The locus of this divergence, if its level has one and the reference's trace of
    /// its case explains its left side ([`crate::locus`]).
    pub fn locus(&self) -> Option<crate::locus::Locus> {
        // An engine that failed left no tree: the case's arms and tokens only.
        if self.is_failure() {
            return crate::locus::of_case(&self.request);
        }
        self.level.rules().locus(self)
    }

    /// The texts this level compares: the two trees, or the two serializations.
    pub fn compared_texts(&self) -> (Option<&str>, Option<&str>) {
        fn text<'a>(rules: &dyn LevelRules, side: &'a Side) -> Option<&'a str> {
            rules.compared_text(side.result.as_ref().ok()?)
        }
        let rules = self.level.rules();
        (text(rules, &self.left), text(rules, &self.right))
    }
}

/// The name of the root in signatures: `#document`, or for a fragment the context it
/// was parsed in, `#fragment(svg path)` (top-level differences often depend on it: a
/// round trip in a `script` context, a table part in `tr`).
fn root_label(request: &ParseRequest) -> String {
    match &request.fragment {
        Some(context) => format!("#fragment({context})"),
        None => "#document".to_owned(),
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

/// Compares two engines' answers to `request` at `level` (tree or fragment): a
/// failure divergence per failing engine, else a tree divergence, else (with
/// `serialization`) a serialization divergence.
pub fn compare_results(
    level: Level,
    request: &ParseRequest,
    left: &Side,
    right: &Side,
    serialization: bool,
) -> Vec<Divergence> {
    let (l, r) = match (&left.result, &right.result) {
        (Ok(l), Ok(r)) => (l, r),
        _ => return failure_divergences(level, request, left, right, |_| true),
    };
    let root = root_label(request);
    if let Some(signature) =
        tree_signature(level, &left.engine, &l.tree, &right.engine, &r.tree, &root)
    {
        let first = first_tree_difference(&l.tree, &r.tree);
        return vec![Divergence::between(
            level, request, left, right, first, signature,
        )];
    }
    if serialization {
        return compare_serializations(request, left, right)
            .into_iter()
            .collect();
    }
    Vec::new()
}

/// Compares two engines' serializations of trees that agree: `None` when they agree,
/// or when an engine gave none.
pub fn compare_serializations(
    request: &ParseRequest,
    left: &Side,
    right: &Side,
) -> Option<Divergence> {
    let ls = left.result.as_ref().ok()?.serialization.as_ref()?;
    let rs = right.result.as_ref().ok()?.serialization.as_ref()?;
    let signature = serialization_signature(
        &left.engine,
        ls,
        &right.engine,
        rs,
        &root_label(request),
        request.scripting,
    )?;
    let first = first_line_difference(ls, rs);
    Some(Divergence::between(
        Level::Serialization,
        request,
        left,
        right,
        first,
        signature,
    ))
}

/// A failure divergence for each side of a comparison at `level` whose engine failed,
/// but for the failures `counts` says the level passes over (the errors level skips
/// an engine that reports no errors).
pub fn failure_divergences(
    level: Level,
    request: &ParseRequest,
    left: &Side,
    right: &Side,
    counts: fn(&EngineFailure) -> bool,
) -> Vec<Divergence> {
    [left, right]
        .into_iter()
        .filter_map(|side| {
            let failure = side.result.as_ref().err().filter(|f| counts(f))?;
            let signature = failure_signature(&side.engine, failure);
            let mut divergence = Divergence::between(level, request, left, right, None, signature);
            divergence.engine = side.engine.clone();
            Some(divergence)
        })
        .collect()
}

/// The request that re-parses `first`'s serialization: `None` if it has none, or if
/// the request is a fragment in a context whose text the standard serializes raw
/// (see [`round_trip_applies`]).
pub fn round_trip_request(request: &ParseRequest, first: &ParseResult) -> Option<ParseRequest> {
    if !round_trip_applies(request) {
        return None;
    }
    let serialization = first.as_ref().ok()?.serialization.as_ref()?;
    Some(request.with_input(serialization.as_str()))
}

/// Whether a round trip of `request` tests the engines. Engines serialize a
/// fragment's nodes as the children of the fragment's `html` root, which escapes
/// text; re-parsed in a context that reads raw text (`script`, `style`, `xmp`,
/// `iframe`, `noembed`, `noframes`, `plaintext`, and `noscript` with scripting on)
/// the escapes stay, for every engine and every input with a `<`, `>` or `&`. That
/// is an artifact of serializing through the root rather than the context element,
/// so those contexts get no round trip.
pub fn round_trip_applies(request: &ParseRequest) -> bool {
    let Some(context) = &request.fragment else {
        return true;
    };
    if context.ns != litmus_parser::Namespace::Html {
        return true;
    }
    // The serializer's own table of elements whose text it writes raw.
    let name = litmus_parser::names::LocalName::well_known(context.local_name.as_bytes());
    !name
        .is_some_and(|name| litmus_parser::serialize::takes_text_literally(name, request.scripting))
}

/// Compares one engine's first answer with its answer for its own serialization.
/// `None` if the trees agree, or if there was nothing to round-trip (the first parse
/// failed, or the engine has no serializer).
pub fn compare_round_trip(
    request: &ParseRequest,
    engine: &str,
    first: &ParseResult,
    second: &ParseResult,
) -> Option<Divergence> {
    let first_output = first.as_ref().ok()?;
    let divergence = |first_difference, signature| Divergence {
        level: Level::RoundTrip,
        request: request.clone(),
        left: Side {
            engine: engine.into(),
            result: first.clone(),
        },
        right: Side {
            engine: engine.into(),
            result: second.clone(),
        },
        first_difference,
        signature,
        engine: engine.into(),
        detail: Detail::None,
    };
    match second {
        Err(failure) => Some(divergence(None, failure_signature(engine, failure))),
        Ok(second_output) => {
            let signature = tree_signature(
                Level::RoundTrip,
                engine,
                &first_output.tree,
                "reparsed",
                &second_output.tree,
                &root_label(request),
            )?;
            let first = first_tree_difference(&first_output.tree, &second_output.tree);
            Some(divergence(first, signature))
        }
    }
}

/// The standard's own round trip of `request`: the reference's tree, written by the
/// standard's serializer and parsed again, as the round-trip level would sign it for
/// `engine`. `None` where no round trip applies or the reference refuses the input;
/// `Some(None)` when the tree comes back unchanged.
pub fn standard_round_trip(request: &ParseRequest, engine: &str) -> Option<Option<String>> {
    let first = litmus_engines::engine::parse_with_litmus(request, true);
    let again = round_trip_request(request, &first)?;
    let second = litmus_engines::engine::parse_with_litmus(&again, false);
    second.as_ref().ok()?;
    Some(
        compare_round_trip(request, engine, &first, &second)
            .map(|d| d.signature.as_str().to_owned()),
    )
}

/// An engine's parse of its own serialization against the standard's parse of it: the
/// tree difference a round trip shows downstream of the serializer, where the engine
/// reads `serialization` otherwise than the standard does. `None` where the two
/// trees agree (the serialization itself does not give the tree back), or the
/// request is too large to trace.
pub fn downstream(
    request: &ParseRequest,
    engine: &str,
    serialization: &str,
    reparsed: &str,
) -> Option<(ParseRequest, crate::locus::Upstream)> {
    let again = request.with_input(serialization);
    let difference = crate::locus::upstream(&again, engine, reparsed)?;
    Some((again, difference))
}

/// Runs `engine`'s round trip for `request`, given its first answer.
pub fn round_trip(
    engine: &mut dyn Engine,
    request: &ParseRequest,
    first: &ParseResult,
) -> Option<Divergence> {
    let again = round_trip_request(request, first)?;
    let second = engine.parse_tree(&again);
    let name = engine.name().to_owned();
    compare_round_trip(request, &name, first, &second)
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
    let mut engines = level::Pair { reference, other };
    level::compare_cases(&[(0, level, request)], &set, &mut engines)
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
    let level = tree::level_of(&request);
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
    request: &ParseRequest,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
    relevant: impl Fn(&Divergence) -> bool,
) -> Recheck {
    let any = compare_request(
        tree::level_of(request),
        request,
        reference,
        other,
        &Levels::default(),
    );
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

#[cfg(test)]
mod tests;
