//! A case worker's supervisor: [`CaseWorker`], one batch or minimization at a time,
//! its process started through the engines' worker plumbing
//! (`litmus_engines::worker::spawn_worker`) and replaced after a death, a kill or a
//! protocol error (then set up again).

use super::protocol::{BatchPart, CaseSetup, FromCaseWorker, MinimizeJob, Minimized, ToCaseWorker};
use crate::generator::Weights;
use litmus_engines::case::{EngineFailure, EngineName};
use litmus_engines::process::{Event, Process};
use litmus_engines::worker::{millis, send, spawn_worker, WorkerConfig, WorkerError};
use std::time::{Duration, Instant};

/// How a batch on a case worker ended.
#[derive(Debug)]
pub enum BatchEvent {
    /// Every case of the batch is done (all in the parts handed over).
    Done,
    /// A parse of this case ran past its limit; the worker sent what it had done and
    /// is gone.
    Hung { case_index: u64, engine: EngineName },
    /// The worker died, was killed for its silence, or broke the protocol: the cases
    /// in the parts handed over are done, the others are not.
    Died(EngineFailure),
}

/// A supervised case worker (`WorkerRole::Cases`), restarted (and set up again) as
/// needed.
pub struct CaseWorker {
    config: WorkerConfig,
    setup: CaseSetup,
    process: Option<Process>,
    versions: (String, String),
    next_id: u64,
    restarts: u64,
    /// The family weights the next batches' cases are generated with, when a
    /// steering campaign changed them (`steering.rs`).
    weights: Option<Weights>,
}

impl CaseWorker {
    /// Generates the next batches' cases with `weights` (`None`: the setup's).
    pub fn steer(&mut self, weights: Option<Weights>) {
        self.weights = weights;
    }

    /// Starts the worker and sets it up, so that engines that cannot run are an error
    /// now. `config.timeout` is how long the worker may stay silent while a batch
    /// runs (it reports progress several times a second) before it is killed.
    pub fn start(config: WorkerConfig, setup: CaseSetup) -> Result<CaseWorker, WorkerError> {
        let (process, versions) = Self::spawn(&config, &setup)?;
        Ok(CaseWorker {
            config,
            setup,
            process: Some(process),
            versions,
            next_id: 1,
            restarts: 0,
            weights: None,
        })
    }

    fn spawn(
        config: &WorkerConfig,
        setup: &CaseSetup,
    ) -> Result<(Process, (String, String)), WorkerError> {
        let (mut process, _) = spawn_worker(config)?;
        let startup_error = |message: String| WorkerError::Startup {
            engine: config.engine.clone(),
            message,
        };
        let message = ToCaseWorker::Setup {
            setup: Box::new(setup.clone()),
        };
        match send(&mut process, &message) {
            Ok(true) => {}
            Ok(false) => return Err(startup_error("it stopped reading".to_owned())),
            Err(failure) => return Err(startup_error(failure.to_string())),
        }
        // Setting up starts the engines: an external program gets its own start-up
        // time, within the worker's.
        let deadline = Instant::now() + config.startup_timeout * 2;
        match process.next_event(deadline) {
            Some(Event::Frame(bytes)) => match serde_json::from_slice::<FromCaseWorker>(&bytes) {
                Ok(FromCaseWorker::Ready {
                    result: Ok(versions),
                }) => Ok((process, versions)),
                Ok(FromCaseWorker::Ready {
                    result: Err(message),
                }) => Err(startup_error(message)),
                Ok(other) => Err(startup_error(format!(
                    "an unexpected answer to its setup: {other:?}"
                ))),
                Err(e) => Err(startup_error(format!(
                    "an unreadable answer to its setup: {e}"
                ))),
            },
            Some(Event::Closed(reason)) => {
                let reason = reason.unwrap_or_else(|| "it exited".to_owned());
                Err(startup_error(process.died(&reason).to_string()))
            }
            Some(Event::All(_) | Event::TooLarge { .. }) => {
                process.kill();
                Err(startup_error(
                    "a frame over the protocol's limit".to_owned(),
                ))
            }
            None => {
                process.kill();
                Err(startup_error("no answer to its setup".to_owned()))
            }
        }
    }

    /// The versions of the reference engine and of the other engine.
    pub fn versions(&self) -> (&str, &str) {
        (&self.versions.0, &self.versions.1)
    }

    /// How many times a dead or killed worker process was replaced.
    pub fn restarts(&self) -> u64 {
        self.restarts
    }

    /// The running process, started (and set up) if there is none.
    fn running(&mut self) -> Result<Process, EngineFailure> {
        if let Some(process) = self.process.take() {
            return Ok(process);
        }
        let (process, versions) =
            Self::spawn(&self.config, &self.setup).map_err(|error| EngineFailure::Crash {
                signal: None,
                exit_code: None,
                message: format!("the case worker could not be restarted: {error}"),
                location: None,
            })?;
        self.restarts += 1;
        self.versions = versions;
        Ok(process)
    }

