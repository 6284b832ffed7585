//! The supervisor side: starting workers, talking to them, restarting them.
//!
//! [`Worker`] is an engine worker, one request at a time; [`WorkerPool`] shares
//! several between threads. Each starts its process through [`crate::process`]
//! ([`spawn_worker`], which a case worker's supervisor, the campaign's, uses too) and
//! replaces it after a death, a kill or a protocol error.

use super::protocol::{FromWorker, Hello, TokensAsk, MAGIC, MAX_FRAME_BYTES, PROTOCOL_VERSION};
use super::settings::{
    WorkerSettings, DEFAULT_STARTUP_TIMEOUT, DEFAULT_TIMEOUT, WORKER_SUBCOMMAND,
};
use crate::case::{EngineFailure, ParseRequest, ParseResult};
use crate::engine::tokenizers::{TokenStart, Tokenizer};
use crate::engine::Engine;
use crate::process::{CommandLine, Event, Process, Reading};
use litmus_engine_api::frame::encode;
use serde::Serialize;
use std::ffi::OsString;
use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How a worker's stdout is read.
pub const WORKER_OUTPUT: Reading = Reading::Frames {
    magic: Some(MAGIC),
    max_bytes: MAX_FRAME_BYTES,
};

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// How to start a worker process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkerCommand {
    pub program: PathBuf,
    pub args: Vec<OsString>,
    /// Variables added to the inherited environment.
    pub env: Vec<(OsString, OsString)>,
}

impl WorkerCommand {
    /// `PROGRAM __worker --engine NAME …`: a `litmus` binary at `program`.
    pub fn litmus(program: impl Into<PathBuf>, settings: &WorkerSettings) -> WorkerCommand {
        let mut args = vec![OsString::from(WORKER_SUBCOMMAND)];
        args.extend(settings.to_args().into_iter().map(OsString::from));
        WorkerCommand {
            program: program.into(),
            args,
            env: Vec::new(),
        }
    }

    /// This very executable as the worker (it must be the `litmus` binary).
    pub fn current_exe(settings: &WorkerSettings) -> io::Result<WorkerCommand> {
        Ok(WorkerCommand::litmus(std::env::current_exe()?, settings))
    }
}

/// A worker's engine, command and time limits.
#[derive(Clone, Debug)]
pub struct WorkerConfig {
    /// The engine's name: the hello must match it, and failures are labelled with it.
    pub engine: String,
    pub command: WorkerCommand,
    /// The time limit of [`Engine::parse`] on a [`Worker`] and of
    /// [`WorkerPool::as_engine`].
    pub timeout: Duration,
    /// How long a starting worker has to say hello.
    pub startup_timeout: Duration,
}

impl WorkerConfig {
    /// Workers that are this executable (`litmus __worker …`), with the default
    /// time limits.
    pub fn new(settings: &WorkerSettings) -> io::Result<WorkerConfig> {
        Ok(WorkerConfig::with_command(
            settings.hello_engine(),
            WorkerCommand::current_exe(settings)?,
        ))
    }

    /// Workers started by `command`, which must run the engine named `engine`.
    pub fn with_command(engine: &str, command: WorkerCommand) -> WorkerConfig {
        WorkerConfig {
            engine: engine.to_owned(),
            command,
            timeout: DEFAULT_TIMEOUT,
            startup_timeout: DEFAULT_STARTUP_TIMEOUT,
        }
    }
}

/// A worker that could not be started.
#[derive(Debug)]
pub enum WorkerError {
    Spawn { program: PathBuf, error: io::Error },
    Startup { engine: String, message: String },
}

impl std::fmt::Display for WorkerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WorkerError::Spawn { program, error } => {
                write!(f, "cannot start the worker {}: {error}", program.display())
            }
            WorkerError::Startup { engine, message } => {
                write!(f, "the {engine} worker did not start: {message}")
            }
        }
    }
}

