//! The tokenizer's fast paths, apart from the states they stand in for.
//!
//! A state that has one opens with a single call, `self.fast_path_…_state()`, and
//! returns the step it gives, if any; the rest of the state function is the
//! standard's steps. Each `fast_path_*_state` function here takes the longest run of
//! characters that only the state's "anything else" arm (or its "ASCII upper alpha"
//! arm, lowercasing) would take, found by `scan.rs` (with the `memchr` crate under
//! the feature `fast-paths`), and emits or appends it at once: text in the data,
//! RCDATA, RAWTEXT, script data and PLAINTEXT states; tag and attribute names;
//! attribute values (double-quoted, single-quoted, unquoted); and comment data. The
//! run counts as one pass through each arm it stands for (`spec_arm`), and the state's
//! own match then takes the character that ended it.
//!
//! Each returns `None`, consuming nothing, when the fast paths are off
//! ([`Tokenizer::set_fast_paths`]; on by default with the feature `fast-paths`) or
//! when the next input character is not one the run may take, so the state's steps
//! run as written. Both ways give the same tokens and errors: the unit tests in
//! `tests.rs` and the `tokenizer` fuzz target compare them.

use super::scan::{self, ByteSet};
use super::TokenizerSeams;
use super::{is_tokenizer_whitespace, State, Step, Tokenizer};
use crate::spec_arms::Arm;

