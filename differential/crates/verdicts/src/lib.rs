//! litmus-verdicts: a divergence's verdict in the standard's terms, from the known
//! cause classes.
//!
//! The layer above comparison (ARCHITECTURE.md): it reads a divergence, its locus and
//! the reference parser's counterfactual parses (`litmus_compare`), and the campaign
//! and the command line read it. `classes.rs` reads and checks the classes file
//! ([`KnownDifferences`], [`KnownClass`]); [`matching`] turns the [`Evidence`] of a
//! divergence ([`Evidence::of`]) into a [`Verdict`] by one ordered list of rules;
//! [`glob`] and [`versions`] are a class's surface patterns and engine versions;
//! [`archived`] is the evidence an archived finding holds, for its verdict again. The
//! seam: a class's `variant` is a departure of the reference parser
//! (`litmus_parser::departures`, its variants), tried by a counterfactual parse.
//!
//! # Known differences: the classes of divergence litmus understands
//!
//! `corpus/known-differences.toml` lists them. A class names a *cause*: where an
//! engine leaves the standard, in the standard's terms: an id, the engine whose
//! behaviour it explains, the conditions a finding must meet (its locus, the arms and
//! tokens of its case, its signature, a counterfactual parse with a `variant` put in,
//! the engine's versions), a one-line explanation, the spec section, and the upstream
//! issue where there is one. The file's format is documented in one place,
//! docs/formats.md ("corpus/known-differences.toml"); how a verdict reads the classes,
//! in docs/verdicts.md. [`KnownDifferences::load`] reads and checks a file.
//!
//! Matching picks the most specific class that matches ([`KnownDifferences::verdict`],
//! [`matching::RULES`]): each condition given counts one (signatures only where a
//! pattern for the finding's level says more than the level), a locus or token
//! condition without a `*` two, a class of one engine one more than a class of every
//! engine (`*`), and a `passes` pattern `TOKEN@ARM` that names the locus's own token at
//! one of its arms three more (the class whose cause is where the trees part). A class
//! whose `variant` departs as the engine did comes before every class whose cause was
//! not shown so. Two classes that match with the same top specificity make the
//! finding *ambiguous*: a finding about the classes, never settled by the order of the
//! file.
//!
//! An engine named `mutant:…` (a mutant of the reference parser, feature `mutants`)
//! is matched against every class, whatever its engine: a class that would take a
//! mutant's divergence would hide the same bug in its own engine.

pub mod archived;
mod classes;
pub mod glob;
pub mod matching;
pub mod versions;

pub use archived::ArchivedEvidence;
pub use classes::*;
pub use glob::{glob_matches, glob_matches_ignoring_ascii_case};
pub use matching::{joined_ids, Evidence, Rule, Verdict, RULES};
