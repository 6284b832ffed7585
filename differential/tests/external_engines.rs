//! External engines end to end, through the `litmus` binary: `litmus parse` as a
//! one-shot engine and `litmus serve` as a persistent one agree with the reference; the
//! planted-bug adapter's bug is found and minimized to a few bytes; bad commands and
//! malformed conformance files are bad input; a persistent engine is named by its
//! hello; and, when the example adapters are installed, parse5 and html5lib run
//! through `diff`, `run`, `triage` and `conformance`.
//!
//! The adapter trials need Node.js with parse5 and a Python venv with html5lib
//! (`scripts/setup-engines.sh`). They run when `LITMUS_EXTERNAL_ENGINES=1` (CI sets it
//! after the setup script) and then fail, never skip, if an adapter does not work;
//! without the variable they are listed as ignored, with the reason. The planted-bug
//! trials need only `python3`, which every machine of this project has.

mod adapters;

use adapters::{check, engines, litmus, run_litmus, stdout};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::Path;
use std::process::Output;

/// Set to 1 when the example adapters are installed and their trials must run.
const GATE: &str = "LITMUS_EXTERNAL_ENGINES";

fn main() {
    let args = Arguments::from_args();
    let gated = std::env::var(GATE).is_ok_and(|v| v == "1");
    let mut trials = vec![
        Trial::test(
            "oneshot_litmus_parse_agrees_with_the_reference",
            oneshot_litmus_parse,
        ),
        Trial::test(
            "persistent_litmus_serve_agrees_with_the_reference",
            persistent_litmus_serve,
        ),
        Trial::test("bad_engine_commands_are_bad_input", bad_engine_commands),
        Trial::test("conformance_counts_and_malformed_files", conformance_files),
        Trial::test(
            "planted_bug_is_minimized_to_a_few_bytes",
            planted_bug_minimized,
        ),
        Trial::test("planted_bug_is_found_by_a_campaign", planted_bug_campaign),
        Trial::test(
            "errors_level_compares_nothing_with_an_engine_that_reports_no_errors",
            errors_level_without_errors,
        ),
        Trial::test(
            "a_recorded_chromium_148_is_known_at_its_version_and_at_another_never_new",
            recorded_chromium_versions,
        ),
        Trial::test(
            "a_persistent_engine_is_named_by_its_hello",
            named_by_its_hello,
        ),
    ];
    let adapter_trials = [
        Trial::test(
            "parse5_adapter_diff_and_conformance",
            parse5_diff_and_conformance,
        ),
        Trial::test("parse5_adapter_campaign", parse5_campaign),
        Trial::test("parse5_adapter_errors_level", parse5_errors_level),
        Trial::test("html5lib_adapter_diff", html5lib_diff),
        Trial::test(
            "html5lib_adapter_triage_without_a_name_applies_html5libs_classes",
            html5lib_triage_named_by_its_hello,
        ),
        Trial::test("chromium_adapter_diff_and_campaign", || {
            browser_diff_and_campaign("chromium", "Chromium ")
        }),
        Trial::test("firefox_adapter_diff_and_campaign", || {
            browser_diff_and_campaign("firefox", "Mozilla Firefox ")
        }),
        Trial::test("webkit_adapter_diff_and_campaign", || {
            browser_diff_and_campaign("webkit", "WebKitGTK ")
        }),
        Trial::test("chromium_adapter_scripting_on_documents", || {
            browser_scripting_on_documents("chromium")
        }),
        Trial::test("firefox_adapter_scripting_on_documents", || {
            browser_scripting_on_documents("firefox")
        }),
        Trial::test("webkit_adapter_scripting_on_documents", || {
            browser_scripting_on_documents("webkit")
        }),
        Trial::test("browsers_judge_a_divergence", browsers_judge),
        Trial::test(
            "browser_adapters_blame_a_hang_once_in_a_page_that_answered",
            browser_hang_rule,
        ),
    ];
    for trial in adapter_trials {
        trials.push(trial.with_ignored_flag(!gated));
    }
    if !gated {
        eprintln!(
            "external_engines: the parse5, html5lib and browser adapter trials are ignored: run scripts/setup-engines.sh and scripts/setup-{{chromium,firefox,webkit}}.sh, then set {GATE}=1"
        );
    }
    libtest_mimic::run(&args, trials).exit();
}

