//! The program side of litmus's persistent engine protocol, version 2
//! (`docs/engines.md`): a hello, then one reply per request, in order, each message a
//! frame ([`crate::frame`]) of JSON. The message types are litmus's own: its client
//! (`litmus_differential::engine::external`) writes [`WireRequest`] and reads
//! [`WireReply`] and [`Hello`].

use crate::frame::{read_frame, write_frame, FrameError};
use crate::panic::{catch, install_panic_hook};
use crate::{Context, Engine, Request, ENGINE_STACK_BYTES, PROTOCOL_VERSION};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// The largest request frame [`serve_on`] reads: 1 GiB.
pub const MAX_REQUEST_BYTES: usize = 1 << 30;

/// A program's first frame, unasked: `{"protocol": 2, "engine": "…", "version": "…"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    pub protocol: u32,
    /// The engine's own name for itself.
    #[serde(default)]
    pub engine: Option<String>,
    /// What runs.
    #[serde(default)]
    pub version: Option<String>,
}

/// A request: `{"id", "input", "fragment", "scripting"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireRequest<'a> {
    pub id: u64,
    #[serde(borrow)]
    pub input: Cow<'a, str>,
    /// The context as html5lib tests write it (`td`, `svg path`), or `null` for a
    /// document.
    pub fragment: Option<String>,
    pub scripting: bool,
    /// Whether litmus asks for the parse's errors (the errors level): an engine that
    /// reports them answers with [`WireReply::errors`]; one that does not ignores the
    /// field. Left out of the frame when false, so older programs never see it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub errors: bool,
    /// Whether litmus needs only the tree (a round trip's second parse, a minimizer's
    /// question about a tree difference): the program may leave `html` out and save
    /// the time. Left out of the frame when false; a program may ignore it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tree_only: bool,
}

/// A reply: `{"id", "tree", "html"}`, `{"id", "error"}` (the engine refuses the
/// request), `{"id", "panic"}` (the engine panicked on it) or `{"id", "timeout_ms"}`
/// (the program gave up on a parse that hung, after that long). Unknown fields are
/// ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireReply {
    pub id: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub panic: Option<WirePanic>,
    /// Instead of `tree`: the program gave up on this request's parse after this many
    /// milliseconds (a browser adapter whose page hangs on it); a timeout finding.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u64>,
    /// The parse errors, when the request asked for them and the engine reports them
    /// (`docs/engines.md`, "Parse errors").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<WireParseError>>,
}

/// One parse error as an engine reports it: the standard's code (`eof-in-tag`) and
/// where, 1-based, columns in UTF-16 code units of the line; an engine that reports
/// a span gives its end too (the error is anywhere from `line:column` to
/// `end_line:end_column`, both included).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireParseError {
    pub code: String,
    pub line: u32,
    pub column: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_line: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_column: Option<u32>,
}

/// A panic the program caught while answering a request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WirePanic {
    pub message: String,
    /// `file:line:column`, when known.
    #[serde(default)]
    pub location: Option<String>,
}

/// Serves `engine` on standard input and output until standard input ends: the `main`
/// of an engine's binary (`fn main() -> ExitCode { litmus_engine_api::serve(MyEngine) }`).
///
/// The engine runs on a thread with a 256 MiB stack ([`ENGINE_STACK_BYTES`], a litmus
/// worker's); a panic is caught per request and answered as a panic, and the engine
/// answers the next request. Exit status 0 when standard input ends or litmus stops
/// reading; 2, with a message on standard error, for a frame that is not the protocol.
pub fn serve<E: Engine + Send + 'static>(mut engine: E) -> ExitCode {
    let served = std::thread::Builder::new()
        .name("litmus-engine".to_owned())
        .stack_size(ENGINE_STACK_BYTES)
        .spawn(move || serve_on(&mut engine, io::stdin().lock(), io::stdout().lock()));
    let result = match served {
        Ok(thread) => thread
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the serving thread panicked"))),
        Err(e) => Err(e),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // litmus went away: the end of the session, as the end of its requests is.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("litmus engine: {e}");
            ExitCode::from(2)
        }
    }
}

/// Answers requests from `input` with `engine` on `output` until `input` ends: first
/// the hello, then one reply per request, in order. A request whose fragment context
/// is malformed gets an `error` reply; a panic of the engine a `panic` reply. `Err`
/// for a broken channel (`BrokenPipe` when the other side stopped reading) or a
/// request that is not the protocol (`InvalidData`).
pub fn serve_on<E: Engine + ?Sized>(
    engine: &mut E,
    input: impl Read,
    output: impl Write,
) -> io::Result<()> {
    install_panic_hook();
    let mut input = io::BufReader::new(input);
    let mut output = io::BufWriter::new(output);
    let hello = Hello {
        protocol: PROTOCOL_VERSION,
        engine: Some(engine.name().to_owned()),
        version: Some(engine.version()),
    };
    write_frame(&mut output, &to_json(&hello)?)?;
    let invalid = |message: String| io::Error::new(io::ErrorKind::InvalidData, message);
    loop {
        let frame = match read_frame(&mut input, MAX_REQUEST_BYTES) {
            Ok(Some(frame)) => frame,
            Ok(None) => return Ok(()),
            Err(error) => return Err(invalid(request_frame_error(&error))),
        };
        let incoming: WireRequest<'_> = serde_json::from_slice(&frame)
            .map_err(|e| invalid(format!("a request that is not the protocol: {e}")))?;
        let reply = answer(engine, incoming);
        write_frame(&mut output, &to_json(&reply)?)?;
    }
}

