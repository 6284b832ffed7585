//! The html5lib tree dump: the common language every engine's result is compared in.
//!
//! Format: `html5lib-tests/tree-construction/README.md`. One line per node, `| ` then
//! two spaces per ancestor below the root; attributes sorted by name (UTF-16 code
//! units, which for the names the parser produces is byte order) on the lines after
//! their element; template contents under a `content` line; processing instructions as
//! `<?target data?>`. The walk uses an explicit stack, never recursion.

use crate::dom::{AttrNamespace, Document, Namespace, NodeId, NodeKind};
use std::fmt::Write;

/// The dump of the parse's result: the Document's children, or for a fragment parse
/// the fragment's nodes. Every line ends with `\n`.
///
/// ```
/// use litmus_parser::{dump, parse_document, ParseOptions};
///
/// let input = "<template><b z=1 a=2>x</b></template><?pi data?>";
/// let document = parse_document(input, &ParseOptions::default())?;
/// // Attributes sorted by name, template contents under `content`, a processing
/// // instruction as `<?target data?>`.
/// assert_eq!(
///     dump::dump(&document),
///     "\
/// | <html>
/// |   <head>
/// |     <template>
/// |       content
/// |         <b>
/// |           a=\"2\"
/// |           z=\"1\"
/// |           \"x\"
/// |     <?pi data?>
/// |   <body>
/// "
/// );
/// # Ok::<(), litmus_parser::ParseFailure>(())
/// ```
pub fn dump(document: &Document) -> String {
    let mut out = String::new();
    dump_children_into(document, document.result_root(), &mut out);
    out
}

/// Dumps the children of `parent` (at depth 0) into `out`.
pub fn dump_children_into(document: &Document, parent: NodeId, out: &mut String) {
    // Entries are (node, depth); a template's contents come as a `content` line.
    enum Item {
        Node(NodeId, usize),
        Content(NodeId, usize),
    }
    let mut stack: Vec<Item> = Vec::new();
    push_children(document, parent, 0, &mut stack, Item::Node);
    while let Some(item) = stack.pop() {
        match item {
            Item::Content(contents, depth) => {
                line_start(out, depth);
                out.push_str("content\n");
                push_children(document, contents, depth + 1, &mut stack, Item::Node);
            }
            Item::Node(node, depth) => {
                line_start(out, depth);
                write_node(document, node, depth, out);
                // Children are visited after the template contents line, so push them
                // first (the stack is last in, first out).
                push_children(document, node, depth + 1, &mut stack, Item::Node);
                if let Some(contents) = document.template_contents(node) {
                    stack.push(Item::Content(contents, depth + 1));
                }
            }
        }
    }

    fn push_children<T>(
        document: &Document,
        parent: NodeId,
        depth: usize,
        stack: &mut Vec<T>,
        make: impl Fn(NodeId, usize) -> T,
    ) {
        let mut child = document.last_child(parent);
        while let Some(c) = child {
            stack.push(make(c, depth));
            child = document.prev_sibling(c);
        }
    }
}

fn line_start(out: &mut String, depth: usize) {
    out.push_str("| ");
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn write_node(document: &Document, node: NodeId, depth: usize, out: &mut String) {
    match document.kind(node) {
        NodeKind::Document | NodeKind::DocumentFragment => out.push_str("#document\n"),
        NodeKind::Doctype {
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
        NodeKind::Element { ns, name } => {
            let _ = writeln!(out, "<{}{}>", namespace_designator(ns), name);
            let mut attributes: Vec<(String, &str)> = document
                .attributes(node)
                .map(|a| (attribute_name_string(a.ns, a.local_name), a.value))
                .collect();
            attributes.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
            for (name, value) in attributes {
                line_start(out, depth + 1);
                let _ = writeln!(out, "{name}=\"{value}\"");
            }
        }
        NodeKind::Text(text) => {
            let _ = writeln!(out, "\"{text}\"");
        }
        NodeKind::Comment(data) => {
            let _ = writeln!(out, "<!-- {data} -->");
        }
        NodeKind::ProcessingInstruction { target, data } => {
            let _ = writeln!(out, "<?{target} {data}?>");
        }
    }
}

/// "svg " / "math " / "" for the tag name string.
pub fn namespace_designator(ns: Namespace) -> &'static str {
    match ns {
        Namespace::Html => "",
        Namespace::Svg => "svg ",
        Namespace::MathMl => "math ",
    }
}

/// The attribute name string: the local name after its namespace designator.
pub fn attribute_name_string(ns: AttrNamespace, local_name: &str) -> String {
    let designator = match ns {
        AttrNamespace::None => "",
        AttrNamespace::XLink => "xlink ",
        AttrNamespace::Xml => "xml ",
        AttrNamespace::Xmlns => "xmlns ",
    };
    format!("{designator}{local_name}")
}
