//! The stack of open elements and the element categories it is read through.
//!
//! <https://html.spec.whatwg.org/#the-stack-of-open-elements>
//!
//! Each entry keeps the element's [`QualName`] beside its [`NodeId`], so that every
//! test the algorithms make ("is the current node a `p` element", "has a `table`
//! element in table scope") reads the stack alone, never the document. Every change
//! goes through the few methods of [`OpenElements`] (`push`, `pop`, `remove_at`,
//! `move_below`, `replace_node_at`), and each query ("has an element in scope", "the
//! position of node") reads as the spec's walk.
//!
//! The entries are linked to the entries above and below them (tree_builder/linked.rs),
//! and a [`StackSlot`] names one entry wherever it is: the adoption agency algorithm
//! removes entries from the middle of the stack and inserts one below its furthest
//! block, and with a vector every such edit would move every entry below it (a
//! document of n misnested `<b>`s over n `<div>`s would take time in n²). Each entry
//! also carries its place in stack order as a number, so that two entries compare in
//! constant time.
//!
//! Once the stack grows deep, a fast path answers the queries from indexes kept beside
//! the entries instead ([`StackIndexes`], in tree_builder/fast/): each edit hands the
//! entry to the indexes, and each query first asks [`StackIndexes::readable`]; with the
//! fast paths off (or not compiled) the stack only walks. Popping is the tree builder's
//! business (an `option` leaving the stack may update a `selectedcontent`), so the tree
//! builder wraps `pop`.

use super::fast::StackIndexes;
use super::linked::{Linked, NO_SLOT};
use super::svg_tag_names::local_name_in_lowercase;
use crate::dom::{Namespace, NodeId, QualName};
use crate::names::{local, LocalName};
use crate::seams::Standard;
use crate::tree_builder::Seams;

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

/// One entry of the stack, wherever it is: a handle that stays with its entry while
/// others are pushed, popped, removed or inserted around it. It is not a count: the
/// entry above is [`OpenElements::above`], never a subtraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StackSlot(u32);

fn slot(index: u32) -> Option<StackSlot> {
    (index != NO_SLOT).then_some(StackSlot(index))
}

impl StackSlot {
    /// The slot's number, for tables kept per slot (the indexes).
    #[cfg_attr(not(feature = "fast-paths"), allow(dead_code))]
    #[inline]
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }

    /// The slot with this number (the indexes' tables store numbers).
    #[cfg_attr(not(feature = "fast-paths"), allow(dead_code))]
    #[inline]
    pub(crate) fn from_index(index: u32) -> StackSlot {
        StackSlot(index)
    }
}

/// The stack of open elements. "The stack grows downwards; the topmost node on the
/// stack is the first one added to the stack, and the bottommost node of the stack is
/// the most recently added node in the stack." The topmost node is the `html` element.
#[derive(Debug)]
pub(crate) struct OpenElements<D = Standard> {
    /// The departures this parse takes ([`Standard`]: none; see `crate::seams`): a
    /// scope's list is a seam.
    pub(super) departures: D,
    /// The entries, topmost first, each at its slot (tree_builder/linked.rs).
    entries: Linked<StackEntry>,
    /// The depth the stack reached since its indexes last gave room back.
    high_water: usize,
    /// The fast path's indexes of the entries (tree_builder/fast/stack_indexes.rs).
    indexes: StackIndexes,
}

/// Where the walk of "any other end tag" in foreign content ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ForeignEndTagWalk {
    /// At this entry, whose lowercase name is the token's.
    Matched(StackSlot),
    /// At an element in the HTML namespace: the token goes to the insertion mode.
    ReachedHtml,
    /// At the topmost element (the fragment case).
    ReachedTop,
}

/// Room reserved for a stack this deep: most documents stay below it, so a parse
/// allocates the stack once.
const RESERVED_DEPTH: usize = 32;

