//! litmus-differential: the `litmus` command line, and the harness's crates under one
//! name for the tests and the fuzz targets.

pub mod bench;
pub mod cli;

pub use litmus_campaign::{campaign, finding, generator, seeds, spec_coverage};
pub use litmus_compare::{archive, compare, corpus_check, dat, locus, minimize, signature};
pub use litmus_conformance as conformance;
pub use litmus_engines::{case, dump, engine, limits, process, worker};
pub use litmus_report::{report, table};
pub use litmus_text::output;
pub use litmus_verdicts as known;

/// The one frame codec of workers and persistent engines, shared with Rust engines.
pub use litmus_engine_api::frame;
