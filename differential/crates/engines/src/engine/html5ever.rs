//! html5ever 0.40 with markup5ever_rcdom, in process.
//!
//! The tree is dumped by `litmus_engine_api::dump` (the dump of every Rust engine),
//! exactly as `litmus_parser::dump` dumps litmus's: one line per
//! node, attributes sorted by their name string (UTF-16 code units) with the `xlink `,
//! `xml `, `xmlns ` designators, template contents under `content`, processing
//! instructions as `<?target data?>`. A fragment parse's result is the children of the
//! `html` element html5ever puts under its document (the spec's fragment root), so
//! the dump has the same shape as litmus's fragment dump.
//!
//! The serialization is html5ever's `HtmlSerializer`, driven by a tree walk of our own
//! (`ResultChildren`): markup5ever_rcdom's `Serialize` implementation never visits a
//! template's contents (they are not the element's children in RcDom), a gap of that
//! test DOM rather than of html5ever's serializer, and one that would hide every
//! other serialization difference inside templates.
//!
//! Nothing here recurses on depth: the dump and the serialization walk with explicit
//! stacks, and markup5ever_rcdom's `Drop for Node` takes children apart with an
//! explicit stack too (checked in its 0.40.1 source; a test below drops a deep tree on
//! a small stack).

use super::contract::Engine;
use super::tokens::{Tok, TokenStart};
use crate::case::{EngineFailure, EngineOutput, ParseRequest, ParseResult};
use html5ever::serialize::{SerializeOpts, Serializer, TraversalScope};
use html5ever::tendril::{ByteTendril, TendrilSink};
use html5ever::tree_builder::TreeBuilderOpts;
use html5ever::{LocalName, Namespace, ParseOpts, QualName};
use litmus_engine_api::dump;
use markup5ever_rcdom::{Handle, NodeData, RcDom};
use std::io;
use std::time::{Duration, Instant};

/// The html5ever version this engine is built with (checked against Cargo.lock by a
/// test).
pub const HTML5EVER_VERSION: &str = "0.40.1";
/// The markup5ever_rcdom version this engine is built with (checked against
/// Cargo.lock by a test).
pub const MARKUP5EVER_RCDOM_VERSION: &str = "0.40.1+unofficial";

/// html5ever + markup5ever_rcdom.
#[derive(Clone, Copy, Debug, Default)]
pub struct Html5everEngine;

impl Engine for Html5everEngine {
    fn name(&self) -> &str {
        "html5ever"
    }

    fn version(&self) -> String {
        format!("html5ever {HTML5EVER_VERSION} + markup5ever_rcdom {MARKUP5EVER_RCDOM_VERSION}")
    }

    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        parse_with_html5ever(request, true)
    }

    fn parse_tree(&mut self, request: &ParseRequest) -> ParseResult {
        parse_with_html5ever(request, false)
    }

    /// html5ever's `tokenizer::Tokenizer`, without its tree builder.
    fn tokenize(&mut self, stream: &str, start: &TokenStart) -> Option<Vec<Tok>> {
        Some(super::tokenize::html5ever(stream, start))
    }

    fn parse_time(&mut self, request: &ParseRequest) -> Duration {
        let start = Instant::now();
        drop(parse_to_dom(request));
        start.elapsed()
    }

    /// html5ever's parser fed through its UTF-8 decoder (`from_utf8`), one `process`
    /// call per piece, then `finish`: the way a caller streams bytes into it.
    fn parse_chunks(&mut self, request: &ParseRequest, splits: &[usize]) -> Option<ParseResult> {
        let mut sink = parser(request).from_utf8();
        for piece in super::contract::pieces(request.input.as_bytes(), splits) {
            sink.process(ByteTendril::from_slice(piece));
        }
        Some(result_of(&sink.finish(), request, false))
    }
}

/// html5ever's tree for `request`, in an RcDom.
fn parse_to_dom(request: &ParseRequest) -> RcDom {
    parser(request).one(request.input.as_str())
}

/// html5ever's parser for `request`'s options, with nothing fed yet.
fn parser(request: &ParseRequest) -> html5ever::driver::Parser<RcDom> {
    let options = ParseOpts {
        tree_builder: TreeBuilderOpts {
            scripting_enabled: request.scripting,
            ..TreeBuilderOpts::default()
        },
        ..ParseOpts::default()
    };
    match &request.fragment {
        None => html5ever::parse_document(RcDom::default(), options),
        Some(context) => {
            let ns = Namespace::from(context.ns.url());
            let name = QualName::new(None, ns, LocalName::from(context.local_name.as_str()));
            // The context element has no attributes; "allows scripting" is the
            // scripting flag (it decides the tokenizer state for a noscript context).
            let sink = RcDom::default();
            let context_element = html5ever::tree_builder::create_element(&sink, name, Vec::new());
            // "Set the parser's form element pointer to the nearest node to the context
            // element that is a form element (going straight up the ancestor chain, and
            // including the element itself, if it is a form element), if any":
            // html5ever leaves it to its caller (`parse_fragment` passes none), and a
            // context of litmus's has no ancestors, so it is the context if that is an
            // HTML form.
            let is_form =
                context.ns == litmus_parser::Namespace::Html && context.local_name == "form";
            let form_element = is_form.then(|| context_element.clone());
            html5ever::driver::parse_fragment_for_element(
                sink,
                options,
                context_element,
                request.scripting,
                form_element,
            )
        }
    }
}

