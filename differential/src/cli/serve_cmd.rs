//! `litmus serve`: an engine behind the persistent external engine protocol.

use super::{CliError, CliResult};
use crate::engine::{engine_by_name, external};
use crate::worker::ENGINE_STACK_BYTES;
use clap::Args;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The engine that answers: `litmus` (the reference parser), `html5ever`, …
    #[arg(long, default_value = "litmus")]
    pub engine: String,
}

pub fn run(args: ServeArgs) -> CliResult {
    let mut engine = engine_by_name(&args.engine).map_err(|e| CliError::input(e.to_string()))?;
    // The engine's stack is a worker's, so that deep inputs answer as in a campaign.
    let served = std::thread::Builder::new()
        .name("litmus-serve".to_owned())
        .stack_size(ENGINE_STACK_BYTES)
        .spawn(move || {
            external::serve(
                engine.as_mut(),
                std::io::stdin().lock(),
                std::io::stdout().lock(),
            )
        })
        .map_err(|e| CliError::input(format!("cannot start the engine thread: {e}")))?
        .join()
        .map_err(|_| CliError {
            message: "the engine panicked".to_owned(),
            code: 1,
        })?;
    served.map_err(|e| CliError {
        message: e.to_string(),
        code: 1,
    })?;
    Ok(ExitCode::SUCCESS)
}
