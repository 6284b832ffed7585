//! The stack of open elements and the element categories it is read through.
//!
//! <https://html.spec.whatwg.org/#the-stack-of-open-elements>
//!
//! Each entry keeps the element's [`QualName`] beside its [`NodeId`], so that every
//! test the algorithms make ("is the current node a `p` element", "has a `table`
//! element in table scope") reads the stack alone, never the document. Every change
//! goes through the few methods of [`OpenElements`] (`push`, `pop`, `remove_at`,
//! `insert_at`, `replace_at`), which, once the stack has grown deeper than
//! [`INDEXED_FROM_DEPTH`] entries, keep these indexes beside the entries:
//!
//! - for each HTML local name, the positions of the HTML elements of that name, and
//!   for each lowercase name outside HTML, those of the other elements of that name;
//! - for each scope, the positions of the entries that bound it;
//! - the positions of the elements in the special category (for "any other end tag"
//!   in "in body") and of the elements in the HTML namespace (for "any other end tag"
//!   in foreign content);
//! - for each node, its position (or that it is not on the stack).
//!
//! With them, "has an element in scope" is one comparison: the bottommost target is in
//! scope exactly when no boundary lies below it (the walk of the spec meets the target
//! before any boundary). The spec's walk stays beside it as the plain path
//! ([`OpenElements::set_indexed`]`(false)`, the fast paths turned off), and a test
//! drives both with random edits. Without the indexes, every `<div>` start tag walks
//! the whole stack looking for a `p` in button scope, and a document of n nested
//! `div`s takes time in n². A shallower stack is walked: keeping the indexes on every
//! push and pop costs more than the walks they save there. Editing the middle of the
//! stack (the adoption agency) re-indexes the entries from the edited position up,
//! which costs what moving them in the vector already costs. Popping is the tree
//! builder's business (an `option` leaving the stack may update a `selectedcontent`),
//! so the tree builder wraps `pop`.

use super::foreign::local_name_in_lowercase;
use crate::dom::{Namespace, NodeId, QualName};
use crate::names::{local, well_known_count, LocalName};

/// One entry of the stack: an element and what the algorithms need to know of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StackEntry {
    pub(crate) node: NodeId,
    pub(crate) name: QualName,
    /// Whether the element is an HTML integration point.
    /// <https://html.spec.whatwg.org/#html-integration-point>
    pub(crate) html_integration_point: bool,
}

impl StackEntry {
    /// Whether the entry is an element in the HTML namespace with this local name.
    #[inline]
    pub(crate) fn is_html(&self, name: LocalName) -> bool {
        self.name.ns == Namespace::Html && self.name.local == name
    }

    /// Whether the entry is an element in the HTML namespace whose local name is one of
    /// `names`.
    pub(crate) fn is_html_one_of(&self, names: &[LocalName]) -> bool {
        self.name.ns == Namespace::Html && names.contains(&self.name.local)
    }
}

/// The stack of open elements. "The stack grows downwards; the topmost node on the
/// stack is the first one added to the stack, and the bottommost node of the stack is
/// the most recently added node in the stack." Index 0 is the topmost node.
#[derive(Debug)]
pub(crate) struct OpenElements {
    entries: Vec<StackEntry>,
    /// Whether queries may read the indexes (the fast path) or always walk the entries
    /// (the spec).
    indexed: bool,
    /// Whether the indexes below are kept. They are built the first time the stack
    /// grows deeper than [`INDEXED_FROM_DEPTH`] (when `indexed`), and kept from then on
    /// until the stack is cleared.
    built: bool,
    /// Indexed by `LocalName`: the position of the bottommost HTML element with that
    /// local name, or `NOT_ON_THE_STACK`.
    last_html: Vec<u32>,
    /// Indexed by the local name converted to ASCII lowercase: the position of the
    /// bottommost element not in the HTML namespace with that name, or
    /// `NOT_ON_THE_STACK`.
    last_foreign: Vec<u32>,
    /// Beside each entry, how it is indexed, so that unindexing it undoes exactly that.
    indexed_as: Vec<IndexRecord>,
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

/// Where the walk of "any other end tag" in foreign content ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ForeignEndTagWalk {
    /// At the entry at this position, whose lowercase name is the token's.
    Matched(usize),
    /// At an element in the HTML namespace: the token goes to the insertion mode.
    ReachedHtml,
    /// At the topmost element (the fragment case).
    ReachedTop,
}

