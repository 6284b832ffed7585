//! `litmus sanitize` end to end: a campaign against ammonia (built in) writes its
//! reports, its archive and the table of docs/sanitizers.md; a sanitizer that hangs,
//! dies, answers bytes that are not UTF-8 or too much is a finding each time, never a
//! crash of litmus, and a second campaign loses nothing archived; a campaign stopped
//! with SIGINT (Ctrl-C) writes the reports of the cases it ran; and, when the
//! adapters are installed (`scripts/setup-sanitizers.sh`, then
//! `LITMUS_EXTERNAL_ENGINES=1`, which CI sets), each Python and Node.js sanitizer runs
//! a short campaign, and the browsers confirm what runs: `<img src=x
//! onerror=litmus_marker()>` inserted by `innerHTML` calls the marker in headless
//! Chromium and Firefox, its escaped text and a script element do not (the browsers
//! come from `scripts/setup-chromium.sh` and `scripts/setup-firefox.sh`; with the
//! variable set, a browser missing is a failure). Without the variable those trials
//! are listed as ignored, with the reason. A browser that cannot start is a message,
//! and the campaign's findings are written all the same.

mod adapters;

use adapters::{check, engines, run_litmus, stdout};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::Path;

const GATE: &str = "LITMUS_EXTERNAL_ENGINES";

fn main() {
    let args = Arguments::from_args();
    let gated = std::env::var(GATE).is_ok_and(|v| v == "1");
    let mut trials = vec![
        Trial::test("ammonia_campaign_reports_archives_and_tables", ammonia),
        Trial::test(
            "a_misbehaving_sanitizer_is_findings_never_a_crash",
            misbehaving,
        ),
        Trial::test(
            "an_interrupted_campaign_reports_the_cases_it_ran",
            interrupted,
        ),
        Trial::test(
            "a_browser_that_cannot_start_leaves_the_findings_unconfirmed",
            browser_cannot_start,
        ),
    ];
    for browser in ["chromium", "firefox"] {
        trials.push(
            Trial::test(
                format!("{browser}_confirms_only_markup_that_runs"),
                move || confirms(browser),
            )
            .with_ignored_flag(!gated),
        );
    }
    trials.push(
        Trial::test(
            "a_campaign_confirms_its_findings_in_chromium",
            campaign_confirms,
        )
        .with_ignored_flag(!gated),
    );
    for (name, command) in ADAPTERS {
        trials.push(
            Trial::test(format!("{name}_adapter_campaign"), move || {
                adapter(name, command)
            })
            .with_ignored_flag(!gated),
        );
    }
    if !gated {
        eprintln!(
            "sanitize: the Python and Node.js sanitizer trials and the browsers' confirmation are ignored: run scripts/setup-sanitizers.sh, scripts/setup-chromium.sh and scripts/setup-firefox.sh, then set {GATE}=1"
        );
    }
    libtest_mimic::run(&args, trials).exit();
}

/// The adapters, by the name litmus gives them, and their commands (from the
/// repository's root).
const ADAPTERS: [(&str, &str); 5] = [
    ("bleach", "examples/engines/sanitizers/.venv/bin/python examples/engines/sanitizers/bleach.py"),
    ("nh3", "examples/engines/sanitizers/.venv/bin/python examples/engines/sanitizers/nh3.py"),
    (
        "lxml_html_clean",
        "examples/engines/sanitizers/.venv/bin/python examples/engines/sanitizers/lxml_html_clean.py",
    ),
    ("dompurify", "node examples/engines/sanitizers/dompurify.mjs"),
    ("sanitize_html", "node examples/engines/sanitizers/sanitize_html.mjs"),
];

fn read_json(path: &Path) -> Result<serde_json::Value, Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()).into())
}

fn sanitize(dir: &Path, sanitizer: &str, more: &[&str]) -> std::process::Output {
    let corpus = dir.join("corpus").display().to_string();
    let out = dir.join("out").display().to_string();
    let mut args = vec![
        "sanitize",
        "--sanitizer",
        sanitizer,
        "--jobs",
        "1",
        "--corpus",
        &corpus,
        "--out",
        &out,
    ];
    args.extend_from_slice(more);
    run_litmus(&args, "")
}

