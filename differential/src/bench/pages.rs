//! The real-page sample: HTML documentation shipped with the Rust toolchain.
//!
//! `rustup` installs the standard library's API docs and the books under
//! `$(rustc --print sysroot)/share/doc/rust/html` (the `rust-docs` component). The
//! sample is a fixed list of paths under that folder, chosen to mix rustdoc API pages
//! (dense markup: many small elements with classes, links, `<code>`) with mdBook
//! chapters (prose with inline markup) and one very large table-heavy index:
//!
//! | path | kind |
//! |---|---|
//! | `std/index.html` | rustdoc crate page, small |
//! | `book/ch08-02-strings.html` | mdBook chapter, prose and code blocks |
//! | `std/vec/struct.Vec.html` | rustdoc type page, large |
//! | `std/iter/trait.Iterator.html` | rustdoc trait page, large |
//! | `nomicon/print.html` | mdBook, a whole book on one page |
//! | `reference/print.html` | mdBook, the whole Reference (several MB) |
//! | `core/arch/x86_64/index.html` | rustdoc module index: one long table of links |
//!
//! Pages missing from the installed toolchain are skipped and reported. The sizes
//! depend on the toolchain version; the bench prints the version it read
//! (`rustc --version`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The sample, as paths relative to the docs folder.
pub const SAMPLE: &[&str] = &[
    "std/index.html",
    "book/ch08-02-strings.html",
    "std/vec/struct.Vec.html",
    "std/iter/trait.Iterator.html",
    "nomicon/print.html",
    "reference/print.html",
    "core/arch/x86_64/index.html",
];

/// The toolchain's HTML documentation folder, from `rustc --print sysroot`.
pub fn default_docs_dir() -> Option<PathBuf> {
    let output = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    let sysroot = String::from_utf8(output.stdout).ok()?;
    let dir = Path::new(sysroot.trim()).join("share/doc/rust/html");
    dir.is_dir().then_some(dir)
}

/// `rustc --version`, to record which toolchain's pages were read.
pub fn toolchain_version() -> String {
    Command::new("rustc")
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(|| "unknown rustc".to_owned(), |s| s.trim().to_owned())
}

/// One page of the sample, read.
#[derive(Clone, Debug)]
pub struct Page {
    pub path: &'static str,
    pub text: String,
}

/// Reads the sample from `docs`: the pages found, and the paths that were not (or
/// were not UTF-8).
pub fn load(docs: &Path) -> (Vec<Page>, Vec<&'static str>) {
    let mut pages = Vec::new();
    let mut missing = Vec::new();
    for &path in SAMPLE {
        match std::fs::read(docs.join(path))
            .ok()
            .and_then(|b| String::from_utf8(b).ok())
        {
            Some(text) => pages.push(Page { path, text }),
            None => missing.push(path),
        }
    }
    (pages, missing)
}
