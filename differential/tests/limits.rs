//! Bounded everything: no input, flag or engine reply exhausts the machine.
//!
//! One test per attack of the attacks table of docs/limits.md (the numeric-flag, zero
//! timeout and `--jobs` rows are rows of `run_good_and_bad` in cli.rs). Each drives
//! the real `litmus` binary and measures what it must not exceed: its exit status, its
//! time, its peak resident memory (with its workers, from `wait4`), the size of what
//! it wrote, and the processes it left.

mod common;

use common::{litmus, new_corpus};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How a child ended: its status, its peak resident set (its own or its waited-for
/// descendants', whichever is larger) and how long it ran.
struct Ended {
    code: Option<i32>,
    max_rss_bytes: u64,
    elapsed: Duration,
    stderr: String,
}

/// Waits for `child` with `wait4`, so that its peak memory comes back with it; kills
/// it past `limit` (and fails).
fn wait_measured(mut child: Child, started: Instant, limit: Duration) -> Ended {
    let pid = child.id() as libc::pid_t;
    let mut stderr = child.stderr.take();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        if let Some(stderr) = stderr.as_mut() {
            let _ = std::io::Read::read_to_string(stderr, &mut text);
        }
        text
    });
    loop {
        let mut status = 0;
        // SAFETY: rusage is plain data that wait4 fills; status is an int it writes.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let done = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if done == pid {
            let code = if libc::WIFEXITED(status) {
                Some(libc::WEXITSTATUS(status))
            } else {
                None
            };
            return Ended {
                code,
                max_rss_bytes: usage.ru_maxrss as u64 * 1024,
                elapsed: started.elapsed(),
                stderr: reader.join().unwrap(),
            };
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn run_measured(command: &mut Command, limit: Duration) -> Ended {
    let started = Instant::now();
    let child = command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_measured(child, started, limit)
}

const MIB: u64 = 1 << 20;

/// The processes alive now whose command line holds `marker`.
fn processes_holding(marker: &str) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(cmdline) = fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        // A zombie has an empty command line: it is dead.
        if String::from_utf8_lossy(&cmdline).contains(marker) {
            found.push(pid);
        }
    }
    found
}

