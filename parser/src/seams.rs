//! The seams: the few points where a departure from the standard may act.
//!
//! The tokenizer, tree construction and the stack of open elements are generic over
//! their seams: `tokenizer::seams::TokenizerSeams` (a tokenizer state's step, its parse
//! errors, a complete attribute) and `tree_builder::seams::Seams` (the sixteen steps of
//! tree construction). The parser of this crate's API is the standard, [`Standard`]:
//! every seam answers "no departure here", the compiler removes the call, and the
//! standard's code is all that runs. A *departure* is a named change of one or more
//! arms of the standard: a mutant (a deliberate bug, to show that a harness's known
//! classes hide nothing), a variant (the cause of another engine's known difference,
//! for counterfactual parses) or a planted fault (for a test of the harness).
//! Departures live in their own modules (feature `departures`: `crate::departures`,
//! `tokenizer/departures.rs`, `tree_builder/departures/`), where a second
//! instantiation of the parser, `departures::Departed`, answers the seams.
//!
//! Each seam is named after the step or arm of the standard that a departure may
//! change and is asked at the entry of that step: the departure either takes the
//! step and says what came of it (`Some`), or leaves it to the standard (`None`). The
//! two traits list the seams; `departures::Seam` names every one, and
//! `departures::DEPARTURES` (docs/departures.md, ARCHITECTURE.md) says which
//! departures use each.

/// The parser as the standard has it: no departure anywhere, and no trace.
#[derive(Clone, Copy, Debug, Default)]
pub struct Standard;

/// The standard, recording the provenance trace of the thread that asks for one
/// (`crate::provenance`): the parse of `crate::trace_document` and its kin. Its seams
/// are the standard's; only its arms, steps, tokens and node changes are recorded.
#[derive(Clone, Copy, Debug, Default)]
pub struct Traced;
