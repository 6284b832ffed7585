//! html5gum 0.9 with its `tree-builder` feature as a litmus engine: html5gum's
//! tokenizer feeds html5ever 0.29's tree builder (`html5gum::emitters::html5ever`),
//! which builds a markup5ever_rcdom `RcDom`; the dump is litmus-engine-api's
//! ([`litmus_engine_api::dump`]), through [`RcDomTree`].
//!
//! No serialization: html5gum has no serializer of its own (html5ever 0.29's would test
//! html5ever, not html5gum), so litmus compares trees and fragments only.

use html5ever::tree_builder::TreeBuilderOpts;
use html5ever::{LocalName, Namespace, ParseOpts, QualName};
use litmus_engine_api::dump::{self, Attribute, Node, Tree};
use litmus_engine_api::{Engine, Output, Request, Unsupported};
use markup5ever_rcdom::{Handle, NodeData, RcDom};

/// The html5gum version this engine is built with (checked against Cargo.lock).
pub const HTML5GUM_VERSION: &str = "0.9.0";
/// The html5ever version of html5gum's tree-builder feature (checked against
/// Cargo.lock).
pub const HTML5EVER_VERSION: &str = "0.29.1";
/// The RcDom of that html5ever (checked against Cargo.lock).
pub const MARKUP5EVER_RCDOM_VERSION: &str = "0.5.0-unofficial";

/// html5gum's tokenizer + html5ever's tree builder + markup5ever_rcdom.
#[derive(Clone, Copy, Debug, Default)]
pub struct Html5gumEngine;

impl Engine for Html5gumEngine {
    fn name(&self) -> &str {
        "html5gum"
    }

    fn version(&self) -> String {
        format!(
            "html5gum {HTML5GUM_VERSION} (tree-builder: html5ever {HTML5EVER_VERSION} + markup5ever_rcdom {MARKUP5EVER_RCDOM_VERSION})"
        )
    }

    fn parse(&mut self, request: &Request) -> Result<Output, Unsupported> {
        let options = ParseOpts {
            tree_builder: TreeBuilderOpts {
                scripting_enabled: request.scripting,
                ..TreeBuilderOpts::default()
            },
            ..ParseOpts::default()
        };
        let input = request.input.as_str();
        let dom = match &request.context {
            None => {
                let Ok(dom) =
                    html5gum::emitters::html5ever::parse_document(input, RcDom::default(), options);
                dom
            }
            Some(context) => {
                // The context element has no attributes; "allows scripting" is the
                // scripting flag of the tree builder's options.
                let name = QualName::new(
                    None,
                    Namespace::from(context.namespace.url()),
                    LocalName::from(context.local_name.as_str()),
                );
                let Ok(dom) = html5gum::emitters::html5ever::parse_fragment(
                    input,
                    RcDom::default(),
                    options,
                    name,
                    Vec::new(),
                );
                dom
            }
        };
        let root = if request.context.is_some() {
            // The fragment's nodes are the children of the html element the tree
            // builder appended to its document.
            let first = dom.document.children.borrow().first().cloned();
            first.ok_or_else(|| Unsupported::new("the fragment parse left no root element"))?
        } else {
            dom.document.clone()
        };
        Ok(Output {
            tree: dump::dump_children(&RcDomTree, &root),
            html: None,
        })
    }
}

/// markup5ever_rcdom 0.5's nodes as [`litmus_engine_api::dump`] reads them.
pub struct RcDomTree;

impl Tree for RcDomTree {
    type Handle = Handle;

    fn node(&self, node: &Handle) -> Node {
        match &node.data {
            NodeData::Document => Node::Document,
            NodeData::Doctype {
                name,
                public_id,
                system_id,
            } => Node::Doctype {
                name: name.to_string(),
                public_id: public_id.to_string(),
                system_id: system_id.to_string(),
            },
            NodeData::Text { contents } => Node::Text(contents.borrow().to_string()),
            NodeData::Comment { contents } => Node::Comment(contents.to_string()),
            NodeData::ProcessingInstruction { target, contents } => Node::ProcessingInstruction {
                target: target.to_string(),
                data: contents.to_string(),
            },
            NodeData::Element { name, attrs, .. } => Node::Element {
                namespace: name.ns.to_string(),
                local_name: name.local.to_string(),
                attributes: attrs
                    .borrow()
                    .iter()
                    .map(|a| Attribute {
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

#[cfg(test)]
mod tests {
    use super::*;
    use litmus_engine_api::Context;

    fn tree(input: &str, context: Option<&str>, scripting: bool) -> String {
        let request = Request {
            input: input.to_owned(),
            context: context.map(|c| Context::parse(c).unwrap()),
            scripting,
        };
        Html5gumEngine.parse(&request).unwrap().tree
    }

    #[test]
    fn a_document_dumps_in_the_html5lib_format() {
        let expected = "\
| <!DOCTYPE html>
| <html>
|   <head>
|   <body>
|     <p>
|       class=\"y\"
|       id=\"x\"
|       \"One\"
|       <svg svg>
|         xlink href=\"a\"
|         <svg path>
|     <template>
|       content
|         <b>
";
        assert_eq!(
            tree(
                "<!DOCTYPE html><p id=x class=y>One<svg xlink:href=a><path/></svg></p><template><b>",
                None,
                true
            ),
            expected
        );
    }

    #[test]
    fn fragments_and_the_scripting_flag() {
        assert_eq!(tree("<td>a</td>", Some("tr"), true), "| <td>\n|   \"a\"\n");
        assert_eq!(tree("<path/>", Some("svg svg"), true), "| <svg path>\n");
        assert_eq!(tree("a<b>", Some("textarea"), true), "| \"a<b>\"\n");
        assert_eq!(tree("<b>", Some("noscript"), true), "| \"<b>\"\n");
        assert_eq!(tree("<b>", Some("noscript"), false), "| <b>\n");
    }

    #[test]
    fn the_version_constants_match_cargo_lock() {
        let lock =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../Cargo.lock"))
                .expect("the workspace's Cargo.lock");
        for (name, version) in [
            ("html5gum", HTML5GUM_VERSION),
            ("html5ever", HTML5EVER_VERSION),
            ("markup5ever_rcdom", MARKUP5EVER_RCDOM_VERSION),
        ] {
            let entry = format!("name = \"{name}\"\nversion = \"{version}\"\n");
            assert!(lock.contains(&entry), "Cargo.lock has no {name} {version}");
        }
    }
}
