//! The limits that keep every command within the machine, whatever its input, flags
//! or engines do. Each is documented in docs/limits.md.
//!
//! Readers enforce theirs while they read ([`read_bounded`], [`read_file`]): a
//! device, a pipe that never ends or a huge file stops at the limit, not after.

use std::fmt;
use std::io::{self, Read};
use std::path::Path;
use std::time::Duration;

/// The largest input `parse`, `diff` and `minimize` read (a file or standard input):
/// 256 MiB.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;
/// The largest data file litmus reads (a known-differences file, an archived finding,
/// a fuzzer artifact, a test file): 64 MiB.
pub const MAX_DATA_FILE_BYTES: u64 = 64 << 20;
/// The largest output an engine may give for one request, per output (its tree dump,
/// its serialization): 16 MiB. A larger one is a finding of its own
/// ([`crate::case::EngineFailure::Oversized`]), kept truncated with its real size.
pub const MAX_OUTPUT_BYTES: usize = 16 << 20;
/// How much of an oversized output is kept: 64 KiB.
pub const OVERSIZED_PREFIX_BYTES: usize = 64 << 10;
/// The largest tree dump `litmus parse` prints: 256 MiB. A dump's indentation grows
/// with the square of the depth (a million nested elements need terabytes), so a
/// larger one is refused with a hint to print the serialization instead.
pub const MAX_TREE_DUMP_BYTES: u64 = 256 << 20;
/// Jobs per core `litmus run` takes at most (each is a worker process): 8.
pub const MAX_JOBS_PER_CORE: usize = 8;
/// What a failed start of an external engine shows of its stderr: its last 8 KiB
/// (the cause of a start failure, such as a missing package, is rarely its last line).
pub const MAX_START_STDERR_BYTES: usize = 8 << 10;
/// The longest campaign (`--time`): a year.
pub const MAX_CAMPAIGN_TIME: Duration = Duration::from_secs(366 * 24 * 3600);
/// The longest time limit of one parse (`--timeout`): an hour.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(3600);
/// The largest generated case (`--max-bytes`): 16 MiB.
pub const MAX_CASE_BYTES: usize = 16 << 20;

/// The per-request time limit of a parse on a worker, unless told otherwise
/// (`--timeout`): 10 s.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a new worker has to say hello: 30 s.
pub const WORKER_STARTUP_TIMEOUT: Duration = Duration::from_secs(30);
/// How long a (re)started persistent external program has to answer its warm-up
/// request, and a one-shot program its probe: 20 s.
pub const ENGINE_STARTUP_TIMEOUT: Duration = Duration::from_secs(20);
/// What a worker hosting an external engine gets beyond the engine's own restart,
/// warm-up and two answers, so that the engine's limit fires first: 10 s.
pub const ENGINE_WORKER_MARGIN: Duration = Duration::from_secs(10);
/// A worker's address-space limit unless told otherwise, and an external engine's
/// program's (`--engine-memory-limit`): 4 GiB.
pub const DEFAULT_MEMORY_LIMIT_BYTES: u64 = 4 << 30;
/// What a case worker gets beyond its slowest parse before its supervisor gives up on
/// it (it reports its own hangs; this is the backstop for one that stops talking): 30 s.
pub const CASE_WORKER_MARGIN: Duration = Duration::from_secs(30);
/// What a minimization in a case worker gets beyond its budget and two parses: 10 s.
pub const MINIMIZE_MARGIN: Duration = Duration::from_secs(10);
/// The longest a minimization bounded in steps alone (a campaign's, so that it ends
/// the same way on every run) may take in a case worker before its supervisor gives
/// up on it and minimizes through engine workers instead: 10 min, a backstop that a
/// minimization of 20,000 steps does not reach.
pub const MINIMIZE_BACKSTOP: Duration = Duration::from_secs(600);
/// How long an engine's `--version` has to answer (a browser adapter's starts no
/// browser): 10 s.
pub const VERSION_PROBE_TIMEOUT: Duration = Duration::from_secs(10);
/// The most of a `--version` answer read: 64 KiB.
pub const MAX_VERSION_BYTES: usize = 64 << 10;

/// A read that went past its limit, or failed.
#[derive(Debug)]
pub enum ReadError {
    TooLarge { limit: u64 },
    Io(io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::TooLarge { limit } => {
                write!(f, "over the limit of {limit} bytes ({})", human(*limit))
            }
            ReadError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReadError {}

impl ReadError {
    /// The kind of I/O error it is (a file over its limit is `FileTooLarge`).
    pub fn kind(&self) -> io::ErrorKind {
        match self {
            ReadError::TooLarge { .. } => io::ErrorKind::FileTooLarge,
            ReadError::Io(e) => e.kind(),
        }
    }
}

/// `256 MiB`.
pub fn human(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// Reads all of `reader`, stopping with [`ReadError::TooLarge`] as soon as it holds
/// more than `limit` bytes.
pub fn read_bounded(reader: impl Read, limit: u64) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(bytes)
}

/// Reads a file (a device or a pipe too) of at most `limit` bytes.
pub fn read_file(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    read_bounded(file, limit)
}

/// [`read_file`] as UTF-8 text.
pub fn read_text_file(path: &Path, limit: u64) -> Result<String, ReadError> {
    let bytes = read_file(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        ReadError::Io(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 (invalid byte sequence at byte {})",
                e.utf8_error().valid_up_to()
            ),
        ))
    })
}

