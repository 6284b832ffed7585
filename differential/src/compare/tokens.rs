//! The token level: tokenizers' token streams, from the states a tree builder starts
//! them in.
//!
//! Three tokenizers read the same input: the reference's
//! (`litmus_parser::tokenizer::Tokenizer`, driven as its `tokenize` drives it, with
//! a sink that allows CDATA sections in foreign content), html5ever's
//! (`html5ever::tokenizer`, with `TokenizerOpts { initial_state,
//! last_start_tag_name }`) and html5gum's (its
//! `CallbackEmitter`, with `set_state` and the emitter's `set_last_start_tag`). No
//! tree builder runs: each tokenizer stays in the state it starts in until its own
//! rules move it, so a difference is a tokenizer's. In foreign content each is told
//! that the adjusted current node is not in the HTML namespace, for every token.
//!
//! **Start points.** [`start_points`] gives each case three, deterministically from
//! its input: the data state, then two of [`STARTS`] (RCDATA, RAWTEXT, script data,
//! PLAINTEXT, the CDATA section state, each with the last start tag a tree builder
//! would have emitted, or none as in a fragment parse; and the data state in foreign
//! content, where `<![CDATA[` opens a CDATA section), those whose end tag the input
//! holds first, in an order a hash of the input rotates.
//!
//! **Normalization.** Every tokenizer reads the preprocessed input stream (CR LF and
//! lone CR turned into LF by `litmus_parser::input::preprocess`), so newline
//! handling is out of the comparison; a U+0000 is kept wherever a tokenizer passes it
//! on (html5ever's `NullCharacterToken` is the character U+0000). Each stream becomes a [`Tok`] list:
//! adjacent character tokens merged into one run, attributes in source order with a
//! repeated name dropped (the first wins, as the attribute name state says), the
//! self-closing flag, a DOCTYPE's name, public and system identifiers (each possibly
//! missing) and force-quirks flag, comments, processing instructions (the reference
//! alone has them), and an `EOF` line where the stream ended. Parse errors are not
//! compared. [`render`] writes one line per token; the lines are the divergence's two
//! sides.
//!
//! **The signature** names the first differing token's kind on each side (with what
//! differs when the kinds agree) and the start point's state, never the text:
//! `tokens | litmus: StartTag | html5ever: Character | in: RCDATA`, `tokens | litmus:
//! Character | html5gum: Character (text differs at &) | in: data in foreign
//! content`. A tokenizer that panics gives the failure's signature (`crash |
//! html5gum: panic …`).
//!
//! **Minimization** keeps the signature ([`rerun`]): a candidate input is tokenized
//! from the divergence's start point by the reference and the tokenizer that showed
//! it.

use super::{Divergence, Side};
use crate::case::{EngineFailure, EngineOutput, Level, ParseRequest, ParseResult};
use crate::engine::Engine;
use crate::signature::{failure_signature, first_line_difference, Signature};
use serde::{Deserialize, Serialize};
use std::fmt::{self, Write as _};

/// A tokenizer the token level runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tokenizer {
    /// The reference: `litmus_parser::tokenizer`.
    Litmus,
    /// html5ever's `tokenizer::Tokenizer`.
    Html5ever,
    /// html5gum's `Tokenizer`, without a tree builder.
    Html5gum,
}

impl Tokenizer {
    /// The tokenizers compared with the reference's.
    pub const OTHERS: [Tokenizer; 2] = [Tokenizer::Html5ever, Tokenizer::Html5gum];

