//! What a node's ancestors say about selects: a fast path for select.rs's walks.
//!
//! The steps the standard runs when the parser inserts or pops an `option` and when it
//! inserts a `selectedcontent` walk the node's ancestors: "an option element's option
//! element nearest ancestor select" (<https://html.spec.whatwg.org/#option-element-nearest-ancestor-select>),
//! and "the selectedcontent element's insertion steps", which look for a select
//! ancestor and then for a second one. Each walk costs the node's depth, so a document
//! of n nested `<selectedcontent>` elements, or n `<option>`s under n `<div>`s in a
//! select, takes time in n². [`SelectAncestry`] keeps, for nodes whose ancestors it has
//! walked, what the walks would find from them ([`Ancestry`]), each worked out from
//! its parent's: a walk stops at the first node whose answer is known, and records the
//! answers of the nodes it passed.
//!
//! What is kept stays true while the tree changes: a node's answer is kept only when
//! its parent's is (a walk records whole paths), so a node the parser inserts has no
//! kept descendants; and the few steps that move nodes the parser has already inserted
//! tell this module, which works the moved node's answer out again and, when it
//! changed, those of its descendants with answers kept:
//!
//! - the adoption agency algorithm moves its furthest block, and the furthest block's
//!   children into a new element (`node_moved`, `children_moved`);
//! - cloning an option into a selectedcontent removes its children (`node_moved` for
//!   each, now without a parent);
//! - a `frameset` start tag removes the body from the document (`node_moved`).
//!
//! The test below builds trees at random, moves and removes nodes, and compares every
//! answer with the walks'.

use crate::dom::{Namespace, NodeId, QualName};
use crate::names::local;
use crate::tree_builder::TreeSink;

/// What the walks from one node up find (the node included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Ancestry {
    known: bool,
    /// The nearest inclusive ancestor that is a `select` element.
    pub(crate) nearest_select: Option<NodeId>,
    /// Whether a `select` element is above that one.
    pub(crate) second_select: bool,
    /// Where "option element nearest ancestor select" ends when its walk reaches this
    /// node: with "ancestorOptgroup" null, and with it set.
    pub(crate) option_select: Option<NodeId>,
    option_select_past_an_optgroup: Option<NodeId>,
    /// The nearest inclusive ancestor that is an `option` element.
    pub(crate) nearest_option: Option<NodeId>,
}

/// The answers for a node with no parent: nothing above.
const NOTHING_ABOVE: Ancestry = Ancestry {
    known: true,
    nearest_select: None,
    second_select: false,
    option_select: None,
    option_select_past_an_optgroup: None,
    nearest_option: None,
};

impl Ancestry {
    /// The answers for `node`, named `name` (`None`: not an element), whose parent's
    /// are `above`: the walks' steps for one ancestor.
    pub(crate) fn of_child(above: Ancestry, node: NodeId, name: Option<QualName>) -> Ancestry {
        let mut ancestry = Ancestry {
            known: true,
            ..above
        };
        let Some(name) = name.filter(|n| n.ns == Namespace::Html) else {
            return ancestry;
        };
        match name.local {
            // "If ancestor is a select, then return ancestor." (And for
            // selectedcontent: "if nearestSelectAncestor is null, set
            // nearestSelectAncestor to ancestor; otherwise, set selectedcontent's
            // disabled state to true.")
            local::SELECT => {
                ancestry.second_select = above.nearest_select.is_some();
                ancestry.nearest_select = Some(node);
                ancestry.option_select = Some(node);
                ancestry.option_select_past_an_optgroup = Some(node);
            }
            // "If ancestor is a datalist, hr, or option element, then return null."
            local::DATALIST | local::HR | local::OPTION => {
                ancestry.option_select = None;
                ancestry.option_select_past_an_optgroup = None;
                if name.local == local::OPTION {
                    ancestry.nearest_option = Some(node);
                }
            }
            // "If ancestor is an optgroup element: if ancestorOptgroup is not null, then
            // return null; set ancestorOptgroup to ancestor."
            local::OPTGROUP => {
                ancestry.option_select = above.option_select_past_an_optgroup;
                ancestry.option_select_past_an_optgroup = None;
            }
            _ => {}
        }
        ancestry
    }
}

