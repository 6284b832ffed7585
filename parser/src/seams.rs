//! The seams: the few points where a departure from the standard may act.
//!
//! The tokenizer, tree construction and the stack of open elements are generic over
//! a type `D: Seams`. The parser of this crate's API is the standard, [`Standard`]:
//! every seam answers "no departure here" (`None`), the compiler removes the call, and
//! the standard's code is all that runs. A *departure* is a named change of one or more
//! arms of the standard: a mutant (a deliberate bug, to show that a harness's known
//! classes hide nothing) or a variant (the cause of another engine's known difference,
//! for counterfactual parses). Departures live in their own modules (feature
//! `departures`: `crate::departures`, `tokenizer/departures.rs`,
//! `tree_builder/departures/`), where a second instantiation of the parser,
//! `departures::Departed`, answers the seams.
//!
//! Each seam is named after the step or arm of the standard that a departure may
//! change, and is called at the entry of that step: the departure either does the
//! step its own way and says so (`Some`), or leaves it to the standard (`None`).
//! This trait is the list of seams; `docs/departures.md` and ARCHITECTURE.md list the
//! departures that use each.

/// The parser as the standard has it: no departure anywhere.
#[derive(Clone, Copy, Debug, Default)]
pub struct Standard;

/// The seams (see the module's documentation). Every method defaults to the standard.
pub(crate) trait Seams: Copy + Default + 'static {
    /// Whether this instantiation can depart at all (`false` for [`Standard`]).
    const DEPARTS: bool = false;
}

impl Seams for Standard {}