impl std::error::Error for WorkerError {}

/// Starts a worker process and waits for its hello, which must name `engine`.
pub fn spawn_worker(config: &WorkerConfig) -> Result<(Process, Hello), WorkerError> {
    let command = &config.command;
    // Not tied to the starting thread: a pool's workers outlive the thread that
    // restarted them. A worker exits by itself when its supervisor dies.
    let line = CommandLine {
        program: command.program.clone(),
        args: command.args.clone(),
        env: command.env.clone(),
        die_with_thread: false,
        address_space: crate::process::AddressSpace::Inherited,
    };
    let mut process = Process::spawn(&line, WORKER_OUTPUT).map_err(|error| WorkerError::Spawn {
        program: command.program.clone(),
        error,
    })?;
    let startup_error = |message: String| WorkerError::Startup {
        engine: config.engine.clone(),
        message,
    };
    let deadline = Instant::now() + config.startup_timeout;
    let hello = match process.next_event(deadline) {
        Some(Event::Frame(bytes)) => serde_json::from_slice::<Hello>(&bytes)
            .map_err(|e| startup_error(format!("unreadable hello: {e}")))?,
        Some(Event::Closed(reason)) => {
            let reason = reason.unwrap_or_else(|| "it exited".to_owned());
            let failure = process.died(&reason);
            // A worker that cannot start its engine says why, on however many lines
            // (an external engine's stderr included), after its prefix: all of it.
            let said = process.stderr();
            let prefix = format!("litmus {}: ", WORKER_SUBCOMMAND);
            if let Some(at) = said.rfind(&prefix) {
                let limit = crate::limits::MAX_START_STDERR_BYTES + 1024;
                let mut why = said[at + prefix.len()..].trim_end();
                if why.len() > limit {
                    let mut end = limit;
                    while !why.is_char_boundary(end) {
                        end -= 1;
                    }
                    why = &why[..end];
                }
                return Err(startup_error(why.to_owned()));
            }
            return Err(startup_error(failure.to_string()));
        }
        Some(Event::All(_) | Event::TooLarge { .. }) => {
            process.kill();
            return Err(startup_error(
                "a frame over the protocol's limit".to_owned(),
            ));
        }
        None => {
            process.kill();
            return Err(startup_error(format!(
                "no hello within {} ms",
                config.startup_timeout.as_millis()
            )));
        }
    };
    if hello.protocol != PROTOCOL_VERSION || hello.engine != config.engine {
        process.kill();
        return Err(startup_error(format!(
            "expected engine {:?} speaking protocol {PROTOCOL_VERSION}, got {:?} speaking {}",
            config.engine, hello.engine, hello.protocol
        )));
    }
    Ok((process, hello))
}

/// Sends one message as a frame; `false` if the worker's stdin is closed.
pub fn send(process: &mut Process, message: &impl Serialize) -> Result<bool, EngineFailure> {
    let payload = serde_json::to_vec(message).map_err(|e| EngineFailure::BadOutput {
        message: format!("cannot write the request: {e}"),
    })?;
    let frame = encode(&payload).map_err(|e| EngineFailure::Unsupported {
        message: e.to_string(),
    })?;
    Ok(process.send(frame))
}

/// A [`ToWorker::Parse`] that borrows its request.
#[derive(Serialize)]
#[serde(tag = "kind", rename = "parse")]
struct ParseRef<'a> {
    id: u64,
    request: &'a ParseRequest,
    #[serde(skip_serializing_if = "Option::is_none")]
    splits: Option<&'a [usize]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tokens: Option<&'a TokensAsk>,
}

/// A duration in whole milliseconds, as the protocol's failures give it.
pub fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// A supervised worker process, restarted as needed: one request at a time.
pub struct Worker {
    config: WorkerConfig,
    process: Option<Process>,
    version: String,
    next_id: u64,
    restarts: u64,
}

