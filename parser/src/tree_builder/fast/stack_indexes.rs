//! The stack of open elements' indexes: a fast path for its walks.
//!
//! The standard answers "has an element in scope" and its kin by walking the stack of
//! open elements from the current node up
//! (<https://html.spec.whatwg.org/#has-an-element-in-a-specific-scope>). Without
//! indexes, every `<div>` start tag walks the whole stack looking for a `p` in button
//! scope, and a document of n nested `div`s takes time in n². Once the stack has grown
//! deeper than [`INDEXED_FROM_DEPTH`] entries, [`StackIndexes`] keeps, beside the
//! entries, chains that link the entries of one kind in stack order, each with its
//! bottommost entry:
//!
//! - for each HTML local name, the HTML elements of that name, and for each lowercase
//!   name outside HTML, the other elements of that name;
//! - the elements in the HTML namespace (for "any other end tag" in foreign content);
//! - the elements in the special category (for "any other end tag" in "in body"), each
//!   with the bottommost entry at or above it that bounds the default scope, that ends
//!   the walk of an `li` start tag, and that ends "reset the insertion mode
//!   appropriately" (all of which are special);
//! - for each node, its slot (or that it is not on the stack).
//!
//! With them, "has an element in scope" is one comparison: the bottommost target is in
//! scope exactly when no boundary lies below it (the spec's walk meets the target
//! before any boundary). Entries are compared by their place in stack order, which the
//! stack keeps (tree_builder/open_elements.rs).
//!
//! The stack reaches this module at its edits (`pushed`, `removed`, `node_replaced`,
//! `moved`) and at the head of each query, which asks [`StackIndexes::readable`]
//! whether the indexes may answer it instead of the walk. Every edit costs constant
//! time, wherever it is in the stack (a chain unlinks its entry from its neighbours),
//! but two: removing a special element from the middle of the stack (a `form` or
//! `head` element) corrects the special elements below it that named it, and the
//! adoption agency's insertion below its furthest block (`moved`) looks for the new
//! entry's neighbours among the entries between its old place and its new one, which
//! the algorithm has just walked. The test below drives the indexes and the walks with
//! random edits and compares every answer.

use crate::dom::{Namespace, NodeId};
use crate::names::{well_known_count, LocalName};
use crate::tree_builder::open_elements::{
    ends_the_list_item_walk, ends_the_reset_walk, is_default_scope_boundary, is_special,
    StackEntry, StackSlot,
};
use crate::tree_builder::svg_tag_names::local_name_in_lowercase;

/// The depth past which the stack keeps its indexes. AD-HOC (the standard only walks
/// the stack): a fast-path threshold. Above it a walk visits at most this many
/// entries, which costs less than keeping the indexes on every push and pop: most
/// documents, and nearly every case a fuzzer makes, never build them. Building them
/// visits the entries once, and happens at most once per parse (or after an edit the
/// indexes cannot follow, which the parser never makes), so the parse stays linear.
pub(crate) const INDEXED_FROM_DEPTH: usize = 16;

/// Room reserved for a stack this deep before any list grows.
const RESERVED_DEPTH: usize = 32;

/// No entry.
const NONE: u32 = u32::MAX;

/// An entry's neighbours in one chain: the next entry of the chain above it and below
/// it.
#[derive(Clone, Copy, Debug)]
struct Link {
    up: u32,
    down: u32,
}

const UNLINKED: Link = Link {
    up: NONE,
    down: NONE,
};

const INDEXED: u8 = 1;
const HTML: u8 = 2;
const SPECIAL: u8 = 4;

/// How the entry at one slot is indexed (24 bytes: its name and node are read from
/// the entry itself).
#[derive(Clone, Copy, Debug)]
struct Record {
    /// `INDEXED`, `HTML`, `SPECIAL`.
    flags: u8,
    same_name: Link,
    html: Link,
    /// For a special element, its record in `specials`.
    special: u32,
}

const EMPTY_RECORD: Record = Record {
    flags: 0,
    same_name: UNLINKED,
    html: UNLINKED,
    special: NONE,
};

