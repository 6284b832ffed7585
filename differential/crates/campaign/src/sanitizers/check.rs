//! What a browser makes of a sanitizer's answer ([`check`]): the sanitized HTML parsed
//! by the reference parser as a browser would, and what that parse holds that the
//! sanitizer did not mean.
//!
//! The output is parsed as its users insert it, a fragment in a `<body>` context
//! (`innerHTML`), and as a document, both with scripting on; and the fragment's tree
//! once more after the standard's serialization and a second parse (what a page that
//! reads `innerHTML` back and writes it again gets). A *sighting* is:
//!
//! - **script-capable**: one of those trees holds a script element, an event-handler
//!   attribute, a `javascript:` URL or an `srcdoc` (`litmus_compare::labels`);
//! - **mutation**: the sanitizer's own tree of its output (where it gives one) is not
//!   the fragment tree the standard parses from it;
//! - a **failure** of the sanitizer (a crash, a hang, output that is not UTF-8 or too
//!   large: whatever its worker reports), named by its failure signature.
//!
//! Its signature names the sanitizer and the shapes, never the text: `sanitized |
//! ammonia | script-capable: event handler onerror on <img> | in: #fragment(body)`.

use litmus_compare::labels::{labels, script_capable, Across, SecurityLabel};
use litmus_compare::signature::{failure_signature, tree_signature, Level};
use litmus_engines::case::ParseResult;
use litmus_parser::{dump, parse_document, parse_fragment, serialize, FragmentContext};
use litmus_parser::{Document, ParseOptions};

/// The first field of a sanitizer finding's signature (failures have their own).
pub const SANITIZED: &str = "sanitized";

/// What kind of sighting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum What {
    ScriptCapable,
    Mutation,
    Failure,
}

/// One thing a browser would make of a sanitizer's answer that it should not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sighting {
    pub what: What,
    /// The dedup key and the minimizer's predicate.
    pub signature: String,
    pub labels: Vec<SecurityLabel>,
    /// The script-capable content, each with where it was found (`fragment`,
    /// `document`, `fragment parsed again`).
    pub script_capable: Vec<String>,
}

/// The trees a browser builds from a sanitized output.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BrowserView {
    /// The output as a `<body>` fragment, scripting on.
    pub fragment: String,
    /// The output as a document, scripting on.
    pub document: String,
    /// The fragment serialized by the standard and parsed again as a fragment.
    pub fragment_again: String,
}

impl BrowserView {
    /// The reference parser's trees of `html`.
    pub fn of(html: &str) -> BrowserView {
        let options = ParseOptions::default();
        let body = FragmentContext::parse("body").expect("body is a context");
        let tree = |parsed: Result<Document, _>| {
            parsed
                .map(|document| dump::dump(&document))
                .unwrap_or_default()
        };
        let fragment = parse_fragment(html, &body, &options);
        let again = fragment
            .as_ref()
            .map(|document| serialize::serialize_children(document, document.result_root()))
            .unwrap_or_default();
        BrowserView {
            fragment: tree(fragment),
            document: tree(parse_document(html, &options)),
            fragment_again: tree(parse_fragment(&again, &body, &options)),
        }
    }

    /// The script-capable content of the three trees, each with its tree's name.
    pub fn script_capable(&self) -> Vec<String> {
        let mut found = Vec::new();
        for (name, tree) in [
            ("fragment", &self.fragment),
            ("document", &self.document),
            ("fragment parsed again", &self.fragment_again),
        ] {
            found.extend(
                script_capable(tree)
                    .into_iter()
                    .map(|item| format!("{item} ({name})")),
            );
        }
        found
    }
}

