//! Security labels: what a difference between two trees means for a page that trusts
//! one of them, computed from the two html5lib dumps alone ([`labels`]), never written
//! by hand into a class.
//!
//! The two trees are the reference's and the engine's (a tree, fragment or chunk
//! finding; a serialization finding's two serializations as the standard parses them),
//! or one engine's tree before and after a round trip (its parse of its own
//! serialization), or a sanitizer's tree of its output and the standard's parse of
//! that output. A label holds when the difference is of its kind, whatever side is
//! right:
//!
//! | label | holds when |
//! |---|---|
//! | `script-capable` | a script element, an `on…` event-handler attribute, a `javascript:` URL or an `srcdoc` is in one tree and not the other |
//! | `mutation` | (across a round trip) an element of a name both trees have is under a parent in one that it is under in no place of the other: it moved out of its parent |
//! | `namespace-change` | elements of one local name are fewer in one namespace and more in another |
//! | `text-markup-boundary` | a text inside a raw-text, script, style, noscript, plaintext, template or foreign (CDATA) element, or a comment, spells a tag (`<name`) or a comment (`<!--`) that the other tree has more of as a node |
//! | `attribute-markup` | an attribute value spells a tag or comment the other tree has more of as a node, or an attribute the other tree lacks is spelt (`name=`) in a text, comment or attribute value of it |
//!
//! [`script_capable`] lists the script-capable content of one tree (what a sanitizer's
//! output must not hold once a browser parses it).

use crate::compare::divergence::Divergence;
use crate::signature::Level;
use litmus_engines::dump::dump_entries;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One security label, in the order reports list them (the most direct first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SecurityLabel {
    ScriptCapable,
    Mutation,
    NamespaceChange,
    TextMarkupBoundary,
    AttributeMarkup,
}

impl SecurityLabel {
    /// Every label, in report order.
    pub const ALL: [SecurityLabel; 5] = [
        SecurityLabel::ScriptCapable,
        SecurityLabel::Mutation,
        SecurityLabel::NamespaceChange,
        SecurityLabel::TextMarkupBoundary,
        SecurityLabel::AttributeMarkup,
    ];

    /// Its name in findings.json and reports: `script-capable`, `mutation`, ….
    pub fn name(self) -> &'static str {
        match self {
            SecurityLabel::ScriptCapable => "script-capable",
            SecurityLabel::Mutation => "mutation",
            SecurityLabel::NamespaceChange => "namespace-change",
            SecurityLabel::TextMarkupBoundary => "text-markup-boundary",
            SecurityLabel::AttributeMarkup => "attribute-markup",
        }
    }
}

impl std::fmt::Display for SecurityLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Which two trees are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Across {
    /// Two engines' trees of one input.
    Engines,
    /// One tree and the tree its serialization parses to (a round trip, or a
    /// sanitizer's output as a browser parses it): `mutation` applies.
    RoundTrip,
}

/// The labels of the difference between two dumps, sorted, each once. Symmetric but
/// for nothing: `labels(a, b, x) == labels(b, a, x)`.
pub fn labels(before: &str, after: &str, across: Across) -> Vec<SecurityLabel> {
    let (a, b) = (Tree::read(before), Tree::read(after));
    let mut found = Vec::new();
    if a.script_capable() != b.script_capable() {
        found.push(SecurityLabel::ScriptCapable);
    }
    if across == Across::RoundTrip && moved(&a, &b) {
        found.push(SecurityLabel::Mutation);
    }
    if namespace_changed(&a, &b) {
        found.push(SecurityLabel::NamespaceChange);
    }
    if spelt_became_node(&a.boundary_markup(), &a, &b)
        || spelt_became_node(&b.boundary_markup(), &b, &a)
    {
        found.push(SecurityLabel::TextMarkupBoundary);
    }
    if spelt_became_node(&a.attribute_markup(), &a, &b)
        || spelt_became_node(&b.attribute_markup(), &b, &a)
        || spelt_became_attribute(&a, &b)
        || spelt_became_attribute(&b, &a)
    {
        found.push(SecurityLabel::AttributeMarkup);
    }
    found
}

