//! Builds the seed corpora of the fuzz targets into `fuzz/corpus/<target>/`.
//!
//! ```sh
//! cargo run --release --manifest-path fuzz/Cargo.toml --example build_seeds -- \
//!     [HTML5LIB_TESTS [CORPUS [OUT]]]
//! ```
//!
//! Defaults: `$HTML5LIB_TESTS` or `../shared/html5lib-tests` (from the repository
//! root), `corpus`, `fuzz/corpus`. Relative paths are from the repository root. See
//! `litmus_differential::seeds::build_seed_corpora`.

use litmus_differential::seeds::build_seed_corpora;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("fuzz/ has a parent")
        .to_path_buf();
    let mut args = std::env::args_os().skip(1).map(PathBuf::from);
    let html5lib = args
        .next()
        .or_else(|| std::env::var_os("HTML5LIB_TESTS").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("../shared/html5lib-tests"));
    let corpus = args.next().unwrap_or_else(|| PathBuf::from("corpus"));
    let out = args.next().unwrap_or_else(|| PathBuf::from("fuzz/corpus"));
    let [html5lib, corpus, out] = [html5lib, corpus, out].map(|p| root.join(p));
    match build_seed_corpora(&html5lib, &corpus, &out) {
        Ok(stats) => {
            println!(
                "read {} tree-construction tests, {} tokenizer tests, {} findings, {} generator cases",
                stats.tree_construction_tests,
                stats.tokenizer_tests,
                stats.divergences,
                stats.generator_cases
            );
            for target in &stats.targets {
                println!(
                    "{:<13} {:>6} seeds ({} new) in {}",
                    target.target,
                    target.seeds,
                    target.written,
                    target.dir.display()
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("build_seeds: {e}");
            ExitCode::FAILURE
        }
    }
}
