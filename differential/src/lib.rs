//! litmus-differential: the `litmus` command line, the top layer of the harness.
//!
//! - [`cli`]: argument parsing and one module per command; `litmus __worker` runs a
//!   worker (an engine worker, or a campaign's case worker handed to it here).
//! - [`mod@bench`]: `litmus bench`, the reference parser against html5ever, and the
//!   harness's efficiency.
//!
//! Below it, each a crate (ARCHITECTURE.md): `litmus-text`, `litmus-engines`,
//! `litmus-compare`, `litmus-verdicts` and `litmus-conformance`, `litmus-campaign`,
//! `litmus-report`. Their modules are re-exported here under the names the tests and
//! the fuzz targets use (`litmus_differential::compare`, `::known`, `::seeds`, …).
//! The features `mutants` and `spec-coverage` reach the reference parser from here.

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
