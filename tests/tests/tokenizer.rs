//! The html5lib tokenizer tests: one trial per (file, case, initial state).
//!
//! Each trial preprocesses and tokenizes the case's input from its initial state (with
//! its last start tag), and compares the tokens (adjacent character tokens coalesced,
//! attributes as a set) and the exact list of parse errors (code, line, column, in
//! order) with the expected ones. Strings are compared as UTF-16 code units, so that
//! `doubleEscaped` cases with lone surrogates compare exactly.
//!
//! The html5lib snapshot predates processing instructions (2026): its cases with `<?`
//! expect a bogus comment and `unexpected-question-mark-instead-of-tag-name`.
//! `tests/data/tokenizer-2026-updates.json` gives, for each of them, the expectation
//! under the 2026 standard with a reason. A listed case is checked against its update;
//! the run fails if an update names no case, or if the case still meets its original
//! expectation (the update is then stale).
//!
//! The closing line is `tokenizer: N passed, M failed`; an unfiltered run fails when
//! fewer than [`MINIMUM_CASES`] trials ran.

use libtest_mimic::{Arguments, Failed, Trial};
use litmus_parser::input::{decode_generalized_utf8, encode_generalized_utf8};
use litmus_parser::tokenizer::{tokenize_to_bytes, OwnedToken, State, TokenizerOptions};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// The (file, case, initial state) combinations of the html5lib snapshot's `tests`
/// lists (`xmlViolation.test` holds `xmlViolationTests`, for XML-coercing tokenizers,
/// and is not run).
const MINIMUM_CASES: usize = 7032;

/// The updates file, relative to this crate.
const UPDATES_FILE: &str = "data/tokenizer-2026-updates.json";

/// A string as UTF-16 code units, the way the html5lib tests count characters.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Utf16(Vec<u16>);

impl fmt::Debug for Utf16 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        for c in char::decode_utf16(self.0.iter().copied()) {
            match c {
                Ok(c) => write!(f, "{}", c.escape_debug())?,
                Err(lone) => write!(f, "\\u{{{:X}}}", lone.unpaired_surrogate())?,
            }
        }
        f.write_str("\"")
    }
}

/// A token in the html5lib format.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Html5libToken {
    Doctype {
        name: Option<Utf16>,
        public_id: Option<Utf16>,
        system_id: Option<Utf16>,
        correctness: bool,
    },
    StartTag {
        name: Utf16,
        attributes: BTreeMap<Utf16, Utf16>,
        self_closing: bool,
    },
    EndTag {
        name: Utf16,
    },
    Comment(Utf16),
    Character(Utf16),
    ProcessingInstruction {
        target: Utf16,
        data: Utf16,
    },
}

/// A parse error in the html5lib format.
#[derive(Clone, PartialEq, Eq)]
struct Html5libError {
    code: String,
    line: u64,
    col: u64,
}

impl fmt::Debug for Html5libError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{} {}", self.line, self.col, self.code)
    }
}

/// What a case expects.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Expectation {
    tokens: Vec<Html5libToken>,
    errors: Vec<Html5libError>,
}

/// One trial's data.
struct Case {
    input: Vec<u8>,
    state: State,
    last_start_tag: Option<Vec<u8>>,
    expected: Expectation,
    /// The 2026 expectation that replaces `expected`, with its reason.
    update: Option<(Expectation, String)>,
}

/// An entry of the updates file.
struct Update {
    file: String,
    description: String,
    input: String,
    reason: String,
    expected: Expectation,
}

fn main() {
    let args = Arguments::from_args();
    let updates = read_updates();
    let used = Arc::new(Mutex::new(vec![0usize; updates.len()]));
    let mut trials = Vec::new();
    for path in litmus_tests::data_files("tokenizer", "test") {
        trials.extend(trials_for_file(&path, &updates, &used));
    }
    trials.push(every_update_names_a_case(&updates, &used));

    let filtered = args.filter.is_some() || !args.skip.is_empty() || args.list;
    let conclusion = libtest_mimic::run(&args, trials);
    if args.list {
        return;
    }
    let minimum = if filtered { 0 } else { MINIMUM_CASES };
    litmus_tests::closing_line(
        "tokenizer",
        conclusion.num_passed as usize,
        conclusion.num_failed as usize,
        minimum,
    );
    conclusion.exit();
}

