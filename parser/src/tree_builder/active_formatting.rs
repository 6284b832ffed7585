//! The list of active formatting elements.
//!
//! <https://html.spec.whatwg.org/#the-list-of-active-formatting-elements>
//!
//! "The list contains elements in the formatting category, and markers." Each element
//! entry keeps what the algorithms need of "the token for which it was created": its
//! local name (formatting elements are all in the HTML namespace) and its attributes as
//! parsed, for the Noah's Ark clause. A new element "for the token" is made by cloning
//! the entry's element, whose attributes the parser never changes. The attributes are
//! written, sorted, into one byte buffer the list keeps (no allocation per entry); an
//! entry leaving the list leaves its bytes there until the list is cleared, which
//! bounds them by the bytes of the document's formatting tags.
//!
//! The algorithms that insert elements ("reconstruct the active formatting elements")
//! live on the tree builder; this module holds the list and its own steps.

use super::fast::FormattingCounts;
use super::{TagToken, TreeBuilder, TreeSink};
use crate::dom::NodeId;
use crate::names::LocalName;
use crate::spec_arms::{spec_arm, Arm};
use std::ops::Range;

/// An element entry: the element and what is kept of its token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FormattingElement {
    pub(crate) node: NodeId,
    pub(crate) name: LocalName,
    /// Where the token's attributes are in the list's attribute bytes, for "have the
    /// same tag name, namespace, and attributes": sorted by name (a tag's names are
    /// distinct), each pair written as the name's length (four bytes), the name, the
    /// value's length, the value. Equal bytes, the same attributes.
    attributes: Range<usize>,
}

/// An entry of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    Marker,
    Element(FormattingElement),
}

impl Entry {
    pub(crate) fn node(&self) -> Option<NodeId> {
        match self {
            Entry::Marker => None,
            Entry::Element(element) => Some(element.node),
        }
    }
}

/// The list of active formatting elements: index 0 is the least recently added entry.
///
/// Once the list is long, a fast path keeps counts of its entries beside them
/// ([`FormattingCounts`], in tree_builder/fast/), which let `push` skip Noah's Ark
/// scans that cannot find three alike; with the fast paths off (or not compiled),
/// `push` always scans.
#[derive(Debug, Default)]
pub(crate) struct ActiveFormattingElements {
    entries: Vec<Entry>,
    /// The element entries' attributes (see [`FormattingElement`]).
    attribute_bytes: Vec<u8>,
    /// The fast path's counts of the entries (tree_builder/fast/formatting_counts.rs).
    counts: FormattingCounts,
}

/// An element entry's attributes, as written in the list's `attribute_bytes`.
pub(crate) fn attributes_of<'b>(
    element: &FormattingElement,
    attribute_bytes: &'b [u8],
) -> &'b [u8] {
    attribute_bytes
        .get(element.attributes.clone())
        .unwrap_or_default()
}

