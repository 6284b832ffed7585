//! The call each arm of the standard opens with: `D::spec_arm` with the arm in the
//! tokenizer and tree construction (a method of their seams, `TokenizerSeams`), and
//! [`spec_arm`] in serialization and the encoding sniffer (see [`crate::spec_arms`]
//! for what an arm is).
//!
//! It hands the arm to the two observers of a parse, each behind its feature: the
//! thread's coverage counts (`spec-coverage`, [`crate::spec_arms::take_counts`]) and
//! the trace being recorded (`provenance`, [`crate::provenance`]), the latter only in
//! an instantiation of the parser that traces (`crate::seams::Traced`, a departed
//! parse): the standard's parses pay nothing for traces. Both read the arm ids of
//! `spec_arms` and neither calls back into the parser, so this module sits above them
//! and below the tokenizer, tree construction, serialization and the encoding sniffer
//! that call it: no module it reads reads it.

use crate::spec_arms::Arm;

/// Counts one pass through `arm`, and records it in a trace being recorded (feature
/// `provenance`). For the arms of serialization and the encoding sniffer, which no
/// trace reads; it changes nothing the parser does, and without the features
/// `spec-coverage` and `provenance` it is empty.
#[inline(always)]
pub(crate) fn spec_arm(arm: Arm) {
    count(arm);
    record(arm);
}

/// Counts one pass through `arm` (feature `spec-coverage`; empty without it).
#[inline(always)]
pub(crate) fn count(arm: Arm) {
    #[cfg(feature = "spec-coverage")]
    crate::spec_arms::count(arm);
    let _ = arm;
}

/// Records `arm` in the trace this thread records, if it records one (feature
/// `provenance`; empty without it).
#[inline(always)]
pub(crate) fn record(arm: Arm) {
    #[cfg(feature = "provenance")]
    crate::provenance::record_arm(arm);
    let _ = arm;
}

/// Whether a trace is being recorded (always `false` without the feature
/// `provenance`).
#[inline(always)]
pub(crate) fn recording() -> bool {
    #[cfg(feature = "provenance")]
    return crate::provenance::recording();
    #[cfg(not(feature = "provenance"))]
    false
}
