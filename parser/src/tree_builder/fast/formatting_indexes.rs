//! The list of active formatting elements' indexes: a fast path for its searches.
//!
//! The standard finds entries of the list of active formatting elements by walking it:
//! "the last element in the list … between the end of the list and the last marker …
//! that has the tag name subject" (the adoption agency, an `a` start tag), the entry
//! for a node (the adoption agency's inner loop), and the Noah's Ark clause of "push
//! onto the list" looks at every entry after the last marker
//! (<https://html.spec.whatwg.org/#push-onto-the-list-of-active-formatting-elements>).
//! With n formatting elements of distinct attributes in the list, each of those walks
//! costs n, and a document that makes them once per token takes time in n². Once the
//! list has reached [`INDEXED_FROM_LENGTH`] entries, [`FormattingIndexes`] keeps,
//! beside the entries:
//!
//! - for each node, the slot of its entry;
//! - the element entries ordered by tag name, then place in the list;
//! - the element entries ordered by a hash of their tag name and attributes, then
//!   place: the Noah's Ark clause looks at those alike from the last one back, and
//!   stops at the first before the last marker (there are at most three after it);
//! - the markers' slots, in order.
//!
//! A shorter list is walked, which costs less than keeping the indexes. The list
//! reaches this module at its edits only (`added`, `removed`, `node_replaced`,
//! `reordered`, `renumbered`) and at the head of each search, through
//! [`FormattingIndexes::readable`]. The test below drives an indexed list and one that
//! always walks with random edits and compares them.

use crate::dom::NodeId;
use crate::fnv::Fnv1a;
use crate::names::LocalName;
use crate::tree_builder::active_formatting::{attributes_of, Entry, FormattingElement, ListSlot};
use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};

/// The length from which the list keeps its indexes. AD-HOC (the standard only walks
/// the list): a fast-path threshold. Building them visits the entries once, at most
/// once per parse.
pub(crate) const INDEXED_FROM_LENGTH: usize = 16;

const NONE: u32 = u32::MAX;

/// What the indexes hold of the entry at one slot, to take it out again.
#[derive(Clone, Copy, Debug, Default)]
struct Record {
    /// 0: no entry; `MARKER`; `ELEMENT`.
    kind: u8,
    order: u64,
    name: u32,
    hash: u64,
    node: u32,
}

const MARKER: u8 = 1;
const ELEMENT: u8 = 2;

/// The indexes of the list of active formatting elements (see the module's
/// documentation).
#[derive(Debug)]
pub(crate) struct FormattingIndexes {
    /// Whether the indexes may be built and read (the fast paths on).
    enabled: bool,
    /// Whether they are kept: from the list's reaching [`INDEXED_FROM_LENGTH`] entries
    /// (when `enabled`) until it is cleared.
    built: bool,
    /// Indexed by slot.
    records: Vec<Record>,
    /// Indexed by `NodeId`: the slot of the node's entry, or `NONE`.
    node_slots: Vec<u32>,
    /// `(tag name, order, slot)` of every element entry.
    named: BTreeSet<(u32, u64, u32)>,
    /// `(hash of tag name and attributes, order, slot)` of every element entry.
    alike: BTreeSet<(u64, u64, u32)>,
    /// The markers' slots, earliest first.
    markers: Vec<u32>,
}

impl Default for FormattingIndexes {
    fn default() -> Self {
        FormattingIndexes {
            enabled: true,
            built: false,
            records: Vec::new(),
            node_slots: Vec::new(),
            named: BTreeSet::new(),
            alike: BTreeSet::new(),
            markers: Vec::new(),
        }
    }
}

/// The hash of an element entry's tag name and attributes: equal for entries alike
/// (a collision only makes the Noah's Ark clause look at one more entry).
fn family_hash(element: &FormattingElement, attribute_bytes: &[u8]) -> u64 {
    let mut hasher = Fnv1a::default();
    element.name.hash(&mut hasher);
    attributes_of(element, attribute_bytes).hash(&mut hasher);
    hasher.finish()
}

impl FormattingIndexes {
    /// Forgets every entry (the list was emptied), keeping the room, and turns the
    /// fast path back on.
    pub(crate) fn clear(&mut self) {
        self.records.clear();
        self.node_slots.clear();
        self.named.clear();
        self.alike.clear();
        self.markers.clear();
        self.enabled = true;
        self.built = false;
    }

    /// The bytes the indexes hold on to, roughly.
    pub(crate) fn retained_bytes(&self) -> usize {
        crate::buffers::heap_bytes(&self.records)
            + crate::buffers::heap_bytes(&self.node_slots)
            + crate::buffers::heap_bytes(&self.markers)
            + (self.named.len() + self.alike.len()) * 32
    }

    /// Whether the indexes may answer searches (`true`, the default), or the list
    /// always walks, as the spec reads.
    pub(crate) fn set_enabled(&mut self, on: bool) {
        self.enabled = on;
    }

    /// The indexes, when they may answer a search now.
    #[inline]
    pub(crate) fn readable(&self) -> Option<&FormattingIndexes> {
        (self.enabled && self.built).then_some(self)
    }

    /// Whether the indexes are kept now.
    #[cfg(test)]
    pub(crate) fn is_built(&self) -> bool {
        self.built
    }

    /// Whether the indexes are kept, so that every edit must reach them.
    #[inline]
    pub(crate) fn is_kept(&self) -> bool {
        self.built
    }

