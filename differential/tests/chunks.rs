//! The chunk level finds html5ever's chunk-boundary bug on its own: a short campaign
//! with `--levels tree,chunks` (no planted input) feeds both engines each case in
//! pieces, finds html5ever dropping a U+FEFF at the start of a piece, classes it,
//! archives a minimized case with its split points, and `litmus corpus check`
//! replays it by cutting the input at those points. (A planted bug, a CR at the end
//! of a piece, is found and minimized by the unit tests of `compare::chunks`.)

mod common;

use common::{litmus, ShortCampaign};
use std::fs;

#[test]
fn a_short_campaign_at_the_chunk_level_finds_and_replays_html5ever_dropping_u_feff() {
    let campaign = ShortCampaign::run("tree,fragment,chunks");

    // Every case of two bytes or more was fed in pieces.
    let chunks = campaign.level("chunks");
    assert!(chunks["compared"].as_u64().unwrap() > 990, "{chunks}");
    assert!(chunks["agreed"].as_u64().unwrap() < 1000, "{chunks}");

    // Every chunk divergence is html5ever's dropped U+FEFF: the reference's tree cannot
    // depend on the split.
    let at_chunks = campaign.signatures("chunks");
    assert!(
        !at_chunks.is_empty(),
        "{:#?}",
        campaign.report["signatures"]
    );
    for s in at_chunks {
        assert_eq!(s["engine"], "html5ever", "{s}");
        assert_eq!(
            s["class"], "html5ever-drops-u-feff-at-the-start-of-each-feed",
            "{s}"
        );
    }

    // The exemplar is minimized, with its split points, in findings.json and the archive.
    let exemplar = campaign.exemplar("chunks");
    let input = exemplar["input"].as_str().unwrap();
    assert!(input.contains('\u{FEFF}') && input.len() <= 6, "{exemplar}");
    let splits = exemplar["splits"].as_array().expect("its split points");
    assert_eq!(splits.len(), 1, "{exemplar}");
    let archived = fs::read_to_string(exemplar["archive_path"].as_str().unwrap()).unwrap();
    assert!(
        archived.contains(&format!("\nsplits: {}\n", splits[0])),
        "{archived}"
    );
    for page in ["summary.md", "index.html"] {
        let text = fs::read_to_string(campaign.out.join(page)).unwrap();
        assert!(
            text.contains("chunks | html5ever | split at a U+FEFF"),
            "{page}"
        );
    }

    // The corpus check cuts the input at the recorded points: html5ever still drops it.
    campaign.corpus_check_finds_everything_again();
}

#[test]
fn the_chunk_level_is_accepted_by_name() {
    let temp = tempfile::tempdir().unwrap();
    let output = litmus()
        .args([
            "run",
            "--cases",
            "20",
            "--seed",
            "2",
            "--quiet",
            "--levels",
            "tree,chunks",
        ])
        .arg("--out")
        .arg(temp.path().join("out"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
}
