//! `tokenizer`: the tokenizer alone, in every initial state the html5lib tokenizer
//! tests use (data, RCDATA, RAWTEXT, script data, PLAINTEXT, CDATA section), with an
//! arbitrary last start tag, behind a sink that may allow CDATA sections and may switch
//! states after start tags the way tree construction does.
//!
//! Input format (`litmus_differential::seeds::TokenizerInput`): a control byte (bits
//! 0–2 initial state, bit 3 CDATA allowed, bit 4 switch states), the length of the
//! last start tag's name (modulo 32, 0 for none), the name, then the input as
//! generalized UTF-8 (lone surrogates kept, other invalid bytes made U+FFFD).
//!
//! Asserts:
//! - the run ends (with the end-of-file token last, exactly once);
//! - a character run that holds U+0000 holds nothing else, and no run is empty;
//! - every parse error's offset is within the preprocessed input;
//! - the labelled fast paths (`fast_path_*`, switched at run time with
//!   `Tokenizer::set_fast_paths`) and the plain spec path give the same tokens (character
//!   runs coalesced), the same offsets for every other token, and the same errors.
#![no_main]

use libfuzzer_sys::fuzz_target;
use litmus_differential::seeds::TokenizerInput;
use litmus_parser::error::ErrorCode;
use litmus_parser::input::preprocess;
use litmus_parser::tokenizer::{SinkResult, State, Token, TokenSink, Tokenizer, TokenizerOptions};

/// A token as the comparison sees it: tags by name, attributes and flag, offsets of
/// everything but characters.
#[derive(Debug, PartialEq, Eq)]
enum Seen {
    Doctype(String, usize),
    StartTag(Vec<u8>, Vec<(Vec<u8>, Vec<u8>)>, bool, usize),
    EndTag(Vec<u8>, usize),
    Comment(Vec<u8>, usize),
    Characters(Vec<u8>),
    ProcessingInstruction(Vec<u8>, Vec<u8>, usize),
    Eof(usize),
}

struct Sink {
    seen: Vec<Seen>,
    cdata_allowed: bool,
    switch_states: bool,
}

impl TokenSink for Sink {
    fn process_token(&mut self, token: Token<'_>, offset: usize) -> SinkResult {
        assert!(
            !matches!(self.seen.last(), Some(Seen::Eof(_))),
            "a token after the end-of-file token: {token:?}"
        );
        let mut switch_to = None;
        let seen = match token {
            Token::Doctype(doctype) => Seen::Doctype(format!("{doctype:?}"), offset),
            Token::StartTag(tag) => {
                if self.switch_states {
                    switch_to = match tag.name() {
                        b"title" | b"textarea" => Some(State::Rcdata),
                        b"style" | b"xmp" | b"iframe" | b"noembed" | b"noframes" => {
                            Some(State::Rawtext)
                        }
                        b"script" => Some(State::ScriptData),
                        b"plaintext" => Some(State::Plaintext),
                        _ => None,
                    };
                }
                Seen::StartTag(
                    tag.name().to_vec(),
                    tag.attributes()
                        .map(|(n, v)| (n.to_vec(), v.to_vec()))
                        .collect(),
                    tag.self_closing,
                    offset,
                )
            }
            Token::EndTag(tag) => Seen::EndTag(tag.name().to_vec(), offset),
            Token::Comment(data) => Seen::Comment(data.to_vec(), offset),
            Token::Characters(text) => {
                assert!(!text.is_empty(), "an empty character run");
                assert!(
                    !text.contains(&0) || text.iter().all(|&b| b == 0),
                    "a character run holds U+0000 and more: {text:?}"
                );
                if let Some(Seen::Characters(previous)) = self.seen.last_mut() {
                    previous.extend_from_slice(text);
                    return self.result(None);
                }
                Seen::Characters(text.to_vec())
            }
            Token::ProcessingInstruction { target, data } => {
                Seen::ProcessingInstruction(target.to_vec(), data.to_vec(), offset)
            }
            Token::Eof => Seen::Eof(offset),
        };
        self.seen.push(seen);
        self.result(switch_to)
    }
}

impl Sink {
    fn result(&self, switch_to: Option<State>) -> SinkResult {
        SinkResult {
            switch_to,
            cdata_allowed: self.cdata_allowed,
        }
    }
}

fn run(
    input: &TokenizerInput,
    bytes: &[u8],
    fast_paths: bool,
) -> (Vec<Seen>, Vec<(ErrorCode, usize)>) {
    let mut sink = Sink {
        seen: Vec::new(),
        cdata_allowed: input.cdata_allowed,
        switch_states: input.switch_states,
    };
    let mut tokenizer = Tokenizer::new(
        bytes,
        TokenizerOptions {
            initial_state: input.initial_state,
            last_start_tag: input.last_start_tag.clone(),
            deadline: None,
        },
    );
    tokenizer.set_fast_paths(fast_paths);
    tokenizer
        .run(&mut sink)
        .expect("no deadline, so the run ends");
    assert!(
        matches!(sink.seen.last(), Some(Seen::Eof(_))),
        "the run ended without an end-of-file token"
    );
    let errors = tokenizer.take_errors();
    for &(code, offset) in &errors {
        assert!(
            offset <= bytes.len(),
            "{code:?} at {offset}, past the end of the input ({} bytes)",
            bytes.len()
        );
    }
    (sink.seen, errors)
}

fuzz_target!(|data: &[u8]| {
    let input = TokenizerInput::decode(data);
    let preprocessed = preprocess(&input.input);
    let bytes = &*preprocessed.bytes;
    let fast = run(&input, bytes, true);
    let plain = run(&input, bytes, false);
    if fast != plain {
        panic!(
            "the fast paths and the plain path disagree\ninput: {input:?}\n\
             fast:  {fast:?}\nplain: {plain:?}"
        );
    }
});
