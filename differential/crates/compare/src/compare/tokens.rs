//! The token level: tokenizers' token streams, from the states a tree builder starts
//! them in.
//!
//! Three tokenizers read the same input: the reference's
//! (`litmus_parser::tokenizer::Tokenizer`, driven as its `tokenize` drives it, with
//! a sink that allows CDATA sections in foreign content), html5ever's
//! (`html5ever::tokenizer`, with `TokenizerOpts { initial_state,
//! last_start_tag_name }`) and html5gum's (its
//! `CallbackEmitter`, with `set_state` and the emitter's `set_last_start_tag`). No
//! tree builder runs. Each is an engine's tokenizer (`Engine::tokenize`: the `litmus`
//! and `html5ever` engines', and html5gum's tokenizer-only engine), named by
//! [`Tokenizer`] and run by the one runner, `engine::tokenizers::run`. Each
//! tokenizer stays in the state it starts in until its own
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

pub use litmus_engines::engine::tokenizers::{
    input_stream, parse_rendered, render, tokenize, tokens_answer, unsupported, StartState, Stream,
    Tok, TokenStart, Tokenizer,
};

use super::divergence::{Detail, Divergence, Side};
use super::level::{label, Archived, BatchEngines, CaseAnswers, Level, LevelRules, Recheck};
use crate::signature::{failure_signature, first_line_difference, Kind, Part, Signature};
use litmus_engines::case::{ParseRequest, ParseResult};
use litmus_engines::engine::Engine;
use std::fmt::Write as _;

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
    Signature::new(
        Kind::Level(Level::Tokens),
        [
            Part::labelled("litmus", l.kind()),
            Part::labelled(other, &right_word),
            Part::labelled(Part::PARENT, &start.state_words()),
        ],
    )
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
            engine: "litmus".into(),
            result: left.clone(),
        },
        right: Side {
            engine: tokenizer.name().into(),
            result: right,
        },
        first_difference,
        signature,
        engine: engine.into(),
        detail: Detail::Start(start.clone()),
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
    let start = divergence.detail.start()?;
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

impl Level {
    /// The reference tokenizer's token stream against html5ever's and html5gum's,
    /// from the states a tree builder starts a tokenizer in.
    #[allow(non_upper_case_globals)]
    pub const Tokens: Level = Level::named("tokens");
}

pub struct TokensLevel;

impl LevelRules for TokensLevel {
    fn level(&self) -> Level {
        Level::Tokens
    }

    /// Each case's tokens from its start points: one comparison.
    fn compare(&self, batch: &mut [CaseAnswers], engines: &mut dyn BatchEngines) {
        engines.per_case(batch, &mut |case, reference, other| {
            let found = compare_tokens(&case.request, reference, other);
            case.compared_once(Level::Tokens, found);
        });
    }

    fn rerun(
        &self,
        divergence: &Divergence,
        input: &str,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Vec<Divergence> {
        rerun(divergence, input, reference, other)
            .into_iter()
            .collect()
    }

    /// The reference tokenizer and the one that showed it (html5ever's or html5gum's,
    /// whatever the other engine is) tokenize the input from the recorded start
    /// point, each in its engine's worker.
    fn recheck_archived(
        &self,
        archived: &Archived<'_>,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Recheck {
        let finding = archived.finding;
        let Some(tokenizer) = Tokenizer::named(&finding.engine).filter(|t| *t != Tokenizer::Litmus)
        else {
            return Recheck::Skipped(format!("found with {}", finding.engine));
        };
        let Some(start) = finding.field("start").and_then(TokenStart::parse) else {
            return Recheck::Skipped("a token finding without a readable `start:` field".into());
        };
        let input = &archived.request.input;
        let left = reference.tokens(Tokenizer::Litmus, input, &start);
        let right = other.tokens(tokenizer, input, &start);
        let found = token_divergence(archived.request, &start, tokenizer, &left, right);
        Recheck::of(found.as_ref(), archived.signature)
    }

    fn blocks(&self, shown: &Divergence, left: &str, right: &str) -> Vec<(String, String)> {
        vec![
            (label(&shown.right, "tokens"), right.to_owned()),
            (label(&shown.left, "tokens"), left.to_owned()),
        ]
    }

    fn fields(&self, shown: &Divergence) -> Vec<(String, String)> {
        match shown.detail.start() {
            Some(start) => vec![("start".into(), start.to_string())],
            None => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
