//! What a campaign found: the model every report is written from.
//!
//! `findings.json` is this model serialized (see [`CampaignReport`]); its schema is
//! documented in docs/formats.md and the report crate's `SCHEMA.md`. Field names are
//! stable; new fields may be added, and `schema` goes up when a field changes meaning.

pub use litmus_compare::labels::SecurityLabel;
use litmus_compare::minimize::MinimizeStats;
use litmus_compare::signature::FirstDifference;
pub use litmus_compare::signature::{Kind, Signature};
pub use litmus_engines::case::{EngineName, Origin};
use litmus_verdicts::{KnownClass, Right};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// The version of the findings.json schema.
pub const SCHEMA_VERSION: u32 = 2;

/// An engine as a report names it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineId {
    pub name: String,
    pub version: String,
}

/// Whether a finding's class was known before the campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// No known class explains it.
    New,
    /// A class in known-differences.toml explains it.
    Known,
    /// Several classes match it equally well: a finding about the classes
    /// (`Finding::ambiguous` names them).
    Ambiguous,
    /// Two classes explain it together, both causes at work (`Finding::causes` names
    /// them; `Finding::class` is the first): known.
    Causes,
    /// A class explains it at another version of the engine than the campaign's
    /// (its `versions` exclude this one): known, at another version.
    AtAnotherVersion,
}

/// One finding: a signature, with its smallest example.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    pub signature: Signature,
    /// The signature's hash: the archive file's name without `.dat`.
    pub hash: String,
    /// The level (`tree`, `fragment`, …) or the failure (`crash`, `timeout`, …).
    pub level: Kind,
    /// The engine compared with the reference (or the engine that crashed).
    pub engine: EngineName,
    /// The engine's version, as its handshake said (absent in earlier reports).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine_version: Option<String>,
    /// The known class id, if one explains it.
    pub class: Option<String>,
    pub status: Option<Status>,
    /// The known class's one-line explanation.
    pub explanation: Option<String>,
    /// For an ambiguous finding, the classes that match it equally well.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ambiguous: Vec<String>,
    /// For a finding two known causes explain together, their classes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub causes: Vec<String>,
    /// Where the engine's tree first departs from the reference's, for tree and
    /// fragment findings (`litmus_compare::locus`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locus: Option<litmus_compare::locus::Locus>,
    /// Its security labels, computed from its two trees
    /// (`litmus_compare::labels::of_divergence`): `script-capable`, `mutation`,
    /// `namespace-change`, `text-markup-boundary`, `attribute-markup`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<SecurityLabel>,
    /// How many cases of the campaign showed this signature.
    pub count: u64,
    /// The minimized input.
    pub input: String,
    /// The first input that showed it, before minimization.
    pub original_input: String,
    pub fragment_context: Option<String>,
    pub scripting: bool,
    /// The reference parser's output at this level (a tree dump or a serialization).
    pub reference_output: String,
    /// The other engine's output at this level (or its failure message).
    pub other_output: String,
    /// For a round trip: the engine's serialization of its first tree (what it parsed
    /// again), so that a verdict can read the engine's parse of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serialization: Option<String>,
    /// Where the two outputs first differ; `None` for a failure.
    pub first_difference: Option<FirstDifference>,
    pub minimization: MinimizeStats,
    pub origin: Origin,
    /// Where the finding is archived, relative to the working folder.
    pub archive_path: Option<String>,
    /// The judges' answers (browsers, `--judges`), in the order they were named,
    /// where a campaign asked any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub judges: Vec<ThirdOpinion>,
    /// The one third engine's answer of reports written before judges (read, never
    /// written: [`Finding::opinions`] gives it).
    #[serde(default, skip_serializing)]
    pub third: Option<ThirdOpinion>,
    /// At the chunk level, the byte offsets of `input` it is cut at (absent at the
    /// other levels).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub splits: Vec<usize>,
    /// At the token level, the state the tokenizers started in and the last start
    /// tag they were given (`RCDATA, last start tag title`; absent at the other
    /// levels).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

