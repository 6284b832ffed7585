//! litmus-engine-api: what a Rust HTML parser implements to be tested by litmus.
//!
//! litmus compares HTML parsers ("engines") with its reference parser, case by case,
//! in worker processes that a crashing or hanging engine cannot take down. A Rust
//! parser joins it with no process protocol to write:
//!
//! 1. implement [`Engine`] for a type of yours: a name, a version, and [`Engine::parse`],
//!    which turns a [`Request`] (a document, or a fragment with its [`Context`]
//!    element, and the scripting flag) into an [`Output`]: the html5lib tree dump
//!    ([`dump`] writes it from any tree) and, optionally, your serialization;
//! 2. make a binary whose `main` is `litmus_engine_api::serve(YourEngine)` (the template
//!    crate `examples/engines/rust-template` is one);
//! 3. run `litmus run --engine cmd:path/to/your-binary`.
//!
//! [`serve`] speaks litmus's persistent engine protocol, version 2 (`docs/engines.md`),
//! on standard input and output. litmus starts the binary from inside one of its
//! worker processes, under a memory limit (4 GiB of address space unless litmus's
//! `--engine-memory-limit` says otherwise) and in a process group of its
//! own, kills it past the time limit, and restarts it after a crash; [`serve`] runs the
//! engine on a thread with a 256 MiB stack and catches a panic per request, answering
//! it as a panic with its message and location, as the built-in engines' workers do.
//!
//! The parts:
//!
//! - [`Engine`], [`Request`], [`Context`], [`Namespace`], [`Output`], [`Unsupported`]:
//!   the trait and its vocabulary.
//! - [`serve`] and [`serve_on`]: the program side of the persistent protocol.
//! - [`dump`]: the html5lib tree dump of any tree, through the small [`dump::Tree`]
//!   trait.
//! - [`frame`]: the one frame codec (4-byte length, payload) of litmus's workers and
//!   persistent engines, shared with litmus itself.
//! - [`panic`]: a panic caught with its message and location.

pub mod dump;
pub mod frame;
pub mod panic;
mod serve;

pub use self::serve::{serve, serve_on, Hello, WirePanic, WireParseError, WireReply, WireRequest};

use std::fmt;

/// The stack of the thread [`serve`] runs an engine on: a litmus worker's, so that deep
/// but legal inputs answer as they do for the built-in engines.
pub const ENGINE_STACK_BYTES: usize = 256 << 20;

/// The version of the persistent protocol [`serve`] speaks.
pub const PROTOCOL_VERSION: u32 = 2;

/// An HTML parser under test.
///
/// The contract:
///
/// - [`Engine::name`] is short and stable (ASCII letters, digits, `.`, `_`, `-`): it
///   is what litmus's `known-differences.toml` classes match. Name your binary after
///   it too: litmus names a `cmd:` engine after its program's file name.
/// - [`Engine::version`] says exactly what runs (`myparser 1.2.3`); reports and
///   archived findings record it.
/// - [`Engine::parse`] answers one request, deterministically: the same request gives
///   the same answer, whatever came before (litmus may send a request again to a new
///   process, or after a panic to the same one). Content never makes a conforming
///   engine fail: [`Unsupported`] is for an option the engine does not have (a
///   fragment context it cannot take) or an input over its own limit.
/// - Panics, stack overflows, aborts, hangs and runaway allocations are findings, not
///   errors to avoid: litmus isolates the engine and reports them.
/// - Write nothing to standard output: it carries the protocol. Standard error is
///   free-form; litmus keeps its end for crash reports.
pub trait Engine {
    /// The engine's name (`myparser`).
    fn name(&self) -> &str;
    /// What runs (`myparser 1.2.3`).
    fn version(&self) -> String;
    /// The tree (and serialization) for `request`.
    fn parse(&mut self, request: &Request) -> Result<Output, Unsupported>;
}

impl<E: Engine + ?Sized> Engine for &mut E {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn version(&self) -> String {
        (**self).version()
    }
    fn parse(&mut self, request: &Request) -> Result<Output, Unsupported> {
        (**self).parse(request)
    }
}

impl<E: Engine + ?Sized> Engine for Box<E> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn version(&self) -> String {
        (**self).version()
    }
    fn parse(&mut self, request: &Request) -> Result<Output, Unsupported> {
        (**self).parse(request)
    }
}

/// One parse: the input, a document or a fragment, and the scripting flag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The input, already decoded.
    pub input: String,
    /// `None` for a document; for a fragment, the context element of the HTML fragment
    /// parsing algorithm.
    pub context: Option<Context>,
    /// The scripting flag (for a fragment, also whether the context "allows
    /// scripting", which decides the tokenizer state in a `noscript` context).
    pub scripting: bool,
}

/// A fragment's context element: a namespace and a local name, with no attributes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Context {
    pub namespace: Namespace,
    pub local_name: String,
}

impl Context {
    /// Reads a context as html5lib tests write it: `td`, `svg path`, `math mi`. `None`
    /// for anything else.
    pub fn parse(text: &str) -> Option<Context> {
        let (namespace, local_name) = if let Some(name) = text.strip_prefix("svg ") {
            (Namespace::Svg, name)
        } else if let Some(name) = text.strip_prefix("math ") {
            (Namespace::MathMl, name)
        } else {
            (Namespace::Html, text)
        };
        if local_name.is_empty() || local_name.contains(|c: char| c.is_ascii_whitespace()) {
            return None;
        }
        Some(Context {
            namespace,
            local_name: local_name.to_owned(),
        })
    }
}

/// As html5lib tests write it: `td`, `svg path`, `math mi`.
impl fmt::Display for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.namespace {
            Namespace::Html => f.write_str(&self.local_name),
            Namespace::Svg => write!(f, "svg {}", self.local_name),
            Namespace::MathMl => write!(f, "math {}", self.local_name),
        }
    }
}

/// The namespaces a context element can be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Namespace {
    Html,
    Svg,
    MathMl,
}

impl Namespace {
    /// The namespace's URL (`http://www.w3.org/1999/xhtml`, …).
    pub fn url(self) -> &'static str {
        match self {
            Namespace::Html => dump::HTML_NAMESPACE,
            Namespace::Svg => dump::SVG_NAMESPACE,
            Namespace::MathMl => dump::MATHML_NAMESPACE,
        }
    }
}

/// An engine's answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output {
    /// The html5lib tree dump: of the Document's children, or of a fragment's nodes
    /// (the children of the fragment's `html` root) at depth 0. [`dump::dump_children`]
    /// writes it.
    pub tree: String,
    /// The engine's serialization of the same nodes (the HTML fragment serialization
    /// algorithm, template contents inside their template), or `None` without a
    /// serializer: litmus then skips the serialization and round-trip levels.
    pub html: Option<String>,
}

/// The engine cannot answer this request: an option it does not support, or an input
/// over its limit. litmus reports it as *unsupported*, not as a crash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    pub message: String,
}

impl Unsupported {
    pub fn new(message: impl Into<String>) -> Unsupported {
        Unsupported {
            message: message.into(),
        }
    }
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Unsupported {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contexts_read_and_write_as_html5lib_tests_write_them() {
        for text in ["td", "svg path", "math mi", "svg foreignObject"] {
            assert_eq!(Context::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(
            Context::parse("svg path"),
            Some(Context {
                namespace: Namespace::Svg,
                local_name: "path".into()
            })
        );
        for bad in ["", "xml x", "svg a b", "svg "] {
            assert_eq!(Context::parse(bad), None, "{bad:?}");
        }
    }
}
