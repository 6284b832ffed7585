//! The `litmus` command line, end to end: every command on good input, and on bad
//! input — missing files, folders where files belong, malformed data files, unknown
//! engines, conflicting or malformed flags — a clear message on stderr that names the
//! problem, exit status 2, no panic, and nothing archived touched (the corpus folder
//! is checksummed before and after every bad command, and no reports folder appears).
//!
//! [`every_command_is_covered`] reads `litmus help` and fails for a command this file
//! does not cover yet: add its good and bad inputs here.

mod common;

use common::workspace_root;
use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The commands covered below, as `litmus help` lists them.
const COVERED: &[&str] = &[
    "run",
    "parse",
    "diff",
    "minimize",
    "corpus",
    "serve",
    "conformance",
    "bench",
    "triage",
    "case",
    "report",
    "table",
    "class",
    "engine",
    "mutants",
    "sanitize",
    "help",
];

/// A JUnit XML file's test cases (`classname name`), after checking that the file is
/// well-formed and its suite and cases carry the attributes CI systems read.
fn junit_test_cases(xml: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    let suite = doc
        .descendants()
        .find(|n| n.has_tag_name("testsuite"))
        .expect("a testsuite");
    for attribute in ["name", "tests", "failures", "time", "timestamp", "hostname"] {
        assert!(
            suite.attribute(attribute).is_some(),
            "no {attribute}: {xml}"
        );
    }
    doc.descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .map(|case| {
            assert!(case.attribute("time").is_some(), "no time: {xml}");
            format!(
                "{} {}",
                case.attribute("classname").unwrap(),
                case.attribute("name").unwrap()
            )
        })
        .collect()
}

/// A folder with a corpus (the project's known differences and one archived finding)
/// and files good and bad.
struct Fixture {
    temp: tempfile::TempDir,
}

impl Fixture {
    fn new() -> Fixture {
        let temp = tempfile::tempdir().unwrap();
        let fixture = Fixture { temp };
        let corpus = fixture.path("corpus");
        fs::create_dir_all(&corpus).unwrap();
        fs::copy(
            workspace_root().join("corpus/known-differences.toml"),
            corpus.join("known-differences.toml"),
        )
        .unwrap();
        fixture.write("ok.html", b"<p>calm</p>");
        fixture.write("pi.html", b"<p><?target data?>");
        fixture.write("latin1.html", b"caf\xe9 \xff\xfe");
        fs::create_dir_all(fixture.path("folder")).unwrap();
        // Known differences, malformed three ways.
        fixture.write(
            "bad/unquoted.toml",
            b"[[class]]\nid = \"x\"\nengine = html5ever\n",
        );
        fixture.write("bad/missing-field.toml", b"[[class]]\nid = \"x\"\n");
        fixture.write("bad/unknown-table.toml", b"\n\n[[klass]]\nid = \"x\"\n");
        // An archive with a torn file (no #description), and one whose second test
        // has no #document.
        fixture.write(
            "torn/divergences/0123456789abcdef.dat",
            b"#data\n<p>\n#errors\n#document\n| <html>\n",
        );
        fixture.write("torn/known-differences.toml", b"");
        fixture.write(
            "conformance/good.dat",
            b"#data\n<p>x\n#errors\n(1,3): expected-doctype-but-got-start-tag\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"x\"\n",
        );
        fixture.write(
            "conformance/bad.dat",
            b"#data\n<p>x\n#errors\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"x\"\n\n#data\n<p>\n#errors\n#frobnicate\n",
        );
        fixture.write(
            "conformance/good.test",
            br#"{"tests": [{"description": "x", "input": "a", "output": [["Character", "a"]]}]}"#,
        );
        fixture.write(
            "conformance/syntax.test",
            b"{\"tests\": [\n{\"description\": \"x\",\n \"input\": \"a\",\n \"output\": []\n}\n,,]}",
        );
        fixture.write(
            "conformance/no-input.test",
            br#"{"tests": [{"description": "x", "output": []}]}"#,
        );
        fixture.write("conformance/notes.txt", b"not a test file");
        fixture.write(
            "conformance/latin1.dat",
            b"#data\n\xe9\n#errors\n#document\n",
        );
        fixture.write("artifacts/parse/crash-1", b"<p><?t d?>");
        // One archived finding, made by the command line itself.
        let output = fixture.litmus(&["minimize", "--archive", "pi.html"], None);
        assert!(output.status.success(), "{}", text(&output));
        assert_eq!(fs::read_dir(corpus.join("divergences")).unwrap().count(), 1);
        fixture
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.temp.path().join(relative)
    }

    fn write(&self, relative: &str, bytes: &[u8]) {
        let path = self.path(relative);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, bytes).unwrap();
    }

    /// Runs `litmus ARGS` in the fixture's folder, with `stdin` (or none).
    fn litmus(&self, args: &[&str], stdin: Option<&[u8]>) -> Output {
        let mut child = Command::new(env!("CARGO_BIN_EXE_litmus"))
            .args(args)
            .current_dir(self.temp.path())
            // No mutation corpus, no html5lib data: the runs stay small.
            .env("HTML5LIB_TESTS", self.path("no-html5lib-tests"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        if let Some(bytes) = stdin {
            let _ = input.write_all(bytes);
        }
        drop(input);
        child.wait_with_output().unwrap()
    }

    /// Every file under the corpus folder and its bytes.
    fn corpus_checksum(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        let mut files = BTreeMap::new();
        let mut stack = vec![self.path("corpus")];
        while let Some(dir) = stack.pop() {
            for entry in fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    files.insert(path.clone(), fs::read(&path).unwrap());
                }
            }
        }
        files
    }

    /// `litmus ARGS` is bad input: exit status 2, a message on stderr holding every
    /// one of `expected`, no panic, the corpus untouched, no reports written.
    fn assert_bad_input(&self, args: &[&str], stdin: Option<&[u8]>, expected: &[&str]) {
        let before = self.corpus_checksum();
        let output = self.litmus(args, stdin);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(2),
            "litmus {args:?}: exit status {:?}\n{}",
            output.status,
            text(&output)
        );
        for part in expected {
            assert!(
                stderr.contains(part),
                "litmus {args:?}: the message does not say {part:?}:\n{stderr}"
            );
        }
        assert!(
            !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
            "litmus {args:?} panicked:\n{stderr}"
        );
        assert!(
            self.corpus_checksum() == before,
            "litmus {args:?} changed the corpus"
        );
        assert!(
            !self.path("reports").exists(),
            "litmus {args:?} wrote reports"
        );
        let first = stderr.lines().next().unwrap_or("");
        println!("litmus {} -> 2: {first}", args.join(" "));
    }
}

