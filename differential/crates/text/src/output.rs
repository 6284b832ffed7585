//! Where litmus prints: standard output and standard error, through two functions
//! that never panic ([`out`], [`err`]; the macros `outln!`, `out!` and `errln!`).
//!
//! A write into a closed pipe (`litmus run … | head -1`) is an error in Rust, since the
//! runtime ignores SIGPIPE, and `println!` turns that error into a panic (exit 101).
//! Setting SIGPIPE back to its default would end litmus quietly too, but litmus writes
//! into pipes of its own children from several threads — requests to case and engine
//! workers, inputs to external engines — where a reader that died is an event to
//! record (a crash finding, a worker to restart), not a reason for the whole campaign
//! to die. So the signal stays ignored and every line litmus prints goes through this
//! module: once standard output is closed, what would go there is dropped, and the
//! command finishes its work (a campaign still writes its reports) and exits with its
//! usual status. Another write error on standard output (a full disk under `>`) is
//! said once on standard error; errors writing standard error are dropped.

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes to standard output, unless it is closed.
pub fn out(args: fmt::Arguments<'_>) {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return;
    }
    let mut stdout = io::stdout().lock();
    if let Err(error) = stdout.write_fmt(args) {
        if !STDOUT_CLOSED.swap(true, Ordering::Relaxed) && error.kind() != io::ErrorKind::BrokenPipe
        {
            err(format_args!(
                "litmus: cannot write to standard output: {error}\n"
            ));
        }
    }
}

/// Whether standard output was found closed (or unwritable).
pub fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// Writes to standard error; a failure is dropped (there is nowhere left to say it).
pub fn err(args: fmt::Arguments<'_>) {
    let _ = io::stderr().lock().write_fmt(args);
}