impl Worker {
    /// Starts the worker process (so that a bad command is an error now, not a
    /// failure of every request).
    pub fn start(config: WorkerConfig) -> Result<Worker, WorkerError> {
        let (process, hello) = spawn_worker(&config)?;
        Ok(Worker {
            config,
            process: Some(process),
            version: hello.version,
            next_id: 1,
            restarts: 0,
        })
    }

    /// The engine's name.
    pub fn engine_name(&self) -> &str {
        &self.config.engine
    }

    /// The engine's version, as the worker reported it.
    pub fn engine_version(&self) -> &str {
        &self.version
    }

    /// How many times a dead or killed worker process was replaced.
    pub fn restarts(&self) -> u64 {
        self.restarts
    }

    /// Parses `request` in the worker, waiting at most `timeout` for the answer.
    pub fn parse(&mut self, request: &ParseRequest, timeout: Duration) -> ParseResult {
        self.ask(request, None, None, timeout)
    }

    /// A request to the worker, whole or (with `splits`) in pieces, or (with
    /// `tokens`) a tokenizer's tokens of its input.
    fn ask(
        &mut self,
        request: &ParseRequest,
        splits: Option<&[usize]>,
        tokens: Option<&TokensAsk>,
        timeout: Duration,
    ) -> ParseResult {
        let process = match self.process.take() {
            Some(process) => process,
            None => match spawn_worker(&self.config) {
                Ok((process, hello)) => {
                    self.restarts += 1;
                    self.version = hello.version;
                    process
                }
                Err(error) => {
                    return Err(EngineFailure::Crash {
                        signal: None,
                        exit_code: None,
                        message: format!("the worker could not be restarted: {error}"),
                        location: None,
                    })
                }
            },
        };
        let (process, result) = self.exchange(process, request, splits, tokens, timeout);
        self.process = process;
        result
    }

    /// One request and its answer; gives the process back if it is still usable.
    fn exchange(
        &mut self,
        mut process: Process,
        request: &ParseRequest,
        splits: Option<&[usize]>,
        tokens: Option<&TokensAsk>,
        timeout: Duration,
    ) -> (Option<Process>, ParseResult) {
        let id = self.next_id;
        self.next_id += 1;
        // Messages of an earlier request (a caught panic's) are not this one's.
        process.clear_stderr();
        let started = Instant::now();
        match send(
            &mut process,
            &ParseRef {
                id,
                request,
                splits,
                tokens,
            },
        ) {
            Ok(true) => {}
            Ok(false) => {
                let failure = process.died("the worker stopped reading requests");
                return (None, Err(failure));
            }
            Err(failure) => return (Some(process), Err(failure)),
        }
        match process.next_event(started + timeout) {
            Some(Event::Frame(bytes)) => match serde_json::from_slice::<FromWorker>(&bytes) {
                Ok(FromWorker::Reply { id: reply, result }) if reply == id => {
                    (Some(process), result)
                }
                Ok(other) => {
                    process.kill();
                    let message =
                        format!("a reply that is not the answer to request {id}: {other:?}");
                    (None, Err(EngineFailure::BadOutput { message }))
                }
                Err(e) => {
                    process.kill();
                    let message = format!("unreadable reply: {e}");
                    (None, Err(EngineFailure::BadOutput { message }))
                }
            },
            Some(Event::Closed(reason)) => {
                let reason = reason.unwrap_or_default();
                (None, Err(process.died(&reason)))
            }
            Some(Event::All(_) | Event::TooLarge { .. }) => {
                process.kill();
                let message = "a frame over the protocol's limit".to_owned();
                (None, Err(EngineFailure::BadOutput { message }))
            }
            None => {
                process.kill();
                let after_ms = millis(started.elapsed());
                (None, Err(EngineFailure::Timeout { after_ms }))
            }
        }
    }
}

impl Engine for Worker {
    fn name(&self) -> &str {
        self.engine_name()
    }