/// The labels of a divergence: its two trees' ([`labels`]); a serialization
/// divergence's two serializations as the standard parses them with the request's
/// options; none for a failure or a level that compares no trees (tokens, errors,
/// speed).
pub fn of_divergence(divergence: &Divergence) -> Vec<SecurityLabel> {
    if divergence.is_failure() {
        return Vec::new();
    }
    let (Some(left), Some(right)) = divergence.compared_texts() else {
        return Vec::new();
    };
    let level = divergence.level;
    if level == Level::Tree || level == Level::Fragment || level == Level::Chunks {
        labels(left, right, Across::Engines)
    } else if level == Level::RoundTrip {
        labels(left, right, Across::RoundTrip)
    } else if level == Level::Serialization {
        let parse = |html: &str| {
            litmus_engines::engine::parse_with_litmus(&divergence.request.with_input(html), false)
                .map(|output| output.tree)
        };
        match (parse(left), parse(right)) {
            (Ok(left), Ok(right)) => labels(&left, &right, Across::Engines),
            _ => Vec::new(),
        }
    } else {
        Vec::new()
    }
}

/// The script-capable content of a dump, one line each, in tree order: `script
/// element <svg script>`, `event handler onerror on <img>`, `javascript: URL in href
/// on <a>`, `srcdoc on <iframe>`.
pub fn script_capable(dump: &str) -> Vec<String> {
    Tree::read(dump).script_capable()
}

/// A node of a dump, as the labels read it.
#[derive(Debug)]
enum Node {
    /// `ns` is `""` for HTML, `svg` or `math`; `name` is lowercased.
    Element {
        ns: String,
        name: String,
        attributes: Vec<(String, String)>,
    },
    Text(String),
    Comment(String),
    /// A template's `content`, a DOCTYPE, a processing instruction.
    Other,
}

#[derive(Debug)]
struct Tree {
    nodes: Vec<Node>,
    /// Each node's parent (an element or a template's content), `None` at the root.
    parents: Vec<Option<usize>>,
}

