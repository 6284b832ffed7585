//! The tag open, end tag open, tag name and self-closing start tag states.
//!
//! <https://html.spec.whatwg.org/#tag-open-state>

use super::TokenizerSeams;
use super::{is_tokenizer_whitespace, State, Step, Tokenizer, REPLACEMENT_CHARACTER};
use crate::error::ErrorCode;
use crate::spec_arms::Arm;

impl<D: TokenizerSeams> Tokenizer<'_, D> {
    /// <https://html.spec.whatwg.org/#tag-open-state>
    pub(super) fn tag_open_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0021 EXCLAMATION MARK (!): Switch to the markup declaration open state."
            Some(b'!') => {
                D::spec_arm(Arm::TagOpenExclamationMark);
                Step::SwitchTo(State::MarkupDeclarationOpen)
            }
            // "U+002F SOLIDUS (/): Switch to the end tag open state."
            Some(b'/') => {
                D::spec_arm(Arm::TagOpenSolidus);
                Step::SwitchTo(State::EndTagOpen)
            }
            // "ASCII alpha: Create a new start tag token, set its tag name to the empty
            // string. Reconsume in the tag name state."
            Some(c) if c.is_ascii_alphabetic() => {
                D::spec_arm(Arm::TagOpenAsciiAlpha);
                self.create_start_tag_token();
                Step::Reconsume(State::TagName)
            }
            // "U+003F QUESTION MARK (?): Set the temporary buffer to the empty string.
            // Switch to the processing instruction open state."
            Some(b'?') => {
                D::spec_arm(Arm::TagOpenQuestionMark);
                self.temporary_buffer.clear();
                Step::SwitchTo(State::ProcessingInstructionOpen)
            }
            // "EOF: This is an eof-before-tag-name parse error. Emit a U+003C LESS-THAN
            // SIGN character token and an end-of-file token."
            None => {
                D::spec_arm(Arm::TagOpenEof);
                self.parse_error(ErrorCode::EofBeforeTagName);
                self.emit_characters(b"<");
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: This is an invalid-first-character-of-tag-name parse
            // error. Emit a U+003C LESS-THAN SIGN character token. Reconsume in the data
            // state."
            Some(_) => {
                D::spec_arm(Arm::TagOpenAnythingElse);
                self.parse_error(ErrorCode::InvalidFirstCharacterOfTagName);
                self.emit_characters(b"<");
                Step::Reconsume(State::Data)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#end-tag-open-state>
    pub(super) fn end_tag_open_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "ASCII alpha: Create a new end tag token, set its tag name to the empty
            // string. Reconsume in the tag name state."
            Some(c) if c.is_ascii_alphabetic() => {
                D::spec_arm(Arm::EndTagOpenAsciiAlpha);
                self.create_end_tag_token();
                Step::Reconsume(State::TagName)
            }
            // "U+003E GREATER-THAN SIGN (>): This is a missing-end-tag-name parse error.
            // Switch to the data state."
            Some(b'>') => {
                D::spec_arm(Arm::EndTagOpenGreaterThanSign);
                self.parse_error(ErrorCode::MissingEndTagName);
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-before-tag-name parse error. Emit a U+003C LESS-THAN
            // SIGN character token, a U+002F SOLIDUS character token and an end-of-file
            // token."
            None => {
                D::spec_arm(Arm::EndTagOpenEof);
                self.parse_error(ErrorCode::EofBeforeTagName);
                self.emit_characters(b"</");
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: This is an invalid-first-character-of-tag-name parse
            // error. Create a comment token whose data is the empty string. Reconsume in
            // the bogus comment state."
            Some(_) => {
                D::spec_arm(Arm::EndTagOpenAnythingElse);
                self.parse_error(ErrorCode::InvalidFirstCharacterOfTagName);
                self.create_comment_token();
                Step::Reconsume(State::BogusComment)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#tag-name-state>
    pub(super) fn tag_name_state(&mut self) -> Step {
        if let Some(step) = self.fast_path_tag_name_state() {
            return step;
        }
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Switch to the before attribute name state."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::TagNameWhitespace);
                Step::SwitchTo(State::BeforeAttributeName)
            }
            // "U+002F SOLIDUS (/): Switch to the self-closing start tag state."
            Some(b'/') => {
                D::spec_arm(Arm::TagNameSolidus);
                Step::SwitchTo(State::SelfClosingStartTag)
            }
            // "U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the current
            // tag token."
            Some(b'>') => {
                D::spec_arm(Arm::TagNameGreaterThanSign);
                self.emit_current_tag_token();
                Step::SwitchTo(State::Data)
            }
            // "ASCII upper alpha: Append the lowercase version of the current input
            // character (add 0x0020 to the character's code point) to the current tag
            // token's tag name."
            Some(c) if c.is_ascii_uppercase() => {
                D::spec_arm(Arm::TagNameAsciiUpperAlpha);
                self.append_lowercase_to_tag_name(c);
                Step::Continue
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Append a
            // U+FFFD REPLACEMENT CHARACTER character to the current tag token's tag
            // name."
            Some(0) => {
                D::spec_arm(Arm::TagNameNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.append_to_tag_name(REPLACEMENT_CHARACTER);
                Step::Continue
            }
            // "EOF: This is an eof-in-tag parse error. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::TagNameEof);
                self.parse_error(ErrorCode::EofInTag);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Append the current input character to the current tag
            // token's tag name."
            Some(c) => {
                D::spec_arm(Arm::TagNameAnythingElse);
                self.append_to_tag_name(&[c]);
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#self-closing-start-tag-state>
    pub(super) fn self_closing_start_tag_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+003E GREATER-THAN SIGN (>): Set the self-closing flag of the current tag
            // token. Switch to the data state. Emit the current tag token."
            Some(b'>') => {
                D::spec_arm(Arm::SelfClosingStartTagGreaterThanSign);
                self.tag.self_closing = true;
                self.emit_current_tag_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-tag parse error. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::SelfClosingStartTagEof);
                self.parse_error(ErrorCode::EofInTag);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: This is an unexpected-solidus-in-tag parse error.
            // Reconsume in the before attribute name state."
            Some(_) => {
                D::spec_arm(Arm::SelfClosingStartTagAnythingElse);
                self.parse_error(ErrorCode::UnexpectedSolidusInTag);
                Step::Reconsume(State::BeforeAttributeName)
            }
        }
    }
}
