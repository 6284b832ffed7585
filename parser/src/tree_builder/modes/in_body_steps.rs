//! The longer entries of the "in body" insertion mode, each a function named after
//! its condition, and the steps "in body" shares with other modes.

use crate::error::ErrorCode;
use crate::names::{local, LocalName};
use crate::spec_arms::Arm;
use crate::tree_builder::adoption_agency::AdoptionAgencyOutcome;
use crate::tree_builder::open_elements::{is_special, Scope};
use crate::tree_builder::Seams;
use crate::tree_builder::{InsertionMode, TagToken, TreeBuilder, TreeSink};

/// The elements that may be left open at the end of the body without a parse error:
/// dd, dt, li, optgroup, option, p, rb, rp, rt, rtc, tbody, td, tfoot, th, thead, tr,
/// body, html.
const MAY_BE_LEFT_OPEN: &[LocalName] = &[
    local::DD,
    local::DT,
    local::LI,
    local::OPTGROUP,
    local::OPTION,
    local::P,
    local::RB,
    local::RP,
    local::RT,
    local::RTC,
    local::TBODY,
    local::TD,
    local::TFOOT,
    local::TH,
    local::THEAD,
    local::TR,
    local::BODY,
    local::HTML,
];

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// For each attribute on the token, add it to `element` if the element does not
    /// have an attribute with that name already.
    pub(crate) fn add_the_attributes_if_missing(
        &mut self,
        element: crate::dom::NodeId,
        tag: &TagToken<'_>,
    ) {
        self.sink.add_attributes_if_missing(
            element,
            tag.attributes()
                .map(|(local_name, value)| crate::tree_builder::NewAttribute {
                    ns: crate::dom::AttrNamespace::None,
                    local_name,
                    value,
                }),
        );
    }

    /// "If there is a node in the stack of open elements that is not either a dd
    /// element, a dt element, an li element, an optgroup element, an option element, a p
    /// element, an rb element, an rp element, an rt element, an rtc element, a tbody
    /// element, a td element, a tfoot element, a th element, a thead element, a tr
    /// element, the body element, or the html element, then this is a parse error."
    pub(crate) fn report_elements_left_open(&mut self, code: ErrorCode) {
        if self
            .open_elements
            .iter()
            .any(|entry| !entry.is_html_one_of(MAY_BE_LEFT_OPEN))
        {
            self.parse_error(code);
        }
    }

    /// -> "A start tag whose tag name is "frameset"" in "in body".
    pub(crate) fn in_body_frameset_start_tag(&mut self, tag: &TagToken<'_>) {
        // "Parse error."
        self.parse_error(ErrorCode::TreeUnexpectedStartTag);
        // "If the stack of open elements has only one node on it, or if the second
        // element on the stack of open elements is not a body element, then ignore the
        // token. (fragment case or there is a template element on the stack)"
        let Some(body) = self.open_elements.second().copied() else {
            return;
        };
        if !body.is_html(local::BODY) {
            return;
        }
        // "If the frameset-ok flag is set to "not ok", ignore the token."
        if !self.frameset_ok {
            return;
        }
        // "Otherwise, run the following steps: Remove the second element on the stack of
        // open elements from its parent node, if it has one."
        self.sink.remove_from_parent(body.node);
        self.selects_see_a_removal(body.node);
        // "Pop all the nodes from the bottom of the stack of open elements, from the
        // current node up to, but not including, the root html element."
        while self.open_elements.len() > 1 {
            self.pop_the_current_node();
        }
        // "Insert an HTML element for the token."
        self.insert_an_html_element(tag);
        // "Switch the insertion mode to "in frameset"."
        self.mode = InsertionMode::InFrameset;
    }

    /// -> "A start tag whose tag name is "li"" and -> "A start tag whose tag name is one
    /// of: "dd", "dt"" in "in body".
    pub(crate) fn in_body_list_item_start_tag(&mut self, tag: &TagToken<'_>) {
        // Step 1. "Set the frameset-ok flag to "not ok"."
        self.frameset_ok = false;
        // Step 2. "Initialize node to be the current node (the bottommost node of the
        // stack)."
        // A fast path (tree_builder/fast/stack_indexes.rs): a deep stack's indexes say
        // where the loop below stops, and it starts there.
        let names: &[LocalName] = match tag.name {
            local::LI => &[local::LI],
            _ => &[local::DD, local::DT],
        };
        let mut next = self.open_elements.list_item_walk_start(names);
        while let Some(slot) = next {
            let Some(node) = self.open_elements.get(slot).copied() else {
                break;
            };
            next = self.open_elements.above(slot);
            // Step 3. "Loop: If node is an li element, then run these substeps" (for
            // "li"); "If node is a dd element … If node is a dt element" (for "dd" and
            // "dt"): "Generate implied end tags, except for [such] elements. If the
            // current node is not [such] an element, then this is a parse error. Pop
            // elements from the stack of open elements until [such] an element has been
            // popped from the stack. Jump to the step labeled done below."
            let closes = match tag.name {
                local::LI => node.is_html(local::LI),
                _ => node.is_html_one_of(&[local::DD, local::DT]),
            };
            if closes {
                let name = node.name.local;
                self.generate_implied_end_tags(Some(name));
                if !self.current_node_is(name) {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                }
                self.pop_until_html_popped(name);
                break;
            }
            // Step 4. "If node is in the special category, but is not an address, div,
            // or p element, then jump to the step labeled done below."
            if is_special(node.name)
                && !node.is_html_one_of(&[local::ADDRESS, local::DIV, local::P])
            {
                break;
            }
            // Step 5. "Otherwise, set node to the previous entry in the stack of open
            // elements and return to the step labeled loop."
        }
        // Step 6. "Done: If the stack of open elements has a p element in button scope,
        // then close a p element."
        self.close_a_p_element_in_button_scope();
        // Step 7. "Finally, insert an HTML element for the token."
        self.insert_an_html_element(tag);
    }

    /// -> "An end tag whose tag name is "form"" in "in body".
    pub(crate) fn in_body_form_end_tag(&mut self) {
        // "If the parser is not parsing template contents:"
        if !self.parsing_template_contents() {
            // Step 1. "Let node be the element that the form element pointer is set to,
            // or null if it is not set to an element."
            // Step 2. "Set the form element pointer to null."
            let node = self.form_element.take();
            // Step 3. "If node is null or if the stack of open elements does not have
            // node in scope, then this is a parse error; return and ignore the token."
            let in_scope =
                node.filter(|&n| self.open_elements.has_node_in_scope(Scope::Default, n));
            let Some(node) = in_scope else {
                if node.is_some() {
                    D::spec_arm(Arm::InBodyEndTagFormNodeNotInScope);
                }
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                return;
            };
            // Step 4. "Generate implied end tags."
            self.generate_implied_end_tags(None);
            // Step 5. "If the current node is not node, then this is a parse error."
            if self.current_node().map(|e| e.node) != Some(node) {
                D::spec_arm(Arm::InBodyEndTagFormNotTheCurrentNode);
                self.parse_error(ErrorCode::TreeMisnestedTag);
            }
            // Step 6. "Remove node from the stack of open elements."
            if let Some(index) = self.open_elements.position(node) {
                self.open_elements.remove_at(index);
            }
            return;
        }
        // "Otherwise:" Step 1. "If the stack of open elements does not have a form
        // element in scope, then this is a parse error; return and ignore the token."
        if !self
            .open_elements
            .has_html_in_scope(Scope::Default, local::FORM)
        {
            self.parse_error(ErrorCode::TreeUnexpectedEndTag);
            return;
        }
        // Step 2. "Generate implied end tags."
        self.generate_implied_end_tags(None);
        // Step 3. "If the current node is not a form element, then this is a parse
        // error."
        if !self.current_node_is(local::FORM) {
            self.parse_error(ErrorCode::TreeMisnestedTag);
        }
        // Step 4. "Pop elements from the stack of open elements until a form element has
        // been popped from the stack."
        self.pop_until_html_popped(local::FORM);
    }

    /// -> "A start tag whose tag name is "a"" in "in body".
    pub(crate) fn in_body_a_start_tag(&mut self, tag: &TagToken<'_>) {
        // "If the list of active formatting elements contains an a element between the
        // end of the list and the last marker on the list (or the start of the list if
        // there is no marker on the list), then this is a parse error; run the adoption
        // agency algorithm for the token, then remove that element from the list of
        // active formatting elements and the stack of open elements if the adoption
        // agency algorithm didn't already remove it (it might not have if the element is
        // not in table scope)."
        let open_a = self
            .active_formatting
            .position_after_last_marker(local::A)
            .and_then(|slot| self.active_formatting.get(slot))
            .and_then(|entry| entry.node());
        if let Some(a) = open_a {
            self.parse_error(ErrorCode::TreeMisnestedTag);
            self.run_the_adoption_agency_algorithm(&TagToken::named(local::A));
            self.active_formatting.remove(a);
            if let Some(index) = self.open_elements.position(a) {
                self.open_elements.remove_at(index);
            }
        }
        // "Reconstruct the active formatting elements, if any. Insert an HTML element for
        // the token. Push onto the list of active formatting elements that element."
        self.reconstruct_the_active_formatting_elements();
        let element = self.insert_an_html_element(tag);
        self.push_onto_the_list_of_active_formatting_elements(element, tag);
    }

    /// -> "A start tag whose tag name is one of: "area", "br", "embed", "img", "keygen",
    /// "wbr"" in "in body".
    pub(crate) fn in_body_void_element(&mut self, tag: &TagToken<'_>) {
        // "Reconstruct the active formatting elements, if any. Insert an HTML element for
        // the token. Immediately pop the current node off the stack of open elements.
        // Acknowledge the token's self-closing flag, if it is set. Set the frameset-ok
        // flag to "not ok"."
        self.reconstruct_the_active_formatting_elements();
        self.insert_an_html_element(tag);
        self.pop_the_current_node();
        self.acknowledge_self_closing_flag();
        self.frameset_ok = false;
    }

    /// -> "A start tag whose tag name is "input"" in "in body".
    pub(crate) fn in_body_input_start_tag(&mut self, tag: &TagToken<'_>) {
        // "If the parser's fragment context element is a select element (fragment
        // case): Parse error. Ignore the token. Return." AD-HOC: the self-closing flag
        // is acknowledged although the standard does not say so here, since input is a
        // void element and the non-void-html-element-start-tag-with-trailing-solidus
        // error does not fit it.
        if self
            .context_element
            .is_some_and(|c| c.is_html(local::SELECT))
        {
            self.parse_error(ErrorCode::TreeUnexpectedStartTag);
            self.acknowledge_self_closing_flag();
            return;
        }
        // "If the stack of open elements has a select element in scope: Parse error. Pop
        // elements from the stack of open elements until a select element has been
        // popped from the stack."
        if self
            .open_elements
            .has_html_in_scope(Scope::Default, local::SELECT)
        {
            self.parse_error(ErrorCode::TreeUnexpectedStartTag);
            self.pop_until_html_popped(local::SELECT);
        }
        // "Reconstruct the active formatting elements, if any. Insert an HTML element for
        // the token. Immediately pop the current node off the stack of open elements.
        // Acknowledge the token's self-closing flag, if it is set."
        self.reconstruct_the_active_formatting_elements();
        self.insert_an_html_element(tag);
        self.pop_the_current_node();
        self.acknowledge_self_closing_flag();
        // "If the token does not have an attribute with the name "type", or if it does,
        // but that attribute's value is not an ASCII case-insensitive match for the string
        // "hidden", then: set the frameset-ok flag to "not ok"."
        let hidden = tag
            .attribute(b"type")
            .is_some_and(|value| value.eq_ignore_ascii_case(b"hidden"));
        if !hidden {
            self.frameset_ok = false;
        }
    }

    /// -> "A start tag whose tag name is "hr"" in "in body".
    pub(crate) fn in_body_hr_start_tag(&mut self, tag: &TagToken<'_>) {
        // "If the stack of open elements has a p element in button scope, then close a p
        // element."
        self.close_a_p_element_in_button_scope();
        // "If the stack of open elements has a select element in scope: Generate implied
        // end tags. If the stack of open elements has an option element in scope or has
        // an optgroup element in scope, then this is a parse error."
        if self
            .open_elements
            .has_html_in_scope(Scope::Default, local::SELECT)
        {
            self.generate_implied_end_tags(None);
            if self
                .open_elements
                .has_html_one_of_in_scope(Scope::Default, &[local::OPTION, local::OPTGROUP])
            {
                self.parse_error(ErrorCode::TreeMisnestedTag);
            }
        }
        // "Insert an HTML element for the token. Immediately pop the current node off the
        // stack of open elements. Acknowledge the token's self-closing flag, if it is
        // set. Set the frameset-ok flag to "not ok"."
        self.insert_an_html_element(tag);
        self.pop_the_current_node();
        self.acknowledge_self_closing_flag();
        self.frameset_ok = false;
    }

    /// -> "A start tag whose tag name is "select"" in "in body".
    pub(crate) fn in_body_select_start_tag(&mut self, tag: &TagToken<'_>) {
        // "If the parser's fragment context element is a select element (fragment case):
        // Parse error. Ignore the token."
        if self
            .context_element
            .is_some_and(|c| c.is_html(local::SELECT))
        {
            self.parse_error(ErrorCode::TreeUnexpectedStartTag);
            return;
        }
        // "Otherwise, if the stack of open elements has a select element in scope: Parse
        // error. Ignore the token. Pop elements from the stack of open elements until a
        // select element has been popped from the stack."
        if self
            .open_elements
            .has_html_in_scope(Scope::Default, local::SELECT)
        {
            self.parse_error(ErrorCode::TreeUnexpectedStartTag);
            self.pop_until_html_popped(local::SELECT);
            return;
        }
        // "Otherwise: Reconstruct the active formatting elements, if any. Insert an HTML
        // element for the token. Set the frameset-ok flag to "not ok"."
        self.reconstruct_the_active_formatting_elements();
        self.insert_an_html_element(tag);
        self.frameset_ok = false;
    }

    /// "Run the adoption agency algorithm for the token", including its step that
    /// acts "as described in the "any other end tag" entry".
    pub(crate) fn run_the_adoption_agency_algorithm(&mut self, tag: &TagToken<'_>) {
        if self.adoption_agency_algorithm(tag) == AdoptionAgencyOutcome::ActAsAnyOtherEndTag {
            self.in_body_any_other_end_tag(tag);
        }
    }

    /// -> "Any other end tag" in "in body".
    pub(crate) fn in_body_any_other_end_tag(&mut self, tag: &TagToken<'_>) {
        if D::any_other_end_tag(self, tag).is_some() {
            return;
        }
        // Step 1. "Initialize node to be the current node (the bottommost node of the
        // stack)."
        // A fast path (tree_builder/fast/stack_indexes.rs): a deep stack's indexes say
        // where the loop below stops, and it starts there.
        let Some(mut slot) = self.open_elements.any_other_end_tag_walk_start(tag.name) else {
            return;
        };
        loop {
            let Some(node) = self.open_elements.get(slot).copied() else {
                return;
            };
            // Step 2. "Loop: If node is an HTML element with the same tag name as the
            // token, then:"
            if node.is_html(tag.name) {
                // "Generate implied end tags, except for HTML elements with the same
                // tag name as the token."
                self.generate_implied_end_tags(Some(tag.name));
                // "If node is not the current node, then this is a parse error."
                if self.current_node().map(|e| e.node) != Some(node.node) {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                }
                // "Pop all the nodes from the current node up to node, including node,
                // then stop these steps."
                self.pop_until_node_popped(node.node);
                return;
            }
            // Step 3. "Otherwise, if node is in the special category, then this is a
            // parse error; ignore the token, and return."
            if is_special(node.name) {
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                return;
            }
            // Step 4. "Set node to the previous entry in the stack of open elements."
            let Some(previous) = self.open_elements.above(slot) else {
                return;
            };
            slot = previous;
            // Step 5. "Return to the step labeled loop."
        }
    }
}
