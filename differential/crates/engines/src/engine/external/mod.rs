//! External engines: any program, in any language, that speaks litmus's engine
//! protocol on its stdin and stdout (`cmd:COMMAND` on the command line). The protocol
//! is documented for engine authors in `docs/engines.md`; in short:
//!
//! - **one-shot** ([`ExternalMode::OneShot`]): one process per parse, run as
//!   `COMMAND [--fragment CONTEXT] --scripting on|off`, the input (UTF-8) on stdin, the
//!   html5lib tree dump on stdout, exit status 0. With `--output html` added it prints
//!   its serialization (and one newline) instead; litmus asks for it only when the
//!   engine says it can ([`ExternalSpec::serializes`]).
//! - **persistent** ([`ExternalMode::Persistent`], the default): one process answers
//!   many requests. Each message either way is a 4-byte big-endian length N and N
//!   bytes of UTF-8 JSON. Request: `{"id", "input", "fragment", "scripting"}`; reply:
//!   `{"id", "tree", "html"}` or `{"id", "error"}` (the engine cannot handle the
//!   request: [`EngineFailure::Unsupported`]). One reply per request, in order; the
//!   program exits when its stdin closes.
//!
//! Whatever goes wrong is a finding, never a stuck campaign: no answer within the time
//! limit is [`EngineFailure::Timeout`] (the program and its process group are
//! killed), a dead program or a non-zero exit is [`EngineFailure::Crash`] with what
//! its stderr says, and output that is not the protocol or not an html5lib dump
//! ([`check_dump`]) is [`EngineFailure::BadOutput`]. A persistent program that died,
//! timed out or broke the framing is restarted for the next request; each start is
//! followed by a warm-up request (an empty document) that may take up to
//! [`STARTUP_TIMEOUT`], so that a program's start-up time never counts against a
//! request.
//!
//! An [`ExternalEngine`] is an ordinary [`Engine`]; campaigns run it inside a
//! `litmus __worker` process like any other (`--engine cmd:{spec as JSON}`,
//! [`ExternalSpec::to_engine_text`]), with the worker's own time limit as a backstop
//! ([`supervisor_timeout`]). The programs it starts get `SIGKILL` when the thread
//! that started them ends (Linux's parent-death signal), so a worker killed by its
//! supervisor leaves none behind: use an `ExternalEngine` from one thread.

mod protocol;
mod serve;
mod spec;

pub use self::protocol::{check_dump, MAX_REPLY_BYTES};
pub use self::serve::serve;
pub use self::spec::{
    check_name, default_name, name_from_hello, split_command_line, ExternalMode, ExternalSpec,
    PREFIX,
};

use self::protocol::{preview, read_reply, wire_request, Reply};
use super::contract::Engine;
use crate::case::{EngineFailure, EngineOutput, ParseRequest, ParseResult};
use crate::process::death::crash;
use crate::process::{AddressSpace, CommandLine, Event as Output, Process as Program, Reading};
use litmus_engine_api::frame::encode;
use std::time::{Duration, Instant};

/// How long a (re)started persistent program has to answer its warm-up request, and
/// a one-shot program its probe.
pub const STARTUP_TIMEOUT: Duration = crate::limits::ENGINE_STARTUP_TIMEOUT;

/// The time limit a supervisor gives a worker that hosts an external engine whose own
/// limit is `timeout`: long enough for a restart, a warm-up and two answers (a
/// one-shot engine that serializes runs twice per request), so that the engine's own
/// limit always fires first and the worker survives.
pub fn supervisor_timeout(timeout: Duration) -> Duration {
    timeout * 2 + STARTUP_TIMEOUT + crate::limits::ENGINE_WORKER_MARGIN
}

/// How many requests a version-2 program is sent ahead of its replies.
pub const PIPELINE_DEPTH: usize = 64;

