//! The tokenizer. <https://html.spec.whatwg.org/#tokenization>
//!
//! A state machine with one [`State`] variant per state of the spec and one method per
//! state, named after it (`fn script_data_double_escaped_dash_dash_state`). The state
//! methods live in the module of their family:
//!
//! - `data`: the data, RCDATA, RAWTEXT and PLAINTEXT states, and the RCDATA and RAWTEXT
//!   less-than sign and end tag states;
//! - `script_data`: the script data states;
//! - `tags`: tag open, end tag open, tag name, self-closing start tag;
//! - `attributes`: the attribute states;
//! - `comments`: markup declaration open, bogus comment and the comment states;
//! - `doctype`: the DOCTYPE states;
//! - `cdata`: the CDATA section states;
//! - `processing_instruction`: the processing instruction states (2026);
//! - `character_reference`: the character reference states, with the generated
//!   `entities` table.
//!
//! Each state consumes the next input character, `match`es on it (with the EOF arm
//! inside the match) and returns a `Step`: stay, switch, or reconsume in another
//! state. Tokens are built in place in the tokenizer; a state that "emits" one marks it
//! ready, and the run loop hands it to the [`TokenSink`] once the state has returned,
//! then applies the sink's [`SinkResult`] before the next character is consumed.
//!
//! The input is bytes: UTF-8, or generalized UTF-8 with lone surrogates (see
//! `crate::input`), already preprocessed (no CR). States branch on ASCII bytes only;
//! every byte >= 0x80 takes the "anything else" arm and is appended as it is, so a
//! multi-byte character passes through intact, one byte at a time.
//!
//! Character tokens are coalesced into runs: a run is a slice of the input while the
//! characters emitted are the input's own bytes in order, and is copied into a buffer
//! otherwise. Runs are handed over before any other token, split so that a run that
//! holds U+0000 NULL holds nothing else.
//!
//! Parse errors are `(ErrorCode, byte offset)`: the offset of the current input
//! character, or, for states that report without consuming (and at the end of the
//! input), the offset of the next input character.
//!
//! The offset handed to the sink with each token is the tokenizer's position when the
//! token is handed over: just past the `>` of a tag, and for a character run, where
//! the run was flushed (before the next other token, or at the end of the input).
//!
//! The fast paths (`fast.rs`; feature `fast-paths`, or [`Tokenizer::set_fast_paths`])
//! stand in for runs of one state's plain steps: a state that has one opens with a
//! single call to it, and the rest of the state function is the standard's steps.

mod attribute_names;
mod attributes;
mod cdata;
mod character_reference;
mod comments;
mod data;
#[cfg(feature = "departures")]
mod departures;
mod doctype;
mod entities;
mod fast;
mod processing_instruction;
mod scan;
mod script_data;
mod seams;
mod state;
mod tags;
mod token;
mod tokenize;

pub use state::State;
pub use token::{Doctype, SinkResult, Tag, Token, TokenSink};
pub use tokenize::{tokenize, tokenize_to_bytes, OwnedToken, TokenizeOutput};

use crate::buffers::heap_bytes;
use crate::error::{keep_error, ErrorCode};
use crate::seams::Standard;
use crate::spec_arms::Arm;
use attribute_names::AttributeNames;
pub(crate) use seams::TokenizerSeams;
use std::time::Instant;
use token::AttrSpan;

/// How a tokenizer starts.
#[derive(Clone, Debug)]
pub struct TokenizerOptions {
    /// The state to start in (the data state, or one a fragment context or a test sets).
    pub initial_state: State,
    /// The tag name of the last start tag emitted, as if one had been (tests set it).
    pub last_start_tag: Option<Vec<u8>>,
    /// Stop with [`DeadlineExceeded`] once past this instant.
    pub deadline: Option<Instant>,
}

impl Default for TokenizerOptions {
    fn default() -> Self {
        TokenizerOptions {
            initial_state: State::Data,
            last_start_tag: None,
            deadline: None,
        }
    }
}

/// The tokenizer ran past its deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeadlineExceeded;

/// What a state does once it has handled the current input character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Stay in the current state; consume the next input character in it.
    Continue,
    /// "Switch to the … state": consume the next input character in that state.
    SwitchTo(State),
    /// "Reconsume in the … state": handle the current input character again, there.
    Reconsume(State),
}

/// A token that a state has built and emitted, waiting for the run loop to hand it to
/// the sink.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ready {
    StartTag,
    EndTag,
    Comment,
    Doctype,
    ProcessingInstruction,
}

