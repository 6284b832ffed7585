//! The document: an arena of nodes.
//!
//! Nodes are addressed by [`NodeId`], an index into one vector, and linked by parent,
//! first/last child and previous/next sibling, so every step of a walk is O(1) and no
//! walk needs recursion. Strings do not get an allocation each: every text, comment,
//! attribute name and value lives in one `String` buffer and a node holds a `Span`
//! of it. Element names are interned ([`crate::names`]).
//!
//! The read API (`kind`, `children`, `parent`, `attributes`, `template_contents`, …)
//! is public; the tree builder changes the document only through
//! [`crate::tree_builder::TreeSink`], which `Document` implements in `dom/sink.rs`.

mod sink;
mod spare;

use crate::error::ParseError;
use crate::names::{Interner, LocalName};
use std::num::NonZeroU32;

/// The index of a node in its document.
///
/// Stored as the index plus one, so that `Option<NodeId>` takes four bytes: a node
/// has five links and most are options, and at 72 bytes a node was the largest part
/// of a parse's memory (deep documents touch it all).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(NonZeroU32);

impl NodeId {
    /// The node at this position of the document's arena. Positions stop below
    /// `u32::MAX`: the input limit keeps the node count far under it.
    pub(crate) fn from_index(index: u32) -> NodeId {
        NodeId(NonZeroU32::MIN.saturating_add(index))
    }

    /// The position of the node in the document's arena.
    pub fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

/// An element's namespace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Namespace {
    Html,
    Svg,
    MathMl,
}

impl Namespace {
    /// The namespace URL. <https://infra.spec.whatwg.org/#namespaces>
    pub fn url(self) -> &'static str {
        match self {
            Namespace::Html => "http://www.w3.org/1999/xhtml",
            Namespace::Svg => "http://www.w3.org/2000/svg",
            Namespace::MathMl => "http://www.w3.org/1998/Math/MathML",
        }
    }
}

/// An attribute's namespace: none, or one of the three that "adjust foreign
/// attributes" gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttrNamespace {
    None,
    XLink,
    Xml,
    Xmlns,
}

/// An element's namespace and local name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QualName {
    pub ns: Namespace,
    pub local: LocalName,
}

impl QualName {
    pub fn html(local: LocalName) -> QualName {
        QualName {
            ns: Namespace::Html,
            local,
        }
    }
}

/// The document's quirks mode. <https://dom.spec.whatwg.org/#concept-document-mode>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum QuirksMode {
    #[default]
    NoQuirks,
    LimitedQuirks,
    Quirks,
}

/// A range of the document's string buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Span {
    pub(crate) start: u32,
    pub(crate) len: u32,
}

/// A text node's data: a span of the buffer with room to grow in place. Appending to a
/// text node that is not at the end of the buffer moves it there with twice the room,
/// so a run of appends is linear however text nodes interleave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct TextSpan {
    pub(crate) start: u32,
    pub(crate) len: u32,
    pub(crate) cap: u32,
}

/// One attribute, stored.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Attribute {
    pub(crate) ns: AttrNamespace,
    pub(crate) local: Span,
    pub(crate) value: Span,
}

/// An element's attributes: `len` entries of the document's attribute vector from
/// `start`. `cap` is the room reserved there; a run with `cap == 0` and `len > 0` is
/// shared with the element it was cloned from and is copied before it grows.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct AttrRun {
    pub(crate) start: u32,
    pub(crate) len: u32,
    pub(crate) cap: u32,
}

/// An element's data. Its fields are laid out to keep the node data at 20 bytes: the name's two parts apart, and a template's contents not stored but
/// found, as the node created right after the template.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ElementData {
    pub(crate) local: LocalName,
    pub(crate) attrs: AttrRun,
    pub(crate) ns: Namespace,
    /// An annotation-xml element whose encoding attribute made it an HTML integration
    /// point when it was created.
    pub(crate) html_integration_point: bool,
    /// A `template` element: its contents are the node after it in the arena.
    pub(crate) has_template_contents: bool,
}

impl ElementData {
    #[inline]
    pub(crate) fn name(&self) -> QualName {
        QualName {
            ns: self.ns,
            local: self.local,
        }
    }
}

/// A DocumentType node's strings.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DoctypeData {
    pub(crate) name: Span,
    pub(crate) public_id: Span,
    pub(crate) system_id: Span,
}

#[derive(Clone, Debug)]
pub(crate) enum NodeData {
    Document,
    DocumentFragment,
    /// An index into the document's `doctypes`.
    Doctype(u32),
    Element(ElementData),
    Text(TextSpan),
    Comment(Span),
    ProcessingInstruction {
        target: Span,
        data: Span,
    },
}

