//! Isolation: engines run in worker processes, so that a panic, abort, stack
//! overflow, hang or runaway allocation in an engine costs one worker and one request,
//! never the campaign.
//!
//! # The two sides
//!
//! - **The worker** is the `litmus` binary started as `litmus __worker --engine NAME
//!   [--memory-limit-bytes N | --no-memory-limit]` ([`worker_main_from_args`], or
//!   [`worker_main`] with parsed [`WorkerSettings`]). It lowers its own address-space
//!   limit (`RLIMIT_AS`, so an allocation past it fails and the process aborts with
//!   `memory allocation of N bytes failed`) and turns core dumps off, moves its
//!   protocol channel off file descriptor 1 (anything an engine prints goes to stderr
//!   instead of corrupting replies), and runs the engine on one thread with a
//!   256 MiB stack ([`ENGINE_STACK_BYTES`]) so that deep but legal inputs do not
//!   overflow. A panic is caught (with its message and location) and answered as
//!   [`EngineFailure::Panic`]; the worker lives on.
//! - **The supervisor** ([`Worker`], [`WorkerPool`]) starts workers from a
//!   [`WorkerCommand`] (by default `std::env::current_exe()`; tests use another
//!   program), sends one request at a time, and waits at most the request's timeout.
//!   On a timeout it kills the worker ([`EngineFailure::Timeout`]); on the worker's
//!   death (end of its output) it collects the exit status or signal and what the
//!   worker wrote to stderr ([`EngineFailure::Crash`]: `stack overflow`, `memory
//!   allocation of … failed`, a panic message and location, …). Either way the next
//!   request starts a fresh worker.
//!
//! # The protocol
//!
//! Over the worker's stdin and stdout. The worker first writes [`MAGIC`]; the
//! supervisor drops anything before it (a test harness's banner). Then every
//! message is a frame: a 4-byte big-endian length and that many bytes of JSON.
//!
//! 1. worker → supervisor, once: `{"protocol": 1, "engine": "html5ever", "version":
//!    "html5ever 0.40.1 + …"}`;
//! 2. supervisor → worker: `{"id": 7, "request": ParseRequest}`;
//! 3. worker → supervisor: `{"id": 7, "result": {"Ok": EngineOutput}}` or
//!    `{"id": 7, "result": {"Err": EngineFailure}}`;
//!
//! and 2–3 again, one request at a time, until the supervisor closes stdin (the worker
//! exits with status 0).

use crate::case::{EngineFailure, ParseRequest, ParseResult};
use crate::engine::Engine;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::os::unix::process::ExitStatusExt;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitCode, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// The hidden subcommand of the `litmus` binary that runs a worker.
pub const WORKER_SUBCOMMAND: &str = "__worker";
/// The protocol version in the worker's hello.
pub const PROTOCOL_VERSION: u32 = 1;
/// What a worker writes before its first frame.
pub const MAGIC: &[u8] = b"\0litmus-worker\0";
/// The stack of the thread a worker runs its engine on.
pub const ENGINE_STACK_BYTES: usize = 256 << 20;
/// A worker's address-space limit unless told otherwise: 4 GiB.
pub const DEFAULT_MEMORY_LIMIT_BYTES: u64 = 4 << 30;
/// The per-request time limit of [`Engine::parse`] on a worker.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a new worker has to say hello.
pub const DEFAULT_STARTUP_TIMEOUT: Duration = Duration::from_secs(30);

/// The largest frame either side accepts.
const MAX_FRAME_BYTES: usize = 1 << 31;
/// How much of a worker's stderr the supervisor keeps (the end of it).
const STDERR_TAIL_BYTES: usize = 64 << 10;
/// How much output before [`MAGIC`] the supervisor skips before giving up.
const MAX_BANNER_BYTES: usize = 1 << 20;

// --- Settings and the worker side ---------------------------------------------------

/// What a worker runs and under which limits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkerSettings {
    /// An engine name the registry knows ([`crate::engine::ENGINE_NAMES`]), or an
    /// external engine's `cmd:` text ([`crate::engine::ExternalSpec::to_engine_text`]).
    pub engine: String,
    /// The worker's address-space limit in bytes (it must leave room for the
    /// 256 MiB engine stack); `None` for no limit of its own.
    pub memory_limit_bytes: Option<u64>,
}

