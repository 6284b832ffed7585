//! `litmus serve`: an engine behind the persistent external engine protocol.
//!
//! Exit status: 0 when standard input ends (or the client closes standard output);
//! 2 for a frame that is not the protocol (a truncated frame, one over the size limit,
//! JSON that is not a request) or an engine that cannot start; 1 when the engine
//! fails (a crash or timeout of an engine it runs).

use super::error::{CliError, CliResult};
use clap::Args;
use litmus_engines::engine::{engine_by_name, external, Engine, ExternalEngine};
use litmus_engines::worker::ENGINE_STACK_BYTES;
use std::io::ErrorKind;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct ServeArgs {
    #[arg(long, default_value = "litmus", help = concat!(
        "The engine that answers: ",
        engines_help!(),
    ))]
    pub engine: String,
}

pub fn run(args: ServeArgs) -> CliResult {
    let choice = super::engine_args::engine_choice(&args.engine, &Default::default())?;
    let mut engine: Box<dyn Engine> = match choice.external {
        Some(spec) => Box::new(ExternalEngine::start(spec).map_err(|e| {
            CliError::input(format!("cannot start the engine {:?}: {e}", args.engine))
        })?),
        None => engine_by_name(&args.engine).map_err(|e| CliError::input(e.to_string()))?,
    };
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
    match served {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // The client went away: the end of the session, as the end of its input is.
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        // A frame that is not the protocol is bad input.
        Err(e) if e.kind() == ErrorKind::InvalidData => Err(CliError::input(e.to_string())),
        Err(e) => Err(CliError {
            message: e.to_string(),
            code: 1,
        }),
    }
}
