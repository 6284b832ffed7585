//! The shared vocabulary of the harness: what an engine is asked ([`ParseRequest`]),
//! what it answers ([`EngineOutput`]) and how it can fail to answer
//! ([`EngineFailure`]).
//!
//! All three are serde types: they cross the worker protocol as JSON and appear in
//! reports. A fragment context is written as html5lib tests write it (`td`,
//! `svg path`, `math mi`), a document parse as `null`.

use litmus_parser::FragmentContext;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One parse: the input and the options it is parsed with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParseRequest {
    pub input: String,
    /// `None`: parse a document. `Some(context)`: the HTML fragment parsing algorithm
    /// with this context element.
    #[serde(with = "fragment_context_text")]
    pub fragment: Option<FragmentContext>,
    /// The scripting flag.
    pub scripting: bool,
}

impl ParseRequest {
    /// A document parse.
    pub fn document(input: impl Into<String>, scripting: bool) -> ParseRequest {
        ParseRequest {
            input: input.into(),
            fragment: None,
            scripting,
        }
    }

    /// A fragment parse with `context` as the context element.
    pub fn fragment(
        input: impl Into<String>,
        context: FragmentContext,
        scripting: bool,
    ) -> ParseRequest {
        ParseRequest {
            input: input.into(),
            fragment: Some(context),
            scripting,
        }
    }

    /// The same options with another input (the minimizer's and the round trip's
    /// re-parse).
    pub fn with_input(&self, input: impl Into<String>) -> ParseRequest {
        ParseRequest {
            input: input.into(),
            fragment: self.fragment.clone(),
            scripting: self.scripting,
        }
    }

    /// The reference parser's options for it: its scripting flag, the rest default.
    pub fn parse_options(&self) -> litmus_parser::ParseOptions {
        litmus_parser::ParseOptions {
            scripting: self.scripting,
            ..litmus_parser::ParseOptions::default()
        }
    }

    /// The options in words: `document, scripting on`, `fragment svg path, scripting
    /// off`.
    pub fn options_description(&self) -> String {
        let scripting = if self.scripting { "on" } else { "off" };
        match &self.fragment {
            None => format!("document, scripting {scripting}"),
            Some(context) => format!("fragment {context}, scripting {scripting}"),
        }
    }
}

/// An engine by its name, as signatures, findings, archives and known classes name
/// it (`html5ever`, `parse5`, `mutant:ID`): the engine a divergence shows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EngineName(String);

impl EngineName {
    pub fn new(name: impl Into<String>) -> EngineName {
        EngineName(name.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for EngineName {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<&str> for EngineName {
    fn from(name: &str) -> EngineName {
        EngineName(name.to_owned())
    }
}

impl From<String> for EngineName {
    fn from(name: String) -> EngineName {
        EngineName(name)
    }
}

impl PartialEq<str> for EngineName {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for EngineName {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl fmt::Display for EngineName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What an engine answers for one request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineOutput {
    /// The html5lib tree dump of the result (the document's children, or the
    /// fragment's nodes), every line ending with `\n`; processing instructions as
    /// `<?target data?>`, template contents under `content`.
    pub tree: String,
    /// The engine's own serialization of the result's children, when it has a
    /// serializer.
    pub serialization: Option<String>,
}

/// Why an engine gave no output for a request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EngineFailure {
    /// The engine panicked; the worker caught the panic and lived on.
    Panic {
        message: String,
        /// `file:line:column` of the panic, when known.
        location: Option<String>,
    },
    /// The process running the engine died (abort, stack overflow, out of memory, a
    /// signal, an unexpected exit).
    Crash {
        /// The signal that ended the process, if one did.
        signal: Option<i32>,
        /// The exit code, if the process exited.
        exit_code: Option<i32>,
        /// What the process wrote about it (a panic message, `stack overflow`,
        /// `memory allocation of N bytes failed`, …), or what the harness knows.
        message: String,
        /// `file:line:column` of a panic that ended the process, when known.
        location: Option<String>,
    },
    /// No answer within the time limit; the process was killed.
    Timeout { after_ms: u64 },
    /// The engine answered something the harness cannot read.
    BadOutput { message: String },
    /// The engine refuses the request: an option it does not support, or an input
    /// over its size limit.
    Unsupported { message: String },
    /// An output over [`crate::limits::MAX_OUTPUT_BYTES`]: kept as its size and its
    /// first [`crate::limits::OVERSIZED_PREFIX_BYTES`].
    Oversized {
        /// `tree`, `serialization`, or `reply` (a frame too large to read).
        what: String,
        bytes: u64,
        prefix: String,
    },
}

impl EngineFailure {
    /// An output of `bytes` bytes past the limit, keeping its start.
    pub fn oversized(what: &str, output: &str) -> EngineFailure {
        let mut end = output.len().min(crate::limits::OVERSIZED_PREFIX_BYTES);
        while !output.is_char_boundary(end) {
            end -= 1;
        }
        EngineFailure::Oversized {
            what: what.to_owned(),
            bytes: output.len() as u64,
            prefix: output[..end].to_owned(),
        }
    }
}

/// `result` with its outputs checked against [`crate::limits::MAX_OUTPUT_BYTES`].
pub fn within_output_limit(result: ParseResult) -> ParseResult {
    let output = result?;
    let limit = crate::limits::MAX_OUTPUT_BYTES;
    if output.tree.len() > limit {
        return Err(EngineFailure::oversized("tree", &output.tree));
    }
    if let Some(html) = output.serialization.as_deref().filter(|h| h.len() > limit) {
        return Err(EngineFailure::oversized("serialization", html));
    }
    Ok(output)
}

impl EngineFailure {
    /// A short name of the kind: `panic`, `crash`, `timeout`, `bad-output`,
    /// `unsupported`.
    pub fn kind(&self) -> &'static str {
        match self {
            EngineFailure::Panic { .. } => "panic",
            EngineFailure::Crash { .. } => "crash",
            EngineFailure::Timeout { .. } => "timeout",
            EngineFailure::BadOutput { .. } => "bad-output",
            EngineFailure::Unsupported { .. } => "unsupported",
            EngineFailure::Oversized { .. } => "oversized",
        }
    }
}

impl fmt::Display for EngineFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineFailure::Panic { message, location } => {
                write!(f, "panicked")?;
                if let Some(location) = location {
                    write!(f, " at {location}")?;
                }
                write!(f, ": {message}")
            }
            EngineFailure::Crash {
                signal,
                exit_code,
                message,
                location,
            } => {
                write!(f, "crashed")?;
                if let Some(signal) = signal {
                    write!(f, " ({})", signal_name(*signal))?;
                } else if let Some(code) = exit_code {
                    write!(f, " (exit code {code})")?;
                }
                if let Some(location) = location {
                    write!(f, " at {location}")?;
                }
                if !message.is_empty() {
                    write!(f, ": {message}")?;
                }
                Ok(())
            }
            EngineFailure::Timeout { after_ms } => write!(f, "timed out after {after_ms} ms"),
            EngineFailure::BadOutput { message } => write!(f, "unreadable output: {message}"),
            EngineFailure::Oversized {
                what,
                bytes,
                prefix,
            } => {
                write!(
                    f,
                    "a {what} of {bytes} bytes, over the limit of {}",
                    crate::limits::human(crate::limits::MAX_OUTPUT_BYTES as u64)
                )?;
                if !prefix.is_empty() {
                    write!(f, "; its first {} bytes:\n{prefix}", prefix.len())?;
                }
                Ok(())
            }
            EngineFailure::Unsupported { message } => write!(f, "unsupported: {message}"),
        }
    }
}

/// The conventional name of a signal number (`SIGABRT`), or `signal N`.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        5 => "SIGTRAP",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        31 => "SIGSYS",
        _ => return format!("signal {signal}"),
    };
    name.to_owned()
}

