//! Steps the insertion modes share that work on the stack of open elements: popping,
//! "generate implied end tags", "close a p element", "clear the stack back to a table
//! context" and its kin, "close the cell", "reset the insertion mode appropriately",
//! and the generic raw text and RCDATA element parsing algorithms.

use super::open_elements::{Scope, StackEntry, IMPLIED_END_TAGS, IMPLIED_END_TAGS_THOROUGHLY};
use super::{InsertionMode, TagToken, TreeBuilder, TreeSink};
use crate::dom::{Namespace, NodeId};
use crate::error::ErrorCode;
use crate::names::{local, LocalName};
use crate::spec_arms::Arm;
use crate::tokenizer::State;
use crate::tree_builder::Seams;

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// "Pop the current node off the stack of open elements." An `option` element
    /// popped off the stack may be cloned into a `selectedcontent` (see `select.rs`).
    pub(crate) fn pop_the_current_node(&mut self) -> Option<StackEntry> {
        let entry = self.open_elements.pop()?;
        if entry.is_html(local::OPTION) {
            self.option_popped(entry.node);
        }
        Some(entry)
    }

    /// "Pop elements from the stack of open elements until an HTML element with this
    /// tag name has been popped from the stack."
    pub(crate) fn pop_until_html_popped(&mut self, name: LocalName) {
        while let Some(entry) = self.pop_the_current_node() {
            if entry.is_html(name) {
                return;
            }
        }
    }

    /// "Pop elements from the stack of open elements until an HTML element whose tag
    /// name is one of `names` has been popped from the stack."
    pub(crate) fn pop_until_html_one_of_popped(&mut self, names: &[LocalName]) {
        while let Some(entry) = self.pop_the_current_node() {
            if entry.is_html_one_of(names) {
                return;
            }
        }
    }

    /// "Pop elements from the stack of open elements until node has been popped."
    pub(crate) fn pop_until_node_popped(&mut self, node: NodeId) {
        while let Some(entry) = self.pop_the_current_node() {
            if entry.node == node {
                return;
            }
        }
    }

    /// "Generate implied end tags", excepting HTML elements with the name `except`
    /// ("If a step requires the UA to generate implied end tags but lists an element to
    /// exclude from the process, then the UA must perform the above steps as if that
    /// element was not in the above list.")
    /// <https://html.spec.whatwg.org/#generate-implied-end-tags>
    pub(crate) fn generate_implied_end_tags(&mut self, except: Option<LocalName>) {
        if D::generate_implied_end_tags(self, except).is_some() {
            return;
        }
        // "While the current node is a dd element, a dt element, an li element, an
        // optgroup element, an option element, a p element, an rb element, an rp
        // element, an rt element, or an rtc element, the UA must pop the current node off
        // the stack of open elements."
        while let Some(node) = self.current_node() {
            let implied = node.is_html_one_of(IMPLIED_END_TAGS)
                && except.is_none_or(|except| !node.is_html(except));
            if !implied {
                return;
            }
            self.pop_the_current_node();
        }
    }

    /// "Generate all implied end tags thoroughly".
    pub(crate) fn generate_all_implied_end_tags_thoroughly(&mut self) {
        while self.current_node_is_one_of(IMPLIED_END_TAGS_THOROUGHLY) {
            self.pop_the_current_node();
        }
    }

    /// "Close a p element". <https://html.spec.whatwg.org/#close-a-p-element>
    pub(crate) fn close_a_p_element(&mut self) {
        // Step 1. "Generate implied end tags, except for p elements."
        self.generate_implied_end_tags(Some(local::P));
        // Step 2. "If the current node is not a p element, then this is a parse error."
        if !self.current_node_is(local::P) {
            self.parse_error(ErrorCode::TreeMisnestedTag);
        }
        // Step 3. "Pop elements from the stack of open elements until a p element has
        // been popped from the stack."
        self.pop_until_html_popped(local::P);
    }

    /// "If the stack of open elements has a p element in button scope, then close a p
    /// element."
    pub(crate) fn close_a_p_element_in_button_scope(&mut self) {
        if self
            .open_elements
            .has_html_in_scope(Scope::Button, local::P)
        {
            self.close_a_p_element();
        }
    }

    /// "Clear the stack back to a table context": "while the current node is not a
    /// table, template, or html element, pop elements from the stack of open elements."
    pub(crate) fn clear_the_stack_back_to_a_table_context(&mut self) {
        while self.current_node().is_some()
            && !self.current_node_is_one_of(&[local::TABLE, local::TEMPLATE, local::HTML])
        {
            self.pop_the_current_node();
        }
    }

    /// "Clear the stack back to a table body context": "while the current node is not a
    /// tbody, tfoot, thead, template, or html element, pop elements from the stack of
    /// open elements."
    pub(crate) fn clear_the_stack_back_to_a_table_body_context(&mut self) {
        while self.current_node().is_some()
            && !self.current_node_is_one_of(&[
                local::TBODY,
                local::TFOOT,
                local::THEAD,
                local::TEMPLATE,
                local::HTML,
            ])
        {
            self.pop_the_current_node();
        }
    }

    /// "Clear the stack back to a table row context": "while the current node is not a
    /// tr, template, or html element, pop elements from the stack of open elements."
    pub(crate) fn clear_the_stack_back_to_a_table_row_context(&mut self) {
        while self.current_node().is_some()
            && !self.current_node_is_one_of(&[local::TR, local::TEMPLATE, local::HTML])
        {
            self.pop_the_current_node();
        }
    }

    /// "Close the cell". <https://html.spec.whatwg.org/#close-the-cell>
    pub(crate) fn close_the_cell(&mut self) {
        // Step 1. "Generate implied end tags."
        self.generate_implied_end_tags(None);
        // Step 2. "If the current node is not now a td element or a th element, then
        // this is a parse error."
        if !self.current_node_is_one_of(&[local::TD, local::TH]) {
            self.parse_error(ErrorCode::TreeMisnestedTag);
        }
        // Step 3. "Pop elements from the stack of open elements until a td element or a
        // th element has been popped from the stack."
        self.pop_until_html_one_of_popped(&[local::TD, local::TH]);
        // Step 4. "Clear the list of active formatting elements up to the last marker."
        self.active_formatting.clear_up_to_the_last_marker();
        // Step 5. "Switch the insertion mode to "in row"."
        self.mode = InsertionMode::InRow;
    }

    /// "Reset the insertion mode appropriately".
    /// <https://html.spec.whatwg.org/#reset-the-insertion-mode-appropriately>
    pub(crate) fn reset_the_insertion_mode_appropriately(&mut self) {
        if let Some(mode) = D::reset_the_insertion_mode(self) {
            self.mode = mode;
            return;
        }
        self.mode = self.appropriate_insertion_mode();
    }

    fn appropriate_insertion_mode(&self) -> InsertionMode {
        // Step 1. "Let last be false."
        let mut last = false;
        // Step 2. "Let node be the last node in the stack of open elements."
        // A fast path (tree_builder/fast/stack_indexes.rs): a deep stack's indexes say
        // where the loop below stops, and it starts there.
        let mut next = self.open_elements.reset_walk_start();
        while let Some(slot) = next {
            let Some(mut node) = self.open_elements.get(slot).copied() else {
                break;
            };
            next = self.open_elements.above(slot);
            // Step 3. "Loop: If node is the first node in the stack of open elements,
            // then set last to true, and, if the parser's fragment context element is
            // non-null, then set node to that element. (fragment case)"
            if next.is_none() {
                last = true;
                if let Some(context) = self.context_element {
                    D::spec_arm(Arm::ResetTheInsertionModeStep3FragmentContext);
                    node = context;
                }
            }
            if node.name.ns == Namespace::Html {
                match node.name.local {
                    // Step 4. "If node is a td or th element and last is false, then
                    // switch the insertion mode to "in cell" and return."
                    local::TD | local::TH if !last => {
                        D::spec_arm(Arm::ResetTheInsertionModeStep4TdTh);
                        return InsertionMode::InCell;
                    }
                    // Step 5. "If node is a tr element, then switch the insertion mode
                    // to "in row" and return."
                    local::TR => {
                        D::spec_arm(Arm::ResetTheInsertionModeStep5Tr);
                        return InsertionMode::InRow;
                    }
                    // Step 6. "If node is a tbody, thead, or tfoot element, then switch
                    // the insertion mode to "in table body" and return."
                    local::TBODY | local::THEAD | local::TFOOT => {
                        D::spec_arm(Arm::ResetTheInsertionModeStep6TbodyTheadTfoot);
                        return InsertionMode::InTableBody;
                    }
                    // Step 7. "If node is a caption element, then switch the insertion
                    // mode to "in caption" and return."
                    local::CAPTION => {
                        D::spec_arm(Arm::ResetTheInsertionModeStep7Caption);
                        return InsertionMode::InCaption;
                    }
                    // Step 8. "If node is a colgroup element, then switch the insertion
                    // mode to "in column group" and return."
                    local::COLGROUP => {
                        D::spec_arm(Arm::ResetTheInsertionModeStep8Colgroup);
                        return InsertionMode::InColumnGroup;
                    }
                    // Step 9. "If node is a table element, then switch the insertion
                    // mode to "in table" and return."
                    local::TABLE => {
                        D::spec_arm(Arm::ResetTheInsertionModeStep9Table);
                        return InsertionMode::InTable;
                    }
                    // Step 10. "If node is a template element, then switch the insertion
                    // mode to the current template insertion mode and return."
                    local::TEMPLATE => {
                        D::spec_arm(Arm::ResetTheInsertionModeStep10Template);
                        return self
                            .template_modes
                            .last()
                            .copied()
                            .unwrap_or(InsertionMode::InTemplate);
                    }
                    // Step 11. "If node is a head element and last is false, then switch
                    // the insertion mode to "in head" and return."
                    local::HEAD if !last => {
                        D::spec_arm(Arm::ResetTheInsertionModeStep11Head);
                        return InsertionMode::InHead;
                    }
                    // Step 12. "If node is a body element, then switch the insertion mode
                    // to "in body" and return."
                    local::BODY => {
                        D::spec_arm(Arm::ResetTheInsertionModeStep12Body);
                        return InsertionMode::InBody;
                    }
                    // Step 13. "If node is a frameset element, then switch the insertion
                    // mode to "in frameset" and return. (fragment case)"
                    local::FRAMESET => {
                        D::spec_arm(Arm::ResetTheInsertionModeStep13Frameset);
                        return InsertionMode::InFrameset;
                    }
                    // Step 14. "If node is an html element, run these substeps:"
                    local::HTML => {
                        // "If the head element pointer is null, switch the insertion
                        // mode to "before head" and return. (fragment case)"
                        // "Otherwise, the head element pointer is not null, switch the
                        // insertion mode to "after head" and return."
                        return match self.head_element {
                            None => {
                                D::spec_arm(Arm::ResetTheInsertionModeStep14HtmlBeforeHead);
                                InsertionMode::BeforeHead
                            }
                            Some(_) => {
                                D::spec_arm(Arm::ResetTheInsertionModeStep14HtmlAfterHead);
                                InsertionMode::AfterHead
                            }
                        };
                    }
                    _ => {}
                }
            }
            // Step 15. "If last is true, then switch the insertion mode to "in body" and
            // return. (fragment case)"
            if last {
                D::spec_arm(Arm::ResetTheInsertionModeStep15Last);
                return InsertionMode::InBody;
            }
            // Step 16. "Let node now be the node before node in the stack of open
            // elements." Step 17. "Return to the step labeled loop."
        }
        InsertionMode::InBody
    }

    /// "The generic raw text element parsing algorithm" (`state` RAWTEXT) and "the
    /// generic RCDATA element parsing algorithm" (`state` RCDATA).
    /// <https://html.spec.whatwg.org/#generic-raw-text-element-parsing-algorithm>
    pub(crate) fn parse_generic_text_element(&mut self, tag: &TagToken<'_>, state: State) {
        // Step 1. "Insert an HTML element for the token."
        self.insert_an_html_element(tag);
        // Step 2. "If the algorithm that was invoked is the generic raw text element
        // parsing algorithm, switch the tokenizer to the RAWTEXT state; otherwise the
        // algorithm invoked was the generic RCDATA element parsing algorithm, switch the
        // tokenizer to the RCDATA state."
        self.switch_the_tokenizer_to(state);
        // Step 3. "Set the original insertion mode to the current insertion mode."
        self.original_mode = self.mode;
        // Step 4. "Then, switch the insertion mode to "text"."
        self.mode = InsertionMode::Text;
    }
}
