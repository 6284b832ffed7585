//! What a report says about a known class: its explanation, who is right, its spec
//! section and upstream issue.
//!
//! A campaign copies, for every known class its report names (a class that explains a
//! finding or a signature, or one possibly fixed), these fields into findings.json
//! (`known_classes`), so that summary.md, index.html and junit.xml explain each class
//! without the known-differences file, which an installed litmus's user does not have.
//! `litmus class show` and `litmus class list` print the same fields. The class model
//! itself ([`KnownClass`]) is read only here, through [`ClassInfo::of`] and
//! [`can_show_at`].

use crate::finding::CampaignReport;
use crate::known::{KnownClass, KnownDifferences, Right};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// A known class as reports show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassInfo {
    pub id: String,
    /// The engine whose behaviour it explains, or `*`.
    pub engine: String,
    /// One line: why the engines differ.
    pub explanation: String,
    /// Who is right: `reference`, `other`, `both` or `neither`.
    pub right: Right,
    /// The spec section (a URL with its anchor).
    pub spec: String,
    /// The upstream issue, where there is one.
    #[serde(default)]
    pub upstream: Option<String>,
}

impl ClassInfo {
    /// The fields reports show of a class.
    pub fn of(class: &KnownClass) -> ClassInfo {
        ClassInfo {
            id: class.id.clone(),
            engine: class.engine.clone(),
            explanation: class.explanation.clone(),
            right: class.right,
            spec: class.spec.clone(),
            upstream: class.upstream.clone(),
        }
    }

    /// Who is right, as a sentence naming the engines: `litmus follows the standard;
    /// html5ever does not`.
    pub fn right_sentence(&self, reference: &str) -> String {
        let engine = if self.engine == "*" {
            "the other engine"
        } else {
            self.engine.as_str()
        };
        match self.right {
            Right::Reference => format!("{reference} follows the standard; {engine} does not"),
            Right::Other => format!("{engine} is right; {reference} has a bug to fix"),
            Right::Both => "both: the standard allows either".to_owned(),
            Right::Neither => {
                "neither side, or the standard leaves it open (see the explanation)".to_owned()
            }
        }
    }

    /// The class as plain text, one field a line (`litmus class show`, junit.xml).
    pub fn text(&self, reference: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "class:       {}", self.id);
        let _ = writeln!(out, "engine:      {}", self.engine);
        let _ = writeln!(out, "explanation: {}", self.explanation);
        let _ = writeln!(
            out,
            "right:       {} ({})",
            right_name(self.right),
            self.right_sentence(reference)
        );
        let _ = writeln!(out, "spec:        {}", self.spec);
        let _ = writeln!(
            out,
            "upstream:    {}",
            self.upstream.as_deref().unwrap_or("none")
        );
        out
    }
}

/// The explanation of a class a report names, when the report has it (reports of
/// earlier versions have none).
pub fn in_report<'a>(report: &'a CampaignReport, id: &str) -> Option<&'a ClassInfo> {
    report.known_classes.iter().find(|c| c.id == id)
}

/// Whether a URL may be a link in a report: `https:` or `http:`, and nothing that would
/// need escaping in Markdown's angle-bracket links.
pub fn linkable(url: &str) -> bool {
    (url.starts_with("https://") || url.starts_with("http://"))
        && !url
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '<' | '>' | '"' | '`'))
}

/// `reference`, `other`, `both`, `neither`: as known-differences.toml writes them.
pub fn right_name(right: Right) -> &'static str {
    match right {
        Right::Reference => "reference",
        Right::Other => "other",
        Right::Both => "both",
        Right::Neither => "neither",
    }
}

/// The classes a report names: those of its findings, its signatures and its possibly
/// fixed classes, in the order of the known-differences file.
pub fn named_in(known: &KnownDifferences, report: &CampaignReport) -> Vec<ClassInfo> {
    let mut named: BTreeSet<&str> = BTreeSet::new();
    named.extend(report.findings.iter().filter_map(|f| f.class.as_deref()));
    named.extend(report.signatures.iter().filter_map(|s| s.class.as_deref()));
    named.extend(report.class_counts.iter().map(|c| c.class.as_str()));
    named.extend(report.possibly_fixed.iter().map(|p| p.class.as_str()));
    known
        .classes
        .iter()
        .filter(|c| named.contains(c.id.as_str()))
        .map(ClassInfo::of)
        .collect()
}

/// The level names a signature starts with (`tree | …`).
const LEVELS: [&str; 8] = [
    "tree",
    "fragment",
    "serialization",
    "round-trip",
    "chunks",
    "tokens",
    "errors",
    "speed",
];

