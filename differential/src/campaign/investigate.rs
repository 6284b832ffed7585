//! One divergence, investigated: minimized, classified, archived, described.
//!
//! The same path serves `litmus run`, `litmus minimize` and `litmus triage`.

use crate::archive::{Archive, ArchiveError, ArchivedFinding, StoreOutcome};
use crate::case::{Level, ParseRequest};
use crate::compare::{recheck, Divergence, Side};
use crate::engine::Engine;
use crate::finding::{Finding, FirstDifference, Origin, Status};
use crate::known::KnownDifferences;
use crate::minimize::{minimize, Budget};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The two engines a divergence is re-checked with.
pub struct Engines<'a> {
    pub reference: &'a mut dyn Engine,
    pub other: &'a mut dyn Engine,
}

/// The result of an investigation.
#[derive(Debug)]
pub struct Investigation {
    pub finding: Finding,
    /// The archive file and what storing did, when an archive was given (or why it
    /// could not be written: the finding itself is never dropped).
    pub archived: Option<Result<(PathBuf, StoreOutcome), ArchiveError>>,
}

/// Minimizes the input of `divergence` while its signature holds, classifies the
/// result, and archives it (when `archive` is given). `stop` ends the minimization
/// early with the best input so far.
pub fn investigate(
    divergence: &Divergence,
    origin: Origin,
    engines: &mut Engines<'_>,
    known: &KnownDifferences,
    archive: Option<&Archive>,
    budget: Budget,
    stop: &AtomicBool,
) -> Investigation {
    let original = divergence.request.input.clone();
    let budget = budget_for(divergence, budget);
    let (minimized, stats) = minimize(&original, budget, &mut |candidate: &str| {
        !stop.load(Ordering::Relaxed)
            && recheck(divergence, candidate, engines.reference, engines.other).is_some()
    });
    // The divergence as the minimized input shows it (the original if the engines
    // no longer agree with themselves).
    let last = recheck(divergence, &minimized, engines.reference, engines.other);
    let (input, shown) = match last {
        Some(d) => (minimized, d),
        None => (original.clone(), divergence.clone()),
    };

    let engine = explained_engine(&shown);
    let class = known.classify(&engine, shown.signature.as_str(), &input);
    let (reference_output, other_output) = outputs(&shown);
    let mut finding = Finding {
        signature: shown.signature.as_str().to_owned(),
        hash: shown.signature.hash(),
        level: shown.signature.kind().to_owned(),
        engine: engine.clone(),
        class: class.map(|c| c.id.clone()),
        status: Some(if class.is_some() {
            Status::Known
        } else {
            Status::New
        }),
        explanation: class.map(|c| c.explanation.clone()),
        count: 1,
        input: input.clone(),
        original_input: original,
        fragment_context: shown.request.fragment.as_ref().map(|c| c.to_string()),
        scripting: shown.request.scripting,
        reference_output,
        other_output,
        first_difference: match &shown.first_difference {
            Some(first) => FirstDifference {
                reference_line: Some(first.left_line),
                other_line: Some(first.right_line),
            },
            None => FirstDifference::default(),
        },
        minimization: stats.clone(),
        origin: origin.clone(),
        archive_path: None,
        third: None,
    };

    let archived = archive.map(|archive| {
        let record = archived_finding(&finding, &shown, engines);
        let outcome = archive.store(&record)?;
        let path = archive.dir().join(record.file_name());
        finding.archive_path = Some(path.display().to_string());
        Ok((path, outcome))
    });
    Investigation { finding, archived }
}

/// Hangs cost a timeout per step and crashes a worker restart: give them fewer steps.
fn budget_for(divergence: &Divergence, budget: Budget) -> Budget {
    match divergence.signature.kind() {
        "timeout" => Budget {
            max_steps: budget.max_steps.min(40),
            max_time: budget.max_time.max(Duration::from_secs(120)),
        },
        kind if divergence.is_failure() || kind == "crash" => Budget {
            max_steps: budget.max_steps.min(2_000),
            ..budget
        },
        _ => budget,
    }
}

/// The engine whose behaviour a divergence shows: the engine under test for tree,
/// fragment and serialization differences; the round-tripping engine for a round
/// trip; the failing engine for a failure.
fn explained_engine(divergence: &Divergence) -> String {
    if divergence.level == Level::RoundTrip {
        return divergence.left.engine.clone();
    }
    if divergence.is_failure() {
        for side in [&divergence.right, &divergence.left] {
            if side.result.is_err() {
                return side.engine.clone();
            }
        }
    }
    divergence.right.engine.clone()
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

/// The archive record: the reference parser's tree and errors for the input, and the
/// other side's output in the description.
fn archived_finding(
    finding: &Finding,
    shown: &Divergence,
    engines: &mut Engines<'_>,
) -> ArchivedFinding {
    let request: &ParseRequest = &shown.request;
    let reference = engines.reference.parse(request);
    let (reference_tree, reference_errors) = match &reference {
        Ok(output) => (
            output.tree.clone(),
            reference_errors(engines.reference.name(), request),
        ),
        Err(failure) => (
            String::new(),
            vec![format!("(the reference engine failed: {failure})")],
        ),
    };
    let mut blocks = Vec::new();
    let label = |side: &Side, what: &str| format!("{} {what}", side.engine);
    match shown.level {
        Level::RoundTrip => {
            blocks.push((
                label(&shown.left, "first tree"),
                finding.reference_output.clone(),
            ));
            blocks.push((
                label(&shown.right, "tree of its serialization"),
                finding.other_output.clone(),
            ));
            if let Ok(first) = &shown.left.result {
                if let Some(html) = &first.serialization {
                    blocks.push((label(&shown.left, "serialization"), html.clone()));
                }
            }
        }
        Level::Serialization => {
            blocks.push((
                label(&shown.left, "serialization"),
                finding.reference_output.clone(),
            ));
            blocks.push((
                label(&shown.right, "serialization"),
                finding.other_output.clone(),
            ));
        }
        Level::Tree | Level::Fragment => {
            blocks.push((label(&shown.right, "tree"), finding.other_output.clone()));
        }
    }
    let stats = &finding.minimization;
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
        fields: vec![
            (
                "found".into(),
                format!(
                    "seed {} case {} family {}",
                    finding.origin.seed, finding.origin.case_index, finding.origin.family
                ),
            ),
            (
                "versions".into(),
                format!(
                    "{}; {}",
                    engines.reference.version(),
                    engines.other.version()
                ),
            ),
            (
                "minimized".into(),
                format!(
                    "{} -> {} bytes, {} steps, {} ms{}",
                    stats.original_bytes,
                    stats.final_bytes,
                    stats.steps,
                    stats.millis,
                    if stats.budget_exhausted {
                        " (budget exhausted)"
                    } else {
                        ""
                    }
                ),
            ),
        ],
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
    let options = litmus_parser::ParseOptions {
        scripting: request.scripting,
        ..litmus_parser::ParseOptions::default()
    };
    let document = match &request.fragment {
        Some(context) => litmus_parser::parse_fragment(&request.input, context, &options),
        None => litmus_parser::parse_document(&request.input, &options),
    };
    match document {
        Ok(document) => document.errors.iter().map(|e| e.to_string()).collect(),
        Err(failure) => vec![format!("({failure})")],
    }
}
