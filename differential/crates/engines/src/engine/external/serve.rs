//! The other side of the persistent protocol: any [`Engine`] answering framed
//! requests on a reader and a writer (`litmus serve`), through litmus-engine-api's
//! `serve_on`, the one implementation of the program side that Rust engines use too.
//! A reference implementation of the protocol for adapter authors, and a way to wrap
//! litmus's engines in another program (the planted-bug example adapter does).

use crate::case::{EngineFailure, ParseRequest};
use crate::engine::contract::Engine;
use litmus_engine_api as api;
use litmus_parser::FragmentContext;
use std::cell::Cell;
use std::io::{self, Read, Write};
use std::rc::Rc;

/// Answers requests from `input` with `engine` on `output` until `input` ends. A
/// request the engine refuses, whose fragment context is malformed, or whose output
/// is over [`crate::limits::MAX_OUTPUT_BYTES`] (`oversized: a tree of N bytes, over
/// the limit of 16 MiB`) gets an `error` reply, and a panic of the engine a `panic`
/// reply; any other failure of the
/// engine (a crash, a timeout of an engine it runs) ends serving with an error, as
/// the death of a real engine would. `Err` also for a broken channel or a request
/// that is not the protocol.
pub fn serve(engine: &mut dyn Engine, input: impl Read, output: impl Write) -> io::Result<()> {
    let stopped = Rc::new(Cell::new(false));
    let mut served = Served {
        engine,
        stopped: stopped.clone(),
        failure: None,
    };
    let output = Gate {
        inner: output,
        stopped,
    };
    let result = api::serve_on(&mut served, input, output);
    match served.failure {
        Some(failure) => Err(failure),
        None => result,
    }
}

/// A litmus [`Engine`] as litmus-engine-api sees one. A failure other than a refusal,
/// an oversized output or a panic is kept, and closes the [`Gate`]: its request gets no reply, and
/// serving ends.
struct Served<'a> {
    engine: &'a mut dyn Engine,
    stopped: Rc<Cell<bool>>,
    failure: Option<io::Error>,
}

impl api::Engine for Served<'_> {
    fn name(&self) -> &str {
        self.engine.name()
    }

    fn version(&self) -> String {
        self.engine.version()
    }

    fn parse(&mut self, request: &api::Request) -> Result<api::Output, api::Unsupported> {
        let request = ParseRequest {
            input: request.input.clone(),
            // Every context litmus-engine-api reads, litmus reads.
            fragment: request
                .context
                .as_ref()
                .and_then(|c| FragmentContext::parse(&c.to_string())),
            scripting: request.scripting,
        };
        match self.engine.parse(&request) {
            Ok(output) => Ok(api::Output {
                tree: output.tree,
                html: output.serialization,
            }),
            Err(EngineFailure::Unsupported { message }) => Err(api::Unsupported { message }),
            // An output past the limit: the engine is fine, its answer too large to
            // send. Named as the cap, without its first bytes; the next request is
            // served.
            Err(EngineFailure::Oversized { what, bytes, .. }) => Err(api::Unsupported {
                message: format!(
                    "oversized: {}",
                    EngineFailure::Oversized {
                        what,
                        bytes,
                        prefix: String::new(),
                    }
                ),
            }),
            // A panic the engine's own worker caught: answered as one.
            Err(EngineFailure::Panic { message, .. }) => {
                std::panic::resume_unwind(Box::new(message))
            }
            Err(failure) => {
                let message = format!("the engine {} failed: {failure}", self.engine.name());
                self.failure = Some(io::Error::other(message.clone()));
                self.stopped.set(true);
                Err(api::Unsupported { message })
            }
        }
    }
}

/// The output, until the engine fails for good: then nothing more is written.
struct Gate<W> {
    inner: W,
    stopped: Rc<Cell<bool>>,
}

impl<W: Write> Write for Gate<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.stopped.get() {
            return Err(io::Error::other("the engine failed"));
        }
        self.inner.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.stopped.get() {
            return Err(io::Error::other("the engine failed"));
        }
        self.inner.flush()
    }
}
