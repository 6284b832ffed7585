//! `--engine NAME|cmd:COMMAND` and the flags of external engines, shared by `run`,
//! `diff`, `minimize`, `corpus check` and `conformance`.

use super::error::CliError;
use clap::{Args, ValueEnum};
use litmus_campaign::campaign::EngineChoice;
use litmus_engines::engine::browsers::{Browser, BROWSERS};
use litmus_engines::engine::{engine_by_name, ExternalMode, ExternalSpec};

/// How an external (`cmd:`) engine is run and named.
#[derive(Args, Clone, Debug, Default)]
pub struct ExternalEngineArgs {
    /// For a `cmd:` engine: `persistent` (the default: one process answers framed
    /// JSON requests) or `oneshot` (one process per parse).
    #[arg(long, value_enum, value_name = "MODE")]
    pub engine_mode: Option<ModeArg>,
    /// For a `cmd:` engine: its name in signatures, reports and
    /// known-differences.toml. Default: the program's file stem, or the script's for
    /// an interpreter (`node examples/engines/parse5.mjs` is `parse5`).
    #[arg(long, value_name = "NAME")]
    pub engine_name: Option<String>,
    /// For a one-shot `cmd:` engine: it prints its serialization when run with
    /// `--output html`, so serializations and round trips are compared too.
    #[arg(long)]
    pub engine_serializes: bool,
    /// For a `cmd:` engine: the version text reports record (default: the command line
    /// and mode).
    #[arg(long, value_name = "TEXT")]
    pub engine_version: Option<String>,
    /// For a `cmd:` engine or a browser: the program's address-space limit
    /// (`RLIMIT_AS`), e.g. `8GiB`, or `none`. Default: 4 GiB for a `cmd:` engine (an
    /// allocation past it is a crash finding naming the limit), none for the browsers,
    /// which reserve far more address space than they use.
    #[arg(long, value_name = "SIZE", value_parser = litmus_engines::limits::parse_memory_limit)]
    pub engine_memory_limit: Option<litmus_engines::limits::MemoryLimit>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    #[value(name = "oneshot", alias = "one-shot")]
    OneShot,
    Persistent,
}

impl ExternalEngineArgs {
    /// Whether any of the flags is given.
    pub fn any_given(&self) -> bool {
        self.engine_mode.is_some()
            || self.engine_name.is_some()
            || self.engine_serializes
            || self.engine_version.is_some()
            || self.engine_memory_limit.is_some()
    }
}

/// The engine named by `--engine`: a registry name, or `cmd:COMMAND` shaped by the
/// external engine flags. Bad input (exit 2) for an unknown name, a command line that
/// cannot be split, a bad `--engine-name`, or external flags with a built-in engine.
pub fn engine_choice(
    engine: &str,
    external: &ExternalEngineArgs,
) -> Result<EngineChoice, CliError> {
    if let Some(found) = Browser::by_name(engine) {
        return browser(found, external);
    }
    let Some(spec) = ExternalSpec::from_engine_text(engine) else {
        if external.any_given() {
            return Err(CliError::input(format!(
                "--engine-mode, --engine-name, --engine-serializes, --engine-version and --engine-memory-limit are for cmd: engines, not {engine:?}"
            )));
        }
        engine_by_name(engine).map_err(|e| CliError::input(e.to_string()))?;
        if litmus_engines::engine::names::SANITIZER_NAMES.contains(&engine) {
            return Err(CliError::input(format!(
                "{engine} is a sanitizer, not a parser: litmus sanitize --sanitizer {engine} tests it (docs/sanitizers.md)"
            )));
        }
        return Ok(EngineChoice::named(engine));
    };
    let mut spec = spec.map_err(|e| CliError::input(format!("bad --engine {engine:?}: {e}")))?;
    if let Some(mode) = external.engine_mode {
        spec.mode = match mode {
            ModeArg::OneShot => ExternalMode::OneShot,
            ModeArg::Persistent => ExternalMode::Persistent,
        };
    }
    if let Some(name) = &external.engine_name {
        spec.set_name(name)
            .map_err(|e| CliError::input(format!("bad --engine-name: {e}")))?;
    }
    if external.engine_serializes {
        if spec.mode == ExternalMode::Persistent {
            return Err(CliError::input(
                "--engine-serializes is for one-shot engines; a persistent engine answers \"html\" in its replies",
            ));
        }
        spec.serializes = true;
    }
    if let Some(version) = &external.engine_version {
        spec.version = Some(version.clone());
    }
    if let Some(limit) = external.engine_memory_limit {
        spec.memory_limit_bytes = limit.0;
    }
    Ok(EngineChoice::external(spec))
}

