//! litmus-campaign: campaigns.

pub mod campaign;
pub mod classes;
pub mod finding;
pub mod generator;
pub mod lock;
pub mod seeds;
pub mod spec_coverage;
