//! Triage: what a campaign does with a signature it sees for the first time, and
//! with the few exemplars of each class it archives. Each is a minimization, run in
//! process by a case worker ([`minimize_in_process`]); a worker that dies or hangs
//! doing it leaves the campaign to minimize through engine workers instead.
//!
//! - [`Goal::Classify`]: the signature's first case is cut to the shortest prefix and
//!   the fewest tokens that keep the signature, and classified. A known class ends
//!   it: the signature is counted under that class, and its case is cut again to the
//!   fewest tokens that keep its cause (`Cause`: the level, the engine, and the
//!   locus's token and arm, or without a locus the class), whose
//!   signature is the one it merges under (signatures that differ only in where a
//!   behaviour shows become one). Otherwise the minimization goes on to characters
//!   and simplifications, and is classified again: if still no class explains it, it
//!   is a new finding, archived at once.
//! - [`Goal::Exemplar`]: one of the smallest cases of a known class is minimized
//!   keeping its cause and its first differing nodes (the signature without its `in:`
//!   parent), and its signature is computed again: signatures that differ only in
//!   where a behaviour shows minimize to one case and merge.
//! - [`Goal::Merge`]: a signature that a class's signature pattern alone explains is
//!   cut to the fewest tokens that keep its cause, and merges under the signature of
//!   what remains.
//! - [`Goal::Full`]: the whole minimization, keeping the signature.
//!
//! A candidate of a tree or fragment difference is kept by that cheap predicate,
//! never by a verdict: the verdict is asked once, of what the minimization kept. A
//! difference with no locus (a round trip, a serialization) has nothing cheaper that
//! tells its cause, so its candidates are kept by their class (`Cause`). A merge
//! whose result is not of its class any more falls back to where it started (the
//! token-minimal case), which is.
//!
//! A merge (the second step of [`Goal::Classify`], and [`Goal::Merge`]) also cuts
//! what is not input: a fragment case whose class shows in the `body` context too is
//! merged in that context (`in_simplest_context`), and a round trip of the other
//! engine that the reference's own round trip shows the same way merges under the
//! reference's signature (`as_the_reference_shows_it`): the standard's serializer
//! at work, the same behaviour whichever engine's tree it serialized.

use super::ahead::{AheadEngine, Upcoming};
use super::cases::CaseRunner;
pub use super::protocol::{Goal, MinimizeJob, Minimized};
use litmus_compare::compare::Level;
use litmus_compare::compare::{recheck, rerun, round_trip, Divergence};
use litmus_compare::minimize::{Budget, MinimizeStats, Minimizer};
use litmus_engines::engine::Engine;
use litmus_parser::FragmentContext;
use litmus_verdicts::KnownDifferences;
use std::cell::RefCell;

/// The class that explains a divergence (shown by its request's input), if exactly
/// one does best.
pub fn classify<'k>(known: &'k KnownDifferences, divergence: &Divergence) -> Option<&'k str> {
    known
        .classify(&mut litmus_verdicts::Evidence::of(divergence))
        .map(|class| class.id.as_str())
}

