//! An engine that misbehaves on purpose, for testing the isolation of workers.
//!
//! On an input containing one of these markers (checked in this order) it:
//!
//! | marker    | does                                                   |
//! |-----------|--------------------------------------------------------|
//! | `PANIC`   | panics with the message `chaos: PANIC marker`          |
//! | `ABORT`   | aborts the process                                     |
//! | `RECURSE` | recurses without end until the stack overflows         |
//! | `HANG`    | never returns (sleeps in a loop)                       |
//! | `OOM`     | allocates and fills memory without end                 |
//! | `DEEP`    | recurses 64 MiB deep (more than a main thread's 8 MiB), then answers normally |
//!
//! Any other input gets the reference engine's answer. Never run it in process
//! outside a test of the first marker: the others take the process down.

use super::contract::Engine;
use super::litmus::parse_with_litmus;
use crate::case::{ParseRequest, ParseResult};
use std::hint::black_box;
use std::time::Duration;

/// The misbehaving engine, `chaos` in the registry.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChaosEngine;

impl Engine for ChaosEngine {
    fn name(&self) -> &str {
        "chaos"
    }

    fn version(&self) -> String {
        format!("chaos (litmus-parser {})", env!("CARGO_PKG_VERSION"))
    }

    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        let input = request.input.as_str();
        if input.contains("PANIC") {
            panic!("chaos: PANIC marker");
        }
        if input.contains("ABORT") {
            std::process::abort();
        }
        if input.contains("RECURSE") {
            black_box(recurse(black_box(0)));
        }
        if input.contains("HANG") {
            loop {
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        if input.contains("DEEP") {
            black_box(recurse_to(black_box(DEEP_FRAMES)));
        }
        if input.contains("OOM") {
            let mut hoard: Vec<Vec<u8>> = Vec::new();
            loop {
                // Filled, not just reserved, so that the memory is really used.
                hoard.push(vec![1u8; 16 << 20]);
                black_box(&hoard);
            }
        }
        parse_with_litmus(request, true)
    }
}

/// How many 4 KiB frames `DEEP` recurses: 64 MiB of stack.
const DEEP_FRAMES: u64 = 16 * 1024;

/// Recursion `depth` frames of 4 KiB deep, for a legal but deep computation.
fn recurse_to(depth: u64) -> u64 {
    let frame = black_box([depth as u8; 4096]);
    if depth == 0 {
        return u64::from(frame[0]);
    }
    recurse_to(depth - 1).wrapping_add(u64::from(frame[4095]))
}

/// Recursion with a frame of a few KiB that the optimizer cannot remove; it only
/// returns for a depth no real stack reaches.
fn recurse(depth: u64) -> u64 {
    let frame = black_box([depth as u8; 4096]);
    if black_box(depth) == u64::MAX {
        return u64::from(frame[0]);
    }
    recurse(depth + 1).wrapping_add(u64::from(frame[4095]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmarked_inputs_get_the_reference_answer() {
        let request = ParseRequest::document("<p>calm", true);
        assert_eq!(
            ChaosEngine.parse(&request),
            parse_with_litmus(&request, true)
        );
    }

    #[test]
    fn the_panic_marker_panics() {
        let request = ParseRequest::document("<p>PANIC", true);
        let result = std::panic::catch_unwind(|| ChaosEngine.parse(&request));
        let payload = result.unwrap_err();
        assert_eq!(payload.downcast_ref::<&str>(), Some(&"chaos: PANIC marker"));
    }
}
