//! Provenance: for one parse, which token and which arms of the standard made each
//! node of the tree.
//!
//! [`crate::trace_document`] and [`crate::trace_fragment`] parse as [`crate::parse_document`] and
//! [`crate::parse_fragment`] do and also return a [`Trace`]:
//!
//! - the tokens tree construction was handed, in order ([`TracedToken`]): their kind,
//!   tag name, where they are in the (preprocessed) input, the tokenizer arms the
//!   characters they were made of went through, and the tree construction arms they
//!   passed, in the order they passed them (insertion modes, foreign content, the
//!   algorithms; see [`crate::spec_arms`]);
//! - every change to a node, in order ([`NodeEvent`]): the node created, placed under
//!   a parent, given text or attributes, or removed, each with the token being
//!   processed and how many of that token's tree arms had been passed by then (so the
//!   arm that did it is the last of those).
//!
//! A harness uses it to say where another parser's tree first departs from the
//! reference's: the token and arm that made the first node the two trees disagree on
//! (`litmus`'s locus).
//!
//! Recording needs the cargo feature `provenance`; without it both functions return
//! an empty trace. With the feature, the parser's hooks (one in each arm, one in each
//! change of the document, one per tokenizer step and per token) first read one
//! global counter of the threads that are recording, and do nothing more while it is
//! zero: an ordinary parse pays one relaxed load per hook. A trace is meant for small
//! inputs (a minimized case); past [`MAX_EVENTS`] events it stops recording and says
//! so ([`Trace::truncated`]).

#[cfg(feature = "provenance")]
mod recorder;

use crate::dom::{Document, NodeId};
use crate::spec_arms::{family, Arm, Family};
use crate::ParseFailure;

#[cfg(feature = "provenance")]
pub(crate) use recorder::{arm as record_arm, node_changed, recording, step_at, token_handed_over};

/// A trace records at most this many arms and node events: a case worth tracing is
/// small, and a trace of a large input would only cost memory.
pub const MAX_EVENTS: usize = 1 << 20;

/// A traced token keeps at most this many bytes of its data.
pub const MAX_TOKEN_DATA: usize = 256;

/// The kind of a token tree construction was handed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    Doctype,
    StartTag,
    EndTag,
    Comment,
    ProcessingInstruction,
    /// A run of character tokens (a run holding U+0000 NULL holds only NULLs).
    Characters,
    Eof,
}

impl TokenKind {
    /// The kind in words: `DOCTYPE`, `start tag`, `end tag`, `comment`, `processing
    /// instruction`, `character`, `EOF`.
    pub fn as_str(self) -> &'static str {
        match self {
            TokenKind::Doctype => "DOCTYPE",
            TokenKind::StartTag => "start tag",
            TokenKind::EndTag => "end tag",
            TokenKind::Comment => "comment",
            TokenKind::ProcessingInstruction => "processing instruction",
            TokenKind::Characters => "character",
            TokenKind::Eof => "EOF",
        }
    }
}

/// One token as tree construction was handed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TracedToken {
    pub kind: TokenKind,
    /// A tag's name (lowercased by the tokenizer); empty for other tokens.
    pub name: String,
    /// Where the token's characters start and end in the preprocessed input (a token
    /// starts where the one before ended; the end is the offset tree construction was
    /// given with it).
    pub start: usize,
    pub end: usize,
    /// The tokenizer arms passed on the characters `start..end` (a run taken by a fast
    /// path counts once), in order.
    pub tokenizer_arms: Vec<Arm>,
    /// The tree construction arms the token passed, in order: the dispatcher's
    /// insertion mode or foreign content case, then the algorithms it ran.
    pub tree_arms: Vec<Arm>,
    /// A tag's attribute names, in source order (duplicates dropped).
    pub attributes: Vec<String>,
    /// A character token's characters, or a comment's or processing instruction's
    /// data (its first [`MAX_TOKEN_DATA`] bytes, lossily); empty for other tokens.
    pub data: String,
}

impl TracedToken {
    /// `start tag b`, `end tag p`, `character`, `DOCTYPE`, `EOF`.
    pub fn describe(&self) -> String {
        if self.name.is_empty() {
            self.kind.as_str().to_owned()
        } else {
            format!("{} {}", self.kind.as_str(), self.name)
        }
    }
}