/// The browser adapters' hang rule, with a fake browser (`check_hangs.mjs`): a hang
/// is blamed after one limit in a page that had answered, after two in fresh pages,
/// and a request slow in a fresh page only is answered.
fn browser_hang_rule() -> Result<(), Failed> {
    let output = std::process::Command::new("node")
        .arg(engines().join("check_hangs.mjs"))
        .output()
        .map_err(|e| format!("node: {e}"))?;
    let out = stdout(&output);
    check(output.status.success(), "exit 0", &output)?;
    check(
        out.lines().filter(|l| l.starts_with("ok: ")).count() == 6 && !out.contains("FAILED"),
        "six checks, all ok",
        &output,
    )
}

const SAMPLE: &str = "<!DOCTYPE html><table><tr><td>a<b>b<p>c</b>d<template><i>x</i></template><svg xlink:href=y><path/></svg><?pi data><select><option>1<option>2</select>";

fn oneshot_litmus_parse() -> Result<(), Failed> {
    let engine = format!("cmd:'{}' parse", litmus());
    let output = run_litmus(
        &[
            "diff",
            "--engine",
            &engine,
            "--engine-mode",
            "oneshot",
            "--engine-serializes",
        ],
        SAMPLE,
    );
    check(output.status.code() == Some(0), "exit 0", &output)?;
    check(
        stdout(&output).contains("no divergence: litmus and litmus-cmd agree"),
        "no divergence with the engine named litmus-cmd",
        &output,
    )
}

fn persistent_litmus_serve() -> Result<(), Failed> {
    let engine = format!("cmd:'{}' serve", litmus());
    let output = run_litmus(
        &["diff", "--engine", &engine, "--engine-name", "served"],
        SAMPLE,
    );
    check(output.status.code() == Some(0), "exit 0", &output)?;
    check(
        stdout(&output).contains("litmus and served agree"),
        "named served",
        &output,
    )?;
    // html5ever behind the protocol shows html5ever's processing-instruction class.
    let engine = format!("cmd:'{}' serve --engine html5ever", litmus());
    let output = run_litmus(
        &["diff", "--engine", &engine, "--engine-name", "h5e"],
        "<p><?pi x>",
    );
    check(output.status.code() == Some(1), "exit 1", &output)?;
    check(
        stdout(&output).contains("tree | litmus: <?…> | h5e: <!--…--> | in: <p>"),
        "the processing-instruction signature",
        &output,
    )
}

fn bad_engine_commands() -> Result<(), Failed> {
    let output = run_litmus(&["diff", "--engine", "cmd:/nonexistent/engine"], "x");
    check(output.status.code() == Some(2), "exit 2", &output)?;
    check(
        String::from_utf8_lossy(&output.stderr).contains("/nonexistent/engine"),
        "names the program",
        &output,
    )?;
    let output = run_litmus(&["diff", "--engine", "cmd:'unterminated"], "x");
    check(output.status.code() == Some(2), "exit 2 (quoting)", &output)?;
    let output = run_litmus(&["diff", "--engine-mode", "oneshot"], "x");
    check(
        output.status.code() == Some(2),
        "exit 2 (external flags with html5ever)",
        &output,
    )?;
    let output = run_litmus(
        &["diff", "--engine", "cmd:x", "--engine-name", "litmus"],
        "x",
    );
    check(
        output.status.code() == Some(2),
        "exit 2 (a taken name)",
        &output,
    )
}

