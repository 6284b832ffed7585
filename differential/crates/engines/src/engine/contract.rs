//! The [`Engine`] trait and its contract: what every engine answers, and the
//! capabilities some offer (chunked input, parse errors, a tokenizer).

use super::tokenize;
use super::tokens::{Tok, TokenStart, Tokenizer};
use crate::case::{ParseRequest, ParseResult};
use std::time::{Duration, Instant};

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
    /// foreign content), normalized (`tokens::Stream`). `None`, the default, for an
    /// engine that offers no tokenizer. Callers go through the one runner,
    /// `tokenizers::run`, which preprocesses the input.
    fn tokenize(&mut self, _stream: &str, _start: &TokenStart) -> Option<Vec<Tok>> {
        None
    }

    /// The token level's answer (`compare::tokens`): the tokens of `input` from
    /// `start` by `tokenizer` (its library's driver over the preprocessed input,
    /// [`tokenize::answer`], as the engine that offers it tokenizes), rendered one per
    /// line as the `tree`. This engine only says where that tokenizer runs: by default
    /// in this process, which is a worker's wherever engines run; a `worker::Worker`
    /// asks its process.
    fn tokens(&mut self, tokenizer: Tokenizer, input: &str, start: &TokenStart) -> ParseResult {
        tokenize::answer(tokenizer, input, start)
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
