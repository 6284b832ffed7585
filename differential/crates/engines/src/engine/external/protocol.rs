//! The wire side of the external engine protocol: requests and replies (in frames,
//! [`litmus_engine_api::frame`]) and the check that a tree is an html5lib dump.

use crate::case::{EngineFailure, EngineOutput, ParseRequest};
use crate::dump::dump_entries;
use litmus_engine_api::{WirePanic, WireReply, WireRequest};
use std::borrow::Cow;

/// The largest reply frame litmus reads from a persistent engine: room for a tree and a
/// serialization of [`crate::limits::MAX_OUTPUT_BYTES`] each, escaped as JSON. A
/// larger reply is left unread ([`crate::case::EngineFailure::Oversized`]).
pub const MAX_REPLY_BYTES: usize = 3 * crate::limits::MAX_OUTPUT_BYTES;

/// A request as it goes to a persistent program (the message type is
/// litmus-engine-api's, whose `serve` reads it); with `errors`, asking for the parse
/// errors too (the errors level); with `tree_only`, saying that the serialization is
/// not needed.
pub fn wire_request(
    id: u64,
    request: &ParseRequest,
    errors: bool,
    tree_only: bool,
) -> WireRequest<'_> {
    WireRequest {
        id,
        input: Cow::Borrowed(&request.input),
        fragment: request.fragment.as_ref().map(|c| c.to_string()),
        scripting: request.scripting,
        errors,
        tree_only,
    }
}

/// The message of the refusal an answer to a request for errors becomes when the
/// reply has no `errors` list: the engine does not report parse errors.
pub const REPORTS_NO_ERRORS: &str = "the engine reports no parse errors";

/// What a reply frame means.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// The answer to request `id`: an output, or the engine's refusal
    /// ([`EngineFailure::Unsupported`]) or a reply that breaks the protocol's content
    /// rules ([`EngineFailure::BadOutput`]) while keeping its framing.
    Answer {
        id: u64,
        result: Result<EngineOutput, EngineFailure>,
    },
    /// Not a reply at all (not JSON, no id): the channel cannot be trusted any more.
    Garbage(String),
}

/// Reads one reply frame's payload. With `errors` (the request asked for the parse
/// errors), the answer's `tree` is the reply's errors, one per line
/// (`compare::errors::render_wire`), and a reply without them is a refusal
/// ([`REPORTS_NO_ERRORS`]).
pub fn read_reply(payload: &[u8], errors: bool) -> Reply {
    let reply: WireReply = match serde_json::from_slice(payload) {
        Ok(reply) => reply,
        Err(e) => {
            return Reply::Garbage(format!(
                "a reply that is not the protocol's JSON ({e}): {}",
                preview(payload)
            ))
        }
    };
    let bad = |message: String| Err(EngineFailure::BadOutput { message });
    if let Some(WirePanic { message, location }) = reply.panic {
        // The program caught a panic of its engine (litmus-engine-api's `serve`).
        return Reply::Answer {
            id: reply.id,
            result: Err(EngineFailure::Panic { message, location }),
        };
    }
    if let Some(after_ms) = reply.timeout_ms {
        // The program gave up on a parse that hung (a browser adapter, docs/engines.md).
        return Reply::Answer {
            id: reply.id,
            result: Err(EngineFailure::Timeout { after_ms }),
        };
    }
    let result = match (reply.tree, reply.error) {
        (Some(_), Some(_)) => bad("a reply with both \"tree\" and \"error\"".to_owned()),
        (None, Some(message)) => Err(EngineFailure::Unsupported { message }),
        (None, None) => bad("a reply with neither \"tree\" nor \"error\"".to_owned()),
        (Some(_), None) if errors => match reply.errors {
            Some(list) => Ok(EngineOutput {
                tree: crate::engine::parse_errors::render_wire(&list),
                serialization: None,
            }),
            None => Err(EngineFailure::Unsupported {
                message: REPORTS_NO_ERRORS.to_owned(),
            }),
        },
        (Some(tree), None) => match check_dump(&tree) {
            Ok(()) => Ok(EngineOutput {
                tree,
                serialization: reply.html,
            }),
            Err(message) => bad(message),
        },
    };
    Reply::Answer {
        id: reply.id,
        result,
    }
}

