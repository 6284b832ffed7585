//! Tree construction. <https://html.spec.whatwg.org/#tree-construction>
//!
//! The [`TreeBuilder`] is the tokenizer's [`TokenSink`]. For each token it runs the
//! tree construction dispatcher (this module): the rules of the current insertion mode,
//! or the rules for parsing tokens in foreign content (`foreign.rs`). Each of the 21
//! insertion modes is one function named after it, in `modes/`, returning
//! `ProcessResult::Done` or `ProcessResult::Reprocess` with the mode to reprocess
//! the token in. "Process the token using the rules for" another mode is a plain call
//! of that mode's function.
//!
//! The rest is shared machinery, each piece named after the spec's algorithm:
//!
//! - `open_elements.rs`: the stack of open elements, its scopes and categories;
//! - `active_formatting.rs`: the list of active formatting elements, and
//!   "reconstruct the active formatting elements";
//! - `adoption_agency.rs`: the adoption agency algorithm;
//! - `insertion_location.rs`: the appropriate place for inserting a node (foster
//!   parenting), creating and inserting elements, comments, processing instructions
//!   and characters;
//! - `stack_steps.rs`: the steps modes share on the stack (generate implied end tags,
//!   close a p element, clear the stack back to a table context, reset the insertion
//!   mode appropriately, …);
//! - `foreign.rs`: foreign content, integration points and the name adjustment tables;
//! - `select.rs`: `selectedcontent` and "maybe clone an option into selectedcontent";
//! - `fragment.rs`: the set-up of the HTML fragment parsing algorithm;
//! - `fast/`: the fast paths beside the stack of open elements (its indexes), the
//!   list of active formatting elements (its Noah's Ark counts) and select.rs's walks
//!   up the tree (what they found, per node), which the spec's functions reach at one
//!   point each and which change no result.
//!
//! Character tokens arrive as runs. A mode that treats whitespace and other characters
//! differently handles the leading segment of a run, shortens the token to the rest and
//! reprocesses it; a mode that treats them alike takes the whole run at once, which is
//! the same as taking its characters one by one.
//!
//! The DOM is touched only through the [`TreeSink`].

mod active_formatting;
mod adoption_agency;
#[cfg(feature = "departures")]
pub(crate) mod departures;
mod fast;
mod foreign;
mod fragment;
mod insertion_location;
mod linked;
mod modes;
mod open_elements;
mod seams;
mod select;
mod sink;
mod stack_steps;
mod svg_tag_names;

pub use sink::{NewAttribute, TreeSink};

pub(crate) use adoption_agency::AdoptionAgencyOutcome;
pub(crate) use insertion_location::InsertionLocation;
pub(crate) use open_elements::{Scope, StackEntry};

use crate::buffers::heap_bytes;
use crate::dom::{Namespace, NodeId, QuirksMode};
use crate::error::{keep_error, ErrorCode};
use crate::names::{local, LocalName};
use crate::seams::Standard;
use crate::spec_arms::Arm;
use crate::tokenizer::{Doctype, SinkResult, State, Tag, Token, TokenSink};
use active_formatting::ActiveFormattingElements;
use open_elements::OpenElements;
pub(crate) use seams::Seams;

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

/// The insertion modes. <https://html.spec.whatwg.org/#insertion-mode>
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InsertionMode {
    Initial,
    BeforeHtml,
    BeforeHead,
    InHead,
    InHeadNoscript,
    AfterHead,
    InBody,
    Text,
    InTable,
    InTableText,
    InCaption,
    InColumnGroup,
    InTableBody,
    InRow,
    InCell,
    InTemplate,
    AfterBody,
    InFrameset,
    AfterFrameset,
    AfterAfterBody,
    AfterAfterFrameset,
}

/// What processing a token in an insertion mode ends with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ProcessResult {
    /// The token has been handled.
    Done,
    /// Switch the insertion mode to this one and reprocess the token (for a run of
    /// characters, what is left of it).
    Reprocess(InsertionMode),
}