/// Whether the current tag token is a start tag or an end tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TagKind {
    Start,
    End,
}

/// The current attribute, while the tokenizer builds it at the end of the tag's
/// buffer: its name from `name_start`, its value from `value_start` to the end.
#[derive(Clone, Copy, Debug)]
struct CurrentAttribute {
    name_start: usize,
    value_start: usize,
    /// Found to repeat an earlier name: it is dropped when finished.
    duplicate: bool,
}

/// Up to this many attributes, duplicate names are found by a linear scan; beyond, by
/// a hash set of the names. AD-HOC (the standard only says "compared to the other
/// attributes"): the switch keeps a tag with many attributes from taking time in n².
const LINEAR_DUPLICATE_SCAN_LIMIT: usize = 16;

/// The clock is read once every this many steps when there is a deadline. AD-HOC (the
/// standard has no deadline): a parse may be stopped by time, checked this often.
const DEADLINE_CHECK_INTERVAL: u32 = 4096;

/// The U+FFFD REPLACEMENT CHARACTER in UTF-8.
pub(crate) const REPLACEMENT_CHARACTER: &[u8] = "\u{FFFD}".as_bytes();

/// The pending run of character tokens: a slice of the input (`start..end`) while the
/// characters are the input's own, in order; the buffer `owned` once they are not,
/// whose first `end - start` bytes are still the slice `start..end`.
#[derive(Debug, Default)]
struct TextRun {
    start: usize,
    end: usize,
    owned: Vec<u8>,
    is_owned: bool,
    /// The offset just past the input characters the run's last character came from:
    /// where the run ends, for the errors tree construction finds in it.
    input_end: usize,
}

impl TextRun {
    fn is_empty(&self) -> bool {
        if self.is_owned {
            self.owned.is_empty()
        } else {
            self.start == self.end
        }
    }

    /// Appends the input's own bytes `start..end`.
    fn push_input(&mut self, input: &[u8], start: usize, end: usize) {
        self.input_end = end;
        if self.is_owned {
            self.owned
                .extend_from_slice(input.get(start..end).unwrap_or_default());
        } else if self.start == self.end {
            self.start = start;
            self.end = end;
        } else if self.end == start {
            self.end = end;
        } else {
            self.make_owned(input);
            self.owned
                .extend_from_slice(input.get(start..end).unwrap_or_default());
        }
    }

    /// Appends characters that are not the input's bytes at this place, made from the
    /// input up to `input_end`.
    fn push_bytes(&mut self, input: &[u8], bytes: &[u8], input_end: usize) {
        self.input_end = input_end;
        if !self.is_owned {
            self.make_owned(input);
        }
        self.owned.extend_from_slice(bytes);
    }

    /// Copies the slice `start..end` into `owned` (and keeps `start..end`: the copy's
    /// offsets in the input).
    fn make_owned(&mut self, input: &[u8]) {
        self.owned.clear();
        self.owned
            .extend_from_slice(input.get(self.start..self.end).unwrap_or_default());
        self.is_owned = true;
    }

    fn clear(&mut self) {
        self.start = 0;
        self.end = 0;
        self.owned.clear();
        self.is_owned = false;
        self.input_end = 0;
    }

    /// Where the run's first `len` bytes end in the input: exactly, while they are a
    /// slice of it (the whole run, or the start of an owned one); the run's end
    /// otherwise.
    fn input_offset_after(&self, len: usize) -> usize {
        if len <= self.end - self.start {
            self.start + len
        } else {
            self.input_end
        }
    }
}

/// The tokenizer state machine over a preprocessed input.
pub struct Tokenizer<'i, D = Standard> {
    input: &'i [u8],
    /// The departures this parse takes ([`Standard`]: none; see `crate::seams`), read
    /// only by their code (feature `departures`).
    #[cfg_attr(not(feature = "departures"), allow(dead_code))]
    departures: D,
    /// The offset of the next input character.
    pos: usize,
    /// The offset of the current input character (the input's length at the end).
    current: usize,
    state: State,
    /// <https://html.spec.whatwg.org/#return-state>
    return_state: State,
    deadline: Option<Instant>,
    fast_paths: bool,
    errors: Vec<(ErrorCode, usize)>,
    /// Errors past [`crate::error::MAX_ERRORS`], counted.
    errors_omitted: u64,

    /// The token a state emitted, for the run loop to hand over.
    ready: Option<Ready>,
    /// An end-of-file token was emitted.
    eof_emitted: bool,
    /// The latest `cdata_allowed` of the sink.
    cdata_allowed: bool,

    text: TextRun,
    tag: Tag,
    tag_kind: TagKind,
    current_attribute: Option<CurrentAttribute>,
    /// The names of the current tag's attributes, once it has more than
    /// [`LINEAR_DUPLICATE_SCAN_LIMIT`] of them.
    attribute_names: AttributeNames,
    /// The tag name of the last start tag emitted, for "appropriate end tag token",
    /// if there was one.
    last_start_tag: Vec<u8>,
    has_last_start_tag: bool,
    comment: Vec<u8>,
    doctype: Doctype,
    processing_instruction_target: Vec<u8>,
    processing_instruction_data: Vec<u8>,
    /// <https://html.spec.whatwg.org/#temporary-buffer>
    temporary_buffer: Vec<u8>,
    /// <https://html.spec.whatwg.org/#character-reference-code>
    character_reference_code: u32,
}

