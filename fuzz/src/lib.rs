//! What the fuzz targets share: the tree consistency check, the round-trip property
//! with its list of the standard's known exceptions, and the known differences the
//! differential target classifies with.
//!
//! The input formats the targets decode live in `litmus_differential::seeds`, next to
//! the seed-corpus builder that writes them.

mod round_trip;

pub use round_trip::{known_non_round_tripping, RoundTripOptions, NON_ROUND_TRIPPING};

/// The scripting flags worth parsing `input` with: both when the flag can change the
/// standard's parse, else scripting on alone. The flag changes a parse only at a
/// `noscript` element (its start tag in "in head" and "in body", and a `noscript`
/// context element), so an input without the letters `noscript` in any ASCII case
/// parses alike either way; skipping the second parse halves such an input's cost.
pub fn scripting_flags(input: &str, context: Option<&str>) -> &'static [bool] {
    let noscript = |text: &str| {
        text.as_bytes()
            .windows(8)
            .any(|w| w.eq_ignore_ascii_case(b"noscript"))
    };
    if noscript(input) || context.is_some_and(noscript) {
        &[true, false]
    } else {
        &[true]
    }
}

use litmus_parser::dump;
use litmus_parser::serialize::serialize_children;
use litmus_parser::{Document, Namespace, NodeId, NodeKind};

/// Checks that `document` is a well-formed tree, panicking with what is wrong:
///
/// - the walk from the Document node (with an explicit stack and a visited set) meets
///   every reachable node exactly once: no cycles, no node with two parents;
/// - links agree both ways: each child's parent is the node it hangs from, previous
///   and next siblings point at each other, first and last child are the ends of the
///   sibling chain, and a node without children has neither;
/// - kinds are where they may be: the Document node only at the root, a
///   DocumentFragment only as a template's contents, a DOCTYPE only under the
///   Document, no children under a text, comment, processing instruction or DOCTYPE;
/// - every `template` element in the HTML namespace has contents, a DocumentFragment
///   with no parent and no siblings; no other element has contents;
/// - a fragment parse's result root is reachable from the Document node;
/// - the parse errors are in the order of their positions, within the input;
/// - the dump and the serialization of the result run to the end.
///
/// Returns the dump, for callers that compare it.
pub fn check_document(document: &Document, input_len: usize) -> String {
    check_tree(document, input_len);
    let _ = serialize_children(document, document.result_root());
    dump::dump(document)
}

/// [`check_document`] without the dump and the serialization: the links, the kinds,
/// the template contents, the result root and the parse errors.
pub fn check_tree(document: &Document, input_len: usize) {
    let count = document.node_count();
    let mut visited = vec![false; count];
    let root = document.root();
    assert!(matches!(document.kind(root), NodeKind::Document));
    assert_eq!(
        document.parent(root),
        None,
        "the Document node has a parent"
    );
    assert_eq!(document.next_sibling(root), None);
    assert_eq!(document.prev_sibling(root), None);

    let mut stack = vec![root];
    visited[root.index()] = true;
    let mut reached = 1usize;
    while let Some(node) = stack.pop() {
        check_children(document, node, &mut visited, &mut stack, &mut reached);
        check_template_contents(document, node, &mut visited, &mut stack, &mut reached);
    }
    assert!(reached <= count);

    let result = document.result_root();
    assert!(
        visited[result.index()],
        "the result root {result:?} is not reachable from the Document node"
    );
    if result != root {
        assert!(
            matches!(document.kind(result), NodeKind::Element { .. }),
            "a fragment's root is not an element"
        );
    }

    let mut previous = 0;
    for error in &document.errors {
        assert!(
            error.offset >= previous,
            "parse errors out of order: {:?}",
            document.errors
        );
        assert!(
            error.offset <= input_len,
            "parse error past the end of the input: {error:?}"
        );
        assert!(
            error.line >= 1 && error.column >= 1,
            "bad position: {error:?}"
        );
        previous = error.offset;
    }
}

