//! litmus-report: a campaign's reports, and `litmus table`.

pub mod report;
pub mod table;