/// Runs `job` with the runner's engines.
pub fn minimize_in_process(runner: &mut CaseRunner, job: MinimizeJob) -> Minimized {
    let mut budget = runner.budget;
    if let Some(limit) = job.divergence.level.rules().minimize_time() {
        budget = budget.within(limit);
    }
    let known = &runner.known;
    // The minimizer announces its next candidates; an engine that answers many
    // requests at once (a browser) parses them together (`ahead.rs`).
    let upcoming = Upcoming::default();
    let round_trips = job.divergence.level == Level::RoundTrip;
    let mut reference =
        AheadEngine::new(&mut runner.reference, &upcoming).with_round_trips(round_trips);
    let mut other = AheadEngine::new(&mut runner.other, &upcoming).with_round_trips(round_trips);
    let (reference, other): (&mut dyn Engine, &mut dyn Engine) = (&mut reference, &mut other);
    let original = &job.divergence;
    // The divergence a merge keeps: the job's, or the same one in a simpler context.
    let mut base = job.divergence.clone();
    // The class a known behaviour was found to be, when the classification went on
    // to merge it (then the case shows that class, not the job's signature).
    let mut merged_into: Option<String> = None;
    // Where a merge started: the input it falls back to when what it kept (by
    // `Cause::kept_by`, without a verdict) is not of its class.
    let mut before_merge = job.input.clone();
    // What an exemplar's minimization showed, asked of it already.
    let mut exemplar_shown: Option<Divergence> = None;
    let (input, mut stats, complete) = match &job.goal {
        Goal::Classify | Goal::Full => {
            // The divergence each kept candidate shows, the last one kept last: what
            // the token-minimal input is classified by.
            let kept: RefCell<Option<Divergence>> = RefCell::new(None);
            let mut keeps = |candidate: &str| match recheck(original, candidate, reference, other) {
                Some(shown) => {
                    *kept.borrow_mut() = Some(shown);
                    true
                }
                None => false,
            };
            let mut announce = upcoming.listener();
            let mut minimizer = Minimizer::new(budget, &mut keeps).announcing(&mut announce);
            let tokens = minimizer.tokens(&job.input);
            let class = match job.goal {
                Goal::Classify => {
                    let kept = kept.borrow();
                    let shown = match kept.as_ref() {
                        Some(shown) if shown.request.input == tokens => Some(shown),
                        _ => (original.request.input == tokens).then_some(original),
                    };
                    shown.and_then(|shown| classify(known, shown).map(str::to_owned))
                }
                _ => None,
            };
            match class {
                None => {
                    let result = minimizer.characters(&tokens);
                    let stats = minimizer.stats(&job.input, &result);
                    (result, stats, true)
                }
                Some(class) => {
                    // Explained: the tokens again, keeping only the level, the engine
                    // and the class, so that signatures that differ in where a
                    // behaviour shows (its context, its parent, the nodes around it)
                    // minimize to one case and merge.
                    let first = minimizer.stats(&job.input, &tokens);
                    base = in_simplest_context(known, original, &class, &tokens, reference, other);
                    before_merge = tokens.clone();
                    let cause = Cause::of(known, &base, &class, false);
                    let (merged, second) = minimize_keeping(
                        &cause,
                        &base,
                        &tokens,
                        Extent::Tokens,
                        (budget, &upcoming),
                        (&mut *reference, &mut *other),
                    );
                    merged_into = Some(class);
                    (merged, first.then(second), false)
                }
            }
        }
        Goal::Merge { class } => {
            base = in_simplest_context(known, original, class, &job.input, reference, other);
            let cause = Cause::of(known, &base, class, false);
            let (merged, stats) = minimize_keeping(
                &cause,
                &base,
                &job.input,
                Extent::Tokens,
                (budget, &upcoming),
                (&mut *reference, &mut *other),
            );
            merged_into = Some(class.clone());
            (merged, stats, false)
        }
        Goal::Exemplar { class } => {
            let cause = Cause::of(known, original, class, true);
            let (mut result, mut stats) = minimize_keeping(
                &cause,
                original,
                &job.input,
                Extent::Characters,
                (budget, &upcoming),
                (&mut *reference, &mut *other),
            );
            exemplar_shown = shown_by(known, &job, &result, reference, other);
            if exemplar_shown.is_none() {
                // Two causes at the same token and arm (a U+FEFF html5ever drops at
                // the start, and what a class asks of the rest of the case): the cheap
                // predicate kept the other one. The class keeps each candidate
                // instead.
                let by_class = cause.with_class(known, class);
                let (again, more) = minimize_keeping(
                    &by_class,
                    original,
                    &job.input,
                    Extent::Characters,
                    (budget, &upcoming),
                    (&mut *reference, &mut *other),
                );
                exemplar_shown = shown_by(known, &job, &again, reference, other);
                result = again;
                stats = stats.then(more);
                stats.original_bytes = job.input.len();
            }
            (result, stats, true)
        }
    };
    // The verdict, once: the class of what the minimization kept (a merge that lost
    // its class falls back to where it started, which has it).
    let mut input = input;
    let (shown, class) = match &merged_into {
        Some(class) => {
            let mut shown_at = |input: &str| {
                rerun(&base, input, reference, other)
                    .into_iter()
                    .find(|d| same_class(known, d, &base, class))
            };
            let mut shown = shown_at(&input);
            if shown.is_none() && input != before_merge {
                input = before_merge;
                stats.final_bytes = input.len();
                shown = shown_at(&input);
            }
            let shown = shown.map(|d| as_the_reference_shows_it(known, d, class, reference));
            let class = shown.as_ref().map(|_| class.clone());
            (shown, class)
        }
        None => {
            let shown = match exemplar_shown {
                Some(shown) => Some(shown),
                None => shown_by(known, &job, &input, reference, other),
            };
            let class = match (&job.goal, &shown) {
                // `shown_by` found it of the exemplar's class.
                (Goal::Exemplar { class }, Some(_)) => Some(class.clone()),
                _ => shown
                    .as_ref()
                    .and_then(|d| classify(known, d))
                    .map(str::to_owned),
            };
            (shown, class)
        }
    };
    let reference = shown.as_ref().map(|d| reference.parse(&d.request));
    Minimized {
        input: if shown.is_some() { input } else { job.input },
        divergence: shown,
        class,
        stats,
        complete,
        refused: None,
        reference,
    }
}