const NOT_ON_THE_STACK: u32 = u32::MAX;

/// How one entry is indexed.
#[derive(Clone, Copy, Debug)]
struct IndexRecord {
    /// The position of the next entry above it with the same key (the same HTML local
    /// name, or the same lowercase name outside HTML), or `NOT_ON_THE_STACK`. Popping
    /// the entry makes that one the bottommost again.
    previous_same_name: u32,
    /// The key: an index into `last_html` or, outside HTML, `last_foreign`.
    key: u32,
    /// Whether the entry is an HTML element; whether it is special; for each scope
    /// (bit `1 << (scope as usize)`), whether it bounds the scope.
    html: bool,
    special: bool,
    boundary_of: u8,
}

const SCOPES: [Scope; 4] = [Scope::Default, Scope::ListItem, Scope::Button, Scope::Table];

/// Room reserved for a stack this deep before any list grows: most documents stay
/// below it, so a parse allocates each list once.
const RESERVED_DEPTH: usize = 32;

/// The depth past which the stack keeps its indexes. AD-HOC (the standard only walks
/// the stack): a fast-path threshold. Above it a walk visits at most this many
/// entries, which costs less than keeping the indexes on every push and pop:
/// most documents, and nearly every case a fuzzer makes, never build them. Building
/// them visits the entries once, and happens at most once per parse, so the parse stays
/// linear.
const INDEXED_FROM_DEPTH: usize = 16;

impl Default for OpenElements {
    fn default() -> Self {
        let depth = || Vec::with_capacity(RESERVED_DEPTH);
        OpenElements {
            entries: Vec::with_capacity(RESERVED_DEPTH),
            indexed: true,
            built: false,
            last_html: vec![NOT_ON_THE_STACK; well_known_count()],
            last_foreign: vec![NOT_ON_THE_STACK; well_known_count()],
            indexed_as: Vec::with_capacity(RESERVED_DEPTH),
            boundaries: [depth(), depth(), depth(), depth()],
            node_positions: Vec::with_capacity(4 * RESERVED_DEPTH),
            special_positions: depth(),
            html_namespace_positions: depth(),
        }
    }
}

/// The element types that bound a scope.
/// <https://html.spec.whatwg.org/#has-an-element-in-a-specific-scope>
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    /// "has a particular element in scope"
    Default,
    /// "has a particular element in list item scope": the default list plus `ol`, `ul`.
    ListItem,
    /// "has a particular element in button scope": the default list plus `button`.
    Button,
    /// "has a particular element in table scope": `html`, `table`, `template`.
    Table,
}

impl Scope {
    /// Whether `name` is one of the element types of this scope's list.
    fn is_boundary(self, name: QualName) -> bool {
        match self {
            Scope::Default => is_default_scope_boundary(name),
            Scope::ListItem => {
                is_default_scope_boundary(name)
                    || (name.ns == Namespace::Html && matches!(name.local, local::OL | local::UL))
            }
            Scope::Button => {
                is_default_scope_boundary(name)
                    || (name.ns == Namespace::Html && name.local == local::BUTTON)
            }
            Scope::Table => {
                name.ns == Namespace::Html
                    && matches!(name.local, local::HTML | local::TABLE | local::TEMPLATE)
            }
        }
    }
}