/// What is wrong with standard input, worded from the engine's side (the frame
/// reader's own words are the harness's, reading an engine's output).
fn request_frame_error(error: &FrameError) -> String {
    match error {
        FrameError::Truncated => "standard input ended inside a request frame".to_owned(),
        FrameError::NotAFrame(_) => "standard input holds text where a request frame belongs: each request is a 4-byte big-endian length, then that many bytes of JSON (docs/engines.md)".to_owned(),
        FrameError::TooLarge(length) => {
            format!("a request frame of {length} bytes is over the limit of {MAX_REQUEST_BYTES}")
        }
        FrameError::Io(message) => format!("cannot read standard input: {message}"),
    }
}

/// The reply to one request.
fn answer<E: Engine + ?Sized>(engine: &mut E, incoming: WireRequest<'_>) -> WireReply {
    let mut reply = WireReply {
        id: incoming.id,
        ..WireReply::default()
    };
    let context = match incoming.fragment.as_deref() {
        None => None,
        Some(text) => match Context::parse(text) {
            Some(context) => Some(context),
            None => {
                reply.error = Some(format!("bad fragment context {text:?}"));
                return reply;
            }
        },
    };
    let request = Request {
        input: incoming.input.into_owned(),
        context,
        scripting: incoming.scripting,
    };
    match catch(|| engine.parse(&request)) {
        Ok(Ok(output)) => {
            reply.tree = Some(output.tree);
            reply.html = output.html;
        }
        Ok(Err(unsupported)) => reply.error = Some(unsupported.message),
        Err(caught) => {
            reply.panic = Some(WirePanic {
                message: caught.message,
                location: caught.location,
            })
        }
    }
    reply
}

fn to_json(message: &impl Serialize) -> io::Result<Vec<u8>> {
    serde_json::to_vec(message).map_err(io::Error::other)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Output, Unsupported};

    /// Echoes its input as one text node; refuses MathML contexts; panics on "boom".
    struct Echo;

    impl Engine for Echo {
        fn name(&self) -> &str {
            "echo"
        }
        fn version(&self) -> String {
            "echo 1".to_owned()
        }
        fn parse(&mut self, request: &Request) -> Result<Output, Unsupported> {
            if request.input == "boom" {
                panic!("boom");
            }
            if let Some(context) = &request.context {
                if context.namespace == crate::Namespace::MathMl {
                    return Err(Unsupported::new("no MathML contexts"));
                }
            }
            Ok(Output {
                tree: format!("| \"{}\"\n", request.input),
                html: request.scripting.then(|| request.input.clone()),
            })
        }
    }

    fn request(id: u64, input: &str, fragment: Option<&str>, scripting: bool) -> Vec<u8> {
        let request = WireRequest {
            id,
            input: input.into(),
            fragment: fragment.map(str::to_owned),
            scripting,
            errors: false,
            tree_only: false,
        };
        let mut frame = Vec::new();
        write_frame(&mut frame, &serde_json::to_vec(&request).unwrap()).unwrap();
        frame
    }

    fn replies(input: &[u8]) -> (Hello, Vec<WireReply>) {
        let mut output = Vec::new();
        serve_on(&mut Echo, input, &mut output).unwrap();
        let mut frames = &output[..];
        let hello = read_frame(&mut frames, 1 << 20).unwrap().unwrap();
        let mut replies = Vec::new();
        while let Some(frame) = read_frame(&mut frames, 1 << 20).unwrap() {
            replies.push(serde_json::from_slice(&frame).unwrap());
        }
        (serde_json::from_slice(&hello).unwrap(), replies)
    }

    #[test]
    fn a_hello_then_one_reply_per_request_in_order() {
        let mut input = request(1, "a", None, true);
        input.extend(request(2, "b", Some("td"), false));
        input.extend(request(3, "c", Some("math mi"), true));
        input.extend(request(4, "d", Some("svg a b"), true));
        input.extend(request(5, "boom", None, true));
        input.extend(request(6, "e", None, false));
        let (hello, replies) = replies(&input);
        assert_eq!(
            hello,
            Hello {
                protocol: 2,
                engine: Some("echo".into()),
                version: Some("echo 1".into())
            }
        );
        let ids: Vec<u64> = replies.iter().map(|r| r.id).collect();
        assert_eq!(ids, [1, 2, 3, 4, 5, 6]);
        assert_eq!(replies[0].tree.as_deref(), Some("| \"a\"\n"));
        assert_eq!(replies[0].html.as_deref(), Some("a"));
        assert_eq!(replies[1].html, None);
        assert_eq!(replies[2].error.as_deref(), Some("no MathML contexts"));
        assert_eq!(
            replies[3].error.as_deref(),
            Some("bad fragment context \"svg a b\"")
        );
        let panic = replies[4].panic.as_ref().expect("a panic reply");
        assert_eq!(panic.message, "boom");
        assert!(panic.location.as_deref().unwrap().contains("serve.rs"));
        // The engine answers again after its panic.
        assert_eq!(replies[5].tree.as_deref(), Some("| \"e\"\n"));
    }

    #[test]
    fn a_reply_without_a_serialization_leaves_html_out() {
        let (_, replies) = replies(&request(1, "a", None, false));
        let json = serde_json::to_string(&replies[0]).unwrap();
        assert_eq!(json, r#"{"id":1,"tree":"| \"a\"\n"}"#);
    }

    #[test]
    fn a_frame_that_is_not_a_request_is_invalid_data() {
        let mut input = Vec::new();
        write_frame(&mut input, b"{\"hello\":1}").unwrap();
        let error = serve_on(&mut Echo, &input[..], io::sink()).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        let error = serve_on(&mut Echo, &[0u8, 0, 0][..], io::sink()).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
    }
}
