//! litmus-campaign: a campaign, from its case stream to its findings.
//!
//! The layer above the verdicts (ARCHITECTURE.md): the reports and the command line
//! read it.
//!
//! - [`generator`]: the tag-soup generator, deterministic per seed and case index.
//! - [`campaign`]: `litmus run`: jobs, each with a case worker that runs whole batches
//!   of cases in process ([`campaign::cases::CaseRunner`], hosted by
//!   [`campaign::host`], supervised by [`campaign::case_worker::CaseWorker`]), triage
//!   (the verdict on each signature's first case, minimization), exemplars, the
//!   archive, judges and steering; [`campaign::run()`] from start to reports. A campaign
//!   repeats itself: its findings follow rules on the cases, never the order its jobs
//!   finish in (`litmus_report`'s `SCHEMA.md`, "Determinism").
//! - [`finding`]: the campaign model, what `findings.json` holds
//!   ([`finding::CampaignReport`]), and [`classes`], the known classes it names.
//! - [`spec_coverage`]: the standard's arms the reference parser passed through.
//! - [`seeds`]: the fuzz targets' input formats; [`lock`]: the lock on a reports
//!   folder.
//!
//! Seams: the reports are a layer above, so [`campaign::run()`] writes them through
//! the writer its caller hands it ([`campaign::WriteReports`]); `litmus __worker
//! --cases` runs [`campaign::host::run_case_worker`], handed to the engines' worker by
//! the command line.

pub mod campaign;
pub mod classes;
pub mod finding;
pub mod generator;
pub mod lock;
pub mod sanitizers;
pub mod seeds;
pub mod spec_coverage;
