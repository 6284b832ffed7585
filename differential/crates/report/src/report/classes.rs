//! What a report says about a known class: its explanation, who is right, its spec
//! section and upstream issue.
//!
//! A campaign copies, for every known class its report names (a class that explains a
//! finding or a signature, or one possibly fixed), these fields into findings.json
//! (`known_classes`), so that summary.md, index.html and junit.xml explain each class
//! without the known-differences file, which an installed litmus's user does not have.
//! `litmus class show` and `litmus class list` print the same fields. The class model
//! itself (`KnownClass`) is read only through `ClassInfo::of` and the campaign's
//! `litmus_campaign::classes`, which picks the classes a report names.

pub use litmus_campaign::classes::{can_show_at, named_in};
use litmus_campaign::finding::CampaignReport;
pub use litmus_campaign::finding::{right_name, ClassInfo};

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
