//! `litmus conformance --junit FILE`: a run as JUnit XML, written with the one JUnit
//! writer ([`litmus_text::junit_xml`]).
//!
//! One test case per trial: classname `conformance.<file>` (`conformance.tests1.dat`),
//! name = the trial's name, time = how long the engine took. A trial that failed, went
//! stale or got no answer from its engine has a `<failure>` (type `failed`, `stale` or
//! `engine-failed`) whose body is the report `litmus conformance` prints for it; an
//! unsupported trial is `<skipped>`; an expected difference passes, its reason in
//! `<system-out>`.

use super::outcome::{Outcome, Trial};
use litmus_text::junit_xml::{self, CaseResult, Suite, TestCase};

/// What a run was, beside its trials.
#[derive(Clone, Debug, PartialEq)]
pub struct Run<'a> {
    /// The engine's name (`litmus`, `html5ever`, `cmd:…`).
    pub engine: &'a str,
    /// When the run started, as [`junit_xml::timestamp`] writes it.
    pub timestamp: String,
    /// The run's length in seconds.
    pub seconds: f64,
    /// The paths it was given.
    pub paths: Vec<String>,
}

/// The JUnit XML of a run's trials.
pub fn render(run: &Run<'_>, trials: &[Trial]) -> String {
    let cases = trials
        .iter()
        .map(|trial| test_case(trial, run.engine))
        .collect();
    junit_xml::write(&Suite {
        name: format!("litmus conformance of {}", run.engine),
        timestamp: run.timestamp.clone(),
        hostname: junit_xml::hostname(),
        time: run.seconds,
        properties: vec![
            ("engine".into(), run.engine.to_owned()),
            ("paths".into(), run.paths.join(" ")),
        ],
        cases,
        system_out: None,
    })
}

fn test_case(trial: &Trial, engine: &str) -> TestCase {
    let details = trial.describe(engine).unwrap_or_default();
    let failure = |kind: &str, message: String| CaseResult::Failure {
        kind: kind.to_owned(),
        message,
        details: details.clone(),
    };
    let (result, system_out) = match &trial.outcome {
        Outcome::Passed => (CaseResult::Passed, None),
        Outcome::ExpectedDifference => (
            CaseResult::Passed,
            Some(format!(
                "expected difference: {}",
                trial.listed_reason.as_deref().unwrap_or_default()
            )),
        ),
        Outcome::Failed { .. } => (
            failure("failed", format!("{engine} differs from the expectation")),
            None,
        ),
        Outcome::Stale { message } => (failure("stale", message.clone()), None),
        Outcome::EngineFailed(engine_failure) => (
            failure("engine-failed", format!("{engine} {engine_failure}")),
            None,
        ),
        Outcome::Unsupported(message) => (
            CaseResult::Skipped {
                message: format!("{engine}: {message}"),
            },
            None,
        ),
    };
    TestCase {
        classname: format!("conformance.{}", trial.file),
        name: trial.name.clone(),
        time: trial.duration.as_secs_f64(),
        result,
        system_out,
    }
}
