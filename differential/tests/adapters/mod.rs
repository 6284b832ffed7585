//! What the adapter tests (external_engines.rs, more_engines.rs) share: the `litmus`
//! binary run in the repository with input on stdin, and failures that show its
//! output. Each test file takes what it needs (`mod adapters;`).
#![allow(dead_code)]

use libtest_mimic::Failed;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The path of the `litmus` binary under test.
pub fn litmus() -> &'static str {
    env!("CARGO_BIN_EXE_litmus")
}

/// The repository's root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// The adapters' folder, examples/engines.
pub fn engines() -> PathBuf {
    repo().join("examples/engines")
}

/// Runs litmus with `args` in the repository's root and `input` on stdin (with
/// `LITMUS` naming the binary, for adapters that run it).
pub fn run_litmus(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(litmus())
        .args(args)
        .current_dir(repo())
        .env("LITMUS", litmus())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("litmus starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("input written");
    drop(stdin);
    child.wait_with_output().expect("litmus ends")
}

/// A command's exit code, standard output and standard error.
pub fn text(output: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout\n{}\n--- stderr\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// `Ok` if `condition` holds, else a failure saying `what` with the output.
pub fn check(condition: bool, what: &str, output: &Output) -> Result<(), Failed> {
    if condition {
        Ok(())
    } else {
        Err(format!("{what}\n{}", text(output)).into())
    }
}

/// A command's standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}