impl Finding {
    /// What a new finding is grouped by: for a tree or fragment finding with a locus,
    /// the engine, the locus arm and the kind of its token (`parse5 at
    /// tree.in-body.start-tag-li, token start tag`), and for a token other than a tag
    /// the tokenizer arm that made it ([`litmus_compare::locus::Locus::tokenizer_arm`]:
    /// `justhtml at tree.in-foreign-content.comment, token comment, made by
    /// tokenizer.comment-end.exclamation-mark`), so that two tokenizer bugs whose
    /// tokens tree construction handles alike are two groups; for an ambiguous one, the classes
    /// that match it; otherwise the engine and the signature without its parent (the
    /// level and the first differing nodes).
    pub fn cause(&self) -> String {
        if !self.ambiguous.is_empty() {
            return format!("{} ambiguous: {}", self.engine, self.ambiguous.join(", "));
        }
        match &self.locus {
            Some(locus) if locus.rule != litmus_compare::locus::LocusRule::Case => {
                let made_by = locus
                    .tokenizer_arm()
                    .map(|arm| format!(", made by {arm}"))
                    .unwrap_or_default();
                format!(
                    "{} at {}, token {}{made_by}",
                    self.engine,
                    locus.arm(),
                    litmus_compare::locus::token_kind(&locus.token)
                )
            }
            _ => format!("{} {}", self.engine, self.signature.core()),
        }
    }

    /// The judges' answers: [`Finding::judges`], or the one third engine's of an
    /// earlier report.
    pub fn opinions(&self) -> &[ThirdOpinion] {
        if self.judges.is_empty() {
            self.third.as_slice()
        } else {
            &self.judges
        }
    }
}

/// What a judge (a third engine, a browser) says about a divergence between the
/// reference and the other engine.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThirdOpinion {
    pub engine: EngineName,
    /// `reference`, `other`, `neither` or `unavailable`.
    pub sides_with: String,
    pub output: String,
}

/// Counts for one comparison level.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LevelCount {
    pub level: String,
    /// Comparisons made at this level.
    pub compared: u64,
    /// Comparisons where the outputs agreed.
    pub agreed: u64,
    /// `agreed / compared`, to six decimals (`None` when nothing was compared: a level
    /// the engine cannot be compared at, such as the serialization of an engine
    /// without a serializer, is not agreement): the engine under test's
    /// agreement rate with the reference at this level. For `round-trip`, the share
    /// of both engines' round trips that kept their trees.
    #[serde(default)]
    pub agreement: Option<f64>,
}

impl LevelCount {
    /// A level's counts, with its agreement rate: `None` (null in findings.json) when
    /// nothing was compared, which is never agreement.
    pub fn new(level: impl Into<String>, compared: u64, agreed: u64) -> LevelCount {
        LevelCount {
            level: level.into(),
            compared,
            agreed,
            // Six decimals: enough for a rate, and exact through JSON.
            agreement: (compared > 0)
                .then(|| (agreed as f64 / compared as f64 * 1e6).round() / 1e6),
        }
    }
}

/// A known class's share of a campaign.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassCount {
    pub class: String,
    /// Cases whose divergences it explains.
    pub cases: u64,
    /// Distinct signatures it explains.
    pub signatures: u64,
}

/// One signature seen in a campaign, with its count and what became of it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignatureCount {
    pub signature: Signature,
    pub level: Kind,
    pub engine: EngineName,
    /// The known class that explains it, if one does.
    pub class: Option<String>,
    /// Divergences with this signature.
    pub count: u64,
    /// The hash of the finding it is (or was merged into), if it became one.
    pub finding: Option<String>,
    /// Whether its triage ended (a campaign stopped at once may leave some untriaged).
    pub triaged: bool,
    /// The signature of its minimized case, once triage minimized it: signatures
    /// that minimize to the same one are one behaviour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minimized: Option<Signature>,
}

/// A known class that no case matched in this campaign, and whose archived
/// exemplars, run again through the engine, diverge no more.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PossiblyFixed {
    pub class: String,
    pub explanation: String,
    pub upstream: Option<String>,
    /// The version of the engine that showed it no more: the campaign's (absent in
    /// earlier reports).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<String>,
    /// How many archived exemplars of the class were run again, none diverging (0 in
    /// earlier reports).
    #[serde(default)]
    pub exemplars: usize,
}

/// A known class that no case matched in this campaign, but that is not shown fixed:
/// an archived exemplar of it still diverges when run again through the engine, or
/// none is archived.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotSeen {
    pub class: String,
    pub explanation: String,
    pub upstream: Option<String>,
    /// The archive file of the exemplar that still diverges; `None` when no exemplar
    /// of the class is archived.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diverging_exemplar: Option<String>,
}