/// The element types of "has a particular element in scope": applet, caption, html,
/// table, td, th, marquee, object, select, template; MathML mi, mo, mn, ms, mtext,
/// annotation-xml; SVG foreignObject, desc, title. (`select` joined the list with the
/// relaxed select parsing; litmus's text of the standard lost the list, html5lib's
/// `<font><select><option>a</option></font></select>` case checks it.)
fn is_default_scope_boundary(name: QualName) -> bool {
    match name.ns {
        Namespace::Html => matches!(
            name.local,
            local::APPLET
                | local::CAPTION
                | local::HTML
                | local::TABLE
                | local::TD
                | local::TH
                | local::MARQUEE
                | local::OBJECT
                | local::SELECT
                | local::TEMPLATE
        ),
        Namespace::MathMl => matches!(
            name.local,
            local::MI | local::MO | local::MN | local::MS | local::MTEXT | local::ANNOTATION_XML
        ),
        Namespace::Svg => matches!(
            name.local,
            local::FOREIGN_OBJECT | local::DESC | local::TITLE
        ),
    }
}

impl OpenElements {
    /// Empties the stack and its indexes, keeping their room.
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        // The name indexes are written only once built.
        if self.built {
            self.last_html.clear();
            self.last_html.resize(well_known_count(), NOT_ON_THE_STACK);
            self.last_foreign.clear();
            self.last_foreign
                .resize(well_known_count(), NOT_ON_THE_STACK);
        }
        self.indexed_as.clear();
        for boundaries in &mut self.boundaries {
            boundaries.clear();
        }
        self.node_positions.clear();
        self.special_positions.clear();
        self.html_namespace_positions.clear();
        self.indexed = true;
        self.built = false;
    }

    /// The bytes the stack holds on to, roughly.
    pub(crate) fn retained_bytes(&self) -> usize {
        let positions = self.last_html.capacity()
            + self.last_foreign.capacity()
            + self.indexed_as.capacity() * 3
            + self.boundaries.iter().map(Vec::capacity).sum::<usize>()
            + self.node_positions.capacity()
            + self.special_positions.capacity()
            + self.html_namespace_positions.capacity();
        crate::buffers::heap_bytes(&self.entries) + positions * 4
    }

    /// Whether queries use the indexes (`true`, the default) once the stack has been
    /// deep enough to build them, or always the spec's walks.
    pub(crate) fn set_indexed(&mut self, on: bool) {
        self.indexed = on;
    }

    /// Whether queries read the indexes now.
    fn reads_indexes(&self) -> bool {
        self.indexed && self.built
    }

    /// After an entry is added: builds the indexes if the stack just grew past
    /// [`INDEXED_FROM_DEPTH`].
    fn build_indexes_if_deep(&mut self) {
        if self.indexed && !self.built && self.entries.len() > INDEXED_FROM_DEPTH {
            self.built = true;
            self.index_from(0);
        }
    }

    /// Records the entry at `position` in the indexes. Entries are indexed in stack
    /// order, so each index list stays sorted.
    fn index(&mut self, position: usize) {
        let entry = self.entries[position];
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
        self.indexed_as.push(IndexRecord {
            previous_same_name,
            key: key as u32,
            html,
            special,
            boundary_of,
        });
        let node = entry.node.index();
        if self.node_positions.len() <= node {
            self.node_positions.resize(node + 1, NOT_ON_THE_STACK);
        }
        self.node_positions[node] = at;
    }

    /// Removes the entry at `position` from the indexes; it must be the highest
    /// position still indexed.
    fn unindex(&mut self, position: usize) {
        let Some(record) = self.indexed_as.pop() else {
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
        let node = self.entries[position].node.index();
        if let Some(slot) = self.node_positions.get_mut(node) {
            *slot = NOT_ON_THE_STACK;
        }
    }

    /// Unindexes the entries from `position` up, before an edit there.
    fn unindex_from(&mut self, position: usize) {
        if !self.built {
            return;
        }
        for p in (position..self.entries.len()).rev() {
            self.unindex(p);
        }
    }

    /// Indexes the entries from `position` up, after an edit there.
    fn index_from(&mut self, position: usize) {
        if !self.built {
            return;
        }
        for p in position..self.entries.len() {
            self.index(p);
        }
    }

    /// The position of the bottommost HTML element with this local name, from the index.
    fn indexed_position_of_html(&self, name: LocalName) -> Option<usize> {
        match self.last_html.get(name.0 as usize) {
            Some(&p) if p != NOT_ON_THE_STACK => Some(p as usize),
            _ => None,
        }
    }

    /// Whether an entry at `position` is in `scope`, from the index: no boundary of
    /// the scope lies below it (a boundary at the position itself is the target, which
    /// the walk meets first).
    fn indexed_in_scope(&self, scope: Scope, position: usize) -> bool {
        match self.boundaries[scope as usize].last() {
            Some(&boundary) => position >= boundary as usize,
            None => true,
        }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The entry at `index` (0 is the topmost node, the `html` element).
    #[inline]
    pub(crate) fn get(&self, index: usize) -> Option<&StackEntry> {
        self.entries.get(index)
    }

    /// "The current node is the bottommost node in this stack of open elements."
    pub(crate) fn current(&self) -> Option<&StackEntry> {
        self.entries.last()
    }

    /// The topmost node: the `html` element.
    pub(crate) fn first(&self) -> Option<&StackEntry> {
        self.entries.first()
    }

    /// The entries, topmost first.
    pub(crate) fn iter(&self) -> std::slice::Iter<'_, StackEntry> {
        self.entries.iter()
    }

    pub(crate) fn push(&mut self, entry: StackEntry) {
        self.entries.push(entry);
        if self.built {
            self.index(self.entries.len() - 1);
        } else {
            self.build_indexes_if_deep();
        }
    }

    /// Takes the current node off the stack. Use `TreeBuilder::pop_the_current_node`,
    /// which runs what popping an element sets off.
    pub(crate) fn pop(&mut self) -> Option<StackEntry> {
        let last = self.entries.len().checked_sub(1)?;
        if self.built {
            self.unindex(last);
        }
        self.entries.pop()
    }

    /// Removes the entry at `index` from wherever it is in the stack.
    pub(crate) fn remove_at(&mut self, index: usize) -> Option<StackEntry> {
        if index < self.entries.len() {
            self.unindex_from(index);
            let entry = self.entries.remove(index);
            self.index_from(index);
            Some(entry)
        } else {
            None
        }
    }

    /// Inserts an entry so that it is at `index` (below the entry that was at
    /// `index - 1`).
    pub(crate) fn insert_at(&mut self, index: usize, entry: StackEntry) {
        let index = index.min(self.entries.len());
        self.unindex_from(index);
        self.entries.insert(index, entry);
        self.index_from(index);
        self.build_indexes_if_deep();
    }

    /// Replaces the entry at `index`.
    pub(crate) fn replace_at(&mut self, index: usize, entry: StackEntry) {
        if index < self.entries.len() {
            self.unindex_from(index);
            self.entries[index] = entry;
            self.index_from(index);
        }
    }

    /// The index of `node` in the stack, searching from the current node up.
    pub(crate) fn position(&self, node: NodeId) -> Option<usize> {
        if self.reads_indexes() {
            return match self.node_positions.get(node.index()) {
                Some(&p) if p != NOT_ON_THE_STACK => Some(p as usize),
                _ => None,
            };
        }
        self.entries.iter().rposition(|e| e.node == node)
    }

    pub(crate) fn contains(&self, node: NodeId) -> bool {
        self.position(node).is_some()
    }

    /// The index of the bottommost HTML element with this local name.
    pub(crate) fn position_of_html(&self, name: LocalName) -> Option<usize> {
        if self.reads_indexes() {
            return self.indexed_position_of_html(name);
        }
        self.entries.iter().rposition(|e| e.is_html(name))
    }

    /// Whether there is an HTML element with this local name anywhere in the stack.
    pub(crate) fn contains_html(&self, name: LocalName) -> bool {
        self.position_of_html(name).is_some()
    }

    /// "The stack of open elements is said to have an element target node in a specific
    /// scope consisting of a list of element types list when the following algorithm
    /// terminates in a match state", for a target given as a test on entries.
    fn has_in_scope_where(&self, scope: Scope, is_target: impl Fn(&StackEntry) -> bool) -> bool {
        // Step 1. "Initialize node to be the current node (the bottommost node of the
        // stack)."
        for entry in self.entries.iter().rev() {
            // Step 2. "If node is target node, terminate in a match state."
            if is_target(entry) {
                return true;
            }
            // Step 3. "Otherwise, if node is one of the element types in list, terminate
            // in a failure state."
            if scope.is_boundary(entry.name) {
                return false;
            }
            // Step 4. "Otherwise, set node to the previous entry in the stack of open
            // elements and return to step 2."
        }
        false
    }

    /// Whether the stack has an HTML element with this local name in `scope`.
    pub(crate) fn has_html_in_scope(&self, scope: Scope, name: LocalName) -> bool {
        if self.reads_indexes() {
            return self
                .indexed_position_of_html(name)
                .is_some_and(|p| self.indexed_in_scope(scope, p));
        }
        self.has_in_scope_where(scope, |e| e.is_html(name))
    }

    /// Whether the stack has an HTML element whose local name is one of `names` in
    /// `scope`.
    pub(crate) fn has_html_one_of_in_scope(&self, scope: Scope, names: &[LocalName]) -> bool {
        if self.reads_indexes() {
            return names
                .iter()
                .filter_map(|&name| self.indexed_position_of_html(name))
                .max()
                .is_some_and(|p| self.indexed_in_scope(scope, p));
        }
        self.has_in_scope_where(scope, |e| e.is_html_one_of(names))
    }

    /// A fast path of "any other end tag" in "in body": where its walk stops (the
    /// bottommost entry that is an HTML element with this local name, or else in the
    /// special category; the bottom entry if none is), read from the indexes. `None`
    /// when the stack does not keep them: the walk then starts at the current node.
    /// <https://html.spec.whatwg.org/#parsing-main-inbody>
    pub(crate) fn indexed_any_other_end_tag_stop(&self, name: LocalName) -> Option<usize> {
        if !self.reads_indexes() {
            return None;
        }
        let named = self.indexed_position_of_html(name);
        let special = self.special_positions.last().map(|&p| p as usize);
        // The walk goes up from the current node: it stops at whichever comes first.
        Some(match (named, special) {
            (Some(n), Some(s)) => n.max(s),
            (Some(n), None) => n,
            (None, Some(s)) => s,
            (None, None) => 0,
        })
    }

    /// Steps 3 to 6 of "any other end tag" in foreign content, from the current node:
    /// where the walk for an element whose name, converted to ASCII lowercase, is `name`
    /// ends. <https://html.spec.whatwg.org/#parsing-main-inforeign>
    pub(crate) fn foreign_end_tag_walk(&self, name: LocalName) -> ForeignEndTagWalk {
        let Some(current) = self.entries.len().checked_sub(1) else {
            return ForeignEndTagWalk::ReachedTop;
        };
        if self.reads_indexes() {
            if current == 0 {
                return ForeignEndTagWalk::ReachedTop;
            }
            // The walk tests the entries above the bottommost HTML element, the topmost
            // entry excepted, then reaches that HTML element (or the top).
            let html = self.html_namespace_positions.last().map(|&p| p as usize);
            let matched = match self.last_foreign.get(name.0 as usize) {
                Some(&p) if p != NOT_ON_THE_STACK => Some(p as usize),
                _ => None,
            }
            .filter(|&p| p > 0 && html.is_none_or(|h| p > h));
            return match (matched, html) {
                (Some(p), _) => ForeignEndTagWalk::Matched(p),
                (None, Some(_)) => ForeignEndTagWalk::ReachedHtml,
                (None, None) => ForeignEndTagWalk::ReachedTop,
            };
        }
        let mut index = current;
        loop {
            // Step 3. "Loop: If node is the topmost element in the stack of open
            // elements, then return. (fragment case)"
            if index == 0 {
                return ForeignEndTagWalk::ReachedTop;
            }
            // Step 4. "If node's tag name, converted to ASCII lowercase, is the same as
            // the tag name of the token", the walk ends there.
            if local_name_in_lowercase(self.entries[index].name.local) == name {
                return ForeignEndTagWalk::Matched(index);
            }
            // Step 5. "Set node to the previous entry in the stack of open elements."
            index -= 1;
            // Step 6. "If node is not an element in the HTML namespace, return to the
            // step labeled loop."
            if self.entries[index].name.ns == Namespace::Html {
                return ForeignEndTagWalk::ReachedHtml;
            }
        }
    }

    /// Whether the stack has this very element in `scope`.
    pub(crate) fn has_node_in_scope(&self, scope: Scope, node: NodeId) -> bool {
        if self.reads_indexes() {
            return self
                .position(node)
                .is_some_and(|p| self.indexed_in_scope(scope, p));
        }
        self.has_in_scope_where(scope, |e| e.node == node)
    }
}