/// The sightings of one sanitizer answer: `sanitizer` names the sanitizer in
/// signatures.
pub fn check(sanitizer: &str, answer: &ParseResult) -> Vec<Sighting> {
    let output = match answer {
        Ok(output) => output,
        Err(failure) => {
            return vec![Sighting {
                what: What::Failure,
                signature: failure_signature(sanitizer, failure).as_str().to_owned(),
                labels: Vec::new(),
                script_capable: Vec::new(),
            }]
        }
    };
    let html = output.serialization.as_deref().unwrap_or("");
    let view = BrowserView::of(html);
    let own = output.tree.as_str();
    // Where the sanitizer gives no tree of its own (an empty dump for an output that
    // is not empty), the standard's parse stands for it.
    let own = if own.is_empty() && !view.fragment.is_empty() {
        view.fragment.as_str()
    } else {
        own
    };
    let mut labelled = labels(own, &view.fragment, Across::RoundTrip);
    labelled.extend(labels(
        &view.fragment,
        &view.fragment_again,
        Across::RoundTrip,
    ));
    let mut sightings = Vec::new();
    let capable = view.script_capable();
    if let Some(first) = capable.first() {
        let mut labels = labelled.clone();
        labels.push(SecurityLabel::ScriptCapable);
        labels.sort();
        labels.dedup();
        // The first item without its tree's name, which is in the `in:` part.
        let (item, tree) = first.rsplit_once(" (").unwrap_or((first, "fragment)"));
        let root = match tree.trim_end_matches(')') {
            "document" => "#document",
            "fragment parsed again" => "#fragment(body) parsed again",
            _ => "#fragment(body)",
        };
        sightings.push(Sighting {
            what: What::ScriptCapable,
            signature: format!("{SANITIZED} | {sanitizer} | script-capable: {item} | in: {root}"),
            labels,
            script_capable: capable.clone(),
        });
    }
    if let Some(signature) = tree_signature(
        Level::RoundTrip,
        sanitizer,
        own,
        "litmus",
        &view.fragment,
        "#fragment(body)",
    ) {
        let shapes = signature
            .as_str()
            .split_once(" | ")
            .map_or(signature.as_str(), |(_, rest)| rest);
        let mut labels = labelled;
        labels.sort();
        labels.dedup();
        sightings.push(Sighting {
            what: What::Mutation,
            signature: format!("{SANITIZED} | {sanitizer} | mutation | {shapes}"),
            labels,
            script_capable: capable,
        });
    }
    sightings
}

#[cfg(test)]
mod tests {
    use super::*;
    use litmus_engines::case::{EngineFailure, EngineOutput};

    fn answer(html: &str, tree: &str) -> ParseResult {
        Ok(EngineOutput {
            tree: tree.to_owned(),
            serialization: Some(html.to_owned()),
        })
    }

    #[test]
    fn clean_output_is_no_sighting() {
        assert_eq!(
            check("s", &answer("<p>hi</p>", "| <p>\n|   \"hi\"\n")),
            vec![]
        );
        // No tree of its own: the standard's parse stands for it.
        assert_eq!(check("s", &answer("<b>x</b>", "")), vec![]);
    }

    #[test]
    fn an_event_handler_in_the_output_is_script_capable() {
        let found = check("s", &answer("<img src=x onerror=f()>", ""));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].what, What::ScriptCapable);
        assert_eq!(
            found[0].signature,
            "sanitized | s | script-capable: event handler onerror on <img> | in: #fragment(body)"
        );
        assert_eq!(found[0].labels, vec![SecurityLabel::ScriptCapable]);
        // In the fragment, the document and the fragment parsed again.
        assert_eq!(found[0].script_capable.len(), 3);
    }

    #[test]
    fn output_the_browser_reads_otherwise_than_the_sanitizer_is_a_mutation() {
        // The sanitizer thinks its `<noscript>` holds text; the browser, scripting
        // on, reads raw text too, but as a `<body>` fragment the `</noscript>` inside
        // an attribute-looking text ends it early and an img with a handler appears.
        let html = "<noscript><p title=\"</noscript><img src=x onerror=f()>\"></p></noscript>";
        let own = "| <noscript>\n|   <p>\n|     title=\"</noscript><img src=x onerror=f()>\"\n";
        let found = check("s", &answer(html, own));
        let whats: Vec<What> = found.iter().map(|s| s.what).collect();
        assert_eq!(whats, vec![What::ScriptCapable, What::Mutation]);
        assert!(found[1]
            .signature
            .starts_with("sanitized | s | mutation | s: "));
        assert!(
            found[1].labels.contains(&SecurityLabel::AttributeMarkup),
            "{:?}",
            found[1]
        );
        assert!(found[0].labels.contains(&SecurityLabel::ScriptCapable));
    }

    #[test]
    fn a_failure_is_a_sighting_named_by_its_failure() {
        let failure = Err(EngineFailure::Timeout { after_ms: 5000 });
        let found = check("s", &failure);
        assert_eq!(found[0].what, What::Failure);
        assert!(
            found[0].signature.starts_with("timeout | s"),
            "{}",
            found[0].signature
        );
    }
}