/// `--engine chromium|firefox|webkit`: the browser's adapter (or the command in its
/// variable, `$LITMUS_CHROMIUM`, …) as a persistent external engine of the browser's
/// name, with its version from the adapter's `--version`. Needs the browser's setup
/// script (docs/browsers.md).
fn browser(browser: Browser, external: &ExternalEngineArgs) -> Result<EngineChoice, CliError> {
    let command = browser.command_line();
    let mut spec = ExternalSpec::new(&command)
        .map_err(|e| CliError::input(format!("bad {} {command:?}: {e}", browser.variable)))?;
    spec.set_name(browser.name)
        .map_err(|e| CliError::input(format!("cannot name the {} engine: {e}", browser.name)))?;
    if external.engine_mode == Some(ModeArg::OneShot) || external.engine_serializes {
        return Err(CliError::input(format!(
            "the {} engine is persistent; --engine-mode oneshot and --engine-serializes do not apply",
            browser.name
        )));
    }
    spec.version = external
        .engine_version
        .clone()
        .or_else(|| adapter_version(&command));
    // A browser reserves far more address space than it uses (Chromium's renderer
    // cannot start under 64 GiB): no limit of litmus's unless one is asked for.
    spec.memory_limit_bytes = external.engine_memory_limit.and_then(|l| l.0);
    Ok(EngineChoice::external(spec))
}

/// The judges of `--judges`: engine names, comma-separated; `browsers` stands for
/// the three browsers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeList(pub Vec<String>);

/// Reads `--judges LIST`: names, each at most once (`browsers` is chromium, firefox
/// and webkit).
pub fn parse_judges(text: &str) -> Result<JudgeList, String> {
    let mut names: Vec<String> = Vec::new();
    for name in text.split(',').map(str::trim) {
        let expanded: Vec<&str> = if name == "browsers" {
            BROWSERS.iter().map(|b| b.name).collect()
        } else if name.is_empty() {
            return Err(format!("an empty name in {text:?}"));
        } else {
            vec![name]
        };
        for name in expanded {
            if names.iter().any(|n| n == name) {
                return Err(format!("{name} is named twice"));
            }
            names.push(name.to_owned());
        }
    }
    Ok(JudgeList(names))
}

impl JudgeList {
    /// The judges' engines, leaving out the engine under test itself (a browser is no
    /// judge of its own divergences). Bad input for an unknown engine.
    pub fn choices(&self, engine_under_test: &str) -> Result<Vec<EngineChoice>, CliError> {
        self.0
            .iter()
            .filter(|name| name.as_str() != engine_under_test)
            .map(|name| engine_choice(name, &ExternalEngineArgs::default()))
            .collect()
    }
}

/// What `COMMAND --version` prints (a browser adapter names the browser's version and
/// its driver's), if it runs and answers within
/// [`litmus_engines::limits::VERSION_PROBE_TIMEOUT`].
fn adapter_version(command: &str) -> Option<String> {
    let mut words = litmus_engines::engine::external::split_command_line(command).ok()?;
    words.push("--version".to_owned());
    let line = litmus_engines::process::CommandLine::from_words(&words).ok()?;
    let finished = litmus_engines::process::run_to_end(
        &line,
        litmus_engines::limits::MAX_VERSION_BYTES,
        litmus_engines::limits::VERSION_PROBE_TIMEOUT,
    )
    .ok()??;
    let text = String::from_utf8_lossy(&finished.stdout).trim().to_owned();
    (finished.status.success() && !text.is_empty()).then_some(text)
}

/// The engine named on the command line (`--engine NAME`), checked against the
/// registry; `cmd:COMMAND` with the external engine defaults.
pub fn engine_choice_by_name(name: &str) -> Result<EngineChoice, CliError> {
    engine_choice(name, &ExternalEngineArgs::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What every `--engine`'s help says the engines are.
    const ENGINES_HELP: &str = engines_help!();

    #[test]
    fn judges_are_read_with_browsers_expanded() {
        let list = |t: &str| parse_judges(t).map(|l| l.0);
        assert_eq!(list("chromium").unwrap(), vec!["chromium"]);
        assert_eq!(
            list("browsers").unwrap(),
            vec!["chromium", "firefox", "webkit"]
        );
        assert_eq!(
            list("html5ever, webkit").unwrap(),
            vec!["html5ever", "webkit"]
        );
        assert!(list("chromium,browsers").is_err());
        assert!(list("chromium,,webkit").is_err());
    }

    #[test]
    fn the_engines_help_names_every_engine() {
        let browsers = BROWSERS.iter().map(|b| &b.name);
        // Every parser: the sanitizers are `litmus sanitize`'s, not `--engine`'s.
        let parsers = litmus_engines::engine::ENGINE_NAMES
            .iter()
            .filter(|name| !litmus_engines::engine::names::SANITIZER_NAMES.contains(name));
        for name in parsers.chain(browsers) {
            assert!(
                ENGINES_HELP.contains(&format!("`{name}`")),
                "{name}: {ENGINES_HELP}"
            );
        }
        assert!(ENGINES_HELP.contains("`cmd:'COMMAND'`"));
        assert!(!ENGINES_HELP.contains("`ammonia`"));
    }
}
