//! The data, RCDATA, RAWTEXT and PLAINTEXT states, and the less-than sign and end tag
//! states of RCDATA and RAWTEXT.
//!
//! <https://html.spec.whatwg.org/#data-state>

use super::TokenizerSeams;
use super::{is_tokenizer_whitespace, State, Step, Tokenizer};
use crate::error::ErrorCode;
use crate::spec_arms::Arm;

impl<D: TokenizerSeams> Tokenizer<'_, D> {
    /// <https://html.spec.whatwg.org/#data-state>
    pub(super) fn data_state(&mut self) -> Step {
        if let Some(step) = self.fast_path_data_state() {
            return step;
        }
        match self.consume_next_input_character() {
            // "U+0026 AMPERSAND (&): Set the return state to the data state. Switch to
            // the character reference state."
            Some(b'&') => {
                D::spec_arm(Arm::DataAmpersand);
                self.return_state = State::Data;
                Step::SwitchTo(State::CharacterReference)
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the tag open state."
            Some(b'<') => {
                D::spec_arm(Arm::DataLessThanSign);
                Step::SwitchTo(State::TagOpen)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Emit the
            // current input character as a character token."
            Some(0) => {
                D::spec_arm(Arm::DataNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_current_input_character();
                Step::Continue
            }
            // "EOF: Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::DataEof);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Emit the current input character as a character token."
            Some(_) => {
                D::spec_arm(Arm::DataAnythingElse);
                self.emit_current_input_character();
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#rcdata-state>
    pub(super) fn rcdata_state(&mut self) -> Step {
        if let Some(step) = self.fast_path_rcdata_state() {
            return step;
        }
        match self.consume_next_input_character() {
            // "U+0026 AMPERSAND (&): Set the return state to the RCDATA state. Switch to
            // the character reference state."
            Some(b'&') => {
                D::spec_arm(Arm::RcdataAmpersand);
                self.return_state = State::Rcdata;
                Step::SwitchTo(State::CharacterReference)
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the RCDATA less-than sign state."
            Some(b'<') => {
                D::spec_arm(Arm::RcdataLessThanSign);
                Step::SwitchTo(State::RcdataLessThanSign)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Emit a
            // U+FFFD REPLACEMENT CHARACTER character token."
            Some(0) => {
                D::spec_arm(Arm::RcdataNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::Continue
            }
            // "EOF: Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::RcdataEof);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Emit the current input character as a character token."
            Some(_) => {
                D::spec_arm(Arm::RcdataAnythingElse);
                self.emit_current_input_character();
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#rawtext-state>
    pub(super) fn rawtext_state(&mut self) -> Step {
        if let Some(step) = self.fast_path_rawtext_state() {
            return step;
        }
        match self.consume_next_input_character() {
            // "U+003C LESS-THAN SIGN (<): Switch to the RAWTEXT less-than sign state."
            Some(b'<') => {
                D::spec_arm(Arm::RawtextLessThanSign);
                Step::SwitchTo(State::RawtextLessThanSign)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Emit a
            // U+FFFD REPLACEMENT CHARACTER character token."
            Some(0) => {
                D::spec_arm(Arm::RawtextNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::Continue
            }
            // "EOF: Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::RawtextEof);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Emit the current input character as a character token."
            Some(_) => {
                D::spec_arm(Arm::RawtextAnythingElse);
                self.emit_current_input_character();
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#plaintext-state>
    pub(super) fn plaintext_state(&mut self) -> Step {
        if let Some(step) = self.fast_path_plaintext_state() {
            return step;
        }
        match self.consume_next_input_character() {
            // "U+0000 NULL: This is an unexpected-null-character parse error. Emit a
            // U+FFFD REPLACEMENT CHARACTER character token."
            Some(0) => {
                D::spec_arm(Arm::PlaintextNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::Continue
            }
            // "EOF: Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::PlaintextEof);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Emit the current input character as a character token."
            Some(_) => {
                D::spec_arm(Arm::PlaintextAnythingElse);
                self.emit_current_input_character();
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#rcdata-less-than-sign-state>
    pub(super) fn rcdata_less_than_sign_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002F SOLIDUS (/): Set the temporary buffer to the empty string. Switch
            // to the RCDATA end tag open state."
            Some(b'/') => {
                D::spec_arm(Arm::RcdataLessThanSignSolidus);
                self.temporary_buffer.clear();
                Step::SwitchTo(State::RcdataEndTagOpen)
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token. Reconsume in
            // the RCDATA state."
            _ => {
                D::spec_arm(Arm::RcdataLessThanSignAnythingElse);
                self.emit_characters(b"<");
                Step::Reconsume(State::Rcdata)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#rcdata-end-tag-open-state>
    pub(super) fn rcdata_end_tag_open_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "ASCII alpha: Create a new end tag token, set its tag name to the empty
            // string. Reconsume in the RCDATA end tag name state."
            Some(c) if c.is_ascii_alphabetic() => {
                D::spec_arm(Arm::RcdataEndTagOpenAsciiAlpha);
                self.create_end_tag_token();
                Step::Reconsume(State::RcdataEndTagName)
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token and a U+002F
            // SOLIDUS character token. Reconsume in the RCDATA state."
            _ => {
                D::spec_arm(Arm::RcdataEndTagOpenAnythingElse);
                self.emit_characters(b"</");
                Step::Reconsume(State::Rcdata)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#rcdata-end-tag-name-state>
    pub(super) fn rcdata_end_tag_name_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: If the current end tag token is an appropriate
            // end tag token, then switch to the before attribute name state. Otherwise,
            // treat it as per the 'anything else' entry below."
            Some(c) if is_tokenizer_whitespace(c) && self.is_appropriate_end_tag_token() => {
                D::spec_arm(Arm::RcdataEndTagNameWhitespace);
                Step::SwitchTo(State::BeforeAttributeName)
            }
            // "U+002F SOLIDUS (/): If the current end tag token is an appropriate end
            // tag token, then switch to the self-closing start tag state. Otherwise,
            // treat it as per the 'anything else' entry below."
            Some(b'/') if self.is_appropriate_end_tag_token() => {
                D::spec_arm(Arm::RcdataEndTagNameSolidus);
                Step::SwitchTo(State::SelfClosingStartTag)
            }
            // "U+003E GREATER-THAN SIGN (>): If the current end tag token is an
            // appropriate end tag token, then switch to the data state and emit the
            // current tag token. Otherwise, treat it as per the 'anything else' entry
            // below."
            Some(b'>') if self.is_appropriate_end_tag_token() => {
                D::spec_arm(Arm::RcdataEndTagNameGreaterThanSign);
                self.emit_current_tag_token();
                Step::SwitchTo(State::Data)
            }
            // "ASCII upper alpha: Append the lowercase version of the current input
            // character (add 0x0020 to the character's code point) to the current tag
            // token's tag name. Append the current input character to the temporary
            // buffer."
            Some(c) if c.is_ascii_uppercase() => {
                D::spec_arm(Arm::RcdataEndTagNameAsciiUpperAlpha);
                self.append_lowercase_to_tag_name(c);
                self.temporary_buffer.push(c);
                Step::Continue
            }
            // "ASCII lower alpha: Append the current input character to the current tag
            // token's tag name. Append the current input character to the temporary
            // buffer."
            Some(c) if c.is_ascii_lowercase() => {
                D::spec_arm(Arm::RcdataEndTagNameAsciiLowerAlpha);
                self.append_to_tag_name(&[c]);
                self.temporary_buffer.push(c);
                Step::Continue
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token, a U+002F
            // SOLIDUS character token, and a character token for each of the characters
            // in the temporary buffer (in the order they were added to the buffer).
            // Reconsume in the RCDATA state."
            _ => {
                D::spec_arm(Arm::RcdataEndTagNameAnythingElse);
                self.emit_less_than_sign_solidus_and_temporary_buffer();
                Step::Reconsume(State::Rcdata)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#rawtext-less-than-sign-state>
    pub(super) fn rawtext_less_than_sign_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002F SOLIDUS (/): Set the temporary buffer to the empty string. Switch
            // to the RAWTEXT end tag open state."
            Some(b'/') => {
                D::spec_arm(Arm::RawtextLessThanSignSolidus);
                self.temporary_buffer.clear();
                Step::SwitchTo(State::RawtextEndTagOpen)
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token. Reconsume in
            // the RAWTEXT state."
            _ => {
                D::spec_arm(Arm::RawtextLessThanSignAnythingElse);
                self.emit_characters(b"<");
                Step::Reconsume(State::Rawtext)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#rawtext-end-tag-open-state>
    pub(super) fn rawtext_end_tag_open_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "ASCII alpha: Create a new end tag token, set its tag name to the empty
            // string. Reconsume in the RAWTEXT end tag name state."
            Some(c) if c.is_ascii_alphabetic() => {
                D::spec_arm(Arm::RawtextEndTagOpenAsciiAlpha);
                self.create_end_tag_token();
                Step::Reconsume(State::RawtextEndTagName)
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token and a U+002F
            // SOLIDUS character token. Reconsume in the RAWTEXT state."
            _ => {
                D::spec_arm(Arm::RawtextEndTagOpenAnythingElse);
                self.emit_characters(b"</");
                Step::Reconsume(State::Rawtext)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#rawtext-end-tag-name-state>
    pub(super) fn rawtext_end_tag_name_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: If the current end tag token is an appropriate
            // end tag token, then switch to the before attribute name state. Otherwise,
            // treat it as per the 'anything else' entry below."
            Some(c) if is_tokenizer_whitespace(c) && self.is_appropriate_end_tag_token() => {
                D::spec_arm(Arm::RawtextEndTagNameWhitespace);
                Step::SwitchTo(State::BeforeAttributeName)
            }
            // "U+002F SOLIDUS (/): If the current end tag token is an appropriate end
            // tag token, then switch to the self-closing start tag state. Otherwise,
            // treat it as per the 'anything else' entry below."
            Some(b'/') if self.is_appropriate_end_tag_token() => {
                D::spec_arm(Arm::RawtextEndTagNameSolidus);
                Step::SwitchTo(State::SelfClosingStartTag)
            }
            // "U+003E GREATER-THAN SIGN (>): If the current end tag token is an
            // appropriate end tag token, then switch to the data state and emit the
            // current tag token. Otherwise, treat it as per the 'anything else' entry
            // below."
            Some(b'>') if self.is_appropriate_end_tag_token() => {
                D::spec_arm(Arm::RawtextEndTagNameGreaterThanSign);
                self.emit_current_tag_token();
                Step::SwitchTo(State::Data)
            }
            // "ASCII upper alpha: Append the lowercase version of the current input
            // character (add 0x0020 to the character's code point) to the current tag
            // token's tag name. Append the current input character to the temporary
            // buffer."
            Some(c) if c.is_ascii_uppercase() => {
                D::spec_arm(Arm::RawtextEndTagNameAsciiUpperAlpha);
                self.append_lowercase_to_tag_name(c);
                self.temporary_buffer.push(c);
                Step::Continue
            }
            // "ASCII lower alpha: Append the current input character to the current tag
            // token's tag name. Append the current input character to the temporary
            // buffer."
            Some(c) if c.is_ascii_lowercase() => {
                D::spec_arm(Arm::RawtextEndTagNameAsciiLowerAlpha);
                self.append_to_tag_name(&[c]);
                self.temporary_buffer.push(c);
                Step::Continue
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token, a U+002F
            // SOLIDUS character token, and a character token for each of the characters
            // in the temporary buffer (in the order they were added to the buffer).
            // Reconsume in the RAWTEXT state."
            _ => {
                D::spec_arm(Arm::RawtextEndTagNameAnythingElse);
                self.emit_less_than_sign_solidus_and_temporary_buffer();
                Step::Reconsume(State::Rawtext)
            }
        }
    }
}
