//! The reference engine: litmus-parser, in process.

use super::contract::Engine;
use super::tokens::{Tok, TokenStart};
use crate::case::{EngineFailure, EngineOutput, ParseRequest, ParseResult};
use litmus_parser::{
    dump, parse_document, parse_fragment, serialize, ChunkedParser, Document, ParseFailure,
};
use std::time::{Duration, Instant};

/// litmus-parser: `parse_document` / `parse_fragment`, its html5lib dump, and its
/// serializer applied to the result root.
#[derive(Clone, Copy, Debug, Default)]
pub struct LitmusEngine;

impl LitmusEngine {
    /// Its name, which no other engine may take (`external::spec::check_name`): a
    /// finding of an engine of this name is the standard's own.
    pub const NAME: &'static str = "litmus";
}

impl Engine for LitmusEngine {
    fn name(&self) -> &str {
        LitmusEngine::NAME
    }

    fn version(&self) -> String {
        // The parser and the harness share the workspace version.
        format!("litmus-parser {}", env!("CARGO_PKG_VERSION"))
    }

    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        parse_with_litmus(request, true)
    }

    fn parse_tree(&mut self, request: &ParseRequest) -> ParseResult {
        parse_with_litmus(request, false)
    }

    fn parse_time(&mut self, request: &ParseRequest) -> Duration {
        let start = Instant::now();
        drop(parse_request(request));
        start.elapsed()
    }

    /// The reference tokenizer, `litmus_parser::tokenizer`.
    fn tokenize(&mut self, stream: &str, start: &TokenStart) -> Option<Vec<Tok>> {
        Some(super::tokenize::litmus(stream, start))
    }

    fn parse_chunks(&mut self, request: &ParseRequest, splits: &[usize]) -> Option<ParseResult> {
        let options = request.parse_options();
        let mut parser = match &request.fragment {
            Some(context) => ChunkedParser::fragment(context.clone(), options),
            None => ChunkedParser::document(options),
        };
        for piece in super::contract::pieces(request.input.as_bytes(), splits) {
            parser.feed_bytes(piece);
        }
        Some(match parser.finish() {
            Ok(document) => capped_dump(&document).map(|tree| EngineOutput {
                tree,
                serialization: None,
            }),
            Err(failure) => Err(EngineFailure::Unsupported {
                message: failure.to_string(),
            }),
        })
    }

    /// The parse's errors with the standard's codes (input stream and tokenizer, and
    /// the one tree construction error the table names), without litmus's own
    /// `tree-` codes.
    fn parse_errors(&mut self, request: &ParseRequest) -> Option<ParseResult> {
        Some(match parse_request(request) {
            Ok(document) => Ok(EngineOutput {
                tree: crate::engine::parse_errors::render_reference(&document.errors),
                serialization: None,
            }),
            Err(failure) => Err(EngineFailure::Unsupported {
                message: failure.to_string(),
            }),
        })
    }
}

/// litmus-parser's document for `request`: `parse_document`, or `parse_fragment` in
/// its context, with its scripting flag.
pub fn parse_request(request: &ParseRequest) -> Result<Document, ParseFailure> {
    let options = request.parse_options();
    match &request.fragment {
        Some(context) => parse_fragment(&request.input, context, &options),
        None => parse_document(&request.input, &options),
    }
}

/// What the reference engine answers for `request` (its serialization only with
/// `serialize`).
pub fn parse_with_litmus(request: &ParseRequest, serialize: bool) -> ParseResult {
    // Only limits make litmus refuse an input.
    let document = parse_request(request).map_err(|failure| EngineFailure::Unsupported {
        message: failure.to_string(),
    })?;
    let tree = capped_dump(&document)?;
    let serialization =
        serialize.then(|| serialize::serialize_children(&document, document.result_root()));
    if let Some(html) = serialization
        .as_ref()
        .filter(|html| html.len() > crate::limits::MAX_OUTPUT_BYTES)
    {
        return Err(EngineFailure::oversized("serialization", html));
    }
    Ok(EngineOutput {
        tree,
        serialization,
    })
}

/// The tree dump, or an oversized failure when it would be over
/// [`crate::limits::MAX_OUTPUT_BYTES`], told without building it: a deep tree's dump
/// grows with the square of its depth (100,000 nested `<div>`s make 10 GB of
/// indentation).
pub(crate) fn capped_dump(document: &Document) -> Result<String, EngineFailure> {
    let len = dump::dump_len(document);
    if len > crate::limits::MAX_OUTPUT_BYTES as u64 {
        let mut prefix = dump::dump_prefix(document, crate::limits::OVERSIZED_PREFIX_BYTES);
        let mut end = prefix.len().min(crate::limits::OVERSIZED_PREFIX_BYTES);
        while !prefix.is_char_boundary(end) {
            end -= 1;
        }
        prefix.truncate(end);
        return Err(EngineFailure::Oversized {
            what: "tree".to_owned(),
            bytes: len,
            prefix,
        });
    }
    Ok(dump::dump(document))
}
