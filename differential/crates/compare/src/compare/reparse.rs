//! A tree parsed again from its serialization: the round trip's request and
//! comparison ([`round_trip_request`], [`compare_round_trip`], [`round_trip`]), the
//! standard's own round trip of an input ([`standard_round_trip`]) and what an
//! engine's parse of its serialization shows downstream of it ([`downstream`]).

use super::divergence::{root_label, Detail, Divergence, Side};
use crate::signature::{
    failure_signature, first_tree_difference, tree_signature, Level, Signature,
};
use litmus_engines::case::{ParseRequest, ParseResult};
use litmus_engines::engine::Engine;

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
pub fn standard_round_trip(request: &ParseRequest, engine: &str) -> Option<Option<Signature>> {
    let first = litmus_engines::engine::parse_with_litmus(request, true);
    let again = round_trip_request(request, &first)?;
    let second = litmus_engines::engine::parse_with_litmus(&again, false);
    second.as_ref().ok()?;
    Some(compare_round_trip(request, engine, &first, &second).map(|d| d.signature))
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
