//! `parse`: any bytes, as UTF-8 with invalid sequences replaced by U+FFFD, parsed as a
//! document with scripting on, and off too where the flag can matter
//! ([`litmus_fuzz::scripting_flags`]).
//!
//! Asserts, for each parse, that the parser returns (no panic, no overflow, no
//! runaway memory under the fuzzer's limits) a document that passes
//! [`litmus_fuzz::check_tree`]: parent, child and sibling links agree both ways, no
//! cycles or shared nodes, HTML templates have detached DocumentFragment contents,
//! node kinds sit where they may, parse errors are ordered and within the input.
//! (The dump and the serialization are run by the `fragment` and `roundtrip`
//! targets.)
//!
//! And that the labelled fast paths change nothing: a parse with them turned off at run
//! time (`parse_with_fast_paths(…, false)`) gives the same tree
//! ([`litmus_fuzz::same_tree`], confirmed with the dumps) and the same errors.
#![no_main]

use libfuzzer_sys::fuzz_target;
use litmus_parser::{dump, parse_document, parse_with_fast_paths, ParseOptions};

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    for &scripting in litmus_fuzz::scripting_flags(&input, None) {
        let options = ParseOptions {
            scripting,
            ..ParseOptions::default()
        };
        let document = parse_document(&input, &options).expect("content never fails a parse");
        litmus_fuzz::check_tree(&document, input.len());
        let plain = parse_with_fast_paths(&input, None, &options, false)
            .expect("content never fails a parse");
        if litmus_fuzz::same_tree(&document, &plain) && document.errors == plain.errors {
            continue;
        }
        let (fast_dump, plain_dump) = (dump::dump(&document), dump::dump(&plain));
        assert!(
            fast_dump == plain_dump && document.errors == plain.errors,
            "the fast paths change the parse (scripting {scripting})\ninput: {input:?}\n\
             fast:\n{fast_dump}{:?}\nplain:\n{plain_dump}{:?}",
            document.errors,
            plain.errors
        );
    }
});
