//! The tokenizer with departures (feature `departures`; see `crate::departures`): the
//! state arms the departures change, each standing for the standard's arm of the same
//! state and character, taken at the seam of a state's step (`Seams::tokenizer_state`)
//! only while a departure that changes it is on; the parse errors mutants leave out;
//! and what the standard's tokens do not carry, noted for tree construction's
//! departures (`crate::departures::state`).

use super::{is_tokenizer_whitespace, State, Step, Tokenizer};
use crate::arm_hook::spec_arm;
use crate::departures::{state, Departed, Departure};
use crate::error::ErrorCode;
use crate::input::encode_generalized_utf8;
use crate::spec_arms::Arm;

impl Tokenizer<'_, Departed> {
    /// The seam of a state's step: the arm a departure on takes in its place, or
    /// `None`.
    pub(crate) fn departed_state(&mut self) -> Option<Step> {
        let d = self.departures;
        let next = self.input.get(self.pos).copied();
        self.note_what_tokens_do_not_carry(d, next);
        match (self.state, next) {
            // Data: `&` as text; U+0000 replaced.
            (State::Data, Some(b'&')) if d.on(Departure::DataAmpersandIsText) => {
                self.consume_next_input_character();
                spec_arm(Arm::DataAmpersand);
                self.emit_current_input_character();
                Some(Step::Continue)
            }
            (State::Data, Some(0)) if d.on(Departure::DataNullIsReplaced) => {
                self.consume_next_input_character();
                spec_arm(Arm::DataNull);
                self.parse_error(ErrorCode::UnexpectedNullCharacter);
                self.emit_replacement_character();
                Some(Step::Continue)
            }
            // RCDATA: `&` as text.
            (State::Rcdata, Some(b'&')) if d.on(Departure::RcdataAmpersandIsText) => {
                self.consume_next_input_character();
                spec_arm(Arm::RcdataAmpersand);
                self.emit_current_input_character();
                Some(Step::Continue)
            }
            // RAWTEXT end tag name: any end tag ends RAWTEXT.
            (State::RawtextEndTagName, Some(b'>')) if d.on(Departure::RawtextEndsAtAnyEndTag) => {
                self.consume_next_input_character();
                spec_arm(Arm::RawtextEndTagNameGreaterThanSign);
                self.emit_current_tag_token();
                Some(Step::SwitchTo(State::Data))
            }
            // Script data escaped dash dash: `-->` stays escaped.
            (State::ScriptDataEscapedDashDash, Some(b'>'))
                if d.on(Departure::ScriptDataEscapedDashDashEndsNothing) =>
            {
                self.consume_next_input_character();
                spec_arm(Arm::ScriptDataEscapedDashDashGreaterThanSign);
                self.emit_characters(b">");
                Some(Step::SwitchTo(State::ScriptDataEscaped))
            }
            // Tag open: `?` as the standard had it before processing instructions.
            (State::TagOpen, Some(b'?')) if d.on(Departure::NoProcessingInstructions) => {
                self.consume_next_input_character();
                spec_arm(Arm::TagOpenQuestionMark);
                self.parse_error(ErrorCode::InvalidFirstCharacterOfTagName);
                self.create_comment_token();
                Some(Step::Reconsume(State::BogusComment))
            }
            // Tag name: upper case kept.
            (State::TagName, Some(c))
                if c.is_ascii_uppercase() && d.on(Departure::TagNameKeepsUpperCase) =>
            {
                self.consume_next_input_character();
                spec_arm(Arm::TagNameAsciiUpperAlpha);
                self.append_to_tag_name(&[c]);
                Some(Step::Continue)
            }
            // Self-closing start tag: the flag not set.
            (State::SelfClosingStartTag, Some(b'>')) if d.on(Departure::SelfClosingFlagNotSet) => {
                self.consume_next_input_character();
                spec_arm(Arm::SelfClosingStartTagGreaterThanSign);
                self.emit_current_tag_token();
                Some(Step::SwitchTo(State::Data))
            }
            // Attribute name: upper case kept.
            (State::AttributeName, Some(c))
                if c.is_ascii_uppercase() && d.on(Departure::AttributeNameKeepsUpperCase) =>
            {
                self.consume_next_input_character();
                spec_arm(Arm::AttributeNameAsciiUpperAlpha);
                self.append_to_attribute_name(&[c]);
                Some(Step::Continue)
            }
            // Attribute value (unquoted): `>` is part of the value; or a value ending
            // in `/` makes the tag self-closing.
            (State::AttributeValueUnquoted, Some(b'>'))
                if d.on(Departure::UnquotedValueSwallowsGreaterThanSign) =>
            {
                self.consume_next_input_character();
                spec_arm(Arm::AttributeValueUnquotedAnythingElse);
                self.append_to_attribute_value(b">");
                Some(Step::Continue)
            }
            (State::AttributeValueUnquoted, Some(b'>'))
                if d.on(Departure::SlashEndingAnUnquotedValueSelfCloses) =>
            {
                self.consume_next_input_character();
                spec_arm(Arm::AttributeValueUnquotedGreaterThanSign);
                if self.tag.buf.last() == Some(&b'/')
                    && self
                        .current_attribute
                        .is_some_and(|attribute| attribute.value_start < self.tag.buf.len())
                {
                    self.tag.self_closing = true;
                }
                self.emit_current_tag_token();
                Some(Step::SwitchTo(State::Data))
            }
            // Comment end bang: `--!>` does not end the comment.
            (State::CommentEndBang, Some(b'>')) if d.on(Departure::CommentEndBangDoesNotEnd) => {
                self.consume_next_input_character();
                spec_arm(Arm::CommentEndBangAnythingElse);
                self.comment.extend_from_slice(b"--!");
                Some(Step::Reconsume(State::Comment))
            }
            // DOCTYPE name: upper case kept.
            (State::DoctypeName, Some(c))
                if c.is_ascii_uppercase() && d.on(Departure::DoctypeNameKeepsUpperCase) =>
            {
                self.consume_next_input_character();
                spec_arm(Arm::DoctypeNameAsciiUpperAlpha);
                self.doctype.name.get_or_insert_with(Vec::new).push(c);
                Some(Step::Continue)
            }
            // CDATA section end: `]]` and anything else ends the section.
            (State::CdataSectionEnd, Some(c))
                if c != b']' && c != b'>' && d.on(Departure::CdataSectionBracketAlwaysEnds) =>
            {
                self.consume_next_input_character();
                spec_arm(Arm::CdataSectionEndAnythingElse);
                Some(Step::Reconsume(State::Data))
            }
            (State::CdataSectionEnd, None) if d.on(Departure::CdataSectionBracketAlwaysEnds) => {
                self.consume_next_input_character();
                spec_arm(Arm::CdataSectionEndAnythingElse);
                Some(Step::Reconsume(State::Data))
            }
            // Processing instruction target: `xml` and `xml-stylesheet` allowed.
            (State::ProcessingInstructionTarget, Some(c))
                if (is_tokenizer_whitespace(c) || c == b'?' || c == b'>')
                    && d.on(Departure::ProcessingInstructionXmlTargetAllowed) =>
            {
                self.consume_next_input_character();
                spec_arm(Arm::ProcessingInstructionTargetWhitespaceQuestionMarkGreaterThanSign);
                self.processing_instruction_target.clear();
                self.processing_instruction_target
                    .extend_from_slice(&self.temporary_buffer);
                self.processing_instruction_data.clear();
                Some(Step::Reconsume(State::AfterProcessingInstructionTarget))
            }
            // U+0000 kept in names, values and DOCTYPEs.
            (state, Some(0))
                if d.on(Departure::NulKeptInNamesAndValues) && names_or_values_at(state) =>
            {
                self.null_kept_in_a_name_or_value(state)
            }
            // Named character reference: replaced in an attribute whatever follows.
            (State::NamedCharacterReference, _)
                if d.on(Departure::NamedReferenceInAttributeIgnoresEqualsSign) =>
            {
                self.named_reference_ignoring_what_follows()
            }
            // Decimal character reference: `&#9` with no semicolon stays text.
            (State::DecimalCharacterReference, next)
                if !next.is_some_and(|c| c.is_ascii_digit() || c == b';')
                    && state::reference_digits() == 1
                    && d.on(Departure::SingleDigitDecimalReferenceWithoutSemicolonIsText) =>
            {
                self.consume_next_input_character();
                spec_arm(Arm::DecimalCharacterReferenceAnythingElse);
                let digit = b'0' + self.character_reference_code as u8;
                self.temporary_buffer.push(digit);
                self.flush_code_points_consumed_as_a_character_reference();
                Some(Step::Reconsume(self.return_state))
            }
            // Numeric character reference end: the code modulo 2^32, and the table of
            // replacements skipped.
            (State::NumericCharacterReferenceEnd, _) => self.departed_numeric_reference_end(d),
            _ => None,
        }
    }

    /// Notes, as the tokenizer steps, what the standard's tokens do not carry and
    /// some departures read: a new tag, an `=` after an attribute's name, the digits
    /// of a numeric character reference.
    fn note_what_tokens_do_not_carry(&mut self, d: Departed, next: Option<u8>) {
        let marks = d.on(Departure::ValuelessAttributesUnlikeEmptyOnes)
            || d.on(Departure::InputTypeFromADroppedDuplicate);
        let references = d.on(Departure::SingleDigitDecimalReferenceWithoutSemicolonIsText)
            || d.on(Departure::NumericReferenceCodeWrapsAt32Bits);
        match self.state {
            State::TagOpen | State::EndTagOpen if marks => state::new_tag(),
            State::BeforeAttributeValue if marks => state::note_a_written_value(),
            State::NumericCharacterReference if references => state::new_numeric_reference(),
            State::HexadecimalCharacterReference if references => {
                if let Some(digit) = next.and_then(|c| char::from(c).to_digit(16)) {
                    state::reference_digit(16, digit);
                }
            }
            State::DecimalCharacterReference if references => {
                if let Some(digit) = next.and_then(|c| char::from(c).to_digit(10)) {
                    state::reference_digit(10, digit);
                }
            }
            _ => {}
        }
    }

    /// The seam of a complete attribute: notes a dropped duplicate `type` that was
    /// "hidden", and an attribute written without a value.
    pub(crate) fn departed_attribute_complete(&mut self, removed: bool) {
        let d = self.departures;
        let Some(attribute) = self.current_attribute else {
            return;
        };
        if removed {
            if d.on(Departure::InputTypeFromADroppedDuplicate) {
                let name = self
                    .tag
                    .buf
                    .get(attribute.name_start..attribute.value_start);
                let value = self.tag.buf.get(attribute.value_start..);
                if name == Some(b"type") && value.is_some_and(|v| v.eq_ignore_ascii_case(b"hidden"))
                {
                    state::note_a_dropped_hidden_type();
                }
            }
            state::attribute_dropped();
        } else if d.on(Departure::ValuelessAttributesUnlikeEmptyOnes) {
            state::attribute_kept(self.tag.attrs.len());
        }
    }

    /// The seam of the tokenizer's parse errors: the errors mutants leave out.
    pub(crate) fn departed_keeps_parse_error(&self, code: ErrorCode) -> bool {
        let d = self.departures;
        !match code {
            ErrorCode::DuplicateAttribute => d.on(Departure::DuplicateAttributeErrorMissing),
            ErrorCode::EofInTag => {
                self.state == State::TagName && d.on(Departure::EofInTagErrorMissing)
            }
            ErrorCode::UnexpectedNullCharacter => {
                self.state == State::Data && d.on(Departure::NullCharacterErrorMissing)
            }
            _ => false,
        }
    }

    /// The U+0000 arms of the tag, attribute and DOCTYPE states, appending the NULL
    /// itself where the standard appends U+FFFD (`nul-kept-in-names-and-values`).
    fn null_kept_in_a_name_or_value(&mut self, state: State) -> Option<Step> {
        let (arm, next) = match state {
            State::TagName => (Arm::TagNameNull, Step::Continue),
            State::AttributeName => (Arm::AttributeNameNull, Step::Continue),
            State::AttributeValueDoubleQuoted => {
                (Arm::AttributeValueDoubleQuotedNull, Step::Continue)
            }
            State::AttributeValueSingleQuoted => {
                (Arm::AttributeValueSingleQuotedNull, Step::Continue)
            }
            State::AttributeValueUnquoted => (Arm::AttributeValueUnquotedNull, Step::Continue),
            State::BeforeDoctypeName => (
                Arm::BeforeDoctypeNameNull,
                Step::SwitchTo(State::DoctypeName),
            ),
            State::DoctypeName => (Arm::DoctypeNameNull, Step::Continue),
            State::DoctypePublicIdentifierDoubleQuoted => {
                (Arm::DoctypePublicIdentifierDoubleQuotedNull, Step::Continue)
            }
            State::DoctypePublicIdentifierSingleQuoted => {
                (Arm::DoctypePublicIdentifierSingleQuotedNull, Step::Continue)
            }
            State::DoctypeSystemIdentifierDoubleQuoted => {
                (Arm::DoctypeSystemIdentifierDoubleQuotedNull, Step::Continue)
            }
            State::DoctypeSystemIdentifierSingleQuoted => {
                (Arm::DoctypeSystemIdentifierSingleQuotedNull, Step::Continue)
            }
            _ => return None,
        };
        self.consume_next_input_character();
        spec_arm(arm);
        self.parse_error(ErrorCode::UnexpectedNullCharacter);
        match state {
            State::TagName => self.append_to_tag_name(b"\0"),
            State::AttributeName => self.append_to_attribute_name(b"\0"),
            State::AttributeValueDoubleQuoted
            | State::AttributeValueSingleQuoted
            | State::AttributeValueUnquoted => self.append_to_attribute_value(b"\0"),
            State::BeforeDoctypeName => {
                self.create_doctype_token();
                self.doctype.name = Some(b"\0".to_vec());
            }
            State::DoctypeName => self.doctype.name.get_or_insert_with(Vec::new).push(0),
            State::DoctypePublicIdentifierDoubleQuoted
            | State::DoctypePublicIdentifierSingleQuoted => {
                self.doctype.public_id.get_or_insert_with(Vec::new).push(0)
            }
            _ => self.doctype.system_id.get_or_insert_with(Vec::new).push(0),
        }
        Some(next)
    }

    /// The named character reference state with its match replaced in an attribute
    /// whatever follows it (a mutant): taken only where the standard's historical step
    /// would flush the name as it was written.
    fn named_reference_ignoring_what_follows(&mut self) -> Option<Step> {
        let (name, characters) = self.longest_named_character_reference()?;
        let last_character_matched = name.last().copied();
        let after = self.input.get(self.pos + name.len()).copied();
        let historical = self.consumed_as_part_of_an_attribute()
            && last_character_matched != Some(b';')
            && after.is_some_and(|c| c == b'=' || c.is_ascii_alphanumeric());
        if !historical {
            return None;
        }
        self.pos += name.len();
        self.temporary_buffer.extend_from_slice(name);
        spec_arm(Arm::NamedCharacterReferenceMatch);
        spec_arm(Arm::NamedCharacterReferenceMissingSemicolon);
        self.parse_error_at_next_input_character(
            ErrorCode::MissingSemicolonAfterCharacterReference,
        );
        self.temporary_buffer.clear();
        self.temporary_buffer
            .extend_from_slice(characters.as_bytes());
        self.flush_code_points_consumed_as_a_character_reference();
        Some(Step::SwitchTo(self.return_state))
    }

    /// The numeric character reference end state with its departures: a code past
    /// 0x10FFFF kept modulo 2^32 (`numeric-reference-code-wraps-at-32-bits`), which the
    /// standard's steps then check; a control's replacement table skipped (a mutant).
    fn departed_numeric_reference_end(&mut self, d: Departed) -> Option<Step> {
        if self.character_reference_code > 0x10_FFFF
            && d.on(Departure::NumericReferenceCodeWrapsAt32Bits)
        {
            self.character_reference_code = state::reference_code_mod_2_32();
        }
        let code = self.character_reference_code;
        let a_control_with_a_replacement = matches!(code, 0x80..=0x9F)
            && super::character_reference::windows_1252_replacement(code).is_some();
        if !(a_control_with_a_replacement && d.on(Departure::NumericReferenceSkipsReplacementTable))
        {
            return None;
        }
        spec_arm(Arm::NumericCharacterReferenceEndControl);
        self.parse_error_at_next_input_character(ErrorCode::ControlCharacterReference);
        self.temporary_buffer.clear();
        encode_generalized_utf8(code, &mut self.temporary_buffer);
        self.flush_code_points_consumed_as_a_character_reference();
        Some(Step::SwitchTo(self.return_state))
    }
}

/// Whether the state appends a U+0000 to a name, a value or a DOCTYPE's name or
/// identifier (as U+FFFD, in the standard).
fn names_or_values_at(state: State) -> bool {
    matches!(
        state,
        State::TagName
            | State::AttributeName
            | State::AttributeValueDoubleQuoted
            | State::AttributeValueSingleQuoted
            | State::AttributeValueUnquoted
            | State::BeforeDoctypeName
            | State::DoctypeName
            | State::DoctypePublicIdentifierDoubleQuoted
            | State::DoctypePublicIdentifierSingleQuoted
            | State::DoctypeSystemIdentifierDoubleQuoted
            | State::DoctypeSystemIdentifierSingleQuoted
    )
}
