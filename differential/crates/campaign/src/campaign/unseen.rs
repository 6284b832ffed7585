//! The known classes a campaign did not see: *possibly fixed upstream*, or only *not
//! seen in this campaign*.
//!
//! A rare class may match no case of a campaign on an engine that still shows it, so
//! matching nothing is not enough to call it fixed. A class that matched nothing is
//! possibly fixed only when its archived exemplars (`archived.rs`), run again through
//! the engine, all diverge no more; when one still diverges (its signature or
//! another), or when no exemplar of it is archived, it is not seen in this campaign,
//! and the reports keep the two apart.

use super::archived::ArchivedExemplars;
use crate::finding::{CampaignReport, NotSeen, PossiblyFixed};
use litmus_compare::archive::ArchivedFinding;
use litmus_compare::corpus_check::Recheck;
use litmus_verdicts::{KnownClass, KnownDifferences};

/// The unseen classes, sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unseen {
    pub possibly_fixed: Vec<PossiblyFixed>,
    pub not_seen: Vec<NotSeen>,
}

/// Known classes of the engine under test that explain none of this campaign's
/// findings, among those that could show at the levels it compared
/// ([`crate::classes::can_show_at`]: a speed class cannot show in a campaign
/// that timed nothing). Classes of every engine (`*`: the standard's own round-trip
/// constructs, the harness's) describe no engine's behaviour, so nothing upstream can
/// have fixed them; a class whose `versions` exclude the campaign's engine version is
/// not expected to show, and is left out.
fn unmatched<'k>(known: &'k KnownDifferences, report: &CampaignReport) -> Vec<&'k KnownClass> {
    let engine = &report.other.name;
    let version = litmus_verdicts::versions::version_number(&report.other.version);
    let compared: Vec<&str> = report
        .levels
        .iter()
        .filter(|l| l.compared > 0)
        .map(|l| l.level.as_str())
        .collect();
    known
        .classes
        .iter()
        .filter(|class| class.names_engine(engine))
        .filter(|class| crate::classes::can_show_at(class, &compared))
        .filter(|class| class.holds_at(engine, version.as_deref()))
        .filter(|class| {
            !report
                .findings
                .iter()
                .any(|f| f.class.as_deref() == Some(&class.id))
        })
        .collect()
}

