//! The worker side: `litmus __worker`.
//!
//! Three threads. The *reader* reads frames from stdin and hands them on; the
//! *engine thread* (a 256 MiB stack, so that deep but legal inputs do not overflow)
//! does the work: one parse for an engine worker, or batches of cases and
//! minimizations for a case worker; the *main thread* writes every frame to the
//! supervisor and watches the engine thread: a case worker's parse that runs past its
//! limit makes it send what was done, a [`FromWorker::Hung`], and exit.

use super::panic::{catch, install_panic_hook};
use super::protocol::{
    BatchPart, FromWorker, Hello, Minimized, ToWorker, MAGIC, MAX_FRAME_BYTES, PROTOCOL_VERSION,
};
use super::{WorkerRole, WorkerSettings, ENGINE_STACK_BYTES};
use crate::campaign::cases::{CaseRunner, Watch};
use crate::case::within_output_limit;
use crate::frame::{read_frame, write_frame};
use std::fs::File;
use std::io::{self, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// How often the main thread wakes to send progress and check the engine thread.
const TICK: Duration = Duration::from_millis(50);

/// What the engine thread tells the main thread.
enum Outgoing {
    /// A message to send as it is.
    Message(FromWorker),
    /// A batch ended: send what is accumulated as its last part.
    BatchDone(u64),
}

/// The worker loop; `Err` if it cannot start or its channel breaks.
pub fn run_worker(settings: &WorkerSettings) -> Result<(), String> {
    set_limits(settings)?;
    crate::process::exit_when_orphaned();
    // What an external engine leaves behind when it dies is this worker's to end.
    crate::process::become_subreaper();
    let hello_engine;
    let engine = match &settings.role {
        WorkerRole::Engine(name) => {
            // After the limits, so that an external engine's program inherits them.
            let engine = crate::engine::start_engine(name)?;
            hello_engine = Hello {
                protocol: PROTOCOL_VERSION,
                engine: engine.name().to_owned(),
                version: engine.version(),
            };
            Some(engine)
        }
        WorkerRole::Cases => {
            hello_engine = Hello {
                protocol: PROTOCOL_VERSION,
                engine: super::CASES_ENGINE.to_owned(),
                version: format!("litmus {}", env!("CARGO_PKG_VERSION")),
            };
            None
        }
    };
    let mut channel = take_stdout_for_protocol()?;
    install_panic_hook();

    let watch = Watch::default();
    let (to_engine, inbox) = mpsc::channel::<ToWorker>();
    let (outgoing, outbox) = mpsc::channel::<Outgoing>();
    let engine_watch = watch.clone();
    thread::Builder::new()
        .name("litmus-engine".to_owned())
        .stack_size(ENGINE_STACK_BYTES)
        .spawn(move || engine_thread(engine, inbox, outgoing, engine_watch))
        .map_err(|e| format!("cannot start the engine thread: {e}"))?;
    thread::Builder::new()
        .name("litmus-worker-stdin".to_owned())
        .spawn(move || read_requests(to_engine))
        .map_err(|e| format!("cannot start the reader thread: {e}"))?;

    let broken = |e: io::Error| format!("the channel to the supervisor broke: {e}");
    channel.write_all(MAGIC).map_err(broken)?;
    send(&mut channel, &hello_engine).map_err(broken)?;
    loop {
        match outbox.recv_timeout(TICK) {
            Ok(Outgoing::Message(message)) => send(&mut channel, &message).map_err(broken)?,
            Ok(Outgoing::BatchDone(id)) => {
                let part = watch.take_part();
                let message = FromWorker::Progress {
                    id,
                    part: Box::new(part),
                    last: true,
                };
                send(&mut channel, &message).map_err(broken)?;
            }
            Err(RecvTimeoutError::Disconnected) => return Ok(()),
            Err(RecvTimeoutError::Timeout) => {
                if let Some(hung) = watch.overdue() {
                    // Send what was done, say where it hung, and go: the engine thread
                    // cannot be stopped.
                    if let Some(id) = hung.batch {
                        let message = FromWorker::Progress {
                            id,
                            part: Box::new(watch.take_part()),
                            last: false,
                        };
                        send(&mut channel, &message).map_err(broken)?;
                    }
                    send(&mut channel, &hung.message).map_err(broken)?;
                    std::process::exit(4);
                }
                if let Some(id) = watch.batch_running() {
                    let message = FromWorker::Progress {
                        id,
                        part: Box::new(watch.take_part()),
                        last: false,
                    };
                    send(&mut channel, &message).map_err(broken)?;
                }
            }
        }
    }
}

/// Writes one message as a frame of JSON.
fn send(channel: &mut File, message: &impl serde::Serialize) -> io::Result<()> {
    let payload =
        serde_json::to_vec(message).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    write_frame(channel, &payload)
}

/// The reader thread: frames from stdin to the engine thread, until stdin ends (the
/// supervisor is done: the engine thread then ends, and with it the worker).
fn read_requests(to_engine: mpsc::Sender<ToWorker>) {
    let mut input = io::BufReader::new(io::stdin().lock());
    loop {
        let frame = match read_frame(&mut input, MAX_FRAME_BYTES) {
            Ok(Some(frame)) => frame,
            Ok(None) => return,
            Err(e) => {
                eprintln!("litmus {}: {e}", super::WORKER_SUBCOMMAND);
                std::process::exit(2);
            }
        };
        match serde_json::from_slice::<ToWorker>(&frame) {
            Ok(message) => {
                if to_engine.send(message).is_err() {
                    return;
                }
            }
            Err(e) => {
                eprintln!(
                    "litmus {}: unreadable request: {e}",
                    super::WORKER_SUBCOMMAND
                );
                std::process::exit(2);
            }
        }
    }
}

/// The engine thread: one message at a time, panics caught per parse.
fn engine_thread(
    mut engine: Option<Box<dyn crate::engine::Engine>>,
    inbox: mpsc::Receiver<ToWorker>,
    outgoing: mpsc::Sender<Outgoing>,
    watch: Watch,
) {
    let mut runner: Option<CaseRunner> = None;
    for message in inbox {
        let reply = match message {
            ToWorker::Parse {
                id,
                request,
                splits,
                tokens,
            } => {
                let result = match (engine.as_mut(), splits, tokens) {
                    (Some(engine), _, Some(ask)) => within_output_limit(catch(|| {
                        engine.tokens(ask.tokenizer, &request.input, &ask.start)
                    })),
                    // The engine is used again after a panic: engines keep no state
                    // between requests (the Engine contract).
                    (Some(engine), None, None) => {
                        within_output_limit(catch(|| engine.parse(&request)))
                    }
                    (Some(engine), Some(splits), None) => within_output_limit(catch(|| {
                        engine.parse_chunks(&request, &splits).unwrap_or_else(|| {
                            Err(crate::case::EngineFailure::Unsupported {
                                message: super::protocol::TAKES_NO_PIECES.to_owned(),
                            })
                        })
                    })),
                    (None, _, _) => Err(crate::case::EngineFailure::Unsupported {
                        message: "a case worker parses no single requests".to_owned(),
                    }),
                };
                Outgoing::Message(FromWorker::Reply { id, result })
            }
            ToWorker::Setup { setup } => {
                let result = CaseRunner::new(*setup, watch.clone()).map(|started| {
                    let versions = started.versions();
                    runner = Some(started);
                    versions
                });
                Outgoing::Message(FromWorker::Ready { result })
            }
            ToWorker::Batch {
                id,
                indices,
                weights,
            } => {
                match runner.as_mut() {
                    Some(runner) => {
                        runner.steer(weights);
                        watch.begin_batch(id);
                        runner.run_batch(&indices, |part: BatchPart| watch.add_part(part));
                        watch.end_batch();
                    }
                    None => watch.add_part(BatchPart::default()),
                }
                Outgoing::BatchDone(id)
            }
            ToWorker::Minimize { id, job } => {
                let outcome = match runner.as_mut() {
                    Some(runner) => {
                        watch.begin_job(id);
                        let outcome = crate::campaign::triage::minimize_in_process(runner, *job);
                        watch.end_job();
                        outcome
                    }
                    None => Minimized::refused("no setup"),
                };
                Outgoing::Message(FromWorker::Minimized {
                    id,
                    outcome: Box::new(outcome),
                })
            }
        };
        if outgoing.send(reply).is_err() {
            return;
        }
    }
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
