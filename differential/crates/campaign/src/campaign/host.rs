//! The case worker's side: `litmus __worker --cases`, the process that hosts a
//! campaign's [`CaseRunner`] and its minimizations in process.
//!
//! It starts as every worker does (`litmus_engines::worker::serve`: limits, channel,
//! hello), then runs three threads. The *reader* reads frames from stdin and hands
//! them on; the *engine thread* (a 256 MiB stack, so that deep but legal inputs do not
//! overflow) does the work, batches of cases and minimizations; the *main thread*
//! writes every frame to the supervisor and watches the engine thread: a parse that
//! runs past its limit makes it send what was done, a [`FromCaseWorker::Hung`], and
//! exit.

use super::cases::CaseRunner;
use super::protocol::{BatchPart, FromCaseWorker, Minimized, ToCaseWorker};
use super::triage::minimize_in_process;
use super::watch::Watch;
use litmus_engines::worker::protocol::{Hello, PROTOCOL_VERSION};
use litmus_engines::worker::serve::{broken, open_channel, prepare, read_requests, send};
use litmus_engines::worker::{WorkerSettings, CASES_ENGINE, ENGINE_STACK_BYTES};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// How often the main thread wakes to send progress and check the engine thread.
const TICK: Duration = Duration::from_millis(50);

/// What the engine thread tells the main thread.
enum Outgoing {
    /// A message to send as it is.
    Message(FromCaseWorker),
    /// A batch ended: send what is accumulated as its last part.
    BatchDone(u64),
}

/// The case worker, until its stdin closes; `Err` if it cannot start or its channel
/// breaks. What `litmus __worker --cases` runs
/// (`litmus_engines::worker::worker_main_from_args`).
pub fn run_case_worker(settings: &WorkerSettings) -> Result<(), String> {
    prepare(settings)?;
    let hello = Hello {
        protocol: PROTOCOL_VERSION,
        engine: CASES_ENGINE.to_owned(),
        version: format!("litmus {}", env!("CARGO_PKG_VERSION")),
    };
    let mut channel = open_channel(&hello)?;

    let watch = Watch::default();
    let (to_engine, inbox) = mpsc::channel::<ToCaseWorker>();
    let (outgoing, outbox) = mpsc::channel::<Outgoing>();
    let engine_watch = watch.clone();
    thread::Builder::new()
        .name("litmus-engine".to_owned())
        .stack_size(ENGINE_STACK_BYTES)
        .spawn(move || engine_thread(inbox, outgoing, engine_watch))
        .map_err(|e| format!("cannot start the engine thread: {e}"))?;
    thread::Builder::new()
        .name("litmus-worker-stdin".to_owned())
        .spawn(move || read_requests(to_engine))
        .map_err(|e| format!("cannot start the reader thread: {e}"))?;

    loop {
        match outbox.recv_timeout(TICK) {
            Ok(Outgoing::Message(message)) => send(&mut channel, &message).map_err(broken)?,
            Ok(Outgoing::BatchDone(id)) => {
                let part = watch.take_part();
                let message = FromCaseWorker::Progress {
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
                        let message = FromCaseWorker::Progress {
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
                    let message = FromCaseWorker::Progress {
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

/// The engine thread: one message at a time, panics caught per parse.
fn engine_thread(
    inbox: mpsc::Receiver<ToCaseWorker>,
    outgoing: mpsc::Sender<Outgoing>,
    watch: Watch,
) {
    let mut runner: Option<CaseRunner> = None;
    for message in inbox {
        let reply = match message {
            ToCaseWorker::Setup { setup } => {
                let result = CaseRunner::new(*setup, watch.clone()).map(|started| {
                    let versions = started.versions();
                    runner = Some(started);
                    versions
                });
                Outgoing::Message(FromCaseWorker::Ready { result })
            }
            ToCaseWorker::Batch {
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
            ToCaseWorker::Minimize { id, job } => {
                let outcome = match runner.as_mut() {
                    Some(runner) => {
                        watch.begin_job(id);
                        let outcome = minimize_in_process(runner, *job);
                        watch.end_job();
                        outcome
                    }
                    None => Minimized::refused("no setup"),
                };
                Outgoing::Message(FromCaseWorker::Minimized {
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