/// The trials of one `.test` file.
fn trials_for_file(path: &Path, updates: &[Update], used: &Arc<Mutex<Vec<usize>>>) -> Vec<Trial> {
    let file = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let json: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    let Some(cases) = json.get("tests").and_then(Value::as_array) else {
        return Vec::new();
    };
    let mut trials = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        let description = case["description"].as_str().unwrap_or_default();
        let raw_input = case["input"].as_str().unwrap_or_default();
        let double_escaped = case["doubleEscaped"].as_bool().unwrap_or(false);
        let input = generalized_utf8(&utf16_of(raw_input, double_escaped));
        let expected = Expectation {
            tokens: html5lib_tokens(&case["output"], double_escaped),
            errors: html5lib_errors(&case["errors"]),
        };
        let last_start_tag = case["lastStartTag"].as_str().map(|s| s.as_bytes().to_vec());
        let update_index = updates
            .iter()
            .position(|u| u.file == file && u.description == description && u.input == raw_input);
        let states: Vec<String> = match case.get("initialStates").and_then(Value::as_array) {
            Some(states) => states
                .iter()
                .filter_map(|s| s.as_str().map(str::to_owned))
                .collect(),
            None => vec!["Data state".to_owned()],
        };
        for state_name in states {
            let state = State::from_html5lib_name(&state_name)
                .unwrap_or_else(|| panic!("{file}#{index}: unknown state {state_name:?}"));
            if let Some(i) = update_index {
                used.lock().unwrap()[i] += 1;
            }
            let case = Case {
                input: input.clone(),
                state,
                last_start_tag: last_start_tag.clone(),
                expected: expected.clone(),
                update: update_index
                    .map(|i| (updates[i].expected.clone(), updates[i].reason.clone())),
            };
            let name = format!("tokenizer/{file}#{index} {description:?} [{state_name}]");
            trials.push(Trial::test(name, move || run_case(&case)));
        }
    }
    trials
}

/// Runs one case and compares.
fn run_case(case: &Case) -> Result<(), Failed> {
    let options = TokenizerOptions {
        initial_state: case.state,
        last_start_tag: case.last_start_tag.clone(),
        deadline: None,
    };
    let output = tokenize_to_bytes(&case.input, options);
    let actual = Expectation {
        tokens: coalesce(output.tokens.into_iter().map(html5lib_token_of).collect()),
        errors: output
            .errors
            .iter()
            .map(|e| Html5libError {
                code: e.code.as_str().to_owned(),
                line: e.line.into(),
                col: e.column.into(),
            })
            .collect(),
    };
    let (expected, reason) = match &case.update {
        Some((updated, reason)) => {
            if actual == case.expected {
                return Err(format!(
                    "stale update: the case meets its original expectation, yet {UPDATES_FILE} updates it ({reason})"
                )
                .into());
            }
            (updated, Some(reason))
        }
        None => (&case.expected, None),
    };
    if &actual == expected {
        return Ok(());
    }
    let mut message = String::new();
    if let Some(reason) = reason {
        message.push_str(&format!("(expectation from {UPDATES_FILE}: {reason})\n"));
    }
    message.push_str(&format!(
        "input:    {:?}\n",
        Utf16(utf16_of_bytes(&case.input))
    ));
    if actual.tokens != expected.tokens {
        message.push_str(&format!(
            "tokens:\n  expected {:?}\n  actual   {:?}\n",
            expected.tokens, actual.tokens
        ));
    }
    if actual.errors != expected.errors {
        message.push_str(&format!(
            "errors:\n  expected {:?}\n  actual   {:?}\n",
            expected.errors, actual.errors
        ));
    }
    Err(message.into())
}

/// The trial that fails when an update names no case (or more than one).
fn every_update_names_a_case(updates: &[Update], used: &Arc<Mutex<Vec<usize>>>) -> Trial {
    let problems: Vec<String> = updates
        .iter()
        .zip(used.lock().unwrap().iter())
        .filter(|(_, &count)| count != 1)
        .map(|(u, &count)| {
            format!(
                "{} {:?} (input {:?}) matches {count} cases",
                u.file, u.description, u.input
            )
        })
        .collect();
    Trial::test(
        format!("tokenizer/{UPDATES_FILE}: every update names one case"),
        move || {
            if problems.is_empty() {
                Ok(())
            } else {
                Err(problems.join("\n").into())
            }
        },
    )
}

/// Reads the updates file.
fn read_updates() -> Vec<Update> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(UPDATES_FILE);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let json: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    let entries = json["updates"]
        .as_array()
        .unwrap_or_else(|| panic!("{} has no \"updates\" list", path.display()));
    entries
        .iter()
        .map(|entry| {
            let field = |name: &str| {
                entry[name]
                    .as_str()
                    .unwrap_or_else(|| panic!("an update has no {name:?}: {entry}"))
                    .to_owned()
            };
            Update {
                file: field("file"),
                description: field("description"),
                input: field("input"),
                reason: field("reason"),
                expected: Expectation {
                    tokens: html5lib_tokens(&entry["output"], false),
                    errors: html5lib_errors(&entry["errors"]),
                },
            }
        })
        .collect()
}

