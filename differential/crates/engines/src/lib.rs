//! litmus-engines: the engines litmus compares, and the processes they run in.
//!
//! The lowest layer of the harness above its text (ARCHITECTURE.md): every other
//! crate of the harness reads it, and it reads none of them.
//!
//! - [`case`]: the vocabulary every layer speaks: a [`case::ParseRequest`] (an input,
//!   a document or a fragment in its context, the scripting flag), an engine's answer
//!   ([`case::EngineOutput`]: an html5lib tree dump, and a serialization where it has
//!   one) or its failure ([`case::EngineFailure`]), an engine's name
//!   ([`case::EngineName`]), where a case came from ([`case::Origin`]).
//! - [`engine`]: the [`engine::Engine`] trait and its contract (a request in, a dump
//!   out, deterministic; chunked input, parse errors and a tokenizer where the engine
//!   offers them), the engines (the reference parser, html5ever, the chaos engine,
//!   mutants, external programs speaking the documented protocol, the browsers'
//!   adapters) and the registry that knows them by name.
//! - [`process`] and [`worker`]: isolation. Engines run in worker processes (`litmus
//!   __worker`), so that a panic, abort, overflow, hang or runaway allocation costs a
//!   worker, never the caller; [`worker::Worker`] and [`worker::WorkerPool`] supervise
//!   engine workers, and a campaign's case workers start and talk the same way
//!   ([`worker::serve`], [`worker::spawn_worker`]).
//! - [`limits`]: every size, time and count limit, and the bounded readers that
//!   enforce them; [`dump`]: the html5lib tree dump read back.
//!
//! Seams: [`engine::Engine`] is how any parser enters litmus (a worker is one too);
//! [`worker::worker_main_from_args`] runs `litmus __worker` and is handed, from above,
//! what a case worker hosts.

pub mod case;
pub mod dump;
pub mod engine;
pub mod limits;
pub mod process;
pub mod worker;