fn conformance_files() -> Result<(), Failed> {
    let dir = tempfile::tempdir()?;
    let good = dir.path().join("good.dat");
    std::fs::write(
        &good,
        "#data\n<p>One\n#errors\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"One\"\n\n#data\n<b>x\n#errors\n#document-fragment\ntd\n#document\n| <i>\n|   \"x\"\n",
    )?;
    let engine = format!("cmd:'{}' serve", litmus());
    let path = good.to_str().unwrap_or_default();
    let output = run_litmus(&["conformance", path, "--engine", &engine], "");
    check(
        output.status.code() == Some(1),
        "exit 1: a failure",
        &output,
    )?;
    let out = stdout(&output);
    check(out.contains("2 passed, 2 failed"), "the counts", &output)?;
    check(
        out.contains("FAIL good.dat#1 [script-on] (line 11) [fragment td, scripting on]"),
        "the failure's name",
        &output,
    )?;
    check(
        out.contains("-| <i>\n+| <b>"),
        "the failure's diff",
        &output,
    )?;
    let bad = dir.path().join("bad.dat");
    std::fs::write(&bad, "#data\nx\n#errors\n#document\n| x\n#errors\n")?;
    let output = run_litmus(&["conformance", bad.to_str().unwrap_or_default()], "");
    check(
        output.status.code() == Some(2),
        "exit 2: malformed",
        &output,
    )?;
    check(
        String::from_utf8_lossy(&output.stderr).contains("bad.dat:6: "),
        "names the file and line",
        &output,
    )
}

fn planted_bug_engine() -> String {
    format!(
        "cmd:python3 '{}'",
        engines().join("planted_bug.py").display()
    )
}

fn planted_bug_minimized() -> Result<(), Failed> {
    let engine = planted_bug_engine();
    let output = run_litmus(
        &[
            "minimize",
            "--engine",
            &engine,
            "--scripting",
            "on",
            "--corpus",
            "/nonexistent-corpus",
            "--known",
            "corpus/known-differences.toml",
        ],
        "<div id=main><p>Some <b class=\"important x\" title=t>bold</b> text and <i class=c>more</i></p></div>",
    );
    check(output.status.code() == Some(0), "exit 0", &output)?;
    let out = stdout(&output);
    check(
        out.contains("signature: tree | litmus: class=… | planted_bug: "),
        "the planted signature",
        &output,
    )?;
    check(out.contains("class: new"), "a new class", &output)?;
    let input = out
        .lines()
        .find_map(|l| l.strip_prefix("input: "))
        .unwrap_or_default();
    check(
        input.starts_with("\"<b class") && input.len() <= 24,
        "minimized to a few bytes around <b class",
        &output,
    )
}

fn planted_bug_campaign() -> Result<(), Failed> {
    let dir = tempfile::tempdir()?;
    let out = dir.path().join("report");
    let corpus = dir.path().join("corpus");
    let engine = planted_bug_engine();
    let output = run_litmus(
        &[
            "run",
            "--engine",
            &engine,
            "--cases",
            "3000",
            "--seed",
            "7",
            "--jobs",
            "2",
            "--quiet",
            "--no-mutation",
            "--fail-on-new",
            "--out",
            out.to_str().unwrap_or_default(),
            "--corpus",
            corpus.to_str().unwrap_or_default(),
            "--known",
            "corpus/known-differences.toml",
        ],
        "",
    );
    check(
        output.status.code() == Some(1),
        "exit 1: new findings",
        &output,
    )?;
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("findings.json"))?)?;
    let findings = report["findings"].as_array().cloned().unwrap_or_default();
    let planted: Vec<&serde_json::Value> = findings
        .iter()
        .filter(|f| f["engine"] == "planted_bug")
        .filter(|f| f["level"] == "tree" || f["level"] == "fragment")
        .collect();
    check(
        !planted.is_empty(),
        "tree findings for planted_bug",
        &output,
    )?;
    for finding in &planted {
        let signature = finding["signature"].as_str().unwrap_or_default();
        let input = finding["input"].as_str().unwrap_or_default();
        check(
            signature.contains("| litmus: class=… | planted_bug: ")
                && signature.ends_with("in: <b>"),
            &format!("only the planted bug diverges in trees: {signature}"),
            &output,
        )?;
        check(
            input.contains("<b") && input.contains("class") && input.len() <= 40,
            &format!("minimized: {input:?}"),
            &output,
        )?;
    }
    let tree = report["levels"]
        .as_array()
        .and_then(|levels| levels.iter().find(|l| l["level"] == "tree"))
        .cloned()
        .unwrap_or_default();
    let agreement = tree["agreement"].as_f64().unwrap_or(0.0);
    check(
        agreement > 0.9 && agreement < 1.0,
        &format!("a tree agreement below 1: {agreement}"),
        &output,
    )?;
    let summary = std::fs::read_to_string(out.join("summary.md"))?;
    check(
        summary.contains("Agreement of `planted_bug` with the reference `litmus`: tree "),
        "the summary's agreement line",
        &output,
    )
}

