//! Rust engines built on litmus-engine-api, run as a user runs them: the template
//! crate (`examples/engines/rust-template`) and html5gum (`examples/engines/html5gum`)
//! are built with cargo, and a short campaign runs through each binary as a `cmd:`
//! engine, in litmus's workers.

mod common;

use common::{litmus, new_corpus, text, workspace_root};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds `bin` of `package` with the profile and target directory of the `litmus`
/// under test, and returns its path (beside `litmus`).
fn build(package: &str, bin: &str) -> PathBuf {
    let litmus_path = Path::new(env!("CARGO_BIN_EXE_litmus"));
    let profile_dir = litmus_path
        .parent()
        .expect("litmus lives in a profile folder");
    let target_dir = profile_dir
        .parent()
        .expect("a profile folder is in target/");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(workspace_root())
        .args([
            "build",
            "--quiet",
            "-p",
            package,
            "--bin",
            bin,
            "--target-dir",
        ])
        .arg(target_dir);
    if profile_dir
        .file_name()
        .is_some_and(|name| name == "release")
    {
        command.arg("--release");
    }
    let output = command.output().expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo build -p {package}: {}",
        text(&output)
    );
    let path = profile_dir.join(bin);
    assert!(path.exists(), "{} was not built", path.display());
    path
}

/// `litmus run --engine cmd:BINARY --cases 200 --seed 1 …` (with `extra` flags) in a
/// fresh folder; returns the campaign's findings.json.
fn campaign(binary: &Path, extra: &[&str]) -> serde_json::Value {
    let temp = tempfile::tempdir().unwrap();
    let corpus = new_corpus(temp.path());
    let out = temp.path().join("report");
    let engine = format!("cmd:{}", binary.display());
    let output = litmus()
        .current_dir(temp.path())
        .args(["run", "--engine", &engine, "--cases", "200", "--seed", "1"])
        .args(["--jobs", "1", "--quiet", "--corpus"])
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .args(extra)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output));
    let findings = std::fs::read_to_string(out.join("findings.json")).unwrap();
    serde_json::from_str(&findings).unwrap()
}

fn agreement(findings: &serde_json::Value, level: &str) -> f64 {
    findings["levels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["level"] == level)
        .and_then(|l| l["agreement"].as_f64())
        .unwrap_or_else(|| panic!("no level {level}: {findings}"))
}

#[test]
fn the_template_engine_runs_a_campaign() {
    let binary = build("litmus-engine-template", "rust-template");
    let findings = campaign(&binary, &[]);
    // The name is the binary's, the version what the engine's hello says.
    assert_eq!(findings["other"]["name"], "rust-template", "{findings}");
    let version = format!(
        "rust-template {0} (litmus-parser {0})",
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(findings["other"]["version"], version.as_str());
    assert_eq!(findings["cases"], 200);
    assert_eq!(findings["interrupted"], false);
    // The template's placeholder parser is the reference parser: it agrees everywhere.
    for level in ["tree", "fragment", "serialization"] {
        assert_eq!(agreement(&findings, level), 1.0, "{level}: {findings}");
    }
}

#[test]
fn html5gum_runs_a_campaign_with_only_known_classes() {
    let binary = build("litmus-engine-html5gum", "html5gum");
    let findings = campaign(&binary, &["--fail-on-new"]);
    assert_eq!(findings["other"]["name"], "html5gum", "{findings}");
    let version = findings["other"]["version"].as_str().unwrap();
    assert!(
        version.starts_with("html5gum 0.9.0 (tree-builder: html5ever 0.29"),
        "{version}"
    );
    assert_eq!(findings["cases"], 200);
    let tree = agreement(&findings, "tree");
    assert!(tree > 0.5 && tree < 1.0, "tree agreement {tree}");
}

/// A panic in an engine behind litmus-engine-api's `serve` (here `litmus serve`, which
/// is built on it) is a panic finding with its message and location, as it is for a
/// built-in engine in a worker, and the engine answers on.
#[test]
fn a_served_engine_s_panic_is_a_panic_finding_with_its_location() {
    let engine = format!(
        "cmd:'{}' serve --engine chaos",
        env!("CARGO_BIN_EXE_litmus")
    );
    let mut child = litmus()
        .args(["diff", "--engine", &engine, "--engine-name", "served", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        child.stdin.take().unwrap().write_all(b"PANIC").unwrap();
    }
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let expected = "crash | served: panic at engines/src/engine/chaos.rs:";
    assert!(
        stdout.contains(expected) && stdout.contains("chaos: PANIC marker"),
        "{}",
        text(&output)
    );
}
