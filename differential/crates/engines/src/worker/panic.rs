//! Panics in a worker: caught per call, with their message and location
//! ([`litmus_engine_api::panic`], which a Rust engine's `serve` uses too).

use crate::case::EngineFailure;

pub use litmus_engine_api::panic::install_panic_hook;

/// Runs `call`, turning a panic into [`EngineFailure::Panic`].
pub fn catch<T>(call: impl FnOnce() -> Result<T, EngineFailure>) -> Result<T, EngineFailure> {
    match litmus_engine_api::panic::catch(call) {
        Ok(result) => result,
        Err(caught) => Err(EngineFailure::Panic {
            message: caught.message,
            location: caught.location,
        }),
    }
}