fn ammonia() -> Result<(), Failed> {
    let temp = tempfile::tempdir()?;
    let table = temp.path().join("sanitizers.md").display().to_string();
    let output = sanitize(
        temp.path(),
        "ammonia",
        &["--cases", "300", "--payloads", "--markdown", &table],
    );
    check(output.status.code() == Some(0), "exit 0", &output)?;
    check(
        stdout(&output).contains("ammonia (ammonia 4.2.5 (html5ever 0.40.1)): 300 cases"),
        "the campaign's line",
        &output,
    )?;
    let report = read_json(&temp.path().join("out/ammonia/findings.json"))?;
    check(
        report["sanitizer"] == "ammonia",
        "findings.json names ammonia",
        &output,
    )?;
    check(report["cases"] == 300, "300 cases", &output)?;
    check(report["payloads"] == true, "payload mode recorded", &output)?;
    let markdown = std::fs::read_to_string(&table)?;
    check(
        markdown.contains("| ammonia | ammonia 4.2.5 (html5ever 0.40.1) | 300 |")
            && markdown.contains("--sanitizer ammonia --cases 300 --seed 1 --payloads")
            && markdown.contains("## What each label means"),
        "the table's row, its command and the guide",
        &output,
    )?;
    // Every finding is archived, under CORPUS/sanitizers, by its hash.
    for finding in report["findings"].as_array().into_iter().flatten() {
        let path = temp.path().join(format!(
            "corpus/sanitizers/{}.dat",
            finding["hash"].as_str().unwrap_or("")
        ));
        check(path.exists(), "each finding archived", &output)?;
    }
    Ok(())
}

fn interrupted() -> Result<(), Failed> {
    let temp = tempfile::tempdir()?;
    let out = temp.path().join("out");
    let table = temp.path().join("sanitizers.md");
    let mut child = std::process::Command::new(adapters::litmus())
        .args(["sanitize", "--sanitizer", "ammonia", "--cases", "100000000"])
        .args(["--jobs", "1", "--no-archive", "--out"])
        .arg(&out)
        .arg("--markdown")
        .arg(&table)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()?;
    std::thread::sleep(std::time::Duration::from_secs(2));
    let signalled = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()?;
    if !signalled.success() {
        let _ = child.kill();
        return Err("kill -INT failed".into());
    }
    let output = child.wait_with_output()?;
    check(output.status.code() == Some(130), "exit 130", &output)?;
    let report = read_json(&out.join("ammonia/findings.json"))?;
    check(
        report["interrupted"] == true,
        "interrupted recorded",
        &output,
    )?;
    let cases = report["cases"].as_u64().unwrap_or(0);
    check(
        cases > 0 && cases < 100_000_000,
        "the cases run, not the cases asked for",
        &output,
    )?;
    check(!table.exists(), "no table of an interrupted run", &output)?;
    Ok(())
}

fn misbehaving() -> Result<(), Failed> {
    let temp = tempfile::tempdir()?;
    // A finding archived before, of another signature: it must stay as it is.
    let archive = temp.path().join("corpus/sanitizers");
    std::fs::create_dir_all(&archive)?;
    let earlier = archive.join("0000000000000000.dat");
    std::fs::write(&earlier, "#data\n<p>\n#errors\n#document\n| <p>\n")?;
    let program = engines().join("sanitizers/misbehaving.py");
    let sanitizer = format!("cmd:python3 {}", program.display());
    let args = ["--cases", "80", "--timeout", "500ms"];
    let output = sanitize(temp.path(), &sanitizer, &args);
    check(
        output.status.code() == Some(0),
        "exit 0 whatever the sanitizer did",
        &output,
    )?;
    let report = read_json(&temp.path().join("out/misbehaving/findings.json"))?;
    let signatures: Vec<String> = report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| f["signature"].as_str().unwrap_or("").to_owned())
        .collect();
    for kind in [
        "timeout | misbehaving",
        "crash | misbehaving",
        "bad-output | misbehaving",
        "oversized",
    ] {
        check(
            signatures.iter().any(|s| s.contains(kind)),
            &format!("a finding {kind:?} among {signatures:?}"),
            &output,
        )?;
    }
    // The sanitizer that returns its input is script-capable on some case.
    check(
        signatures
            .iter()
            .any(|s| s.starts_with("sanitized | misbehaving | script-capable")),
        "a script-capable finding",
        &output,
    )?;
    let archived = std::fs::read_dir(&archive)?.count();
    // Again, into the same corpus: nothing archived is lost.
    let again = sanitize(temp.path(), &sanitizer, &args);
    check(again.status.code() == Some(0), "exit 0 again", &again)?;
    check(
        std::fs::read_to_string(&earlier)? == "#data\n<p>\n#errors\n#document\n| <p>\n",
        "the earlier finding kept byte for byte",
        &again,
    )?;
    check(
        std::fs::read_dir(&archive)?.count() >= archived && archived > signatures.len(),
        "every finding still archived",
        &again,
    )?;
    Ok(())
}

