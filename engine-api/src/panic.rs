//! Panics caught per call, with their message and location (the payload alone does
//! not carry the location: a hook records it). litmus's workers catch the built-in
//! engines' panics with this, and [`crate::serve`] a Rust engine's.

use std::any::Any;
use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

/// A caught panic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caught {
    pub message: String,
    /// `file:line:column`, when known.
    pub location: Option<String>,
}

thread_local! {
    /// The last panic's message and location on this thread, as the panic hook saw
    /// them (the hook runs on the panicking thread, before the unwinding reaches
    /// [`catch`]).
    static LAST_PANIC: RefCell<Option<(String, Option<String>)>> = const { RefCell::new(None) };
}
static HOOK: Once = Once::new();

/// Records each panic's location, then lets the hook installed before print it. Once
/// per process; later calls do nothing.
pub fn install_panic_hook() {
    HOOK.call_once(|| {
        let earlier_hook = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let location = info
                .location()
                .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
            let recorded = (payload_message(info.payload()), location);
            let _ = LAST_PANIC.try_with(|last| *last.borrow_mut() = Some(recorded));
            earlier_hook(info);
        }));
    });
}

/// Runs `call`; a panic becomes `Err` with its message and (with
/// [`install_panic_hook`] installed) its location.
pub fn catch<T>(call: impl FnOnce() -> T) -> Result<T, Caught> {
    panic::catch_unwind(AssertUnwindSafe(call)).map_err(|payload| {
        let message = payload_message(payload.as_ref());
        let location = LAST_PANIC
            .with(|last| last.borrow_mut().take())
            .filter(|(recorded, _)| *recorded == message)
            .and_then(|(_, location)| location);
        Caught { message, location }
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_caught_with_its_message_and_location() {
        install_panic_hook();
        assert_eq!(catch(|| 7), Ok(7));
        let caught = catch(|| -> u8 { panic!("no {}", "luck") }).unwrap_err();
        assert_eq!(caught.message, "no luck");
        let location = caught.location.expect("a location");
        assert!(
            location.starts_with("engine-api/src/panic.rs:"),
            "{location}"
        );
    }
}