    /// `litmus`, `html5ever`, `html5gum`: its side's label, and the engine of its
    /// findings.
    pub fn name(self) -> &'static str {
        match self {
            Tokenizer::Litmus => "litmus",
            Tokenizer::Html5ever => "html5ever",
            Tokenizer::Html5gum => "html5gum",
        }
    }

    /// The tokenizer named `name`, if there is one.
    pub fn named(name: &str) -> Option<Tokenizer> {
        [Tokenizer::Litmus, Tokenizer::Html5ever, Tokenizer::Html5gum]
            .into_iter()
            .find(|t| t.name() == name)
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

/// The start points a case may get besides the data state: each state a tree builder
/// switches to, with the start tags that switch to it (and none, as the fragment
/// parsing algorithm starts a tokenizer in a context element's state without one),
/// and the data state in foreign content, after an `svg` start tag.
pub const STARTS: [(StartState, Option<&str>); 15] = [
    (StartState::Rcdata, Some("title")),
    (StartState::Rcdata, Some("textarea")),
    (StartState::Rcdata, None),
    (StartState::Rawtext, Some("style")),
    (StartState::Rawtext, Some("xmp")),
    (StartState::Rawtext, Some("iframe")),
    (StartState::Rawtext, Some("noembed")),
    (StartState::Rawtext, Some("noframes")),
    (StartState::Rawtext, Some("noscript")),
    (StartState::Rawtext, None),
    (StartState::ScriptData, Some("script")),
    (StartState::ScriptData, None),
    (StartState::Plaintext, Some("plaintext")),
    (StartState::CdataSection, None),
    (StartState::Data, Some("svg")),
];

/// The start point of an entry of [`STARTS`]: the data state there is the one of
/// foreign content (the only reason to list it).
pub fn start_of(state: StartState, tag: Option<&str>) -> TokenStart {
    TokenStart {
        state,
        last_start_tag: tag.map(str::to_owned),
        foreign: state == StartState::Data,
    }
}

/// How many start points of [`STARTS`] a case gets besides the data state.
pub const STARTS_PER_CASE: usize = 2;

/// The start points of `input`: the data state, then [`STARTS_PER_CASE`] of
/// [`STARTS`], those whose end tag (`</title`, any case; for foreign content,
/// `<![CDATA[`) the input holds first, each
/// group in the order of [`STARTS`] rotated by a hash of the input.
pub fn start_points(input: &str) -> Vec<TokenStart> {
    let lower = input.to_ascii_lowercase();
    let turn = (fnv(input.as_bytes()) % STARTS.len() as u64) as usize;
    let rotated = STARTS.iter().cycle().skip(turn).take(STARTS.len());
    let holds_end_tag = |state: StartState, tag: Option<&str>| match state {
        StartState::Data => lower.contains("<![cdata["),
        _ => tag.is_some_and(|t| lower.contains(&format!("</{t}"))),
    };
    let (mut chosen, rest): (Vec<_>, Vec<_>) =
        rotated.partition(|(state, tag)| holds_end_tag(*state, *tag));
    chosen.extend(rest);
    let mut points = vec![TokenStart::data()];
    points.extend(
        chosen
            .into_iter()
            .take(STARTS_PER_CASE)
            .map(|&(state, tag)| start_of(state, tag)),
    );
    points
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

/// `tokenizer`'s normalized tokens of `input` (preprocessed here) from `start`.
pub fn tokenize(tokenizer: Tokenizer, input: &str, start: &TokenStart) -> Vec<Tok> {
    let stream = input_stream(input);
    match tokenizer {
        Tokenizer::Litmus => run::litmus(&stream, start),
        Tokenizer::Html5ever => run::html5ever(&stream, start),
        Tokenizer::Html5gum => run::html5gum(&stream, start),
    }
}

/// [`tokenize`] as an engine answer: the rendered tokens as its `tree`. A panic is
/// the caller's to catch (a case worker's `WatchedEngine` and an engine worker's
/// serving loop do).
pub fn tokens_answer(tokenizer: Tokenizer, input: &str, start: &TokenStart) -> ParseResult {
    let tokens = tokenize(tokenizer, input, start);
    Ok(EngineOutput {
        tree: render(&tokens),
        serialization: None,
    })
}

mod run;

/// `tokens | litmus: StartTag | html5ever: Characters | in: RCDATA`: the kinds of the
/// first differing tokens (the right one's with what differs when the kinds agree)
/// and the start state.
pub fn token_signature(other: &str, left: &[Tok], right: &[Tok], start: &TokenStart) -> Signature {
    let index = (0..left.len().max(right.len()))
        .find(|&i| left.get(i) != right.get(i))
        .unwrap_or(0);
    let l = left.get(index).unwrap_or(&Tok::Eof);
    let r = right.get(index).unwrap_or(&Tok::Eof);
    let mut right_word = r.kind().to_owned();
    if l.kind() == r.kind() {
        let _ = write!(right_word, " ({})", what_differs(l, r));
    }
    Signature::from_text(format!(
        "tokens | litmus: {} | {other}: {right_word} | in: {}",
        l.kind(),
        start.state_words()
    ))
}

/// What differs between two tokens of one kind, in words.
fn what_differs(left: &Tok, right: &Tok) -> String {
    match (left, right) {
        (
            Tok::Doctype {
                name: ln,
                public_id: lp,
                system_id: ls,
                ..
            },
            Tok::Doctype {
                name: rn,
                public_id: rp,
                system_id: rs,
                ..
            },
        ) => {
            if ln != rn {
                "name".into()
            } else if lp != rp {
                "public identifier".into()
            } else if ls != rs {
                "system identifier".into()
            } else {
                "force-quirks".into()
            }
        }
        (
            Tok::StartTag {
                name: ln,
                attributes: la,
                ..
            },
            Tok::StartTag {
                name: rn,
                attributes: ra,
                ..
            },
        ) => {
            if ln != rn {
                format!("name differs at {}", text_difference(ln, rn))
            } else if la.len() != ra.len() {
                "attribute count".into()
            } else if let Some(((n1, v1), (n2, v2))) = la.iter().zip(ra).find(|(a, b)| a != b) {
                if n1 != n2 {
                    format!("attribute name differs at {}", text_difference(n1, n2))
                } else {
                    format!("attribute value differs at {}", text_difference(v1, v2))
                }
            } else {
                "self-closing".into()
            }
        }
        (Tok::EndTag(l), Tok::EndTag(r)) => format!("name differs at {}", text_difference(l, r)),
        (Tok::Comment(l), Tok::Comment(r)) | (Tok::Characters(l), Tok::Characters(r)) => {
            format!("text differs at {}", text_difference(l, r))
        }
        (
            Tok::ProcessingInstruction { target: lt, .. },
            Tok::ProcessingInstruction { target: rt, .. },
        ) if lt != rt => "target".into(),
        _ => "data".into(),
    }
}

/// The class of the left text's character where the two texts first differ: `&`,
/// `<`, `>`, `U+0000`, `U+FFFD`, `whitespace`, `letter`, `digit`, `other`, or `end`
/// where the left text ends first.
fn text_difference(left: &str, right: &str) -> &'static str {
    let mismatch = left
        .chars()
        .zip(right.chars())
        .find(|(l, r)| l != r)
        .map(|(l, _)| l);
    let c = match mismatch {
        Some(c) => c,
        None if left.chars().count() > right.chars().count() => {
            left.chars().nth(right.chars().count()).unwrap_or(' ')
        }
        None => return "end",
    };
    match c {
        '&' => "&",
        '<' => "<",
        '>' => ">",
        '\0' => "U+0000",
        '\u{FFFD}' => "U+FFFD",
        c if c.is_whitespace() => "whitespace",
        c if c.is_alphabetic() => "letter",
        c if c.is_numeric() => "digit",
        _ => "other",
    }
}

/// The token divergences of `request`'s input: from each of [`start_points`], the
/// reference's tokens (through `reference`) against each of [`Tokenizer::OTHERS`]'s
/// (through `other`). The engines only carry the tokenizers (so that they run where
/// the engines run, a worker); their own parsers take no part.
pub fn compare_tokens(
    request: &ParseRequest,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Vec<Divergence> {
    let mut divergences = Vec::new();
    for start in start_points(&request.input) {
        let left = reference.tokens(Tokenizer::Litmus, &request.input, &start);
        for tokenizer in Tokenizer::OTHERS {
            let right = other.tokens(tokenizer, &request.input, &start);
            divergences.extend(token_divergence(request, &start, tokenizer, &left, right));
        }
    }
    divergences
}

/// The divergence of two tokenizers' answers from `start`, if they differ.
pub fn token_divergence(
    request: &ParseRequest,
    start: &TokenStart,
    tokenizer: Tokenizer,
    left: &ParseResult,
    right: ParseResult,
) -> Option<Divergence> {
    let (signature, first_difference, engine) = match (left, &right) {
        (Err(failure), _) => (failure_signature("litmus", failure), None, "litmus"),
        (_, Err(failure)) => (
            failure_signature(tokenizer.name(), failure),
            None,
            tokenizer.name(),
        ),
        (Ok(l), Ok(r)) => {
            if l.tree == r.tree {
                return None;
            }
            let signature = token_signature(
                tokenizer.name(),
                &parse_rendered(&l.tree),
                &parse_rendered(&r.tree),
                start,
            );
            (
                signature,
                first_line_difference(&l.tree, &r.tree),
                tokenizer.name(),
            )
        }
    };
    Some(Divergence {
        level: Level::Tokens,
        request: request.clone(),
        left: Side {
            engine: "litmus".to_owned(),
            result: left.clone(),
        },
        right: Side {
            engine: tokenizer.name().to_owned(),
            result: right,
        },
        first_difference,
        signature,
        engine: engine.to_owned(),
        splits: Vec::new(),
        start: Some(start.clone()),
    })
}

/// The minimizer's re-run of a token divergence on another input: the reference and
/// the tokenizer that showed it, from the same start point.
pub fn rerun(
    divergence: &Divergence,
    input: &str,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Option<Divergence> {
    let start = divergence.start.as_ref()?;
    let tokenizer = Tokenizer::named(&divergence.right.engine)?;
    let request = divergence.request.with_input(input);
    let left = reference.tokens(Tokenizer::Litmus, input, start);
    let right = other.tokens(tokenizer, input, start);
    token_divergence(&request, start, tokenizer, &left, right)
}

/// The input's FNV-1a hash: the seed of [`start_points`]' order.
fn fnv(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// A tokenizer answer that failed, for engines that carry no tokenizers.
pub fn unsupported() -> ParseResult {
    Err(EngineFailure::Unsupported {
        message: "this engine runs no tokenizers".to_owned(),
    })
}

#[cfg(test)]
mod tests;
