//! litmus-parser: a reference HTML parser that reads like the WHATWG HTML Standard.
//!
//! The pipeline, with its main types:
//!
//! - [`input`]: preprocessing of the input stream (newlines, input-stream errors) and
//!   byte offsets turned into line and column;
//! - [`tokenizer`]: the tokenizer state machine of §13.2.5, one [`tokenizer::State`]
//!   variant and one function per spec state, emitting [`tokenizer::Token`]s to a
//!   [`tokenizer::TokenSink`];
//! - [`tree_builder`]: tree construction (§13.2.6), one function per insertion mode,
//!   changing the document only through its [`tree_builder::TreeSink`];
//! - [`dom`]: the [`Document`] arena and its read API;
//! - [`serialize`]: the HTML fragment serialization algorithm (§13.3);
//! - [`dump`]: the html5lib tree dump;
//! - [`spec_arms`]: the arms of the standard the parser counts (feature
//!   `spec-coverage`), with their ids and the standard's words;
//! - [`provenance`]: for one parse, the token and arms that made each node (feature
//!   `provenance`), which a harness reads to say where another parser departs;
//! - `encoding` (feature `encoding`): bytes in — the encoding sniffing algorithm,
//!   decoding, and "change the encoding" (`parse_document_bytes`).
//!
//! [`parse_document`] and [`parse_fragment`] run the whole pipeline; [`ChunkedParser`]
//! takes the input in pieces and runs it at the end. Parsing never
//! fails on content: the [`Document`] carries its [`ParseError`]s. Only the input size
//! limit and an optional deadline make a parse fail ([`ParseFailure`]).
//!
//! # Example
//!
//! ```
//! use litmus_parser::{dump, parse_document, serialize, ParseOptions};
//!
//! let document = parse_document("<p>One</b>", &ParseOptions::default())?;
//!
//! // The html5lib tree dump, the common language of HTML parsers' tests.
//! assert_eq!(
//!     dump::dump(&document),
//!     "| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"One\"\n"
//! );
//! // The HTML fragment serialization algorithm, applied to the document's children.
//! assert_eq!(
//!     serialize::serialize_children(&document, document.root()),
//!     "<html><head></head><body><p>One</p></body></html>"
//! );
//! // Parse errors are data (line, column, code); the document is whole all the same.
//! let errors: Vec<String> = document.errors.iter().map(|e| e.to_string()).collect();
//! assert_eq!(
//!     errors,
//!     ["1:4: tree-missing-or-bad-doctype", "1:11: tree-unexpected-end-tag"]
//! );
//! # Ok::<(), litmus_parser::ParseFailure>(())
//! ```
//!
//! Fragments: [`parse_fragment`]. Bytes of an unknown encoding (feature `encoding`):
//! `parse_document_bytes`.

#![forbid(unsafe_code)]
// The tokenizer and tree construction are generic over the crate's own seams' traits
// (see `crate::seams`); outside the crate they exist only as the standard, the one
// instantiation their public constructors make, so the trait stays the crate's.
#![allow(private_bounds)]

mod arm_hook;
mod buffers;
mod chunked;
#[cfg(feature = "departures")]
pub mod departures;
pub mod dom;
pub mod dump;
#[cfg(feature = "encoding")]
pub mod encoding;
pub mod error;
mod fnv;
pub mod input;
pub mod names;
mod parse;
pub mod provenance;
mod scratch;
mod seams;
pub mod serialize;
pub mod spec_arms;
pub mod tokenizer;
pub mod tree_builder;

pub use chunked::ChunkedParser;
pub use dom::{
    AttrNamespace, AttrRef, Document, Namespace, NodeId, NodeKind, QualName, QuirksMode,
};
pub use error::{ErrorCode, ParseError};
pub use parse::{
    node_limit, parse_document, parse_fragment, parse_with_fast_paths, trace_document,
    trace_fragment, trace_without_fast_paths, FragmentContext, ParseFailure, ParseOptions,
    DEFAULT_MAX_INPUT_BYTES, NODES_PER_INPUT_BYTE, NODE_LIMIT_BASE,
};

#[cfg(feature = "encoding")]
pub use encoding::{parse_document_bytes, EncodingOptions, EncodingReport};