/// Whether two documents hold the same tree: walked in step from their Document
/// nodes, the same kinds, names, texts, attributes (in the same order) and template
/// contents. Equal trees dump alike; trees that differ only in the order of an
/// element's attributes dump alike too, so callers confirm a `false` with the dumps.
pub fn same_tree(a: &Document, b: &Document) -> bool {
    let mut stack = vec![(a.root(), b.root())];
    while let Some((x, y)) = stack.pop() {
        if a.kind(x) != b.kind(y) || !a.attributes(x).eq(b.attributes(y)) {
            return false;
        }
        match (a.template_contents(x), b.template_contents(y)) {
            (Some(p), Some(q)) => stack.push((p, q)),
            (None, None) => {}
            _ => return false,
        }
        let (mut xs, mut ys) = (a.children(x), b.children(y));
        loop {
            match (xs.next(), ys.next()) {
                (Some(p), Some(q)) => stack.push((p, q)),
                (None, None) => break,
                _ => return false,
            }
        }
    }
    true
}

/// Walks the children of `node`, checking each link, and pushes them for the walk.
fn check_children(
    document: &Document,
    node: NodeId,
    visited: &mut [bool],
    stack: &mut Vec<NodeId>,
    reached: &mut usize,
) {
    let kind = document.kind(node);
    let leaf = matches!(
        kind,
        NodeKind::Text(_)
            | NodeKind::Comment(_)
            | NodeKind::ProcessingInstruction { .. }
            | NodeKind::Doctype { .. }
    );
    let mut previous: Option<NodeId> = None;
    let mut child = document.first_child(node);
    if child.is_none() {
        assert_eq!(
            document.last_child(node),
            None,
            "{node:?} has a last child but no first child"
        );
    }
    assert!(
        !(leaf && child.is_some()),
        "{node:?} ({kind:?}) has children"
    );
    while let Some(c) = child {
        assert!(
            !visited[c.index()],
            "{c:?} is reached twice (a cycle, or two parents); last reached as a child of {node:?}"
        );
        visited[c.index()] = true;
        *reached += 1;
        assert_eq!(
            document.parent(c),
            Some(node),
            "{c:?} is a child of {node:?} whose parent link disagrees"
        );
        assert_eq!(
            document.prev_sibling(c),
            previous,
            "{c:?}'s previous sibling link disagrees with the chain of {node:?}"
        );
        match document.kind(c) {
            NodeKind::Document => panic!("a Document node {c:?} under {node:?}"),
            NodeKind::DocumentFragment => {
                panic!("a DocumentFragment {c:?} is a child of {node:?}")
            }
            NodeKind::Doctype { .. } => assert_eq!(
                node,
                document.root(),
                "a DOCTYPE {c:?} under {node:?}, not under the Document"
            ),
            _ => {}
        }
        stack.push(c);
        previous = Some(c);
        child = document.next_sibling(c);
    }
    assert_eq!(
        document.last_child(node),
        previous,
        "{node:?}'s last child is not the end of its sibling chain"
    );
}

/// Checks a node's template contents and pushes them for the walk.
fn check_template_contents(
    document: &Document,
    node: NodeId,
    visited: &mut [bool],
    stack: &mut Vec<NodeId>,
    reached: &mut usize,
) {
    let is_html_template = matches!(
        document.kind(node),
        NodeKind::Element {
            ns: Namespace::Html,
            name: "template"
        }
    );
    let contents = document.template_contents(node);
    match (is_html_template, contents) {
        (true, None) => panic!("the template {node:?} has no contents"),
        (false, Some(contents)) => {
            panic!("{node:?}, not an HTML template, has contents {contents:?}")
        }
        (false, None) => {}
        (true, Some(contents)) => {
            assert!(
                matches!(document.kind(contents), NodeKind::DocumentFragment),
                "the contents of the template {node:?} are not a DocumentFragment"
            );
            assert_eq!(
                document.parent(contents),
                None,
                "the contents of the template {node:?} have a parent"
            );
            assert_eq!(document.prev_sibling(contents), None);
            assert_eq!(document.next_sibling(contents), None);
            assert!(
                !visited[contents.index()],
                "the contents {contents:?} of the template {node:?} are reached twice"
            );
            visited[contents.index()] = true;
            *reached += 1;
            stack.push(contents);
        }
    }
}

/// A string shortened for a panic message: the first and last `n` characters.
pub fn excerpt(text: &str, n: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= 2 * n {
        return format!("{text:?}");
    }
    let head: String = chars[..n].iter().collect();
    let tail: String = chars[chars.len() - n..].iter().collect();
    format!("{head:?} … ({} characters) … {tail:?}", chars.len())
}