/// A node and its links. A parent links to its first child only; the first child's
/// `prev_or_last` is the parent's last child (the children's previous links go round),
/// so a node keeps four links and takes 36 bytes (a test checks it).
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub(crate) parent: Option<NodeId>,
    pub(crate) first_child: Option<NodeId>,
    /// The previous sibling, or for a first child the last child of its parent.
    pub(crate) prev_or_last: Option<NodeId>,
    pub(crate) next_sibling: Option<NodeId>,
    pub(crate) data: NodeData,
}

/// A node as the read API shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind<'a> {
    Document,
    /// A template's contents, or the result of fragment parsing.
    DocumentFragment,
    Doctype {
        name: &'a str,
        public_id: &'a str,
        system_id: &'a str,
    },
    Element {
        ns: Namespace,
        name: &'a str,
    },
    Text(&'a str),
    Comment(&'a str),
    ProcessingInstruction {
        target: &'a str,
        data: &'a str,
    },
}

/// An attribute as the read API shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttrRef<'a> {
    pub ns: AttrNamespace,
    pub local_name: &'a str,
    pub value: &'a str,
}

/// A parsed document (or fragment), with the parse errors found building it.
#[derive(Clone, Debug)]
pub struct Document {
    pub(crate) nodes: Vec<Node>,
    pub(crate) strings: Strings,
    pub(crate) attrs: Vec<Attribute>,
    /// The most nodes the parse may make (see [`crate::parse::node_limit`]).
    pub(crate) node_limit: usize,
    /// Whether its changes are recorded in a trace being recorded (the parse is one
    /// that traces, `crate::provenance`).
    #[cfg_attr(not(feature = "provenance"), allow(dead_code))]
    pub(crate) traced: bool,
    /// The strings of the DocumentType nodes (a document has one, or a few).
    pub(crate) doctypes: Vec<DoctypeData>,
    pub(crate) names: Interner,
    /// The document's mode, as the DOCTYPE (or its absence) set it.
    pub quirks_mode: QuirksMode,
    /// Whether the parse ran with the scripting flag set (serialization of
    /// `<noscript>` depends on it).
    pub scripting: bool,
    /// For a fragment parse, the `html` element whose children are the fragment.
    pub(crate) fragment_root: Option<NodeId>,
    /// The parse errors, in the order of their positions: the first
    /// [`crate::error::MAX_ERRORS`].
    pub errors: Vec<ParseError>,
    /// How many parse errors there were past those kept in `errors`.
    pub errors_omitted: u64,
    /// While a parse runs: the address and length of the input the tokenizer reads,
    /// whose copy begins the string buffer (see [`Document::copy_input`]).
    pub(crate) input: Option<(usize, usize)>,
}

/// Inputs up to this size are copied into the string buffer and their unchanged
/// strings kept as spans of the copy. Past it, every string is appended, so that spans
/// (`u32`) still reach everything: an input of 1 GiB, the most litmus parses, of NULs
/// in RCDATA makes 3 GiB of U+FFFD, and a copy of the input besides would not fit.
const INPUT_COPY_LIMIT: usize = 256 << 20;

/// The buffer every string of a document is a span of.
///
/// Tree construction appends bytes, which are UTF-8 whenever the input was, and the
/// buffer is checked as UTF-8 once, when the parse ends ([`Strings::seal`]), rather
/// than every piece as it is appended: for small documents, checking each of many
/// short pieces cost a few percent of the parse (perf). Going from bytes to text and
/// back moves the buffer; only the check reads it. Reading a span before the check
/// checks that span.
#[derive(Clone, Debug, Default)]
pub(crate) struct Strings {
    /// The buffer while it is appended to; empty once checked.
    bytes: Vec<u8>,
    /// The buffer once checked; empty while appended to.
    text: String,
}

impl Strings {
    /// A buffer in `room` (emptied), with room for `capacity` bytes.
    pub(crate) fn with_capacity(mut room: Vec<u8>, capacity: usize) -> Strings {
        room.clear();
        room.reserve(capacity);
        Strings {
            bytes: room,
            text: String::new(),
        }
    }

    /// The buffer's room, leaving it empty.
    pub(crate) fn take_buffer(&mut self) -> Vec<u8> {
        if self.text.is_empty() {
            std::mem::take(&mut self.bytes)
        } else {
            std::mem::take(&mut self.text).into_bytes()
        }
    }

    /// The buffer as bytes, for appending (a checked buffer goes back to bytes).
    pub(crate) fn bytes_mut(&mut self) -> &mut Vec<u8> {
        if !self.text.is_empty() {
            self.bytes = std::mem::take(&mut self.text).into_bytes();
        }
        &mut self.bytes
    }