// --- The example adapters (gated) ------------------------------------------------

fn require(path: &Path, what: &str) -> Result<(), Failed> {
    if path.exists() {
        Ok(())
    } else {
        Err(format!(
            "{GATE}=1 but {what} is missing ({}): run scripts/setup-engines.sh",
            path.display()
        )
        .into())
    }
}

fn parse5_engine() -> Result<String, Failed> {
    require(
        &engines().join("node_modules/parse5/package.json"),
        "the parse5 npm package",
    )?;
    Ok(format!(
        "cmd:node '{}'",
        engines().join("parse5.mjs").display()
    ))
}

fn parse5_diff_and_conformance() -> Result<(), Failed> {
    let engine = parse5_engine()?;
    let output = run_litmus(
        &["diff", "--engine", &engine, "--scripting", "on"],
        "<p>x<?pi data>",
    );
    check(output.status.code() == Some(1), "exit 1", &output)?;
    let out = stdout(&output);
    check(
        out.contains("== tree | litmus: <?…> | parse5: <!--…--> | in: <p> [known: parse5-no-processing-instructions]"),
        "the processing-instruction class, known",
        &output,
    )?;
    for mode in ["persistent", "oneshot"] {
        let output = run_litmus(
            &[
                "diff",
                "--engine",
                &engine,
                "--engine-mode",
                mode,
                "--scripting",
                "off",
            ],
            "<table><tr><td>a<b>b</table><template><i>x</i></template><svg xlink:href=y><path/></svg>",
        );
        check(
            output.status.code() == Some(0),
            &format!("parse5 ({mode}) agrees on markup both standards parse alike"),
            &output,
        )?;
    }
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("t.dat");
    std::fs::write(
        &file,
        "#data\n<p>One<p>Two\n#errors\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"One\"\n|     <p>\n|       \"Two\"\n\n#data\n<path/>\n#errors\n#document-fragment\nsvg svg\n#document\n| <svg path>\n",
    )?;
    let output = run_litmus(
        &[
            "conformance",
            file.to_str().unwrap_or_default(),
            "--engine",
            &engine,
        ],
        "",
    );
    check(output.status.code() == Some(0), "all pass", &output)?;
    check(
        stdout(&output).contains("conformance of parse5: 4 passed, 0 failed"),
        "the counts",
        &output,
    )
}