/// The whole campaign: findings.json.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CampaignReport {
    pub schema: u32,
    /// The campaign's id (its reports folder name by default).
    pub campaign: String,
    pub started: String,
    pub finished: String,
    pub reference: EngineId,
    pub other: EngineId,
    pub seed: u64,
    /// `i/n` when the campaign is one shard of several.
    pub shard: Option<String>,
    pub jobs: usize,
    /// Cases run.
    pub cases: u64,
    pub elapsed_seconds: f64,
    /// Of `elapsed_seconds`, the time spent after the cases minimizing the known
    /// classes' exemplars (0 in reports of earlier versions).
    #[serde(default)]
    pub exemplar_seconds: f64,
    pub cases_per_second: f64,
    /// Whether the campaign was interrupted before its planned end.
    pub interrupted: bool,
    pub levels: Vec<LevelCount>,
    pub findings: Vec<Finding>,
    /// Per known class: the cases and signatures it explains.
    #[serde(default)]
    pub class_counts: Vec<ClassCount>,
    /// Every signature the campaign saw.
    #[serde(default)]
    pub signatures: Vec<SignatureCount>,
    pub possibly_fixed: Vec<PossiblyFixed>,
    /// Known classes that matched no case but are not shown fixed (absent in earlier
    /// reports).
    #[serde(default)]
    pub not_seen: Vec<NotSeen>,
    /// Every known class the report names (by a finding, a signature, a count or as
    /// possibly fixed): its explanation, who is right, its spec and upstream links, so
    /// that the reports explain each class without the known-differences file.
    #[serde(default)]
    pub known_classes: Vec<ClassInfo>,
    /// What the case stream depends on, to regenerate any case by its index (`None` in
    /// reports of earlier versions).
    #[serde(default)]
    pub generation: Option<Generation>,
    /// What the campaign wants its reader to know (missing mutation sources, …).
    #[serde(default)]
    pub warnings: Vec<String>,
    /// With `--spec-coverage`: the arms of the standard the reference parser passed
    /// through, and how often (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec_coverage: Option<crate::spec_coverage::SpecCoverage>,
}

/// What a campaign's cases depend on beside the seed: with these, case `i` of the
/// campaign is `Generator::new(config).with_corpus(inputs).case(seed, i)` (or its byte
/// case), which `litmus case --from findings.json i` prints.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Generation {
    /// [`crate::generator::GENERATOR_VERSION`] of the litmus that ran it.
    pub generator_version: u32,
    /// Whether cases were byte cases (`--bytes`).
    pub bytes: bool,
    /// The generator's configuration (sizes, shares, family weights in table order).
    pub config: crate::generator::GeneratorConfig,
    /// The inputs mutated.
    pub mutation_sources: MutationSourcesId,
    /// A steering campaign's epochs and their weights (`--spec-coverage` without
    /// `--no-steering`), which replace `config`'s weights case by case.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steering: Option<SteeringRecord>,
}

/// The inputs a campaign mutated, by hash.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MutationSourcesId {
    /// [`crate::generator::sources_hash`] of the inputs, in order.
    pub sha256: String,
    /// How many inputs: html5lib's, then the corpus's.
    pub inputs: usize,
    pub html5lib_inputs: usize,
    pub corpus_inputs: usize,
    /// The html5lib tree-construction folder read, or `None` when there was none (or
    /// mutation was off).
    pub html5lib: Option<String>,
    /// The corpus folder whose findings were read, or `None` when mutation was off.
    pub corpus: Option<String>,
}

impl CampaignReport {
    /// The distinct signatures after minimization: each signature counts as the one
    /// its minimized case has (itself when it was not minimized).
    pub fn minimized_signatures(&self) -> usize {
        self.signatures
            .iter()
            .map(|s| s.minimized.as_ref().unwrap_or(&s.signature))
            .collect::<std::collections::HashSet<_>>()
            .len()
    }

    /// The findings that no known class explains.
    pub fn new_findings(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.class.is_none())
    }

    /// Findings grouped by class: one group per known class (by id) and one per new
    /// cause ([`Finding::cause`]: the engine, the locus arm and the kind of token for
    /// a tree or fragment finding, so that one bug shown in many shapes is one group),
    /// each with its findings sorted by minimized size (smallest first). Groups are
    /// ordered: first those with security labels, then those the judges side with the
    /// engine under test on against the reference (to review against the standard),
    /// then new, then by total count.
    pub fn classes(&self) -> Vec<ClassGroup<'_>> {
        let mut groups: Vec<ClassGroup<'_>> = Vec::new();
        for finding in &self.findings {
            let key = match &finding.class {
                Some(class) => class.clone(),
                None => format!("new:{}", finding.cause()),
            };
            match groups.iter_mut().find(|g| g.key == key) {
                Some(group) => group.findings.push(finding),
                None => groups.push(ClassGroup {
                    key,
                    class: finding.class.clone(),
                    findings: vec![finding],
                    counted: None,
                }),
            }
        }
        for group in &mut groups {
            if let Some(class) = &group.class {
                group.counted = self
                    .class_counts
                    .iter()
                    .find(|c| &c.class == class)
                    .map(|c| (c.cases, c.signatures));
            }
        }
        for group in &mut groups {
            group
                .findings
                .sort_by_key(|f| (f.input.len(), f.signature.clone()));
        }
        groups.sort_by(|a, b| {
            (
                a.labels().is_empty(),
                !a.judged_against_the_reference(),
                a.class.is_some(),
                std::cmp::Reverse(a.count()),
                &a.key,
            )
                .cmp(&(
                    b.labels().is_empty(),
                    !b.judged_against_the_reference(),
                    b.class.is_some(),
                    std::cmp::Reverse(b.count()),
                    &b.key,
                ))
        });
        groups
    }
}

