//! `select`, `option` and `selectedcontent`: what the parser's insertions and pops set
//! off in the DOM.
//!
//! "When an option element is popped off the stack of open elements", the standard
//! runs "maybe clone an option into selectedcontent": if the option is its select's
//! selected option and the select has an enabled `selectedcontent`, that element's
//! children are replaced with clones of the option's children. And "the selectedcontent
//! element's insertion steps" update it from the select's selected option. These steps
//! live in the forms section of the standard, outside the parsing text; they are
//! written here from it.
//!
//! litmus's DOM keeps no selectedness, so it is worked out when needed from what the
//! "selectedness setting algorithm" leaves after each option insertion: in a select
//! without `multiple`, the last option (in tree order) with a `selected` attribute, or
//! else, when the display size is 1, the first option that is not disabled. While the
//! parser inserts options in tree order, that is the state the algorithm would have
//! reached.
//!
//! Cost: nothing happens unless the parser has inserted a `selectedcontent` element;
//! then each `option` pop walks its select's subtree once.

use super::{TreeBuilder, TreeSink};
use crate::dom::{Namespace, NodeId, QualName};
use crate::names::{local, LocalName};

/// What a walk of a select's subtree finds.
#[derive(Debug, Default)]
struct SelectSummary {
    /// The option whose selectedness is true (for a select without `multiple`).
    selected_option: Option<NodeId>,
    /// "The select's enabled selectedcontent".
    enabled_selectedcontent: Option<NodeId>,
}

