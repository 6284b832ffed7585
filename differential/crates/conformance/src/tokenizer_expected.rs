//! What an html5lib tokenizer `.test` case expects, read from its JSON: tokens as
//! html5lib tests write them, strings as UTF-16 code units (so that `doubleEscaped`
//! cases with lone surrogates compare exactly), and parse errors. The tokenizer trials
//! (`tokenizer.rs`) and litmus's updates of the cases (`tokenizer_updates.rs`) both read
//! them.

use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

/// A string as UTF-16 code units.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Units(pub(super) Vec<u16>);

impl fmt::Debug for Units {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for c in char::decode_utf16(self.0.iter().copied()) {
            match c {
                Ok(c) => write!(f, "{}", c.escape_debug())?,
                Err(lone) => write!(f, "\\u{{{:X}}}", lone.unpaired_surrogate())?,
            }
        }
        f.write_char('"')
    }
}

/// A token as html5lib tests write it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
    Doctype {
        name: Option<Units>,
        public_id: Option<Units>,
        system_id: Option<Units>,
        correctness: bool,
    },
    StartTag {
        name: Units,
        attributes: BTreeMap<Units, Units>,
        self_closing: bool,
    },
    EndTag(Units),
    Comment(Units),
    Character(Units),
    ProcessingInstruction {
        target: Units,
        data: Units,
    },
}

/// Tokens and errors (`line:col code`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Expectation {
    pub(super) tokens: Vec<Token>,
    pub(super) errors: Vec<String>,
}

impl Expectation {
    /// The tokens without the errors: what an engine's tokenizer is compared on.
    pub(super) fn tokens_only(&self) -> Expectation {
        Expectation {
            tokens: self.tokens.clone(),
            errors: Vec::new(),
        }
    }

    /// One line per token, then one per error: what a failure shows.
    pub(super) fn render(&self) -> String {
        let mut out = String::new();
        for token in &self.tokens {
            let _ = writeln!(out, "{token:?}");
        }
        for error in &self.errors {
            let _ = writeln!(out, "error {error}");
        }
        out
    }
}

/// A JSON string as UTF-16 code units, with one more round of `\uHHHH` unescaping for
/// `doubleEscaped` cases.
pub(super) fn units_of(text: &str, double_escaped: bool) -> Units {
    let units: Vec<u16> = text.encode_utf16().collect();
    if !double_escaped {
        return Units(units);
    }
    let mut out = Vec::with_capacity(units.len());
    let mut i = 0;
    while i < units.len() {
        if units[i] == u16::from(b'\\') && units.get(i + 1) == Some(&u16::from(b'u')) {
            let hex = units
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
    Units(out)
}

pub(super) fn tokens_of(output: &Value, double_escaped: bool) -> Result<Vec<Token>, String> {
    let string = |value: &Value| units_of(value.as_str().unwrap_or_default(), double_escaped);
    let optional = |value: &Value| value.as_str().map(|_| string(value));
    let Some(list) = output.as_array() else {
        return Err("no \"output\" list".into());
    };
    let mut tokens = Vec::with_capacity(list.len());
    for token in list {
        tokens.push(match token[0].as_str().unwrap_or_default() {
            "DOCTYPE" => Token::Doctype {
                name: optional(&token[1]),
                public_id: optional(&token[2]),
                system_id: optional(&token[3]),
                correctness: token[4].as_bool().unwrap_or(false),
            },
            "StartTag" => Token::StartTag {
                name: string(&token[1]),
                attributes: token[2]
                    .as_object()
                    .map(|attributes| {
                        attributes
                            .iter()
                            .map(|(name, value)| (units_of(name, double_escaped), string(value)))
                            .collect()
                    })
                    .unwrap_or_default(),
                self_closing: token.get(3).and_then(Value::as_bool).unwrap_or(false),
            },
            "EndTag" => Token::EndTag(string(&token[1])),
            "Comment" => Token::Comment(string(&token[1])),
            "Character" => Token::Character(string(&token[1])),
            "ProcessingInstruction" => Token::ProcessingInstruction {
                target: string(&token[1]),
                data: string(&token[2]),
            },
            other => return Err(format!("unknown token type {other:?}")),
        });
    }
    Ok(coalesce(tokens))
}

pub(super) fn errors_of(errors: &Value) -> Vec<String> {
    errors
        .as_array()
        .map(|errors| errors.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|e| {
            format!(
                "{}:{} {}",
                e["line"].as_u64().unwrap_or(0),
                e["col"].as_u64().unwrap_or(0),
                e["code"].as_str().unwrap_or_default()
            )
        })
        .collect()
}

/// Joins adjacent character tokens.
pub(super) fn coalesce(tokens: Vec<Token>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    for token in tokens {
        if let (Some(Token::Character(previous)), Token::Character(next)) = (out.last_mut(), &token)
        {
            previous.0.extend_from_slice(&next.0);
            continue;
        }
        out.push(token);
    }
    out
}
