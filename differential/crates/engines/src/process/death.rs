//! What a dead child's stderr says about its death: the message and place of a Rust
//! panic, a stack overflow, a failed allocation, an uncaught JavaScript, Python or
//! Java exception, or else its last line.

use crate::case::EngineFailure;
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;

/// A crash from an exit status and stderr; `fallback` describes it when stderr says
/// nothing. A program that litmus ran under an address-space limit (`memory_limit`)
/// and whose stderr says memory ran out ([`out_of_memory_line`]) is described by that
/// line and the limit, so the finding names it.
pub fn crash(
    status: Option<ExitStatus>,
    stderr: &str,
    fallback: &str,
    memory_limit: Option<u64>,
) -> EngineFailure {
    let (mut message, mut location) = describe_failure(stderr);
    if let Some(limit) = memory_limit {
        if let Some(line) = out_of_memory_line(stderr) {
            message = format!(
                "{line} (out of memory under the engine's address-space limit of {})",
                crate::limits::human(limit)
            );
            location = None;
        }
    }
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

/// What the runtimes print when an allocation fails: Rust, Python, C++, V8 (Node.js),
/// Go, and the C library's `ENOMEM`.
const OUT_OF_MEMORY: [&str; 7] = [
    "memory allocation of",
    "MemoryError",
    "std::bad_alloc",
    "out of memory",
    "Allocation failed",
    "Cannot allocate memory",
    "cannot allocate memory",
];

/// The last line of `stderr` that says memory ran out, trimmed to 300 characters.
pub fn out_of_memory_line(stderr: &str) -> Option<String> {
    stderr
        .lines()
        .rev()
        .find(|line| OUT_OF_MEMORY.iter().any(|words| line.contains(words)))
        .map(|line| line.trim().chars().take(300).collect())
}

/// What a dead Rust program's stderr (a worker's) says about its death: a message and, for a panic, its
/// location.
pub fn describe_death(stderr: &str) -> (String, Option<String>) {
    if stderr.contains("has overflowed its stack") {
        return ("stack overflow".to_owned(), None);
    }
    if let Some(line) = stderr
        .lines()
        .rev()
        .find(|l| l.contains("memory allocation of"))
    {
        return (line.trim().to_owned(), None);
    }
    if let Some(at) = stderr.rfind("panicked at ") {
        // `thread 'NAME' panicked at FILE:LINE:COLUMN:\nMESSAGE`
        let rest = &stderr[at + "panicked at ".len()..];
        let (first, after) = rest.split_once('\n').unwrap_or((rest, ""));
        let location = first.trim_end().trim_end_matches(':').to_owned();
        let message = after.lines().next().unwrap_or("").trim().to_owned();
        return (message, Some(location));
    }
    if let Some(line) = stderr
        .lines()
        .rev()
        .find(|l| l.contains("fatal runtime error: "))
    {
        let message = line
            .split_once("fatal runtime error: ")
            .map_or(line, |(_, m)| m);
        return (message.trim().to_owned(), None);
    }
    let last = stderr.lines().rev().map(str::trim).find(|l| !l.is_empty());
    (last.unwrap_or("").chars().take(300).collect(), None)
}

/// What a dead (or failing one-shot) program's stderr says: the message of an
/// uncaught JavaScript, Python or Java exception (`TypeError: …`) and where it was
/// raised (`index.js:12:5`, `adapter.py:40`), else what a Rust program's stderr says
/// ([`describe_death`]: a panic, a stack overflow, or the last line).
pub fn describe_failure(stderr: &str) -> (String, Option<String>) {
    let lines: Vec<&str> = stderr.lines().collect();
    let exception = lines.iter().rposition(|line| {
        let line = line.trim_start();
        let head = line.split(':').next().unwrap_or("");
        // Node.js writes a system error's code after its name: `Error [ERR_…]: …`.
        let head = match head.split_once(" [") {
            Some((name, code)) if code.ends_with(']') && !code.contains(' ') => name,
            _ => head,
        };
        line.contains(':')
            && !head.contains(' ')
            && (head.ends_with("Error") || head.ends_with("Exception"))
    });
    let Some(at) = exception else {
        return describe_death(stderr);
    };
    let message = lines[at].trim().to_owned();
    // JavaScript: the first `at …` line after the message. Python: the last
    // `File "…", line N` before it.
    let javascript = lines[at + 1..]
        .iter()
        .map(|l| l.trim())
        .find(|l| l.starts_with("at "))
        .map(|frame| {
            let place = match (frame.rfind('('), frame.ends_with(')')) {
                (Some(open), true) => &frame[open + 1..frame.len() - 1],
                _ => &frame[3..],
            };
            short_place(place)
        });
    let python = || {
        lines[..at].iter().rev().find_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix("File \"")?;
            let (file, after) = rest.split_once('"')?;
            let line_number = after.trim_start_matches(", line ").split(',').next()?;
            Some(format!("{}:{}", short_place(file), line_number.trim()))
        })
    };
    (message, javascript.or_else(python))
}

