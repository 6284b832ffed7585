//! Every output capped, and every cap named to the user: issue 31's rows that had no
//! test of the `litmus` binary. Each runs the binary as a user would and checks what
//! they see: the exit status (never a signal), the message naming the cap, and that
//! the command goes on where it should. (The JSON flood, bench `--max-kib` and
//! `run --max-bytes 5` rows are in limits.rs.)

mod common;

use common::{litmus, text};
use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::process::Output;

/// 100,000 nested `<div>`s: 500 KB of input whose tree dump is 10 GB (its indentation
/// grows with the square of the depth). At 52a1373 `litmus serve` aborted on it
/// (an 8 GiB allocation, SIGABRT) and `litmus diff` reported the reference's worker
/// crashing.
fn deep_divs() -> String {
    "<div>".repeat(100_000)
}

/// A request of the persistent protocol: a 4-byte big-endian length, then the JSON.
fn frame(json: &serde_json::Value) -> Vec<u8> {
    let body = serde_json::to_vec(json).unwrap();
    let mut framed = (body.len() as u32).to_be_bytes().to_vec();
    framed.extend(body);
    framed
}

/// The frames of `litmus serve`'s output.
fn frames(mut bytes: &[u8]) -> Vec<serde_json::Value> {
    let mut frames = Vec::new();
    while !bytes.is_empty() {
        assert!(bytes.len() >= 4, "a cut length: {bytes:?}");
        let len = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) as usize;
        assert!(bytes.len() >= 4 + len, "a cut frame of {len} bytes");
        frames.push(serde_json::from_slice(&bytes[4..4 + len]).unwrap());
        bytes = &bytes[4 + len..];
    }
    frames
}

/// Exit status `code`, not a signal, or the output in the failure.
fn assert_exit(output: &Output, code: i32) {
    assert_eq!(output.status.signal(), None, "{}", text(output));
    assert_eq!(output.status.code(), Some(code), "{}", text(output));
}

/// `litmus serve` answers a request whose dump would be past the output limit with an
/// `error` reply naming the cap, answers the next request, and exits 0 at the end of
/// its input. At 52a1373: SIGABRT on the first request; before the fix on this branch,
/// exit 1 with no reply to either.
#[test]
fn serve_answers_an_oversized_tree_with_an_error_naming_the_cap_and_goes_on() {
    let temp = tempfile::tempdir().unwrap();
    let requests = temp.path().join("requests");
    let mut bytes = frame(&serde_json::json!({
        "id": 1, "input": deep_divs(), "fragment": null, "scripting": true,
    }));
    bytes.extend(frame(&serde_json::json!({
        "id": 2, "input": "<p>Hello", "fragment": null, "scripting": true,
    })));
    fs::write(&requests, bytes).unwrap();

    let output = litmus()
        .arg("serve")
        .stdin(fs::File::open(&requests).unwrap())
        .output()
        .unwrap();
    assert_exit(&output, 0);
    assert!(
        output.stdout.len() < 4096,
        "{} bytes of output",
        output.stdout.len()
    );
    let frames = frames(&output.stdout);
    assert_eq!(frames.len(), 3, "a hello and two replies: {frames:?}");
    let oversized = &frames[1];
    assert_eq!(oversized["id"], 1);
    assert!(oversized.get("tree").is_none(), "{oversized}");
    let error = oversized["error"].as_str().unwrap_or_default();
    assert!(
        error.starts_with("oversized: a tree of 10001100031 bytes")
            && error.ends_with("over the limit of 16 MiB"),
        "{oversized}"
    );
    let next = &frames[2];
    assert_eq!(next["id"], 2);
    assert!(
        next["tree"]
            .as_str()
            .is_some_and(|t| t.contains("|     <p>\n|       \"Hello\"")),
        "{next}"
    );
}

