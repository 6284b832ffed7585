//! `litmus` as a shell and a CI system use it: exit codes (0, 1 for new classes under
//! `--fail-on-new`, 130 after Ctrl-C, 2 for a bad `serve` frame; other bad input is
//! `tests/cli.rs`'s), output into a closed pipe,
//! `--quiet`, help text, JSON casing, file permissions, rates, and runs from a folder
//! that is not the repository (the built-in known differences).
//!
//! Every test runs `litmus` in a scratch folder with no corpus, as an installed
//! `litmus` runs, unless it names the project's corpus.

mod common;

use common::{text, workspace_root};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

/// `litmus` in `dir`, with no html5lib data (the runs stay small and the same).
fn litmus(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_litmus"));
    command
        .current_dir(dir)
        .env("HTML5LIB_TESTS", dir.join("no-html5lib-tests"))
        .env_remove("COLUMNS")
        .stdin(Stdio::null());
    command
}

fn run(dir: &Path, args: &[&str]) -> Output {
    litmus(dir).args(args).output().unwrap()
}

/// `litmus run ARGS --corpus CORPUS` in `dir`, with the project's corpus: for the tests
/// whose subject is not where the known differences come from.
fn campaign(dir: &Path, args: &[&str]) -> Output {
    litmus(dir)
        .args(args)
        .arg("--corpus")
        .arg(workspace_root().join("corpus"))
        .output()
        .unwrap()
}

