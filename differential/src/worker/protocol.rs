//! The messages between a supervisor and its workers, each one frame of JSON
//! ([`crate::frame`]) after the worker's [`MAGIC`].

use crate::campaign::cases::{BatchPart, CaseSetup};
use crate::campaign::triage::{MinimizeJob, Minimized};
use crate::case::{ParseRequest, ParseResult};
use crate::compare::tokens::{TokenStart, Tokenizer};
use serde::{Deserialize, Serialize};

/// The protocol version in the worker's hello.
pub const PROTOCOL_VERSION: u32 = 2;
/// What a worker writes before its first frame.
pub const MAGIC: &[u8] = b"\0litmus-worker\0";
/// The largest frame either side accepts: 1 GiB.
pub const MAX_FRAME_BYTES: usize = 1 << 30;

/// The message of the unsupported failure an engine worker answers a request in
/// pieces with when its engine takes its input whole.
pub const TAKES_NO_PIECES: &str = "the engine takes its input whole, not in pieces";

/// A token level request: which tokenizer, from where.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TokensAsk {
    pub tokenizer: Tokenizer,
    pub start: TokenStart,
}

/// The worker's first frame.
#[derive(Debug, Serialize, Deserialize)]
pub struct Hello {
    pub protocol: u32,
    /// The engine it runs, or `cases` for a case worker.
    pub engine: String,
    pub version: String,
}

/// Supervisor → worker.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ToWorker {
    /// An engine worker: parse one request; with `splits`, its tree with the input
    /// fed in pieces cut there (`Engine::parse_chunks`; an engine that takes its input
    /// whole answers [`TAKES_NO_PIECES`] as an unsupported request); with `tokens`,
    /// a tokenizer's tokens of the request's input instead (`Engine::tokens`).
    Parse {
        id: u64,
        request: ParseRequest,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        splits: Option<Vec<usize>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tokens: Option<TokensAsk>,
    },
    /// A case worker, once: what the campaign's cases are and which engines run them.
    Setup { setup: Box<CaseSetup> },
    /// A case worker: run these cases (generator indices), generated with `weights`
    /// when a steering campaign changed the setup's (`campaign::steering`).
    Batch {
        id: u64,
        indices: Vec<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weights: Option<crate::generator::Weights>,
    },
    /// A case worker: minimize a divergence in process.
    Minimize { id: u64, job: Box<MinimizeJob> },
}

/// Worker → supervisor.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FromWorker {
    /// The answer to [`ToWorker::Parse`].
    Reply { id: u64, result: ParseResult },
    /// The answer to [`ToWorker::Setup`]: the engines' versions, or why they cannot
    /// run.
    Ready {
        result: Result<(String, String), String>,
    },
    /// Some cases of a batch, done: sent as they finish (at least every
    /// 50 ms, the serving loop's tick, while a batch runs, empty if no
    /// case ended), and with `last` at the end of the batch.
    Progress {
        id: u64,
        part: Box<BatchPart>,
        last: bool,
    },
    /// The answer to [`ToWorker::Minimize`].
    Minimized { id: u64, outcome: Box<Minimized> },
    /// A parse ran past its time limit: the worker sent what was done and exits.
    /// `case_index` is the case it was parsing (for a batch), `None` for a
    /// minimization.
    Hung {
        id: u64,
        case_index: Option<u64>,
        engine: String,
        after_ms: u64,
    },
}
