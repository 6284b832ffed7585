//! The html5lib tree dump (`html5lib-tests/tree-construction/README.md`), as litmus
//! writes it, of any tree: implement [`Tree`] for your DOM and call [`dump_children`].
//!
//! One line per node: `| `, two spaces per level, the node; an element's attributes
//! on the lines below it, one level deeper, sorted by their shown name in UTF-16 code
//! unit order (`xlink href`, `xml lang`, `xmlns xlink` for namespaced ones); a
//! template's contents under a `content` line, before the template's children;
//! processing instructions as `<?target data?>`. Text, comments and attribute values
//! are written as they are, newlines included. The walk uses an explicit stack: a
//! deep tree costs no recursion.

use std::fmt::Write as _;

pub const HTML_NAMESPACE: &str = "http://www.w3.org/1999/xhtml";
pub const SVG_NAMESPACE: &str = "http://www.w3.org/2000/svg";
pub const MATHML_NAMESPACE: &str = "http://www.w3.org/1998/Math/MathML";
pub const XLINK_NAMESPACE: &str = "http://www.w3.org/1999/xlink";
pub const XML_NAMESPACE: &str = "http://www.w3.org/XML/1998/namespace";
pub const XMLNS_NAMESPACE: &str = "http://www.w3.org/2000/xmlns/";

/// A tree the dump can walk: what each node is, its children, and a template's
/// contents. `Handle` is whatever names a node (an `Rc`, an arena index).
pub trait Tree {
    type Handle: Clone;
    /// What `node` is.
    fn node(&self, node: &Self::Handle) -> Node;
    /// `node`'s children, in order.
    fn children(&self, node: &Self::Handle) -> Vec<Self::Handle>;
    /// A template element's contents (the document fragment whose children the dump
    /// shows under `content`); `None` for every other node.
    fn template_contents(&self, node: &Self::Handle) -> Option<Self::Handle>;
}

/// A node as the dump shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// A Document (or document fragment): shown as `#document` where it is a child.
    Document,
    Doctype {
        name: String,
        public_id: String,
        system_id: String,
    },
    Text(String),
    Comment(String),
    ProcessingInstruction {
        target: String,
        data: String,
    },
    Element {
        /// The namespace URL ([`HTML_NAMESPACE`], …).
        namespace: String,
        local_name: String,
        attributes: Vec<Attribute>,
    },
}

/// An element's attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    /// The namespace URL, empty for none ([`XLINK_NAMESPACE`], …).
    pub namespace: String,
    pub local_name: String,
    pub value: String,
}

/// The html5lib dump of `root`'s children (for a document, the Document; for a
/// fragment, the fragment's `html` root), every line ending with `\n`.
pub fn dump_children<T: Tree + ?Sized>(tree: &T, root: &T::Handle) -> String {
    dump_children_limited(tree, root, usize::MAX).text
}

/// A dump that may have been cut: its text, and the length the whole would have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LimitedDump {
    /// The dump, whole if `len` is at most the limit; else its start (at least the
    /// limit's bytes, up to the end of a line).
    pub text: String,
    /// The whole dump's length in bytes.
    pub len: u64,
}

impl LimitedDump {
    /// Whether the whole dump is in `text`.
    pub fn is_whole(&self) -> bool {
        self.text.len() as u64 == self.len
    }
}

/// [`dump_children`], but only its first `limit` bytes (to the end of a line) are
/// written out: the rest is counted. A deep tree's dump grows with the square of its
/// depth (each line is indented by it), so a caller with a limit asks this and never
/// builds a dump it would refuse; the walk costs time linear in the nodes and text.
pub fn dump_children_limited<T: Tree + ?Sized>(
    tree: &T,
    root: &T::Handle,
    limit: usize,
) -> LimitedDump {
    enum Item<H> {
        Node(H, usize),
        Content(H, usize),
    }
    fn push_children<T: Tree + ?Sized>(
        tree: &T,
        parent: &T::Handle,
        depth: usize,
        stack: &mut Vec<Item<T::Handle>>,
    ) {
        for child in tree.children(parent).into_iter().rev() {
            stack.push(Item::Node(child, depth));
        }
    }

    let mut out = String::new();
    let mut len: u64 = 0;
    // A node's lines without their first indentation, reused.
    let mut line = String::new();
    let mut stack = Vec::new();
    push_children(tree, root, 0, &mut stack);
    while let Some(item) = stack.pop() {
        line.clear();
        let depth = match item {
            Item::Content(contents, depth) => {
                line.push_str("content\n");
                push_children(tree, &contents, depth + 1, &mut stack);
                depth
            }
            Item::Node(node, depth) => {
                write_node(&tree.node(&node), depth, &mut line);
                // The `content` line comes before the element's children, so it is
                // pushed after them.
                push_children(tree, &node, depth + 1, &mut stack);
                if let Some(contents) = tree.template_contents(&node) {
                    stack.push(Item::Content(contents, depth + 1));
                }
                depth
            }
        };
        len = len.saturating_add(2 + 2 * depth as u64 + line.len() as u64);
        if out.len() < limit {
            line_start(&mut out, depth);
            out.push_str(&line);
        }
    }
    LimitedDump { text: out, len }
}

