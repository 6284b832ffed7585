//! The adoption agency algorithm.
//!
//! <https://html.spec.whatwg.org/#adoption-agency-algorithm>
//!
//! Positions in the list are looked up again after every change, so the steps read as
//! the spec's; entries of the stack are named by their slots, which stay with them
//! while others are removed and inserted (tree_builder/open_elements.rs). The loops are
//! bounded (8 outer, and the inner one walks up the stack once). Each outer iteration
//! costs what it walks: from formattingElement down to furthestBlock and back up,
//! removing from the stack every entry it passes but three; none of its edits of the
//! stack moves the entries below furthestBlock.

use super::active_formatting::Entry;
use super::open_elements::{is_special, Scope, StackEntry};
use super::{TagToken, TreeBuilder, TreeSink};
use crate::error::ErrorCode;
use crate::spec_arms::Arm;
use crate::tree_builder::insertion_location::InsertionLocation;
use crate::tree_builder::Seams;

/// How the adoption agency algorithm ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AdoptionAgencyOutcome {
    Done,
    /// "Act as described in the "any other end tag" entry above."
    ActAsAnyOtherEndTag,
}

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// "The adoption agency algorithm, which takes as its only argument a token token
    /// for which the algorithm is being run".
    pub(crate) fn adoption_agency_algorithm(
        &mut self,
        tag: &TagToken<'_>,
    ) -> AdoptionAgencyOutcome {
        if let Some(outcome) = D::adoption_agency_algorithm(self, tag) {
            return outcome;
        }
        // Step 1. "Let subject be token's tag name."
        let subject = tag.name;
        // Step 2. "If the current node is an HTML element whose tag name is subject, and
        // the current node is not in the list of active formatting elements, then pop the
        // current node off the stack of open elements and return."
        if let Some(current) = self.current_node().copied() {
            if current.is_html(subject) && !self.active_formatting.contains(current.node) {
                D::spec_arm(Arm::AdoptionAgencyStep2CurrentNodePopped);
                self.pop_the_current_node();
                return AdoptionAgencyOutcome::Done;
            }
        }
        // Step 3. "Let outerLoopCounter be 0."
        let mut outer_loop_counter = 0;
        // Step 4. "While true:"
        loop {
            D::spec_arm(Arm::AdoptionAgencyStep4OuterLoop);
            // Step 4.1. "If outerLoopCounter is greater than or equal to 8, then return."
            if outer_loop_counter >= 8 {
                D::spec_arm(Arm::AdoptionAgencyStep41OuterLoopLimit);
                return AdoptionAgencyOutcome::Done;
            }
            // Step 4.2. "Increment outerLoopCounter by 1."
            outer_loop_counter += 1;
            // Step 4.3. "Let formattingElement be the last element in the list of active
            // formatting elements that: is between the end of the list and the last
            // marker in the list, if any, or the start of the list otherwise, and has the
            // tag name subject. If there is no such element, then act as described in the
            // "any other end tag" entry above and return."
            let Some(formatting_slot_in_list) =
                self.active_formatting.position_after_last_marker(subject)
            else {
                D::spec_arm(Arm::AdoptionAgencyStep43NoFormattingElement);
                return AdoptionAgencyOutcome::ActAsAnyOtherEndTag;
            };
            let Some(formatting_element) = self
                .active_formatting
                .get(formatting_slot_in_list)
                .and_then(Entry::node)
            else {
                return AdoptionAgencyOutcome::Done;
            };
            // Step 4.4. "If formattingElement is not in the stack of open elements, then
            // this is a parse error; remove the element from the list, and return."
            let Some(formatting_slot) = self.open_elements.position(formatting_element) else {
                D::spec_arm(Arm::AdoptionAgencyStep44NotInTheStack);
                self.parse_error(ErrorCode::TreeMisnestedTag);
                self.active_formatting.remove_at(formatting_slot_in_list);
                return AdoptionAgencyOutcome::Done;
            };
            // Step 4.5. "If formattingElement is in the stack of open elements, but the
            // element is not in scope, then this is a parse error; return."
            if !self
                .open_elements
                .has_node_in_scope(Scope::Default, formatting_element)
            {
                D::spec_arm(Arm::AdoptionAgencyStep45NotInScope);
                self.parse_error(ErrorCode::TreeMisnestedTag);
                return AdoptionAgencyOutcome::Done;
            }
            // Step 4.6. "If formattingElement is not the current node, this is a parse
            // error. (But do not return.)"
            if self.current_node().map(|e| e.node) != Some(formatting_element) {
                D::spec_arm(Arm::AdoptionAgencyStep46NotTheCurrentNode);
                self.parse_error(ErrorCode::TreeMisnestedTag);
            }
            // Step 4.7. "Let furthestBlock be the topmost node in the stack of open
            // elements that is lower in the stack than formattingElement, and is an
            // element in the special category. There might not be one."
            let mut furthest_block = None;
            let mut lower = self.open_elements.below(formatting_slot);
            while let Some(slot) = lower {
                let Some(entry) = self.open_elements.get(slot).copied() else {
                    break;
                };
                if is_special(entry.name) {
                    furthest_block = Some((slot, entry));
                    break;
                }
                lower = self.open_elements.below(slot);
            }
            // Step 4.8. "If there is no furthestBlock, then the UA must first pop all the
            // nodes from the bottom of the stack of open elements, from the current node
            // up to and including formattingElement, then remove formattingElement from
            // the list of active formatting elements, and finally return."
            let Some((furthest_block_slot, furthest_block)) = furthest_block else {
                D::spec_arm(Arm::AdoptionAgencyStep48NoFurthestBlock);
                self.pop_until_node_popped(formatting_element);
                self.active_formatting.remove(formatting_element);
                return AdoptionAgencyOutcome::Done;
            };
            // Step 4.9. "Let commonAncestor be the element immediately above
            // formattingElement in the stack of open elements."
            let Some(common_ancestor) = self
                .open_elements
                .above(formatting_slot)
                .and_then(|slot| self.open_elements.get(slot))
                .map(|e| e.node)
            else {
                return AdoptionAgencyOutcome::Done;
            };
            // Step 4.10. "Let a bookmark note the position of formattingElement in the
            // list of active formatting elements relative to the elements on either side
            // of it in the list." The bookmark is the entry after which the new
            // element will go: formattingElement's own, until step 13.7 moves it.
            let mut bookmark = formatting_slot_in_list;
            // Step 4.11. "Let node and lastNode be furthestBlock." (Kept as the entry
            // above node, found while node is on the stack: see step 4.13.2.)
            let mut above_node = self.open_elements.above(furthest_block_slot);
            let mut last_node = furthest_block.node;
            // Step 4.12. "Let innerLoopCounter be 0."
            let mut inner_loop_counter = 0;
            // Step 4.13. "While true:"
            loop {
                D::spec_arm(Arm::AdoptionAgencyStep413InnerLoop);
                // Step 4.13.1. "Increment innerLoopCounter by 1."
                inner_loop_counter += 1;
                // Step 4.13.2. "Let node be the element immediately above node in the
                // stack of open elements, or if node is no longer in the stack of open
                // elements (e.g. because it got removed by this algorithm), the element
                // that was immediately above node in the stack of open elements before
                // node was removed." The entry above node was noted while node was
                // on the stack, before any removal.
                let Some(node_slot) = above_node else {
                    break;
                };
                let Some(node) = self.open_elements.get(node_slot).copied() else {
                    break;
                };
                above_node = self.open_elements.above(node_slot);
                // Step 4.13.3. "If node is formattingElement, then break."
                if node.node == formatting_element {
                    D::spec_arm(Arm::AdoptionAgencyStep4133NodeIsFormattingElement);
                    break;
                }
                // Step 4.13.4. "If innerLoopCounter is greater than 3 and node is in the
                // list of active formatting elements, then remove node from the list of
                // active formatting elements."
                let mut list_slot = self.active_formatting.position(node.node);
                if inner_loop_counter > 3 {
                    if let Some(slot) = list_slot.take() {
                        D::spec_arm(Arm::AdoptionAgencyStep4134RemovedFromTheList);
                        self.active_formatting.remove_at(slot);
                    }
                }
                // Step 4.13.5. "If node is not in the list of active formatting elements,
                // then remove node from the stack of open elements and continue."
                let Some(list_slot) = list_slot else {
                    D::spec_arm(Arm::AdoptionAgencyStep4135RemovedFromTheStack);
                    self.open_elements.remove_at(node_slot);
                    continue;
                };
                // Step 4.13.6. "Create an element for the token for which the element
                // node was created, in the HTML namespace, with commonAncestor as the
                // intended parent; replace the entry for node in the list of active
                // formatting elements with an entry for the new element, replace the
                // entry for node in the stack of open elements with an entry for the new
                // element, and let node be the new element."
                D::spec_arm(Arm::AdoptionAgencyStep4136NodeReplaced);
                let new_element = self.sink.clone_element(node.node);
                self.active_formatting
                    .replace_node_at(list_slot, new_element);
                self.open_elements.replace_node_at(node_slot, new_element);
                // Step 4.13.7. "If lastNode is furthestBlock, then move the
                // aforementioned bookmark to be immediately after the new node in the
                // list of active formatting elements."
                if last_node == furthest_block.node {
                    D::spec_arm(Arm::AdoptionAgencyStep4137BookmarkMoved);
                    bookmark = list_slot;
                }
                // Step 4.13.8. "Append lastNode to node."
                self.sink.append(new_element, last_node);
                // Step 4.13.9. "Set lastNode to node."
                last_node = new_element;
            }
            // Step 4.14. "Insert whatever lastNode ended up being in the previous step at
            // the appropriate place for inserting a node, but using commonAncestor as the
            // override target." Here: "Let (target, referenceNode) be the adjusted
            // insertion location given (commonAncestor, null)", then insert lastNode
            // there unless target is a Document node with an element child.
            D::spec_arm(Arm::AdoptionAgencyStep414LastNodeInserted);
            let location = self.adjusted_insertion_location(Some(
                InsertionLocation::at_the_end_of(common_ancestor),
            ));
            if !self.is_document_with_an_element_child(location.parent) {
                self.insert_at(location, last_node);
            }
            // Step 4.15. "Create an element for the token for which formattingElement was
            // created, in the HTML namespace, with furthestBlock as the intended parent."
            let new_element = self.sink.clone_element(formatting_element);
            // Step 4.16. "Take all of the child nodes of furthestBlock and append them to
            // the element created in the last step."
            self.sink
                .reparent_children(furthest_block.node, new_element);
            // Step 4.17. "Append that new element to furthestBlock."
            self.sink.append(furthest_block.node, new_element);
            // furthestBlock and its children have new ancestors: the fast path of
            // select.rs works out again what it kept of theirs.
            self.selects_see_the_adoption_agency_move(furthest_block.node, new_element);
            // Step 4.18. "Remove formattingElement from the list of active formatting
            // elements, and insert the new element into the list of active formatting
            // elements at the position of the aforementioned bookmark."
            // One edit: the entry leaves its place and goes after the bookmark's entry,
            // standing for the new element (in its own place when the bookmark is
            // still formattingElement's).
            if let Some(slot) = self.active_formatting.position(formatting_element) {
                self.active_formatting
                    .move_after(slot, bookmark, new_element);
            }
            // Step 4.19. "Remove formattingElement from the stack of open elements, and
            // insert the new element into the stack of open elements immediately below
            // the position of furthestBlock in that stack."
            // One edit: the new element takes formattingElement's slot, linked below
            // furthestBlock's.
            if let (Some(slot), Some(furthest_block_slot)) = (
                self.open_elements.position(formatting_element),
                self.open_elements.position(furthest_block.node),
            ) {
                if let Some(entry) = self.open_elements.get(slot).copied() {
                    self.open_elements.move_below(
                        slot,
                        furthest_block_slot,
                        StackEntry {
                            node: new_element,
                            ..entry
                        },
                    );
                }
            }
        }
    }
}
