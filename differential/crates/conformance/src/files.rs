//! The test files of a run: html5lib-tests' folders walked, each file known by its
//! kind (tokenizer or tree construction).

use std::fmt;
use std::path::{Path, PathBuf};

/// Where html5lib-tests comes from, for every message about missing conformance data.
pub const FETCH_HINT: &str = "html5lib-tests comes from https://github.com/html5lib/html5lib-tests at commit 9329e64: scripts/fetch-html5lib-tests.sh [DIR] checks it out (into ../shared/html5lib-tests by default), and HTML5LIB_TESTS=DIR points litmus and its tests at a checkout";

/// A test file litmus can run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TestFile {
    /// A tree-construction `.dat` file.
    TreeConstruction(PathBuf),
    /// A tokenizer `.test` file.
    Tokenizer(PathBuf),
}

impl TestFile {
    pub fn path(&self) -> &Path {
        match self {
            TestFile::TreeConstruction(path) | TestFile::Tokenizer(path) => path,
        }
    }
}

/// The tree-construction `.dat` files of `files`, in order (for the commands that
/// parse trees only: `litmus engine check`, `litmus table`).
pub fn tree_construction_only(files: Vec<TestFile>) -> Vec<PathBuf> {
    files
        .into_iter()
        .filter_map(|f| match f {
            TestFile::TreeConstruction(path) => Some(path),
            TestFile::Tokenizer(_) => None,
        })
        .collect()
}

/// The test files under `paths`: files as given (by extension), folders walked in
/// name order. A folder named `scripted` met while walking is left out (its cases need
/// a script engine: `document.write`) and reported in the second list; name it
/// directly to run it.
pub fn collect(paths: &[PathBuf]) -> Result<(Vec<TestFile>, Vec<PathBuf>), ConformanceError> {
    let mut files = Vec::new();
    let mut skipped = Vec::new();
    for path in paths {
        if path.is_dir() {
            walk(path, &mut files, &mut skipped)?;
        } else if path.exists() {
            match classify(path) {
                Some(file) => files.push(file),
                None => {
                    return Err(ConformanceError {
                        file: path.clone(),
                        line: None,
                        message: "is neither a tree-construction .dat nor a tokenizer .test file"
                            .into(),
                    })
                }
            }
        } else {
            return Err(ConformanceError {
                file: path.clone(),
                line: None,
                message: "does not exist".into(),
            });
        }
    }
    Ok((files, skipped))
}

fn classify(path: &Path) -> Option<TestFile> {
    match path.extension()?.to_str()? {
        "dat" => Some(TestFile::TreeConstruction(path.to_path_buf())),
        "test" => Some(TestFile::Tokenizer(path.to_path_buf())),
        _ => None,
    }
}

fn walk(
    dir: &Path,
    files: &mut Vec<TestFile>,
    skipped: &mut Vec<PathBuf>,
) -> Result<(), ConformanceError> {
    // An explicit stack: folders may nest deeply.
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map_err(|e| ConformanceError {
                file: dir.clone(),
                line: None,
                message: format!("cannot be read: {e}"),
            })?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        let mut subdirs = Vec::new();
        for entry in entries {
            if entry.is_dir() {
                if entry.file_name().is_some_and(|n| n == "scripted") {
                    skipped.push(entry);
                } else {
                    subdirs.push(entry);
                }
            } else if let Some(file) = classify(&entry) {
                files.push(file);
            }
        }
        pending.extend(subdirs.into_iter().rev());
    }
    Ok(())
}

/// A file that cannot be run: its path, the 1-based line where known, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConformanceError {
    pub file: PathBuf,
    pub line: Option<usize>,
    pub message: String,
}

impl fmt::Display for ConformanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ConformanceError {}

/// A path's file name (`tests1.dat`), or the whole path where it has none.
pub(crate) fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

#[cfg(test)]
mod tests;
