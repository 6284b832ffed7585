//! The call each arm of the standard opens with: [`spec_arm`] (see
//! [`crate::spec_arms`] for what an arm is).
//!
//! It hands the arm to the two observers of a parse, each behind its feature: the
//! thread's coverage counts (`spec-coverage`, [`crate::spec_arms::take_counts`]) and
//! the trace being recorded (`provenance`, [`crate::provenance`]). Both read the arm
//! ids of `spec_arms` and neither calls back into the parser, so this module sits
//! above them and below the tokenizer, tree construction, serialization and the
//! encoding sniffer that call it: no module it reads reads it.

use crate::spec_arms::Arm;

/// Counts one pass through `arm`, and records it in a trace being recorded (feature
/// `provenance`, see [`crate::provenance`]). Called first thing in each arm; it
/// changes nothing the parser does. Without the features `spec-coverage` and
/// `provenance` it is empty.
#[inline(always)]
pub(crate) fn spec_arm(arm: Arm) {
    #[cfg(feature = "spec-coverage")]
    crate::spec_arms::count(arm);
    #[cfg(feature = "provenance")]
    crate::provenance::record_arm(arm);
    let _ = arm;
}

/// [`spec_arm`] if `passed` says a fast path's run went through `arm` (`passed` is
/// called only when the pass would be counted or recorded).
#[inline(always)]
pub(crate) fn spec_arm_if(arm: Arm, passed: impl FnOnce() -> bool) {
    let wanted = cfg!(feature = "spec-coverage") || recording();
    if wanted && passed() {
        spec_arm(arm);
    }
}

/// Whether a trace is being recorded (always `false` without the feature
/// `provenance`).
#[inline(always)]
fn recording() -> bool {
    #[cfg(feature = "provenance")]
    return crate::provenance::recording();
    #[cfg(not(feature = "provenance"))]
    false
}