/// The tokenizer's growable buffers, emptied: what one parse hands on to the next on
/// the same thread, so that it does not allocate them again (see `crate::scratch`).
#[derive(Debug, Default)]
pub(crate) struct TokenizerBuffers {
    /// The parse errors, as `(code, byte offset)`.
    pub(crate) errors: Vec<(ErrorCode, usize)>,
    text: Vec<u8>,
    tag: Tag,
    attribute_names: AttributeNames,
    last_start_tag: Vec<u8>,
    comment: Vec<u8>,
    processing_instruction_target: Vec<u8>,
    processing_instruction_data: Vec<u8>,
    temporary_buffer: Vec<u8>,
}

impl TokenizerBuffers {
    /// The bytes the buffers hold on to, roughly.
    pub(crate) fn retained_bytes(&self) -> usize {
        heap_bytes(&self.errors)
            + self.text.capacity()
            + self.tag.buf.capacity()
            + self.last_start_tag.capacity()
            + heap_bytes(&self.tag.attrs)
            + self.attribute_names.retained_bytes()
            + self.comment.capacity()
            + self.processing_instruction_target.capacity()
            + self.processing_instruction_data.capacity()
            + self.temporary_buffer.capacity()
    }
}

impl<'i> Tokenizer<'i> {
    pub fn new(input: &'i [u8], options: TokenizerOptions) -> Tokenizer<'i> {
        Tokenizer::with_buffers(input, options, TokenizerBuffers::default(), Standard)
    }
}

impl<'i, D: TokenizerSeams> Tokenizer<'i, D> {
    /// A tokenizer that builds its tokens in `buffers` (emptied first), taking the
    /// departures `departures` (see `crate::seams`).
    #[inline(always)]
    pub(crate) fn with_buffers(
        input: &'i [u8],
        options: TokenizerOptions,
        mut buffers: TokenizerBuffers,
        departures: D,
    ) -> Tokenizer<'i, D> {
        buffers.errors.clear();
        buffers.text.clear();
        buffers.attribute_names.clear();
        buffers.comment.clear();
        buffers.processing_instruction_target.clear();
        buffers.processing_instruction_data.clear();
        buffers.temporary_buffer.clear();
        buffers.tag.clear();
        buffers.last_start_tag.clear();
        let has_last_start_tag = options.last_start_tag.is_some();
        if let Some(name) = &options.last_start_tag {
            buffers.last_start_tag.extend_from_slice(name);
        }
        Tokenizer {
            input,
            departures,
            pos: 0,
            current: 0,
            state: options.initial_state,
            return_state: State::Data,
            deadline: options.deadline,
            fast_paths: cfg!(feature = "fast-paths"),
            errors: buffers.errors,
            errors_omitted: 0,
            ready: None,
            eof_emitted: false,
            cdata_allowed: false,
            text: TextRun {
                start: 0,
                end: 0,
                owned: buffers.text,
                is_owned: false,
                input_end: 0,
            },
            tag: buffers.tag,
            tag_kind: TagKind::Start,
            current_attribute: None,
            attribute_names: buffers.attribute_names,
            last_start_tag: buffers.last_start_tag,
            has_last_start_tag,
            comment: buffers.comment,
            doctype: Doctype::default(),
            processing_instruction_target: buffers.processing_instruction_target,
            processing_instruction_data: buffers.processing_instruction_data,
            temporary_buffer: buffers.temporary_buffer,
            character_reference_code: 0,
        }
    }

