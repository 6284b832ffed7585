//! Chaos: a campaign never loses a finding, and never leaves the corpus broken.
//!
//! Each test drives the real `litmus` binary (real engines, a temporary corpus and
//! reports folder) and then inspects what is on disk:
//!
//! - [`kill_nine_at_random_moments_loses_nothing`]: 24 campaigns, each killed with
//!   SIGKILL at a moment drawn from a fixed seed (alternately the runner alone and its
//!   whole process group, workers included), all archiving into one corpus. After
//!   every kill: every `.dat` file parses (no torn file), temporary files are not
//!   counted as findings, every finding the campaign printed (`NEW: … -> PATH`,
//!   `known (CLASS): … -> PATH`) is on disk with its signature — those of earlier
//!   campaigns too — and `litmus corpus check` passes. The corpus has no classes, so
//!   that every signature is a new finding, archived and printed as soon as its triage
//!   ends (a known class's exemplars are chosen when the cases are done). A last
//!   campaign is stopped with SIGINT and must finish cleanly: summary, reports,
//!   `interrupted: true`, exit 130.
//! - [`a_full_disk_is_a_clear_error_and_corrupts_nothing`]: the corpus on a 1 MiB
//!   tmpfs (mounted in a private mount namespace with `unshare`, so nothing outlives
//!   the test) filled up to its last 64 KiB. The campaign stops with exit status 1
//!   and a message naming the full disk; the findings it archived before are whole,
//!   the corpus's earlier findings are untouched, and `litmus corpus check` passes on
//!   the full disk. Where no tmpfs can be mounted (no user namespaces, not root) the
//!   test fails, unless `LITMUS_ALLOW_NO_TMPFS=1` lets it say so and skip.
//! - [`a_misbehaving_engine_becomes_findings`]: the `chaos` engine, fed inputs with its
//!   markers through the mutation corpus (`HTML5LIB_TESTS` pointed at a folder of
//!   marker inputs). A campaign whose engine panics, aborts, overflows its stack and
//!   hangs finishes with exit status 0 and records each as a crash or timeout finding
//!   minimized to the marker (with a 2 s time limit: overflowing a 256 MiB stack on a
//!   loaded machine can take longer than half a second). A campaign whose engine runs
//!   out of memory (under a 640 MiB address-space limit set with `ulimit -v`) does
//!   too. `litmus diff` and `litmus minimize --archive` report and archive such
//!   inputs, and `corpus check` replays them all.
//! - [`a_known_hang_whose_exemplar_is_archived_is_not_minimized_again`]: with a class
//!   of the chaos engine's hang and an exemplar of it in the corpus, a campaign's hang
//!   is reported under that class as it was found (no minimization step), and
//!   archived.
//!
//! - [`a_worker_killed_mid_batch_loses_no_case_and_counts_none_twice`]: the `chaos`
//!   engine aborts on the few cases whose inputs the generator mutated from a marker
//!   input, found in advance by generating the case stream; one sits far into the
//!   campaign, where batches are large. The case worker dies in the middle of its
//!   batch; the report counts every case exactly once (the tree and fragment
//!   comparisons add up to the number of cases) and counts the crash exactly once
//!   per marked case.
//!
//! `LITMUS_CHAOS_KILLS=N` changes the number of kills (default 24).

mod common;

use common::{litmus, new_corpus};
use litmus_differential::archive::Archive;
use litmus_differential::report::text::visible_one_line;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

// --- Helpers -------------------------------------------------------------------------

/// The html5lib tree-construction inputs the generator mutates, when they are there.
fn html5lib_tests() -> PathBuf {
    litmus_test_data::html5lib_tests()
}

/// A small deterministic generator (SplitMix64): the kill moments replay exactly.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A finding a campaign printed as archived.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Reported {
    signature: String,
    path: PathBuf,
}

