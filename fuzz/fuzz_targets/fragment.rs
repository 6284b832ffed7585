//! `fragment`: the HTML fragment parsing algorithm on a context element and an input.
//!
//! Input format (`litmus_differential::seeds`): a header line with the context element
//! as html5lib tests write it (`td`, `svg path`, `math mi`, or any name without
//! whitespace in one of the three namespaces) and optionally ` #script-off` or
//! ` #script-on`, then LF, then the input. Data without such a header is all input,
//! with the context `FRAGMENT_CONTEXTS[first byte % N]` of the generator. Without a
//! scripting suffix both flags are parsed.
//!
//! Asserts that each parse returns a document that passes
//! [`litmus_fuzz::check_document`] (the consistency checks of the `parse` target) and
//! that the result root is the fragment's root element.
#![no_main]

use libfuzzer_sys::fuzz_target;
use litmus_differential::seeds::decode_fragment_input;
use litmus_parser::{parse_fragment, ParseOptions};

fuzz_target!(|data: &[u8]| {
    let (context, scripting, input) = decode_fragment_input(data);
    let flags = match scripting {
        Some(flag) => vec![flag],
        None => vec![true, false],
    };
    for scripting in flags {
        let options = ParseOptions {
            scripting,
            ..ParseOptions::default()
        };
        let document =
            parse_fragment(&input, &context, &options).expect("content never fails a parse");
        assert_eq!(
            document.fragment_root(),
            Some(document.result_root()),
            "a fragment parse without a fragment root"
        );
        let _ = litmus_fuzz::check_document(&document, input.len());
    }
});