/// A start or end tag token as tree construction sees it: its name interned, its
/// attributes still in the tokenizer's buffer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TagToken<'t> {
    pub(crate) name: LocalName,
    /// `None` for a token tree construction makes up ("a "head" start tag token with no
    /// attributes"), or whose attributes it drops.
    pub(crate) tag: Option<&'t Tag>,
    pub(crate) self_closing: bool,
}

impl<'t> TagToken<'t> {
    /// A token with this name and no attributes.
    pub(crate) fn named(name: LocalName) -> TagToken<'static> {
        TagToken {
            name,
            tag: None,
            self_closing: false,
        }
    }

    /// The token's attributes, `(name, value)`, in source order.
    pub(crate) fn attributes(&self) -> impl ExactSizeIterator<Item = (&'t [u8], &'t [u8])> + 't {
        let (buf, attrs): (&[u8], &[_]) = match self.tag {
            Some(tag) => (&tag.buf, &tag.attrs),
            None => (&[], &[]),
        };
        attrs.iter().map(move |a| {
            let name = buf.get(a.name.clone()).unwrap_or_default();
            (name, buf.get(a.value.clone()).unwrap_or_default())
        })
    }

    /// The value of the attribute with this name, if the token has one.
    pub(crate) fn attribute(&self, name: &[u8]) -> Option<&'t [u8]> {
        self.tag.and_then(|tag| tag.attribute(name))
    }

    pub(crate) fn has_attribute(&self, name: &[u8]) -> bool {
        self.attribute(name).is_some()
    }
}