fn text(output: &Output) -> String {
    format!(
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn frame(json: &str) -> Vec<u8> {
    let mut bytes = (json.len() as u32).to_be_bytes().to_vec();
    bytes.extend_from_slice(json.as_bytes());
    bytes
}

#[test]
fn every_command_is_covered() {
    let output = Command::new(env!("CARGO_BIN_EXE_litmus"))
        .arg("help")
        .output()
        .unwrap();
    assert!(output.status.success());
    let help = String::from_utf8_lossy(&output.stdout);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        // A command's line, not the continuation of a wrapped description.
        .filter(|l| !l[2..].starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(commands.len() >= 5, "cannot read the commands of:\n{help}");
    for command in &commands {
        assert!(
            COVERED.contains(command),
            "`litmus {command}` is not covered by differential/tests/cli.rs: add its good and bad inputs"
        );
    }
}

/// `litmus sanitize`: a short campaign against ammonia writes its reports and, with
/// `--fail-on-script`, exits 0 when no output was script-capable; an unknown
/// sanitizer and a missing `--sanitizer` are bad input.
#[test]
fn sanitize_good_and_bad() {
    let f = Fixture::new();
    let out = f.path("sanitizers");
    let out_text = out.display().to_string();
    let output = f.litmus(
        &[
            "sanitize",
            "--sanitizer",
            "ammonia",
            "--cases",
            "50",
            "--jobs",
            "1",
            "--no-archive",
            "--fail-on-script",
            "--out",
            &out_text,
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(
        out.join("ammonia/findings.json").exists(),
        "{}",
        text(&output)
    );
    assert!(out.join("ammonia/summary.md").exists(), "{}", text(&output));
    let output = f.litmus(&["sanitize", "--sanitizer", "no-such-sanitizer"], None);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert!(
        text(&output).contains("no-such-sanitizer"),
        "{}",
        text(&output)
    );
    let output = f.litmus(&["sanitize", "--cases", "5"], None);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    // A sanitizer is no parser: `litmus diff --engine ammonia` is bad input.
    let output = f.litmus(&["diff", "--engine", "ammonia"], Some(b"<p>"));
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert!(
        text(&output).contains("is a sanitizer"),
        "{}",
        text(&output)
    );
}

/// `litmus mutants`: the list of mutants, every build has them; an unknown mutant,
/// or a variant's id, is bad input.
#[test]
fn mutants_list_and_bad_input() {
    let f = Fixture::new();
    let output = f.litmus(&["mutants", "--list"], None);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(
        stdout.contains("adoption-agency") && stdout.lines().count() == 66,
        "{stdout}"
    );
    for bad in ["no-such-mutant", "older-select"] {
        let output = f.litmus(&["mutants", "--only", bad, "--cases", "10"], None);
        assert_eq!(output.status.code(), Some(2), "{}", text(&output));
        assert!(text(&output).contains(bad), "{}", text(&output));
    }
}

/// `litmus class show` and `class list`: the built-in classes, a file's added, and bad
/// input.
#[test]
fn class_show_and_list() {
    let f = Fixture::new();
    let output = f.litmus(
        &["class", "show", "html5ever-no-processing-instructions"],
        None,
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    for needed in [
        "class:       html5ever-no-processing-instructions",
        "right:       reference (litmus follows the standard; html5ever and html5gum do not)",
        "spec:        https://html.spec.whatwg.org/#processing-instruction-open-state",
        "upstream:    https://github.com/servo/html5ever/issues/789",
        "signatures:",
    ] {
        assert!(stdout.contains(needed), "{needed:?} in {stdout}");
    }
    // A class's versions and its own conditions are shown as the file gives them.
    let output = f.litmus(
        &["class", "show", "input-type-from-a-dropped-duplicate"],
        None,
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    for needed in [
        "versions:    go-html < 0.55.0; lexbor >= 0",
        "locus:       tree.in-body.start-tag-input, tree.in-table.*",
        "passes:      start tag input@tokenizer.attribute-name.duplicate-attribute",
    ] {
        assert!(stdout.contains(needed), "{needed:?} in {stdout}");
    }
    let output = f.litmus(&["class", "list", "--engine", "parse5"], None);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("parse5-no-relaxed-select ")),
        "{stdout}"
    );
    assert!(
        !stdout.lines().any(|l| l.starts_with("html5ever-")),
        "{stdout}"
    );
    assert!(
        !String::from_utf8_lossy(&output.stderr).contains("no class names"),
        "{}",
        text(&output)
    );
    // A misspelt engine: the classes of every engine, and a line saying it has none.
    let output = f.litmus(&["class", "list", "--engine", "html5evr"], None);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(
        stderr.contains("no class names the engine html5evr (the engines with classes: ")
            && stderr.contains(" html5ever, "),
        "{stderr}"
    );
    std::fs::write(
        f.path("mine.toml"),
        "[[class]]\nid = \"mine\"\nengine = \"my-parser\"\nsignatures = [\"tree | *\"]\n\
         explanation = \"my parser's own\"\nspec = \"https://html.spec.whatwg.org/#tree-construction\"\n\
         right = \"other\"\n",
    )
    .unwrap();
    let output = f.litmus(&["class", "list", "--known", "mine.toml"], None);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("my parser's own"), "{stdout}");
    assert!(
        stdout.contains("html5ever-no-processing-instructions"),
        "{stdout}"
    );
    let output = f.litmus(
        &["class", "list", "--known", "mine.toml", "--known-only"],
        None,
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).lines().count(),
        1,
        "{}",
        text(&output)
    );
    f.assert_bad_input(
        &["class", "show", "no-such-class"],
        None,
        &["no known class \"no-such-class\""],
    );
    f.assert_bad_input(
        &["class", "list", "--known", "bad/unquoted.toml"],
        None,
        &["bad/unquoted.toml", "line 3"],
    );
    f.assert_bad_input(&["class", "list", "--known-only"], None, &["--known"]);
}

/// `litmus engine check` on bad input; its good input is `differential/tests/oracle.rs`'s.
#[test]
fn engine_check_bad_input() {
    let f = Fixture::new();
    f.assert_bad_input(
        &["engine", "check", "nope"],
        None,
        &["unknown engine \"nope\""],
    );
    f.assert_bad_input(
        &["engine", "check", "litmus", "missing.dat"],
        None,
        &["missing.dat", "does not exist"],
    );
    f.assert_bad_input(
        &["engine", "check", "litmus"],
        None,
        &["no-html5lib-tests", "scripts/fetch-html5lib-tests.sh"],
    );
    f.assert_bad_input(
        &["engine", "check", "litmus", "ok.html"],
        None,
        &["neither a tree-construction"],
    );
}

/// `litmus table` on bad input; its good input is `differential/tests/table.rs`'s.
#[test]
fn table_bad_input() {
    let f = Fixture::new();
    f.assert_bad_input(
        &["table", "--engines", "nope"],
        None,
        &["unknown engine \"nope\"", "html5ever, parse5, html5lib"],
    );
    f.assert_bad_input(
        &["table", "--engines", "html5ever,html5ever"],
        None,
        &["html5ever is named twice"],
    );
    // An engine named must be installed: none of the adapters are, in this folder.
    f.assert_bad_input(
        &["table", "--engines", "html5ever,parse5"],
        None,
        &["parse5 is not installed", "scripts/setup-engines.sh"],
    );
    f.assert_bad_input(&["table", "--cases", "0"], None, &["--cases"]);
    f.assert_bad_input(
        &[
            "table",
            "--engines",
            "html5ever",
            "--out",
            "ok.html/parsers.md",
        ],
        None,
        &["ok.html", "not a folder"],
    );
}

#[test]
fn unknown_commands_and_flags() {
    let f = Fixture::new();
    f.assert_bad_input(
        &["frobnicate"],
        None,
        &["unrecognized subcommand 'frobnicate'"],
    );
    f.assert_bad_input(&[], None, &["Usage: litmus <COMMAND>"]);
    f.assert_bad_input(
        &["parse", "--bogus"],
        None,
        &["unexpected argument '--bogus'"],
    );
}

#[test]
fn parse_good_and_bad() {
    let f = Fixture::new();
    let output = f.litmus(&["parse", "ok.html"], None);
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("|     <p>"));
    let output = f.litmus(&["parse", "--output", "json", "-"], Some(b"<td>x"));
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(json["errors"].as_array().is_some_and(|e| !e.is_empty()));
    let output = f.litmus(
        &["parse", "--fragment", "svg path", "--output", "html"],
        Some(b"<b>"),
    );
    assert!(output.status.success(), "{}", text(&output));

    f.assert_bad_input(
        &["parse", "missing.html"],
        None,
        &["missing.html", "No such file"],
    );
    f.assert_bad_input(&["parse", "folder"], None, &["folder is a directory"]);
    f.assert_bad_input(
        &["parse", "latin1.html"],
        None,
        &["latin1.html is not UTF-8", "byte 3"],
    );
    f.assert_bad_input(
        &["parse", "-"],
        Some(b"\xff"),
        &["standard input is not UTF-8"],
    );
    for context in ["", "svg ", "a b", "math  mi"] {
        f.assert_bad_input(
            &["parse", "--fragment", context, "ok.html"],
            None,
            &["bad fragment context", &format!("{context:?}")],
        );
    }
    f.assert_bad_input(
        &["parse", "--scripting", "maybe", "ok.html"],
        None,
        &["'maybe'"],
    );
    f.assert_bad_input(&["parse", "--output", "xml", "ok.html"], None, &["'xml'"]);

    // Bytes: the encoding sniffing algorithm, shown with --output json.
    let output = f.litmus(
        &["parse", "--bytes", "--output", "json", "latin1.html"],
        None,
    );
    assert!(output.status.success(), "{}", text(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["encoding"]["name"], "windows-1252");
    assert_eq!(json["encoding"]["source"]["kind"], "default");
    let output = f.litmus(
        &["parse", "--encoding", "utf-16le", "--output", "json", "-"],
        Some(b"<\0p\0>\0"),
    );
    assert!(output.status.success(), "{}", text(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["encoding"]["source"]["kind"], "transport-layer");
    assert!(json["tree"].as_str().unwrap().contains("<p>"));
    f.assert_bad_input(
        &["parse", "--encoding", "klingon", "ok.html"],
        None,
        &["--encoding \"klingon\" is not an encoding label"],
    );
    f.assert_bad_input(
        &["parse", "--bytes", "--fragment", "td", "ok.html"],
        None,
        &["cannot be used with"],
    );
}

#[test]
fn diff_and_minimize_good_and_bad() {
    let f = Fixture::new();
    let output = f.litmus(&["diff", "ok.html"], None);
    assert!(output.status.success(), "{}", text(&output));
    let output = f.litmus(&["diff", "--fragment", "td", "pi.html"], None);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    let output = f.litmus(&["minimize", "-"], Some(b"<div><?t d?></div>"));
    assert!(output.status.success(), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stdout)
        .contains("class: html5ever-no-processing-instructions"));

    for command in ["diff", "minimize"] {
        f.assert_bad_input(&[command, "missing.html"], None, &["missing.html"]);
        f.assert_bad_input(&[command, "folder"], None, &["folder is a directory"]);
        f.assert_bad_input(&[command, "latin1.html"], None, &["not UTF-8"]);
        f.assert_bad_input(
            &[command, "--engine", "nope", "ok.html"],
            None,
            &["unknown engine \"nope\""],
        );
        f.assert_bad_input(
            &[command, "--engine", "cmd:", "ok.html"],
            None,
            &["engine", "cmd:"],
        );
        f.assert_bad_input(
            &[command, "--engine-mode", "oneshot", "ok.html"],
            None,
            &["are for cmd: engines"],
        );
        f.assert_bad_input(
            &[command, "--fragment", "x y", "ok.html"],
            None,
            &["bad fragment context \"x y\""],
        );
        f.assert_bad_input(
            &[command, "--known", "bad/unquoted.toml", "ok.html"],
            None,
            &["bad/unquoted.toml", "line 3"],
        );
        f.assert_bad_input(
            &[command, "--known", "bad/missing-field.toml", "ok.html"],
            None,
            &["bad/missing-field.toml", "line 1", "missing field"],
        );
        f.assert_bad_input(
            &[command, "--known", "bad/unknown-table.toml", "ok.html"],
            None,
            &["bad/unknown-table.toml", "line 3", "klass"],
        );
        f.assert_bad_input(
            &[command, "--known", "folder", "ok.html"],
            None,
            &["folder", "cannot read"],
        );
        f.assert_bad_input(
            &[command, "--corpus", "nowhere", "ok.html"],
            None,
            &["nowhere/known-differences.toml", "cannot read"],
        );
        f.assert_bad_input(
            &[command, "--timeout", "soon", "ok.html"],
            None,
            &["'soon'"],
        );
    }
    f.assert_bad_input(
        &[
            "minimize",
            "--archive",
            "--corpus",
            "torn/divergences/0123456789abcdef.dat",
            "pi.html",
        ],
        None,
        &["known-differences.toml"],
    );
}

#[test]
fn run_good_and_bad() {
    let f = Fixture::new();
    let output = f.litmus(
        &[
            "run", "--cases", "30", "--seed", "1", "--jobs", "1", "--out", "out/run",
        ],
        None,
    );
    assert!(output.status.success(), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("litmus run "));
    assert!(f.path("out/run/findings.json").is_file());
    let output = f.litmus(
        &[
            "run",
            "--bytes",
            "--cases",
            "30",
            "--seed",
            "1",
            "--jobs",
            "1",
            "--out",
            "out/bytes",
        ],
        None,
    );
    assert!(output.status.success(), "{}", text(&output));
    assert!(f.path("out/bytes/findings.json").is_file());

    let bad: &[(&[&str], &[&str])] = &[
        (
            &["run", "--cases", "5", "--time", "1s"],
            &["'--cases <CASES>' cannot be used with '--time <TIME>'"],
        ),
        (
            &["run", "--shard", "3/2"],
            &["bad shard \"3/2\": need 0 <= I < N"],
        ),
        (&["run", "--shard", "1/0"], &["bad shard \"1/0\""]),
        (&["run", "--shard", "x"], &["bad shard \"x\": write I/N"]),
        (&["run", "--shard", "-1/2"], &["unexpected argument '-1'"]),
        (&["run", "--jobs", "0"], &["'--jobs <JOBS>'", "from 1 to"]),
        // Numeric flags near 2^64 and zero time limits: range-checked, exit 2.
        (
            &["run", "--jobs", "100000"],
            &["'--jobs <JOBS>'", "per core"],
        ),
        (
            &["run", "--time", "18446744073709551615s"],
            &["'--time <TIME>'", "at most a year"],
        ),
        (
            &["run", "--timeout", "18446744073709551615s"],
            &["'--timeout <TIMEOUT>'", "at most 1h"],
        ),
        (
            &["run", "--timeout", "0s"],
            &["'--timeout <TIMEOUT>'", "a time limit of zero"],
        ),
        (
            &["diff", "--timeout", "0s", "ok.html"],
            &["a time limit of zero"],
        ),
        (
            &["triage", "--timeout", "0s", "ok.html"],
            &["a time limit of zero"],
        ),
        (
            &["run", "--max-bytes", "18446744073709551615"],
            &["'--max-bytes <MAX_BYTES>'", "16 MiB"],
        ),
        (
            &["bench", "--max-kib", "18446744073709551615"],
            &["'--max-kib <MAX_KIB>'"],
        ),
        (
            &["bench", "--sizes", "100"],
            &["'--sizes <SIZES>'", "1..=12"],
        ),
        (
            &["bench", "--campaign", "--repeat", "0"],
            &["'--repeat <REPEAT>'", "1..=20"],
        ),
        (&["bench", "--repeat", "3"], &["--repeat is for --campaign"]),
        (&["run", "--cases", "many"], &["'many'"]),
        (&["run", "--time", "forever"], &["'forever'"]),
        (
            &["run", "--weights", "bogus=3"],
            &["bad --weights", "unknown family \"bogus\""],
        ),
        (
            &["run", "--weights", "adoption"],
            &["bad --weights", "expected name=number"],
        ),
        (&["run", "--max-bytes", "0"], &["'--max-bytes <MAX_BYTES>'"]),
        (&["run", "--engine", "nope"], &["unknown engine \"nope\""]),
        (
            &["run", "--engine", "html5ever", "--engine-serializes"],
            &["are for cmd: engines"],
        ),
        (
            &["run", "--known", "bad/unquoted.toml"],
            &["bad/unquoted.toml", "line 3"],
        ),
        (
            &["run", "--known", "missing.toml"],
            &["missing.toml", "cannot read"],
        ),
        (
            &["run", "--corpus", "nowhere"],
            &["nowhere/known-differences.toml"],
        ),
        (
            &["run", "--corpus", "ok.html"],
            &["ok.html/known-differences.toml"],
        ),
        (
            &["run", "--out", "ok.html", "--cases", "3"],
            &["--out ok.html: is not a folder"],
        ),
    ];
    for (args, expected) in bad {
        f.assert_bad_input(args, None, expected);
    }
    // An archive folder that is a file.
    f.write("filecorpus/divergences", b"");
    fs::copy(
        f.path("corpus/known-differences.toml"),
        f.path("filecorpus/known-differences.toml"),
    )
    .unwrap();
    f.assert_bad_input(
        &[
            "run",
            "--corpus",
            "filecorpus",
            "--archive",
            "filecorpus/divergences",
            "--cases",
            "3",
        ],
        None,
        &["filecorpus/divergences"],
    );
}

#[test]
fn corpus_good_and_bad() {
    let f = Fixture::new();
    let output = f.litmus(&["corpus", "check"], None);
    assert!(output.status.success(), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stdout)
        .contains("corpus check: 1 findings, 0 reference trees changed, 0 malformed"));
    let output = f.litmus(&["corpus", "check", "--junit", "corpus.xml"], None);
    assert!(output.status.success(), "{}", text(&output));
    let xml = fs::read_to_string(f.path("corpus.xml")).unwrap();
    let cases = junit_test_cases(&xml);
    assert_eq!(cases.len(), 1, "{xml}");
    assert!(
        cases[0].starts_with("corpus ") && cases[0].ends_with(".dat"),
        "{cases:?}"
    );
    fs::create_dir_all(f.path("other")).unwrap();
    let output = f.litmus(
        &["corpus", "merge", "corpus/divergences", "--corpus", "other"],
        None,
    );
    assert!(output.status.success(), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("merged 1 findings"));

    f.assert_bad_input(
        &["corpus", "check", "--corpus", "torn"],
        None,
        &[
            "torn/divergences/0123456789abcdef.dat",
            "line 1",
            "#description",
        ],
    );
    f.assert_bad_input(
        &["corpus", "check", "--corpus", "nowhere"],
        None,
        &["nowhere/divergences", "no such folder"],
    );
    f.assert_bad_input(
        &["corpus", "check", "--corpus", "ok.html"],
        None,
        &["ok.html/divergences"],
    );
    f.assert_bad_input(
        &["corpus", "check", "--engine", "nope"],
        None,
        &["unknown engine \"nope\""],
    );
    f.assert_bad_input(
        &["corpus", "merge", "torn/divergences"],
        None,
        &[
            "torn/divergences/0123456789abcdef.dat",
            "line 1",
            "#description",
        ],
    );
    f.assert_bad_input(
        &["corpus", "merge", "nowhere"],
        None,
        &["nowhere: no such folder"],
    );
    f.assert_bad_input(
        &["corpus", "merge", "ok.html"],
        None,
        &["ok.html: is not a folder"],
    );
    f.assert_bad_input(&["corpus", "merge"], None, &["<DIR>"]);
    f.assert_bad_input(&["corpus"], None, &["Usage: litmus corpus <COMMAND>"]);
    // Merging into a corpus whose archive folder is a file.
    f.write("filecorpus/divergences", b"");
    f.assert_bad_input(
        &[
            "corpus",
            "merge",
            "corpus/divergences",
            "--corpus",
            "filecorpus",
        ],
        None,
        &["filecorpus/divergences"],
    );
}

#[test]
fn conformance_good_and_bad() {
    let f = Fixture::new();
    for file in ["conformance/good.dat", "conformance/good.test"] {
        let output = f.litmus(&["conformance", file], None);
        assert!(output.status.success(), "{}", text(&output));
        assert!(String::from_utf8_lossy(&output.stdout).contains(" 0 failed"));
    }
    // Tree construction closes with its parse errors' counts; one error more than the
    // file lists fails the run.
    let output = f.litmus(&["conformance", "conformance/good.dat"], None);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        stdout.ends_with("tree-construction errors: 2 passed, 0 failed\n"),
        "{stdout}"
    );
    f.write(
        "conformance/errors.dat",
        b"#data\n<p>x\n#errors\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"x\"\n",
    );
    let output = f.litmus(&["conformance", "conformance/errors.dat"], None);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        stdout.contains("FAIL errors.dat#0 [script-on] errors (line 1)"),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("tree-construction errors: 0 passed, 2 failed\n"),
        "{stdout}"
    );
    let output = f.litmus(
        &[
            "conformance",
            "--junit",
            "conformance.xml",
            "conformance/good.dat",
            "conformance/good.test",
        ],
        None,
    );
    assert!(output.status.success(), "{}", text(&output));
    let xml = fs::read_to_string(f.path("conformance.xml")).unwrap();
    let cases = junit_test_cases(&xml);
    assert_eq!(
        cases,
        [
            "conformance.good.dat good.dat#0 [script-on]",
            "conformance.good.dat good.dat#0 [script-off]",
            "conformance.good.dat good.dat#0 [script-on] errors",
            "conformance.good.dat good.dat#0 [script-off] errors",
            "conformance.good.test good.test#0 \"x\" [Data state]",
        ]
    );
    // The default folder is missing: the message says where the data come from.
    f.assert_bad_input(
        &["conformance"],
        None,
        &["no-html5lib-tests", "scripts/fetch-html5lib-tests.sh"],
    );
    f.assert_bad_input(
        &["conformance", "conformance/bad.dat"],
        None,
        &["conformance/bad.dat:11", "no #document"],
    );
    f.assert_bad_input(
        &["conformance", "conformance/syntax.test"],
        None,
        &["conformance/syntax.test:6", "not JSON"],
    );
    f.assert_bad_input(
        &["conformance", "conformance/no-input.test"],
        None,
        &["conformance/no-input.test", "\"input\""],
    );
    f.assert_bad_input(
        &["conformance", "conformance/latin1.dat"],
        None,
        &["conformance/latin1.dat", "UTF-8"],
    );
    // Another engine's tokenizer runs the tokenizer files, tokens only; an engine
    // without one, or a tokenizer without a tree builder given a .dat file, is refused.
    for engine in ["html5ever", "html5gum"] {
        let output = f.litmus(
            &["conformance", "--engine", engine, "conformance/good.test"],
            None,
        );
        assert!(output.status.success(), "{}", text(&output));
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            stdout.contains(&format!("conformance of {engine}: 1 passed, 0 failed"))
                && stdout.ends_with(
                    "gives tokens only; the default engine, litmus, has its own compared)\n"
                ),
            "{stdout}"
        );
    }
    f.assert_bad_input(
        &[
            "conformance",
            "--engine",
            "chaos",
            "conformance/good.test",
            "conformance/good.dat",
        ],
        None,
        &["tokenizer tests need a tokenizer", "chaos offers none"],
    );
    f.assert_bad_input(
        &[
            "conformance",
            "--engine",
            "html5gum",
            "conformance/good.dat",
        ],
        None,
        &["html5gum offers a tokenizer and no tree builder"],
    );
    f.assert_bad_input(
        &["conformance", "conformance/notes.txt"],
        None,
        &["conformance/notes.txt", "neither"],
    );
    f.assert_bad_input(&["conformance", "missing.dat"], None, &["missing.dat"]);
    f.assert_bad_input(
        &["conformance", "folder"],
        None,
        &["no .dat or .test files in folder"],
    );
    f.assert_bad_input(
        &["conformance", "--engine", "nope", "conformance/good.dat"],
        None,
        &["unknown engine \"nope\""],
    );
    f.assert_bad_input(
        &[
            "conformance",
            "--max-failures",
            "some",
            "conformance/good.dat",
        ],
        None,
        &["'some'"],
    );
}

