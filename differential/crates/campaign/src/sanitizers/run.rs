//! A sanitizer campaign ([`run`]): generated cases through the sanitizer's workers,
//! each answer checked as a browser would read it ([`super::check`]), each signature
//! minimized on its first case while it keeps that signature, labelled, archived and
//! reported.
//!
//! The sanitizer runs in worker processes like any engine (`EngineChoice`, the
//! campaign's pool): its crash, hang, non-UTF-8 or oversized answer is a failure its
//! worker reports, which becomes a finding; the campaign goes on.

use super::check::{check, BrowserView, Sighting, What};
use super::confirm::{confirm, ConfirmIn, Confirmation};
use super::report::{archive_text, SanitizerFinding, SanitizerReport, SANITIZER_SCHEMA};
use crate::campaign::options::{CampaignError, EngineChoice};
use crate::generator::{Generator, GeneratorConfig};
use indicatif::{ProgressBar, ProgressStyle};
use litmus_compare::archive::write_atomically;
use litmus_compare::minimize::{minimize, Budget};
use litmus_engines::case::ParseRequest;
use litmus_engines::worker::WorkerPool;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a sanitizer campaign runs.
#[derive(Clone, Debug)]
pub struct SanitizerOptions {
    pub engine: EngineChoice,
    pub cases: u64,
    pub seed: u64,
    pub jobs: usize,
    /// The time limit of one answer.
    pub timeout: Duration,
    /// The folder findings are archived in (`<corpus>/sanitizers`), if any.
    pub archive: Option<PathBuf>,
    /// The generator's configuration.
    pub generator: GeneratorConfig,
    /// Payload mode: each case with a payload spliced in (`payloads.rs`).
    pub payloads: bool,
    /// The known classes: a sanitizer's own (`engine` its name) classify its
    /// findings by their signature (and minimized input, where a class says).
    pub known: litmus_verdicts::KnownDifferences,
    /// Set (by Ctrl-C) to stop taking cases: the cases run so far are reported, their
    /// findings recorded as found, without minimizing.
    pub stop: Arc<AtomicBool>,
    /// Whether to show a progress bar on stderr (where it is a terminal).
    pub progress: bool,
    /// The browsers each finding's output is inserted into (`--confirm`).
    pub confirm: ConfirmIn,
}

/// The one class of `sanitizer` whose signatures match `signature` (and whose
/// `inputs`, if it has any, match `input`); `None` for none, or for several alike.
pub fn classify<'k>(
    known: &'k litmus_verdicts::KnownDifferences,
    sanitizer: &str,
    signature: &str,
    input: &str,
) -> Option<&'k litmus_verdicts::KnownClass> {
    let mut matching = known.classes.iter().filter(|class| {
        class.engines().any(|engine| engine == sanitizer)
            && class
                .signatures
                .iter()
                .any(|p| litmus_verdicts::glob_matches(p, signature))
            && (class.inputs.is_empty()
                || class
                    .inputs
                    .iter()
                    .any(|p| litmus_verdicts::glob_matches_ignoring_ascii_case(p, input)))
    });
    let first = matching.next()?;
    matching.next().is_none().then_some(first)
}

/// The steps a minimization may take (each a request to the sanitizer's worker).
const MINIMIZE_STEPS: usize = 4_000;

/// The longest a minimization of a failure (a hang, a crash) may take: ten answers'
/// time limits, at most two minutes (each hanging candidate costs one).
fn failure_minimize_time(timeout: Duration) -> Duration {
    (timeout * 10).min(Duration::from_secs(120))
}

/// The request a sanitizer is asked: the input as a document, scripting on (a
/// sanitizer takes it as the body fragment it cleans, whatever the options).
fn request(input: &str) -> ParseRequest {
    ParseRequest::document(input, true)
}

