//! The signature as a type: its [`Kind`] and its [`Part`]s, its text made once when
//! it is built ([`Signature`]).

use super::kind::{Kind, Level};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt::{self, Write as _};
use std::hash::{Hash, Hasher};

/// A divergence's signature: its dedup key, archive key and the predicate the
/// minimizer keeps.
///
/// It is typed: its [`Kind`] (the level that compared, or the engine's failure) and
/// its [`Part`]s, each a shape with the label of the side it belongs to. Its text
/// (`tree | litmus: <?…> | html5ever: <!--…--> | in: <body>`) is made once, when it
/// is built, and is what it is written as (archive files, findings.json, the
/// terminal), what a known class's pattern matches, and its identity: two signatures
/// are equal, hash and sort as their texts do. A signature built from parts reads
/// its parts back from that text, so one built and one read back from an archive
/// have the same parts exactly when their texts are equal.
#[derive(Clone, Debug)]
pub struct Signature {
    kind: Kind,
    text: String,
    /// Where each part is in `text`.
    parts: Vec<Span>,
}

/// A part's place in a signature's text: its label's bytes, if it has one, and its
/// shape's.
#[derive(Clone, Copy, Debug)]
struct Span {
    label: Option<(u32, u32)>,
    shape: (u32, u32),
}

/// One field of a signature after its kind: a shape, with the label of its side
/// (`litmus: <p>`, `in: <body>`), or without one (`split between CR and LF`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Part<'a> {
    pub label: Option<&'a str>,
    pub shape: &'a str,
}

impl<'a> Part<'a> {
    /// `label: shape`.
    pub fn labelled(label: &'a str, shape: &'a str) -> Part<'a> {
        Part {
            label: Some(label),
            shape,
        }
    }

    /// A shape alone.
    pub fn plain(shape: &'a str) -> Part<'a> {
        Part { label: None, shape }
    }

    /// The label of the parent part, `in: …`.
    pub const PARENT: &'static str = "in";
}

impl Signature {
    /// The signature of this kind and these parts.
    pub fn new<'a>(kind: Kind, parts: impl IntoIterator<Item = Part<'a>>) -> Signature {
        let mut text = kind.as_str().to_owned();
        for part in parts {
            text.push_str(" | ");
            if let Some(label) = part.label {
                text.push_str(label);
                text.push_str(": ");
            }
            text.push_str(part.shape);
        }
        let parts = spans(&text);
        Signature { kind, text, parts }
    }

    /// A signature read back (from an archive or a report): its first field is its
    /// kind, each other field (split at ` | `) a part, labelled up to its first `: `.
    pub fn from_text(text: impl Into<String>) -> Signature {
        let text = text.into();
        let kind = Kind::from_name(text.split(" | ").next().unwrap_or(""));
        let parts = spans(&text);
        Signature { kind, text, parts }
    }

    /// The text: what archives, reports and known classes' patterns read.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The level that compared, or the engine's failure.
    pub fn kind(&self) -> &Kind {
        &self.kind
    }

    /// The level, for a difference of two answers; `None` for a failure.
    pub fn level(&self) -> Option<Level> {
        self.kind.level()
    }

    /// Whether it names an engine's failure (crash, timeout, …) rather than two
    /// answers that differ.
    pub fn is_failure(&self) -> bool {
        matches!(self.kind, Kind::Failure(_))
    }

    /// The fields after the kind.
    pub fn parts(&self) -> impl ExactSizeIterator<Item = Part<'_>> + '_ {
        self.parts.iter().map(|span| self.part(*span))
    }

    fn part(&self, span: Span) -> Part<'_> {
        let slice = |(start, end): (u32, u32)| &self.text[start as usize..end as usize];
        Part {
            label: span.label.map(slice),
            shape: slice(span.shape),
        }
    }

    /// A stable hash for file names: the first 16 hex digits of the SHA-256 of the
    /// signature's text.
    pub fn hash(&self) -> String {
        let digest = Sha256::digest(self.text.as_bytes());
        let mut hex = String::with_capacity(16);
        for byte in &digest[..8] {
            let _ = write!(hex, "{byte:02x}");
        }
        hex
    }

    /// The signature without the engine's label on its first side: `round-trip |
    /// html5ever: <a> | reparsed: <svg a> | in: <svg svg>` reads `round-trip | <a> |
    /// reparsed: <svg a> | in: <svg svg>`, as does the same round trip of any other
    /// engine.
    pub fn without_engine(&self) -> Signature {
        let mut parts = self.parts();
        match parts.next() {
            Some(first) if first.label.is_some() => Signature::new(
                self.kind.clone(),
                std::iter::once(Part::plain(first.shape)).chain(parts),
            ),
            _ => self.clone(),
        }
    }

    /// The signature without its ` | in: …` parent: the level and the first
    /// differing nodes. A failure's signature is all core.
    pub fn core(&self) -> &str {
        match self.parts.last() {
            Some(span) if self.part(*span).label == Some(Part::PARENT) => {
                let start = span.label.map_or(span.shape.0, |label| label.0);
                &self.text[..start as usize - " | ".len()]
            }
            _ => &self.text,
        }
    }
}

/// The parts of a signature's text: the fields after the first (split at ` | `),
/// each labelled up to its first `: `.
fn spans(text: &str) -> Vec<Span> {
    let offset = |s: &str| (s.as_ptr() as usize - text.as_ptr() as usize) as u32;
    let range = |s: &str| (offset(s), offset(s) + s.len() as u32);
    text.split(" | ")
        .skip(1)
        .map(|field| match field.split_once(": ") {
            Some((label, shape)) => Span {
                label: Some(range(label)),
                shape: range(shape),
            },
            None => Span {
                label: None,
                shape: range(field),
            },
        })
        .collect()
}

impl PartialEq for Signature {
    fn eq(&self, other: &Signature) -> bool {
        self.text == other.text
    }
}

impl Eq for Signature {}

/// A signature and a text are equal when the text is the signature's.
impl PartialEq<str> for Signature {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for Signature {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

impl PartialEq<String> for Signature {
    fn eq(&self, other: &String) -> bool {
        &self.text == other
    }
}

impl Hash for Signature {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

impl PartialOrd for Signature {
    fn partial_cmp(&self, other: &Signature) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// As their texts.
impl Ord for Signature {
    fn cmp(&self, other: &Signature) -> std::cmp::Ordering {
        self.text.cmp(&other.text)
    }
}

impl Default for Signature {
    fn default() -> Signature {
        Signature::from_text("")
    }
}

impl Serialize for Signature {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for Signature {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Signature, D::Error> {
        Ok(Signature::from_text(String::deserialize(deserializer)?))
    }
}

impl From<&str> for Signature {
    fn from(text: &str) -> Signature {
        Signature::from_text(text)
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}