/// An external program as an [`Engine`].
pub struct ExternalEngine {
    spec: ExternalSpec,
    words: Vec<String>,
    /// The running persistent program, if any.
    program: Option<Program>,
    next_id: u64,
    /// What the program's hello said (protocol 2), from its last start.
    hello: Option<ProgramHello>,
    /// Set once the program answered a request for errors without an `errors` list:
    /// it does not report them, and is not asked again.
    reports_no_errors: bool,
    /// What the program wrote to stderr when its last start failed.
    start_stderr: String,
}

/// A version-2 program's first frame: `{"protocol": 2, "engine": …, "version": …}`
/// (litmus-engine-api's message type, which its `serve` writes). The command line
/// names an engine after its hello's name unless `--engine-name` says otherwise
/// ([`name_from_hello`]); the spec carries the name chosen.
pub type ProgramHello = litmus_engine_api::Hello;

impl ExternalEngine {
    /// The engine; nothing is started until the first request.
    pub fn new(spec: ExternalSpec) -> ExternalEngine {
        let words = spec.words();
        ExternalEngine {
            spec,
            words,
            program: None,
            next_id: 1,
            hello: None,
            reports_no_errors: false,
            start_stderr: String::new(),
        }
    }

    /// The engine, checked: a persistent program is started and answers its warm-up
    /// request; a one-shot program answers a probe (an empty document, and its
    /// serialization if it says it serializes). `Err` says why it cannot be used.
    pub fn start(spec: ExternalSpec) -> Result<ExternalEngine, String> {
        let mut engine = ExternalEngine::new(spec);
        let probe = ParseRequest::document("", true);
        let result = match engine.spec.mode {
            ExternalMode::Persistent => engine.running_program().map(|_| ()),
            ExternalMode::OneShot => engine.parse(&probe).map(|_| ()),
        };
        match result {
            Ok(()) => Ok(engine),
            Err(failure) => {
                let mut message = format!(
                    "the external engine {:?} ({}, {}) does not work: {failure}",
                    engine.spec.name, engine.spec.command, engine.spec.mode
                );
                let stderr = engine.start_stderr.trim_end();
                if !stderr.is_empty() {
                    message.push_str("\nits stderr");
                    message.push_str(&stderr_excerpt(stderr));
                }
                Err(message)
            }
        }
    }

    pub fn spec(&self) -> &ExternalSpec {
        &self.spec
    }

    /// What the program's hello said, from its last start (`None` for a version-1 or
    /// one-shot program, or before the first start).
    pub fn hello(&self) -> Option<&ProgramHello> {
        self.hello.as_ref()
    }

    /// The running persistent program, started (and warmed up) if there is none.
    fn running_program(&mut self) -> Result<&mut Program, EngineFailure> {
        if self.program.is_none() {
            let mut program = start_program(&self.words, FRAMES, &self.spec).map_err(|e| {
                EngineFailure::Crash {
                    signal: None,
                    exit_code: None,
                    message: format!("cannot start {:?}: {e}", self.words[0]),
                    location: None,
                }
            })?;
            let warm_up = ParseRequest::document("", true);
            let id = self.next_id;
            self.next_id += 1;
            let deadline = Instant::now() + STARTUP_TIMEOUT;
            // A version-2 program says hello first, unasked; a version-1 program's
            // first frame is the warm-up's reply.
            let mut hello = None;
            let answer = match send_request(&mut program, id, &warm_up, Asked::Whole) {
                Ok(()) => match program.next_event(deadline) {
                    Some(Output::Frame(payload)) => {
                        match serde_json::from_slice::<ProgramHello>(&payload) {
                            Ok(said) if said.protocol >= 2 => {
                                hello = Some(said);
                                await_reply(&mut program, id, deadline, Instant::now(), false)
                            }
                            _ => read_answer(&mut program, id, payload, false),
                        }
                    }
                    other => unexpected(&mut program, other, Instant::now(), false),
                },
                Err(failure) => Err(failure),
            };
            self.hello = hello;
            match answer {
                Ok(Ok(_)) => {}
                // The warm-up parse may be refused; the program answered, so it runs.
                Ok(Err(EngineFailure::Unsupported { .. })) => {}
                Ok(Err(failure)) | Err(failure) => {
                    // The stderr reader may still be taking the last of it.
                    std::thread::sleep(Duration::from_millis(50));
                    self.start_stderr = program.stderr();
                    program.kill();
                    return Err(match failure {
                        EngineFailure::Timeout { after_ms } => EngineFailure::Crash {
                            signal: None,
                            exit_code: None,
                            message: format!(
                                "no answer to the warm-up request (an empty document) within {after_ms} ms of starting"
                            ),
                            location: None,
                        },
                        other => other,
                    });
                }
            }
            self.program = Some(program);
        }
        Ok(self.program.as_mut().expect("started above"))
    }

