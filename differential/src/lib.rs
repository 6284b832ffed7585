//! litmus-differential: engines, generator, comparison, minimizer, archive, reports and
//! the campaign runner. (Skeleton.)
pub mod archive;
pub mod bench;
pub mod campaign;
pub mod case;
pub mod cli;
pub mod compare;
pub mod conformance;
pub mod corpus_check;
pub mod dat;
pub mod engine;
pub mod finding;
pub mod frame;
pub mod generator;
pub mod known;
pub mod limits;
pub mod minimize;
pub mod process;
pub mod report;
pub mod seeds;
pub mod signature;
pub mod worker;
