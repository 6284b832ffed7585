//! What the integration tests share: the `litmus` binary, the workspace, a fresh
//! corpus, and a failed command's output as text. Each test file takes what it needs
//! (`mod common;`), so some go unused in each.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The `litmus` binary under test, with nothing on its standard input.
pub fn litmus() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_litmus"));
    command.stdin(Stdio::null());
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
