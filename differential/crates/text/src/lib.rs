//! litmus-text: the text litmus writes for people and for CI, and how it writes it.
//!
//! The bottom of the harness's layers (ARCHITECTURE.md): every other crate of the
//! harness may use it, and it uses none of them.
//!
//! - [`output`]: standard output and error through two functions that never panic,
//!   and the macros every command prints with: [`outln!`], [`out!`], [`errln!`]
//!   (`use litmus_text::{outln, errln};`). A closed pipe drops the line; SIGPIPE stays
//!   ignored.
//! - [`visible`]: invisible characters written as `\u{..}`, long text cut at a
//!   character boundary: how every report, line and JUnit file shows inputs and
//!   trees.
//! - [`numbers`]: counts, shares, durations and rates as the terminal, the reports and
//!   the table print them (a share never rounded up to agreement).
//! - [`html`]: text escaped for the reports' pages.
//! - [`junit_xml`]: the one JUnit XML writer (a campaign's `junit.xml`, `litmus
//!   conformance --junit`, `litmus corpus check --junit`), always well-formed.

pub mod html;
pub mod junit_xml;
pub mod numbers;
pub mod output;
pub mod visible;

/// `println!` that never panics: a closed standard output drops the line (see
/// [`output`]).
#[macro_export]
macro_rules! outln {
    () => {
        $crate::output::out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` that never panics (see [`output`]).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::out(format_args!($($arg)*))
    };
}

/// `eprintln!` that never panics (see [`output`]).
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::output::err(format_args!("{}\n", format_args!($($arg)*)))
    };
}