#[test]
fn bench_good_and_bad() {
    let f = Fixture::new();
    let output = f.litmus(
        &[
            "bench",
            "--quick",
            "--only",
            "fuzz",
            "--cases",
            "10",
            "--no-memory",
        ],
        None,
    );
    assert!(output.status.success(), "{}", text(&output));
    f.assert_bad_input(
        &["bench", "--only", "nothing"],
        None,
        &["unknown section \"nothing\""],
    );
    f.assert_bad_input(
        &["bench", "--families", "nope", "--quick"],
        None,
        &["unknown family \"nope\""],
    );
    f.assert_bad_input(
        &["bench", "--docs", "nowhere", "--only", "pages"],
        None,
        &["--docs nowhere: no such folder"],
    );
    f.assert_bad_input(
        &["bench", "--docs", "ok.html", "--only", "pages"],
        None,
        &["--docs ok.html: is not a folder"],
    );
    f.assert_bad_input(&["bench", "--target", "soon"], None, &["'soon'"]);
}

#[test]
fn bench_campaign_repeats_its_rounds_and_gives_their_median() {
    let f = Fixture::new();
    let output = f.litmus(
        &[
            "bench",
            "--campaign",
            "--cases",
            "100",
            "--seed",
            "3",
            "--jobs",
            "1",
            "--repeat",
            "2",
        ],
        None,
    );
    assert!(output.status.success(), "{}", text(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let rounds: Vec<&str> = stdout.lines().filter(|l| l.starts_with("round ")).collect();
    assert_eq!(rounds, ["round 1 of 2:", "round 2 of 2:"], "{stdout}");
    assert_eq!(
        stdout
            .lines()
            .filter(|l| l.starts_with("harness efficiency: "))
            .count(),
        2,
        "{stdout}"
    );
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("harness efficiency, median of 2 rounds: "),
        "{stdout}"
    );
}

#[test]
fn triage_good_and_bad() {
    let f = Fixture::new();
    let output = f.litmus(
        &["triage", "--out", "out/triage", "artifacts/parse/crash-1"],
        None,
    );
    assert!(output.status.success(), "{}", text(&output));
    assert!(f.path("out/triage/findings.json").is_file());

    f.assert_bad_input(
        &["triage", "missing/crash-1"],
        None,
        &["cannot read missing/crash-1"],
    );
    f.assert_bad_input(&["triage", "folder"], None, &["folder is a directory"]);
    f.assert_bad_input(
        &["triage", "ok.html"],
        None,
        &["cannot tell which fuzz target wrote ok.html"],
    );
    f.assert_bad_input(
        &["triage", "--target", "nope", "ok.html"],
        None,
        &["unknown fuzz target \"nope\""],
    );
    f.assert_bad_input(
        &["triage", "--engine", "nope", "artifacts/parse/crash-1"],
        None,
        &["unknown engine \"nope\""],
    );
    f.assert_bad_input(
        &[
            "triage",
            "--known",
            "bad/unquoted.toml",
            "artifacts/parse/crash-1",
        ],
        None,
        &["bad/unquoted.toml", "line 3"],
    );
    f.assert_bad_input(
        &["triage", "--out", "ok.html", "artifacts/parse/crash-1"],
        None,
        &["--out ok.html: is not a folder"],
    );
    f.assert_bad_input(&["triage"], None, &["<ARTIFACT>"]);
}

#[test]
fn serve_good_and_bad() {
    let f = Fixture::new();
    let request =
        frame(r#"{"id": 7, "input": "<p>Hello<td>", "fragment": null, "scripting": true}"#);
    let output = f.litmus(&["serve"], Some(&request));
    assert!(output.status.success(), "{}", text(&output));
    // Protocol 2: a hello, then the reply.
    let mut frames = Vec::new();
    let mut rest = &output.stdout[..];
    while rest.len() >= 4 {
        let len = u32::from_be_bytes([rest[0], rest[1], rest[2], rest[3]]) as usize;
        let json: serde_json::Value = serde_json::from_slice(&rest[4..4 + len]).unwrap();
        frames.push(json);
        rest = &rest[4 + len..];
    }
    assert_eq!(frames.len(), 2, "{frames:?}");
    assert_eq!(frames[0]["protocol"], 2);
    assert!(frames[0]["version"]
        .as_str()
        .is_some_and(|v| v.starts_with("litmus-parser")));
    let json = &frames[1];
    assert_eq!(json["id"], 7);
    assert!(json["tree"]
        .as_str()
        .is_some_and(|t| t.contains("|     <p>")));

    f.assert_bad_input(
        &["serve", "--engine", "nope"],
        None,
        &["unknown engine \"nope\""],
    );
    // What is wrong with a request is said from serve's side: its standard input
    // (at 52a1373: "the engine wrote text … a persistent engine writes only frames").
    for (bad, said) in [
        (
            &b"garbage"[..],
            "standard input holds text where a request frame belongs",
        ),
        (
            &request[..request.len() - 3],
            "standard input ended inside a request frame",
        ),
    ] {
        let output = f.litmus(&["serve"], Some(bad));
        assert_eq!(output.status.code(), Some(2), "{}", text(&output));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(said), "{stderr}");
        assert!(!stderr.contains("engine wrote"), "{stderr}");
    }
}

/// findings.json records what the case stream depends on, and `litmus case` gives a
/// campaign's case back by its index; a campaign without html5lib data says so.
#[test]
fn case_good_and_bad() {
    let f = Fixture::new();
    let output = f.litmus(
        &[
            "run", "--cases", "300", "--seed", "3", "--jobs", "1", "--out", "out/run",
        ],
        None,
    );
    assert!(output.status.success(), "{}", text(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    for part in [
        "warning: no html5lib-tests data",
        "$HTML5LIB_TESTS",
        "scripts/fetch-html5lib-tests.sh",
    ] {
        assert!(stderr.contains(part), "{part}: {stderr}");
    }
    let summary = fs::read_to_string(f.path("out/run/summary.md")).unwrap();
    assert!(
        summary.contains("> **Warning**: no html5lib-tests data"),
        "{summary}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(f.path("out/run/findings.json")).unwrap())
            .unwrap();
    let generation = &json["generation"];
    assert_eq!(
        generation["generator_version"],
        litmus_differential::generator::GENERATOR_VERSION,
        "{generation}"
    );
    let sources = &generation["mutation_sources"];
    assert_eq!(sources["html5lib"], serde_json::Value::Null);
    assert_eq!(sources["html5lib_inputs"], 0);
    assert_eq!(
        sources["corpus_inputs"], 1,
        "the fixture's one archived finding"
    );
    assert_eq!(sources["sha256"].as_str().unwrap().len(), 64);
    assert!(json["warnings"][0].as_str().unwrap().contains("html5lib"));

    // Every finding's original input is its case, regenerated by index.
    let findings = json["findings"].as_array().unwrap();
    assert!(!findings.is_empty(), "300 cases found nothing");
    for finding in findings.iter().take(5) {
        let index = finding["origin"]["case_index"]
            .as_u64()
            .unwrap()
            .to_string();
        let output = f.litmus(&["case", "--from", "out/run/findings.json", &index], None);
        assert!(output.status.success(), "{}", text(&output));
        assert_eq!(
            String::from_utf8(output.stdout.clone()).unwrap(),
            finding["original_input"].as_str().unwrap(),
            "case {index}"
        );
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(&format!("case {index} of seed 3"))
        );
        // The reports folder does as well as its findings.json.
        let again = f.litmus(&["case", "--from", "out/run", &index], None);
        assert_eq!(again.stdout, output.stdout);
    }
    // The same stream from the seed alone.
    let index = findings[0]["origin"]["case_index"]
        .as_u64()
        .unwrap()
        .to_string();
    let output = f.litmus(&["case", "--seed", "3", &index], None);
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        findings[0]["original_input"].as_str().unwrap()
    );

    // Another corpus: the mutation sources differ, and it says so. A case that
    // mutates an input is then not the campaign's (exit 1); one that does not is.
    let family_of = |index: u64| -> String {
        let output = f.litmus(&["case", "--from", "out/run", &index.to_string()], None);
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        let rest = stderr.split("family ").nth(1).unwrap().to_owned();
        rest.split(',').next().unwrap().to_owned()
    };
    let mutated = (0..200)
        .find(|&i| family_of(i) == "mutation")
        .unwrap()
        .to_string();
    let generated = (0..200)
        .find(|&i| family_of(i) != "mutation")
        .unwrap()
        .to_string();
    let dir = f.path("corpus/divergences");
    let first = fs::read_dir(&dir).unwrap().next().unwrap().unwrap().path();
    let text_of_first = fs::read_to_string(&first).unwrap();
    fs::write(
        dir.join("ffffffffffffffff.dat"),
        text_of_first.replacen("#data\n", "#data\nx", 1),
    )
    .unwrap();
    let output = f.litmus(&["case", "--from", "out/run", &mutated], None);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the mutation sources differ from the campaign's: 2 inputs now"),
        "{stderr}"
    );
    assert!(stderr.contains("not the campaign's case"), "{stderr}");
    // What it mutated, in words: no html5lib data, and the corpus folder quoted (not
    // "the corpus corpus").
    assert!(
        stderr.contains(
            "the campaign mutated no html5lib-tests data and the findings of the corpus folder `corpus` (paths as the campaign named them"
        ),
        "{stderr}"
    );
    let output = f.litmus(&["case", "--from", "out/run", &generated], None);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains("the campaign's case all the same"));
    fs::remove_file(dir.join("ffffffffffffffff.dat")).unwrap();

    f.assert_bad_input(&["case", "1"], None, &["--from"]);
    f.assert_bad_input(
        &["case", "--from", "missing.json", "1"],
        None,
        &["missing.json"],
    );
    f.assert_bad_input(
        &["case", "--from", "ok.html", "1"],
        None,
        &["not a findings.json"],
    );
    let future = fs::read_to_string(f.path("out/run/findings.json"))
        .unwrap()
        .replace(
            &format!(
                "\"generator_version\": {}",
                litmus_differential::generator::GENERATOR_VERSION
            ),
            "\"generator_version\": 99",
        );
    f.write("future.json", future.as_bytes());
    f.assert_bad_input(
        &["case", "--from", "future.json", "1"],
        None,
        &["generator version 99"],
    );
    let mut old = json.clone();
    old.as_object_mut().unwrap().remove("generation");
    f.write("old.json", old.to_string().as_bytes());
    f.assert_bad_input(
        &["case", "--from", "old.json", "1"],
        None,
        &["no `generation` record"],
    );
}

