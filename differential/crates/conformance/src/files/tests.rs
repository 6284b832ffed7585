use super::*;
use crate::*;
use litmus_engines::engine::LitmusEngine;
use std::time::Duration;

const GOOD: &str = "#data\n<p>One\n#errors\n(1,3): expected-doctype-but-got-start-tag\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"One\"\n\n#data\n<td>x\n#errors\n#document-fragment\ntr\n#script-off\n#document\n| <td>\n|   \"x\"\n";

const WRONG: &str =
    "#data\n<b>x\n#errors\n#document\n| <html>\n|   <head>\n|   <body>\n|     <i>\n|       \"x\"\n";

#[test]
fn dat_cases_run_in_each_scripting_mode_and_compare_trees() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("good.dat");
    std::fs::write(&path, GOOD).unwrap();
    let none = ExpectedDifferences::default();
    let trials = run_tree_construction(&path, &mut LitmusEngine, &none).unwrap();
    let names: Vec<_> = trials
        .iter()
        .map(|t| (t.name.as_str(), t.options.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ("good.dat#0 [script-on]", "document, scripting on"),
            ("good.dat#0 [script-off]", "document, scripting off"),
            ("good.dat#1 [script-off]", "fragment tr, scripting off"),
        ]
    );
    assert!(trials.iter().all(|t| t.outcome == Outcome::Passed));
    assert_eq!(trials[2].line, 12);

    let wrong = dir.path().join("wrong.dat");
    std::fs::write(&wrong, WRONG).unwrap();
    let trials = run_tree_construction(&wrong, &mut LitmusEngine, &none).unwrap();
    let mut tally = Tally::default();
    for trial in &trials {
        tally.add(&trial.outcome);
        match &trial.outcome {
            Outcome::Failed { expected, actual } => {
                assert!(expected.contains("<i>"));
                assert!(actual.contains("<b>"));
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(tally.failed, 2);
    assert_eq!(tally.pass_rate(), 0.0);
}

#[test]
fn malformed_files_name_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.dat");
    std::fs::write(&path, "#data\nx\n#errors\n#document\n| x\n#errors\n").unwrap();
    let error = run_tree_construction(&path, &mut LitmusEngine, &ExpectedDifferences::default())
        .unwrap_err();
    assert_eq!(error.line, Some(6));
    assert!(error.to_string().contains("bad.dat:6: "), "{error}");
    std::fs::write(
        &path,
        "#data\nx\n#errors\n#document-fragment\nsvg \n#document\n| \"x\"\n",
    )
    .unwrap();
    let error = run_tree_construction(&path, &mut LitmusEngine, &ExpectedDifferences::default())
        .unwrap_err();
    assert_eq!(error.line, Some(1));
    assert!(error.message.contains("context"), "{error}");
    // An empty context is refused too: the test is a fragment test (at 52a1373 it ran
    // as a document).
    std::fs::write(
        &path,
        "#data\nx\n#errors\n#document-fragment\n\n#document\n| \"x\"\n",
    )
    .unwrap();
    let error = run_tree_construction(&path, &mut LitmusEngine, &ExpectedDifferences::default())
        .unwrap_err();
    assert_eq!(error.line, Some(1));
    assert!(error.message.contains("context \"\""), "{error}");
    let test = dir.path().join("bad.test");
    std::fs::write(&test, "{\"tests\": [\n{\"input\": }]}").unwrap();
    let error = run_tokenizer(&test, &TokenizerUpdates::default()).unwrap_err();
    assert_eq!(error.line, Some(2));
}

#[test]
fn folders_are_walked_and_scripted_is_left_out() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("tree/scripted")).unwrap();
    std::fs::create_dir_all(dir.path().join("tree/more")).unwrap();
    std::fs::write(dir.path().join("tree/b.dat"), GOOD).unwrap();
    std::fs::write(dir.path().join("tree/a.dat"), GOOD).unwrap();
    std::fs::write(dir.path().join("tree/more/c.test"), "{\"tests\": []}").unwrap();
    std::fs::write(dir.path().join("tree/README.md"), "").unwrap();
    std::fs::write(dir.path().join("tree/scripted/s.dat"), GOOD).unwrap();
    let (files, skipped) = collect(&[dir.path().join("tree")]).unwrap();
    let names: Vec<_> = files
        .iter()
        .map(|f| f.path().strip_prefix(dir.path()).unwrap().to_owned())
        .collect();
    assert_eq!(
        names,
        [
            PathBuf::from("tree/a.dat"),
            PathBuf::from("tree/b.dat"),
            PathBuf::from("tree/more/c.test"),
        ]
    );
    assert_eq!(skipped, [dir.path().join("tree/scripted")]);
    let (files, _) = collect(&[dir.path().join("tree/scripted/s.dat")]).unwrap();
    assert_eq!(files.len(), 1);
    assert!(collect(&[dir.path().join("nope.dat")]).is_err());
    assert!(collect(&[dir.path().join("tree/README.md")]).is_err());
}