fn parse5_campaign() -> Result<(), Failed> {
    let engine = parse5_engine()?;
    let dir = tempfile::tempdir()?;
    let out = dir.path().join("report");
    let corpus = dir.path().join("corpus");
    let output = run_litmus(
        &[
            "run",
            "--engine",
            &engine,
            "--cases",
            "400",
            "--seed",
            "1",
            "--jobs",
            "2",
            // Not --quiet: the whole summary, agreement lines included.
            "--no-mutation",
            "--out",
            out.to_str().unwrap_or_default(),
            "--corpus",
            corpus.to_str().unwrap_or_default(),
            "--known",
            "corpus/known-differences.toml",
        ],
        "",
    );
    check(output.status.code() == Some(0), "exit 0", &output)?;
    check(
        stdout(&output).contains("agreement of parse5 with the reference (litmus):"),
        "the agreement lines",
        &output,
    )?;
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("findings.json"))?)?;
    check(report["other"]["name"] == "parse5", "named parse5", &output)?;
    let known = report["findings"]
        .as_array()
        .map(|f| {
            f.iter()
                .filter(|f| {
                    f["class"]
                        .as_str()
                        .is_some_and(|c| c.starts_with("parse5-"))
                })
                .count()
        })
        .unwrap_or(0);
    check(known > 0, "findings of parse5's known classes", &output)
}

/// A campaign at `levels` against `engine`: its findings.json.
fn errors_campaign(engine: &str, cases: &str) -> Result<(serde_json::Value, Output), Failed> {
    let dir = tempfile::tempdir()?;
    let out = dir.path().join("report");
    let corpus = dir.path().join("corpus");
    let output = run_litmus(
        &[
            "run",
            "--engine",
            engine,
            "--levels",
            "tree,fragment,errors",
            "--cases",
            cases,
            "--seed",
            "1",
            "--jobs",
            "2",
            "--no-mutation",
            "--quiet",
            "--out",
            out.to_str().unwrap_or_default(),
            "--corpus",
            corpus.to_str().unwrap_or_default(),
            "--known",
            "corpus/known-differences.toml",
        ],
        "",
    );
    check(output.status.code() == Some(0), "exit 0", &output)?;
    let report = serde_json::from_str(&std::fs::read_to_string(out.join("findings.json"))?)?;
    Ok((report, output))
}

/// The level's count in a findings.json, if the level was compared.
fn level_count<'a>(report: &'a serde_json::Value, level: &str) -> Option<&'a serde_json::Value> {
    report["levels"]
        .as_array()?
        .iter()
        .find(|l| l["level"] == level)
}

/// `litmus serve` answers the protocol without an `errors` list (as every adapter
/// older than the errors level): the level compares nothing, and nothing fails.
fn errors_level_without_errors() -> Result<(), Failed> {
    let engine = format!("cmd:'{}' serve", litmus());
    let (report, output) = errors_campaign(&engine, "60")?;
    check(
        level_count(&report, "tree").is_some(),
        "the tree level compared",
        &output,
    )?;
    check(
        level_count(&report, "errors").is_none(),
        "no errors compared",
        &output,
    )?;
    let findings = report["findings"].as_array().map_or(0, Vec::len);
    check(findings == 0, "no findings", &output)
}

/// parse5's adapter reports its errors: a campaign compares them for every document
/// and finds parse5's known error classes (processing instruction errors, …).
fn parse5_errors_level() -> Result<(), Failed> {
    let engine = parse5_engine()?;
    let (report, output) = errors_campaign(&engine, "1000")?;
    let errors = level_count(&report, "errors");
    let tree = level_count(&report, "tree");
    check(
        errors.is_some() && errors.map(|e| &e["compared"]) == tree.map(|t| &t["compared"]),
        "every document's errors compared",
        &output,
    )?;
    let classes: Vec<&str> = report["findings"]
        .as_array()
        .map(|f| {
            f.iter()
                .filter(|f| f["level"] == "errors")
                .filter_map(|f| f["class"].as_str())
                .collect()
        })
        .unwrap_or_default();
    check(
        classes.contains(&"parse5-no-processing-instructions"),
        "the processing instruction errors, known",
        &output,
    )?;
    check(
        report["findings"].as_array().is_some_and(|f| {
            f.iter()
                .all(|f| f["level"] != "errors" || f["class"].is_string())
        }),
        "every errors finding classified",
        &output,
    )
}

