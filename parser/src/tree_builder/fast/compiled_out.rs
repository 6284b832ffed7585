//! The fast paths' stand-ins when the `fast-paths` feature is off: they keep nothing,
//! [`StackIndexes::readable`] and [`FormattingIndexes::readable`] are always `None`,
//! so the stack of open elements always walks, the list of active formatting elements
//! always scans and select.rs always walks up the tree.

use crate::dom::NodeId;
use crate::names::LocalName;
use crate::tree_builder::active_formatting::{Entry, FormattingElement, ListSlot};
use crate::tree_builder::open_elements::{StackEntry, StackSlot};
use crate::tree_builder::TreeSink;

/// No indexes.
#[derive(Debug, Default)]
pub(crate) struct StackIndexes {}

impl StackIndexes {
    pub(crate) fn clear(&mut self) {}

    pub(crate) fn clear_kept(&mut self) {}

    pub(crate) fn retained_bytes(&self) -> usize {
        0
    }

    pub(crate) fn set_enabled(&mut self, _on: bool) {}

    #[inline]
    pub(crate) fn readable(&self) -> Option<&StackIndexes> {
        None
    }

    #[inline]
    pub(crate) fn is_kept(&self) -> bool {
        false
    }

    #[inline]
    pub(crate) fn wants_building(&self, _len: usize) -> bool {
        false
    }

    pub(crate) fn build(&mut self, _entries: impl Iterator<Item = (StackSlot, StackEntry)>) {}

    pub(crate) fn pushed(&mut self, _at: StackSlot, _entry: StackEntry) {}

    pub(crate) fn removed(&mut self, _at: StackSlot, _entry: &StackEntry) {}

    pub(crate) fn forget_slots_from(&mut self, _slots: usize) {}

    pub(crate) fn forget_nodes_from(&mut self, _nodes: usize) {}

    pub(crate) fn node_replaced(&mut self, _at: StackSlot, _old: NodeId, _new: NodeId) {}

    pub(crate) fn moved(
        &mut self,
        _at: StackSlot,
        _old: StackEntry,
        _new: StackEntry,
        _between: impl Iterator<Item = (StackSlot, StackEntry)>,
    ) -> bool {
        true
    }

    // The queries below are never asked: `readable` is `None`.

    pub(crate) fn position(&self, _node: NodeId) -> Option<StackSlot> {
        None
    }

    pub(crate) fn last_html(&self, _name: LocalName) -> Option<StackSlot> {
        None
    }

    pub(crate) fn last_foreign(&self, _name: LocalName) -> Option<StackSlot> {
        None
    }

    pub(crate) fn last_html_namespace(&self) -> Option<StackSlot> {
        None
    }

    pub(crate) fn last_special(&self) -> Option<StackSlot> {
        None
    }

    pub(crate) fn last_default_boundary(&self) -> Option<StackSlot> {
        None
    }

    pub(crate) fn last_list_item_walk_end(&self) -> Option<StackSlot> {
        None
    }

    pub(crate) fn last_reset_walk_end(&self) -> Option<StackSlot> {
        None
    }
}

/// No indexes of the list.
#[derive(Debug, Default)]
pub(crate) struct FormattingIndexes {}

impl FormattingIndexes {
    pub(crate) fn clear(&mut self) {}

    pub(crate) fn retained_bytes(&self) -> usize {
        0
    }

    pub(crate) fn set_enabled(&mut self, _on: bool) {}

    #[inline]
    pub(crate) fn readable(&self) -> Option<&FormattingIndexes> {
        None
    }

    #[inline]
    pub(crate) fn is_kept(&self) -> bool {
        false
    }

    #[inline]
    pub(crate) fn wants_building(&self, _len: usize) -> bool {
        false
    }

    pub(crate) fn build(
        &mut self,
        _entries: impl Iterator<Item = (ListSlot, Entry, u64)>,
        _attribute_bytes: &[u8],
    ) {
    }

    pub(crate) fn added(
        &mut self,
        _slot: ListSlot,
        _entry: &Entry,
        _order: u64,
        _attribute_bytes: &[u8],
    ) {
    }

    pub(crate) fn removed(&mut self, _slot: ListSlot) {}

    pub(crate) fn node_replaced(&mut self, _slot: ListSlot, _old: NodeId, _new: NodeId) {}

    pub(crate) fn renumbered(&mut self, _slot: ListSlot, _order: u64) {}

    // The searches below are never asked: `readable` is `None`.

    pub(crate) fn position(&self, _node: NodeId) -> Option<ListSlot> {
        None
    }

    pub(crate) fn last_named(&self, _name: LocalName) -> Option<ListSlot> {
        None
    }

    pub(crate) fn last_marker(&self) -> Option<ListSlot> {
        None
    }

    pub(crate) fn alike_after(
        &self,
        _element: &FormattingElement,
        _attribute_bytes: &[u8],
        _is_after: impl Fn(ListSlot) -> bool,
        _is_alike: impl Fn(ListSlot) -> bool,
    ) -> (usize, Option<ListSlot>) {
        (0, None)
    }
}

/// What the walks find: never asked, as [`SelectAncestry::readable`] is `None`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Ancestry {
    pub(crate) nearest_select: Option<NodeId>,
    pub(crate) second_select: bool,
    pub(crate) option_select: Option<NodeId>,
    pub(crate) nearest_option: Option<NodeId>,
}

/// No answers kept: select.rs always walks.
#[derive(Debug, Default)]
pub(crate) struct SelectAncestry {}

impl SelectAncestry {
    pub(crate) fn clear(&mut self) {}

    pub(crate) fn retained_bytes(&self) -> usize {
        0
    }

    pub(crate) fn set_enabled(&mut self, _on: bool) {}

    #[inline]
    pub(crate) fn readable(&mut self) -> Option<&mut SelectAncestry> {
        None
    }

    pub(crate) fn of<S: TreeSink>(&mut self, _sink: &S, _node: NodeId) -> Ancestry {
        Ancestry::default()
    }

    pub(crate) fn of_parent<S: TreeSink>(&mut self, _sink: &S, _node: NodeId) -> Ancestry {
        Ancestry::default()
    }

    #[inline]
    pub(crate) fn node_moved<S: TreeSink>(&mut self, _sink: &S, _node: NodeId) {}

    #[inline]
    pub(crate) fn children_moved<S: TreeSink>(&mut self, _sink: &S, _parent: NodeId) {}
}
