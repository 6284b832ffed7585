use super::*;
use crate::engine::LitmusEngine;

const GOOD: &str = "#data\n<p>One\n#errors\n(1,3): expected-doctype-but-got-start-tag\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"One\"\n\n#data\n<td>x\n#errors\n#document-fragment\ntr\n#script-off\n#document\n| <td>\n|   \"x\"\n";

const WRONG: &str =
    "#data\n<b>x\n#errors\n#document\n| <html>\n|   <head>\n|   <body>\n|     <i>\n|       \"x\"\n";

#[test]
fn dat_cases_run_in_each_scripting_mode_and_compare_trees() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("good.dat");
    std::fs::write(&path, GOOD).unwrap();
    let trials = run_tree_construction(&path, &mut LitmusEngine).unwrap();
    let names: Vec<_> = trials
        .iter()
        .map(|t| (t.name(), t.options.clone()))
        .collect();
    assert_eq!(
        names,
        [
            ("good.dat#0".to_owned(), "document, scripting on".to_owned()),
            (
                "good.dat#0".to_owned(),
                "document, scripting off".to_owned()
            ),
            (
                "good.dat#1".to_owned(),
                "fragment tr, scripting off".to_owned()
            ),
        ]
    );
    assert!(trials.iter().all(|t| t.outcome == Outcome::Passed));
    assert_eq!(trials[2].line, 12);

    let wrong = dir.path().join("wrong.dat");
    std::fs::write(&wrong, WRONG).unwrap();
    let trials = run_tree_construction(&wrong, &mut LitmusEngine).unwrap();
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
    let error = run_tree_construction(&path, &mut LitmusEngine).unwrap_err();
    assert_eq!(error.line, Some(6));
    assert!(error.to_string().contains("bad.dat:6: "), "{error}");
    std::fs::write(
        &path,
        "#data\nx\n#errors\n#document-fragment\nsvg \n#document\n| \"x\"\n",
    )
    .unwrap();
    let error = run_tree_construction(&path, &mut LitmusEngine).unwrap_err();
    assert_eq!(error.line, Some(1));
    assert!(error.message.contains("context"), "{error}");
    let test = dir.path().join("bad.test");
    std::fs::write(&test, "{\"tests\": [\n{\"input\": }]}").unwrap();
    let error = tokenizer::run_tokenizer(&test).unwrap_err();
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
    let trials = tokenizer::run_tokenizer(&path).unwrap();
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