impl ActiveFormattingElements {
    /// Empties the list, keeping its room.
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        crate::buffers::clear(&mut self.attribute_bytes);
        self.counts.clear();
    }

    /// The bytes the list holds on to, roughly (attributes not counted: they are
    /// dropped with their entries).
    pub(crate) fn retained_bytes(&self) -> usize {
        crate::buffers::heap_bytes(&self.entries)
            + crate::buffers::heap_bytes(&self.attribute_bytes)
            + self.counts.retained_bytes()
    }

    /// Whether `push` skips the Noah's Ark scan when the counts show it cannot match
    /// (`true`, the default) or always scans, as the spec reads.
    pub(crate) fn set_counted(&mut self, on: bool) {
        self.counts.set_enabled(on);
    }

    /// The entries, least recently added first.
    #[cfg(all(test, feature = "fast-paths"))]
    pub(crate) fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Whether the counts are kept now.
    #[cfg(all(test, feature = "fast-paths"))]
    pub(crate) fn counts_built(&self) -> bool {
        self.counts.is_built()
    }

    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    pub(crate) fn get(&self, index: usize) -> Option<&Entry> {
        self.entries.get(index)
    }

    /// "Insert a marker at the end of the list of active formatting elements."
    pub(crate) fn insert_a_marker(&mut self) {
        self.entries.push(Entry::Marker);
    }

    /// The index where the entries after the last marker begin (0 if there is none).
    fn after_last_marker(&self) -> usize {
        self.entries
            .iter()
            .rposition(|e| matches!(e, Entry::Marker))
            .map_or(0, |marker| marker + 1)
    }

    /// An element entry for `node`, made for a token with this name and attributes:
    /// the attributes are sorted by name and written into the list's attribute bytes.
    pub(crate) fn element_for<'t>(
        &mut self,
        node: NodeId,
        name: LocalName,
        attributes: impl Iterator<Item = (&'t [u8], &'t [u8])>,
    ) -> FormattingElement {
        // Most tags have a few attributes: sorted in place on the stack.
        let mut few: [(&[u8], &[u8]); 8] = [(&[], &[]); 8];
        let mut many = Vec::new();
        let mut count = 0;
        for pair in attributes {
            match few.get_mut(count) {
                Some(slot) => *slot = pair,
                None => {
                    if many.is_empty() {
                        many.extend_from_slice(&few);
                    }
                    many.push(pair);
                }
            }
            count += 1;
        }
        let pairs = if count <= few.len() {
            &mut few[..count]
        } else {
            &mut many[..]
        };
        pairs.sort_unstable_by(|a, b| a.0.cmp(b.0));
        let start = self.attribute_bytes.len();
        for (name, value) in pairs.iter() {
            for bytes in [name, value] {
                let len = u32::try_from(bytes.len()).unwrap_or(u32::MAX);
                self.attribute_bytes.extend_from_slice(&len.to_le_bytes());
                self.attribute_bytes.extend_from_slice(bytes);
            }
        }
        FormattingElement {
            node,
            name,
            attributes: start..self.attribute_bytes.len(),
        }
    }

    /// "Push onto the list of active formatting elements" an element.
    /// <https://html.spec.whatwg.org/#push-onto-the-list-of-active-formatting-elements>
    pub(crate) fn push(&mut self, element: FormattingElement) {
        // Step 1. "If there are already three elements in the list of active formatting
        // elements after the last marker, if any, or anywhere in the list if there are no
        // markers, that have the same tag name, namespace, and attributes as element,
        // then remove the earliest such element from the list of active formatting
        // elements." (The Noah's Ark clause.) The attributes were sorted by name when
        // the entry was made, so comparing their bytes compares them as sets of pairs.
        // A fast path (tree_builder/fast/formatting_counts.rs) skips the scan when the
        // counts show fewer than three alike in the whole list; it counts the element
        // in, as step 2 adds it.
        let fewer_than_three_alike =
            self.counts
                .count_in_the_pushed(&self.entries, &self.attribute_bytes, &element);
        if !fewer_than_three_alike {
            let start = self.after_last_marker();
            let attributes = attributes_of(&element, &self.attribute_bytes);
            let mut same = 0;
            let mut earliest = None;
            for (index, entry) in self.entries.iter().enumerate().skip(start) {
                if let Entry::Element(e) = entry {
                    if e.name == element.name
                        && attributes_of(e, &self.attribute_bytes) == attributes
                    {
                        same += 1;
                        earliest = earliest.or(Some(index));
                    }
                }
            }
            if let Some(index) = earliest.filter(|_| same >= 3) {
                let removed = self.entries.remove(index);
                self.counts.count_out(&removed, &self.attribute_bytes);
            }
        }
        // Step 2. "Add element to the list of active formatting elements."
        self.entries.push(Entry::Element(element));
    }

    /// "Clear the list of active formatting elements up to the last marker."
    pub(crate) fn clear_up_to_the_last_marker(&mut self) {
        // Step 1. "Let entry be the last (most recently added) entry in the list of
        // active formatting elements."
        // Step 2. "Remove entry from the list of active formatting elements."
        while let Some(entry) = self.entries.pop() {
            self.counts.count_out(&entry, &self.attribute_bytes);
            // Step 3. "If entry was a marker, then stop the algorithm at this point."
            if entry == Entry::Marker {
                break;
            }
            // Step 4. "Go to step 1."
        }
    }

    /// The index of the element entry for `node`.
    pub(crate) fn position(&self, node: NodeId) -> Option<usize> {
        self.entries.iter().rposition(|e| e.node() == Some(node))
    }

    pub(crate) fn contains(&self, node: NodeId) -> bool {
        self.position(node).is_some()
    }

    /// The index of the last element with this local name between the end of the list
    /// and the last marker (or the start of the list if there is no marker).
    pub(crate) fn position_after_last_marker(&self, name: LocalName) -> Option<usize> {
        for (index, entry) in self.entries.iter().enumerate().rev() {
            match entry {
                Entry::Marker => return None,
                Entry::Element(e) if e.name == name => return Some(index),
                Entry::Element(_) => {}
            }
        }
        None
    }

    pub(crate) fn remove_at(&mut self, index: usize) -> Option<Entry> {
        if index < self.entries.len() {
            let entry = self.entries.remove(index);
            self.counts.count_out(&entry, &self.attribute_bytes);
            Some(entry)
        } else {
            None
        }
    }

    pub(crate) fn insert_at(&mut self, index: usize, entry: Entry) {
        let index = index.min(self.entries.len());
        self.counts.count_in(&entry, &self.attribute_bytes);
        self.entries.insert(index, entry);
    }

    /// Makes the entry at `index` stand for another element (made for the same token).
    pub(crate) fn replace_node_at(&mut self, index: usize, node: NodeId) {
        if let Some(Entry::Element(e)) = self.entries.get_mut(index) {
            e.node = node;
        }
    }

    /// Removes the element entry for `node`, if there is one.
    pub(crate) fn remove(&mut self, node: NodeId) {
        if let Some(index) = self.position(node) {
            let entry = self.entries.remove(index);
            self.counts.count_out(&entry, &self.attribute_bytes);
        }
    }
}

