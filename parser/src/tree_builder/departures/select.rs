//! Selectedcontent with departures: the option and selectedcontent insertion steps,
//! "maybe clone an option into selectedcontent" and "clone an option into a
//! selectedcontent" (`select.rs`) with the departures that change them: no clone ever
//! (`selectedcontent-never-cloned`), lexbor's narrow list of options
//! (`selectedcontent-by-a-narrow-list-of-options`, `select_narrow_list.rs`), a clone
//! whenever an option becomes selected (`selectedcontent-cloned-when-selectedness-
//! changes`), and two mutants.

use crate::departures::{state, Departed, Departure};
use crate::dom::NodeId;
use crate::names::local;
use crate::tree_builder::{TreeBuilder, TreeSink};

impl<S: TreeSink> TreeBuilder<'_, S, Departed> {
    /// "The option HTML element insertion steps" with their departures.
    pub(crate) fn departed_option_insertion_steps(&mut self, option: NodeId) -> Option<()> {
        let d = self.departures;
        if d.on(Departure::SelectedcontentByANarrowListOfOptions) {
            // An option foster parenting inserts (right before the table) runs no
            // insertion steps: noted for the narrow list.
            let before_a_table = self
                .sink
                .next_sibling(option)
                .is_some_and(|next| self.is_html_element(next, local::TABLE));
            if self.foster_parenting && before_a_table {
                state::note_a_fostered_option(option);
            }
            return Some(());
        }
        let ignores_selected = d.on(Departure::OptionSelectedAttributeIgnored);
        let clones_at_once = d.on(Departure::SelectedcontentClonedWhenSelectednessChanges);
        if !ignores_selected && !clones_at_once {
            return None;
        }
        if self.selects.states.is_empty() {
            return Some(());
        }
        let select = self.option_element_nearest_ancestor_select(option)?;
        let mut state = self.selects.states.get(&select).copied()?;
        if self.sink.has_attribute(option, b"selected") && !ignores_selected {
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
            state.selected_option = Some(option);
        }
        self.selects.states.insert(select, state);
        // Chromium's: the option just made selected is cloned at once.
        if clones_at_once && state.selected_option == Some(option) {
            self.clone_the_selected_option(option, select, state);
        }
        Some(())
    }

    /// "The selectedcontent element's insertion steps": nothing, under
    /// `selectedcontent-never-cloned` and lexbor's narrow list.
    pub(crate) fn departed_selectedcontent_insertion_steps(&mut self) -> Option<()> {
        let d = self.departures;
        (d.on(Departure::SelectedcontentNeverCloned)
            || d.on(Departure::SelectedcontentByANarrowListOfOptions))
        .then_some(())
    }

    /// "Maybe clone an option into selectedcontent": nothing under
    /// `selectedcontent-never-cloned`; lexbor's copy by its narrow list, except for
    /// the pops of "stop parsing" in a fragment.
    pub(crate) fn departed_maybe_clone_an_option_into_selectedcontent(
        &mut self,
        option: NodeId,
    ) -> Option<()> {
        let d = self.departures;
        if d.on(Departure::SelectedcontentByANarrowListOfOptions) {
            if !(self.stopped && self.context_element.is_some()) {
                self.option_popped_by_a_narrow_list_of_options(option);
            }
            return Some(());
        }
        d.on(Departure::SelectedcontentNeverCloned).then_some(())
    }

    /// "Clone an option into a selectedcontent" keeping only the first child cloned
    /// (a mutant).
    pub(crate) fn departed_clone_an_option_into_a_selectedcontent(
        &mut self,
        option: NodeId,
        selectedcontent: NodeId,
    ) -> Option<()> {
        if !self
            .departures
            .on(Departure::SelectedcontentClonesOnlyFirstChild)
        {
            return None;
        }
        let mut node = Some(selectedcontent);
        while let Some(n) = node {
            if n == option {
                return Some(());
            }
            node = self.sink.parent(n);
        }
        self.remove_all_children_of_selectedcontent(selectedcontent);
        self.sink.clone_children_into(option, selectedcontent);
        let first = self.sink.first_child(selectedcontent);
        while let Some(extra) = first.and_then(|f| self.sink.next_sibling(f)) {
            self.sink.remove_from_parent(extra);
        }
        Some(())
    }
}
