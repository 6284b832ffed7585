//! Creating and inserting nodes: the appropriate place for inserting a node (with
//! foster parenting), "create an element for a token", "insert a foreign element",
//! "insert an HTML element", "insert a character", "insert a comment" and "insert a
//! processing instruction".
//!
//! <https://html.spec.whatwg.org/#creating-and-inserting-nodes>
//!
//! The fragment case's "root insertion target" (a DocumentFragment that takes the
//! place of the `html` root element as a target) is not kept apart: litmus's fragment
//! result is the children of that root element, which receive exactly the nodes the
//! root insertion target would.

use super::foreign;
use super::open_elements::StackEntry;
use super::{TagToken, TreeBuilder, TreeSink};
use crate::dom::{AttrNamespace, Namespace, NodeId, QualName};
use crate::error::ErrorCode;
use crate::names::local;
use crate::spec_arms::Arm;
use crate::tree_builder::NewAttribute;
use crate::tree_builder::Seams;

/// "An insertion location is a tuple consisting of a target parent (a Node) and a
/// reference child (a Node or null)."
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct InsertionLocation {
    pub(crate) parent: NodeId,
    pub(crate) before: Option<NodeId>,
}

impl InsertionLocation {
    /// (parent, null): after the parent's last child.
    pub(crate) fn at_the_end_of(parent: NodeId) -> InsertionLocation {
        InsertionLocation {
            parent,
            before: None,
        }
    }
}

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// "The appropriate place for inserting a node, optionally using a particular
    /// override target". <https://html.spec.whatwg.org/#appropriate-place-for-inserting-a-node>
    pub(crate) fn appropriate_place_for_inserting_a_node(
        &self,
        override_target: Option<NodeId>,
    ) -> InsertionLocation {
        if let Some(location) = D::appropriate_place_for_inserting_a_node(self, override_target) {
            return location;
        }
        // Step 1. "Let targetParent be overrideTarget if it is not null; otherwise the
        // current node."
        // The target's name goes along with it, read from the stack where the target
        // comes from there.
        let (mut target, mut target_name) = match override_target {
            Some(node) => (node, self.sink.element_name(node)),
            None => match self.current_node() {
                Some(entry) => (entry.node, Some(entry.name)),
                None => (self.sink.document(), None),
            },
        };
        // Step 2. "Let referenceChild be null."
        let mut reference = None;
        // Step 3. "If foster parenting is enabled and targetParent is a table, tbody,
        // tfoot, thead, or tr element:"
        let is_table_like = |name: QualName| {
            name.ns == Namespace::Html
                && matches!(
                    name.local,
                    local::TABLE | local::TBODY | local::TFOOT | local::THEAD | local::TR
                )
        };
        if self.foster_parenting && target_name.is_some_and(is_table_like) {
            D::spec_arm(Arm::AppropriatePlaceStep3FosterParenting);
            // Step 3.1. "Let lastTemplateOrTable be the last template or table element
            // in the stack of open elements if there is one; otherwise null."
            let last_template = self.open_elements.position_of_html(local::TEMPLATE);
            let last_table = self.open_elements.position_of_html(local::TABLE);
            let last_template_or_table = self.open_elements.lower_of(last_template, last_table);
            match last_template_or_table.and_then(|s| self.open_elements.get(s).map(|e| (s, e))) {
                // Step 3.2. "If lastTemplateOrTable is null, then return (the first
                // element in the stack of open elements (the html element), null)."
                // (fragment case)
                None => {
                    D::spec_arm(Arm::AppropriatePlaceStep32NoTemplateOrTable);
                    let html = match self.open_elements.first() {
                        Some(entry) => entry.node,
                        None => self.sink.document(),
                    };
                    return InsertionLocation::at_the_end_of(html);
                }
                // Step 3.3. "If lastTemplateOrTable is a template element, then set
                // targetParent to lastTemplateOrTable."
                Some((_, entry)) if entry.is_html(local::TEMPLATE) => {
                    D::spec_arm(Arm::AppropriatePlaceStep33Template);
                    target = entry.node;
                    target_name = Some(entry.name);
                }
                Some((slot, entry)) => match self.sink.parent(entry.node) {
                    // Step 3.4. "Otherwise, if lastTemplateOrTable's parent is not null,
                    // then set targetParent to lastTemplateOrTable's parent and set
                    // referenceChild to lastTemplateOrTable."
                    Some(parent) => {
                        D::spec_arm(Arm::AppropriatePlaceStep34TableParent);
                        target = parent;
                        target_name = self.sink.element_name(parent);
                        reference = Some(entry.node);
                    }
                    // Step 3.5. "Otherwise, set targetParent to the element immediately
                    // above lastTemplateOrTable in the stack of open elements."
                    None => {
                        D::spec_arm(Arm::AppropriatePlaceStep35ElementAboveTable);
                        if let Some(above) = self
                            .open_elements
                            .above(slot)
                            .and_then(|s| self.open_elements.get(s))
                        {
                            target = above.node;
                            target_name = Some(above.name);
                        }
                    }
                },
            }
        }
        // Step 4. "If targetParent is not a template element, then return
        // (targetParent, referenceChild)."
        if target_name != Some(QualName::html(local::TEMPLATE)) {
            D::spec_arm(Arm::AppropriatePlaceStep4NotTemplate);
            return InsertionLocation {
                parent: target,
                before: reference,
            };
        }
        // Step 5. "Let patchInsertionTarget be targetParent's insertion target."
        // Step 6. "If patchInsertionTarget is null, then return (targetParent's template
        // contents, null)." litmus does no content patching, so a template's insertion
        // target is always null.
        match self.sink.template_contents(target) {
            Some(contents) => {
                D::spec_arm(Arm::AppropriatePlaceStep6TemplateContents);
                InsertionLocation::at_the_end_of(contents)
            }
            None => InsertionLocation {
                parent: target,
                before: reference,
            },
        }
    }

    /// "Compute the adjusted insertion location with an optional insertion location
    /// insertionLocation": the appropriate place for inserting a node given
    /// insertionLocation's target parent as the override target.
    pub(crate) fn adjusted_insertion_location(
        &self,
        location: Option<InsertionLocation>,
    ) -> InsertionLocation {
        // Step 1. "Let overrideTarget be null if insertionLocation is null; otherwise
        // insertionLocation's target parent."
        // Step 2. "Let adjustedInsertionLocation be the appropriate place for inserting
        // a node given overrideTarget."
        // Step 3 (the root insertion target) is explained at the top of this module.
        self.appropriate_place_for_inserting_a_node(location.map(|l| l.parent))
    }

    /// Whether `parent` is the Document node and already has an element child.
    pub(crate) fn is_document_with_an_element_child(&self, parent: NodeId) -> bool {
        if parent != self.sink.document() {
            return false;
        }
        let mut child = self.sink.first_child(parent);
        while let Some(c) = child {
            if self.sink.element_name(c).is_some() {
                return true;
            }
            child = self.sink.next_sibling(c);
        }
        false
    }

    /// "Insert node into targetParent before referenceChild."
    pub(crate) fn insert_at(&mut self, location: InsertionLocation, node: NodeId) {
        match location.before {
            Some(reference) => self.sink.insert_before(location.parent, node, reference),
            None => self.sink.append(location.parent, node),
        }
    }

    /// "Insert an element at the adjusted insertion location with an element element
    /// and an optional insertion location insertionLocation".
    pub(crate) fn insert_an_element_at_the_adjusted_insertion_location(
        &mut self,
        element: NodeId,
        location: Option<InsertionLocation>,
    ) {
        // Step 1. "Let (targetParent, referenceChild) be the adjusted insertion location
        // given insertionLocation."
        let location = self.adjusted_insertion_location(location);
        // Step 2. "If any of the following are true: … targetParent is a Document node
        // that already has an element child, then return."
        if self.is_document_with_an_element_child(location.parent) {
            return;
        }
        // Step 5. "Insert element into targetParent before referenceChild."
        self.insert_at(location, element);
    }

    /// "Create an element for a token" in `ns`, with the attribute adjustments the
    /// namespace calls for: "adjust MathML attributes" or "adjust SVG attributes", then
    /// "adjust foreign attributes", for the MathML and SVG namespaces. Custom elements,
    /// form association and speculative parsing have no part in litmus's DOM.
    /// <https://html.spec.whatwg.org/#create-an-element-for-the-token>
    pub(crate) fn create_an_element_for_the_token(
        &mut self,
        tag: &TagToken<'_>,
        ns: Namespace,
    ) -> StackEntry {
        if let Some(entry) = D::create_an_element_for_the_token(self, tag, ns) {
            return entry;
        }
        let name = QualName {
            ns,
            local: tag.name,
        };
        let node = match ns {
            Namespace::Html => self.sink.create_element(
                name,
                tag.attributes().map(|(local_name, value)| NewAttribute {
                    ns: AttrNamespace::None,
                    local_name,
                    value,
                }),
            ),
            Namespace::MathMl => self.sink.create_element(
                name,
                tag.attributes().map(|(local_name, value)| {
                    foreign::adjust_foreign_attribute(
                        foreign::adjust_mathml_attribute(local_name),
                        value,
                    )
                }),
            ),
            Namespace::Svg => self.sink.create_element(
                name,
                tag.attributes().map(|(local_name, value)| {
                    foreign::adjust_foreign_attribute(
                        foreign::adjust_svg_attribute(local_name),
                        value,
                    )
                }),
            ),
        };
        // "If element has an xmlns attribute in the XMLNS namespace whose value is not
        // exactly the same as the element's namespace, that is a parse error. Similarly,
        // if element has an xmlns:xlink attribute in the XMLNS namespace whose value is
        // not the XLink Namespace, that is a parse error."
        if ns != Namespace::Html {
            let bad_xmlns = tag
                .attribute(b"xmlns")
                .is_some_and(|value| value != ns.url().as_bytes());
            let bad_xlink = tag
                .attribute(b"xmlns:xlink")
                .is_some_and(|value| value != b"http://www.w3.org/1999/xlink");
            if bad_xmlns || bad_xlink {
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
            }
        }
        let html_integration_point = foreign::is_html_integration_point_for_token(name, tag);
        if html_integration_point && ns == Namespace::MathMl {
            self.sink.mark_html_integration_point(node);
        }
        StackEntry {
            node,
            name,
            html_integration_point,
        }
    }

    /// "Insert a foreign element, given a token token, a string namespace, and a boolean
    /// onlyAddToElementStack". Returns the element.
    /// <https://html.spec.whatwg.org/#insert-a-foreign-element>
    pub(crate) fn insert_a_foreign_element(
        &mut self,
        tag: &TagToken<'_>,
        ns: Namespace,
        only_add_to_element_stack: bool,
    ) -> NodeId {
        // Step 1. "Let adjustedInsertionLocation be the appropriate place for inserting
        // a node." (It only gives the intended parent of step 2, which litmus's
        // elements do not depend on.)
        // Step 2. "Let element be the result of creating an element for the token given
        // token, namespace, and adjustedInsertionLocation's target parent."
        let entry = self.create_an_element_for_the_token(tag, ns);
        // Step 3. "If onlyAddToElementStack is false, then run insert an element at the
        // adjusted insertion location with element."
        if !only_add_to_element_stack {
            self.insert_an_element_at_the_adjusted_insertion_location(entry.node, None);
        }
        // Step 4. "Push element onto the stack of open elements so that it is the new
        // current node."
        self.open_elements.push(entry);
        if !only_add_to_element_stack {
            if entry.is_html(local::OPTION) {
                self.option_inserted(entry.node);
            } else if entry.is_html(local::SELECTEDCONTENT) {
                self.selectedcontent_inserted(entry.node);
            }
        }
        // Step 5. "Return element."
        entry.node
    }

    /// "Insert an HTML element given a token token: insert a foreign element given
    /// token, the HTML namespace, and false."
    pub(crate) fn insert_an_html_element(&mut self, tag: &TagToken<'_>) -> NodeId {
        self.insert_a_foreign_element(tag, Namespace::Html, false)
    }

    /// "Insert an HTML element for the token for which the element entry was created":
    /// a new element like `element` (the token is not kept; the element's name and
    /// attributes are the token's), inserted and pushed like any HTML element.
    pub(crate) fn insert_an_html_element_like(&mut self, element: NodeId) -> NodeId {
        let node = self.sink.clone_element(element);
        let name = self
            .sink
            .element_name(node)
            .unwrap_or(QualName::html(local::SPAN));
        self.insert_an_element_at_the_adjusted_insertion_location(node, None);
        self.open_elements.push(StackEntry {
            node,
            name,
            html_integration_point: false,
        });
        node
    }

    /// "Insert a character" for a run of characters (the token's, or `text`).
    /// <https://html.spec.whatwg.org/#insert-a-character>
    pub(crate) fn insert_characters(&mut self, text: &[u8]) {
        // Step 2. "Let (targetParent, referenceChild) be the adjusted insertion
        // location."
        let location = self.adjusted_insertion_location(None);
        // Step 3. "If targetParent is a Document node, then return."
        if location.parent == self.sink.document() {
            return;
        }
        // Steps 4-5. Append data to the Text node just before the position, or insert
        // a new Text node there.
        self.sink
            .insert_text(location.parent, location.before, text);
    }

    /// "Insert a comment while processing a comment token, with an optional insertion
    /// location insertionLocation". <https://html.spec.whatwg.org/#insert-a-comment>
    pub(crate) fn insert_a_comment(&mut self, data: &[u8], location: Option<InsertionLocation>) {
        // Step 2. "Let (targetParent, referenceChild) be the adjusted insertion location
        // given insertionLocation."
        let location = self.adjusted_insertion_location(location);
        // Step 3. "Let comment be the result of creating a comment node given
        // targetParent's node document and data."
        let comment = self.sink.create_comment(data);
        // Step 4. "Insert comment into targetParent before referenceChild."
        self.insert_at(location, comment);
    }

    /// "Insert a processing instruction while processing a processing instruction
    /// token, with an optional insertion location insertionLocation".
    pub(crate) fn insert_a_processing_instruction(
        &mut self,
        target: &[u8],
        data: &[u8],
        location: Option<InsertionLocation>,
    ) {
        // Step 3. "Let (targetParent, referenceChild) be the adjusted insertion location
        // given insertionLocation."
        let location = self.adjusted_insertion_location(location);
        // Step 4. "Let pi be the result of creating a processing instruction node given
        // targetParent's node document, target, and data."
        let pi = self.sink.create_processing_instruction(target, data);
        // Step 5. "Insert pi into targetParent before referenceChild."
        self.insert_at(location, pi);
    }

    /// The location "(the Document object, null)".
    pub(crate) fn the_document(&self) -> Option<InsertionLocation> {
        Some(InsertionLocation::at_the_end_of(self.sink.document()))
    }

    /// The location "(the first element in the stack of open elements (the html
    /// element), null)".
    pub(crate) fn the_html_element(&self) -> Option<InsertionLocation> {
        let html = match self.open_elements.first() {
            Some(entry) => entry.node,
            None => self.sink.document(),
        };
        Some(InsertionLocation::at_the_end_of(html))
    }
}