/// The findings of one class (or of one new cause).
#[derive(Clone, Debug)]
pub struct ClassGroup<'a> {
    /// The class id, or `new:` and the cause ([`Finding::cause`]).
    pub key: String,
    pub class: Option<String>,
    pub findings: Vec<&'a Finding>,
    /// The class's cases and signatures, as the campaign counted them (a known
    /// class's findings are only its exemplars).
    pub counted: Option<(u64, u64)>,
}

impl ClassGroup<'_> {
    /// The union of its findings' security labels, in report order.
    pub fn labels(&self) -> Vec<SecurityLabel> {
        let mut labels: Vec<SecurityLabel> = self
            .findings
            .iter()
            .flat_map(|f| f.labels.iter().copied())
            .collect();
        labels.sort();
        labels.dedup();
        labels
    }

    /// Cases that showed any signature of the class.
    pub fn count(&self) -> u64 {
        match self.counted {
            Some((cases, _)) => cases,
            None => self.findings.iter().map(|f| f.count).sum(),
        }
    }

    /// Distinct signatures of the class.
    pub fn signatures(&self) -> u64 {
        match self.counted {
            Some((_, signatures)) => signatures,
            None => self.findings.len() as u64,
        }
    }

    /// The finding with the smallest minimized input.
    pub fn smallest(&self) -> Option<&Finding> {
        self.findings.first().copied()
    }

    pub fn is_new(&self) -> bool {
        self.class.is_none()
    }

    /// Whether its class explains it at another version of the engine than the
    /// campaign's ([`Status::AtAnotherVersion`]).
    pub fn at_another_version(&self) -> bool {
        self.findings
            .iter()
            .any(|f| f.status == Some(Status::AtAnotherVersion))
    }

    /// The class id, or the signature of a new finding.
    pub fn title(&self) -> String {
        match (&self.class, self.smallest()) {
            (Some(class), _) => class.clone(),
            (None, Some(finding)) => finding.signature.to_string(),
            (None, None) => self.key.clone(),
        }
    }

    /// The judges' verdicts on the class: those on its smallest finding they were
    /// asked about (serialization and round-trip findings get none).
    pub fn verdicts(&self) -> &[ThirdOpinion] {
        self.findings
            .iter()
            .map(|f| f.opinions())
            .find(|o| !o.is_empty())
            .unwrap_or(&[])
    }

    /// Whether the judges side with the engine under test against the reference on
    /// this class ([`against_the_reference`]): one to review
    /// against the standard.
    pub fn judged_against_the_reference(&self) -> bool {
        against_the_reference(self.verdicts())
    }
}

/// The sides a third engine can take.
pub const SIDES: [&str; 4] = ["reference", "other", "neither", "unavailable"];

/// Whether the judges' answers side with the engine under test against the reference:
/// more of them with the engine than with the reference (those unavailable or on
/// neither side not counted), at least one with the engine.
pub fn against_the_reference(opinions: &[ThirdOpinion]) -> bool {
    let count = |side: &str| opinions.iter().filter(|o| o.sides_with == side).count();
    let (reference, other) = (count("reference"), count("other"));
    other > 0 && other > reference
}

/// The epochs of a steered campaign, as findings.json records them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SteeringRecord {
    /// Cases per epoch: case `k` of the shard is in epoch `k / epoch_cases`.
    pub epoch_cases: u64,
    /// Each epoch's family weights, `name=weight,…` in table order.
    pub epochs: Vec<String>,
}

impl SteeringRecord {
    /// The weights of the case at shard position `k`.
    pub fn weights_of(&self, k: u64) -> Option<crate::generator::Weights> {
        let epoch = usize::try_from(k / self.epoch_cases.max(1)).ok()?;
        let spec = self.epochs.get(epoch)?;
        let mut weights = crate::generator::Weights::default();
        weights.apply(spec).ok()?;
        Some(weights)
    }
}