#[test]
fn tokenizer_cases_run_per_initial_state() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.test");
    let json = r#"{"tests": [
        {"description": "a tag", "input": "<a b='c'>x&amp;y",
         "output": [["StartTag", "a", {"b": "c"}], ["Character", "x&y"]]},
        {"description": "rcdata", "input": "<b>", "initialStates": ["RCDATA state", "Data state"],
         "output": [["Character", "<b>"]]},
        {"description": "lone surrogate", "doubleEscaped": true, "input": "\\uD800",
         "output": [["Character", "\\uD800"]],
         "errors": [{"code": "surrogate-in-input-stream", "line": 1, "col": 1}]}
    ]}"#;
    std::fs::write(&path, json).unwrap();
    let trials = run_tokenizer(&path, &TokenizerUpdates::default()).unwrap();
    let outcomes: Vec<_> = trials
        .iter()
        .map(|t| (t.index, t.options.as_str(), t.outcome == Outcome::Passed))
        .collect();
    assert_eq!(
        outcomes,
        [
            (0, "Data state", true),
            (1, "RCDATA state", true),
            (1, "Data state", false),
            (2, "Data state", true),
        ]
    );
    match &trials[2].outcome {
        Outcome::Failed { expected, actual } => {
            assert_eq!(expected, "Character(\"<b>\")\n");
            assert!(actual.starts_with("StartTag"), "{actual}");
        }
        other => panic!("{other:?}"),
    }
}

/// A case whose tree differs from the file's, one whose tree matches it, and the
/// names of their trials.
const PROCESSING_INSTRUCTIONS: &str = "#data\n<?x?>\n#errors\n#document\n| <!-- ?x? -->\n| <html>\n|   <head>\n|   <body>\n\n#data\n<p>\n#errors\n#script-off\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n";

