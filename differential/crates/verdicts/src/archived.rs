//! An archived finding as the classes read it: the evidence its archive file holds
//! (the reference's tree and the engine's, a round trip's first tree, serialization
//! and reparse), so that its verdict is given again under the classes as they are now
//! without running any engine. `litmus class check` reads findings so, and a campaign
//! its archived exemplars (which class each one is an exemplar of).

use crate::classes::KnownDifferences;
use crate::matching::{Evidence, Verdict};
use litmus_compare::archive::ArchivedFinding;
use litmus_compare::compare::Level;
use litmus_compare::locus::Locus;
use litmus_compare::signature::{Kind, Signature};
use litmus_engines::case::{EngineName, ParseRequest};
use litmus_parser::FragmentContext;

/// What the classes read of an archived finding.
#[derive(Clone, Debug)]
pub struct ArchivedEvidence {
    pub engine: EngineName,
    pub level: Kind,
    pub signature: Signature,
    pub input: String,
    pub request: ParseRequest,
    /// The reference's tree and the engine's, for tree and fragment findings.
    pub trees: Option<(String, String)>,
    /// The engine's first tree, for a round-trip finding: what it serialized.
    pub first_tree: Option<String>,
    /// For a round-trip finding: the engine's serialization and its tree of it, where
    /// the archive holds them.
    pub round_trip: Option<(String, String)>,
    /// The engine's version text, as the finding recorded it (the archive's
    /// `versions:` field, findings.json's `engine_version`).
    pub version: Option<String>,
}

impl ArchivedEvidence {
    /// The evidence an archive file (`.dat`) holds.
    pub fn of_file(finding: &ArchivedFinding) -> ArchivedEvidence {
        let engine = &finding.engine;
        let level = finding.level.level();
        let trees = matches!(level, Some(Level::Tree | Level::Fragment))
            .then(|| {
                finding
                    .block(&format!("{engine} tree"))
                    .map(|other| (finding.reference_tree.clone(), with_final_newline(other)))
            })
            .flatten();
        let first_tree = (level == Some(Level::RoundTrip))
            .then(|| {
                finding
                    .block(&format!("{engine} first tree"))
                    .map(with_final_newline)
            })
            .flatten();
        let round_trip = (level == Some(Level::RoundTrip))
            .then(|| {
                let serialization = finding.block(&format!("{engine} serialization"))?;
                let reparsed = finding.block(&format!("{engine} tree of its serialization"))?;
                Some((serialization.to_owned(), with_final_newline(reparsed)))
            })
            .flatten();
        // `versions: REFERENCE; OTHER`: the other's, unless the finding is the
        // reference's own (a round trip of litmus).
        let version = finding.field("versions").and_then(|versions| {
            let (reference, other) = versions.split_once("; ")?;
            Some(
                if *engine == "litmus" {
                    reference
                } else {
                    other
                }
                .to_owned(),
            )
        });
        ArchivedEvidence {
            engine: engine.clone(),
            level: finding.level.clone(),
            signature: finding.signature.clone(),
            input: finding.input.clone(),
            request: ParseRequest {
                input: finding.input.clone(),
                fragment: finding
                    .fragment_context
                    .as_deref()
                    .and_then(FragmentContext::parse),
                scripting: finding.scripting,
            },
            trees,
            first_tree,
            round_trip,
            version,
        }
    }

    /// The locus of the finding, read from its trees.
    pub fn locus(&self) -> Option<Locus> {
        match self.level.as_str() {
            "round-trip" => litmus_compare::locus::of_round_trip(
                &self.request,
                &self.engine,
                self.first_tree.as_deref(),
            ),
            // An engine's failure left no tree: the case's arms and tokens only.
            "serialization" | "errors" => litmus_compare::locus::of_case(&self.request),
            _ if self.signature.is_failure() => litmus_compare::locus::of_case(&self.request),
            _ => {
                let (reference, other) = self.trees.as_ref()?;
                litmus_compare::locus::locus(&self.request, reference, other)
            }
        }
    }

    /// Its verdict under `known`, and its locus if a class asked for it.
    pub fn verdict<'k>(&self, known: &'k KnownDifferences) -> (Verdict<'k>, Option<Locus>) {
        let mut evidence = Evidence::new(&self.engine, self.signature.clone(), &self.input)
            .with_version(self.version.as_deref())
            .with_request(&self.request)
            .with_locus(|| self.locus())
            .with_engine_tree(self.trees.as_ref().map(|(_, engine)| engine.as_str()))
            .with_standard_round_trip(|| {
                litmus_compare::compare::standard_round_trip(&self.request, &self.engine)
            })
            .with_downstream(|| {
                let (serialization, reparsed) = self.round_trip.as_ref()?;
                litmus_compare::compare::downstream(
                    &self.request,
                    &self.engine,
                    serialization,
                    reparsed,
                )
            });
        let verdict = known.verdict(&mut evidence);
        let locus = evidence.known_locus().cloned();
        (verdict, locus)
    }
}

/// An archived block ends without its last newline; a dump has one.
fn with_final_newline(text: &str) -> String {
    let mut text = text.to_owned();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text
}
