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
//!   at most the request's time limit and kills the worker past it; its side is
//!   [`serve::run_engine_worker`].
//! - **A case worker** (`litmus __worker --cases`) does a campaign's whole cases and
//!   minimizations. It is the campaign's (`litmus_campaign::campaign::host` is its
//!   side, `litmus_campaign::campaign::case_worker` its supervisor); this module gives
//!   it what every worker process shares: its settings and arguments
//!   ([`WorkerSettings`]), its start ([`serve::prepare`], [`serve::open_channel`]: its
//!   limits, its channel, its hello), the reading of its requests
//!   ([`serve::read_requests`]), and on the supervisor's side, starting it and waiting
//!   for its hello ([`spawn_worker`]), and sending it a message ([`send`]).
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
//! Over the worker's stdin and stdout, in frames ([`litmus_engine_api::frame`]) of JSON. The
//! worker first writes [`MAGIC`] (its supervisor drops anything before it: a test
//! harness's banner), then a [`Hello`] (`{"protocol": 2, "engine": "html5ever",
//! "version": "…"}`); then [`protocol::ToWorker`] and [`protocol::FromWorker`] messages
//! ([`protocol`]), until the supervisor closes stdin (the worker exits with status 0).

mod panic;
pub mod protocol;
pub mod serve;
mod settings;
mod supervisor;

pub use self::panic::{catch, install_panic_hook};
pub use self::protocol::{Hello, MAGIC, PROTOCOL_VERSION};
pub use self::serve::worker_main_from_args;
pub use self::settings::{
    WorkerRole, WorkerSettings, CASES_ENGINE, DEFAULT_STARTUP_TIMEOUT, DEFAULT_TIMEOUT,
    ENGINE_STACK_BYTES, WORKER_SUBCOMMAND,
};
pub use self::supervisor::{
    millis, send, spawn_worker, PoolEngine, Worker, WorkerCommand, WorkerConfig, WorkerError,
    WorkerPool, WORKER_OUTPUT,
};

#[cfg(test)]
mod tests;
