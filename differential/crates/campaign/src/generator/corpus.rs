//! Loading inputs to mutate: the `#data` sections of html5lib `.dat` files, read with
//! the one `.dat` reader, [`litmus_compare::dat`].

use litmus_compare::dat;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

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

/// The html5lib-tests checkout litmus reads: `$HTML5LIB_TESTS`, or
/// `../shared/html5lib-tests` when it is not set.
pub fn html5lib_dir() -> PathBuf {
    std::env::var_os("HTML5LIB_TESTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/html5lib-tests"))
}

/// The inputs a campaign mutates, and where they came from: what its case stream
/// depends on beside the seed and the generator's configuration.
#[derive(Clone, Debug, Default)]
pub struct MutationSources {
    /// The html5lib tree-construction inputs, then the corpus's findings, in order.
    pub inputs: Vec<String>,
    /// The tree-construction folder read, or `None` when it could not be read.
    pub html5lib: Option<PathBuf>,
    pub html5lib_inputs: usize,
    pub corpus_inputs: usize,
    /// What could not be read, one sentence each (a campaign prints them and its
    /// summary lists them).
    pub warnings: Vec<String>,
}

impl MutationSources {
    /// [`sources_hash`] of the inputs.
    pub fn hash(&self) -> String {
        sources_hash(&self.inputs)
    }
}

/// Reads the inputs to mutate: the html5lib tree-construction inputs of `html5lib`
/// (a checkout, see [`html5lib_dir`]) and the findings of `corpus`. A source that
/// cannot be read gives no inputs and a warning naming it.
pub fn mutation_sources(corpus: &Path, html5lib: &Path) -> MutationSources {
    let mut sources = MutationSources::default();
    let tree_construction = html5lib.join("tree-construction");
    match load_html5lib_inputs(&tree_construction) {
        Ok(inputs) => {
            sources.html5lib_inputs = inputs.len();
            sources.inputs = inputs;
            sources.html5lib = Some(tree_construction);
        }
        Err(e) => {
            // Where it looked, in words that make sense wherever litmus runs: the
            // default `../shared/html5lib-tests` is the repository's neighbour.
            let looked = match std::env::var_os("HTML5LIB_TESTS").filter(|v| !v.is_empty()) {
                Some(_) => format!("{}: {e}", tree_construction.display()),
                None => format!(
                    "$HTML5LIB_TESTS is not set, and there is no {} beside this folder",
                    tree_construction.display()
                ),
            };
            sources.warnings.push(format!(
                "no html5lib-tests data to mutate ({looked}): the cases differ from those \
                 of a campaign with the same seed that had them. Set $HTML5LIB_TESTS to a \
                 checkout of https://github.com/html5lib/html5lib-tests at commit 9329e64 \
                 (the litmus repository's scripts/fetch-html5lib-tests.sh makes one)"
            ));
        }
    }
    match load_divergence_inputs(corpus) {
        Ok(inputs) => {
            sources.corpus_inputs = inputs.len();
            sources.inputs.extend(inputs);
        }
        Err(e) => sources.warnings.push(format!(
            "the corpus's findings cannot be read to mutate: {e}"
        )),
    }
    sources
}

/// The SHA-256 (hex) of a list of inputs to mutate, in order: each input's length in
/// bytes (eight bytes, little-endian), then its bytes. Two campaigns with the same
/// seed, generator version and configuration make the same cases when these agree.
pub fn sources_hash(inputs: &[String]) -> String {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    for input in inputs {
        hasher.update((input.len() as u64).to_le_bytes());
        hasher.update(input.as_bytes());
    }
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
