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
        let (case, family) = if options.bytes {
            byte_case(shared, index)
        } else {
            let case = shared.generator.case(options.seed, index);
            let family = case.family.to_owned();
            (case, family)
        };
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
                family: family.clone(),
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

/// A byte case, as the text both engines parse and the family its origin records.
///
/// The decision on html5ever's side: html5ever has no encoding sniffing (no prescan,
/// no "change the encoding"), so both engines get the text the reference parser
/// decoded: the encoding the standard's algorithm determines for the bytes (after a
/// `meta` element changed it, if one did), decoded by the Encoding Standard's decode
/// (a BOM wins and is removed; malformed sequences become U+FFFD). Divergences are
/// then tree-construction divergences on real decoder output; the origin's family
/// records how the bytes were written and how their encoding was found, e.g.
/// `bytes shift_jis → windows-1252 (default)`.
fn byte_case(shared: &Shared<'_>, index: u64) -> (GeneratedCase, String) {
    use litmus_parser::encoding::{decode, EncodingOptions, UTF_8};
    let options = shared.options;
    let (mut case, bytes) = shared.generator.byte_case(options.seed, index);
    let parse_options = litmus_parser::ParseOptions {
        scripting: case.scripting,
        ..litmus_parser::ParseOptions::default()
    };
    let determined = litmus_parser::parse_document_bytes(
        &bytes.bytes,
        &parse_options,
        &EncodingOptions::default(),
    )
    .ok()
    .map(|(_, report)| report);
    let (decoder, encoding, source) = match determined {
        Some(report) => (report.decoder, report.encoding, report.source.kind()),
        None => (UTF_8, "UTF-8", "unparsed"),
    };
    case.input = decode(&bytes.bytes, decoder).0;
    let family = format!("bytes {} → {encoding} ({source})", bytes.written_in);
    (case, family)
}