fn line_start(out: &mut String, depth: usize) {
    out.push_str("| ");
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn write_node(node: &Node, depth: usize, out: &mut String) {
    match node {
        Node::Document => out.push_str("#document\n"),
        Node::Doctype {
            name,
            public_id,
            system_id,
        } => {
            if public_id.is_empty() && system_id.is_empty() {
                let _ = writeln!(out, "<!DOCTYPE {name}>");
            } else {
                let _ = writeln!(out, "<!DOCTYPE {name} \"{public_id}\" \"{system_id}\">");
            }
        }
        Node::Text(text) => {
            let _ = writeln!(out, "\"{text}\"");
        }
        Node::Comment(text) => {
            let _ = writeln!(out, "<!-- {text} -->");
        }
        Node::ProcessingInstruction { target, data } => {
            let _ = writeln!(out, "<?{target} {data}?>");
        }
        Node::Element {
            namespace,
            local_name,
            attributes,
        } => {
            let _ = writeln!(out, "<{}{local_name}>", element_designator(namespace));
            let mut shown: Vec<(String, &str)> = attributes
                .iter()
                .map(|a| {
                    let name = format!("{}{}", attribute_designator(&a.namespace), a.local_name);
                    (name, a.value.as_str())
                })
                .collect();
            shown.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
            for (name, value) in shown {
                line_start(out, depth + 1);
                let _ = writeln!(out, "{name}=\"{value}\"");
            }
        }
    }
}

/// The tag name's namespace designator. A namespace no HTML parser gives an element
/// is written as its URL, so that it shows as a difference.
fn element_designator(namespace: &str) -> String {
    match namespace {
        HTML_NAMESPACE => String::new(),
        SVG_NAMESPACE => "svg ".into(),
        MATHML_NAMESPACE => "math ".into(),
        other => format!("{other} "),
    }
}

/// The attribute name's namespace designator.
fn attribute_designator(namespace: &str) -> String {
    match namespace {
        "" => String::new(),
        XLINK_NAMESPACE => "xlink ".into(),
        XML_NAMESPACE => "xml ".into(),
        XMLNS_NAMESPACE => "xmlns ".into(),
        other => format!("{other} "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An arena: nodes, their children, and template contents by index.
    struct Arena {
        nodes: Vec<(Node, Vec<usize>, Option<usize>)>,
    }

    impl Tree for Arena {
        type Handle = usize;
        fn node(&self, node: &usize) -> Node {
            self.nodes[*node].0.clone()
        }
        fn children(&self, node: &usize) -> Vec<usize> {
            self.nodes[*node].1.clone()
        }
        fn template_contents(&self, node: &usize) -> Option<usize> {
            self.nodes[*node].2
        }
    }

    fn element(namespace: &str, name: &str, attributes: &[(&str, &str, &str)]) -> Node {
        Node::Element {
            namespace: namespace.into(),
            local_name: name.into(),
            attributes: attributes
                .iter()
                .map(|(ns, name, value)| Attribute {
                    namespace: (*ns).into(),
                    local_name: (*name).into(),
                    value: (*value).into(),
                })
                .collect(),
        }
    }

    #[test]
    fn every_kind_of_node_in_the_html5lib_format() {
        let nodes = vec![
            (Node::Document, vec![1, 2, 3, 4], None),
            (
                Node::Doctype {
                    name: "html".into(),
                    public_id: "p".into(),
                    system_id: String::new(),
                },
                vec![],
                None,
            ),
            (Node::Comment("c".into()), vec![], None),
            (
                Node::ProcessingInstruction {
                    target: "t".into(),
                    data: "d".into(),
                },
                vec![],
                None,
            ),
            (element(HTML_NAMESPACE, "html", &[]), vec![5, 7], None),
            (element(HTML_NAMESPACE, "template", &[]), vec![], Some(6)),
            (Node::Document, vec![9], None),
            (
                element(
                    SVG_NAMESPACE,
                    "svg",
                    &[
                        (XLINK_NAMESPACE, "href", "a"),
                        ("", "viewBox", "0"),
                        (XMLNS_NAMESPACE, "xlink", "x"),
                    ],
                ),
                vec![8],
                None,
            ),
            (element(MATHML_NAMESPACE, "mi", &[]), vec![], None),
            (Node::Text("x\ny".into()), vec![], None),
        ];
        let got = dump_children(&Arena { nodes }, &0);
        let expected = "\
| <!DOCTYPE html \"p\" \"\">
| <!-- c -->
| <?t d?>
| <html>
|   <template>
|     content
|       \"x
y\"
|   <svg svg>
|     viewBox=\"0\"
|     xlink href=\"a\"
|     xmlns xlink=\"x\"
|     <math mi>
";
        assert_eq!(got, expected);
    }

    #[test]
    fn a_deep_tree_dumps_without_recursion() {
        let depth = 3_000;
        let mut nodes: Vec<(Node, Vec<usize>, Option<usize>)> = (0..depth)
            .map(|i| (element(HTML_NAMESPACE, "b", &[]), vec![i + 1], None))
            .collect();
        nodes.push((Node::Text("x".into()), vec![], None));
        let arena = Arena { nodes };
        let dump = std::thread::Builder::new()
            .stack_size(64 * 1024)
            .spawn(move || dump_children(&arena, &0))
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(dump.lines().count(), depth);
    }
}