/// A JSON string as UTF-16 code units, with one more round of `\uHHHH` unescaping when
/// the case is `doubleEscaped`.
fn utf16_of(text: &str, double_escaped: bool) -> Vec<u16> {
    let units: Vec<u16> = text.encode_utf16().collect();
    if !double_escaped {
        return units;
    }
    let mut out = Vec::with_capacity(units.len());
    let mut i = 0;
    while i < units.len() {
        if units[i] == u16::from(b'\\') && units.get(i + 1) == Some(&u16::from(b'u')) {
            let hex: String = units
                .get(i + 2..i + 6)
                .map(String::from_utf16_lossy)
                .unwrap_or_default();
            if let Ok(unit) = u16::from_str_radix(&hex, 16) {
                out.push(unit);
                i += 6;
                continue;
            }
        }
        out.push(units[i]);
        i += 1;
    }
    out
}

/// UTF-16 code units as generalized UTF-8: pairs become one code point, lone
/// surrogates stay.
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

/// Generalized UTF-8 as UTF-16 code units.
fn utf16_of_bytes(bytes: &[u8]) -> Vec<u16> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while !rest.is_empty() {
        let (code_point, len) = decode_generalized_utf8(rest);
        let c = code_point.unwrap_or(0xFFFD);
        if c >= 0x1_0000 {
            let c = c - 0x1_0000;
            out.push(0xD800 | (c >> 10) as u16);
            out.push(0xDC00 | (c & 0x3FF) as u16);
        } else {
            out.push(c as u16);
        }
        rest = &rest[len.min(rest.len())..];
    }
    out
}

/// The expected tokens of a case (or of an update).
fn html5lib_tokens(output: &Value, double_escaped: bool) -> Vec<Html5libToken> {
    let string =
        |value: &Value| Utf16(utf16_of(value.as_str().unwrap_or_default(), double_escaped));
    let optional = |value: &Value| value.as_str().map(|_| string(value));
    let tokens = output
        .as_array()
        .map(|tokens| tokens.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|token| match token[0].as_str().unwrap_or_default() {
            "DOCTYPE" => Html5libToken::Doctype {
                name: optional(&token[1]),
                public_id: optional(&token[2]),
                system_id: optional(&token[3]),
                correctness: token[4].as_bool().unwrap_or(false),
            },
            "StartTag" => Html5libToken::StartTag {
                name: string(&token[1]),
                attributes: token[2]
                    .as_object()
                    .map(|attributes| {
                        attributes
                            .iter()
                            .map(|(name, value)| {
                                (Utf16(utf16_of(name, double_escaped)), string(value))
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
                self_closing: token.get(3).and_then(Value::as_bool).unwrap_or(false),
            },
            "EndTag" => Html5libToken::EndTag {
                name: string(&token[1]),
            },
            "Comment" => Html5libToken::Comment(string(&token[1])),
            "Character" => Html5libToken::Character(string(&token[1])),
            "ProcessingInstruction" => Html5libToken::ProcessingInstruction {
                target: string(&token[1]),
                data: string(&token[2]),
            },
            other => panic!("unknown token type {other:?} in {token}"),
        })
        .collect();
    coalesce(tokens)
}

/// The expected errors of a case (or of an update).
fn html5lib_errors(errors: &Value) -> Vec<Html5libError> {
    errors
        .as_array()
        .map(|errors| errors.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|error| Html5libError {
            code: error["code"].as_str().unwrap_or_default().to_owned(),
            line: error["line"].as_u64().unwrap_or(0),
            col: error["col"].as_u64().unwrap_or(0),
        })
        .collect()
}

/// The tokenizer's token in the html5lib format.
fn html5lib_token_of(token: OwnedToken<Vec<u8>>) -> Html5libToken {
    let string = |bytes: Vec<u8>| Utf16(utf16_of_bytes(&bytes));
    match token {
        OwnedToken::Doctype {
            name,
            public_id,
            system_id,
            force_quirks,
        } => Html5libToken::Doctype {
            name: name.map(string),
            public_id: public_id.map(string),
            system_id: system_id.map(string),
            correctness: !force_quirks,
        },
        OwnedToken::StartTag {
            name,
            attributes,
            self_closing,
        } => Html5libToken::StartTag {
            name: string(name),
            attributes: attributes
                .into_iter()
                .map(|(name, value)| (string(name), string(value)))
                .collect(),
            self_closing,
        },
        OwnedToken::EndTag { name } => Html5libToken::EndTag { name: string(name) },
        OwnedToken::Comment(data) => Html5libToken::Comment(string(data)),
        OwnedToken::Characters(data) => Html5libToken::Character(string(data)),
        OwnedToken::ProcessingInstruction { target, data } => {
            Html5libToken::ProcessingInstruction {
                target: string(target),
                data: string(data),
            }
        }
    }
}

/// Joins adjacent character tokens.
fn coalesce(tokens: Vec<Html5libToken>) -> Vec<Html5libToken> {
    let mut out: Vec<Html5libToken> = Vec::with_capacity(tokens.len());
    for token in tokens {
        if let (Some(Html5libToken::Character(previous)), Html5libToken::Character(next)) =
            (out.last_mut(), &token)
        {
            previous.0.extend_from_slice(&next.0);
            continue;
        }
        out.push(token);
    }
    out
}