/// What is kept of a special element, apart (most entries are not special).
#[derive(Clone, Copy, Debug)]
struct SpecialRecord {
    /// Its neighbours in the chain of special elements (slots).
    link: Link,
    /// The bottommost entries at or above it that bound the default scope, that end
    /// the list item walk, and that end the reset walk (slots).
    default_boundary: u32,
    list_item_walk_end: u32,
    reset_walk_end: u32,
}

/// The indexes of the stack of open elements (see the module's documentation).
#[derive(Debug)]
pub(crate) struct StackIndexes {
    /// Whether the indexes may be built and read (the fast paths on).
    enabled: bool,
    /// Whether the indexes are kept. They are built the first time the stack grows
    /// deeper than [`INDEXED_FROM_DEPTH`] (when `enabled`), and kept from then on
    /// until the stack is cleared.
    built: bool,
    /// Indexed by `LocalName`: the slot of the bottommost HTML element with that local
    /// name, or `NONE`.
    last_html: Vec<u32>,
    /// Indexed by the local name converted to ASCII lowercase: the slot of the
    /// bottommost element not in the HTML namespace with that name, or `NONE`.
    last_foreign: Vec<u32>,
    /// The bottommost element in the HTML namespace, and in the special category.
    last_html_namespace: u32,
    last_special: u32,
    /// Indexed by slot.
    records: Vec<Record>,
    /// The special elements' records, and the free ones among them.
    specials: Vec<SpecialRecord>,
    free_specials: Vec<u32>,
    /// Indexed by `NodeId`: the node's slot, or `NONE`.
    node_slots: Vec<u32>,
}

impl Default for StackIndexes {
    fn default() -> Self {
        StackIndexes {
            enabled: true,
            built: false,
            last_html: vec![NONE; well_known_count()],
            last_foreign: vec![NONE; well_known_count()],
            last_html_namespace: NONE,
            last_special: NONE,
            records: Vec::with_capacity(RESERVED_DEPTH),
            specials: Vec::new(),
            free_specials: Vec::new(),
            node_slots: Vec::with_capacity(4 * RESERVED_DEPTH),
        }
    }
}

fn slot(index: u32) -> Option<StackSlot> {
    (index != NONE).then(|| StackSlot::from_index(index))
}

impl StackIndexes {
    /// Forgets every entry (the stack was emptied), keeping the room, and turns the
    /// fast path back on.
    pub(crate) fn clear(&mut self) {
        self.clear_kept();
        self.enabled = true;
    }

    /// Forgets every entry, to be built again.
    pub(crate) fn clear_kept(&mut self) {
        // The name indexes are written only once built.
        if self.built {
            self.last_html.clear();
            self.last_html.resize(well_known_count(), NONE);
            self.last_foreign.clear();
            self.last_foreign.resize(well_known_count(), NONE);
        }
        self.last_html_namespace = NONE;
        self.last_special = NONE;
        self.records.clear();
        self.specials.clear();
        self.free_specials.clear();
        self.node_slots.clear();
        self.built = false;
    }

    /// The bytes the indexes hold on to, roughly.
    pub(crate) fn retained_bytes(&self) -> usize {
        let slots =
            self.last_html.capacity() + self.last_foreign.capacity() + self.node_slots.capacity();
        crate::buffers::heap_bytes(&self.records)
            + crate::buffers::heap_bytes(&self.specials)
            + crate::buffers::heap_bytes(&self.free_specials)
            + slots * 4
    }

    /// Whether the indexes may be built and read (`true`, the default), or the stack
    /// always walks, as the spec reads.
    pub(crate) fn set_enabled(&mut self, on: bool) {
        self.enabled = on;
    }

