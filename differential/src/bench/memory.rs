//! Peak memory: one engine, one input, in a child process of its own.
//!
//! The parent writes the input to a temporary file and runs
//! `litmus bench --peak-memory-child ENGINE FILE`. The child reads the file, notes its
//! high-water mark of resident memory (`VmHWM` in `/proc/self/status`), parses once,
//! notes it again and prints both (in KiB). The parse's peak is the difference: what
//! parsing added above the process with its input loaded. A child that runs past its
//! time limit is killed and reported as a timeout.

use super::runner::Engine;
use litmus_engines::process::{run_to_end, AddressSpace, CommandLine};
use litmus_text::outln;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

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
    let input =
        litmus_engines::limits::read_text_file(file, litmus_engines::limits::MAX_INPUT_BYTES)
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
    // block a vector grew out of. An empty `GLIBC_TUNABLES` sets none.
    let command = CommandLine {
        program: exe,
        args: vec![
            "bench".into(),
            CHILD_FLAG.into(),
            engine.name().into(),
            file.path().as_os_str().to_owned(),
        ],
        env: vec![("GLIBC_TUNABLES".into(), "".into())],
        die_with_thread: false,
        address_space: AddressSpace::Inherited,
    };
    let finished = match run_to_end(&command, litmus_engines::limits::MAX_OUTPUT_BYTES, limit) {
        Ok(Some(finished)) => finished,
        Ok(None) => return Peak::Timeout,
        Err(e) => return Peak::Unavailable(e.to_string()),
    };
    let out = String::from_utf8_lossy(&finished.stdout);
    let numbers: Vec<u64> = out
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    match numbers[..] {
        [before, after] => Peak::Kib(after.saturating_sub(before)),
        _ => Peak::Unavailable(format!("child said {out:?} {:?}", finished.stderr)),
    }
}
