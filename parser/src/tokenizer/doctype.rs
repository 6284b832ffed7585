//! The DOCTYPE states.
//!
//! <https://html.spec.whatwg.org/#doctype-state>

use super::TokenizerSeams;
use super::{is_tokenizer_whitespace, State, Step, Tokenizer, REPLACEMENT_CHARACTER};
use crate::error::ErrorCode;
use crate::spec_arms::Arm;

impl<D: TokenizerSeams> Tokenizer<'_, D> {
    /// The EOF arm shared by most DOCTYPE states, spelled out at each: "This is an
    /// eof-in-doctype parse error. Set the current DOCTYPE token's force-quirks flag to
    /// on. Emit the current DOCTYPE token. Emit an end-of-file token."
    fn eof_in_doctype(&mut self) -> Step {
        self.parse_error(ErrorCode::EofInDoctype);
        self.doctype.force_quirks = true;
        self.emit_current_doctype_token();
        self.emit_end_of_file_token();
        Step::Continue
    }

    /// <https://html.spec.whatwg.org/#doctype-state>
    pub(super) fn doctype_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Switch to the before DOCTYPE name state."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::DoctypeWhitespace);
                Step::SwitchTo(State::BeforeDoctypeName)
            }
            // "U+003E GREATER-THAN SIGN (>): Reconsume in the before DOCTYPE name state."
            Some(b'>') => {
                D::spec_arm(Arm::DoctypeGreaterThanSign);
                Step::Reconsume(State::BeforeDoctypeName)
            }
            // "EOF: This is an eof-in-doctype parse error. Create a new DOCTYPE token.
            // Set its force-quirks flag to on. Emit the current token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::DoctypeEof);
                self.create_doctype_token();
                self.eof_in_doctype()
            }
            // "Anything else: This is a missing-whitespace-before-doctype-name parse
            // error. Reconsume in the before DOCTYPE name state."
            Some(_) => {
                D::spec_arm(Arm::DoctypeAnythingElse);
                self.parse_error(ErrorCode::MissingWhitespaceBeforeDoctypeName);
                Step::Reconsume(State::BeforeDoctypeName)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#before-doctype-name-state>
    pub(super) fn before_doctype_name_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Ignore the character."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::BeforeDoctypeNameWhitespace);
                Step::Continue
            }
            // "ASCII upper alpha: Create a new DOCTYPE token. Set the token's name to the
            // lowercase version of the current input character (add 0x0020 to the
            // character's code point). Switch to the DOCTYPE name state."
            Some(c) if c.is_ascii_uppercase() => {
                D::spec_arm(Arm::BeforeDoctypeNameAsciiUpperAlpha);
                self.create_doctype_token();
                self.doctype.name = Some(vec![c.to_ascii_lowercase()]);
                Step::SwitchTo(State::DoctypeName)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Create a
            // new DOCTYPE token. Set the token's name to a U+FFFD REPLACEMENT CHARACTER
            // character. Switch to the DOCTYPE name state."
            Some(0) => {
                D::spec_arm(Arm::BeforeDoctypeNameNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.create_doctype_token();
                self.doctype.name = Some(REPLACEMENT_CHARACTER.to_vec());
                Step::SwitchTo(State::DoctypeName)
            }
            // "U+003E GREATER-THAN SIGN (>): This is a missing-doctype-name parse error.
            // Create a new DOCTYPE token. Set its force-quirks flag to on. Switch to the
            // data state. Emit the current token."
            Some(b'>') => {
                D::spec_arm(Arm::BeforeDoctypeNameGreaterThanSign);
                self.parse_error(ErrorCode::MissingDoctypeName);
                self.create_doctype_token();
                self.doctype.force_quirks = true;
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-doctype parse error. Create a new DOCTYPE token.
            // Set its force-quirks flag to on. Emit the current token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::BeforeDoctypeNameEof);
                self.create_doctype_token();
                self.eof_in_doctype()
            }
            // "Anything else: Create a new DOCTYPE token. Set the token's name to the
            // current input character. Switch to the DOCTYPE name state."
            Some(c) => {
                D::spec_arm(Arm::BeforeDoctypeNameAnythingElse);
                self.create_doctype_token();
                self.doctype.name = Some(vec![c]);
                Step::SwitchTo(State::DoctypeName)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#doctype-name-state>
    pub(super) fn doctype_name_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Switch to the after DOCTYPE name state."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::DoctypeNameWhitespace);
                Step::SwitchTo(State::AfterDoctypeName)
            }
            // "U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the current
            // DOCTYPE token."
            Some(b'>') => {
                D::spec_arm(Arm::DoctypeNameGreaterThanSign);
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "ASCII upper alpha: Append the lowercase version of the current input
            // character (add 0x0020 to the character's code point) to the current
            // DOCTYPE token's name."
            Some(c) if c.is_ascii_uppercase() => {
                D::spec_arm(Arm::DoctypeNameAsciiUpperAlpha);
                let name = self.doctype.name.get_or_insert_with(Vec::new);
                name.push(c.to_ascii_lowercase());
                Step::Continue
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Append a
            // U+FFFD REPLACEMENT CHARACTER character to the current DOCTYPE token's
            // name."
            Some(0) => {
                D::spec_arm(Arm::DoctypeNameNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                let name = self.doctype.name.get_or_insert_with(Vec::new);
                name.extend_from_slice(REPLACEMENT_CHARACTER);
                Step::Continue
            }
            // "EOF: This is an eof-in-doctype parse error. Set the current DOCTYPE
            // token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::DoctypeNameEof);
                self.eof_in_doctype()
            }
            // "Anything else: Append the current input character to the current DOCTYPE
            // token's name."
            Some(c) => {
                D::spec_arm(Arm::DoctypeNameAnythingElse);
                self.doctype.name.get_or_insert_with(Vec::new).push(c);
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#after-doctype-name-state>
    pub(super) fn after_doctype_name_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Ignore the character."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::AfterDoctypeNameWhitespace);
                Step::Continue
            }
            // "U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the current
            // DOCTYPE token."
            Some(b'>') => {
                D::spec_arm(Arm::AfterDoctypeNameGreaterThanSign);
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-doctype parse error. Set the current DOCTYPE
            // token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::AfterDoctypeNameEof);
                self.eof_in_doctype()
            }
            // "Anything else: If the six characters starting from the current input
            // character are an ASCII case-insensitive match for the word "PUBLIC", then
            // consume those characters and switch to the after DOCTYPE public keyword
            // state. Otherwise, if the six characters starting from the current input
            // character are an ASCII case-insensitive match for the word "SYSTEM", then
            // consume those characters and switch to the after DOCTYPE system keyword
            // state. Otherwise, this is an invalid-character-sequence-after-doctype-name
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Reconsume in the bogus DOCTYPE state."
            Some(_) => {
                D::spec_arm(Arm::AfterDoctypeNameAnythingElse);
                let six = self.input.get(self.current..self.current + 6);
                if six.is_some_and(|word| word.eq_ignore_ascii_case(b"PUBLIC")) {
                    self.pos = self.current + 6;
                    Step::SwitchTo(State::AfterDoctypePublicKeyword)
                } else if six.is_some_and(|word| word.eq_ignore_ascii_case(b"SYSTEM")) {
                    self.pos = self.current + 6;
                    Step::SwitchTo(State::AfterDoctypeSystemKeyword)
                } else {
                    self.parse_error(ErrorCode::InvalidCharacterSequenceAfterDoctypeName);
                    self.doctype.force_quirks = true;
                    Step::Reconsume(State::BogusDoctype)
                }
            }
        }
    }

    /// <https://html.spec.whatwg.org/#after-doctype-public-keyword-state>
    pub(super) fn after_doctype_public_keyword_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Switch to the before DOCTYPE public identifier
            // state."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::AfterDoctypePublicKeywordWhitespace);
                Step::SwitchTo(State::BeforeDoctypePublicIdentifier)
            }
            // "U+0022 QUOTATION MARK ("): This is a
            // missing-whitespace-after-doctype-public-keyword parse error. Set the
            // current DOCTYPE token's public identifier to the empty string (not
            // missing), then switch to the DOCTYPE public identifier (double-quoted)
            // state."
            Some(b'"') => {
                D::spec_arm(Arm::AfterDoctypePublicKeywordQuotationMark);
                self.parse_error(ErrorCode::MissingWhitespaceAfterDoctypePublicKeyword);
                self.doctype.public_id = Some(Vec::new());
                Step::SwitchTo(State::DoctypePublicIdentifierDoubleQuoted)
            }
            // "U+0027 APOSTROPHE ('): This is a
            // missing-whitespace-after-doctype-public-keyword parse error. Set the
            // current DOCTYPE token's public identifier to the empty string (not
            // missing), then switch to the DOCTYPE public identifier (single-quoted)
            // state."
            Some(b'\'') => {
                D::spec_arm(Arm::AfterDoctypePublicKeywordApostrophe);
                self.parse_error(ErrorCode::MissingWhitespaceAfterDoctypePublicKeyword);
                self.doctype.public_id = Some(Vec::new());
                Step::SwitchTo(State::DoctypePublicIdentifierSingleQuoted)
            }
            // "U+003E GREATER-THAN SIGN (>): This is a missing-doctype-public-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Switch to the data state. Emit the current DOCTYPE token."
            Some(b'>') => {
                D::spec_arm(Arm::AfterDoctypePublicKeywordGreaterThanSign);
                self.parse_error(ErrorCode::MissingDoctypePublicIdentifier);
                self.doctype.force_quirks = true;
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-doctype parse error. Set the current DOCTYPE
            // token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::AfterDoctypePublicKeywordEof);
                self.eof_in_doctype()
            }
            // "Anything else: This is a missing-quote-before-doctype-public-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Reconsume in the bogus DOCTYPE state."
            Some(_) => {
                D::spec_arm(Arm::AfterDoctypePublicKeywordAnythingElse);
                self.parse_error(ErrorCode::MissingQuoteBeforeDoctypePublicIdentifier);
                self.doctype.force_quirks = true;
                Step::Reconsume(State::BogusDoctype)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#before-doctype-public-identifier-state>
    pub(super) fn before_doctype_public_identifier_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Ignore the character."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::BeforeDoctypePublicIdentifierWhitespace);
                Step::Continue
            }
            // "U+0022 QUOTATION MARK ("): Set the current DOCTYPE token's public
            // identifier to the empty string (not missing), then switch to the DOCTYPE
            // public identifier (double-quoted) state."
            Some(b'"') => {
                D::spec_arm(Arm::BeforeDoctypePublicIdentifierQuotationMark);
                self.doctype.public_id = Some(Vec::new());
                Step::SwitchTo(State::DoctypePublicIdentifierDoubleQuoted)
            }
            // "U+0027 APOSTROPHE ('): Set the current DOCTYPE token's public identifier
            // to the empty string (not missing), then switch to the DOCTYPE public
            // identifier (single-quoted) state."
            Some(b'\'') => {
                D::spec_arm(Arm::BeforeDoctypePublicIdentifierApostrophe);
                self.doctype.public_id = Some(Vec::new());
                Step::SwitchTo(State::DoctypePublicIdentifierSingleQuoted)
            }
            // "U+003E GREATER-THAN SIGN (>): This is a missing-doctype-public-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Switch to the data state. Emit the current DOCTYPE token."
            Some(b'>') => {
                D::spec_arm(Arm::BeforeDoctypePublicIdentifierGreaterThanSign);
                self.parse_error(ErrorCode::MissingDoctypePublicIdentifier);
                self.doctype.force_quirks = true;
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-doctype parse error. Set the current DOCTYPE
            // token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::BeforeDoctypePublicIdentifierEof);
                self.eof_in_doctype()
            }
            // "Anything else: This is a missing-quote-before-doctype-public-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Reconsume in the bogus DOCTYPE state."
            Some(_) => {
                D::spec_arm(Arm::BeforeDoctypePublicIdentifierAnythingElse);
                self.parse_error(ErrorCode::MissingQuoteBeforeDoctypePublicIdentifier);
                self.doctype.force_quirks = true;
                Step::Reconsume(State::BogusDoctype)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#doctype-public-identifier-(double-quoted)-state>
    pub(super) fn doctype_public_identifier_double_quoted_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0022 QUOTATION MARK ("): Switch to the after DOCTYPE public identifier
            // state."
            Some(b'"') => {
                D::spec_arm(Arm::DoctypePublicIdentifierDoubleQuotedQuotationMark);
                Step::SwitchTo(State::AfterDoctypePublicIdentifier)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Append a
            // U+FFFD REPLACEMENT CHARACTER character to the current DOCTYPE token's
            // public identifier."
            Some(0) => {
                D::spec_arm(Arm::DoctypePublicIdentifierDoubleQuotedNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                let public_id = self.doctype.public_id.get_or_insert_with(Vec::new);
                public_id.extend_from_slice(REPLACEMENT_CHARACTER);
                Step::Continue
            }
            // "U+003E GREATER-THAN SIGN (>): This is an abrupt-doctype-public-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Switch to the data state. Emit the current DOCTYPE token."
            Some(b'>') => {
                D::spec_arm(Arm::DoctypePublicIdentifierDoubleQuotedGreaterThanSign);
                self.parse_error(ErrorCode::AbruptDoctypePublicIdentifier);
                self.doctype.force_quirks = true;
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-doctype parse error. Set the current DOCTYPE
            // token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::DoctypePublicIdentifierDoubleQuotedEof);
                self.eof_in_doctype()
            }
            // "Anything else: Append the current input character to the current DOCTYPE
            // token's public identifier."
            Some(c) => {
                D::spec_arm(Arm::DoctypePublicIdentifierDoubleQuotedAnythingElse);
                self.doctype.public_id.get_or_insert_with(Vec::new).push(c);
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#doctype-public-identifier-(single-quoted)-state>
    pub(super) fn doctype_public_identifier_single_quoted_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0027 APOSTROPHE ('): Switch to the after DOCTYPE public identifier
            // state."
            Some(b'\'') => {
                D::spec_arm(Arm::DoctypePublicIdentifierSingleQuotedApostrophe);
                Step::SwitchTo(State::AfterDoctypePublicIdentifier)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Append a
            // U+FFFD REPLACEMENT CHARACTER character to the current DOCTYPE token's
            // public identifier."
            Some(0) => {
                D::spec_arm(Arm::DoctypePublicIdentifierSingleQuotedNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                let public_id = self.doctype.public_id.get_or_insert_with(Vec::new);
                public_id.extend_from_slice(REPLACEMENT_CHARACTER);
                Step::Continue
            }
            // "U+003E GREATER-THAN SIGN (>): This is an abrupt-doctype-public-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Switch to the data state. Emit the current DOCTYPE token."
            Some(b'>') => {
                D::spec_arm(Arm::DoctypePublicIdentifierSingleQuotedGreaterThanSign);
                self.parse_error(ErrorCode::AbruptDoctypePublicIdentifier);
                self.doctype.force_quirks = true;
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-doctype parse error. Set the current DOCTYPE
            // token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::DoctypePublicIdentifierSingleQuotedEof);
                self.eof_in_doctype()
            }
            // "Anything else: Append the current input character to the current DOCTYPE
            // token's public identifier."
            Some(c) => {
                D::spec_arm(Arm::DoctypePublicIdentifierSingleQuotedAnythingElse);
                self.doctype.public_id.get_or_insert_with(Vec::new).push(c);
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#after-doctype-public-identifier-state>
    pub(super) fn after_doctype_public_identifier_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Switch to the between DOCTYPE public and system
            // identifiers state."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::AfterDoctypePublicIdentifierWhitespace);
                Step::SwitchTo(State::BetweenDoctypePublicAndSystemIdentifiers)
            }
            // "U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the current
            // DOCTYPE token."
            Some(b'>') => {
                D::spec_arm(Arm::AfterDoctypePublicIdentifierGreaterThanSign);
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "U+0022 QUOTATION MARK ("): This is a
            // missing-whitespace-between-doctype-public-and-system-identifiers parse
            // error. Set the current DOCTYPE token's system identifier to the empty
            // string (not missing), then switch to the DOCTYPE system identifier
            // (double-quoted) state."
            Some(b'"') => {
                D::spec_arm(Arm::AfterDoctypePublicIdentifierQuotationMark);
                self.parse_error(
                    ErrorCode::MissingWhitespaceBetweenDoctypePublicAndSystemIdentifiers,
                );
                self.doctype.system_id = Some(Vec::new());
                Step::SwitchTo(State::DoctypeSystemIdentifierDoubleQuoted)
            }
            // "U+0027 APOSTROPHE ('): This is a
            // missing-whitespace-between-doctype-public-and-system-identifiers parse
            // error. Set the current DOCTYPE token's system identifier to the empty
            // string (not missing), then switch to the DOCTYPE system identifier
            // (single-quoted) state."
            Some(b'\'') => {
                D::spec_arm(Arm::AfterDoctypePublicIdentifierApostrophe);
                self.parse_error(
                    ErrorCode::MissingWhitespaceBetweenDoctypePublicAndSystemIdentifiers,
                );
                self.doctype.system_id = Some(Vec::new());
                Step::SwitchTo(State::DoctypeSystemIdentifierSingleQuoted)
            }
            // "EOF: This is an eof-in-doctype parse error. Set the current DOCTYPE
            // token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::AfterDoctypePublicIdentifierEof);
                self.eof_in_doctype()
            }
            // "Anything else: This is a missing-quote-before-doctype-system-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Reconsume in the bogus DOCTYPE state."
            Some(_) => {
                D::spec_arm(Arm::AfterDoctypePublicIdentifierAnythingElse);
                self.parse_error(ErrorCode::MissingQuoteBeforeDoctypeSystemIdentifier);
                self.doctype.force_quirks = true;
                Step::Reconsume(State::BogusDoctype)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#between-doctype-public-and-system-identifiers-state>
    pub(super) fn between_doctype_public_and_system_identifiers_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Ignore the character."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::BetweenDoctypePublicAndSystemIdentifiersWhitespace);
                Step::Continue
            }
            // "U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the current
            // DOCTYPE token."
            Some(b'>') => {
                D::spec_arm(Arm::BetweenDoctypePublicAndSystemIdentifiersGreaterThanSign);
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "U+0022 QUOTATION MARK ("): Set the current DOCTYPE token's system
            // identifier to the empty string (not missing), then switch to the DOCTYPE
            // system identifier (double-quoted) state."
            Some(b'"') => {
                D::spec_arm(Arm::BetweenDoctypePublicAndSystemIdentifiersQuotationMark);
                self.doctype.system_id = Some(Vec::new());
                Step::SwitchTo(State::DoctypeSystemIdentifierDoubleQuoted)
            }
            // "U+0027 APOSTROPHE ('): Set the current DOCTYPE token's system identifier
            // to the empty string (not missing), then switch to the DOCTYPE system
            // identifier (single-quoted) state."
            Some(b'\'') => {
                D::spec_arm(Arm::BetweenDoctypePublicAndSystemIdentifiersApostrophe);
                self.doctype.system_id = Some(Vec::new());
                Step::SwitchTo(State::DoctypeSystemIdentifierSingleQuoted)
            }
            // "EOF: This is an eof-in-doctype parse error. Set the current DOCTYPE
            // token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::BetweenDoctypePublicAndSystemIdentifiersEof);
                self.eof_in_doctype()
            }
            // "Anything else: This is a missing-quote-before-doctype-system-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Reconsume in the bogus DOCTYPE state."
            Some(_) => {
                D::spec_arm(Arm::BetweenDoctypePublicAndSystemIdentifiersAnythingElse);
                self.parse_error(ErrorCode::MissingQuoteBeforeDoctypeSystemIdentifier);
                self.doctype.force_quirks = true;
                Step::Reconsume(State::BogusDoctype)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#after-doctype-system-keyword-state>
    pub(super) fn after_doctype_system_keyword_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Switch to the before DOCTYPE system identifier
            // state."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::AfterDoctypeSystemKeywordWhitespace);
                Step::SwitchTo(State::BeforeDoctypeSystemIdentifier)
            }
            // "U+0022 QUOTATION MARK ("): This is a
            // missing-whitespace-after-doctype-system-keyword parse error. Set the
            // current DOCTYPE token's system identifier to the empty string (not
            // missing), then switch to the DOCTYPE system identifier (double-quoted)
            // state."
            Some(b'"') => {
                D::spec_arm(Arm::AfterDoctypeSystemKeywordQuotationMark);
                self.parse_error(ErrorCode::MissingWhitespaceAfterDoctypeSystemKeyword);
                self.doctype.system_id = Some(Vec::new());
                Step::SwitchTo(State::DoctypeSystemIdentifierDoubleQuoted)
            }
            // "U+0027 APOSTROPHE ('): This is a
            // missing-whitespace-after-doctype-system-keyword parse error. Set the
            // current DOCTYPE token's system identifier to the empty string (not
            // missing), then switch to the DOCTYPE system identifier (single-quoted)
            // state."
            Some(b'\'') => {
                D::spec_arm(Arm::AfterDoctypeSystemKeywordApostrophe);
                self.parse_error(ErrorCode::MissingWhitespaceAfterDoctypeSystemKeyword);
                self.doctype.system_id = Some(Vec::new());
                Step::SwitchTo(State::DoctypeSystemIdentifierSingleQuoted)
            }
            // "U+003E GREATER-THAN SIGN (>): This is a missing-doctype-system-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Switch to the data state. Emit the current DOCTYPE token."
            Some(b'>') => {
                D::spec_arm(Arm::AfterDoctypeSystemKeywordGreaterThanSign);
                self.parse_error(ErrorCode::MissingDoctypeSystemIdentifier);
                self.doctype.force_quirks = true;
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-doctype parse error. Set the current DOCTYPE
            // token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::AfterDoctypeSystemKeywordEof);
                self.eof_in_doctype()
            }
            // "Anything else: This is a missing-quote-before-doctype-system-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Reconsume in the bogus DOCTYPE state."
            Some(_) => {
                D::spec_arm(Arm::AfterDoctypeSystemKeywordAnythingElse);
                self.parse_error(ErrorCode::MissingQuoteBeforeDoctypeSystemIdentifier);
                self.doctype.force_quirks = true;
                Step::Reconsume(State::BogusDoctype)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#before-doctype-system-identifier-state>
    pub(super) fn before_doctype_system_identifier_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Ignore the character."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::BeforeDoctypeSystemIdentifierWhitespace);
                Step::Continue
            }
            // "U+0022 QUOTATION MARK ("): Set the current DOCTYPE token's system
            // identifier to the empty string (not missing), then switch to the DOCTYPE
            // system identifier (double-quoted) state."
            Some(b'"') => {
                D::spec_arm(Arm::BeforeDoctypeSystemIdentifierQuotationMark);
                self.doctype.system_id = Some(Vec::new());
                Step::SwitchTo(State::DoctypeSystemIdentifierDoubleQuoted)
            }
            // "U+0027 APOSTROPHE ('): Set the current DOCTYPE token's system identifier
            // to the empty string (not missing), then switch to the DOCTYPE system
            // identifier (single-quoted) state."
            Some(b'\'') => {
                D::spec_arm(Arm::BeforeDoctypeSystemIdentifierApostrophe);
                self.doctype.system_id = Some(Vec::new());
                Step::SwitchTo(State::DoctypeSystemIdentifierSingleQuoted)
            }
            // "U+003E GREATER-THAN SIGN (>): This is a missing-doctype-system-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Switch to the data state. Emit the current DOCTYPE token."
            Some(b'>') => {
                D::spec_arm(Arm::BeforeDoctypeSystemIdentifierGreaterThanSign);
                self.parse_error(ErrorCode::MissingDoctypeSystemIdentifier);
                self.doctype.force_quirks = true;
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-doctype parse error. Set the current DOCTYPE
            // token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::BeforeDoctypeSystemIdentifierEof);
                self.eof_in_doctype()
            }
            // "Anything else: This is a missing-quote-before-doctype-system-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Reconsume in the bogus DOCTYPE state."
            Some(_) => {
                D::spec_arm(Arm::BeforeDoctypeSystemIdentifierAnythingElse);
                self.parse_error(ErrorCode::MissingQuoteBeforeDoctypeSystemIdentifier);
                self.doctype.force_quirks = true;
                Step::Reconsume(State::BogusDoctype)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#doctype-system-identifier-(double-quoted)-state>
    pub(super) fn doctype_system_identifier_double_quoted_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0022 QUOTATION MARK ("): Switch to the after DOCTYPE system identifier
            // state."
            Some(b'"') => {
                D::spec_arm(Arm::DoctypeSystemIdentifierDoubleQuotedQuotationMark);
                Step::SwitchTo(State::AfterDoctypeSystemIdentifier)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Append a
            // U+FFFD REPLACEMENT CHARACTER character to the current DOCTYPE token's
            // system identifier."
            Some(0) => {
                D::spec_arm(Arm::DoctypeSystemIdentifierDoubleQuotedNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                let system_id = self.doctype.system_id.get_or_insert_with(Vec::new);
                system_id.extend_from_slice(REPLACEMENT_CHARACTER);
                Step::Continue
            }
            // "U+003E GREATER-THAN SIGN (>): This is an abrupt-doctype-system-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Switch to the data state. Emit the current DOCTYPE token."
            Some(b'>') => {
                D::spec_arm(Arm::DoctypeSystemIdentifierDoubleQuotedGreaterThanSign);
                self.parse_error(ErrorCode::AbruptDoctypeSystemIdentifier);
                self.doctype.force_quirks = true;
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-doctype parse error. Set the current DOCTYPE
            // token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::DoctypeSystemIdentifierDoubleQuotedEof);
                self.eof_in_doctype()
            }
            // "Anything else: Append the current input character to the current DOCTYPE
            // token's system identifier."
            Some(c) => {
                D::spec_arm(Arm::DoctypeSystemIdentifierDoubleQuotedAnythingElse);
                self.doctype.system_id.get_or_insert_with(Vec::new).push(c);
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#doctype-system-identifier-(single-quoted)-state>
    pub(super) fn doctype_system_identifier_single_quoted_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0027 APOSTROPHE ('): Switch to the after DOCTYPE system identifier
            // state."
            Some(b'\'') => {
                D::spec_arm(Arm::DoctypeSystemIdentifierSingleQuotedApostrophe);
                Step::SwitchTo(State::AfterDoctypeSystemIdentifier)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Append a
            // U+FFFD REPLACEMENT CHARACTER character to the current DOCTYPE token's
            // system identifier."
            Some(0) => {
                D::spec_arm(Arm::DoctypeSystemIdentifierSingleQuotedNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                let system_id = self.doctype.system_id.get_or_insert_with(Vec::new);
                system_id.extend_from_slice(REPLACEMENT_CHARACTER);
                Step::Continue
            }
            // "U+003E GREATER-THAN SIGN (>): This is an abrupt-doctype-system-identifier
            // parse error. Set the current DOCTYPE token's force-quirks flag to on.
            // Switch to the data state. Emit the current DOCTYPE token."
            Some(b'>') => {
                D::spec_arm(Arm::DoctypeSystemIdentifierSingleQuotedGreaterThanSign);
                self.parse_error(ErrorCode::AbruptDoctypeSystemIdentifier);
                self.doctype.force_quirks = true;
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-doctype parse error. Set the current DOCTYPE
            // token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::DoctypeSystemIdentifierSingleQuotedEof);
                self.eof_in_doctype()
            }
            // "Anything else: Append the current input character to the current DOCTYPE
            // token's system identifier."
            Some(c) => {
                D::spec_arm(Arm::DoctypeSystemIdentifierSingleQuotedAnythingElse);
                self.doctype.system_id.get_or_insert_with(Vec::new).push(c);
                Step::Continue
            }
        }
    }

    /// <https://html.spec.whatwg.org/#after-doctype-system-identifier-state>
    pub(super) fn after_doctype_system_identifier_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+0009 CHARACTER TABULATION (tab), U+000A LINE FEED (LF), U+000C FORM
            // FEED (FF), U+0020 SPACE: Ignore the character."
            Some(c) if is_tokenizer_whitespace(c) => {
                D::spec_arm(Arm::AfterDoctypeSystemIdentifierWhitespace);
                Step::Continue
            }
            // "U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the current
            // DOCTYPE token."
            Some(b'>') => {
                D::spec_arm(Arm::AfterDoctypeSystemIdentifierGreaterThanSign);
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "EOF: This is an eof-in-doctype parse error. Set the current DOCTYPE
            // token's force-quirks flag to on. Emit the current DOCTYPE token. Emit an
            // end-of-file token."
            None => {
                D::spec_arm(Arm::AfterDoctypeSystemIdentifierEof);
                self.eof_in_doctype()
            }
            // "Anything else: This is an
            // unexpected-character-after-doctype-system-identifier parse error.
            // Reconsume in the bogus DOCTYPE state. (This does not set the current
            // DOCTYPE token's force-quirks flag to on.)"
            Some(_) => {
                D::spec_arm(Arm::AfterDoctypeSystemIdentifierAnythingElse);
                self.parse_error(ErrorCode::UnexpectedCharacterAfterDoctypeSystemIdentifier);
                Step::Reconsume(State::BogusDoctype)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#bogus-doctype-state>
    pub(super) fn bogus_doctype_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "U+003E GREATER-THAN SIGN (>): Switch to the data state. Emit the DOCTYPE
            // token."
            Some(b'>') => {
                D::spec_arm(Arm::BogusDoctypeGreaterThanSign);
                self.emit_current_doctype_token();
                Step::SwitchTo(State::Data)
            }
            // "U+0000 NULL: This is an unexpected-null-character parse error. Ignore the
            // character."
            Some(0) => {
                D::spec_arm(Arm::BogusDoctypeNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                Step::Continue
            }
            // "EOF: Emit the DOCTYPE token. Emit an end-of-file token."
            None => {
                D::spec_arm(Arm::BogusDoctypeEof);
                self.emit_current_doctype_token();
                self.emit_end_of_file_token();
                Step::Continue
            }
            // "Anything else: Ignore the character."
            Some(_) => {
                D::spec_arm(Arm::BogusDoctypeAnythingElse);
                Step::Continue
            }
        }
    }
}