/// `litmus serve --engine html5ever` says hello as `html5ever`: the engine is named
/// `html5ever-cmd` (a built-in engine's name with `-cmd`), not `litmus-cmd` after its
/// program; `--engine-name` still wins.
fn named_by_its_hello() -> Result<(), Failed> {
    let engine = format!("cmd:'{}' serve --engine html5ever", litmus());
    let output = run_litmus(&["diff", "--engine", &engine], "<p>x");
    check(output.status.code() == Some(0), "exit 0", &output)?;
    check(
        stdout(&output).contains("no divergence: litmus and html5ever-cmd agree"),
        "the engine named html5ever-cmd, after its hello",
        &output,
    )?;
    let output = run_litmus(
        &["diff", "--engine", &engine, "--engine-name", "given"],
        "<p>x",
    );
    check(
        stdout(&output).contains("no divergence: litmus and given agree"),
        "--engine-name names it",
        &output,
    )
}

/// The documented adapter command, without `--engine-name`: the adapter's hello names
/// it `html5lib`, so html5lib's known classes classify what triage finds.
fn html5lib_triage_named_by_its_hello() -> Result<(), Failed> {
    let python = engines().join(".venv/bin/python");
    require(&python, "the examples/engines/.venv virtual environment")?;
    let dir = tempfile::tempdir()?;
    let mut files = Vec::new();
    // html5lib 1.1 has no processing instructions and the older <select>.
    for (name, input) in [("pi", "<?t>"), ("select", "<select><button>x")] {
        let path = dir.path().join(name);
        std::fs::write(&path, input)?;
        files.push(path.display().to_string());
    }
    let out = dir.path().join("report");
    let engine =
        "cmd:examples/engines/.venv/bin/python examples/engines/html5lib_adapter.py".to_owned();
    let mut args = vec![
        "triage",
        "--target",
        "parse",
        "--engine",
        &engine,
        "--out",
        out.to_str().expect("a UTF-8 path"),
    ];
    args.extend(files.iter().map(String::as_str));
    let output = run_litmus(&args, "");
    let said = stdout(&output);
    check(
        said.contains("2 findings (0 new)"),
        "both findings known",
        &output,
    )?;
    check(
        said.contains("known (html5lib-no-processing-instructions)")
            && said.contains("| html5lib: "),
        "classified by html5lib's classes, the engine named html5lib",
        &output,
    )
}

fn html5lib_diff() -> Result<(), Failed> {
    let python = engines().join(".venv/bin/python");
    require(&python, "the examples/engines/.venv virtual environment")?;
    let engine = format!(
        "cmd:'{}' '{}'",
        python.display(),
        engines().join("html5lib_adapter.py").display()
    );
    let output = run_litmus(
        &[
            "diff",
            "--engine",
            &engine,
            "--engine-name",
            "html5lib",
            "--scripting",
            "on",
        ],
        "<p>x<b>y</p>z",
    );
    check(output.status.code() == Some(0), "html5lib agrees", &output)?;
    let output = run_litmus(
        &[
            "diff",
            "--engine",
            &engine,
            "--engine-name",
            "html5lib",
            "--fragment",
            "svg path",
        ],
        "x",
    );
    check(output.status.code() == Some(1), "exit 1", &output)?;
    check(
        stdout(&output)
            .contains("unsupported | html5lib: only HTML fragment contexts are supported"),
        "an SVG context is unsupported",
        &output,
    )
}

/// The recorded engine of `tests/data/recorded_engine.py` answering as Chromium 148
/// did (`tests/data/chromium-148.json`), named `chromium`, its hello saying `version`
/// (the recording's when `None`).
fn recorded_chromium(version: Option<&str>) -> String {
    let mut command = "python3 differential/tests/data/recorded_engine.py \
                       differential/tests/data/chromium-148.json"
        .to_owned();
    if let Some(version) = version {
        command.push_str(&format!(" '{version}'"));
    }
    let spec = serde_json::json!({
        "command": command,
        "name": "chromium",
        "mode": "persistent",
        "timeout_ms": 10_000,
    });
    format!("cmd:{spec}")
}

