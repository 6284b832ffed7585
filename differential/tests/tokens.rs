//! The token level on its own: a short campaign with `--levels tree,fragment,tokens`
//! tokenizes every case with the reference's, html5ever's and html5gum's tokenizers
//! from three start points, finds the processing instructions neither other
//! tokenizer has, classes them, archives minimized cases with their start point, and
//! `litmus corpus check` replays them from there. (A planted bug, a lost self-closing
//! flag, is found and minimized by the unit tests of `compare::tokens`.)

mod common;

use common::{litmus, new_corpus};
use std::fs;

#[test]
fn a_short_campaign_at_the_token_level_finds_classes_and_replays() {
    let temp = tempfile::tempdir().unwrap();
    let corpus = new_corpus(temp.path());
    let out = temp.path().join("reports");
    let output = litmus()
        .args([
            "run", "--cases", "1000", "--seed", "1", "--jobs", "2", "--quiet",
        ])
        .args(["--levels", "tree,fragment,tokens"])
        .arg("--corpus")
        .arg(&corpus)
        .arg("--archive")
        .arg(corpus.join("divergences"))
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("findings.json")).unwrap()).unwrap();

    // Every case was tokenized, and some disagree.
    let tokens = report["levels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["level"] == "tokens")
        .expect("a tokens row");
    assert_eq!(tokens["compared"].as_u64(), Some(1000), "{tokens}");
    assert!(tokens["agreed"].as_u64().unwrap() < 1000, "{tokens}");

    // Both other tokenizers show up, each difference in a processing instruction
    // class.
    let signatures = report["signatures"].as_array().unwrap();
    let at_tokens: Vec<_> = signatures
        .iter()
        .filter(|s| s["level"] == "tokens")
        .collect();
    for engine in ["html5ever", "html5gum"] {
        assert!(
            at_tokens.iter().any(|s| s["engine"] == engine),
            "{engine}: {at_tokens:#?}"
        );
    }
    for s in &at_tokens {
        let class = s["class"].as_str().unwrap_or_default();
        assert!(class.contains("processing-instruction"), "{s}");
    }

    // The exemplar is minimized, with its start point, in findings.json and the
    // archive.
    let exemplar = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["level"] == "tokens")
        .expect("a token exemplar");
    let input = exemplar["input"].as_str().unwrap();
    assert!(input.contains("<?") && input.len() <= 16, "{exemplar}");
    let start = exemplar["start"].as_str().expect("its start point");
    let archived = fs::read_to_string(exemplar["archive_path"].as_str().unwrap()).unwrap();
    assert!(
        archived.contains(&format!("\nstart: {start}\n")),
        "{archived}"
    );
    assert!(archived.contains("[\"Comment\","), "{archived}");
    for page in ["summary.md", "index.html"] {
        let text = fs::read_to_string(out.join(page)).unwrap();
        assert!(
            text.contains("tokens | litmus: ProcessingInstruction | html5"),
            "{page}"
        );
        assert!(text.contains("tokenized from the "), "{page}");
    }

    // The corpus check tokenizes again from the recorded start: still there, for
    // html5gum's findings too (its tokenizer does not depend on the other engine).
    let output = litmus()
        .args(["corpus", "check", "--corpus"])
        .arg(&corpus)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{output:?}");
    assert!(stdout.contains(" 0 gone, 0 changed"), "{stdout}");
    assert!(!stdout.contains("found with html5gum"), "{stdout}");
}

#[test]
fn the_token_level_is_off_by_default() {
    let temp = tempfile::tempdir().unwrap();
    let out = temp.path().join("out");
    let output = litmus()
        .args(["run", "--cases", "50", "--seed", "2", "--quiet"])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("findings.json")).unwrap()).unwrap();
    let levels = report["levels"].as_array().unwrap();
    assert!(levels.iter().all(|l| l["level"] != "tokens"), "{levels:?}");
}
