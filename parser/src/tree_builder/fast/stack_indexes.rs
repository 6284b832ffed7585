//! The stack of open elements' indexes: a fast path for its walks.
//!
//! The standard answers "has an element in scope" and its kin by walking the stack of
//! open elements from the current node up
//! (<https://html.spec.whatwg.org/#has-an-element-in-a-specific-scope>). Without
//! indexes, every `<div>` start tag walks the whole stack looking for a `p` in button
//! scope, and a document of n nested `div`s takes time in n². Once the stack has grown
//! deeper than [`INDEXED_FROM_DEPTH`] entries, [`StackIndexes`] keeps, beside the
//! entries:
//!
//! - for each HTML local name, the position of the bottommost HTML element of that
//!   name, and for each lowercase name outside HTML, that of the other elements;
//! - for each scope, the positions of the entries that bound it;
//! - the positions of the elements in the special category (for "any other end tag"
//!   in "in body") and of the elements in the HTML namespace (for "any other end tag"
//!   in foreign content);
//! - for each node, its position (or that it is not on the stack).
//!
//! With them, "has an element in scope" is one comparison: the bottommost target is in
//! scope exactly when no boundary lies below it (the spec's walk meets the target
//! before any boundary).
//!
//! The stack reaches this module at two points only: after each edit of its entries
//! ([`StackIndexes::follow_edit`]), and at the head of each query, which asks
//! [`StackIndexes::readable`] whether the indexes may answer it instead of the walk.
//! Editing the middle of the stack (the adoption agency) re-indexes the entries from
//! the edited position up, which costs what moving them in the vector already costs.
//! The test below drives the indexes and the walks with random edits and compares
//! every answer.

use crate::dom::{Namespace, NodeId};
use crate::names::{well_known_count, LocalName};
use crate::tree_builder::foreign::local_name_in_lowercase;
use crate::tree_builder::open_elements::{is_special, ForeignEndTagWalk, Scope, StackEntry};

/// The depth past which the stack keeps its indexes. AD-HOC (the standard only walks
/// the stack): a fast-path threshold. Above it a walk visits at most this many
/// entries, which costs less than keeping the indexes on every push and pop: most
/// documents, and nearly every case a fuzzer makes, never build them. Building them
/// visits the entries once, and happens at most once per parse, so the parse stays
/// linear.
pub(crate) const INDEXED_FROM_DEPTH: usize = 16;

/// Room reserved for a stack this deep before any list grows.
const RESERVED_DEPTH: usize = 32;

const NOT_ON_THE_STACK: u32 = u32::MAX;

const SCOPES: [Scope; 4] = [Scope::Default, Scope::ListItem, Scope::Button, Scope::Table];

/// The indexes of the stack of open elements (see the module's documentation).
#[derive(Debug)]
pub(crate) struct StackIndexes {
    /// Whether the indexes may be built and read (the fast paths on).
    enabled: bool,
    /// Whether the indexes are kept. They are built the first time the stack grows
    /// deeper than [`INDEXED_FROM_DEPTH`] (when `enabled`), and kept from then on
    /// until the stack is cleared.
    built: bool,
    /// Indexed by `LocalName`: the position of the bottommost HTML element with that
    /// local name, or `NOT_ON_THE_STACK`.
    last_html: Vec<u32>,
    /// Indexed by the local name converted to ASCII lowercase: the position of the
    /// bottommost element not in the HTML namespace with that name, or
    /// `NOT_ON_THE_STACK`.
    last_foreign: Vec<u32>,
    /// For each entry indexed, in stack order, how it is indexed, so that unindexing it
    /// undoes exactly that.
    records: Vec<IndexRecord>,
    /// Indexed by `Scope as usize`: the positions of the entries that bound the scope,
    /// lowest first.
    boundaries: [Vec<u32>; 4],
    /// Indexed by `NodeId`: the node's position, or `NOT_ON_THE_STACK`.
    node_positions: Vec<u32>,
    /// The positions of the elements in the special category, lowest first.
    special_positions: Vec<u32>,
    /// The positions of the elements in the HTML namespace, lowest first.
    html_namespace_positions: Vec<u32>,
}

/// How one entry is indexed.
#[derive(Clone, Copy, Debug)]
struct IndexRecord {
    /// The position of the next entry above it with the same key (the same HTML local
    /// name, or the same lowercase name outside HTML), or `NOT_ON_THE_STACK`. Popping
    /// the entry makes that one the bottommost again.
    previous_same_name: u32,
    /// The key: an index into `last_html` or, outside HTML, `last_foreign`.
    key: u32,
    /// The entry's node, as an index into `node_positions`.
    node: u32,
    /// Whether the entry is an HTML element; whether it is special; for each scope
    /// (bit `1 << (scope as usize)`), whether it bounds the scope.
    html: bool,
    special: bool,
    boundary_of: u8,
}

