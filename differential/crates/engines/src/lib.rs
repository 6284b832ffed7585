//! litmus-engines: the engines litmus compares, and the processes they run in.

pub mod case;
pub mod dump;
pub mod engine;
pub mod limits;
pub mod process;
pub mod worker;
