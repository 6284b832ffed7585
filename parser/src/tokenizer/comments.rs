//! The markup declaration open state, the bogus comment state and the comment states.
//!
//! <https://html.spec.whatwg.org/#markup-declaration-open-state>

use super::TokenizerSeams;
use super::{State, Step, Tokenizer, REPLACEMENT_CHARACTER};
use crate::error::ErrorCode;
use crate::spec_arms::Arm;

impl<D: TokenizerSeams> Tokenizer<'_, D> {
    /// <https://html.spec.whatwg.org/#bogus-comment-state>
    pub(super) fn bogus_comment_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the current
            // comment token."
            Some(b'>') => {
                D::spec_arm(Arm::BogusCommentGreaterThanSign);
                self.emit_current_comment_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: Emit the comment. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::BogusCommentEof);
                self.emit_current_comment_token();
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Append a
            // U+FFFD REPLACEMENT CHARACTER character to the comment token's data."
            Some(0) => {
                D::spec_arm(Arm::BogusCommentNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.comment.extend_from_slice(REPLACEMENT_CHARACTER);
                Step::Continue
            }
            // "Anything else: Append the current input character to the comment token's
            // data."
            Some(c) => {
                D::spec_arm(Arm::BogusCommentAnythingElse);
                self.comment.push(c);
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#markup-declaration-open-state>
    ///
    /// This state looks at the next few characters rather than one.
    pub(super) fn markup_declaration_open_state(&mut self) -> Step {
        // "Two U+002D HYPHEN-MINUS characters (-): Consume those two characters, create
        // a comment token whose data is the empty string, and switch to the comment
        // start state."
        if self.next_characters_are(b"--", false) {
            D::spec_arm(Arm::MarkupDeclarationOpenTwoHyphenMinus);
            self.pos += 2;
            self.create_comment_token();
            return Step::SwitchTo(State::CommentStart);
        }
        // "ASCII case-insensitive match for the word "DOCTYPE": Consume those
        // characters and switch to the DOCTYPE state."
        if self.next_characters_are(b"DOCTYPE", true) {
            D::spec_arm(Arm::MarkupDeclarationOpenDoctype);
            self.pos += 7;
            return Step::SwitchTo(State::Doctype);
        }
        // "The string "[CDATA[" (the five uppercase letters "CDATA" with a U+005B LEFT
        // SQUARE BRACKET character before and after): Consume those characters. If
        // there is an adjusted current node and it is not an element in the HTML
        // namespace, then switch to the CDATA section state. Otherwise, this is a
        // cdata-in-html-content parse error. Create a comment token whose data is the
        // "[CDATA[" string. Switch to the bogus comment state."
        if self.next_characters_are(b"[CDATA[", false) {
            self.pos += 7;
            if self.cdata_allowed {
                D::spec_arm(Arm::MarkupDeclarationOpenCdataInForeignContent);
                return Step::SwitchTo(State::CdataSection);
            }
            D::spec_arm(Arm::MarkupDeclarationOpenCdataInHtmlContent);
            self.current = self.pos - 1;
            self.parse_error(ErrorCode::CdataInHtmlContent);
            self.create_comment_token();
            self.comment.extend_from_slice(b"[CDATA[");
            return Step::SwitchTo(State::BogusComment);
        }
        // "Anything else: This is an incorrectly-opened-comment parse error. Create a
        // comment token whose data is the empty string. Switch to the bogus comment
        // state (don't consume anything in the current state)."
        D::spec_arm(Arm::MarkupDeclarationOpenAnythingElse);
        self.parse_error_at_next_input_character(ErrorCode::IncorrectlyOpenedComment);
        self.create_comment_token();
        Step::SwitchTo(State::BogusComment)
    }

    /// <https://html.spec.whatwg.org/#comment-start-state>
    pub(super) fn comment_start_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the comment start dash state."
            Some(b'-') => {
                D::spec_arm(Arm::CommentStartHyphenMinus);
                Step::SwitchTo(State::CommentStartDash)
            }
            // "U+003E GREATER-THAN SIGN (>): This is an abrupt-closing-of-empty-comment
            // parse error. Switch to the data state. Emit the current comment token."
            Some(b'>') => {
                D::spec_arm(Arm::CommentStartGreaterThanSign);
                self.parse_error(ErrorCode::AbruptClosingOfEmptyComment);
                self.emit_current_comment_token();
                Step::SwitchTo(State::Data)
            }
            // "Anything else: Reconsume in the comment state."
            _ => {
                D::spec_arm(Arm::CommentStartAnythingElse);
                Step::Reconsume(State::Comment)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#comment-start-dash-state>
    pub(super) fn comment_start_dash_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the comment end state."
            Some(b'-') => {
                D::spec_arm(Arm::CommentStartDashHyphenMinus);
                Step::SwitchTo(State::CommentEnd)
            }
            // "U+003E GREATER-THAN SIGN (>): This is an abrupt-closing-of-empty-comment
            // parse error. Switch to the data state. Emit the current comment token."
            Some(b'>') => {
                D::spec_arm(Arm::CommentStartDashGreaterThanSign);
                self.parse_error(ErrorCode::AbruptClosingOfEmptyComment);
                self.emit_current_comment_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-comment parse error. Emit the current comment
            // token. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::CommentStartDashEof);
                self.parse_error(ErrorCode::EofInComment);
                self.emit_current_comment_token();
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Append a U+002D HYPHEN-MINUS character (-) to the comment
            // token's data. Reconsume in the comment state."
            Some(_) => {
                D::spec_arm(Arm::CommentStartDashAnythingElse);
                self.comment.push(b'-');
                Step::Reconsume(State::Comment)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#comment-state>
    pub(super) fn comment_state(&mut self) -> Step {
        if let Some(step) = self.fast_path_comment_state() {
            return step;
        }
        match self.consume_next_input_character() {
            // "U+003C LESS-THAN SIGN (<): Append the current input character to the
            // comment token's data. Switch to the comment less-than sign state."
            Some(b'<') => {
                D::spec_arm(Arm::CommentLessThanSign);
                self.comment.push(b'<');
                Step::SwitchTo(State::CommentLessThanSign)
            }
            // "U+002D HYPHEN-MINUS (-): Switch to the comment end dash state."
            Some(b'-') => {
                D::spec_arm(Arm::CommentHyphenMinus);
                Step::SwitchTo(State::CommentEndDash)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Append a
            // U+FFFD REPLACEMENT CHARACTER character to the comment token's data."
            Some(0) => {
                D::spec_arm(Arm::CommentNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.comment.extend_from_slice(REPLACEMENT_CHARACTER);
                Step::Continue
            }
            // "EOF: This is an eof-in-comment parse error. Emit the current comment
            // token. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::CommentEof);
                self.parse_error(ErrorCode::EofInComment);
                self.emit_current_comment_token();
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Append the current input character to the comment token's
            // data."
            Some(c) => {
                D::spec_arm(Arm::CommentAnythingElse);
                self.comment.push(c);
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#comment-less-than-sign-state>
    pub(super) fn comment_less_than_sign_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0021 EXCLAMATION MARK (!): Append the current input character to the
            // comment token's data. Switch to the comment less-than sign bang state."
            Some(b'!') => {
                D::spec_arm(Arm::CommentLessThanSignExclamationMark);
                self.comment.push(b'!');
                Step::SwitchTo(State::CommentLessThanSignBang)
            }
            // "U+003C LESS-THAN SIGN (<): Append the current input character to the
            // comment token's data."
            Some(b'<') => {
                D::spec_arm(Arm::CommentLessThanSignLessThanSign);
                self.comment.push(b'<');
                Step::Continue
            }
            // "Anything else: Reconsume in the comment state."
            _ => {
                D::spec_arm(Arm::CommentLessThanSignAnythingElse);
                Step::Reconsume(State::Comment)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#comment-less-than-sign-bang-state>
    pub(super) fn comment_less_than_sign_bang_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the comment less-than sign bang dash
            // state."
            Some(b'-') => {
                D::spec_arm(Arm::CommentLessThanSignBangHyphenMinus);
                Step::SwitchTo(State::CommentLessThanSignBangDash)
            }
            // "Anything else: Reconsume in the comment state."
            _ => {
                D::spec_arm(Arm::CommentLessThanSignBangAnythingElse);
                Step::Reconsume(State::Comment)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#comment-less-than-sign-bang-dash-state>
    pub(super) fn comment_less_than_sign_bang_dash_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the comment less-than sign bang dash
            // dash state."
            Some(b'-') => {
                D::spec_arm(Arm::CommentLessThanSignBangDashHyphenMinus);
                Step::SwitchTo(State::CommentLessThanSignBangDashDash)
            }
            // "Anything else: Reconsume in the comment end dash state."
            _ => {
                D::spec_arm(Arm::CommentLessThanSignBangDashAnythingElse);
                Step::Reconsume(State::CommentEndDash)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#comment-less-than-sign-bang-dash-dash-state>
    pub(super) fn comment_less_than_sign_bang_dash_dash_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+003E GREATER-THAN SIGN (>), EOF: Reconsume in the comment end state."
            Some(b'>') | None => {
                D::spec_arm(Arm::CommentLessThanSignBangDashDashGreaterThanSignEof);
                Step::Reconsume(State::CommentEnd)
            }
            // "Anything else: This is a nested-comment parse error. Reconsume in the
            // comment end state."
            Some(_) => {
                D::spec_arm(Arm::CommentLessThanSignBangDashDashAnythingElse);
                self.parse_error(ErrorCode::NestedComment);
                Step::Reconsume(State::CommentEnd)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#comment-end-dash-state>
    pub(super) fn comment_end_dash_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Switch to the comment end state."
            Some(b'-') => {
                D::spec_arm(Arm::CommentEndDashHyphenMinus);
                Step::SwitchTo(State::CommentEnd)
            }
            // "EOF: This is an eof-in-comment parse error. Emit the current comment
            // token. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::CommentEndDashEof);
                self.parse_error(ErrorCode::EofInComment);
                self.emit_current_comment_token();
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Append a U+002D HYPHEN-MINUS character (-) to the comment
            // token's data. Reconsume in the comment state."
            Some(_) => {
                D::spec_arm(Arm::CommentEndDashAnythingElse);
                self.comment.push(b'-');
                Step::Reconsume(State::Comment)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#comment-end-state>
    pub(super) fn comment_end_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the current
            // comment token."
            Some(b'>') => {
                D::spec_arm(Arm::CommentEndGreaterThanSign);
                self.emit_current_comment_token();
                Step::SwitchTo(State::Data)
            }
            // "U+0021 EXCLAMATION MARK (!): Switch to the comment end bang state."
            Some(b'!') => {
                D::spec_arm(Arm::CommentEndExclamationMark);
                Step::SwitchTo(State::CommentEndBang)
            }
            // "U+002D HYPHEN-MINUS (-): Append a U+002D HYPHEN-MINUS character (-) to
            // the comment token's data."
            Some(b'-') => {
                D::spec_arm(Arm::CommentEndHyphenMinus);
                self.comment.push(b'-');
                Step::Continue
            }
            // "EOF: This is an eof-in-comment parse error. Emit the current comment
            // token. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::CommentEndEof);
                self.parse_error(ErrorCode::EofInComment);
                self.emit_current_comment_token();
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Append two U+002D HYPHEN-MINUS characters (-) to the
            // comment token's data. Reconsume in the comment state."
            Some(_) => {
                D::spec_arm(Arm::CommentEndAnythingElse);
                self.comment.extend_from_slice(b"--");
                Step::Reconsume(State::Comment)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#comment-end-bang-state>
    pub(super) fn comment_end_bang_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+002D HYPHEN-MINUS (-): Append two U+002D HYPHEN-MINUS characters (-)
            // and a U+0021 EXCLAMATION MARK character (!) to the comment token's data.
            // Switch to the comment end dash state."
            Some(b'-') => {
                D::spec_arm(Arm::CommentEndBangHyphenMinus);
                self.comment.extend_from_slice(b"--!");
                Step::SwitchTo(State::CommentEndDash)
            }
            // "U+003E GREATER-THAN SIGN (>): This is an incorrectly-closed-comment parse
            // error. Switch to the data state. Emit the current comment token."
            Some(b'>') => {
                D::spec_arm(Arm::CommentEndBangGreaterThanSign);
                self.parse_error(ErrorCode::IncorrectlyClosedComment);
                self.emit_current_comment_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-comment parse error. Emit the current comment
            // token. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::CommentEndBangEof);
                self.parse_error(ErrorCode::EofInComment);
                self.emit_current_comment_token();
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Append two U+002D HYPHEN-MINUS characters (-) and a U+0021
            // EXCLAMATION MARK character (!) to the comment token's data. Reconsume in
            // the comment state."
            Some(_) => {
                D::spec_arm(Arm::CommentEndBangAnythingElse);
                self.comment.extend_from_slice(b"--!");
                Step::Reconsume(State::Comment)
            }
        }
    }
}
