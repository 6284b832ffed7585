//! The findings archived before a campaign, by engine and class: what a campaign
//! already holds of a known class.
//!
//! Two things read it. A crash or a hang of a known class whose exemplars are
//! archived is not minimized again (`jobs.rs`). And a known class that matched
//! nothing in a campaign is called *possibly fixed* only when its archived exemplars,
//! run again through the engine, no longer diverge (`unseen.rs`).
//!
//! A finding is an exemplar of the class its archive file records (`class:`) for
//! the engine it records (`engine:`).

use litmus_compare::archive::{Archive, ArchivedFinding};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The archived findings of some folders, by file name: a file in two folders (the
/// corpus's and a campaign's archive) is one finding.
#[derive(Clone, Debug, Default)]
pub struct ArchivedExemplars {
    findings: BTreeMap<String, ArchivedFinding>,
}

impl ArchivedExemplars {
    /// The findings of `folders`, in order (a file name read once, from the first
    /// folder that has it). A missing folder and an unreadable file hold nothing:
    /// `litmus corpus check` is where they are reported.
    pub fn load(folders: &[PathBuf]) -> ArchivedExemplars {
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
                if let Ok(finding) = Archive::read(&path) {
                    findings.insert(name, finding);
                }
            }
        }
        ArchivedExemplars { findings }
    }

    /// The findings given, for tests.
    pub fn of_findings(list: Vec<ArchivedFinding>) -> ArchivedExemplars {
        ArchivedExemplars {
            findings: list
                .into_iter()
                .map(|finding| (finding.file_name(), finding))
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
            .filter(move |f| f.engine == engine && f.class.as_deref() == Some(class))
    }

    /// Whether `class` has an archived exemplar for `engine`.
    pub fn holds(&self, engine: &str, class: &str) -> bool {
        self.of(engine, class).next().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(signature: &str, engine: &str, class: Option<&str>) -> ArchivedFinding {
        ArchivedFinding {
            input: "<p>".into(),
            signature: signature.into(),
            level: "tree".into(),
            engine: engine.into(),
            class: class.map(str::to_owned),
            ..ArchivedFinding::default()
        }
    }

    #[test]
    fn exemplars_are_found_by_engine_and_recorded_class() {
        let archived = ArchivedExemplars::of_findings(vec![
            finding("tree | a", "html5ever", Some("c")),
            finding("tree | b", "parse5", Some("c")),
            finding("tree | c", "html5ever", None),
        ]);
        assert!(archived.holds("html5ever", "c"));
        assert!(archived.holds("parse5", "c"));
        assert!(!archived.holds("chromium", "c"));
        assert!(!archived.holds("html5ever", "d"));
        assert_eq!(archived.of("html5ever", "c").count(), 1);
    }

    #[test]
    fn folders_are_read_and_a_file_in_two_is_one_finding() {
        let temp = tempfile::tempdir().unwrap();
        let (a, b) = (temp.path().join("a"), temp.path().join("b"));
        let one = finding("tree | a", "html5ever", Some("c"));
        let two = finding("tree | b", "html5ever", Some("c"));
        Archive::create(&a).unwrap().store(&one).unwrap();
        Archive::create(&b).unwrap().store(&one).unwrap();
        Archive::create(&b).unwrap().store(&two).unwrap();
        let missing = temp.path().join("missing");
        let archived = ArchivedExemplars::load(&[a, missing, b]);
        assert_eq!(archived.of("html5ever", "c").count(), 2);
    }
}
