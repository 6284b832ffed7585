//! A template for a Rust HTML parser under litmus.
//!
//! Everything litmus needs from your parser is the [`Engine`] implementation below:
//! parse a document or a fragment, and answer with the html5lib tree dump (and your
//! serialization, if you have one). `main` serves it over litmus's persistent engine
//! protocol; you never see the protocol. Build and run:
//!
//! ```sh
//! cargo build --release -p litmus-engine-template
//! litmus run --engine cmd:target/release/rust-template --cases 20000
//! ```
//!
//! litmus runs the binary from inside one of its worker processes, with the workers'
//! isolation: a memory limit, a time limit per answer, a restart after a crash, and
//! (by `serve`) a 256 MiB stack and panics caught per request. The placeholder parser
//! here is litmus's own reference parser, so this engine agrees everywhere; put yours
//! in its place.

use litmus_engine_api::dump::{self, Attribute, Node, Tree};
use litmus_engine_api::{Engine, Namespace, Output, Request, Unsupported};
use litmus_parser::{AttrNamespace, Document, NodeId, NodeKind, ParseOptions};
use std::process::ExitCode;

fn main() -> ExitCode {
    litmus_engine_api::serve(TemplateEngine)
}

/// The engine: your parser behind [`Engine`].
struct TemplateEngine;

impl Engine for TemplateEngine {
    /// What `known-differences.toml` classes match: keep it stable, and name the
    /// binary the same (litmus names a `cmd:` engine after its program).
    fn name(&self) -> &str {
        "rust-template"
    }

    /// What runs, recorded in every report.
    fn version(&self) -> String {
        format!(
            "rust-template {} (litmus-parser {})",
            env!("CARGO_PKG_VERSION"),
            env!("CARGO_PKG_VERSION")
        )
    }

    fn parse(&mut self, request: &Request) -> Result<Output, Unsupported> {
        let options = ParseOptions {
            scripting: request.scripting,
            ..ParseOptions::default()
        };
        let document = match &request.context {
            None => litmus_parser::parse_document(&request.input, &options),
            Some(context) => {
                // A parser without, say, MathML contexts would answer
                // `Err(Unsupported::new("no MathML contexts"))` here.
                let namespace = match context.namespace {
                    Namespace::Html => litmus_parser::Namespace::Html,
                    Namespace::Svg => litmus_parser::Namespace::Svg,
                    Namespace::MathMl => litmus_parser::Namespace::MathMl,
                };
                let context = litmus_parser::FragmentContext {
                    ns: namespace,
                    local_name: context.local_name.clone(),
                };
                litmus_parser::parse_fragment(&request.input, &context, &options)
            }
        }
        // An input over the parser's own size limit.
        .map_err(|failure| Unsupported::new(failure.to_string()))?;
        // For a document, the Document's children; for a fragment, the children of
        // the fragment's html root.
        let root = document.result_root();
        Ok(Output {
            tree: dump::dump_children(&DocumentTree(&document), &root),
            html: Some(litmus_parser::serialize::serialize_children(
                &document, root,
            )),
        })
    }
}

/// Your DOM as the dump sees it: what a node is, its children, a template's contents.
struct DocumentTree<'a>(&'a Document);

impl Tree for DocumentTree<'_> {
    type Handle = NodeId;

    fn node(&self, node: &NodeId) -> Node {
        match self.0.kind(*node) {
            NodeKind::Document | NodeKind::DocumentFragment => Node::Document,
            NodeKind::Doctype {
                name,
                public_id,
                system_id,
            } => Node::Doctype {
                name: name.to_owned(),
                public_id: public_id.to_owned(),
                system_id: system_id.to_owned(),
            },
            NodeKind::Text(text) => Node::Text(text.to_owned()),
            NodeKind::Comment(text) => Node::Comment(text.to_owned()),
            NodeKind::ProcessingInstruction { target, data } => Node::ProcessingInstruction {
                target: target.to_owned(),
                data: data.to_owned(),
            },
            NodeKind::Element { ns, name } => Node::Element {
                namespace: ns.url().to_owned(),
                local_name: name.to_owned(),
                attributes: self
                    .0
                    .attributes(*node)
                    .map(|attribute| Attribute {
                        namespace: match attribute.ns {
                            AttrNamespace::None => "",
                            AttrNamespace::XLink => dump::XLINK_NAMESPACE,
                            AttrNamespace::Xml => dump::XML_NAMESPACE,
                            AttrNamespace::Xmlns => dump::XMLNS_NAMESPACE,
                        }
                        .to_owned(),
                        local_name: attribute.local_name.to_owned(),
                        value: attribute.value.to_owned(),
                    })
                    .collect(),
            },
        }
    }

    fn children(&self, node: &NodeId) -> Vec<NodeId> {
        self.0.children(*node).collect()
    }

    fn template_contents(&self, node: &NodeId) -> Option<NodeId> {
        self.0.template_contents(*node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_dumps_as_the_reference_does() {
        for input in [
            "<!DOCTYPE html><p id=x class=y>One<svg xlink:href=a><path/></svg>",
            "<template><b>x</b></template><math><mi xml:lang=en>",
            "<?pi data><!--c-->",
        ] {
            let request = Request {
                input: input.to_owned(),
                context: None,
                scripting: true,
            };
            let output = TemplateEngine.parse(&request).unwrap();
            let document = litmus_parser::parse_document(input, &ParseOptions::default()).unwrap();
            assert_eq!(output.tree, litmus_parser::dump::dump(&document), "{input}");
        }
    }
}
