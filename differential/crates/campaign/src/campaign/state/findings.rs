//! The findings archived so far, and the lines that announced them.
//!
//! Several signatures may become one finding (their minimized cases show the same
//! signature); the finding keeps the case that comes first by [`Rank`], whatever
//! order their triages end in.

use crate::finding::{Finding, Status};
use litmus_compare::signature::Signature;
use std::collections::{HashMap, HashSet};

/// The order in which the cases of one finding are kept, the first kept: the
/// shorter input, then the lower case index, then the input, then the signature
/// that became the finding (the signature triaged, or the exemplar's).
pub type Rank = (usize, u64, String, Signature);

/// A finding's [`Rank`] when the signature `from` became it.
pub fn rank(finding: &Finding, from: &Signature) -> Rank {
    (
        finding.input.len(),
        finding.origin.case_index,
        finding.input.clone(),
        from.clone(),
    )
}

/// The campaign's findings.
#[derive(Default)]
pub struct Findings {
    /// Each with the rank it was kept by.
    list: Vec<(Finding, Rank)>,
    /// The finding lines printed so far: an engine's round trip merged under the
    /// reference's signature archives the same file, and is said once.
    said: HashSet<String>,
}

impl Findings {
    /// Adds a finding, or merges it into the one with the same signature (the one
    /// first by [`Rank`] stays). Gives the line that announces it, if not said
    /// before.
    pub fn add(&mut self, finding: Finding, rank: Rank) -> Option<String> {
        let line = describe(&finding);
        match self.list.iter_mut().find(|(f, _)| f.hash == finding.hash) {
            Some(existing) => {
                if rank < existing.1 {
                    *existing = (finding, rank);
                }
            }
            None => self.list.push((finding, rank)),
        }
        self.said.insert(line.clone()).then_some(line)
    }

    /// All of them, in the order found.
    pub fn all(&self) -> impl Iterator<Item = &Finding> + '_ {
        self.list.iter().map(|(finding, _)| finding)
    }

    /// How many findings, and how many of them are new.
    pub fn counts(&self) -> (usize, usize) {
        let new = self.all().filter(|f| f.status == Some(Status::New)).count();
        (self.list.len(), new)
    }

    /// The findings of a report, sorted by signature, each counting the cases in
    /// `counts` (by hash) where it has some.
    pub fn report(&self, counts: &HashMap<String, u64>) -> Vec<Finding> {
        let mut findings: Vec<Finding> = self
            .all()
            .map(|f| Finding {
                count: counts.get(f.hash.as_str()).copied().unwrap_or(f.count),
                ..f.clone()
            })
            .collect();
        findings.sort_by(|a, b| a.signature.cmp(&b.signature));
        findings
    }
}

/// The line printed when a finding is archived.
fn describe(finding: &Finding) -> String {
    let status = match &finding.class {
        Some(class) => format!("known ({class})"),
        None => "NEW".to_owned(),
    };
    let place = finding
        .archive_path
        .as_deref()
        .map_or_else(String::new, |p| format!(" -> {p}"));
    format!(
        "{status}: {} [{} -> {} bytes]{place}",
        litmus_text::visible::visible_one_line(finding.signature.as_str()),
        finding.minimization.original_bytes,
        finding.minimization.final_bytes
    )
}
