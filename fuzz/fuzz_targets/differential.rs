//! `differential`: litmus and html5ever, in process, on the same case; aborts only on a
//! divergence that no class of `corpus/known-differences.toml` explains.
//!
//! Input format (`litmus_differential::seeds`):
//! - `#generate SEED INDEX`, LF, then an optional edit (two bytes position, one byte
//!   delete count, the rest inserted): the generator's case `(SEED, INDEX)` with its
//!   own fragment context and scripting flag, edited;
//! - or a case: a header line `#document` or a context element (`td`, `svg path`),
//!   optionally ` #script-off` / ` #script-on`, LF, the input (both scripting flags
//!   without a suffix);
//! - anything else is a document, both scripting flags.
//!
//! "Both scripting flags" means both where the flag can change the standard's parse
//! (the input or the context names `noscript`), else scripting on alone
//! ([`litmus_fuzz::scripting_flags`]): an engine whose parse depends on the flag
//! elsewhere is left to `litmus run`, which parses every case as generated.
//!
//! Each parse is compared the way `litmus run` compares (`compare::compare_request`):
//! the trees (document or fragment level), then the serializations where the trees
//! agree, and (when asked) each engine's round trip. Every divergence is classified with
//! `KnownDifferences::classify` (the engine being the other engine, the failing one for
//! a failure, or the round-tripping one); the first one no class explains panics with
//! its signature, the options, the input and where the outputs first differ.
//!
//! Known differences: the file as it was at build time (embedded by `build.rs`), or the
//! file `LITMUS_KNOWN_DIFFERENCES` names at run time. `LITMUS_FUZZ_LEVELS` (a
//! comma-separated subset of `serialization,round-trip`; default `serialization`)
//! chooses the levels beyond the tree. Round trips are left out by default: they
//! double the parses of every run, the `roundtrip` target checks litmus's, and every
//! campaign checks both engines'. `LITMUS_FUZZ_SURVEY=1` turns aborting off: each unexplained
//! divergence is printed as one line, `unexplained: ENGINE | SIGNATURE | INPUT`, and the
//! run goes on (replay a corpus with `-runs=0` to list the classes it lacks).
#![no_main]

use libfuzzer_sys::fuzz_target;
use litmus_differential::case::ParseRequest;
use litmus_differential::compare::Level;
use litmus_differential::compare::{compare_request, Divergence, Levels};
use litmus_differential::engine::{Html5everEngine, LitmusEngine};
use litmus_differential::generator::Generator;
use litmus_differential::known::{Evidence, KnownDifferences};
use litmus_differential::seeds::{decode_differential_input, default_generator, ParseTarget};
use litmus_fuzz::excerpt;
use std::path::Path;
use std::sync::OnceLock;

const EMBEDDED_KNOWN_DIFFERENCES: &str =
    include_str!(concat!(env!("OUT_DIR"), "/known-differences.toml"));

fn known() -> &'static KnownDifferences {
    static KNOWN: OnceLock<KnownDifferences> = OnceLock::new();
    KNOWN.get_or_init(|| match std::env::var_os("LITMUS_KNOWN_DIFFERENCES") {
        Some(path) => KnownDifferences::load(Path::new(&path))
            .unwrap_or_else(|e| panic!("LITMUS_KNOWN_DIFFERENCES: {e}")),
        None => KnownDifferences::parse(EMBEDDED_KNOWN_DIFFERENCES).unwrap_or_else(|e| {
            panic!("corpus/known-differences.toml (as embedded at build time): {e}")
        }),
    })
}

fn levels() -> &'static Levels {
    static LEVELS: OnceLock<Levels> = OnceLock::new();
    LEVELS.get_or_init(|| {
        let mut levels = Levels {
            round_trip: false,
            ..Levels::default()
        };
        if let Ok(list) = std::env::var("LITMUS_FUZZ_LEVELS") {
            let names: Vec<&str> = list.split(',').map(str::trim).collect();
            for name in &names {
                assert!(
                    matches!(*name, "" | "tree" | "serialization" | "round-trip"),
                    "LITMUS_FUZZ_LEVELS: unknown level {name:?} (serialization, round-trip)"
                );
            }
            levels.serialization = names.contains(&"serialization");
            levels.round_trip = names.contains(&"round-trip");
        }
        levels
    })
}

fn survey() -> bool {
    static SURVEY: OnceLock<bool> = OnceLock::new();
    *SURVEY.get_or_init(|| std::env::var_os("LITMUS_FUZZ_SURVEY").is_some_and(|v| v != "0"))
}

fn generator() -> &'static Generator {
    static GENERATOR: OnceLock<Generator> = OnceLock::new();
    GENERATOR.get_or_init(default_generator)
}

fn report(divergence: &Divergence, engine: &str) -> ! {
    let (left, right) = divergence.compared_texts();
    let first = divergence
        .first_difference
        .as_ref()
        .map_or_else(|| "(an engine failed)".to_owned(), |f| format!("{f:?}"));
    panic!(
        "a divergence no known class explains\n\
         signature: {signature}\n\
         engine: {engine}\n\
         level: {level}\n\
         options: {options}\n\
         input: {input:?}\n\
         first difference: {first}\n\
         {left_name}:\n{left}\n\
         {right_name}:\n{right}",
        signature = divergence.signature,
        level = divergence.level,
        options = divergence.request.options_description(),
        input = divergence.request.input,
        left_name = divergence.left.engine,
        right_name = divergence.right.engine,
        left = left.map_or_else(
            || format!("{:?}", divergence.left.result),
            |t| excerpt(t, 2000)
        ),
        right = right.map_or_else(
            || format!("{:?}", divergence.right.result),
            |t| excerpt(t, 2000)
        ),
    );
}

fuzz_target!(|data: &[u8]| {
    let case = decode_differential_input(data).to_case(generator());
    let known = known();
    let levels = levels();
    let context = match &case.target {
        ParseTarget::Document => None,
        ParseTarget::Fragment(context) => Some(context.to_string()),
    };
    let flags = match case.scripting {
        Some(flag) => vec![flag],
        None => litmus_fuzz::scripting_flags(&case.input, context.as_deref()).to_vec(),
    };
    for scripting in flags {
        let (level, request) = match &case.target {
            ParseTarget::Document => (
                Level::Tree,
                ParseRequest::document(case.input.as_str(), scripting),
            ),
            ParseTarget::Fragment(context) => (
                Level::Fragment,
                ParseRequest::fragment(case.input.as_str(), context.clone(), scripting),
            ),
        };
        let divergences = compare_request(
            level,
            &request,
            &mut LitmusEngine,
            &mut Html5everEngine,
            levels,
        );
        for divergence in &divergences {
            let engine = divergence.engine.as_str();
            if known.classify(&mut Evidence::of(divergence)).is_some() {
                continue;
            }
            if survey() {
                eprintln!(
                    "unexplained: {engine} | {} | {:?}",
                    divergence.signature,
                    excerpt(&divergence.request.input, 100)
                );
            } else {
                report(divergence, engine);
            }
        }
    }
});
