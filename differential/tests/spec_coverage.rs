//! `--spec-coverage` of `litmus run` and `litmus conformance`: the reference parser's
//! arms of the standard counted in the case workers (or in process) and reported.
//! Built with the feature `spec-coverage` only (`.ci/run` runs them so); without it,
//! `unavailable_without_the_feature` checks the refusal.

mod common;

#[cfg(feature = "spec-coverage")]
use common::text;
use common::{litmus, new_corpus};
#[cfg(feature = "spec-coverage")]
use std::fs;

#[cfg(feature = "spec-coverage")]
#[test]
fn a_campaign_reports_the_arms_its_workers_reached() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = new_corpus(dir.path());
    let out = dir.path().join("out");
    let output = litmus()
        .current_dir(dir.path())
        .args([
            "run",
            "--spec-coverage",
            "--cases",
            "200",
            "--seed",
            "1",
            "--jobs",
            "2",
        ])
        .arg("--corpus")
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(stdout.contains("spec arms reached: "), "{stdout}");
    assert!(stdout.contains("  tokenizer states: "), "{stdout}");
    assert!(stdout.contains("  insertion modes: "), "{stdout}");
    assert!(stdout.contains("hottest arms:"), "{stdout}");
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("findings.json")).unwrap()).unwrap();
    let coverage = &json["spec_coverage"];
    let reached = coverage["reached"].as_u64().unwrap();
    let reachable = coverage["reachable"].as_u64().unwrap();
    assert!(
        reached > 100 && reached <= reachable,
        "{reached} of {reachable}"
    );
    let data_less_than = coverage["arms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|arm| arm["id"] == "tokenizer.data.less-than-sign")
        .unwrap();
    assert!(data_less_than["count"].as_u64().unwrap() > 200);
    let summary = fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(summary.contains("## Spec coverage"));
    let html = fs::read_to_string(out.join("index.html")).unwrap();
    assert!(html.contains("<section id=\"spec-coverage\">"));

    // Without the flag nothing is reported.
    let plain = dir.path().join("plain");
    let output = litmus()
        .current_dir(dir.path())
        .args(["run", "--cases", "20", "--seed", "1", "--jobs", "1"])
        .arg("--corpus")
        .arg(&corpus)
        .arg("--out")
        .arg(&plain)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output));
    assert!(!String::from_utf8_lossy(&output.stdout).contains("spec arms"));
    let json = fs::read_to_string(plain.join("findings.json")).unwrap();
    assert!(!json.contains("spec_coverage"));
}