    /// The protocol version of the running (or last) program: 2 when it said hello.
    pub fn protocol(&self) -> u32 {
        self.hello.as_ref().map_or(1, |h| h.protocol)
    }

    /// Answers `requests` in order, sending up to [`PIPELINE_DEPTH`] ahead of the
    /// replies. A request that fails (a timeout, a death, a broken reply) is answered
    /// with its failure, the program restarted, and the requests after it sent again.
    ///
    /// A program may answer the requests it has read together (the Chromium adapter
    /// parses them in one page call), so a failure while other requests were in flight
    /// names no culprit: the oldest may only have waited on a later one that hangs or
    /// crashes. Every request that was in flight is then asked again alone, in a new
    /// program, and each gets its own answer or failure; pipelining resumes after them.
    fn parse_pipelined(&mut self, requests: &[ParseRequest], tree_only: bool) -> Vec<ParseResult> {
        let asked = if tree_only {
            Asked::TreeOnly
        } else {
            Asked::Whole
        };
        let timeout = self.spec.timeout();
        let mut results: Vec<ParseResult> = Vec::with_capacity(requests.len());
        if let Some(program) = self.program.as_ref() {
            program.clear_stderr();
        }
        // Requests before this index go one at a time.
        let mut alone_until = 0;
        while results.len() < requests.len() {
            let mut in_flight: std::collections::VecDeque<u64> = std::collections::VecDeque::new();
            let mut next = results.len();
            let failure = loop {
                if results.len() == requests.len() {
                    break None;
                }
                if let Err(failure) = self.running_program() {
                    break Some(failure);
                }
                let depth = if results.len() < alone_until {
                    1
                } else {
                    PIPELINE_DEPTH
                };
                let first_id = self.next_id;
                let program = self.program.as_mut().expect("started above");
                let mut sent = 0u64;
                let mut broken = None;
                while next < requests.len() && in_flight.len() < depth {
                    let id = first_id + sent;
                    if let Err(failure) = send_request(program, id, &requests[next], asked) {
                        broken = Some(failure);
                        break;
                    }
                    in_flight.push_back(id);
                    sent += 1;
                    next += 1;
                }
                self.next_id = first_id + sent;
                if let Some(failure) = broken {
                    break Some(failure);
                }
                let Some(id) = in_flight.pop_front() else {
                    break None;
                };
                let program = self.program.as_mut().expect("running above");
                let started = Instant::now();
                match await_reply(program, id, started + timeout, started, false) {
                    Ok(result) => results.push(result),
                    Err(failure) => break Some(failure),
                }
            };
            if let Some(failure) = failure {
                // The program is dead, killed, or out of step: start a new one.
                if let Some(mut program) = self.program.take() {
                    program.kill();
                }
                if !in_flight.is_empty() && results.len() >= alone_until {
                    // Others were in flight: ask each of them again, alone.
                    alone_until = next;
                } else {
                    results.push(Err(failure));
                }
            }
        }
        results
    }

    /// One request to the persistent program, asking for what `asked` says (with
    /// [`Asked::Errors`], the answer's `tree` is the errors, [`protocol::read_reply`]).
    fn parse_persistent(&mut self, request: &ParseRequest, asked: Asked) -> ParseResult {
        let timeout = self.spec.timeout();
        let id = self.next_id;
        self.next_id += 1;
        let program = self.running_program()?;
        program.clear_stderr();
        let deadline = Instant::now() + timeout;
        match exchange(program, id, request, deadline, asked) {
            Ok(result) => result,
            Err(failure) => {
                // The program is dead, killed, or out of step: start afresh next time.
                if let Some(mut program) = self.program.take() {
                    program.kill();
                }
                Err(failure)
            }
        }
    }