/// A known class as reports show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassInfo {
    pub id: String,
    /// The engine whose behaviour it explains, or `*`.
    pub engine: String,
    /// One line: why the engines differ.
    pub explanation: String,
    /// Who is right: `reference`, `other`, `both` or `neither`.
    pub right: Right,
    /// The spec section (a URL with its anchor).
    pub spec: String,
    /// The upstream issue, where there is one.
    #[serde(default)]
    pub upstream: Option<String>,
}

impl ClassInfo {
    /// The fields reports show of a class.
    pub fn of(class: &KnownClass) -> ClassInfo {
        ClassInfo {
            id: class.id.clone(),
            engine: class.engine.clone(),
            explanation: class.explanation.clone(),
            right: class.right,
            spec: class.spec.clone(),
            upstream: class.upstream.clone(),
        }
    }

    /// Who is right, as a sentence naming the engines: `litmus follows the standard;
    /// html5ever does not`.
    pub fn right_sentence(&self, reference: &str) -> String {
        let engine = if self.engine == "*" {
            "the other engine".to_owned()
        } else {
            // A class of several engines: `html5lib and gumbo`.
            match self.engine.rsplit_once(", ") {
                Some((first, last)) => format!("{first} and {last}"),
                None => self.engine.clone(),
            }
        };
        let several = self.engine.contains(", ");
        match self.right {
            Right::Reference if several => {
                format!("{reference} follows the standard; {engine} do not")
            }
            Right::Reference => format!("{reference} follows the standard; {engine} does not"),
            Right::Other if several => format!("{engine} are right; {reference} has a bug to fix"),
            Right::Other => format!("{engine} is right; {reference} has a bug to fix"),
            Right::Both => "both: the standard allows either".to_owned(),
            Right::Neither => {
                "neither side, or the standard leaves it open (see the explanation)".to_owned()
            }
        }
    }

    /// The class as plain text, one field a line (`litmus class show`, junit.xml).
    pub fn text(&self, reference: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "class:       {}", self.id);
        let _ = writeln!(out, "engine:      {}", self.engine);
        let _ = writeln!(out, "explanation: {}", self.explanation);
        let _ = writeln!(
            out,
            "right:       {} ({})",
            right_name(self.right),
            self.right_sentence(reference)
        );
        let _ = writeln!(out, "spec:        {}", self.spec);
        let _ = writeln!(
            out,
            "upstream:    {}",
            self.upstream.as_deref().unwrap_or("none")
        );
        out
    }
}

/// `reference`, `other`, `both`, `neither`: as known-differences.toml writes them.
pub fn right_name(right: Right) -> &'static str {
    match right {
        Right::Reference => "reference",
        Right::Other => "other",
        Right::Both => "both",
        Right::Neither => "neither",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use litmus_compare::locus::{Locus, LocusRule};

    fn comment_finding(tokenizer_arm: &str) -> Finding {
        let locus = Locus {
            token: "comment".to_owned(),
            arms: vec!["tree.in-foreign-content.comment".to_owned()],
            mode: "tree.in-foreign-content.comment".to_owned(),
            token_arms: vec![
                "tokenizer.markup-declaration-open.two-dashes".to_owned(),
                tokenizer_arm.to_owned(),
                "tree.in-foreign-content.comment".to_owned(),
            ],
            rule: LocusRule::Placed,
            case_arms: Vec::new(),
            case_tokens: Vec::new(),
            neighbours: Vec::new(),
            inside: Vec::new(),
            upstream: None,
            token_start: None,
        };
        Finding {
            locus: Some(locus),
            count: 1,
            ..Finding::default()
        }
    }

    #[test]
    fn new_findings_of_two_tokenizer_arms_are_two_groups() {
        // Two comments tree construction handles alike, made by different tokenizer
        // arms: two causes.
        let report = CampaignReport {
            findings: vec![
                comment_finding("tokenizer.comment-end.exclamation-mark"),
                comment_finding("tokenizer.comment.anything-else"),
                comment_finding("tokenizer.comment.anything-else"),
            ],
            ..CampaignReport::default()
        };
        let groups = report.classes();
        assert_eq!(
            groups.len(),
            2,
            "{:?}",
            groups.iter().map(|g| &g.key).collect::<Vec<_>>()
        );
        assert!(groups.iter().any(
            |g| g.key.ends_with("made by tokenizer.comment.anything-else") && g.findings.len() == 2
        ));
    }
}
