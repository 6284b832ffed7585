//! The errors level: a document's parse errors with the standard's codes, the
//! reference parser's against an engine's that reports them (parse5 through its
//! adapter, asked with the external protocol's `"errors": true`).
//!
//! 1. **What is compared.** Only codes of the standard's table of parse errors
//!    (<https://html.spec.whatwg.org/#parse-errors>): the input stream's and the
//!    tokenizer's, and the one the tree builder raises
//!    (`non-void-html-element-start-tag-with-trailing-solidus`). litmus's own
//!    `tree-` codes and an engine's codes outside the table (parse5's
//!    `missing-doctype`, `end-tag-without-matching-open-element`, …) are rendered but
//!    not compared: the standard gives tree construction's errors no codes.
//! 2. **Positions** are 1-based lines and columns, columns in UTF-16 code units of the
//!    line, as html5lib-tests' `#new-errors` write them; both sides can give them
//!    (an offset could not be compared: litmus's counts bytes of the preprocessed
//!    input, parse5's UTF-16 units of the raw one). An engine may report a span
//!    (parse5 gives a start and an end); the reference's error matches an engine's
//!    error of the same code whose span holds the reference's position, the one
//!    convention `litmus conformance` uses for `#new-errors` (litmus places an error
//!    about a whole tag at the tag's end, parse5 spans the tag).
//! 3. **Rendering.** One error a line, `(L:C) code` or `(L:C-L:C) code`, sorted by
//!    position: the `tree` of the sides' answers, as the archive shows them.
//! 4. **A divergence** is an error on one side that no error on the other matches.
//!    The first one by position (the reference's first on a tie) names the
//!    signature: `errors | litmus: eof-in-tag | parse5: (none)` when the engine has
//!    no unmatched error there, `… | parse5: eof-in-comment` when it has an unmatched
//!    error of another code whose span holds that position (or starts there), `… |
//!    parse5: eof-in-tag (elsewhere)` when its error of the same code is at another
//!    position; the same the other way round when the engine's error comes first
//!    (`errors | litmus: (none) | parse5: eof-in-tag`). Never text, so one
//!    difference is one signature wherever it shows.
//! 5. **Documents only**, with the case's scripting flag; fragments are not compared.

use super::divergence::{failure_divergences, Divergence, Side};
use super::level::{label, Archived, BatchEngines, CaseAnswers, Level, LevelRules, Recheck};
use crate::signature::{first_line_difference, Kind, Part, Signature};
use litmus_engines::case::{EngineFailure, ParseRequest};
pub use litmus_engines::engine::parse_errors::{
    read, render_reference, render_sorted, render_wire, CodedError, Position,
};
use litmus_engines::engine::Engine;

/// The errors of each side that no error of the other matches (compared codes only):
/// the reference's first, then the engine's.
pub fn unmatched(
    reference: &[CodedError],
    other: &[CodedError],
) -> (Vec<CodedError>, Vec<CodedError>) {
    let reference: Vec<&CodedError> = reference.iter().filter(|e| e.is_compared()).collect();
    let other: Vec<&CodedError> = other.iter().filter(|e| e.is_compared()).collect();
    let mut taken = vec![false; other.len()];
    let mut left = Vec::new();
    for error in reference {
        let found = other
            .iter()
            .enumerate()
            .find(|(i, o)| !taken[*i] && o.code == error.code && o.holds(error.start));
        match found {
            Some((i, _)) => taken[i] = true,
            None => left.push(error.clone()),
        }
    }
    let right = other
        .iter()
        .zip(taken)
        .filter(|(_, taken)| !taken)
        .map(|(o, _)| (*o).clone())
        .collect();
    (left, right)
}

/// The signature of two error lists, `None` when every compared error is matched.
pub fn errors_signature(
    reference_name: &str,
    reference: &[CodedError],
    other_name: &str,
    other: &[CodedError],
) -> Option<Signature> {
    let (left, right) = unmatched(reference, other);
    let first_left = left.iter().min_by_key(|e| e.start);
    let first_right = right.iter().min_by_key(|e| e.start);
    // What the side without the first error has there.
    let counterpart = |first: &CodedError, others: &[CodedError]| -> String {
        if others.iter().any(|o| o.code == first.code) {
            format!("{} (elsewhere)", first.code)
        } else if let Some(o) = others
            .iter()
            .find(|o| o.holds(first.start) || first.holds(o.start))
        {
            o.code.clone()
        } else {
            "(none)".to_owned()
        }
    };
    let (l, r) = match (first_left, first_right) {
        (None, None) => return None,
        (Some(l), Some(r)) if r.start < l.start => (counterpart(r, &left), r.code.clone()),
        (Some(l), _) => (l.code.clone(), counterpart(l, &right)),
        (None, Some(r)) => (counterpart(r, &left), r.code.clone()),
    };
    Some(Signature::new(
        Kind::Level(Level::Errors),
        [
            Part::labelled(reference_name, &l),
            Part::labelled(other_name, &r),
        ],
    ))
}

