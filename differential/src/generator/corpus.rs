//! Loading inputs to mutate: the `#data` sections of html5lib `.dat` files.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The section headers that end a `#data` section.
const SECTION_HEADERS: &[&str] = &[
    "#errors",
    "#new-errors",
    "#document",
    "#document-fragment",
    "#script-off",
    "#script-on",
    "#description",
];

/// The inputs of every test in the `.dat` files directly inside `dir` (for example
/// `html5lib-tests/tree-construction`), in file-name order then file order. Fails if
/// the folder cannot be read, or a file cannot be read or is not UTF-8.
pub fn load_html5lib_inputs(dir: &Path) -> io::Result<Vec<String>> {
    let mut inputs = Vec::new();
    for path in dat_files(dir)? {
        let text = fs::read_to_string(&path)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        inputs.extend(dat_inputs(&text));
    }
    Ok(inputs)
}

/// The inputs of litmus's own findings, `corpus/divergences/*.dat` under `corpus_dir`,
/// read like [`load_html5lib_inputs`]. A corpus without a `divergences` folder has no
/// findings yet and yields no inputs; any other error is returned.
pub fn load_divergence_inputs(corpus_dir: &Path) -> io::Result<Vec<String>> {
    let dir = corpus_dir.join("divergences");
    match fs::metadata(&dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(e),
        Ok(_) => load_html5lib_inputs(&dir),
    }
}

/// The `.dat` files directly inside `dir`, sorted by name.
fn dat_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let entries = fs::read_dir(dir)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "dat") && path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// The `#data` sections of one `.dat` file: the lines after `#data` up to the next
/// section header, joined by LF, without the last line's newline. Lines are split on LF
/// only, so a CR in a test's data stays.
pub(crate) fn dat_inputs(text: &str) -> Vec<String> {
    let mut inputs = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in text.split('\n') {
        if line == "#data" {
            if let Some(lines) = current.take() {
                inputs.push(lines.join("\n"));
            }
            current = Some(Vec::new());
        } else if SECTION_HEADERS.contains(&line) {
            if let Some(lines) = current.take() {
                inputs.push(lines.join("\n"));
            }
        } else if let Some(lines) = current.as_mut() {
            lines.push(line);
        }
    }
    if let Some(lines) = current {
        inputs.push(lines.join("\n"));
    }
    inputs
}