/// Chromium 148 on the two behaviours that differ from 156 (a processing instruction
/// becomes a bogus comment, and CDATA at an SVG integration point too): fed through
/// the campaign's triage path (`litmus triage`, each input as a document in both
/// scripting modes), with a recorded version string and recorded outputs, under the
/// browsers' classes. At the recorded version (148) both are known, at their
/// version; at 156, which these classes exclude, both are known at another version;
/// neither is ever new, and each finding records the version its engine said.
fn recorded_chromium_versions() -> Result<(), Failed> {
    let dir = tempfile::tempdir()?;
    let inputs = [
        (
            "pi",
            "<p><?t>",
            "chromium-processing-instruction-is-a-bogus-comment",
        ),
        (
            "cdata",
            "<svg><foreignobject><![CDATA[]",
            "chromium-cdata-at-an-integration-point-is-a-bogus-comment",
        ),
    ];
    let mut artifacts = Vec::new();
    for (name, input, _) in inputs {
        let path = dir.path().join(name);
        std::fs::write(&path, input)?;
        artifacts.push(path.display().to_string());
    }
    let versions = [
        (
            "Chromium 148.0.7778.167 built on Debian GNU/Linux 12 (bookworm), headless, over the DevTools pipe",
            None,
            "known",
        ),
        (
            "Chromium 156.0.8078.114 built on Debian GNU/Linux 12 (bookworm), headless, over the DevTools pipe",
            Some("Chromium 156.0.8078.114 built on Debian GNU/Linux 12 (bookworm), headless, over the DevTools pipe"),
            "at-another-version",
        ),
    ];
    for (i, (version, given, status)) in versions.into_iter().enumerate() {
        let out = dir.path().join(format!("report-{i}"));
        let engine = recorded_chromium(given);
        let mut args = vec![
            "triage",
            "--target",
            "parse",
            "--engine",
            &engine,
            "--known",
            "corpus/browser-classes.toml",
            "--out",
            out.to_str().unwrap_or_default(),
        ];
        args.extend(artifacts.iter().map(String::as_str));
        let output = run_litmus(&args, "");
        check(output.status.success(), "litmus triage exits 0", &output)?;
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("findings.json"))?)?;
        check(
            report["other"]["version"] == version,
            &format!("the report names the engine's version {version:?}"),
            &output,
        )?;
        let findings = report["findings"].as_array().cloned().unwrap_or_default();
        for (_, input, class) in inputs {
            let shown: Vec<&serde_json::Value> =
                findings.iter().filter(|f| f["input"] == input).collect();
            check(
                !shown.is_empty(),
                &format!("a finding for {input:?}"),
                &output,
            )?;
            for finding in shown {
                check(
                    finding["class"] == class
                        && finding["status"] == status
                        && finding["engine_version"] == version,
                    &format!(
                        "{input:?}: {class}, {status}, at {version}; found {}",
                        serde_json::to_string(finding).unwrap_or_default()
                    ),
                    &output,
                )?;
            }
        }
        check(
            !findings.iter().any(|f| f["status"] == "new"),
            "no new finding",
            &output,
        )?;
        let summary = std::fs::read_to_string(out.join("summary.md"))?;
        let elsewhere = summary.contains("(at another version)");
        check(
            elsewhere == (status == "at-another-version"),
            "summary.md says which classes hold at another version",
            &output,
        )?;
    }
    Ok(())
}