impl<S: TreeSink> TreeBuilder<'_, S> {
    fn is_html_element(&self, node: NodeId, name: LocalName) -> bool {
        self.sink.element_name(node) == Some(QualName::html(name))
    }

    /// "An option element's option element nearest ancestor select".
    fn option_element_nearest_ancestor_select(&self, option: NodeId) -> Option<NodeId> {
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

    /// Walks the select's subtree in tree order for its list of options and its first
    /// `selectedcontent` descendant.
    fn summarize_select(&self, select: NodeId) -> SelectSummary {
        let multiple = self.sink.has_attribute(select, b"multiple");
        // "The display size of a select element is the result of applying the rules for
        // parsing non-negative integers to the value of element's size attribute, if it
        // has one and parsing it is successful. If applying those rules ... is not
        // successful, the display size is 4 if multiple is present, and 1 otherwise."
        let display_size = self
            .sink
            .attribute_value(select, b"size")
            .and_then(parse_non_negative_integer)
            .filter(|&size| size > 0)
            .unwrap_or(if multiple { 4 } else { 1 });
        let mut last_with_selected = None;
        let mut first_enabled = None;
        let mut summary = SelectSummary::default();
        // (node, number of optgroup ancestors below the select, parent is a disabled
        // optgroup)
        let mut stack: Vec<(NodeId, u8, bool)> = Vec::new();
        if let Some(child) = self.sink.first_child(select) {
            stack.push((child, 0, false));
        }
        while let Some((node, optgroups, in_disabled_optgroup)) = stack.pop() {
            if let Some(next) = self.sink.next_sibling(node) {
                stack.push((next, optgroups, in_disabled_optgroup));
            }
            let Some(name) = self.sink.element_name(node) else {
                continue;
            };
            let mut descend = Some((optgroups, false));
            if name.ns == Namespace::Html {
                match name.local {
                    local::OPTION => {
                        if self.sink.has_attribute(node, b"selected") {
                            last_with_selected = Some(node);
                        }
                        // "An option element is disabled if its disabled attribute is
                        // present or if it is a child of an optgroup element whose
                        // disabled attribute is present."
                        let disabled =
                            in_disabled_optgroup || self.sink.has_attribute(node, b"disabled");
                        if !disabled && first_enabled.is_none() {
                            first_enabled = Some(node);
                        }
                        descend = None;
                    }
                    local::SELECT | local::DATALIST | local::HR => descend = None,
                    local::OPTGROUP if optgroups > 0 => descend = None,
                    local::OPTGROUP => {
                        descend = Some((1, self.sink.has_attribute(node, b"disabled")));
                    }
                    _ => {}
                }
            }
            if let Some((optgroups, disabled)) = descend {
                if let Some(child) = self.sink.first_child(node) {
                    stack.push((child, optgroups, disabled));
                }
            }
        }
        // "If element's multiple attribute is absent, and element's display size is 1,
        // and no option elements in the element's list of options have their
        // selectedness set to true, then set the selectedness of the first option element
        // in the list of options in tree order that is not disabled, if any, to true."
        // "If element's multiple attribute is absent, and two or more option elements in
        // element's list of options have their selectedness set to true, then set the
        // selectedness of all but the last option element with its selectedness set to
        // true, in the list of options in tree order, to false."
        if !multiple {
            summary.selected_option = last_with_selected.or(if display_size == 1 {
                first_enabled
            } else {
                None
            });
            // "The select's enabled selectedcontent": "If select has the multiple
            // attribute, then return null. Let selectedcontent be the first
            // selectedcontent element descendant of select in tree order if any such
            // element exists; otherwise return null."
            summary.enabled_selectedcontent = self.first_selectedcontent_in(select);
        }
        summary
    }

    /// The first `selectedcontent` element among `root`'s descendants, in tree order.
    fn first_selectedcontent_in(&self, root: NodeId) -> Option<NodeId> {
        let mut stack: Vec<NodeId> = self.sink.first_child(root).into_iter().collect();
        while let Some(node) = stack.pop() {
            if self.is_html_element(node, local::SELECTEDCONTENT) {
                return Some(node);
            }
            if let Some(next) = self.sink.next_sibling(node) {
                stack.push(next);
            }
            if let Some(child) = self.sink.first_child(node) {
                stack.push(child);
            }
        }
        None
    }

    fn is_inclusive_ancestor(&self, ancestor: NodeId, node: NodeId) -> bool {
        let mut current = Some(node);
        while let Some(n) = current {
            if n == ancestor {
                return true;
            }
            current = self.sink.parent(n);
        }
        false
    }

    /// "Clone an option into a selectedcontent, given an option option and a
    /// selectedcontent element selectedcontent": replace all of selectedcontent's
    /// children with deep clones of option's children.
    fn clone_an_option_into_a_selectedcontent(&mut self, option: NodeId, selectedcontent: NodeId) {
        // A selectedcontent inside the option would be cloned into itself.
        if self.is_inclusive_ancestor(option, selectedcontent) {
            return;
        }
        self.sink.remove_all_children(selectedcontent);
        self.sink.clone_children_into(option, selectedcontent);
    }

    /// Run when an `option` element is popped off the stack of open elements: "maybe
    /// clone an option into selectedcontent" given the option.
    pub(crate) fn option_popped(&mut self, option: NodeId) {
        if self.selectedcontent_elements.is_empty() {
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
        let summary = self.summarize_select(select);
        if summary.selected_option != Some(option) {
            return;
        }
        if let Some(selectedcontent) = summary.enabled_selectedcontent {
            self.clone_an_option_into_a_selectedcontent(option, selectedcontent);
        }
    }

    /// Run when the parser has inserted a `selectedcontent` element: "the
    /// selectedcontent element's insertion steps".
    pub(crate) fn selectedcontent_inserted(&mut self, selectedcontent: NodeId) {
        self.selectedcontent_elements.push(selectedcontent);
        // "Let nearestSelectAncestor be null. For each ancestor of selectedcontent's
        // ancestors, in reverse tree order: if ancestor is a select element, then: if
        // nearestSelectAncestor is null, set nearestSelectAncestor to ancestor;
        // otherwise, set selectedcontent's disabled state to true." A selectedcontent in
        // a nested select is disabled, and nothing more is done.
        let mut nearest_select = None;
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
        let Some(select) = nearest_select else {
            return;
        };
        // "Update a select's selectedcontent": "Let selectedcontent be select's enabled
        // selectedcontent. If selectedcontent is null, then return. Let option be the
        // first option in select's list of options whose selectedness is true, if any
        // such option exists, otherwise null. If option is null, then run clear a
        // selectedcontent given selectedcontent. Otherwise, run clone an option into a
        // selectedcontent given option and selectedcontent."
        let summary = self.summarize_select(select);
        let Some(enabled) = summary.enabled_selectedcontent else {
            return;
        };
        match summary.selected_option {
            Some(option) => self.clone_an_option_into_a_selectedcontent(option, enabled),
            None => self.sink.remove_all_children(enabled),
        }
    }
}

/// "The rules for parsing non-negative integers", for the `size` attribute.
fn parse_non_negative_integer(value: &[u8]) -> Option<u64> {
    let trimmed = value
        .iter()
        .position(|&b| !super::is_ascii_whitespace(b))
        .map_or(&value[value.len()..], |start| &value[start..]);
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
