//! Tokenizers, an engine's capability ([`Engine::tokenize`], as chunked input is
//! [`Engine::parse_chunks`]), for the token level (`compare::tokens`): the reference's
//! ([`LitmusEngine`]), html5ever's ([`Html5everEngine`]) and html5gum's
//! ([`Html5gumTokenizer`], an engine with a tokenizer and no parser), each from a start
//! point (a state, the last start tag, foreign content), their tokens normalized into
//! [`Tok`] lists by one runner ([`run`]) and rendered one per line. [`Tokenizer`]
//! names them and resolves a name to its engine. Which start points a case gets, and how two streams are
//! compared, signed and minimized, is the comparison's (`compare::tokens`, whose module
//! documentation describes the normalization).

use super::contract::Engine;
use super::html5ever::Html5everEngine;
use super::litmus::LitmusEngine;
use super::tokenize;
pub use super::tokens::{
    input_stream, parse_rendered, render, unsupported, StartState, Stream, Tok, TokenStart,
    Tokenizer,
};
use crate::case::{EngineFailure, EngineOutput, ParseRequest, ParseResult};

impl Tokenizer {
    /// The engine that offers this tokenizer, in this process.
    pub fn engine(self) -> Box<dyn Engine> {
        match self {
            Tokenizer::Html5ever => Box::new(Html5everEngine),
            Tokenizer::Html5gum => Box::new(Html5gumTokenizer),
            _ => Box::new(LitmusEngine),
        }
    }
}

/// html5gum's tokenizer, in this process: an engine that offers a tokenizer and no
/// parser (html5gum with a tree builder is the external engine of
/// `examples/engines/html5gum`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Html5gumTokenizer;

impl Engine for Html5gumTokenizer {
    fn name(&self) -> &str {
        "html5gum"
    }

    fn version(&self) -> String {
        "html5gum 0.9.0 (tokenizer only)".to_owned()
    }

    fn parse(&mut self, _request: &ParseRequest) -> ParseResult {
        Err(EngineFailure::Unsupported {
            message: "html5gum in this process is a tokenizer only; its tree builder is the external engine of examples/engines/html5gum".to_owned(),
        })
    }

    fn tokenize(&mut self, stream: &str, start: &TokenStart) -> Option<Vec<Tok>> {
        Some(tokenize::html5gum(stream, start))
    }
}

/// The one runner of a tokenizer: `engine`'s tokens ([`Engine::tokenize`]) of `input`
/// (preprocessed here) from `start`, normalized; `None` for an engine that offers no
/// tokenizer.
pub fn run(engine: &mut dyn Engine, input: &str, start: &TokenStart) -> Option<Vec<Tok>> {
    engine.tokenize(&input_stream(input), start)
}

/// `tokenizer`'s normalized tokens of `input` (preprocessed here) from `start`:
/// [`run`] with the engine that offers it.
pub fn tokenize(tokenizer: Tokenizer, input: &str, start: &TokenStart) -> Vec<Tok> {
    run(tokenizer.engine().as_mut(), input, start).unwrap_or_default()
}

/// [`run`] as an engine answer: the rendered tokens as its `tree`, or an unsupported
/// request for an engine without a tokenizer. A panic is the caller's to catch (a
/// case worker's `WatchedEngine` and an engine worker's serving loop do).
pub fn engine_tokens(engine: &mut dyn Engine, input: &str, start: &TokenStart) -> ParseResult {
    match run(engine, input, start) {
        Some(tokens) => Ok(EngineOutput {
            tree: render(&tokens),
            serialization: None,
        }),
        None => Err(EngineFailure::Unsupported {
            message: format!("the engine {} offers no tokenizer", engine.name()),
        }),
    }
}

/// [`engine_tokens`] with the engine that offers `tokenizer`.
pub fn tokens_answer(tokenizer: Tokenizer, input: &str, start: &TokenStart) -> ParseResult {
    engine_tokens(tokenizer.engine().as_mut(), input, start)
}
