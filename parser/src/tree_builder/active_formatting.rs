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
//! The entries are linked in a [`Linked`] list, each named by a [`ListSlot`] that stays
//! with it: the adoption agency removes entries from the middle of the list and
//! inserts one at its bookmark, and with a vector every such edit would move every
//! later entry. Once the list is long, a fast path answers its searches ("the last
//! element with this tag name after the last marker", "the entry for this node", the
//! Noah's Ark clause's three alike) from indexes kept beside the entries
//! ([`FormattingIndexes`], in tree_builder/fast/); with the fast paths off (or not
//! compiled) the list only walks.
//!
//! The algorithms that insert elements ("reconstruct the active formatting elements")
//! live on the tree builder; this module holds the list and its own steps.

use super::fast::FormattingIndexes;
use super::linked::{Linked, NO_SLOT};
use super::{TagToken, TreeBuilder, TreeSink};
use crate::dom::NodeId;
use crate::names::LocalName;
use crate::spec_arms::Arm;
use crate::tree_builder::Seams;

/// An element entry: the element and what is kept of its token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FormattingElement {
    pub(crate) node: NodeId,
    pub(crate) name: LocalName,
    /// Where the token's attributes are in the list's attribute bytes (start and end),
    /// for "have the same tag name, namespace, and attributes": sorted by name (a tag's
    /// names are distinct), each pair written as the name's length (four bytes), the
    /// name, the value's length, the value. Equal bytes, the same attributes.
    pub(super) attributes: (u32, u32),
}

/// An entry of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// One entry of the list, wherever it is: a handle that stays with its entry while
/// others are added and removed around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ListSlot(pub(super) u32);

impl ListSlot {
    /// The slot's number, for tables kept per slot (the indexes).
    #[cfg_attr(not(feature = "fast-paths"), allow(dead_code))]
    #[inline]
    pub(crate) fn index(self) -> u32 {
        self.0
    }

    /// The slot with this number (the indexes' tables store numbers).
    #[cfg_attr(not(feature = "fast-paths"), allow(dead_code))]
    pub(crate) fn from_index(index: u32) -> ListSlot {
        ListSlot(index)
    }
}

fn slot(index: u32) -> Option<ListSlot> {
    (index != NO_SLOT).then_some(ListSlot(index))
}

/// The list of active formatting elements, from the least recently added entry.
#[derive(Debug)]
pub(crate) struct ActiveFormattingElements {
    pub(super) entries: Linked<Entry>,
    /// The element entries' attributes (see [`FormattingElement`]).
    pub(super) attribute_bytes: Vec<u8>,
    /// The fast path's indexes of the entries (tree_builder/fast/formatting_indexes.rs).
    indexes: FormattingIndexes,
}

impl Default for ActiveFormattingElements {
    fn default() -> Self {
        ActiveFormattingElements {
            entries: Linked::with_capacity(8),
            attribute_bytes: Vec::new(),
            indexes: FormattingIndexes::default(),
        }
    }
}

/// An element entry's attributes, as written in the list's `attribute_bytes`.
pub(crate) fn attributes_of<'b>(
    element: &FormattingElement,
    attribute_bytes: &'b [u8],
) -> &'b [u8] {
    let (start, end) = element.attributes;
    attribute_bytes
        .get(start as usize..end as usize)
        .unwrap_or_default()
}

/// Whether two element entries "have the same tag name, namespace, and attributes"
/// (formatting elements are all HTML elements).
pub(crate) fn alike(a: &FormattingElement, b: &FormattingElement, attribute_bytes: &[u8]) -> bool {
    a.name == b.name && attributes_of(a, attribute_bytes) == attributes_of(b, attribute_bytes)
}

