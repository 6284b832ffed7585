//! The other side of the persistent protocol: any [`Engine`] answering framed
//! requests on a reader and a writer (`litmus serve`). A reference implementation of
//! the protocol for adapter authors, and a way to wrap litmus's engines in another
//! program (the planted-bug example adapter does).

use super::protocol::MAX_REPLY_BYTES;
use crate::case::{EngineFailure, ParseRequest};
use crate::engine::Engine;
use crate::frame::{read_frame, write_frame};
use litmus_parser::FragmentContext;
use serde::{Deserialize, Serialize};
use std::io::{self, Read, Write};

#[derive(Deserialize)]
struct IncomingRequest {
    id: u64,
    input: String,
    fragment: Option<String>,
    scripting: bool,
}

#[derive(Serialize)]
struct OutgoingReply<'a> {
    id: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    tree: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    html: Option<Option<&'a str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Answers requests from `input` with `engine` on `output` until `input` ends. A
/// request the engine refuses, or whose fragment context is malformed, gets an
/// `error` reply; any other failure of the engine (a crash, a timeout of an engine
/// it runs) ends serving with an error, as the death of a real engine would. `Err`
/// also for a broken channel or a request that is not the protocol.
pub fn serve(engine: &mut dyn Engine, input: impl Read, output: impl Write) -> io::Result<()> {
    let mut input = io::BufReader::new(input);
    let mut output = io::BufWriter::new(output);
    // Protocol 2: a hello first, unasked, with what runs.
    let hello = serde_json::json!({
        "protocol": 2,
        "engine": engine.name(),
        "version": engine.version(),
    });
    write_frame(
        &mut output,
        &serde_json::to_vec(&hello).map_err(io::Error::other)?,
    )?;
    let invalid = |message: String| io::Error::new(io::ErrorKind::InvalidData, message);
    loop {
        let frame = match read_frame(&mut input, MAX_REPLY_BYTES) {
            Ok(Some(frame)) => frame,
            Ok(None) => return Ok(()),
            Err(error) => return Err(invalid(error.to_string())),
        };
        let incoming: IncomingRequest = serde_json::from_slice(&frame)
            .map_err(|e| invalid(format!("a request that is not the protocol: {e}")))?;
        let context = match incoming.fragment.as_deref().map(FragmentContext::parse) {
            None => Ok(None),
            Some(Some(context)) => Ok(Some(context)),
            Some(None) => Err(format!(
                "bad fragment context {:?}",
                incoming.fragment.as_deref().unwrap_or_default()
            )),
        };
        let result = context.map(|context| {
            let request = ParseRequest {
                input: incoming.input,
                fragment: context,
                scripting: incoming.scripting,
            };
            engine.parse(&request)
        });
        let reply = match &result {
            Err(message) => OutgoingReply {
                id: incoming.id,
                tree: None,
                html: None,
                error: Some(message.clone()),
            },
            Ok(Ok(answer)) => OutgoingReply {
                id: incoming.id,
                tree: Some(&answer.tree),
                html: Some(answer.serialization.as_deref()),
                error: None,
            },
            Ok(Err(EngineFailure::Unsupported { message })) => OutgoingReply {
                id: incoming.id,
                tree: None,
                html: None,
                error: Some(message.clone()),
            },
            Ok(Err(failure)) => {
                return Err(io::Error::other(format!(
                    "the engine {} failed: {failure}",
                    engine.name()
                )))
            }
        };
        let payload = serde_json::to_vec(&reply).map_err(io::Error::other)?;
        write_frame(&mut output, &payload)?;
    }
}
