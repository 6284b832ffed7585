//! The known classes a campaign's report names ([`named_in`]), and which can show at
//! the levels it compared ([`can_show_at`]): what findings.json copies of each
//! (`known_classes`, [`crate::finding::ClassInfo`]), and which classes may be
//! "possibly fixed".

use crate::finding::{CampaignReport, ClassInfo};
use litmus_verdicts::{KnownClass, KnownDifferences};
use std::collections::BTreeSet;

/// The classes a report names: those of its findings, its signatures, its possibly
/// fixed classes and those not seen, in the order of the known-differences file.
pub fn named_in(known: &KnownDifferences, report: &CampaignReport) -> Vec<ClassInfo> {
    let mut named: BTreeSet<&str> = BTreeSet::new();
    named.extend(report.findings.iter().filter_map(|f| f.class.as_deref()));
    named.extend(report.signatures.iter().filter_map(|s| s.class.as_deref()));
    named.extend(report.class_counts.iter().map(|c| c.class.as_str()));
    named.extend(report.possibly_fixed.iter().map(|p| p.class.as_str()));
    named.extend(report.not_seen.iter().map(|n| n.class.as_str()));
    known
        .classes
        .iter()
        .filter(|c| named.contains(c.id.as_str()))
        .map(ClassInfo::of)
        .collect()
}

/// Whether a class can show in a campaign that compared these levels, in one of its
/// views (its own conditions, or a shape's): one of its signature patterns starts
/// with one of them, or with no level at all (a failure — `crash`, `timeout`, … — or
/// a pattern starting with `*`), which any level can give; a view with no signature
/// pattern shows at the tree and fragment levels when it has a locus condition (only
/// their findings have a locus), else at any. A class of the speed or chunk level
/// cannot show in a campaign that did not run it, and is not "possibly fixed" there.
pub fn can_show_at(class: &KnownClass, levels: &[&str]) -> bool {
    class.views().any(|view| {
        if view.signatures.is_empty() {
            return !view.needs_locus() || levels.iter().any(|l| matches!(*l, "tree" | "fragment"));
        }
        view.signatures.iter().any(|pattern| {
            let first = litmus_verdicts::pattern_level(pattern);
            if first.contains('*') || litmus_compare::compare::Level::from_name(first).is_none() {
                return true;
            }
            levels.contains(&first)
        })
    })
}
