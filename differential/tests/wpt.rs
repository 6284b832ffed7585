//! `litmus conformance --wpt`: the tree-construction tests as web-platform-tests keeps
//! them (`html/syntax/parsing/resources/*.dat`), read from a folder laid out like a
//! checkout of it (made here from the html5lib-tests data, in a temporary folder).

mod common;

use common::{litmus, text};
use std::fs;

#[test]
fn conformance_reads_a_web_platform_tests_checkout() {
    let temp = tempfile::tempdir().unwrap();
    let resources = temp.path().join("wpt/html/syntax/parsing/resources");
    fs::create_dir_all(&resources).unwrap();
    let html5lib = litmus_test_data::html5lib_tests().join("tree-construction");
    fs::copy(html5lib.join("tests1.dat"), resources.join("tests1.dat")).unwrap();
    // A test with a description first, as web-platform-tests' files may have, and a
    // file that is not a test.
    fs::write(
        resources.join("processing-instructions.dat"),
        "#description\nA processing instruction in the body\n#data\n<body><?x y>\n#errors\n\
         #document\n| <html>\n|   <head>\n|   <body>\n|     <?x y?>\n",
    )
    .unwrap();
    fs::write(resources.join("test.js"), "// the runner\n").unwrap();
    for args in [
        vec!["conformance", "--wpt", "wpt", "--quiet"],
        vec!["conformance", "wpt", "--quiet"],
    ] {
        let output = litmus()
            .current_dir(temp.path())
            .args(&args)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        // tests1.dat's processing-instruction cases fail: litmus's corrections are of
        // html5lib-tests 9329e64, and are not applied to these files.
        assert!(
            stdout.contains(
                "expected differences, written for html5lib-tests 9329e64, are not applied"
            ),
            "{args:?}: {}",
            text(&output)
        );
        assert!(
            stdout.contains("conformance of litmus: 220 passed, 6 failed"),
            "{args:?}: {}",
            text(&output)
        );
    }
    let output = litmus()
        .current_dir(temp.path())
        .env("WPT_TESTS", temp.path().join("nowhere"))
        .args(["conformance", "--wpt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    assert!(String::from_utf8_lossy(&output.stderr)
        .contains("has no html/syntax/parsing/resources folder"));
}
