//! litmus-compare: two engines' answers compared, and what is kept of a divergence.
//!
//! The layer above the engines (ARCHITECTURE.md): it reads `litmus_engines`, and the
//! verdicts, the conformance runner, the campaign and the command line read it.
//!
//! - [`compare`]: the comparison levels, one module each, and their registry. A level
//!   is a type ([`compare::LevelRules`]) that compares a batch of cases, reruns a
//!   candidate for the minimizer, re-checks an archived finding and says what the
//!   archive records; a [`compare::Divergence`] is what it finds, and
//!   [`compare::compare_cases`] the one driver of a batch.
//! - [`signature`]: why two outputs differ, abstracted from their text
//!   ([`signature::Signature`], typed): the dedup key, the archive key and the
//!   minimizer's predicate.
//! - [`locus`]: where the engine's tree first departs from the reference's, in the
//!   standard's terms (the token and the arms), read from the reference parser's
//!   provenance.
//! - [`minimize`]: delta debugging over tokens, then characters, bounded in steps.
//! - [`dat`] and [`archive`]: the html5lib `.dat` format and the archive of findings
//!   (one file per signature, atomic writes); [`corpus_check`] replays and re-checks
//!   it.
//!
//! Seams: a level is one module and one line of the registry (ARCHITECTURE.md,
//! "Adding a level"); the engines compared are any `litmus_engines::engine::Engine`s
//! (in process, in workers, pipelining); what the engines show now at the standard
//! levels reaches a level re-checking an archived finding from `corpus_check`
//! ([`compare::level::Archived`]).

pub mod archive;
pub mod compare;
pub mod corpus_check;
pub mod dat;
pub mod labels;
pub mod locus;
pub mod minimize;
pub mod signature;
