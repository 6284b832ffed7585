//! The processes of external engines: started in a process group of their own (so
//! that a timeout kills the program and everything it started), with a death signal
//! tied to the thread that starts them (so that a worker killed by its supervisor
//! takes its engine's processes with it), stdin fed by a thread (a program that stops
//! reading cannot block litmus), stdout read by a thread, and the end of stderr kept
//! for crash messages.

use super::protocol::{describe_failure, read_frame, FrameError, MAX_REPLY_BYTES};
use crate::case::EngineFailure;
use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// How much of a program's stderr is kept (the end of it).
const STDERR_TAIL_BYTES: usize = 64 << 10;
/// How long a program whose output ended has to finish exiting before it is killed.
const EXIT_GRACE: Duration = Duration::from_secs(5);

/// What the stdout thread sees.
pub enum Output {
    /// A persistent program's frame.
    Frame(Vec<u8>),
    /// A one-shot program's whole output.
    All(Vec<u8>),
    /// The output ended (cleanly: `None`) or broke.
    Closed(Option<String>),
}

/// How the stdout thread reads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    Frames,
    Everything,
}

/// A running program.
pub struct Program {
    child: Child,
    stdin: Option<Sender<Vec<u8>>>,
    pub output: Receiver<Output>,
    stderr: Arc<Mutex<Vec<u8>>>,
    reaped: Option<ExitStatus>,
}

impl Program {
    /// Starts `words` with `stdin` fed by a thread. For a one-shot program the input
    /// is given here and stdin closes after it.
    pub fn start(words: &[String], reading: Reading) -> io::Result<Program> {
        let (program, args) = words
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "an empty command"))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        // SAFETY: the closure runs in the child between fork and exec and makes one
        // system call (prctl), which is async-signal-safe; it allocates nothing and
        // touches no lock.
        unsafe {
            command.pre_exec(|| {
                rustix::process::set_parent_process_death_signal(Some(
                    rustix::process::Signal::KILL,
                ))
                .map_err(io::Error::from)
            });
        }
        let mut child = command.spawn()?;
        let stdin = child.stdin.take().map(feed_stdin);
        let (events, output) = mpsc::channel();
        if let Some(stdout) = child.stdout.take() {
            thread::Builder::new()
                .name("litmus-external-stdout".to_owned())
                .spawn(move || read_stdout(stdout, reading, events))?;
        }
        let stderr = Arc::new(Mutex::new(Vec::new()));
        if let Some(pipe) = child.stderr.take() {
            let tail = Arc::clone(&stderr);
            thread::Builder::new()
                .name("litmus-external-stderr".to_owned())
                .spawn(move || keep_tail(pipe, &tail))?;
        }
        Ok(Program {
            child,
            stdin,
            output,
            stderr,
            reaped: None,
        })
    }

    /// Queues bytes for the program's stdin; `false` if its stdin is closed.
    pub fn send(&mut self, bytes: Vec<u8>) -> bool {
        self.stdin
            .as_ref()
            .is_some_and(|stdin| stdin.send(bytes).is_ok())
    }

    /// Closes the program's stdin once what was queued is written.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Forgets what the program wrote to stderr so far.
    pub fn clear_stderr(&self) {
        self.stderr
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }

    /// What the program wrote to stderr (its last 64 KiB).
    pub fn stderr(&self) -> String {
        let tail = self.stderr.lock().unwrap_or_else(PoisonError::into_inner);
        String::from_utf8_lossy(&tail).into_owned()
    }

    /// The next output event, waiting until `deadline`; `None` at the deadline.
    pub fn next_output(&self, deadline: Instant) -> Option<Output> {
        let remaining = deadline.saturating_duration_since(Instant::now());
        match self.output.recv_timeout(remaining) {
            Ok(event) => Some(event),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => Some(Output::Closed(None)),
        }
    }

    /// Kills the program and every process of its group, and reaps it.
    pub fn kill(&mut self) {
        if self.reaped.is_none() {
            // The group leader is not reaped yet, so its id (the group's) is still
            // this group's.
            if let Some(pid) = rustix::process::Pid::from_raw(self.child.id() as i32) {
                let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
            }
            let _ = self.child.kill();
            self.reaped = self.child.wait().ok();
        }
        self.stdin = None;
    }

    /// Waits until `deadline` for the program to exit; `None` if it has not.
    pub fn wait_until(&mut self, deadline: Instant) -> Option<ExitStatus> {
        let mut pause = Duration::from_micros(50);
        loop {
            if let Some(status) = self.reaped {
                return Some(status);
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                self.reaped = Some(status);
                // The rest of its group goes with it.
                if let Some(pid) = rustix::process::Pid::from_raw(self.child.id() as i32) {
                    let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
                }
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(5));
        }
    }

    /// The failure of a program whose output ended or that exited: its exit status
    /// (waiting a moment for it, then killing it) and what its stderr says.
    /// `fallback` describes it when stderr says nothing.
    pub fn died(&mut self, fallback: &str) -> EngineFailure {
        let status = match self.wait_until(Instant::now() + EXIT_GRACE) {
            Some(status) => Some(status),
            None => {
                self.kill();
                self.reaped
            }
        };
        // The stderr thread may still be reading the last of it.
        thread::sleep(Duration::from_millis(2));
        crash(status, &self.stderr(), fallback)
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        // Closing stdin asks a persistent program to exit; whatever has not, goes.
        self.stdin = None;
        if self.reaped.is_none()
            && self
                .wait_until(Instant::now() + Duration::from_millis(500))
                .is_none()
        {
            self.kill();
        }
    }
}

