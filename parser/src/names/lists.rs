//! Lists of names the standard's parsing rules single out, for the tools that drive
//! the parser (the harness's generator and comparisons, the fuzz targets, the test
//! suites): one list each, here, so that none of them keeps a copy.

/// Fragment contexts, as html5lib tests write them (`litmus_parser::FragmentContext::parse`
/// reads each): between them they reach the insertion modes "reset the insertion mode
/// appropriately" gives a fragment's context element, the tokenizer states a context
/// element sets (RCDATA, RAWTEXT, script data, PLAINTEXT), and the integration points
/// of foreign content.
///
/// The campaign generator draws a fragment case's context from this list by index,
/// so its order is part of the case stream: a test there pins it, and changing it
/// means bumping `GENERATOR_VERSION`.
pub const FRAGMENT_CONTEXTS: &[&str] = &[
    "body",
    "div",
    "td",
    "tr",
    "tbody",
    "table",
    "caption",
    "colgroup",
    "select",
    "option",
    "template",
    "title",
    "textarea",
    "script",
    "style",
    "noscript",
    "plaintext",
    "html",
    "head",
    "frameset",
    "pre",
    "svg svg",
    "svg foreignObject",
    "svg desc",
    "svg title",
    "math math",
    "math mi",
    "math mtext",
    "math annotation-xml",
];

/// The start tags that break out of foreign content: "A start tag whose tag name is
/// one of: "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl",
/// "dt", "em", "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img",
/// "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small",
/// "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var"", and
/// "font" when it has a "color", "face" or "size" attribute.
/// <https://html.spec.whatwg.org/#parsing-main-inforeign>
///
/// Tree construction tests a token against its own `match` of interned names
/// (`tree_builder/foreign.rs`); a test here holds the two equal.
pub const BREAKOUT_START_TAGS: &[&str] = &[
    "b",
    "big",
    "blockquote",
    "body",
    "br",
    "center",
    "code",
    "dd",
    "div",
    "dl",
    "dt",
    "em",
    "embed",
    "font",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "head",
    "hr",
    "i",
    "img",
    "li",
    "listing",
    "menu",
    "meta",
    "nobr",
    "ol",
    "p",
    "pre",
    "ruby",
    "s",
    "small",
    "span",
    "strong",
    "strike",
    "sub",
    "sup",
    "table",
    "tt",
    "u",
    "ul",
    "var",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::LocalName;
    use crate::{parse_document, FragmentContext, ParseOptions};

    #[test]
    fn every_fragment_context_parses_and_is_listed_once() {
        for (i, context) in FRAGMENT_CONTEXTS.iter().enumerate() {
            let parsed = FragmentContext::parse(context);
            assert!(parsed.is_some(), "{context:?} is not a context");
            assert_eq!(parsed.map(|c| c.to_string()).as_deref(), Some(*context));
            assert!(!FRAGMENT_CONTEXTS[..i].contains(context), "{context} twice");
        }
    }

    /// Whether a start tag `name` (with a `color` attribute) inside `<svg>` leaves
    /// foreign content, as tree construction decides: the element it makes, if any, is
    /// then no SVG element.
    fn breaks_out(name: &str) -> bool {
        let input = format!("<svg><{name} color=red>");
        let document = parse_document(&input, &ParseOptions::default()).unwrap();
        let dump = crate::dump::dump(&document).to_ascii_lowercase();
        !dump.contains(&format!("<svg {}>", name.to_ascii_lowercase()))
    }

    #[test]
    fn the_breakout_start_tags_are_the_ones_tree_construction_breaks_out_on() {
        let mut checked = 0;
        for index in 0.. {
            let Some(name) = LocalName(index).well_known_spelling() else {
                break;
            };
            // A second <svg> or <math> start tag nests, whatever the list says.
            if name == "svg" {
                continue;
            }
            assert_eq!(
                breaks_out(name),
                BREAKOUT_START_TAGS.contains(&name),
                "<svg><{name}>"
            );
            checked += 1;
        }
        assert!(checked > 200, "only {checked} names checked");
        for name in BREAKOUT_START_TAGS {
            assert!(LocalName::well_known(name.as_bytes()).is_some(), "{name}");
        }
    }
}