/// An engine's answer to one request.
pub type ParseResult = Result<EngineOutput, EngineFailure>;

/// Where a case came from, to replay it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    pub seed: u64,
    pub case_index: u64,
    /// The generator family that dominated the case, or `mutation`, `file`, `fuzzer`.
    pub family: String,
}

/// Serde for `Option<FragmentContext>` as the html5lib context string or `null`.
mod fragment_context_text {
    use litmus_parser::FragmentContext;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(
        context: &Option<FragmentContext>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match context {
            Some(context) => serializer.serialize_some(&context.to_string()),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<FragmentContext>, D::Error> {
        match Option::<String>::deserialize(deserializer)? {
            None => Ok(None),
            Some(text) => FragmentContext::parse(&text).map(Some).ok_or_else(|| {
                D::Error::custom(format!(
                    "bad fragment context {text:?}: expected NAME, `svg NAME` or `math NAME`"
                ))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_round_trip_through_json() {
        let requests = [
            ParseRequest::document("<p>x", true),
            ParseRequest::fragment(
                "<path/>",
                FragmentContext::parse("svg path").unwrap(),
                false,
            ),
            ParseRequest::fragment("<mi>", FragmentContext::parse("math mi").unwrap(), true),
            ParseRequest::fragment("<td>", FragmentContext::parse("tr").unwrap(), true),
        ];
        for request in requests {
            let json = serde_json::to_string(&request).unwrap();
            let back: ParseRequest = serde_json::from_str(&json).unwrap();
            assert_eq!(back, request, "{json}");
        }
        let json = serde_json::to_string(&ParseRequest::fragment(
            "",
            FragmentContext::parse("svg foreignObject").unwrap(),
            true,
        ))
        .unwrap();
        assert!(json.contains(r#""fragment":"svg foreignObject""#), "{json}");
        let json = serde_json::to_string(&ParseRequest::document("", true)).unwrap();
        assert!(json.contains(r#""fragment":null"#), "{json}");
    }

    #[test]
    fn a_bad_fragment_context_is_a_deserialization_error() {
        let error = serde_json::from_str::<ParseRequest>(
            r#"{"input":"","fragment":"svg ","scripting":true}"#,
        )
        .unwrap_err();
        assert!(
            error.to_string().contains("bad fragment context"),
            "{error}"
        );
    }

    #[test]
    fn failures_are_tagged_by_kind() {
        let failure = EngineFailure::Timeout { after_ms: 5 };
        let json = serde_json::to_string(&failure).unwrap();
        assert_eq!(json, r#"{"kind":"timeout","after_ms":5}"#);
        let crash = EngineFailure::Crash {
            signal: Some(6),
            exit_code: None,
            message: "stack overflow".into(),
            location: None,
        };
        let back: EngineFailure =
            serde_json::from_str(&serde_json::to_string(&crash).unwrap()).unwrap();
        assert_eq!(back, crash);
        assert_eq!(crash.to_string(), "crashed (SIGABRT): stack overflow");
        assert_eq!(crash.kind(), "crash");
    }

    #[test]
    fn options_are_described_in_words() {
        assert_eq!(
            ParseRequest::document("", false).options_description(),
            "document, scripting off"
        );
        let request = ParseRequest::fragment("", FragmentContext::parse("math mi").unwrap(), true);
        assert_eq!(
            request.options_description(),
            "fragment math mi, scripting on"
        );
        assert_eq!(request.with_input("x").fragment, request.fragment);
    }
}