    /// Ends the tokenizer, handing back its buffers.
    #[inline(always)]
    pub(crate) fn into_buffers(self) -> TokenizerBuffers {
        TokenizerBuffers {
            errors: self.errors,
            text: self.text.owned,
            tag: self.tag,
            attribute_names: self.attribute_names,
            last_start_tag: self.last_start_tag,
            comment: self.comment,
            processing_instruction_target: self.processing_instruction_target,
            processing_instruction_data: self.processing_instruction_data,
            temporary_buffer: self.temporary_buffer,
        }
    }

    /// Tells the tokenizer whether CDATA sections are allowed before tree construction
    /// has answered a first token: "if there is an adjusted current node and it is not
    /// an element in the HTML namespace". Only a fragment parser in a foreign context
    /// starts with that true (the adjusted current node is then the context element);
    /// from the first token on, every sink answer carries it.
    pub fn set_cdata_allowed(&mut self, allowed: bool) {
        self.cdata_allowed = allowed;
    }

    /// Turns the labelled `fast_path_*` functions of `fast.rs` on or off (on by default
    /// when the `fast-paths` feature is). Both ways give the same tokens and errors.
    pub fn set_fast_paths(&mut self, on: bool) {
        self.fast_paths = on;
    }

    /// Runs to the end of the input, emitting every token to `sink`, the last one
    /// [`Token::Eof`].
    pub fn run<S: TokenSink>(&mut self, sink: &mut S) -> Result<(), DeadlineExceeded> {
        match self.deadline {
            None => {
                while !self.eof_emitted {
                    self.run_one_step(sink);
                }
            }
            Some(deadline) => {
                let mut steps_until_clock = DEADLINE_CHECK_INTERVAL;
                while !self.eof_emitted {
                    steps_until_clock -= 1;
                    if steps_until_clock == 0 {
                        steps_until_clock = DEADLINE_CHECK_INTERVAL;
                        if Instant::now() > deadline {
                            return Err(DeadlineExceeded);
                        }
                    }
                    self.run_one_step(sink);
                }
            }
        }
        self.flush_text(sink);
        let result = sink.process_token(Token::Eof, self.pos);
        self.apply_sink_result(result);
        Ok(())
    }

    /// One step of the state machine, and the token it finished, if any, handed over.
    #[inline(always)]
    fn run_one_step<S: TokenSink>(&mut self, sink: &mut S) {
        #[cfg(feature = "provenance")]
        if D::TRACES {
            crate::provenance::step_at(self.pos);
        }
        // The markup declaration open state asks whether "there is an adjusted current
        // node and it is not an element in the HTML namespace": tree construction must
        // have processed every character token emitted before it (a character can
        // reconstruct an HTML formatting element inside a MathML text integration
        // point), so the pending run goes first.
        if self.state == State::MarkupDeclarationOpen && !self.text.is_empty() {
            self.flush_text(sink);
        }
        // A U+0000 NULL the data or CDATA section state is about to emit as it is, into
        // a run that is no longer a slice of the input or that it would not continue:
        // the run goes first. So a run's NULLs are consecutive bytes of the input in its
        // slice, and the parts a run holding NULLs is handed over in end at offsets
        // known exactly (`TextRun::input_offset_after`), where tree construction places
        // its errors.
        if self.input.get(self.pos) == Some(&0)
            && matches!(self.state, State::Data | State::CdataSection)
            && !self.text.is_empty()
            && (self.text.is_owned || self.text.end != self.pos)
        {
            self.flush_text(sink);
        }
        match self.step() {
            Step::Continue => {}
            Step::SwitchTo(state) => self.state = state,
            Step::Reconsume(state) => {
                self.pos = self.current;
                self.state = state;
                // Characters emitted before a reconsumed character end before it.
                self.text.input_end = self.text.input_end.min(self.current);
            }
        }
        if let Some(ready) = self.ready.take() {
            self.flush_text(sink);
            self.hand_over(ready, sink);
        }
    }

    /// The tokenizer's parse errors so far: `(code, byte offset)`.
    pub fn take_errors(&mut self) -> Vec<(ErrorCode, usize)> {
        std::mem::take(&mut self.errors)
    }

