//! The archive keeps any input byte for byte: CR, CRLF, NUL, other control characters,
//! lines that read `#data`, `#errors` or `#document`, with or without a final line
//! feed. Each tricky input is archived with the reference parser's real tree and
//! errors and the signature it really shows against html5ever; reading the archive
//! back gives the same bytes, and `litmus corpus check` passes with no case reported
//! as changed.

use litmus_differential::archive::{Archive, ArchivedFinding};
use litmus_differential::case::ParseRequest;
use litmus_differential::compare::Level;
use litmus_differential::compare::{compare_request, Levels};
use litmus_differential::engine::engine_by_name;
use std::process::Command;

const TRICKY: &[&str] = &[
    "<p>a\rb",
    "<p>a\r\nb\r\n",
    "<p>a\r",
    "\r",
    "<title>\0</title>",
    "<p>\x0b\x0c\x1b\x7f",
    "<pre>\n#data\n",
    "<p>x\n#errors\ny",
    "<p>x\n#document\ny\n",
    "#data\n#errors\n#document",
    "<p>\n#escaped\n\\u0041",
    "<textarea>\n\n\n",
    "<div \u{fffd}alt=&#13>",
    "<svg x=&#13>\n#document-fragment\n",
    "<p>no final line feed",
    "<p>final line feed\n",
];

#[test]
fn tricky_inputs_round_trip_and_the_corpus_check_passes() {
    let dir = tempfile::tempdir().unwrap();
    let archive = Archive::create(&dir.path().join("divergences")).unwrap();
    let mut reference = engine_by_name("litmus").unwrap();
    let mut other = engine_by_name("html5ever").unwrap();
    let mut stored = Vec::new();
    for (i, input) in TRICKY.iter().enumerate() {
        let request = ParseRequest::document(*input, i % 2 == 0);
        let tree = reference.parse(&request).unwrap().tree;
        let errors = litmus_parser::parse_document(
            input,
            &litmus_parser::ParseOptions {
                scripting: request.scripting,
                ..Default::default()
            },
        )
        .unwrap()
        .errors
        .iter()
        .map(|e| e.to_string())
        .collect();
        let divergences = compare_request(
            Level::Tree,
            &request,
            reference.as_mut(),
            other.as_mut(),
            &Levels::default(),
        );
        // The signature it really shows (or a made-up one, which the check reports
        // as gone, never as changed).
        let (signature, engine) = divergences
            .iter()
            .find(|d| d.request.input == *input && d.request.scripting == request.scripting)
            .map(|d| (d.signature.as_str().to_owned(), d.engine.clone()))
            .unwrap_or_else(|| {
                (
                    format!("tree | litmus: case {i} | html5ever: x"),
                    "html5ever".into(),
                )
            });
        let finding = ArchivedFinding {
            input: (*input).to_owned(),
            reference_errors: errors,
            fragment_context: None,
            scripting: request.scripting,
            reference_tree: tree,
            level: signature.split(" | ").next().unwrap().into(),
            signature: signature.as_str().into(),
            engine,
            class: None,
            fields: vec![("found".into(), format!("seed 1 case {i} family tricky"))],
            blocks: vec![("html5ever tree".into(), format!("| \"{input}\"\n"))],
        };
        archive.store(&finding).unwrap();
        stored.push(finding);
    }
    for finding in &stored {
        let path = archive.dir().join(finding.file_name());
        let back = Archive::read(&path).unwrap();
        assert_eq!(
            back.input.as_bytes(),
            finding.input.as_bytes(),
            "{}",
            path.display()
        );
        assert_eq!(back.reference_tree, finding.reference_tree);
        assert_eq!(back.signature, finding.signature);
        assert_eq!(back.reference_errors, finding.reference_errors);
    }
    let output = Command::new(env!("CARGO_BIN_EXE_litmus"))
        .args(["corpus", "check", "--corpus"])
        .arg(dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains(&format!(
            "corpus check: {} findings, 0 reference trees changed, 0 malformed",
            TRICKY.len()
        )),
        "{stdout}"
    );
    assert!(
        !stdout.lines().any(|l| l.starts_with("changed ")),
        "{stdout}"
    );
}

/// The committed corpus reads back and renders to the same bytes: plain findings are
/// written as they always were.
#[test]
fn the_committed_corpus_renders_unchanged() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/divergences");
    let archive = Archive::open(&dir).unwrap();
    let files = archive.files().unwrap();
    assert!(files.len() > 100, "{} files", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let finding = ArchivedFinding::parse(&text).unwrap();
        assert_eq!(finding.render(), text, "{}", path.display());
    }
}
