//! The reference parser's arm counts as [`SpecCoverage`]: arms reached of those a
//! run can pass, per section, the cold and the hottest arms, and the progress of a
//! steering campaign ([`CoveragePoint`]).

use litmus_parser::spec_arms::{self, ArmCounts, Family};
use serde::{Deserialize, Serialize};

/// Whether this build of litmus can count arms.
pub fn available() -> bool {
    spec_arms::enabled()
}

/// What a run says when `--spec-coverage` is asked of a build that cannot count.
pub const UNAVAILABLE: &str = "this litmus was built without spec coverage: build it with `cargo build --release --bin litmus --features spec-coverage` (the feature of litmus-differential, off by default since counting costs the parser about a tenth of its speed)";

/// The spec coverage of a run, as findings.json keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecCoverage {
    /// Reachable arms passed at least once: the N of "N of M".
    pub reached: usize,
    /// Arms some input can reach (those with no `unreachable` reason): the M.
    pub reachable: usize,
    /// Every section (tokenizer state, insertion mode, algorithm), in the parser's
    /// order.
    pub sections: Vec<SectionCoverage>,
    /// Every arm, in the parser's order, with its count.
    pub arms: Vec<ArmCoverage>,
    /// Families of arms the run could not pass, left out of the sections, the arms
    /// and M: a campaign of text cases never runs the encoding sniffing algorithm.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<LeftOut>,
    /// A campaign's reachable arms passed against its cases run: one point at the
    /// start of each epoch (`campaign::steering`) and one at the end.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub progress: Vec<CoveragePoint>,
}

/// Arms reached after some cases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoveragePoint {
    /// Cases run (of the campaign's shard).
    pub cases: u64,
    /// Reachable arms passed in them.
    pub reached: usize,
}

/// A family of arms a run left out of its figure, and why.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeftOut {
    /// The family (`encoding`).
    pub family: String,
    /// Why the run could not pass its arms.
    pub reason: String,
}

/// Why a campaign of text cases leaves the encoding sniffing arms out.
pub const TEXT_CASES_SKIP_SNIFFING: &str =
    "the cases are text: only byte cases (`litmus run --bytes`) go through the encoding sniffing algorithm";

/// One section's figure.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectionCoverage {
    /// `tokenizer`, `insertion-mode`, `foreign-content`, `algorithm`, `serializer` or
    /// `encoding`.
    pub family: String,
    /// The section's key (`data`, `in-table`, `adoption-agency`).
    pub key: String,
    /// Its name in the standard ("data state").
    pub name: String,
    /// Its address in the standard.
    pub url: String,
    pub reached: usize,
    pub reachable: usize,
}

/// One arm and how many times it was passed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmCoverage {
    /// The arm's stable id (`tokenizer.data.ampersand`).
    pub id: String,
    /// Its section's key.
    pub section: String,
    /// The standard's words for it.
    pub words: String,
    /// Times passed (a fast-path run counts once).
    pub count: u64,
    /// Why no input can reach it, for arms left out of M.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unreachable: Option<String>,
}

/// The family named `name` by [`family_name`].
fn family_named(name: &str) -> Option<Family> {
    [
        Family::Tokenizer,
        Family::InsertionMode,
        Family::ForeignContent,
        Family::Algorithm,
        Family::Serializer,
        Family::Encoding,
    ]
    .into_iter()
    .find(|family| family_name(*family) == name)
}

pub(crate) fn family_name(family: Family) -> &'static str {
    match family {
        Family::Tokenizer => "tokenizer",
        Family::InsertionMode => "insertion-mode",
        Family::ForeignContent => "foreign-content",
        Family::Algorithm => "algorithm",
        Family::Serializer => "serializer",
        Family::Encoding => "encoding",
    }
}

impl SpecCoverage {
    /// The coverage the counts `counts` give.
    pub fn from_counts(counts: &ArmCounts) -> SpecCoverage {
        SpecCoverage::from_counts_leaving_out(counts, &[])
    }