    fn parse_one_shot(&mut self, request: &ParseRequest) -> ParseResult {
        let tree = self.run_once(request, false)?;
        check_dump(&tree).map_err(|message| EngineFailure::BadOutput { message })?;
        let serialization = if self.spec.serializes {
            let mut html = self.run_once(request, true)?;
            // One newline follows the serialization, as `litmus parse --output html`
            // prints it.
            if html.ends_with('\n') {
                html.pop();
            }
            Some(html)
        } else {
            None
        };
        Ok(EngineOutput {
            tree,
            serialization,
        })
    }

    /// Runs the program once for `request` and returns its stdout.
    fn run_once(&self, request: &ParseRequest, html: bool) -> Result<String, EngineFailure> {
        let mut words = self.words.clone();
        if let Some(context) = &request.fragment {
            words.push("--fragment".to_owned());
            words.push(context.to_string());
        }
        words.push("--scripting".to_owned());
        words.push(if request.scripting { "on" } else { "off" }.to_owned());
        if html {
            words.push("--output".to_owned());
            words.push("html".to_owned());
        }
        let timeout = self.spec.timeout();
        let started = Instant::now();
        let deadline = started + timeout;
        let everything = Reading::Everything {
            max_bytes: crate::limits::MAX_OUTPUT_BYTES,
        };
        let mut program =
            start_program(&words, everything, &self.spec).map_err(|e| EngineFailure::Crash {
                signal: None,
                exit_code: None,
                message: format!("cannot start {:?}: {e}", words[0]),
                location: None,
            })?;
        program.send(request.input.as_bytes().to_vec());
        program.close_stdin();
        let timed_out = |program: &mut Program| {
            program.kill();
            EngineFailure::Timeout {
                after_ms: millis(started.elapsed()),
            }
        };
        let output = match program.next_event(deadline) {
            None => return Err(timed_out(&mut program)),
            Some(Output::All(bytes)) => bytes,
            Some(Output::Closed(reason)) => {
                let reason = reason.unwrap_or_else(|| "its output broke".to_owned());
                program.kill();
                return Err(EngineFailure::BadOutput { message: reason });
            }
            Some(Output::Frame(_)) => unreachable!("one-shot output is read whole"),
            Some(Output::TooLarge { bytes, start }) => {
                program.kill();
                return Err(EngineFailure::Oversized {
                    what: if html { "serialization" } else { "tree" }.to_owned(),
                    bytes,
                    prefix: String::from_utf8_lossy(&start).into_owned(),
                });
            }
        };
        let Some(status) = program.wait_until(deadline) else {
            return Err(timed_out(&mut program));
        };
        if !status.success() {
            // The stderr thread may still be reading the last of it.
            std::thread::sleep(Duration::from_millis(2));
            return Err(crash(
                Some(status),
                &program.stderr(),
                "a non-zero exit status",
                program.memory_limit(),
            ));
        }
        String::from_utf8(output).map_err(|e| EngineFailure::BadOutput {
            message: format!(
                "output that is not UTF-8 (invalid byte at {})",
                e.utf8_error().valid_up_to()
            ),
        })
    }
}

/// A program's stderr as a start failure shows it: whole up to
/// [`crate::limits::MAX_START_STDERR_BYTES`], else its last part, each line indented.
fn stderr_excerpt(stderr: &str) -> String {
    let max = crate::limits::MAX_START_STDERR_BYTES;
    let (head, shown) = if stderr.len() > max {
        let mut start = stderr.len() - max;
        while !stderr.is_char_boundary(start) {
            start += 1;
        }
        (
            format!(" (its last {max} bytes of {}):", stderr.len()),
            &stderr[start..],
        )
    } else {
        (":".to_owned(), stderr)
    };
    let lines: Vec<String> = shown.lines().map(|l| format!("  {l}")).collect();
    format!("{head}\n{}", lines.join("\n"))
}

