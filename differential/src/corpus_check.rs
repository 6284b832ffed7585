//! Replaying the regression corpus: `litmus corpus check`.
//!
//! For every archived finding:
//! 1. the reference parser must still build the archived tree (`#document`) for the
//!    archived input and options — a difference is a regression (or a fix that needs
//!    its archive updated), and fails the check;
//! 2. the finding's status against its engine is re-checked: the same signature still
//!    shows (`still`), the engines now agree (`gone`: fixed upstream, or fixed in the
//!    reference parser), or they differ another way (`changed`). This is reported,
//!    not failed: other engines move on their own schedule.
//!
//! Engines run in worker processes, so an archived crash or hang cannot take the
//! check down with it.

use crate::archive::{Archive, ArchivedFinding};
use crate::case::{EngineOutput, Level, ParseRequest};
use crate::compare::{recheck, Divergence, Side};
use crate::engine::Engine;
use crate::signature::Signature;
use litmus_parser::FragmentContext;
use std::path::PathBuf;

/// What re-checking a finding against its engine showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recheck {
    /// The same signature still shows.
    Still,
    /// The engines agree now.
    Gone,
    /// The engines differ, with another signature.
    Changed(String),
    /// The finding's engine is not the one checked against; not re-checked.
    Skipped(String),
}

/// One archived finding, checked.
#[derive(Clone, Debug)]
pub struct CheckedFinding {
    pub path: PathBuf,
    pub signature: String,
    /// `None` if the reference still builds the archived tree; else what it builds now
    /// (or why it failed).
    pub reference_changed: Option<String>,
    pub recheck: Recheck,
}

/// The whole check.
#[derive(Clone, Debug, Default)]
pub struct CheckReport {
    pub findings: Vec<CheckedFinding>,
    /// Files that could not be read, with the file and line.
    pub malformed: Vec<String>,
}

impl CheckReport {
    /// Whether the corpus passes: every file readable, every reference tree unchanged.
    pub fn passed(&self) -> bool {
        self.malformed.is_empty() && self.findings.iter().all(|f| f.reference_changed.is_none())
    }
}

/// The request an archived finding was made with.
pub fn archived_request(finding: &ArchivedFinding) -> Result<ParseRequest, String> {
    match &finding.fragment_context {
        Some(text) => {
            let context = FragmentContext::parse(text)
                .ok_or_else(|| format!("bad #document-fragment context {text:?}"))?;
            Ok(ParseRequest::fragment(
                finding.input.clone(),
                context,
                finding.scripting,
            ))
        }
        None => Ok(ParseRequest::document(
            finding.input.clone(),
            finding.scripting,
        )),
    }
}

/// Checks every finding in `archive` with the reference engine, and re-checks those
/// of `other`'s name against it.
pub fn check(
    archive: &Archive,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Result<CheckReport, String> {
    let mut report = CheckReport::default();
    for path in archive.files().map_err(|e| e.to_string())? {
        let finding = match Archive::read(&path) {
            Ok(finding) => finding,
            Err(e) => {
                report.malformed.push(e.to_string());
                continue;
            }
        };
        let request = match archived_request(&finding) {
            Ok(request) => request,
            Err(message) => {
                report
                    .malformed
                    .push(format!("{}: {message}", path.display()));
                continue;
            }
        };
        let reference_changed = match reference.parse(&request) {
            Ok(output) if output.tree == finding.reference_tree => None,
            Ok(output) => Some(output.tree),
            Err(failure) => Some(format!("the reference engine failed: {failure}")),
        };
        let recheck = recheck_archived(&finding, &request, reference, other);
        report.findings.push(CheckedFinding {
            path,
            signature: finding.signature.clone(),
            reference_changed,
            recheck,
        });
    }
    Ok(report)
}

/// Re-checks one archived finding against `other` (see the module docs).
pub fn recheck_archived(
    finding: &ArchivedFinding,
    request: &ParseRequest,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Recheck {
    let signature = Signature::from_text(finding.signature.clone());
    let level = match signature.kind() {
        "serialization" => Level::Serialization,
        "round-trip" => Level::RoundTrip,
        _ if request.fragment.is_some() => Level::Fragment,
        _ => Level::Tree,
    };
    let round_trip_of_reference = level == Level::RoundTrip && finding.engine == reference.name();
    if finding.engine != other.name() && !round_trip_of_reference {
        return Recheck::Skipped(format!("found with {}", finding.engine));
    }
    let placeholder = |engine: &str| Side {
        engine: engine.to_owned(),
        result: Ok(EngineOutput {
            tree: String::new(),
            serialization: None,
        }),
    };
    let (left, right) = if level == Level::RoundTrip {
        (placeholder(&finding.engine), placeholder(&finding.engine))
    } else {
        (placeholder(reference.name()), placeholder(other.name()))
    };
    let divergence = Divergence {
        level,
        request: request.clone(),
        left,
        right,
        first_difference: None,
        signature: signature.clone(),
        engine: finding.engine.clone(),
    };
    if recheck(&divergence, &request.input, reference, other).is_some() {
        return Recheck::Still;
    }
    // Not the same signature: do the engines differ at all?
    let any = crate::compare::compare_request(
        if request.fragment.is_some() {
            Level::Fragment
        } else {
            Level::Tree
        },
        request,
        reference,
        other,
        &crate::compare::Levels::default(),
    );
    let relevant = any.iter().find(|d| match level {
        Level::RoundTrip => d.level == Level::RoundTrip && d.left.engine == finding.engine,
        _ => d.level != Level::RoundTrip,
    });
    match relevant {
        Some(d) => Recheck::Changed(d.signature.as_str().to_owned()),
        None => Recheck::Gone,
    }
}