fn wait_with_deadline(child: &mut Child, deadline: Duration) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > deadline {
            let _ = child.kill();
            panic!("litmus did not end within {deadline:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Exit status 130 after one Ctrl-C, once the running cases are finished and the
/// reports written (it was 0, as if the campaign had run all its cases).
#[test]
fn ctrl_c_exits_130_after_writing_the_reports() {
    let temp = tempfile::tempdir().unwrap();
    let out = temp.path().join("interrupted");
    let mut child = litmus(temp.path())
        .args(["run", "--time", "60s", "--seed", "3", "--jobs", "2", "-q"])
        .arg("--out")
        .arg(&out)
        .arg("--corpus")
        .arg(workspace_root().join("corpus"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(2500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = wait_with_deadline(&mut child, Duration::from_secs(120));
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    assert_eq!(status.code(), Some(130), "{status:?}\n{stdout}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.contains(", interrupted;"), "{stdout}");
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("findings.json")).unwrap()).unwrap();
    assert_eq!(report["interrupted"], true);
    assert!(report["cases"].as_u64().unwrap() > 0);
    for file in ["summary.md", "index.html", "junit.xml"] {
        assert!(out.join(file).is_file(), "{file} missing");
    }
}

/// Writing into a closed pipe (`litmus … | head -1`) ends quietly: no panic (exit 101
/// with a panic message, before), and a campaign still writes its reports.
#[test]
fn a_closed_pipe_ends_quietly() {
    let temp = tempfile::tempdir().unwrap();
    let big = "<p>x".repeat(50_000);
    fs::write(temp.path().join("big.html"), &big).unwrap();
    fs::write(temp.path().join("pi.html"), "<p><?target data?>").unwrap();
    let out = temp.path().join("piped");
    let out_arg = out.display().to_string();
    let corpus = workspace_root().join("corpus").display().to_string();
    let commands: &[&[&str]] = &[
        &[
            "run", "--cases", "300", "--seed", "1", "--out", &out_arg, "--corpus", &corpus,
        ],
        &["parse", "big.html"],
        &["diff", "pi.html", "--corpus", &corpus],
        &["--help"],
        &["run", "--help"],
    ];
    for args in commands {
        let mut child = litmus(temp.path())
            .args(*args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before litmus writes: every write meets a closed pipe.
        drop(child.stdout.take());
        let status = wait_with_deadline(&mut child, Duration::from_secs(120));
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "litmus {args:?}: {stderr}"
        );
        assert_ne!(status.code(), Some(101), "litmus {args:?}: {stderr}");
        // `diff` exits 1 when something differs; the rest succeed.
        let expected = if args[0] == "diff" { 1 } else { 0 };
        assert_eq!(status.code(), Some(expected), "litmus {args:?}: {stderr}");
    }
    assert!(
        out.join("summary.md").is_file(),
        "the campaign wrote no reports"
    );
}

/// `--quiet` prints errors and exactly one closing line (nine lines before, and 633 at
/// 49023ab): the summary, the seed, the counts and where the reports are.
#[test]
fn quiet_prints_one_line() {
    let temp = tempfile::tempdir().unwrap();
    let corpus = workspace_root().join("corpus");
    let output = litmus(temp.path())
        .args(["run", "--cases", "2000", "--seed", "1", "-q", "--out", "q"])
        .arg("--corpus")
        .arg(&corpus)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(stdout.lines().count(), 1, "{}", text(&output));
    assert!(output.stderr.is_empty(), "{}", text(&output));
    let line = stdout.trim_end();
    assert!(line.starts_with("litmus run "), "{line}");
    // The missing html5lib data is a warning: counted in the line, written in the
    // reports, not printed.
    for part in [
        "2000 cases",
        "seed 1",
        "new classes",
        "1 warning (see summary.md)",
        "reports in q",
    ] {
        assert!(line.contains(part), "{part:?} not in {line}");
    }
}

/// Rates are whole numbers (`602 cases/s`, not `602.0404`) in the summary line, and
/// in summary.md, index.html and junit.xml (`3342.2` before).
#[test]
fn rates_are_whole_numbers() {
    let temp = tempfile::tempdir().unwrap();
    let output = campaign(
        temp.path(),
        &["run", "--cases", "500", "--seed", "2", "--out", "r"],
    );
    assert!(output.status.success(), "{}", text(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let rate = |text: &str, before: &str, after: &str| -> String {
        let start = text
            .find(before)
            .unwrap_or_else(|| panic!("no {before:?} in {text}"))
            + before.len();
        let end = start + text[start..].find(after).unwrap();
        text[start..end].to_owned()
    };
    let summary_line = stdout
        .lines()
        .find(|l| l.starts_with("litmus run"))
        .unwrap();
    let reports = [
        (summary_line.to_owned(), " s (", " cases/s)"),
        (
            fs::read_to_string(temp.path().join("r/summary.md")).unwrap(),
            "| cases/s | ",
            " |",
        ),
        (
            fs::read_to_string(temp.path().join("r/index.html")).unwrap(),
            "<th>cases/s</th><td>",
            "</td>",
        ),
        (
            fs::read_to_string(temp.path().join("r/junit.xml")).unwrap(),
            "name=\"cases_per_second\" value=\"",
            "\"",
        ),
    ];
    for (text, before, after) in &reports {
        let rate = rate(text, before, after);
        assert!(
            !rate.is_empty() && rate.bytes().all(|b| b.is_ascii_digit()),
            "{rate:?} after {before:?}"
        );
    }
}

/// From a folder with no corpus, `litmus run` uses the known differences built into
/// it (it failed before: no corpus/known-differences.toml), says so on stderr, and
/// finds 0 new classes; `--known FILE` adds to the built-in classes (a file of one's
/// own does not bring the built-in classes back as new), and with `--known-only` it
/// replaces them (an empty file: every finding is new, and `--fail-on-new` exits 1); an
/// explicit `--corpus` without the file is bad input (exit 2).
#[test]
fn runs_anywhere_with_the_built_in_known_differences() {
    let temp = tempfile::tempdir().unwrap();
    let args = ["run", "--cases", "300", "--seed", "1", "--fail-on-new"];
    let output = litmus(temp.path())
        .args(args)
        .args(["--out", "built-in"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("using the known differences built into litmus"),
        "{stderr}"
    );
    assert!(
        String::from_utf8_lossy(&output.stdout).contains(" 0 new classes"),
        "{}",
        text(&output)
    );

    fs::write(
        temp.path().join("mine.toml"),
        "[[class]]\nid = \"mine\"\nengine = \"my-parser\"\nsignatures = [\"tree | *\"]\n\
         explanation = \"mine\"\nspec = \"https://html.spec.whatwg.org/#tree-construction\"\n\
         right = \"reference\"\n",
    )
    .unwrap();
    let output = litmus(temp.path())
        .args(args)
        .args(["--out", "mine", "--known", "mine.toml"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(
        String::from_utf8_lossy(&output.stdout).contains(" 0 new classes"),
        "{}",
        text(&output)
    );

    fs::write(temp.path().join("none.toml"), "").unwrap();
    let output = litmus(temp.path())
        .args(args)
        .args(["--out", "none", "--known", "none.toml", "--known-only"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    assert!(!String::from_utf8_lossy(&output.stderr).contains("built into"));

    let output = litmus(temp.path())
        .args(args)
        .args(["--out", "nowhere", "--corpus", "nowhere"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains("nowhere/known-differences.toml"));
}

/// Reports and archived findings are written 0644, not the 0600 of the temporary
/// files they start as.
#[cfg(unix)]
#[test]
fn files_are_written_0644() {
    use std::os::unix::fs::PermissionsExt;
    let temp = tempfile::tempdir().unwrap();
    let output = campaign(
        temp.path(),
        &["run", "--cases", "300", "--seed", "1", "-q", "--out", "p"],
    );
    assert!(output.status.success(), "{}", text(&output));
    let out = temp.path().join("p");
    let mut files: Vec<PathBuf> = fs::read_dir(&out)
        .unwrap()
        .chain(fs::read_dir(out.join("divergences")).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(files.len() > 4, "{files:?}");
    for file in files {
        let mode = fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o644, "{}: {mode:o}", file.display());
    }
}

/// JSON values share one casing, kebab-case: `quirks_mode` is `quirks`,
/// `limited-quirks` or `no-quirks` (`Quirks`, Rust's Debug form, before), and
/// findings.json's `level`, `status` and `family` values are lowercase.
#[test]
fn json_values_are_kebab_case() {
    let temp = tempfile::tempdir().unwrap();
    let cases = [
        ("<p>x", "quirks"),
        (
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"\">x",
            "limited-quirks",
        ),
        ("<!DOCTYPE html>x", "no-quirks"),
    ];
    for (input, mode) in cases {
        fs::write(temp.path().join("in.html"), input).unwrap();
        let output = run(temp.path(), &["parse", "--output", "json", "in.html"]);
        assert!(output.status.success(), "{}", text(&output));
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(json["quirks_mode"], mode, "{input}");
    }

    let output = campaign(
        temp.path(),
        &["run", "--cases", "300", "--seed", "1", "-q", "--out", "j"],
    );
    assert!(output.status.success(), "{}", text(&output));
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(temp.path().join("j/findings.json")).unwrap())
            .unwrap();
    let findings = report["findings"].as_array().unwrap();
    assert!(!findings.is_empty());
    let kebab = |v: &serde_json::Value| {
        v.as_str().is_some_and(|s| {
            !s.is_empty()
                && s.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        })
    };
    for finding in findings {
        for value in [
            &finding["level"],
            &finding["status"],
            &finding["origin"]["family"],
        ] {
            assert!(kebab(value), "{value} in {finding}");
        }
    }
}

/// `litmus serve` exits 2 on a frame that is not the protocol (1 before): a
/// truncated frame, one over the size limit, JSON that is not a request. A clean end
/// of input is 0.
#[test]
fn serve_exits_2_on_bad_frames() {
    let temp = tempfile::tempdir().unwrap();
    let frame = |payload: &[u8]| {
        let mut bytes = (payload.len() as u32).to_be_bytes().to_vec();
        bytes.extend_from_slice(payload);
        bytes
    };
    let good = frame(br#"{"id": 1, "input": "<p>x", "fragment": null, "scripting": true}"#);
    let mut truncated = frame(b"0123456789");
    truncated.truncate(8);
    let cases: [(&[u8], i32, &str); 5] = [
        (&good, 0, ""),
        (b"", 0, ""),
        (&truncated, 2, "standard input ended inside a request frame"),
        (b"\xff\xff\xff\xffxx", 2, "over the limit"),
        (&frame(b"{\"input\": 1}"), 2, "not the protocol"),
    ];
    for (input, code, message) in cases {
        let mut child = litmus(temp.path())
            .arg("serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().unwrap();
            let _ = stdin.write_all(input);
        }
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(code), "{}", text(&output));
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(message),
            "{}",
            text(&output)
        );
    }
}

/// Help text: `-j` for `--jobs`; lines wrapped (at 100 columns when the output is not
/// a terminal; help was one line per option before); every `--engine` names every
/// engine, `chromium` included; no rustdoc link syntax (`` [`X`] ``).
#[test]
fn help_is_wrapped_and_complete() {
    let temp = tempfile::tempdir().unwrap();
    let commands: &[&[&str]] = &[
        &[],
        &["run"],
        &["parse"],
        &["diff"],
        &["minimize"],
        &["corpus"],
        &["corpus", "check"],
        &["corpus", "merge"],
        &["serve"],
        &["conformance"],
        &["bench"],
        &["triage"],
        &["table"],
    ];
    for command in commands {
        let output = litmus(temp.path())
            .args(*command)
            .arg("--help")
            .output()
            .unwrap();
        assert!(output.status.success(), "{command:?}: {}", text(&output));
        let help = String::from_utf8_lossy(&output.stdout);
        for line in help.lines() {
            assert!(
                line.chars().count() <= 100,
                "litmus {command:?} --help: a line of {} columns: {line}",
                line.chars().count()
            );
        }
        assert!(!help.contains("[`"), "litmus {command:?} --help:\n{help}");
        // The engines a help lists, joined across the wrapped lines.
        let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
        if flat.contains("--engine <ENGINE>") {
            for engine in [
                "`html5ever`",
                "`litmus`",
                "`chaos`",
                "`chromium`",
                "`firefox`",
                "`webkit`",
                "`cmd:",
            ] {
                assert!(
                    flat.contains(engine),
                    "litmus {command:?} --help does not name {engine}:\n{help}"
                );
            }
        }
        if matches!(
            command.first(),
            Some(&"run") | Some(&"bench") | Some(&"table")
        ) {
            assert!(flat.contains("-j, --jobs <JOBS>"), "{help}");
        }
    }
}