/// How far [`minimize_keeping`] goes: the fewest tokens (a merge), or on to
/// characters and simplifications (an exemplar).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Extent {
    Tokens,
    Characters,
}

/// `input` minimized keeping `cause`, each candidate run again with `original`'s
/// request: what remains, and what it took.
fn minimize_keeping(
    cause: &Cause<'_>,
    original: &Divergence,
    input: &str,
    extent: Extent,
    (budget, upcoming): (Budget, &Upcoming),
    (reference, other): (&mut dyn Engine, &mut dyn Engine),
) -> (String, MinimizeStats) {
    let mut keeps = |candidate: &str| {
        rerun(original, candidate, reference, other)
            .iter()
            .any(|d| cause.kept_by(d))
    };
    let mut announce = upcoming.listener();
    let mut minimizer = Minimizer::new(budget, &mut keeps).announcing(&mut announce);
    let mut result = minimizer.tokens(input);
    if extent == Extent::Characters {
        result = minimizer.characters(&result);
    }
    let stats = minimizer.stats(input, &result);
    (result, stats)
}

/// The context a merge tries instead of a fragment case's own: `body`, the context
/// of an ordinary HTML fragment.
const SIMPLEST_CONTEXT: &str = "body";

/// `divergence` as a merge keeps it: in the `body` context when it is a fragment
/// case whose class `input` still shows there, at the same level and by the same
/// engine; otherwise as it is. The context is part of the input a behaviour needs,
/// and signatures of one behaviour found in many contexts (`in: #fragment(pre)`,
/// `in: #fragment(caption)`, …) merge under one.
fn in_simplest_context(
    known: &KnownDifferences,
    divergence: &Divergence,
    class: &str,
    input: &str,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Divergence {
    let simplest = FragmentContext::parse(SIMPLEST_CONTEXT).expect("a valid context");
    let Some(context) = &divergence.request.fragment else {
        return divergence.clone();
    };
    if *context == simplest {
        return divergence.clone();
    }
    let mut simpler = divergence.clone();
    simpler.request.fragment = Some(simplest);
    let kept = rerun(&simpler, input, reference, other)
        .into_iter()
        .find(|d| same_class(known, d, &simpler, class));
    match kept {
        Some(mut shown) => {
            // Keep the merge's input where the minimization starts.
            shown.request.input = divergence.request.input.clone();
            shown
        }
        None => divergence.clone(),
    }
}

/// A round trip of the other engine that the reference's own round trip shows the
/// same way (the same nodes differ, the same class) is the standard's serialization
/// at work, not the engine's: it merges under the reference's signature, and its
/// exemplar is the reference's. Any other divergence stays as it is.
fn as_the_reference_shows_it(
    known: &KnownDifferences,
    d: Divergence,
    class: &str,
    reference: &mut dyn Engine,
) -> Divergence {
    if d.level != Level::RoundTrip || d.engine == reference.name() {
        return d;
    }
    let first = reference.parse(&d.request);
    let Some(own) = round_trip(reference, &d.request, &first) else {
        return d;
    };
    let same = own.signature.without_engine() == d.signature.without_engine()
        && classify(known, &own) == Some(class);
    if same {
        own
    } else {
        d
    }
}

/// What a merge's or an exemplar's candidate must keep. For a tree or fragment
/// difference with a locus it is told without a verdict (the verdict is asked once,
/// of what the minimization kept): the level, the engine, and where the engine's
/// tree first departs from the reference's (the locus's token and arm), and for an
/// exemplar the first differing nodes too (the signature's core). A difference with
/// no locus (a round trip, a serialization) has nothing cheaper that tells its
/// cause: its candidates keep the level, the engine, the first differing nodes for
/// an exemplar, and the class; so do an exemplar's whose cheap predicate kept another
/// class's behaviour (the verdict at the end said so).
struct Cause<'k> {
    level: Level,
    engine: litmus_engines::case::EngineName,
    core: Option<String>,
    locus: Option<(String, String)>,
    /// Where there is no locus: the classes and the class to keep.
    class: Option<(&'k KnownDifferences, String)>,
}

impl<'k> Cause<'k> {
    /// The cause `d` shows, of `class`; `keep_core`: the first differing nodes too.
    fn of(known: &'k KnownDifferences, d: &Divergence, class: &str, keep_core: bool) -> Cause<'k> {
        let locus = locus_key(d);
        Cause {
            level: d.level,
            engine: d.engine.clone(),
            core: keep_core.then(|| d.signature.core().to_owned()),
            class: locus.is_none().then(|| (known, class.to_owned())),
            locus,
        }
    }

    /// The same cause, whose candidates keep `class` too (asked of each by a verdict).
    fn with_class(self, known: &'k KnownDifferences, class: &str) -> Cause<'k> {
        Cause {
            class: Some((known, class.to_owned())),
            ..self
        }
    }

    /// Whether a candidate's divergence `d` shows this cause.
    fn kept_by(&self, d: &Divergence) -> bool {
        d.level == self.level
            && d.engine == self.engine
            && self
                .core
                .as_deref()
                .is_none_or(|core| d.signature.core() == core)
            && locus_key(d) == self.locus
            && self
                .class
                .as_ref()
                .is_none_or(|(known, class)| classify(known, d) == Some(class.as_str()))
    }
}

/// A divergence's locus as a merge compares it: its token and arm, when the trees
/// part at a token (not a locus of the case as a whole); read from its departure
/// alone, without the case's arms or the neighbours a verdict reads.
fn locus_key(d: &Divergence) -> Option<(String, String)> {
    if !matches!(d.level, Level::Tree | Level::Fragment) || d.is_failure() {
        return None;
    }
    d.departure()
        .filter(|l| l.rule != litmus_compare::locus::LocusRule::Case)
        .map(|l| (l.token.clone(), l.arm().to_owned()))
}

/// Whether a candidate's divergence `d` shows the same behaviour as `original`: same
/// level, same engine, same first differing nodes, and the same class.
fn same_behaviour(
    known: &KnownDifferences,
    d: &Divergence,
    original: &Divergence,
    core: &str,
    class: &str,
) -> bool {
    d.level == original.level
        && d.engine == original.engine
        && d.signature.core() == core
        && classify(known, d) == Some(class)
}

/// Whether a candidate's divergence `d` is of the same class as `original`, at the
/// same level and by the same engine.
fn same_class(
    known: &KnownDifferences,
    d: &Divergence,
    original: &Divergence,
    class: &str,
) -> bool {
    d.level == original.level && d.engine == original.engine && classify(known, d) == Some(class)
}

/// The divergence `input` shows for the job: the one with the job's signature, or
/// for an exemplar the one with the same behaviour (its own signature).
fn shown_by(
    known: &KnownDifferences,
    job: &MinimizeJob,
    input: &str,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Option<Divergence> {
    let original = &job.divergence;
    match &job.goal {
        Goal::Classify | Goal::Full | Goal::Merge { .. } => {
            recheck(original, input, reference, other)
        }
        Goal::Exemplar { class } => {
            let core = original.signature.core().to_owned();
            rerun(original, input, reference, other)
                .into_iter()
                .find(|d| same_behaviour(known, d, original, &core, class))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use litmus_engines::case::ParseRequest;
    use litmus_engines::engine::start_engine;

    const CARRIAGE_RETURN: &str = "roundtrip-carriage-return-from-a-character-reference";

    fn engines() -> (Box<dyn Engine>, Box<dyn Engine>) {
        (
            start_engine("litmus").unwrap(),
            start_engine("html5ever").unwrap(),
        )
    }

    fn html5ever_round_trip(request: &ParseRequest, other: &mut dyn Engine) -> Divergence {
        let first = other.parse(request);
        round_trip(other, request, &first).expect("html5ever's round trip differs")
    }

    /// html5ever's tree divergence of a document `input`, scripting off.
    fn tree_divergence(input: &str) -> Divergence {
        let (mut reference, mut other) = engines();
        let request = ParseRequest::document(input, false);
        litmus_compare::compare::input::compare_request(
            Level::Tree,
            &request,
            reference.as_mut(),
            other.as_mut(),
            &litmus_compare::compare::input::Levels::default(),
        )
        .into_iter()
        .find(|d| d.level == Level::Tree && d.engine == "html5ever")
        .expect("html5ever's tree differs")
    }

    #[test]
    fn a_candidate_keeps_the_cause_by_its_locus_not_by_a_verdict() {
        let known = KnownDifferences::built_in();
        let pi = tree_divergence("<p>a<?x y?>b");
        let class = classify(&known, &pi).expect("a known class").to_owned();
        let merge = Cause::of(&known, &pi, &class, false);
        assert!(merge.locus.is_some(), "a tree difference at a token");
        assert!(
            merge.core.is_none() && merge.class.is_none(),
            "the locus alone"
        );
        assert!(merge.kept_by(&pi));
        // The same token at the same arm, with other nodes around it: kept.
        assert!(merge.kept_by(&tree_divergence("<i>c<?x y?>")));
        // Another cause of the same engine, at the same level: not kept.
        let other = tree_divergence("<template><tr><code></table> ");
        assert!(!merge.kept_by(&other));
        // An exemplar keeps the first differing nodes too.
        let exemplar = Cause::of(&known, &pi, &class, true);
        assert_eq!(exemplar.core.as_deref(), Some(pi.signature.core()));
        // A round trip has no locus: its class is asked of each candidate.
        let (_, mut html5ever) = engines();
        let request = ParseRequest::document("x&#13;y", false);
        let round_trip = html5ever_round_trip(&request, html5ever.as_mut());
        let cause = Cause::of(&known, &round_trip, CARRIAGE_RETURN, false);
        assert_eq!(cause.locus, None);
        assert!(cause.kept_by(&round_trip));
        let elsewhere = Cause::of(&known, &round_trip, "roundtrip-nested-form", false);
        assert!(!elsewhere.kept_by(&round_trip));
    }

    #[test]
    fn an_exemplar_whose_cheap_predicate_kept_another_class_keeps_its_class_instead() {
        // Two classes of html5ever's dropped leading U+FEFF: `wide`, the more specific,
        // only where the input holds `</>`. The token and arm of the first difference
        // stay when `</>` goes, so the cheap predicate alone minimizes to a case of
        // `bom`.
        const CLASSES: &str = r#"
[[class]]
id = "wide"
engine = "html5ever"
token = ["character*"]
inputs = ["*</>*"]
inputs_reason = "a test"
explanation = "wide"
spec = "https://html.spec.whatwg.org/#parsing"
right = "reference"

[[class]]
id = "bom"
engine = "html5ever"
signatures = ["tree | *"]
inputs = ["\uFEFF*"]
inputs_reason = "a test"
explanation = "bom"
spec = "https://html.spec.whatwg.org/#parsing"
right = "reference"
"#;
        let known = KnownDifferences::parse(CLASSES).unwrap();
        let input = "\u{feff}<p><pre></>x";
        let divergence = tree_divergence(input);
        assert_eq!(classify(&known, &divergence), Some("wide"));
        let setup = super::super::protocol::CaseSetup {
            seed: 0,
            generator: crate::generator::GeneratorConfig::default(),
            mutation_corpus: Vec::new(),
            bytes: false,
            levels: litmus_compare::compare::LevelSet::defaults(),
            reference: "litmus".into(),
            other: "html5ever".into(),
            reference_limit: std::time::Duration::from_secs(10),
            other_limit: std::time::Duration::from_secs(10),
            known: known.clone(),
            budget: litmus_compare::minimize::Budget::default(),
            spec_coverage: false,
        };
        let mut runner = CaseRunner::new(setup, Default::default()).unwrap();
        let job = MinimizeJob {
            divergence,
            input: input.to_owned(),
            goal: Goal::Exemplar {
                class: "wide".into(),
            },
        };
        let minimized = minimize_in_process(&mut runner, job);
        assert_eq!(minimized.class.as_deref(), Some("wide"));
        assert!(minimized.divergence.is_some());
        assert!(
            minimized.input.contains("</>") && minimized.input.len() < input.len(),
            "{:?}",
            minimized.input
        );
    }

    #[test]
    fn a_round_trip_the_reference_shows_the_same_way_merges_under_the_reference() {
        let known = KnownDifferences::built_in();
        let (mut reference, mut other) = engines();
        let request = ParseRequest::document("x&#13;y", false);
        let d = html5ever_round_trip(&request, other.as_mut());
        assert_eq!(d.engine, "html5ever");
        assert_eq!(classify(&known, &d), Some(CARRIAGE_RETURN));
        let shown =
            as_the_reference_shows_it(&known, d.clone(), CARRIAGE_RETURN, reference.as_mut());
        assert_eq!(shown.engine, "litmus");
        assert_eq!(
            shown.signature.without_engine(),
            d.signature.without_engine()
        );
        assert_ne!(shown.signature, d.signature);
        // A tree difference is the other engine's, whatever the reference does.
        let tree = Divergence {
            level: Level::Tree,
            ..d.clone()
        };
        let kept = as_the_reference_shows_it(&known, tree, CARRIAGE_RETURN, reference.as_mut());
        assert_eq!(kept.engine, "html5ever");
    }

    #[test]
    fn a_fragment_case_is_merged_in_the_body_context_when_its_class_shows_there() {
        let known = KnownDifferences::built_in();
        let (mut reference, mut other) = engines();
        let caption = FragmentContext::parse("caption").unwrap();
        let request = ParseRequest::fragment("x&#13;y", caption.clone(), false);
        let d = html5ever_round_trip(&request, other.as_mut());
        assert!(
            d.signature.as_str().ends_with("in: #fragment(caption)"),
            "{}",
            d.signature
        );
        let simpler = in_simplest_context(
            &known,
            &d,
            CARRIAGE_RETURN,
            &request.input,
            reference.as_mut(),
            other.as_mut(),
        );
        let body = FragmentContext::parse("body").unwrap();
        assert_eq!(simpler.request.fragment, Some(body));
        assert!(
            simpler.signature.as_str().ends_with("in: #fragment(body)"),
            "{}",
            simpler.signature
        );
        // A class the body context does not show keeps the case's own context.
        let kept = in_simplest_context(
            &known,
            &d,
            "roundtrip-nested-form",
            &request.input,
            reference.as_mut(),
            other.as_mut(),
        );
        assert_eq!(kept.request.fragment, Some(caption));
    }
}
