//! The fast paths' stand-ins when the `fast-paths` feature is off: they keep nothing,
//! [`StackIndexes::readable`] is always `None` and
//! [`FormattingCounts::count_in_the_pushed`] always `false`, so the stack of open
//! elements always walks and the list of active formatting elements always scans.

use crate::dom::NodeId;
use crate::names::LocalName;
use crate::tree_builder::active_formatting::{Entry, FormattingElement};
use crate::tree_builder::open_elements::{ForeignEndTagWalk, Scope, StackEntry};

/// No indexes.
#[derive(Debug, Default)]
pub(crate) struct StackIndexes {}

impl StackIndexes {
    pub(crate) fn clear(&mut self) {}

    pub(crate) fn retained_bytes(&self) -> usize {
        0
    }

    pub(crate) fn set_enabled(&mut self, _on: bool) {}

    #[inline]
    pub(crate) fn readable(&self) -> Option<&StackIndexes> {
        None
    }

    #[inline]
    pub(crate) fn follow_edit(&mut self, _entries: &[StackEntry], _position: usize) {}

    // The queries below are never asked: `readable` is `None`.

    pub(crate) fn position(&self, _node: NodeId) -> Option<usize> {
        None
    }

    pub(crate) fn position_of_html(&self, _name: LocalName) -> Option<usize> {
        None
    }

    pub(crate) fn in_scope(&self, _scope: Scope, _position: usize) -> bool {
        false
    }

    pub(crate) fn any_other_end_tag_stop(&self, _name: LocalName) -> usize {
        0
    }

    pub(crate) fn foreign_end_tag_walk(
        &self,
        _current: usize,
        _name: LocalName,
    ) -> ForeignEndTagWalk {
        ForeignEndTagWalk::ReachedTop
    }
}

/// No counts.
#[derive(Debug, Default)]
pub(crate) struct FormattingCounts {}

impl FormattingCounts {
    pub(crate) fn clear(&mut self) {}

    pub(crate) fn retained_bytes(&self) -> usize {
        0
    }

    pub(crate) fn set_enabled(&mut self, _on: bool) {}

    #[inline]
    pub(crate) fn count_in_the_pushed(
        &mut self,
        _entries: &[Entry],
        _attribute_bytes: &[u8],
        _element: &FormattingElement,
    ) -> bool {
        false
    }

    #[inline]
    pub(crate) fn count_in(&mut self, _entry: &Entry, _attribute_bytes: &[u8]) {}

    #[inline]
    pub(crate) fn count_out(&mut self, _entry: &Entry, _attribute_bytes: &[u8]) {}
}
