//! Signatures of engine failures: crashes, panics, timeouts, unreadable output.

use super::kind::{Failure, Kind};
use super::tree::truncate;
use super::typed::{Part, Signature};
use litmus_engines::case::{signal_name, EngineFailure};
use std::fmt::Write as _;

/// The signature of an engine failure: `crash | ENGINE: …`, `timeout | ENGINE`,
/// `bad-output | ENGINE: …`, `unsupported | ENGINE: …`. Messages are reduced to their
/// first line with numbers and quoted strings abstracted; panic locations keep their
/// line numbers but lose machine-specific directories.
pub fn failure_signature(engine: &str, failure: &EngineFailure) -> Signature {
    let (kind, detail) = match failure {
        EngineFailure::Panic { message, location } => {
            let mut text = "panic".to_owned();
            if let Some(location) = location {
                let _ = write!(text, " at {}", normalize_location(location));
            }
            let _ = write!(text, ": {}", normalize_message(message));
            (Failure::Crash, Some(text))
        }
        EngineFailure::Crash {
            signal,
            exit_code,
            message,
            location,
        } => {
            let mut text = match (signal, exit_code) {
                (Some(signal), _) => signal_name(*signal),
                (None, Some(code)) => format!("exit {code}"),
                (None, None) => "died".to_owned(),
            };
            if let Some(location) = location {
                let _ = write!(text, " at {}", normalize_location(location));
            }
            let message = normalize_message(message);
            if !message.is_empty() {
                let _ = write!(text, ": {message}");
            }
            (Failure::Crash, Some(text))
        }
        EngineFailure::Timeout { .. } => (Failure::Timeout, None),
        EngineFailure::Oversized { what, .. } => (Failure::Oversized, Some(what.to_string())),
        EngineFailure::BadOutput { message } => {
            (Failure::BadOutput, Some(normalize_message(message)))
        }
        EngineFailure::Unsupported { message } => {
            (Failure::Unsupported, Some(normalize_message(message)))
        }
    };
    let part = match &detail {
        Some(detail) => Part::labelled(engine, detail),
        None => Part::plain(engine),
    };
    Signature::new(Kind::Failure(kind), [part])
}

/// The first non-empty line, quoted strings as `"…"` / `'…'`, digit runs as `N`,
/// whitespace collapsed, at most 120 characters.
pub fn normalize_message(message: &str) -> String {
    let line = message
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' | '`' => {
                // A quoted string: its contents are data.
                let close = c;
                out.push(close);
                out.push('…');
                for d in chars.by_ref() {
                    if d == close {
                        break;
                    }
                }
                out.push(close);
            }
            '\'' if out.ends_with(|p: char| !p.is_alphanumeric()) || out.is_empty() => {
                // 'quoted' (but not an apostrophe inside a word).
                let rest: String = chars.clone().collect();
                match rest.find('\'') {
                    Some(end) => {
                        out.push_str("'…'");
                        for _ in 0..rest[..end].chars().count() + 1 {
                            chars.next();
                        }
                    }
                    None => out.push(c),
                }
            }
            c if c.is_ascii_digit() => {
                while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                    chars.next();
                }
                out.push('N');
            }
            c if c.is_whitespace() => {
                while chars.peek().is_some_and(|d| d.is_whitespace()) {
                    chars.next();
                }
                out.push(' ');
            }
            c => out.push(c),
        }
    }
    truncate(out, 120)
}

/// A panic location without the directories that differ between machines, so that
/// a crash's class does not depend on where the engine is installed: the path from a
/// recognisable root on, its line and column kept.
///
/// - after the last `node_modules/`, `site-packages/`, `dist-packages/` or Go's
///   `pkg/mod/`: the package's own path (`parse5/dist/tokenizer/index.js:12:3`,
///   `html5lib/html5parser.py:80`);
/// - a Go import path after `src/` (`golang.org/x/net/html/parse.go:240`);
/// - else from the crate or package directory before the last `/src/` on
///   (`html5ever-0.40.1/src/…:12:5`, `core/src/…`, `differential/src/…`);
/// - else, for an absolute path, the file's name alone (`/home/me/adapter.py:12` is
///   `adapter.py:12`); a relative path as given.
///
/// Backslashes are read as slashes and a `file://` scheme is dropped.
pub fn normalize_location(location: &str) -> String {
    let unified = location.replace('\\', "/");
    let path = unified.strip_prefix("file://").unwrap_or(&unified);
    for root in [
        "/node_modules/",
        "/site-packages/",
        "/dist-packages/",
        "/pkg/mod/",
    ] {
        if let Some(at) = path.rfind(root) {
            return path[at + root.len()..].to_owned();
        }
    }
    if let Some(src) = path.rfind("/src/") {
        let after = &path[src + "/src/".len()..];
        let import_path = after
            .split_once('/')
            .is_some_and(|(first, _)| first.contains('.'));
        if import_path {
            return after.to_owned();
        }
        let crate_start = path[..src].rfind('/').map_or(0, |slash| slash + 1);
        return path[crate_start..].to_owned();
    }
    let drive = path.as_bytes().get(1..3) == Some(b":/".as_slice());
    if path.starts_with('/') || path.starts_with('~') || drive {
        return path.rsplit('/').next().unwrap_or(path).to_owned();
    }
    path.strip_prefix("./").unwrap_or(path).to_owned()
}
