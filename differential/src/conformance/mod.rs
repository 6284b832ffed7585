//! Conformance: html5lib test files against any engine (`litmus conformance`).
//!
//! - Tree-construction `.dat` files ([`crate::dat`]): each case is parsed as a
//!   document, or with `#document-fragment` as a fragment in that context, in the
//!   scripting mode its `#script-on` / `#script-off` says or in both, and the engine's
//!   tree dump must equal `#document` exactly. Parse errors are not compared (engines
//!   report them in their own words).
//! - Tokenizer `.test` files (JSON): only an engine with a tokenizer can run them, and
//!   of litmus's engines only the reference parser has one ([`tokenizer`]); for any
//!   other engine they are reported as unsupported.
//!
//! Each case (and scripting mode, or initial state) is one [`Trial`]. A malformed file
//! is an error naming the file and the line ([`ConformanceError`]).

pub mod tokenizer;

use crate::case::{EngineFailure, ParseRequest};
use crate::dat;
use crate::engine::Engine;
use litmus_parser::FragmentContext;
use std::fmt;
use std::path::{Path, PathBuf};

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

/// How one trial ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Passed,
    /// The answer differs from the expectation.
    Failed {
        expected: String,
        actual: String,
    },
    /// The engine gave no answer (a crash, a timeout, unreadable output).
    EngineFailed(EngineFailure),
    /// The engine cannot run this trial (an option it refuses, no tokenizer).
    Unsupported(String),
}

/// One trial: a case of a file, in one scripting mode or initial state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trial {
    /// The file's name (`tests1.dat`).
    pub file: String,
    /// The case's 0-based index in its file.
    pub index: usize,
    /// The 1-based line where the case starts.
    pub line: usize,
    /// How it ran: `document, scripting on`, `fragment td, scripting off`, `Data state`.
    pub options: String,
    pub input: String,
    pub outcome: Outcome,
}

impl Trial {
    /// `tests1.dat#12`.
    pub fn name(&self) -> String {
        format!("{}#{}", self.file, self.index)
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Runs every case of a tree-construction `.dat` file with `engine`.
pub fn run_tree_construction(
    path: &Path,
    engine: &mut dyn Engine,
) -> Result<Vec<Trial>, ConformanceError> {
    let error = |line: Option<usize>, message: String| ConformanceError {
        file: path.to_path_buf(),
        line,
        message,
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| error(None, format!("cannot be read as UTF-8 text: {e}")))?;
    let cases = dat::parse(&text).map_err(|e| error(Some(e.line), e.message))?;
    let file = file_name(path);
    let mut trials = Vec::new();
    for (index, case) in cases.into_iter().enumerate() {
        let context = match &case.fragment_context {
            None => None,
            Some(text) => Some(FragmentContext::parse(text).ok_or_else(|| {
                error(
                    Some(case.line),
                    format!("bad #document-fragment context {text:?}"),
                )
            })?),
        };
        let modes = match case.scripting {
            Some(scripting) => vec![scripting],
            None => vec![true, false],
        };
        for scripting in modes {
            let request = match &context {
                Some(context) => {
                    ParseRequest::fragment(case.data.clone(), context.clone(), scripting)
                }
                None => ParseRequest::document(case.data.clone(), scripting),
            };
            let outcome = match engine.parse(&request) {
                Ok(output) if output.tree == case.document => Outcome::Passed,
                Ok(output) => Outcome::Failed {
                    expected: case.document.clone(),
                    actual: output.tree,
                },
                Err(EngineFailure::Unsupported { message }) => Outcome::Unsupported(message),
                Err(failure) => Outcome::EngineFailed(failure),
            };
            trials.push(Trial {
                file: file.clone(),
                index,
                line: case.line,
                options: request.options_description(),
                input: case.data.clone(),
                outcome,
            });
        }
    }
    Ok(trials)
}

/// Counts of outcomes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
    pub engine_failed: usize,
    pub unsupported: usize,
}

impl Tally {
    pub fn add(&mut self, outcome: &Outcome) {
        match outcome {
            Outcome::Passed => self.passed += 1,
            Outcome::Failed { .. } => self.failed += 1,
            Outcome::EngineFailed(_) => self.engine_failed += 1,
            Outcome::Unsupported(_) => self.unsupported += 1,
        }
    }

    pub fn merge(&mut self, other: Tally) {
        self.passed += other.passed;
        self.failed += other.failed;
        self.engine_failed += other.engine_failed;
        self.unsupported += other.unsupported;
    }

    /// Trials that ran and did not pass.
    pub fn not_passed(&self) -> usize {
        self.failed + self.engine_failed
    }

    pub fn total(&self) -> usize {
        self.passed + self.failed + self.engine_failed + self.unsupported
    }

    /// The share of the trials that ran (unsupported ones left out) that passed.
    pub fn pass_rate(&self) -> f64 {
        let ran = self.passed + self.not_passed();
        if ran == 0 {
            return 1.0;
        }
        self.passed as f64 / ran as f64
    }
}

#[cfg(test)]
mod tests;
