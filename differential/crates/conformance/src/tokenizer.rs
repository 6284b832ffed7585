//! html5lib tokenizer `.test` files against the reference tokenizer, or against any
//! engine's tokenizer ([`Engine::tokenize`]).
//!
//! Each case runs once per initial state (with its last start tag): the tokens
//! (adjacent characters joined, attributes as a set) and the parse errors (code, line,
//! column, in order) must equal the expected ones. Strings are compared as UTF-16 code
//! units, so that `doubleEscaped` cases with lone surrogates compare exactly. Only the
//! `tests` list of a file is run (`xmlViolationTests` are for XML-coercing
//! tokenizers).
//!
//! The html5lib snapshot predates processing instructions (2026): its cases with `<?`
//! expect a bogus comment. litmus's [`TokenizerUpdates`] give their 2026
//! expectations; a case that meets its update passes as an expected difference, one
//! that still meets its original expectation fails as stale.
//!
//! Two paths run a trial:
//!
//! - The reference's ([`TokenizerTrial::run`]) calls `litmus_parser::tokenizer`
//!   directly, on the case's generalized UTF-8, and compares tokens and errors. It
//!   stays apart from the one runner of tokenizers ([`tokenizers::run`]) for two
//!   reasons the runner cannot meet without growing: the runner's input is a Rust
//!   string, which cannot hold the lone surrogates of `doubleEscaped` cases, and its
//!   normalized tokens carry no parse errors, which the reference is checked on with
//!   their positions.
//! - Any other engine's ([`TokenizerTrial::run_tokens`]) goes through the one runner,
//!   which starts the engine's tokenizer at the case's [`TokenStart`] (its initial
//!   state and last start tag), and compares the tokens only: the runner gives no
//!   parse errors. An update that changes only the errors does not apply there. A
//!   case the runner cannot give the engine (an input with a lone surrogate, an
//!   initial state [`StartState`] does not name) is not run: it counts as
//!   [`Outcome::Unsupported`], apart from the passes and failures.
//!
//! [`list`] plans a file's trials without running them (the test suite makes one
//! libtest trial of each); [`TokenizerTrial::run`] runs one; [`run_tokenizer`] does
//! both for a whole file (`litmus conformance`), [`run_tokenizer_tokens`] with an
//! engine's tokenizer.

use super::files::{file_name, ConformanceError};
use super::outcome::{Outcome, Trial};
use super::tokenizer_expected::{
    coalesce, errors_of, tokens_of, units_of, Expectation, Token, Units,
};
use super::tokenizer_updates::{TokenizerUpdates, UPDATES_FILE};
use litmus_engines::engine::tokenizers::{self, StartState, Tok, TokenStart};
use litmus_engines::engine::Engine;
use litmus_parser::input::{decode_generalized_utf8, encode_generalized_utf8};
use litmus_parser::tokenizer::{tokenize_to_bytes, OwnedToken, State, TokenizerOptions};
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};

/// One trial of a `.test` file, planned: a case from one initial state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenizerTrial {
    /// `test1.test#3 "description" [Data state]`: the file, the case's 0-based index,
    /// its description, the initial state.
    pub name: String,
    /// The file's name (`test1.test`).
    pub file: String,
    /// The case's 0-based index in the file's `tests` list.
    pub index: usize,
    /// The initial state as html5lib names it (`RCDATA state`).
    pub state_name: String,
    state: State,
    /// Generalized UTF-8 (double-escaped cases hold lone surrogates).
    input: Vec<u8>,
    last_start_tag: Option<Vec<u8>>,
    expected: Expectation,
    /// litmus's 2026 expectation for the case, and its reason.
    update: Option<(Expectation, String)>,
}

/// A `.test` file's trials, planned.
#[derive(Clone, Debug, Default)]
pub struct TokenizerFile {
    pub trials: Vec<TokenizerTrial>,
    /// The updates of this file that name no case, or more than one: trials that
    /// failed already ([`Outcome::Stale`]).
    pub stale_updates: Vec<Trial>,
}

