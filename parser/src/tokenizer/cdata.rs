//! The CDATA section states.
//!
//! <https://html.spec.whatwg.org/#cdata-section-state>

use super::TokenizerSeams;
use super::{State, Step, Tokenizer};
use crate::error::ErrorCode;
use crate::spec_arms::Arm;

impl<D: TokenizerSeams> Tokenizer<'_, D> {
    /// <https://html.spec.whatwg.org/#cdata-section-state>
    pub(super) fn cdata_section_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+005D RIGHT SQUARE BRACKET (]): Switch to the CDATA section bracket
            // state."
            Some(b']') => {
                D::spec_arm(Arm::CdataSectionRightSquareBracket);
                Step::SwitchTo(State::CdataSectionBracket)
            }
            // "EOF: This is an eof-in-cdata parse error. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::CdataSectionEof);
                self.parse_error(ErrorCode::EofInCdata);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Emit the current input character as a character token."
            // ("U+0000 NULL characters are handled in the tree construction stage, as
            // part of the in foreign content insertion mode, which is the only place
            // where CDATA sections can appear.")
            Some(_) => {
                D::spec_arm(Arm::CdataSectionAnythingElse);
                self.emit_current_input_character();
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#cdata-section-bracket-state>
    pub(super) fn cdata_section_bracket_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+005D RIGHT SQUARE BRACKET (]): Switch to the CDATA section end state."
            Some(b']') => {
                D::spec_arm(Arm::CdataSectionBracketRightSquareBracket);
                Step::SwitchTo(State::CdataSectionEnd)
            }
            // "Anything else: Emit a U+005D RIGHT SQUARE BRACKET character token.
            // Reconsume in the CDATA section state."
            _ => {
                D::spec_arm(Arm::CdataSectionBracketAnythingElse);
                self.emit_characters(b"]");
                Step::Reconsume(State::CdataSection)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#cdata-section-end-state>
    pub(super) fn cdata_section_end_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+005D RIGHT SQUARE BRACKET (]): Emit a U+005D RIGHT SQUARE BRACKET
            // character token."
            Some(b']') => {
                D::spec_arm(Arm::CdataSectionEndRightSquareBracket);
                self.emit_characters(b"]");
                Step::Continue
            }
            // "U+003E GREATER-THAN SIGN character: Switch to the data state."
            Some(b'>') => {
                D::spec_arm(Arm::CdataSectionEndU003eGreaterThanSignCharacter);
                Step::SwitchTo(State::Data)
            }
            // "Anything else: Emit two U+005D RIGHT SQUARE BRACKET character tokens.
            // Reconsume in the CDATA section state."
            _ => {
                D::spec_arm(Arm::CdataSectionEndAnythingElse);
                self.emit_characters(b"]]");
                Step::Reconsume(State::CdataSection)
            }
        }
    }
}
