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
