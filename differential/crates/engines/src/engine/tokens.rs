//! The token streams of the token level: which tokenizer ([`Tokenizer`], a name on
//! the wire), from where ([`TokenStart`]), and the normalized tokens ([`Tok`]),
//! rendered one per line and read back. The vocabulary every engine's tokenizer
//! answers in (`contract.rs`), and what the runner (`tokenizers.rs`) and the
//! drivers of the three tokenizer libraries (`tokenize.rs`) make.

use crate::case::{EngineFailure, ParseResult};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A tokenizer the token level runs, by name: `litmus`, `html5ever` or `html5gum`.
/// A tokenizer is an engine's capability (`Engine::tokenize`); the name only says
/// which engine offers it (`Tokenizer::engine`, `tokenizers.rs`), and every run goes through
/// the one runner (`tokenizers::run`), whichever engine it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tokenizer(&'static str);

#[allow(non_upper_case_globals)]
impl Tokenizer {
    /// The reference's, offered by `LitmusEngine`: `litmus_parser::tokenizer`.
    pub const Litmus: Tokenizer = Tokenizer("litmus");
    /// html5ever's `tokenizer::Tokenizer`, offered by `Html5everEngine`.
    pub const Html5ever: Tokenizer = Tokenizer("html5ever");
    /// html5gum's `Tokenizer`, offered by `Html5gumTokenizer`.
    pub const Html5gum: Tokenizer = Tokenizer("html5gum");

    /// Every tokenizer the token level knows, the reference's first.
    pub const ALL: [Tokenizer; 3] = [Tokenizer::Litmus, Tokenizer::Html5ever, Tokenizer::Html5gum];

    /// The tokenizers compared with the reference's.
    pub const OTHERS: [Tokenizer; 2] = [Tokenizer::Html5ever, Tokenizer::Html5gum];

    /// `litmus`, `html5ever`, `html5gum`: its side's label, and the engine of its
    /// findings.
    pub fn name(self) -> &'static str {
        self.0
    }

    /// The tokenizer named `name`, if there is one.
    pub fn named(name: &str) -> Option<Tokenizer> {
        Tokenizer::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// On the wire (`worker::protocol`): the tokenizer's name.
impl Serialize for Tokenizer {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for Tokenizer {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Tokenizer::named(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown tokenizer {name:?}")))
    }
}

/// The states a tree builder switches a tokenizer to, and the data state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartState {
    Data,
    Rcdata,
    Rawtext,
    ScriptData,
    Plaintext,
    CdataSection,
}

impl StartState {
    const ALL: [StartState; 6] = [
        StartState::Data,
        StartState::Rcdata,
        StartState::Rawtext,
        StartState::ScriptData,
        StartState::Plaintext,
        StartState::CdataSection,
    ];

    /// The state as the standard names it, without "state": `data`, `RCDATA`, `script
    /// data`, `CDATA section`.
    pub fn as_str(self) -> &'static str {
        match self {
            StartState::Data => "data",
            StartState::Rcdata => "RCDATA",
            StartState::Rawtext => "RAWTEXT",
            StartState::ScriptData => "script data",
            StartState::Plaintext => "PLAINTEXT",
            StartState::CdataSection => "CDATA section",
        }
    }
}

/// Where a tokenizer starts: a state, the name of the last start tag emitted (the
/// one an end tag must match to be appropriate), if any, and whether it is in
/// foreign content.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenStart {
    pub state: StartState,
    pub last_start_tag: Option<String>,
    /// As in foreign content: there is an adjusted current node and it is not in the
    /// HTML namespace, so the markup declaration open state lets `<![CDATA[` open a
    /// CDATA section (otherwise a bogus comment).
    #[serde(default)]
    pub foreign: bool,
}

/// The [`TokenStart`] text's words for [`TokenStart::foreign`].
const IN_FOREIGN_CONTENT: &str = " in foreign content";

impl TokenStart {
    /// The data state, no start tag emitted, not in foreign content.
    pub fn data() -> TokenStart {
        TokenStart {
            state: StartState::Data,
            last_start_tag: None,
            foreign: false,
        }
    }

    /// The state's words in signatures: `RCDATA`, `data in foreign content`.
    pub fn state_words(&self) -> String {
        let foreign = if self.foreign { IN_FOREIGN_CONTENT } else { "" };
        format!("{}{foreign}", self.state.as_str())
    }

    /// Reads the [`Display`](fmt::Display) form back: `RCDATA, last start tag title`,
    /// `data`, `data in foreign content, last start tag svg`.
    pub fn parse(text: &str) -> Option<TokenStart> {
        let (state, tag) = match text.split_once(", last start tag ") {
            Some((state, tag)) => (state.trim(), Some(tag.trim().to_owned())),
            None => (text.trim(), None),
        };
        let (state, foreign) = match state.strip_suffix(IN_FOREIGN_CONTENT) {
            Some(state) => (state, true),
            None => (state, false),
        };
        let state = StartState::ALL.into_iter().find(|s| s.as_str() == state)?;
        Some(TokenStart {
            state,
            last_start_tag: tag,
            foreign,
        })
    }
}

impl fmt::Display for TokenStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.state_words())?;
        if let Some(tag) = &self.last_start_tag {
            write!(f, ", last start tag {tag}")?;
        }
        Ok(())
    }
}

/// A token, normalized (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    Doctype {
        name: Option<String>,
        public_id: Option<String>,
        system_id: Option<String>,
        force_quirks: bool,
    },
    StartTag {
        name: String,
        attributes: Vec<(String, String)>,
        self_closing: bool,
    },
    EndTag(String),
    Comment(String),
    Characters(String),
    ProcessingInstruction {
        target: String,
        data: String,
    },
    Eof,
}