impl<D: Default> Default for OpenElements<D> {
    fn default() -> Self {
        OpenElements {
            departures: D::default(),
            entries: Linked::with_capacity(RESERVED_DEPTH),
            high_water: 0,
            indexes: StackIndexes::default(),
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
    pub(crate) fn is_boundary(self, name: QualName) -> bool {
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

    /// The HTML elements the scope's list adds to those of "has a particular element
    /// in scope" (for the table scope, its whole list: it adds none of the default
    /// list's, and every element of its own list is an HTML element).
    pub(crate) fn own_html_names(self) -> &'static [LocalName] {
        match self {
            Scope::Default => &[],
            Scope::ListItem => &[local::OL, local::UL],
            Scope::Button => &[local::BUTTON],
            Scope::Table => &[local::HTML, local::TABLE, local::TEMPLATE],
        }
    }
}

/// The element types of "has a particular element in scope": applet, caption, html,
/// table, td, th, marquee, object, select, template; MathML mi, mo, mn, ms, mtext,
/// annotation-xml; SVG foreignObject, desc, title. (`select` joined the list with the
/// relaxed select parsing; litmus's text of the standard lost the list, html5lib's
/// `<font><select><option>a</option></font></select>` case checks it.)
pub(crate) fn is_default_scope_boundary(name: QualName) -> bool {
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

/// Where the walk of "a start tag whose tag name is "li"" (or "dd", "dt") in "in body"
/// ends for any node, whatever the token: "If node is in the special category, but is
/// not an address, div, or p element, then jump to the step labeled done below."
#[cfg_attr(not(feature = "fast-paths"), allow(dead_code))]
pub(crate) fn ends_the_list_item_walk(name: QualName) -> bool {
    is_special(name)
        && !(name.ns == Namespace::Html
            && matches!(name.local, local::ADDRESS | local::DIV | local::P))
}

/// The elements at which "reset the insertion mode appropriately" can stop before
/// the topmost node: td, th, tr, tbody, thead, tfoot, caption, colgroup, table,
/// template, head, body, frameset, html (all in the special category).
#[cfg_attr(not(feature = "fast-paths"), allow(dead_code))]
pub(crate) fn ends_the_reset_walk(name: QualName) -> bool {
    name.ns == Namespace::Html
        && matches!(
            name.local,
            local::TD
                | local::TH
                | local::TR
                | local::TBODY
                | local::THEAD
                | local::TFOOT
                | local::CAPTION
                | local::COLGROUP
                | local::TABLE
                | local::TEMPLATE
                | local::HEAD
                | local::BODY
                | local::FRAMESET
                | local::HTML
        )
}

impl<D: Seams> OpenElements<D> {
    /// Empties the stack and its indexes, keeping their room.
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        self.high_water = 0;
        self.indexes.clear();
    }

    /// The bytes the stack holds on to, roughly.
    pub(crate) fn retained_bytes(&self) -> usize {
        self.entries.retained_bytes() + self.indexes.retained_bytes()
    }

    /// Whether queries may be answered from the indexes (`true`, the default) once the
    /// stack has been deep enough to build them, or always by the spec's walks.
    pub(crate) fn set_indexed(&mut self, on: bool) {
        self.indexes.set_enabled(on);
    }

    /// The indexes, when they may answer a query instead of the spec's walk (the fast
    /// path: a deep stack, the fast paths on).
    #[inline]
    fn indexes(&self) -> Option<&StackIndexes> {
        self.indexes.readable()
    }

    /// Whether the indexes are kept now.
    #[cfg(all(test, feature = "fast-paths"))]
    pub(crate) fn indexes_built(&self) -> bool {
        self.indexes.is_built()
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The entry at `slot`, if it is on the stack.
    #[inline]
    pub(crate) fn get(&self, slot: StackSlot) -> Option<&StackEntry> {
        self.entries.get(slot.0)
    }

    /// "The current node is the bottommost node in this stack of open elements."
    #[inline]
    pub(crate) fn current(&self) -> Option<&StackEntry> {
        self.entries.get(self.entries.last())
    }

    /// The current node's slot.
    pub(crate) fn current_slot(&self) -> Option<StackSlot> {
        slot(self.entries.last())
    }

    /// The topmost node: the `html` element.
    pub(crate) fn first(&self) -> Option<&StackEntry> {
        self.entries.get(self.entries.first())
    }

    /// The topmost node's slot.
    pub(crate) fn first_slot(&self) -> Option<StackSlot> {
        slot(self.entries.first())
    }

    /// "The second element on the stack of open elements".
    pub(crate) fn second(&self) -> Option<&StackEntry> {
        self.entries.get(self.entries.after(self.entries.first()))
    }

    /// The slot of the entry immediately above the one at `slot`.
    pub(crate) fn above(&self, at: StackSlot) -> Option<StackSlot> {
        slot(self.entries.before(at.0))
    }

    /// The slot of the entry immediately below the one at `slot`.
    pub(crate) fn below(&self, at: StackSlot) -> Option<StackSlot> {
        slot(self.entries.after(at.0))
    }

    /// Whether the entry at `a` is lower in the stack than the one at `b` (both on the
    /// stack).
    #[inline]
    pub(crate) fn is_below(&self, a: StackSlot, b: StackSlot) -> bool {
        self.entries.order(a.0) > self.entries.order(b.0)
    }

    /// The lower of two entries, either of which may be absent.
    pub(crate) fn lower_of(&self, a: Option<StackSlot>, b: Option<StackSlot>) -> Option<StackSlot> {
        match (a, b) {
            (Some(a), Some(b)) => Some(if self.is_below(b, a) { b } else { a }),
            (a, b) => a.or(b),
        }
    }

    /// The entries, topmost first.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &StackEntry> + '_ {
        self.entries
            .forward_from(self.entries.first())
            .map(|(_, entry)| entry)
    }

    /// The entries from the current node up, with their slots.
    pub(crate) fn walk_up(&self) -> impl Iterator<Item = (StackSlot, &StackEntry)> + '_ {
        self.entries
            .backward_from(self.entries.last())
            .map(|(at, entry)| (StackSlot(at), entry))
    }

    /// Builds the indexes from every entry, topmost first.
    #[cold]
    #[inline(never)]
    fn build_indexes(&mut self) {
        let entries = &self.entries;
        self.indexes.build(
            entries
                .forward_from(entries.first())
                .map(|(at, entry)| (StackSlot(at), *entry)),
        );
    }

    #[inline]
    pub(crate) fn push(&mut self, entry: StackEntry) {
        let at = self.entries.push(entry);
        self.high_water = self.high_water.max(self.entries.len());
        if self.indexes.is_kept() {
            self.indexes.pushed(StackSlot(at), entry);
        } else if self.indexes.wants_building(self.entries.len()) {
            self.build_indexes();
        }
    }

    /// Takes the current node off the stack. Use `TreeBuilder::pop_the_current_node`,
    /// which runs what popping an element sets off.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<StackEntry> {
        let (at, entry) = self.entries.pop()?;
        if self.indexes.is_kept() {
            self.indexes.removed(StackSlot(at), &entry);
            self.indexes.forget_slots_from(self.entries.slots());
            // A deep stack popped to a quarter of its depth gives the room of its
            // nodes' slots back, up to the last node still on it (a walk of what is
            // left, paid for by the pops).
            if self.high_water >= 1024 && 4 * self.entries.len() < self.high_water {
                self.high_water = self.entries.len();
                let nodes = self.iter().map(|e| e.node.index() + 1).max().unwrap_or(0);
                self.indexes.forget_nodes_from(nodes);
            }
        }
        Some(entry)
    }