/// Reads a `.test` file and plans its trials, in file order, one per initial state.
/// A file that cannot be read or is malformed is an error naming the file (and the
/// line, for JSON syntax).
pub fn list(path: &Path, updates: &TokenizerUpdates) -> Result<TokenizerFile, ConformanceError> {
    let error = |message: String| ConformanceError {
        file: path.to_path_buf(),
        line: None,
        message,
    };
    let text =
        litmus_engines::limits::read_text_file(path, litmus_engines::limits::MAX_DATA_FILE_BYTES)
            .map_err(|e| error(format!("cannot be read as UTF-8 text: {e}")))?;
    let json: Value = serde_json::from_str(&text).map_err(|e| ConformanceError {
        file: path.to_path_buf(),
        line: Some(e.line()),
        message: format!("is not JSON: {e}"),
    })?;
    let cases = match json.get("tests") {
        Some(Value::Array(cases)) => cases.as_slice(),
        Some(_) => return Err(error("its \"tests\" is not a list".into())),
        None if json.get("xmlViolationTests").is_some() => &[],
        None => return Err(error("has no \"tests\" list".into())),
    };
    let file = file_name(path);
    let mut cases_per_update = vec![0usize; updates.len()];
    let mut trials = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        let bad = |message: String| error(format!("case {index}: {message}"));
        let description = case["description"].as_str().unwrap_or_default();
        let input_text = case["input"]
            .as_str()
            .ok_or_else(|| bad("no \"input\" string".into()))?;
        let double_escaped = case["doubleEscaped"].as_bool().unwrap_or(false);
        let input = generalized_utf8(&units_of(input_text, double_escaped).0);
        let expected = Expectation {
            tokens: tokens_of(&case["output"], double_escaped).map_err(bad)?,
            errors: errors_of(&case["errors"]),
        };
        let update = updates.find(&file, description, input_text);
        if let Some(i) = update {
            cases_per_update[i] += 1;
        }
        let last_start_tag = case["lastStartTag"].as_str().map(|s| s.as_bytes().to_vec());
        let states: Vec<&str> = match case.get("initialStates") {
            Some(Value::Array(states)) => states.iter().filter_map(Value::as_str).collect(),
            _ => vec!["Data state"],
        };
        for state_name in states {
            let state = State::from_html5lib_name(state_name)
                .ok_or_else(|| bad(format!("unknown initial state {state_name:?}")))?;
            trials.push(TokenizerTrial {
                name: format!("{file}#{index} {description:?} [{state_name}]"),
                file: file.clone(),
                index,
                state_name: state_name.to_owned(),
                state,
                input: input.clone(),
                last_start_tag: last_start_tag.clone(),
                expected: expected.clone(),
                update: update.map(|i| updates.expectation(i)),
            });
        }
    }
    let stale_updates = updates.naming_no_case(&file, &cases_per_update);
    Ok(TokenizerFile {
        trials,
        stale_updates,
    })
}

impl TokenizerTrial {
    /// Tokenizes the input from the initial state and compares the tokens and errors
    /// with the case's expectation, or with its update.
    pub fn run(&self) -> Trial {
        let started = Instant::now();
        let actual = tokenize_case(&self.input, self.state, self.last_start_tag.clone());
        let duration = started.elapsed();
        let update = self.update.as_ref().map(|(updated, _)| updated);
        let stale = format!(
            "the case meets its original expectation, yet {UPDATES_FILE} updates it: remove the update"
        );
        let outcome = compared(&actual, &self.expected, update, stale);
        self.trial(outcome, self.update.is_some(), duration)
    }