    pub(crate) fn as_bytes(&self) -> &[u8] {
        if self.text.is_empty() {
            &self.bytes
        } else {
            self.text.as_bytes()
        }
    }

    /// The text of `range`; "" for a range that is not text.
    pub(crate) fn get(&self, range: std::ops::Range<usize>) -> &str {
        if self.text.is_empty() {
            self.bytes
                .get(range)
                .and_then(|b| std::str::from_utf8(b).ok())
                .unwrap_or("")
        } else {
            self.text.get(range).unwrap_or("")
        }
    }

    /// Checks the bytes as UTF-8, once, so that reading a span is slicing a `str`.
    /// Bytes that are not UTF-8 (tree construction was handed bytes that are not; the
    /// parse entry points never do) become `?`, each, so that every span keeps its
    /// place.
    pub(crate) fn seal(&mut self) {
        if self.bytes.is_empty() {
            return;
        }
        let bytes = std::mem::take(&mut self.bytes);
        self.text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(error) => {
                let mut bytes = error.into_bytes();
                let mut at = 0;
                while let Err(e) = std::str::from_utf8(&bytes[at..]) {
                    let bad = at + e.valid_up_to();
                    let len = e.error_len().unwrap_or(bytes.len() - bad);
                    bytes[bad..bad + len].fill(b'?');
                    at = bad + len;
                }
                String::from_utf8(bytes).unwrap_or_default()
            }
        };
    }
}

impl Default for Document {
    fn default() -> Self {
        Document::with_capacity(0)
    }
}

impl Document {
    /// An empty document (just the Document node), with room reserved for a parse of
    /// an input of `input_len` bytes.
    pub fn with_capacity(input_len: usize) -> Document {
        // The Document node and the html, head and body elements every document has,
        // then about a node per dozen bytes.
        let spare::SpareRoom {
            mut nodes,
            strings,
            mut attrs,
            errors,
        } = spare::take();
        nodes.reserve(4 + input_len / 12);
        attrs.reserve(input_len / 32);
        nodes.push(Node {
            parent: None,
            first_child: None,
            prev_or_last: None,
            next_sibling: None,
            data: NodeData::Document,
        });
        Document {
            nodes,
            // The input's copy, then what parsing changes or makes.
            strings: Strings::with_capacity(strings, input_len + input_len / 2),
            attrs,
            doctypes: Vec::new(),
            node_limit: usize::MAX,
            traced: false,
            names: Interner::default(),
            quirks_mode: QuirksMode::NoQuirks,
            scripting: true,
            fragment_root: None,
            errors,
            errors_omitted: 0,
            input: None,
        }
    }

    /// Starts the string buffer with a copy of `input`, the bytes the tokenizer is
    /// about to read, so that strings handed over as slices of `input` (text, mostly)
    /// are stored as spans of the copy: "strings as spans into the input where
    /// unchanged", one copy of the whole input instead of one per string. Until
    /// [`Document::forget_input`], a slice is recognized as part of `input` by its
    /// address; nothing is read through the address.
    pub(crate) fn copy_input(&mut self, input: &[u8]) {
        self.copy_input_up_to(input, INPUT_COPY_LIMIT);
    }

    /// [`Document::copy_input`], for inputs of at most `limit` bytes.
    pub(crate) fn copy_input_up_to(&mut self, input: &[u8], limit: usize) {
        let buffer = self.strings.bytes_mut();
        if input.len() > limit || !buffer.is_empty() {
            return;
        }
        buffer.extend_from_slice(input);
        self.input = Some((input.as_ptr() as usize, input.len()));
    }

    /// Ends the parse's [`Document::copy_input`]: the input may be gone from now on.
    pub(crate) fn forget_input(&mut self) {
        self.input = None;
    }

    /// Where `bytes` start in the input's copy, if they are a slice of the input.
    pub(crate) fn offset_in_input(&self, bytes: &[u8]) -> Option<usize> {
        let (address, len) = self.input?;
        let start = (bytes.as_ptr() as usize).checked_sub(address)?;
        (start.checked_add(bytes.len())? <= len).then_some(start)
    }

    /// The Document node.
    pub fn root(&self) -> NodeId {
        NodeId::from_index(0)
    }

    /// For a fragment parse, the node whose children are the fragment's nodes (the
    /// spec's `html` root element); `None` for a document parse.
    pub fn fragment_root(&self) -> Option<NodeId> {
        self.fragment_root
    }

    /// The node whose children are the parse's result: the Document node, or for a
    /// fragment parse the fragment root.
    pub fn result_root(&self) -> NodeId {
        self.fragment_root.unwrap_or(self.root())
    }