/// Sorts the classes that matched nothing into possibly fixed and not seen, running
/// each one's archived exemplars for the campaign's engine through `rerun` (the
/// engines of the campaign, `corpus_check::recheck_archived`) until one still
/// diverges. An exemplar that cannot be re-checked (`Recheck::Skipped`) counts for
/// neither.
pub fn sort(
    known: &KnownDifferences,
    report: &CampaignReport,
    archived: &ArchivedExemplars,
    rerun: &mut dyn FnMut(&ArchivedFinding) -> Recheck,
) -> Unseen {
    let engine = report.other.name.as_str();
    let mut unseen = Unseen::default();
    for class in unmatched(known, report) {
        let mut gone = 0;
        let mut diverging = None;
        for exemplar in archived.of(engine, &class.id) {
            match rerun(exemplar) {
                Recheck::Gone => gone += 1,
                Recheck::Still | Recheck::Changed(_) => {
                    diverging = Some(exemplar.file_name());
                    break;
                }
                Recheck::Skipped(_) => {}
            }
        }
        if diverging.is_none() && gone > 0 {
            unseen.possibly_fixed.push(PossiblyFixed {
                class: class.id.clone(),
                explanation: class.explanation.clone(),
                upstream: class.upstream.clone(),
                since: Some(report.other.version.clone()),
                exemplars: gone,
            });
        } else {
            unseen.not_seen.push(NotSeen {
                class: class.id.clone(),
                explanation: class.explanation.clone(),
                upstream: class.upstream.clone(),
                diverging_exemplar: diverging,
            });
        }
    }
    unseen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::{EngineId, Finding, LevelCount};

    const CLASSES: &str = r#"
[[class]]
id = "old"
engine = "chromium"
versions = ["< 150"]
signatures = ["tree | *"]
explanation = "before 150"
spec = "https://html.spec.whatwg.org/#parsing"
right = "reference"

[[class]]
id = "always"
engine = "chromium"
signatures = ["fragment | *"]
explanation = "any version"
spec = "https://html.spec.whatwg.org/#parsing"
right = "reference"

[[class]]
id = "shown"
engine = "chromium"
signatures = ["serialization | *"]
explanation = "shown"
spec = "https://html.spec.whatwg.org/#parsing"
right = "reference"

[[class]]
id = "elsewhere"
engine = "html5ever"
signatures = ["tree | *"]
explanation = "another engine's"
spec = "https://html.spec.whatwg.org/#parsing"
right = "reference"
"#;

    fn report(version: &str) -> CampaignReport {
        CampaignReport {
            other: EngineId {
                name: "chromium".into(),
                version: version.into(),
            },
            findings: vec![Finding {
                class: Some("shown".into()),
                ..Finding::default()
            }],
            // Levels compared: the classes of these levels could show.
            levels: ["tree", "fragment", "serialization"]
                .iter()
                .map(|level| LevelCount {
                    level: level.to_string(),
                    compared: 10,
                    agreed: 5,
                    agreement: Some(0.5),
                })
                .collect(),
            ..CampaignReport::default()
        }
    }

    /// An archived finding of chromium, an exemplar of `class`.
    fn exemplar<'c>(signature: &str, class: &'c str) -> (ArchivedFinding, &'c str) {
        let finding = ArchivedFinding {
            input: signature.into(),
            signature: signature.into(),
            level: "tree".into(),
            engine: "chromium".into(),
            class: Some(class.into()),
            ..ArchivedFinding::default()
        };
        (finding, class)
    }

    /// Each class's (possibly fixed or not, the exemplar named) at a version, with
    /// exemplars that answer as `answer` says by their input.
    fn sorted(
        version: &str,
        archived: &ArchivedExemplars,
        answer: fn(&str) -> Recheck,
    ) -> Vec<(String, bool, Option<String>)> {
        let known = KnownDifferences::parse(CLASSES).unwrap();
        let unseen = sort(&known, &report(version), archived, &mut |f| {
            answer(&f.input)
        });
        let mut all: Vec<_> = unseen
            .possibly_fixed
            .iter()
            .map(|p| (p.class.clone(), true, None))
            .chain(
                unseen
                    .not_seen
                    .iter()
                    .map(|n| (n.class.clone(), false, n.diverging_exemplar.clone())),
            )
            .collect();
        all.sort();
        all
    }

    #[test]
    fn a_class_is_possibly_fixed_only_when_its_archived_exemplars_diverge_no_more() {
        let v156 = "Chromium 156.0.8078.114 built on Debian";
        let archived = ArchivedExemplars::of_findings(vec![
            exemplar("tree | a", "always"),
            exemplar("tree | b", "always"),
        ]);
        // Both exemplars gone: possibly fixed, at the campaign's version.
        assert_eq!(
            sorted(v156, &archived, |_| Recheck::Gone),
            vec![("always".to_owned(), true, None)]
        );
        let known = KnownDifferences::parse(CLASSES).unwrap();
        let unseen = sort(&known, &report(v156), &archived, &mut |_| Recheck::Gone);
        assert_eq!(unseen.possibly_fixed[0].since.as_deref(), Some(v156));
        assert_eq!(unseen.possibly_fixed[0].exemplars, 2);
        // One still diverging, with its signature or another: not seen, and named.
        let b = exemplar("tree | b", "always").0.file_name();
        let still = |input: &str| {
            if input == "tree | b" {
                Recheck::Still
            } else {
                Recheck::Gone
            }
        };
        assert_eq!(
            sorted(v156, &archived, still),
            vec![("always".to_owned(), false, Some(b.clone()))]
        );
        let changed = |input: &str| {
            if input == "tree | b" {
                Recheck::Changed("tree | c".into())
            } else {
                Recheck::Gone
            }
        };
        assert_eq!(
            sorted(v156, &archived, changed),
            vec![("always".to_owned(), false, Some(b))]
        );
        // Exemplars that could not be re-checked show nothing fixed.
        assert_eq!(
            sorted(v156, &archived, |_| Recheck::Skipped("no".into())),
            vec![("always".to_owned(), false, None)]
        );
    }

    #[test]
    fn a_class_with_no_archived_exemplar_is_not_seen_and_other_versions_are_left_out() {
        let none = ArchivedExemplars::default();
        let v156 = "Chromium 156.0.8078.114 built on Debian";
        // At 156 the class of versions before 150 is not expected: only `always`,
        // which no archived exemplar shows fixed.
        assert_eq!(
            sorted(v156, &none, |_| Recheck::Gone),
            vec![("always".to_owned(), false, None)]
        );
        // At 148 both may show, and neither did.
        assert_eq!(
            sorted("Chromium 148.0.7778.167", &none, |_| Recheck::Gone),
            vec![
                ("always".to_owned(), false, None),
                ("old".to_owned(), false, None)
            ]
        );
    }
}
