//! Isolation: engines run in worker processes, so that a panic, abort, stack
//! overflow, hang or runaway allocation in an engine costs one worker, never the
//! campaign.
//!
//! # Two kinds of worker
//!
//! - **An engine worker** (`litmus __worker --engine NAME`) answers one parse request
//!   at a time with one engine: what `diff`, `minimize`, `corpus check`, `conformance`
//!   and `triage` use, and what a campaign falls back to to pin a case that took a
//!   case worker down. Its supervisor is [`Worker`] (or [`WorkerPool`]), which waits
//!   at most the request's time limit and kills the worker past it.
//! - **A case worker** (`litmus __worker --cases`) does a campaign's whole cases:
//!   after a [`protocol::ToWorker::Setup`] (seed, generator, engines, levels, known classes) it
//!   takes batches of case indices, generates each case itself, parses it with both
//!   engines in process, compares at every level, computes the signatures, and sends
//!   back counts and only the divergences it has not reported before
//!   ([`crate::campaign::cases`]); it also minimizes divergences in process
//!   ([`crate::campaign::triage`]). Its supervisor is [`CaseWorker`]. A case worker
//!   watches its own parses: one that runs past its limit makes it send what was done
//!   and a [`protocol::FromWorker::Hung`], and exit.
//!
//! # Both sides
//!
//! A worker lowers its own address-space limit (`RLIMIT_AS`, so an allocation past it
//! fails and the process aborts with `memory allocation of N bytes failed`), turns
//! core dumps off, exits when its supervisor dies ([`crate::process`]), moves its
//! protocol channel off file descriptor 1 (anything an engine prints goes to stderr
//! instead of corrupting replies), and runs its engines on a thread with a 256 MiB
//! stack ([`ENGINE_STACK_BYTES`]). A panic is caught per parse (with its message and
//! location) and answered as [`crate::case::EngineFailure::Panic`]; the worker lives
//! on. A worker's death (end of its output) is a
//! [`crate::case::EngineFailure::Crash`] with what its stderr says: `stack overflow`,
//! `memory allocation of … failed`, a panic message and location, …
//!
//! # The protocol
//!
//! Over the worker's stdin and stdout, in frames ([`crate::frame`]) of JSON. The
//! worker first writes [`MAGIC`] (its supervisor drops anything before it: a test
//! harness's banner), then a [`Hello`] (`{"protocol": 2, "engine": "html5ever",
//! "version": "…"}`); then [`protocol::ToWorker`] and [`protocol::FromWorker`] messages
//! ([`protocol`]), until the supervisor closes stdin (the worker exits with status 0).

mod panic;
pub mod protocol;
mod serve;
mod supervisor;

pub use self::panic::{catch, install_panic_hook};
pub use self::protocol::{Hello, MAGIC, PROTOCOL_VERSION};
pub use self::serve::run_worker;
pub use self::supervisor::{
    BatchEvent, CaseWorker, PoolEngine, Worker, WorkerCommand, WorkerConfig, WorkerError,
    WorkerPool,
};

use serde::{Deserialize, Serialize};
use std::process::ExitCode;
use std::time::Duration;

/// The hidden subcommand of the `litmus` binary that runs a worker.
pub const WORKER_SUBCOMMAND: &str = "__worker";
/// The engine name a case worker's hello gives.
pub const CASES_ENGINE: &str = "cases";
/// The stack of the thread a worker runs its engines on.
pub const ENGINE_STACK_BYTES: usize = 256 << 20;
/// A worker's address-space limit unless told otherwise: 4 GiB.
pub const DEFAULT_MEMORY_LIMIT_BYTES: u64 = 4 << 30;
/// The per-request time limit of a parse on a worker.
pub const DEFAULT_TIMEOUT: Duration = crate::limits::DEFAULT_TIMEOUT;
/// How long a new worker has to say hello.
pub const DEFAULT_STARTUP_TIMEOUT: Duration = crate::limits::WORKER_STARTUP_TIMEOUT;