/// The findings printed as archived: whole lines `NEW: SIGNATURE [A -> B bytes] ->
/// PATH` or `known (CLASS): SIGNATURE [A -> B bytes] -> PATH`. A line cut by the kill
/// (no newline yet) promised nothing.
fn reported_findings(stdout: &str) -> Vec<Reported> {
    let mut found = Vec::new();
    for line in stdout.split_inclusive('\n') {
        let Some(line) = line.strip_suffix('\n') else {
            continue;
        };
        let rest = match line.strip_prefix("NEW: ") {
            Some(rest) => rest,
            None => match line
                .strip_prefix("known (")
                .and_then(|r| r.split_once("): "))
            {
                Some((_, rest)) => rest,
                None => continue,
            },
        };
        let Some((left, path)) = rest.rsplit_once("] -> ") else {
            // Printed without a path: it could not be archived (a full disk).
            continue;
        };
        let Some((signature, _sizes)) = left.rsplit_once(" [") else {
            continue;
        };
        found.push(Reported {
            signature: signature.to_owned(),
            path: PathBuf::from(path),
        });
    }
    found
}

/// What the corpus holds: the `.dat` findings (each parsed) and other files.
struct CorpusState {
    findings: BTreeMap<PathBuf, String>,
    temporary_files: Vec<PathBuf>,
}

/// Reads every file of `corpus/divergences`; a `.dat` that does not parse (torn) fails.
fn corpus_state(corpus: &Path) -> CorpusState {
    let dir = corpus.join("divergences");
    let mut state = CorpusState {
        findings: BTreeMap::new(),
        temporary_files: Vec::new(),
    };
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "dat") {
            let finding = Archive::read(&path)
                .unwrap_or_else(|e| panic!("a torn or malformed archive file: {e}"));
            state.findings.insert(path, finding.signature.to_string());
        } else {
            state.temporary_files.push(path);
        }
    }
    state
}

/// Runs `litmus corpus check` on the corpus and asserts it passes and counts exactly
/// the `.dat` files.
fn assert_corpus_check_passes(corpus: &Path, engine: &str, expected: usize) {
    let output = litmus()
        .args(["corpus", "check", "--corpus"])
        .arg(corpus)
        .args(["--engine", engine, "--timeout", "2s"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "corpus check failed ({:?}):\n{stdout}\n{stderr}",
        output.status
    );
    let expected_line =
        format!("corpus check: {expected} findings, 0 reference trees changed, 0 malformed");
    assert!(
        stdout.contains(&expected_line),
        "expected {expected_line:?} in:\n{stdout}"
    );
}

/// Every reported finding is on disk, whole, with its signature.
fn assert_reported_on_disk(reported: &[Reported]) {
    for finding in reported {
        let archived = Archive::read(&finding.path).unwrap_or_else(|e| {
            panic!(
                "a finding the campaign reported is not on disk whole ({}): {e}",
                finding.signature
            )
        });
        // The terminal shows invisible characters escaped.
        assert_eq!(
            visible_one_line(archived.signature.as_str()),
            finding.signature,
            "{} holds another signature",
            finding.path.display()
        );
    }
}

fn wait_with_deadline(child: &mut Child, limit: Duration) -> ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the process ran past {} s", limit.as_secs());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(pid: i64, name: &str) {
    let status = Command::new("kill")
        .args([format!("-{name}"), "--".to_owned(), pid.to_string()])
        .stderr(Stdio::null())
        .status()
        .unwrap();
    // The group may be gone already; only a missing `kill` is an error.
    let _ = status;
}

// --- kill -9 -------------------------------------------------------------------------

