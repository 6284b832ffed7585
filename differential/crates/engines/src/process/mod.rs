//! Supervised child processes: the one way litmus runs another program, whether a
//! worker of its own (`litmus __worker`, [`crate::worker`]) or an external engine
//! ([`crate::engine::external`]).
//!
//! A [`Process`] is started in a process group of its own (so that killing it kills
//! everything it started and kept in its group), optionally with SIGKILL as its
//! parent-death signal (tied to the thread that starts it, so only for children of
//! a thread that lives as long as they do: an engine worker's engine thread starts
//! its external program so; litmus's own workers instead exit when orphaned,
//! [`exit_when_orphaned`]), stdin fed by a thread (a child that stops reading cannot block
//! litmus), stdout read by a thread into [`Event`]s (frames, or the whole output),
//! and the end of stderr kept for crash messages ([`death`]).
//!
//! Nothing here waits for a pipe to close after a kill: a descendant that left the
//! group (`setsid`) and keeps the pipes open cannot stall the supervisor.

pub mod death;

use crate::case::EngineFailure;
use litmus_engine_api::frame::{read_frame, skip_to_magic, FrameError};
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// How long a dead child's stderr is waited for, to its end, before its crash
/// message is read.
const STDERR_END_GRACE: Duration = Duration::from_secs(1);

/// How much of a child's stderr is kept (the end of it).
const STDERR_TAIL_BYTES: usize = 64 << 10;
/// How long a child whose output ended has to finish exiting before it is killed.
const EXIT_GRACE: Duration = Duration::from_secs(5);
/// How much output before the magic bytes a reader skips before giving up.
const MAX_BANNER_BYTES: usize = 1 << 20;

/// What to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLine {
    pub program: PathBuf,
    pub args: Vec<OsString>,
    /// Variables added to the inherited environment.
    pub env: Vec<(OsString, OsString)>,
    /// SIGKILL the child when the thread that starts it ends.
    pub die_with_thread: bool,
    /// The address-space limit (`RLIMIT_AS`) the child runs under.
    pub address_space: AddressSpace,
}

/// The address-space limit (`RLIMIT_AS`) a child starts with. Never above the hard
/// limit litmus itself runs under (a `ulimit -v` of the caller's holds for everything).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AddressSpace {
    /// litmus's own (a worker sets its own limit when it starts).
    #[default]
    Inherited,
    /// At most this many bytes: an external engine's memory limit.
    Limited(u64),
    /// As much as the hard limit allows (an engine such as a browser that reserves far
    /// more address space than it uses), whatever limit litmus's worker runs under.
    Unlimited,
}

impl CommandLine {
    /// A command from words: the first is the program.
    pub fn from_words(words: &[String]) -> io::Result<CommandLine> {
        let (program, args) = words
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "an empty command"))?;
        Ok(CommandLine {
            program: PathBuf::from(program),
            args: args.iter().map(OsString::from).collect(),
            env: Vec::new(),
            die_with_thread: false,
            address_space: AddressSpace::Inherited,
        })
    }
}

/// A program run to its end by [`run_to_end`].
#[derive(Debug)]
pub struct Finished {
    /// Its output (the first [`crate::limits::OVERSIZED_PREFIX_BYTES`] of an output
    /// over the limit).
    pub stdout: Vec<u8>,
    /// The end of its error output, as much as was read when it exited.
    pub stderr: String,
    pub status: ExitStatus,
}

/// Runs `command` with its input closed, reading its whole output (at most
/// `max_bytes`), for at most `limit`: `Ok(None)` when it takes longer, and then it is
/// killed with its group and descendants.
pub fn run_to_end(
    command: &CommandLine,
    max_bytes: usize,
    limit: Duration,
) -> io::Result<Option<Finished>> {
    let deadline = Instant::now() + limit;
    let mut process = Process::spawn(command, Reading::Everything { max_bytes })?;
    process.close_stdin();
    let stdout = match process.next_event(deadline) {
        None => {
            process.kill();
            return Ok(None);
        }
        Some(Event::All(bytes)) => bytes,
        Some(Event::TooLarge { start, .. }) => start,
        Some(Event::Frame(_) | Event::Closed(_)) => Vec::new(),
    };
    let Some(status) = process.wait_until(deadline) else {
        process.kill();
        return Ok(None);
    };
    Ok(Some(Finished {
        stdout,
        stderr: process.stderr(),
        status,
    }))
}

