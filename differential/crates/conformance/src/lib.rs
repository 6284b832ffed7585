//! litmus-conformance: html5lib-tests against any engine.
//!
//! Beside the verdicts, above comparison (ARCHITECTURE.md): it reads the engines,
//! the `.dat` format and the dump's rules, and the command line and the table read
//! it. Its seams: any `litmus_engines::engine::Engine` is a conformance subject (its
//! tree, or its tokenizer, `Engine::tokenize`), and the corrections of html5lib-tests
//! are data files embedded from `differential/data/`.
//!
//! # Conformance
//!
//! html5lib test files against any engine, for `litmus conformance` and
//! for the test suites (`tests/tests/tree_construction.rs`, `tests/tests/tokenizer.rs`),
//! which run the same trials with the same expectations.
//!
//! - Tree-construction `.dat` files ([`tree_construction`]): the engine's tree dump
//!   against `#document`, per case and scripting mode; and the reference parser's
//!   parse errors against the case's: their number against `#errors`, their codes and
//!   positions against `#new-errors`.
//! - Tokenizer `.test` files (JSON, [`tokenizer`]): the reference tokenizer's tokens and
//!   parse errors, or the tokens of any engine that offers a tokenizer
//!   (`Engine::tokenize`: html5ever, html5gum), through the one runner of tokenizers.
//!
//! The html5lib snapshot predates the standard of 2026 (processing instructions are
//! parsed), and litmus corrects the expectations it affects with three files embedded
//! from `differential/data/`: the tree-construction trials whose tree, or whose parse
//! errors, are expected to differ ([`ExpectedDifferences`], two lists) and the 2026
//! expectations of tokenizer cases ([`TokenizerUpdates`]). A correction that no longer
//! holds, or names no trial, fails.
//!
//! Each case (and scripting mode, or initial state) is one [`Trial`]; a run can be
//! planned first (`list`) and each trial run on its own. A malformed file is an error
//! naming the file and the line ([`ConformanceError`]). [`junit`] writes a run as
//! JUnit XML.

pub mod dump_probes;
pub mod dump_rules;
pub mod expected_differences;
mod files;
pub mod junit;
pub mod outcome;
pub mod tokenizer;
mod tokenizer_expected;
pub mod tokenizer_updates;
pub mod tree_construction;

pub use expected_differences::ExpectedDifferences;
pub use outcome::{Outcome, Tally, Trial};
pub use tokenizer::{run_tokenizer, run_tokenizer_tokens};
pub use tokenizer_updates::TokenizerUpdates;
pub use tree_construction::{run_tree_construction, run_tree_construction_errors};

pub use files::*;
