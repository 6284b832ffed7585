//! What an external engine is: its command line, its name, how it is spoken to.
//!
//! On the command line an external engine is `cmd:COMMAND` (`--engine
//! cmd:'node examples/engines/parse5.mjs'`), with the `--engine-mode`,
//! `--engine-name`, `--engine-serializes` and `--engine-version` flags for the rest.
//! Between a supervisor and its worker it travels as one argument, `cmd:` followed by
//! the whole [`ExternalSpec`] as JSON ([`ExternalSpec::to_engine_text`]).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;
use std::time::Duration;

/// What starts an engine name that is an external program.
pub const PREFIX: &str = "cmd:";

/// How litmus talks to the program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExternalMode {
    /// One process per parse: options as arguments, input on stdin, the dump on stdout.
    OneShot,
    /// One process for many parses: framed JSON requests and replies.
    #[default]
    Persistent,
}

impl ExternalMode {
    /// `oneshot` or `persistent`, as `--engine-mode` spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            ExternalMode::OneShot => "oneshot",
            ExternalMode::Persistent => "persistent",
        }
    }
}

impl fmt::Display for ExternalMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An external engine: a program and how to run it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExternalSpec {
    /// The command line as the user wrote it, split into words by
    /// [`split_command_line`].
    pub command: String,
    /// The engine's name in signatures, reports and known-differences.toml.
    pub name: String,
    pub mode: ExternalMode,
    /// One-shot only: the program also prints its serialization when run with
    /// `--output html`. (A persistent program answers `html` in every reply, or
    /// `null`.)
    #[serde(default)]
    pub serializes: bool,
    /// The time limit of one answer, in milliseconds.
    pub timeout_ms: u64,
    /// What reports record as the engine's version; by default the command line and
    /// the mode.
    #[serde(default)]
    pub version: Option<String>,
    /// The program's address-space limit (`RLIMIT_AS`) in bytes, 4 GiB unless
    /// `--engine-memory-limit` says otherwise; `None` for none of litmus's (the
    /// browsers, which reserve far more address space than they use).
    #[serde(default = "default_memory_limit")]
    pub memory_limit_bytes: Option<u64>,
}

/// An external program's memory limit unless told otherwise: 4 GiB of address space,
/// as a built-in engine's worker has.
pub const DEFAULT_MEMORY_LIMIT_BYTES: u64 = crate::limits::DEFAULT_MEMORY_LIMIT_BYTES;

fn default_memory_limit() -> Option<u64> {
    Some(DEFAULT_MEMORY_LIMIT_BYTES)
}

impl ExternalSpec {
    /// A persistent engine with the default name ([`default_name`]) and the worker's
    /// default time limit. `Err` for a command line that cannot be split or is empty.
    pub fn new(command: &str) -> Result<ExternalSpec, String> {
        let words = split_command_line(command)?;
        let name = default_name(&words);
        Ok(ExternalSpec {
            command: command.to_owned(),
            name,
            mode: ExternalMode::Persistent,
            serializes: false,
            timeout_ms: duration_millis(crate::limits::DEFAULT_TIMEOUT),
            version: None,
            memory_limit_bytes: default_memory_limit(),
        })
    }

    /// Reads an engine text: `cmd:COMMAND` (defaults for the rest) or `cmd:{JSON}`
    /// (a whole spec, as [`ExternalSpec::to_engine_text`] writes it). `None` if the
    /// text does not start with `cmd:`.
    pub fn from_engine_text(text: &str) -> Option<Result<ExternalSpec, String>> {
        let rest = text.strip_prefix(PREFIX)?;
        if rest.trim_start().starts_with('{') {
            let spec = serde_json::from_str::<ExternalSpec>(rest)
                .map_err(|e| format!("bad external engine description: {e}"))
                .and_then(|spec| spec.validated());
            return Some(spec);
        }
        Some(ExternalSpec::new(rest))
    }

    /// `cmd:` and the spec as JSON: what a worker is given as its `--engine`.
    pub fn to_engine_text(&self) -> String {
        format!(
            "{PREFIX}{}",
            serde_json::to_string(self).unwrap_or_default()
        )
    }

    /// The command line's words (checked when the spec was made).
    pub fn words(&self) -> Vec<String> {
        split_command_line(&self.command).unwrap_or_default()
    }

    /// The time limit of one answer.
    pub fn timeout(&self) -> Duration {
        Duration::from_millis(self.timeout_ms)
    }

    /// Sets the time limit of one answer.
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout_ms = duration_millis(timeout).max(1);
    }

    /// Sets the name, checked by [`check_name`].
    pub fn set_name(&mut self, name: &str) -> Result<(), String> {
        check_name(name)?;
        self.name = name.to_owned();
        Ok(())
    }

    /// What reports record: the `version` given, or `cmd: COMMAND (mode)`.
    pub fn version_text(&self) -> String {
        match &self.version {
            Some(version) => version.clone(),
            None => format!("{PREFIX} {} ({})", self.command, self.mode),
        }
    }

    fn validated(self) -> Result<ExternalSpec, String> {
        split_command_line(&self.command)?;
        check_name(&self.name)?;
        Ok(self)
    }
}

