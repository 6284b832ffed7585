//! A planted fault for the harness's tests (feature `planted-quadratic-walk`): a walk
//! of the stack of open elements on every edit in its middle, the cost a vector's
//! shift had before the stack was linked. `litmus bench --only search` must find the
//! families it makes super-linear (differential/src/bench/search.rs tests it).

use std::cell::Cell;

thread_local! {
    static PLANTED: Cell<bool> = const { Cell::new(false) };
}

/// Turns the planted walk on or off for parses on this thread.
pub fn plant_quadratic_walk(on: bool) {
    PLANTED.with(|planted| planted.set(on));
}

/// Whether the planted walk is on.
pub(crate) fn quadratic_walk_planted() -> bool {
    PLANTED.with(Cell::get)
}