/// A source place without its folders: `file:///a/b/index.js:1:2` → `index.js:1:2`.
fn short_place(place: &str) -> String {
    place.rsplit('/').next().unwrap_or(place).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_system_error_is_its_message_not_the_last_line() {
        let stderr = "node:internal/modules/esm/resolve:873\n  throw new ERR_MODULE_NOT_FOUND(packageName, fileURLToPath(base), null);\n        ^\n\nError [ERR_MODULE_NOT_FOUND]: Cannot find package 'parse5' imported from /x/parse5.mjs\n    at packageResolve (node:internal/modules/esm/resolve:873:9)\n\nNode.js v20.20.2\n";
        let (message, _) = describe_failure(stderr);
        assert_eq!(
            message,
            "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'parse5' imported from /x/parse5.mjs"
        );
    }

    #[test]
    fn running_out_of_memory_under_a_limit_names_the_limit() {
        let python = "Traceback (most recent call last):\n  File \"/a/eat.py\", line 3, in <module>\n    bytearray(5 << 30)\nMemoryError\n";
        let node = "<--- Last few GCs --->\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n 1: 0xb7c0a0 node::Abort() [node]\n 2: 0xa8d3e4  [node]\n";
        for (stderr, line) in [
            (python, "MemoryError"),
            (
                node,
                "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
            ),
            (
                "memory allocation of 5368709120 bytes failed\n",
                "memory allocation of 5368709120 bytes failed",
            ),
        ] {
            let EngineFailure::Crash {
                message, location, ..
            } = crash(None, stderr, "?", Some(4 << 30))
            else {
                panic!("a crash")
            };
            assert_eq!(
                message,
                format!("{line} (out of memory under the engine's address-space limit of 4 GiB)")
            );
            assert_eq!(location, None);
        }
        // Without a limit of litmus's, or without a word of memory, as before.
        let EngineFailure::Crash { message, .. } = crash(None, python, "?", None) else {
            panic!("a crash")
        };
        assert_eq!(message, "MemoryError");
        let EngineFailure::Crash { message, .. } =
            crash(None, "ValueError: boom\n", "?", Some(4 << 30))
        else {
            panic!("a crash")
        };
        assert_eq!(message, "ValueError: boom");
    }

    #[test]
    fn deaths_are_described_from_stderr() {
        assert_eq!(
            describe_death(
                "\nthread 'litmus-engine' has overflowed its stack\nfatal runtime error: stack overflow\n"
            ),
            ("stack overflow".to_owned(), None)
        );
        assert_eq!(
            describe_death("memory allocation of 16777216 bytes failed\n"),
            (
                "memory allocation of 16777216 bytes failed".to_owned(),
                None
            )
        );
        assert_eq!(
            describe_death(
                "thread 'main' panicked at src/tree_builder/mod.rs:12:5:\nindex out of bounds\nnote: run with `RUST_BACKTRACE=1`\n"
            ),
            (
                "index out of bounds".to_owned(),
                Some("src/tree_builder/mod.rs:12:5".to_owned())
            )
        );
        assert_eq!(describe_death(""), (String::new(), None));
        assert_eq!(
            describe_death("some noise\nSegmentation fault\n\n"),
            ("Segmentation fault".to_owned(), None)
        );
    }

    #[test]
    fn stderr_of_dead_programs_is_described() {
        let node = "file:///x/a.mjs:3\n  throw new TypeError('bad');\n  ^\n\nTypeError: Cannot read properties of undefined (reading 'x')\n    at dump (file:///work/examples/engines/parse5.mjs:61:20)\n    at run (file:///work/examples/engines/parse5.mjs:99:5)\n\nNode.js v20.20.2\n";
        assert_eq!(
            describe_failure(node),
            (
                "TypeError: Cannot read properties of undefined (reading 'x')".to_owned(),
                Some("parse5.mjs:61:20".to_owned())
            )
        );
        let python = "Traceback (most recent call last):\n  File \"/a/adapter.py\", line 40, in <module>\n    main()\n  File \"/a/adapter.py\", line 12, in main\n    raise ValueError(\"boom\")\nValueError: boom\n";
        assert_eq!(
            describe_failure(python),
            (
                "ValueError: boom".to_owned(),
                Some("adapter.py:12".to_owned())
            )
        );
        let rust = "thread 'main' panicked at src/lib.rs:3:5:\nindex out of bounds\n";
        assert_eq!(
            describe_failure(rust),
            (
                "index out of bounds".to_owned(),
                Some("src/lib.rs:3:5".to_owned())
            )
        );
        assert_eq!(
            describe_failure("Segmentation fault\n").0,
            "Segmentation fault"
        );
    }
}