impl Default for StackIndexes {
    fn default() -> Self {
        let depth = || Vec::with_capacity(RESERVED_DEPTH);
        StackIndexes {
            enabled: true,
            built: false,
            last_html: vec![NOT_ON_THE_STACK; well_known_count()],
            last_foreign: vec![NOT_ON_THE_STACK; well_known_count()],
            records: Vec::with_capacity(RESERVED_DEPTH),
            boundaries: [depth(), depth(), depth(), depth()],
            node_positions: Vec::with_capacity(4 * RESERVED_DEPTH),
            special_positions: depth(),
            html_namespace_positions: depth(),
        }
    }
}

impl StackIndexes {
    /// Forgets every entry (the stack was emptied), keeping the room, and turns the
    /// fast path back on.
    pub(crate) fn clear(&mut self) {
        // The name indexes are written only once built.
        if self.built {
            self.last_html.clear();
            self.last_html.resize(well_known_count(), NOT_ON_THE_STACK);
            self.last_foreign.clear();
            self.last_foreign
                .resize(well_known_count(), NOT_ON_THE_STACK);
        }
        self.records.clear();
        for boundaries in &mut self.boundaries {
            boundaries.clear();
        }
        self.node_positions.clear();
        self.special_positions.clear();
        self.html_namespace_positions.clear();
        self.enabled = true;
        self.built = false;
    }