/// The answers kept per node (see the module's documentation).
#[derive(Debug)]
pub(crate) struct SelectAncestry {
    /// Whether the answers may be kept and read (the fast paths on).
    enabled: bool,
    /// Indexed by `NodeId`; `known` is false where nothing is kept.
    kept: Vec<Ancestry>,
    /// The path of a walk, reused.
    path: Vec<NodeId>,
}

impl Default for SelectAncestry {
    fn default() -> Self {
        SelectAncestry {
            enabled: true,
            kept: Vec::new(),
            path: Vec::new(),
        }
    }
}

impl SelectAncestry {
    /// Forgets every answer (a new parse), and turns the fast path back on.
    pub(crate) fn clear(&mut self) {
        crate::buffers::clear(&mut self.kept);
        self.path.clear();
        self.enabled = true;
    }

    /// The bytes the answers hold on to, roughly.
    pub(crate) fn retained_bytes(&self) -> usize {
        crate::buffers::heap_bytes(&self.kept) + crate::buffers::heap_bytes(&self.path)
    }

    /// Whether answers may be kept (`true`, the default) or select.rs always walks.
    pub(crate) fn set_enabled(&mut self, on: bool) {
        self.enabled = on;
        if !on {
            self.kept.clear();
        }
    }

    /// The answers, when they may stand for the walks.
    #[inline]
    pub(crate) fn readable(&mut self) -> Option<&mut SelectAncestry> {
        self.enabled.then_some(self)
    }

    fn kept(&self, node: NodeId) -> Option<Ancestry> {
        self.kept.get(node.index()).copied().filter(|a| a.known)
    }

    fn keep(&mut self, node: NodeId, ancestry: Ancestry) {
        if self.kept.len() <= node.index() {
            self.kept.resize(node.index() + 1, Ancestry::default());
        }
        self.kept[node.index()] = ancestry;
    }

    /// The answers for `node`: kept, or worked out from the nearest ancestor with kept
    /// answers down, keeping those of every node on the way.
    pub(crate) fn of<S: TreeSink>(&mut self, sink: &S, node: NodeId) -> Ancestry {
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        let mut above = NOTHING_ABOVE;
        let mut current = Some(node);
        while let Some(n) = current {
            if let Some(known) = self.kept(n) {
                above = known;
                break;
            }
            path.push(n);
            current = sink.parent(n);
        }
        for &n in path.iter().rev() {
            above = Ancestry::of_child(above, n, sink.element_name(n));
            self.keep(n, above);
        }
        self.path = path;
        above
    }

    /// The answers for `node`'s parent (nothing above when it has none): where the
    /// walks that start at a node's parent begin.
    pub(crate) fn of_parent<S: TreeSink>(&mut self, sink: &S, node: NodeId) -> Ancestry {
        match sink.parent(node) {
            Some(parent) => self.of(sink, parent),
            None => NOTHING_ABOVE,
        }
    }

    /// `node`, which may have answers kept, has a new parent (or none).
    pub(crate) fn node_moved<S: TreeSink>(&mut self, sink: &S, node: NodeId) {
        let Some(old) = self.kept(node) else {
            // Nothing below it is kept either.
            return;
        };
        let above = self.of_parent(sink, node);
        let new = Ancestry::of_child(above, node, sink.element_name(node));
        if new != old {
            self.keep(node, new);
            self.descendants_again(sink, node);
        }
    }

    /// The children of `parent` came from another parent.
    pub(crate) fn children_moved<S: TreeSink>(&mut self, sink: &S, parent: NodeId) {
        let mut child = sink.first_child(parent);
        let mut any_kept = false;
        while let Some(c) = child {
            any_kept |= self.kept(c).is_some();
            child = sink.next_sibling(c);
        }
        if any_kept {
            self.of(sink, parent);
            self.descendants_again(sink, parent);
        }
    }

    /// Works the answers of `node`'s descendants out again from its own, where they are
    /// kept and change (a node whose answers do not change keeps those below it).
    fn descendants_again<S: TreeSink>(&mut self, sink: &S, node: NodeId) {
        let mut pending = vec![node];
        while let Some(parent) = pending.pop() {
            let Some(above) = self.kept(parent) else {
                continue;
            };
            let mut child = sink.first_child(parent);
            while let Some(c) = child {
                if let Some(old) = self.kept(c) {
                    let new = Ancestry::of_child(above, c, sink.element_name(c));
                    if new != old {
                        self.keep(c, new);
                        pending.push(c);
                    }
                }
                child = sink.next_sibling(c);
            }
        }
    }
}

#[cfg(test)]
mod tests;