    /// Removes the entry at `slot` from wherever it is in the stack.
    pub(crate) fn remove_at(&mut self, at: StackSlot) -> Option<StackEntry> {
        let entry = self.entries.remove(at.0)?;
        if self.indexes.is_kept() {
            self.indexes.removed(at, &entry);
        }
        Some(entry)
    }

    /// Makes the entry at `slot` stand for another element with the same name ("replace
    /// the entry for node in the stack of open elements with an entry for the new
    /// element").
    pub(crate) fn replace_node_at(&mut self, at: StackSlot, node: NodeId) {
        let Some(entry) = self.entries.get_mut(at.0) else {
            return;
        };
        let old = entry.node;
        entry.node = node;
        if self.indexes.is_kept() {
            self.indexes.node_replaced(at, old, node);
        }
    }

    /// Removes the entry at `slot` from the stack and inserts `entry` immediately below
    /// the one at `anchor` (step 19 of the adoption agency algorithm). The new entry
    /// takes the slot over. The cost is constant, but for the indexes' look at the
    /// entries between the removed one and `anchor` when it was above `anchor`.
    pub(crate) fn move_below(&mut self, at: StackSlot, anchor: StackSlot, entry: StackEntry) {
        let Some(old) = self.get(at).copied() else {
            return;
        };
        if at == anchor || self.get(anchor).is_none() {
            return;
        }
        let old_above = self.entries.before(at.0);
        // Whether the entry was above `anchor`: then the entries the indexes must look
        // at to place the new one are those from `anchor` up to the one that was just
        // above it.
        let was_above_anchor =
            old_above == NO_SLOT || self.entries.order(old_above) < self.entries.order(anchor.0);
        self.entries.move_after(at.0, anchor.0, entry);
        if !self.indexes.is_kept() {
            return;
        }
        let placed = was_above_anchor && {
            let OpenElements {
                entries, indexes, ..
            } = self;
            let between = entries
                .backward_from(anchor.0)
                .take_while(|&(s, _)| s != old_above)
                .map(|(s, e)| (StackSlot(s), *e));
            indexes.moved(at, old, entry, between)
        };
        if !placed {
            self.indexes.clear_kept();
            self.build_indexes();
        }
    }