impl Tree {
    fn read(dump: &str) -> Tree {
        let mut tree = Tree {
            nodes: Vec::new(),
            parents: Vec::new(),
        };
        // The open nodes by depth: stack[d] is the last node read at depth d.
        let mut stack: Vec<usize> = Vec::new();
        for entry in dump_entries(dump) {
            let text = entry.text;
            stack.truncate(entry.depth);
            let parent = entry
                .depth
                .checked_sub(1)
                .and_then(|d| stack.get(d).copied());
            let node = if let Some(data) = text.strip_prefix('"') {
                Node::Text(data.strip_suffix('"').unwrap_or(data).to_owned())
            } else if let Some(data) = text.strip_prefix("<!-- ") {
                Node::Comment(data.strip_suffix(" -->").unwrap_or(data).to_owned())
            } else if text.starts_with("<!DOCTYPE") || text.starts_with("<?") || text == "content" {
                Node::Other
            } else if let Some(inner) = text.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
                let (ns, name) = match inner.split_once(' ') {
                    Some((ns @ ("svg" | "math"), name)) => (ns, name),
                    _ => ("", inner),
                };
                Node::Element {
                    ns: ns.to_owned(),
                    name: name.to_ascii_lowercase(),
                    attributes: Vec::new(),
                }
            } else if let Some((name, value)) = text.split_once("=\"") {
                // An attribute of the element above it.
                let value = value.strip_suffix('"').unwrap_or(value);
                if let Some(Node::Element { attributes, .. }) =
                    parent.and_then(|p| tree.nodes.get_mut(p))
                {
                    attributes.push((name.to_ascii_lowercase(), value.to_owned()));
                }
                continue;
            } else {
                Node::Other
            };
            stack.push(tree.nodes.len());
            tree.nodes.push(node);
            tree.parents.push(parent);
        }
        tree
    }

    fn elements(&self) -> impl Iterator<Item = (usize, &str, &str, &[(String, String)])> {
        self.nodes
            .iter()
            .enumerate()
            .filter_map(|(i, node)| match node {
                Node::Element {
                    ns,
                    name,
                    attributes,
                } => Some((i, ns.as_str(), name.as_str(), attributes.as_slice())),
                _ => None,
            })
    }

    /// How many elements of each `(namespace, name)`.
    fn element_counts(&self) -> BTreeMap<(&str, &str), usize> {
        let mut counts = BTreeMap::new();
        for (_, ns, name, _) in self.elements() {
            *counts.entry((ns, name)).or_insert(0) += 1;
        }
        counts
    }

    /// How many elements of `name` in any namespace (`#comment`: comments).
    fn count_named(&self, name: &str) -> usize {
        if name == "#comment" {
            return self
                .nodes
                .iter()
                .filter(|n| matches!(n, Node::Comment(_)))
                .count();
        }
        self.elements().filter(|(_, _, n, _)| *n == name).count()
    }

    /// A node's parent as a key: `<svg g>`, `<div>`, `#root`; a template's content is
    /// its template's (its children are the template's contents).
    fn parent_key(&self, node: usize) -> String {
        let mut parent = self.parents[node];
        while let Some(p) = parent {
            if let Node::Element { ns, name, .. } = &self.nodes[p] {
                return element_key(ns, name);
            }
            parent = self.parents[p];
        }
        "#root".to_owned()
    }

    fn script_capable(&self) -> Vec<String> {
        let mut found = Vec::new();
        for (_, ns, name, attributes) in self.elements() {
            let key = element_key(ns, name);
            if name == "script" {
                found.push(format!("script element {key}"));
            }
            for (attribute, value) in attributes {
                // `xlink href`: the local name after the namespace's designator.
                let local = attribute.rsplit(' ').next().unwrap_or(attribute);
                if local.len() > 2 && local.starts_with("on") {
                    found.push(format!("event handler {attribute} on {key}"));
                }
                if local == "srcdoc" {
                    found.push(format!("srcdoc on {key}"));
                }
                if is_javascript_url(value) {
                    found.push(format!("javascript: URL in {attribute} on {key}"));
                }
            }
        }
        found
    }

    /// The names spelt as markup in texts at a boundary (raw text, script, style,
    /// noscript, plaintext, template contents, foreign content) and in comments.
    fn boundary_markup(&self) -> Vec<String> {
        let mut spelt = Vec::new();
        for (i, node) in self.nodes.iter().enumerate() {
            match node {
                Node::Comment(data) => spelt.extend(markup_names(data)),
                Node::Text(data) if self.at_boundary(i) => spelt.extend(markup_names(data)),
                _ => {}
            }
        }
        spelt
    }

    /// Whether a text is inside a boundary element (its parent, or a template above).
    fn at_boundary(&self, node: usize) -> bool {
        let mut parent = self.parents[node];
        let mut first = true;
        while let Some(p) = parent {
            match &self.nodes[p] {
                Node::Element { ns, name, .. } if first => {
                    if !ns.is_empty() || BOUNDARY_ELEMENTS.contains(&name.as_str()) {
                        return true;
                    }
                    first = false;
                }
                Node::Element { name, .. } if name == "template" => return true,
                _ => {}
            }
            parent = self.parents[p];
        }
        false
    }

    /// The names spelt as markup in attribute values.
    fn attribute_markup(&self) -> Vec<String> {
        self.elements()
            .flat_map(|(_, _, _, attributes)| attributes.iter())
            .flat_map(|(_, value)| markup_names(value))
            .collect()
    }

    /// Every text, comment and attribute value.
    fn strings(&self) -> impl Iterator<Item = &str> {
        self.nodes.iter().flat_map(|node| match node {
            Node::Text(data) | Node::Comment(data) => vec![data.as_str()],
            Node::Element { attributes, .. } => {
                attributes.iter().map(|(_, value)| value.as_str()).collect()
            }
            Node::Other => Vec::new(),
        })
    }
}

/// The elements whose text is a boundary: raw text, escapable raw text, script data,
/// noscript, plaintext.
const BOUNDARY_ELEMENTS: &[&str] = &[
    "script",
    "style",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "noscript",
    "plaintext",
    "textarea",
    "title",
    "template",
];

fn element_key(ns: &str, name: &str) -> String {
    if ns.is_empty() {
        format!("<{name}>")
    } else {
        format!("<{ns} {name}>")
    }
}

/// Whether an attribute value is a `javascript:` URL as a URL parser reads it: leading
/// C0 controls and spaces stripped, tabs and newlines removed, the scheme in any case.
fn is_javascript_url(value: &str) -> bool {
    let url: String = value
        .trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .take("javascript:".len())
        .collect();
    url.eq_ignore_ascii_case("javascript:")
}