impl<'i, D: TokenizerSeams> Tokenizer<'i, D> {
    /// Fast path for the data state: a run of characters that are none of `&`, `<`
    /// and U+0000 NULL, each of which the data state's "anything else" arm would emit
    /// as a character token, is emitted as one slice of the input.
    #[inline(always)]
    pub(super) fn fast_path_data_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without3(b'&', b'<', 0, self.rest());
        let ran = self.emit_run(len, Arm::DataAnythingElse);
        self.fast_path_whole_tag().or(ran)
    }

    /// Fast path for a tag after the data state's text: `<` or `</`, a tag name (its
    /// first character an ASCII alpha), and `>` or whitespace and the attributes
    /// `fast_path_attributes` takes. The data state's "<" arm, the tag open state's
    /// "ASCII alpha" arm (or its "/" arm and the end tag open state's "ASCII alpha"
    /// arm), the tag name state's run and the arm of the character that ends the name
    /// would take one step each; they are taken in one. A tag of any other shape is
    /// left to those states. Only the standard's own parse takes it: a traced parse
    /// records each step it passes, and a departure may act at any of them.
    #[inline(always)]
    fn fast_path_whole_tag(&mut self) -> Option<Step> {
        if D::TRACES {
            return None;
        }
        const ENDS_A_NAME: ByteSet = ByteSet::new(b"\t\n\x0C />\0");
        let rest = self.rest();
        let (opener, end_tag) = match rest {
            [b'<', b'/', c, ..] if c.is_ascii_alphabetic() => (2, true),
            [b'<', c, ..] if c.is_ascii_alphabetic() => (1, false),
            _ => return None,
        };
        let name = rest.get(opener..).unwrap_or_default();
        let name_len = scan::run_outside(&ENDS_A_NAME, name);
        let after_name = name.get(name_len).copied();
        if !matches!(after_name, Some(b'>' | b'\t' | b'\n' | b'\x0C' | b' ')) {
            return None;
        }
        D::spec_arm(Arm::DataLessThanSign);
        if end_tag {
            D::spec_arm(Arm::TagOpenSolidus);
            D::spec_arm(Arm::EndTagOpenAsciiAlpha);
            self.create_end_tag_token();
        } else {
            D::spec_arm(Arm::TagOpenAsciiAlpha);
            self.create_start_tag_token();
        }
        let start = self.pos + opener;
        D::spec_arm_if(Arm::TagNameAsciiUpperAlpha, || {
            name.get(..name_len)
                .unwrap_or_default()
                .iter()
                .any(u8::is_ascii_uppercase)
        });
        scan::append_ascii_lowercase(&mut self.tag.buf, self.input, start, name_len);
        self.tag.name.end = self.tag.buf.len();
        D::spec_arm(Arm::TagNameAnythingElse);
        self.current = start + name_len;
        self.pos = self.current + 1;
        if after_name == Some(b'>') {
            D::spec_arm(Arm::TagNameGreaterThanSign);
            self.emit_current_tag_token();
            return Some(Step::SwitchTo(State::Data));
        }
        D::spec_arm(Arm::TagNameWhitespace);
        Some(self.fast_path_attributes())
    }

    /// Fast path for attributes, from the before attribute name state: whitespace, a
    /// name (none of whose characters any arm but "ASCII upper alpha" and "anything
    /// else" of the attribute name state takes) and, after `=`, a value in double or
    /// single quotes holding no `&` and no U+0000 NULL, or an unquoted one of
    /// characters the unquoted state's "anything else" arm takes; again after
    /// whitespace, and `>` after the attribute emits the tag. The step where it stops
    /// is the state it is in then: the before attribute name state before an
    /// attribute of any other shape, the after attribute name state at whitespace
    /// after a name without a value, the after attribute value (quoted) state before a
    /// character other than whitespace and `>`.
    fn fast_path_attributes(&mut self) -> Step {
        const ENDS_A_NAME: ByteSet = ByteSet::new(b"\t\n\x0C />=\0\"'<");
        loop {
            let rest = self.rest();
            let whitespace = rest
                .iter()
                .take_while(|&&c| is_tokenizer_whitespace(c))
                .count();
            let attribute = rest.get(whitespace..).unwrap_or_default();
            let name_len = scan::run_outside(&ENDS_A_NAME, attribute);
            let value = Self::attribute_value_shape(attribute, name_len);
            if name_len == 0 || value.is_none() {
                if whitespace > 0 {
                    D::spec_arm(Arm::BeforeAttributeNameWhitespace);
                }
                self.pos += whitespace;
                self.current = self.pos.saturating_sub(1);
                return Step::SwitchTo(State::BeforeAttributeName);
            }
            if whitespace > 0 {
                D::spec_arm(Arm::BeforeAttributeNameWhitespace);
            }
            // The attribute's name.
            let name_start = self.pos + whitespace;
            D::spec_arm(Arm::BeforeAttributeNameAnythingElse);
            self.start_new_attribute();
            D::spec_arm_if(Arm::AttributeNameAsciiUpperAlpha, || {
                attribute
                    .get(..name_len)
                    .unwrap_or_default()
                    .iter()
                    .any(u8::is_ascii_uppercase)
            });
            scan::append_ascii_lowercase(&mut self.tag.buf, self.input, name_start, name_len);
            D::spec_arm(Arm::AttributeNameAnythingElse);
            // The character after the name: `=`, or whitespace or `>` (no value).
            self.current = name_start + name_len;
            let (quote, value_len) = match value {
                Some(AttributeValueShape::Quoted(quote, len)) => (Some(quote), len),
                Some(AttributeValueShape::Unquoted(len)) => (None, len),
                _ => {
                    D::spec_arm(Arm::AttributeNameWhitespaceSolidusGreaterThanSignEof);
                    self.leave_the_attribute_name_state();
                    if self.input.get(self.current) == Some(&b'>') {
                        D::spec_arm(Arm::AfterAttributeNameGreaterThanSign);
                        self.pos = self.current + 1;
                        self.emit_current_tag_token();
                        return Step::SwitchTo(State::Data);
                    }
                    // Whitespace, reconsumed in the after attribute name state.
                    self.pos = self.current;
                    return Step::SwitchTo(State::AfterAttributeName);
                }
            };
            D::spec_arm(Arm::AttributeNameEqualsSign);
            self.leave_the_attribute_name_state();
            let value_start = name_start + name_len + 1 + usize::from(quote.is_some());
            let value = self.input.get(value_start..value_start + value_len);
            match quote {
                Some(quote) => {
                    let (opening, anything_else, closing) = if quote == b'"' {
                        (
                            Arm::BeforeAttributeValueQuotationMark,
                            Arm::AttributeValueDoubleQuotedAnythingElse,
                            Arm::AttributeValueDoubleQuotedQuotationMark,
                        )
                    } else {
                        (
                            Arm::BeforeAttributeValueApostrophe,
                            Arm::AttributeValueSingleQuotedAnythingElse,
                            Arm::AttributeValueSingleQuotedApostrophe,
                        )
                    };
                    D::spec_arm(opening);
                    if value_len > 0 {
                        D::spec_arm(anything_else);
                        self.append_to_attribute_value(value.unwrap_or_default());
                    }
                    D::spec_arm(closing);
                    self.current = value_start + value_len;
                    self.pos = self.current + 1;
                    // The after attribute value (quoted) state.
                    match self.input.get(self.pos) {
                        Some(&c) if is_tokenizer_whitespace(c) => {
                            D::spec_arm(Arm::AfterAttributeValueQuotedWhitespace);
                            self.current = self.pos;
                            self.pos += 1;
                        }
                        Some(b'>') => {
                            D::spec_arm(Arm::AfterAttributeValueQuotedGreaterThanSign);
                            self.current = self.pos;
                            self.pos += 1;
                            self.emit_current_tag_token();
                            return Step::SwitchTo(State::Data);
                        }
                        _ => return Step::SwitchTo(State::AfterAttributeValueQuoted),
                    }
                }
                None => {
                    // The before attribute value state's "anything else" arm, and the
                    // unquoted value's characters, then whitespace or `>`.
                    D::spec_arm(Arm::BeforeAttributeValueAnythingElse);
                    D::spec_arm(Arm::AttributeValueUnquotedAnythingElse);
                    self.append_to_attribute_value(value.unwrap_or_default());
                    self.current = value_start + value_len;
                    self.pos = self.current + 1;
                    if self.input.get(self.current) == Some(&b'>') {
                        D::spec_arm(Arm::AttributeValueUnquotedGreaterThanSign);
                        self.emit_current_tag_token();
                        return Step::SwitchTo(State::Data);
                    }
                    D::spec_arm(Arm::AttributeValueUnquotedWhitespace);
                }
            }
        }
    }

    /// The shape of what follows an attribute name `attribute[..name_len]` that
    /// [`Tokenizer::fast_path_attributes`] takes: `None` for any other.
    fn attribute_value_shape(attribute: &[u8], name_len: usize) -> Option<AttributeValueShape> {
        const ENDS_AN_UNQUOTED_VALUE: ByteSet = ByteSet::new(b"\t\n\x0C &>\0\"'<=`");
        let after = attribute.get(name_len..).unwrap_or_default();
        match after {
            [b'=', quote @ (b'"' | b'\''), value @ ..] => {
                let len = scan::run_without3(*quote, b'&', 0, value);
                (value.get(len) == Some(quote)).then_some(AttributeValueShape::Quoted(*quote, len))
            }
            [b'=', value @ ..] => {
                let len = scan::run_outside(&ENDS_AN_UNQUOTED_VALUE, value);
                let ends = matches!(value.get(len), Some(b'\t' | b'\n' | b'\x0C' | b' ' | b'>'));
                (len > 0 && ends).then_some(AttributeValueShape::Unquoted(len))
            }
            [b'\t' | b'\n' | b'\x0C' | b' ' | b'>', ..] => Some(AttributeValueShape::Absent),
            _ => None,
        }
    }

    /// Fast path for the RCDATA state: a run of characters other than `&`, `<` and
    /// U+0000 NULL, each of which the "anything else" arm emits, emitted at once.
    #[inline(always)]
    pub(super) fn fast_path_rcdata_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without3(b'&', b'<', 0, self.rest());
        self.emit_run(len, Arm::RcdataAnythingElse)
    }

    /// Fast path for the RAWTEXT state: a run of characters other than `<` and
    /// U+0000 NULL, emitted at once.
    #[inline(always)]
    pub(super) fn fast_path_rawtext_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without2(b'<', 0, self.rest());
        self.emit_run(len, Arm::RawtextAnythingElse)
    }

    /// Fast path for the script data state: a run of characters other than `<` and
    /// U+0000 NULL, emitted at once.
    #[inline(always)]
    pub(super) fn fast_path_script_data_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without2(b'<', 0, self.rest());
        self.emit_run(len, Arm::ScriptDataAnythingElse)
    }

    /// Fast path for the PLAINTEXT state: a run of characters other than U+0000 NULL,
    /// emitted at once.
    #[inline(always)]
    pub(super) fn fast_path_plaintext_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without1(0, self.rest());
        self.emit_run(len, Arm::PlaintextAnythingElse)
    }

    /// Fast path for the tag name state: a run of characters that are neither ASCII
    /// whitespace, `/`, `>` nor U+0000 NULL, each of which the "ASCII upper alpha" or
    /// "anything else" arm appends (lowercased, for the first) to the tag name, is
    /// appended at once.
    #[inline(always)]
    pub(super) fn fast_path_tag_name_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        const ENDS_A_RUN: ByteSet = ByteSet::new(b"\t\n\x0C />\0");
        let len = scan::run_outside(&ENDS_A_RUN, self.rest());
        if len == 0 {
            return None;
        }
        let start = self.pos;
        let run = self.consume_run(len);
        // The run also stands for the "ASCII upper alpha" arm when it lowercases.
        D::spec_arm_if(Arm::TagNameAsciiUpperAlpha, || {
            run.iter().any(u8::is_ascii_uppercase)
        });
        scan::append_ascii_lowercase(&mut self.tag.buf, self.input, start, run.len());
        self.tag.name.end = self.tag.buf.len();
        D::spec_arm(Arm::TagNameAnythingElse);
        Some(Step::Continue)
    }

    /// Fast path for the attribute name state: a run of characters that none of the
    /// state's arms but "ASCII upper alpha" and "anything else" take (not whitespace,
    /// `/`, `>`, `=`, U+0000 NULL, `"`, `'`, `<`) is appended to the attribute's name,
    /// lowercased, at once.
    #[inline(always)]
    pub(super) fn fast_path_attribute_name_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        const ENDS_A_RUN: ByteSet = ByteSet::new(b"\t\n\x0C />=\0\"'<");
        let len = scan::run_outside(&ENDS_A_RUN, self.rest());
        if len == 0 {
            return None;
        }
        let start = self.pos;
        let run = self.consume_run(len);
        // The run also stands for the "ASCII upper alpha" arm when it lowercases.
        D::spec_arm_if(Arm::AttributeNameAsciiUpperAlpha, || {
            run.iter().any(u8::is_ascii_uppercase)
        });
        scan::append_ascii_lowercase(&mut self.tag.buf, self.input, start, run.len());
        D::spec_arm(Arm::AttributeNameAnythingElse);
        Some(Step::Continue)
    }

    /// Fast path for the attribute value (double-quoted) state: a run of characters
    /// other than `"`, `&` and U+0000 NULL, which its "anything else" arm appends one
    /// by one, appended at once.
    #[inline(always)]
    pub(super) fn fast_path_attribute_value_double_quoted_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without3(b'"', b'&', 0, self.rest());
        self.append_run_to_attribute_value(len, Arm::AttributeValueDoubleQuotedAnythingElse)
    }

    /// Fast path for the attribute value (single-quoted) state: a run of characters
    /// other than `'`, `&` and U+0000 NULL, appended at once.
    #[inline(always)]
    pub(super) fn fast_path_attribute_value_single_quoted_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without3(b'\'', b'&', 0, self.rest());
        self.append_run_to_attribute_value(len, Arm::AttributeValueSingleQuotedAnythingElse)
    }

    /// Fast path for the attribute value (unquoted) state: a run of characters that
    /// only its "anything else" arm takes (not whitespace, `&`, `>`, U+0000 NULL, nor
    /// the characters that are errors there: `"`, `'`, `<`, `=`, `` ` ``), appended at
    /// once.
    #[inline(always)]
    pub(super) fn fast_path_attribute_value_unquoted_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        const ENDS_A_RUN: ByteSet = ByteSet::new(b"\t\n\x0C &>\0\"'<=`");
        let len = scan::run_outside(&ENDS_A_RUN, self.rest());
        self.append_run_to_attribute_value(len, Arm::AttributeValueUnquotedAnythingElse)
    }

    /// Fast path for the comment state: a run of characters other than `<`, `-` and
    /// U+0000 NULL, which its "anything else" arm appends one by one to the comment's
    /// data, appended at once.
    #[inline(always)]
    pub(super) fn fast_path_comment_state(&mut self) -> Option<Step> {
        if !self.fast_paths {
            return None;
        }
        let len = scan::run_without3(b'<', b'-', 0, self.rest());
        if len == 0 {
            return None;
        }
        let run = self.consume_run(len);
        self.comment.extend_from_slice(run);
        D::spec_arm(Arm::CommentAnythingElse);
        Some(Step::Continue)
    }

    /// Emits the next `len` input characters as character tokens, a run of the text
    /// state's "anything else" arm `arm`; `None` if `len` is 0.
    fn emit_run(&mut self, len: usize, arm: Arm) -> Option<Step> {
        if len == 0 {
            return None;
        }
        let start = self.pos;
        self.consume_run(len);
        self.text.push_input(self.input, start, self.pos);
        D::spec_arm(arm);
        Some(Step::Continue)
    }

    /// Appends a run of the next `len` input characters to the current attribute's
    /// value, a run of the value state's "anything else" arm `arm`; `None` if `len` is
    /// 0.
    fn append_run_to_attribute_value(&mut self, len: usize, arm: Arm) -> Option<Step> {
        if len == 0 {
            return None;
        }
        let run = self.consume_run(len);
        self.append_to_attribute_value(run);
        D::spec_arm(arm);
        Some(Step::Continue)
    }

    /// Consumes the next `len` input characters (at least one), each of which the
    /// state's "anything else" arm would have consumed on its own; the last becomes
    /// the current input character. Returns them.
    fn consume_run(&mut self, len: usize) -> &'i [u8] {
        let input = self.input;
        let start = self.pos;
        let end = (start + len).min(input.len());
        self.pos = end;
        self.current = end.saturating_sub(1).max(start);
        input.get(start..end).unwrap_or_default()
    }
}

/// What follows an attribute's name, in the shapes the attribute fast path takes.
#[derive(Clone, Copy)]
enum AttributeValueShape {
    /// `=`, the quote, this many characters, the quote.
    Quoted(u8, usize),
    /// `=` and this many characters, then whitespace or `>`.
    Unquoted(usize),
    /// Whitespace or `>`: no value.
    Absent,
}
