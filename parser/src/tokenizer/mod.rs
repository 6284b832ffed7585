//! The tokenizer. <https://html.spec.whatwg.org/#tokenization>
//!
//! (Skeleton: the state machine is being written.)

mod state;
mod token;

pub use state::State;
pub use token::{Doctype, SinkResult, Tag, Token, TokenSink};

use crate::error::ErrorCode;
use std::time::Instant;

/// How a tokenizer starts.
#[derive(Clone, Debug)]
pub struct TokenizerOptions {
    /// The state to start in (the data state, or one a fragment context or a test sets).
    pub initial_state: State,
    /// The tag name of the last start tag emitted, as if one had been (tests set it).
    pub last_start_tag: Option<Vec<u8>>,
    /// Stop with [`DeadlineExceeded`] once past this instant.
    pub deadline: Option<Instant>,
}

impl Default for TokenizerOptions {
    fn default() -> Self {
        TokenizerOptions {
            initial_state: State::Data,
            last_start_tag: None,
            deadline: None,
        }
    }
}

/// The tokenizer ran past its deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeadlineExceeded;

/// The tokenizer state machine over a preprocessed input.
pub struct Tokenizer<'i> {
    input: &'i [u8],
    options: TokenizerOptions,
    errors: Vec<(ErrorCode, usize)>,
}

impl<'i> Tokenizer<'i> {
    pub fn new(input: &'i [u8], options: TokenizerOptions) -> Tokenizer<'i> {
        Tokenizer {
            input,
            options,
            errors: Vec::new(),
        }
    }

    /// Runs to the end of the input, emitting every token to `sink`.
    pub fn run<S: TokenSink>(&mut self, sink: &mut S) -> Result<(), DeadlineExceeded> {
        let _ = (&self.input, &self.options);
        if !self.input.is_empty() {
            sink.process_token(Token::Characters(self.input), self.input.len());
        }
        sink.process_token(Token::Eof, self.input.len());
        Ok(())
    }

    /// The tokenizer's parse errors so far: `(code, byte offset)`.
    pub fn take_errors(&mut self) -> Vec<(ErrorCode, usize)> {
        std::mem::take(&mut self.errors)
    }
}