/// "The following elements have varying levels of special parsing rules": the special
/// category. <https://html.spec.whatwg.org/#special>
#[inline]
pub(crate) fn is_special(name: QualName) -> bool {
    match name.ns {
        Namespace::Html => matches!(
            name.local,
            local::ADDRESS
                | local::APPLET
                | local::AREA
                | local::ARTICLE
                | local::ASIDE
                | local::BASE
                | local::BASEFONT
                | local::BGSOUND
                | local::BLOCKQUOTE
                | local::BODY
                | local::BR
                | local::BUTTON
                | local::CAPTION
                | local::CENTER
                | local::COL
                | local::COLGROUP
                | local::DD
                | local::DETAILS
                | local::DIR
                | local::DIV
                | local::DL
                | local::DT
                | local::EMBED
                | local::FIELDSET
                | local::FIGCAPTION
                | local::FIGURE
                | local::FOOTER
                | local::FORM
                | local::FRAME
                | local::FRAMESET
                | local::H1
                | local::H2
                | local::H3
                | local::H4
                | local::H5
                | local::H6
                | local::HEAD
                | local::HEADER
                | local::HGROUP
                | local::HR
                | local::HTML
                | local::IFRAME
                | local::IMG
                | local::INPUT
                | local::KEYGEN
                | local::LI
                | local::LINK
                | local::LISTING
                | local::MAIN
                | local::MARQUEE
                | local::MENU
                | local::META
                | local::NAV
                | local::NOEMBED
                | local::NOFRAMES
                | local::NOSCRIPT
                | local::OBJECT
                | local::OL
                | local::P
                | local::PARAM
                | local::PLAINTEXT
                | local::PRE
                | local::SCRIPT
                | local::SEARCH
                | local::SECTION
                | local::SELECT
                | local::SOURCE
                | local::STYLE
                | local::SUMMARY
                | local::TABLE
                | local::TBODY
                | local::TD
                | local::TEMPLATE
                | local::TEXTAREA
                | local::TFOOT
                | local::TH
                | local::THEAD
                | local::TITLE
                | local::TR
                | local::TRACK
                | local::UL
                | local::WBR
                | local::XMP
        ),
        Namespace::MathMl => matches!(
            name.local,
            local::MI | local::MO | local::MN | local::MS | local::MTEXT | local::ANNOTATION_XML
        ),
        Namespace::Svg => matches!(
            name.local,
            local::FOREIGN_OBJECT | local::DESC | local::TITLE
        ),
    }
}