/// What html5ever answers for `request` (its serialization only with `serialize`).
pub(crate) fn parse_with_html5ever(request: &ParseRequest, serialize: bool) -> ParseResult {
    result_of(&parse_to_dom(request), request, serialize)
}

/// The answer for `request` from html5ever's tree `dom`.
fn result_of(dom: &RcDom, request: &ParseRequest, serialize: bool) -> ParseResult {
    {
        let root = if request.fragment.is_some() {
            // The fragment's nodes are the children of the html element html5ever
            // appended to its document.
            let first = dom.document.children.borrow().first().cloned();
            match first {
                Some(html) => html,
                None => {
                    return Err(EngineFailure::BadOutput {
                        message: "html5ever's fragment parse left no root element".into(),
                    })
                }
            }
        } else {
            dom.document.clone()
        };
        // A deep tree's dump grows with the square of its depth: past the output limit
        // only its start is written, and the answer is an oversized failure.
        let dumped =
            dump::dump_children_limited(&RcDomTree, &root, crate::limits::MAX_OUTPUT_BYTES);
        if !dumped.is_whole() || dumped.len > crate::limits::MAX_OUTPUT_BYTES as u64 {
            let mut failure = EngineFailure::oversized("tree", &dumped.text);
            if let EngineFailure::Oversized { bytes, .. } = &mut failure {
                *bytes = dumped.len;
            }
            return Err(failure);
        }
        let tree = dumped.text;
        let serialization = if serialize {
            serialize_children(&root, request.scripting)
        } else {
            None
        };
        Ok(EngineOutput {
            tree,
            serialization,
        })
    }
}

/// The html5lib dump of `root`'s children, every line ending with `\n`
/// ([`litmus_engine_api::dump`], which every Rust engine's dump goes through).
#[cfg(test)]
pub(crate) fn dump_children(root: &Handle) -> String {
    dump::dump_children(&RcDomTree, root)
}

/// markup5ever_rcdom's nodes as [`litmus_engine_api::dump`] reads them.
struct RcDomTree;

impl dump::Tree for RcDomTree {
    type Handle = Handle;

    fn node(&self, node: &Handle) -> dump::Node {
        match &node.data {
            NodeData::Document => dump::Node::Document,
            NodeData::Doctype {
                name,
                public_id,
                system_id,
            } => dump::Node::Doctype {
                name: name.to_string(),
                public_id: public_id.to_string(),
                system_id: system_id.to_string(),
            },
            NodeData::Text { contents } => dump::Node::Text(contents.borrow().to_string()),
            NodeData::Comment { contents } => dump::Node::Comment(contents.to_string()),
            NodeData::ProcessingInstruction { target, contents } => {
                dump::Node::ProcessingInstruction {
                    target: target.to_string(),
                    data: contents.to_string(),
                }
            }
            NodeData::Element { name, attrs, .. } => dump::Node::Element {
                namespace: name.ns.to_string(),
                local_name: name.local.to_string(),
                attributes: attrs
                    .borrow()
                    .iter()
                    .map(|a| dump::Attribute {
                        namespace: a.name.ns.to_string(),
                        local_name: a.name.local.to_string(),
                        value: a.value.to_string(),
                    })
                    .collect(),
            },
        }
    }

    fn children(&self, node: &Handle) -> Vec<Handle> {
        node.children.borrow().clone()
    }

    fn template_contents(&self, node: &Handle) -> Option<Handle> {
        match &node.data {
            NodeData::Element {
                template_contents, ..
            } => template_contents.borrow().clone(),
            _ => None,
        }
    }
}

/// html5ever's serialization of `root`'s children, as the serializer sees the
/// children of an element that is not special (`ChildrenOnly(None)`). `None` if the
/// serializer fails or writes bytes that are not UTF-8.
fn serialize_children(root: &Handle, scripting: bool) -> Option<String> {
    let mut bytes = Vec::new();
    let options = SerializeOpts {
        scripting_enabled: scripting,
        traversal_scope: TraversalScope::ChildrenOnly(None),
        create_missing_parent: false,
    };
    html5ever::serialize(&mut bytes, &ResultChildren(root.clone()), options).ok()?;
    String::from_utf8(bytes).ok()
}

