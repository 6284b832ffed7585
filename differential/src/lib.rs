//! litmus-differential: engines, generator, comparison, minimizer, archive, reports and
//! the campaign runner. (Skeleton.)
/// `println!` that never panics: a closed standard output drops the line (see
/// [`output`]).
macro_rules! outln {
    () => {
        $crate::output::out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` that never panics (see [`output`]).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::out(format_args!($($arg)*))
    };
}

/// `eprintln!` that never panics (see [`output`]).
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::output::err(format_args!("{}\n", format_args!($($arg)*)))
    };
}

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
pub mod generator;
pub mod known;
pub mod limits;
pub mod locus;
pub mod minimize;
pub mod output;
pub mod process;
pub mod report;
pub mod seeds;
pub mod signature;
pub mod spec_coverage;
pub mod table;
pub mod worker;

/// The one frame codec of workers and persistent engines, shared with Rust engines.
pub use litmus_engine_api::frame;