    /// The bytes the indexes hold on to, roughly.
    pub(crate) fn retained_bytes(&self) -> usize {
        let positions = self.last_html.capacity()
            + self.last_foreign.capacity()
            + self.boundaries.iter().map(Vec::capacity).sum::<usize>()
            + self.node_positions.capacity()
            + self.special_positions.capacity()
            + self.html_namespace_positions.capacity();
        crate::buffers::heap_bytes(&self.records) + positions * 4
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

    /// Brings the indexes up to date after an edit of the stack that left `entries`
    /// as they are from `position` up (and as they were below it): the one point where
    /// the stack's edits reach the indexes.
    #[inline]
    pub(crate) fn follow_edit(&mut self, entries: &[StackEntry], position: usize) {
        if self.built || (self.enabled && entries.len() > INDEXED_FROM_DEPTH) {
            self.reindex_from(entries, position);
        }
    }

    /// Unindexes what was indexed from `position` up, then indexes `entries` from there
    /// (all of them, the first time the stack is deep enough).
    fn reindex_from(&mut self, entries: &[StackEntry], position: usize) {
        let position = if self.built {
            position
        } else {
            self.built = true;
            0
        };
        while self.records.len() > position {
            self.unindex_the_last();
        }
        let indexed = self.records.len();
        for (position, &entry) in entries.iter().enumerate().skip(indexed) {
            self.index(entry, position);
        }
    }

    /// Records `entry`, at `position` (the next after those already indexed), in the
    /// indexes. Entries are indexed in stack order, so each list stays sorted.
    fn index(&mut self, entry: StackEntry, position: usize) {
        let at = position as u32;
        let html = entry.name.ns == Namespace::Html;
        let (last, key) = if html {
            self.html_namespace_positions.push(at);
            (&mut self.last_html, entry.name.local.0 as usize)
        } else {
            let lowercase = local_name_in_lowercase(entry.name.local);
            (&mut self.last_foreign, lowercase.0 as usize)
        };
        if last.len() <= key {
            last.resize(key + 1, NOT_ON_THE_STACK);
        }
        let previous_same_name = last[key];
        last[key] = at;
        let special = is_special(entry.name);
        if special {
            self.special_positions.push(at);
        }
        let mut boundary_of = 0;
        for scope in SCOPES {
            if scope.is_boundary(entry.name) {
                self.boundaries[scope as usize].push(at);
                boundary_of |= 1 << (scope as usize);
            }
        }
        let node = entry.node.index();
        if self.node_positions.len() <= node {
            self.node_positions.resize(node + 1, NOT_ON_THE_STACK);
        }
        self.node_positions[node] = at;
        self.records.push(IndexRecord {
            previous_same_name,
            key: key as u32,
            node: node as u32,
            html,
            special,
            boundary_of,
        });
    }

    /// Removes the entry indexed last from the indexes.
    fn unindex_the_last(&mut self) {
        let Some(record) = self.records.pop() else {
            return;
        };
        let last = if record.html {
            self.html_namespace_positions.pop();
            &mut self.last_html
        } else {
            &mut self.last_foreign
        };
        if let Some(slot) = last.get_mut(record.key as usize) {
            *slot = record.previous_same_name;
        }
        if record.special {
            self.special_positions.pop();
        }
        for scope in SCOPES {
            if record.boundary_of & (1 << (scope as usize)) != 0 {
                self.boundaries[scope as usize].pop();
            }
        }
        if let Some(slot) = self.node_positions.get_mut(record.node as usize) {
            *slot = NOT_ON_THE_STACK;
        }
    }

    /// The position of `node` in the stack.
    pub(crate) fn position(&self, node: NodeId) -> Option<usize> {
        match self.node_positions.get(node.index()) {
            Some(&p) if p != NOT_ON_THE_STACK => Some(p as usize),
            _ => None,
        }
    }

    /// The position of the bottommost HTML element with this local name.
    pub(crate) fn position_of_html(&self, name: LocalName) -> Option<usize> {
        match self.last_html.get(name.0 as usize) {
            Some(&p) if p != NOT_ON_THE_STACK => Some(p as usize),
            _ => None,
        }
    }

    /// Whether an entry at `position` is in `scope`: no boundary of the scope lies
    /// below it (a boundary at the position itself is the target, which the walk meets
    /// first).
    pub(crate) fn in_scope(&self, scope: Scope, position: usize) -> bool {
        match self.boundaries[scope as usize].last() {
            Some(&boundary) => position >= boundary as usize,
            None => true,
        }
    }

    /// Where the walk of "any other end tag" in "in body" stops: the bottommost entry
    /// that is an HTML element with this local name or else in the special category;
    /// the bottom entry if none is.
    pub(crate) fn any_other_end_tag_stop(&self, name: LocalName) -> usize {
        let named = self.position_of_html(name);
        let special = self.special_positions.last().map(|&p| p as usize);
        // The walk goes up from the current node: it stops at whichever comes first.
        match (named, special) {
            (Some(n), Some(s)) => n.max(s),
            (Some(n), None) => n,
            (None, Some(s)) => s,
            (None, None) => 0,
        }
    }

    /// Where the walk of "any other end tag" in foreign content ends, from the current
    /// node at `current`: the walk tests the entries above the bottommost HTML element,
    /// the topmost entry excepted, then reaches that HTML element (or the top).
    pub(crate) fn foreign_end_tag_walk(
        &self,
        current: usize,
        name: LocalName,
    ) -> ForeignEndTagWalk {
        if current == 0 {
            return ForeignEndTagWalk::ReachedTop;
        }
        let html = self.html_namespace_positions.last().map(|&p| p as usize);
        let matched = match self.last_foreign.get(name.0 as usize) {
            Some(&p) if p != NOT_ON_THE_STACK => Some(p as usize),
            _ => None,
        }
        .filter(|&p| p > 0 && html.is_none_or(|h| p > h));
        match (matched, html) {
            (Some(p), _) => ForeignEndTagWalk::Matched(p),
            (None, Some(_)) => ForeignEndTagWalk::ReachedHtml,
            (None, None) => ForeignEndTagWalk::ReachedTop,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::local;
    use crate::tree_builder::open_elements::tests::entry;
    use crate::tree_builder::open_elements::OpenElements;

    /// Every query answers the same from the indexes and by the spec's walk, over
    /// random pushes, pops and edits in the middle of the stack.
    #[test]
    fn the_indexes_agree_with_the_walks() {
        const NAMES: [(Namespace, LocalName); 12] = [
            (Namespace::Html, local::P),
            (Namespace::Html, local::DIV),
            (Namespace::Html, local::B),
            (Namespace::Html, local::BUTTON),
            (Namespace::Html, local::TABLE),
            (Namespace::Html, local::UL),
            (Namespace::Html, local::LI),
            (Namespace::Html, local::TD),
            (Namespace::Html, local::TEMPLATE),
            (Namespace::Svg, local::TITLE),
            (Namespace::MathMl, local::MI),
            (Namespace::Svg, local::P),
        ];
        const FOREIGN: [(Namespace, LocalName); 3] = [
            (Namespace::Svg, local::FOREIGN_OBJECT),
            (Namespace::Svg, local::TEXT_PATH),
            (Namespace::MathMl, local::MTEXT),
        ];
        let mut seed: u64 = 0x2026;
        let mut next = |bound: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as usize) % bound
        };
        let mut stack = OpenElements::default();
        let mut node = 0u32;
        let mut queries = 0;
        let mut queries_of_built_indexes = 0;
        for step in 0..5_000 {
            // Start again now and then, so that the indexes are built many times over,
            // at whatever point the stack first grows past the depth.
            if step % 500 == 0 {
                stack.clear();
            }
            let (ns, name) = if next(4) == 0 {
                FOREIGN[next(FOREIGN.len())]
            } else {
                NAMES[next(NAMES.len())]
            };
            node += 1;
            let len = stack.len();
            match next(10) {
                0..=4 => stack.push(entry(node, ns, name)),
                5 | 6 => {
                    stack.pop();
                }
                7 => stack.insert_at(next(len + 1), entry(node, ns, name)),
                8 if len > 0 => {
                    stack.remove_at(next(len));
                }
                _ if len > 0 => stack.replace_at(next(len), entry(node, ns, name)),
                _ => {}
            }
            for scope in SCOPES {
                for name in NAMES.iter().map(|&(_, n)| n).chain([
                    local::FOREIGNOBJECT,
                    local::TEXTPATH,
                    local::MTEXT,
                ]) {
                    let indexed = (
                        stack.has_html_in_scope(scope, name),
                        stack.position_of_html(name),
                        stack.has_html_one_of_in_scope(scope, &[name, local::LI]),
                    );
                    stack.set_indexed(false);
                    let walked = (
                        stack.has_html_in_scope(scope, name),
                        stack.position_of_html(name),
                        stack.has_html_one_of_in_scope(scope, &[name, local::LI]),
                    );
                    stack.set_indexed(true);
                    assert_eq!(
                        indexed,
                        walked,
                        "{scope:?} {name:?} in {:?}",
                        stack.iter().collect::<Vec<_>>()
                    );
                    queries += 1;
                    queries_of_built_indexes += usize::from(stack.indexes_built());
                    // Where the spec's walk from the current node stops.
                    let walked = stack
                        .iter()
                        .rposition(|e| e.is_html(name) || is_special(e.name))
                        .unwrap_or(0);
                    if let Some(indexes) = stack.indexes() {
                        let indexed = indexes.any_other_end_tag_stop(name);
                        assert_eq!(indexed, walked, "any other end tag {name:?}");
                    }
                    // Foreign content sees the stack only when the current node is not
                    // in the HTML namespace, or in a fragment with the root alone.
                    let foreign = stack
                        .current()
                        .is_some_and(|e| e.name.ns != Namespace::Html || stack.len() == 1);
                    if foreign {
                        let indexed = stack.foreign_end_tag_walk(name);
                        stack.set_indexed(false);
                        let walked = stack.foreign_end_tag_walk(name);
                        stack.set_indexed(true);
                        assert_eq!(indexed, walked, "foreign end tag {name:?}");
                    }
                }
                for probe in node.saturating_sub(30)..=node {
                    let indexed = (
                        stack.has_node_in_scope(scope, NodeId::from_index(probe)),
                        stack.position(NodeId::from_index(probe)),
                    );
                    stack.set_indexed(false);
                    let walked = (
                        stack.has_node_in_scope(scope, NodeId::from_index(probe)),
                        stack.position(NodeId::from_index(probe)),
                    );
                    stack.set_indexed(true);
                    assert_eq!(indexed, walked, "{scope:?} node {probe}");
                }
            }
        }
        assert!(queries > 20_000);
        assert!(queries_of_built_indexes > queries / 2);
    }

    #[test]
    fn the_indexes_are_built_past_a_depth_and_kept() {
        let mut stack = OpenElements::default();
        for node in 1..=INDEXED_FROM_DEPTH as u32 {
            stack.push(entry(node, Namespace::Html, local::DIV));
        }
        assert!(!stack.indexes_built());
        assert_eq!(stack.position(NodeId::from_index(3)), Some(2));
        stack.insert_at(2, entry(100, Namespace::Html, local::B));
        assert!(stack.indexes_built());
        assert_eq!(stack.position(NodeId::from_index(3)), Some(3));
        assert_eq!(stack.position_of_html(local::B), Some(2));
        while stack.len() > 1 {
            stack.pop();
        }
        assert!(stack.indexes_built());
        assert_eq!(stack.position_of_html(local::B), None);
        assert!(stack.has_html_in_scope(Scope::Default, local::DIV));
        stack.clear();
        assert!(!stack.indexes_built());
        // With the fast paths off, the indexes are never built.
        stack.set_indexed(false);
        for node in 1..=4 * INDEXED_FROM_DEPTH as u32 {
            stack.push(entry(node, Namespace::Html, local::DIV));
        }
        assert!(!stack.indexes_built());
    }
}
