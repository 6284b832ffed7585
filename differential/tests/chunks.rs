//! The chunk level finds html5ever's chunk-boundary bug on its own: a short campaign
//! with `--levels tree,chunks` (no planted input) feeds both engines each case in
//! pieces, finds html5ever dropping a U+FEFF at the start of a piece, classes it,
//! archives a minimized case with its split points, and `litmus corpus check`
//! replays it by cutting the input at those points. (A planted bug, a CR at the end
//! of a piece, is found and minimized by the unit tests of `compare::chunks`.)

mod common;

use common::{litmus, new_corpus};
use std::fs;

#[test]
fn a_short_campaign_at_the_chunk_level_finds_and_replays_html5ever_dropping_u_feff() {
    let temp = tempfile::tempdir().unwrap();
    let corpus = new_corpus(temp.path());
    let out = temp.path().join("reports");
    let output = litmus()
        .args([
            "run", "--cases", "1000", "--seed", "1", "--jobs", "2", "--quiet",
        ])
        .args(["--levels", "tree,fragment,chunks"])
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

    // Every case of two bytes or more was fed in pieces.
    let chunks = report["levels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["level"] == "chunks")
        .expect("a chunks row");
    assert!(chunks["compared"].as_u64().unwrap() > 990, "{chunks}");
    assert!(chunks["agreed"].as_u64().unwrap() < 1000, "{chunks}");

    // Every chunk divergence is html5ever's dropped U+FEFF: the reference's tree cannot
    // depend on the split.
    let signatures = report["signatures"].as_array().unwrap();
    let at_chunks: Vec<_> = signatures
        .iter()
        .filter(|s| s["level"] == "chunks")
        .collect();
    assert!(!at_chunks.is_empty(), "{signatures:#?}");
    for s in at_chunks {
        assert_eq!(s["engine"], "html5ever", "{s}");
        assert_eq!(
            s["class"], "html5ever-drops-u-feff-at-the-start-of-every-chunk",
            "{s}"
        );
    }

    // The exemplar is minimized, with its split points, in findings.json and the archive.
    let exemplar = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["level"] == "chunks")
        .expect("a chunk exemplar");
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
        let text = fs::read_to_string(out.join(page)).unwrap();
        assert!(
            text.contains("chunks | html5ever | split at a U+FEFF"),
            "{page}"
        );
    }

    // The corpus check cuts the input at the recorded points: html5ever still drops it.
    let output = litmus()
        .args(["corpus", "check", "--corpus"])
        .arg(&corpus)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{output:?}");
    assert!(
        !stdout.lines().any(|l| l.starts_with("changed ")),
        "{stdout}"
    );
    assert!(stdout.contains(" 0 gone, 0 changed"), "{stdout}");
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
