//! Comparison at the four levels of DESIGN.md.
//!
//! 1. **tree**: document parsing, scripting on and off; the two engines' dumps.
//! 2. **fragment**: fragment parsing in a spread of context elements
//!    ([`DEFAULT_FRAGMENT_CONTEXTS`]); the two engines' dumps.
//! 3. **serialization**: where the two trees agree, the two engines' serializations.
//! 4. **round trip**: each engine's tree against its parse (same options) of its own
//!    serialization. A failure is a finding for that engine alone; the standard has
//!    known cases that do not round-trip, which this module reports like any other
//!    (classifying them is the job of the known-differences file). Fragments in
//!    raw-text contexts get no round trip ([`round_trip_applies`] says why).
//!
//! An engine failure (panic, crash, timeout, …) is a divergence too, with a failure
//! signature (`crash | html5ever: …`); it is reported once per failing engine and
//! request.
//!
//! The pure functions ([`compare_results`], [`compare_round_trip`]) compare answers
//! already in hand; [`compare_request`], [`compare_input`] and [`recheck`] also ask
//! the engines — any [`litmus_engines::engine::Engine`], including a [`litmus_engines::worker::Worker`].

//!
//! The module is in layers, each file reading only those below it: [`divergence`]
//! (what a divergence is, and the pure comparisons), [`level`] (what a level is, and
//! the batch a level compares), [`reparse`] and [`mod@rerun`] (what the levels share),
//! the levels ([`tree`], [`serialization`], [`mod@round_trip`], [`chunks`], [`tokens`],
//! [`errors`], [`speed`]), [`registry`] (the levels in order, by name, in sets),
//! [`batch`] (the one driver of a batch) and [`input`] (one input's requests).

pub mod batch;
pub mod chunks;
pub mod divergence;
pub mod errors;
pub mod input;
pub mod level;
pub mod registry;
pub mod reparse;
pub mod rerun;
pub mod round_trip;
pub mod serialization;
pub mod speed;
pub mod tokens;
#[cfg(test)]
pub(crate) mod toy_level;
#[cfg(test)]
mod toy_tests;
pub mod tree;

pub use crate::signature::FirstDifference;
pub use batch::compare_cases;
pub use chunks::compare_chunks;
pub use divergence::{
    compare_results, compare_serializations, failure_divergences, level_of, Detail, Divergence,
    Side,
};
pub use errors::compare_errors;
pub use input::{
    compare_input, compare_request, default_fragment_contexts, requests, Levels,
    DEFAULT_FRAGMENT_CONTEXTS,
};
pub use level::{Level, LevelCounter, LevelRules, Recheck};
pub use registry::{LevelSet, REGISTRY};
pub use reparse::{
    compare_round_trip, downstream, round_trip, round_trip_applies, round_trip_request,
    standard_round_trip,
};
pub use rerun::{recheck, rerun};
pub use speed::compare_speed;
pub use tokens::compare_tokens;

#[cfg(test)]
mod tests;
