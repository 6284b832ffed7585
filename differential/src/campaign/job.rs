//! One job of a campaign: a thread with one worker per engine, taking cases until the
//! campaign is over.

use super::investigate::{investigate, Engines};
use super::state::{Claim, LevelCounter, Shared};
use crate::case::{Level, ParseRequest};
use crate::compare::{compare_request, round_trip_applies, Levels};
use crate::finding::Origin;
use crate::generator::GeneratedCase;
use crate::worker::Worker;
use litmus_parser::FragmentContext;

/// The request a generated case makes, and its level.
pub fn request_for(case: &GeneratedCase) -> (Level, ParseRequest) {
    let context = case
        .fragment_context
        .as_deref()
        .and_then(FragmentContext::parse);
    match context {
        Some(context) => (
            Level::Fragment,
            ParseRequest::fragment(case.input.clone(), context, case.scripting),
        ),
        None => (
            Level::Tree,
            ParseRequest::document(case.input.clone(), case.scripting),
        ),
    }
}

pub fn run_job(shared: &Shared<'_>, mut reference: Worker, mut other: Worker) {
    let options = shared.options;
    let levels = Levels {
        serialization: options.serialization,
        round_trip: options.round_trip,
        ..Levels::default()
    };
    while let Some(index) = shared.next_case() {
        let case = shared.generator.case(options.seed, index);
        let (level, request) = request_for(&case);
        let divergences = compare_request(level, &request, &mut reference, &mut other, &levels);

        let mut counts = LevelCounter::default();
        let round_trips = if options.round_trip && round_trip_applies(&request) {
            2
        } else {
            0
        };
        counts.record_case(level, &divergences, options.serialization, round_trips);

        for divergence in &divergences {
            if let Claim::Seen = shared.claim(divergence.signature.as_str()) {
                continue;
            }
            let origin = Origin {
                seed: options.seed,
                case_index: index,
                family: case.family.to_owned(),
            };
            let mut engines = Engines {
                reference: &mut reference,
                other: &mut other,
            };
            let investigation = investigate(
                divergence,
                origin,
                &mut engines,
                &options.known,
                Some(&shared.archive),
                options.minimize_budget,
                shared.stop_flag(),
            );
            if let Some(Err(error)) = &investigation.archived {
                // A full disk, a folder gone: stop the campaign with a clear error,
                // keeping the finding in the reports.
                shared.archive_failed(error.to_string());
            }
            let mut finding = investigation.finding;
            if let Some(third) = shared
                .third
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .as_mut()
            {
                finding.third = super::third_opinion(&finding, third);
            }
            shared.complete(finding);
        }
        shared.case_done(&counts);
    }
}
