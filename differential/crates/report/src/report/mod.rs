//! A campaign's reports: four files written from one [`CampaignReport`].
//!
//! [`write_reports`] writes, each atomically (a synced temporary file renamed into
//! place, see [`litmus_compare::archive::write_atomically`]), into a folder it creates if missing:
//!
//! | file | module | for |
//! |---|---|---|
//! | `findings.json` | [`json`] | tools: the model itself, pretty-printed (schema in `SCHEMA.md`) |
//! | `summary.md` | [`markdown`] | people: campaign facts, levels, classes new / known / possibly fixed |
//! | `index.html` | [`html`] | people: one section per class, the two outputs side by side |
//! | `junit.xml` | [`junit`] | CI systems: one test case per class; a new class fails |
//!
//! `junit.xml` is written with `litmus_text::junit_xml`, the JUnit writer `litmus conformance
//! --junit` and `litmus corpus check --junit` share.
//!
//! Every class is shown through its smallest example ([`ClassGroup::smallest`]). Inputs
//! and outputs are hostile text (tag soup, NULs, control characters, huge lines), so
//! every format escapes what its syntax needs and shows invisible characters as
//! `\u{..}` ([`text::visible`]); long inputs, lines and outputs are cut with a note
//! saying so, the whole text staying in `findings.json`.
//!
//! [`ClassGroup::smallest`]: litmus_campaign::finding::ClassGroup::smallest

#[cfg(test)]
mod class_tests;
pub mod classes;
pub mod html;
pub mod json;
pub mod junit;
pub mod markdown;
pub mod merge;
pub mod sample;
pub mod text;

use litmus_campaign::finding::CampaignReport;
use litmus_compare::archive::write_atomically;
use std::fmt;
use std::path::{Path, PathBuf};

/// Where [`write_reports`] put each file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportPaths {
    pub dir: PathBuf,
    pub findings_json: PathBuf,
    pub summary_md: PathBuf,
    pub index_html: PathBuf,
    pub junit_xml: PathBuf,
}

/// A report file (or the reports folder) that could not be written: the path and why,
/// e.g. `reports/x/summary.md: cannot write: No space left on device (os error 28)`.
#[derive(Debug)]
pub struct ReportError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for ReportError {}

/// Writes `findings.json`, `summary.md`, `index.html` and `junit.xml` for `report`
/// into `dir` (created if missing). Each file is replaced atomically; on an error the
/// files written before it stay, and the error names the file that failed.
pub fn write_reports(report: &CampaignReport, dir: &Path) -> Result<ReportPaths, ReportError> {
    std::fs::create_dir_all(dir).map_err(|e| ReportError {
        path: dir.to_owned(),
        message: format!("cannot create the reports folder: {e}"),
    })?;
    let paths = ReportPaths {
        dir: dir.to_owned(),
        findings_json: dir.join("findings.json"),
        summary_md: dir.join("summary.md"),
        index_html: dir.join("index.html"),
        junit_xml: dir.join("junit.xml"),
    };
    let findings = json::render(report).map_err(|e| ReportError {
        path: paths.findings_json.clone(),
        message: format!("cannot serialize the report: {e}"),
    })?;
    write(&paths.findings_json, &findings)?;
    write(&paths.summary_md, &markdown::render(report))?;
    write(&paths.index_html, &html::render(report))?;
    write(&paths.junit_xml, &junit::render(report))?;
    Ok(paths)
}

/// [`write_reports`] as a campaign's writer of its reports
/// (`litmus_campaign::campaign::WriteReports`), every few seconds while it runs and at
/// its end.
pub fn write_to(report: &CampaignReport, dir: &Path) -> Result<(), String> {
    write_reports(report, dir)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn write(path: &Path, text: &str) -> Result<(), ReportError> {
    write_atomically(path, text.as_bytes()).map_err(|e| ReportError {
        path: e.path,
        message: e.message,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_four_files_are_written_into_a_new_folder() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("reports").join("sample");
        let paths = write_reports(&sample::campaign(), &target).unwrap();
        for path in [
            &paths.findings_json,
            &paths.summary_md,
            &paths.index_html,
            &paths.junit_xml,
        ] {
            assert!(path.is_file(), "{}", path.display());
            assert!(std::fs::metadata(path).unwrap().len() > 100);
        }
        let names: Vec<_> = std::fs::read_dir(&target)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names.len(), 4, "no temporary files left: {names:?}");
    }

    #[test]
    fn write_failures_name_the_path_instead_of_panicking() {
        let dir = tempfile::tempdir().unwrap();
        // The folder cannot be created: a file stands where it should be.
        let file = dir.path().join("taken");
        std::fs::write(&file, "x").unwrap();
        let err = write_reports(&sample::campaign(), &file.join("sub")).unwrap_err();
        assert!(err.path.ends_with("sub"), "{err}");
        assert!(err.to_string().contains("cannot create the reports folder"));
        // A file cannot be renamed into place: a non-empty folder has its name.
        let reports = dir.path().join("reports");
        std::fs::create_dir_all(reports.join("summary.md").join("x")).unwrap();
        let err = write_reports(&sample::campaign(), &reports).unwrap_err();
        assert!(err.path.ends_with("summary.md"), "{err}");
        assert!(err.to_string().contains("summary.md: cannot"), "{err}");
    }
}