    /// The slot of `node` in the stack, searching from the current node up.
    pub(crate) fn position(&self, node: NodeId) -> Option<StackSlot> {
        if let Some(indexes) = self.indexes() {
            return indexes.position(node);
        }
        self.walk_up()
            .find(|(_, entry)| entry.node == node)
            .map(|(slot, _)| slot)
    }

    pub(crate) fn contains(&self, node: NodeId) -> bool {
        self.position(node).is_some()
    }

    /// The slot of the bottommost HTML element with this local name.
    pub(crate) fn position_of_html(&self, name: LocalName) -> Option<StackSlot> {
        if let Some(indexes) = self.indexes() {
            return indexes.last_html(name);
        }
        self.walk_up()
            .find(|(_, entry)| entry.is_html(name))
            .map(|(slot, _)| slot)
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
        for (_, entry) in self.walk_up() {
            // Step 2. "If node is target node, terminate in a match state."
            if is_target(entry) {
                return true;
            }
            // Step 3. "Otherwise, if node is one of the element types in list, terminate
            // in a failure state."
            let in_the_list = D::scope_list(self.departures, scope, entry.name)
                .unwrap_or_else(|| scope.is_boundary(entry.name));
            if in_the_list {
                return false;
            }
            // Step 4. "Otherwise, set node to the previous entry in the stack of open
            // elements and return to step 2."
        }
        false
    }

    /// From the indexes: whether the entry at `target` is in `scope`: no element of the
    /// scope's list lies below it (a boundary that is the target itself is met first).
    fn in_scope_indexed(&self, indexes: &StackIndexes, scope: Scope, target: StackSlot) -> bool {
        let mut lowest = match scope {
            Scope::Table => None,
            _ => indexes.last_default_boundary(),
        };
        for &name in scope.own_html_names() {
            lowest = self.lower_of(lowest, indexes.last_html(name));
        }
        lowest.is_none_or(|boundary| !self.is_below(boundary, target))
    }

    /// Whether the stack has an HTML element with this local name in `scope`.
    pub(crate) fn has_html_in_scope(&self, scope: Scope, name: LocalName) -> bool {
        if let Some(indexes) = self.indexes() {
            return indexes
                .last_html(name)
                .is_some_and(|target| self.in_scope_indexed(indexes, scope, target));
        }
        self.has_in_scope_where(scope, |e| e.is_html(name))
    }

    /// Whether the stack has an HTML element whose local name is one of `names` in
    /// `scope`.
    pub(crate) fn has_html_one_of_in_scope(&self, scope: Scope, names: &[LocalName]) -> bool {
        if let Some(indexes) = self.indexes() {
            return names
                .iter()
                .fold(None, |lowest, &name| {
                    self.lower_of(lowest, indexes.last_html(name))
                })
                .is_some_and(|target| self.in_scope_indexed(indexes, scope, target));
        }
        self.has_in_scope_where(scope, |e| e.is_html_one_of(names))
    }