impl WorkerSettings {
    /// `engine` with the default memory limit.
    pub fn new(engine: impl Into<String>) -> WorkerSettings {
        WorkerSettings {
            engine: engine.into(),
            memory_limit_bytes: Some(DEFAULT_MEMORY_LIMIT_BYTES),
        }
    }

    /// The arguments after `__worker`: `--engine NAME` then `--memory-limit-bytes N`
    /// or `--no-memory-limit`.
    pub fn to_args(&self) -> Vec<String> {
        let mut args = vec!["--engine".to_owned(), self.engine.clone()];
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
        let mut engine = None;
        let mut memory_limit_bytes = Some(DEFAULT_MEMORY_LIMIT_BYTES);
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--engine" => engine = Some(args.next().ok_or("--engine needs a name")?),
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
            engine: engine.ok_or("the worker needs --engine NAME")?,
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

/// The worker loop; `Err` if it cannot start or its channel breaks.
pub fn run_worker(settings: &WorkerSettings) -> Result<(), String> {
    set_limits(settings)?;
    // After the limits, so that an external engine's program inherits them.
    let engine = crate::engine::start_engine(&settings.engine)?;
    let mut channel = take_stdout_for_protocol()?;
    install_panic_hook();

    let hello = Hello {
        protocol: PROTOCOL_VERSION,
        engine: engine.name().to_owned(),
        version: engine.version(),
    };
    let (to_engine, requests) = mpsc::channel::<ParseRequest>();
    let (results, from_engine) = mpsc::channel::<ParseResult>();
    thread::Builder::new()
        .name("litmus-engine".to_owned())
        .stack_size(ENGINE_STACK_BYTES)
        .spawn(move || engine_thread(engine, requests, results))
        .map_err(|e| format!("cannot start the engine thread: {e}"))?;

    let broken = |e: io::Error| format!("the channel to the supervisor broke: {e}");
    channel.write_all(MAGIC).map_err(broken)?;
    write_frame(&mut channel, &to_json(&hello)?).map_err(broken)?;
    let mut input = io::stdin().lock();
    while let Some(frame) = read_frame(&mut input).map_err(broken)? {
        let wire: WireRequest =
            serde_json::from_slice(&frame).map_err(|e| format!("unreadable request: {e}"))?;
        to_engine
            .send(wire.request)
            .map_err(|_| "the engine thread is gone")?;
        let result = from_engine
            .recv()
            .map_err(|_| "the engine thread is gone")?;
        let mut reply = to_json(&WireReply {
            id: wire.id,
            result,
        })?;
        if reply.len() > MAX_FRAME_BYTES {
            // An answer too large to send is the engine's failure, not the worker's.
            let message = format!(
                "an answer of {} bytes is over the worker's limit",
                reply.len()
            );
            reply = to_json(&WireReply {
                id: wire.id,
                result: Err(EngineFailure::Unsupported { message }),
            })?;
        }
        write_frame(&mut channel, &reply).map_err(broken)?;
    }
    Ok(())
}

fn to_json<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
    serde_json::to_vec(value).map_err(|e| format!("cannot write JSON: {e}"))
}

/// The engine's thread: one request at a time, panics caught.
fn engine_thread(
    mut engine: Box<dyn Engine>,
    requests: mpsc::Receiver<ParseRequest>,
    results: mpsc::Sender<ParseResult>,
) {
    for request in requests {
        // The engine is only used again if it answered: after a panic its state may be
        // broken, but engines keep none between requests (the Engine contract).
        let result = match panic::catch_unwind(AssertUnwindSafe(|| engine.parse(&request))) {
            Ok(result) => result,
            Err(payload) => Err(panic_failure(payload.as_ref())),
        };
        if results.send(result).is_err() {
            return;
        }
    }
}

/// The last panic's message and location, as the panic hook saw them.
static LAST_PANIC: Mutex<Option<(String, Option<String>)>> = Mutex::new(None);

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Records each panic's location (the payload alone does not carry it), then lets
/// the default hook print it.
fn install_panic_hook() {
    let default_hook = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        let location = info
            .location()
            .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
        *lock(&LAST_PANIC) = Some((payload_message(info.payload()), location));
        default_hook(info);
    }));
}

fn payload_message(payload: &(dyn Any + Send)) -> String {
    if let Some(message) = payload.downcast_ref::<&str>() {
        (*message).to_owned()
    } else if let Some(message) = payload.downcast_ref::<String>() {
        message.clone()
    } else {
        "a panic with a non-string payload".to_owned()
    }
}

