//! The seam between tree construction and the document it builds.
//!
//! Tree construction changes the DOM only through [`TreeSink`]. The arena
//! [`crate::Document`] is the sink the parser uses; a harness can put its own behind
//! the same trait (for instance to count operations).

use crate::dom::{AttrNamespace, NodeId, QualName, QuirksMode};
use crate::names::LocalName;

/// An attribute to put on a new element, already adjusted (SVG case, foreign
/// namespaces) by tree construction.
#[derive(Clone, Copy, Debug)]
pub struct NewAttribute<'a> {
    pub ns: AttrNamespace,
    pub local_name: &'a [u8],
    pub value: &'a [u8],
}

/// The DOM operations tree construction performs.
///
/// Handles are [`NodeId`]s. "Insert" operations move a node that already has a parent
/// (the spec's insert removes a node from its old parent first).
pub trait TreeSink {
    /// The interned local name spelled `name`.
    fn intern(&mut self, name: &[u8]) -> LocalName;

    /// The Document node.
    fn document(&self) -> NodeId;

    /// A new element, not yet in the tree. A `template` in the HTML namespace gets its
    /// template contents (a new DocumentFragment) at once.
    fn create_element<'a>(
        &mut self,
        name: QualName,
        attributes: impl Iterator<Item = NewAttribute<'a>>,
    ) -> NodeId;

    /// A new element with the same name and attributes as `element` (the spec's
    /// "create an element for the token for which the element was created", used by
    /// the active formatting elements, whose tokens are not kept).
    fn clone_element(&mut self, element: NodeId) -> NodeId;

    fn create_comment(&mut self, data: &[u8]) -> NodeId;

    fn create_processing_instruction(&mut self, target: &[u8], data: &[u8]) -> NodeId;

    fn create_doctype(&mut self, name: &[u8], public_id: &[u8], system_id: &[u8]) -> NodeId;

    /// Appends `child` as the last child of `parent`.
    fn append(&mut self, parent: NodeId, child: NodeId);

    /// Inserts `child` into `parent` just before `reference`, a child of `parent`.
    fn insert_before(&mut self, parent: NodeId, child: NodeId, reference: NodeId);

    /// Inserts characters at a position (`before` = `None` for the end): appended to
    /// the Text node just before that position if there is one, else in a new Text
    /// node. <https://html.spec.whatwg.org/#insert-a-character>
    fn insert_text(&mut self, parent: NodeId, before: Option<NodeId>, text: &[u8]);

    /// Removes `node` from its parent, if it has one.
    fn remove_from_parent(&mut self, node: NodeId);

    /// Moves every child of `from` to the end of `to`, keeping their order.
    fn reparent_children(&mut self, from: NodeId, to: NodeId);

    /// Removes every child of `node`.
    fn remove_all_children(&mut self, node: NodeId);

    /// Appends deep clones of every child of `source` to `destination`.
    fn clone_children_into(&mut self, source: NodeId, destination: NodeId);

    /// Gives `element` another local name, in its own namespace. Only a variant asks
    /// (`selectedcontent-by-a-narrow-list-of-options`: lexbor's copies of SVG
    /// elements have their names in lower case).
    fn rename_element(&mut self, element: NodeId, local: LocalName);

    /// Whether the tree has grown past the parse's node limit: tree construction then
    /// stops making nodes, and the parse fails (`ParseFailure::TooManyNodes`). A sink
    /// with no limit says no.
    fn is_past_its_node_limit(&self) -> bool {
        false
    }

    /// Adds each attribute the element does not already have (by name).
    fn add_attributes_if_missing<'a>(
        &mut self,
        element: NodeId,
        attributes: impl Iterator<Item = NewAttribute<'a>>,
    );

    /// Records that an annotation-xml element is an HTML integration point.
    fn mark_html_integration_point(&mut self, element: NodeId);

    fn set_quirks_mode(&mut self, mode: QuirksMode);

    // Reading.

    fn element_name(&self, node: NodeId) -> Option<QualName>;

    fn parent(&self, node: NodeId) -> Option<NodeId>;

    fn first_child(&self, node: NodeId) -> Option<NodeId>;

    fn next_sibling(&self, node: NodeId) -> Option<NodeId>;

    fn template_contents(&self, element: NodeId) -> Option<NodeId>;

    fn is_html_integration_point(&self, element: NodeId) -> bool;

    /// Whether the element has an attribute with this local name (no namespace).
    fn has_attribute(&self, element: NodeId, local_name: &[u8]) -> bool;

    /// The value of the element's attribute with this local name (no namespace).
    fn attribute_value(&self, element: NodeId, local_name: &[u8]) -> Option<&[u8]>;
}
