//! The attribute states, from before attribute name to after attribute value (quoted).
//!
//! <https://html.spec.whatwg.org/#before-attribute-name-state>
//!
//! The current attribute is built at the end of the current tag's buffer; leaving the
//! attribute name state checks its name against the earlier ones
//! (`leave_the_attribute_name_state`), and a duplicate is dropped when the attribute
//! is finished.

use super::TokenizerSeams;
use super::{is_tokenizer_whitespace, State, Step, Tokenizer, REPLACEMENT_CHARACTER};
use crate::error::ErrorCode;
use crate::spec_arms::Arm;

impl<D: TokenizerSeams> Tokenizer<'_, D> {
    /// <https://html.spec.whatwg.org/#before-attribute-name-state>
    pub(super) fn before_attribute_name_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Ignore the character."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::BeforeAttributeNameWhitespace);
                Step::Continue
            }
            // "U+002F SOLIDUS (/), U+003E GREATER-THAN SIGN (>), EOF: Reconsume in the
            // after attribute name state."
            Some(b'/' | b'>') | None => {
                D::spec_arm(Arm::BeforeAttributeNameSolidusGreaterThanSignEof);
                Step::Reconsume(State::AfterAttributeName)
            }
            // "U+003D EQUALS SIGN (=): This is an
            // unexpected-equals-sign-before-attribute-name parse error. Start a new
            // attribute in the current tag token. Set that attribute's name to the
            // current input character, and its value to the empty string. Switch to the
            // attribute name state."
            Some(b'=') => {
                D::spec_arm(Arm::BeforeAttributeNameEqualsSign);
                self.parse_error(ErrorCode::UnexpectedEqualsSignBeforeAttributeName);
                self.start_new_attribute();
                self.append_to_attribute_name(b"=");
                Step::SwitchTo(State::AttributeName)
            }
            // "Anything else: Start a new attribute in the current tag token. Set that
            // attribute name and value to the empty string. Reconsume in the attribute
            // name state."
            Some(_) => {
                D::spec_arm(Arm::BeforeAttributeNameAnythingElse);
                self.start_new_attribute();
                Step::Reconsume(State::AttributeName)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#attribute-name-state>
    pub(super) fn attribute_name_state(&mut self) -> Step {
        if let Some(step) = self.fast_path_attribute_name_state() {
            return step;
        }
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE, U+002F SOLIDUS (/), U+003E GREATER-THAN SIGN (>),
            // EOF: Reconsume in the after attribute name state."
            Some(b'\t' | b'\n' | b'\x0C' | b' ' | b'/' | b'>') | None => {
                D::spec_arm(Arm::AttributeNameWhitespaceSolidusGreaterThanSignEof);
                self.leave_the_attribute_name_state();
                Step::Reconsume(State::AfterAttributeName)
            }
            // "U+003D EQUALS SIGN (=): Switch to the before attribute value state."
            Some(b'=') => {
                D::spec_arm(Arm::AttributeNameEqualsSign);
                self.leave_the_attribute_name_state();
                Step::SwitchTo(State::BeforeAttributeValue)
            }
            // "ASCII upper alpha: Append the lowercase version of the current input
            // character (add 0x0020 to the character's code point) to the current
            // attribute's name."
            Some(c) if c.is_ascii_uppercase() => {
                D::spec_arm(Arm::AttributeNameAsciiUpperAlpha);
                self.append_to_attribute_name(&[c.to_ascii_lowercase()]);
                Step::Continue
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Append a
            // U+FFFD REPLACEMENT CHARACTER character to the current attribute's name."
            Some(0) => {
                D::spec_arm(Arm::AttributeNameNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.append_to_attribute_name(REPLACEMENT_CHARACTER);
                Step::Continue
            }
            // "U+0022 QUOTATION MARK ("), U+0027 APOSTROPHE ('), U+003C LESS-THAN SIGN
            // (<): This is an unexpected-character-in-attribute-name parse error. Treat
            // it as per the 'anything else' entry below."
            Some(c @ (b'"' | b'\'' | b'<')) => {
                D::spec_arm(Arm::AttributeNameQuotationMarkApostropheLessThanSign);
                self.parse_error(ErrorCode::UnexpectedCharacterInAttributeName);
                self.append_to_attribute_name(&[c]);
                Step::Continue
            }
            // "Anything else: Append the current input character to the current
            // attribute's name."
            Some(c) => {
                D::spec_arm(Arm::AttributeNameAnythingElse);
                self.append_to_attribute_name(&[c]);
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#after-attribute-name-state>
    pub(super) fn after_attribute_name_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Ignore the character."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::AfterAttributeNameWhitespace);
                Step::Continue
            }
            // "U+002F SOLIDUS (/): Switch to the self-closing start tag state."
            Some(b'/') => {
                D::spec_arm(Arm::AfterAttributeNameSolidus);
                Step::SwitchTo(State::SelfClosingStartTag)
            }
            // "U+003D EQUALS SIGN (=): Switch to the before attribute value state."
            Some(b'=') => {
                D::spec_arm(Arm::AfterAttributeNameEqualsSign);
                Step::SwitchTo(State::BeforeAttributeValue)
            }
            // "U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the current
            // tag token."
            Some(b'>') => {
                D::spec_arm(Arm::AfterAttributeNameGreaterThanSign);
                self.emit_current_tag_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-tag parse error. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::AfterAttributeNameEof);
                self.parse_error(ErrorCode::EofInTag);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Start a new attribute in the current tag token. Set that
            // attribute name and value to the empty string. Reconsume in the attribute
            // name state."
            Some(_) => {
                D::spec_arm(Arm::AfterAttributeNameAnythingElse);
                self.start_new_attribute();
                Step::Reconsume(State::AttributeName)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#before-attribute-value-state>
    pub(super) fn before_attribute_value_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Ignore the character."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::BeforeAttributeValueWhitespace);
                Step::Continue
            }
            // "U+0022 QUOTATION MARK ("): Switch to the attribute value (double-quoted)
            // state."
            Some(b'"') => {
                D::spec_arm(Arm::BeforeAttributeValueQuotationMark);
                Step::SwitchTo(State::AttributeValueDoubleQuoted)
            }
            // "U+0027 APOSTROPHE ('): Switch to the attribute value (single-quoted)
            // state."
            Some(b'\'') => {
                D::spec_arm(Arm::BeforeAttributeValueApostrophe);
                Step::SwitchTo(State::AttributeValueSingleQuoted)
            }
            // "U+003E GREATER-THAN SIGN (>): This is a missing-attribute-value parse
            // error. Switch to the data state. Emit the current tag token."
            Some(b'>') => {
                D::spec_arm(Arm::BeforeAttributeValueGreaterThanSign);
                self.parse_error(ErrorCode::MissingAttributeValue);
                self.emit_current_tag_token();
                Step::SwitchTo(State::Data)
            }
            // "Anything else: Reconsume in the attribute value (unquoted) state."
            _ => {
                D::spec_arm(Arm::BeforeAttributeValueAnythingElse);
                Step::Reconsume(State::AttributeValueUnquoted)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#attribute-value-(double-quoted)-state>
    pub(super) fn attribute_value_double_quoted_state(&mut self) -> Step {
        if let Some(step) = self.fast_path_attribute_value_double_quoted_state() {
            return step;
        }
        match self.consume_next_input_character() {
            // "U+0022 QUOTATION MARK ("): Switch to the after attribute value (quoted)
            // state."
            Some(b'"') => {
                D::spec_arm(Arm::AttributeValueDoubleQuotedQuotationMark);
                Step::SwitchTo(State::AfterAttributeValueQuoted)
            }
            // "U+0026 AMPERSAND (&): Set the return state to the attribute value
            // (double-quoted) state. Switch to the character reference state."
            Some(b'&') => {
                D::spec_arm(Arm::AttributeValueDoubleQuotedAmpersand);
                self.return_state = State::AttributeValueDoubleQuoted;
                Step::SwitchTo(State::CharacterReference)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Append a
            // U+FFFD REPLACEMENT CHARACTER character to the current attribute's value."
            Some(0) => {
                D::spec_arm(Arm::AttributeValueDoubleQuotedNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.append_to_attribute_value(REPLACEMENT_CHARACTER);
                Step::Continue
            }
            // "EOF: This is an eof-in-tag parse error. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::AttributeValueDoubleQuotedEof);
                self.parse_error(ErrorCode::EofInTag);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Append the current input character to the current
            // attribute's value."
            Some(c) => {
                D::spec_arm(Arm::AttributeValueDoubleQuotedAnythingElse);
                self.append_to_attribute_value(&[c]);
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#attribute-value-(single-quoted)-state>
    pub(super) fn attribute_value_single_quoted_state(&mut self) -> Step {
        if let Some(step) = self.fast_path_attribute_value_single_quoted_state() {
            return step;
        }
        match self.consume_next_input_character() {
            // "U+0027 APOSTROPHE ('): Switch to the after attribute value (quoted)
            // state."
            Some(b'\'') => {
                D::spec_arm(Arm::AttributeValueSingleQuotedApostrophe);
                Step::SwitchTo(State::AfterAttributeValueQuoted)
            }
            // "U+0026 AMPERSAND (&): Set the return state to the attribute value
            // (single-quoted) state. Switch to the character reference state."
            Some(b'&') => {
                D::spec_arm(Arm::AttributeValueSingleQuotedAmpersand);
                self.return_state = State::AttributeValueSingleQuoted;
                Step::SwitchTo(State::CharacterReference)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Append a
            // U+FFFD REPLACEMENT CHARACTER character to the current attribute's value."
            Some(0) => {
                D::spec_arm(Arm::AttributeValueSingleQuotedNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.append_to_attribute_value(REPLACEMENT_CHARACTER);
                Step::Continue
            }
            // "EOF: This is an eof-in-tag parse error. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::AttributeValueSingleQuotedEof);
                self.parse_error(ErrorCode::EofInTag);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Append the current input character to the current
            // attribute's value."
            Some(c) => {
                D::spec_arm(Arm::AttributeValueSingleQuotedAnythingElse);
                self.append_to_attribute_value(&[c]);
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#attribute-value-(unquoted)-state>
    pub(super) fn attribute_value_unquoted_state(&mut self) -> Step {
        if let Some(step) = self.fast_path_attribute_value_unquoted_state() {
            return step;
        }
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Switch to the before attribute name state."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::AttributeValueUnquotedWhitespace);
                Step::SwitchTo(State::BeforeAttributeName)
            }
            // "U+0026 AMPERSAND (&): Set the return state to the attribute value
            // (unquoted) state. Switch to the character reference state."
            Some(b'&') => {
                D::spec_arm(Arm::AttributeValueUnquotedAmpersand);
                self.return_state = State::AttributeValueUnquoted;
                Step::SwitchTo(State::CharacterReference)
            }
            // "U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the current
            // tag token."
            Some(b'>') => {
                D::spec_arm(Arm::AttributeValueUnquotedGreaterThanSign);
                self.emit_current_tag_token();
                Step::SwitchTo(State::Data)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Append a
            // U+FFFD REPLACEMENT CHARACTER character to the current attribute's value."
            Some(0) => {
                D::spec_arm(Arm::AttributeValueUnquotedNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.append_to_attribute_value(REPLACEMENT_CHARACTER);
                Step::Continue
            }
            // "U+0022 QUOTATION MARK ("), U+0027 APOSTROPHE ('), U+003C LESS-THAN SIGN
            // (<), U+003D EQUALS SIGN (=), U+0060 GRAVE ACCENT (`): This is an
            // unexpected-character-in-unquoted-attribute-value parse error. Treat it as
            // per the 'anything else' entry below."
            Some(c @ (b'"' | b'\'' | b'<' | b'=' | b'`')) => {
                D::spec_arm(Arm::AttributeValueUnquotedQuotationMarkApostropheLessThanSignEqualsSignGraveAccent);
                self.parse_error(ErrorCode::UnexpectedCharacterInUnquotedAttributeValue);
                self.append_to_attribute_value(&[c]);
                Step::Continue
            }
            // "EOF: This is an eof-in-tag parse error. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::AttributeValueUnquotedEof);
                self.parse_error(ErrorCode::EofInTag);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Append the current input character to the current
            // attribute's value."
            Some(c) => {
                D::spec_arm(Arm::AttributeValueUnquotedAnythingElse);
                self.append_to_attribute_value(&[c]);
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#after-attribute-value-(quoted)-state>
    pub(super) fn after_attribute_value_quoted_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Switch to the before attribute name state."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::AfterAttributeValueQuotedWhitespace);
                Step::SwitchTo(State::BeforeAttributeName)
            }
            // "U+002F SOLIDUS (/): Switch to the self-closing start tag state."
            Some(b'/') => {
                D::spec_arm(Arm::AfterAttributeValueQuotedSolidus);
                Step::SwitchTo(State::SelfClosingStartTag)
            }
            // "U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the current
            // tag token."
            Some(b'>') => {
                D::spec_arm(Arm::AfterAttributeValueQuotedGreaterThanSign);
                self.emit_current_tag_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-tag parse error. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::AfterAttributeValueQuotedEof);
                self.parse_error(ErrorCode::EofInTag);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: This is a missing-whitespace-between-attributes parse
            // error. Reconsume in the before attribute name state."
            Some(_) => {
                D::spec_arm(Arm::AfterAttributeValueQuotedAnythingElse);
                self.parse_error(ErrorCode::MissingWhitespaceBetweenAttributes);
                Step::Reconsume(State::BeforeAttributeName)
            }
        }
    }
}