    fn version(&self) -> String {
        self.version.clone()
    }

    /// With the configured time limit.
    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        let timeout = self.config.timeout;
        Worker::parse(self, request, timeout)
    }

    /// In the worker's engine, with the configured time limit; `None` when that engine
    /// takes its input whole.
    fn parse_chunks(&mut self, request: &ParseRequest, splits: &[usize]) -> Option<ParseResult> {
        let timeout = self.config.timeout;
        match self.ask(request, Some(splits), None, timeout) {
            Err(EngineFailure::Unsupported { message })
                if message == super::protocol::TAKES_NO_PIECES =>
            {
                None
            }
            result => Some(result),
        }
    }

    /// In the worker's process, with the configured time limit.
    fn tokens(&mut self, tokenizer: Tokenizer, input: &str, start: &TokenStart) -> ParseResult {
        let timeout = self.config.timeout;
        let ask = TokensAsk {
            tokenizer,
            start: start.clone(),
        };
        let request = ParseRequest::document(input, false);
        self.ask(&request, None, Some(&ask), timeout)
    }
}

/// Workers of one engine shared by threads: each request takes an idle worker (waiting
/// for one if all are busy) and gives it back.
pub struct WorkerPool {
    config: WorkerConfig,
    version: String,
    size: usize,
    idle: Mutex<Vec<Worker>>,
    returned: Condvar,
    restarts: AtomicU64,
}

impl WorkerPool {
    /// Starts `size` workers (at least one).
    pub fn new(config: WorkerConfig, size: usize) -> Result<WorkerPool, WorkerError> {
        let size = size.max(1);
        let workers = (0..size)
            .map(|_| Worker::start(config.clone()))
            .collect::<Result<Vec<_>, _>>()?;
        let version = workers[0].engine_version().to_owned();
        Ok(WorkerPool {
            config,
            version,
            size,
            idle: Mutex::new(workers),
            returned: Condvar::new(),
            restarts: AtomicU64::new(0),
        })
    }

    pub fn engine_name(&self) -> &str {
        &self.config.engine
    }

    pub fn engine_version(&self) -> &str {
        &self.version
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// How many worker processes were replaced so far.
    pub fn restarts(&self) -> u64 {
        self.restarts.load(Ordering::Relaxed)
    }

    /// Parses `request` in an idle worker, waiting at most `timeout` for the answer
    /// (time spent waiting for a worker does not count).
    pub fn parse(&self, request: &ParseRequest, timeout: Duration) -> ParseResult {
        let mut worker = {
            let mut idle = lock(&self.idle);
            loop {
                if let Some(worker) = idle.pop() {
                    break worker;
                }
                idle = self
                    .returned
                    .wait(idle)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        let before = worker.restarts();
        let result = worker.parse(request, timeout);
        self.restarts
            .fetch_add(worker.restarts() - before, Ordering::Relaxed);
        lock(&self.idle).push(worker);
        self.returned.notify_one();
        result
    }

    /// The pool as an [`Engine`] with the configured time limit, for
    /// the comparison levels (`litmus_compare::compare`).
    pub fn as_engine(&self) -> PoolEngine<'_> {
        PoolEngine { pool: self }
    }
}

/// A [`WorkerPool`] seen as an [`Engine`].
pub struct PoolEngine<'a> {
    pool: &'a WorkerPool,
}

impl Engine for PoolEngine<'_> {
    fn name(&self) -> &str {
        self.pool.engine_name()
    }

    fn version(&self) -> String {
        self.pool.engine_version().to_owned()
    }

    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        self.pool.parse(request, self.pool.config.timeout)
    }

    /// Unsupported: a pool answers whole parses only (and tokenizers never run in
    /// the supervisor's process).
    fn tokens(&mut self, _: Tokenizer, _: &str, _: &TokenStart) -> ParseResult {
        crate::engine::tokenizers::unsupported()
    }
}
