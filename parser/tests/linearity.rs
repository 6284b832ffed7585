//! The parser is linear on the families that were not: each family's input at two
//! sizes 8× apart, the smaller parsed 8 times per run so that both runs parse the
//! same bytes, back to back; the larger run's time over the smaller's is the
//! *per-byte growth* (1 for a linear parser, 8 for a quadratic one). A ratio of work,
//! never an absolute time: the test asserts the growth stays under a generous 3.
//!
//! The families: the four of issue 31 (`<b>`×k `<div>`×k `</b>`×k and the same with
//! `<font>`, nested `<selectedcontent>`, and `<select>` with `<option><optgroup>
//! <selectedcontent>`×k), with `<a>` and `<nobr>`, and those `litmus bench --only
//! search` found next (the adoption agency's inner loop removing k entries above k
//! blocks, the `li` start tag's and "reset the insertion mode appropriately"'s walks,
//! options under k blocks in a select with a selectedcontent, a list of active
//! formatting elements k long). At the commit before the fixes each grew by 5–10
//! (`litmus parse --output html`, 24 KB to 192 KB: 6.9 and 9.8 for the first two).

use litmus_parser::{parse_document, ParseOptions};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The per-byte growth the test allows over 8× the input.
const MOST_GROWTH: f64 = 3.0;
/// The smaller input's size, in bytes.
const SMALL: usize = 128 << 10;
const FACTOR: usize = 8;
/// Runs of each size; the fastest of each counts (a busy machine slows a run now and
/// then).
const PAIRS: usize = 5;

fn parse(input: &str) {
    let document = parse_document(input, &ParseOptions::default());
    black_box(&document);
}

fn timed(f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

/// The per-byte growth from `build(SMALL)` to `build(SMALL * FACTOR)`: the fastest
/// large run over the fastest run of the small one parsed as many times.
fn growth(build: &dyn Fn(usize) -> String) -> (f64, usize, usize) {
    let small = build(SMALL);
    let large = build(SMALL * FACTOR);
    let repeats = (large.len() as f64 / small.len() as f64).round().max(1.0) as usize;
    parse(&small);
    parse(&large);
    // The fastest run of each, which noise moves least; runs back to back.
    let (mut fastest_small, mut fastest_large) = (Duration::MAX, Duration::MAX);
    for _ in 0..PAIRS {
        fastest_small = fastest_small.min(timed(|| {
            for _ in 0..repeats {
                parse(&small);
            }
        }));
        fastest_large = fastest_large.min(timed(|| parse(&large)));
    }
    let least = fastest_large.as_secs_f64() / fastest_small.as_secs_f64().max(1e-9);
    (least, small.len(), large.len())
}

/// `parts`, each repeated k times in turn, after `prefix`, for about `bytes` bytes.
fn runs(prefix: &'static str, parts: &'static [&'static str]) -> impl Fn(usize) -> String {
    move |bytes| {
        let per: usize = parts.iter().map(|p| p.len()).sum();
        let k = bytes / per;
        let mut s = String::from(prefix);
        for part in parts {
            s.push_str(&part.repeat(k));
        }
        s
    }
}

/// Distinct `<i id=…>` k times, then `tail` k times.
fn distinct_then(tail: &'static str) -> impl Fn(usize) -> String {
    move |bytes| {
        let k = bytes / (10 + tail.len());
        let mut s = String::new();
        for i in 0..k {
            s.push_str(&format!("<i id={i}>"));
        }
        s.push_str(&tail.repeat(k));
        s
    }
}

/// A family's input for `k` repetitions.
type Family = Box<dyn Fn(usize) -> String>;

#[test]
fn families_that_were_quadratic_are_linear() {
    let families: Vec<(&str, Family)> = vec![
        (
            "<b>×k <div>×k </b>×k",
            Box::new(runs("", &["<b>", "<div>", "</b>"])),
        ),
        (
            "<font>×k <div>×k </font>×k",
            Box::new(runs("", &["<font>", "<div>", "</font>"])),
        ),
        (
            "<a>×k <div>×k </a>×k",
            Box::new(runs("", &["<a>", "<div>", "</a>"])),
        ),
        (
            "<nobr>×k <div>×k </nobr>×k",
            Box::new(runs("", &["<nobr>", "<div>", "</nobr>"])),
        ),
        (
            "<selectedcontent>×k",
            Box::new(runs("", &["<selectedcontent>"])),
        ),
        (
            "<select> + <option><optgroup><selectedcontent>×k",
            Box::new(runs("<select>", &["<option><optgroup><selectedcontent>"])),
        ),
        (
            "<b> <span>×k <div>×k </b>",
            Box::new(runs("<b>", &["<span>", "<div>", "</b>"])),
        ),
        (
            "(<b><span>)×k <div>×k </b>×k",
            Box::new(runs("", &["<b><span>", "<div>", "</b>"])),
        ),
        (
            "<span>×k (<li></li>)×k",
            Box::new(runs("", &["<span>", "<li></li>"])),
        ),
        (
            "<div>×k (<dd></dd>)×k",
            Box::new(runs("", &["<div>", "<dd></dd>"])),
        ),
        (
            "<div>×k (<template></template>)×k",
            Box::new(runs("", &["<div>", "<template></template>"])),
        ),
        (
            "<select> with a selectedcontent, <div>×k <option>×k",
            Box::new(runs(
                "<select><button><selectedcontent></selectedcontent></button>",
                &["<div>", "<option>"],
            )),
        ),
        (
            "<select> with a selectedcontent, <div>×k (<option selected>x</option>)×k",
            Box::new(runs(
                "<select><button><selectedcontent></selectedcontent></button>",
                &["<div>", "<option selected>x</option>"],
            )),
        ),
        ("<i id=…>×k (<a></a>)×k", Box::new(distinct_then("<a></a>"))),
        ("<i id=…>×k </b>×k", Box::new(distinct_then("</b>"))),
        (
            "<b>×3 <i id=…>×k </b>×k",
            Box::new(|bytes| format!("<b><b><b>{}", distinct_then("</b>")(bytes))),
        ),
    ];
    let mut failures = Vec::new();
    for (name, build) in &families {
        let (g, small, large) = growth(build.as_ref());
        eprintln!("{name}: {small} → {large} bytes, per-byte growth {g:.2}");
        if g > MOST_GROWTH {
            failures.push(format!("{name}: per-byte growth {g:.2} over {FACTOR}×"));
        }
    }
    assert!(failures.is_empty(), "super-linear: {failures:#?}");
}
