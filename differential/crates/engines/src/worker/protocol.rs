//! The messages between a supervisor and its engine workers, each one frame of JSON
//! (`litmus_engine_api::frame`) after the worker's [`MAGIC`] and [`Hello`], which
//! case workers share (their messages are the campaign's,
//! `litmus_campaign::campaign::protocol`).

use crate::case::{ParseRequest, ParseResult};
use crate::engine::tokenizers::{TokenStart, Tokenizer};
use serde::{Deserialize, Serialize};

/// The protocol version in the worker's hello (3: a worker's messages carry their
/// fields beside their kind, so that they are read without buffering).
pub const PROTOCOL_VERSION: u32 = 3;
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

/// Supervisor → engine worker.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ToWorker {
    /// Parse one request; with `splits`, its tree with the input fed in pieces cut
    /// there (`Engine::parse_chunks`; an engine that takes its input whole answers
    /// [`TAKES_NO_PIECES`] as an unsupported request); with `tokens`, a tokenizer's
    /// tokens of the request's input instead (`Engine::tokens`).
    Parse {
        id: u64,
        request: ParseRequest,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        splits: Option<Vec<usize>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tokens: Option<TokensAsk>,
    },
}

/// Engine worker → supervisor. Its fields are beside its kind (`{"kind": "reply",
/// "fields": {…}}`), as a case worker's are.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", content = "fields", rename_all = "snake_case")]
pub enum FromWorker {
    /// The answer to [`ToWorker::Parse`].
    Reply { id: u64, result: ParseResult },
}