    /// Tokenizes the input with `engine`'s tokenizer through the one runner
    /// ([`tokenizers::run`]), from the initial state with the last start tag, and
    /// compares the tokens (not the errors: the runner gives none) with the case's, or
    /// with its update's where the update changes the tokens. Not run
    /// ([`Outcome::Unsupported`]) where the runner cannot give the case to an engine, or
    /// the engine offers no tokenizer; a panic is an [`Outcome::EngineFailed`].
    pub fn run_tokens(&self, engine: &mut dyn Engine) -> Trial {
        let update = self
            .update
            .as_ref()
            .map(|(updated, _)| updated.tokens_only())
            .filter(|updated| updated.tokens != self.expected.tokens);
        let applies = update.is_some();
        let Some(start) = self.token_start() else {
            let message = format!(
                "not run: the tokenizer runner cannot start a tokenizer in the {}",
                self.state_name
            );
            return self.trial(Outcome::Unsupported(message), applies, Duration::ZERO);
        };
        let Ok(input) = std::str::from_utf8(&self.input) else {
            let message = "not run: the input holds a lone surrogate (a doubleEscaped case), which the tokenizer runner's input, a string, cannot hold".to_owned();
            return self.trial(Outcome::Unsupported(message), applies, Duration::ZERO);
        };
        let started = Instant::now();
        let tokens = litmus_engines::worker::catch(|| Ok(tokenizers::run(engine, input, &start)));
        let duration = started.elapsed();
        let outcome = match tokens {
            Ok(Some(tokens)) => {
                let actual = Expectation {
                    tokens: coalesce(tokens.into_iter().filter_map(token_of_tok).collect()),
                    errors: Vec::new(),
                };
                let stale = format!(
                    "{} gives the tokens the file expects, which the standard of 2026 no longer gives (updated in {UPDATES_FILE})",
                    engine.name()
                );
                compared(
                    &actual,
                    &self.expected.tokens_only(),
                    update.as_ref(),
                    stale,
                )
            }
            Ok(None) => Outcome::Unsupported(format!(
                "not run: the engine {} offers no tokenizer",
                engine.name()
            )),
            Err(failure) => Outcome::EngineFailed(failure),
        };
        self.trial(outcome, applies, duration)
    }

    /// Where the runner starts a tokenizer for this trial: its initial state, if
    /// [`StartState`] names it, and its last start tag.
    fn token_start(&self) -> Option<TokenStart> {
        let state = match self.state {
            State::Data => StartState::Data,
            State::Rcdata => StartState::Rcdata,
            State::Rawtext => StartState::Rawtext,
            State::ScriptData => StartState::ScriptData,
            State::Plaintext => StartState::Plaintext,
            State::CdataSection => StartState::CdataSection,
            _ => return None,
        };
        let last_start_tag = self
            .last_start_tag
            .as_ref()
            .map(|tag| String::from_utf8_lossy(tag).into_owned());
        Some(TokenStart {
            state,
            last_start_tag,
            foreign: false,
        })
    }

    /// The trial's report of `outcome`; `update_applies` says whether litmus's
    /// update of the case was the expectation.
    fn trial(&self, outcome: Outcome, update_applies: bool, duration: Duration) -> Trial {
        Trial {
            name: self.name.clone(),
            file: self.file.clone(),
            index: self.index,
            line: 0,
            options: self.state_name.clone(),
            input: String::from_utf8_lossy(&self.input).into_owned(),
            outcome,
            listed_reason: self
                .update
                .as_ref()
                .filter(|_| update_applies)
                .map(|(_, reason)| reason.clone()),
            duration,
        }
    }
}

/// How `actual` compares with the case's `expected` and litmus's `update` of it, if
/// any: a case with an update passes (as an expected difference) only by meeting the
/// update, and meeting the original instead is [`Outcome::Stale`] with `stale`.
fn compared(
    actual: &Expectation,
    expected: &Expectation,
    update: Option<&Expectation>,
    stale: String,
) -> Outcome {
    match update {
        None if actual == expected => Outcome::Passed,
        None => Outcome::Failed {
            expected: expected.render(),
            actual: actual.render(),
        },
        Some(_) if actual == expected => Outcome::Stale { message: stale },
        Some(updated) if actual == updated => Outcome::ExpectedDifference,
        Some(updated) => Outcome::Failed {
            expected: updated.render(),
            actual: actual.render(),
        },
    }
}

/// Runs every case of a tokenizer `.test` file with the reference tokenizer, then
/// adds the file's updates that name no case (or several).
pub fn run_tokenizer(
    path: &Path,
    updates: &TokenizerUpdates,
) -> Result<Vec<Trial>, ConformanceError> {
    let planned = list(path, updates)?;
    let mut trials: Vec<Trial> = planned.trials.iter().map(TokenizerTrial::run).collect();
    trials.extend(planned.stale_updates);
    Ok(trials)
}