/// `litmus corpus merge` merges only corpora, only findings that reproduce, and only
/// when every file is well-formed: otherwise it names the path and writes nothing.
#[test]
fn corpus_merge_refuses_what_is_not_a_reproducible_corpus() {
    let f = Fixture::new();
    let divergences = f.path("corpus/divergences");
    let archived = fs::read_dir(&divergences)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let good = fs::read_to_string(&archived).unwrap();
    let name = archived.file_name().unwrap().to_str().unwrap().to_owned();

    // A corpus or a reports folder is read through its divergences/ folder.
    fs::create_dir_all(f.path("fresh")).unwrap();
    let output = f.litmus(&["corpus", "merge", "corpus", "--corpus", "fresh"], None);
    assert!(output.status.success(), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("merged 1 findings"));
    assert_eq!(
        fs::read(f.path("fresh/divergences").join(&name)).unwrap(),
        good.as_bytes()
    );

    // Not a corpus: a folder of other files, as source or as target.
    f.write("src/main.rs", b"fn main() {}");
    f.write("src/a.dat", good.as_bytes());
    f.assert_bad_input(
        &["corpus", "merge", "src"],
        None,
        &["src is not a corpus", "main.rs is not an archived finding"],
    );
    f.assert_bad_input(
        &["corpus", "merge", "corpus", "--corpus", "artifacts"],
        None,
        &["--corpus artifacts is not a corpus"],
    );
    f.assert_bad_input(
        &["corpus", "merge", "corpus", "--corpus", "absent"],
        None,
        &["--corpus absent: no such folder"],
    );

    // Malformed files: every one named, nothing merged.
    f.write("mixed/divergences/aaaaaaaaaaaaaaaa.dat", good.as_bytes());
    f.write(
        "mixed/divergences/bbbbbbbbbbbbbbbb.dat",
        b"#data\nx\n#errors\n",
    );
    f.write("mixed/divergences/cccccccccccccccc.dat", b"junk\n");
    f.assert_bad_input(
        &["corpus", "merge", "mixed", "--corpus", "fresh"],
        None,
        &[
            "mixed/divergences/bbbbbbbbbbbbbbbb.dat",
            "mixed/divergences/cccccccccccccccc.dat",
            "nothing was merged",
        ],
    );

    // Findings that do not reproduce: another signature than the engines show, and a
    // reference tree the parser does not build.
    let signature_line = good.lines().find(|l| l.starts_with("signature: ")).unwrap();
    f.write(
        "stale/0000000000000001.dat",
        good.replace(
            signature_line,
            "signature: tree | litmus: <p> | html5ever: <b> | in: <body>",
        )
        .as_bytes(),
    );
    f.write(
        "stale/0000000000000002.dat",
        good.replacen("#document\n| <html>", "#document\n| <htm>", 1)
            .as_bytes(),
    );
    let before = f.corpus_checksum();
    let output = f.litmus(&["corpus", "merge", "stale"], None);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    for part in [
        "stale/0000000000000001.dat: does not reproduce its signature",
        "stale/0000000000000002.dat: the reference parser no longer builds its archived tree",
        "2 of 2 incoming findings do not reproduce; nothing was merged",
    ] {
        assert!(stderr.contains(part), "{part}:\n{stderr}");
    }
    assert!(f.corpus_checksum() == before, "the corpus was touched");

    // A finding of an engine the merge cannot run.
    f.write(
        "foreign/0000000000000003.dat",
        good.replace("\nengine: html5ever\n", "\nengine: parse5\n")
            .as_bytes(),
    );
    f.assert_bad_input(
        &["corpus", "merge", "foreign"],
        None,
        &[
            "foreign/0000000000000003.dat",
            "found with \"parse5\"",
            "--engine",
        ],
    );
}

