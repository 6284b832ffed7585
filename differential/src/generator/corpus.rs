//! Loading inputs to mutate: the `#data` sections of html5lib `.dat` files, read with
//! the one `.dat` reader, [`crate::dat`].

use crate::dat;
use std::fs;
use std::io;
use std::path::Path;

/// The inputs of every test in the `.dat` files directly inside `dir` (for example
/// `html5lib-tests/tree-construction`), in file-name order then file order. Fails if
/// the folder cannot be read, or a file cannot be read, is not UTF-8 or is not a
/// well-formed `.dat` file (see [`dat::read_folder`]).
pub fn load_html5lib_inputs(dir: &Path) -> io::Result<Vec<String>> {
    let cases = dat::read_folder(dir)?;
    Ok(cases.into_iter().map(|case| case.data).collect())
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
