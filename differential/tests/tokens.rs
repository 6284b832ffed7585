//! The token level on its own: a short campaign with `--levels tree,fragment,tokens`
//! tokenizes every case with the reference's, html5ever's and html5gum's tokenizers
//! from three start points, finds the processing instructions neither other
//! tokenizer has, classes them, archives minimized cases with their start point, and
//! `litmus corpus check` replays them from there. (A planted bug, a lost self-closing
//! flag, is found and minimized by the unit tests of `compare::tokens`.)

mod common;

use common::{litmus, ShortCampaign};
use std::fs;

#[test]
fn a_short_campaign_at_the_token_level_finds_classes_and_replays() {
    let campaign = ShortCampaign::run("tree,fragment,tokens");

    // Every case was tokenized, and some disagree.
    let tokens = campaign.level("tokens");
    assert_eq!(tokens["compared"].as_u64(), Some(1000), "{tokens}");
    assert!(tokens["agreed"].as_u64().unwrap() < 1000, "{tokens}");

    // Both other tokenizers show up, each difference in a processing instruction
    // class.
    let at_tokens = campaign.signatures("tokens");
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
    let exemplar = campaign.exemplar("tokens");
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
        let text = fs::read_to_string(campaign.out.join(page)).unwrap();
        assert!(
            text.contains("tokens | litmus: ProcessingInstruction | html5"),
            "{page}"
        );
        assert!(text.contains("tokenized from the "), "{page}");
    }

    // The corpus check tokenizes again from the recorded start: still there, for
    // html5gum's findings too (its tokenizer does not depend on the other engine).
    let stdout = campaign.corpus_check_finds_everything_again();
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