fn panic_failure(payload: &(dyn Any + Send)) -> EngineFailure {
    let message = payload_message(payload);
    let location = lock(&LAST_PANIC)
        .take()
        .filter(|(recorded, _)| *recorded == message)
        .and_then(|(_, location)| location);
    EngineFailure::Panic { message, location }
}

/// No core dumps; the address-space limit, if any (never above the hard limit).
fn set_limits(settings: &WorkerSettings) -> Result<(), String> {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let core = getrlimit(Resource::Core);
    let _ = setrlimit(
        Resource::Core,
        Rlimit {
            current: Some(0),
            maximum: core.maximum,
        },
    );
    if let Some(bytes) = settings.memory_limit_bytes {
        let address_space = getrlimit(Resource::As);
        let current = address_space.maximum.map_or(bytes, |hard| bytes.min(hard));
        setrlimit(
            Resource::As,
            Rlimit {
                current: Some(current),
                maximum: address_space.maximum,
            },
        )
        .map_err(|e| format!("cannot limit the address space to {bytes} bytes: {e}"))?;
    }
    Ok(())
}

/// A private duplicate of fd 1 for the protocol; fd 1 itself then points at stderr,
/// so that whatever an engine prints cannot corrupt the replies.
fn take_stdout_for_protocol() -> Result<File, String> {
    let stdout = io::stdout();
    let _ = stdout.lock().flush();
    let channel = rustix::io::dup(&stdout).map_err(|e| format!("cannot duplicate stdout: {e}"))?;
    rustix::stdio::dup2_stdout(io::stderr())
        .map_err(|e| format!("cannot point stdout at stderr: {e}"))?;
    Ok(File::from(channel))
}

// --- The protocol -----------------------------------------------------------------

#[derive(Debug, Serialize, Deserialize)]
struct Hello {
    protocol: u32,
    engine: String,
    version: String,
}

#[derive(Debug, Deserialize)]
struct WireRequest {
    id: u64,
    request: ParseRequest,
}

#[derive(Serialize)]
struct WireRequestRef<'a> {
    id: u64,
    request: &'a ParseRequest,
}

#[derive(Debug, Serialize, Deserialize)]
struct WireReply {
    id: u64,
    result: ParseResult,
}

fn write_frame(out: &mut impl Write, payload: &[u8]) -> io::Result<()> {
    if payload.len() > MAX_FRAME_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("a frame of {} bytes is over the limit", payload.len()),
        ));
    }
    // Fits: MAX_FRAME_BYTES < 2^32.
    out.write_all(&(payload.len() as u32).to_be_bytes())?;
    out.write_all(payload)?;
    out.flush()
}

/// The next frame; `None` at a clean end (no byte of a new frame).
fn read_frame(input: &mut impl Read) -> io::Result<Option<Vec<u8>>> {
    let mut length = [0u8; 4];
    let mut filled = 0;
    while filled < 4 {
        match input.read(&mut length[filled..]) {
            Ok(0) if filled == 0 => return Ok(None),
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let length = u32::from_be_bytes(length) as usize;
    if length > MAX_FRAME_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a frame of {length} bytes is over the limit"),
        ));
    }
    let mut payload = vec![0u8; length];
    input.read_exact(&mut payload)?;
    Ok(Some(payload))
}

/// Reads up to and including [`MAGIC`]. `Ok(false)` at the end of the stream.
fn skip_to_magic(input: &mut impl Read) -> io::Result<bool> {
    let mut window: Vec<u8> = Vec::with_capacity(MAGIC.len());
    let mut skipped = 0usize;
    let mut byte = [0u8; 1];
    loop {
        match input.read(&mut byte) {
            Ok(0) => return Ok(false),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
        if window.len() == MAGIC.len() {
            window.remove(0);
        }
        window.push(byte[0]);
        if window == MAGIC {
            return Ok(true);
        }
        skipped += 1;
        if skipped > MAX_BANNER_BYTES {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "the worker wrote a MiB without the protocol's opening bytes",
            ));
        }
    }
}

// --- The supervisor side ----------------------------------------------------------

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
            &settings.engine,
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

enum ReaderEvent {
    Frame(Vec<u8>),
    /// The worker's output ended, with the reason if it was not a clean end.
    Closed(Option<String>),
}