    /// How many nodes the arena holds (including detached ones).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    pub(crate) fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.index()]
    }

    pub(crate) fn str(&self, span: Span) -> &str {
        let start = span.start as usize;
        self.strings.get(start..start + span.len as usize)
    }

    /// What kind of node `id` is, with its data.
    pub fn kind(&self, id: NodeId) -> NodeKind<'_> {
        match &self.node(id).data {
            NodeData::Document => NodeKind::Document,
            NodeData::DocumentFragment => NodeKind::DocumentFragment,
            NodeData::Doctype(index) => {
                let doctype = self.doctypes[*index as usize];
                NodeKind::Doctype {
                    name: self.str(doctype.name),
                    public_id: self.str(doctype.public_id),
                    system_id: self.str(doctype.system_id),
                }
            }
            NodeData::Element(element) => NodeKind::Element {
                ns: element.ns,
                name: self.names.spelling(element.local),
            },
            NodeData::Text(text) => NodeKind::Text(self.str(Span {
                start: text.start,
                len: text.len,
            })),
            NodeData::Comment(data) => NodeKind::Comment(self.str(*data)),
            NodeData::ProcessingInstruction { target, data } => NodeKind::ProcessingInstruction {
                target: self.str(*target),
                data: self.str(*data),
            },
        }
    }

    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    pub fn first_child(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).first_child
    }

    pub fn last_child(&self, id: NodeId) -> Option<NodeId> {
        let first = self.node(id).first_child?;
        self.node(first).prev_or_last
    }

    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).next_sibling
    }

    pub fn prev_sibling(&self, id: NodeId) -> Option<NodeId> {
        let node = self.node(id);
        let parent = node.parent?;
        if self.node(parent).first_child == Some(id) {
            None
        } else {
            node.prev_or_last
        }
    }

    /// The children of `id`, first to last.
    pub fn children(&self, id: NodeId) -> Children<'_> {
        Children {
            document: self,
            next: self.first_child(id),
        }
    }

    pub(crate) fn element(&self, id: NodeId) -> Option<&ElementData> {
        match &self.node(id).data {
            NodeData::Element(element) => Some(element),
            _ => None,
        }
    }

    /// The element's namespace and interned local name.
    pub fn element_name(&self, id: NodeId) -> Option<QualName> {
        self.element(id).map(ElementData::name)
    }

    /// The spelling of an interned name.
    pub fn spelling(&self, name: LocalName) -> &str {
        self.names.spelling(name)
    }

    /// The element's attributes, in the order they were added.
    pub fn attributes(&self, id: NodeId) -> impl ExactSizeIterator<Item = AttrRef<'_>> + '_ {
        let run = self.element(id).map(|e| e.attrs).unwrap_or_default();
        let start = run.start as usize;
        self.attrs[start..start + run.len as usize]
            .iter()
            .map(|a| AttrRef {
                ns: a.ns,
                local_name: self.str(a.local),
                value: self.str(a.value),
            })
    }

    /// The value of the element's attribute with this local name and no namespace.
    pub fn attribute(&self, id: NodeId, local_name: &str) -> Option<&str> {
        self.attributes(id)
            .find(|a| a.ns == AttrNamespace::None && a.local_name == local_name)
            .map(|a| a.value)
    }

    /// A `template` element's contents (a DocumentFragment node).
    pub fn template_contents(&self, id: NodeId) -> Option<NodeId> {
        self.element(id)
            .filter(|e| e.has_template_contents)
            .map(|_| NodeId::from_index(id.index() as u32 + 1))
    }

    /// The data of a Text node.
    pub fn text(&self, id: NodeId) -> Option<&str> {
        match self.kind(id) {
            NodeKind::Text(text) => Some(text),
            _ => None,
        }
    }

    /// Whether `id` is an element with this namespace and local name.
    pub fn is_element(&self, id: NodeId, ns: Namespace, local: LocalName) -> bool {
        self.element_name(id) == Some(QualName { ns, local })
    }
}

/// The children of a node, first to last.
pub struct Children<'a> {
    document: &'a Document,
    next: Option<NodeId>,
}

impl Iterator for Children<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let current = self.next?;
        self.next = self.document.next_sibling(current);
        Some(current)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_stay_small() {
        // Deep documents touch every node; the links are four bytes each.
        assert_eq!(std::mem::size_of::<Option<NodeId>>(), 4);
        assert!(
            std::mem::size_of::<Node>() <= 36,
            "{}",
            std::mem::size_of::<Node>()
        );
    }

    #[test]
    fn node_ids_round_trip_their_index() {
        for index in [0, 1, 7, 1 << 20] {
            assert_eq!(NodeId::from_index(index).index(), index as usize);
        }
    }
}
