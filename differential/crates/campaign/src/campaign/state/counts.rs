//! The campaign's counts: comparisons per level, the reference parser's arms, and
//! every signature seen with its count and what its triage made of it.

use super::super::cases::{add_arm_counts, BatchPart, Reported};
use crate::finding::{ClassCount, Finding, SignatureCount};
use litmus_compare::compare::LevelCounter;
use litmus_compare::signature::{Kind, Signature};
use litmus_engines::case::EngineName;
use std::collections::{BTreeMap, HashMap};

/// What became of a signature.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Triage {
    /// Waiting for its triage, or in it.
    Pending,
    /// A known class explains it.
    Known(String),
    /// It is (or merged into) the finding with this hash.
    Finding(String),
}

/// One signature seen in the campaign.
struct SignatureState {
    count: u64,
    /// Its level and engine, from its first divergence reported (`None` while only
    /// counted).
    first: Option<(Kind, EngineName)>,
    triage: Triage,
    /// The signature of its minimized case, once triage has minimized it.
    minimized: Option<Signature>,
}

/// The counts of the cases absorbed so far.
#[derive(Default)]
pub struct Counts {
    levels: LevelCounter,
    /// The reference parser's counts of the standard's arms (`--spec-coverage`).
    pub spec_arms: Vec<u64>,
    signatures: HashMap<Signature, SignatureState>,
}

/// The signatures, the findings' case counts and the class counts of a report.
pub struct Tables {
    pub signatures: Vec<SignatureCount>,
    /// Per finding hash, the cases of the signatures that became it.
    pub finding_counts: HashMap<String, u64>,
    pub class_counts: Vec<ClassCount>,
}

impl Counts {
    /// Counts a part's comparisons, arms and signatures; gives its divergences each
    /// with whether its signature is new (never reported before), in order.
    pub fn absorb(&mut self, part: BatchPart) -> Vec<(Reported, bool)> {
        self.levels.merge(&part.levels);
        add_arm_counts(&mut self.spec_arms, &part.spec_arms);
        for (signature, count) in part.tallies {
            self.signature(&signature).count += count;
        }
        part.divergences
            .into_iter()
            .map(|reported| {
                let fresh = self.first_report(&reported);
                (reported, fresh)
            })
            .collect()
    }

    /// Whether `reported` is the first divergence reported with its signature (its
    /// level and engine then recorded).
    fn first_report(&mut self, reported: &Reported) -> bool {
        let divergence = &reported.divergence;
        let signature = &divergence.signature;
        let seen = match self.signatures.get(signature) {
            Some(state) if state.first.is_some() => return false,
            Some(_) => true,
            None => false,
        };
        let state = self.signature(signature);
        if !seen {
            state.count = state.count.max(1);
        }
        state.first = Some((
            divergence.signature.kind().clone(),
            divergence.engine.clone(),
        ));
        true
    }

    /// A known class explains `signature`; its minimized case shows `minimized`.
    pub fn known(&mut self, signature: &Signature, class: &str, minimized: &Signature) {
        let state = self.signature(signature);
        state.triage = Triage::Known(class.to_owned());
        state.minimized = Some(minimized.clone());
    }

    /// `signature` is (or merged into) `finding`.
    pub fn found(&mut self, signature: &Signature, finding: &Finding) {
        let state = self.signature(signature);
        state.triage = Triage::Finding(finding.hash.clone());
        state.minimized = Some(finding.signature.clone());
    }

    /// The comparisons per level: (level, compared, agreed), in the registry's order.
    pub fn levels(&self) -> impl Iterator<Item = (litmus_compare::compare::Level, u64, u64)> + '_ {
        self.levels.counts()
    }

    /// The report's tables: every signature with its class and finding, each
    /// finding's cases (those of the signatures that became it) and each class's
    /// (those of every signature it explains). `findings` gives a finding's class.
    pub fn tables<'f>(&self, findings: impl Iterator<Item = &'f Finding>) -> Tables {
        let class_of: HashMap<&str, Option<&String>> = findings
            .map(|f| (f.hash.as_str(), f.class.as_ref()))
            .collect();
        let mut finding_counts: HashMap<String, u64> = HashMap::new();
        let mut classes: BTreeMap<String, ClassCount> = BTreeMap::new();
        let mut signatures: Vec<SignatureCount> = Vec::new();
        for (signature, state) in &self.signatures {
            let (class, finding) = match &state.triage {
                Triage::Pending => (None, None),
                Triage::Known(class) => (Some(class.clone()), None),
                Triage::Finding(hash) => {
                    *finding_counts.entry(hash.clone()).or_default() += state.count;
                    let class = class_of.get(hash.as_str()).copied().flatten().cloned();
                    (class, Some(hash.clone()))
                }
            };
            if let Some(class) = &class {
                let entry = classes.entry(class.clone()).or_insert_with(|| ClassCount {
                    class: class.clone(),
                    ..ClassCount::default()
                });
                entry.cases += state.count;
                entry.signatures += 1;
            }
            signatures.push(SignatureCount {
                signature: signature.clone(),
                level: state
                    .first
                    .as_ref()
                    .map(|f| f.0.clone())
                    .unwrap_or_default(),
                engine: state
                    .first
                    .as_ref()
                    .map(|f| f.1.clone())
                    .unwrap_or_default(),
                class,
                count: state.count,
                finding,
                triaged: state.triage != Triage::Pending,
                minimized: state.minimized.clone(),
            });
        }
        signatures.sort_by(|a, b| a.signature.cmp(&b.signature));
        Tables {
            signatures,
            finding_counts,
            class_counts: classes.into_values().collect(),
        }
    }

    fn signature(&mut self, signature: &Signature) -> &mut SignatureState {
        if !self.signatures.contains_key(signature) {
            self.signatures.insert(
                signature.clone(),
                SignatureState {
                    count: 0,
                    first: None,
                    triage: Triage::Pending,
                    minimized: None,
                },
            );
        }
        self.signatures.get_mut(signature).expect("inserted above")
    }
}
