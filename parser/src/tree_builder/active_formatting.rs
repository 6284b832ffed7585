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

use super::{TagToken, TreeBuilder, TreeSink};
use crate::dom::NodeId;
use crate::fnv::Fnv1a;
use crate::names::LocalName;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
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
/// Beside the entries, once the list has reached [`COUNTED_FROM_LENGTH`] entries, a
/// count of element entries per hash of their tag name and attributes, over the whole
/// list. The Noah's Ark clause needs three entries alike after the last marker; when
/// fewer than three alike are in the whole list, no scan can find them, and `push`
/// skips it. Without the counts, each push scans every entry after the last marker,
/// and n formatting elements with distinct attributes take time in n²; a shorter list
/// is scanned, which costs less than hashing every entry. With the fast paths off,
/// `push` always scans.
#[derive(Debug)]
pub(crate) struct ActiveFormattingElements {
    entries: Vec<Entry>,
    /// Keyed by a hash already; FNV-1a, because a collision only makes `push` do the
    /// scan the counts let it skip, which is the spec's own cost.
    alike: HashMap<u64, u32, BuildHasherDefault<Fnv1a>>,
    /// The element entries' attributes (see [`FormattingElement`]).
    attribute_bytes: Vec<u8>,
    /// Whether `push` may skip scans the counts show cannot match.
    counted: bool,
    /// Whether the counts are kept: from the first push onto a list of
    /// [`COUNTED_FROM_LENGTH`] entries (when `counted`) until the list is cleared.
    built: bool,
}

/// The length from which the list keeps its counts. AD-HOC (the standard only scans
/// the list): a fast-path threshold. Counting them once visits the entries, at most
/// once per parse.
const COUNTED_FROM_LENGTH: usize = 16;

impl Default for ActiveFormattingElements {
    fn default() -> Self {
        ActiveFormattingElements {
            entries: Vec::new(),
            alike: HashMap::default(),
            attribute_bytes: Vec::new(),
            counted: true,
            built: false,
        }
    }
}

/// The hash under which an element entry is counted: equal for entries with the same
/// tag name and attributes (a collision only costs a scan). `attribute_bytes` are the
/// list's.
fn family_hash(element: &FormattingElement, attribute_bytes: &[u8]) -> u64 {
    let mut hasher = Fnv1a::default();
    element.name.hash(&mut hasher);
    attributes_of(element, attribute_bytes).hash(&mut hasher);
    hasher.finish()
}

/// An element entry's attributes, as written in the list's `attribute_bytes`.
fn attributes_of<'b>(element: &FormattingElement, attribute_bytes: &'b [u8]) -> &'b [u8] {
    attribute_bytes
        .get(element.attributes.clone())
        .unwrap_or_default()
}

