//! Tree construction. <https://html.spec.whatwg.org/#tree-construction>
//!
//! (Skeleton: the insertion modes are being written.)

mod sink;

pub use sink::{NewAttribute, TreeSink};

use crate::dom::{Namespace, NodeId};
use crate::error::ErrorCode;
use crate::names::LocalName;
use crate::tokenizer::{SinkResult, State, Token, TokenSink};

/// The context element of a fragment parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FragmentContextElement {
    pub ns: Namespace,
    pub local_name: LocalName,
}

/// How tree construction runs.
#[derive(Clone, Copy, Debug)]
pub struct TreeBuilderOptions {
    /// The scripting flag.
    pub scripting: bool,
    /// `Some` for the HTML fragment parsing algorithm.
    pub fragment_context: Option<FragmentContextElement>,
}

/// The tree construction stage: a [`TokenSink`] that builds into a [`TreeSink`].
pub struct TreeBuilder<'s, S: TreeSink> {
    sink: &'s mut S,
    options: TreeBuilderOptions,
    errors: Vec<(ErrorCode, usize)>,
}

impl<'s, S: TreeSink> TreeBuilder<'s, S> {
    pub fn new(sink: &'s mut S, options: TreeBuilderOptions) -> Self {
        TreeBuilder {
            sink,
            options,
            errors: Vec::new(),
        }
    }

    /// The state the tokenizer starts in: the data state, or for a fragment parse the
    /// one the context element calls for.
    pub fn initial_tokenizer_state(&self) -> State {
        State::Data
    }

    /// Ends tree construction; returns its parse errors as `(code, byte offset)`.
    pub fn finish(self) -> Vec<(ErrorCode, usize)> {
        let _ = self.options;
        self.errors
    }
}

impl<S: TreeSink> TokenSink for TreeBuilder<'_, S> {
    fn process_token(&mut self, token: Token<'_>, _offset: usize) -> SinkResult {
        if let Token::Characters(text) = token {
            let document: NodeId = self.sink.document();
            self.sink.insert_text(document, None, text);
        }
        SinkResult::CONTINUE
    }
}
