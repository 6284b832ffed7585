//! The stack of open elements and the element categories it is read through.
//!
//! <https://html.spec.whatwg.org/#the-stack-of-open-elements>
//!
//! Each entry keeps the element's [`QualName`] beside its [`NodeId`], so that every
//! test the algorithms make ("is the current node a `p` element", "has a `table`
//! element in table scope") reads the stack alone, never the document. Every change
//! goes through the few methods of [`OpenElements`] (`push`, `pop`, `remove_at`,
//! `insert_at`, `replace_at`), so per-name counts or on-stack flags can be kept there
//! without touching the algorithms. Popping is the tree builder's business (an `option`
//! leaving the stack may update a `selectedcontent`), so the tree builder wraps `pop`.

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
#[derive(Debug, Default)]
pub(crate) struct OpenElements {
    entries: Vec<StackEntry>,
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
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The entry at `index` (0 is the topmost node, the `html` element).
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
    }

    /// Takes the current node off the stack. Use `TreeBuilder::pop_the_current_node`,
    /// which runs what popping an element sets off.
    pub(crate) fn pop(&mut self) -> Option<StackEntry> {
        self.entries.pop()
    }

    /// Removes the entry at `index` from wherever it is in the stack.
    pub(crate) fn remove_at(&mut self, index: usize) -> Option<StackEntry> {
        if index < self.entries.len() {
            Some(self.entries.remove(index))
        } else {
            None
        }
    }

    /// Inserts an entry so that it is at `index` (below the entry that was at
    /// `index - 1`).
    pub(crate) fn insert_at(&mut self, index: usize, entry: StackEntry) {
        let index = index.min(self.entries.len());
        self.entries.insert(index, entry);
    }

    /// Replaces the entry at `index`.
    pub(crate) fn replace_at(&mut self, index: usize, entry: StackEntry) {
        if let Some(slot) = self.entries.get_mut(index) {
            *slot = entry;
        }
    }

    /// The index of `node` in the stack, searching from the current node up.
    pub(crate) fn position(&self, node: NodeId) -> Option<usize> {
        self.entries.iter().rposition(|e| e.node == node)
    }

    pub(crate) fn contains(&self, node: NodeId) -> bool {
        self.position(node).is_some()
    }

    /// The index of the bottommost HTML element with this local name.
    pub(crate) fn position_of_html(&self, name: LocalName) -> Option<usize> {
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
        self.has_in_scope_where(scope, |e| e.is_html(name))
    }

    /// Whether the stack has an HTML element whose local name is one of `names` in
    /// `scope`.
    pub(crate) fn has_html_one_of_in_scope(&self, scope: Scope, names: &[LocalName]) -> bool {
        self.has_in_scope_where(scope, |e| e.is_html_one_of(names))
    }

    /// Whether the stack has this very element in `scope`.
    pub(crate) fn has_node_in_scope(&self, scope: Scope, node: NodeId) -> bool {
        self.has_in_scope_where(scope, |e| e.node == node)
    }
}

/// "The following elements have varying levels of special parsing rules": the special
/// category. <https://html.spec.whatwg.org/#special>
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
            node: NodeId(index),
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
        assert!(stack.has_node_in_scope(Scope::Default, NodeId(6)));
        stack.push(entry(7, Namespace::Html, local::UL));
        assert!(!stack.has_html_in_scope(Scope::ListItem, local::BUTTON));
    }

    #[test]
    fn the_stack_is_edited_in_place() {
        let mut stack = OpenElements::default();
        stack.push(entry(1, Namespace::Html, local::HTML));
        stack.push(entry(2, Namespace::Html, local::B));
        stack.insert_at(1, entry(3, Namespace::Html, local::I));
        assert_eq!(stack.position(NodeId(3)), Some(1));
        assert_eq!(stack.remove_at(1).map(|e| e.node), Some(NodeId(3)));
        stack.replace_at(1, entry(4, Namespace::Html, local::B));
        assert!(!stack.contains(NodeId(2)));
        assert_eq!(stack.current().map(|e| e.node), Some(NodeId(4)));
        assert_eq!(stack.position_of_html(local::B), Some(1));
        assert!(stack.remove_at(9).is_none());
    }
}
