//! `select`, `option` and `selectedcontent`: what the parser's insertions and pops set
//! off in the DOM.
//!
//! "When an option element is popped off the stack of open elements", the standard
//! runs "maybe clone an option into selectedcontent": if the option is its select's
//! selected option and the select has an enabled `selectedcontent`, that element's
//! children are replaced with clones of the option's children. "The selectedcontent
//! element's insertion steps" update it from the select's selected option. These steps
//! live in the forms section of the standard, outside the parsing text; they are
//! written here from it.
//!
//! litmus's DOM keeps no selectedness, so tree construction keeps it for the selects
//! where it can matter: those with an enabled `selectedcontent`. When the first
//! `selectedcontent` of a select is inserted, the select's subtree is read once for its
//! selected option (what "the selectedness setting algorithm" leaves after the option
//! insertions so far: in a select without `multiple`, the last option in tree order with
//! a `selected` attribute, or else, when the display size is 1, the first option that is
//! not disabled); from then on each option inserted into that select runs the
//! algorithm's steps on the kept state.
//!
//! Cost: nothing happens until the parser inserts a `selectedcontent` inside a select.
//! Then each `option` inserted or popped walks up its ancestors to its nearest select,
//! and each `selectedcontent` inserted walks up all of its ancestors. A fast path keeps
//! what those walks find per node ([`SelectAncestry`], in tree_builder/fast/), so that
//! each walk stops where an earlier one passed: with it, the walks cost, all together,
//! about one step per node, however deep the document.

use super::fast::SelectAncestry;
use super::{TreeBuilder, TreeSink};
use crate::dom::{Namespace, NodeId, QualName};
use crate::names::{local, LocalName};
use crate::spec_arms::Arm;
use crate::tree_builder::Seams;
use std::collections::HashMap;

/// The selects tree construction keeps state for, and the fast path's answers about
/// ancestors.
#[derive(Debug, Default)]
pub(crate) struct Selects {
    /// The selects with an enabled `selectedcontent`.
    pub(super) states: HashMap<NodeId, SelectState>,
    /// What the walks up from a node find (tree_builder/fast/select_ancestry.rs).
    ancestry: SelectAncestry,
}

impl Selects {
    /// Forgets every select, keeping the room.
    pub(crate) fn clear(&mut self) {
        self.states.clear();
        self.ancestry.clear();
    }

    /// The bytes the selects hold on to, roughly.
    pub(crate) fn retained_bytes(&self) -> usize {
        self.states.capacity() * std::mem::size_of::<(NodeId, SelectState)>()
            + self.ancestry.retained_bytes()
    }

    /// Whether the walks up from a node may be answered from what earlier walks found
    /// (`true`, the default), or always walk, as the standard reads.
    pub(crate) fn set_fast_paths(&mut self, on: bool) {
        self.ancestry.set_enabled(on);
    }
}