/// Runs the campaign. Its findings are those of the cases, whatever the jobs: each
/// signature is minimized from its lowest case.
pub fn run(options: &SanitizerOptions) -> Result<SanitizerReport, CampaignError> {
    let start = Instant::now();
    let started = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let jobs = options.jobs.max(1);
    let config = options.engine.worker_config(options.timeout)?;
    let pool = WorkerPool::new(config, jobs)
        .map_err(|e| CampaignError::Engine(format!("cannot start {}: {e}", options.engine.name)))?;
    let name = pool.engine_name().to_owned();
    let generator = Generator::try_new(options.generator.clone())
        .map_err(|e| CampaignError::Engine(format!("generator: {e}")))?;

    let bar = progress_bar(options, &name);
    let ran = std::sync::atomic::AtomicU64::new(0);
    // Each job takes every jobs-th case; what each case showed, by index.
    let seen: Vec<(u64, String, Vec<Sighting>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs as u64)
            .map(|job| {
                let (pool, generator, name) = (&pool, &generator, name.as_str());
                let (bar, ran) = (&bar, &ran);
                scope.spawn(move || {
                    let mut seen = Vec::new();
                    let mut index = job;
                    while index < options.cases && !options.stop.load(Ordering::SeqCst) {
                        let mut input = generator.case(options.seed, index).input;
                        if options.payloads {
                            input = super::payloads::with_payload(&input, options.seed, index);
                        }
                        let answer = pool.parse(&request(&input), options.timeout);
                        let sightings = check(name, &answer);
                        if !sightings.is_empty() {
                            seen.push((index, input, sightings));
                        }
                        ran.fetch_add(1, Ordering::SeqCst);
                        bar.inc(1);
                        index += jobs as u64;
                    }
                    seen
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });

    let mut report = SanitizerReport {
        schema: SANITIZER_SCHEMA,
        sanitizer: name.clone(),
        version: pool.engine_version().to_owned(),
        seed: options.seed,
        cases: ran.load(Ordering::SeqCst),
        interrupted: options.stop.load(Ordering::SeqCst),
        started,
        payloads: options.payloads,
        ..SanitizerReport::default()
    };
    // Each signature's first case and count.
    let mut first: BTreeMap<String, (u64, String, u64)> = BTreeMap::new();
    let (mut capable, mut mutated, mut failed) = (0, 0, 0);
    for (index, input, sightings) in &seen {
        let has = |what: What| sightings.iter().any(|s| s.what == what);
        capable += u64::from(has(What::ScriptCapable));
        mutated += u64::from(has(What::Mutation));
        failed += u64::from(has(What::Failure));
        for sighting in sightings {
            let entry =
                first
                    .entry(sighting.signature.clone())
                    .or_insert((*index, input.clone(), 0));
            if *index < entry.0 {
                (entry.0, entry.1) = (*index, input.clone());
            }
            entry.2 += 1;
        }
    }
    report.script_capable_cases = capable;
    report.mutation_cases = mutated;
    report.failure_cases = failed;

    let mut ordered: Vec<(String, (u64, String, u64))> = first.into_iter().collect();
    ordered.sort_by_key(|(signature, (index, _, _))| (*index, signature.clone()));
    bar.set_message(format!("minimizing {} findings", ordered.len()));
    for (signature, (index, original, count)) in ordered {
        let finding = minimized_finding(&pool, &name, options, &signature, index, &original, count);
        report.findings.push(finding);
    }
    bar.finish_and_clear();
    confirm_all(&mut report, &options.confirm);
    if let Some(dir) = &options.archive {
        archive_all(&mut report, dir)?;
    }
    report.elapsed_seconds = start.elapsed().as_secs_f64();
    Ok(report)
}

/// The bar of a sanitizer's cases on stderr, or a hidden one.
fn progress_bar(options: &SanitizerOptions, name: &str) -> ProgressBar {
    if !options.progress {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(options.cases);
    let template = "{elapsed_precise} {prefix} [{wide_bar}] {human_pos}/{human_len} cases {msg}";
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_prefix(name.to_owned());
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// The finding of `signature`, minimized from its first case's input.
fn minimized_finding(
    pool: &WorkerPool,
    name: &str,
    options: &SanitizerOptions,
    signature: &str,
    index: u64,
    original: &str,
    count: u64,
) -> SanitizerFinding {
    let shows = |input: &str| {
        let answer = pool.parse(&request(input), options.timeout);
        let found = check(name, &answer);
        (answer, found.into_iter().find(|s| s.signature == signature))
    };
    let failure = !signature.starts_with(super::check::SANITIZED);
    // Once stopped, a finding is recorded as found.
    let stopped = options.stop.load(Ordering::SeqCst);
    let mut budget = Budget {
        max_steps: if stopped { 0 } else { MINIMIZE_STEPS },
        max_time: None,
    };
    if failure {
        budget = budget.within(failure_minimize_time(options.timeout));
    }
    let (input, minimization) = minimize(original, budget, &mut |candidate| {
        shows(candidate).1.is_some()
    });
    // Shown again on the minimized input (or, should it no longer show, the original).
    let (input, (answer, sighting)) = match shows(&input) {
        (answer, Some(sighting)) => (input, (answer, Some(sighting))),
        _ => (original.to_owned(), shows(original)),
    };
    let (output, sanitizer_tree) = match &answer {
        Ok(output) => (
            output.serialization.clone().unwrap_or_default(),
            output.tree.clone(),
        ),
        Err(failure) => (failure.to_string(), String::new()),
    };
    let browser_tree = match &answer {
        Ok(_) => BrowserView::of(&output).fragment,
        Err(_) => String::new(),
    };
    // The first case's output, for the browsers: minimization keeps a finding's shapes,
    // not its text, so the marker of the payload is often gone from the minimized one.
    let original_output = if failure || answer.is_err() {
        String::new()
    } else if input == original {
        output.clone()
    } else {
        match pool.parse(&request(original), options.timeout) {
            Ok(answer) => answer.serialization.unwrap_or_default(),
            Err(_) => String::new(),
        }
    };
    let sighting = sighting.unwrap_or(Sighting {
        what: if failure {
            What::Failure
        } else {
            What::Mutation
        },
        signature: signature.to_owned(),
        labels: Vec::new(),
        script_capable: Vec::new(),
    });
    let class = classify(&options.known, name, signature, &input);
    SanitizerFinding {
        class: class.map(|c| c.id.clone()),
        explanation: class.map(|c| c.explanation.clone()),
        signature: signature.to_owned(),
        hash: litmus_compare::signature::Signature::from_text(signature).hash(),
        what: sighting.what,
        labels: sighting.labels,
        count,
        input,
        original_input: original.to_owned(),
        case_index: index,
        output,
        original_output,
        sanitizer_tree,
        browser_tree,
        script_capable: sighting.script_capable,
        minimization,
        archive_path: None,
        browser_runs: Vec::new(),
    }
}

/// The name of the payloads' marker function.
const MARKER_NAME: &str = "litmus_marker";

/// Inserts each finding's output that holds the marker (its minimized output, else its
/// first case's; failures aside) into a page of each browser `confirm` names, and records what ran (`browser_runs`) and what became of each
/// browser (`report.confirmation`). A browser that is missing, does not start or dies
/// is a note there: the findings stay, unconfirmed.
fn confirm_all(report: &mut SanitizerReport, confirm_in: &ConfirmIn) {
    let (browsers, mut notes) = confirm_in.browsers();
    // Each finding's output that holds the marker (the minimized one, else the first
    // case's): an output without it has nothing that could call it.
    let mut outputs: Vec<(usize, bool)> = Vec::new();
    for (i, finding) in report.findings.iter().enumerate() {
        if finding.what == What::Failure {
            continue;
        }
        if finding.output.contains(MARKER_NAME) {
            outputs.push((i, false));
        } else if finding.original_output.contains(MARKER_NAME) {
            outputs.push((i, true));
        }
    }
    if outputs.is_empty() {
        report.confirmation = notes;
        return;
    }
    let htmls: Vec<&str> = outputs
        .iter()
        .map(|&(i, first_case)| {
            let finding = &report.findings[i];
            if first_case {
                finding.original_output.as_str()
            } else {
                finding.output.as_str()
            }
        })
        .collect();
    let mut verdicts = Vec::new();
    for browser in browsers {
        match confirm(&browser, &htmls) {
            Ok((version, runs)) => {
                let failed = runs.iter().filter(|r| r.error.is_some()).count();
                notes.push(Confirmation {
                    browser,
                    version,
                    checked: runs.len() - failed,
                    note: (failed > 0).then(|| {
                        format!("{failed} of {} outputs could not be checked", runs.len())
                    }),
                });
                verdicts.push(runs);
            }
            Err(why) => notes.push(Confirmation {
                browser,
                version: String::new(),
                checked: 0,
                note: Some(why),
            }),
        }
    }
    for runs in verdicts {
        for (&(i, first_case), mut run) in outputs.iter().zip(runs) {
            run.first_case = first_case;
            report.findings[i].browser_runs.push(run);
        }
    }
    report.confirmation = notes;
}

/// Archives every finding in `dir`, one `<hash>.dat` each, written atomically; a file
/// already there whose input is no longer than the finding's is kept, so that nothing
/// archived is lost and the smallest input stays.
fn archive_all(report: &mut SanitizerReport, dir: &std::path::Path) -> Result<(), CampaignError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| CampaignError::Engine(format!("cannot create {}: {e}", dir.display())))?;
    let snapshot = report.clone();
    for finding in &mut report.findings {
        let path = dir.join(format!("{}.dat", finding.hash));
        let kept = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| litmus_compare::dat::parse(&text).ok())
            .and_then(|cases| cases.into_iter().next())
            .is_some_and(|case| case.data.len() <= finding.input.len());
        if !kept {
            let tree = BrowserView::of(&finding.input).fragment;
            let text = archive_text(&snapshot, finding, &tree);
            write_atomically(&path, text.as_bytes())
                .map_err(|e| CampaignError::Engine(e.to_string()))?;
        }
        finding.archive_path = Some(path.display().to_string());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finding_is_classified_by_its_sanitizer_s_one_matching_class() {
        let known = litmus_verdicts::KnownDifferences::parse(
            r#"
[[class]]
id = "s-crash"
engine = "s"
signatures = ["crash | s: panic at *"]
explanation = "why"
spec = "https://html.spec.whatwg.org/#x"
right = "reference"

[[class]]
id = "s-bom"
engine = "s"
signatures = ["sanitized | s | mutation | *"]
inputs = ["*\uFEFF*"]
inputs_reason = "only the input tells"
explanation = "why"
spec = "https://html.spec.whatwg.org/#x"
right = "reference"
"#,
        )
        .unwrap();
        let id = |signature: &str, input: &str| {
            classify(&known, "s", signature, input).map(|c| c.id.clone())
        };
        assert_eq!(
            id("crash | s: panic at a.py:1: E", "x").as_deref(),
            Some("s-crash")
        );
        // Another sanitizer's finding of the same shape is not the class's.
        assert!(classify(&known, "t", "crash | t: panic at a.py:1: E", "x").is_none());
        assert_eq!(
            id("sanitized | s | mutation | s: \"…\"", "<c>\u{feff}b").as_deref(),
            Some("s-bom")
        );
        assert_eq!(id("sanitized | s | mutation | s: \"…\"", "<c>b"), None);
    }
}
