//! `roundtrip`: parse → serialize reaches a fixpoint after one round trip.
//!
//! Input format (`litmus_differential::seeds`): a header line `#document` or a context
//! element (`td`, `svg path`), optionally ` #script-off` / ` #script-on`, then LF, then
//! the input; data without such a header is a document. Without a scripting suffix
//! both flags are run.
//!
//! With `ser(x)` the serialization of the parse's result (the document's children, or
//! the fragment's nodes) under the same options: `s1 = ser(input)`, `s2 = ser(s1)`,
//! `s3 = ser(s2)`. The first round trip may change things (the parser normalizes
//! what the serializer never writes: misnesting, implied tags, …); the property is
//! that the second does not, `s2 == s3`, unless
//! [`litmus_fuzz::known_non_round_tripping`] names one of the standard's known cases
//! where markup the serializer writes does not parse back to the same tree.
//!
//! Not checked: fragments whose context element takes its text literally (`style`,
//! `script`, `xmp`, `iframe`, `noembed`, `noframes`, `plaintext`, and `noscript` with
//! scripting on). The fragment's nodes are serialized as the children of the fragment
//! root (an `html` element), so their text is escaped, while the parse in the context
//! reads it raw: every round trip escapes the `&` of the last one. Serializing the
//! context element's children (what `innerHTML` does) would write the text literally;
//! the `parse` and `fragment` targets still check these parses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use litmus_differential::seeds::{decode_roundtrip_input, FuzzCase, ParseTarget};
use litmus_fuzz::{excerpt, known_non_round_tripping, RoundTripOptions};
use litmus_parser::serialize::serialize_children;
use litmus_parser::{parse_document, parse_fragment, FragmentContext, Namespace, ParseOptions};

fn serialize_parse(case: &FuzzCase, input: &str, scripting: bool) -> String {
    let options = ParseOptions {
        scripting,
        ..ParseOptions::default()
    };
    let document = match &case.target {
        ParseTarget::Document => parse_document(input, &options),
        ParseTarget::Fragment(context) => parse_fragment(input, context, &options),
    }
    .expect("content never fails a parse");
    serialize_children(&document, document.result_root())
}

/// Whether text in `context` serializes literally: "If the parent of current node is a
/// style, script, xmp, iframe, noembed, noframes, or plaintext element, or if the
/// parent of current node is a noscript element and scripting is enabled for the
/// node".
fn takes_text_literally(context: &FragmentContext, scripting: bool) -> bool {
    context.ns == Namespace::Html
        && match context.local_name.as_str() {
            "style" | "script" | "xmp" | "iframe" | "noembed" | "noframes" | "plaintext" => true,
            "noscript" => scripting,
            _ => false,
        }
}

fn round_trip_options(case: &FuzzCase, scripting: bool) -> RoundTripOptions {
    RoundTripOptions {
        scripting,
        foreign_context: matches!(&case.target, ParseTarget::Fragment(c) if c.ns != Namespace::Html),
    }
}

fuzz_target!(|data: &[u8]| {
    let case = decode_roundtrip_input(data);
    for scripting in case.scripting_flags() {
        if let ParseTarget::Fragment(context) = &case.target {
            if takes_text_literally(context, scripting) {
                continue;
            }
        }
        let s1 = serialize_parse(&case, &case.input, scripting);
        let s2 = serialize_parse(&case, &s1, scripting);
        if s2 == s1 {
            continue;
        }
        let s3 = serialize_parse(&case, &s2, scripting);
        if s3 == s2
            || known_non_round_tripping(&s2, &s3, round_trip_options(&case, scripting)).is_some()
        {
            continue;
        }
        let at = s2
            .char_indices()
            .zip(s3.chars())
            .find(|((_, a), b)| a != b)
            .map_or(s2.len().min(s3.len()), |((i, _), _)| i);
        panic!(
            "the serialization is no fixpoint after one round trip\n\
             options: {header}, scripting {scripting}\n\
             input: {input}\n\
             s1 = ser(input): {s1:?}\n\
             s2 = ser(s1):    {s2:?}\n\
             s3 = ser(s2):    {s3:?}\n\
             s2 and s3 first differ at byte {at}: {left:?} vs {right:?}",
            header = case.header(),
            input = excerpt(&case.input, 200),
            left = excerpt(&s2[at..], 40),
            right = excerpt(s3.get(at..).unwrap_or(""), 40),
        );
    }
});
