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

/// A panic location without the directories that differ between machines: from the
/// crate directory before the last `/src/` on (`html5ever-0.40.1/src/…:12:5`,
/// `core/src/…`), or as given when it is already relative.
pub fn normalize_location(location: &str) -> String {
    match location.rfind("/src/") {
        Some(src) => {
            let crate_start = location[..src].rfind('/').map_or(0, |slash| slash + 1);
            location[crate_start..].to_owned()
        }
        None => location.to_owned(),
    }
}
