//! A convenience entry point: tokenize a whole input into owned tokens and positioned
//! parse errors, for the command line tool, fuzz targets and tests.

use super::{SinkResult, Token, TokenSink, Tokenizer, TokenizerOptions};
use crate::error::ParseError;
use crate::input;

/// A token, owned. Strings are `S`: `String` from [`tokenize`], generalized UTF-8
/// bytes (`Vec<u8>`, which can hold lone surrogates) from [`tokenize_to_bytes`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OwnedToken<S = String> {
    Doctype {
        name: Option<S>,
        public_id: Option<S>,
        system_id: Option<S>,
        force_quirks: bool,
    },
    StartTag {
        name: S,
        /// In source order, duplicates removed.
        attributes: Vec<(S, S)>,
        self_closing: bool,
    },
    EndTag {
        name: S,
    },
    Comment(S),
    /// Consecutive character tokens, coalesced into one.
    Characters(S),
    ProcessingInstruction {
        target: S,
        data: S,
    },
}

/// What [`tokenize`] produced: the tokens (without the end-of-file token) and every
/// parse error (the input stream's and the tokenizer's), ordered by position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenizeOutput<S = String> {
    pub tokens: Vec<OwnedToken<S>>,
    pub errors: Vec<ParseError>,
    /// The tokenizer stopped at its deadline: the tokens and errors are those found
    /// until then.
    pub deadline_exceeded: bool,
}

/// Preprocesses `input` and tokenizes it, with no tree construction behind the
/// tokenizer (so no `switch_to`, and CDATA sections only when `options` starts in the
/// CDATA section state). Strings are UTF-8; a lone surrogate (possible only when the
/// input is generalized UTF-8) becomes U+FFFD.
pub fn tokenize(input: &[u8], options: TokenizerOptions) -> TokenizeOutput {
    let output = tokenize_to_bytes(input, options);
    TokenizeOutput {
        tokens: output.tokens.into_iter().map(token_to_string).collect(),
        errors: output.errors,
        deadline_exceeded: output.deadline_exceeded,
    }
}

/// [`tokenize`], with every string kept as the tokenizer's generalized UTF-8 bytes.
pub fn tokenize_to_bytes(input: &[u8], options: TokenizerOptions) -> TokenizeOutput<Vec<u8>> {
    let preprocessed = input::preprocess(input);
    let bytes = &*preprocessed.bytes;
    let mut tokenizer = Tokenizer::new(bytes, options);
    let mut collector = Collector::default();
    let deadline_exceeded = tokenizer.run(&mut collector).is_err();

    let mut errors = preprocessed.errors;
    errors.extend(tokenizer.take_errors());
    // Stable: errors at one position keep the order they were found in, the input
    // stream's first (the spec reports them as the character is consumed).
    errors.sort_by_key(|&(_, offset)| offset);
    let offsets: Vec<usize> = errors.iter().map(|&(_, offset)| offset).collect();
    let positions = input::line_columns(bytes, &offsets);
    let errors = errors
        .iter()
        .zip(positions)
        .map(|(&(code, offset), (line, column))| ParseError {
            code,
            line,
            column,
            offset,
        })
        .collect();
    TokenizeOutput {
        tokens: collector.tokens,
        errors,
        deadline_exceeded,
    }
}

/// The sink of [`tokenize`]: owns every token, coalescing character runs.
#[derive(Default)]
struct Collector {
    tokens: Vec<OwnedToken<Vec<u8>>>,
}

impl TokenSink for Collector {
    fn process_token(&mut self, token: Token<'_>, _offset: usize) -> SinkResult {
        let owned = match token {
            Token::Doctype(doctype) => OwnedToken::Doctype {
                name: doctype.name.clone(),
                public_id: doctype.public_id.clone(),
                system_id: doctype.system_id.clone(),
                force_quirks: doctype.force_quirks,
            },
            Token::StartTag(tag) => OwnedToken::StartTag {
                name: tag.name().to_vec(),
                attributes: tag
                    .attributes()
                    .map(|(name, value)| (name.to_vec(), value.to_vec()))
                    .collect(),
                self_closing: tag.self_closing,
            },
            Token::EndTag(tag) => OwnedToken::EndTag {
                name: tag.name().to_vec(),
            },
            Token::Comment(data) => OwnedToken::Comment(data.to_vec()),
            Token::Characters(text) => {
                if let Some(OwnedToken::Characters(previous)) = self.tokens.last_mut() {
                    previous.extend_from_slice(text);
                    return SinkResult::CONTINUE;
                }
                OwnedToken::Characters(text.to_vec())
            }
            Token::ProcessingInstruction { target, data } => OwnedToken::ProcessingInstruction {
                target: target.to_vec(),
                data: data.to_vec(),
            },
            Token::Eof => return SinkResult::CONTINUE,
        };
        self.tokens.push(owned);
        SinkResult::CONTINUE
    }
}

/// Generalized UTF-8 to a `String`, each lone surrogate (or malformed byte) replaced by
/// U+FFFD.
fn to_string(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(string) => string,
        Err(error) => {
            let bytes = error.into_bytes();
            let mut out = String::with_capacity(bytes.len());
            let mut rest = &bytes[..];
            while !rest.is_empty() {
                let (code_point, len) = input::decode_generalized_utf8(rest);
                out.push(code_point.and_then(char::from_u32).unwrap_or('\u{FFFD}'));
                rest = rest.get(len..).unwrap_or_default();
            }
            out
        }
    }
}

fn token_to_string(token: OwnedToken<Vec<u8>>) -> OwnedToken {
    match token {
        OwnedToken::Doctype {
            name,
            public_id,
            system_id,
            force_quirks,
        } => OwnedToken::Doctype {
            name: name.map(to_string),
            public_id: public_id.map(to_string),
            system_id: system_id.map(to_string),
            force_quirks,
        },
        OwnedToken::StartTag {
            name,
            attributes,
            self_closing,
        } => OwnedToken::StartTag {
            name: to_string(name),
            attributes: attributes
                .into_iter()
                .map(|(name, value)| (to_string(name), to_string(value)))
                .collect(),
            self_closing,
        },
        OwnedToken::EndTag { name } => OwnedToken::EndTag {
            name: to_string(name),
        },
        OwnedToken::Comment(data) => OwnedToken::Comment(to_string(data)),
        OwnedToken::Characters(text) => OwnedToken::Characters(to_string(text)),
        OwnedToken::ProcessingInstruction { target, data } => OwnedToken::ProcessingInstruction {
            target: to_string(target),
            data: to_string(data),
        },
    }
}