    /// Runs the current state's function once.
    #[inline(always)]
    fn step(&mut self) -> Step {
        // The seam of a departure's tokenizer arms (see `crate::seams`).
        if let Some(step) = D::tokenizer_state(self) {
            return step;
        }
        match self.state {
            State::Data => self.data_state(),
            State::Rcdata => self.rcdata_state(),
            State::Rawtext => self.rawtext_state(),
            State::ScriptData => self.script_data_state(),
            State::Plaintext => self.plaintext_state(),
            State::TagOpen => self.tag_open_state(),
            State::EndTagOpen => self.end_tag_open_state(),
            State::TagName => self.tag_name_state(),
            State::RcdataLessThanSign => self.rcdata_less_than_sign_state(),
            State::RcdataEndTagOpen => self.rcdata_end_tag_open_state(),
            State::RcdataEndTagName => self.rcdata_end_tag_name_state(),
            State::RawtextLessThanSign => self.rawtext_less_than_sign_state(),
            State::RawtextEndTagOpen => self.rawtext_end_tag_open_state(),
            State::RawtextEndTagName => self.rawtext_end_tag_name_state(),
            State::ScriptDataLessThanSign => self.script_data_less_than_sign_state(),
            State::ScriptDataEndTagOpen => self.script_data_end_tag_open_state(),
            State::ScriptDataEndTagName => self.script_data_end_tag_name_state(),
            State::ScriptDataEscapeStart => self.script_data_escape_start_state(),
            State::ScriptDataEscapeStartDash => self.script_data_escape_start_dash_state(),
            State::ScriptDataEscaped => self.script_data_escaped_state(),
            State::ScriptDataEscapedDash => self.script_data_escaped_dash_state(),
            State::ScriptDataEscapedDashDash => self.script_data_escaped_dash_dash_state(),
            State::ScriptDataEscapedLessThanSign => self.script_data_escaped_less_than_sign_state(),
            State::ScriptDataEscapedEndTagOpen => self.script_data_escaped_end_tag_open_state(),
            State::ScriptDataEscapedEndTagName => self.script_data_escaped_end_tag_name_state(),
            State::ScriptDataDoubleEscapeStart => self.script_data_double_escape_start_state(),
            State::ScriptDataDoubleEscaped => self.script_data_double_escaped_state(),
            State::ScriptDataDoubleEscapedDash => self.script_data_double_escaped_dash_state(),
            State::ScriptDataDoubleEscapedDashDash => {
                self.script_data_double_escaped_dash_dash_state()
            }
            State::ScriptDataDoubleEscapedLessThanSign => {
                self.script_data_double_escaped_less_than_sign_state()
            }
            State::ScriptDataDoubleEscapeEnd => self.script_data_double_escape_end_state(),
            State::BeforeAttributeName => self.before_attribute_name_state(),
            State::AttributeName => self.attribute_name_state(),
            State::AfterAttributeName => self.after_attribute_name_state(),
            State::BeforeAttributeValue => self.before_attribute_value_state(),
            State::AttributeValueDoubleQuoted => self.attribute_value_double_quoted_state(),
            State::AttributeValueSingleQuoted => self.attribute_value_single_quoted_state(),
            State::AttributeValueUnquoted => self.attribute_value_unquoted_state(),
            State::AfterAttributeValueQuoted => self.after_attribute_value_quoted_state(),
            State::SelfClosingStartTag => self.self_closing_start_tag_state(),
            State::BogusComment => self.bogus_comment_state(),
            State::MarkupDeclarationOpen => self.markup_declaration_open_state(),
            State::CommentStart => self.comment_start_state(),
            State::CommentStartDash => self.comment_start_dash_state(),
            State::Comment => self.comment_state(),
            State::CommentLessThanSign => self.comment_less_than_sign_state(),
            State::CommentLessThanSignBang => self.comment_less_than_sign_bang_state(),
            State::CommentLessThanSignBangDash => self.comment_less_than_sign_bang_dash_state(),
            State::CommentLessThanSignBangDashDash => {
                self.comment_less_than_sign_bang_dash_dash_state()
            }
            State::CommentEndDash => self.comment_end_dash_state(),
            State::CommentEnd => self.comment_end_state(),
            State::CommentEndBang => self.comment_end_bang_state(),
            State::Doctype => self.doctype_state(),
            State::BeforeDoctypeName => self.before_doctype_name_state(),
            State::DoctypeName => self.doctype_name_state(),
            State::AfterDoctypeName => self.after_doctype_name_state(),
            State::AfterDoctypePublicKeyword => self.after_doctype_public_keyword_state(),
            State::BeforeDoctypePublicIdentifier => self.before_doctype_public_identifier_state(),
            State::DoctypePublicIdentifierDoubleQuoted => {
                self.doctype_public_identifier_double_quoted_state()
            }
            State::DoctypePublicIdentifierSingleQuoted => {
                self.doctype_public_identifier_single_quoted_state()
            }
            State::AfterDoctypePublicIdentifier => self.after_doctype_public_identifier_state(),
            State::BetweenDoctypePublicAndSystemIdentifiers => {
                self.between_doctype_public_and_system_identifiers_state()
            }
            State::AfterDoctypeSystemKeyword => self.after_doctype_system_keyword_state(),
            State::BeforeDoctypeSystemIdentifier => self.before_doctype_system_identifier_state(),
            State::DoctypeSystemIdentifierDoubleQuoted => {
                self.doctype_system_identifier_double_quoted_state()
            }
            State::DoctypeSystemIdentifierSingleQuoted => {
                self.doctype_system_identifier_single_quoted_state()
            }
            State::AfterDoctypeSystemIdentifier => self.after_doctype_system_identifier_state(),
            State::BogusDoctype => self.bogus_doctype_state(),
            State::CdataSection => self.cdata_section_state(),
            State::CdataSectionBracket => self.cdata_section_bracket_state(),
            State::CdataSectionEnd => self.cdata_section_end_state(),
            State::ProcessingInstructionOpen => self.processing_instruction_open_state(),
            State::ProcessingInstructionTarget => self.processing_instruction_target_state(),
            State::AfterProcessingInstructionTarget => {
                self.after_processing_instruction_target_state()
            }
            State::ProcessingInstructionData => self.processing_instruction_data_state(),
            State::ProcessingInstructionQuestionable => {
                self.processing_instruction_questionable_state()
            }
            State::CharacterReference => self.character_reference_state(),
            State::NamedCharacterReference => self.named_character_reference_state(),
            State::AmbiguousAmpersand => self.ambiguous_ampersand_state(),
            State::NumericCharacterReference => self.numeric_character_reference_state(),
            State::HexadecimalCharacterReferenceStart => {
                self.hexadecimal_character_reference_start_state()
            }
            State::DecimalCharacterReferenceStart => self.decimal_character_reference_start_state(),
            State::HexadecimalCharacterReference => self.hexadecimal_character_reference_state(),
            State::DecimalCharacterReference => self.decimal_character_reference_state(),
            State::NumericCharacterReferenceEnd => self.numeric_character_reference_end_state(),
        }
    }

