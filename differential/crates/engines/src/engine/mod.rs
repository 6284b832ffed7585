//! Engines: things that turn a [`crate::case::ParseRequest`] into an html5lib tree dump and, where
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
//! - [`sanitizer::AmmoniaEngine`] (`ammonia`): a sanitizer, not a parser: its answer
//!   is ammonia's sanitized HTML of the input, and its parser's tree of that output
//!   ([`sanitizer`]).
//! - [`ExternalEngine`] (`cmd:COMMAND`): any program speaking the external engine
//!   protocol ([`external`], `docs/engines.md`), one-shot or persistent.
//!
//! [`engine_by_name`] is the registry. Engines are meant to run inside worker
//! processes ([`crate::worker`]), which is also why a worker is itself an [`Engine`].

pub mod browsers;
mod chaos;
pub mod contract;
pub mod external;
mod html5ever;
mod litmus;
mod mutant;
pub mod names;
pub mod parse_errors;
pub mod registry;
pub mod sanitizer;
pub mod tokenize;
pub mod tokenizers;
pub mod tokens;

pub use self::chaos::ChaosEngine;
pub use self::contract::{pieces, Engine};
pub use self::external::{ExternalEngine, ExternalMode, ExternalSpec};
pub use self::html5ever::{Html5everEngine, HTML5EVER_VERSION, MARKUP5EVER_RCDOM_VERSION};
pub use self::litmus::parse_request as parse_with_the_reference_parser;
pub use self::litmus::parse_with_litmus;
pub use self::litmus::LitmusEngine;
pub use self::mutant::MutantEngine;
pub use self::names::ENGINE_NAMES;
pub use self::registry::{engine_by_name, start_engine, UnknownEngine};