/// How the stdout thread reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// Frames of at most `max_bytes`, after the `magic` bytes if given (anything
    /// before them is skipped: a test harness's banner).
    Frames {
        magic: Option<&'static [u8]>,
        max_bytes: usize,
    },
    /// The whole output, at most `max_bytes` of it.
    Everything { max_bytes: usize },
}

/// What the stdout thread sees.
#[derive(Debug)]
pub enum Event {
    /// A frame's payload.
    Frame(Vec<u8>),
    /// The whole output ([`Reading::Everything`]).
    All(Vec<u8>),
    /// A frame, or the whole output, over the reader's limit: its size (read no
    /// further for a frame; counted to the end for a whole output) and its first
    /// [`crate::limits::OVERSIZED_PREFIX_BYTES`] (none for a frame).
    TooLarge { bytes: u64, start: Vec<u8> },
    /// The output ended: cleanly (`None`) or broken (why).
    Closed(Option<String>),
}

/// A running child.
pub struct Process {
    child: Child,
    stdin: Option<Sender<Vec<u8>>>,
    events: Receiver<Event>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// Set when the stderr thread has read the pipe to its end.
    stderr_ended: Arc<AtomicBool>,
    reaped: Option<ExitStatus>,
    /// The address-space limit it was started under, if litmus set one.
    memory_limit: Option<u64>,
}