/// What happened to a node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeChange {
    /// The node was made (an element, a clone, a new Text node, …).
    Created,
    /// The node was put under `parent` (appended or inserted; a move is the same).
    Placed { parent: NodeId },
    /// Text was added to a Text node: `len` bytes at byte `at` of its data.
    Text { at: usize, len: usize },
    /// The node was taken out of its parent.
    Removed,
    /// Attributes the element did not have were added (a second `html` or `body` start
    /// tag).
    Attributes { names: Vec<String> },
}

/// One change to one node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeEvent {
    /// The index in [`Trace::tokens`] of the token being processed; `None` before the
    /// first token (the fragment parsing algorithm's set-up).
    pub token: Option<usize>,
    /// How many of that token's tree arms had been passed: the arm that made the change
    /// is `tree_arms[arms_passed - 1]`.
    pub arms_passed: usize,
    pub node: NodeId,
    pub change: NodeChange,
}

/// What one traced parse went through.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    pub tokens: Vec<TracedToken>,
    pub events: Vec<NodeEvent>,
    /// The tree construction arms passed before the first token (the fragment case).
    pub set_up_arms: Vec<Arm>,
    /// Whether recording stopped at [`MAX_EVENTS`].
    pub truncated: bool,
}

impl Trace {
    /// The tree arm that made `event`'s change, if any arm had been passed.
    pub fn arm_of(&self, event: &NodeEvent) -> Option<Arm> {
        let arms = match event.token {
            Some(token) => &self.tokens.get(token)?.tree_arms,
            None => &self.set_up_arms,
        };
        event
            .arms_passed
            .checked_sub(1)
            .and_then(|i| arms.get(i))
            .copied()
    }

    /// The arm that acted in `event`: the last arm passed before it, passing over the
    /// ordinary outcome of "the appropriate place for inserting a node" (not a
    /// template, no foster parenting), which nearly every insertion ends with.
    pub fn acting_arm(&self, event: &NodeEvent) -> Option<Arm> {
        self.arms_before(event)
            .iter()
            .rev()
            .find(|&&arm| arm != Arm::AppropriatePlaceStep4NotTemplate)
            .copied()
    }

    /// The insertion mode or foreign content case that was processing the token when
    /// `event` happened: the last arm of those families passed before it.
    pub fn mode_arm(&self, event: &NodeEvent) -> Option<Arm> {
        self.arms_before(event)
            .iter()
            .rev()
            .find(|&&arm| matches!(family(arm), Family::InsertionMode | Family::ForeignContent))
            .copied()
    }

    /// The tree arms its token had passed when `event` happened.
    fn arms_before(&self, event: &NodeEvent) -> &[Arm] {
        let arms = match event.token {
            Some(token) => self.tokens.get(token).map_or(&[][..], |t| &t.tree_arms),
            None => &self.set_up_arms,
        };
        &arms[..event.arms_passed.min(arms.len())]
    }

    /// Every change to `node`, in order.
    pub fn events_of(&self, node: NodeId) -> impl Iterator<Item = &NodeEvent> + '_ {
        self.events.iter().filter(move |e| e.node == node)
    }

    /// Every arm the parse passed: each token's tokenizer and tree arms, and the
    /// set-up's.
    pub fn all_arms(&self) -> impl Iterator<Item = Arm> + '_ {
        self.set_up_arms.iter().copied().chain(
            self.tokens
                .iter()
                .flat_map(|t| t.tokenizer_arms.iter().chain(&t.tree_arms).copied()),
        )
    }
}

#[cfg(feature = "provenance")]
pub(crate) fn traced(
    parse: impl FnOnce() -> Result<Document, ParseFailure>,
    input: &str,
) -> Result<(Document, Trace), ParseFailure> {
    let (document, trace) = recorder::record(parse, input);
    Ok((document?, trace))
}

#[cfg(not(feature = "provenance"))]
pub(crate) fn traced(
    parse: impl FnOnce() -> Result<Document, ParseFailure>,
    _input: &str,
) -> Result<(Document, Trace), ParseFailure> {
    Ok((parse()?, Trace::default()))
}

/// Whether this build records provenance (the cargo feature `provenance`).
pub fn enabled() -> bool {
    cfg!(feature = "provenance")
}

#[cfg(all(test, feature = "provenance"))]
mod tests;
