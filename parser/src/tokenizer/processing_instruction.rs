//! The processing instruction states (added to the standard in 2026).
//!
//! <https://html.spec.whatwg.org/#processing-instruction-open-state>
//!
//! AD-HOC: the extracted spec text lost these states' character tables; this is
//! litmus's reading of the remaining prose, the parse error table
//! (`invalid-first-character-of-processing-instruction-target`,
//! `invalid-processing-instruction-target`, `disallowed-processing-instruction-target`,
//! `eof-in-processing-instruction`) and other implementations:
//!
//! - The tag open state, on `?`, sets the temporary buffer to the empty string and
//!   switches to the processing instruction open state, with no parse error (the old
//!   `unexpected-question-mark-instead-of-tag-name` is gone).
//! - Processing instruction open: ASCII alpha or `_` reconsume in the target state;
//!   EOF is an eof-in-processing-instruction parse error and emits only an end-of-file
//!   token; anything else is an invalid-first-character-of-processing-instruction-target
//!   parse error, converts the temporary buffer to a comment (`"?"` followed by the
//!   buffer) and reconsumes in the bogus comment state.
//! - Processing instruction target: ASCII alphanumerics, `-` and `_` are appended to
//!   the temporary buffer, case preserved; whitespace, `?` and `>` end the target: if
//!   it is an ASCII case-insensitive match for "xml" or "xml-stylesheet", that is a
//!   disallowed-processing-instruction-target parse error, the temporary buffer becomes
//!   a comment and the character is reconsumed in the bogus comment state; otherwise a
//!   processing instruction token is created (that target, empty data) and the
//!   character is reconsumed in the after processing instruction target state. EOF is
//!   an eof-in-processing-instruction parse error (only an end-of-file token is
//!   emitted); anything else is an invalid-processing-instruction-target parse error,
//!   a comment from the temporary buffer, and the bogus comment state.
//! - After processing instruction target: whitespace is ignored; EOF is an
//!   eof-in-processing-instruction parse error and an end-of-file token; anything else
//!   is reconsumed in the processing instruction data state.
//! - Processing instruction data: `?` switches to the questionable state; `>` emits the
//!   token and switches to the data state; U+0000 NULL is an unexpected-null-character
//!   parse error and appends U+FFFD (as the comment states do); EOF is an
//!   eof-in-processing-instruction parse error, and the processing instruction is not
//!   emitted; anything else is appended.
//! - Processing instruction questionable: `>` emits the token and switches to the data
//!   state; EOF as in the processing instruction data state; anything else appends a
//!   `?` to the data and reconsumes in the processing instruction data state.
//!
//! So `<?t ???>` has data `??`, and `<?t?d?>` has target `t` and data `?d`.

use super::TokenizerSeams;
use super::{is_tokenizer_whitespace, State, Step, Tokenizer, REPLACEMENT_CHARACTER};
use crate::error::ErrorCode;
use crate::spec_arms::Arm;

