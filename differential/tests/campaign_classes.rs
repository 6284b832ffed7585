//! A fixed campaign finds every class it found before: counting known classes
//! instead of minimizing every signature, and archiving a few exemplars per class,
//! must not lose one.
//!
//! The campaign is `litmus run --cases 20000 --seed 7 --no-mutation` against the
//! embedded html5ever (no mutation, so the case stream depends on nothing outside the
//! repository). [`EXPECTED`] is the list of classes the harness at 49023ab found on
//! the same campaign, when it still minimized and archived every signature (1,199 of
//! them), compared by hand with what this harness finds: the same 21 classes (two of
//! them renamed when the classes became causes: the MathML and SVG special elements
//! joined the annotation-xml scope class, and the hidden input class took inputs
//! foster-parented out of a table in a select too). Two more are now shapes of their
//! causes' classes: the round trip's lost U+FEFF of html5ever's U+FEFF class, and the
//! `<?` cut off by the end of the input of its processing instruction class.

mod common;

use common::workspace_root;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

/// The classes of `litmus run --cases 20000 --seed 7 --no-mutation` at 49023ab.
const EXPECTED: [&str; 19] = [
    "html5ever-doctype-does-not-end-table-text",
    "html5ever-drops-u-feff-at-the-start-of-each-feed",
    "html5ever-form-element-pointer-and-parsing-template-contents",
    "html5ever-frameset-ok-not-reset-after-head",
    "html5ever-input-in-select-fragment",
    "html5ever-foreign-elements-in-special-scopes-and-integration-points",
    "html5ever-no-processing-instructions",
    "html5ever-selectedcontent-empty-with-several-options",
    "html5ever-table-body-ignores-table-parts-after-thead",
    "roundtrip-carriage-return-from-a-character-reference",
    "roundtrip-doctype-identifiers-dropped",
    "roundtrip-hidden-input-in-a-table-in-a-select",
    "roundtrip-html-elements-in-foreign-content",
    "roundtrip-initial-newline-of-pre-textarea-listing",
    "roundtrip-misnested-tree-the-parser-cannot-recreate",
    "roundtrip-nested-form",
    "roundtrip-plaintext-swallows-its-end-tag",
    "roundtrip-script-data-double-escape-swallows-the-end-tag",
    "roundtrip-selectedcontent-cloned-again",
];

#[test]
fn a_fixed_campaign_finds_every_class_it_found_before() {
    let temp = tempfile::tempdir().unwrap();
    let out = temp.path().join("reports");
    let output = Command::new(env!("CARGO_BIN_EXE_litmus"))
        .args(["run", "--cases", "20000", "--seed", "7", "--no-mutation"])
        .args(["--jobs", "2", "--quiet"])
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
    assert_eq!(report["cases"].as_u64(), Some(20_000));

    let found: Vec<&str> = report["class_counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["class"].as_str().unwrap())
        .collect();
    let lost: Vec<&&str> = EXPECTED.iter().filter(|c| !found.contains(c)).collect();
    assert!(lost.is_empty(), "classes lost: {lost:?}; found {found:?}");

    let findings = report["findings"].as_array().unwrap();
    let new: Vec<&str> = findings
        .iter()
        .filter(|f| f["class"].is_null())
        .map(|f| f["signature"].as_str().unwrap())
        .collect();
    assert!(new.is_empty(), "new findings: {new:?}");
    // A few exemplars per class and engine (a class may name several, and one of
    // every engine shows the reference's own round trip too), each archived.
    let mut per_class: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for finding in findings {
        *per_class
            .entry((
                finding["class"].as_str().unwrap(),
                finding["engine"].as_str().unwrap(),
            ))
            .or_default() += 1;
        let path = finding["archive_path"].as_str().expect("archived");
        assert!(Path::new(path).starts_with(&out), "{path}");
    }
    for (class, count) in &per_class {
        assert!(*count <= 3, "{class:?}: {count} exemplars");
    }
    let archived = fs::read_dir(out.join("divergences")).unwrap().count();
    assert!(archived <= 3 * per_class.len(), "{archived} files archived");
    // Every divergence of the campaign is counted under a signature.
    let signatures = report["signatures"].as_array().unwrap();
    assert!(signatures.iter().all(|s| s["triaged"] == true));
    assert!(signatures.iter().all(|s| s["class"].is_string()));
    // A known cause is counted where triage sees it in the unminimized case; only
    // the exemplars a class archives (and new findings) are minimized: 1,199
    // signatures, each minimized, came to 239 at 2026-12-01; now 55 of 1,217 are
    // minimized to another signature (2026-12-03).
    let minimized = signatures
        .iter()
        .filter(|s| s["minimized"].as_str().is_some_and(|m| m != s["signature"]))
        .count();
    assert!(
        minimized <= 3 * per_class.len() + 20,
        "{minimized} signatures minimized to another"
    );
}