impl<S: TreeSink> TreeBuilder<'_, S> {
    /// "Reconstruct the active formatting elements, if any."
    /// <https://html.spec.whatwg.org/#reconstruct-the-active-formatting-elements>
    pub(crate) fn reconstruct_the_active_formatting_elements(&mut self) {
        // Step 1. "If there are no entries in the list of active formatting elements,
        // then there is nothing to reconstruct; stop this algorithm."
        let Some(last) = self.active_formatting.len().checked_sub(1) else {
            return;
        };
        // Step 2. "If the last (most recently added) entry in the list of active
        // formatting elements is a marker, or if it is an element that is in the stack
        // of open elements, then there is nothing to reconstruct; stop this algorithm."
        if self.is_marker_or_open(last) {
            return;
        }
        // Step 3. "Let entry be the last (most recently added) element in the list of
        // active formatting elements."
        let mut entry = last;
        // Step 4. "Rewind: If there are no entries before entry in the list of active
        // formatting elements, then jump to the step labeled create."
        // Step 5. "Let entry be the entry one earlier than entry in the list of active
        // formatting elements."
        // Step 6. "If entry is neither a marker nor an element that is also in the stack
        // of open elements, go to the step labeled rewind."
        while entry > 0 {
            if self.is_marker_or_open(entry - 1) {
                break;
            }
            entry -= 1;
        }
        // Step 7. "Advance: Let entry be the element one later than entry in the list of
        // active formatting elements." (Rewinding stopped at the first entry to create.)
        loop {
            // Step 8. "Create: Insert an HTML element for the token for which the element
            // entry was created, to obtain new element."
            let Some(old) = self.active_formatting.get(entry).and_then(Entry::node) else {
                return;
            };
            spec_arm(Arm::ReconstructTheActiveFormattingElementsStep8Create);
            let new_element = self.insert_an_html_element_like(old);
            // Step 9. "Replace the entry for entry in the list with an entry for new
            // element."
            self.active_formatting.replace_node_at(entry, new_element);
            // Step 10. "If the entry for new element in the list of active formatting
            // elements is not the last entry in the list, return to the step labeled
            // advance."
            entry += 1;
            if entry >= self.active_formatting.len() {
                return;
            }
        }
    }

    /// Whether the entry at `index` is a marker or an element in the stack of open
    /// elements.
    fn is_marker_or_open(&self, index: usize) -> bool {
        match self.active_formatting.get(index) {
            Some(Entry::Element(element)) => self.open_elements.contains(element.node),
            Some(Entry::Marker) | None => true,
        }
    }

    /// "Push onto the list of active formatting elements" the element just inserted for
    /// `tag`.
    pub(crate) fn push_onto_the_list_of_active_formatting_elements(
        &mut self,
        node: NodeId,
        tag: &TagToken<'_>,
    ) {
        let element = self
            .active_formatting
            .element_for(node, tag.name, tag.attributes());
        self.active_formatting.push(element);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::names::local;

    /// An element entry made for a tag with this name and attributes.
    pub(crate) fn element(
        list: &mut ActiveFormattingElements,
        index: u32,
        name: LocalName,
        attributes: &[(&str, &str)],
    ) -> FormattingElement {
        let pairs = attributes.iter().map(|(n, v)| (n.as_bytes(), v.as_bytes()));
        list.element_for(NodeId::from_index(index), name, pairs)
    }

    #[test]
    fn attributes_compare_as_sets_of_pairs() {
        let mut list = ActiveFormattingElements::default();
        let a = element(&mut list, 1, local::B, &[("x", "1"), ("y", "2")]);
        let b = element(&mut list, 2, local::B, &[("y", "2"), ("x", "1")]);
        let c = element(&mut list, 3, local::B, &[("x", "12")]);
        let d = element(&mut list, 4, local::B, &[("x1", "2")]);
        let bytes = &list.attribute_bytes;
        assert_eq!(attributes_of(&a, bytes), attributes_of(&b, bytes));
        assert_ne!(attributes_of(&c, bytes), attributes_of(&d, bytes));
        // More attributes than fit the sort on the stack.
        let names: Vec<String> = (0..20).map(|i| format!("n{i:02}")).collect();
        let forward: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), "v")).collect();
        let backward: Vec<(&str, &str)> = forward.iter().rev().copied().collect();
        let e = element(&mut list, 5, local::B, &forward);
        let f = element(&mut list, 6, local::B, &backward);
        let bytes = &list.attribute_bytes;
        assert_eq!(attributes_of(&e, bytes), attributes_of(&f, bytes));
        assert_ne!(attributes_of(&e, bytes), attributes_of(&a, bytes));
    }

    #[test]
    fn noahs_ark_keeps_three_of_a_family_after_the_last_marker() {
        let mut list = ActiveFormattingElements::default();
        let entry = element(&mut list, 1, local::B, &[]);
        list.push(entry);
        list.insert_a_marker();
        for i in 2..6 {
            let entry = element(&mut list, i, local::B, &[("x", "1")]);
            list.push(entry);
        }
        let entry = element(&mut list, 9, local::B, &[("x", "2")]);
        list.push(entry);
        // b#2 was dropped; b#1 before the marker is not counted.
        assert!(!list.contains(NodeId::from_index(2)));
        assert!(list.contains(NodeId::from_index(1)));
        assert!(list.contains(NodeId::from_index(3)));
        assert_eq!(list.len(), 6);
        assert_eq!(list.position_after_last_marker(local::B), Some(5));
        list.clear_up_to_the_last_marker();
        assert_eq!(list.len(), 1);
        assert_eq!(list.position_after_last_marker(local::B), Some(0));
    }
}
