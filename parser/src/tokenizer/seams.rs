//! The tokenizer's seams (see `crate::seams`): the steps of the tokenizer at whose
//! entry a departure may act.

use super::{Step, Tokenizer};
use crate::error::ErrorCode;
use crate::seams::Standard;

impl TokenizerSeams for Standard {}

/// The tokenizer's seams. Every method answers as the standard does: no departure.
#[allow(unused_variables)]
pub(crate) trait TokenizerSeams: Copy + Default + 'static {
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
