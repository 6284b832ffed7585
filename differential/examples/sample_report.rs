//! Writes the reports of a hand-built sample campaign, to look at the formats:
//!
//! ```sh
//! cargo run -p litmus-differential --example sample_report -- /tmp/litmus-sample
//! ```
//!
//! writes `findings.json`, `summary.md`, `index.html` and `junit.xml` into the folder
//! (default `target/sample-report`) and prints their paths. The campaign is
//! `litmus_differential::report::sample::campaign()`: new and known classes, a
//! possibly fixed one, hostile input and a third engine's opinions.

use litmus_differential::report::{sample, write_reports};
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("target/sample-report"));
    match write_reports(&sample::campaign(), &dir) {
        Ok(paths) => {
            for path in [
                paths.findings_json,
                paths.summary_md,
                paths.index_html,
                paths.junit_xml,
            ] {
                println!("{}", path.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("litmus sample report: {e}");
            ExitCode::FAILURE
        }
    }
}