#[test]
fn kill_nine_at_random_moments_loses_nothing() {
    use std::os::unix::process::CommandExt;
    let kills: usize = std::env::var("LITMUS_CHAOS_KILLS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(24);
    let temp = tempfile::tempdir().unwrap();
    let corpus = new_corpus(temp.path());
    // No classes: every signature a new finding, archived as soon as it is triaged.
    fs::write(corpus.join("known-differences.toml"), "").unwrap();
    let mut rng = SplitMix(0x11_7405);
    let mut reported_so_far: Vec<Reported> = Vec::new();
    let mut leftovers = 0;
    for round in 0..kills {
        let delay = Duration::from_millis(150 + rng.next() % 2850);
        let out = temp.path().join(format!("reports-{round}"));
        let log = temp.path().join(format!("run-{round}.out"));
        let mut child = litmus()
            .current_dir(temp.path())
            .env("HTML5LIB_TESTS", html5lib_tests())
            .args(["run", "--cases", "1000000", "--jobs", "2"])
            .args(["--seed", &(1000 + round).to_string()])
            .arg("--corpus")
            .arg(&corpus)
            .arg("--archive")
            .arg(corpus.join("divergences"))
            .arg("--out")
            .arg(&out)
            .stdout(fs::File::create(&log).unwrap())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap();
        let pid = i64::from(child.id());
        std::thread::sleep(delay);
        if round % 2 == 0 {
            // The runner alone: its workers see their channel close.
            child.kill().unwrap();
        } else {
            // The runner and its workers at once, as when a machine dies.
            signal(-pid, "KILL");
        }
        let status = child.wait().unwrap();
        signal(-pid, "KILL");
        assert!(
            !status.success(),
            "round {round}: the campaign ended before the kill; make it longer"
        );

        let stdout = fs::read_to_string(&log).unwrap();
        let reported = reported_findings(&stdout);
        reported_so_far.extend(reported.iter().cloned());
        assert_reported_on_disk(&reported_so_far);
        let state = corpus_state(&corpus);
        leftovers = state.temporary_files.len();
        assert_corpus_check_passes(&corpus, "html5ever", state.findings.len());
        // An interim report, if one was written, is whole JSON.
        let json = out.join("findings.json");
        if json.exists() {
            let text = fs::read_to_string(&json).unwrap();
            serde_json::from_str::<serde_json::Value>(&text)
                .unwrap_or_else(|e| panic!("{}: torn report: {e}", json.display()));
        }
        println!(
            "kill {round}: after {} ms, {} findings reported, {} archived, {} temporary files",
            delay.as_millis(),
            reported.len(),
            state.findings.len(),
            state.temporary_files.len()
        );
    }
    assert!(
        !reported_so_far.is_empty(),
        "no campaign reported a finding before its kill"
    );

    // Ctrl-C: the campaign finishes what runs, archives it, writes the reports.
    let out = temp.path().join("reports-interrupted");
    let log = temp.path().join("run-interrupted.out");
    let mut child = litmus()
        .current_dir(temp.path())
        .env("HTML5LIB_TESTS", html5lib_tests())
        .args(["run", "--cases", "1000000", "--jobs", "2", "--seed", "77"])
        .arg("--corpus")
        .arg(&corpus)
        .arg("--archive")
        .arg(corpus.join("divergences"))
        .arg("--out")
        .arg(&out)
        .stdout(fs::File::create(&log).unwrap())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(2500));
    signal(i64::from(child.id()), "INT");
    let status = wait_with_deadline(&mut child, Duration::from_secs(180));
    let stdout = fs::read_to_string(&log).unwrap();
    // Whole reports, and exit status 130: the campaign did not run all its cases.
    assert_eq!(
        status.code(),
        Some(130),
        "after Ctrl-C: {status:?}\n{stdout}"
    );
    assert!(stdout.contains(", interrupted"), "{stdout}");
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("findings.json")).unwrap()).unwrap();
    assert_eq!(report["interrupted"], serde_json::Value::Bool(true));
    for finding in report["findings"].as_array().unwrap() {
        if let Some(path) = finding["archive_path"].as_str() {
            let archived = Archive::read(Path::new(path)).unwrap();
            assert_eq!(archived.signature, finding["signature"].as_str().unwrap());
        }
    }
    reported_so_far.extend(reported_findings(&stdout));
    assert_reported_on_disk(&reported_so_far);
    let state = corpus_state(&corpus);
    assert_corpus_check_passes(&corpus, "html5ever", state.findings.len());
    println!(
        "{kills} kills and one Ctrl-C survived: {} findings reported, {} archived, {leftovers} temporary files left by the last kill",
        reported_so_far.len(),
        state.findings.len()
    );
}