/// What a worker does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorkerRole {
    /// Answers parse requests with this engine: a name the registry knows
    /// ([`crate::engine::ENGINE_NAMES`]), or an external engine's `cmd:` text
    /// ([`crate::engine::ExternalSpec::to_engine_text`]).
    Engine(String),
    /// Runs a campaign's cases.
    Cases,
}

/// What a worker runs and under which limits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkerSettings {
    pub role: WorkerRole,
    /// The worker's address-space limit in bytes (it must leave room for the
    /// 256 MiB engine stack); `None` for no limit of its own.
    pub memory_limit_bytes: Option<u64>,
}

impl WorkerSettings {
    /// An engine worker for `engine`, with the default memory limit.
    pub fn new(engine: impl Into<String>) -> WorkerSettings {
        WorkerSettings {
            role: WorkerRole::Engine(engine.into()),
            memory_limit_bytes: Some(DEFAULT_MEMORY_LIMIT_BYTES),
        }
    }

    /// A case worker with the default memory limit.
    pub fn cases() -> WorkerSettings {
        WorkerSettings {
            role: WorkerRole::Cases,
            memory_limit_bytes: Some(DEFAULT_MEMORY_LIMIT_BYTES),
        }
    }

    /// The engine name a worker with these settings says hello with.
    pub fn hello_engine(&self) -> &str {
        match &self.role {
            WorkerRole::Engine(name) => name,
            WorkerRole::Cases => CASES_ENGINE,
        }
    }

    /// The arguments after `__worker`: `--engine NAME` or `--cases`, then
    /// `--memory-limit-bytes N` or `--no-memory-limit`.
    pub fn to_args(&self) -> Vec<String> {
        let mut args = match &self.role {
            WorkerRole::Engine(name) => vec!["--engine".to_owned(), name.clone()],
            WorkerRole::Cases => vec!["--cases".to_owned()],
        };
        match self.memory_limit_bytes {
            Some(bytes) => {
                args.push("--memory-limit-bytes".to_owned());
                args.push(bytes.to_string());
            }
            None => args.push("--no-memory-limit".to_owned()),
        }
        args
    }

    /// Reads what [`WorkerSettings::to_args`] writes.
    pub fn from_args<I: IntoIterator<Item = String>>(args: I) -> Result<WorkerSettings, String> {
        let mut role = None;
        let mut memory_limit_bytes = Some(DEFAULT_MEMORY_LIMIT_BYTES);
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--engine" => {
                    role = Some(WorkerRole::Engine(
                        args.next().ok_or("--engine needs a name")?,
                    ))
                }
                "--cases" => role = Some(WorkerRole::Cases),
                "--memory-limit-bytes" => {
                    let value = args.next().ok_or("--memory-limit-bytes needs a number")?;
                    let bytes = value
                        .parse()
                        .map_err(|_| format!("--memory-limit-bytes: {value:?} is not a number"))?;
                    memory_limit_bytes = Some(bytes);
                }
                "--no-memory-limit" => memory_limit_bytes = None,
                other => return Err(format!("unknown worker argument {other:?}")),
            }
        }
        Ok(WorkerSettings {
            role: role.ok_or("the worker needs --engine NAME or --cases")?,
            memory_limit_bytes,
        })
    }
}

/// `litmus __worker ARGS…`: reads the arguments after the subcommand and runs the
/// worker. Exit status 0 when the supervisor closes the channel, 2 for bad arguments
/// or a worker that cannot start.
pub fn worker_main_from_args<I: IntoIterator<Item = String>>(args: I) -> ExitCode {
    match WorkerSettings::from_args(args) {
        Ok(settings) => worker_main(&settings),
        Err(message) => {
            eprintln!("litmus {WORKER_SUBCOMMAND}: {message}");
            ExitCode::from(2)
        }
    }
}

/// Runs a worker until its stdin closes. See the module documentation.
pub fn worker_main(settings: &WorkerSettings) -> ExitCode {
    match run_worker(settings) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("litmus {WORKER_SUBCOMMAND}: {message}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests;
