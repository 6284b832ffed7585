//! litmus-report: what a campaign's model says, written for people and for CI.
//!
//! The layer above the campaign (ARCHITECTURE.md): only the command line reads it.
//!
//! - [`report`]: `findings.json` (schema in `report/SCHEMA.md`), `summary.md`,
//!   `index.html` and `junit.xml` from a `litmus_campaign::finding::CampaignReport`
//!   ([`report::write_reports`]; [`report::write_to`] is a campaign's writer), and
//!   the shards of one campaign merged ([`report::merge`]).
//! - [`table`]: `litmus table`, every engine against the standard, from each engine's
//!   campaign report and html5lib trials (`docs/parsers.md` and a page).
//!
//! Seam: a campaign hands its report to [`report::write_to`] while it runs and at its
//! end.

pub mod report;
pub mod table;
