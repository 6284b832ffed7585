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
pub use crate::finding::{right_name, ClassInfo};
use crate::known::{KnownClass, KnownDifferences};
use std::collections::BTreeSet;

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

/// Whether a class can show in a campaign that compared these levels: one of its
/// signature patterns starts with one of them, or with no level at all (a failure —
/// `crash`, `timeout`, … — or a pattern starting with `*`), which any level can give.
/// A class of the speed or chunk level cannot show in a campaign that did not run it,
/// and is not "possibly fixed" there.
pub fn can_show_at(class: &KnownClass, levels: &[&str]) -> bool {
    class.signatures.iter().any(|pattern| {
        let first = pattern.split(" | ").next().unwrap_or("");
        if first.contains('*') || crate::compare::Level::from_name(first).is_none() {
            return true;
        }
        levels.contains(&first)
    })
}

#[cfg(test)]
mod tests;
