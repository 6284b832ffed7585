//! Peak memory: one engine, one input, in a child process of its own.
//!
//! The parent writes the input to a temporary file and runs
//! `litmus bench --peak-memory-child ENGINE FILE`. The child reads the file, notes its
//! high-water mark of resident memory (`VmHWM` in `/proc/self/status`), parses once,
//! notes it again and prints both (in KiB). The parse's peak is the difference: what
//! parsing added above the process with its input loaded. A child that runs past its
//! time limit is killed and reported as a timeout.

use super::runner::Engine;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The hidden flag of `litmus bench` that makes a process a memory child.
pub const CHILD_FLAG: &str = "--peak-memory-child";

/// What a memory measurement found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Peak {
    /// The parse raised the high-water mark by this many KiB.
    Kib(u64),
    /// The child ran past its limit and was killed.
    Timeout,
    /// Not measured, and why.
    Unavailable(String),
}

impl Peak {
    /// For tables: `12.3 MiB`, `timeout`, `—`.
    pub fn display(&self) -> String {
        match self {
            Peak::Kib(kib) if *kib >= 1024 => format!("{:.1} MiB", *kib as f64 / 1024.0),
            Peak::Kib(kib) => format!("{kib} KiB"),
            Peak::Timeout => "timeout".into(),
            Peak::Unavailable(_) => "—".into(),
        }
    }
}

/// The process's resident-memory high-water mark in KiB (`VmHWM`), on Linux.
pub fn high_water_mark_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The child's side: parse the file once with `engine`, print "before after" KiB.
pub fn child_main(engine: &str, file: &Path) -> Result<(), String> {
    let engine = Engine::from_name(engine).ok_or_else(|| format!("unknown engine {engine}"))?;
    let input = crate::limits::read_text_file(file, crate::limits::MAX_INPUT_BYTES)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    let before = high_water_mark_kib().ok_or("no /proc/self/status VmHWM")?;
    engine.parse(&input, true);
    let after = high_water_mark_kib().ok_or("no /proc/self/status VmHWM")?;
    outln!("{before} {after}");
    Ok(())
}

/// Measures `engine`'s peak on `input` in a child process, killed after `limit`.
pub fn measure_peak(engine: Engine, input: &str, limit: Duration) -> Peak {
    if high_water_mark_kib().is_none() {
        return Peak::Unavailable("no /proc/self/status".into());
    }
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => return Peak::Unavailable(e.to_string()),
    };
    let mut file = match tempfile::NamedTempFile::new() {
        Ok(f) => f,
        Err(e) => return Peak::Unavailable(e.to_string()),
    };
    if let Err(e) = file.write_all(input.as_bytes()).and_then(|()| file.flush()) {
        return Peak::Unavailable(e.to_string());
    }
    // Peak memory with the C allocator's defaults: the timing runs keep large blocks in
    // the heap (see `cli::bench_cmd::ALLOCATOR_TUNABLES`), which would count every
    // block a vector grew out of.
    let child = Command::new(exe)
        .arg("bench")
        .arg(CHILD_FLAG)
        .arg(engine.name())
        .arg(file.path())
        .env_remove("GLIBC_TUNABLES")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return Peak::Unavailable(e.to_string()),
    };
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() > limit => {
                // Our own child, by its handle.
                let _ = child.kill();
                let _ = child.wait();
                return Peak::Timeout;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Peak::Unavailable(e.to_string()),
        }
    }
    let mut out = String::new();
    if let Some(mut stdout) = child.stdout.take() {
        let _ = stdout.read_to_string(&mut out);
    }
    let numbers: Vec<u64> = out
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    match numbers[..] {
        [before, after] => Peak::Kib(after.saturating_sub(before)),
        _ => {
            let mut err = String::new();
            if let Some(mut stderr) = child.stderr.take() {
                let _ = stderr.read_to_string(&mut err);
            }
            Peak::Unavailable(format!("child said {out:?} {err:?}"))
        }
    }
}
