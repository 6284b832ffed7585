//! Engines: things that turn a [`ParseRequest`] into an html5lib tree dump and, where
//! they can, a serialization.
//!
//! - [`LitmusEngine`] (`litmus`): the reference parser, litmus-parser.
//! - [`Html5everEngine`] (`html5ever`): html5ever with markup5ever_rcdom.
//! - [`tokenizers::Html5gumTokenizer`]: html5gum's tokenizer, an engine that offers a
//!   tokenizer ([`Engine::tokenize`]) and no parser; the token level's, not in the
//!   registry ([`tokenizers::Tokenizer`] names the engines that offer tokenizers).
//! - [`ChaosEngine`] (`chaos`): the reference parser, except that it panics, aborts,
//!   overflows its stack, hangs or eats memory on marked inputs; for testing the
//!   isolation of [`crate::worker`].
//! - [`ExternalEngine`] (`cmd:COMMAND`): any program speaking the external engine
//!   protocol ([`external`], `docs/engines.md`), one-shot or persistent.
//!
//! [`engine_by_name`] is the registry. Engines are meant to run inside worker
//! processes ([`crate::worker`]), which is also why a worker is itself an [`Engine`].

pub mod browsers;
mod chaos;
pub mod external;
mod html5ever;
mod litmus;
#[cfg(feature = "mutants")]
mod mutant;
pub mod parse_errors;
pub mod tokenizers;

pub use self::chaos::ChaosEngine;
pub use self::external::{ExternalEngine, ExternalMode, ExternalSpec};
pub use self::html5ever::{Html5everEngine, HTML5EVER_VERSION, MARKUP5EVER_RCDOM_VERSION};
pub use self::litmus::parse_request as parse_with_the_reference_parser;
pub use self::litmus::parse_with_litmus;
pub use self::litmus::LitmusEngine;
#[cfg(feature = "mutants")]
pub use self::mutant::MutantEngine;

use crate::case::{ParseRequest, ParseResult};
use std::fmt;
use std::time::{Duration, Instant};
use tokenizers::{TokenStart, Tokenizer};

/// An HTML parser under test.
///
/// The contract:
///
/// - [`Engine::name`] is the name the registry knows the engine by (`litmus`,
///   `html5ever`, …); it labels the engine's side in divergences and signatures.
/// - [`Engine::version`] says exactly what runs (e.g. `html5ever 0.40.1 +
///   markup5ever_rcdom 0.40.1+unofficial`); reports and archived findings record it.
/// - [`Engine::parse`] answers one request ([`Engine::parse_tree`] the same, its
///   serialization optional). It is deterministic: the same request gives
///   the same answer, whatever came before. `Ok` carries the html5lib tree dump of the
///   result (the document's children, or the fragment's nodes under the fragment
///   root) in exactly the format of `litmus_parser::dump`, and the engine's own
///   serialization of the same children where it has a serializer. `Err` says why
///   there is no output: an option the engine does not support, an input over its
///   limit, or — for engines that run elsewhere — a crash, a timeout or unreadable
///   output. Content never makes a conforming engine fail.
/// - An engine may panic, abort, overflow its stack, loop or run out of memory on some
///   input: that is a finding, and the caller is expected to run the engine inside a
///   worker process ([`crate::worker`]), which turns all of these into
///   [`crate::case::EngineFailure`]s.
/// - Engines are `Send` so that a worker thread can own one.
pub trait Engine: Send {
    fn name(&self) -> &str;
    fn version(&self) -> String;
    fn parse(&mut self, request: &ParseRequest) -> ParseResult;

    /// [`Engine::parse`] where only the tree is wanted (a round trip's second parse,
    /// a minimizer's test of a tree difference): an engine may leave its
    /// serialization out and save the time.
    fn parse_tree(&mut self, request: &ParseRequest) -> ParseResult {
        self.parse(request)
    }

    /// How long the parse of `request` takes, for the speed level: the parse alone
    /// where the engine can tell (an in-process engine builds its tree and drops it,
    /// without the html5lib dump, whose indentation grows with the square of the
    /// depth); by default the time of [`Engine::parse_tree`].
    fn parse_time(&mut self, request: &ParseRequest) -> Duration {
        let start = Instant::now();
        let _ = self.parse_tree(request);
        start.elapsed()
    }

    /// The tree of `request` with its input given to the engine in pieces, cut at the
    /// byte offsets `splits` (ascending, each inside the input; a cut may fall inside
    /// a UTF-8 sequence), for the chunk level (`compare::chunks`). `None`, the
    /// default, for an engine that takes its input whole.
    fn parse_chunks(&mut self, _request: &ParseRequest, _splits: &[usize]) -> Option<ParseResult> {
        None
    }

    /// The engine's tokenizer, a capability like [`Engine::parse_chunks`]: its tokens
    /// of the preprocessed input `stream` from `start` (a state, the last start tag,
    /// foreign content), normalized ([`tokenizers::Stream`]). `None`, the default,
    /// for an engine that offers no tokenizer. Callers go through the one runner,
    /// [`tokenizers::run`], which preprocesses the input.
    fn tokenize(&mut self, _stream: &str, _start: &TokenStart) -> Option<Vec<tokenizers::Tok>> {
        None
    }

