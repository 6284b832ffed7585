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
                Some((
                    without_final_newline(serialization).to_owned(),
                    with_final_newline(reparsed),
                ))
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

/// A serialization as the engine wrote it, read from its archived block. A block
/// reads back ending with a line feed whether the text had one or not (the archive
/// does not keep a block's last line feed), and a serialization seldom ends with one
/// (a document's ends with `</html>`; a fragment's only where its last text does):
/// reparsed with one the serialization did not have, a fragment in a table context
/// gains a text (`\n`) that becomes its first difference, and the verdict is not the
/// finding's.
fn without_final_newline(text: &str) -> &str {
    text.strip_suffix('\n').unwrap_or(text)
}

/// A tree dump as the comparisons read it, ending with a line feed: a block read from
/// a file ends with one already (see [`without_final_newline`]); one built in memory
/// may not.
fn with_final_newline(text: &str) -> String {
    let mut text = text.to_owned();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lexbor round trip in a tbody fragment, as `litmus run --engine lexbor` archived
    /// it: lexbor's serialization `<select><option>1<selectedcontent></selectedcontent>
    /// </option></select>` has no final line feed, and its reparse gains a nested
    /// selectedcontent.
    const ROUND_TRIP_IN_TBODY: &str = r#"#data
<select><option>1<selectedcontent>
#errors
1:9: tree-foster-parenting
1:17: tree-foster-parenting
1:18: tree-foster-parenting
1:35: tree-foster-parenting
1:35: tree-unexpected-eof
#description
signature: round-trip | lexbor: (end) | reparsed: "…" | in: <selectedcontent>
level: round-trip
engine: lexbor
class: lexbor-selectedcontent-clone
found: seed 1 case 6468 family select
versions: litmus-parser 0.1.0; lexbor 3.1 (selectolax 1.0.2, Python 3.11.7)
minimized: 126 -> 34 bytes, 265 steps, 59 ms
lexbor first tree:
  | <select>
  |   <option>
  |     "1"
  |     <selectedcontent>
lexbor tree of its serialization:
  | <select>
  |   <option>
  |     "1"
  |     <selectedcontent>
  |       "1"
  |       <selectedcontent>
lexbor serialization:
  <select><option>1<selectedcontent></selectedcontent></option></select>
#document-fragment
tbody
#script-off
#document
| <select>
|   <option>
|     "1"
|     <selectedcontent>
"#;

    const SELECTEDCONTENT_CLASS: &str = r#"
[[class]]
id = "lexbor-selectedcontent-clone"
engine = "lexbor"
locus = ["tree.selectedcontent.*"]
inside = ["selectedcontent"]
explanation = "lexbor fills selectedcontent otherwise"
spec = "https://html.spec.whatwg.org/#maybe-clone-an-option-into-selectedcontent"
right = "reference"
"#;

    #[test]
    fn a_round_trip_is_read_back_with_the_serialization_the_engine_wrote() {
        let finding = ArchivedFinding::parse(ROUND_TRIP_IN_TBODY).unwrap();
        let evidence = ArchivedEvidence::of_file(&finding);
        let (serialization, _) = evidence.round_trip.as_ref().unwrap();
        assert_eq!(
            serialization,
            "<select><option>1<selectedcontent></selectedcontent></option></select>"
        );
        // With the block's line feed, the reference's reparse in tbody gains a text
        // that is the first difference, and no class is the finding's.
        let known = KnownDifferences::parse(SELECTEDCONTENT_CLASS).unwrap();
        let (verdict, _) = evidence.verdict(&known);
        assert_eq!(
            verdict.class().map(|c| c.id.as_str()),
            Some("lexbor-selectedcontent-clone"),
            "{verdict:?}"
        );
    }
}
