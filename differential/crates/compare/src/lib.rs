//! litmus-compare: two engines' answers compared.

pub mod archive;
pub mod compare;
pub mod corpus_check;
pub mod dat;
pub mod locus;
pub mod minimize;
pub mod signature;