/// The most jobs `litmus run` takes on this machine.
pub fn max_jobs() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (cores * MAX_JOBS_PER_CORE).min(512)
}

/// `--timeout`: a duration above zero and at most [`MAX_TIMEOUT`].
pub fn parse_timeout(text: &str) -> Result<Duration, String> {
    let duration = humantime::parse_duration(text).map_err(|e| e.to_string())?;
    if duration.is_zero() {
        return Err("a time limit of zero would make every parse a timeout".to_owned());
    }
    if duration > MAX_TIMEOUT {
        return Err(format!(
            "at most {} (an hour)",
            humantime::format_duration(MAX_TIMEOUT)
        ));
    }
    Ok(duration)
}

/// `--time`: a duration above zero and at most [`MAX_CAMPAIGN_TIME`].
pub fn parse_campaign_time(text: &str) -> Result<Duration, String> {
    let duration = humantime::parse_duration(text).map_err(|e| e.to_string())?;
    if duration.is_zero() {
        return Err("a campaign of no time runs no case".to_owned());
    }
    if duration > MAX_CAMPAIGN_TIME {
        return Err("at most a year (366 days)".to_owned());
    }
    Ok(duration)
}

/// `--jobs`: from 1 to [`max_jobs`].
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    let jobs: usize = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of jobs"))?;
    let most = max_jobs();
    if jobs == 0 || jobs > most {
        return Err(format!(
            "from 1 to {most} ({MAX_JOBS_PER_CORE} per core on this machine)"
        ));
    }
    Ok(jobs)
}

/// `--max-bytes`: from 1 to [`MAX_CASE_BYTES`].
pub fn parse_case_bytes(text: &str) -> Result<usize, String> {
    let bytes: usize = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of bytes"))?;
    if bytes == 0 || bytes > MAX_CASE_BYTES {
        return Err(format!(
            "from 1 to {MAX_CASE_BYTES} ({})",
            human(MAX_CASE_BYTES as u64)
        ));
    }
    Ok(bytes)
}

/// An address-space limit in bytes, or `None` for none (`--engine-memory-limit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryLimit(pub Option<u64>);

/// `--engine-memory-limit`: `none`, or a size from 64 MiB to 1 PiB in bytes or with a
/// unit (`512MiB`, `4GiB`, `1TiB`; `M`, `G`, `T` alike).
pub fn parse_memory_limit(text: &str) -> Result<MemoryLimit, String> {
    if text == "none" {
        return Ok(MemoryLimit(None));
    }
    let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let shift = match &text[digits.len()..] {
        "" => 0,
        "K" | "KiB" => 10,
        "M" | "MiB" => 20,
        "G" | "GiB" => 30,
        "T" | "TiB" => 40,
        unit => {
            return Err(format!(
                "unknown unit {unit:?}: write 512MiB, 4GiB, 1TiB or none"
            ))
        }
    };
    let number: u64 = digits
        .parse()
        .map_err(|_| format!("{text:?} is not a size: write 512MiB, 4GiB, 1TiB or none"))?;
    let bytes = number
        .checked_mul(1 << shift)
        .filter(|b| (64 << 20..=1 << 50).contains(b))
        .ok_or_else(|| format!("{text}: from 64 MiB to 1 PiB, or none"))?;
    Ok(MemoryLimit(Some(bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_stops_at_its_limit() {
        // An endless reader: the read must stop past the limit, not run forever.
        let endless = io::repeat(0);
        match read_bounded(endless, 1000) {
            Err(ReadError::TooLarge { limit }) => assert_eq!(limit, 1000),
            other => panic!("{other:?}"),
        }
        assert_eq!(read_bounded(&b"abc"[..], 3).unwrap(), b"abc");
        assert!(matches!(
            read_bounded(&b"abcd"[..], 3),
            Err(ReadError::TooLarge { .. })
        ));
        assert_eq!(
            ReadError::TooLarge { limit: 256 << 20 }.to_string(),
            "over the limit of 268435456 bytes (256 MiB)"
        );
    }

    #[test]
    fn memory_limits_are_sizes_or_none() {
        let limit = |text| parse_memory_limit(text).map(|l| l.0);
        assert_eq!(limit("4GiB"), Ok(Some(4 << 30)));
        assert_eq!(limit("512M"), Ok(Some(512 << 20)));
        assert_eq!(limit("1TiB"), Ok(Some(1 << 40)));
        assert_eq!(limit("67108864"), Ok(Some(64 << 20)));
        assert_eq!(limit("none"), Ok(None));
        for bad in [
            "",
            "4 GiB",
            "4GB",
            "1MiB",
            "2PiB",
            "-1G",
            "99999999999999999999T",
        ] {
            assert!(parse_memory_limit(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn flags_near_the_ends_of_their_types_are_refused() {
        assert!(parse_timeout("0s").is_err());
        assert!(parse_timeout("18446744073709551615s").is_err());
        assert_eq!(parse_timeout("2s"), Ok(Duration::from_secs(2)));
        assert!(parse_campaign_time("0s").is_err());
        assert!(parse_campaign_time("18446744073709551615s").is_err());
        assert!(parse_jobs("0").is_err());
        assert!(parse_jobs("100000").is_err());
        assert_eq!(parse_jobs("1"), Ok(1));
        assert!(parse_case_bytes("18446744073709551615").is_err());
        assert!(parse_case_bytes("0").is_err());
    }
}