/// A node whose subtree html5ever's serializer walks, template contents included (as
/// the element's first children, where a DOM's serializer finds them).
struct ResultChildren(Handle);

impl html5ever::serialize::Serialize for ResultChildren {
    fn serialize<S: Serializer>(
        &self,
        serializer: &mut S,
        scope: TraversalScope,
    ) -> io::Result<()> {
        enum Op {
            Open(Handle),
            Close(QualName),
        }
        // Pushes what comes inside `node`, last first: its own children, then (so that
        // they come out first) a template's contents' children.
        fn push_inside(node: &Handle, ops: &mut Vec<Op>) {
            for child in node.children.borrow().iter().rev() {
                ops.push(Op::Open(child.clone()));
            }
            if let NodeData::Element {
                template_contents, ..
            } = &node.data
            {
                if let Some(contents) = template_contents.borrow().as_ref() {
                    for child in contents.children.borrow().iter().rev() {
                        ops.push(Op::Open(child.clone()));
                    }
                }
            }
        }

        let mut ops = Vec::new();
        match scope {
            TraversalScope::IncludeNode => ops.push(Op::Open(self.0.clone())),
            TraversalScope::ChildrenOnly(_) => push_inside(&self.0, &mut ops),
        }
        while let Some(op) = ops.pop() {
            match op {
                Op::Close(name) => serializer.end_elem(name)?,
                Op::Open(node) => match &node.data {
                    NodeData::Element { name, attrs, .. } => {
                        serializer.start_elem(
                            name.clone(),
                            attrs.borrow().iter().map(|a| (&a.name, &a.value[..])),
                        )?;
                        ops.push(Op::Close(name.clone()));
                        push_inside(&node, &mut ops);
                    }
                    NodeData::Doctype { name, .. } => serializer.write_doctype(name)?,
                    NodeData::Text { contents } => serializer.write_text(&contents.borrow())?,
                    NodeData::Comment { contents } => serializer.write_comment(contents)?,
                    NodeData::ProcessingInstruction { target, contents } => {
                        serializer.write_processing_instruction(target, contents)?
                    }
                    // A Document is never a child; if one were, its children would be
                    // what it stands for.
                    NodeData::Document => push_inside(&node, &mut ops),
                },
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use litmus_parser::FragmentContext;

    fn tree(request: &ParseRequest) -> String {
        Html5everEngine.parse(request).unwrap().tree
    }

    fn document(input: &str) -> ParseRequest {
        ParseRequest::document(input, true)
    }

    fn fragment(input: &str, context: &str) -> ParseRequest {
        ParseRequest::fragment(input, FragmentContext::parse(context).unwrap(), true)
    }

    #[test]
    fn a_document_dumps_in_the_html5lib_format() {
        let got = tree(&document(
            "<!DOCTYPE html><!--c--><p id=x class=y>One<p>Two<svg xlink:href=a viewBox=0><path/></svg>",
        ));
        let expected = "\
| <!DOCTYPE html>
| <!-- c -->
| <html>
|   <head>
|   <body>
|     <p>
|       class=\"y\"
|       id=\"x\"
|       \"One\"
|     <p>
|       \"Two\"
|       <svg svg>
|         viewBox=\"0\"
|         xlink href=\"a\"
|         <svg path>
";
        assert_eq!(got, expected);
    }

    #[test]
    fn doctype_ids_template_contents_and_mathml() {
        let got = tree(&document(
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"\"><template><b>x</b></template><math><mi xml:lang=en>",
        ));
        let expected = "\
| <!DOCTYPE html \"-//W3C//DTD HTML 4.01//EN\" \"\">
| <html>
|   <head>
|     <template>
|       content
|         <b>
|           \"x\"
|   <body>
|     <math math>
|       <math mi>
|         xml lang=\"en\"
";
        assert_eq!(got, expected);
    }

    #[test]
    fn a_form_context_is_the_form_element_pointer() {
        // With the pointer set, a <form> start tag in the fragment is ignored, as the
        // reference parser does.
        assert_eq!(tree(&fragment("<form><b>", "form")), "| <b>\n");
        assert_eq!(tree(&fragment("<form><b>", "div")), "| <form>\n|   <b>\n");
    }

    #[test]
    fn a_fragment_dumps_the_fragment_nodes_only() {
        assert_eq!(tree(&fragment("<td>a</td>", "tr")), "| <td>\n|   \"a\"\n");
        assert_eq!(
            tree(&fragment("<path/><foreignObject>", "svg svg")),
            "| <svg path>\n| <svg foreignObject>\n"
        );
        assert_eq!(tree(&fragment("</title>x", "title")), "| \"</title>x\"\n");
        assert_eq!(tree(&fragment("a<b>", "textarea")), "| \"a<b>\"\n");
    }

    #[test]
    fn the_scripting_flag_reaches_the_tree_builder() {
        let input = "<body><noscript><p>x</p></noscript>";
        let on = tree(&ParseRequest::document(input, true));
        let off = tree(&ParseRequest::document(input, false));
        assert!(on.contains("|       \"<p>x</p>\"\n"), "{on}");
        assert!(off.contains("|       <p>\n"), "{off}");
        // In a noscript context, "allows scripting" picks the tokenizer state.
        let context = FragmentContext::parse("noscript").unwrap();
        let on = Html5everEngine
            .parse(&ParseRequest::fragment("<b>", context.clone(), true))
            .unwrap();
        let off = Html5everEngine
            .parse(&ParseRequest::fragment("<b>", context, false))
            .unwrap();
        assert_eq!(on.tree, "| \"<b>\"\n");
        assert_eq!(off.tree, "| <b>\n");
    }

    #[test]
    fn processing_instructions_are_dumped_with_target_and_data() {
        let root = markup5ever_rcdom::Node::new(NodeData::Document);
        let pi = markup5ever_rcdom::Node::new(NodeData::ProcessingInstruction {
            target: "pi".into(),
            contents: "data".into(),
        });
        root.children.borrow_mut().push(pi);
        assert_eq!(dump_children(&root), "| <?pi data?>\n");
    }

    #[test]
    fn html5ever_serializes_the_children_including_template_contents() {
        let output = Html5everEngine
            .parse(&document(
                "<p title='a\"b'>x&amp;<template><i>y</i></template>",
            ))
            .unwrap();
        assert_eq!(
            output.serialization.as_deref(),
            Some(
                "<html><head></head><body><p title=\"a&quot;b\">x&amp;\
                 <template><i>y</i></template></p></body></html>"
            )
        );
        let output = Html5everEngine.parse(&fragment("<td>a", "tr")).unwrap();
        assert_eq!(output.serialization.as_deref(), Some("<td>a</td>"));
    }

    #[test]
    fn deep_trees_dump_serialize_and_drop_on_a_small_stack() {
        // The dump itself is quadratic in depth (two spaces per level per line), so
        // the depth stays moderate (its dump under the output limit); any recursion
        // per level would still overflow 256 KiB many times over.
        let depth = 3_000;
        let input = "<span>".repeat(depth);
        let output = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || Html5everEngine.parse(&ParseRequest::document(input, true)))
            .unwrap()
            .join()
            .expect("no stack overflow")
            .unwrap();
        assert_eq!(output.tree.lines().count(), 3 + depth);
        assert_eq!(
            output.serialization.unwrap().len(),
            "<html><head></head><body></body></html>".len() + depth * "<span></span>".len()
        );
    }

    /// A tree whose dump would be over the output limit is answered as an oversized
    /// failure with its real size, its dump never built (at 52a1373, 100,000 nested
    /// `<div>`s made the reference's worker abort on a 10 GB dump).
    #[test]
    fn dumps_over_the_output_limit_are_oversized_failures() {
        // html5ever's own parse is quadratic in the depth: 6,000 make a 36 MB dump.
        let deep = |depth: usize| ParseRequest::document("<div>".repeat(depth), true);
        for (result, least) in [
            (Html5everEngine.parse(&deep(6_000)), 30_000_000),
            (
                crate::engine::litmus::LitmusEngine.parse(&deep(100_000)),
                10_000_000_000,
            ),
        ] {
            match result {
                Err(EngineFailure::Oversized {
                    what,
                    bytes,
                    prefix,
                }) => {
                    assert_eq!(what, "tree");
                    assert!(bytes > least, "{bytes}");
                    assert!(prefix.starts_with("| <html>\n"), "{prefix:.40}");
                    assert!(prefix.len() <= crate::limits::OVERSIZED_PREFIX_BYTES);
                }
                other => panic!("{:?}", other.map(|o| o.tree.len())),
            }
        }
    }

    #[test]
    fn the_version_constants_match_cargo_lock() {
        let lock =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../Cargo.lock"))
                .expect("the workspace's Cargo.lock");
        for (name, version) in [
            ("html5ever", HTML5EVER_VERSION),
            ("markup5ever_rcdom", MARKUP5EVER_RCDOM_VERSION),
        ] {
            let entry = format!("name = \"{name}\"\nversion = \"{version}\"\n");
            assert!(lock.contains(&entry), "Cargo.lock has no {name} {version}");
        }
    }
}
