//! The tokenizer's seams (see `crate::seams`): the steps of the tokenizer at whose
//! entry a departure may act.

use super::{Step, Tokenizer};
use crate::error::ErrorCode;
use crate::seams::{Standard, Traced};
use crate::spec_arms::Arm;

impl TokenizerSeams for Standard {}

impl TokenizerSeams for Traced {
    const TRACES: bool = true;
}

/// The tokenizer's seams. Every method answers as the standard does: no departure.
#[allow(unused_variables)]
pub(crate) trait TokenizerSeams: Copy + Default + 'static {
    /// Whether this instantiation records provenance traces (`crate::provenance`):
    /// `false` for the standard's parses, which pay nothing for them.
    const TRACES: bool = false;

    /// The call each arm of the standard opens with: counts the pass (feature
    /// `spec-coverage`) and, where the instantiation traces, records it.
    #[inline(always)]
    fn spec_arm(arm: Arm) {
        crate::arm_hook::count(arm);
        if Self::TRACES {
            crate::arm_hook::record(arm);
        }
    }

    /// [`TokenizerSeams::spec_arm`] if `passed` says a fast path's run went through
    /// `arm` (`passed` is called only when the pass would be counted or recorded).
    #[inline(always)]
    fn spec_arm_if(arm: Arm, passed: impl FnOnce() -> bool) {
        let wanted =
            cfg!(feature = "spec-coverage") || (Self::TRACES && crate::arm_hook::recording());
        if wanted && passed() {
            Self::spec_arm(arm);
        }
    }

    /// A tokenizer state's step: before the state consumes its next input character.
    /// `Some` is the step a departure took in its place.
    #[inline(always)]
    fn tokenizer_state(tokenizer: &mut Tokenizer<'_, Self>) -> Option<Step> {
        None
    }

    /// "This is a … parse error" in the tokenizer: whether the error is reported
    /// (a departure may leave one out).
    #[inline(always)]
    fn tokenizer_parse_error(tokenizer: &Tokenizer<'_, Self>, code: ErrorCode) -> bool {
        true
    }

    /// "When the user agent leaves the attribute name state (and before emitting the
    /// tag token, if appropriate), the complete attribute's name must be compared to
    /// the other attributes on the same token": the attribute is complete, kept or
    /// (`removed`) dropped as a duplicate. A departure may note what the standard's
    /// token does not carry.
    #[inline(always)]
    fn attribute_complete(tokenizer: &mut Tokenizer<'_, Self>, removed: bool) {}
}
