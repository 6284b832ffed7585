//! litmus-differential: engines, generator, comparison, minimizer, archive, reports and
//! the campaign runner. (Skeleton.)
pub mod archive;
pub mod cli;
pub mod dat;
pub mod finding;
pub mod generator;
pub mod known;
pub mod minimize;
pub mod report;