impl ActiveFormattingElements {
    /// Empties the list, keeping its room.
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        crate::buffers::clear(&mut self.attribute_bytes);
        self.indexes.clear();
    }

    /// The bytes the list holds on to, roughly (attributes not counted: they are
    /// dropped with their entries).
    pub(crate) fn retained_bytes(&self) -> usize {
        self.entries.retained_bytes()
            + crate::buffers::heap_bytes(&self.attribute_bytes)
            + self.indexes.retained_bytes()
    }

    /// Whether the list's searches may be answered from its indexes once it has been
    /// long enough to build them (`true`, the default), or always walk, as the spec
    /// reads.
    pub(crate) fn set_counted(&mut self, on: bool) {
        self.indexes.set_enabled(on);
    }

    /// The indexes, when they may answer a search instead of the spec's walk.
    #[inline]
    fn indexes(&self) -> Option<&FormattingIndexes> {
        self.indexes.readable()
    }

    /// The entries, least recently added first.
    #[cfg(test)]
    pub(crate) fn entries(&self) -> Vec<Entry> {
        self.entries
            .forward_from(self.entries.first())
            .map(|(_, e)| *e)
            .collect()
    }

    /// Whether the indexes are kept now.
    #[cfg(all(test, feature = "fast-paths"))]
    pub(crate) fn indexes_built(&self) -> bool {
        self.indexes.is_built()
    }

    pub(crate) fn get(&self, slot: ListSlot) -> Option<&Entry> {
        self.entries.get(slot.0)
    }

    /// The last (most recently added) entry's slot.
    pub(crate) fn last_slot(&self) -> Option<ListSlot> {
        slot(self.entries.last())
    }

    /// The slot of the entry just before (added earlier than) the one at `at`.
    pub(crate) fn before(&self, at: ListSlot) -> Option<ListSlot> {
        slot(self.entries.before(at.0))
    }

    /// The slot of the entry just after the one at `at`.
    pub(crate) fn after(&self, at: ListSlot) -> Option<ListSlot> {
        slot(self.entries.after(at.0))
    }

    /// Adds an entry at the end, and to the indexes (built once the list is long).
    pub(super) fn append(&mut self, entry: Entry) {
        let at = self.entries.push(entry);
        if self.indexes.is_kept() {
            let order = self.entries.order(at);
            self.indexes
                .added(ListSlot(at), &entry, order, &self.attribute_bytes);
        } else if self.indexes.wants_building(self.entries.len()) {
            let entries = &self.entries;
            self.indexes.build(
                entries
                    .forward_from(entries.first())
                    .map(|(s, e)| (ListSlot(s), *e, entries.order(s))),
                &self.attribute_bytes,
            );
        }
    }

    /// "Insert a marker at the end of the list of active formatting elements."
    pub(crate) fn insert_a_marker(&mut self) {
        self.append(Entry::Marker);
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
            attributes: (start as u32, self.attribute_bytes.len() as u32),
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
        // A fast path (tree_builder/fast/formatting_indexes.rs) finds those alike from
        // the last one back, instead of scanning every entry after the last marker.
        let (same, earliest) = match self.indexes() {
            Some(indexes) => {
                let after = indexes
                    .last_marker()
                    .map_or(0, |marker| self.entries.order(marker.0));
                indexes.alike_after(
                    &element,
                    &self.attribute_bytes,
                    |s| self.entries.order(s.0) > after,
                    |s| match self.entries.get(s.0) {
                        Some(Entry::Element(e)) => alike(e, &element, &self.attribute_bytes),
                        _ => false,
                    },
                )
            }
            None => {
                let mut same = 0;
                let mut earliest = None;
                for (at, entry) in self.entries.backward_from(self.entries.last()) {
                    match entry {
                        Entry::Marker => break,
                        Entry::Element(e) if alike(e, &element, &self.attribute_bytes) => {
                            same += 1;
                            earliest = Some(ListSlot(at));
                        }
                        Entry::Element(_) => {}
                    }
                }
                (same, earliest)
            }
        };
        if let Some(at) = earliest.filter(|_| same >= 3) {
            self.remove_at(at);
        }
        // Step 2. "Add element to the list of active formatting elements."
        self.append(Entry::Element(element));
    }

    /// "Clear the list of active formatting elements up to the last marker."
    pub(crate) fn clear_up_to_the_last_marker(&mut self) {
        // Step 1. "Let entry be the last (most recently added) entry in the list of
        // active formatting elements."
        // Step 2. "Remove entry from the list of active formatting elements."
        while let Some(last) = self.last_slot() {
            let entry = self.remove_at(last);
            // Step 3. "If entry was a marker, then stop the algorithm at this point."
            if entry == Some(Entry::Marker) {
                break;
            }
            // Step 4. "Go to step 1."
        }
    }

    /// The slot of the element entry for `node`.
    pub(crate) fn position(&self, node: NodeId) -> Option<ListSlot> {
        if let Some(indexes) = self.indexes() {
            return indexes.position(node);
        }
        self.entries
            .backward_from(self.entries.last())
            .find(|(_, e)| e.node() == Some(node))
            .map(|(at, _)| ListSlot(at))
    }

    pub(crate) fn contains(&self, node: NodeId) -> bool {
        self.position(node).is_some()
    }

    /// The slot of the last element with this local name between the end of the list
    /// and the last marker (or the start of the list if there is no marker).
    pub(crate) fn position_after_last_marker(&self, name: LocalName) -> Option<ListSlot> {
        if let Some(indexes) = self.indexes() {
            let named = indexes.last_named(name)?;
            return match indexes.last_marker() {
                Some(marker) if self.entries.order(marker.0) > self.entries.order(named.0) => None,
                _ => Some(named),
            };
        }
        for (at, entry) in self.entries.backward_from(self.entries.last()) {
            match entry {
                Entry::Marker => return None,
                Entry::Element(e) if e.name == name => return Some(ListSlot(at)),
                Entry::Element(_) => {}
            }
        }
        None
    }

    /// Removes the entry at `at`.
    pub(crate) fn remove_at(&mut self, at: ListSlot) -> Option<Entry> {
        let entry = self.entries.remove(at.0)?;
        if self.indexes.is_kept() {
            self.indexes.removed(at);
        }
        Some(entry)
    }

    /// Makes the entry at `at` stand for another element (made for the same token).
    pub(crate) fn replace_node_at(&mut self, at: ListSlot, node: NodeId) {
        if let Some(Entry::Element(e)) = self.entries.get_mut(at.0) {
            let old = e.node;
            e.node = node;
            if self.indexes.is_kept() {
                self.indexes.node_replaced(at, old, node);
            }
        }
    }

    /// Step 18 of the adoption agency algorithm: removes the element entry at `at`
    /// from its place and inserts it, standing for `node`, just after the entry at
    /// `bookmark` (or in its own place when the bookmark is the entry itself).
    pub(crate) fn move_after(&mut self, at: ListSlot, bookmark: ListSlot, node: NodeId) {
        let Some(Entry::Element(mut element)) = self.get(at).copied() else {
            return;
        };
        if at == bookmark || self.get(bookmark).is_none() {
            self.replace_node_at(at, node);
            return;
        }
        let old_node = element.node;
        element.node = node;
        let renumbered = self
            .entries
            .move_after(at.0, bookmark.0, Entry::Element(element));
        if self.indexes.is_kept() {
            self.indexes.node_replaced(at, old_node, node);
            // It, and the entries after it that were numbered again.
            let mut next = at.0;
            for _ in 0..renumbered {
                self.indexes
                    .renumbered(ListSlot(next), self.entries.order(next));
                next = self.entries.after(next);
            }
        }
    }

    /// Removes the element entry for `node`, if there is one.
    pub(crate) fn remove(&mut self, node: NodeId) {
        if let Some(at) = self.position(node) {
            self.remove_at(at);
        }
    }
}

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// "Reconstruct the active formatting elements, if any."
    /// <https://html.spec.whatwg.org/#reconstruct-the-active-formatting-elements>
    pub(crate) fn reconstruct_the_active_formatting_elements(&mut self) {
        // Step 1. "If there are no entries in the list of active formatting elements,
        // then there is nothing to reconstruct; stop this algorithm."
        let Some(last) = self.active_formatting.last_slot() else {
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
        while let Some(before) = self.active_formatting.before(entry) {
            if self.is_marker_or_open(before) {
                break;
            }
            entry = before;
        }
        // Step 7. "Advance: Let entry be the element one later than entry in the list of
        // active formatting elements." (Rewinding stopped at the first entry to create.)
        loop {
            // Step 8. "Create: Insert an HTML element for the token for which the element
            // entry was created, to obtain new element."
            let Some(old) = self.active_formatting.get(entry).and_then(Entry::node) else {
                return;
            };
            // AD-HOC: past the parse's node limit (see `crate::parse::node_limit`),
            // parsing stops; the parse fails.
            if self.sink.is_past_its_node_limit() {
                self.stopped = true;
                return;
            }
            D::spec_arm(Arm::ReconstructTheActiveFormattingElementsStep8Create);
            let new_element = self.insert_an_html_element_like(old);
            // Step 9. "Replace the entry for entry in the list with an entry for new
            // element."
            self.active_formatting.replace_node_at(entry, new_element);
            // Step 10. "If the entry for new element in the list of active formatting
            // elements is not the last entry in the list, return to the step labeled
            // advance."
            match self.active_formatting.after(entry) {
                Some(after) => entry = after,
                None => return,
            }
        }
    }

    /// Whether the entry at `at` is a marker or an element in the stack of open
    /// elements.
    fn is_marker_or_open(&self, at: ListSlot) -> bool {
        match self.active_formatting.get(at) {
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
        if D::push_onto_the_list_of_active_formatting_elements(self, node, tag).is_some() {
            return;
        }
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
        assert_eq!(list.entries().len(), 6);
        let last = list.position_after_last_marker(local::B).unwrap();
        assert_eq!(
            list.get(last).and_then(Entry::node),
            Some(NodeId::from_index(9))
        );
        list.clear_up_to_the_last_marker();
        assert_eq!(list.entries().len(), 1);
        let first = list.position_after_last_marker(local::B).unwrap();
        assert_eq!(
            list.get(first).and_then(Entry::node),
            Some(NodeId::from_index(1))
        );
    }
}