    /// The indexes, when they may answer a query now: built, and the fast path on.
    #[inline]
    pub(crate) fn readable(&self) -> Option<&StackIndexes> {
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

    /// Whether a stack of `len` entries, not indexed yet, should be.
    #[inline]
    pub(crate) fn wants_building(&self, len: usize) -> bool {
        !self.built && self.enabled && len > INDEXED_FROM_DEPTH
    }

    /// Indexes every entry, given topmost first.
    pub(crate) fn build(&mut self, entries: impl Iterator<Item = (StackSlot, StackEntry)>) {
        self.built = true;
        for (slot, entry) in entries {
            self.pushed(slot, entry);
        }
    }

    fn record_mut(&mut self, slot: u32) -> &mut Record {
        let index = slot as usize;
        if self.records.len() <= index {
            self.records.resize(index + 1, EMPTY_RECORD);
        }
        &mut self.records[index]
    }

    /// The name chain's bottommost entry for an entry with this key.
    fn last_of_key(&mut self, html: bool, key: u32) -> &mut u32 {
        let last = if html {
            &mut self.last_html
        } else {
            &mut self.last_foreign
        };
        if last.len() <= key as usize {
            last.resize(key as usize + 1, NONE);
        }
        &mut last[key as usize]
    }

    fn set_node_slot(&mut self, node: u32, slot: u32) {
        if self.node_slots.len() <= node as usize {
            self.node_slots.resize(node as usize + 1, NONE);
        }
        self.node_slots[node as usize] = slot;
    }

    /// The key of an entry's name chain.
    fn key_of(entry: &StackEntry) -> (bool, u32) {
        if entry.name.ns == Namespace::Html {
            (true, entry.name.local.0)
        } else {
            (false, local_name_in_lowercase(entry.name.local).0)
        }
    }

    /// The special record of the special element at `at`.
    fn special(&self, at: u32) -> Option<&SpecialRecord> {
        let index = self.records.get(at as usize)?.special;
        self.specials.get(index as usize)
    }

    fn special_mut(&mut self, at: u32) -> Option<&mut SpecialRecord> {
        let index = self.records.get(at as usize)?.special;
        self.specials.get_mut(index as usize)
    }

    /// Indexes `entry`, just pushed at `at`: the new bottommost entry.
    pub(crate) fn pushed(&mut self, at: StackSlot, entry: StackEntry) {
        let at = at.index() as u32;
        let (html, key) = Self::key_of(&entry);
        let mut record = Record {
            flags: INDEXED,
            ..EMPTY_RECORD
        };
        // The name chain.
        let last = self.last_of_key(html, key);
        record.same_name.up = *last;
        *last = at;
        if let Some(up) = slot(record.same_name.up) {
            self.records[up.index()].same_name.down = at;
        }
        // The HTML elements.
        if html {
            record.flags |= HTML;
            record.html.up = self.last_html_namespace;
            if let Some(up) = slot(self.last_html_namespace) {
                self.records[up.index()].html.down = at;
            }
            self.last_html_namespace = at;
        }
        // The special elements, and what each keeps of those above it.
        if is_special(entry.name) {
            record.flags |= SPECIAL;
            let above = self.special(self.last_special).copied();
            let inherited = |field: fn(&SpecialRecord) -> u32| above.as_ref().map_or(NONE, field);
            let special = SpecialRecord {
                link: Link {
                    up: self.last_special,
                    down: NONE,
                },
                default_boundary: if is_default_scope_boundary(entry.name) {
                    at
                } else {
                    inherited(|r| r.default_boundary)
                },
                list_item_walk_end: if ends_the_list_item_walk(entry.name) {
                    at
                } else {
                    inherited(|r| r.list_item_walk_end)
                },
                reset_walk_end: if ends_the_reset_walk(entry.name) {
                    at
                } else {
                    inherited(|r| r.reset_walk_end)
                },
            };
            if let Some(up) = self.special_mut(self.last_special) {
                up.link.down = at;
            }
            record.special = match self.free_specials.pop() {
                Some(index) => {
                    self.specials[index as usize] = special;
                    index
                }
                None => {
                    self.specials.push(special);
                    (self.specials.len() - 1) as u32
                }
            };
            self.last_special = at;
        }
        self.set_node_slot(entry.node.index() as u32, at);
        *self.record_mut(at) = record;
    }

    /// Unlinks the entry at `at` (`entry`) from every chain; `NONE` links were its
    /// ends.
    fn unlink(&mut self, at: u32, entry: &StackEntry) -> Record {
        let record = self.records[at as usize];
        // The name chain.
        let Link { up, down } = record.same_name;
        if up != NONE {
            self.records[up as usize].same_name.down = down;
        }
        if down != NONE {
            self.records[down as usize].same_name.up = up;
        } else {
            let (html, key) = Self::key_of(entry);
            *self.last_of_key(html, key) = up;
        }
        if record.flags & HTML != 0 {
            let Link { up, down } = record.html;
            if up != NONE {
                self.records[up as usize].html.down = down;
            }
            if down != NONE {
                self.records[down as usize].html.up = up;
            } else {
                self.last_html_namespace = up;
            }
        }
        if let Some(special) = self.specials.get(record.special as usize).copied() {
            let Link { up, down } = special.link;
            if let Some(above) = self.special_mut(up) {
                above.link.down = down;
            }
            match self.special_mut(down) {
                Some(below) => below.link.up = up,
                None => self.last_special = up,
            }
            // The special elements below that named this one name what is above it.
            // Only a `form` or `head` element leaves the middle of the stack, and each
            // special element below one of them is corrected once.
            let above = self.special(up).copied();
            let replacement = |field: fn(&SpecialRecord) -> u32| above.as_ref().map_or(NONE, field);
            let (boundary, list_item, reset) = (
                replacement(|r| r.default_boundary),
                replacement(|r| r.list_item_walk_end),
                replacement(|r| r.reset_walk_end),
            );
            let mut below = down;
            while let Some(r) = self.special_mut(below) {
                let mut named = false;
                if r.default_boundary == at {
                    r.default_boundary = boundary;
                    named = true;
                }
                if r.list_item_walk_end == at {
                    r.list_item_walk_end = list_item;
                    named = true;
                }
                if r.reset_walk_end == at {
                    r.reset_walk_end = reset;
                    named = true;
                }
                if !named {
                    break;
                }
                below = r.link.down;
            }
            self.free_specials.push(record.special);
        }
        if let Some(slot) = self.node_slots.get_mut(entry.node.index()) {
            if *slot == at {
                *slot = NONE;
            }
        }
        self.records[at as usize] = EMPTY_RECORD;
        record
    }

    /// The entry at `at`, `entry`, left the stack.
    pub(crate) fn removed(&mut self, at: StackSlot, entry: &StackEntry) {
        if self
            .records
            .get(at.index())
            .is_some_and(|r| r.flags & INDEXED != 0)
        {
            self.unlink(at.index() as u32, entry);
        }
    }

    /// No slot from `slots` on holds an entry any more (the stack shrank): their
    /// records go, and room that a deep stack held is given back.
    pub(crate) fn forget_slots_from(&mut self, slots: usize) {
        if self.records.len() > slots {
            self.records.truncate(slots);
            if self.records.capacity() > 4 * slots.max(64) {
                self.records.shrink_to(2 * slots.max(64));
            }
        }
    }

    /// No node at or past `nodes` is on the stack: their slots' room is given back.
    pub(crate) fn forget_nodes_from(&mut self, nodes: usize) {
        if self.node_slots.len() > nodes {
            self.node_slots.truncate(nodes);
            self.node_slots.shrink_to(2 * nodes.max(256));
        }
    }

    /// The entry at `at` stands for another node now (with the same name).
    pub(crate) fn node_replaced(&mut self, at: StackSlot, old: NodeId, new: NodeId) {
        let at = at.index() as u32;
        if let Some(slot) = self.node_slots.get_mut(old.index()) {
            if *slot == at {
                *slot = NONE;
            }
        }
        self.set_node_slot(new.index() as u32, at);
    }

    /// The entry at `at` (`old`) left its place and `new`, at the same slot, was
    /// inserted lower in the stack. `between` gives the entries from the one now just
    /// above `new` up to, not including, the one that was just above `old` (so
    /// everything between the two places). Returns `false` when the indexes cannot
    /// follow the move and must be built again: when either entry is in the special
    /// category (the adoption agency moves formatting elements only), or when neither
    /// `between` nor `old`'s chains give `new`'s neighbours.
    pub(crate) fn moved(
        &mut self,
        at: StackSlot,
        old: StackEntry,
        new: StackEntry,
        between: impl Iterator<Item = (StackSlot, StackEntry)>,
    ) -> bool {
        let at_index = at.index() as u32;
        if is_special(old.name) || is_special(new.name) {
            return false;
        }
        let Some(saved) = self
            .records
            .get(at.index())
            .copied()
            .filter(|r| r.flags & INDEXED != 0)
        else {
            return false;
        };
        self.unlink(at_index, &old);
        let (html, key) = Self::key_of(&new);
        // The nearest entries of `new`'s chains above its new place: among those
        // between, or else those that were above `old`, which are above `between`.
        let mut name_above = None;
        let mut html_above = None;
        for (slot, entry) in between {
            if name_above.is_none() && Self::key_of(&entry) == (html, key) {
                name_above = Some(slot.index() as u32);
            }
            if html_above.is_none() && entry.name.ns == Namespace::Html {
                html_above = Some(slot.index() as u32);
            }
            if name_above.is_some() && (html_above.is_some() || !html) {
                break;
            }
        }
        let (old_html, old_key) = Self::key_of(&old);
        let name_above = match name_above {
            Some(found) => found,
            None if (old_html, old_key) == (html, key) => saved.same_name.up,
            None => return false,
        };
        let html_above = match html_above {
            Some(found) => found,
            None if !html => NONE,
            None if old_html => saved.html.up,
            None => return false,
        };
        let node = new.node.index() as u32;
        let mut record = Record {
            flags: INDEXED,
            ..EMPTY_RECORD
        };
        // Linked after the nearest entry above, or first in its chain, before what was
        // first (the old entry's successor, now the chain's first below `name_above`).
        record.same_name = Link {
            up: name_above,
            down: if name_above != NONE {
                self.records[name_above as usize].same_name.down
            } else {
                saved.same_name.down
            },
        };
        if name_above != NONE {
            self.records[name_above as usize].same_name.down = at_index;
        }
        match slot(record.same_name.down) {
            Some(down) => self.records[down.index()].same_name.up = at_index,
            None => *self.last_of_key(html, key) = at_index,
        }
        if html {
            record.flags |= HTML;
            record.html = Link {
                up: html_above,
                down: if html_above != NONE {
                    self.records[html_above as usize].html.down
                } else {
                    saved.html.down
                },
            };
            if html_above != NONE {
                self.records[html_above as usize].html.down = at_index;
            }
            match slot(record.html.down) {
                Some(down) => self.records[down.index()].html.up = at_index,
                None => self.last_html_namespace = at_index,
            }
        }
        self.set_node_slot(node, at_index);
        self.records[at.index()] = record;
        true
    }

    /// The slot of `node` in the stack.
    pub(crate) fn position(&self, node: NodeId) -> Option<StackSlot> {
        slot(*self.node_slots.get(node.index())?)
    }

    /// The bottommost HTML element with this local name.
    pub(crate) fn last_html(&self, name: LocalName) -> Option<StackSlot> {
        slot(*self.last_html.get(name.0 as usize)?)
    }

    /// The bottommost element not in the HTML namespace whose local name, converted to
    /// ASCII lowercase, is `name`.
    pub(crate) fn last_foreign(&self, name: LocalName) -> Option<StackSlot> {
        slot(*self.last_foreign.get(name.0 as usize)?)
    }

    /// The bottommost element in the HTML namespace.
    pub(crate) fn last_html_namespace(&self) -> Option<StackSlot> {
        slot(self.last_html_namespace)
    }

    /// The bottommost element in the special category.
    pub(crate) fn last_special(&self) -> Option<StackSlot> {
        slot(self.last_special)
    }

    /// A field of the bottommost special element's record.
    fn of_last_special(&self, field: fn(&SpecialRecord) -> u32) -> Option<StackSlot> {
        slot(field(self.special(self.last_special)?))
    }

    /// The bottommost element of the default scope's list.
    pub(crate) fn last_default_boundary(&self) -> Option<StackSlot> {
        self.of_last_special(|r| r.default_boundary)
    }

    /// The bottommost element that ends the list item walk whatever the token.
    pub(crate) fn last_list_item_walk_end(&self) -> Option<StackSlot> {
        self.of_last_special(|r| r.list_item_walk_end)
    }

    /// The bottommost element that ends the walk of "reset the insertion mode
    /// appropriately".
    pub(crate) fn last_reset_walk_end(&self) -> Option<StackSlot> {
        self.of_last_special(|r| r.reset_walk_end)
    }
}

#[cfg(test)]
mod tests;
