//! The findings archived so far, and the lines that announced them.

use crate::finding::{Finding, Status};
use std::collections::{HashMap, HashSet};

/// The campaign's findings.
#[derive(Default)]
pub struct Findings {
    list: Vec<Finding>,
    /// The finding lines printed so far: an engine's round trip merged under the
    /// reference's signature archives the same file, and is said once.
    said: HashSet<String>,
}

impl Findings {
    /// Adds a finding, or merges it into the one with the same signature (the
    /// smaller input stays). Gives the line that announces it, if not said before.
    pub fn add(&mut self, finding: Finding) -> Option<String> {
        let line = describe(&finding);
        match self.list.iter_mut().find(|f| f.hash == finding.hash) {
            Some(existing) => {
                if finding.input.len() < existing.input.len() {
                    *existing = finding;
                }
            }
            None => self.list.push(finding),
        }
        self.said.insert(line.clone()).then_some(line)
    }

    /// All of them, in the order found.
    pub fn all(&self) -> &[Finding] {
        &self.list
    }

    /// How many findings, and how many of them are new.
    pub fn counts(&self) -> (usize, usize) {
        let new = self
            .list
            .iter()
            .filter(|f| f.status == Some(Status::New))
            .count();
        (self.list.len(), new)
    }

    /// The findings of a report, sorted by signature, each counting the cases in
    /// `counts` (by hash) where it has some.
    pub fn report(&self, counts: &HashMap<String, u64>) -> Vec<Finding> {
        let mut findings: Vec<Finding> = self
            .list
            .iter()
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
        crate::report::text::visible_one_line(finding.signature.as_str()),
        finding.minimization.original_bytes,
        finding.minimization.final_bytes
    )
}