/// The elements "generate implied end tags" pops: dd, dt, li, optgroup, option, p, rb,
/// rp, rt, rtc. <https://html.spec.whatwg.org/#generate-implied-end-tags>
pub(crate) const IMPLIED_END_TAGS: &[LocalName] = &[
    local::DD,
    local::DT,
    local::LI,
    local::OPTGROUP,
    local::OPTION,
    local::P,
    local::RB,
    local::RP,
    local::RT,
    local::RTC,
];

/// The elements "generate all implied end tags thoroughly" pops: the implied end tags
/// and caption, colgroup, tbody, td, tfoot, th, thead, tr.
pub(crate) const IMPLIED_END_TAGS_THOROUGHLY: &[LocalName] = &[
    local::CAPTION,
    local::COLGROUP,
    local::DD,
    local::DT,
    local::LI,
    local::OPTGROUP,
    local::OPTION,
    local::P,
    local::RB,
    local::RP,
    local::RT,
    local::RTC,
    local::TBODY,
    local::TD,
    local::TFOOT,
    local::TH,
    local::THEAD,
    local::TR,
];

/// "h1", "h2", "h3", "h4", "h5", "h6".
pub(crate) const HEADINGS: &[LocalName] = &[
    local::H1,
    local::H2,
    local::H3,
    local::H4,
    local::H5,
    local::H6,
];

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(index: u32, ns: Namespace, local: LocalName) -> StackEntry {
        StackEntry {
            node: NodeId::from_index(index),
            name: QualName { ns, local },
            html_integration_point: false,
        }
    }

    #[test]
    fn scopes_stop_at_their_boundaries() {
        let mut stack = OpenElements::default();
        stack.push(entry(1, Namespace::Html, local::HTML));
        stack.push(entry(2, Namespace::Html, local::BODY));
        stack.push(entry(3, Namespace::Html, local::P));
        stack.push(entry(4, Namespace::Html, local::BUTTON));
        stack.push(entry(5, Namespace::Html, local::SPAN));
        assert!(stack.has_html_in_scope(Scope::Default, local::P));
        assert!(!stack.has_html_in_scope(Scope::Button, local::P));
        assert!(stack.has_html_in_scope(Scope::Table, local::P));
        stack.push(entry(6, Namespace::Svg, local::FOREIGN_OBJECT));
        assert!(!stack.has_html_in_scope(Scope::Default, local::BUTTON));
        assert!(stack.has_node_in_scope(Scope::Default, NodeId::from_index(6)));
        stack.push(entry(7, Namespace::Html, local::UL));
        assert!(!stack.has_html_in_scope(Scope::ListItem, local::BUTTON));
    }

    #[test]
    fn the_stack_is_edited_in_place() {
        let mut stack = OpenElements::default();
        stack.push(entry(1, Namespace::Html, local::HTML));
        stack.push(entry(2, Namespace::Html, local::B));
        stack.insert_at(1, entry(3, Namespace::Html, local::I));
        assert_eq!(stack.position(NodeId::from_index(3)), Some(1));
        assert_eq!(
            stack.remove_at(1).map(|e| e.node),
            Some(NodeId::from_index(3))
        );
        stack.replace_at(1, entry(4, Namespace::Html, local::B));
        assert!(!stack.contains(NodeId::from_index(2)));
        assert_eq!(stack.current().map(|e| e.node), Some(NodeId::from_index(4)));
        assert_eq!(stack.position_of_html(local::B), Some(1));
        assert!(stack.remove_at(9).is_none());
    }

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
                    assert_eq!(indexed, walked, "{scope:?} {name:?} in {:?}", stack.entries);
                    queries += 1;
                    queries_of_built_indexes += usize::from(stack.built);
                    // Where the spec's walk from the current node stops.
                    let walked = stack
                        .entries
                        .iter()
                        .rposition(|e| e.is_html(name) || is_special(e.name))
                        .unwrap_or(0);
                    if let Some(indexed) = stack.indexed_any_other_end_tag_stop(name) {
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
        assert!(!stack.built);
        assert_eq!(stack.position(NodeId::from_index(3)), Some(2));
        stack.insert_at(2, entry(100, Namespace::Html, local::B));
        assert!(stack.built);
        assert_eq!(stack.position(NodeId::from_index(3)), Some(3));
        assert_eq!(stack.position_of_html(local::B), Some(2));
        while stack.len() > 1 {
            stack.pop();
        }
        assert!(stack.built);
        assert_eq!(stack.position_of_html(local::B), None);
        assert!(stack.has_html_in_scope(Scope::Default, local::DIV));
        stack.clear();
        assert!(!stack.built);
        // With the fast paths off, the indexes are never built.
        stack.set_indexed(false);
        for node in 1..=4 * INDEXED_FROM_DEPTH as u32 {
            stack.push(entry(node, Namespace::Html, local::DIV));
        }
        assert!(!stack.built);
    }
}