#[test]
fn expected_differences_pass_differing_trials_and_fail_stale_entries() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pi.dat");
    std::fs::write(&path, PROCESSING_INSTRUCTIONS).unwrap();
    let list = "# a comment\n\npi.dat#0 [script-on] | a processing instruction now\n\
                pi.dat#1 [script-off] | listed, but litmus builds the file's tree\n\
                pi.dat#7 [script-on] | names no trial\n\
                other.dat#0 [script-on] | another file's entry, not looked at\n";
    let expected = ExpectedDifferences::parse(list).unwrap();
    let trials = run_tree_construction(&path, &mut LitmusEngine, &expected).unwrap();
    let outcomes: Vec<_> = trials
        .iter()
        .map(|t| (t.name.as_str(), &t.outcome, t.listed_reason.as_deref()))
        .collect();
    assert_eq!(outcomes.len(), 4, "{outcomes:?}");
    assert_eq!(
        outcomes[0],
        (
            "pi.dat#0 [script-on]",
            &Outcome::ExpectedDifference,
            Some("a processing instruction now")
        )
    );
    assert!(matches!(outcomes[1].1, Outcome::Failed { .. }));
    assert_eq!(outcomes[1].2, None);
    assert_eq!(outcomes[2].0, "pi.dat#1 [script-off]");
    match outcomes[2].1 {
        Outcome::Stale { message } => assert!(message.contains("remove the entry"), "{message}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(outcomes[3].0, "pi.dat#7 [script-on]");
    match outcomes[3].1 {
        Outcome::Stale { message } => {
            assert!(message.contains(":5 lists this trial"), "{message}")
        }
        other => panic!("{other:?}"),
    }
    let mut tally = Tally::default();
    trials.iter().for_each(|t| tally.add(&t.outcome));
    assert_eq!(
        (tally.passed, tally.expected_differences, tally.failed),
        (1, 1, 3)
    );
    let described = trials[0].describe("litmus");
    assert_eq!(described, None);
    let described = trials[2].describe("litmus").unwrap();
    assert!(
        described.starts_with("STALE pi.dat#1 [script-off] (line 10)"),
        "{described}"
    );

    assert!(ExpectedDifferences::parse("pi.dat#0 | no mode\n").is_err());
    assert!(ExpectedDifferences::parse("pi.dat#0 [script-on] |\n").is_err());
    let twice = "a.dat#0 [script-on] | x\na.dat#0 [script-on] | y\n";
    assert!(ExpectedDifferences::parse(twice)
        .unwrap_err()
        .contains("line 2"));
}

#[test]
fn the_embedded_corrections_read() {
    let expected = ExpectedDifferences::embedded();
    assert_eq!(
        expected.files().into_iter().collect::<Vec<_>>(),
        ["html5test-com.dat", "tests1.dat"]
    );
    assert_eq!(
        expected
            .reason("tests1.dat#39 [script-off]")
            .map(|r| r.contains("eof")),
        Some(true)
    );
    let updates = TokenizerUpdates::embedded();
    assert_eq!(updates.len(), 38);
    assert!(updates.files().contains("test3.test"));
}

#[test]
fn tokenizer_updates_replace_the_expectation_and_fail_when_stale() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pi.test");
    let json = r#"{"tests": [
        {"description": "pi", "input": "<?x?>",
         "output": [["Comment", "?x?"]],
         "errors": [{"code": "unexpected-question-mark-instead-of-tag-name", "line": 1, "col": 2}]},
        {"description": "stale", "input": "<a>", "output": [["StartTag", "a", {}]]},
        {"description": "wrong", "input": "<?y?>", "output": [["Comment", "?y?"]]}
    ]}"#;
    std::fs::write(&path, json).unwrap();
    let updates = r#"{"updates": [
        {"file": "pi.test", "description": "pi", "input": "<?x?>", "reason": "a processing instruction",
         "output": [["ProcessingInstruction", "x", ""]], "errors": []},
        {"file": "pi.test", "description": "stale", "input": "<a>", "reason": "no longer needed",
         "output": [["StartTag", "b", {}]], "errors": []},
        {"file": "pi.test", "description": "wrong", "input": "<?y?>", "reason": "a wrong update",
         "output": [["ProcessingInstruction", "z", ""]], "errors": []},
        {"file": "pi.test", "description": "absent", "input": "", "reason": "names no case",
         "output": [], "errors": []},
        {"file": "other.test", "description": "elsewhere", "input": "", "reason": "not looked at",
         "output": [], "errors": []}
    ]}"#;
    let updates = TokenizerUpdates::parse(updates).unwrap();
    let trials = run_tokenizer(&path, &updates).unwrap();
    let names: Vec<_> = trials.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "pi.test#0 \"pi\" [Data state]",
            "pi.test#1 \"stale\" [Data state]",
            "pi.test#2 \"wrong\" [Data state]",
            "pi.test \"absent\" (update)",
        ]
    );
    assert_eq!(trials[0].outcome, Outcome::ExpectedDifference);
    assert_eq!(
        trials[0].listed_reason.as_deref(),
        Some("a processing instruction")
    );
    assert!(matches!(trials[1].outcome, Outcome::Stale { .. }));
    match &trials[2].outcome {
        Outcome::Failed { expected, .. } => assert!(expected.contains("\"z\""), "{expected}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(trials[3].outcome, Outcome::Stale { .. }));
    assert!(TokenizerUpdates::parse(r#"{"updates": [{"file": "x"}]}"#).is_err());
}

#[test]
fn a_run_as_junit_has_one_test_case_per_trial() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pi.dat");
    std::fs::write(&path, PROCESSING_INSTRUCTIONS).unwrap();
    let expected = ExpectedDifferences::parse("pi.dat#0 [script-on] | a reason\n").unwrap();
    let mut trials = run_tree_construction(&path, &mut LitmusEngine, &expected).unwrap();
    trials.push(Trial {
        name: "x.dat#0 [script-on]".into(),
        file: "x.dat".into(),
        index: 0,
        line: 1,
        options: "document, scripting on".into(),
        input: "\0<".into(),
        outcome: Outcome::Unsupported("no".into()),
        listed_reason: None,
        duration: Duration::from_millis(1500),
    });
    let run = junit::Run {
        engine: "litmus",
        timestamp: "2026-11-30T05:00:00".into(),
        seconds: 1.5,
        paths: vec!["pi.dat".into()],
    };
    let xml = junit::render(&run, &trials);
    let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    let suite = doc
        .descendants()
        .find(|n| n.has_tag_name("testsuite"))
        .unwrap();
    assert_eq!(suite.attribute("tests"), Some("4"));
    assert_eq!(suite.attribute("failures"), Some("1"));
    assert_eq!(suite.attribute("skipped"), Some("1"));
    assert_eq!(suite.attribute("timestamp"), Some("2026-11-30T05:00:00"));
    assert!(!suite.attribute("hostname").unwrap().is_empty());
    let cases: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(cases.len(), 4);
    assert!(cases.iter().all(|c| c.attribute("time").is_some()));
    assert_eq!(cases[0].attribute("classname"), Some("conformance.pi.dat"));
    assert_eq!(cases[0].attribute("name"), Some("pi.dat#0 [script-on]"));
    assert!(cases[0]
        .descendants()
        .any(|n| n.text() == Some("expected difference: a reason")));
    let failure = cases[1]
        .children()
        .find(|n| n.has_tag_name("failure"))
        .unwrap();
    assert_eq!(failure.attribute("type"), Some("failed"));
    assert!(failure
        .text()
        .unwrap()
        .contains("FAIL pi.dat#0 [script-off]"));
    assert_eq!(cases[3].attribute("time"), Some("1.500"));
}

/// A case whose parse errors match its `#errors` count and `#new-errors` line, one
/// whose count is one short, and one whose `#new-errors` line names the wrong column.
const ERRORS: &str = "#data\n<p>&amp\n#errors\n(1,3): expected-doctype-but-got-start-tag\n(1,7): named-entity-without-semicolon\n#new-errors\n(1:8) missing-semicolon-after-character-reference\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"&\"\n\n#data\n<p>\n#errors\n#script-off\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n\n#data\n<p>&amp\n#errors\none\ntwo\n#new-errors\n(1:5-1:7) missing-semicolon-after-character-reference\n#script-on\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"&\"\n";

#[test]
fn parse_errors_are_compared_by_count_and_by_code_and_position() {
    use tree_construction::{check_errors, CodedError};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("errors.dat");
    std::fs::write(&path, ERRORS).unwrap();
    let trials = run_tree_construction_errors(&path, &ExpectedDifferences::default()).unwrap();
    let outcomes: Vec<_> = trials
        .iter()
        .map(|t| (t.name.as_str(), t.outcome.passed()))
        .collect();
    assert_eq!(
        outcomes,
        [
            ("errors.dat#0 [script-on] errors", true),
            ("errors.dat#0 [script-off] errors", true),
            ("errors.dat#1 [script-off] errors", false),
            ("errors.dat#2 [script-on] errors", false),
        ]
    );
    // The report: the file's count and lines against litmus's count and errors; the
    // #new-errors lines litmus matched are written alike on both sides.
    let report = trials[2].describe("litmus").unwrap();
    assert!(report.contains("-0 parse errors"), "{report}");
    assert!(report.contains("+1 parse errors"), "{report}");
    assert!(
        report.contains("+litmus 1:4: tree-missing-or-bad-doctype"),
        "{report}"
    );
    let report = trials[3].describe("litmus").unwrap();
    assert!(
        report.contains("-#new-errors (1:5-1:7) missing-semicolon-after-character-reference"),
        "{report}"
    );
    assert!(report.contains(" 2 parse errors"), "{report}");

    // The comparison itself.
    let coded = CodedError::parse("(1:8) missing-semicolon-after-character-reference").unwrap();
    assert_eq!(coded.start, (1, 8));
    assert_eq!(coded.end, (1, 8));
    assert_eq!(
        coded.to_string(),
        "(1:8) missing-semicolon-after-character-reference"
    );
    let span =
        CodedError::parse("(1:9-1:24) non-void-html-element-start-tag-with-trailing-solidus")
            .unwrap();
    assert_eq!((span.start, span.end), ((1, 9), (1, 24)));
    for bad in [
        "(1,8): x",
        "1:8 x",
        "(1:8)",
        "(1:8) two words",
        "(1:9-1:2) x",
    ] {
        assert_eq!(CodedError::parse(bad), None, "{bad}");
    }
    let errors = tree_construction::reference_parse_errors(
        &litmus_engines::case::ParseRequest::document("<p>&amp", true),
    );
    assert!(check_errors(2, std::slice::from_ref(&coded), &errors).is_ok());
    assert!(check_errors(3, std::slice::from_ref(&coded), &errors).is_err());
    // One error matches one line at most.
    let twice = [coded.clone(), coded.clone()];
    assert_eq!(check_errors(2, &twice, &errors), Err(vec![&twice[0]]));

    // A #new-errors line of another shape makes the file malformed.
    std::fs::write(
        &path,
        "#data\nx\n#errors\n#new-errors\n(1,1): x\n#document\n| \"x\"\n",
    )
    .unwrap();
    let error = run_tree_construction_errors(&path, &ExpectedDifferences::default()).unwrap_err();
    assert!(error.message.contains("#new-errors"), "{error}");
}

#[test]
fn error_differences_pass_differing_trials_and_fail_stale_entries() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("errors.dat");
    std::fs::write(&path, ERRORS).unwrap();
    let list = "errors.dat#1 [script-off] | litmus finds the DOCTYPE missing\n\
                errors.dat#0 [script-on] | listed, but the errors match\n\
                errors.dat#9 [script-on] | names no trial\n";
    let differences = ExpectedDifferences::parse_errors(list).unwrap();
    let trials = run_tree_construction_errors(&path, &differences).unwrap();
    let outcomes: Vec<_> = trials
        .iter()
        .map(|t| (t.name.as_str(), &t.outcome))
        .collect();
    assert_eq!(outcomes.len(), 5, "{outcomes:?}");
    assert!(
        matches!(outcomes[0].1, Outcome::Stale { message } if message.contains("tree-construction-error-expected-differences.txt"))
    );
    assert_eq!(
        outcomes[2],
        (
            "errors.dat#1 [script-off] errors",
            &Outcome::ExpectedDifference
        )
    );
    assert_eq!(outcomes[4].0, "errors.dat#9 [script-on] errors");
    assert!(
        matches!(outcomes[4].1, Outcome::Stale { message } if message.contains("tree-construction-error-expected-differences.txt:3 lists this trial"))
    );
}

#[test]
fn the_embedded_error_differences_read() {
    let differences = ExpectedDifferences::embedded_errors();
    assert_eq!(
        differences.file(),
        "differential/data/tree-construction-error-expected-differences.txt"
    );
    assert!(differences.files().contains("webkit02.dat"));
    assert!(differences
        .reason("adoption02.dat#2 [script-off]")
        .is_some_and(|r| r.contains("in table")));
}

/// Cases for an engine's tokenizer: a tag whose listed error is made up (errors are
/// not compared), an end tag that is appropriate only with the last start tag, an
/// expectation that is wrong, a processing instruction html5ever reads as the standard
/// did before 2026, an update that changes only the errors, and a lone surrogate.
const TOKENS_ONLY: &str = r#"{"tests": [
    {"description": "tag", "input": "<a b='c' b='d'>x&amp;y",
     "output": [["StartTag", "a", {"b": "c"}], ["Character", "x&y"]],
     "errors": [{"code": "made-up", "line": 9, "col": 9}]},
    {"description": "rcdata", "input": "<b></title>x", "initialStates": ["RCDATA state"],
     "lastStartTag": "title",
     "output": [["Character", "<b>"], ["EndTag", "title"], ["Character", "x"]]},
    {"description": "wrong", "input": "<a>", "output": [["Character", "<a>"]]},
    {"description": "pi", "input": "<?x>", "output": [["Comment", "?x"]]},
    {"description": "errors only", "input": "<?\r", "output": [["Comment", "?\n"]]},
    {"description": "lone surrogate", "doubleEscaped": true, "input": "\\uD800",
     "output": [["Character", "\\uD800"]],
     "errors": [{"code": "surrogate-in-input-stream", "line": 1, "col": 1}]}
]}"#;

