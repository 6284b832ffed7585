//! The list of active formatting elements.
//!
//! <https://html.spec.whatwg.org/#the-list-of-active-formatting-elements>
//!
//! "The list contains elements in the formatting category, and markers." Each element
//! entry keeps what the algorithms need of "the token for which it was created": its
//! local name (formatting elements are all in the HTML namespace) and its attributes as
//! parsed, for the Noah's Ark clause. A new element "for the token" is made by cloning
//! the entry's element, whose attributes the parser never changes.
//!
//! The algorithms that insert elements ("reconstruct the active formatting elements")
//! live on the tree builder; this module holds the list and its own steps.

use super::{TagToken, TreeBuilder, TreeSink};
use crate::dom::NodeId;
use crate::fnv::Fnv1a;
use crate::names::LocalName;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A token's attributes as `(name, value)` pairs, sorted by name.
pub(crate) type SortedAttributes = Vec<(Box<[u8]>, Box<[u8]>)>;

/// An element entry: the element and what is kept of its token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FormattingElement {
    pub(crate) node: NodeId,
    pub(crate) name: LocalName,
    /// The token's attributes, sorted by name, for "have the same tag name, namespace,
    /// and attributes".
    pub(crate) attributes: SortedAttributes,
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
    /// Whether `push` may skip scans the counts show cannot match.
    counted: bool,
    /// Whether the counts are kept: from the first push onto a list of
    /// [`COUNTED_FROM_LENGTH`] entries (when `counted`) until the list is cleared.
    built: bool,
}

/// The length from which the list keeps its counts. Counting them once visits the
/// entries, at most once per parse.
const COUNTED_FROM_LENGTH: usize = 16;

impl Default for ActiveFormattingElements {
    fn default() -> Self {
        ActiveFormattingElements {
            entries: Vec::new(),
            alike: HashMap::default(),
            counted: true,
            built: false,
        }
    }
}

/// The hash under which an element entry is counted: equal for entries with the same
/// tag name and attributes (a collision only costs a scan).
fn family_hash(element: &FormattingElement) -> u64 {
    let mut hasher = Fnv1a::default();
    element.name.hash(&mut hasher);
    element.attributes.hash(&mut hasher);
    hasher.finish()
}

impl ActiveFormattingElements {
    /// Empties the list, keeping its room.
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        self.alike.clear();
        self.counted = true;
        self.built = false;
    }

    /// The bytes the list holds on to, roughly (attributes not counted: they are
    /// dropped with their entries).
    pub(crate) fn retained_bytes(&self) -> usize {
        crate::scratch::heap_bytes(&self.entries)
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
            *self.alike.entry(family_hash(element)).or_insert(0) += 1;
        }
    }

    fn count_out(&mut self, entry: &Entry) {
        if !self.built {
            return;
        }
        if let Entry::Element(element) = entry {
            if let Some(count) = self.alike.get_mut(&family_hash(element)) {
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

    /// "Push onto the list of active formatting elements" an element.
    /// <https://html.spec.whatwg.org/#push-onto-the-list-of-active-formatting-elements>
    pub(crate) fn push(&mut self, element: FormattingElement) {
        // Step 1. "If there are already three elements in the list of active formatting
        // elements after the last marker, if any, or anywhere in the list if there are no
        // markers, that have the same tag name, namespace, and attributes as element,
        // then remove the earliest such element from the list of active formatting
        // elements." (The Noah's Ark clause.) The attributes were sorted by name when
        // the entry was made, so comparing the lists compares them as sets of pairs.
        if self.counted && !self.built && self.entries.len() >= COUNTED_FROM_LENGTH {
            self.built = true;
            for entry in &self.entries {
                if let Entry::Element(element) = entry {
                    *self.alike.entry(family_hash(element)).or_insert(0) += 1;
                }
            }
        }
        if self.counted && self.built {
            let hash = family_hash(&element);
            let alike = self.alike.entry(hash).or_insert(0);
            if *alike < 3 {
                // Step 2, fewer than three alike in the whole list.
                *alike += 1;
                self.entries.push(Entry::Element(element));
                return;
            }
        }
        let start = self.after_last_marker();
        let mut same = 0;
        let mut earliest = None;
        for (index, entry) in self.entries.iter().enumerate().skip(start).rev() {
            if let Entry::Element(e) = entry {
                if e.name == element.name && e.attributes == element.attributes {
                    same += 1;
                    earliest = Some(index);
                }
            }
        }
        if same >= 3 {
            if let Some(index) = earliest {
                let removed = self.entries.remove(index);
                self.count_out(&removed);
            }
        }
        // Step 2. "Add element to the list of active formatting elements."
        let entry = Entry::Element(element);
        self.count_in(&entry);
        self.entries.push(entry);
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
        let mut attributes: SortedAttributes = tag
            .attributes()
            .map(|(name, value)| (name.into(), value.into()))
            .collect();
        attributes.sort();
        self.active_formatting.push(FormattingElement {
            node,
            name: tag.name,
            attributes,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::local;

    fn element(index: u32, name: LocalName, attributes: &[(&str, &str)]) -> FormattingElement {
        FormattingElement {
            node: NodeId::from_index(index),
            name,
            attributes: attributes
                .iter()
                .map(|(n, v)| (n.as_bytes().into(), v.as_bytes().into()))
                .collect(),
        }
    }

    #[test]
    fn noahs_ark_keeps_three_of_a_family_after_the_last_marker() {
        let mut list = ActiveFormattingElements::default();
        list.push(element(1, local::B, &[]));
        list.insert_a_marker();
        for i in 2..6 {
            list.push(element(i, local::B, &[("x", "1")]));
        }
        list.push(element(9, local::B, &[("x", "2")]));
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
                    counted.push(element(node, name, &attributes));
                    scanning.push(element(node, name, &attributes));
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
            list.push(element(node, local::B, &[]));
        }
        assert!(!list.built);
        // Three alike remain after each push, as the scan keeps them.
        assert_eq!(list.len(), 3);
        for node in 100..100 + COUNTED_FROM_LENGTH as u32 {
            list.push(element(node, local::I, &[("n", &node.to_string())]));
        }
        assert!(list.built);
        list.push(element(200, local::B, &[]));
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