/// Runs every case of a tokenizer `.test` file with `engine`'s tokenizer, tokens only
/// ([`TokenizerTrial::run_tokens`]), then adds the file's updates that name no case
/// (or several).
pub fn run_tokenizer_tokens(
    path: &Path,
    updates: &TokenizerUpdates,
    engine: &mut dyn Engine,
) -> Result<Vec<Trial>, ConformanceError> {
    let planned = list(path, updates)?;
    let mut trials: Vec<Trial> = planned
        .trials
        .iter()
        .map(|t| t.run_tokens(engine))
        .collect();
    trials.extend(planned.stale_updates);
    Ok(trials)
}

fn tokenize_case(input: &[u8], state: State, last_start_tag: Option<Vec<u8>>) -> Expectation {
    let options = TokenizerOptions {
        initial_state: state,
        last_start_tag,
        deadline: None,
    };
    let output = tokenize_to_bytes(input, options);
    Expectation {
        tokens: coalesce(output.tokens.into_iter().map(token_of).collect()),
        errors: output
            .errors
            .iter()
            .map(|e| format!("{}:{} {}", e.line, e.column, e.code.as_str()))
            .collect(),
    }
}

/// UTF-16 as generalized UTF-8 (lone surrogates kept), the tokenizer's input.
fn generalized_utf8(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(units.len());
    for c in char::decode_utf16(units.iter().copied()) {
        let code_point = match c {
            Ok(c) => u32::from(c),
            Err(lone) => u32::from(lone.unpaired_surrogate()),
        };
        encode_generalized_utf8(code_point, &mut out);
    }
    out
}

/// Generalized UTF-8 as UTF-16.
fn units_of_bytes(bytes: &[u8]) -> Units {
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while !rest.is_empty() {
        let (code_point, length) = decode_generalized_utf8(rest);
        let c = code_point.unwrap_or(0xFFFD);
        if c >= 0x1_0000 {
            let c = c - 0x1_0000;
            out.push(0xD800 | (c >> 10) as u16);
            out.push(0xDC00 | (c & 0x3FF) as u16);
        } else {
            out.push(c as u16);
        }
        rest = &rest[length.clamp(1, rest.len())..];
    }
    Units(out)
}

fn token_of(token: OwnedToken<Vec<u8>>) -> Token {
    let string = |bytes: Vec<u8>| units_of_bytes(&bytes);
    match token {
        OwnedToken::Doctype {
            name,
            public_id,
            system_id,
            force_quirks,
        } => Token::Doctype {
            name: name.map(string),
            public_id: public_id.map(string),
            system_id: system_id.map(string),
            correctness: !force_quirks,
        },
        OwnedToken::StartTag {
            name,
            attributes,
            self_closing,
        } => Token::StartTag {
            name: string(name),
            attributes: attributes
                .into_iter()
                .map(|(name, value)| (string(name), string(value)))
                .collect(),
            self_closing,
        },
        OwnedToken::EndTag { name } => Token::EndTag(string(name)),
        OwnedToken::Comment(data) => Token::Comment(string(data)),
        OwnedToken::Characters(data) => Token::Character(string(data)),
        OwnedToken::ProcessingInstruction { target, data } => Token::ProcessingInstruction {
            target: string(target),
            data: string(data),
        },
    }
}

/// A runner's token as html5lib tests write it; `None` for the end of the stream,
/// which the tests do not write.
fn token_of_tok(token: Tok) -> Option<Token> {
    let string = |text: String| Units(text.encode_utf16().collect());
    Some(match token {
        Tok::Doctype {
            name,
            public_id,
            system_id,
            force_quirks,
        } => Token::Doctype {
            name: name.map(string),
            public_id: public_id.map(string),
            system_id: system_id.map(string),
            correctness: !force_quirks,
        },
        // The runner keeps the first of repeated attribute names, as the standard does.
        Tok::StartTag {
            name,
            attributes,
            self_closing,
        } => Token::StartTag {
            name: string(name),
            attributes: attributes
                .into_iter()
                .map(|(name, value)| (string(name), string(value)))
                .collect(),
            self_closing,
        },
        Tok::EndTag(name) => Token::EndTag(string(name)),
        Tok::Comment(data) => Token::Comment(string(data)),
        Tok::Characters(data) => Token::Character(string(data)),
        Tok::ProcessingInstruction { target, data } => Token::ProcessingInstruction {
            target: string(target),
            data: string(data),
        },
        Tok::Eof => return None,
    })
}