    /// Whether the stack has this very element in `scope`.
    pub(crate) fn has_node_in_scope(&self, scope: Scope, node: NodeId) -> bool {
        if let Some(indexes) = self.indexes() {
            return indexes
                .position(node)
                .is_some_and(|target| self.in_scope_indexed(indexes, scope, target));
        }
        self.has_in_scope_where(scope, |e| e.node == node)
    }

    /// Steps 3 to 6 of "any other end tag" in foreign content, from the current node:
    /// where the walk for an element whose name, converted to ASCII lowercase, is `name`
    /// ends. <https://html.spec.whatwg.org/#parsing-main-inforeign>
    pub(crate) fn foreign_end_tag_walk(&self, name: LocalName) -> ForeignEndTagWalk {
        let Some(current) = self.current_slot() else {
            return ForeignEndTagWalk::ReachedTop;
        };
        if let Some(indexes) = self.indexes() {
            // The walk tests the entries from the current node up to the bottommost HTML
            // element, the topmost entry excepted, then reaches that HTML element (or
            // the top).
            if Some(current) == self.first_slot() {
                return ForeignEndTagWalk::ReachedTop;
            }
            let html = indexes.last_html_namespace();
            let matched = indexes.last_foreign(name).filter(|&p| {
                Some(p) != self.first_slot() && html.is_none_or(|h| self.is_below(p, h))
            });
            return match (matched, html) {
                (Some(p), _) => ForeignEndTagWalk::Matched(p),
                (None, Some(_)) => ForeignEndTagWalk::ReachedHtml,
                (None, None) => ForeignEndTagWalk::ReachedTop,
            };
        }
        let mut slot = current;
        loop {
            let Some(above) = self.above(slot) else {
                // Step 3. "Loop: If node is the topmost element in the stack of open
                // elements, then return. (fragment case)"
                return ForeignEndTagWalk::ReachedTop;
            };
            // Step 4. "If node's tag name, converted to ASCII lowercase, is the same as
            // the tag name of the token", the walk ends there.
            if self
                .get(slot)
                .is_some_and(|e| local_name_in_lowercase(e.name.local) == name)
            {
                return ForeignEndTagWalk::Matched(slot);
            }
            // Step 5. "Set node to the previous entry in the stack of open elements."
            slot = above;
            // Step 6. "If node is not an element in the HTML namespace, return to the
            // step labeled loop."
            if self.get(slot).is_some_and(|e| e.name.ns == Namespace::Html) {
                return ForeignEndTagWalk::ReachedHtml;
            }
        }
    }

    /// Where the walk of "any other end tag" in "in body" may start: the current node,
    /// or, from a deep stack's indexes, the entry where the walk stops (the bottommost
    /// HTML element with this name or element in the special category; the topmost
    /// entry if there is neither).
    pub(crate) fn any_other_end_tag_walk_start(&self, name: LocalName) -> Option<StackSlot> {
        match self.indexes() {
            Some(indexes) => self
                .lower_of(indexes.last_html(name), indexes.last_special())
                .or(self.first_slot()),
            None => self.current_slot(),
        }
    }

    /// Where the walk of "a start tag whose tag name is "li"" (or "dd", "dt") in "in
    /// body" may start: the current node, or, from a deep stack's indexes, the entry
    /// where it stops (the bottommost HTML element named one of `names`, or element
    /// that [`ends_the_list_item_walk`]; the topmost entry if there is none).
    pub(crate) fn list_item_walk_start(&self, names: &[LocalName]) -> Option<StackSlot> {
        match self.indexes() {
            Some(indexes) => names
                .iter()
                .fold(indexes.last_list_item_walk_end(), |lowest, &name| {
                    self.lower_of(lowest, indexes.last_html(name))
                })
                .or(self.first_slot()),
            None => self.current_slot(),
        }
    }

