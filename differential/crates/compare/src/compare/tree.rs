//! The tree and fragment levels: a document's, or a fragment's, html5lib tree dumps,
//! the reference's against the other engine's. Every case is one or the other, so
//! every campaign compares at both.

use super::divergence::{compare_results, Divergence};
use super::level::{Archived, BatchEngines, CaseAnswers, Level, LevelRules, Recheck};
use litmus_engines::engine::Engine;

impl Level {
    /// Document parsing, the two engines' trees.
    #[allow(non_upper_case_globals)]
    pub const Tree: Level = Level::named("tree");
    /// Fragment parsing in a context element, the two engines' trees.
    #[allow(non_upper_case_globals)]
    pub const Fragment: Level = Level::named("fragment");
}

pub use super::divergence::level_of;

/// The tree level or the fragment level (the same rules, each over its own cases).
pub struct TreeLevel(pub Level);

impl LevelRules for TreeLevel {
    fn level(&self) -> Level {
        self.0
    }

    fn always(&self) -> bool {
        true
    }

    fn compare(&self, batch: &mut [CaseAnswers], _engines: &mut dyn BatchEngines) {
        compare_trees(self.0, batch);
    }

    fn rerun(
        &self,
        divergence: &Divergence,
        input: &str,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Vec<Divergence> {
        super::rerun::rerun_parse(divergence, input, reference, other)
    }

    fn recheck_archived(
        &self,
        archived: &Archived<'_>,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Recheck {
        recheck_against_other(self.level(), archived, reference, other)
    }

    fn locus(&self, divergence: &Divergence) -> Option<crate::locus::Locus> {
        tree_locus(divergence)
    }
}

/// The cases of `level` compared by their first answers: a failure divergence per
/// failing engine, else a tree divergence; one comparison each.
fn compare_trees(level: Level, batch: &mut [CaseAnswers]) {
    for case in batch.iter_mut().filter(|case| case.level == level) {
        let found = compare_results(level, &case.request, &case.left, &case.right, false);
        case.compared_once(level, found);
    }
}

/// The locus of a tree or fragment divergence, read from the reference's trace.
fn tree_locus(divergence: &Divergence) -> Option<crate::locus::Locus> {
    let left = divergence.left.result.as_ref().ok()?;
    let right = divergence.right.result.as_ref().ok()?;
    crate::locus::locus(&divergence.request, &left.tree, &right.tree)
}

/// Re-checks an archived finding of a level that compares the reference with the
/// other engine (tree, fragment, serialization): skipped when another engine found
/// it; else the same signature, or the first divergence the engines show now at a
/// level other than the round trip.
pub(crate) fn recheck_against_other(
    level: Level,
    archived: &Archived<'_>,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Recheck {
    if archived.finding.engine != other.name() {
        return Recheck::Skipped(format!("found with {}", archived.finding.engine));
    }
    let engines = (reference.name().to_owned(), other.name().to_owned());
    if super::rerun::still_shows(archived, level, (&engines.0, &engines.1), reference, other) {
        return Recheck::Still;
    }
    super::rerun::changed_or_gone(archived, reference, other, |d| d.level != Level::RoundTrip)
}