/// A browser (`--engine NAME`, its adapter in examples/engines): the tree of a plain
/// document and of a fragment agree with the reference's in both scripting modes (the
/// fragment with scripting on: Firefox parses every fragment so), and a short
/// campaign runs, its report naming the browser's version (which starts with
/// `version`) and every finding recording it.
fn browser_diff_and_campaign(name: &str, version: &str) -> Result<(), Failed> {
    for scripting in ["on", "off"] {
        let output = run_litmus(
            &["diff", "--engine", name, "--scripting", scripting],
            "<!DOCTYPE html><p>One<p>Two<table><td>x</table><svg><path/></svg>",
        );
        check(
            output.status.success() && stdout(&output).contains("no divergence"),
            &format!("{name} agrees on a plain document, scripting {scripting}"),
            &output,
        )?;
    }
    let output = run_litmus(
        &[
            "diff",
            "--engine",
            name,
            "--fragment",
            "td",
            "--scripting",
            "on",
        ],
        "a<b>c</b><template><i>t</i></template>",
    );
    check(
        output.status.success() && stdout(&output).contains("no divergence"),
        &format!("{name} agrees on a fragment"),
        &output,
    )?;
    let dir = tempfile::tempdir()?;
    let out = dir.path().join("report");
    let output = run_litmus(
        &[
            "run",
            "--engine",
            name,
            "--cases",
            "60",
            "--seed",
            "1",
            "--jobs",
            "1",
            "--quiet",
            "--no-mutation",
            "--out",
            out.to_str().unwrap_or_default(),
            "--known",
            "corpus/known-differences.toml",
        ],
        "",
    );
    check(output.status.success(), "the campaign exits 0", &output)?;
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("findings.json"))?)?;
    let said = report["other"]["version"].as_str().unwrap_or_default();
    check(
        report["other"]["name"] == name && said.starts_with(version) && report["cases"] == 60,
        &format!("60 cases of {name}, its version {said:?}"),
        &output,
    )?;
    for finding in report["findings"].as_array().cloned().unwrap_or_default() {
        let engine = finding["engine"].as_str().unwrap_or_default();
        let recorded = finding["engine_version"].as_str().unwrap_or_default();
        check(
            (engine == name && recorded == said) || (engine == "litmus" && !recorded.is_empty()),
            &format!("a finding of {engine} records its version: {recorded:?}"),
            &output,
        )?;
    }
    Ok(())
}

/// A browser's scripting-on documents where DOMParser, which Chromium's and WebKit's
/// page uses for most of them (examples/engines/browser_page.mjs), would answer
/// differently from document.write into the page's iframe: `noscript` in the body and in
/// the head (raw text only with scripting on), whitespace written as character
/// references in text-only input (kept by Chromium's and WebKit's DOMParser), and a
/// declarative shadow root (attached in the iframe's document only). Each must be
/// answered as document.write answers it: as the reference parses, and with a
/// `#shadow-root` line for the last.
fn browser_scripting_on_documents(name: &str) -> Result<(), Failed> {
    let agreeing = [
        "<noscript><p>x</p></noscript>",
        "<head><noscript><p>x</noscript>",
        "&#x20;&#x20;a",
    ];
    for input in agreeing {
        let output = run_litmus(&["diff", "--engine", name, "--scripting", "on"], input);
        check(
            output.status.success() && stdout(&output).contains("no divergence"),
            &format!("{name} parses {input:?} with scripting on as document.write does"),
            &output,
        )?;
    }
    let output = run_litmus(
        &["diff", "--engine", name, "--scripting", "on"],
        "<div><template shadowrootmode=open><b>s</b></template></div>",
    );
    check(
        stdout(&output).contains("#shadow-root (open)"),
        &format!("{name} attaches a declarative shadow root with scripting on"),
        &output,
    )
}

/// `litmus diff --judges browsers` on html5ever's missing processing instructions:
/// each browser says which side it takes (Chromium 156 parses them as the standard
/// does; Firefox and WebKit, without them, side with html5ever).
fn browsers_judge() -> Result<(), Failed> {
    let output = run_litmus(
        &["diff", "--judges", "browsers", "--scripting", "on"],
        "<p><?t>",
    );
    let said = stdout(&output);
    check(
        output.status.code() == Some(1)
            && said.contains("chromium sides with litmus")
            && said.contains("firefox sides with html5ever")
            && said.contains("webkit sides with html5ever"),
        "each browser's side",
        &output,
    )
}
