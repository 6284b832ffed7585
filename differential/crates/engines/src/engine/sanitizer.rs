//! Sanitizers as engines: an engine whose answer is not a parse of the input but the
//! sanitizer's cleaned HTML of it.
//!
//! A sanitizer engine answers every request with an [`EngineOutput`] whose
//! `serialization` is the sanitized HTML (its default policy, the input taken as the
//! body fragment its users pass it, whatever the request's options) and whose `tree`
//! is the sanitizer's own tree of that output, where it can give one, or the empty
//! dump. What a browser makes of the output is litmus's to say: litmus-campaign's
//! `sanitizers` module parses it with the reference parser and looks for
//! script-capable content and for a tree the sanitizer did not mean.
//!
//! Sanitizers run as any engine does: in worker processes, built in ([`AmmoniaEngine`])
//! or as an external program speaking the persistent protocol (`cmd:`, the adapters
//! in `examples/engines/sanitizers/`), so that a sanitizer's panic, hang, crash or
//! huge answer is a finding, never a crash of litmus.

use super::contract::Engine;
use crate::case::{EngineFailure, EngineOutput, ParseRequest, ParseResult};

/// The version of ammonia built in (its dependency is pinned to it).
pub const AMMONIA_VERSION: &str = "4.2.5";

/// ammonia, with its default policy (`ammonia::clean`), in process. Its tree is
/// ammonia's parser's (html5ever's) parse of its output as a `<body>` fragment:
/// ammonia keeps its cleaned tree to itself (`Document::to_dom_node` needs a
/// `--cfg ammonia_unstable` build), and that parse is what ammonia takes its output
/// to mean.
#[derive(Clone, Copy, Debug, Default)]
pub struct AmmoniaEngine;

impl Engine for AmmoniaEngine {
    fn name(&self) -> &str {
        "ammonia"
    }

    fn version(&self) -> String {
        format!(
            "ammonia {AMMONIA_VERSION} (html5ever {})",
            super::html5ever::HTML5EVER_VERSION
        )
    }

    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        let output = ammonia::clean(&request.input);
        let body = litmus_parser::FragmentContext::parse("body").ok_or_else(|| {
            EngineFailure::Unsupported {
                message: "no body context".to_owned(),
            }
        })?;
        let again = ParseRequest::fragment(output.as_str(), body, true);
        let tree = super::html5ever::parse_with_html5ever(&again, false)?.tree;
        Ok(EngineOutput {
            tree,
            serialization: Some(output),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ammonia_answers_its_cleaned_html_and_its_parse_of_it() {
        let request = ParseRequest::document("<p onclick=f()>hi<script>x</script>", true);
        let answer = AmmoniaEngine.parse(&request).unwrap();
        assert_eq!(answer.serialization.as_deref(), Some("<p>hi</p>"));
        assert_eq!(answer.tree, "| <p>\n|   \"hi\"\n");
        assert!(AmmoniaEngine.version().starts_with("ammonia 4.2.5"));
    }
}
