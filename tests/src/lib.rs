//! Shared helpers for litmus's test suites: where the conformance data is, and the
//! guard every data-driven suite runs under.
//!
//! Conformance data comes from `$HTML5LIB_TESTS`, else `../shared/html5lib-tests`
//! from the workspace root, else the cache `<target dir>/html5lib-tests-9329e64` that
//! the build script of `litmus-test-data` fills once (a checkout of
//! <https://github.com/html5lib/html5lib-tests> at commit 9329e64, fetched by
//! `scripts/fetch-html5lib-tests.sh`; the build fails, before any suite runs, when it
//! cannot). It is never copied into the repository. A suite that finds no data, or
//! runs fewer cases than its minimum, fails, and says where the data come from
//! ([`FETCH_HINT`]).

use std::path::{Path, PathBuf};

/// Where the conformance data come from, for every message about missing data (the
/// one `litmus conformance` gives too).
pub use litmus_differential::conformance::FETCH_HINT;

/// The html5lib-tests checkout the build found or fetched (see
/// [`litmus_test_data::html5lib_tests`]).
pub fn html5lib_tests_dir() -> PathBuf {
    litmus_test_data::html5lib_tests()
}

/// The workspace root (the parent of this crate's folder).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// The files with this extension in `html5lib_tests_dir()/subdir`, sorted. Panics with
/// a clear message when the folder is missing or holds none: a data-driven suite must
/// not pass by running nothing.
pub fn data_files(subdir: &str, extension: &str) -> Vec<PathBuf> {
    files_with_extension(&html5lib_tests_dir().join(subdir), extension)
}

/// The files with this extension in `dir`, sorted; panics, saying where the data come
/// from, when there are none.
fn files_with_extension(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| {
        panic!(
            "conformance data folder {} cannot be read ({e}). {FETCH_HINT}",
            dir.display()
        )
    });
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == extension))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no .{extension} files in {}. {FETCH_HINT}",
        dir.display()
    );
    files
}

/// A path's file name (`tests1.dat`), or the whole path where it has none.
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    )
}

/// Prints the suite's closing line (`NAME: N passed, M failed`) and fails when fewer
/// than `minimum` cases ran. Call after the run with the counts.
pub fn closing_line(suite: &str, passed: usize, failed: usize, minimum: usize) -> String {
    let line = format!("{suite}: {passed} passed, {failed} failed");
    println!("{line}");
    let ran = passed + failed;
    assert!(
        ran >= minimum,
        "{suite}: only {ran} cases ran, fewer than the minimum of {minimum}: are the conformance data complete? {FETCH_HINT}"
    );
    line
}

/// Checks that a parsed document's tree is consistent: every node reachable from the
/// root once (no cycles, no sharing), parent links agree with child lists, sibling
/// links are mutual, first/last child are right, and HTML templates have contents
/// that are detached DocumentFragments. Walks with an explicit stack.
pub fn check_tree_consistency(document: &litmus_parser::Document) -> Result<(), String> {
    use litmus_parser::{Namespace, NodeKind};
    let mut seen = vec![false; document.node_count()];
    let mut stack = vec![document.root()];
    while let Some(node) = stack.pop() {
        let index = node.index();
        if std::mem::replace(&mut seen[index], true) {
            return Err(format!("node {index} reached twice"));
        }
        let mut previous = None;
        for child in document.children(node) {
            if document.parent(child) != Some(node) {
                return Err(format!(
                    "child {} of {index} names another parent",
                    child.index()
                ));
            }
            if document.prev_sibling(child) != previous {
                return Err(format!(
                    "node {} has a wrong previous sibling",
                    child.index()
                ));
            }
            if previous.is_none() && document.first_child(node) != Some(child) {
                return Err(format!("node {index} has a wrong first child"));
            }
            previous = Some(child);
            stack.push(child);
        }
        if document.last_child(node) != previous {
            return Err(format!("node {index} has a wrong last child"));
        }
        if let NodeKind::Element {
            ns: Namespace::Html,
            name: "template",
        } = document.kind(node)
        {
            let contents = document
                .template_contents(node)
                .ok_or_else(|| format!("template {index} has no contents"))?;
            if document.kind(contents) != NodeKind::DocumentFragment
                || document.parent(contents).is_some()
            {
                return Err(format!(
                    "template {index}'s contents are not a detached fragment"
                ));
            }
            stack.push(contents);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "scripts/fetch-html5lib-tests.sh")]
    fn a_missing_data_folder_says_where_the_data_come_from() {
        files_with_extension(
            &workspace_root().join("target/no-html5lib-tests-here"),
            "dat",
        );
    }

    #[test]
    #[should_panic(expected = "https://github.com/html5lib/html5lib-tests at commit 9329e64")]
    fn an_empty_data_folder_says_where_the_data_come_from() {
        files_with_extension(&workspace_root().join("tests/src"), "dat");
    }
}