/// Shards started together get their own campaign ids (and so their own default
/// reports folders), and `litmus report merge` joins them into one report.
#[test]
fn report_merge_joins_the_shards_of_one_campaign() {
    let f = Fixture::new();
    for shard in ["0/2", "1/2"] {
        let output = f.litmus(
            &[
                "run", "--cases", "60", "--seed", "5", "--jobs", "1", "--shard", shard, "-q",
            ],
            None,
        );
        assert!(output.status.success(), "{}", text(&output));
    }
    let mut folders: Vec<String> = fs::read_dir(f.path("reports"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    assert_eq!(folders.len(), 2, "the shards' ids collided: {folders:?}");
    assert!(folders[0].ends_with("-s5-shard-0-of-2"), "{folders:?}");
    assert!(folders[1].ends_with("-s5-shard-1-of-2"), "{folders:?}");
    let a = format!("reports/{}", folders[0]);
    let b = format!("reports/{}", folders[1]);
    let output = f.litmus(&["report", "merge", &a, &b, "--out", "merged"], None);
    assert!(output.status.success(), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("merged 2 reports"));
    for file in ["summary.md", "findings.json", "index.html", "junit.xml"] {
        assert!(f.path("merged").join(file).is_file(), "{file}");
    }
    let json = |path: &str| -> serde_json::Value {
        serde_json::from_str(&fs::read_to_string(f.path(path)).unwrap()).unwrap()
    };
    let merged = json("merged/findings.json");
    assert_eq!(merged["cases"], 120);
    assert_eq!(merged["shard"], serde_json::Value::Null);
    assert_eq!(merged["seed"], 5);
    let compared = |v: &serde_json::Value| v["levels"][0]["compared"].as_u64().unwrap();
    assert_eq!(
        compared(&merged),
        compared(&json(&format!("{a}/findings.json")))
            + compared(&json(&format!("{b}/findings.json")))
    );

    // Not shards of one campaign.
    let output = f.litmus(
        &[
            "run", "--cases", "20", "--seed", "6", "--jobs", "1", "--shard", "1/2", "--out",
            "other", "-q",
        ],
        None,
    );
    assert!(output.status.success(), "{}", text(&output));
    let output = f.litmus(&["report", "merge", &a, "other", "--out", "refused"], None);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains("seed 6 against 5"));
    let output = f.litmus(&["report", "merge", &a, &a, "--out", "refused"], None);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains("both shard 0/2"));
    assert!(!f.path("refused").exists());
    let output = f.litmus(&["report", "merge", "nowhere", "--out", "refused"], None);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    let output = f.litmus(&["report", "merge", "ok.html", "--out", "refused"], None);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a findings.json"));
    let output = f.litmus(&["report", "merge", &a], None);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
}
