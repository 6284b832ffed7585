//! The fetch path, against a local mirror made in a temporary folder from the data the
//! build found (nothing is copied into the repository).

use super::fetch::{at_commit, Found, Search};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

#[test]
fn the_build_found_the_tree_construction_tests() {
    let dir = super::html5lib_tests().join("tree-construction");
    let dat = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "dat"))
        .count();
    assert!(dat >= 50, "only {dat} .dat files in {}", dir.display());
}

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args([
            "-c",
            "user.name=litmus",
            "-c",
            "user.email=litmus@localhost",
        ])
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "git {args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

/// A bare repository in `dir/mirror.git` holding the tree-construction tests at one
/// commit: its URL (a path) and the commit.
fn mirror(dir: &Path) -> (String, String) {
    let source = dir.join("source");
    let tree = source.join("tree-construction");
    std::fs::create_dir_all(&tree).unwrap();
    let found = super::html5lib_tests().join("tree-construction");
    for entry in std::fs::read_dir(&found).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "dat") {
            std::fs::copy(&path, tree.join(path.file_name().unwrap())).unwrap();
        }
    }
    git(&source, &["init", "-q"]);
    git(&source, &["add", "."]);
    git(&source, &["commit", "-q", "-m", "tree-construction tests"]);
    let commit = git(&source, &["rev-parse", "HEAD"]);
    let bare = dir.join("mirror.git");
    let out = Command::new("git")
        .args(["clone", "-q", "--bare"])
        .arg(&source)
        .arg(&bare)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    (bare.display().to_string(), commit)
}

fn search(dir: &Path, url: &str, commit: &str) -> Search {
    Search {
        given: None,
        shared: dir.join("no-shared/html5lib-tests"),
        target: dir.join("target"),
        commit: commit.to_owned(),
        url: Some(url.to_owned()),
        script: Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/fetch-html5lib-tests.sh"),
    }
}

fn leftovers(target: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(target)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().contains(".fetching-"))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn the_data_are_fetched_once_from_a_mirror_and_checked_by_commit() {
    let temp = tempfile::tempdir().unwrap();
    let (url, commit) = mirror(temp.path());
    let search = search(temp.path(), &url, &commit);
    let found = search.find_or_fetch().unwrap();
    assert_eq!(found, Found::Fetched(search.cache()));
    assert!(search
        .cache()
        .ends_with(format!("html5lib-tests-{}", &commit[..7])));
    assert!(at_commit(found.dir(), &commit));
    assert!(found.dir().join("tree-construction/tests1.dat").is_file());
    // The second time, the cache is used as it is.
    assert_eq!(
        search.find_or_fetch().unwrap(),
        Found::Cached(search.cache())
    );
    assert!(leftovers(&search.target).is_empty());
    // A cache at another commit is not taken for the one wanted.
    let other = Search {
        commit: "0000000".to_owned(),
        ..search.clone()
    };
    assert!(!at_commit(&search.cache(), "0000000"));
    let err = other.find_or_fetch().unwrap_err();
    assert!(err.contains("has no commit 0000000"), "{err}");
}

#[test]
fn two_builds_at_once_fetch_once() {
    let temp = tempfile::tempdir().unwrap();
    let (url, commit) = mirror(temp.path());
    let search = search(temp.path(), &url, &commit);
    let threads: Vec<_> = (0..2)
        .map(|_| {
            let search = search.clone();
            std::thread::spawn(move || search.find_or_fetch().unwrap())
        })
        .collect();
    let found: Vec<Found> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    let fetched = found
        .iter()
        .filter(|f| matches!(f, Found::Fetched(_)))
        .count();
    assert_eq!(fetched, 1, "{found:?}");
    assert!(found.iter().all(|f| f.dir() == search.cache()));
    assert!(leftovers(&search.target).is_empty());
}

#[test]
fn an_unreachable_repository_fails_within_seconds_with_one_message() {
    let temp = tempfile::tempdir().unwrap();
    let url = temp.path().join("no-such-mirror.git").display().to_string();
    let search = search(temp.path(), &url, super::COMMIT);
    let started = Instant::now();
    let err = search.find_or_fetch().unwrap_err();
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    for needed in [
        "HTML5LIB_TESTS=FOLDER",
        "scripts/fetch-html5lib-tests.sh FOLDER",
        "HTML5LIB_TESTS_URL",
        "at commit 9329e64",
        "cannot clone",
    ] {
        assert!(err.contains(needed), "{needed:?} missing from:\n{err}");
    }
    assert!(!search.cache().exists());
    assert!(leftovers(&search.target).is_empty());
}

#[test]
fn a_given_folder_or_the_shared_one_is_used_as_it_is() {
    let temp = tempfile::tempdir().unwrap();
    let url = temp.path().join("no-such-mirror.git").display().to_string();
    let mut search = search(temp.path(), &url, super::COMMIT);
    search.given = Some(temp.path().join("empty"));
    let err = search.find_or_fetch().unwrap_err();
    assert!(
        err.contains("HTML5LIB_TESTS=") && err.contains("no tree-construction folder"),
        "{err}"
    );
    search.given = Some(super::html5lib_tests());
    assert_eq!(
        search.find_or_fetch().unwrap(),
        Found::Given(super::html5lib_tests())
    );
    search.given = None;
    std::fs::create_dir_all(search.shared.join("tree-construction")).unwrap();
    assert!(matches!(search.find_or_fetch().unwrap(), Found::Shared(_)));
}

/// `scripts/fetch-html5lib-tests.sh --wpt` against a mirror laid out like
/// web-platform-tests: a sparse checkout of html/syntax/parsing/resources at the
/// commit, nothing else of the repository's folders; run again, it changes nothing.
#[test]
fn the_fetch_script_checks_out_the_web_platform_tests_folder_alone() {
    let temp = tempfile::tempdir().unwrap();
    let source = temp.path().join("wpt-source");
    let resources = source.join("html/syntax/parsing/resources");
    std::fs::create_dir_all(&resources).unwrap();
    std::fs::create_dir_all(source.join("css")).unwrap();
    std::fs::copy(
        super::html5lib_tests().join("tree-construction/tests1.dat"),
        resources.join("tests1.dat"),
    )
    .unwrap();
    std::fs::write(source.join("css/large.txt"), "not wanted").unwrap();
    git(&source, &["init", "-q"]);
    git(&source, &["add", "."]);
    git(&source, &["commit", "-q", "-m", "wpt"]);
    let commit = git(&source, &["rev-parse", "HEAD"]);
    let bare = temp.path().join("wpt.git");
    let out = Command::new("git")
        .args(["clone", "-q", "--bare"])
        .arg(&source)
        .arg(&bare)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/fetch-html5lib-tests.sh");
    let checkout = temp.path().join("wpt");
    for run in ["clone", "again"] {
        let out = Command::new("bash")
            .arg(&script)
            .arg("--wpt")
            .arg(&checkout)
            .env("WPT_URL", &bare)
            .env("WPT_COMMIT", &commit)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{run}: {out:?}");
        if run == "again" {
            assert!(said.contains("nothing to do"), "{said}");
        }
    }
    assert!(checkout
        .join("html/syntax/parsing/resources/tests1.dat")
        .is_file());
    assert!(!checkout.join("css").exists(), "a sparse checkout");
    assert!(at_commit_of(&checkout, &commit));
}

fn at_commit_of(dir: &Path, commit: &str) -> bool {
    git(dir, &["rev-parse", "HEAD"]) == commit
}