/// What a request asks the program for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    /// The tree and the serialization.
    Whole,
    /// The tree; the serialization may be left out (`"tree_only": true`).
    TreeOnly,
    /// The parse errors (`"errors": true`).
    Errors,
}

impl Asked {
    fn errors(self) -> bool {
        self == Asked::Errors
    }
}

/// Sends `request` as `id` and waits for its reply until `deadline`. `Ok` with the
/// request's result while the program stays usable; `Err` when it is not (dead,
/// timed out, out of step), the program then being killed or dead.
fn exchange(
    program: &mut Program,
    id: u64,
    request: &ParseRequest,
    deadline: Instant,
    asked: Asked,
) -> Result<ParseResult, EngineFailure> {
    let started = Instant::now();
    match send_request(program, id, request, asked) {
        Ok(()) => await_reply(program, id, deadline, started, asked.errors()),
        // Too large to send: the program is fine.
        Err(refusal @ EngineFailure::Unsupported { .. }) => Ok(Err(refusal)),
        Err(failure) => Err(failure),
    }
}

/// Queues request `id` for the program. A request too large for a frame is refused
/// (`Err` with [`EngineFailure::Unsupported`], the program untouched).
fn send_request(
    program: &mut Program,
    id: u64,
    request: &ParseRequest,
    asked: Asked,
) -> Result<(), EngineFailure> {
    let wire = wire_request(id, request, asked.errors(), asked == Asked::TreeOnly);
    let payload = serde_json::to_vec(&wire).map_err(|e| EngineFailure::BadOutput {
        message: format!("cannot write the request: {e}"),
    })?;
    let Ok(frame) = encode(&payload) else {
        return Err(EngineFailure::Unsupported {
            message: format!(
                "an input of {} bytes is too large for a frame",
                payload.len()
            ),
        });
    };
    if !program.send(frame) {
        return Err(program.died("stopped reading requests"));
    }
    Ok(())
}

/// Waits until `deadline` for the reply to request `id` (asked at `started`).
fn await_reply(
    program: &mut Program,
    id: u64,
    deadline: Instant,
    started: Instant,
    errors: bool,
) -> Result<ParseResult, EngineFailure> {
    match program.next_event(deadline) {
        Some(Output::Frame(payload)) => read_answer(program, id, payload, errors),
        other => unexpected(program, other, started, errors),
    }
}

/// A reply frame, which must answer request `id`.
fn read_answer(
    program: &mut Program,
    id: u64,
    payload: Vec<u8>,
    errors: bool,
) -> Result<ParseResult, EngineFailure> {
    match read_reply(&payload, errors) {
        Reply::Answer {
            id: reply_id,
            result,
        } if reply_id == id => Ok(result),
        Reply::Answer { id: reply_id, .. } => {
            program.kill();
            Err(EngineFailure::BadOutput {
                message: format!("a reply for request {reply_id} to request {id}"),
            })
        }
        Reply::Garbage(message) => {
            program.kill();
            Err(EngineFailure::BadOutput { message })
        }
    }
}

/// Anything but a reply frame where one was awaited: no answer in time, the end of
/// the output, or unframed output.
fn unexpected(
    program: &mut Program,
    event: Option<Output>,
    started: Instant,
    errors: bool,
) -> Result<ParseResult, EngineFailure> {
    match event {
        None => {
            program.kill();
            Err(EngineFailure::Timeout {
                after_ms: millis(started.elapsed()),
            })
        }
        Some(Output::Frame(payload)) => read_answer(program, 0, payload, errors),
        Some(Output::Closed(None)) => Err(program.died("exited before answering")),
        Some(Output::Closed(Some(reason))) => {
            program.kill();
            Err(EngineFailure::BadOutput { message: reason })
        }
        Some(Output::All(bytes)) => {
            program.kill();
            Err(EngineFailure::BadOutput {
                message: format!("unframed output {}", preview(&bytes)),
            })
        }
        Some(Output::TooLarge { bytes, start }) => {
            // The reply is left unread: the program is out of step.
            program.kill();
            Err(EngineFailure::Oversized {
                what: "reply".to_owned(),
                bytes,
                prefix: String::from_utf8_lossy(&start).into_owned(),
            })
        }
    }
}