impl Process {
    /// Starts `command`; its stdout is read as `reading` says.
    pub fn spawn(command: &CommandLine, reading: Reading) -> io::Result<Process> {
        let mut builder = Command::new(&command.program);
        builder
            .args(&command.args)
            .envs(command.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        // Worked out before the fork: the child only makes the system call.
        let hard = rustix::process::getrlimit(rustix::process::Resource::As).maximum;
        let (address_space, memory_limit) = match command.address_space {
            AddressSpace::Inherited => (None, None),
            AddressSpace::Limited(bytes) => {
                let bytes = hard.map_or(bytes, |hard| bytes.min(hard));
                (Some(Some(bytes)), Some(bytes))
            }
            AddressSpace::Unlimited => (Some(hard), None),
        };
        let die_with_thread = command.die_with_thread;
        if die_with_thread || address_space.is_some() {
            // SAFETY: the closure runs in the child between fork and exec and makes
            // at most two system calls (prctl, setrlimit), which are async-signal-safe;
            // it allocates nothing and touches no lock.
            unsafe {
                builder.pre_exec(move || {
                    if die_with_thread {
                        rustix::process::set_parent_process_death_signal(Some(
                            rustix::process::Signal::KILL,
                        ))?;
                    }
                    if let Some(current) = address_space {
                        rustix::process::setrlimit(
                            rustix::process::Resource::As,
                            rustix::process::Rlimit {
                                current,
                                maximum: hard,
                            },
                        )?;
                    }
                    Ok(())
                });
            }
        }
        let mut child = builder.spawn()?;
        LIVE_CHILDREN
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(child.id());
        let stdin = child.stdin.take().map(feed_stdin);
        let (events, receiver) = mpsc::channel();
        if let Some(stdout) = child.stdout.take() {
            thread::Builder::new()
                .name("litmus-child-stdout".to_owned())
                .spawn(move || read_stdout(stdout, reading, events))?;
        }
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let stderr_ended = Arc::new(AtomicBool::new(true));
        if let Some(pipe) = child.stderr.take() {
            let tail = Arc::clone(&stderr);
            let ended = Arc::clone(&stderr_ended);
            ended.store(false, Ordering::SeqCst);
            thread::Builder::new()
                .name("litmus-child-stderr".to_owned())
                .spawn(move || {
                    keep_tail(pipe, &tail);
                    ended.store(true, Ordering::SeqCst);
                })?;
        }
        Ok(Process {
            child,
            stdin,
            events: receiver,
            stderr,
            stderr_ended,
            reaped: None,
            memory_limit,
        })
    }

    /// The address-space limit litmus started the child under, if it set one.
    pub fn memory_limit(&self) -> Option<u64> {
        self.memory_limit
    }

    /// The child's process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Queues bytes for the child's stdin; `false` if its stdin is closed.
    pub fn send(&mut self, bytes: Vec<u8>) -> bool {
        self.stdin
            .as_ref()
            .is_some_and(|stdin| stdin.send(bytes).is_ok())
    }

    /// Closes the child's stdin once what was queued is written.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Forgets what the child wrote to stderr so far.
    pub fn clear_stderr(&self) {
        self.stderr
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }

    /// What the child wrote to stderr (its last 64 KiB).
    pub fn stderr(&self) -> String {
        let tail = self.stderr.lock().unwrap_or_else(PoisonError::into_inner);
        String::from_utf8_lossy(&tail).into_owned()
    }

    /// The next output event, waiting until `deadline`; `None` at the deadline.
    pub fn next_event(&self, deadline: Instant) -> Option<Event> {
        let remaining = deadline.saturating_duration_since(Instant::now());
        match self.events.recv_timeout(remaining) {
            Ok(event) => Some(event),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => Some(Event::Closed(None)),
        }
    }

    /// Kills the child, every process of its group and every descendant that left
    /// the group (`setsid`), and reaps it.
    pub fn kill(&mut self) {
        if self.reaped.is_none() {
            // The descendants, found while the tree still hangs together; the group
            // leader is not reaped yet, so its id (the group's) is still this group's.
            let descendants = descendants_of(self.child.id());
            self.kill_group();
            for pid in descendants {
                kill_pid(pid);
            }
            let _ = self.child.kill();
            self.reaped = self.child.wait().ok();
        }
        self.stdin = None;
        kill_orphans();
    }

    fn kill_group(&self) {
        if let Some(pid) = rustix::process::Pid::from_raw(self.child.id() as i32) {
            let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
        }
    }

    /// Waits until `deadline` for the child to exit; `None` if it has not. The rest
    /// of its group goes with it.
    pub fn wait_until(&mut self, deadline: Instant) -> Option<ExitStatus> {
        let mut pause = Duration::from_micros(50);
        loop {
            if let Some(status) = self.reaped {
                return Some(status);
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                self.reaped = Some(status);
                self.kill_group();
                kill_orphans();
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(5));
        }
    }

    /// The failure of a child whose output ended or that exited: its exit status
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
        // The stderr thread may still be reading the last of it: wait for the pipe's
        // end (a busy machine can delay that thread well past the exit), but not for
        // long, since a grandchild may hold the pipe open.
        let deadline = Instant::now() + STDERR_END_GRACE;
        while !self.stderr_ended.load(Ordering::SeqCst) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(2));
        }
        death::crash(status, &self.stderr(), fallback, self.memory_limit)
    }

    /// Closes stdin and gives the child `grace` to exit, then kills it.
    pub fn finish(&mut self, grace: Duration) {
        self.stdin = None;
        if self.wait_until(Instant::now() + grace).is_none() {
            self.kill();
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // Closing stdin asks a child to exit; whatever has not, goes.
        if self.reaped.is_none() {
            self.finish(Duration::from_millis(500));
        }
        let id = self.child.id();
        LIVE_CHILDREN
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|&pid| pid != id);
    }
}

/// The stdin thread: writes what it is sent, in order, until the channel or the pipe
/// closes.
fn feed_stdin(mut stdin: ChildStdin) -> Sender<Vec<u8>> {
    let (sender, receiver) = mpsc::channel::<Vec<u8>>();
    let spawned = thread::Builder::new()
        .name("litmus-child-stdin".to_owned())
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
        // No thread: the sender's messages go nowhere, and the child sees no input.
        let (dead, _) = mpsc::channel();
        return dead;
    }
    sender
}

