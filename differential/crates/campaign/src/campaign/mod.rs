//! The campaign runner: `litmus run`.
//!
//! The data flows one way: generate, engines, compare, signature (in case workers,
//! [`cases`]), then classify, minimize, archive (triage, [`triage`] and `jobs.rs`),
//! then report (through the writer the caller hands [`run()`]: `litmus_report`'s,
//! rewritten every few seconds and at the end).
//!
//! Jobs are threads; each owns one case worker ([`case_worker::CaseWorker`]; its side
//! is [`host`], its messages [`protocol`]), a
//! process that generates its batches of cases from the seed, parses them with both
//! engines in process, compares them and sends back counts and the divergences whose
//! signatures it had not reported, so that isolation costs almost nothing. An engine
//! that crashes, hangs or runs out of memory costs the worker, and the case that did
//! it is pinned through engine workers and becomes a finding (`jobs.rs`). Case `k` of
//! shard `i/n` is generator index `i + k·n`, so shards are disjoint and every case
//! replays from the seed and its index.
//!
//! The module is in layers, each file reading only those below it: [`protocol`] (the
//! case worker's messages); [`watch`], [`cases`] (the case runner a case worker
//! hosts), [`ahead`] and [`triage`] (minimizing in process), [`host`] (the case
//! worker's process) and [`case_worker`] (its supervisor); [`options`] (what a
//! campaign is given); [`archived`] (the findings archived before it, by class),
//! [`record`], [`mod@investigate`], [`third`], [`steering`], [`unseen`] (the classes
//! it did not see), then `state/` (what the jobs share) and `jobs.rs`; [`mod@run`] at
//! the top.
//!
//! Each signature is triaged once, on its first case (the lowest case index that
//! showed it): classified as found, or minimized to tokens and classified. A
//! signature a known class explains is counted, per signature and per class; a few
//! exemplars of each class ([`EXEMPLARS_PER_CLASS`]: its smallest candidates, chosen
//! once the cases are done) are minimized to the end keeping the class, and
//! archived, merging those that minimize to the same signature. A signature no class
//! explains is a new finding: minimized to the end and archived at once.
//!
//! **The same campaign finds the same things.** For a given seed, number of cases,
//! levels, engines, classes and mutation inputs, findings.json is the same on every
//! run and for any `--jobs`, but for its timings and paths: which case of a
//! signature is triaged, which candidates become a class's exemplars, which case a
//! finding keeps (the smallest input, then the lowest case index) and what its
//! archive file holds follow rules on the cases (`state/`), never the order the jobs
//! finish in, and minimizations are bounded in steps, not time
//! ([`litmus_compare::minimize::Budget`]). Crashes and hangs, and the speed level, are timings
//! of the machine, and what the case workers that met them reported around them
//! may differ.
//!
//! Nothing reported is lost: a finding is archived (atomically) before it is printed,
//! and Ctrl-C stops taking cases, finishes the triage and the exemplars, and writes
//! the reports.

pub mod ahead;
pub mod archived;
pub mod case_worker;
pub mod cases;
pub mod host;
pub mod investigate;
mod jobs;
pub mod options;
pub mod protocol;
pub mod record;
pub mod run;
mod state;
pub mod steering;
pub mod third;
pub mod triage;
pub mod unseen;
pub mod watch;

pub use cases::request_for_case;
pub use investigate::{investigate, Engines, Investigation};
pub use options::{
    case_setup, default_campaign_id, CampaignError, CampaignOptions, EngineChoice, Shard,
};
pub use record::finding as finding_of;
pub use run::{run, WriteReports};
pub use state::EXEMPLARS_PER_CLASS;
pub use third::{judges_opinions, side, third_opinion};
