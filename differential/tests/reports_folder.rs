//! No report overwritten: `litmus report merge` refuses an `--out` that is one of its
//! inputs, and a campaign holds its `--out` against a second one.
//!
//! - [`report_merge_refuses_an_out_that_is_one_of_its_inputs`]: `--out s0`, a symbolic
//!   link to s0, and `s0/../s0` beside `s0/findings.json` are each refused (exit 2)
//!   with s0's files untouched byte for byte; s0 is still a shard afterwards.
//! - [`a_second_campaign_into_the_same_out_is_refused`]: two processes. A long
//!   campaign holds its `--out`; a second `litmus run`, `litmus triage` and `litmus
//!   report merge` into it are refused (exit 2) naming the first's process; the first,
//!   stopped with SIGINT, writes its own reports (its seed, not the second's) and
//!   removes the lock file. A campaign killed with SIGKILL leaves no lock held: the
//!   next campaign into its folder runs.

mod common;

use common::{litmus, text};
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const LOCK_FILE: &str = ".litmus-lock";

/// `litmus ARGS` run in `dir`.
fn litmus_in(dir: &Path, args: &[&str]) -> Output {
    litmus().current_dir(dir).args(args).output().unwrap()
}

/// A shard's reports: `litmus run --cases 40 --seed 5 --shard I/2 --out OUT`.
fn shard(dir: &Path, index: u32, out: &str) {
    let shard = format!("{index}/2");
    let output = litmus_in(
        dir,
        &[
            "run",
            "--cases",
            "40",
            "--seed",
            "5",
            "--jobs",
            "1",
            "--no-mutation",
            "--shard",
            &shard,
            "--out",
            out,
            "-q",
        ],
    );
    assert!(output.status.success(), "{}", text(&output));
}

/// Every file of a folder (not its subfolders) with its bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read(&p).unwrap())
        })
        .collect()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn report_merge_refuses_an_out_that_is_one_of_its_inputs() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    shard(dir, 0, "s0");
    shard(dir, 1, "s1");
    let before = files(&dir.join("s0"));
    assert!(before.contains_key("findings.json"), "{:?}", before.keys());
    std::os::unix::fs::symlink("s0", dir.join("link")).unwrap();
    for (inputs, out) in [
        (["s0", "s1"], "s0"),
        (["s0", "s1"], "link"),
        (["s1", "s0/findings.json"], "s1/../s0"),
        (["link", "s1"], "./s0/"),
    ] {
        let output = litmus_in(
            dir,
            &["report", "merge", inputs[0], inputs[1], "--out", out],
        );
        assert_eq!(
            output.status.code(),
            Some(2),
            "--out {out}: {}",
            text(&output)
        );
        assert!(
            stderr(&output).contains(&format!("--out {out} is the reports folder of")),
            "--out {out}: {}",
            text(&output)
        );
        assert_eq!(files(&dir.join("s0")), before, "--out {out} touched s0");
    }
    // s0 is still shard 0: a merge into a new folder takes it.
    let output = litmus_in(dir, &["report", "merge", "s0", "s1", "--out", "merged"]);
    assert!(output.status.success(), "{}", text(&output));
    assert!(!dir.join("merged").join(LOCK_FILE).exists());
}

/// A campaign that runs until stopped, killed if the test fails first.
struct Campaign(Child);

impl Drop for Campaign {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts a campaign that runs until stopped, and waits until it holds `out`'s lock.
fn long_campaign(dir: &Path, out: &str, seed: &str) -> Campaign {
    let child = Campaign(
        litmus()
            .current_dir(dir)
            .args([
                "run",
                "--cases",
                "100000000",
                "--jobs",
                "1",
                "--no-mutation",
                "-q",
            ])
            .args(["--seed", seed, "--out", out])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let lock = dir.join(out).join(LOCK_FILE);
    let start = Instant::now();
    while !fs::read_to_string(&lock).is_ok_and(|t| t.contains("litmus run")) {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the campaign never locked {}",
            lock.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

fn signal(campaign: &Campaign, name: &str) {
    let status = Command::new("kill")
        .args([name, &campaign.0.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn a_second_campaign_into_the_same_out_is_refused() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    shard(dir, 0, "s0");
    shard(dir, 1, "s1");
    fs::write(dir.join("artifact"), "<b><p></b>").unwrap();
    let mut first = long_campaign(dir, "shared", "11");
    let pid = format!("process {}, litmus run", first.0.id());
    let refusals = [
        litmus_in(
            dir,
            &[
                "run", "--cases", "10", "--seed", "12", "--jobs", "1", "--out", "shared",
            ],
        ),
        litmus_in(
            dir,
            &["triage", "--target", "parse", "artifact", "--out", "shared"],
        ),
        litmus_in(dir, &["report", "merge", "s0", "s1", "--out", "shared"]),
    ];
    for output in &refusals {
        assert_eq!(output.status.code(), Some(2), "{}", text(output));
        let message = stderr(output);
        assert!(
            message.contains("--out shared is in use by another litmus"),
            "{message}"
        );
        assert!(message.contains(&pid), "{message}");
    }
    signal(&first, "-INT");
    let status = first.0.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    let report: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.join("shared/findings.json")).unwrap()).unwrap();
    assert_eq!(
        report["seed"], 11,
        "the first campaign's reports were replaced"
    );
    assert!(report["cases"].as_u64().unwrap() > 0);
    assert!(!dir.join("shared").join(LOCK_FILE).exists());
    assert!(!dir.join("shared/divergences").join(LOCK_FILE).exists());

    // Killed outright, a campaign leaves its lock file but no lock.
    let mut killed = long_campaign(dir, "killed", "13");
    signal(&killed, "-KILL");
    killed.0.wait().unwrap();
    assert!(dir.join("killed").join(LOCK_FILE).exists());
    let output = litmus_in(
        dir,
        &[
            "run", "--cases", "10", "--seed", "14", "--jobs", "1", "--out", "killed", "-q",
        ],
    );
    assert!(output.status.success(), "{}", text(&output));
    assert!(!dir.join("killed").join(LOCK_FILE).exists());
}
