//! Finds the html5lib-tests conformance data for litmus's test suites, and fetches
//! them once when they are nowhere (`src/fetch.rs` says where it looks), so that
//! `cargo test --workspace --release` works on a fresh clone with nothing run before
//! it. When the data cannot be fetched, the build fails here, before any suite runs,
//! with one message naming `HTML5LIB_TESTS` and the fetch script. The folder found is
//! handed to the crate as `LITMUS_HTML5LIB_TESTS`.

use std::env;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[path = "src/fetch.rs"]
mod fetch;

fn main() -> ExitCode {
    for var in [
        "HTML5LIB_TESTS",
        "HTML5LIB_TESTS_URL",
        "HTML5LIB_TESTS_COMMIT",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/fetch.rs");
    let root = workspace_root();
    let script = root.join("scripts/fetch-html5lib-tests.sh");
    println!("cargo:rerun-if-changed={}", script.display());
    let search = fetch::Search {
        given: env::var_os("HTML5LIB_TESTS")
            .filter(|d| !d.is_empty())
            .map(|d| absolute(PathBuf::from(d))),
        shared: root.join("../shared/html5lib-tests"),
        target: target_dir(&root),
        commit: match env::var("HTML5LIB_TESTS_COMMIT") {
            Ok(commit) if !commit.trim().is_empty() => commit.trim().to_ascii_lowercase(),
            _ => fetch::COMMIT.to_owned(),
        },
        url: env::var("HTML5LIB_TESTS_URL")
            .ok()
            .filter(|u| !u.trim().is_empty()),
        script,
    };
    match search.find_or_fetch() {
        Ok(found) => {
            if let fetch::Found::Fetched(dir) = &found {
                println!(
                    "cargo:warning=fetched html5lib-tests {} into {} for the test suites \
                     (once; HTML5LIB_TESTS=DIR uses another checkout)",
                    fetch::short(&search.commit),
                    dir.display()
                );
            }
            let dir = found.dir();
            println!("cargo:rustc-env=LITMUS_HTML5LIB_TESTS={}", dir.display());
            // Run again when the data change or go away.
            println!(
                "cargo:rerun-if-changed={}",
                dir.join("tree-construction").display()
            );
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// The repository's root (this crate is `tests/conformance-data`).
fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    manifest
        .parent()
        .and_then(Path::parent)
        .map_or(manifest.clone(), Path::to_path_buf)
}

/// A relative `$HTML5LIB_TESTS` is relative to the folder cargo was run from (`$PWD`),
/// not to this crate's.
fn absolute(dir: PathBuf) -> PathBuf {
    if dir.is_absolute() {
        return dir;
    }
    match env::var_os("PWD").map(PathBuf::from) {
        Some(pwd) if pwd.is_absolute() => pwd.join(dir),
        _ => dir,
    }
}

/// The target directory: the first folder above `OUT_DIR` that cargo marked with its
/// `CACHEDIR.TAG` (so `CARGO_TARGET_DIR` and `build.target-dir` are honoured), else
/// the folder above the profile's.
fn target_dir(root: &Path) -> PathBuf {
    let out = PathBuf::from(env::var_os("OUT_DIR").unwrap_or_default());
    if let Some(tagged) = out.ancestors().find(|a| a.join("CACHEDIR.TAG").is_file()) {
        return tagged.to_path_buf();
    }
    // OUT_DIR is TARGET/PROFILE/build/CRATE-HASH/out.
    out.ancestors()
        .nth(4)
        .map_or_else(|| root.join("target"), Path::to_path_buf)
}