/// A crash from an exit status and stderr.
pub fn crash(status: Option<ExitStatus>, stderr: &str, fallback: &str) -> EngineFailure {
    let (message, location) = describe_failure(stderr);
    EngineFailure::Crash {
        signal: status.and_then(|s| s.signal()),
        exit_code: status.and_then(|s| s.code()),
        message: if message.is_empty() {
            fallback.to_owned()
        } else {
            message
        },
        location,
    }
}

/// The stdin thread: writes what it is sent, in order, until the channel or the pipe
/// closes.
fn feed_stdin(mut stdin: ChildStdin) -> Sender<Vec<u8>> {
    let (sender, receiver) = mpsc::channel::<Vec<u8>>();
    let spawned = thread::Builder::new()
        .name("litmus-external-stdin".to_owned())
        .spawn(move || {
            for bytes in receiver {
                if stdin
                    .write_all(&bytes)
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    return;
                }
            }
        });
    if spawned.is_err() {
        // No thread: the sender's messages go nowhere, and the program sees no input.
        let (dead, _) = mpsc::channel();
        return dead;
    }
    sender
}

fn read_stdout(mut stdout: impl Read, reading: Reading, events: Sender<Output>) {
    match reading {
        Reading::Frames => {
            let mut input = io::BufReader::new(stdout);
            let closed = loop {
                match read_frame(&mut input) {
                    Ok(Some(frame)) => {
                        if events.send(Output::Frame(frame)).is_err() {
                            return;
                        }
                    }
                    Ok(None) => break None,
                    Err(FrameError::NotAFrame(message)) => break Some(message),
                    Err(error) => break Some(error.to_string()),
                }
            };
            let _ = events.send(Output::Closed(closed));
        }
        Reading::Everything => {
            let mut all = Vec::new();
            let limit = MAX_REPLY_BYTES as u64 + 1;
            let event = match (&mut stdout).take(limit).read_to_end(&mut all) {
                Ok(_) if all.len() > MAX_REPLY_BYTES => {
                    Output::Closed(Some(format!("more than {MAX_REPLY_BYTES} bytes of output")))
                }
                Ok(_) => Output::All(all),
                Err(e) => Output::Closed(Some(format!("cannot read the output: {e}"))),
            };
            let _ = events.send(event);
        }
    }
}

fn keep_tail(mut stderr: impl Read, tail: &Mutex<Vec<u8>>) {
    let mut buffer = [0u8; 8192];
    loop {
        match stderr.read(&mut buffer) {
            Ok(0) => return,
            Ok(n) => {
                let mut tail = tail.lock().unwrap_or_else(PoisonError::into_inner);
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
