//! The variant `selectedcontent-by-a-narrow-list-of-options` (`crate::departures`): not
//! the standard. A `<selectedcontent>` filled as a DOM that keeps selectedness on its
//! options and reads a narrow list of options fills it, measured on lexbor (its
//! adapter, examples/engines/lexbor_adapter.py):
//!
//! - an option's selectedness is true when it has a `selected` attribute, unless the
//!   selectedness setting algorithm, run on the select's list of options, took it
//!   away (another option of the list with the attribute comes later); or, when no
//!   option of the list has one and the display size is 1, for the first option of
//!   the list that is not disabled;
//! - the list of options holds the select's option children, and the options inside
//!   a select, datalist, hr or option child (and so on down), not those in an
//!   optgroup or any other element; an option inserted by foster parenting runs no
//!   insertion steps, so the algorithm never picks it by default (a `selected`
//!   attribute still selects it);
//! - when an option is popped, its option element nearest ancestor select's first
//!   `selectedcontent` descendant in tree order (disabled or not, in a nested select
//!   or inside the option itself) gets a copy of the option's children as they are,
//!   template contents left out, an SVG element's name in lower case (`<svg
//!   foreignobject>`);
//! - a selectedcontent's insertion steps do nothing, and in a fragment the pops of
//!   "stop parsing" clone nothing (`TreeBuilder::stop_parsing`).
//!
//! The walks here are plain, one per pop: the variant runs on small cases only.

use super::{TreeBuilder, TreeSink};
use crate::departures::{state, Departed};
use crate::dom::{Namespace, NodeId};
use crate::names::local;
use crate::tree_builder::svg_tag_names::local_name_in_lowercase;

impl<S: TreeSink> TreeBuilder<'_, S, Departed> {
    /// What the variant does when an option is popped.
    pub(super) fn option_popped_by_a_narrow_list_of_options(&mut self, option: NodeId) {
        let Some(select) = self.option_element_nearest_ancestor_select_walked(option) else {
            return;
        };
        if !self.selected_by_a_narrow_list_of_options(option, select) {
            return;
        }
        if self.sink.has_attribute(select, b"multiple") {
            return;
        }
        let Some(selectedcontent) = self.first_selectedcontent_descendant(select) else {
            return;
        };
        self.sink.remove_all_children(selectedcontent);
        let copy = self.sink.clone_element(option);
        self.sink.clone_children_into(option, copy);
        self.empty_template_contents_below(copy);
        self.lower_the_case_of_svg_names_below(copy);
        self.sink.reparent_children(copy, selectedcontent);
    }

    /// Whether `option`'s selectedness is true once the selectedness setting
    /// algorithm has run on `select`'s narrow list of options.
    fn selected_by_a_narrow_list_of_options(&self, option: NodeId, select: NodeId) -> bool {
        let list = self.narrow_list_of_options(select);
        let with_selected = list
            .iter()
            .rev()
            .find(|&&o| self.sink.has_attribute(o, b"selected"))
            .copied();
        if !list.contains(&option) {
            return self.sink.has_attribute(option, b"selected");
        }
        match with_selected {
            Some(last) => last == option,
            None => {
                self.display_size_is_one(select)
                    && list
                        .iter()
                        .find(|&&o| !self.option_is_disabled(o) && !state::was_fostered(o))
                        == Some(&option)
            }
        }
    }

    /// The select's option children, and the options inside its select, datalist,
    /// hr and option children, in tree order.
    fn narrow_list_of_options(&self, select: NodeId) -> Vec<NodeId> {
        let mut list = Vec::new();
        let mut stack: Vec<NodeId> = self.sink.first_child(select).into_iter().collect();
        while let Some(node) = stack.pop() {
            if let Some(next) = self.sink.next_sibling(node) {
                stack.push(next);
            }
            let Some(name) = self.sink.element_name(node) else {
                continue;
            };
            if name.ns != Namespace::Html {
                continue;
            }
            if name.local == local::OPTION {
                list.push(node);
            }
            let descends = matches!(
                name.local,
                local::SELECT | local::DATALIST | local::HR | local::OPTION
            );
            if let (true, Some(child)) = (descends, self.sink.first_child(node)) {
                stack.push(child);
            }
        }
        list
    }

    /// The first HTML `selectedcontent` below `select` in tree order.
    fn first_selectedcontent_descendant(&self, select: NodeId) -> Option<NodeId> {
        self.descendants(select)
            .into_iter()
            .find(|&node| self.is_html_element(node, local::SELECTEDCONTENT))
    }

    /// Writes the name of every SVG element below `root` in lower case, as the
    /// tokenizer gave it before the SVG name adjustments (`foreignObject` is
    /// `foreignobject` again).
    fn lower_the_case_of_svg_names_below(&mut self, root: NodeId) {
        for node in self.descendants(root) {
            if let Some(name) = self.sink.element_name(node) {
                let lower = local_name_in_lowercase(name.local);
                if name.ns == Namespace::Svg && lower != name.local {
                    self.sink.rename_element(node, lower);
                }
            }
        }
    }

    /// Empties the contents of every template below `root`.
    fn empty_template_contents_below(&mut self, root: NodeId) {
        for node in self.descendants(root) {
            if let Some(contents) = self.sink.template_contents(node) {
                self.sink.remove_all_children(contents);
            }
        }
    }

    /// The nodes below `root`, in tree order (template contents not included).
    fn descendants(&self, root: NodeId) -> Vec<NodeId> {
        let mut found = Vec::new();
        let mut stack: Vec<NodeId> = self.sink.first_child(root).into_iter().collect();
        while let Some(node) = stack.pop() {
            found.push(node);
            if let Some(next) = self.sink.next_sibling(node) {
                stack.push(next);
            }
            if let Some(child) = self.sink.first_child(node) {
                stack.push(child);
            }
        }
        found
    }
}