// --- A full disk -----------------------------------------------------------------------

/// Run in a private mount namespace: mounts a tmpfs, copies the seed corpus onto it,
/// fills it to its last `FREE_BYTES`, runs a campaign and a corpus check there, and
/// copies the corpus out.
const FULL_DISK_SCRIPT: &str = r#"
mount -t tmpfs -o size="$DISK_BYTES" tmpfs "$DISK" || exit 97
mkdir -p "$DISK/corpus/divergences" || exit 98
cp "$SEED_CORPUS/known-differences.toml" "$DISK/corpus/" || exit 98
cp "$SEED_CORPUS"/divergences/*.dat "$DISK/corpus/divergences/" || exit 98
cat /dev/zero > "$DISK/filler" 2>/dev/null
truncate -s -"$FREE_BYTES" "$DISK/filler" || exit 98
"$LITMUS" run --cases 5000 --seed 11 --jobs 2 --corpus "$DISK/corpus" \
    --archive "$DISK/corpus/divergences" --out "$OUT/reports" > "$OUT/run.out" 2> "$OUT/run.err"
echo $? > "$OUT/run.status"
"$LITMUS" corpus check --corpus "$DISK/corpus" > "$OUT/check.out" 2> "$OUT/check.err"
echo $? > "$OUT/check.status"
cp -r "$DISK/corpus" "$OUT/after" || exit 98
df -k "$DISK" > "$OUT/df.out"
exit 0
"#;

#[test]
fn a_full_disk_is_a_clear_error_and_corrupts_nothing() {
    let temp = tempfile::tempdir().unwrap();
    // Earlier findings, archived on a disk with room.
    let seed_corpus = new_corpus(&temp.path().join("seed"));
    let output = litmus()
        .env("HTML5LIB_TESTS", html5lib_tests())
        .args([
            "run", "--cases", "60", "--seed", "1", "--jobs", "2", "--quiet",
        ])
        .arg("--corpus")
        .arg(&seed_corpus)
        .arg("--archive")
        .arg(seed_corpus.join("divergences"))
        .arg("--out")
        .arg(temp.path().join("seed-reports"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let before = corpus_state(&seed_corpus);
    assert!(
        !before.findings.is_empty(),
        "the seed campaign found nothing"
    );
    let seed_inputs: BTreeMap<String, (String, usize)> = before
        .findings
        .keys()
        .map(|path| {
            let finding = Archive::read(path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, (finding.signature.to_string(), finding.input.len()))
        })
        .collect();

    let disk = temp.path().join("disk");
    let out = temp.path().join("out");
    fs::create_dir_all(&disk).unwrap();
    fs::create_dir_all(&out).unwrap();
    let attempts: [&[&str]; 2] = [&["--mount", "--map-root-user"], &["--mount"]];
    let mut why_not = Vec::new();
    let mut mounted = false;
    for flags in attempts {
        let status = Command::new("unshare")
            .args(flags)
            .args(["sh", "-c", FULL_DISK_SCRIPT])
            .env("DISK", &disk)
            .env("DISK_BYTES", (1 << 20).to_string())
            .env("FREE_BYTES", (64 << 10).to_string())
            .env("SEED_CORPUS", &seed_corpus)
            .env("OUT", &out)
            .env("LITMUS", env!("CARGO_BIN_EXE_litmus"))
            .env("HTML5LIB_TESTS", html5lib_tests())
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .output();
        match status {
            Ok(output) if output.status.success() => {
                mounted = true;
                break;
            }
            Ok(output) => why_not.push(format!(
                "unshare {}: {:?} {}",
                flags.join(" "),
                output.status.code(),
                String::from_utf8_lossy(&output.stderr).trim()
            )),
            Err(e) => why_not.push(format!("unshare: {e}")),
        }
    }
    if !mounted {
        // Not a silent pass: without a tmpfs the test fails, unless the caller says
        // this machine cannot mount one.
        assert!(
            std::env::var_os("LITMUS_ALLOW_NO_TMPFS").is_some(),
            "no tmpfs could be mounted for the full-disk test ({}); run as root or with user namespaces, or set LITMUS_ALLOW_NO_TMPFS=1 to skip it",
            why_not.join("; ")
        );
        println!(
            "SKIPPED a_full_disk_is_a_clear_error_and_corrupts_nothing (LITMUS_ALLOW_NO_TMPFS): no tmpfs can be mounted here ({})",
            why_not.join("; ")
        );
        return;
    }
    let read = |name: &str| fs::read_to_string(out.join(name)).unwrap_or_default();
    let (run_status, run_out, run_err) = (read("run.status"), read("run.out"), read("run.err"));
    println!("the full disk:\n{}", read("df.out"));
    println!("the campaign's stderr:\n{run_err}");

    // A clear error: exit status 1, a message naming the archive and the full disk.
    assert_eq!(
        run_status.trim(),
        "1",
        "exit status; stdout:\n{run_out}\nstderr:\n{run_err}"
    );
    assert!(
        run_err.contains("could not be archived") && run_err.contains("No space left on device"),
        "{run_err}"
    );
    // What the campaign archived before the disk filled is whole; so is everything.
    let after = temp.path().join("out/after");
    let state = corpus_state(&after);
    let reported = reported_findings(&run_out);
    for finding in &reported {
        let name = finding.path.file_name().unwrap();
        let archived = Archive::read(&after.join("divergences").join(name)).unwrap();
        assert_eq!(archived.signature, finding.signature);
    }
    // The earlier findings are untouched (or replaced whole by a smaller input).
    for (name, (signature, len)) in &seed_inputs {
        let now = Archive::read(&after.join("divergences").join(name))
            .unwrap_or_else(|e| panic!("an earlier finding was damaged: {e}"));
        assert_eq!(&now.signature, signature);
        assert!(now.input.len() <= *len);
    }
    // The check passes on the full disk itself.
    assert_eq!(read("check.status").trim(), "0", "{}", read("check.out"));
    assert!(read("check.out").contains(&format!(
        "corpus check: {} findings, 0 reference trees changed, 0 malformed",
        state.findings.len()
    )));
    println!(
        "full disk: {} findings archived before it filled ({} earlier ones kept), {} temporary files",
        reported.len(),
        seed_inputs.len(),
        state.temporary_files.len()
    );
}

// --- A misbehaving engine ------------------------------------------------------------

/// A folder laid out like html5lib-tests whose tree-construction inputs are `inputs`:
/// the campaign mutates them, so its cases carry the chaos engine's markers.
fn marker_inputs(dir: &Path, inputs: &[&str]) -> PathBuf {
    let root = dir.join("markers");
    fs::create_dir_all(root.join("tree-construction")).unwrap();
    let mut text = String::new();
    for input in inputs {
        text.push_str(&format!("#data\n{input}\n#errors\n#document\n| <html>\n\n"));
    }
    fs::write(root.join("tree-construction/markers.dat"), text).unwrap();
    root
}

/// The campaign's findings by signature: (input, archive path).
fn findings_of(report: &Path) -> BTreeMap<String, (String, Option<String>)> {
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(report).unwrap()).unwrap();
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["signature"].as_str().unwrap().to_owned(),
                (
                    f["input"].as_str().unwrap().to_owned(),
                    f["archive_path"].as_str().map(str::to_owned),
                ),
            )
        })
        .collect()
}

/// The finding whose signature satisfies `pick`, minimized to a small input holding
/// `marker`, and archived whole.
fn assert_marker_finding(
    findings: &BTreeMap<String, (String, Option<String>)>,
    what: &str,
    marker: &str,
    pick: impl Fn(&str) -> bool,
) {
    let (signature, (input, path)) = findings
        .iter()
        .find(|(signature, _)| pick(signature))
        .unwrap_or_else(|| panic!("no {what} finding among {:?}", findings.keys()));
    assert!(
        input.contains(marker) && input.len() <= marker.len() + 8,
        "{signature}: minimized to {input:?}"
    );
    let archived = Archive::read(Path::new(path.as_deref().expect("archived"))).unwrap();
    assert_eq!(&archived.signature, signature);
    assert!(matches!(archived.level.as_str(), "crash" | "timeout"));
    println!("{what}: {signature} <- {input:?}");
}

#[test]
fn a_misbehaving_engine_becomes_findings() {
    let temp = tempfile::tempdir().unwrap();
    let corpus = new_corpus(temp.path());
    let markers = marker_inputs(
        temp.path(),
        &["<p>PANIC", "<b>ABORT", "<i>RECURSE", "<u>HANG"],
    );
    let out = temp.path().join("reports");
    let started = Instant::now();
    let mut child = litmus()
        .env("HTML5LIB_TESTS", &markers)
        .args(["run", "--engine", "chaos", "--cases", "400", "--seed", "4"])
        .args([
            "--jobs",
            "2",
            "--timeout",
            "2s",
            "--no-round-trip",
            "--quiet",
        ])
        .arg("--corpus")
        .arg(&corpus)
        .arg("--archive")
        .arg(corpus.join("divergences"))
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let status = wait_with_deadline(&mut child, Duration::from_secs(300));
    assert!(status.success(), "the campaign did not finish: {status:?}");
    println!("chaos campaign: {} ms", started.elapsed().as_millis());
    let findings = findings_of(&out.join("findings.json"));
    assert_marker_finding(&findings, "panic", "PANIC", |s| {
        s.starts_with("crash | chaos: panic at") && s.contains("PANIC marker")
    });
    assert_marker_finding(&findings, "abort", "ABORT", |s| {
        s == "crash | chaos: SIGABRT"
    });
    assert_marker_finding(&findings, "stack overflow", "RECURSE", |s| {
        s == "crash | chaos: SIGABRT: stack overflow"
    });
    assert_marker_finding(&findings, "hang", "HANG", |s| s == "timeout | chaos");

    // Runaway memory, under an address-space limit of 640 MiB for the whole campaign
    // (`ulimit -v` sets the hard limit; workers never raise theirs above it). A small
    // limit keeps the fill short: filling a gigabyte can take seconds on a loaded
    // machine, and the parse would be a timeout instead. Two malloc arenas keep the
    // runner's threads within the limit too.
    // A corpus of its own: the first campaign's findings would be mutated too.
    let oom_corpus = new_corpus(&temp.path().join("oom"));
    let markers = marker_inputs(&temp.path().join("oom"), &["<s>OOM"]);
    let out = temp.path().join("reports-oom");
    let mut child = Command::new("sh")
        .args(["-c", "ulimit -v 655360 && exec \"$0\" \"$@\""])
        .env("MALLOC_ARENA_MAX", "2")
        .arg(env!("CARGO_BIN_EXE_litmus"))
        .env("HTML5LIB_TESTS", &markers)
        .args(["run", "--engine", "chaos", "--cases", "60", "--seed", "4"])
        .args([
            "--jobs",
            "2",
            "--timeout",
            "10s",
            "--no-round-trip",
            "--quiet",
        ])
        .arg("--corpus")
        .arg(&oom_corpus)
        .arg("--archive")
        .arg(oom_corpus.join("divergences"))
        .arg("--out")
        .arg(&out)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let status = wait_with_deadline(&mut child, Duration::from_secs(300));
    assert!(
        status.success(),
        "the OOM campaign did not finish: {status:?}"
    );
    let findings = findings_of(&out.join("findings.json"));
    assert_marker_finding(&findings, "out of memory", "OOM", |s| {
        s == "crash | chaos: SIGABRT: memory allocation of N bytes failed"
    });
    let state = corpus_state(&oom_corpus);
    assert_corpus_check_passes(&oom_corpus, "chaos", state.findings.len());

    // One input at a time: diff reports the crash, minimize archives it.
    let input = temp.path().join("panic.html");
    fs::write(&input, "<table><td>xPANICx").unwrap();
    let output = litmus()
        .args(["diff", "--engine", "chaos", "--fragment", "td", "--corpus"])
        .arg(&corpus)
        .arg(&input)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("crash | chaos: panic at"), "{stdout}");
    fs::write(&input, "<p>before ABORT after</p>").unwrap();
    let output = litmus()
        .args(["minimize", "--engine", "chaos", "--archive", "--corpus"])
        .arg(&corpus)
        .arg(&input)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("input: \"ABORT\""), "{stdout}");
    assert!(stdout.contains("archived: "), "{stdout}");
    // Deep but legal recursion (64 MiB of stack) is no finding: the engine answers.
    fs::write(&input, "<p>DEEP").unwrap();
    let output = litmus()
        .args(["diff", "--engine", "chaos", "--scripting", "on", "--corpus"])
        .arg(&corpus)
        .arg(&input)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");

    // Every crash and hang replays from the archive without taking the check down.
    let state = corpus_state(&corpus);
    assert_corpus_check_passes(&corpus, "chaos", state.findings.len());
}

/// A known hang of the chaos engine, for a campaign whose corpus archives its
/// exemplar.
const CHAOS_HANG_CLASS: &str = r#"
[[class]]
id = "chaos-hangs-on-its-marker"
engine = "chaos"
signatures = ["timeout | chaos"]
inputs = ["*HANG*"]
inputs_reason = "a timeout has no tree, so no locus: the chaos engine hangs on an input holding its marker."
explanation = "The chaos engine hangs, on purpose, on an input holding HANG."
spec = "https://html.spec.whatwg.org/#parsing"
right = "reference"
"#;

#[test]
fn a_known_hang_whose_exemplar_is_archived_is_not_minimized_again() {
    let temp = tempfile::tempdir().unwrap();
    let corpus = new_corpus(temp.path());
    let classes = corpus.join("known-differences.toml");
    let mut text = fs::read_to_string(&classes).unwrap();
    text.push_str(CHAOS_HANG_CLASS);
    fs::write(&classes, text).unwrap();
    let exemplar = litmus_differential::archive::ArchivedFinding {
        input: "HANG".into(),
        reference_tree: "| <html>\n|   <head>\n|   <body>\n|     \"HANG\"\n".into(),
        scripting: true,
        signature: "timeout | chaos".into(),
        level: "timeout".into(),
        engine: "chaos".into(),
        class: Some("chaos-hangs-on-its-marker".into()),
        ..Default::default()
    };
    Archive::open(&corpus.join("divergences"))
        .unwrap()
        .store(&exemplar)
        .unwrap();
    let marker = "<u>HANG</u><p>a paragraph the minimizer would cut</p>";
    let markers = marker_inputs(temp.path(), &[marker]);
    let out = temp.path().join("reports");
    let mut child = litmus()
        .env("HTML5LIB_TESTS", &markers)
        .args(["run", "--engine", "chaos", "--cases", "100", "--seed", "4"])
        .args([
            "--jobs",
            "2",
            "--timeout",
            "2s",
            "--no-round-trip",
            "--quiet",
        ])
        .arg("--corpus")
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let status = wait_with_deadline(&mut child, Duration::from_secs(300));
    assert!(status.success(), "the campaign did not finish: {status:?}");
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("findings.json")).unwrap()).unwrap();
    let hang = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["signature"] == "timeout | chaos")
        .unwrap_or_else(|| panic!("no hang among {:#}", report["findings"]));
    assert_eq!(hang["class"], "chaos-hangs-on-its-marker", "{hang:#}");
    // Kept as found: not a step of minimization, its input the case's.
    assert_eq!(hang["minimization"]["steps"], 0, "{hang:#}");
    assert_eq!(hang["input"], hang["original_input"], "{hang:#}");
    assert!(hang["input"].as_str().unwrap().contains("HANG"));
    // And archived, in the campaign's archive.
    let path = hang["archive_path"].as_str().expect("archived");
    let archived = Archive::read(Path::new(path)).unwrap();
    assert_eq!(archived.input, hang["input"].as_str().unwrap());
}

#[test]
fn reported_lines_are_read_exactly() {
    let stdout = "NEW: tree | litmus: <?…> | html5ever: <!--…--> | in: <body> [20 -> 7 bytes] -> /c/divergences/a.dat\n\
        known (html5ever-no-pi): tree | x [1 -> 1 bytes] -> /c/divergences/b.dat\n\
        NEW: crash | chaos: SIGABRT [5 -> 5 bytes]\n\
        litmus run x: 3 cases\n\
        NEW: cut | by the kill [2 -> 1 bytes] -> /c/divergences/c.d";
    assert_eq!(
        reported_findings(stdout),
        vec![
            Reported {
                signature: "tree | litmus: <?…> | html5ever: <!--…--> | in: <body>".into(),
                path: "/c/divergences/a.dat".into(),
            },
            Reported {
                signature: "tree | x".into(),
                path: "/c/divergences/b.dat".into(),
            },
        ]
    );
}

#[test]
fn a_worker_killed_mid_batch_loses_no_case_and_counts_none_twice() {
    use litmus_differential::generator::{load_html5lib_inputs, Generator, GeneratorConfig};
    let temp = tempfile::tempdir().unwrap();
    let corpus = new_corpus(temp.path());
    // Many ordinary inputs to mutate, and one with the abort marker.
    let mut inputs: Vec<String> = (0..60).map(|i| format!("<p>case {i}<b>x</b>")).collect();
    inputs.push("<i>ABORT".to_owned());
    let refs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let markers = marker_inputs(temp.path(), &refs);
    // The case stream `litmus run` will generate: the same configuration, the same
    // mutation inputs (the corpus has no findings yet).
    // The first seed whose stream marks a case far into the campaign and no case with
    // another of the chaos engine's markers (mutation can spell one: `OOM`).
    let cases: u64 = 4000;
    let generator = Generator::new(GeneratorConfig::default())
        .with_corpus(load_html5lib_inputs(&markers.join("tree-construction")).unwrap());
    let others = ["PANIC", "RECURSE", "HANG", "OOM", "DEEP"];
    let (seed, marked) = (1..100u64)
        .find_map(|seed| {
            let inputs: Vec<String> = (0..cases).map(|i| generator.case(seed, i).input).collect();
            if inputs.iter().any(|i| others.iter().any(|m| i.contains(m))) {
                return None;
            }
            let marked: Vec<u64> = (0..cases)
                .filter(|&i| inputs[i as usize].contains("ABORT"))
                .collect();
            marked.iter().any(|&i| i >= 1000).then_some((seed, marked))
        })
        .expect("a seed that marks a case far into the campaign");

    let out = temp.path().join("reports");
    let mut child = litmus()
        .env("HTML5LIB_TESTS", &markers)
        .args(["run", "--engine", "chaos", "--cases", &cases.to_string()])
        .args(["--seed", &seed.to_string(), "--jobs", "2", "--quiet"])
        .arg("--corpus")
        .arg(&corpus)
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let status = wait_with_deadline(&mut child, Duration::from_secs(300));
    assert!(status.success(), "the campaign did not finish: {status:?}");
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("findings.json")).unwrap()).unwrap();
    assert_eq!(report["cases"].as_u64(), Some(cases));
    // Every case is compared once at the tree or the fragment level.
    let compared: u64 = report["levels"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| matches!(l["level"].as_str(), Some("tree" | "fragment")))
        .map(|l| l["compared"].as_u64().unwrap())
        .sum();
    assert_eq!(compared, cases, "cases lost or counted twice");
    // Each marked case crashed the engine once, and was counted once.
    let crashes: u64 = report["signatures"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["signature"].as_str() == Some("crash | chaos: SIGABRT"))
        .map(|s| s["count"].as_u64().unwrap())
        .sum();
    assert_eq!(crashes, marked.len() as u64, "marked cases: {marked:?}");
    let findings = findings_of(&out.join("findings.json"));
    assert_marker_finding(&findings, "abort", "ABORT", |s| {
        s == "crash | chaos: SIGABRT"
    });
}
