//! The character reference states.
//!
//! <https://html.spec.whatwg.org/#character-reference-state>

use super::entities::{BY_FIRST_BYTE, LONGEST_NAME, NAMED_CHARACTER_REFERENCES};
use super::TokenizerSeams;
use super::{State, Step, Tokenizer};
use crate::error::ErrorCode;
use crate::input::{encode_generalized_utf8, is_noncharacter};
use crate::spec_arms::Arm;

impl<D: TokenizerSeams> Tokenizer<'_, D> {
    /// "A character reference is said to be consumed as part of an attribute if the
    /// return state is either attribute value (double-quoted) state, attribute value
    /// (single-quoted) state, or attribute value (unquoted) state."
    pub(super) fn consumed_as_part_of_an_attribute(&self) -> bool {
        matches!(
            self.return_state,
            State::AttributeValueDoubleQuoted
                | State::AttributeValueSingleQuoted
                | State::AttributeValueUnquoted
        )
    }

    /// "When a state says to flush code points consumed as a character reference, it
    /// means that for each code point in the temporary buffer (in the order they were
    /// added to the buffer), the user agent must append the code point from the buffer
    /// to the current attribute's value if the character reference was consumed as part
    /// of an attribute, or emit the code point as a character token otherwise."
    pub(super) fn flush_code_points_consumed_as_a_character_reference(&mut self) {
        if self.consumed_as_part_of_an_attribute() {
            self.tag.buf.extend_from_slice(&self.temporary_buffer);
        } else {
            self.text
                .push_bytes(self.input, &self.temporary_buffer, self.pos);
        }
    }

    /// <https://html.spec.whatwg.org/#character-reference-state>
    pub(super) fn character_reference_state(&mut self) -> Step {
        // "Set the temporary buffer to the empty string. Append a U+0026 AMPERSAND (&)
        // character to the temporary buffer."
        self.temporary_buffer.clear();
        self.temporary_buffer.push(b'&');
        match self.consume_next_input_character() {
            // "ASCII alphanumeric: Reconsume in the named character reference state."
            Some(c) if c.is_ascii_alphanumeric() => {
                D::spec_arm(Arm::CharacterReferenceAsciiAlphanumeric);
                Step::Reconsume(State::NamedCharacterReference)
            }
            // "U+0023 NUMBER SIGN (#): Append the current input character to the
            // temporary buffer. Switch to the numeric character reference state."
            Some(b'#') => {
                D::spec_arm(Arm::CharacterReferenceNumberSign);
                self.temporary_buffer.push(b'#');
                Step::SwitchTo(State::NumericCharacterReference)
            }
            // "Anything else: Flush code points consumed as a character reference.
            // Reconsume in the return state."
            _ => {
                D::spec_arm(Arm::CharacterReferenceAnythingElse);
                self.flush_code_points_consumed_as_a_character_reference();
                Step::Reconsume(self.return_state)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#named-character-reference-state>
    ///
    /// This state consumes a whole name at once rather than one character.
    pub(super) fn named_character_reference_state(&mut self) -> Step {
        // "Consume the maximum number of characters possible, where the consumed
        // characters are one of the identifiers in the first column of the named
        // character references table. Append each character to the temporary buffer
        // when it's consumed."
        let Some((name, characters)) = self.longest_named_character_reference() else {
            // "Otherwise: Flush code points consumed as a character reference. Switch
            // to the ambiguous ampersand state."
            D::spec_arm(Arm::NamedCharacterReferenceNoMatch);
            self.flush_code_points_consumed_as_a_character_reference();
            return Step::SwitchTo(State::AmbiguousAmpersand);
        };
        self.pos += name.len();
        self.temporary_buffer.extend_from_slice(name);
        // "If there is a match:"
        D::spec_arm(Arm::NamedCharacterReferenceMatch);
        let last_character_matched = name.last().copied();
        let next_input_character = self.input.get(self.pos).copied();
        // "If the character reference was consumed as part of an attribute, and the
        // last character matched is not a U+003B SEMICOLON character (;), and the next
        // input character is either a U+003D EQUALS SIGN character (=) or an ASCII
        // alphanumeric, then, for historical reasons, flush code points consumed as a
        // character reference and switch to the return state."
        if self.consumed_as_part_of_an_attribute()
            && last_character_matched != Some(b';')
            && next_input_character.is_some_and(|c| c == b'=' || c.is_ascii_alphanumeric())
        {
            D::spec_arm(Arm::NamedCharacterReferenceHistoricalAttributeValue);
            self.flush_code_points_consumed_as_a_character_reference();
            return Step::SwitchTo(self.return_state);
        }
        // "Otherwise: 1. If the last character matched is not a U+003B SEMICOLON
        // character (;), then this is a missing-semicolon-after-character-reference
        // parse error."
        if last_character_matched != Some(b';') {
            D::spec_arm(Arm::NamedCharacterReferenceMissingSemicolon);
            self.parse_error_at_next_input_character(
                ErrorCode::MissingSemicolonAfterCharacterReference,
            );
        }
        // "2. Set the temporary buffer to the empty string. Append one or two
        // characters corresponding to the character reference name (as given by the
        // second column of the named character references table) to the temporary
        // buffer. 3. Flush code points consumed as a character reference. Switch to the
        // return state."
        self.temporary_buffer.clear();
        self.temporary_buffer
            .extend_from_slice(characters.as_bytes());
        self.flush_code_points_consumed_as_a_character_reference();
        Step::SwitchTo(self.return_state)
    }

    /// The longest name of the named character references table that the input starts
    /// with at the next input character, and the characters it stands for.
    ///
    /// The table is sorted by bytes, so the names that share the prefix read so far
    /// form one range of it: the first character's range is looked up
    /// ([`BY_FIRST_BYTE`]), each further character narrows the range by two binary
    /// searches, and a name exactly as long as the prefix is a match. (No name is one
    /// character long.)
    pub(super) fn longest_named_character_reference(
        &self,
    ) -> Option<(&'static [u8], &'static str)> {
        let rest = self.input.get(self.pos..).unwrap_or_default();
        let first = *rest.first()?;
        let (start, end) = BY_FIRST_BYTE.get(usize::from(first)).copied()?;
        let mut range = NAMED_CHARACTER_REFERENCES
            .get(usize::from(start)..usize::from(end))
            .unwrap_or_default();
        let mut longest = None;
        for (depth, &c) in rest.iter().take(LONGEST_NAME).enumerate().skip(1) {
            let byte_at = |name: &[u8]| name.get(depth).copied();
            let low = range.partition_point(|(name, _)| byte_at(name) < Some(c));
            let high = range.partition_point(|(name, _)| byte_at(name) <= Some(c));
            range = range.get(low..high).unwrap_or_default();
            match range.first() {
                None => break,
                Some(&(name, characters)) if name.len() == depth + 1 => {
                    longest = Some((name, characters));
                }
                Some(_) => {}
            }
        }
        longest
    }

    /// <https://html.spec.whatwg.org/#ambiguous-ampersand-state>
    pub(super) fn ambiguous_ampersand_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "ASCII alphanumeric: If the character reference was consumed as part of an
            // attribute, then append the current input character to the current
            // attribute's value. Otherwise, emit the current input character as a
            // character token."
            Some(c) if c.is_ascii_alphanumeric() => {
                D::spec_arm(Arm::AmbiguousAmpersandAsciiAlphanumeric);
                if self.consumed_as_part_of_an_attribute() {
                    self.append_to_attribute_value(&[c]);
                } else {
                    self.emit_current_input_character();
                }
                Step::Continue
            }
            // "U+003B SEMICOLON (;): This is an unknown-named-character-reference parse
            // error. Reconsume in the return state."
            Some(b';') => {
                D::spec_arm(Arm::AmbiguousAmpersandSemicolon);
                self.parse_error(ErrorCode::UnknownNamedCharacterReference);
                Step::Reconsume(self.return_state)
            }
            // "Anything else: Reconsume in the return state."
            _ => {
                D::spec_arm(Arm::AmbiguousAmpersandAnythingElse);
                Step::Reconsume(self.return_state)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#numeric-character-reference-state>
    pub(super) fn numeric_character_reference_state(&mut self) -> Step {
        // "Set the character reference code to zero (0)."
        self.character_reference_code = 0;
        match self.consume_next_input_character() {
            // "U+0078 LATIN SMALL LETTER X, U+0058 LATIN CAPITAL LETTER X: Append the
            // current input character to the temporary buffer. Switch to the hexadecimal
            // character reference start state."
            Some(c @ (b'x' | b'X')) => {
                D::spec_arm(Arm::NumericCharacterReferenceLatinSmallLetterXLatinCapitalLetterX);
                self.temporary_buffer.push(c);
                Step::SwitchTo(State::HexadecimalCharacterReferenceStart)
            }
            // "Anything else: Reconsume in the decimal character reference start state."
            _ => {
                D::spec_arm(Arm::NumericCharacterReferenceAnythingElse);
                Step::Reconsume(State::DecimalCharacterReferenceStart)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#hexadecimal-character-reference-start-state>
    pub(super) fn hexadecimal_character_reference_start_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "ASCII hex digit: Reconsume in the hexadecimal character reference state."
            Some(c) if c.is_ascii_hexdigit() => {
                D::spec_arm(Arm::HexadecimalCharacterReferenceStartAsciiHexDigit);
                Step::Reconsume(State::HexadecimalCharacterReference)
            }
            // "Anything else: This is an absence-of-digits-in-numeric-character-reference
            // parse error. Flush code points consumed as a character reference.
            // Reconsume in the return state."
            _ => {
                D::spec_arm(Arm::HexadecimalCharacterReferenceStartAnythingElse);
                self.parse_error(ErrorCode::AbsenceOfDigitsInNumericCharacterReference);
                self.flush_code_points_consumed_as_a_character_reference();
                Step::Reconsume(self.return_state)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#decimal-character-reference-start-state>
    pub(super) fn decimal_character_reference_start_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "ASCII digit: Reconsume in the decimal character reference state."
            Some(c) if c.is_ascii_digit() => {
                D::spec_arm(Arm::DecimalCharacterReferenceStartAsciiDigit);
                Step::Reconsume(State::DecimalCharacterReference)
            }
            // "Anything else: This is an absence-of-digits-in-numeric-character-reference
            // parse error. Flush code points consumed as a character reference.
            // Reconsume in the return state."
            _ => {
                D::spec_arm(Arm::DecimalCharacterReferenceStartAnythingElse);
                self.parse_error(ErrorCode::AbsenceOfDigitsInNumericCharacterReference);
                self.flush_code_points_consumed_as_a_character_reference();
                Step::Reconsume(self.return_state)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#hexadecimal-character-reference-state>
    pub(super) fn hexadecimal_character_reference_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "ASCII digit: Multiply the character reference code by 16. Add a numeric
            // version of the current input character (subtract 0x0030 from the
            // character's code point) to the character reference code."
            // "ASCII upper hex digit: … (subtract 0x0037 …)", "ASCII lower hex digit: …
            // (subtract 0x0057 …)": the same with the letter's value.
            Some(c) if c.is_ascii_hexdigit() => {
                D::spec_arm(Arm::HexadecimalCharacterReferenceAsciiDigit);
                let digit = char::from(c).to_digit(16).unwrap_or(0);
                self.add_digit_to_character_reference_code(16, digit);
                Step::Continue
            }
            // "U+003B SEMICOLON: Switch to the numeric character reference end state."
            Some(b';') => {
                D::spec_arm(Arm::HexadecimalCharacterReferenceSemicolon);
                Step::SwitchTo(State::NumericCharacterReferenceEnd)
            }
            // "Anything else: This is a missing-semicolon-after-character-reference
            // parse error. Reconsume in the numeric character reference end state."
            _ => {
                D::spec_arm(Arm::HexadecimalCharacterReferenceAnythingElse);
                self.parse_error(ErrorCode::MissingSemicolonAfterCharacterReference);
                Step::Reconsume(State::NumericCharacterReferenceEnd)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#decimal-character-reference-state>
    pub(super) fn decimal_character_reference_state(&mut self) -> Step {
        match self.consume_next_input_character() {
            // "ASCII digit: Multiply the character reference code by 10. Add a numeric
            // version of the current input character (subtract 0x0030 from the
            // character's code point) to the character reference code."
            Some(c) if c.is_ascii_digit() => {
                D::spec_arm(Arm::DecimalCharacterReferenceAsciiDigit);
                self.add_digit_to_character_reference_code(10, u32::from(c - b'0'));
                Step::Continue
            }
            // "U+003B SEMICOLON: Switch to the numeric character reference end state."
            Some(b';') => {
                D::spec_arm(Arm::DecimalCharacterReferenceSemicolon);
                Step::SwitchTo(State::NumericCharacterReferenceEnd)
            }
            // "Anything else: This is a missing-semicolon-after-character-reference
            // parse error. Reconsume in the numeric character reference end state."
            _ => {
                D::spec_arm(Arm::DecimalCharacterReferenceAnythingElse);
                self.parse_error(ErrorCode::MissingSemicolonAfterCharacterReference);
                Step::Reconsume(State::NumericCharacterReferenceEnd)
            }
        }
    }

    /// Multiplies the character reference code by the base and adds the digit. Past
    /// 0x10FFFF the exact value no longer matters (the end state replaces it), so the
    /// code stops growing there instead of overflowing.
    fn add_digit_to_character_reference_code(&mut self, base: u32, digit: u32) {
        let code = self.character_reference_code * base + digit;
        self.character_reference_code = code.min(0x11_0000);
    }

    /// <https://html.spec.whatwg.org/#numeric-character-reference-end-state>
    ///
    /// This state consumes nothing: its errors are at the next input character.
    pub(super) fn numeric_character_reference_end_state(&mut self) -> Step {
        // "Check the character reference code:"
        let code = self.character_reference_code;
        let code = match code {
            // "If the number is 0x00, then this is a null-character-reference parse
            // error. Set the character reference code to 0xFFFD."
            0 => {
                D::spec_arm(Arm::NumericCharacterReferenceEndNull);
                self.parse_error_at_next_input_character(ErrorCode::NullCharacterReference);
                0xFFFD
            }
            // "If the number is greater than 0x10FFFF, then this is a
            // character-reference-outside-unicode-range parse error. Set the character
            // reference code to 0xFFFD."
            0x11_0000.. => {
                D::spec_arm(Arm::NumericCharacterReferenceEndOutsideUnicodeRange);
                self.parse_error_at_next_input_character(
                    ErrorCode::CharacterReferenceOutsideUnicodeRange,
                );
                0xFFFD
            }
            // "If the number is a surrogate, then this is a
            // surrogate-character-reference parse error. Set the character reference
            // code to 0xFFFD."
            0xD800..=0xDFFF => {
                D::spec_arm(Arm::NumericCharacterReferenceEndSurrogate);
                self.parse_error_at_next_input_character(ErrorCode::SurrogateCharacterReference);
                0xFFFD
            }
            // "If the number is a noncharacter, then this is a
            // noncharacter-character-reference parse error."
            _ if is_noncharacter(code) => {
                D::spec_arm(Arm::NumericCharacterReferenceEndNoncharacter);
                self.parse_error_at_next_input_character(ErrorCode::NoncharacterCharacterReference);
                code
            }
            // "If the number is 0x0D, or a control that's not ASCII whitespace, then
            // this is a control-character-reference parse error. If the number is one of
            // the numbers in the first column of the following table, then find the row
            // with that number in the first column, and set the character reference
            // code to the number in the second column."
            0x0D | 0x01..=0x08 | 0x0B | 0x0E..=0x1F | 0x7F..=0x9F => {
                D::spec_arm(Arm::NumericCharacterReferenceEndControl);
                self.parse_error_at_next_input_character(ErrorCode::ControlCharacterReference);
                windows_1252_replacement(code).unwrap_or(code)
            }
            _ => {
                D::spec_arm(Arm::NumericCharacterReferenceEndOtherwise);
                code
            }
        };
        // "Set the temporary buffer to the empty string. Append a code point equal to
        // the character reference code to the temporary buffer. Flush code points
        // consumed as a character reference. Switch to the return state."
        self.temporary_buffer.clear();
        encode_generalized_utf8(code, &mut self.temporary_buffer);
        self.flush_code_points_consumed_as_a_character_reference();
        Step::SwitchTo(self.return_state)
    }
}

/// The table of the numeric character reference end state: the code points 0x80 to
/// 0x9F that windows-1252 maps to other characters.
pub(super) fn windows_1252_replacement(code: u32) -> Option<u32> {
    Some(match code {
        0x80 => 0x20AC, // EURO SIGN (€)
        0x82 => 0x201A, // SINGLE LOW-9 QUOTATION MARK (‚)
        0x83 => 0x0192, // LATIN SMALL LETTER F WITH HOOK (ƒ)
        0x84 => 0x201E, // DOUBLE LOW-9 QUOTATION MARK („)
        0x85 => 0x2026, // HORIZONTAL ELLIPSIS (…)
        0x86 => 0x2020, // DAGGER (†)
        0x87 => 0x2021, // DOUBLE DAGGER (‡)
        0x88 => 0x02C6, // MODIFIER LETTER CIRCUMFLEX ACCENT (ˆ)
        0x89 => 0x2030, // PER MILLE SIGN (‰)
        0x8A => 0x0160, // LATIN CAPITAL LETTER S WITH CARON (Š)
        0x8B => 0x2039, // SINGLE LEFT-POINTING ANGLE QUOTATION MARK (‹)
        0x8C => 0x0152, // LATIN CAPITAL LIGATURE OE (Œ)
        0x8E => 0x017D, // LATIN CAPITAL LETTER Z WITH CARON (Ž)
        0x91 => 0x2018, // LEFT SINGLE QUOTATION MARK (‘)
        0x92 => 0x2019, // RIGHT SINGLE QUOTATION MARK (’)
        0x93 => 0x201C, // LEFT DOUBLE QUOTATION MARK (“)
        0x94 => 0x201D, // RIGHT DOUBLE QUOTATION MARK (”)
        0x95 => 0x2022, // BULLET (•)
        0x96 => 0x2013, // EN DASH (–)
        0x97 => 0x2014, // EM DASH (—)
        0x98 => 0x02DC, // SMALL TILDE (˜)
        0x99 => 0x2122, // TRADE MARK SIGN (™)
        0x9A => 0x0161, // LATIN SMALL LETTER S WITH CARON (š)
        0x9B => 0x203A, // SINGLE RIGHT-POINTING ANGLE QUOTATION MARK (›)
        0x9C => 0x0153, // LATIN SMALL LIGATURE OE (œ)
        0x9E => 0x017E, // LATIN SMALL LETTER Z WITH CARON (ž)
        0x9F => 0x0178, // LATIN CAPITAL LETTER Y WITH DIAERESIS (Ÿ)
        _ => return None,
    })
}