/// How a persistent program's stdout is read.
const FRAMES: Reading = Reading::Frames {
    magic: None,
    max_bytes: MAX_REPLY_BYTES,
};

/// The variable that tells a program the time limit of one answer, in milliseconds
/// (`--timeout`): a program that catches its own hangs (the browser adapters) gives
/// up on a parse within it.
pub const TIMEOUT_VARIABLE: &str = "LITMUS_TIMEOUT_MS";

/// Starts a program under its spec's memory limit, told its time limit
/// ([`TIMEOUT_VARIABLE`]); it is killed when the thread that starts it ends (a
/// worker's engine thread, which lives as long as the worker).
fn start_program(
    words: &[String],
    reading: Reading,
    spec: &ExternalSpec,
) -> std::io::Result<Program> {
    let mut command = CommandLine::from_words(words)?;
    command.env.push((
        TIMEOUT_VARIABLE.into(),
        millis(spec.timeout()).to_string().into(),
    ));
    let command = CommandLine {
        die_with_thread: true,
        address_space: match spec.memory_limit_bytes {
            Some(bytes) => AddressSpace::Limited(bytes),
            None => AddressSpace::Unlimited,
        },
        ..command
    };
    Program::spawn(&command, reading)
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

impl Engine for ExternalEngine {
    fn name(&self) -> &str {
        &self.spec.name
    }

    /// `--engine-version` if given, else what a version-2 program's hello says,
    /// else the command and mode.
    fn version(&self) -> String {
        match (
            &self.spec.version,
            self.hello.as_ref().and_then(|h| h.version.clone()),
        ) {
            (None, Some(said)) => said,
            _ => self.spec.version_text(),
        }
    }

    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        match self.spec.mode {
            ExternalMode::Persistent => self.parse_persistent(request, Asked::Whole),
            ExternalMode::OneShot => self.parse_one_shot(request),
        }
    }

    /// A persistent program of protocol 2 is told that only the tree is needed
    /// (`"tree_only": true`; earlier programs are asked as for [`Engine::parse`]).
    fn parse_tree(&mut self, request: &ParseRequest) -> ParseResult {
        match self.spec.mode {
            ExternalMode::Persistent if self.protocol() >= 2 => {
                self.parse_persistent(request, Asked::TreeOnly)
            }
            ExternalMode::Persistent => self.parse_persistent(request, Asked::Whole),
            ExternalMode::OneShot => self.parse_one_shot(request),
        }
    }

    /// Asks a persistent program for the errors (`"errors": true`); `None` for a
    /// one-shot program, or once the program has answered without an `errors` list
    /// (it does not report them).
    fn parse_errors(&mut self, request: &ParseRequest) -> Option<ParseResult> {
        if self.spec.mode != ExternalMode::Persistent || self.reports_no_errors {
            return None;
        }
        match self.parse_persistent(request, Asked::Errors) {
            Err(EngineFailure::Unsupported { message })
                if message == protocol::REPORTS_NO_ERRORS =>
            {
                self.reports_no_errors = true;
                None
            }
            result => Some(result),
        }
    }

    fn pipelines(&self) -> bool {
        self.spec.mode == ExternalMode::Persistent && self.protocol() >= 2
    }

    fn parse_many(&mut self, requests: &[ParseRequest], tree_only: bool) -> Vec<ParseResult> {
        if self.pipelines() {
            self.parse_pipelined(requests, tree_only)
        } else {
            requests
                .iter()
                .map(|r| {
                    if tree_only {
                        self.parse_tree(r)
                    } else {
                        self.parse(r)
                    }
                })
                .collect()
        }
    }
}

#[cfg(test)]
mod tests;
