//! The script data states.
//!
//! <https://html.spec.whatwg.org/#script-data-state>

use super::{is_tokenizer_whitespace, State, Step, Tokenizer};
use crate::error::ErrorCode;

impl Tokenizer<'_> {
    /// <https://html.spec.whatwg.org/#script-data-state>
    pub(super) fn script_data_state(&mut self) -> Step {
        if self.fast_paths {
            if let Some(step) = self.fast_path_rawtext_or_script_data_state_text() {
                return step;
            }
        }
        match self.consume_next_input_character() {
            // "U+003C LESS-THAN SIGN (<): Switch to the script data less-than sign state."
            Some(b'<') => Step::SwitchTo(State::ScriptDataLessThanSign),
            // "U+0000 NULL: This is an unexpected-null-character parse error. Emit a
            // U+FFFD REPLACEMENT CHARACTER character token."
            Some(0) => {
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::Continue
            }
            // "EOF: Emit an end-of-file token."
            None => {
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Emit the current input character as a character token."
            Some(_) => {
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
                self.temporary_buffer.clear();
                Step::SwitchTo(State::ScriptDataEndTagOpen)
            }
            // "U+0021 EXCLAMATION MARK (!): Switch to the script data escape start state.
            // Emit a U+003C LESS-THAN SIGN character token and a U+0021 EXCLAMATION MARK
            // character token."
            Some(b'!') => {
                self.emit_characters(b"<!");
                Step::SwitchTo(State::ScriptDataEscapeStart)
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token. Reconsume in
            // the script data state."
            _ => {
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
                self.create_end_tag_token();
                Step::Reconsume(State::ScriptDataEndTagName)
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token and a U+002F
            // SOLIDUS character token. Reconsume in the script data state."
            _ => {
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
                Step::SwitchTo(State::BeforeAttributeName)
            }
            // "U+002F SOLIDUS (/): If the current end tag token is an appropriate end
            // tag token, then switch to the self-closing start tag state. Otherwise,
            // treat it as per the 'anything else' entry below."
            Some(b'/') if self.is_appropriate_end_tag_token() => {
                Step::SwitchTo(State::SelfClosingStartTag)
            }
            // "U+003E GREATER-THAN SIGN (>): If the current end tag token is an
            // appropriate end tag token, then switch to the data state and emit the
            // current tag token. Otherwise, treat it as per the 'anything else' entry
            // below."
            Some(b'>') if self.is_appropriate_end_tag_token() => {
                self.emit_current_tag_token();
                Step::SwitchTo(State::Data)
            }
            // "ASCII upper alpha: Append the lowercase version of the current input
            // character (add 0x0020 to the character's code point) to the current tag
            // token's tag name. Append the current input character to the temporary
            // buffer."
            Some(c) if c.is_ascii_uppercase() => {
                self.append_lowercase_to_tag_name(c);
                self.temporary_buffer.push(c);
                Step::Continue
            }
            // "ASCII lower alpha: Append the current input character to the current tag
            // token's tag name. Append the current input character to the temporary
            // buffer."
            Some(c) if c.is_ascii_lowercase() => {
                self.append_to_tag_name(&[c]);
                self.temporary_buffer.push(c);
                Step::Continue
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token, a U+002F
            // SOLIDUS character token, and a character token for each of the characters
            // in the temporary buffer (in the order they were added to the buffer).
            // Reconsume in the script data state."
            _ => {
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
                self.emit_characters(b"-");
                Step::SwitchTo(State::ScriptDataEscapeStartDash)
            }
            // "Anything else: Reconsume in the script data state."
            _ => Step::Reconsume(State::ScriptData),
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-escape-start-dash-state>
    pub(super) fn script_data_escape_start_dash_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the script data escaped dash dash
            // state. Emit a U+002D HYPHEN-MINUS character token."
            Some(b'-') => {
                self.emit_characters(b"-");
                Step::SwitchTo(State::ScriptDataEscapedDashDash)
            }
            // "Anything else: Reconsume in the script data state."
            _ => Step::Reconsume(State::ScriptData),
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-escaped-state>
    pub(super) fn script_data_escaped_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the script data escaped dash state.
            // Emit a U+002D HYPHEN-MINUS character token."
            Some(b'-') => {
                self.emit_characters(b"-");
                Step::SwitchTo(State::ScriptDataEscapedDash)
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the script data escaped less-than
            // sign state."
            Some(b'<') => Step::SwitchTo(State::ScriptDataEscapedLessThanSign),
            // "U+0000 NULL: This is an unexpected-null-character parse error. Emit a
            // U+FFFD REPLACEMENT CHARACTER character token."
            Some(0) => {
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::Continue
            }
            // "EOF: This is an eof-in-script-html-comment-like-text parse error. Emit an
            // end-of-file token."
            None => {
                self.parse_error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Emit the current input character as a character token."
            Some(_) => {
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
                self.emit_characters(b"-");
                Step::SwitchTo(State::ScriptDataEscapedDashDash)
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the script data escaped less-than
            // sign state."
            Some(b'<') => Step::SwitchTo(State::ScriptDataEscapedLessThanSign),
            // "U+0000 NULL: This is an unexpected-null-character parse error. Switch to
            // the script data escaped state. Emit a U+FFFD REPLACEMENT CHARACTER
            // character token."
            Some(0) => {
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::SwitchTo(State::ScriptDataEscaped)
            }
            // "EOF: This is an eof-in-script-html-comment-like-text parse error. Emit an
            // end-of-file token."
            None => {
                self.parse_error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Switch to the script data escaped state. Emit the current
            // input character as a character token."
            Some(_) => {
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
                self.emit_characters(b"-");
                Step::Continue
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the script data escaped less-than
            // sign state."
            Some(b'<') => Step::SwitchTo(State::ScriptDataEscapedLessThanSign),
            // "U+003E GREATER-THAN SIGN (>): Switch to the script data state. Emit a
            // U+003E GREATER-THAN SIGN character token."
            Some(b'>') => {
                self.emit_characters(b">");
                Step::SwitchTo(State::ScriptData)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Switch to
            // the script data escaped state. Emit a U+FFFD REPLACEMENT CHARACTER
            // character token."
            Some(0) => {
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::SwitchTo(State::ScriptDataEscaped)
            }
            // "EOF: This is an eof-in-script-html-comment-like-text parse error. Emit an
            // end-of-file token."
            None => {
                self.parse_error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Switch to the script data escaped state. Emit the current
            // input character as a character token."
            Some(_) => {
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
                self.temporary_buffer.clear();
                Step::SwitchTo(State::ScriptDataEscapedEndTagOpen)
            }
            // "ASCII alpha: Set the temporary buffer to the empty string. Emit a U+003C
            // LESS-THAN SIGN character token. Reconsume in the script data double escape
            // start state."
            Some(c) if c.is_ascii_alphabetic() => {
                self.temporary_buffer.clear();
                self.emit_characters(b"<");
                Step::Reconsume(State::ScriptDataDoubleEscapeStart)
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token. Reconsume in
            // the script data escaped state."
            _ => {
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
                self.create_end_tag_token();
                Step::Reconsume(State::ScriptDataEscapedEndTagName)
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token and a U+002F
            // SOLIDUS character token. Reconsume in the script data escaped state."
            _ => {
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
                Step::SwitchTo(State::BeforeAttributeName)
            }
            // "U+002F SOLIDUS (/): If the current end tag token is an appropriate end
            // tag token, then switch to the self-closing start tag state. Otherwise,
            // treat it as per the 'anything else' entry below."
            Some(b'/') if self.is_appropriate_end_tag_token() => {
                Step::SwitchTo(State::SelfClosingStartTag)
            }
            // "U+003E GREATER-THAN SIGN (>): If the current end tag token is an
            // appropriate end tag token, then switch to the data state and emit the
            // current tag token. Otherwise, treat it as per the 'anything else' entry
            // below."
            Some(b'>') if self.is_appropriate_end_tag_token() => {
                self.emit_current_tag_token();
                Step::SwitchTo(State::Data)
            }
            // "ASCII upper alpha: Append the lowercase version of the current input
            // character (add 0x0020 to the character's code point) to the current tag
            // token's tag name. Append the current input character to the temporary
            // buffer."
            Some(c) if c.is_ascii_uppercase() => {
                self.append_lowercase_to_tag_name(c);
                self.temporary_buffer.push(c);
                Step::Continue
            }
            // "ASCII lower alpha: Append the current input character to the current tag
            // token's tag name. Append the current input character to the temporary
            // buffer."
            Some(c) if c.is_ascii_lowercase() => {
                self.append_to_tag_name(&[c]);
                self.temporary_buffer.push(c);
                Step::Continue
            }
            // "Anything else: Emit a U+003C LESS-THAN SIGN character token, a U+002F
            // SOLIDUS character token, and a character token for each of the characters
            // in the temporary buffer (in the order they were added to the buffer).
            // Reconsume in the script data escaped state."
            _ => {
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
                self.temporary_buffer.push(c.to_ascii_lowercase());
                self.emit_current_input_character();
                Step::Continue
            }
            // "ASCII lower alpha: Append the current input character to the temporary
            // buffer. Emit the current input character as a character token."
            Some(c) if c.is_ascii_lowercase() => {
                self.temporary_buffer.push(c);
                self.emit_current_input_character();
                Step::Continue
            }
            // "Anything else: Reconsume in the script data escaped state."
            _ => Step::Reconsume(State::ScriptDataEscaped),
        }
    }

    /// <https://html.spec.whatwg.org/#script-data-double-escaped-state>
    pub(super) fn script_data_double_escaped_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the script data double escaped dash
            // state. Emit a U+002D HYPHEN-MINUS character token."
            Some(b'-') => {
                self.emit_characters(b"-");
                Step::SwitchTo(State::ScriptDataDoubleEscapedDash)
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the script data double escaped
            // less-than sign state. Emit a U+003C LESS-THAN SIGN character token."
            Some(b'<') => {
                self.emit_characters(b"<");
                Step::SwitchTo(State::ScriptDataDoubleEscapedLessThanSign)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Emit a
            // U+FFFD REPLACEMENT CHARACTER character token."
            Some(0) => {
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::Continue
            }
            // "EOF: This is an eof-in-script-html-comment-like-text parse error. Emit an
            // end-of-file token."
            None => {
                self.parse_error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Emit the current input character as a character token."
            Some(_) => {
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
                self.emit_characters(b"-");
                Step::SwitchTo(State::ScriptDataDoubleEscapedDashDash)
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the script data double escaped
            // less-than sign state. Emit a U+003C LESS-THAN SIGN character token."
            Some(b'<') => {
                self.emit_characters(b"<");
                Step::SwitchTo(State::ScriptDataDoubleEscapedLessThanSign)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Switch to
            // the script data double escaped state. Emit a U+FFFD REPLACEMENT CHARACTER
            // character token."
            Some(0) => {
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::SwitchTo(State::ScriptDataDoubleEscaped)
            }
            // "EOF: This is an eof-in-script-html-comment-like-text parse error. Emit an
            // end-of-file token."
            None => {
                self.parse_error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Switch to the script data double escaped state. Emit the
            // current input character as a character token."
            Some(_) => {
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
                self.emit_characters(b"-");
                Step::Continue
            }
            // "U+003C LESS-THAN SIGN (<): Switch to the script data double escaped
            // less-than sign state. Emit a U+003C LESS-THAN SIGN character token."
            Some(b'<') => {
                self.emit_characters(b"<");
                Step::SwitchTo(State::ScriptDataDoubleEscapedLessThanSign)
            }
            // "U+003E GREATER-THAN SIGN (>): Switch to the script data state. Emit a
            // U+003E GREATER-THAN SIGN character token."
            Some(b'>') => {
                self.emit_characters(b">");
                Step::SwitchTo(State::ScriptData)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Switch to
            // the script data double escaped state. Emit a U+FFFD REPLACEMENT CHARACTER
            // character token."
            Some(0) => {
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Step::SwitchTo(State::ScriptDataDoubleEscaped)
            }
            // "EOF: This is an eof-in-script-html-comment-like-text parse error. Emit an
            // end-of-file token."
            None => {
                self.parse_error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Switch to the script data double escaped state. Emit the
            // current input character as a character token."
            Some(_) => {
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
                self.temporary_buffer.clear();
                self.emit_characters(b"/");
                Step::SwitchTo(State::ScriptDataDoubleEscapeEnd)
            }
            // "Anything else: Reconsume in the script data double escaped state."
            _ => Step::Reconsume(State::ScriptDataDoubleEscaped),
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
                self.temporary_buffer.push(c.to_ascii_lowercase());
                self.emit_current_input_character();
                Step::Continue
            }
            // "ASCII lower alpha: Append the current input character to the temporary
            // buffer. Emit the current input character as a character token."
            Some(c) if c.is_ascii_lowercase() => {
                self.temporary_buffer.push(c);
                self.emit_current_input_character();
                Step::Continue
            }
            // "Anything else: Reconsume in the script data double escaped state."
            _ => Step::Reconsume(State::ScriptDataDoubleEscaped),
        }
    }
}
