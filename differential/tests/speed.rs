//! The speed level finds html5ever's super-linear growth on its own: a short
//! campaign with `--levels tree,fragment,speed` (no planted input) times both engines
//! on each case's input repeated to sizes that double, and classes what it finds.
//! Which cases pass the quick look depends on timing; 1,000 cases of seed 3 gave 7
//! to 14 speed divergences in runs on a loaded and a quiet machine (300 cases of
//! seed 1 gave from 0 to 14, too few to rely on).

mod common;

use common::workspace_root;
use std::fs;
use std::process::{Command, Stdio};

#[test]
fn a_short_campaign_at_the_speed_level_finds_html5ever_growing_with_the_depth() {
    let temp = tempfile::tempdir().unwrap();
    let out = temp.path().join("reports");
    let output = Command::new(env!("CARGO_BIN_EXE_litmus"))
        .args(["run", "--cases", "1000", "--seed", "3", "--no-mutation"])
        .args(["--levels", "tree,fragment,speed", "--jobs", "2", "--quiet"])
        .arg("--corpus")
        .arg(workspace_root().join("corpus"))
        .arg("--out")
        .arg(&out)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("findings.json")).unwrap()).unwrap();

    // Every case was timed, and some diverged.
    let speed = report["levels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["level"] == "speed")
        .expect("a speed row");
    assert_eq!(speed["compared"].as_u64(), Some(1000), "{speed}");
    assert!(speed["agreed"].as_u64().unwrap() < 1000, "{speed}");
    // The serialization and round-trip levels were left out, as asked.
    let names: Vec<&str> = report["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["level"].as_str().unwrap())
        .collect();
    assert!(!names.contains(&"round-trip"), "{names:?}");

    let signatures = report["signatures"].as_array().unwrap();
    let found = signatures.iter().any(|s| {
        s["level"] == "speed" && s["class"] == "html5ever-time-grows-faster-than-the-reference"
    });
    assert!(found, "{signatures:#?}");
    // Every speed divergence is html5ever's, none new.
    for s in signatures.iter().filter(|s| s["level"] == "speed") {
        assert_eq!(s["engine"], "html5ever", "{s}");
        assert!(s["class"].is_string(), "a new speed signature: {s}");
    }
    // An exemplar is archived, minimized from its case (timing makes how far a
    // minimization gets in its 10 s depend on the machine's load, so only that it
    // did not grow is asserted).
    let exemplar = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["level"] == "speed")
        .expect("a speed exemplar");
    let stats = &exemplar["minimization"];
    assert!(
        stats["final_bytes"].as_u64() <= stats["original_bytes"].as_u64(),
        "{exemplar}"
    );
    assert!(exemplar["archive_path"].is_string(), "{exemplar}");
}

#[test]
fn levels_are_checked_by_name() {
    for (levels, message) in [
        ("tree,speedy", "unknown level `speedy`"),
        ("tree,tree", "listed twice"),
        ("tree,errors,errors", "listed twice"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_litmus"))
            .args(["run", "--cases", "1", "--levels", levels])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{levels}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{levels}: {stderr}");
    }
}
