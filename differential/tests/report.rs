//! The four report files of a sample campaign, read back from disk through the public
//! API: findings.json is the model, summary.md has its groups and closing line,
//! junit.xml is well-formed with a failure per new class, and index.html keeps hostile
//! inputs inert.

use litmus_differential::report::{json, sample, write_reports};

#[test]
fn a_sample_campaign_writes_four_consistent_reports() {
    let report = sample::campaign();
    let dir = tempfile::tempdir().unwrap();
    let paths = write_reports(&report, &dir.path().join("reports")).unwrap();
    let read = |p: &std::path::Path| std::fs::read_to_string(p).unwrap();

    assert_eq!(json::parse(&read(&paths.findings_json)).unwrap(), report);

    let summary = read(&paths.summary_md);
    for heading in [
        "## New classes (2)",
        "## Known classes (2)",
        "## Possibly fixed upstream (1)",
    ] {
        assert!(summary.contains(heading), "{heading}");
    }
    assert!(summary.trim_end().ends_with(
        "2 new classes, 2 known classes, 1 possibly fixed; median minimized size 10 bytes"
    ));

    let junit = read(&paths.junit_xml);
    let doc = roxmltree::Document::parse(&junit).unwrap();
    let count = |tag: &str| doc.descendants().filter(|n| n.has_tag_name(tag)).count();
    assert_eq!(count("testcase"), 5);
    assert_eq!(count("failure"), 2);
    assert_eq!(count("skipped"), 1);

    let page = read(&paths.index_html);
    assert_eq!(page.matches("<section class=\"cls ").count(), 4);
    assert!(!page.to_ascii_lowercase().contains("<script"));
    assert!(!page.contains('\0'));
}