    /// The token level's answer (`compare::tokens`): the tokens of `input` from
    /// `start` by the engine that offers `tokenizer` ([`Tokenizer::engine`], through
    /// [`tokenizers::run`]), rendered one per line as the `tree`. This engine only
    /// says where that tokenizer runs: by default in this process, which is a
    /// worker's wherever engines run; a [`crate::worker::Worker`] asks its process.
    fn tokens(&mut self, tokenizer: Tokenizer, input: &str, start: &TokenStart) -> ParseResult {
        tokenizers::tokens_answer(tokenizer, input, start)
    }

    /// The errors level's answer (`compare::errors`): the parse errors of `request`
    /// with the standard's codes, rendered one per line as the `tree`
    /// (`compare::errors::render`). `None`, the default, for an engine that does not
    /// report parse errors.
    fn parse_errors(&mut self, _request: &ParseRequest) -> Option<ParseResult> {
        None
    }

    /// Whether [`Engine::parse_many`] answers faster than one [`Engine::parse`] after
    /// another (an external engine keeping many requests in flight).
    fn pipelines(&self) -> bool {
        false
    }

    /// Answers `requests` in order ([`Engine::parse_tree`] each with `tree_only`).
    fn parse_many(&mut self, requests: &[ParseRequest], tree_only: bool) -> Vec<ParseResult> {
        requests
            .iter()
            .map(|request| {
                if tree_only {
                    self.parse_tree(request)
                } else {
                    self.parse(request)
                }
            })
            .collect()
    }
}

/// `input` cut at `splits` (ascending byte offsets; any out of order or past the end
/// are skipped): the pieces an engine is fed at the chunk level.
pub fn pieces<'a>(input: &'a [u8], splits: &[usize]) -> Vec<&'a [u8]> {
    let mut pieces = Vec::with_capacity(splits.len() + 1);
    let mut start = 0;
    for &at in splits {
        if at > start && at < input.len() {
            pieces.push(&input[start..at]);
            start = at;
        }
    }
    pieces.push(&input[start..]);
    pieces
}

/// The names [`engine_by_name`] knows.
pub const ENGINE_NAMES: [&str; 3] = ["litmus", "html5ever", "chaos"];

/// A name the registry does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEngine {
    pub name: String,
}

impl fmt::Display for UnknownEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown engine {:?}; the known engines are {}, the browsers chromium, firefox and webkit (through their adapters in examples/engines, docs/browsers.md), and cmd:COMMAND for an external program",
            self.name,
            ENGINE_NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownEngine {}

/// The registry: a new engine by its name. `cmd:COMMAND` (or `cmd:{JSON}`, see
/// [`ExternalSpec::from_engine_text`]) is an [`ExternalEngine`], started at its first
/// request.
pub fn engine_by_name(name: &str) -> Result<Box<dyn Engine>, UnknownEngine> {
    if let Some(spec) = ExternalSpec::from_engine_text(name) {
        let unknown = |_| UnknownEngine {
            name: name.to_owned(),
        };
        return Ok(Box::new(ExternalEngine::new(spec.map_err(unknown)?)));
    }
    if name.starts_with("mutant:") {
        return mutant_by_name(name);
    }
    match name {
        "litmus" => Ok(Box::new(LitmusEngine)),
        "html5ever" => Ok(Box::new(Html5everEngine)),
        "chaos" => Ok(Box::new(ChaosEngine)),
        _ => Err(UnknownEngine {
            name: name.to_owned(),
        }),
    }
}

/// A mutant of the reference parser (`mutant:ID`), in a build with the feature
/// `mutants`.
#[cfg(feature = "mutants")]
fn mutant_by_name(name: &str) -> Result<Box<dyn Engine>, UnknownEngine> {
    match MutantEngine::by_name(name) {
        Some(engine) => Ok(Box::new(engine)),
        None => Err(UnknownEngine {
            name: name.to_owned(),
        }),
    }
}

/// A mutant of the reference parser: not in a build without the feature `mutants`.
#[cfg(not(feature = "mutants"))]
fn mutant_by_name(name: &str) -> Result<Box<dyn Engine>, UnknownEngine> {
    Err(UnknownEngine {
        name: format!("{name} (mutant engines need a litmus built with `--features mutants`)"),
    })
}

/// An engine by its name, ready to answer: like [`engine_by_name`], except that an
/// external engine is started (and probed) now, so that a program that cannot run is
/// an error here. What a worker runs.
pub fn start_engine(name: &str) -> Result<Box<dyn Engine>, String> {
    match ExternalSpec::from_engine_text(name) {
        Some(spec) => Ok(Box::new(ExternalEngine::start(spec?)?)),
        None => engine_by_name(name).map_err(|e| e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_known_name_gives_an_engine_of_that_name() {
        for name in ENGINE_NAMES {
            let engine = engine_by_name(name).unwrap();
            assert_eq!(engine.name(), name);
            assert!(!engine.version().is_empty());
        }
    }

    #[test]
    fn an_unknown_name_lists_the_known_ones() {
        let error = engine_by_name("servo").err().unwrap();
        assert_eq!(
            error.to_string(),
            r#"unknown engine "servo"; the known engines are litmus, html5ever, chaos, the browsers chromium, firefox and webkit (through their adapters in examples/engines, docs/browsers.md), and cmd:COMMAND for an external program"#
        );
    }
}