fn wait_until_none_hold(marker: &str, limit: Duration) -> Vec<u32> {
    let started = Instant::now();
    loop {
        let left = processes_holding(marker);
        if left.is_empty() || started.elapsed() > limit {
            return left;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

// --- Readers ---------------------------------------------------------------------

#[test]
fn a_file_or_stdin_that_never_ends_is_refused_at_the_limit() {
    // From the device.
    let ended = run_measured(
        litmus().args(["parse", "/dev/zero"]),
        Duration::from_secs(60),
    );
    assert_eq!(ended.code, Some(2), "{}", ended.stderr);
    assert!(ended.stderr.contains("256 MiB"), "{}", ended.stderr);
    assert!(
        ended.max_rss_bytes < 600 * MIB,
        "{} MiB resident",
        ended.max_rss_bytes / MIB
    );
    // From standard input.
    let ended = run_measured(
        litmus()
            .args(["parse", "-"])
            .stdin(fs::File::open("/dev/zero").unwrap()),
        Duration::from_secs(60),
    );
    assert_eq!(ended.code, Some(2), "{}", ended.stderr);
    assert!(ended.stderr.contains("256 MiB"), "{}", ended.stderr);
    assert!(
        ended.max_rss_bytes < 600 * MIB,
        "{} MiB resident",
        ended.max_rss_bytes / MIB
    );
}

// --- The tree dump and the parser's memory ---------------------------------------

#[test]
fn deep_trees_are_refused_as_dumps_and_print_as_html() {
    let temp = tempfile::tempdir().unwrap();
    for (open, close) in [
        ("<b>", ""),
        ("<div>", ""),
        ("<svg>", ""),
        ("<math>", ""),
        ("<template>", ""),
    ] {
        let path = temp.path().join("deep.html");
        let mut input = open.repeat(1_000_000);
        input.push_str(close);
        fs::write(&path, input).unwrap();
        // The dump would be quadratic in depth: refused, with the hint, at once.
        let ended = run_measured(litmus().arg("parse").arg(&path), Duration::from_secs(60));
        assert_eq!(ended.code, Some(2), "{open}: {}", ended.stderr);
        assert!(
            ended.stderr.contains("--output html"),
            "{open}: {}",
            ended.stderr
        );
        assert!(
            ended.max_rss_bytes < 1024 * MIB,
            "{open}: {} MiB resident",
            ended.max_rss_bytes / MIB
        );
        // The serialization is linear: it prints.
        let ended = run_measured(
            litmus().args(["parse", "--output", "html"]).arg(&path),
            Duration::from_secs(60),
        );
        assert_eq!(ended.code, Some(0), "{open}: {}", ended.stderr);
    }
}

#[test]
fn a_flood_of_nul_bytes_takes_memory_in_proportion() {
    // Every NUL is a parse error: they are kept up to a limit and counted beyond it.
    const BYTES: u64 = 64 * MIB;
    let temp = tempfile::tempdir().unwrap();
    let path = temp.path().join("nul.html");
    let file = fs::File::create(&path).unwrap();
    file.set_len(BYTES).unwrap();
    for output in ["tree", "errors"] {
        let ended = run_measured(
            litmus().args(["parse", "--output", output]).arg(&path),
            Duration::from_secs(120),
        );
        assert_eq!(ended.code, Some(0), "{output}: {}", ended.stderr);
        // Measured: about 3 bytes per input byte (the input, its decoded text and
        // the U+FFFD text node). Before the limit, 48 bytes per error.
        assert!(
            ended.max_rss_bytes < 6 * BYTES,
            "{output}: {} MiB resident for {} MiB of NULs",
            ended.max_rss_bytes / MIB,
            BYTES / MIB
        );
    }
}

// --- Engines ---------------------------------------------------------------------

/// A protocol-1 engine in Python that answers the warm-up (an empty document) with a
/// small tree, and every other request with `ACTION`.
fn python_engine(dir: &Path, name: &str, action: &str) -> String {
    let script = format!(
        r#"import json, os, struct, subprocess, sys, time
stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
def read():
    header = stdin.read(4)
    if len(header) < 4:
        sys.exit(0)
    return json.loads(stdin.read(struct.unpack(">I", header)[0]))
def reply(message):
    body = json.dumps(message).encode()
    stdout.write(struct.pack(">I", len(body)) + body)
    stdout.flush()
while True:
    request = read()
    if request["input"] == "":
        reply({{"id": request["id"], "tree": "| <html>\n|   <head>\n|   <body>\n", "html": None}})
        continue
{action}
"#
    );
    let path = dir.join(name);
    fs::write(&path, script).unwrap();
    format!("cmd:python3 {}", path.display())
}

#[test]
fn an_engine_that_leaves_a_setsid_grandchild_holding_stdout_is_killed_in_time() {
    let temp = tempfile::tempdir().unwrap();
    let marker = format!("3600.{}", std::process::id());
    let engine = python_engine(
        temp.path(),
        "setsid_engine.py",
        &format!("    subprocess.Popen(['setsid', 'sleep', '{marker}'])\n    time.sleep(3600)"),
    );
    fs::write(temp.path().join("case.html"), "<p>x").unwrap();
    let corpus = new_corpus(temp.path());
    let ended = run_measured(
        litmus()
            .args(["diff", "--fragment", "body", "--scripting", "on"])
            .args(["--timeout", "1s", "--engine", &engine, "--corpus"])
            .arg(&corpus)
            .arg(temp.path().join("case.html")),
        Duration::from_secs(60),
    );
    // A timeout finding, within the time limit and the engine's restart.
    assert!(ended.code.is_some(), "{}", ended.stderr);
    assert!(
        ended.elapsed < Duration::from_secs(20),
        "took {:?}",
        ended.elapsed
    );
    let left = wait_until_none_hold(&marker, Duration::from_secs(5));
    assert!(left.is_empty(), "grandchildren left running: {left:?}");
}

#[test]
fn an_engine_reply_past_the_output_limit_is_an_oversized_finding_stored_cut() {
    const REPLY_BYTES: usize = 64 << 20;
    let temp = tempfile::tempdir().unwrap();
    let engine = python_engine(
        temp.path(),
        "huge_engine.py",
        &format!(
            "    text = 'a' * {REPLY_BYTES}\n    reply({{\"id\": request[\"id\"], \"tree\": '| <html>\\n|   <head>\\n|   <body>\\n|     \"' + text + '\"\\n', \"html\": None}})"
        ),
    );
    fs::write(temp.path().join("case.html"), "<p>x</p>").unwrap();
    let corpus = new_corpus(temp.path());
    let mut minimize = litmus();
    minimize
        .args(["minimize", "--fragment", "body", "--scripting", "on"])
        .args(["--engine", &engine, "--engine-name", "huge", "--archive"])
        .arg("--corpus")
        .arg(&corpus)
        .arg(temp.path().join("case.html"));
    let ended = run_measured(&mut minimize, Duration::from_secs(120));
    assert_eq!(ended.code, Some(0), "{}", ended.stderr);
    assert!(
        ended.max_rss_bytes < 512 * MIB,
        "{} MiB resident for a {} MiB reply",
        ended.max_rss_bytes / MIB,
        REPLY_BYTES >> 20
    );
    let archived: Vec<PathBuf> = fs::read_dir(corpus.join("divergences"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "dat"))
        .collect();
    assert_eq!(archived.len(), 1, "{archived:?}");
    let text = fs::read_to_string(&archived[0]).unwrap();
    assert!(
        text.contains("oversized | huge: reply"),
        "{}",
        &text[..2000.min(text.len())]
    );
    assert!(
        text.len() < MIB as usize,
        "an archived file of {} bytes",
        text.len()
    );
    // Its real size (the reply's frame: the tree and the JSON around it) is recorded.
    let recorded = text
        .split("a reply of ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|bytes| bytes.parse::<usize>().ok());
    assert!(
        recorded.is_some_and(|bytes| bytes > REPLY_BYTES && bytes < REPLY_BYTES + 200)
            && text.contains("over the limit of 16 MiB"),
        "the real size is not recorded:\n{}",
        &text[..2000.min(text.len())]
    );
}

// --- The runner --------------------------------------------------------------------

#[test]
fn a_killed_runner_takes_its_workers_and_engines_and_its_temporaries_go_next_run() {
    let temp = tempfile::tempdir().unwrap();
    let marker = format!("litmus-limits-engine-{}", std::process::id());
    // A persistent engine that answers every request with html5ever's idea of
    // nothing much: the campaign's findings do not matter, its processes do.
    let engine = python_engine(
        temp.path(),
        &format!("{marker}.py"),
        "    reply({\"id\": request[\"id\"], \"tree\": \"| <html>\\n|   <head>\\n|   <body>\\n\", \"html\": None})",
    );
    let corpus = new_corpus(temp.path());
    let out = temp.path().join("out");
    let archive = out.join("divergences");
    fs::create_dir_all(&archive).unwrap();
    let mut runner = litmus()
        .args([
            "run", "--time", "5m", "--seed", "1", "--jobs", "2", "--quiet",
        ])
        .args(["--engine", &engine, "--corpus"])
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait for the engines to run.
    let started = Instant::now();
    while processes_holding(&marker).len() < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the engines never started"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_millis(500));
    let runner_pid = runner.id();
    let workers: Vec<u32> = fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            fs::read_to_string(format!("/proc/{pid}/stat"))
                .ok()
                .and_then(|stat| {
                    let after = stat.rsplit_once(')')?.1.to_owned();
                    after.split_whitespace().nth(1)?.parse::<u32>().ok()
                })
                == Some(runner_pid)
        })
        .collect();
    assert!(!workers.is_empty(), "no workers under the runner");
    // A temporary as a write cut by the kill leaves it, under a pid that is gone.
    let stale = archive.join(".litmus-4194304-cut.tmp");
    fs::File::create(&stale)
        .unwrap()
        .write_all(b"#data\n<p")
        .unwrap();
    runner.kill().unwrap();
    runner.wait().unwrap();
    let left = wait_until_none_hold(&marker, Duration::from_secs(5));
    assert!(left.is_empty(), "engines left running: {left:?}");
    for worker in workers {
        let alive = fs::read_to_string(format!("/proc/{worker}/stat"))
            .map(|stat| !stat.contains(") Z "))
            .unwrap_or(false);
        assert!(!alive, "worker {worker} left running");
    }
    // The next run on that archive removes the temporary.
    let output = litmus()
        .args([
            "run", "--cases", "10", "--seed", "1", "--jobs", "1", "--quiet",
        ])
        .arg("--corpus")
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert!(!stale.exists(), "the stale temporary is still there");
}

#[test]
fn an_unwritable_out_is_refused_before_the_campaign() {
    let temp = tempfile::tempdir().unwrap();
    let corpus = new_corpus(temp.path());
    // /proc takes no new folders, whoever runs the test (root included).
    let ended = run_measured(
        litmus()
            .args(["run", "--cases", "1000000", "--out", "/proc/litmus-out"])
            .arg("--corpus")
            .arg(&corpus),
        Duration::from_secs(60),
    );
    assert_eq!(ended.code, Some(2), "{}", ended.stderr);
    assert!(
        ended.stderr.contains("--out /proc/litmus-out"),
        "{}",
        ended.stderr
    );
    assert!(
        ended.elapsed < Duration::from_secs(10),
        "refused only after {:?}",
        ended.elapsed
    );
}

// --- Known differences -------------------------------------------------------------

#[test]
fn a_long_glob_matches_in_linear_time() {
    // 30,000 `*a` pairs against a text of 60,000 `a`s and one `b`: a backtracking
    // matcher takes time quadratic in the two (6.4 s at 49023ab), a linear one
    // milliseconds.
    let pattern = "*a".repeat(30_000) + "c";
    let text = "a".repeat(60_000) + "b";
    let started = Instant::now();
    assert!(!litmus_differential::known::glob_matches(&pattern, &text));
    assert!(litmus_differential::known::glob_matches(
        &pattern[..pattern.len() - 1],
        &text[..text.len() - 1]
    ));
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
}

/// An external engine runs under its memory limit (4 GiB of address space unless
/// `--engine-memory-limit` says otherwise): an allocation past it is a crash finding
/// that names the limit, persistent or one-shot, not an answer. Before, the program
/// ran under no limit of litmus's and its 5 GiB allocation succeeded.
#[test]
fn an_external_engine_allocating_past_its_memory_limit_is_a_finding() {
    let temp = tempfile::tempdir().unwrap();
    let engine = temp.path().join("eat.py");
    // On "EATn" allocates n MiB, then answers the standard's tree of the document.
    fs::write(
        &engine,
        format!(
            "import sys\nsys.path.insert(0, {:?})\nimport litmus_protocol\n\n\
             def run(request):\n    text = request['input']\n    if text.startswith('EAT'):\n        \
             hold = bytearray(int(text[3:]) << 20)\n    \
             return '| <html>\\n|   <head>\\n|   <body>\\n|     \"%s\"\\n' % text, None\n\n\
             litmus_protocol.main('eat', '1', run)\n",
            common::workspace_root()
                .join("examples/engines")
                .display()
                .to_string()
        ),
    )
    .unwrap();
    let input = |mib: u64| {
        let path = temp.path().join(format!("eat-{mib}.html"));
        fs::write(&path, format!("EAT{mib}")).unwrap();
        path
    };
    let engine_flag = format!("cmd:python3 {}", engine.display());
    let diff = |path: &Path, extra: &[&str]| {
        let output = litmus()
            .args(["diff", "--engine", &engine_flag, "--scripting", "on"])
            .args(extra)
            .arg(path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        (output.status.code(), stdout, common::text(&output))
    };
    for (extra, mib, limit) in [
        (&[][..], 5 << 10, "4 GiB"),
        (&["--engine-mode", "oneshot"][..], 5 << 10, "4 GiB"),
        (&["--engine-memory-limit", "256MiB"][..], 512, "256 MiB"),
    ] {
        let (code, stdout, all) = diff(&input(mib), extra);
        assert_eq!(code, Some(1), "{extra:?}: {all}");
        assert!(
            stdout.contains(
                "crash | eat: exit 1: MemoryError (out of memory under the engine's address-space limit of N"
            ),
            "{extra:?}: {all}"
        );
        assert!(
            stdout.contains(&format!("address-space limit of {limit})")),
            "{extra:?}: {all}"
        );
    }
    // Within its limit the same engine answers (and agrees).
    let (code, _, all) = diff(&input(64), &["--engine-memory-limit", "256MiB"]);
    assert_eq!(code, Some(0), "{all}");
}

/// Issue 31's unbounded commands, each bounded now (each failed at 52a1373):
/// `parse --output json` on a control-character flood is refused before a byte is
/// written (it wrote 409 bytes per input byte and exited 0); `bench --max-kib` past
/// the largest size whose deepest family fits is refused (262144 aborted on a 1 GiB
/// allocation); `run --max-bytes` below 20, which the help allows, runs (it was
/// refused).
#[test]
fn the_json_output_bench_sizes_and_small_cases_are_bounded_as_documented() {
    let temp = tempfile::tempdir().unwrap();
    let flood = temp.path().join("flood.html");
    let mut input = b"<p>".to_vec();
    input.resize(3 + (14 << 20), 0x01);
    fs::write(&flood, input).unwrap();
    let out = temp.path().join("flood.json");
    let ended = run_measured(
        litmus()
            .args(["parse", "--output", "json"])
            .arg(&flood)
            .stdout(fs::File::create(&out).unwrap()),
        Duration::from_secs(120),
    );
    assert_eq!(ended.code, Some(2), "{}", ended.stderr);
    assert!(
        ended.stderr.contains("over the limit of 256 MiB"),
        "{}",
        ended.stderr
    );
    assert_eq!(fs::metadata(&out).unwrap().len(), 0, "nothing is written");
    assert!(
        ended.max_rss_bytes < 1024 * MIB,
        "{} MiB resident",
        ended.max_rss_bytes / MIB
    );

    let output = litmus()
        .args(["bench", "--only", "adversarial", "--families", "deep-divs"])
        .args(["--max-kib", "262144", "--sizes", "1"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", common::text(&output));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("1..=65536"),
        "{}",
        common::text(&output)
    );

    let output = litmus()
        .current_dir(temp.path())
        .args([
            "run",
            "--cases",
            "30",
            "--seed",
            "1",
            "--jobs",
            "1",
            "--no-mutation",
        ])
        .args(["--max-bytes", "5", "--out", "small", "-q"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", common::text(&output));
    let report: serde_json::Value =
        serde_json::from_slice(&fs::read(temp.path().join("small/findings.json")).unwrap())
            .unwrap();
    assert_eq!(report["cases"], 30);
}
