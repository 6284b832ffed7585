//! The worker side: `litmus __worker`.
//!
//! What every worker process does to start ([`prepare`], [`open_channel`]) and to read
//! its requests ([`read_requests`]), and the engine worker itself
//! ([`run_engine_worker`]): a reader on the main thread and an *engine thread* (a
//! 256 MiB stack, so that deep but legal inputs do not overflow) that answers one
//! request at a time, panics caught per parse. A case worker (the campaign's) starts
//! the same way and adds a thread that watches its parses.

use super::panic::{catch, install_panic_hook};
use super::protocol::{
    FromWorker, Hello, ToWorker, MAGIC, MAX_FRAME_BYTES, PROTOCOL_VERSION, TAKES_NO_PIECES,
};
use super::settings::{WorkerRole, WorkerSettings, ENGINE_STACK_BYTES, WORKER_SUBCOMMAND};
use crate::case::{within_output_limit, EngineFailure};
use crate::engine::Engine;
use litmus_engine_api::frame::{read_frame, write_frame};
use serde::de::DeserializeOwned;
use std::fs::File;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::mpsc;
use std::thread;

/// `litmus __worker ARGS…`: reads the arguments after the subcommand and runs the
/// worker: an engine worker ([`run_engine_worker`]), or a case worker with
/// `run_cases` (the campaign's, handed in by the command line). Exit status 0 when the
/// supervisor closes the channel, 2 for bad arguments or a worker that cannot start.
pub fn worker_main_from_args<I: IntoIterator<Item = String>>(
    args: I,
    run_cases: fn(&WorkerSettings) -> Result<(), String>,
) -> ExitCode {
    let result = WorkerSettings::from_args(args).and_then(|settings| match settings.role {
        WorkerRole::Engine(_) => run_engine_worker(&settings),
        WorkerRole::Cases => run_cases(&settings),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("litmus {WORKER_SUBCOMMAND}: {message}");
            ExitCode::from(2)
        }
    }
}

/// What a worker does first: no core dumps and its address-space limit
/// ([`WorkerSettings::memory_limit_bytes`]), an exit when its supervisor dies, and
/// the end of whatever an external engine leaves behind when it dies. An engine it
/// then starts inherits the limits.
pub fn prepare(settings: &WorkerSettings) -> Result<(), String> {
    set_limits(settings)?;
    crate::process::exit_when_orphaned();
    // What an external engine leaves behind when it dies is this worker's to end.
    crate::process::become_subreaper();
    Ok(())
}

/// The worker's channel to its supervisor, a private duplicate of fd 1 (fd 1 itself
/// then points at stderr, so that whatever an engine prints cannot corrupt the
/// replies), with [`MAGIC`] and `hello` written on it; panics are caught from here on
/// with their location.
pub fn open_channel(hello: &Hello) -> Result<File, String> {
    let mut channel = take_stdout_for_protocol()?;
    install_panic_hook();
    channel.write_all(MAGIC).map_err(broken)?;
    send(&mut channel, hello).map_err(broken)?;
    Ok(channel)
}

/// Why a worker stops: its channel broke.
pub fn broken(e: io::Error) -> String {
    format!("the channel to the supervisor broke: {e}")
}

/// Writes one message as a frame of JSON.
pub fn send(channel: &mut File, message: &impl serde::Serialize) -> io::Result<()> {
    let payload =
        serde_json::to_vec(message).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    write_frame(channel, &payload)
}

/// Reads requests from stdin and hands them to `to_engine`, until stdin ends (the
/// supervisor is done: the receiver then ends, and with it the worker). A frame that
/// cannot be read ends the worker with status 2.
pub fn read_requests<T: DeserializeOwned>(to_engine: mpsc::Sender<T>) {
    let mut input = io::BufReader::new(io::stdin().lock());
    loop {
        let frame = match read_frame(&mut input, MAX_FRAME_BYTES) {
            Ok(Some(frame)) => frame,
            Ok(None) => return,
            Err(e) => {
                eprintln!("litmus {WORKER_SUBCOMMAND}: {e}");
                std::process::exit(2);
            }
        };
        match serde_json::from_slice::<T>(&frame) {
            Ok(message) => {
                if to_engine.send(message).is_err() {
                    return;
                }
            }
            Err(e) => {
                eprintln!("litmus {WORKER_SUBCOMMAND}: unreadable request: {e}");
                std::process::exit(2);
            }
        }
    }
}

/// An engine worker, until its stdin closes: `Err` if it cannot start or its channel
/// breaks.
pub fn run_engine_worker(settings: &WorkerSettings) -> Result<(), String> {
    prepare(settings)?;
    // After the limits, so that an external engine's program inherits them.
    let engine = crate::engine::start_engine(settings.hello_engine())?;
    let hello = Hello {
        protocol: PROTOCOL_VERSION,
        engine: engine.name().to_owned(),
        version: engine.version(),
    };
    let channel = open_channel(&hello)?;
    let (to_engine, inbox) = mpsc::channel::<ToWorker>();
    let answering = thread::Builder::new()
        .name("litmus-engine".to_owned())
        .stack_size(ENGINE_STACK_BYTES)
        .spawn(move || answer(engine, inbox, channel))
        .map_err(|e| format!("cannot start the engine thread: {e}"))?;
    read_requests(to_engine);
    answering
        .join()
        .unwrap_or_else(|_| Err("the engine thread panicked".to_owned()))
}

/// The engine thread: one request at a time, panics caught per parse, each answer
/// written as it is made.
fn answer(
    mut engine: Box<dyn Engine>,
    inbox: mpsc::Receiver<ToWorker>,
    mut channel: File,
) -> Result<(), String> {
    for message in inbox {
        let ToWorker::Parse {
            id,
            request,
            splits,
            tokens,
        } = message;
        // The engine is used again after a panic: engines keep no state between
        // requests (the Engine contract).
        let result = match (splits, tokens) {
            (_, Some(ask)) => within_output_limit(catch(|| {
                engine.tokens(ask.tokenizer, &request.input, &ask.start)
            })),
            (None, None) => within_output_limit(catch(|| engine.parse(&request))),
            (Some(splits), None) => within_output_limit(catch(|| {
                engine.parse_chunks(&request, &splits).unwrap_or_else(|| {
                    Err(EngineFailure::Unsupported {
                        message: TAKES_NO_PIECES.to_owned(),
                    })
                })
            })),
        };
        send(&mut channel, &FromWorker::Reply { id, result }).map_err(broken)?;
    }
    Ok(())
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