/// Compares the two sides' answers (renderings): a failure divergence per side that
/// failed other than by refusing, else an errors divergence, else nothing. Both
/// refusals and agreement give nothing.
pub fn compare_answers(request: &ParseRequest, left: &Side, right: &Side) -> Vec<Divergence> {
    let (l, r) = match (&left.result, &right.result) {
        (Ok(l), Ok(r)) => (l, r),
        _ => {
            let counts =
                |failure: &EngineFailure| !matches!(failure, EngineFailure::Unsupported { .. });
            return failure_divergences(Level::Errors, request, left, right, counts);
        }
    };
    let Some(signature) =
        errors_signature(&left.engine, &read(&l.tree), &right.engine, &read(&r.tree))
    else {
        return Vec::new();
    };
    let first = first_line_difference(&l.tree, &r.tree);
    vec![Divergence::between(
        Level::Errors,
        request,
        left,
        right,
        first,
        signature,
    )]
}

/// Asks both engines for the errors of `request` and compares them. `None` when the
/// level does not apply: a fragment, or an engine that reports no errors.
pub fn compare_errors(
    request: &ParseRequest,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Option<Vec<Divergence>> {
    if request.fragment.is_some() {
        return None;
    }
    let left = reference.parse_errors(request)?;
    let right = other.parse_errors(request)?;
    let left = Side {
        engine: reference.name().into(),
        result: left,
    };
    let right = Side {
        engine: other.name().into(),
        result: right,
    };
    Some(compare_answers(request, &left, &right))
}

/// The errors divergences of `divergence`'s request with another input: the
/// minimizer's test.
pub fn rerun(
    divergence: &Divergence,
    input: &str,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Vec<Divergence> {
    let request = divergence.request.with_input(input);
    compare_errors(&request, reference, other).unwrap_or_default()
}

impl Level {
    /// The reference parser's parse errors with the standard's codes against an
    /// engine's that reports them, for documents.
    #[allow(non_upper_case_globals)]
    pub const Errors: Level = Level::named("errors");
}

pub struct ErrorsLevel;

impl LevelRules for ErrorsLevel {
    fn level(&self) -> Level {
        Level::Errors
    }

    /// Engine workers do not carry the errors requests (`Engine::parse_errors`).
    fn when_pinned(&self) -> bool {
        false
    }

    /// A document's errors, where both engines report them: one comparison.
    fn compare(&self, batch: &mut [CaseAnswers], engines: &mut dyn BatchEngines) {
        engines.per_case(batch, &mut |case, reference, other| {
            if let Some(found) = compare_errors(&case.request, reference, other) {
                case.compared_once(Level::Errors, found);
            }
        });
    }

    fn rerun(
        &self,
        divergence: &Divergence,
        input: &str,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Vec<Divergence> {
        rerun(divergence, input, reference, other)
    }

    /// Engine workers do not carry the errors requests (`Engine::parse_errors`).
    fn recheck_archived(
        &self,
        _archived: &Archived<'_>,
        _reference: &mut dyn Engine,
        _other: &mut dyn Engine,
    ) -> Recheck {
        Recheck::Skipped("an errors finding is not replayed".to_owned())
    }

    fn locus(&self, divergence: &Divergence) -> Option<crate::locus::Locus> {
        crate::locus::of_case(&divergence.request)
    }

    fn blocks(&self, shown: &Divergence, left: &str, right: &str) -> Vec<(String, String)> {
        vec![
            (label(&shown.right, "errors"), right.to_owned()),
            (label(&shown.left, "errors"), left.to_owned()),
        ]
    }
}

/// What the answer of a planted test engine looks like: `result` as an errors answer.
#[cfg(test)]
pub(crate) fn answer(errors: &[CodedError]) -> litmus_engines::case::ParseResult {
    Ok(litmus_engines::case::EngineOutput {
        tree: render_sorted(errors.to_vec()),
        serialization: None,
    })
}

#[cfg(test)]
mod tests;