/// What tree construction keeps of a select with an enabled `selectedcontent`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SelectState {
    /// "The select's enabled selectedcontent" (the select has no `multiple`).
    pub(super) selectedcontent: NodeId,
    /// The option whose selectedness is true, if any.
    pub(super) selected_option: Option<NodeId>,
    /// Whether the display size is 1 (no `size` attribute greater than 1).
    pub(super) display_size_is_one: bool,
}

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    pub(super) fn is_html_element(&self, node: NodeId, name: LocalName) -> bool {
        self.sink.element_name(node) == Some(QualName::html(name))
    }

    /// "An option element's option element nearest ancestor select".
    pub(super) fn option_element_nearest_ancestor_select(
        &mut self,
        option: NodeId,
    ) -> Option<NodeId> {
        if let Some(ancestry) = self.selects.ancestry.readable() {
            return ancestry.of_parent(&*self.sink, option).option_select;
        }
        self.option_element_nearest_ancestor_select_walked(option)
    }

    /// "An option element's option element nearest ancestor select", its steps walked
    /// up the tree (without what the fast path keeps).
    pub(super) fn option_element_nearest_ancestor_select_walked(
        &self,
        option: NodeId,
    ) -> Option<NodeId> {
        // Step 1. "Let ancestorOptgroup be null."
        let mut seen_optgroup = false;
        // Step 2. "For each ancestor of option's ancestors, in reverse tree order:"
        let mut ancestor = self.sink.parent(option);
        while let Some(node) = ancestor {
            if let Some(name) = self.sink.element_name(node) {
                if name.ns == Namespace::Html {
                    match name.local {
                        // "If ancestor is a datalist, hr, or option element, then return
                        // null."
                        local::DATALIST | local::HR | local::OPTION => return None,
                        // "If ancestor is an optgroup element: if ancestorOptgroup is not
                        // null, then return null; set ancestorOptgroup to ancestor."
                        local::OPTGROUP if seen_optgroup => return None,
                        local::OPTGROUP => seen_optgroup = true,
                        // "If ancestor is a select, then return ancestor."
                        local::SELECT => return Some(node),
                        _ => {}
                    }
                }
            }
            ancestor = self.sink.parent(node);
        }
        // Step 3. "Return null."
        None
    }

    /// "An option element is disabled if its disabled attribute is present or if it is a
    /// child of an optgroup element whose disabled attribute is present."
    pub(super) fn option_is_disabled(&self, option: NodeId) -> bool {
        self.sink.has_attribute(option, b"disabled")
            || self.sink.parent(option).is_some_and(|parent| {
                self.is_html_element(parent, local::OPTGROUP)
                    && self.sink.has_attribute(parent, b"disabled")
            })
    }

    /// "The display size of a select element is the result of applying the rules for
    /// parsing non-negative integers to the value of element's size attribute, if it has
    /// one and parsing it is successful. If applying those rules to the attribute's value
    /// is not successful, the display size is 4 if the element's multiple content
    /// attribute is present, and 1 otherwise." (Only for selects without `multiple`.)
    pub(super) fn display_size_is_one(&self, select: NodeId) -> bool {
        self.sink
            .attribute_value(select, b"size")
            .and_then(parse_non_negative_integer)
            .is_none_or(|size| size <= 1)
    }

    /// The option whose selectedness is true in a select without `multiple`, read from
    /// its subtree: its list of options in tree order.
    fn selected_option_in(&self, select: NodeId, display_size_is_one: bool) -> Option<NodeId> {
        let mut last_with_selected = None;
        let mut first_enabled = None;
        // (node, optgroup ancestors below the select) in tree order.
        let mut stack: Vec<(NodeId, u8)> = Vec::new();
        if let Some(child) = self.sink.first_child(select) {
            stack.push((child, 0));
        }
        while let Some((node, optgroups)) = stack.pop() {
            if let Some(next) = self.sink.next_sibling(node) {
                stack.push((next, optgroups));
            }
            let Some(name) = self.sink.element_name(node) else {
                continue;
            };
            let mut descend_with = Some(optgroups);
            if name.ns == Namespace::Html {
                match name.local {
                    local::OPTION => {
                        if self.sink.has_attribute(node, b"selected") {
                            last_with_selected = Some(node);
                        }
                        if first_enabled.is_none() && !self.option_is_disabled(node) {
                            first_enabled = Some(node);
                        }
                        descend_with = None;
                    }
                    // Their options have another nearest ancestor select, or none.
                    local::SELECT | local::DATALIST | local::HR => descend_with = None,
                    local::OPTGROUP if optgroups > 0 => descend_with = None,
                    local::OPTGROUP => descend_with = Some(1),
                    _ => {}
                }
            }
            if let (Some(optgroups), Some(child)) = (descend_with, self.sink.first_child(node)) {
                stack.push((child, optgroups));
            }
        }
        // The selectedness setting algorithm: "If element's multiple attribute is
        // absent, and element's display size is 1, and no option elements in the
        // element's list of options have their selectedness set to true, then set the
        // selectedness of the first option element in the list of options in tree order
        // that is not disabled, if any, to true." "If element's multiple attribute is
        // absent, and two or more option elements in element's list of options have their
        // selectedness set to true, then set the selectedness of all but the last option
        // element with its selectedness set to true, in the list of options in tree
        // order, to false."
        last_with_selected.or(if display_size_is_one {
            first_enabled
        } else {
            None
        })
    }

    /// Whether `a` comes before `b` in tree order (both in the document's tree).
    pub(super) fn precedes(&self, a: NodeId, b: NodeId) -> bool {
        let ancestors = |node: NodeId| {
            let mut chain = vec![node];
            let mut current = node;
            while let Some(parent) = self.sink.parent(current) {
                chain.push(parent);
                current = parent;
            }
            chain.reverse();
            chain
        };
        let (chain_a, chain_b) = (ancestors(a), ancestors(b));
        let common = chain_a
            .iter()
            .zip(&chain_b)
            .take_while(|(x, y)| x == y)
            .count();
        match (chain_a.get(common), chain_b.get(common)) {
            // `a` is an ancestor of `b`.
            (None, Some(_)) => true,
            (Some(&child_a), Some(&child_b)) => {
                let mut sibling = self.sink.next_sibling(child_a);
                while let Some(s) = sibling {
                    if s == child_b {
                        return true;
                    }
                    sibling = self.sink.next_sibling(s);
                }
                false
            }
            _ => false,
        }
    }

    /// "Clone an option into a selectedcontent, given an option option and a
    /// selectedcontent element selectedcontent": replace all of selectedcontent's
    /// children with deep clones of option's children.
    pub(super) fn clone_an_option_into_a_selectedcontent(
        &mut self,
        option: NodeId,
        selectedcontent: NodeId,
    ) {
        if D::clone_an_option_into_a_selectedcontent(self, option, selectedcontent).is_some() {
            return;
        }
        // A selectedcontent inside the option would be cloned into itself.
        if let Some(ancestry) = self.selects.ancestry.readable() {
            // The option elements among its ancestors, nearest first.
            let mut nearest = ancestry.of(&*self.sink, selectedcontent).nearest_option;
            while let Some(n) = nearest {
                if n == option {
                    return;
                }
                nearest = ancestry.of_parent(&*self.sink, n).nearest_option;
            }
        } else {
            let mut node = Some(selectedcontent);
            while let Some(n) = node {
                if n == option {
                    return;
                }
                node = self.sink.parent(n);
            }
        }
        self.remove_all_children_of_selectedcontent(selectedcontent);
        self.sink.clone_children_into(option, selectedcontent);
    }

    /// Removes every child of a selectedcontent, telling the fast path that they have
    /// left the tree.
    pub(super) fn remove_all_children_of_selectedcontent(&mut self, selectedcontent: NodeId) {
        let mut children = Vec::new();
        let mut child = self.sink.first_child(selectedcontent);
        while let Some(c) = child {
            children.push(c);
            child = self.sink.next_sibling(c);
        }
        self.sink.remove_all_children(selectedcontent);
        for child in children {
            self.selects.ancestry.node_moved(&*self.sink, child);
        }
    }

    /// Tells the fast path that the adoption agency algorithm moved `furthest_block`
    /// (steps 13.8 and 14) and its children into `new_element` (steps 16 and 17).
    pub(crate) fn selects_see_the_adoption_agency_move(
        &mut self,
        furthest_block: NodeId,
        new_element: NodeId,
    ) {
        self.selects
            .ancestry
            .node_moved(&*self.sink, furthest_block);
        self.selects
            .ancestry
            .children_moved(&*self.sink, new_element);
    }

    /// Tells the fast path that `node` left its parent.
    pub(crate) fn selects_see_a_removal(&mut self, node: NodeId) {
        self.selects.ancestry.node_moved(&*self.sink, node);
    }

    /// Run when the parser has inserted an `option` element: "the option HTML element
    /// insertion steps" run the selectedness setting algorithm of its select.
    pub(crate) fn option_inserted(&mut self, option: NodeId) {
        if D::option_insertion_steps(self, option).is_some() {
            return;
        }
        if self.selects.states.is_empty() {
            return;
        }
        let Some(select) = self.option_element_nearest_ancestor_select(option) else {
            return;
        };
        let Some(mut state) = self.selects.states.get(&select).copied() else {
            return;
        };
        if self.sink.has_attribute(option, b"selected") {
            // "If two or more option elements in element's list of options have their
            // selectedness set to true, then set the selectedness of all but the last
            // option element with its selectedness set to true, in the list of options in
            // tree order, to false." The parser inserts in tree order, but for foster
            // parenting, which inserts before a table.
            let keeps_earlier = state
                .selected_option
                .is_some_and(|selected| self.foster_parenting && self.precedes(option, selected));
            if !keeps_earlier {
                state.selected_option = Some(option);
            }
        } else if state.selected_option.is_none()
            && state.display_size_is_one
            && !self.option_is_disabled(option)
        {
            // "If … no option elements in the element's list of options have their
            // selectedness set to true, then set the selectedness of the first option
            // element in the list of options in tree order that is not disabled".
            state.selected_option = Some(option);
        }
        self.selects.states.insert(select, state);
    }

    /// Clones `option`, the selected option of `select`, into its selectedcontent;
    /// when the clone took the option out of the select (it was in the
    /// selectedcontent), "the option HTML element removing steps" run the
    /// selectedness setting algorithm, which picks the select's selected option
    /// afresh from what is left.
    pub(super) fn clone_the_selected_option(
        &mut self,
        option: NodeId,
        select: NodeId,
        state: SelectState,
    ) {
        self.clone_an_option_into_a_selectedcontent(option, state.selectedcontent);
        if !self.is_inclusive_descendant(option, select) {
            let selected_option = self.selected_option_in(select, state.display_size_is_one);
            self.selects.states.insert(
                select,
                SelectState {
                    selected_option,
                    ..state
                },
            );
        }
    }

    /// Run when an `option` element is popped off the stack of open elements: "maybe
    /// clone an option into selectedcontent" given the option.
    pub(crate) fn option_popped(&mut self, option: NodeId) {
        if D::maybe_clone_an_option_into_selectedcontent(self, option).is_some() {
            return;
        }
        if self.selects.states.is_empty() {
            return;
        }
        // Step 1. "Let select be option's option element nearest ancestor select."
        let Some(select) = self.option_element_nearest_ancestor_select(option) else {
            return;
        };
        // Step 2. "If all of the following conditions are true: select is not null;
        // option's selectedness is true; select's enabled selectedcontent is not null,
        // then run clone an option into a selectedcontent given option and select's
        // enabled selectedcontent."
        let Some(state) = self.selects.states.get(&select).copied() else {
            return;
        };
        if state.selected_option == Some(option) {
            D::spec_arm(Arm::SelectedcontentMaybeCloneStep2Clone);
            self.clone_the_selected_option(option, select, state);
        }
    }

    /// Whether `option` is `select` or one of its descendants, where `select` was its
    /// option element nearest ancestor select before its selectedcontent's children
    /// were replaced.
    fn is_inclusive_descendant(&mut self, option: NodeId, select: NodeId) -> bool {
        // The option either stayed below the select, whose nearest select ancestor it
        // still is, or left the tree with a child of the selectedcontent.
        if let Some(ancestry) = self.selects.ancestry.readable() {
            return ancestry.of(&*self.sink, option).nearest_select == Some(select);
        }
        let (node, ancestor) = (option, select);
        let mut current = Some(node);
        while let Some(n) = current {
            if n == ancestor {
                return true;
            }
            current = self.sink.parent(n);
        }
        false
    }

    /// Run when the parser has inserted a `selectedcontent` element: "the
    /// selectedcontent element's insertion steps".
    pub(crate) fn selectedcontent_inserted(&mut self, selectedcontent: NodeId) {
        if D::selectedcontent_insertion_steps(self, selectedcontent).is_some() {
            return;
        }
        // "Let nearestSelectAncestor be null. For each ancestor of selectedcontent's
        // ancestors, in reverse tree order: if ancestor is a select element, then: if
        // nearestSelectAncestor is null, set nearestSelectAncestor to ancestor;
        // otherwise, set selectedcontent's disabled state to true." A selectedcontent in
        // a nested select is disabled, and nothing more is done.
        let mut nearest_select = None;
        if let Some(ancestry) = self.selects.ancestry.readable() {
            let ancestry = ancestry.of_parent(&*self.sink, selectedcontent);
            if ancestry.second_select {
                return;
            }
            nearest_select = ancestry.nearest_select;
        } else {
            let mut ancestor = self.sink.parent(selectedcontent);
            while let Some(node) = ancestor {
                if self.is_html_element(node, local::SELECT) {
                    if nearest_select.is_some() {
                        return;
                    }
                    nearest_select = Some(node);
                }
                ancestor = self.sink.parent(node);
            }
        }
        let Some(select) = nearest_select else {
            return;
        };
        // "The select's enabled selectedcontent": "If select has the multiple attribute,
        // then return null. Let selectedcontent be the first selectedcontent element
        // descendant of select in tree order". The parser inserts a select's
        // selectedcontent elements in tree order, so the first one inserted is kept.
        if self.sink.has_attribute(select, b"multiple") {
            return;
        }
        let state = match self.selects.states.get(&select) {
            Some(state) => *state,
            None => {
                let display_size_is_one = self.display_size_is_one(select);
                let state = SelectState {
                    selectedcontent,
                    selected_option: self.selected_option_in(select, display_size_is_one),
                    display_size_is_one,
                };
                self.selects.states.insert(select, state);
                state
            }
        };
        if state.selectedcontent != selectedcontent {
            return;
        }
        // "Update a select's selectedcontent": "Let option be the first option in
        // select's list of options whose selectedness is true, if any such option exists,
        // otherwise null. If option is null, then run clear a selectedcontent given
        // selectedcontent. Otherwise, run clone an option into a selectedcontent given
        // option and selectedcontent."
        match state.selected_option {
            Some(option) => {
                D::spec_arm(Arm::SelectedcontentInsertionStepsClone);
                self.clone_an_option_into_a_selectedcontent(option, selectedcontent);
            }
            None => {
                D::spec_arm(Arm::SelectedcontentInsertionStepsClear);
                self.remove_all_children_of_selectedcontent(selectedcontent);
            }
        }
    }
}

/// "The rules for parsing non-negative integers", for the `size` attribute.
fn parse_non_negative_integer(value: &[u8]) -> Option<u64> {
    let start = value
        .iter()
        .position(|&b| !super::is_ascii_whitespace(b))
        .unwrap_or(value.len());
    let trimmed = &value[start..];
    let trimmed = trimmed.strip_prefix(b"+").unwrap_or(trimmed);
    let digits = trimmed.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let mut number: u64 = 0;
    for &digit in &trimmed[..digits] {
        number = number
            .saturating_mul(10)
            .saturating_add(u64::from(digit - b'0'));
    }
    Some(number)
}

#[cfg(test)]
mod tests {
    use super::parse_non_negative_integer;

    #[test]
    fn non_negative_integers_parse_as_the_standard_says() {
        assert_eq!(parse_non_negative_integer(b" +12x"), Some(12));
        assert_eq!(parse_non_negative_integer(b"-1"), None);
        assert_eq!(parse_non_negative_integer(b""), None);
        assert_eq!(parse_non_negative_integer(b"   "), None);
    }
}
