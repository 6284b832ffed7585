//! The adoption agency algorithm with its departures (`crate::departures`): the
//! standard's steps (`adoption_agency.rs`), with the mutants of its loops and of the
//! furthest block's children, and the variants of other engines' algorithms put in: the
//! inner loop of three (`adoption-inner-loop-of-three`), a node removed from the list
//! left on the stack (`adoption-removed-from-the-list-stays-on-the-stack`), the scope
//! check by tag name (`adoption-scope-by-tag-name`), positions in the list as indexes
//! (`adoption-list-positions-as-indexes`), a bookmark that never moves
//! (`adoption-bookmark-never-moved`) or moves before the new node
//! (`adoption-bookmark-before-the-new-node`), a narrower special category, and the
//! planted walk of the stack.

use super::steps::changes_the_special_category;
use crate::arm_hook::spec_arm;
use crate::departures::{Departed, Departure};
use crate::dom::NodeId;
use crate::error::ErrorCode;
use crate::spec_arms::Arm;
use crate::tree_builder::active_formatting::{ActiveFormattingElements, Entry, ListSlot};
use crate::tree_builder::adoption_agency::AdoptionAgencyOutcome;
use crate::tree_builder::insertion_location::InsertionLocation;
use crate::tree_builder::open_elements::{Scope, StackEntry};
use crate::tree_builder::{TagToken, TreeBuilder, TreeSink};

/// The departures this algorithm has.
const DEPARTURES: &[Departure] = &[
    Departure::AdoptionOuterLoopStopsAtOne,
    Departure::AdoptionInnerLoopRemovesEarly,
    Departure::AdoptionNoFurthestBlockKeepsEntry,
    Departure::AdoptionChildrenStayInTheFurthestBlock,
    Departure::AdoptionScopeByTagName,
    Departure::AdoptionInnerLoopOfThree,
    Departure::AdoptionRemovedFromTheListStaysOnTheStack,
    Departure::AdoptionListPositionsAsIndexes,
    Departure::AdoptionBookmarkAsAnIndex,
    Departure::AdoptionBookmarkNeverMoved,
    Departure::AdoptionBookmarkBeforeTheNewNode,
    Departure::PlantedQuadraticWalk,
];