/// Whether a class can show in a campaign that compared these levels: one of its
/// signature patterns starts with one of them, or with no level at all (a failure —
/// `crash`, `timeout`, … — or a pattern starting with `*`), which any level can give.
/// A class of the speed or chunk level cannot show in a campaign that did not run it,
/// and is not "possibly fixed" there.
pub fn can_show_at(class: &KnownClass, levels: &[&str]) -> bool {
    class.signatures.iter().any(|pattern| {
        let first = pattern.split(" | ").next().unwrap_or("");
        if first.contains('*') || !LEVELS.contains(&first) {
            return true;
        }
        levels.contains(&first)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(signatures: &[&str]) -> KnownClass {
        let text = format!(
            "[[class]]\nid = \"c\"\nengine = \"html5ever\"\nsignatures = {signatures:?}\n\
             explanation = \"why\"\nspec = \"https://html.spec.whatwg.org/#x\"\n\
             upstream = \"https://example.org/issues/1\"\nright = \"reference\"\n"
        );
        KnownDifferences::parse(&text).unwrap().classes.remove(0)
    }

    #[test]
    fn a_class_shows_at_its_levels_only() {
        let default = ["tree", "fragment", "serialization", "round-trip"];
        assert!(can_show_at(&class(&["tree | a | b"]), &default));
        assert!(!can_show_at(&class(&["speed | html5ever: *"]), &default));
        assert!(!can_show_at(&class(&["chunks | html5ever | *"]), &default));
        assert!(can_show_at(
            &class(&["chunks | html5ever | *"]),
            &["chunks"]
        ));
        assert!(can_show_at(&class(&["crash | html5ever: *"]), &default));
        assert!(can_show_at(&class(&["*"]), &default));
        assert!(can_show_at(
            &class(&["speed | x", "fragment | y"]),
            &default
        ));
    }

    #[test]
    fn every_format_explains_a_known_class_and_links_its_spec_and_upstream() {
        let report = crate::report::sample::campaign();
        let explanation =
            "html5ever 0.40 does not parse processing instructions; it builds bogus comments.";
        let spec = "https://html.spec.whatwg.org/#processing-instruction-open-state";
        let upstream = "https://github.com/servo/html5ever/issues/789";
        let right = "litmus follows the standard; html5ever does not";

        let md = crate::report::markdown::render(&report);
        for needed in [
            explanation.to_owned(),
            format!("- who is right: reference ({right})"),
            format!("- spec: <{spec}>"),
            format!("- upstream: <{upstream}>"),
            // The possibly fixed class's spec too.
            "(spec: <https://html.spec.whatwg.org/#parsing-main-inframeset>; upstream: <https://github.com/servo/html5ever/issues/123>)".to_owned(),
        ] {
            assert!(md.contains(&needed), "summary.md lacks {needed:?}:\n{md}");
        }

        let page = crate::report::html::render(&report);
        for needed in [
            format!("<p class=\"why\">{explanation}</p>"),
            format!("<dt>who is right</dt><dd>reference ({right})</dd>"),
            format!("<dt>spec</dt><dd><a href=\"{spec}\">{spec}</a></dd>"),
            format!("<dt>upstream</dt><dd><a href=\"{upstream}\">{upstream}</a></dd>"),
        ] {
            assert!(page.contains(&needed), "index.html lacks {needed:?}");
        }

        let junit = crate::report::junit::render(&report);
        for needed in [
            format!("explanation: {explanation}"),
            format!("right:       reference ({right})"),
            format!("spec:        {spec}"),
            format!("upstream:    {upstream}"),
            "(spec: https://html.spec.whatwg.org/#parsing-main-inframeset)".to_owned(),
        ] {
            assert!(
                junit.contains(&needed),
                "junit.xml lacks {needed:?}:\n{junit}"
            );
        }
        assert!(!junit.contains("its explanation is in known-differences.toml"));
    }

    #[test]
    fn new_classes_are_named_by_their_cause_in_the_index() {
        let report = crate::report::sample::campaign();
        let page = crate::report::html::render(&report);
        let nav = &page[page.find("<nav>").unwrap()..page.find("</nav>").unwrap()];
        // Not `new:` and a hash.
        assert_eq!(
            nav.matches("new:").count(),
            nav.matches("new: ").count(),
            "{nav}"
        );
        // The sample's new findings have no locus: the engine and the signature's core.
        assert!(nav.contains("<code>new: html5ever tree | "), "{nav}");
    }

    #[test]
    fn the_text_has_every_field() {
        let info = ClassInfo::of(&class(&["tree | *"]));
        let text = info.text("litmus");
        for needed in [
            "class:       c",
            "explanation: why",
            "right:       reference (litmus follows the standard; html5ever does not)",
            "spec:        https://html.spec.whatwg.org/#x",
            "upstream:    https://example.org/issues/1",
        ] {
            assert!(text.contains(needed), "{needed:?} in\n{text}");
        }
    }
}