/// `litmus diff` on the same input reports the reference's dump as oversized, naming
/// the cap, and exits 1 (differences found) instead of a crash of the reference.
/// Against itself (`--engine litmus`): html5ever takes past its time limit on this
/// input, at every level, which would make the test take minutes.
#[test]
fn diff_reports_an_oversized_tree_of_the_reference_not_a_crash() {
    let temp = tempfile::tempdir().unwrap();
    let input = temp.path().join("deep.html");
    fs::write(&input, deep_divs()).unwrap();
    let output = litmus()
        .current_dir(temp.path())
        .args(["diff", "--engine", "litmus"])
        .arg(&input)
        .output()
        .unwrap();
    assert_exit(&output, 1);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("== oversized | litmus: tree"),
        "{}",
        text(&output)
    );
    assert!(
        stdout.contains("a tree of 10001100031 bytes, over the limit of 16 MiB"),
        "{}",
        text(&output)
    );
    for crash in ["crash", "SIGABRT"] {
        assert!(!stdout.contains(crash), "{}", text(&output));
    }
    // Each finding keeps the dump's first 64 KiB, not the 10 GB.
    assert!(stdout.len() < 16 << 20, "{} bytes of output", stdout.len());
}

/// `bench --min-runs N` makes N runs of each engine on each workload, past the usual
/// most (200), and says how many it made; out of its range (1 to 100000, as its help
/// says) it is refused with the range, exit 2. At 52a1373 the header said "at least
/// 100000 runs each" and 200 were made.
#[test]
fn bench_makes_the_runs_min_runs_asks_for_and_refuses_a_value_out_of_range() {
    let output = litmus()
        .args(["bench", "--only", "fuzz", "--cases", "10", "--no-memory"])
        .args(["--min-runs", "1000", "--target", "1ms"])
        .output()
        .unwrap();
    assert_exit(&output, 0);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("at least 1000 runs each"),
        "{}",
        text(&output)
    );
    let made = stdout
        .lines()
        .find_map(|line| line.strip_prefix("Runs made: "))
        .unwrap_or_else(|| panic!("no runs made stated: {}", text(&output)));
    let fewest: usize = made.split(' ').next().unwrap().parse().unwrap();
    assert!(fewest >= 1000, "{made}");

    let help = litmus().args(["help", "bench"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout).replace(char::is_whitespace, "");
    assert!(
        help.contains("runsperengineandworkload(1to100000;"),
        "{help}"
    );
    for value in ["0", "100001"] {
        let output = litmus()
            .args(["bench", "--only", "fuzz", "--min-runs", value])
            .output()
            .unwrap();
        assert_exit(&output, 2);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!("{value} is not in 1..=100000")),
            "{}",
            text(&output)
        );
    }
}

/// `run --max-bytes`: the help's range (1 to 16 MiB) is the range accepted. Its
/// smallest value runs a campaign (at 52a1373, below 20 was refused although the help
/// said 1); 0 and 16 MiB + 1 are refused with the same range, exit 2.
#[test]
fn run_max_bytes_accepts_the_range_its_help_states() {
    let help = litmus().args(["help", "run"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout).replace(char::is_whitespace, "");
    assert!(help.contains("inbytes(1to16MiB;"), "{help}");

    let temp = tempfile::tempdir().unwrap();
    let output = litmus()
        .current_dir(temp.path())
        .args(["run", "--cases", "20", "--seed", "1", "--jobs", "1"])
        .args(["--no-mutation", "--max-bytes", "1", "--out", "one", "-q"])
        .output()
        .unwrap();
    assert_exit(&output, 0);
    let report: serde_json::Value =
        serde_json::from_slice(&fs::read(temp.path().join("one/findings.json")).unwrap()).unwrap();
    assert_eq!(report["cases"], 20);

    for value in ["0", "16777217"] {
        let output = litmus()
            .current_dir(temp.path())
            .args(["run", "--cases", "1", "--max-bytes", value, "--out", "no"])
            .output()
            .unwrap();
        assert_exit(&output, 2);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("from 1 to 16777216 (16 MiB)"),
            "{}",
            text(&output)
        );
        assert!(!temp.path().join("no").exists(), "nothing made for {value}");
    }
}