impl<S: TreeSink> TreeBuilder<'_, S, Departed> {
    /// "The adoption agency algorithm, which takes as its only argument a token token
    /// for which the algorithm is being run".
    pub(crate) fn departed_adoption_agency_algorithm(
        &mut self,
        tag: &TagToken<'_>,
    ) -> Option<AdoptionAgencyOutcome> {
        let d = self.departures;
        if !DEPARTURES.iter().any(|&departure| d.on(departure)) && !changes_the_special_category(d)
        {
            return None;
        }
        Some(self.adoption_agency_algorithm_departing(tag))
    }

    /// The algorithm's steps with the departures on.
    fn adoption_agency_algorithm_departing(&mut self, tag: &TagToken<'_>) -> AdoptionAgencyOutcome {
        let d = self.departures;
        let special = self.special_category();
        // Step 1. "Let subject be token's tag name."
        let subject = tag.name;
        // Step 2. "If the current node is an HTML element whose tag name is subject, and
        // the current node is not in the list of active formatting elements, then pop the
        // current node off the stack of open elements and return."
        if let Some(current) = self.current_node().copied() {
            if current.is_html(subject) && !self.active_formatting.contains(current.node) {
                spec_arm(Arm::AdoptionAgencyStep2CurrentNodePopped);
                self.pop_the_current_node();
                return AdoptionAgencyOutcome::Done;
            }
        }
        // Step 3. "Let outerLoopCounter be 0."
        let mut outer_loop_counter = 0;
        // Step 4. "While true:"
        loop {
            spec_arm(Arm::AdoptionAgencyStep4OuterLoop);
            if d.on(Departure::PlantedQuadraticWalk) {
                self.planted_walk_of_the_stack();
            }
            // Step 4.1. "If outerLoopCounter is greater than or equal to 8, then return."
            let limit = if d.on(Departure::AdoptionOuterLoopStopsAtOne) {
                1
            } else {
                8
            };
            if outer_loop_counter >= limit {
                spec_arm(Arm::AdoptionAgencyStep41OuterLoopLimit);
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
                spec_arm(Arm::AdoptionAgencyStep43NoFormattingElement);
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
                spec_arm(Arm::AdoptionAgencyStep44NotInTheStack);
                self.parse_error(ErrorCode::TreeMisnestedTag);
                self.active_formatting.remove_at(formatting_slot_in_list);
                return AdoptionAgencyOutcome::Done;
            };
            // Step 4.5. "If formattingElement is in the stack of open elements, but the
            // element is not in scope, then this is a parse error; return."
            // The variant `adoption-scope-by-tag-name` asks for an element of the
            // subject's tag name in scope instead .
            let in_scope = if d.on(Departure::AdoptionScopeByTagName) {
                self.open_elements
                    .has_html_in_scope(Scope::Default, subject)
            } else {
                self.open_elements
                    .has_node_in_scope(Scope::Default, formatting_element)
            };
            if !in_scope {
                spec_arm(Arm::AdoptionAgencyStep45NotInScope);
                self.parse_error(ErrorCode::TreeMisnestedTag);
                // The variant's older step (html5lib 1.1's): "act as described in the
                // "any other end tag" entry", whose walk may reach the element.
                if d.on(Departure::NarrowSpecialCategory) {
                    return AdoptionAgencyOutcome::ActAsAnyOtherEndTag;
                }
                return AdoptionAgencyOutcome::Done;
            }
            // Step 4.6. "If formattingElement is not the current node, this is a parse
            // error. (But do not return.)"
            if self.current_node().map(|e| e.node) != Some(formatting_element) {
                spec_arm(Arm::AdoptionAgencyStep46NotTheCurrentNode);
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
                if special.contains(entry.name) {
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
                spec_arm(Arm::AdoptionAgencyStep48NoFurthestBlock);
                self.pop_until_node_popped(formatting_element);
                if !d.on(Departure::AdoptionNoFurthestBlockKeepsEntry) {
                    self.active_formatting.remove(formatting_element);
                }
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
            // The variant `adoption-list-positions-as-indexes` keeps positions in the
            // list as numbers, indexes into an array of its entries: formattingElement's,
            // as step 4.3 found it, and the bookmark's (the index the new element will be
            // inserted at), which removals before them in the list leave pointing past
            // where they were; `adoption-bookmark-as-an-index` keeps the bookmark's so.
            let bookmark_by_value = d.on(Departure::AdoptionBookmarkAsAnIndex);
            let positions_as_indexes =
                d.on(Departure::AdoptionListPositionsAsIndexes) || bookmark_by_value;
            let formatting_index = if positions_as_indexes {
                index_of(&self.active_formatting, formatting_slot_in_list)
            } else {
                0
            };
            let mut bookmark_index = formatting_index;
            // Step 4.11. "Let node and lastNode be furthestBlock." (Kept as the entry
            // above node, found while node is on the stack: see step 4.13.2.)
            let mut above_node = self.open_elements.above(furthest_block_slot);
            let mut last_node = furthest_block.node;
            // Step 4.12. "Let innerLoopCounter be 0."
            let mut inner_loop_counter = 0;
            // Step 4.13. "While true:"
            loop {
                spec_arm(Arm::AdoptionAgencyStep413InnerLoop);
                // Step 4.13.1. "Increment innerLoopCounter by 1."
                inner_loop_counter += 1;
                // The variant `adoption-inner-loop-of-three` only .
                if inner_loop_counter > 3 && d.on(Departure::AdoptionInnerLoopOfThree) {
                    break;
                }
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
                    spec_arm(Arm::AdoptionAgencyStep4133NodeIsFormattingElement);
                    break;
                }
                // Step 4.13.4. "If innerLoopCounter is greater than 3 and node is in the
                // list of active formatting elements, then remove node from the list of
                // active formatting elements."
                let mut list_slot = self.active_formatting.position(node.node);
                let removes_after = if d.on(Departure::AdoptionInnerLoopRemovesEarly) {
                    1
                } else {
                    3
                };
                if inner_loop_counter > removes_after {
                    if let Some(slot) = list_slot.take() {
                        spec_arm(Arm::AdoptionAgencyStep4134RemovedFromTheList);
                        self.active_formatting.remove_at(slot);
                        // The variant `adoption-removed-from-the-list-stays-on-the-stack`
                        // goes on to the next node here .
                        if d.on(Departure::AdoptionRemovedFromTheListStaysOnTheStack) {
                            continue;
                        }
                    }
                }
                // Step 4.13.5. "If node is not in the list of active formatting elements,
                // then remove node from the stack of open elements and continue."
                let Some(list_slot) = list_slot else {
                    spec_arm(Arm::AdoptionAgencyStep4135RemovedFromTheStack);
                    self.open_elements.remove_at(node_slot);
                    continue;
                };
                // Step 4.13.6. "Create an element for the token for which the element
                // node was created, in the HTML namespace, with commonAncestor as the
                // intended parent; replace the entry for node in the list of active
                // formatting elements with an entry for the new element, replace the
                // entry for node in the stack of open elements with an entry for the new
                // element, and let node be the new element."
                spec_arm(Arm::AdoptionAgencyStep4136NodeReplaced);
                let new_element = self.sink.clone_element(node.node);
                self.active_formatting
                    .replace_node_at(list_slot, new_element);
                self.open_elements.replace_node_at(node_slot, new_element);
                // Step 4.13.7. "If lastNode is furthestBlock, then move the
                // aforementioned bookmark to be immediately after the new node in the
                // list of active formatting elements."
                if last_node == furthest_block.node {
                    spec_arm(Arm::AdoptionAgencyStep4137BookmarkMoved);
                    // `adoption-bookmark-never-moved` leaves it there;
                    // `adoption-bookmark-before-the-new-node` moves it to the entry before
                    // the new node's, so that the new element goes just before the new node
                    // (into formattingElement's own place when that entry is its own); with
                    // no entry before, it stays.
                    if d.on(Departure::AdoptionBookmarkBeforeTheNewNode) {
                        if let Some(before) = self.active_formatting.before(list_slot) {
                            bookmark = before;
                        }
                    } else if !d.on(Departure::AdoptionBookmarkNeverMoved) {
                        bookmark = list_slot;
                    }
                    if positions_as_indexes {
                        bookmark_index = index_of(&self.active_formatting, list_slot) + 1;
                    }
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
            spec_arm(Arm::AdoptionAgencyStep414LastNodeInserted);
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
            // the element created in the last step." (Not under the mutant
            // `adoption-children-stay-in-the-furthest-block`.)
            if !d.on(Departure::AdoptionChildrenStayInTheFurthestBlock) {
                self.sink
                    .reparent_children(furthest_block.node, new_element);
            }
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
            if positions_as_indexes {
                // The variants: the entry at formattingElement's index (as step 4.3 found
                // it, or its own now under `adoption-bookmark-as-an-index`) is removed,
                // and the new element's inserted at the bookmark's index (or at the end).
                let remove_index = match self.active_formatting.position(formatting_element) {
                    Some(slot) if bookmark_by_value => index_of(&self.active_formatting, slot),
                    _ => formatting_index,
                };
                remove_and_insert_at_indexes(
                    &mut self.active_formatting,
                    remove_index,
                    bookmark_index,
                    formatting_element,
                    new_element,
                );
            } else if let Some(slot) = self.active_formatting.position(formatting_element) {
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

    /// The planted fault (`planted-quadratic-walk`): a walk of the whole stack of open
    /// elements, the cost an edit in the middle of the stack had before it was linked.
    fn planted_walk_of_the_stack(&self) {
        let sum = self
            .open_elements
            .iter()
            .fold(0u64, |sum, e| sum.wrapping_add(e.node.index() as u64));
        std::hint::black_box(sum);
    }
}

/// The variant `adoption-list-positions-as-indexes` only: how many entries are
/// before the one at `at`, its index in an array of the entries.
fn index_of(list: &ActiveFormattingElements, at: ListSlot) -> usize {
    list.entries
        .forward_from(list.entries.first())
        .take_while(|(slot, _)| *slot != at.0)
        .count()
}

/// The variant `adoption-list-positions-as-indexes` only: the slot of the entry
/// with `index` entries before it.
fn slot_at_index(list: &ActiveFormattingElements, index: usize) -> Option<ListSlot> {
    list.entries
        .forward_from(list.entries.first())
        .nth(index)
        .map(|(slot, _)| ListSlot(slot))
}

/// Step 18 of the adoption agency algorithm as the variant
/// `adoption-list-positions-as-indexes` runs it, on the entries as an array:
/// removes the entry at `remove_index` (formattingElement's index when step 3
/// found it, whichever entry is there now; none past the end), then inserts an
/// entry for formattingElement's token standing for `node` at `insert_index` (the
/// bookmark's number), or at the end when that is past it.
fn remove_and_insert_at_indexes(
    list: &mut ActiveFormattingElements,
    remove_index: usize,
    insert_index: usize,
    formatting_element: NodeId,
    node: NodeId,
) {
    let Some(formatting_slot) = list.position(formatting_element) else {
        return;
    };
    let Some(Entry::Element(mut element)) = list.get(formatting_slot).copied() else {
        return;
    };
    element.node = node;
    let removed = slot_at_index(list, remove_index);
    if removed == Some(formatting_slot) && insert_index == remove_index {
        // formattingElement's entry, removed and put back where it was.
        list.replace_node_at(formatting_slot, node);
        return;
    }
    if let Some(removed) = removed {
        list.remove_at(removed);
    }
    // A new entry at the end, moved after the entry now at `insert_index - 1`
    // unless that is past the end. (Index 0, the start of the list, is
    // formattingElement's own index when it was first: nothing before it could be
    // removed, so that is the case above.)
    list.append(Entry::Element(element));
    let Some(new_slot) = list.last_slot() else {
        return;
    };
    let Some(anchor) = insert_index
        .checked_sub(1)
        .and_then(|index| slot_at_index(list, index))
    else {
        return;
    };
    if anchor != new_slot {
        list.move_after(new_slot, anchor, node);
    }
}