const TOKENS_ONLY_UPDATES: &str = r#"{"updates": [
    {"file": "tokens.test", "description": "pi", "input": "<?x>", "reason": "a processing instruction",
     "output": [["ProcessingInstruction", "x", ""]], "errors": []},
    {"file": "tokens.test", "description": "errors only", "input": "<?\r", "reason": "another error",
     "output": [["Comment", "?\n"]],
     "errors": [{"code": "invalid-first-character-of-processing-instruction-target", "line": 1, "col": 3}]}
]}"#;

#[test]
fn an_engines_tokenizer_runs_the_cases_through_the_runner_tokens_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tokens.test");
    std::fs::write(&path, TOKENS_ONLY).unwrap();
    let updates = TokenizerUpdates::parse(TOKENS_ONLY_UPDATES).unwrap();
    let mut html5ever = litmus_engines::engine::Html5everEngine;
    let trials = run_tokenizer_tokens(&path, &updates, &mut html5ever).unwrap();
    let outcome = |i: usize| &trials[i].outcome;
    assert_eq!(trials.len(), 6);
    assert_eq!(*outcome(0), Outcome::Passed, "{:?}", trials[0]);
    assert_eq!(*outcome(1), Outcome::Passed, "{:?}", trials[1]);
    match outcome(2) {
        Outcome::Failed { expected, actual } => {
            assert_eq!(expected, "Character(\"<a>\")\n");
            assert!(actual.starts_with("StartTag"), "{actual}");
        }
        other => panic!("{other:?}"),
    }
    // html5ever reads `<?x>` as a bogus comment, as the standard did before 2026.
    match outcome(3) {
        Outcome::Stale { message } => assert!(message.starts_with("html5ever gives")),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        trials[3].listed_reason.as_deref(),
        Some("a processing instruction")
    );
    // The update changes only the errors: no update of the tokens.
    assert_eq!(*outcome(4), Outcome::Passed);
    assert_eq!(trials[4].listed_reason, None);
    assert!(
        matches!(outcome(5), Outcome::Unsupported(m) if m.contains("lone surrogate")),
        "{:?}",
        outcome(5)
    );

    // The reference on the same cases: the made-up error fails it, the processing
    // instruction meets its update, and the lone surrogate runs.
    let reference = run_tokenizer(&path, &updates).unwrap();
    let passed: Vec<bool> = reference.iter().map(|t| t.outcome.passed()).collect();
    assert_eq!(passed, [false, true, false, true, true, true]);

    // Without the last start tag, `</title>` in RCDATA is text.
    let json = TOKENS_ONLY.replace(r#""lastStartTag": "title","#, "");
    std::fs::write(&path, json).unwrap();
    let trials = run_tokenizer_tokens(&path, &updates, &mut html5ever).unwrap();
    assert!(matches!(trials[1].outcome, Outcome::Failed { .. }));

    // An engine that offers no tokenizer runs none.
    let trials =
        run_tokenizer_tokens(&path, &updates, &mut litmus_engines::engine::ChaosEngine).unwrap();
    assert!(trials
        .iter()
        .all(|t| matches!(&t.outcome, Outcome::Unsupported(m) if m.contains("offers no tokenizer") || m.contains("lone surrogate"))));
}
