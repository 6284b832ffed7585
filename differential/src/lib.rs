//! litmus-differential: engines, generator, comparison, minimizer, archive, reports and
//! the campaign runner. (Skeleton.)