fn adapter(name: &str, command: &str) -> Result<(), Failed> {
    let temp = tempfile::tempdir()?;
    let sanitizer = format!("cmd:{command}");
    let output = sanitize(temp.path(), &sanitizer, &["--cases", "100", "--payloads"]);
    check(output.status.code() == Some(0), "exit 0", &output)?;
    let report = read_json(&temp.path().join(format!("out/{name}/findings.json")))?;
    check(
        report["sanitizer"] == name,
        "findings.json names the sanitizer",
        &output,
    )?;
    check(report["cases"] == 100, "100 cases", &output)?;
    check(
        report["version"]
            .as_str()
            .is_some_and(|v| v.chars().any(|c| c.is_ascii_digit())),
        "a version from the adapter's hello",
        &output,
    )?;
    Ok(())
}

/// Runs the confirmation program with `items` (a JSON list of `{id, html}`) in
/// `browser`: its answer.
fn confirm_program(browser: &str, items: &serde_json::Value) -> Result<serde_json::Value, Failed> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let program = engines().join("sanitizers/confirm_in_browser.mjs");
    let mut child = Command::new("node")
        .arg(&program)
        .args(["--browser", browser])
        .current_dir(adapters::repo())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("node {}: {e}", program.display()))?;
    let mut stdin = child.stdin.take().ok_or("stdin")?;
    stdin.write_all(items.to_string().as_bytes())?;
    drop(stdin);
    let output = child.wait_with_output()?;
    check(
        output.status.code() == Some(0),
        &format!("{browser} started and checked every item"),
        &output,
    )?;
    serde_json::from_slice(&output.stdout)
        .map_err(|e| format!("{e}\n{}", adapters::text(&output)).into())
}

/// The marker runs from an event handler inserted by `innerHTML`, not from its escaped
/// text nor from a script element (`innerHTML` never runs those).
fn confirms(browser: &str) -> Result<(), Failed> {
    let items = serde_json::json!([
        {"id": "handler", "html": "<img src=x onerror=litmus_marker()>"},
        {"id": "escaped", "html": "&lt;img src=x onerror=litmus_marker()&gt;"},
        {"id": "script", "html": "<script>litmus_marker()</script>"},
        {"id": "link", "html": "<a href=\"javascript:litmus_marker()\">x</a>"},
    ]);
    let answer = confirm_program(browser, &items)?;
    let results = answer["results"].as_array().ok_or("no results")?;
    let verdict = |id: &str| {
        results
            .iter()
            .find(|r| r["id"] == id)
            .map(|r| (r["ran"].clone(), r["on"].clone(), r["error"].clone()))
    };
    let expected = [
        (
            "handler",
            serde_json::json!(true),
            serde_json::json!("insertion"),
        ),
        ("escaped", serde_json::json!(false), serde_json::Value::Null),
        ("script", serde_json::json!(false), serde_json::Value::Null),
        (
            "link",
            serde_json::json!(true),
            serde_json::json!("interaction"),
        ),
    ];
    for (id, ran, on) in expected {
        let got = verdict(id);
        if got != Some((ran.clone(), on.clone(), serde_json::Value::Null)) {
            return Err(format!(
                "{browser}, {id}: expected ran {ran}, on {on}; got {got:?} in {answer}"
            )
            .into());
        }
    }
    let version = answer["version"].as_str().unwrap_or("");
    if !version.chars().any(|c| c.is_ascii_digit()) {
        return Err(format!("{browser}: no version in {answer}").into());
    }
    Ok(())
}