impl ActiveFormattingElements {
    /// Empties the list, keeping its room.
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        self.alike.clear();
        crate::buffers::clear(&mut self.attribute_bytes);
        self.counted = true;
        self.built = false;
    }

    /// The bytes the list holds on to, roughly (attributes not counted: they are
    /// dropped with their entries).
    pub(crate) fn retained_bytes(&self) -> usize {
        crate::buffers::heap_bytes(&self.entries)
            + crate::buffers::heap_bytes(&self.attribute_bytes)
            + self.alike.capacity() * std::mem::size_of::<(u64, u32)>()
    }

    /// Whether `push` skips the Noah's Ark scan when the counts show it cannot match
    /// (`true`, the default) or always scans, as the spec reads.
    pub(crate) fn set_counted(&mut self, on: bool) {
        self.counted = on;
    }

    fn count_in(&mut self, entry: &Entry) {
        if !self.built {
            return;
        }
        if let Entry::Element(element) = entry {
            let hash = family_hash(element, &self.attribute_bytes);
            *self.alike.entry(hash).or_insert(0) += 1;
        }
    }

    fn count_out(&mut self, entry: &Entry) {
        if !self.built {
            return;
        }
        if let Entry::Element(element) = entry {
            if let Some(count) = self
                .alike
                .get_mut(&family_hash(element, &self.attribute_bytes))
            {
                *count = count.saturating_sub(1);
            }
        }
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
        // A fast path skips the scan when the counts show it cannot find three.
        let family = self.counted_family(&element);
        if !family.is_some_and(|family| self.fewer_than_three_alike(family)) {
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
                self.count_out(&removed);
            }
        }
        // Step 2. "Add element to the list of active formatting elements."
        if let Some(family) = family {
            *self.alike.entry(family).or_insert(0) += 1;
        }
        self.entries.push(Entry::Element(element));
    }

    /// For the fast path of the Noah's Ark clause: the hash under which `element` is
    /// counted, while the counts are kept (`None` otherwise, and always with the fast
    /// paths off). The counts are built the first time a push meets a list of
    /// [`COUNTED_FROM_LENGTH`] entries.
    fn counted_family(&mut self, element: &FormattingElement) -> Option<u64> {
        if !self.counted {
            return None;
        }
        if !self.built && self.entries.len() >= COUNTED_FROM_LENGTH {
            self.built = true;
            for entry in &self.entries {
                if let Entry::Element(element) = entry {
                    let hash = family_hash(element, &self.attribute_bytes);
                    *self.alike.entry(hash).or_insert(0) += 1;
                }
            }
        }
        self.built
            .then(|| family_hash(element, &self.attribute_bytes))
    }

    /// The fast path of the Noah's Ark clause: whether the counts show fewer than
    /// three elements of `family` in the whole list, so that no scan after the last
    /// marker can find three.
    fn fewer_than_three_alike(&self, family: u64) -> bool {
        self.alike.get(&family).is_none_or(|&alike| alike < 3)
    }

    /// "Clear the list of active formatting elements up to the last marker."
    pub(crate) fn clear_up_to_the_last_marker(&mut self) {
        // Step 1. "Let entry be the last (most recently added) entry in the list of
        // active formatting elements."
        // Step 2. "Remove entry from the list of active formatting elements."
        while let Some(entry) = self.entries.pop() {
            self.count_out(&entry);
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
            self.count_out(&entry);
            Some(entry)
        } else {
            None
        }
    }

    pub(crate) fn insert_at(&mut self, index: usize, entry: Entry) {
        let index = index.min(self.entries.len());
        self.count_in(&entry);
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
            self.count_out(&entry);
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
mod tests {
    use super::*;
    use crate::names::local;

    fn element(
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

    /// The counts only skip scans that could not match: a counted list and one that
    /// always scans hold the same entries after random pushes, markers and removals.
    #[test]
    fn counted_pushes_agree_with_scanning_pushes() {
        let mut seed: u64 = 7;
        let mut next = |bound: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as usize) % bound
        };
        let mut counted = ActiveFormattingElements::default();
        let mut scanning = ActiveFormattingElements::default();
        scanning.set_counted(false);
        let values = ["1", "2", "3"];
        let mut pushes_counted = 0;
        for node in 0..20_000u32 {
            let name = [local::B, local::I, local::A][next(3)];
            let attributes: Vec<(&str, &str)> = match next(3) {
                0 => vec![],
                1 => vec![("x", values[next(3)])],
                _ => vec![("x", values[next(3)]), ("y", "1")],
            };
            match next(20) {
                0 => {
                    counted.insert_a_marker();
                    scanning.insert_a_marker();
                }
                1 => {
                    counted.clear_up_to_the_last_marker();
                    scanning.clear_up_to_the_last_marker();
                }
                2 | 3 if counted.len() > 0 => {
                    let index = next(counted.len());
                    counted.remove_at(index);
                    scanning.remove_at(index);
                }
                _ => {
                    let entry = element(&mut counted, node, name, &attributes);
                    counted.push(entry);
                    let entry = element(&mut scanning, node, name, &attributes);
                    scanning.push(entry);
                }
            }
            assert_eq!(counted.entries, scanning.entries, "after node {node}");
            pushes_counted += usize::from(counted.built);
        }
        assert!(pushes_counted > 10_000);
        assert!(!scanning.built);
    }

    #[test]
    fn the_counts_are_kept_from_a_length_on() {
        let mut list = ActiveFormattingElements::default();
        for node in 0..COUNTED_FROM_LENGTH as u32 {
            let entry = element(&mut list, node, local::B, &[]);
            list.push(entry);
        }
        assert!(!list.built);
        // Three alike remain after each push, as the scan keeps them.
        assert_eq!(list.len(), 3);
        for node in 100..100 + COUNTED_FROM_LENGTH as u32 {
            let entry = element(&mut list, node, local::I, &[("n", &node.to_string())]);
            list.push(entry);
        }
        assert!(list.built);
        let entry = element(&mut list, 200, local::B, &[]);
        list.push(entry);
        assert_eq!(list.len(), 3 + COUNTED_FROM_LENGTH);
        // The earliest of the three `b`s left went, found by the scan the counts called for.
        let last_three = COUNTED_FROM_LENGTH as u32 - 3;
        assert!(!list.contains(NodeId::from_index(last_three)));
        assert!(list.contains(NodeId::from_index(last_three + 1)));
        assert!(list.contains(NodeId::from_index(200)));
        list.clear();
        assert!(!list.built);
    }
}
