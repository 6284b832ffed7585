//! The three further example engines of `scripts/setup-more-engines.sh`, end to end
//! through the `litmus` binary: lexbor (selectolax), gumbo (html5-parser) and Go's
//! golang.org/x/net/html, each persistent and one-shot, on markup every engine parses
//! alike, on an input one of its known classes covers, and (lexbor) in a short
//! campaign.
//!
//! They need `scripts/setup-more-engines.sh` (a Python venv, Debian's Go and x/net).
//! They run when `LITMUS_MORE_ENGINES=1` and then fail, never skip, if an adapter does
//! not work; without the variable they are listed as ignored and a line on stderr
//! says so.

mod adapters;

use adapters::{check, engines, run_litmus, stdout};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::Path;

/// Set to 1 when the further adapters are installed and their trials must run.
const GATE: &str = "LITMUS_MORE_ENGINES";

fn main() {
    let args = Arguments::from_args();
    let gated = std::env::var(GATE).is_ok_and(|v| v == "1");
    let trials = vec![
        Trial::test("lexbor_adapter_diff", lexbor_diff),
        Trial::test("lexbor_adapter_campaign", lexbor_campaign),
        Trial::test("gumbo_adapter_diff", gumbo_diff),
        Trial::test("go_html_adapter_diff", go_html_diff),
    ];
    let trials: Vec<Trial> = trials
        .into_iter()
        .map(|trial| trial.with_ignored_flag(!gated))
        .collect();
    if !gated {
        eprintln!(
            "more_engines: SKIPPED, the lexbor, gumbo and go-html adapter trials are ignored: run scripts/setup-more-engines.sh, then set {GATE}=1"
        );
    }
    libtest_mimic::run(&args, trials).exit();
}

fn require(path: &Path, what: &str) -> Result<(), Failed> {
    if path.exists() {
        Ok(())
    } else {
        Err(format!(
            "{GATE}=1 but {what} is missing ({}): run scripts/setup-more-engines.sh",
            path.display()
        )
        .into())
    }
}

/// The command of a Python adapter in the venv of setup-more-engines.sh.
fn python_engine(script: &str) -> Result<String, Failed> {
    let python = engines().join(".venv-more/bin/python");
    require(
        &python,
        "the examples/engines/.venv-more virtual environment",
    )?;
    Ok(format!(
        "cmd:'{}' '{}'",
        python.display(),
        engines().join(script).display()
    ))
}

/// Markup the standard and all three engines parse alike: tables, formatting,
/// template contents, SVG with an XLink attribute, MathML, a comment and a doctype.
const COMMON: &str = "<!DOCTYPE html><!--c--><table><tr><td>a<b>b</table><template><i>x</i></template><svg xlink:href=y viewbox='0 0 1 1'><path/><foreignObject><p>z</p></foreignObject></svg><math><mi>m</mi></math>";

/// `diff` of COMMON agrees in each mode; so do fragments in each context.
fn agrees(
    engine: &str,
    name: &str,
    scripting: &str,
    modes: &[&str],
    contexts: &[&str],
) -> Result<(), Failed> {
    for &mode in modes {
        let output = run_litmus(
            &[
                "diff",
                "--engine",
                engine,
                "--engine-name",
                name,
                "--engine-mode",
                mode,
                "--scripting",
                scripting,
            ],
            COMMON,
        );
        check(
            output.status.code() == Some(0),
            &format!("{name} ({mode}) agrees on markup every engine parses alike"),
            &output,
        )?;
    }
    for &context in contexts {
        let output = run_litmus(
            &[
                "diff",
                "--engine",
                engine,
                "--engine-name",
                name,
                "--fragment",
                context,
                "--scripting",
                scripting,
            ],
            "x<b>y</b><svg><path/></svg>",
        );
        check(
            output.status.code() == Some(0),
            &format!("{name} agrees in a {context} fragment"),
            &output,
        )?;
    }
    Ok(())
}

