//! `--known FILE` and `--known-only`: which known-difference classes a command
//! classifies with (`run`, `diff`, `minimize`, `triage`, `class`, `engine check`).
//!
//! The default classes are `CORPUS/known-differences.toml` of a `--corpus` given on the
//! command line, else `corpus/known-differences.toml` of the working folder when there
//! is one, else the copy built into litmus. `--known FILE` (any number of times) adds
//! each file's classes to them: a class of a file replaces a default class of the same
//! id, and comes before the default ones. `--known-only` classifies with the files'
//! classes alone.

use super::error::CliError;
use clap::Args;
use litmus_text::errln;
use litmus_verdicts::{KnownClass, KnownDifferences};
use std::path::{Path, PathBuf};

/// Where the classes come from, as for `litmus run`.
#[derive(Args, Debug)]
pub struct Source {
    /// The corpus whose known-differences.toml holds the classes. Default: `corpus`,
    /// and where it has no known-differences.toml, the classes built into litmus.
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
    #[command(flatten)]
    pub known: KnownArgs,
}

#[derive(Args, Debug, Clone, Default)]
pub struct KnownArgs {
    /// A known-differences file whose classes are added to the default ones (the
    /// corpus's, or the classes built into litmus); a class of the file replaces a
    /// default class of the same id. May be given several times.
    #[arg(long, value_name = "FILE")]
    pub known: Vec<PathBuf>,
    /// Classify with the classes of the --known files alone, without the default
    /// (built-in or corpus) classes.
    #[arg(long, requires = "known")]
    pub known_only: bool,
}

/// The classes a command classifies with (see the module's documentation). The note
/// that the built-in classes are used goes to stderr unless `quiet`.
pub fn known_differences(
    corpus: Option<&Path>,
    args: &KnownArgs,
    quiet: bool,
) -> Result<KnownDifferences, CliError> {
    let mut given: Vec<(KnownClass, &Path)> = Vec::new();
    for path in &args.known {
        for class in load_known(path)?.classes {
            if let Some((_, other)) = given.iter().find(|(c, _)| c.id == class.id) {
                return Err(CliError::input(format!(
                    "known differences: class {:?} is in both {} and {}",
                    class.id,
                    other.display(),
                    path.display()
                )));
            }
            given.push((class, path));
        }
    }
    let mut classes: Vec<KnownClass> = given.into_iter().map(|(c, _)| c).collect();
    if !args.known_only {
        let defaults = default_classes(corpus, !args.known.is_empty(), quiet)?;
        let replaced = |c: &KnownClass| classes.iter().any(|g| g.id == c.id);
        let kept: Vec<KnownClass> = defaults
            .classes
            .into_iter()
            .filter(|c| !replaced(c))
            .collect();
        classes.extend(kept);
    }
    Ok(KnownDifferences {
        classes,
        ..KnownDifferences::default()
    })
}

/// The default classes: `CORPUS/known-differences.toml` of a `--corpus` given on the
/// command line (bad input when it is missing, unless `--known` files were given:
/// then the corpus is only where inputs come from), else the working folder's
/// `corpus/known-differences.toml`, else the built-in classes.
fn default_classes(
    corpus: Option<&Path>,
    with_files: bool,
    quiet: bool,
) -> Result<KnownDifferences, CliError> {
    let path = litmus_compare::archive::corpus_dir(corpus).join("known-differences.toml");
    if path.exists() || (corpus.is_some() && !with_files) {
        return load_known(&path);
    }
    if !quiet {
        errln!(
            "litmus: no {} here; using the known differences built into litmus {} (--known FILE adds others, --corpus DIR chooses a corpus's)",
            path.display(),
            env!("CARGO_PKG_VERSION")
        );
    }
    Ok(KnownDifferences::built_in())
}

/// Reads the known-differences file, as bad input when it cannot be used.
pub fn load_known(path: &Path) -> Result<KnownDifferences, CliError> {
    KnownDifferences::load(path).map_err(|e| CliError::input(format!("known differences {e}")))
}
