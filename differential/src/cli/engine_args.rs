//! `--engine NAME|cmd:COMMAND` and the flags of external engines, shared by `run`,
//! `diff`, `minimize`, `corpus check` and `conformance`.

use super::CliError;
use crate::campaign::EngineChoice;
use crate::engine::{engine_by_name, ExternalMode, ExternalSpec};
use clap::{Args, ValueEnum};

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
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    #[value(name = "oneshot", alias = "one-shot")]
    OneShot,
    Persistent,
}

impl ExternalEngineArgs {
    fn any_given(&self) -> bool {
        self.engine_mode.is_some()
            || self.engine_name.is_some()
            || self.engine_serializes
            || self.engine_version.is_some()
    }
}

/// The engine named by `--engine`: a registry name, or `cmd:COMMAND` shaped by the
/// external engine flags. Bad input (exit 2) for an unknown name, a command line that
/// cannot be split, a bad `--engine-name`, or external flags with a built-in engine.
pub fn engine_choice(
    engine: &str,
    external: &ExternalEngineArgs,
) -> Result<EngineChoice, CliError> {
    if engine == CHROMIUM {
        return chromium(external);
    }
    let Some(spec) = ExternalSpec::from_engine_text(engine) else {
        if external.any_given() {
            return Err(CliError::input(format!(
                "--engine-mode, --engine-name, --engine-serializes and --engine-version are for cmd: engines, not {engine:?}"
            )));
        }
        engine_by_name(engine).map_err(|e| CliError::input(e.to_string()))?;
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
    Ok(EngineChoice::external(spec))
}

/// The name of the headless Chromium engine.
pub const CHROMIUM: &str = "chromium";

/// `--engine chromium`: the adapter `examples/engines/chromium.mjs` (or the command in
/// `$LITMUS_CHROMIUM`) as a persistent external engine named `chromium`, with its
/// version from the adapter. Needs `scripts/setup-chromium.sh` (Debian's chromium and
/// playwright-core); see docs/chromium.md.
fn chromium(external: &ExternalEngineArgs) -> Result<EngineChoice, CliError> {
    let command = std::env::var("LITMUS_CHROMIUM")
        .unwrap_or_else(|_| "node examples/engines/chromium.mjs".to_owned());
    let mut spec = ExternalSpec::new(&command)
        .map_err(|e| CliError::input(format!("bad LITMUS_CHROMIUM {command:?}: {e}")))?;
    spec.set_name(CHROMIUM)
        .map_err(|e| CliError::input(format!("cannot name the Chromium engine: {e}")))?;
    if external.engine_mode == Some(ModeArg::OneShot) || external.engine_serializes {
        return Err(CliError::input(
            "the chromium engine is persistent; --engine-mode oneshot and --engine-serializes do not apply",
        ));
    }
    spec.version = external
        .engine_version
        .clone()
        .or_else(|| chromium_version(&command));
    Ok(EngineChoice::external(spec))
}

/// What `COMMAND --version` prints (the adapter names Chromium's and playwright-core's
/// versions), if it runs.
fn chromium_version(command: &str) -> Option<String> {
    let mut words = command.split_whitespace();
    let program = words.next()?;
    let output = std::process::Command::new(program)
        .args(words)
        .arg("--version")
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    (output.status.success() && !text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What every `--engine`'s help says the engines are.
    const ENGINES_HELP: &str = engines_help!();

    #[test]
    fn the_engines_help_names_every_engine() {
        for name in crate::engine::ENGINE_NAMES.iter().chain([&CHROMIUM]) {
            assert!(
                ENGINES_HELP.contains(&format!("`{name}`")),
                "{name}: {ENGINES_HELP}"
            );
        }
        assert!(ENGINES_HELP.contains("`cmd:'COMMAND'`"));
    }
}