#[cfg(feature = "spec-coverage")]
#[test]
fn conformance_counts_the_arms_of_its_cases() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.dat");
    fs::write(
        &file,
        "#data\n<a><p></a>\n#errors\n(1,3): expected-doctype-but-got-start-tag\n(1,10): adoption-agency-1.3\n#document\n| <html>\n|   <head>\n|   <body>\n|     <a>\n|     <p>\n|       <a>\n",
    )
    .unwrap();
    let output = litmus()
        .args(["conformance", "--quiet", "--spec-coverage"])
        .arg(&file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(stdout.contains("spec arms reached: "), "{}", text(&output));
    assert!(
        !stdout.contains("tree.adoption-agency.step-4-13-inner-loop:"),
        "{stdout}"
    );
    assert!(
        stdout.contains("tree.adoption-agency.step-4-1-outer-loop-limit:"),
        "{stdout}"
    );
    let output = litmus()
        .args(["conformance", "--spec-coverage", "--engine", "html5ever"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
}

/// A counting campaign steers in epochs of 5,000 cases: the epochs' weights follow
/// from the seed whatever the number of jobs, change after the first epoch, and
/// regenerate every finding's case (`litmus case --from`); `--no-steering` keeps the
/// configured weights; the report charts the arms reached against the cases.
#[cfg(feature = "spec-coverage")]
#[test]
fn steering_is_deterministic_and_its_cases_regenerate() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = new_corpus(dir.path());
    let run = |jobs: &str, out: &str, extra: &[&str]| -> serde_json::Value {
        let output = litmus()
            .current_dir(dir.path())
            .args([
                "run",
                "--spec-coverage",
                "--quiet",
                "--cases",
                "11000",
                "--seed",
                "5",
            ])
            .args(["--jobs", jobs])
            .args(extra)
            .arg("--corpus")
            .arg(&corpus)
            .arg("--out")
            .arg(dir.path().join(out))
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", text(&output));
        let json = fs::read_to_string(dir.path().join(out).join("findings.json")).unwrap();
        serde_json::from_str(&json).unwrap()
    };
    let one = run("1", "one", &[]);
    let two = run("2", "two", &[]);
    let steering = &one["generation"]["steering"];
    let epochs = steering["epochs"].as_array().unwrap();
    assert_eq!(epochs.len(), 3, "{steering}");
    assert_ne!(
        epochs[0], epochs[1],
        "the weights change after the first epoch"
    );
    assert_eq!(steering, &two["generation"]["steering"]);
    assert_eq!(
        one["spec_coverage"]["progress"],
        two["spec_coverage"]["progress"]
    );
    assert_eq!(
        one["spec_coverage"]["reached"],
        two["spec_coverage"]["reached"]
    );
    let progress = one["spec_coverage"]["progress"].as_array().unwrap();
    assert_eq!(progress.len(), 4, "one point per epoch and the end");
    assert_eq!(progress[3]["cases"], 11000);
    let html = fs::read_to_string(dir.path().join("one/index.html")).unwrap();
    assert!(html.contains("<svg class=\"coverage-chart\""));

    let mut late = 0;
    for finding in one["findings"].as_array().unwrap() {
        let index = finding["origin"]["case_index"].as_u64().unwrap();
        let output = litmus()
            .current_dir(dir.path())
            .args(["case", "--from", "one/findings.json", &index.to_string()])
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", text(&output));
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            finding["original_input"].as_str().unwrap(),
            "case {index}"
        );
        late += usize::from(index >= 5000);
    }
    assert!(late > 0, "a finding of a steered epoch was regenerated");

    let plain = run("2", "plain", &["--no-steering"]);
    assert!(plain["generation"]["steering"].is_null());
    assert_eq!(
        plain["spec_coverage"]["progress"].as_array().unwrap().len(),
        4
    );
}

/// `litmus corpus check --spec-coverage` replays the committed regression corpus in
/// process and reports what it reached, the encoding family left out.
#[cfg(feature = "spec-coverage")]
#[test]
fn corpus_check_counts_the_arms_of_the_corpus() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let output = litmus()
        .args(["corpus", "check", "--spec-coverage", "--corpus"])
        .arg(&corpus)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let reached: usize = stdout
        .split("spec arms reached: ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no figure: {stdout}"));
    assert!(reached > 200, "{stdout}");
    assert!(
        stdout.contains("encoding sniffing: left out of M"),
        "{stdout}"
    );
    assert!(stdout.contains("tree.adoption-agency."), "{stdout}");
}

/// Without the feature, the three commands refuse `--spec-coverage` with how to build it.
#[cfg(not(feature = "spec-coverage"))]
#[test]
fn unavailable_without_the_feature() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = new_corpus(dir.path());
    let out = dir.path().join("out");
    let run = [
        "run",
        "--spec-coverage",
        "--cases",
        "10",
        "--quiet",
        "--corpus",
        corpus.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    let check = ["corpus", "check", "--spec-coverage"];
    for args in [
        &run[..],
        &["conformance", "--spec-coverage"][..],
        &check[..],
    ] {
        let output = litmus()
            .current_dir(dir.path())
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("--features spec-coverage"),
            "{args:?}: {stderr}"
        );
    }
    assert!(!out.exists(), "a refused run writes no report");
}