/// One running worker process and the threads that read its output.
struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    replies: mpsc::Receiver<ReaderEvent>,
    stderr: Arc<Mutex<Vec<u8>>>,
    threads: Vec<JoinHandle<()>>,
    reaped: Option<ExitStatus>,
}

impl Process {
    /// Starts a worker and waits for its hello.
    fn spawn(config: &WorkerConfig) -> Result<(Process, Hello), WorkerError> {
        let command = &config.command;
        let spawn_error = |error| WorkerError::Spawn {
            program: command.program.clone(),
            error,
        };
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .envs(command.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(spawn_error)?;
        let stdin = child.stdin.take();
        let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
        let (events, replies) = mpsc::channel();
        let tail = Arc::new(Mutex::new(Vec::new()));
        let mut process = Process {
            child,
            stdin,
            replies,
            stderr: Arc::clone(&tail),
            threads: Vec::new(),
            reaped: None,
        };
        if let Some(stdout) = stdout {
            let reader = thread::Builder::new()
                .name("litmus-worker-stdout".to_owned())
                .spawn(move || read_events(stdout, events))
                .map_err(spawn_error)?;
            process.threads.push(reader);
        }
        if let Some(stderr) = stderr {
            let reader = thread::Builder::new()
                .name("litmus-worker-stderr".to_owned())
                .spawn(move || keep_tail(stderr, &tail))
                .map_err(spawn_error)?;
            process.threads.push(reader);
        }

        let startup_error = |message: String| WorkerError::Startup {
            engine: config.engine.clone(),
            message,
        };
        let hello = match process.replies.recv_timeout(config.startup_timeout) {
            Ok(ReaderEvent::Frame(bytes)) => serde_json::from_slice::<Hello>(&bytes)
                .map_err(|e| startup_error(format!("unreadable hello: {e}")))?,
            Ok(ReaderEvent::Closed(reason)) => {
                let failure = process.died(reason);
                return Err(startup_error(failure.to_string()));
            }
            Err(_) => {
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

    fn send(&mut self, frame: &[u8]) -> io::Result<()> {
        match self.stdin.as_mut() {
            Some(stdin) => write_frame(stdin, frame),
            None => Err(io::ErrorKind::BrokenPipe.into()),
        }
    }

    /// Closes stdin and waits up to `grace` for the process to exit, then kills it;
    /// joins the reader threads. Returns the exit status.
    fn finish(&mut self, grace: Duration) -> Option<ExitStatus> {
        drop(self.stdin.take());
        if self.reaped.is_none() {
            let deadline = Instant::now() + grace;
            loop {
                match self.child.try_wait() {
                    Ok(Some(status)) => {
                        self.reaped = Some(status);
                        break;
                    }
                    Ok(None) if Instant::now() < deadline => {
                        thread::sleep(Duration::from_millis(5));
                    }
                    _ => {
                        let _ = self.child.kill();
                        self.reaped = self.child.wait().ok();
                        break;
                    }
                }
            }
        }
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
        self.reaped
    }

    /// Kills the process now.
    fn kill(&mut self) {
        let _ = self.child.kill();
        self.finish(Duration::ZERO);
    }

    /// The failure of a process whose output ended: its exit status and what it wrote
    /// to stderr.
    fn died(&mut self, reason: Option<String>) -> EngineFailure {
        // The output ended, so the process is exiting; give it time to finish dying.
        let status = self.finish(Duration::from_secs(5));
        let stderr = String::from_utf8_lossy(&lock(&self.stderr)).into_owned();
        let (message, location) = describe_death(&stderr);
        let message = if message.is_empty() {
            reason.unwrap_or_default()
        } else {
            message
        };
        EngineFailure::Crash {
            signal: status.and_then(|s| s.signal()),
            exit_code: status.and_then(|s| s.code()),
            message,
            location,
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // Normally already finished; otherwise a short grace after closing stdin.
        self.finish(Duration::from_secs(1));
    }
}

/// The stdout reader: skips to the magic, then passes frames on.
fn read_events(stdout: impl Read, events: mpsc::Sender<ReaderEvent>) {
    let mut input = BufReader::new(stdout);
    let closed = match skip_to_magic(&mut input) {
        Ok(true) => loop {
            match read_frame(&mut input) {
                Ok(Some(frame)) => {
                    if events.send(ReaderEvent::Frame(frame)).is_err() {
                        return;
                    }
                }
                Ok(None) => break None,
                Err(e) => break Some(format!("broken output: {e}")),
            }
        },
        Ok(false) => Some("the worker ended before the protocol began".to_owned()),
        Err(e) => Some(e.to_string()),
    };
    let _ = events.send(ReaderEvent::Closed(closed));
}

/// The stderr reader: keeps the last [`STDERR_TAIL_BYTES`] bytes.
fn keep_tail(mut stderr: impl Read, tail: &Mutex<Vec<u8>>) {
    let mut buffer = [0u8; 8192];
    loop {
        match stderr.read(&mut buffer) {
            Ok(0) => return,
            Ok(n) => {
                let mut tail = lock(tail);
                tail.extend_from_slice(&buffer[..n]);
                if tail.len() > 2 * STDERR_TAIL_BYTES {
                    let excess = tail.len() - STDERR_TAIL_BYTES;
                    tail.drain(..excess);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

/// What a dead worker's stderr says about its death: a message and, for a panic, its
/// location.
pub fn describe_death(stderr: &str) -> (String, Option<String>) {
    if stderr.contains("has overflowed its stack") {
        return ("stack overflow".to_owned(), None);
    }
    if let Some(line) = stderr
        .lines()
        .rev()
        .find(|l| l.contains("memory allocation of"))
    {
        return (line.trim().to_owned(), None);
    }
    if let Some(at) = stderr.rfind("panicked at ") {
        // `thread 'NAME' panicked at FILE:LINE:COLUMN:\nMESSAGE`
        let rest = &stderr[at + "panicked at ".len()..];
        let (first, after) = rest.split_once('\n').unwrap_or((rest, ""));
        let location = first.trim_end().trim_end_matches(':').to_owned();
        let message = after.lines().next().unwrap_or("").trim().to_owned();
        return (message, Some(location));
    }
    if let Some(line) = stderr
        .lines()
        .rev()
        .find(|l| l.contains("fatal runtime error: "))
    {
        let message = line
            .split_once("fatal runtime error: ")
            .map_or(line, |(_, m)| m);
        return (message.trim().to_owned(), None);
    }
    let last = stderr.lines().rev().map(str::trim).find(|l| !l.is_empty());
    (last.unwrap_or("").chars().take(300).collect(), None)
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
        let (process, hello) = Process::spawn(&config)?;
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
        let process = match self.process.take() {
            Some(process) => process,
            None => match Process::spawn(&self.config) {
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
        let (process, result) = self.exchange(process, request, timeout);
        self.process = process;
        result
    }

    /// One request and its answer; gives the process back if it is still usable.
    fn exchange(
        &mut self,
        mut process: Process,
        request: &ParseRequest,
        timeout: Duration,
    ) -> (Option<Process>, ParseResult) {
        let id = self.next_id;
        self.next_id += 1;
        let frame = match serde_json::to_vec(&WireRequestRef { id, request }) {
            Ok(frame) => frame,
            Err(e) => {
                let message = format!("cannot write the request: {e}");
                return (Some(process), Err(EngineFailure::BadOutput { message }));
            }
        };
        // Messages of an earlier request (a caught panic's) are not this one's.
        lock(&process.stderr).clear();
        let started = Instant::now();
        if let Err(error) = process.send(&frame) {
            let reason = format!("the worker stopped reading requests: {error}");
            return (None, Err(process.died(Some(reason))));
        }
        let remaining = timeout.saturating_sub(started.elapsed());
        match process.replies.recv_timeout(remaining) {
            Ok(ReaderEvent::Frame(bytes)) => match serde_json::from_slice::<WireReply>(&bytes) {
                Ok(reply) if reply.id == id => (Some(process), reply.result),
                Ok(reply) => {
                    process.kill();
                    let message = format!("a reply to request {} for request {id}", reply.id);
                    (None, Err(EngineFailure::BadOutput { message }))
                }
                Err(e) => {
                    process.kill();
                    let message = format!("unreadable reply: {e}");
                    (None, Err(EngineFailure::BadOutput { message }))
                }
            },
            Ok(ReaderEvent::Closed(reason)) => (None, Err(process.died(reason))),
            Err(RecvTimeoutError::Disconnected) => (None, Err(process.died(None))),
            Err(RecvTimeoutError::Timeout) => {
                process.kill();
                let after_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
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
    /// [`crate::compare`].
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
}

#[cfg(test)]
mod tests;