/// The token being processed.
#[derive(Clone, Copy, Debug)]
pub(crate) enum TreeToken<'t> {
    Doctype(&'t Doctype),
    StartTag(TagToken<'t>),
    EndTag(TagToken<'t>),
    Comment(&'t [u8]),
    ProcessingInstruction {
        target: &'t [u8],
        data: &'t [u8],
    },
    /// A run of character tokens. A run that holds a U+0000 NULL holds only NULLs.
    Characters(&'t [u8]),
    Eof,
}

/// The parse error litmus reports for `token` where the spec says only "parse error"
/// about a token it ignores or reprocesses (AD-HOC: the standard names no tree
/// construction error codes; litmus names them by the kind of token).
pub(crate) fn unexpected(token: &TreeToken<'_>) -> ErrorCode {
    match token {
        TreeToken::Doctype(_) => ErrorCode::TreeUnexpectedDoctype,
        TreeToken::StartTag(_) => ErrorCode::TreeUnexpectedStartTag,
        TreeToken::EndTag(_) => ErrorCode::TreeUnexpectedEndTag,
        TreeToken::Comment(_) | TreeToken::ProcessingInstruction { .. } => {
            ErrorCode::TreeUnexpectedComment
        }
        TreeToken::Characters(_) => ErrorCode::TreeUnexpectedCharacter,
        TreeToken::Eof => ErrorCode::TreeUnexpectedEof,
    }
}

/// "ASCII whitespace" as character tokens: U+0009 TAB, U+000A LF, U+000C FF, U+000D CR,
/// U+0020 SPACE.
pub(crate) fn is_ascii_whitespace(byte: u8) -> bool {
    matches!(byte, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// The length of the run's leading whitespace.
pub(crate) fn leading_whitespace(text: &[u8]) -> usize {
    text.iter()
        .position(|&b| !is_ascii_whitespace(b))
        .unwrap_or(text.len())
}

/// The length of the run's leading non-whitespace characters.
pub(crate) fn leading_non_whitespace(text: &[u8]) -> usize {
    text.iter()
        .position(|&b| is_ascii_whitespace(b))
        .unwrap_or(text.len())
}

/// How many characters a run of UTF-8 holds (for errors given per character token).
pub(crate) fn character_count(text: &[u8]) -> usize {
    text.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
}

/// The tree construction stage: a [`TokenSink`] that builds into a [`TreeSink`].
pub struct TreeBuilder<'s, S: TreeSink, D = Standard> {
    sink: &'s mut S,
    /// The departures this parse takes ([`Standard`]: none; see `crate::seams`).
    departures: D,
    scripting: bool,
    errors: Vec<(ErrorCode, usize)>,
    /// Errors past [`crate::error::MAX_ERRORS`], counted.
    errors_omitted: u64,
    /// Where the current token ends in the input (the offset `process_token` was given
    /// with it): where tree construction places the parse errors it finds, as the
    /// tokenizer places an error at the character it was consuming. AD-HOC: the
    /// standard gives parse errors no position.
    offset: usize,

    /// "The insertion mode".
    mode: InsertionMode,
    /// "The original insertion mode", set on switching to "text" and "in table text".
    original_mode: InsertionMode,
    /// "The stack of template insertion modes".
    template_modes: Vec<InsertionMode>,
    open_elements: OpenElements<D>,
    active_formatting: ActiveFormattingElements,
    /// "The head element pointer".
    head_element: Option<NodeId>,
    /// "The form element pointer".
    form_element: Option<NodeId>,
    /// "The frameset-ok flag": `true` is "ok".
    frameset_ok: bool,
    /// Whether foster parenting is enabled.
    foster_parenting: bool,
    /// "The pending table character tokens", whether any is not whitespace, and where
    /// the last of them ends in the input (the offset of their errors).
    pending_table_characters: Vec<u8>,
    pending_table_characters_non_whitespace: bool,
    pending_table_characters_end: usize,
    /// "The parser's fragment context element", as an entry (it is not on the stack).
    context_element: Option<StackEntry>,
    /// The document's quirks mode, as tree construction set it.
    quirks_mode: QuirksMode,
    /// The selects with an enabled `selectedcontent`, and their selected option (see
    /// `select.rs`).
    selects: select::Selects,

    /// "If the next token is a U+000A LINE FEED (LF) character token, then ignore that
    /// token": set after `pre`, `listing` and `textarea` start tags, to the arm whose
    /// step it is.
    ignore_next_line_feed: Option<Arm>,
    /// Whether the current token's self-closing flag has been acknowledged.
    self_closing_acknowledged: bool,
    /// A tokenizer state to switch to, asked for while processing the current token.
    switch_tokenizer_to: Option<State>,
    /// Set once parsing has stopped; later tokens are ignored.
    stopped: bool,
}

/// Tree construction's growable buffers, emptied: what one parse hands on to the next
/// on the same thread, so that it does not allocate them again (see `crate::scratch`).
#[derive(Debug, Default)]
pub(crate) struct TreeBuilderBuffers<D = Standard> {
    /// The parse errors, as `(code, byte offset)`.
    pub(crate) errors: Vec<(ErrorCode, usize)>,
    template_modes: Vec<InsertionMode>,
    open_elements: OpenElements<D>,
    active_formatting: ActiveFormattingElements,
    pending_table_characters: Vec<u8>,
    selects: select::Selects,
}

impl<D: Seams> TreeBuilderBuffers<D> {
    /// Drops the working lists if they hold more than the next parse may keep, before
    /// the parse's errors are laid out (a deep document's stack is no longer needed).
    pub(crate) fn drop_large_working_lists(&mut self) {
        if self.retained_bytes() - heap_bytes(&self.errors) > crate::buffers::RETAINED_BYTES_LIMIT {
            self.open_elements = OpenElements::default();
            self.active_formatting = ActiveFormattingElements::default();
            self.selects = select::Selects::default();
            self.template_modes = Vec::new();
            self.pending_table_characters = Vec::new();
        }
    }

    /// The bytes the buffers hold on to, roughly.
    pub(crate) fn retained_bytes(&self) -> usize {
        heap_bytes(&self.errors)
            + self.template_modes.capacity()
            + self.open_elements.retained_bytes()
            + self.active_formatting.retained_bytes()
            + self.pending_table_characters.capacity()
            + self.selects.retained_bytes()
    }
}

impl<'s, S: TreeSink> TreeBuilder<'s, S> {
    pub fn new(sink: &'s mut S, options: TreeBuilderOptions) -> Self {
        TreeBuilder::with_buffers(sink, options, TreeBuilderBuffers::default(), Standard)
    }
}

impl<'s, S: TreeSink, D: Seams> TreeBuilder<'s, S, D> {
    /// A tree builder that keeps its lists in `buffers` (emptied first), taking the
    /// departures `departures` (see `crate::seams`).
    #[inline(always)]
    pub(crate) fn with_buffers(
        sink: &'s mut S,
        options: TreeBuilderOptions,
        mut buffers: TreeBuilderBuffers<D>,
        departures: D,
    ) -> Self {
        buffers.errors.clear();
        buffers.template_modes.clear();
        buffers.open_elements.clear();
        buffers.active_formatting.clear();
        buffers.pending_table_characters.clear();
        buffers.selects.clear();
        buffers.open_elements.departures = departures;
        let mut builder = TreeBuilder {
            sink,
            departures,
            scripting: options.scripting,
            errors: buffers.errors,
            errors_omitted: 0,
            offset: 0,
            mode: InsertionMode::Initial,
            original_mode: InsertionMode::Initial,
            template_modes: buffers.template_modes,
            open_elements: buffers.open_elements,
            active_formatting: buffers.active_formatting,
            head_element: None,
            form_element: None,
            frameset_ok: true,
            foster_parenting: false,
            pending_table_characters: buffers.pending_table_characters,
            pending_table_characters_non_whitespace: false,
            pending_table_characters_end: 0,
            context_element: None,
            quirks_mode: QuirksMode::NoQuirks,
            selects: buffers.selects,
            ignore_next_line_feed: None,
            self_closing_acknowledged: false,
            switch_tokenizer_to: None,
            stopped: false,
        };
        if let Some(context) = options.fragment_context {
            builder.set_up_the_fragment_parse(context);
        }
        builder
    }

    /// Whether the stack of open elements answers scope queries from its indexes, the
    /// list of active formatting elements keeps its counts and select.rs keeps what its
    /// walks up the tree find (the default), or all follow only the spec's walks; the
    /// two give the same answers.
    pub fn set_fast_paths(&mut self, on: bool) {
        self.open_elements.set_indexed(on);
        self.active_formatting.set_counted(on);
        self.selects.set_fast_paths(on);
    }

    /// The state the tokenizer starts in: the data state, or for a fragment parse the
    /// one the context element calls for.
    pub fn initial_tokenizer_state(&self) -> State {
        match self.context_element {
            Some(context) => {
                D::tokenizer_state_for_the_context(self.departures, context.name, self.scripting)
                    .unwrap_or_else(|| {
                        fragment::tokenizer_state_for_context::<D>(context.name, self.scripting)
                    })
            }
            None => State::Data,
        }
    }

    /// Ends tree construction; returns its parse errors as `(code, byte offset)`.
    pub fn finish(self) -> Vec<(ErrorCode, usize)> {
        self.errors
    }

    /// Ends tree construction, handing back its buffers.
    #[inline(always)]
    pub(crate) fn into_buffers(self) -> TreeBuilderBuffers<D> {
        TreeBuilderBuffers {
            errors: self.errors,
            template_modes: self.template_modes,
            open_elements: self.open_elements,
            active_formatting: self.active_formatting,
            pending_table_characters: self.pending_table_characters,
            selects: self.selects,
        }
    }

    /// "This is a parse error."
    pub(crate) fn parse_error(&mut self, code: ErrorCode) {
        keep_error(
            &mut self.errors,
            &mut self.errors_omitted,
            (code, self.offset),
        );
    }

    /// "Parse error" for each of a run of `count` U+0000 NULL character tokens, each at
    /// the offset where it ends (the run's NULLs are consecutive bytes of the input,
    /// the last ending where the run does).
    pub(crate) fn parse_error_for_each_null(&mut self, count: usize) {
        for i in 0..count {
            let offset = self.offset.saturating_sub(count - 1 - i);
            keep_error(
                &mut self.errors,
                &mut self.errors_omitted,
                (ErrorCode::TreeUnexpectedNull, offset),
            );
        }
    }

    /// The parse errors past [`crate::error::MAX_ERRORS`], counted, not kept.
    pub(crate) fn errors_omitted(&self) -> u64 {
        self.errors_omitted
    }

    /// "Acknowledge the token's self-closing flag, if it is set."
    pub(crate) fn acknowledge_self_closing_flag(&mut self) {
        self.self_closing_acknowledged = true;
    }

    /// Asks the tokenizer to switch to `state` before it reads on.
    pub(crate) fn switch_the_tokenizer_to(&mut self, state: State) {
        self.switch_tokenizer_to = Some(state);
    }

    /// "The current node".
    pub(crate) fn current_node(&self) -> Option<&StackEntry> {
        self.open_elements.current()
    }

    /// Whether the current node is an HTML element with this local name.
    pub(crate) fn current_node_is(&self, name: LocalName) -> bool {
        self.current_node().is_some_and(|e| e.is_html(name))
    }

    /// Whether the current node is an HTML element whose local name is one of `names`.
    pub(crate) fn current_node_is_one_of(&self, names: &[LocalName]) -> bool {
        self.current_node().is_some_and(|e| e.is_html_one_of(names))
    }

    /// "The adjusted current node is the context element if the parser was created as
    /// part of the HTML fragment parsing algorithm and the stack of open elements has
    /// only one element in it (fragment case); otherwise, the adjusted current node is
    /// the current node."
    pub(crate) fn adjusted_current_node(&self) -> Option<&StackEntry> {
        match &self.context_element {
            Some(context) if self.open_elements.len() == 1 => Some(context),
            _ => self.open_elements.current(),
        }
    }

    /// "If there is an adjusted current node and it is not an element in the HTML
    /// namespace" (the markup declaration open state's test for CDATA). Before the
    /// first token it holds for a fragment whose context element is foreign.
    pub fn cdata_allowed(&self) -> bool {
        if let Some(allowed) = D::cdata_allowed(self) {
            return allowed;
        }
        self.adjusted_current_node()
            .is_some_and(|node| node.name.ns != Namespace::Html)
    }

    /// "A parser is parsing template contents if there is a template element on the
    /// stack of open elements, or the parser's fragment context element is a template
    /// element."
    pub(crate) fn parsing_template_contents(&self) -> bool {
        self.open_elements.contains_html(local::TEMPLATE)
            || self
                .context_element
                .is_some_and(|c| c.is_html(local::TEMPLATE))
    }

    /// "Stop parsing": <https://html.spec.whatwg.org/#stop-parsing>. Of its steps only
    /// "Pop all the nodes off the stack of open elements" touches the tree.
    pub(crate) fn stop_parsing(&mut self) {
        self.stopped = true;
        while self.pop_the_current_node().is_some() {}
    }

    /// The tree construction dispatcher: whether the token is processed by the rules
    /// of the current insertion mode (rather than those for foreign content).
    /// <https://html.spec.whatwg.org/#tree-construction-dispatcher>
    fn follows_the_current_insertion_mode(&self, token: &TreeToken<'_>) -> bool {
        // -> "If the stack of open elements is empty"
        let Some(node) = self.adjusted_current_node() else {
            return true;
        };
        // -> "If the adjusted current node is an element in the HTML namespace"
        if node.name.ns == Namespace::Html {
            return true;
        }
        let text_integration_point = foreign::is_mathml_text_integration_point(node.name);
        match token {
            // -> "If the adjusted current node is a MathML text integration point and
            //    the token is a start tag whose tag name is neither "mglyph" nor
            //    "malignmark""
            TreeToken::StartTag(tag)
                if text_integration_point
                    && !matches!(tag.name, local::MGLYPH | local::MALIGNMARK) =>
            {
                true
            }
            // -> "If the adjusted current node is a MathML text integration point and
            //    the token is a character token"
            TreeToken::Characters(_) if text_integration_point => true,
            // -> "If the adjusted current node is a MathML annotation-xml element and
            //    the token is a start tag whose tag name is "svg""
            TreeToken::StartTag(tag)
                if node.name.ns == Namespace::MathMl
                    && node.name.local == local::ANNOTATION_XML
                    && tag.name == local::SVG =>
            {
                true
            }
            // -> "If the adjusted current node is an HTML integration point and the
            //    token is a start tag"
            // -> "If the adjusted current node is an HTML integration point and the
            //    token is a character token"
            TreeToken::StartTag(_) | TreeToken::Characters(_) if node.html_integration_point => {
                true
            }
            // -> "If the token is an end-of-file token"
            TreeToken::Eof => true,
            // -> "Otherwise": process the token according to the rules given in the
            //    section for parsing tokens in foreign content.
            _ => false,
        }
    }

    /// Processes the token using the rules for `mode`.
    pub(crate) fn process_using_the_rules_for(
        &mut self,
        mode: InsertionMode,
        token: &mut TreeToken<'_>,
    ) -> ProcessResult {
        if let Some(result) = D::insertion_mode(self, mode, token) {
            return result;
        }
        match mode {
            InsertionMode::Initial => self.initial(token),
            InsertionMode::BeforeHtml => self.before_html(token),
            InsertionMode::BeforeHead => self.before_head(token),
            InsertionMode::InHead => self.in_head(token),
            InsertionMode::InHeadNoscript => self.in_head_noscript(token),
            InsertionMode::AfterHead => self.after_head(token),
            InsertionMode::InBody => self.in_body(token),
            InsertionMode::Text => self.text(token),
            InsertionMode::InTable => self.in_table(token),
            InsertionMode::InTableText => self.in_table_text(token),
            InsertionMode::InCaption => self.in_caption(token),
            InsertionMode::InColumnGroup => self.in_column_group(token),
            InsertionMode::InTableBody => self.in_table_body(token),
            InsertionMode::InRow => self.in_row(token),
            InsertionMode::InCell => self.in_cell(token),
            InsertionMode::InTemplate => self.in_template(token),
            InsertionMode::AfterBody => self.after_body(token),
            InsertionMode::InFrameset => self.in_frameset(token),
            InsertionMode::AfterFrameset => self.after_frameset(token),
            InsertionMode::AfterAfterBody => self.after_after_body(token),
            InsertionMode::AfterAfterFrameset => self.after_after_frameset(token),
        }
    }

    /// Runs one token through the dispatcher until it is handled.
    fn dispatch(&mut self, mut token: TreeToken<'_>) {
        loop {
            let result = if self.follows_the_current_insertion_mode(&token) {
                self.process_using_the_rules_for(self.mode, &mut token)
            } else {
                self.process_a_token_in_foreign_content(&mut token)
            };
            match result {
                ProcessResult::Done => return,
                ProcessResult::Reprocess(mode) => {
                    self.mode = mode;
                    if let TreeToken::Characters(text) = token {
                        if text.is_empty() {
                            return;
                        }
                    }
                    if self.stopped {
                        return;
                    }
                }
            }
        }
    }

    /// Interns a tag token's name.
    fn tag_token<'t>(&mut self, tag: &'t Tag) -> TagToken<'t> {
        let name = tag.name();
        TagToken {
            name: LocalName::well_known(name).unwrap_or_else(|| self.sink.intern(name)),
            tag: Some(tag),
            self_closing: tag.self_closing,
        }
    }
}

impl<S: TreeSink, D: Seams> TokenSink for TreeBuilder<'_, S, D> {
    fn process_token(&mut self, token: Token<'_>, offset: usize) -> SinkResult {
        #[cfg(feature = "provenance")]
        if D::TRACES && crate::provenance::recording() {
            record_token(&token, offset);
        }
        self.offset = offset;
        self.switch_tokenizer_to = None;
        self.self_closing_acknowledged = false;
        let mut token = match token {
            Token::Doctype(doctype) => TreeToken::Doctype(doctype),
            Token::StartTag(tag) => TreeToken::StartTag(self.tag_token(tag)),
            Token::EndTag(tag) => TreeToken::EndTag(self.tag_token(tag)),
            Token::Comment(data) => TreeToken::Comment(data),
            Token::Characters(text) => TreeToken::Characters(text),
            Token::ProcessingInstruction { target, data } => {
                TreeToken::ProcessingInstruction { target, data }
            }
            Token::Eof => TreeToken::Eof,
        };
        // "If the next token is a U+000A LINE FEED (LF) character token, then ignore
        // that token and move on to the next one."
        if let Some(arm) = self.ignore_next_line_feed.take() {
            if let TreeToken::Characters(text) = token {
                if text.first() == Some(&b'\n') {
                    token = TreeToken::Characters(&text[1..]);
                    // A token that was that line feed alone passes no other arm: it
                    // passed the step of the start tag's arm that ignored it.
                    if text.len() == 1 {
                        D::spec_arm(arm);
                    }
                }
            }
        }
        let empty_run = matches!(token, TreeToken::Characters(text) if text.is_empty());
        if !self.stopped && !empty_run {
            self.dispatch(token);
        }
        // "When a start tag token is emitted with its self-closing flag set, if the flag
        // is not acknowledged when it is processed by the tree construction stage, that
        // is a non-void-html-element-start-tag-with-trailing-solidus parse error."
        if let TreeToken::StartTag(tag) = token {
            if tag.self_closing && !self.self_closing_acknowledged {
                self.parse_error(ErrorCode::NonVoidHtmlElementStartTagWithTrailingSolidus);
            }
        }
        SinkResult {
            switch_to: self.switch_tokenizer_to,
            cdata_allowed: self.cdata_allowed(),
        }
    }
}

/// Hands `token` to the provenance recorder (called only while some thread records;
/// out of line, so that an ordinary parse pays one test per token).
#[cfg(feature = "provenance")]
#[cold]
#[inline(never)]
fn record_token(token: &Token<'_>, offset: usize) {
    use crate::provenance::{token_handed_over, TokenKind};
    let none = || std::iter::empty::<&[u8]>();
    match token {
        Token::StartTag(tag) | Token::EndTag(tag) => {
            let kind = match token {
                Token::StartTag(_) => TokenKind::StartTag,
                _ => TokenKind::EndTag,
            };
            let names = tag.attributes().map(|(name, _)| name);
            token_handed_over(kind, tag.name(), names, b"", offset);
        }
        Token::Doctype(_) => token_handed_over(TokenKind::Doctype, b"", none(), b"", offset),
        Token::Comment(data) => token_handed_over(TokenKind::Comment, b"", none(), data, offset),
        Token::ProcessingInstruction { data, .. } => {
            let kind = TokenKind::ProcessingInstruction;
            token_handed_over(kind, b"", none(), data, offset)
        }
        Token::Characters(text) => {
            token_handed_over(TokenKind::Characters, b"", none(), text, offset)
        }
        Token::Eof => token_handed_over(TokenKind::Eof, b"", none(), b"", offset),
    }
}

#[cfg(test)]
mod tests;