/// `diff` of `input` differs, in a known class of the engine.
fn known(engine: &str, name: &str, input: &str, class: &str) -> Result<(), Failed> {
    let output = run_litmus(
        &[
            "diff",
            "--engine",
            engine,
            "--engine-name",
            name,
            "--scripting",
            "off",
        ],
        input,
    );
    check(output.status.code() == Some(1), "exit 1", &output)?;
    check(
        stdout(&output).contains(&format!("[known: {class}]")),
        &format!("the known class {class}"),
        &output,
    )
}

fn lexbor_diff() -> Result<(), Failed> {
    let engine = python_engine("lexbor_adapter.py")?;
    let modes = ["persistent", "oneshot"];
    agrees(&engine, "lexbor", "on", &modes, &["td", "svg svg"])?;
    agrees(&engine, "lexbor", "off", &modes, &["td", "svg svg"])?;
    // An attribute named `"` before text: lexbor's html5test lines `"=""` (the
    // attribute) and `"="` (the text) are read as the tree has them.
    let output = run_litmus(
        &[
            "diff",
            "--engine",
            &engine,
            "--engine-name",
            "lexbor",
            "--scripting",
            "off",
        ],
        "<s/\">=<p>=<m a=''\">=</m>",
    );
    check(
        output.status.code() == Some(0),
        "lexbor agrees on an attribute named `\"` before text",
        &output,
    )?;
    known(
        &engine,
        "lexbor",
        "<svg><script>></script>",
        "lexbor-serializes-foreign-raw-text-elements-raw",
    )
}

fn lexbor_campaign() -> Result<(), Failed> {
    let engine = python_engine("lexbor_adapter.py")?;
    let dir = tempfile::tempdir()?;
    let out = dir.path().join("report");
    let corpus = dir.path().join("corpus");
    let output = run_litmus(
        &[
            "run",
            "--engine",
            &engine,
            "--engine-name",
            "lexbor",
            "--cases",
            "300",
            "--seed",
            "1",
            "--jobs",
            "2",
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
        stdout(&output).contains("agreement of lexbor with the reference (litmus):"),
        "the agreement lines",
        &output,
    )?;
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("findings.json"))?)?;
    check(report["other"]["name"] == "lexbor", "named lexbor", &output)?;
    let version = report["other"]["version"].as_str().unwrap_or_default();
    check(
        version.starts_with("lexbor ") && version.contains("selectolax"),
        "the hello's version",
        &output,
    )
}

fn gumbo_diff() -> Result<(), Failed> {
    let engine = python_engine("gumbo_adapter.py")?;
    // Persistent only: litmus probes a one-shot engine with scripting on, which the
    // gumbo adapter refuses (a one-shot program can only refuse by failing).
    agrees(&engine, "gumbo", "off", &["persistent"], &["td", "svg svg"])?;
    // gumbo has no scripting flag: scripting on is refused, not answered wrongly.
    let output = run_litmus(
        &[
            "diff",
            "--engine",
            &engine,
            "--engine-name",
            "gumbo",
            "--scripting",
            "on",
        ],
        "<noscript><p>x</noscript>",
    );
    check(output.status.code() == Some(1), "exit 1", &output)?;
    check(
        stdout(&output).contains("unsupported | gumbo: gumbo has no scripting flag"),
        "scripting on is unsupported",
        &output,
    )?;
    known(
        &engine,
        "gumbo",
        "<p>\u{80}",
        "gumbo-replaces-controls-and-noncharacters",
    )
}

fn go_html_diff() -> Result<(), Failed> {
    let binary = engines().join("go-html/go-html-engine");
    require(&binary, "the go-html-engine binary")?;
    let engine = format!("cmd:'{}'", binary.display());
    // Not an SVG context: x/net/html keeps HTML elements in the context's namespace
    // there (go-html-breakout-in-a-fragment-follows-the-older-text).
    let modes = ["persistent", "oneshot"];
    agrees(&engine, "go-html", "on", &modes, &["td", "math mi"])?;
    agrees(&engine, "go-html", "off", &modes, &["td", "math mi"])?;
    known(
        &engine,
        "go-html",
        "<p>x<?pi data>",
        "go-html-no-processing-instructions",
    )
}
