//! Panics in a worker: caught per call, with their message and location (the
//! payload alone does not carry the location; a hook records it).

use crate::case::EngineFailure;
use std::any::Any;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The last panic's message and location, as the panic hook saw them.
static LAST_PANIC: Mutex<Option<(String, Option<String>)>> = Mutex::new(None);

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Records each panic's location, then lets the default hook print it.
pub fn install_panic_hook() {
    let default_hook = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        let location = info
            .location()
            .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
        *lock(&LAST_PANIC) = Some((payload_message(info.payload()), location));
        default_hook(info);
    }));
}

/// Runs `call`, turning a panic into [`EngineFailure::Panic`].
pub fn catch<T>(call: impl FnOnce() -> Result<T, EngineFailure>) -> Result<T, EngineFailure> {
    match panic::catch_unwind(AssertUnwindSafe(call)) {
        Ok(result) => result,
        Err(payload) => Err(panic_failure(payload.as_ref())),
    }
}

fn payload_message(payload: &(dyn Any + Send)) -> String {
    if let Some(message) = payload.downcast_ref::<&str>() {
        (*message).to_owned()
    } else if let Some(message) = payload.downcast_ref::<String>() {
        message.clone()
    } else {
        "a panic with a non-string payload".to_owned()
    }
}

fn panic_failure(payload: &(dyn Any + Send)) -> EngineFailure {
    let message = payload_message(payload);
    let location = lock(&LAST_PANIC)
        .take()
        .filter(|(recorded, _)| *recorded == message)
        .and_then(|(_, location)| location);
    EngineFailure::Panic { message, location }
}
