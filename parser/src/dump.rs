//! The html5lib tree dump: the common language every engine's result is compared in.
//!
//! Format: `html5lib-tests/tree-construction/README.md`. One line per node, `| ` then
//! two spaces per ancestor below the root; attributes sorted by name (UTF-16 code
//! units, which for the names the parser produces is byte order) on the lines after
//! their element; template contents under a `content` line; processing instructions as
//! `<?target data?>`. The walk uses an explicit stack, never recursion.

use crate::dom::{AttrNamespace, Document, Namespace, NodeId, NodeKind};

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

/// The length in bytes of [`dump`]'s text, without building it: in time linear in
/// the nodes even where the text, whose indentation grows with depth, would be
/// quadratic (a caller can refuse a dump too large to print).
pub fn dump_len(document: &Document) -> u64 {
    let mut length = Length(0);
    walk(document, document.result_root(), &mut length);
    length.0
}

/// What one entry of [`dump`] shows: a node, one of an element's attributes, or a
/// template's `content` line. An entry is one line of the dump, or several for a text
/// or comment with newlines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    Node(NodeId),
    /// An element's attribute, by its name as the dump writes it (`xlink href`).
    Attribute(NodeId, String),
    /// The `content` line of a template element.
    Content(NodeId),
}

/// The entries of [`dump`], in its order: which node each entry shows (a caller
/// reads the dump's lines back and needs to know which node each is).
pub fn entries(document: &Document) -> Vec<Entry> {
    let mut entries = Entries(Vec::new());
    walk(document, document.result_root(), &mut entries);
    entries.0
}

/// The start of [`dump`]'s text: its first `limit` bytes or a little more (written a
/// piece at a time, a node's text whole), in time linear in the nodes however long the
/// whole would be. For keeping the start of a dump too large to keep whole.
pub fn dump_prefix(document: &Document, limit: usize) -> String {
    let mut out = Prefix {
        text: String::new(),
        limit,
    };
    walk(document, document.result_root(), &mut out);
    out.text
}

/// Dumps the children of `parent` (at depth 0) into `out`.
pub fn dump_children_into(document: &Document, parent: NodeId, out: &mut String) {
    walk(document, parent, out);
}

/// Where a dump goes: its text, or only its length.
trait Out {
    fn push(&mut self, text: &str);
    /// `| ` and two spaces per level of `depth`.
    fn line_start(&mut self, depth: usize) {
        self.push("| ");
        for _ in 0..depth {
            self.push("  ");
        }
    }
    /// Told which node (or attribute, or `content` line) the entry being started shows;
    /// only [`entries`] listens.
    fn entry(&mut self, _entry: impl FnOnce() -> Entry) {}
}

impl Out for String {
    fn push(&mut self, text: &str) {
        self.push_str(text);
    }
}

/// Collects the entries, writing nothing.
struct Entries(Vec<Entry>);

impl Out for Entries {
    fn push(&mut self, _text: &str) {}

    fn line_start(&mut self, _depth: usize) {}

    fn entry(&mut self, entry: impl FnOnce() -> Entry) {
        self.0.push(entry());
    }
}

/// Keeps the first bytes (about `limit`), drops the rest.
struct Prefix {
    text: String,
    limit: usize,
}

impl Out for Prefix {
    fn push(&mut self, text: &str) {
        if self.text.len() < self.limit {
            self.text.push_str(text);
        }
    }

    fn line_start(&mut self, depth: usize) {
        if self.text.len() < self.limit {
            self.text.push_str("| ");
            for _ in 0..depth.min(self.limit) {
                self.text.push_str("  ");
            }
        }
    }
}

/// Counts bytes, saturating.
struct Length(u64);

impl Out for Length {
    fn push(&mut self, text: &str) {
        self.0 = self.0.saturating_add(text.len() as u64);
    }

    fn line_start(&mut self, depth: usize) {
        self.0 = self.0.saturating_add(2 + 2 * depth as u64);
    }
}

/// Writes the children of `parent` (at depth 0) to `out`, with an explicit stack: one
/// entry per level being walked, each the next node to write at that level (its
/// siblings are reached forward, first child to last), or a template's `content` line.
fn walk(document: &Document, parent: NodeId, out: &mut impl Out) {
    enum Level {
        /// The next node to write at this depth, if any is left.
        Nodes(Option<NodeId>, usize),
        /// A template's `content` line, then its contents, at this depth.
        Content(NodeId, NodeId, usize),
    }
    let mut stack = vec![Level::Nodes(document.first_child(parent), 0)];
    while let Some(level) = stack.last_mut() {
        match *level {
            Level::Nodes(None, _) => {
                stack.pop();
            }
            Level::Nodes(Some(node), depth) => {
                *level = Level::Nodes(document.next_sibling(node), depth);
                out.line_start(depth);
                out.entry(|| Entry::Node(node));
                write_node(document, node, depth, out);
                // The children come after the template contents' `content` line.
                stack.push(Level::Nodes(document.first_child(node), depth + 1));
                if let Some(contents) = document.template_contents(node) {
                    stack.push(Level::Content(node, contents, depth + 1));
                }
            }
            Level::Content(template, contents, depth) => {
                out.line_start(depth);
                out.entry(|| Entry::Content(template));
                out.push("content\n");
                *level = Level::Nodes(document.first_child(contents), depth + 1);
            }
        }
    }
}

