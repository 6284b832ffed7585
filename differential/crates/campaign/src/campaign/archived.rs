//! The findings archived before a campaign, by engine and class: what a campaign
//! already holds of a known class.
//!
//! Two things read it. A crash or a hang of a known class whose exemplars are
//! archived is not minimized again (`jobs.rs`). And a known class that matched
//! nothing in a campaign is called *possibly fixed* only when its archived exemplars,
//! run again through the engine, no longer diverge (`unseen.rs`).
//!
//! A finding is an exemplar of the class its verdict names under the campaign's
//! classes, read again from the trees its file holds as `litmus class check` reads
//! them (`litmus_verdicts::archived`), not of the class its file recorded when it was
//! archived: a class renamed, split or written since would otherwise lose its
//! exemplars. Only the findings of the engine under test are read.

use litmus_compare::archive::{Archive, ArchivedFinding};
use litmus_verdicts::{ArchivedEvidence, KnownDifferences, Verdict};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The archived findings of some folders, by file name, each with the class it is an
/// exemplar of: a file in two folders (the corpus's and a campaign's archive) is one
/// finding.
#[derive(Clone, Debug, Default)]
pub struct ArchivedExemplars {
    findings: BTreeMap<String, (ArchivedFinding, String)>,
}

impl ArchivedExemplars {
    /// The findings of `engine` in `folders`, in order (a file name read once, from
    /// the first folder that has it), each an exemplar of the class that explains it
    /// under `known` (a finding no one class explains is none). A missing folder and
    /// an unreadable file hold nothing: `litmus corpus check` is where they are
    /// reported.
    pub fn load(folders: &[PathBuf], engine: &str, known: &KnownDifferences) -> ArchivedExemplars {
        let mut findings = BTreeMap::new();
        for folder in folders {
            let Ok(files) = Archive::open(folder).and_then(|archive| archive.files()) else {
                continue;
            };
            for path in files {
                let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
                    continue;
                };
                if findings.contains_key(&name) {
                    continue;
                }
                let Ok(finding) = Archive::read(&path) else {
                    continue;
                };
                if finding.engine != engine {
                    continue;
                }
                let (verdict, _) = ArchivedEvidence::of_file(&finding).verdict(known);
                if let Verdict::Known(class) = verdict {
                    findings.insert(name, (finding, class.id.clone()));
                }
            }
        }
        ArchivedExemplars { findings }
    }

    /// The findings given, each an exemplar of the class given with it, for tests.
    pub fn of_findings(list: Vec<(ArchivedFinding, &str)>) -> ArchivedExemplars {
        ArchivedExemplars {
            findings: list
                .into_iter()
                .map(|(finding, class)| (finding.file_name(), (finding, class.to_owned())))
                .collect(),
        }
    }

    /// The archived exemplars of `class` for `engine`, in file name order.
    pub fn of<'a>(
        &'a self,
        engine: &'a str,
        class: &'a str,
    ) -> impl Iterator<Item = &'a ArchivedFinding> + 'a {
        self.findings
            .values()
            .filter(move |(f, of)| f.engine == engine && of == class)
            .map(|(f, _)| f)
    }

    /// Whether `class` has an archived exemplar for `engine`.
    pub fn holds(&self, engine: &str, class: &str) -> bool {
        self.of(engine, class).next().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSES: &str = r#"
[[class]]
id = "c"
engine = "html5ever"
signatures = ["tree | a*"]
explanation = "the cause of tree | a"
spec = "https://html.spec.whatwg.org/#parsing"
right = "reference"
"#;

    fn finding(signature: &str, engine: &str, recorded: Option<&str>) -> ArchivedFinding {
        ArchivedFinding {
            input: "<p>".into(),
            signature: signature.into(),
            level: "tree".into(),
            engine: engine.into(),
            class: recorded.map(str::to_owned),
            ..ArchivedFinding::default()
        }
    }

    #[test]
    fn exemplars_are_found_by_engine_and_class() {
        let archived = ArchivedExemplars::of_findings(vec![
            (finding("tree | a", "html5ever", Some("c")), "c"),
            (finding("tree | b", "parse5", Some("c")), "c"),
            (finding("tree | c", "html5ever", None), "d"),
        ]);
        assert!(archived.holds("html5ever", "c"));
        assert!(archived.holds("parse5", "c"));
        assert!(!archived.holds("chromium", "c"));
        assert!(!archived.holds("html5ever", "e"));
        assert_eq!(archived.of("html5ever", "c").count(), 1);
    }

    #[test]
    fn a_finding_is_an_exemplar_of_its_class_now_not_of_the_class_it_recorded() {
        let temp = tempfile::tempdir().unwrap();
        let folder = temp.path().join("a");
        let archive = Archive::create(&folder).unwrap();
        // Recorded under a name the classes no longer have, explained by `c` now.
        archive
            .store(&finding("tree | a1", "html5ever", Some("renamed")))
            .unwrap();
        // Recorded as `c`, explained by no class now.
        archive
            .store(&finding("tree | b", "html5ever", Some("c")))
            .unwrap();
        // Explained by `c`, but another engine's.
        archive
            .store(&finding("tree | a2", "parse5", Some("c")))
            .unwrap();
        let known = KnownDifferences::parse(CLASSES).unwrap();
        let archived = ArchivedExemplars::load(&[folder], "html5ever", &known);
        let of_c: Vec<&str> = archived
            .of("html5ever", "c")
            .map(|f| f.signature.as_str())
            .collect();
        assert_eq!(of_c, ["tree | a1"]);
        assert!(!archived.holds("html5ever", "renamed"));
        assert!(!archived.holds("parse5", "c"));
    }

    #[test]
    fn folders_are_read_and_a_file_in_two_is_one_finding() {
        let temp = tempfile::tempdir().unwrap();
        let (a, b) = (temp.path().join("a"), temp.path().join("b"));
        let one = finding("tree | a1", "html5ever", Some("c"));
        let two = finding("tree | a2", "html5ever", Some("c"));
        Archive::create(&a).unwrap().store(&one).unwrap();
        Archive::create(&b).unwrap().store(&one).unwrap();
        Archive::create(&b).unwrap().store(&two).unwrap();
        let missing = temp.path().join("missing");
        let known = KnownDifferences::parse(CLASSES).unwrap();
        let archived = ArchivedExemplars::load(&[a, missing, b], "html5ever", &known);
        assert_eq!(archived.of("html5ever", "c").count(), 2);
    }
}
