//! Sanitizers as engines: a campaign that gives generated cases to an HTML sanitizer
//! through its workers and reads each answer as a browser would.
//!
//! - `check.rs`: one answer's sightings (script-capable content in the browser's
//!   parses of the output, the sanitizer's tree against the browser's, a failure).
//! - `report.rs`: the campaign's findings.json, summary.md, archive records and the
//!   table of docs/sanitizers.md.
//! - `confirm.rs`: each finding's output inserted into a real browser's page
//!   (`--confirm`), and whether the payload's marker ran.
//! - `payloads.rs`: the payload mode, a payload with a harmless marker spliced into
//!   each case.
//! - `run.rs`: the campaign (`litmus sanitize`).

pub mod check;
pub mod confirm;
pub mod payloads;
pub mod report;
pub mod run;

pub use check::{check, BrowserView, Sighting, What};
pub use confirm::{BrowserRun, ConfirmIn, Confirmation};
pub use report::{SanitizerFinding, SanitizerReport};
pub use run::{run, SanitizerOptions};