fn write_node(document: &Document, node: NodeId, depth: usize, out: &mut impl Out) {
    match document.kind(node) {
        NodeKind::Document | NodeKind::DocumentFragment => out.push("#document\n"),
        NodeKind::Doctype {
            name,
            public_id,
            system_id,
        } => {
            out.push("<!DOCTYPE ");
            out.push(name);
            if !(public_id.is_empty() && system_id.is_empty()) {
                for id in [public_id, system_id] {
                    out.push(" \"");
                    out.push(id);
                    out.push("\"");
                }
            }
            out.push(">\n");
        }
        NodeKind::Element { ns, name } => {
            out.push("<");
            out.push(namespace_designator(ns));
            out.push(name);
            out.push(">\n");
            write_attributes(document, node, depth, out);
        }
        NodeKind::Text(text) => {
            out.push("\"");
            out.push(text);
            out.push("\"\n");
        }
        NodeKind::Comment(data) => {
            out.push("<!-- ");
            out.push(data);
            out.push(" -->\n");
        }
        NodeKind::ProcessingInstruction { target, data } => {
            out.push("<?");
            out.push(target);
            out.push(" ");
            out.push(data);
            out.push("?>\n");
        }
    }
}

/// An element's attributes, one line each, sorted by their names as the dump writes
/// them (`xlink href`), compared as UTF-16 code units.
fn write_attributes(document: &Document, node: NodeId, depth: usize, out: &mut impl Out) {
    let attributes = document.attributes(node);
    if attributes.len() == 0 {
        return;
    }
    let mut attributes: Vec<(&str, &str, &str)> = attributes
        .map(|a| (attribute_designator(a.ns), a.local_name, a.value))
        .collect();
    if attributes.len() > 1 {
        attributes.sort_by(|a, b| {
            let a = a.0.encode_utf16().chain(a.1.encode_utf16());
            let b = b.0.encode_utf16().chain(b.1.encode_utf16());
            a.cmp(b)
        });
    }
    for (designator, local_name, value) in attributes {
        out.line_start(depth + 1);
        out.entry(|| Entry::Attribute(node, format!("{designator}{local_name}")));
        out.push(designator);
        out.push(local_name);
        out.push("=\"");
        out.push(value);
        out.push("\"\n");
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
    format!("{}{local_name}", attribute_designator(ns))
}

/// "xlink " / "xml " / "xmlns " / "" before an attribute's local name.
fn attribute_designator(ns: AttrNamespace) -> &'static str {
    match ns {
        AttrNamespace::None => "",
        AttrNamespace::XLink => "xlink ",
        AttrNamespace::Xml => "xml ",
        AttrNamespace::Xmlns => "xmlns ",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_document, parse_fragment, FragmentContext, ParseOptions};

    #[test]
    fn the_length_is_the_length_of_the_dump() {
        let options = ParseOptions::default();
        for input in [
            "",
            "<!DOCTYPE html><p class=x id='y'>Hello<!-- c --><?pi data?>",
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"x\">",
            "<svg><path xlink:href=a/><foreignObject><math><mi>é",
            "<template><b>x<template>y</template></b></template>",
            "<table><tr><td>a\nb</table>",
        ] {
            let document = parse_document(input, &options).unwrap();
            assert_eq!(
                dump_len(&document),
                dump(&document).len() as u64,
                "{input:?}"
            );
        }
        let context = FragmentContext::parse("td").unwrap();
        let document =
            parse_fragment("<b>x</b><template>y</template>", &context, &options).unwrap();
        assert_eq!(dump_len(&document), dump(&document).len() as u64);
    }

    #[test]
    fn there_is_one_entry_per_entry_of_the_dump() {
        let input = "<template><b z=1 a=2>x\ny</b></template><!-- a\nb --><?pi d?>";
        let document = parse_document(input, &ParseOptions::default()).unwrap();
        let entries = entries(&document);
        let text = dump(&document);
        // Lines that start an entry: all but the text's and the comment's second lines.
        let starts = text.lines().filter(|l| l.starts_with("| ")).count();
        assert_eq!(entries.len(), starts, "{text}");
        let names: Vec<String> = entries
            .iter()
            .map(|e| match e {
                Entry::Node(n) => format!("{:?}", document.kind(*n)),
                Entry::Attribute(_, name) => format!("@{name}"),
                Entry::Content(t) => format!("content of {:?}", document.kind(*t)),
            })
            .collect();
        assert_eq!(
            names[3],
            "content of Element { ns: Html, name: \"template\" }"
        );
        assert_eq!(&names[5..7], ["@a", "@z"]);
    }

    #[test]
    fn the_length_of_a_deep_dump_is_counted_without_writing_it() {
        // 200,000 nested divs: the dump would be 40 GB of indentation.
        let input = "<div>".repeat(200_000);
        let document = parse_document(&input, &ParseOptions::default()).unwrap();
        let length = dump_len(&document);
        // Each div's line: `| `, two spaces per level, `<div>\n`.
        let n = 200_000u64;
        let expected_divs: u64 = (0..n).map(|i| 2 + 2 * (i + 2) + 6).sum();
        // `| <html>\n`, `|   <head>\n`, `|   <body>\n`, then the divs from depth 2.
        assert_eq!(length, 9 + 11 + 11 + expected_divs);
    }
}