    /// Runs the cases `indices`, handing each part of the results to `on_part` as it
    /// arrives.
    pub fn run_batch(&mut self, indices: &[u64], mut on_part: impl FnMut(BatchPart)) -> BatchEvent {
        let mut process = match self.running() {
            Ok(process) => process,
            Err(failure) => return BatchEvent::Died(failure),
        };
        let id = self.next_id;
        self.next_id += 1;
        process.clear_stderr();
        let message = ToCaseWorker::Batch {
            id,
            indices: indices.to_vec(),
            weights: self.weights.clone(),
        };
        match send(&mut process, &message) {
            Ok(true) => {}
            Ok(false) => return BatchEvent::Died(process.died("it stopped reading requests")),
            Err(failure) => return BatchEvent::Died(failure),
        }
        loop {
            match process.next_event(Instant::now() + self.config.timeout) {
                Some(Event::Frame(bytes)) => match serde_json::from_slice::<FromCaseWorker>(&bytes)
                {
                    Ok(FromCaseWorker::Progress {
                        id: got,
                        part,
                        last,
                    }) if got == id => {
                        on_part(*part);
                        if last {
                            self.process = Some(process);
                            return BatchEvent::Done;
                        }
                    }
                    Ok(FromCaseWorker::Hung {
                        id: got,
                        case_index,
                        engine,
                        after_ms,
                    }) if got == id => {
                        process.kill();
                        return match case_index {
                            Some(case_index) => BatchEvent::Hung {
                                case_index,
                                engine: engine.into(),
                            },
                            // A pipelined parse of many cases: which one is unknown.
                            None => BatchEvent::Died(EngineFailure::Timeout { after_ms }),
                        };
                    }
                    Ok(other) => {
                        process.kill();
                        let message = format!("an unexpected message during batch {id}: {other:?}");
                        return BatchEvent::Died(EngineFailure::BadOutput { message });
                    }
                    Err(e) => {
                        process.kill();
                        let message = format!("an unreadable message: {e}");
                        return BatchEvent::Died(EngineFailure::BadOutput { message });
                    }
                },
                Some(Event::Closed(reason)) => {
                    let reason = reason.unwrap_or_default();
                    return BatchEvent::Died(process.died(&reason));
                }
                Some(Event::All(_) | Event::TooLarge { .. }) => {
                    process.kill();
                    let message = "a frame over the protocol's limit".to_owned();
                    return BatchEvent::Died(EngineFailure::BadOutput { message });
                }
                None => {
                    process.kill();
                    let after_ms = millis(self.config.timeout);
                    return BatchEvent::Died(EngineFailure::Timeout { after_ms });
                }
            }
        }
    }

    /// Minimizes in the worker, waiting at most `limit`. `Err` when the worker hung,
    /// died or broke the protocol doing it (the caller falls back to minimizing
    /// through engine workers, one isolated parse per step).
    pub fn minimize(
        &mut self,
        job: MinimizeJob,
        limit: Duration,
    ) -> Result<Minimized, EngineFailure> {
        let mut process = self.running()?;
        let id = self.next_id;
        self.next_id += 1;
        let message = ToCaseWorker::Minimize {
            id,
            job: Box::new(job),
        };
        match send(&mut process, &message) {
            Ok(true) => {}
            Ok(false) => return Err(process.died("it stopped reading requests")),
            Err(failure) => return Err(failure),
        }
        let started = Instant::now();
        match process.next_event(started + limit) {
            Some(Event::Frame(bytes)) => match serde_json::from_slice::<FromCaseWorker>(&bytes) {
                Ok(FromCaseWorker::Minimized { id: got, outcome }) if got == id => {
                    self.process = Some(process);
                    Ok(*outcome)
                }
                Ok(FromCaseWorker::Hung { after_ms, .. }) => {
                    process.kill();
                    Err(EngineFailure::Timeout { after_ms })
                }
                Ok(other) => {
                    process.kill();
                    let message = format!("an unexpected answer to minimization {id}: {other:?}");
                    Err(EngineFailure::BadOutput { message })
                }
                Err(e) => {
                    process.kill();
                    Err(EngineFailure::BadOutput {
                        message: format!("an unreadable answer: {e}"),
                    })
                }
            },
            Some(Event::Closed(reason)) => {
                let reason = reason.unwrap_or_default();
                Err(process.died(&reason))
            }
            Some(Event::All(_) | Event::TooLarge { .. }) => {
                process.kill();
                let message = "a frame over the protocol's limit".to_owned();
                Err(EngineFailure::BadOutput { message })
            }
            None => {
                process.kill();
                Err(EngineFailure::Timeout {
                    after_ms: millis(started.elapsed()),
                })
            }
        }
    }
}