fn duration_millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// Splits a command line into words as a POSIX shell would, without running one:
/// words are separated by blanks; `'…'` keeps everything literally; `"…"` keeps
/// everything but `\"`, `\\`, `` \` `` and `\$`, which lose their backslash; outside
/// quotes a backslash keeps the next character. No variables, globs, pipes or
/// redirections: `$`, `*`, `|` and `>` are ordinary characters.
pub fn split_command_line(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if let Some(done) = word.take() {
                    words.push(done);
                }
            }
            '\'' => {
                let current = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => current.push(c),
                        None => return Err(format!("unterminated ' in {line:?}")),
                    }
                }
            }
            '"' => {
                let current = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '`' | '$')) => current.push(c),
                            Some('\n') => {}
                            Some(c) => {
                                current.push('\\');
                                current.push(c);
                            }
                            None => return Err(format!("unterminated \" in {line:?}")),
                        },
                        Some(c) => current.push(c),
                        None => return Err(format!("unterminated \" in {line:?}")),
                    }
                }
            }
            '\\' => match chars.next() {
                Some('\n') => {}
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err(format!("a backslash ends {line:?}")),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(done) = word {
        words.push(done);
    }
    if words.is_empty() {
        return Err("an empty command: write cmd:PROGRAM [ARGUMENTS…]".to_owned());
    }
    Ok(words)
}

/// Programs that run a script named by their first argument that is not an option:
/// the engine is named after the script.
const INTERPRETERS: [&str; 16] = [
    "node", "nodejs", "deno", "bun", "python", "python3", "pypy", "pypy3", "ruby", "perl", "php",
    "sh", "bash", "dash", "zsh", "java",
];

/// The default name of a command's engine when its program says no name in a hello
/// (a one-shot or version-1 program): the file stem of the program, or of the script
/// an interpreter runs (`node examples/engines/parse5.mjs` → `parse5`,
/// `.venv/bin/python3 adapter.py` → `adapter`, `./my-parser --fast` → `my-parser`;
/// after `env` and its `NAME=VALUE` words, the command it runs),
/// with characters other than ASCII letters, digits, `.`, `_` and `-` replaced by
/// `-`. A name that the registry already uses gets `-cmd` appended (`litmus parse`
/// → `litmus-cmd`), so that the two sides of a comparison never share a name.
pub fn default_name(words: &[String]) -> String {
    let words = without_launcher(words);
    let stem = |word: &str| {
        Path::new(word)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let program = words.first().map(|w| stem(w)).unwrap_or_default();
    let interpreter = program.to_ascii_lowercase();
    let interpreter = interpreter.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let is_interpreter = INTERPRETERS
        .iter()
        .any(|&known| known == program || known == interpreter);
    let script = if is_interpreter {
        words[1..]
            .iter()
            .find(|w| !w.starts_with('-') && !w.is_empty())
            .map(|w| stem(w))
    } else {
        None
    };
    let raw = script.unwrap_or(program);
    a_name_of(&raw).unwrap_or_else(|| "external".to_owned())
}

/// The command `env` runs, if it is `env` (`env PYTHONPATH=lib python3 adapter.py` runs
/// `python3 adapter.py`): its options and `NAME=VALUE` words left out. Any other
/// command as it is.
fn without_launcher(words: &[String]) -> &[String] {
    let is_env = words
        .first()
        .is_some_and(|w| Path::new(w).file_name().is_some_and(|f| f == "env"));
    if !is_env {
        return words;
    }
    let run = words[1..]
        .iter()
        .position(|w| !w.starts_with('-') && !w.contains('='))
        .map_or(words.len(), |at| at + 1);
    if run == words.len() {
        return words;
    }
    &words[run..]
}

/// The name of an engine whose hello calls it `said` (`{"engine": "html5lib"}` →
/// `html5lib`), made a name as [`default_name`] makes one: characters other than
/// ASCII letters, digits, `.`, `_` and `-` replaced by `-`, `-cmd` appended to a
/// built-in engine's name (`litmus serve` says `litmus`: `litmus-cmd`). `None` when
/// the hello says nothing that can be a name (empty, or blanks and a leading `-`
/// alone).
pub fn name_from_hello(said: &str) -> Option<String> {
    a_name_of(said.trim())
}

/// `raw` made a name an external engine may have ([`check_name`]), or `None` when
/// nothing of it is left.
fn a_name_of(raw: &str) -> Option<String> {
    let mut name: String = raw
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '-'
            }
        })
        .collect();
    let kept = name.trim_start_matches('-').len();
    name.replace_range(..name.len() - kept, "");
    if name.is_empty() {
        return None;
    }
    if super::super::names::ENGINE_NAMES.contains(&name.as_str()) {
        name.push_str("-cmd");
    }
    Some(name)
}

/// A name an external engine may have: ASCII letters, digits, `.`, `_` and `-`, not
/// starting with `-`, not a registry name.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty()
        || name.starts_with('-')
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
    {
        return Err(format!(
            "bad engine name {name:?}: use ASCII letters, digits, '.', '_' and '-'"
        ));
    }
    if super::super::names::ENGINE_NAMES.contains(&name) {
        return Err(format!(
            "the engine name {name:?} is taken by a built-in engine; choose another"
        ));
    }
    Ok(())
}
