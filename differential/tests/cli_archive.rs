//! The commands that archive and merge, end to end (`litmus corpus`, `litmus triage`,
//! `litmus report merge`): good input, and bad input with a clear message, exit
//! status 2 and nothing archived touched, as in `cli.rs`, whose fixture they share.

mod common;

use common::cli_fixture::{junit_test_cases, text, Fixture};
use std::fs;

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