    /// Whether a list of `len` entries, not indexed yet, should be.
    #[inline]
    pub(crate) fn wants_building(&self, len: usize) -> bool {
        !self.built && self.enabled && len >= INDEXED_FROM_LENGTH
    }

    /// Indexes every entry, given with its slot and order, first first.
    pub(crate) fn build(
        &mut self,
        entries: impl Iterator<Item = (ListSlot, Entry, u64)>,
        attribute_bytes: &[u8],
    ) {
        self.built = true;
        for (slot, entry, order) in entries {
            self.added(slot, &entry, order, attribute_bytes);
        }
    }

    /// `entry` joined the list at `slot` (at its end), numbered `order`.
    pub(crate) fn added(
        &mut self,
        slot: ListSlot,
        entry: &Entry,
        order: u64,
        attribute_bytes: &[u8],
    ) {
        let at = slot.index();
        let record = match entry {
            Entry::Marker => {
                self.markers.push(at);
                Record {
                    kind: MARKER,
                    order,
                    ..Record::default()
                }
            }
            Entry::Element(element) => {
                let record = Record {
                    kind: ELEMENT,
                    order,
                    name: element.name.0,
                    hash: family_hash(element, attribute_bytes),
                    node: element.node.index() as u32,
                };
                self.named.insert((record.name, order, at));
                self.alike.insert((record.hash, order, at));
                self.set_node_slot(record.node, at);
                record
            }
        };
        if self.records.len() <= at as usize {
            self.records.resize(at as usize + 1, Record::default());
        }
        self.records[at as usize] = record;
    }

    fn set_node_slot(&mut self, node: u32, at: u32) {
        if self.node_slots.len() <= node as usize {
            self.node_slots.resize(node as usize + 1, NONE);
        }
        self.node_slots[node as usize] = at;
    }

    /// The entry at `slot` left the list.
    pub(crate) fn removed(&mut self, slot: ListSlot) {
        let at = slot.index();
        let Some(record) = self.records.get(at as usize).copied() else {
            return;
        };
        match record.kind {
            MARKER => {
                if self.markers.last() == Some(&at) {
                    self.markers.pop();
                } else {
                    self.markers.retain(|&m| m != at);
                }
            }
            ELEMENT => {
                self.named.remove(&(record.name, record.order, at));
                self.alike.remove(&(record.hash, record.order, at));
                if let Some(s) = self.node_slots.get_mut(record.node as usize) {
                    if *s == at {
                        *s = NONE;
                    }
                }
            }
            _ => {}
        }
        self.records[at as usize] = Record::default();
    }

    /// The entry at `slot` stands for another node now.
    pub(crate) fn node_replaced(&mut self, slot: ListSlot, old: NodeId, new: NodeId) {
        let at = slot.index();
        if let Some(s) = self.node_slots.get_mut(old.index()) {
            if *s == at {
                *s = NONE;
            }
        }
        self.set_node_slot(new.index() as u32, at);
        if let Some(record) = self.records.get_mut(at as usize) {
            record.node = new.index() as u32;
        }
    }

    /// The entry at `slot` has a new place in the list's order: moved, or numbered
    /// again.
    pub(crate) fn renumbered(&mut self, slot: ListSlot, order: u64) {
        let at = slot.index();
        let Some(record) = self.records.get_mut(at as usize) else {
            return;
        };
        let old = record.order;
        record.order = order;
        let record = *record;
        if record.kind == ELEMENT {
            self.named.remove(&(record.name, old, at));
            self.named.insert((record.name, order, at));
            self.alike.remove(&(record.hash, old, at));
            self.alike.insert((record.hash, order, at));
        }
    }

    /// The slot of `node`'s entry.
    pub(crate) fn position(&self, node: NodeId) -> Option<ListSlot> {
        match self.node_slots.get(node.index()) {
            Some(&at) if at != NONE => Some(ListSlot::from_index(at)),
            _ => None,
        }
    }

    /// The last element entry with this tag name.
    pub(crate) fn last_named(&self, name: LocalName) -> Option<ListSlot> {
        self.named
            .range((name.0, 0, 0)..=(name.0, u64::MAX, u32::MAX))
            .next_back()
            .map(|&(_, _, at)| ListSlot::from_index(at))
    }

    /// The last marker.
    pub(crate) fn last_marker(&self) -> Option<ListSlot> {
        self.markers.last().map(|&at| ListSlot::from_index(at))
    }

    /// For the Noah's Ark clause: how many element entries alike `element` are after
    /// the last marker (`is_after`), and the earliest of them. Those with `element`'s
    /// hash are looked at from the last one back, until one is not after the marker;
    /// `is_alike` tells the alike from a collision.
    pub(crate) fn alike_after(
        &self,
        element: &FormattingElement,
        attribute_bytes: &[u8],
        is_after: impl Fn(ListSlot) -> bool,
        is_alike: impl Fn(ListSlot) -> bool,
    ) -> (usize, Option<ListSlot>) {
        let hash = family_hash(element, attribute_bytes);
        let mut same = 0;
        let mut earliest = None;
        for &(_, _, at) in self
            .alike
            .range((hash, 0, 0)..=(hash, u64::MAX, u32::MAX))
            .rev()
        {
            let slot = ListSlot::from_index(at);
            if !is_after(slot) {
                break;
            }
            if is_alike(slot) {
                same += 1;
                earliest = Some(slot);
            }
        }
        (same, earliest)
    }
}

#[cfg(test)]
mod tests;
