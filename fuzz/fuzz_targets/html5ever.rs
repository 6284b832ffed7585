//! `html5ever`: any bytes, as UTF-8 with invalid sequences replaced by U+FFFD, parsed
//! by html5ever into markup5ever_rcdom, and nothing else. Not a test of litmus: the
//! yardstick the nightly campaign measures the other targets' speed against (a plain
//! libFuzzer target of one foreign parser, on the same corpus in the same run).
#![no_main]

use html5ever::tendril::TendrilSink;
use libfuzzer_sys::fuzz_target;
use markup5ever_rcdom::RcDom;

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    let dom = html5ever::parse_document(RcDom::default(), Default::default()).one(input.as_ref());
    std::hint::black_box(dom);
});
