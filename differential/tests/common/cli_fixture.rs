//! The command line's test fixture: a folder with a corpus (the project's known
//! differences and one archived finding) and files good and bad, the `litmus` binary
//! run in it, and the checks a bad command must pass (`differential/tests/cli.rs`,
//! `differential/tests/cli_archive.rs`).

use super::workspace_root;
use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// A JUnit XML file's test cases (`classname name`), after checking that the file is
/// well-formed and its suite and cases carry the attributes CI systems read.
pub fn junit_test_cases(xml: &str) -> Vec<String> {
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
pub struct Fixture {
    temp: tempfile::TempDir,
}

impl Fixture {
    pub fn new() -> Fixture {
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

    pub fn path(&self, relative: &str) -> PathBuf {
        self.temp.path().join(relative)
    }

    pub fn write(&self, relative: &str, bytes: &[u8]) {
        let path = self.path(relative);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, bytes).unwrap();
    }

    /// Runs `litmus ARGS` in the fixture's folder, with `stdin` (or none).
    pub fn litmus(&self, args: &[&str], stdin: Option<&[u8]>) -> Output {
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
    pub fn corpus_checksum(&self) -> BTreeMap<PathBuf, Vec<u8>> {
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
    pub fn assert_bad_input(&self, args: &[&str], stdin: Option<&[u8]>, expected: &[&str]) {
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

pub fn text(output: &Output) -> String {
    format!(
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

pub fn frame(json: &str) -> Vec<u8> {
    let mut bytes = (json.len() as u32).to_be_bytes().to_vec();
    bytes.extend_from_slice(json.as_bytes());
    bytes
}