/// A payload campaign of a sanitizer that returns its input: its script-capable
/// findings' outputs are confirmed in Chromium, and the reports say so.
fn campaign_confirms() -> Result<(), Failed> {
    let temp = tempfile::tempdir()?;
    let program = engines().join("sanitizers/misbehaving.py");
    let sanitizer = format!("cmd:python3 {}", program.display());
    let table = temp.path().join("sanitizers.md").display().to_string();
    let output = sanitize(
        temp.path(),
        &sanitizer,
        &[
            "--cases",
            "80",
            "--seed",
            "5",
            "--payloads",
            "--timeout",
            "500ms",
            "--confirm",
            "chromium",
            "--markdown",
            &table,
        ],
    );
    check(output.status.code() == Some(0), "exit 0", &output)?;
    check(
        stdout(&output).contains("outputs checked in chromium (Chromium "),
        "the confirmation's line",
        &output,
    )?;
    let report = read_json(&temp.path().join("out/misbehaving/findings.json"))?;
    check(
        report["confirmation"][0]["browser"] == "chromium"
            && report["confirmation"][0]["checked"].as_u64() > Some(0),
        "findings.json's confirmation",
        &output,
    )?;
    let findings = report["findings"].as_array().ok_or("no findings")?;
    check(
        findings
            .iter()
            .any(|f| f["what"] == "script-capable" && f["browser_runs"][0]["ran"] == true),
        "a script-capable finding's output ran in Chromium",
        &output,
    )?;
    check(
        findings
            .iter()
            .filter(|f| f["what"] == "failure")
            .all(|f| f["browser_runs"].as_array().is_some_and(|r| r.is_empty())),
        "failures are not inserted anywhere",
        &output,
    )?;
    let markdown = std::fs::read_to_string(&table)?;
    check(
        markdown.contains("| ran in browser |") && markdown.contains("chromium: yes"),
        "the table's column",
        &output,
    )?;
    Ok(())
}

/// `--confirm chromium` with a "browser" that exits at once: a message, exit 0, and
/// every finding written, unconfirmed.
fn browser_cannot_start() -> Result<(), Failed> {
    let temp = tempfile::tempdir()?;
    let program = engines().join("sanitizers/misbehaving.py");
    let output = std::process::Command::new(adapters::litmus())
        .args([
            "sanitize",
            "--sanitizer",
            &format!("cmd:python3 {}", program.display()),
            "--cases",
            "40",
            "--seed",
            "5",
            "--payloads",
            "--timeout",
            "500ms",
            "--jobs",
            "1",
            "--no-archive",
            "--confirm",
            "chromium",
            "--out",
            &temp.path().join("out").display().to_string(),
        ])
        .current_dir(adapters::repo())
        .env("CHROMIUM", "/bin/false")
        .output()?;
    check(output.status.code() == Some(0), "exit 0", &output)?;
    check(
        String::from_utf8_lossy(&output.stderr)
            .contains("misbehaving: not confirmed in chromium: "),
        "a message says why",
        &output,
    )?;
    let report = read_json(&temp.path().join("out/misbehaving/findings.json"))?;
    let findings = report["findings"].as_array().ok_or("no findings")?;
    check(!findings.is_empty(), "the findings written", &output)?;
    check(
        findings
            .iter()
            .all(|f| f["browser_runs"].as_array().is_some_and(|r| r.is_empty())),
        "none confirmed",
        &output,
    )?;
    check(
        report["confirmation"][0]["checked"] == 0
            && report["confirmation"][0]["note"].as_str().is_some(),
        "findings.json says why",
        &output,
    )?;
    Ok(())
}
