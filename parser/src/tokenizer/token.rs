//! Tokens, and the sink the tokenizer emits them to.
//!
//! <https://html.spec.whatwg.org/#tokenization>: "The output of the tokenization step
//! is a series of zero or more of the following tokens: DOCTYPE, start tag, end tag,
//! comment, character, end-of-file" — and, since 2026, processing instruction.
//!
//! Tokens borrow from the tokenizer: a tag's name and attributes live in one buffer the
//! tokenizer reuses for every tag, so emitting a tag allocates nothing once the buffers
//! have grown. Strings are bytes: UTF-8 whenever the input was (see `crate::input`).

use super::State;
use std::ops::Range;

/// A start or end tag token.
///
/// Its name and attributes live in `buf`; the tokenizer clears and reuses the whole
/// value for the next tag. Attributes removed as duplicates are not listed.
#[derive(Clone, Debug, Default)]
pub struct Tag {
    pub(crate) buf: Vec<u8>,
    pub(crate) name: Range<usize>,
    pub(crate) attrs: Vec<AttrSpan>,
    /// The self-closing flag.
    pub self_closing: bool,
}

/// Where one attribute's name and value are in a [`Tag`]'s buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AttrSpan {
    pub(crate) name: Range<usize>,
    pub(crate) value: Range<usize>,
}

impl Tag {
    /// A tag with the given name and attributes (for tests and tools; the tokenizer
    /// builds its tags in place).
    pub fn new(name: &[u8], attributes: &[(&[u8], &[u8])], self_closing: bool) -> Tag {
        let mut tag = Tag::default();
        tag.buf.extend_from_slice(name);
        tag.name = 0..name.len();
        for (n, v) in attributes {
            let name_start = tag.buf.len();
            tag.buf.extend_from_slice(n);
            let value_start = tag.buf.len();
            tag.buf.extend_from_slice(v);
            tag.attrs.push(AttrSpan {
                name: name_start..value_start,
                value: value_start..tag.buf.len(),
            });
        }
        tag.self_closing = self_closing;
        tag
    }

    /// Empties the tag for the next one, keeping its room.
    pub(crate) fn clear(&mut self) {
        self.buf.clear();
        self.name = 0..0;
        self.attrs.clear();
        self.self_closing = false;
    }

    /// The tag name (ASCII-lowercased by the tokenizer).
    pub fn name(&self) -> &[u8] {
        &self.buf[self.name.clone()]
    }

    /// The attributes in source order, duplicates removed: `(name, value)`.
    pub fn attributes(&self) -> impl ExactSizeIterator<Item = (&[u8], &[u8])> + '_ {
        self.attrs
            .iter()
            .map(|a| (&self.buf[a.name.clone()], &self.buf[a.value.clone()]))
    }

    /// How many attributes the tag has.
    pub fn attribute_count(&self) -> usize {
        self.attrs.len()
    }

    /// The value of the attribute with this name, if the tag has it.
    pub fn attribute(&self, name: &[u8]) -> Option<&[u8]> {
        self.attributes().find(|(n, _)| *n == name).map(|(_, v)| v)
    }
}

/// A DOCTYPE token. `None` is the spec's "missing", distinct from the empty string.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Doctype {
    pub name: Option<Vec<u8>>,
    pub public_id: Option<Vec<u8>>,
    pub system_id: Option<Vec<u8>>,
    pub force_quirks: bool,
}

/// A token, as the tokenizer hands it to its sink.
#[derive(Clone, Copy, Debug)]
pub enum Token<'a> {
    Doctype(&'a Doctype),
    StartTag(&'a Tag),
    EndTag(&'a Tag),
    Comment(&'a [u8]),
    /// A run of character tokens, never empty. A run that holds a U+0000 NULL holds
    /// nothing else, so the tree builder can treat NULL on its own.
    Characters(&'a [u8]),
    ProcessingInstruction {
        target: &'a [u8],
        data: &'a [u8],
    },
    Eof,
}

/// What tree construction tells the tokenizer after each token: the explicit values
/// the spec has it reach into the tokenizer for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SinkResult {
    /// Switch the tokenizer to this state (RCDATA, RAWTEXT, script data, PLAINTEXT)
    /// before it reads the next character.
    pub switch_to: Option<State>,
    /// Whether "there is an adjusted current node and it is not an element in the HTML
    /// namespace": the markup declaration open state's test for `<![CDATA[`.
    pub cdata_allowed: bool,
}

impl SinkResult {
    /// Go on in the same state; CDATA sections are not allowed.
    pub const CONTINUE: SinkResult = SinkResult {
        switch_to: None,
        cdata_allowed: false,
    };
}

/// The consumer of tokens: tree construction, or a test harness.
pub trait TokenSink {
    /// Handles one token. `offset` is the byte offset in the preprocessed input where
    /// the token ends, for the sink's own errors: for a tag, comment, DOCTYPE or
    /// processing instruction, the tokenizer's position when it is emitted; for a run
    /// of characters, the end of the input characters its last character came from
    /// (not the later position where the tokenizer hands the run over); for the end of
    /// the file, the input's length.
    fn process_token(&mut self, token: Token<'_>, offset: usize) -> SinkResult;
}