    /// Where the walk of "reset the insertion mode appropriately" may start: the current
    /// node, or, from a deep stack's indexes, the bottommost element that
    /// [`ends_the_reset_walk`] (the topmost entry if there is none): the walk passes
    /// every other entry below the topmost.
    pub(crate) fn reset_walk_start(&self) -> Option<StackSlot> {
        match self.indexes() {
            Some(indexes) => indexes.last_reset_walk_end().or(self.first_slot()),
            None => self.current_slot(),
        }
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
pub(crate) mod tests {
    use super::*;

    /// A stack entry for node `index`, named `local` in `ns`.
    pub(crate) fn entry(index: u32, ns: Namespace, local: LocalName) -> StackEntry {
        StackEntry {
            node: NodeId::from_index(index),
            name: QualName { ns, local },
            html_integration_point: false,
        }
    }

    #[test]
    fn scopes_stop_at_their_boundaries() {
        let mut stack: OpenElements = OpenElements::default();
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

    /// The nodes of the stack, topmost first.
    pub(crate) fn nodes(stack: &OpenElements) -> Vec<u32> {
        stack.iter().map(|e| e.node.index() as u32).collect()
    }

    #[test]
    fn the_stack_is_edited_in_place() {
        let mut stack: OpenElements = OpenElements::default();
        stack.push(entry(1, Namespace::Html, local::HTML));
        stack.push(entry(2, Namespace::Html, local::B));
        stack.push(entry(3, Namespace::Html, local::DIV));
        stack.push(entry(4, Namespace::Html, local::DIV));
        let b = stack.position(NodeId::from_index(2)).unwrap();
        let div = stack.position(NodeId::from_index(3)).unwrap();
        assert_eq!(stack.above(div), Some(b));
        assert_eq!(stack.below(b), Some(div));
        assert!(stack.is_below(div, b));
        // The adoption agency's step 19: b leaves its place, a new b goes below the div.
        stack.move_below(b, div, entry(5, Namespace::Html, local::B));
        assert_eq!(nodes(&stack), [1, 3, 5, 4]);
        assert!(!stack.contains(NodeId::from_index(2)));
        assert_eq!(stack.position(NodeId::from_index(5)), Some(b));
        assert!(stack.is_below(b, div));
        stack.replace_node_at(b, NodeId::from_index(6));
        assert_eq!(stack.position_of_html(local::B), Some(b));
        assert_eq!(
            stack.remove_at(div).map(|e| e.node),
            Some(NodeId::from_index(3))
        );
        assert_eq!(nodes(&stack), [1, 6, 4]);
        assert_eq!(stack.second().map(|e| e.node), Some(NodeId::from_index(6)));
        assert!(stack.remove_at(div).is_none());
        // A freed slot is taken by the next push, below the others.
        stack.push(entry(7, Namespace::Html, local::P));
        assert_eq!(nodes(&stack), [1, 6, 4, 7]);
        assert_eq!(stack.current_slot(), Some(div));
        assert_eq!(stack.len(), 4);
        while stack.pop().is_some() {}
        assert_eq!(stack.len(), 0);
        assert!(stack.current().is_none());
    }

    /// Insertions below one entry over and over renumber the entries below it, and
    /// stack order stays right.
    #[test]
    fn orders_are_renumbered_when_an_insertion_finds_no_room() {
        let mut stack: OpenElements = OpenElements::default();
        stack.push(entry(1, Namespace::Html, local::HTML));
        stack.push(entry(2, Namespace::Html, local::DIV));
        for node in 3..40 {
            stack.push(entry(node, Namespace::Html, local::SPAN));
        }
        let div = stack.position(NodeId::from_index(2)).unwrap();
        // Each time, a b pushed at the bottom moves to just below the div.
        for node in 100..300 {
            stack.push(entry(node, Namespace::Html, local::B));
            let b = stack.current_slot().unwrap();
            stack.move_below(b, div, entry(node + 1000, Namespace::Html, local::B));
        }
        let order: Vec<StackSlot> = stack.walk_up().map(|(slot, _)| slot).collect();
        for pair in order.windows(2) {
            assert!(stack.is_below(pair[0], pair[1]));
        }
        let expected: Vec<u32> = [1, 2]
            .into_iter()
            .chain((1100..1300).rev())
            .chain(3..40)
            .collect();
        assert_eq!(nodes(&stack), expected);
    }
}