/// The tags (lowercased names) and comments (`#comment`) a text spells: `<name`,
/// `</name`, `<!--`.
fn markup_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        if rest.starts_with("!--") {
            names.push("#comment".to_owned());
            continue;
        }
        let tag = rest.strip_prefix('/').unwrap_or(rest);
        if !tag.starts_with(|c: char| c.is_ascii_alphabetic()) {
            continue;
        }
        let end = tag
            .find(|c: char| c.is_ascii_whitespace() || c == '/' || c == '>')
            .unwrap_or(tag.len());
        names.push(tag[..end].to_ascii_lowercase());
    }
    names
}

/// Whether a name `spelt` in tree `a` is a node that `b` has more of.
fn spelt_became_node(spelt: &[String], a: &Tree, b: &Tree) -> bool {
    spelt
        .iter()
        .any(|name| b.count_named(name) > a.count_named(name))
}

/// Whether `b` has more attributes of some name on elements of some kind than `a`,
/// though no more such elements (an element that became markup brings its attributes:
/// that is a text's boundary), and `a` spells that attribute (` name=`, `name=` at a
/// string's start) in a string of its own.
fn spelt_became_attribute(a: &Tree, b: &Tree) -> bool {
    let (elements_a, elements_b) = (a.element_counts(), b.element_counts());
    let counts = |tree: &Tree| {
        let mut counts: BTreeMap<(String, String), usize> = BTreeMap::new();
        for (_, ns, name, attributes) in tree.elements() {
            for (attribute, _) in attributes {
                *counts
                    .entry((element_key(ns, name), attribute.clone()))
                    .or_insert(0) += 1;
            }
        }
        counts
    };
    let (in_a, in_b) = (counts(a), counts(b));
    in_b.iter()
        .filter(|(key, count)| in_a.get(*key).copied().unwrap_or(0) < **count)
        .filter(|((element, _), _)| {
            let count = |counts: &BTreeMap<(&str, &str), usize>| {
                counts
                    .iter()
                    .filter(|((ns, name), _)| element_key(ns, name) == *element)
                    .map(|(_, n)| *n)
                    .sum::<usize>()
            };
            count(&elements_b) <= count(&elements_a)
        })
        .any(|((_, attribute), _)| a.strings().any(|s| spells_attribute(s, attribute)))
}

fn spells_attribute(text: &str, attribute: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.match_indices(attribute).any(|(at, _)| {
        let before = lower[..at].chars().next_back();
        let after = lower[at + attribute.len()..].chars().next();
        before.is_none_or(|c| c.is_ascii_whitespace() || matches!(c, '/' | '"' | '\''))
            && after == Some('=')
    })
}

/// Whether an element name of both trees is under a parent in one that none of its
/// kind is under in the other (and the other way round).
fn moved(a: &Tree, b: &Tree) -> bool {
    let parents = |tree: &Tree| {
        let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (i, ns, name, _) in tree.elements() {
            map.entry(element_key(ns, name))
                .or_default()
                .push(tree.parent_key(i));
        }
        map
    };
    let (in_a, in_b) = (parents(a), parents(b));
    in_a.iter().any(|(element, under_a)| {
        let Some(under_b) = in_b.get(element) else {
            return false;
        };
        under_a.iter().any(|p| !under_b.contains(p)) && under_b.iter().any(|p| !under_a.contains(p))
    })
}

/// Whether elements of one local name are fewer in one namespace and more in another.
fn namespace_changed(a: &Tree, b: &Tree) -> bool {
    let (in_a, in_b) = (a.element_counts(), b.element_counts());
    let mut by_name: BTreeMap<&str, (bool, bool)> = BTreeMap::new();
    for key in in_a.keys().chain(in_b.keys()) {
        let (x, y) = (
            in_a.get(key).copied().unwrap_or(0),
            in_b.get(key).copied().unwrap_or(0),
        );
        let entry = by_name.entry(key.1).or_insert((false, false));
        entry.0 |= x > y;
        entry.1 |= y > x;
    }
    by_name.values().any(|&(fewer, more)| fewer && more)
}

#[cfg(test)]
mod tests;
