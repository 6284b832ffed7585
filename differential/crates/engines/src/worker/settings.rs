//! What a worker runs and under which limits, and the arguments that say it
//! (`litmus __worker --engine NAME` or `--cases`).

use crate::limits::DEFAULT_MEMORY_LIMIT_BYTES;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The hidden subcommand of the `litmus` binary that runs a worker.
pub const WORKER_SUBCOMMAND: &str = "__worker";
/// The engine name a case worker's hello gives.
pub const CASES_ENGINE: &str = "cases";
/// The stack of the thread a worker runs its engines on.
pub const ENGINE_STACK_BYTES: usize = 256 << 20;
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