/// Whether `tree` reads as an html5lib tree dump: empty, or lines ending with `\n`
/// whose entries start with `| ` and an even indentation at most one level deeper
/// than the entry before, each entry a doctype, comment, processing instruction,
/// text, element, `content` or attribute (under an element). Lines that do not start
/// with `| ` continue the entry before (a text, comment, attribute value, doctype or
/// processing instruction may hold newlines). `Err` says what is wrong and on which
/// line.
pub fn check_dump(tree: &str) -> Result<(), String> {
    if tree.is_empty() {
        return Ok(());
    }
    if !tree.starts_with("| ") {
        return Err(format!(
            "the tree is not an html5lib dump: it starts with {}",
            preview(tree.as_bytes())
        ));
    }
    if !tree.ends_with('\n') {
        return Err("the tree is not an html5lib dump: its last line has no newline".into());
    }
    for (index, line) in tree.lines().enumerate() {
        if let Some(rest) = line.strip_prefix("| ") {
            let spaces = rest.len() - rest.trim_start_matches(' ').len();
            if spaces % 2 == 1 {
                return Err(format!(
                    "the tree is not an html5lib dump: line {} is indented by an odd number of spaces",
                    index + 1
                ));
            }
        }
    }
    let mut previous: Option<(usize, Kind)> = None;
    for entry in dump_entries(tree) {
        let what = |problem: &str| {
            format!(
                "the tree is not an html5lib dump: line {} {problem}",
                entry.line
            )
        };
        let deepest = previous.map_or(0, |(depth, _)| depth + 1);
        if entry.depth > deepest {
            return Err(what("is more than one level deeper than the line before"));
        }
        // Right after an element, or among its attributes, `name="value"` is an
        // attribute; elsewhere the same text can only be a text node (`"a="b"`).
        let attribute_allowed = matches!(
            previous,
            Some((depth, Kind::Element)) if depth + 1 == entry.depth
        ) || matches!(
            previous,
            Some((depth, Kind::Attribute)) if depth == entry.depth
        );
        let kind = match entry_kind(entry.text) {
            Some(Kind::Attribute) if !attribute_allowed => {
                return Err(what("is an attribute that follows no element"));
            }
            Some(Kind::Text) if attribute_allowed && is_attribute(entry.text) => Kind::Attribute,
            Some(kind) => kind,
            None => {
                return Err(what(&format!(
                    "is no node: {}",
                    preview(entry.text.as_bytes())
                )))
            }
        };
        previous = Some((entry.depth, kind));
    }
    Ok(())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Doctype,
    Comment,
    ProcessingInstruction,
    Text,
    Element,
    Content,
    Attribute,
}

fn entry_kind(text: &str) -> Option<Kind> {
    let enclosed = |open: &str, close: &str| {
        text.len() >= open.len() + close.len() && text.starts_with(open) && text.ends_with(close)
    };
    if enclosed("<!DOCTYPE ", ">") {
        Some(Kind::Doctype)
    } else if enclosed("<!-- ", " -->") {
        Some(Kind::Comment)
    } else if enclosed("<?", "?>") {
        Some(Kind::ProcessingInstruction)
    } else if enclosed("\"", "\"") {
        Some(Kind::Text)
    } else if enclosed("<", ">") && !text.contains('\n') {
        Some(Kind::Element)
    } else if text == "content" {
        Some(Kind::Content)
    } else if is_attribute(text) {
        Some(Kind::Attribute)
    } else {
        None
    }
}

/// `name="value"`, the name not empty. A name may itself start with `="`: after a
/// quoted value, `="1` is an attribute named `="1` (`<f p=""="1>`, dumped `="1=""`), so
/// the split is at any `="` after the first character.
fn is_attribute(text: &str) -> bool {
    text.ends_with('"')
        && text
            .match_indices("=\"")
            .any(|(at, _)| at > 0 && text.len() >= at + 3)
}

/// At most 80 characters of a payload, for messages.
pub fn preview(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut shown: String = text.chars().take(80).collect();
    if text.chars().count() > 80 {
        shown.push('…');
    }
    format!("{shown:?}")
}
