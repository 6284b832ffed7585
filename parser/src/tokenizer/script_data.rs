//! The script data states.
//!
//! <https://html.spec.whatwg.org/#script-data-state>

use super::TokenizerSeams;
use super::{is_tokenizer_whitespace, State, Step, Tokenizer};
use crate::error::ErrorCode;
use crate::spec_arms::Arm;

impl<D: TokenizerSeams> Tokenizer<'_, D> {
    /// <https://html.spec.whatwg.org/#script-data-state>
    pub(super) fn script_data_state(&mut self) -> Step {
        if let Some(step) = self.fast_path_script_data_state() {
            return step;
        }
        match self.consume_next_input_character() {
            // "U+003C LESS-THAN SIGN (<): Switch to the script data less-than sign state."
            Some(b'<') => {
                D::spec_arm(Arm::ScriptDataLessThanSign);
                Step::SwitchTo(State::ScriptDataLessThanSign)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Emit a
            // U+FFFD REPLACEMENT CHARACTER character token."
            Some(0) => {
                D::spec_arm(Arm::ScriptDataNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::Continue
            }
            // "EOF: Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::ScriptDataEof);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Emit the current input character as a character token."
            Some(_) => {
                D::spec_arm(Arm::ScriptDataAnythingElse);
                self.emit_current_input_character();
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-less-than-sign-state>
    pub(super) fn script_data_less_than_sign_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002F SOLIDUS (/): Set the temporary buffer to the empty string. Switch
            // to the script data end tag open state."
            Some(b'/') => {
                D::spec_arm(Arm::ScriptDataLessThanSignSolidus);
                self.temporary_buffer.clear();
                Step::SwitchTo(State::ScriptDataEndTagOpen)
            }
            // "U+0021 EXCLAMATION MARK (!): Switch to the script data escape start state.
            // Emit a U+003C LESS-THAN SIGN character token and a U+0021 EXCLAMATION MARK
            // character token."
            Some(b'!') => {
                D::spec_arm(Arm::ScriptDataLessThanSignExclamationMark);
                self.emit_characters(b"<!");
                Step::SwitchTo(State::ScriptDataEscapeStart)
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token. Reconsume in
            // the script data state."
            _ => {
                D::spec_arm(Arm::ScriptDataLessThanSignAnythingElse);
                self.emit_characters(b"<");
                Step::Reconsume(State::ScriptData)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-end-tag-open-state>
    pub(super) fn script_data_end_tag_open_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "ASCII alpha: Create a new end tag token, set its tag name to the empty
            // string. Reconsume in the script data end tag name state."
            Some(c) if c.is_ascii_alphabetic() => {
                D::spec_arm(Arm::ScriptDataEndTagOpenAsciiAlpha);
                self.create_end_tag_token();
                Step::Reconsume(State::ScriptDataEndTagName)
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token and a U+002F
            // SOLIDUS character token. Reconsume in the script data state."
            _ => {
                D::spec_arm(Arm::ScriptDataEndTagOpenAnythingElse);
                self.emit_characters(b"</");
                Step::Reconsume(State::ScriptData)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-end-tag-name-state>
    pub(super) fn script_data_end_tag_name_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: If the current end tag token is an appropriate
            // end tag token, then switch to the before attribute name state. Otherwise,
            // treat it as per the 'anything else' entry below."
            Some(c) if is_tokenizer_whitespace(c) && self.is_appropriate_end_tag_token() => {
                D::spec_arm(Arm::ScriptDataEndTagNameWhitespace);
                Step::SwitchTo(State::BeforeAttributeName)
            }
            // "U+002F SOLIDUS (/): If the current end tag token is an appropriate end
            // tag token, then switch to the self-closing start tag state. Otherwise,
            // treat it as per the 'anything else' entry below."
            Some(b'/') if self.is_appropriate_end_tag_token() => {
                D::spec_arm(Arm::ScriptDataEndTagNameSolidus);
                Step::SwitchTo(State::SelfClosingStartTag)
            }
            // "U+003E GREATER-THAN SIGN (>): If the current end tag token is an
            // appropriate end tag token, then switch to the data state and emit the
            // current tag token. Otherwise, treat it as per the 'anything else' entry
            // below."
            Some(b'>') if self.is_appropriate_end_tag_token() => {
                D::spec_arm(Arm::ScriptDataEndTagNameGreaterThanSign);
                self.emit_current_tag_token();
                Step::SwitchTo(State::Data)
            }
            // "ASCII upper alpha: Append the lowercase version of the current input
            // character (add 0x0020 to the character's code point) to the current tag
            // token's tag name. Append the current input character to the temporary
            // buffer."
            Some(c) if c.is_ascii_uppercase() => {
                D::spec_arm(Arm::ScriptDataEndTagNameAsciiUpperAlpha);
                self.append_lowercase_to_tag_name(c);
                self.temporary_buffer.push(c);
                Step::Continue
            }
            // "ASCII lower alpha: Append the current input character to the current tag
            // token's tag name. Append the current input character to the temporary
            // buffer."
            Some(c) if c.is_ascii_lowercase() => {
                D::spec_arm(Arm::ScriptDataEndTagNameAsciiLowerAlpha);
                self.append_to_tag_name(&[c]);
                self.temporary_buffer.push(c);
                Step::Continue
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token, a U+002F
            // SOLIDUS character token, and a character token for each of the characters
            // in the temporary buffer (in the order they were added to the buffer).
            // Reconsume in the script data state."
            _ => {
                D::spec_arm(Arm::ScriptDataEndTagNameAnythingElse);
                self.emit_less_than_sign_solidus_and_temporary_buffer();
                Step::Reconsume(State::ScriptData)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-escape-start-state>
    pub(super) fn script_data_escape_start_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the script data escape start dash
            // state. Emit a U+002D HYPHEN-MINUS character token."
            Some(b'-') => {
                D::spec_arm(Arm::ScriptDataEscapeStartHyphenMinus);
                self.emit_characters(b"-");
                Step::SwitchTo(State::ScriptDataEscapeStartDash)
            }
            // "Anything else: Reconsume in the script data state."
            _ => {
                D::spec_arm(Arm::ScriptDataEscapeStartAnythingElse);
                Step::Reconsume(State::ScriptData)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-escape-start-dash-state>
    pub(super) fn script_data_escape_start_dash_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the script data escaped dash dash
            // state. Emit a U+002D HYPHEN-MINUS character token."
            Some(b'-') => {
                D::spec_arm(Arm::ScriptDataEscapeStartDashHyphenMinus);
                self.emit_characters(b"-");
                Step::SwitchTo(State::ScriptDataEscapedDashDash)
            }
            // "Anything else: Reconsume in the script data state."
            _ => {
                D::spec_arm(Arm::ScriptDataEscapeStartDashAnythingElse);
                Step::Reconsume(State::ScriptData)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-escaped-state>
    pub(super) fn script_data_escaped_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the script data escaped dash state.
            // Emit a U+002D HYPHEN-MINUS character token."
            Some(b'-') => {
                D::spec_arm(Arm::ScriptDataEscapedHyphenMinus);
                self.emit_characters(b"-");
                Step::SwitchTo(State::ScriptDataEscapedDash)
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the script data escaped less-than
            // sign state."
            Some(b'<') => {
                D::spec_arm(Arm::ScriptDataEscapedLessThanSign);
                Step::SwitchTo(State::ScriptDataEscapedLessThanSign)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Emit a
            // U+FFFD REPLACEMENT CHARACTER character token."
            Some(0) => {
                D::spec_arm(Arm::ScriptDataEscapedNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::Continue
            }
            // "EOF: This is an eof-in-script-html-comment-like-text parse error. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::ScriptDataEscapedEof);
                self.parse_error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Emit the current input character as a character token."
            Some(_) => {
                D::spec_arm(Arm::ScriptDataEscapedAnythingElse);
                self.emit_current_input_character();
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-escaped-dash-state>
    pub(super) fn script_data_escaped_dash_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the script data escaped dash dash
            // state. Emit a U+002D HYPHEN-MINUS character token."
            Some(b'-') => {
                D::spec_arm(Arm::ScriptDataEscapedDashHyphenMinus);
                self.emit_characters(b"-");
                Step::SwitchTo(State::ScriptDataEscapedDashDash)
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the script data escaped less-than
            // sign state."
            Some(b'<') => {
                D::spec_arm(Arm::ScriptDataEscapedDashLessThanSign);
                Step::SwitchTo(State::ScriptDataEscapedLessThanSign)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Switch to
            // the script data escaped state. Emit a U+FFFD REPLACEMENT CHARACTER
            // character token."
            Some(0) => {
                D::spec_arm(Arm::ScriptDataEscapedDashNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::SwitchTo(State::ScriptDataEscaped)
            }
            // "EOF: This is an eof-in-script-html-comment-like-text parse error. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::ScriptDataEscapedDashEof);
                self.parse_error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Switch to the script data escaped state. Emit the current
            // input character as a character token."
            Some(_) => {
                D::spec_arm(Arm::ScriptDataEscapedDashAnythingElse);
                self.emit_current_input_character();
                Step::SwitchTo(State::ScriptDataEscaped)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-escaped-dash-dash-state>
    pub(super) fn script_data_escaped_dash_dash_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Emit a U+002D HYPHEN-MINUS character token."
            Some(b'-') => {
                D::spec_arm(Arm::ScriptDataEscapedDashDashHyphenMinus);
                self.emit_characters(b"-");
                Step::Continue
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the script data escaped less-than
            // sign state."
            Some(b'<') => {
                D::spec_arm(Arm::ScriptDataEscapedDashDashLessThanSign);
                Step::SwitchTo(State::ScriptDataEscapedLessThanSign)
            }
            // "U+003E GREATER-THAN SIGN (>): Switch to the script data state. Emit a
            // U+003E GREATER-THAN SIGN character token."
            Some(b'>') => {
                D::spec_arm(Arm::ScriptDataEscapedDashDashGreaterThanSign);
                self.emit_characters(b">");
                Step::SwitchTo(State::ScriptData)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Switch to
            // the script data escaped state. Emit a U+FFFD REPLACEMENT CHARACTER
            // character token."
            Some(0) => {
                D::spec_arm(Arm::ScriptDataEscapedDashDashNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::SwitchTo(State::ScriptDataEscaped)
            }
            // "EOF: This is an eof-in-script-html-comment-like-text parse error. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::ScriptDataEscapedDashDashEof);
                self.parse_error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Switch to the script data escaped state. Emit the current
            // input character as a character token."
            Some(_) => {
                D::spec_arm(Arm::ScriptDataEscapedDashDashAnythingElse);
                self.emit_current_input_character();
                Step::SwitchTo(State::ScriptDataEscaped)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-escaped-less-than-sign-state>
    pub(super) fn script_data_escaped_less_than_sign_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002F SOLIDUS (/): Set the temporary buffer to the empty string. Switch
            // to the script data escaped end tag open state."
            Some(b'/') => {
                D::spec_arm(Arm::ScriptDataEscapedLessThanSignSolidus);
                self.temporary_buffer.clear();
                Step::SwitchTo(State::ScriptDataEscapedEndTagOpen)
            }
            // "ASCII alpha: Set the temporary buffer to the empty string. Emit a U+003C
            // LESS-THAN SIGN character token. Reconsume in the script data double escape
            // start state."
            Some(c) if c.is_ascii_alphabetic() => {
                D::spec_arm(Arm::ScriptDataEscapedLessThanSignAsciiAlpha);
                self.temporary_buffer.clear();
                self.emit_characters(b"<");
                Step::Reconsume(State::ScriptDataDoubleEscapeStart)
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token. Reconsume in
            // the script data escaped state."
            _ => {
                D::spec_arm(Arm::ScriptDataEscapedLessThanSignAnythingElse);
                self.emit_characters(b"<");
                Step::Reconsume(State::ScriptDataEscaped)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-escaped-end-tag-open-state>
    pub(super) fn script_data_escaped_end_tag_open_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "ASCII alpha: Create a new end tag token, set its tag name to the empty
            // string. Reconsume in the script data escaped end tag name state."
            Some(c) if c.is_ascii_alphabetic() => {
                D::spec_arm(Arm::ScriptDataEscapedEndTagOpenAsciiAlpha);
                self.create_end_tag_token();
                Step::Reconsume(State::ScriptDataEscapedEndTagName)
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token and a U+002F
            // SOLIDUS character token. Reconsume in the script data escaped state."
            _ => {
                D::spec_arm(Arm::ScriptDataEscapedEndTagOpenAnythingElse);
                self.emit_characters(b"</");
                Step::Reconsume(State::ScriptDataEscaped)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-escaped-end-tag-name-state>
    pub(super) fn script_data_escaped_end_tag_name_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: If the current end tag token is an appropriate
            // end tag token, then switch to the before attribute name state. Otherwise,
            // treat it as per the 'anything else' entry below."
            Some(c) if is_tokenizer_whitespace(c) && self.is_appropriate_end_tag_token() => {
                D::spec_arm(Arm::ScriptDataEscapedEndTagNameWhitespace);
                Step::SwitchTo(State::BeforeAttributeName)
            }
            // "U+002F SOLIDUS (/): If the current end tag token is an appropriate end
            // tag token, then switch to the self-closing start tag state. Otherwise,
            // treat it as per the 'anything else' entry below."
            Some(b'/') if self.is_appropriate_end_tag_token() => {
                D::spec_arm(Arm::ScriptDataEscapedEndTagNameSolidus);
                Step::SwitchTo(State::SelfClosingStartTag)
            }
            // "U+003E GREATER-THAN SIGN (>): If the current end tag token is an
            // appropriate end tag token, then switch to the data state and emit the
            // current tag token. Otherwise, treat it as per the 'anything else' entry
            // below."
            Some(b'>') if self.is_appropriate_end_tag_token() => {
                D::spec_arm(Arm::ScriptDataEscapedEndTagNameGreaterThanSign);
                self.emit_current_tag_token();
                Step::SwitchTo(State::Data)
            }
            // "ASCII upper alpha: Append the lowercase version of the current input
            // character (add 0x0020 to the character's code point) to the current tag
            // token's tag name. Append the current input character to the temporary
            // buffer."
            Some(c) if c.is_ascii_uppercase() => {
                D::spec_arm(Arm::ScriptDataEscapedEndTagNameAsciiUpperAlpha);
                self.append_lowercase_to_tag_name(c);
                self.temporary_buffer.push(c);
                Step::Continue
            }
            // "ASCII lower alpha: Append the current input character to the current tag
            // token's tag name. Append the current input character to the temporary
            // buffer."
            Some(c) if c.is_ascii_lowercase() => {
                D::spec_arm(Arm::ScriptDataEscapedEndTagNameAsciiLowerAlpha);
                self.append_to_tag_name(&[c]);
                self.temporary_buffer.push(c);
                Step::Continue
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token, a U+002F
            // SOLIDUS character token, and a character token for each of the characters
            // in the temporary buffer (in the order they were added to the buffer).
            // Reconsume in the script data escaped state."
            _ => {
                D::spec_arm(Arm::ScriptDataEscapedEndTagNameAnythingElse);
                self.emit_less_than_sign_solidus_and_temporary_buffer();
                Step::Reconsume(State::ScriptDataEscaped)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-double-escape-start-state>
    pub(super) fn script_data_double_escape_start_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE, U+002F SOLIDUS (/), U+003E GREATER-THAN SIGN (>):
            // If the temporary buffer is the string "script", then switch to the script
            // data double escaped state. Otherwise, switch to the script data escaped
            // state. Emit the current input character as a character token."
            Some(c) if is_tokenizer_whitespace(c) || c == b'/' || c == b'>' => {
                D::spec_arm(Arm::ScriptDataDoubleEscapeStartWhitespaceSolidusGreaterThanSign);
                self.emit_current_input_character();
                if self.temporary_buffer == b"script" {
                    Step::SwitchTo(State::ScriptDataDoubleEscaped)
                } else {
                    Step::SwitchTo(State::ScriptDataEscaped)
                }
            }
            // "ASCII upper alpha: Append the lowercase version of the current input
            // character (add 0x0020 to the character's code point) to the temporary
            // buffer. Emit the current input character as a character token."
            Some(c) if c.is_ascii_uppercase() => {
                D::spec_arm(Arm::ScriptDataDoubleEscapeStartAsciiUpperAlpha);
                self.temporary_buffer.push(c.to_ascii_lowercase());
                self.emit_current_input_character();
                Step::Continue
            }
            // "ASCII lower alpha: Append the current input character to the temporary
            // buffer. Emit the current input character as a character token."
            Some(c) if c.is_ascii_lowercase() => {
                D::spec_arm(Arm::ScriptDataDoubleEscapeStartAsciiLowerAlpha);
                self.temporary_buffer.push(c);
                self.emit_current_input_character();
                Step::Continue
            }
            // "Anything else: Reconsume in the script data escaped state."
            _ => {
                D::spec_arm(Arm::ScriptDataDoubleEscapeStartAnythingElse);
                Step::Reconsume(State::ScriptDataEscaped)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-double-escaped-state>
    pub(super) fn script_data_double_escaped_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the script data double escaped dash
            // state. Emit a U+002D HYPHEN-MINUS character token."
            Some(b'-') => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedHyphenMinus);
                self.emit_characters(b"-");
                Step::SwitchTo(State::ScriptDataDoubleEscapedDash)
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the script data double escaped
            // less-than sign state. Emit a U+003C LESS-THAN SIGN character token."
            Some(b'<') => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedLessThanSign);
                self.emit_characters(b"<");
                Step::SwitchTo(State::ScriptDataDoubleEscapedLessThanSign)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Emit a
            // U+FFFD REPLACEMENT CHARACTER character token."
            Some(0) => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::Continue
            }
            // "EOF: This is an eof-in-script-html-comment-like-text parse error. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedEof);
                self.parse_error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Emit the current input character as a character token."
            Some(_) => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedAnythingElse);
                self.emit_current_input_character();
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-double-escaped-dash-state>
    pub(super) fn script_data_double_escaped_dash_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the script data double escaped dash
            // dash state. Emit a U+002D HYPHEN-MINUS character token."
            Some(b'-') => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedDashHyphenMinus);
                self.emit_characters(b"-");
                Step::SwitchTo(State::ScriptDataDoubleEscapedDashDash)
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the script data double escaped
            // less-than sign state. Emit a U+003C LESS-THAN SIGN character token."
            Some(b'<') => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedDashLessThanSign);
                self.emit_characters(b"<");
                Step::SwitchTo(State::ScriptDataDoubleEscapedLessThanSign)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Switch to
            // the script data double escaped state. Emit a U+FFFD REPLACEMENT CHARACTER
            // character token."
            Some(0) => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedDashNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::SwitchTo(State::ScriptDataDoubleEscaped)
            }
            // "EOF: This is an eof-in-script-html-comment-like-text parse error. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedDashEof);
                self.parse_error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Switch to the script data double escaped state. Emit the
            // current input character as a character token."
            Some(_) => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedDashAnythingElse);
                self.emit_current_input_character();
                Step::SwitchTo(State::ScriptDataDoubleEscaped)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-double-escaped-dash-dash-state>
    pub(super) fn script_data_double_escaped_dash_dash_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Emit a U+002D HYPHEN-MINUS character token."
            Some(b'-') => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedDashDashHyphenMinus);
                self.emit_characters(b"-");
                Step::Continue
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the script data double escaped
            // less-than sign state. Emit a U+003C LESS-THAN SIGN character token."
            Some(b'<') => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedDashDashLessThanSign);
                self.emit_characters(b"<");
                Step::SwitchTo(State::ScriptDataDoubleEscapedLessThanSign)
            }
            // "U+003E GREATER-THAN SIGN (>): Switch to the script data state. Emit a
            // U+003E GREATER-THAN SIGN character token."
            Some(b'>') => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedDashDashGreaterThanSign);
                self.emit_characters(b">");
                Step::SwitchTo(State::ScriptData)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Switch to
            // the script data double escaped state. Emit a U+FFFD REPLACEMENT CHARACTER
            // character token."
            Some(0) => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedDashDashNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::SwitchTo(State::ScriptDataDoubleEscaped)
            }
            // "EOF: This is an eof-in-script-html-comment-like-text parse error. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedDashDashEof);
                self.parse_error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Switch to the script data double escaped state. Emit the
            // current input character as a character token."
            Some(_) => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedDashDashAnythingElse);
                self.emit_current_input_character();
                Step::SwitchTo(State::ScriptDataDoubleEscaped)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-double-escaped-less-than-sign-state>
    pub(super) fn script_data_double_escaped_less_than_sign_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002F SOLIDUS (/): Set the temporary buffer to the empty string. Switch
            // to the script data double escape end state. Emit a U+002F SOLIDUS
            // character token."
            Some(b'/') => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedLessThanSignSolidus);
                self.temporary_buffer.clear();
                self.emit_characters(b"/");
                Step::SwitchTo(State::ScriptDataDoubleEscapeEnd)
            }
            // "Anything else: Reconsume in the script data double escaped state."
            _ => {
                D::spec_arm(Arm::ScriptDataDoubleEscapedLessThanSignAnythingElse);
                Step::Reconsume(State::ScriptDataDoubleEscaped)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-double-escape-end-state>
    pub(super) fn script_data_double_escape_end_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE, U+002F SOLIDUS (/), U+003E GREATER-THAN SIGN (>):
            // If the temporary buffer is the string "script", then switch to the script
            // data escaped state. Otherwise, switch to the script data double escaped
            // state. Emit the current input character as a character token."
            Some(c) if is_tokenizer_whitespace(c) || c == b'/' || c == b'>' => {
                D::spec_arm(Arm::ScriptDataDoubleEscapeEndWhitespaceSolidusGreaterThanSign);
                self.emit_current_input_character();
                if self.temporary_buffer == b"script" {
                    Step::SwitchTo(State::ScriptDataEscaped)
                } else {
                    Step::SwitchTo(State::ScriptDataDoubleEscaped)
                }
            }
            // "ASCII upper alpha: Append the lowercase version of the current input
            // character (add 0x0020 to the character's code point) to the temporary
            // buffer. Emit the current input character as a character token."
            Some(c) if c.is_ascii_uppercase() => {
                D::spec_arm(Arm::ScriptDataDoubleEscapeEndAsciiUpperAlpha);
                self.temporary_buffer.push(c.to_ascii_lowercase());
                self.emit_current_input_character();
                Step::Continue
            }
            // "ASCII lower alpha: Append the current input character to the temporary
            // buffer. Emit the current input character as a character token."
            Some(c) if c.is_ascii_lowercase() => {
                D::spec_arm(Arm::ScriptDataDoubleEscapeEndAsciiLowerAlpha);
                self.temporary_buffer.push(c);
                self.emit_current_input_character();
                Step::Continue
            }
            // "Anything else: Reconsume in the script data double escaped state."
            _ => {
                D::spec_arm(Arm::ScriptDataDoubleEscapeEndAnythingElse);
                Step::Reconsume(State::ScriptDataDoubleEscaped)
            }
        }
    }
}