impl Tok {
    /// The kind's word in renderings and signatures.
    pub fn kind(&self) -> &'static str {
        match self {
            Tok::Doctype { .. } => "DOCTYPE",
            Tok::StartTag { .. } => "StartTag",
            Tok::EndTag(_) => "EndTag",
            Tok::Comment(_) => "Comment",
            Tok::Characters(_) => "Character",
            Tok::ProcessingInstruction { .. } => "ProcessingInstruction",
            Tok::Eof => "EOF",
        }
    }
}

/// Builds a normalized stream: merges character runs, drops empty ones, drops a
/// start tag's repeated attribute names (the first wins).
#[derive(Default)]
pub struct Stream {
    tokens: Vec<Tok>,
}

impl Stream {
    pub fn push(&mut self, token: Tok) {
        match token {
            Tok::Characters(text) => self.push_characters(&text),
            Tok::StartTag {
                name,
                attributes,
                self_closing,
            } => {
                let mut kept: Vec<(String, String)> = Vec::with_capacity(attributes.len());
                for (name, value) in attributes {
                    if !kept.iter().any(|(n, _)| *n == name) {
                        kept.push((name, value));
                    }
                }
                self.tokens.push(Tok::StartTag {
                    name,
                    attributes: kept,
                    self_closing,
                });
            }
            other => self.tokens.push(other),
        }
    }

    pub fn push_characters(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        match self.tokens.last_mut() {
            Some(Tok::Characters(run)) => run.push_str(text),
            _ => self.tokens.push(Tok::Characters(text.to_owned())),
        }
    }

    /// The stream, ended by [`Tok::Eof`].
    pub fn finish(mut self) -> Vec<Tok> {
        self.tokens.push(Tok::Eof);
        self.tokens
    }
}

/// One line per token, in the JSON of html5lib-tests' tokenizer tests except that a
/// start tag's attributes are a list of pairs in source order:
/// `["StartTag","a",[["href","x"]],true]` (the last field is the self-closing flag),
/// `["Character","a\n"]`, `["DOCTYPE","html",null,null,true]` (name, public and
/// system identifiers, and *correctness*, the force-quirks flag's negation),
/// `["EndTag","a"]`, `["Comment","x"]`, `["ProcessingInstruction","t","d"]`, `["EOF"]`.
pub fn render(tokens: &[Tok]) -> String {
    // Tuples serialize as JSON arrays, written straight into the output.
    let mut out = Vec::new();
    for token in tokens {
        let line = &mut out;
        let written = match token {
            Tok::Doctype {
                name,
                public_id,
                system_id,
                force_quirks,
            } => serde_json::to_writer(
                line,
                &("DOCTYPE", name, public_id, system_id, !force_quirks),
            ),
            Tok::StartTag {
                name,
                attributes,
                self_closing,
            } => serde_json::to_writer(line, &("StartTag", name, attributes, self_closing)),
            Tok::EndTag(name) => serde_json::to_writer(line, &("EndTag", name)),
            Tok::Comment(text) => serde_json::to_writer(line, &("Comment", text)),
            Tok::Characters(text) => serde_json::to_writer(line, &("Character", text)),
            Tok::ProcessingInstruction { target, data } => {
                serde_json::to_writer(line, &("ProcessingInstruction", target, data))
            }
            Tok::Eof => serde_json::to_writer(line, &("EOF",)),
        };
        // Strings and booleans always serialize.
        debug_assert!(written.is_ok());
        out.push(b'\n');
    }
    String::from_utf8(out).unwrap_or_default()
}

/// Reads [`render`]'s lines back; a line it cannot read is an `EOF`.
pub fn parse_rendered(text: &str) -> Vec<Tok> {
    use serde_json::Value;
    let string = |v: Option<&Value>| v.and_then(Value::as_str).map(str::to_owned);
    text.lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).unwrap_or(Value::Null);
            let fields = value.as_array().cloned().unwrap_or_default();
            let text = |i: usize| string(fields.get(i)).unwrap_or_default();
            match fields.first().and_then(Value::as_str) {
                Some("DOCTYPE") => Tok::Doctype {
                    name: string(fields.get(1)),
                    public_id: string(fields.get(2)),
                    system_id: string(fields.get(3)),
                    force_quirks: fields.get(4).and_then(Value::as_bool) == Some(false),
                },
                Some("StartTag") => Tok::StartTag {
                    name: text(1),
                    attributes: fields
                        .get(2)
                        .and_then(Value::as_array)
                        .map(|pairs| {
                            pairs
                                .iter()
                                .map(|pair| {
                                    (
                                        string(pair.get(0)).unwrap_or_default(),
                                        string(pair.get(1)).unwrap_or_default(),
                                    )
                                })
                                .collect()
                        })
                        .unwrap_or_default(),
                    self_closing: fields.get(3).and_then(Value::as_bool) == Some(true),
                },
                Some("EndTag") => Tok::EndTag(text(1)),
                Some("Comment") => Tok::Comment(text(1)),
                Some("Character") => Tok::Characters(text(1)),
                Some("ProcessingInstruction") => Tok::ProcessingInstruction {
                    target: text(1),
                    data: text(2),
                },
                _ => Tok::Eof,
            }
        })
        .collect()
}

/// The input stream the tokenizers read: `input` preprocessed (newlines normalized).
pub fn input_stream(input: &str) -> String {
    let preprocessed = litmus_parser::input::preprocess(input.as_bytes());
    String::from_utf8_lossy(&preprocessed.bytes).into_owned()
}

/// A tokenizer answer that failed, for engines that carry no tokenizers.
pub fn unsupported() -> ParseResult {
    Err(EngineFailure::Unsupported {
        message: "this engine runs no tokenizers".to_owned(),
    })
}
