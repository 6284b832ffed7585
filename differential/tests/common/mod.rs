//! What the integration tests share: the `litmus` binary, the workspace, a fresh
//! corpus, and a failed command's output as text. Each test file takes what it needs
//! (`mod common;`), so some go unused in each.
#![allow(dead_code)]

pub mod cli_fixture;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The `litmus` binary under test, with nothing on its standard input and the
/// html5lib-tests data the build found or fetched as `$HTML5LIB_TESTS` (a test that
/// wants none sets it again).
pub fn litmus() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_litmus"));
    command
        .stdin(Stdio::null())
        .env("HTML5LIB_TESTS", litmus_test_data::html5lib_tests());
    command
}

/// The repository's root.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate lives in the workspace")
        .to_path_buf()
}

/// A fresh corpus in `dir/corpus` with the project's known differences.
pub fn new_corpus(dir: &Path) -> PathBuf {
    let corpus = dir.join("corpus");
    fs::create_dir_all(corpus.join("divergences")).unwrap();
    fs::copy(
        workspace_root().join("corpus/known-differences.toml"),
        corpus.join("known-differences.toml"),
    )
    .unwrap();
    corpus
}

/// A command's status, standard output and standard error, for a failure message.
pub fn text(output: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// A short campaign that archives into a fresh corpus: what a level's end-to-end test
/// reads afterwards.
pub struct ShortCampaign {
    /// The campaign's temporary folder, removed when this is dropped.
    pub temp: tempfile::TempDir,
    pub corpus: PathBuf,
    /// The reports folder.
    pub out: PathBuf,
    /// Its findings.json.
    pub report: serde_json::Value,
}

impl ShortCampaign {
    /// Runs `litmus run --cases 1000 --seed 1 --jobs 2 --levels LEVELS`, archiving
    /// into a new corpus, and reads its findings.json; panics if the run fails.
    pub fn run(levels: &str) -> ShortCampaign {
        let temp = tempfile::tempdir().unwrap();
        let corpus = new_corpus(temp.path());
        let out = temp.path().join("reports");
        let output = litmus()
            .args(["run", "--cases", "1000", "--seed", "1", "--jobs", "2"])
            .args(["--quiet", "--levels", levels, "--corpus"])
            .arg(&corpus)
            .arg("--archive")
            .arg(corpus.join("divergences"))
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", text(&output));
        let findings = fs::read_to_string(out.join("findings.json")).unwrap();
        let report = serde_json::from_str(&findings).unwrap();
        ShortCampaign {
            temp,
            corpus,
            out,
            report,
        }
    }

    /// The row of `level` in findings.json's `levels`.
    pub fn level(&self, level: &str) -> &serde_json::Value {
        self.rows("levels", level)
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("no {level} row: {}", self.report["levels"]))
    }

    /// The signatures found at `level`.
    pub fn signatures(&self, level: &str) -> Vec<&serde_json::Value> {
        self.rows("signatures", level)
    }

    /// The first finding (minimized exemplar) at `level`.
    pub fn exemplar(&self, level: &str) -> &serde_json::Value {
        self.rows("findings", level)
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("no {level} exemplar"))
    }

    fn rows(&self, list: &str, level: &str) -> Vec<&serde_json::Value> {
        let rows = self.report[list]
            .as_array()
            .expect("a list in findings.json");
        rows.iter().filter(|row| row["level"] == level).collect()
    }

    /// `litmus corpus check` of the campaign's corpus: asserts that it succeeds with
    /// every archived case still there and unchanged, and returns its output.
    pub fn corpus_check_finds_everything_again(&self) -> String {
        let output = litmus()
            .args(["corpus", "check", "--corpus"])
            .arg(&self.corpus)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(output.status.success(), "{}", text(&output));
        assert!(stdout.contains(" 0 gone, 0 changed"), "{stdout}");
        assert!(
            !stdout.lines().any(|l| l.starts_with("changed ")),
            "{stdout}"
        );
        stdout
    }
}