impl<D: TokenizerSeams> Tokenizer<'_, D> {
    /// <https://html.spec.whatwg.org/#convert-the-temporary-buffer-to-a-comment>
    ///
    /// "To convert the temporary buffer to a comment, create a comment token whose data
    /// is the concatenation of "?" and the code points in the temporary buffer, in the
    /// order they were added to the buffer."
    pub(super) fn convert_the_temporary_buffer_to_a_comment(&mut self) {
        self.create_comment_token();
        self.comment.push(b'?');
        self.comment.extend_from_slice(&self.temporary_buffer);
    }

    /// <https://html.spec.whatwg.org/#processing-instruction-open-state>
    pub(super) fn processing_instruction_open_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // ASCII alpha, U+005F LOW LINE (_): Reconsume in the processing instruction
            // target state.
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                D::spec_arm(Arm::ProcessingInstructionOpenAsciiAlphaLowLine);
                Step::Reconsume(State::ProcessingInstructionTarget)
            }
            // EOF: This is an eof-in-processing-instruction parse error. Emit an
            // end-of-file token.
            None => {
                D::spec_arm(Arm::ProcessingInstructionOpenEof);
                self.parse_error(ErrorCode::EofInProcessingInstruction);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // Anything else: This is an
            // invalid-first-character-of-processing-instruction-target parse error.
            // Convert the temporary buffer to a comment. Reconsume in the bogus comment
            // state.
            Some(_) => {
                D::spec_arm(Arm::ProcessingInstructionOpenAnythingElse);
                self.parse_error(ErrorCode::InvalidFirstCharacterOfProcessingInstructionTarget);
                self.convert_the_temporary_buffer_to_a_comment();
                Step::Reconsume(State::BogusComment)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#processing-instruction-target-state>
    pub(super) fn processing_instruction_target_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // ASCII alphanumeric, U+002D HYPHEN-MINUS (-), U+005F LOW LINE (_): Append
            // the current input character to the temporary buffer.
            Some(c) if c.is_ascii_alphanumeric() || c == b'-' || c == b'_' => {
                D::spec_arm(Arm::ProcessingInstructionTargetAsciiAlphanumericHyphenMinusLowLine);
                self.temporary_buffer.push(c);
                Step::Continue
            }
            // U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE, U+003F QUESTION MARK (?), U+003E GREATER-THAN
            // SIGN (>): "Let target be the concatenation of the code points in the
            // temporary buffer, in the order they were added to the buffer."
            Some(c) if is_tokenizer_whitespace(c) || c == b'?' || c == b'>' => {
                D::spec_arm(Arm::ProcessingInstructionTargetWhitespaceQuestionMarkGreaterThanSign);
                let target = &self.temporary_buffer;
                // "If target is an ASCII case-insensitive match for "xml" or
                // "xml-stylesheet": This is a disallowed-processing-instruction-target
                // parse error. Convert the temporary buffer to a comment. Reconsume in
                // the bogus comment state."
                let disallowed = target.eq_ignore_ascii_case(b"xml")
                    || target.eq_ignore_ascii_case(b"xml-stylesheet");
                if disallowed {
                    self.parse_error(ErrorCode::DisallowedProcessingInstructionTarget);
                    self.convert_the_temporary_buffer_to_a_comment();
                    return Step::Reconsume(State::BogusComment);
                }
                // "Otherwise: Create a processing instruction token whose target is
                // target and data is the empty string. Reconsume in the after
                // processing instruction target state."
                self.processing_instruction_target.clear();
                self.processing_instruction_target
                    .extend_from_slice(&self.temporary_buffer);
                self.processing_instruction_data.clear();
                Step::Reconsume(State::AfterProcessingInstructionTarget)
            }
            // EOF: This is an eof-in-processing-instruction parse error. Emit an
            // end-of-file token.
            None => {
                D::spec_arm(Arm::ProcessingInstructionTargetEof);
                self.parse_error(ErrorCode::EofInProcessingInstruction);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // Anything else: This is an invalid-processing-instruction-target parse
            // error. Convert the temporary buffer to a comment. Reconsume in the bogus
            // comment state.
            Some(_) => {
                D::spec_arm(Arm::ProcessingInstructionTargetAnythingElse);
                self.parse_error(ErrorCode::InvalidProcessingInstructionTarget);
                self.convert_the_temporary_buffer_to_a_comment();
                Step::Reconsume(State::BogusComment)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#after-processing-instruction-target-state>
    pub(super) fn after_processing_instruction_target_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Ignore the character.
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::AfterProcessingInstructionTargetWhitespace);
                Step::Continue
            }
            // EOF: This is an eof-in-processing-instruction parse error. Emit an
            // end-of-file token.
            None => {
                D::spec_arm(Arm::AfterProcessingInstructionTargetEof);
                self.parse_error(ErrorCode::EofInProcessingInstruction);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // Anything else: Reconsume in the processing instruction data state.
            Some(_) => {
                D::spec_arm(Arm::AfterProcessingInstructionTargetAnythingElse);
                Step::Reconsume(State::ProcessingInstructionData)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#processing-instruction-data-state>
    pub(super) fn processing_instruction_data_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // U+003F QUESTION MARK (?): Switch to the processing instruction
            // questionable state.
            Some(b'?') => {
                D::spec_arm(Arm::ProcessingInstructionDataQuestionMark);
                Step::SwitchTo(State::ProcessingInstructionQuestionable)
            }
            // U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the current
            // processing instruction token.
            Some(b'>') => {
                D::spec_arm(Arm::ProcessingInstructionDataGreaterThanSign);
                self.emit_current_processing_instruction_token();
                Step::SwitchTo(State::Data)
            }
            // U+0000 NULL: This is an unexpected-null-character parse error. Append a
            // U+FFFD REPLACEMENT CHARACTER character to the current processing
            // instruction token's data.
            Some(0) => {
                D::spec_arm(Arm::ProcessingInstructionDataNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.processing_instruction_data
                    .extend_from_slice(REPLACEMENT_CHARACTER);
                Step::Continue
            }
            // EOF: This is an eof-in-processing-instruction parse error. Emit an
            // end-of-file token.
            None => {
                D::spec_arm(Arm::ProcessingInstructionDataEof);
                self.parse_error(ErrorCode::EofInProcessingInstruction);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // Anything else: Append the current input character to the current
            // processing instruction token's data.
            Some(c) => {
                D::spec_arm(Arm::ProcessingInstructionDataAnythingElse);
                self.processing_instruction_data.push(c);
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#processing-instruction-questionable-state>
    pub(super) fn processing_instruction_questionable_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the current
            // processing instruction token.
            Some(b'>') => {
                D::spec_arm(Arm::ProcessingInstructionQuestionableGreaterThanSign);
                self.emit_current_processing_instruction_token();
                Step::SwitchTo(State::Data)
            }
            // EOF: This is an eof-in-processing-instruction parse error. Emit an
            // end-of-file token.
            None => {
                D::spec_arm(Arm::ProcessingInstructionQuestionableEof);
                self.parse_error(ErrorCode::EofInProcessingInstruction);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // Anything else: Append a U+003F QUESTION MARK (?) to the current processing
            // instruction token's data. Reconsume in the processing instruction data
            // state.
            Some(_) => {
                D::spec_arm(Arm::ProcessingInstructionQuestionableAnythingElse);
                self.processing_instruction_data.push(b'?');
                Step::Reconsume(State::ProcessingInstructionData)
            }
        }
    }
}
