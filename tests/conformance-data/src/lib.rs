//! Where litmus's test suites find the html5lib-tests conformance data.
//!
//! This crate's build script finds them (`$HTML5LIB_TESTS`, else
//! `../shared/html5lib-tests` beside the repository root) or fetches them once, at the
//! pinned commit, into `<target dir>/html5lib-tests-9329e64`, and fails the build, with
//! one message, when they cannot be had ([`fetch`] says how). Every data-driven suite
//! (`litmus-tests`'s conformance suites, `litmus-differential`'s generator and campaign
//! tests) depends on this crate, so the data are found or fetched once, before any
//! suite runs. The data are never copied into the repository.

use std::path::PathBuf;

pub mod fetch;

pub use fetch::COMMIT;

/// The folder the build found or fetched the data in.
pub const FOUND_AT_BUILD: &str = env!("LITMUS_HTML5LIB_TESTS");

/// The html5lib-tests checkout: `$HTML5LIB_TESTS` when it names a folder by an
/// absolute path at run time (a test binary run by hand with another checkout), else
/// the folder the build found or fetched ([`FOUND_AT_BUILD`]).
pub fn html5lib_tests() -> PathBuf {
    match std::env::var_os("HTML5LIB_TESTS").map(PathBuf::from) {
        Some(dir) if dir.is_absolute() => dir,
        _ => PathBuf::from(FOUND_AT_BUILD),
    }
}

#[cfg(test)]
mod tests;