fn read_stdout(mut stdout: impl Read, reading: Reading, events: Sender<Event>) {
    match reading {
        Reading::Frames { magic, max_bytes } => {
            let mut input = io::BufReader::new(stdout);
            if let Some(magic) = magic {
                match skip_to_magic(&mut input, magic, MAX_BANNER_BYTES) {
                    Ok(true) => {}
                    Ok(false) => {
                        let reason = "the child ended before the protocol began".to_owned();
                        let _ = events.send(Event::Closed(Some(reason)));
                        return;
                    }
                    Err(e) => {
                        let _ = events.send(Event::Closed(Some(e.to_string())));
                        return;
                    }
                }
            }
            let closed = loop {
                match read_frame(&mut input, max_bytes) {
                    Ok(Some(frame)) => {
                        if events.send(Event::Frame(frame)).is_err() {
                            return;
                        }
                    }
                    Ok(None) => break None,
                    Err(FrameError::TooLarge(length)) => {
                        let _ = events.send(Event::TooLarge {
                            bytes: length,
                            start: Vec::new(),
                        });
                        return;
                    }
                    Err(error) => break Some(error.to_string()),
                }
            };
            let _ = events.send(Event::Closed(closed));
        }
        Reading::Everything { max_bytes } => {
            let mut all = Vec::new();
            let event = match (&mut stdout)
                .take(max_bytes as u64 + 1)
                .read_to_end(&mut all)
            {
                Ok(_) if all.len() > max_bytes => {
                    // Its real size: the rest counted, not kept (the engine's time limit
                    // ends an output that never ends).
                    let rest = io::copy(&mut stdout, &mut io::sink()).unwrap_or(0);
                    let bytes = all.len() as u64 + rest;
                    all.truncate(crate::limits::OVERSIZED_PREFIX_BYTES);
                    Event::TooLarge { bytes, start: all }
                }
                Ok(_) => Event::All(all),
                Err(e) => Event::Closed(Some(format!("cannot read the output: {e}"))),
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

/// Sends SIGKILL to one process.
fn kill_pid(pid: u32) {
    if let Some(pid) = rustix::process::Pid::from_raw(pid as i32) {
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
    }
}

/// Every process's parent, from `/proc` (Linux): `(pid, ppid)`.
fn process_table() -> Vec<(u32, u32)> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| {
            let name = entry.ok()?.file_name();
            let pid: u32 = name.to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            // `pid (comm) state ppid …`: comm may hold spaces and parentheses.
            let after = &stat[stat.rfind(')')? + 1..];
            let ppid: u32 = after.split_whitespace().nth(1)?.parse().ok()?;
            Some((pid, ppid))
        })
        .collect()
}

/// The processes below `root` in the process tree, wherever they went
/// (their own group or session).
fn descendants_of(root: u32) -> Vec<u32> {
    let table = process_table();
    let mut found = Vec::new();
    let mut frontier = vec![root];
    while let Some(parent) = frontier.pop() {
        for &(pid, ppid) in &table {
            if ppid == parent && !found.contains(&pid) {
                found.push(pid);
                frontier.push(pid);
            }
        }
    }
    found
}

/// The children this process started through [`Process::spawn`] and has not reaped.
static LIVE_CHILDREN: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Makes this process the reaper of its descendants' orphans (Linux's child
/// subreaper): what an engine leaves behind when it dies becomes this process's
/// child, and [`kill_orphans`] ends it. Workers that run external engines call it.
pub fn become_subreaper() {
    if rustix::process::set_child_subreaper(Some(rustix::process::getpid())).is_ok() {
        SUBREAPER.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Whether [`become_subreaper`] made this process a subreaper: only then are its
/// children that no [`Process`] started orphans of engines.
static SUBREAPER: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Kills and reaps this process's children that no [`Process`] started: the orphans
/// of dead engines, re-parented here by [`become_subreaper`].
pub fn kill_orphans() {
    if !SUBREAPER.load(std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    let me = std::process::id();
    let live = LIVE_CHILDREN
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone();
    for (pid, ppid) in process_table() {
        if ppid == me && !live.contains(&pid) {
            for below in descendants_of(pid) {
                kill_pid(below);
            }
            kill_pid(pid);
            if let Some(pid) = rustix::process::Pid::from_raw(pid as i32) {
                let _ = rustix::process::waitpid(Some(pid), rustix::process::WaitOptions::NOHANG);
            }
        }
    }
}

/// Exits this process when its parent goes away (it is re-parented): what a worker
/// runs so that a supervisor killed with SIGKILL leaves no worker behind, even one
/// whose engine is stuck. Its descendants (engines and what they started) are
/// killed first. Checks every 100 ms on a thread of its own.
pub fn exit_when_orphaned() {
    let parent = rustix::process::getppid();
    let _ = thread::Builder::new()
        .name("litmus-orphan-watch".to_owned())
        .spawn(move || loop {
            thread::sleep(Duration::from_millis(100));
            if rustix::process::getppid() != parent {
                for pid in descendants_of(std::process::id()) {
                    kill_pid(pid);
                }
                std::process::exit(3);
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> CommandLine {
        CommandLine::from_words(&["sh".to_owned(), "-c".to_owned(), script.to_owned()]).unwrap()
    }

    #[test]
    fn the_whole_output_is_read_and_the_status_collected() {
        let mut process = Process::spawn(
            &sh("cat; echo err >&2; exit 3"),
            Reading::Everything { max_bytes: 100 },
        )
        .unwrap();
        process.send(b"hello".to_vec());
        process.close_stdin();
        let deadline = Instant::now() + Duration::from_secs(10);
        match process.next_event(deadline) {
            Some(Event::All(bytes)) => assert_eq!(bytes, b"hello"),
            other => panic!("{other:?}"),
        }
        let status = process.wait_until(deadline).unwrap();
        assert_eq!(status.code(), Some(3));
        thread::sleep(Duration::from_millis(20));
        assert!(process.stderr().contains("err"));
    }

    #[test]
    fn a_program_run_to_its_end_answers_or_is_killed_at_its_limit() {
        let finished = run_to_end(&sh("echo 1.2; echo err >&2"), 100, Duration::from_secs(10))
            .unwrap()
            .expect("it ends in time");
        assert_eq!(finished.stdout, b"1.2\n");
        assert!(finished.status.success());
        // Its input is closed: a program that reads it ends.
        let finished = run_to_end(&sh("cat; exit 4"), 100, Duration::from_secs(10))
            .unwrap()
            .expect("it ends in time");
        assert_eq!(finished.status.code(), Some(4));
        let started = Instant::now();
        let late = run_to_end(&sh("sleep 30"), 100, Duration::from_millis(200)).unwrap();
        assert!(late.is_none());
        assert!(started.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn output_over_the_limit_is_refused() {
        let mut process = Process::spawn(
            &sh("head -c 1000 /dev/zero"),
            Reading::Everything { max_bytes: 100 },
        )
        .unwrap();
        process.close_stdin();
        match process.next_event(Instant::now() + Duration::from_secs(10)) {
            Some(Event::TooLarge { bytes, start }) => {
                assert_eq!(bytes, 1000);
                // What was read before the limit was passed: the limit and one byte.
                assert_eq!(start.len(), 101);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_kill_takes_the_group_and_does_not_wait_for_pipes_a_descendant_holds() {
        // The child starts a grandchild in a session of its own that keeps stdout
        // open, then sleeps: the kill must return at once all the same.
        let mut process = Process::spawn(
            &sh("setsid sleep 30 & sleep 30"),
            Reading::Frames {
                magic: None,
                max_bytes: 100,
            },
        )
        .unwrap();
        let started = Instant::now();
        assert!(process
            .next_event(Instant::now() + Duration::from_millis(100))
            .is_none());
        process.kill();
        drop(process);
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}
