//! From a minimized divergence to what reports and the archive hold: a [`Finding`]
//! and an [`ArchivedFinding`]. Data stays typed up to here; this is where it becomes
//! the report's text.

use crate::finding::{Finding, Origin, Status};
use litmus_compare::archive::{Archive, ArchiveError, ArchivedFinding, StoreOutcome};
use litmus_compare::compare::{Divergence, Side};
use litmus_compare::minimize::MinimizeStats;
use litmus_engines::case::{ParseRequest, ParseResult};
use litmus_verdicts::{KnownDifferences, Verdict};
use std::path::PathBuf;

/// The finding a divergence makes: `shown` is the divergence as the minimized
/// `input` shows it, `original` the input it was first found with.
pub fn finding(
    known: &KnownDifferences,
    shown: &Divergence,
    input: &str,
    original: &str,
    stats: MinimizeStats,
    origin: Origin,
) -> Finding {
    debug_assert_eq!(shown.request.input, input);
    let mut evidence = litmus_verdicts::Evidence::of(shown);
    let verdict = known.verdict(&mut evidence);
    let class = verdict.class();
    let ids =
        |classes: &[&litmus_verdicts::KnownClass]| classes.iter().map(|c| c.id.clone()).collect();
    let (ambiguous, causes): (Vec<String>, Vec<String>) = match &verdict {
        Verdict::Ambiguous(classes) => (ids(classes), Vec::new()),
        Verdict::Causes(classes) => (Vec::new(), ids(classes)),
        _ => (Vec::new(), Vec::new()),
    };
    // Two causes together: each class's explanation.
    let explanation = match &verdict {
        Verdict::Causes(classes) => Some(
            classes
                .iter()
                .map(|c| format!("{}: {}", c.id, c.explanation))
                .collect::<Vec<_>>()
                .join(" Together with "),
        ),
        _ => class.map(|c| c.explanation.clone()),
    };
    let locus = evidence.locus().cloned();
    let (reference_output, other_output) = outputs(shown);
    Finding {
        signature: shown.signature.clone(),
        hash: shown.signature.hash(),
        level: shown.signature.kind().clone(),
        engine: shown.engine.clone(),
        class: class.map(|c| c.id.clone()),
        status: Some(match verdict {
            Verdict::Known(_) => Status::Known,
            Verdict::Ambiguous(_) => Status::Ambiguous,
            Verdict::Causes(_) => Status::Causes,
            Verdict::AtAnotherVersion(_) => Status::AtAnotherVersion,
            Verdict::New => Status::New,
        }),
        engine_version: known.engine_version(&shown.engine).map(str::to_owned),
        explanation,
        ambiguous,
        causes,
        locus,
        labels: litmus_compare::labels::of_divergence(shown),
        count: 1,
        input: input.to_owned(),
        original_input: original.to_owned(),
        fragment_context: shown.request.fragment.as_ref().map(|c| c.to_string()),
        scripting: shown.request.scripting,
        reference_output,
        other_output,
        serialization: shown.round_trip_serialization().map(str::to_owned),
        first_difference: shown.first_difference.clone(),
        minimization: stats,
        origin,
        archive_path: None,
        judges: Vec::new(),
        third: None,
        splits: shown.detail.splits().to_vec(),
        start: shown.detail.start().map(|s| s.to_string()),
    }
}

/// The two texts of a divergence as a report shows them (a failure as its message).
fn outputs(divergence: &Divergence) -> (String, String) {
    let text = |side: &Side, compared: Option<&str>| match (&side.result, compared) {
        (Err(failure), _) => format!("{} {failure}", side.engine),
        (Ok(_), Some(text)) => text.to_owned(),
        (Ok(_), None) => String::new(),
    };
    let (left, right) = divergence.compared_texts();
    (text(&divergence.left, left), text(&divergence.right, right))
}

/// Archives `finding` (whose divergence is `shown`), given the reference engine's
/// answer for its request, and records where in the finding.
pub fn archive(
    archive: &Archive,
    finding: &mut Finding,
    shown: &Divergence,
    reference: (&str, &ParseResult),
    versions: (&str, &str),
) -> Result<(PathBuf, StoreOutcome), ArchiveError> {
    let record = archived_finding(finding, shown, reference, versions);
    let outcome = archive.store(&record)?;
    let path = archive.dir().join(record.file_name());
    finding.archive_path = Some(path.display().to_string());
    Ok((path, outcome))
}

/// How a campaign writes a finding's archive file ([`archive_as`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Write {
    /// Over a file only if its input is larger ([`Archive::store`]).
    IfSmaller,
    /// Over any file: one this campaign wrote, of a finding that comes after.
    Always,
}

/// Archives `finding` as `write` says, or only records where its file is (`None`:
/// the file holds a finding of the same signature that comes first); what writing
/// did, if it wrote.
pub fn archive_as(
    archive: &Archive,
    finding: &mut Finding,
    shown: &Divergence,
    reference: (&str, &ParseResult),
    versions: (&str, &str),
    write: Option<Write>,
) -> Result<Option<StoreOutcome>, ArchiveError> {
    let record = archived_finding(finding, shown, reference, versions);
    let outcome = match write {
        Some(Write::IfSmaller) => Some(archive.store(&record)?),
        Some(Write::Always) => Some(archive.replace(&record)?),
        None => None,
    };
    let path = archive.dir().join(record.file_name());
    finding.archive_path = Some(path.display().to_string());
    Ok(outcome)
}

/// The archive record: the reference parser's tree and errors for the input, and the
/// other side's output in the description.
fn archived_finding(
    finding: &Finding,
    shown: &Divergence,
    (reference_engine, reference): (&str, &ParseResult),
    (reference_version, other_version): (&str, &str),
) -> ArchivedFinding {
    let request: &ParseRequest = &shown.request;
    let (reference_tree, reference_errors) = match reference {
        Ok(output) => (
            output.tree.clone(),
            reference_errors(reference_engine, request),
        ),
        Err(failure) => (
            String::new(),
            vec![format!("(the reference engine failed: {failure})")],
        ),
    };
    let rules = shown.level.rules();
    let blocks = rules.blocks(shown, &finding.reference_output, &finding.other_output);
    let stats = &finding.minimization;
    let mut fields = vec![
        (
            "found".into(),
            format!(
                "seed {} case {} family {}",
                finding.origin.seed, finding.origin.case_index, finding.origin.family
            ),
        ),
        (
            "versions".into(),
            format!("{reference_version}; {other_version}"),
        ),
        ("minimized".into(), stats.to_string()),
    ];
    fields.extend(rules.fields(shown));
    ArchivedFinding {
        input: finding.input.clone(),
        reference_errors,
        fragment_context: finding.fragment_context.clone(),
        scripting: finding.scripting,
        reference_tree,
        signature: finding.signature.clone(),
        level: finding.level.clone(),
        engine: finding.engine.clone(),
        class: finding.class.clone(),
        fields,
        blocks,
    }
}

/// The reference parser's errors for a request, `line:column: code`, when the
/// reference is litmus (run in this process: its worker just parsed the same request
/// without failing, and the parser is deterministic).
fn reference_errors(engine: &str, request: &ParseRequest) -> Vec<String> {
    if engine != "litmus" {
        return Vec::new();
    }
    let options = request.parse_options();
    let document = match &request.fragment {
        Some(context) => litmus_parser::parse_fragment(&request.input, context, &options),
        None => litmus_parser::parse_document(&request.input, &options),
    };
    match document {
        Ok(document) => document.errors.iter().map(|e| e.to_string()).collect(),
        Err(failure) => vec![format!("({failure})")],
    }
}
