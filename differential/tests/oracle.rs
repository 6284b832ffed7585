//! litmus as an oracle for a parser of one's own, as docs/engines.md walks through it
//! with the toy engine (`examples/engines/toy/toy_engine.py`, Python's standard
//! library only, written from that document): `litmus engine check` names the first
//! rule of the tree dump an adapter breaks, the toy reaches no divergence on input it
//! parses right, a level an engine gives nothing for is "not compared" (never
//! agreement), and an adapter that fails to start shows its whole stderr.

mod common;

use common::{litmus, text, workspace_root};
use std::fs;
use std::path::PathBuf;

fn python() -> &'static str {
    "python3"
}

fn toy() -> String {
    format!(
        "cmd:{} {}",
        python(),
        workspace_root()
            .join("examples/engines/toy/toy_engine.py")
            .display()
    )
}

fn tests1() -> PathBuf {
    litmus_test_data::html5lib_tests().join("tree-construction/tests1.dat")
}

#[test]
fn the_toy_engine_breaks_no_dump_rule() {
    // tests1.dat, and doctype01.dat's DOCTYPEs without a name or with identifiers (the
    // toy's first version crashed on `<!DOCTYPE >`).
    let output = litmus()
        .args(["engine", "check", &toy()])
        .arg(tests1())
        .arg(litmus_test_data::html5lib_tests().join("tree-construction/doctype01.dat"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(
        stdout.contains("dump rules: every dump follows the 12 rules"),
        "{stdout}"
    );
    assert!(stdout.contains(" agree with the expected tree"), "{stdout}");
    assert!(stdout.contains(", 0 engine failures"), "{stdout}");
}

#[test]
fn engine_check_names_the_first_rule_an_adapter_breaks() {
    let temp = tempfile::tempdir().unwrap();
    // The toy engine with one mistake: texts are never merged.
    let adapter = temp.path().join("unmerged.py");
    fs::write(
        &adapter,
        format!(
            "import sys\nsys.path.insert(0, {:?})\nimport toy_engine\n\
             def insert(self, node):\n    self.parent().children.append(node)\n\
             toy_engine.TreeBuilder.insert = insert\ntoy_engine.main()\n",
            workspace_root()
                .join("examples/engines/toy")
                .display()
                .to_string()
        ),
    )
    .unwrap();
    let output = litmus()
        .args(["engine", "check"])
        .arg(format!("cmd:{} {}", python(), adapter.display()))
        .arg(tests1())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    assert!(
        stdout.contains("dump rule 8 (adjacent text) is broken first in tests1.dat#"),
        "{stdout}"
    );
    assert!(
        stdout.contains("the rule: adjacent text nodes are one text"),
        "{stdout}"
    );
}

#[test]
fn the_toy_engine_agrees_on_input_it_parses_right() {
    let inputs = [
        "<!DOCTYPE html><title>T</title><p class=x id=a>Hello &amp; <b>bold</b> text</p>",
        "<div><p>one</span>two</p><!-- c --><template><b>in</b></template></div>",
        "<svg><path xlink:href=\"#a\" d=\"M0\"/><g><rect/></g></svg><p>after</p>",
        "<ul><li>a</li><li>b &lt; c</li></ul><br><img src=x alt=y>",
        "<p zeta=1 alpha=2 Beta=3 zeta=4>x</p>",
    ];
    let temp = tempfile::tempdir().unwrap();
    for (i, input) in inputs.iter().enumerate() {
        let file = temp.path().join(format!("{i}.html"));
        fs::write(&file, input).unwrap();
        for options in [
            &["--scripting", "on"][..],
            &["--scripting", "off"],
            &["--fragment", "div"],
        ] {
            let output = litmus()
                .current_dir(temp.path())
                .args(["diff", "--engine", &toy()])
                .args(options)
                .arg(&file)
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert_eq!(
                output.status.code(),
                Some(0),
                "{input} {options:?}: {}",
                text(&output)
            );
            assert!(!stdout.contains("NEW"), "{stdout}");
            assert!(stdout.contains("no divergence"), "{stdout}");
        }
    }
}

#[test]
fn an_engine_without_a_serializer_is_not_compared_at_serialization() {
    let temp = tempfile::tempdir().unwrap();
    let out = temp.path().join("toy");
    let output = litmus()
        .current_dir(temp.path())
        .args(["run", "--engine", &toy(), "--cases", "200", "--seed", "1"])
        .args(["--jobs", "1", "--no-mutation", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(stdout.contains("serialization  not compared"), "{stdout}");
    let report: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("findings.json")).unwrap()).unwrap();
    let levels = report["levels"].as_array().unwrap();
    let serialization = levels
        .iter()
        .find(|l| l["level"] == "serialization")
        .expect("the serialization level is listed");
    assert_eq!(serialization["compared"], 0, "{serialization}");
    assert!(serialization["agreement"].is_null(), "{serialization}");
    // Only the reference's round trips ran: at most one per case.
    let round_trip = levels.iter().find(|l| l["level"] == "round-trip").unwrap();
    assert!(
        round_trip["compared"].as_u64().unwrap() <= 200,
        "{round_trip}"
    );
    let summary = fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(
        summary.contains("| serialization | 0 | 0 | not compared |"),
        "{summary}"
    );
}

#[test]
fn a_failed_start_shows_the_whole_stderr() {
    let temp = tempfile::tempdir().unwrap();
    let adapter = temp.path().join("broken.py");
    fs::write(
        &adapter,
        "import sys\nprint('loading the parser from ./vendor', file=sys.stderr)\n\
         print('ModuleNotFoundError: No module named myparser', file=sys.stderr)\n\
         print('see the README for the set-up', file=sys.stderr)\nsys.exit(1)\n",
    )
    .unwrap();
    let output = litmus()
        .current_dir(temp.path())
        .args(["diff", "--engine"])
        .arg(format!("cmd:{} {}", python(), adapter.display()))
        .args(["--scripting", "on", "-"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    for line in [
        "loading the parser from ./vendor",
        "ModuleNotFoundError: No module named myparser",
        "see the README for the set-up",
    ] {
        assert!(stderr.contains(line), "{line:?} missing: {stderr}");
    }
}

#[test]
fn a_failed_start_with_a_long_stderr_shows_its_end_up_to_the_bound() {
    // 100 KiB of stderr before the cause on its last line: the message holds the cause
    // and the last 8 KiB (limits::MAX_START_STDERR_BYTES), not the whole flood.
    let temp = tempfile::tempdir().unwrap();
    let adapter = temp.path().join("noisy.py");
    fs::write(
        &adapter,
        "import sys\nprint('the first line of many', file=sys.stderr)\n\
         for i in range(2000):\n    print('loading module %04d of the parser' % i + '.' * 20, file=sys.stderr)\n\
         print('ImportError: the cause, on the last line', file=sys.stderr)\nsys.exit(1)\n",
    )
    .unwrap();
    let output = litmus()
        .current_dir(temp.path())
        .args(["diff", "--engine"])
        .arg(format!("cmd:{} {}", python(), adapter.display()))
        .args(["--scripting", "on", "-"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert!(
        stderr.contains("ImportError: the cause, on the last line"),
        "{stderr}"
    );
    assert!(stderr.contains("(its last 8192 bytes of "), "{stderr}");
    assert!(!stderr.contains("the first line of many"), "{stderr}");
    // The bound, indentation and the message's own words included.
    assert!(stderr.len() < 8192 + 2048, "{} bytes", stderr.len());
    assert!(
        stderr.contains("loading module 1999 of the parser"),
        "{stderr}"
    );
}
