//! litmus-differential: engines, generator, comparison, minimizer, archive, reports and
//! the campaign runner. (Skeleton.)
pub mod cli;