    /// The coverage the counts `counts` give, the families of `left_out` (each with
    /// the reason the run could not pass them) left out.
    pub fn from_counts_leaving_out(
        counts: &ArmCounts,
        left_out: &[(Family, &str)],
    ) -> SpecCoverage {
        let (mut reached, mut reachable) = (0, 0);
        let mut sections: Vec<SectionCoverage> = Vec::new();
        let mut arms = Vec::new();
        for (info, count) in counts.arms() {
            let section = info.section;
            if left_out.iter().any(|(family, _)| *family == section.family) {
                continue;
            }
            if info.entry.unreachable.is_none() {
                reachable += 1;
                reached += usize::from(count > 0);
            }
            if sections.last().is_none_or(|s| s.key != section.key) {
                sections.push(SectionCoverage {
                    family: family_name(section.family).to_owned(),
                    key: section.key.to_owned(),
                    name: section.name.to_owned(),
                    url: info.url(),
                    reached: 0,
                    reachable: 0,
                });
            }
            if info.entry.unreachable.is_none() {
                if let Some(last) = sections.last_mut() {
                    last.reachable += 1;
                    if count > 0 {
                        last.reached += 1;
                    }
                }
            }
            arms.push(ArmCoverage {
                id: info.id(),
                section: section.key.to_owned(),
                words: info.entry.words.to_owned(),
                count,
                unreachable: info.entry.unreachable.map(str::to_owned),
            });
        }
        SpecCoverage {
            reached,
            reachable,
            sections,
            arms,
            progress: Vec::new(),
            left_out: left_out
                .iter()
                .map(|(family, reason)| LeftOut {
                    family: family_name(*family).to_owned(),
                    reason: (*reason).to_owned(),
                })
                .collect(),
        }
    }

    /// The families this coverage leaves out, with their reasons, as
    /// [`SpecCoverage::from_counts_leaving_out`] takes them.
    fn left_out_families(&self) -> Vec<(Family, &str)> {
        self.left_out
            .iter()
            .filter_map(|l| Some((family_named(&l.family)?, l.reason.as_str())))
            .collect()
    }

    /// The reachable arms never passed.
    pub fn cold(&self) -> impl Iterator<Item = &ArmCoverage> {
        self.arms
            .iter()
            .filter(|arm| arm.count == 0 && arm.unreachable.is_none())
    }

    /// The `n` arms passed most often, most first.
    pub fn hottest(&self, n: usize) -> Vec<&ArmCoverage> {
        let mut arms: Vec<&ArmCoverage> = self.arms.iter().filter(|a| a.count > 0).collect();
        arms.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.id.cmp(&b.id)));
        arms.truncate(n);
        arms
    }

    /// The sections of one family (`tokenizer`, `insertion-mode`, …).
    pub fn sections_of<'a>(
        &'a self,
        family: &'a str,
    ) -> impl Iterator<Item = &'a SectionCoverage> + 'a {
        self.sections.iter().filter(move |s| s.family == family)
    }

    /// Adds another run's counts (of the same arms, by id) to these: for `litmus
    /// report merge`.
    pub fn merge(&mut self, other: &SpecCoverage) {
        let mut counts: Vec<u64> = self.arms.iter().map(|a| a.count).collect();
        for arm in &other.arms {
            if let Some(index) = self.arms.iter().position(|a| a.id == arm.id) {
                counts[index] = counts[index].saturating_add(arm.count);
            }
        }
        let ids: Vec<&str> = self.arms.iter().map(|a| a.id.as_str()).collect();
        // Rebuilt from the parser's table when the ids are this build's; otherwise
        // only the counts are added. A family both runs left out stays out.
        let left_out: Vec<(Family, String)> = self
            .left_out_families()
            .into_iter()
            .filter(|(family, _)| {
                other
                    .left_out
                    .iter()
                    .any(|l| l.family == family_name(*family))
            })
            .map(|(family, reason)| (family, reason.to_owned()))
            .collect();
        let left_out: Vec<(Family, &str)> =
            left_out.iter().map(|(f, r)| (*f, r.as_str())).collect();
        let ours =
            SpecCoverage::from_counts_leaving_out(&ArmCounts::default(), &self.left_out_families());
        let full: Vec<u64> = SpecCoverage::from_counts(&ArmCounts::default())
            .arms
            .iter()
            .map(|arm| {
                ours.arms
                    .iter()
                    .position(|a| a.id == arm.id)
                    .map_or(0, |i| counts[i])
            })
            .collect();
        if ours
            .arms
            .iter()
            .map(|a| a.id.as_str())
            .eq(ids.iter().copied())
        {
            let mut full = full;
            let all = SpecCoverage::from_counts(&ArmCounts::default());
            // The other run's counts of the families this one left out.
            for arm in &other.arms {
                if let Some(index) = all.arms.iter().position(|a| a.id == arm.id) {
                    if !ours.arms.iter().any(|a| a.id == arm.id) {
                        full[index] = full[index].saturating_add(arm.count);
                    }
                }
            }
            *self =
                SpecCoverage::from_counts_leaving_out(&ArmCounts::from_counts(&full), &left_out);
        } else {
            for (arm, count) in self.arms.iter_mut().zip(counts) {
                arm.count = count;
            }
        }
    }
}