    // ---------------------------------------------------------------------------------
    // The input stream.

    /// "Consume the next input character": `None` is EOF. The consumed character
    /// becomes the current input character.
    fn consume_next_input_character(&mut self) -> Option<u8> {
        self.current = self.pos;
        let c = self.input.get(self.pos).copied();
        if c.is_some() {
            self.pos += 1;
        }
        c
    }

    /// The input from the next input character on.
    fn rest(&self) -> &'i [u8] {
        let input = self.input;
        input.get(self.pos..).unwrap_or_default()
    }

    /// Whether the input from the next input character on starts with `word`, with
    /// ASCII letters matched case-insensitively when `ignore_case` is set.
    fn next_characters_are(&self, word: &[u8], ignore_case: bool) -> bool {
        match self.input.get(self.pos..self.pos + word.len()) {
            Some(next) if ignore_case => next.eq_ignore_ascii_case(word),
            Some(next) => next == word,
            None => false,
        }
    }

    /// A parse error at the current input character.
    fn parse_error(&mut self, code: ErrorCode) {
        if !D::tokenizer_parse_error(self, code) {
            return;
        }
        keep_error(
            &mut self.errors,
            &mut self.errors_omitted,
            (code, self.current),
        );
    }

    /// A parse error at the next input character, for states that report without
    /// consuming.
    fn parse_error_at_next_input_character(&mut self, code: ErrorCode) {
        keep_error(&mut self.errors, &mut self.errors_omitted, (code, self.pos));
    }

    /// The parse errors past [`crate::error::MAX_ERRORS`], counted, not kept.
    pub(crate) fn errors_omitted(&self) -> u64 {
        self.errors_omitted
    }

    // ---------------------------------------------------------------------------------
    // Character tokens.

    /// "Emit the current input character as a character token."
    fn emit_current_input_character(&mut self) {
        let end = (self.current + 1).min(self.input.len());
        self.text.push_input(self.input, self.current, end);
    }

    /// Emits characters as character tokens.
    fn emit_characters(&mut self, characters: &[u8]) {
        self.text.push_bytes(self.input, characters, self.pos);
    }

    /// "Emit a U+FFFD REPLACEMENT CHARACTER character token."
    fn emit_replacement_character(&mut self) {
        self.emit_characters(REPLACEMENT_CHARACTER);
    }

    /// Emits "a U+003C LESS-THAN SIGN character token, a U+002F SOLIDUS character
    /// token, and a character token for each of the characters in the temporary buffer
    /// (in the order they were added to the buffer)".
    fn emit_less_than_sign_solidus_and_temporary_buffer(&mut self) {
        self.text.push_bytes(self.input, b"</", self.pos);
        self.text
            .push_bytes(self.input, &self.temporary_buffer, self.pos);
    }

    /// "Emit an end-of-file token."
    fn emit_end_of_file_token(&mut self) {
        self.eof_emitted = true;
    }

    /// Hands the pending character run to the sink, split so that a run holding
    /// U+0000 NULL holds nothing else.
    fn flush_text<S: TokenSink>(&mut self, sink: &mut S) {
        if self.text.is_empty() {
            return;
        }
        let owned = std::mem::take(&mut self.text.owned);
        let input = self.input;
        let mut rest: &[u8] = if self.text.is_owned {
            &owned
        } else {
            input
                .get(self.text.start..self.text.end)
                .unwrap_or_default()
        };
        // Each part is handed over with the offset where it ends in the input.
        let mut handed_over = 0;
        while let Some(&first) = rest.first() {
            let len = if first == 0 {
                rest.iter().position(|&b| b != 0).unwrap_or(rest.len())
            } else {
                scan::run_without1(0, rest)
            };
            let (run, tail) = rest.split_at(len);
            handed_over += len;
            let offset = self.text.input_offset_after(handed_over);
            let result = sink.process_token(Token::Characters(run), offset);
            self.apply_sink_result(result);
            rest = tail;
        }
        self.text.owned = owned;
        self.text.clear();
    }

    // ---------------------------------------------------------------------------------
    // Tag tokens.

    /// "Create a new start tag token, set its tag name to the empty string."
    fn create_start_tag_token(&mut self) {
        self.clear_tag();
        self.tag_kind = TagKind::Start;
    }

    /// "Create a new end tag token, set its tag name to the empty string."
    fn create_end_tag_token(&mut self) {
        self.clear_tag();
        self.tag_kind = TagKind::End;
    }

    fn clear_tag(&mut self) {
        self.tag.clear();
        self.current_attribute = None;
        if !self.attribute_names.is_empty() {
            self.attribute_names.clear();
        }
    }

    /// Appends to the current tag token's tag name (which is built before any
    /// attribute, at the start of the tag's buffer).
    fn append_to_tag_name(&mut self, bytes: &[u8]) {
        self.tag.buf.extend_from_slice(bytes);
        self.tag.name.end = self.tag.buf.len();
    }

    /// Appends the lowercase version of the current input character (an ASCII upper
    /// alpha) to the current tag token's tag name.
    fn append_lowercase_to_tag_name(&mut self, c: u8) {
        self.append_to_tag_name(&[c.to_ascii_lowercase()]);
    }

    /// "An appropriate end tag token is an end tag token whose tag name matches the tag
    /// name of the last start tag to have been emitted from this tokenizer, if any."
    fn is_appropriate_end_tag_token(&self) -> bool {
        self.tag_kind == TagKind::End
            && self.has_last_start_tag
            && self.last_start_tag == self.tag.name()
    }

    /// "Start a new attribute in the current tag token", its name and value empty.
    fn start_new_attribute(&mut self) {
        self.finish_current_attribute();
        let start = self.tag.buf.len();
        self.current_attribute = Some(CurrentAttribute {
            name_start: start,
            value_start: start,
            duplicate: false,
        });
    }

    /// Appends to the current attribute's name (built at the end of the buffer).
    fn append_to_attribute_name(&mut self, bytes: &[u8]) {
        self.tag.buf.extend_from_slice(bytes);
    }

    /// Appends to the current attribute's value (built at the end of the buffer).
    fn append_to_attribute_value(&mut self, bytes: &[u8]) {
        self.tag.buf.extend_from_slice(bytes);
    }

    /// "When the user agent leaves the attribute name state (and before emitting the
    /// tag token, if appropriate), the complete attribute's name must be compared to
    /// the other attributes on the same token; if there is already an attribute on the
    /// token with the exact same name, then this is a duplicate-attribute parse error
    /// and the new attribute must be removed from the token."
    fn leave_the_attribute_name_state(&mut self) {
        let Some(mut attribute) = self.current_attribute else {
            return;
        };
        attribute.value_start = self.tag.buf.len();
        let name = self
            .tag
            .buf
            .get(attribute.name_start..attribute.value_start)
            .unwrap_or_default();
        let attrs = &self.tag.attrs;
        let buf = &self.tag.buf;
        attribute.duplicate = if attrs.len() <= LINEAR_DUPLICATE_SCAN_LIMIT {
            attrs.iter().any(|a| buf.get(a.name.clone()) == Some(name))
        } else {
            self.attribute_names.check_and_insert(&self.tag, name)
        };
        if attribute.duplicate {
            D::spec_arm(Arm::AttributeNameDuplicateAttribute);
            self.parse_error(ErrorCode::DuplicateAttribute);
        }
        self.current_attribute = Some(attribute);
    }

    /// Adds the current attribute to the tag's list, unless it was a duplicate: "If an
    /// attribute is so removed from a token, it, and the value that gets associated
    /// with it, if any, are never subsequently used by the parser".
    fn finish_current_attribute(&mut self) {
        if let Some(attribute) = self.current_attribute {
            D::attribute_complete(self, attribute.duplicate);
        }
        let Some(attribute) = self.current_attribute.take() else {
            return;
        };
        if attribute.duplicate {
            self.tag.buf.truncate(attribute.name_start);
        } else {
            self.tag.attrs.push(AttrSpan {
                name: attribute.name_start..attribute.value_start,
                value: attribute.value_start..self.tag.buf.len(),
            });
        }
    }

    /// "Emit the current tag token."
    fn emit_current_tag_token(&mut self) {
        self.finish_current_attribute();
        match self.tag_kind {
            TagKind::Start => {
                self.last_start_tag.clear();
                self.last_start_tag.extend_from_slice(self.tag.name());
                self.has_last_start_tag = true;
                self.ready = Some(Ready::StartTag);
            }
            TagKind::End => {
                // "When an end tag token is emitted with attributes, that is an
                // end-tag-with-attributes parse error. When an end tag token is emitted
                // with its self-closing flag set, that is an
                // end-tag-with-trailing-solidus parse error."
                if !self.tag.attrs.is_empty() {
                    self.parse_error(ErrorCode::EndTagWithAttributes);
                }
                if self.tag.self_closing {
                    self.parse_error(ErrorCode::EndTagWithTrailingSolidus);
                }
                self.ready = Some(Ready::EndTag);
            }
        }
    }

    // ---------------------------------------------------------------------------------
    // Comment, DOCTYPE and processing instruction tokens.

    /// "Create a comment token whose data is the empty string."
    fn create_comment_token(&mut self) {
        self.comment.clear();
    }

    /// "Emit the current comment token."
    fn emit_current_comment_token(&mut self) {
        self.ready = Some(Ready::Comment);
    }

    /// "Create a new DOCTYPE token": name, public and system identifiers missing,
    /// force-quirks off.
    fn create_doctype_token(&mut self) {
        self.doctype = Doctype::default();
    }

    /// "Emit the current DOCTYPE token."
    fn emit_current_doctype_token(&mut self) {
        self.ready = Some(Ready::Doctype);
    }

    /// "Emit the current processing instruction token."
    fn emit_current_processing_instruction_token(&mut self) {
        self.ready = Some(Ready::ProcessingInstruction);
    }

    // ---------------------------------------------------------------------------------
    // The sink.

    /// Hands a ready token to the sink and applies its answer.
    fn hand_over<S: TokenSink>(&mut self, ready: Ready, sink: &mut S) {
        let token = match ready {
            Ready::StartTag => Token::StartTag(&self.tag),
            Ready::EndTag => Token::EndTag(&self.tag),
            Ready::Comment => Token::Comment(&self.comment),
            Ready::Doctype => Token::Doctype(&self.doctype),
            Ready::ProcessingInstruction => Token::ProcessingInstruction {
                target: &self.processing_instruction_target,
                data: &self.processing_instruction_data,
            },
        };
        let result = sink.process_token(token, self.pos);
        self.apply_sink_result(result);
    }

    /// Tree construction's answer: a state to switch to before the next character, and
    /// whether CDATA sections are allowed.
    fn apply_sink_result(&mut self, result: SinkResult) {
        if let Some(state) = result.switch_to {
            self.state = state;
        }
        self.cdata_allowed = result.cdata_allowed;
    }
}

/// "ASCII whitespace" as the tokenizer sees it after preprocessing (no CR): U+0009
/// TAB, U+000A LF, U+000C FF, U+0020 SPACE.
fn is_tokenizer_whitespace(c: u8) -> bool {
    matches!(c, b'\t' | b'\n' | b'\x0C' | b' ')
}

#[cfg(test)]
mod tests;
