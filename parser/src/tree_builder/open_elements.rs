//! The stack of open elements and the element categories it is read through.
//!
//! <https://html.spec.whatwg.org/#the-stack-of-open-elements>
//!
//! Each entry keeps the element's [`QualName`] beside its [`NodeId`], so that every
//! test the algorithms make ("is the current node a `p` element", "has a `table`
//! element in table scope") reads the stack alone, never the document. Every change
//! goes through the few methods of [`OpenElements`] (`push`, `pop`, `remove_at`,
//! `insert_at`, `replace_at`), and each query ("has an element in scope", "the
//! position of node") reads as the spec's walk. Once the stack grows deep, a fast path
//! answers the queries from indexes kept beside the entries instead
//! ([`StackIndexes`], in tree_builder/fast/): each edit hands the entries to
//! [`StackIndexes::follow_edit`], and each query first asks
//! [`StackIndexes::readable`]; with the fast paths off (or not compiled) the stack
//! only walks. Popping is the tree builder's business (an `option` leaving the stack
//! may update a `selectedcontent`), so the tree builder wraps `pop`.

use super::fast::StackIndexes;
use super::foreign::local_name_in_lowercase;
use crate::dom::{Namespace, NodeId, QualName};
use crate::names::{local, LocalName};

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
    /// The fast path's indexes of the entries (tree_builder/fast/stack_indexes.rs).
    indexes: StackIndexes,
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

/// Room reserved for a stack this deep: most documents stay below it, so a parse
/// allocates the stack once.
const RESERVED_DEPTH: usize = 32;

impl Default for OpenElements {
    fn default() -> Self {
        OpenElements {
            entries: Vec::with_capacity(RESERVED_DEPTH),
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
        self.indexes.clear();
    }

    /// The bytes the stack holds on to, roughly.
    pub(crate) fn retained_bytes(&self) -> usize {
        crate::buffers::heap_bytes(&self.entries) + self.indexes.retained_bytes()
    }

    /// Whether queries may be answered from the indexes (`true`, the default) once the
    /// stack has been deep enough to build them, or always by the spec's walks.
    pub(crate) fn set_indexed(&mut self, on: bool) {
        self.indexes.set_enabled(on);
    }

    /// The indexes, when they may answer a query instead of the spec's walk (the fast
    /// path: a deep stack, the fast paths on).
    #[inline]
    pub(crate) fn indexes(&self) -> Option<&StackIndexes> {
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
        self.indexes
            .follow_edit(&self.entries, self.entries.len() - 1);
    }

    /// Takes the current node off the stack. Use `TreeBuilder::pop_the_current_node`,
    /// which runs what popping an element sets off.
    pub(crate) fn pop(&mut self) -> Option<StackEntry> {
        let entry = self.entries.pop()?;
        self.indexes.follow_edit(&self.entries, self.entries.len());
        Some(entry)
    }

    /// Removes the entry at `index` from wherever it is in the stack.
    pub(crate) fn remove_at(&mut self, index: usize) -> Option<StackEntry> {
        if index < self.entries.len() {
            let entry = self.entries.remove(index);
            self.indexes.follow_edit(&self.entries, index);
            Some(entry)
        } else {
            None
        }
    }

    /// Inserts an entry so that it is at `index` (below the entry that was at
    /// `index - 1`).
    pub(crate) fn insert_at(&mut self, index: usize, entry: StackEntry) {
        let index = index.min(self.entries.len());
        self.entries.insert(index, entry);
        self.indexes.follow_edit(&self.entries, index);
    }

    /// Replaces the entry at `index`.
    pub(crate) fn replace_at(&mut self, index: usize, entry: StackEntry) {
        if index < self.entries.len() {
            self.entries[index] = entry;
            self.indexes.follow_edit(&self.entries, index);
        }
    }

    /// The index of `node` in the stack, searching from the current node up.
    pub(crate) fn position(&self, node: NodeId) -> Option<usize> {
        if let Some(indexes) = self.indexes() {
            return indexes.position(node);
        }
        self.entries.iter().rposition(|e| e.node == node)
    }

    pub(crate) fn contains(&self, node: NodeId) -> bool {
        self.position(node).is_some()
    }

    /// The index of the bottommost HTML element with this local name.
    pub(crate) fn position_of_html(&self, name: LocalName) -> Option<usize> {
        if let Some(indexes) = self.indexes() {
            return indexes.position_of_html(name);
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
        if let Some(indexes) = self.indexes() {
            return indexes
                .position_of_html(name)
                .is_some_and(|p| indexes.in_scope(scope, p));
        }
        self.has_in_scope_where(scope, |e| e.is_html(name))
    }

    /// Whether the stack has an HTML element whose local name is one of `names` in
    /// `scope`.
    pub(crate) fn has_html_one_of_in_scope(&self, scope: Scope, names: &[LocalName]) -> bool {
        if let Some(indexes) = self.indexes() {
            return names
                .iter()
                .filter_map(|&name| indexes.position_of_html(name))
                .max()
                .is_some_and(|p| indexes.in_scope(scope, p));
        }
        self.has_in_scope_where(scope, |e| e.is_html_one_of(names))
    }

    /// Steps 3 to 6 of "any other end tag" in foreign content, from the current node:
    /// where the walk for an element whose name, converted to ASCII lowercase, is `name`
    /// ends. <https://html.spec.whatwg.org/#parsing-main-inforeign>
    pub(crate) fn foreign_end_tag_walk(&self, name: LocalName) -> ForeignEndTagWalk {
        let Some(current) = self.entries.len().checked_sub(1) else {
            return ForeignEndTagWalk::ReachedTop;
        };
        if let Some(indexes) = self.indexes() {
            return indexes.foreign_end_tag_walk(current, name);
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
        if let Some(indexes) = self.indexes() {
            return indexes
                .position(node)
                .is_some_and(|p| indexes.in_scope(scope, p));
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
}
