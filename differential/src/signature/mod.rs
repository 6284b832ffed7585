//! Signatures: a short, deterministic description of *why* two outputs differ.
//!
//! A signature names the level, the shapes of the first differing nodes on each side,
//! and the shape of their parent on the reference side:
//!
//! ```text
//! tree | litmus: <?…> | html5ever: <!--…--> | in: <body>
//! ```
//!
//! Shapes keep what is structure and drop what is content:
//!
//! | line of the dump            | shape                    |
//! |-----------------------------|--------------------------|
//! | `<svg path>`                | `<svg path>` (as is)     |
//! | `xlink href="…"`            | `xlink href=…`           |
//! | `"text"`                    | `"…"`                    |
//! | `<!-- data -->`             | `<!--…-->`               |
//! | `<?target data?>`           | `<?…>`                   |
//! | `<!DOCTYPE html "p" "s">`   | `<!DOCTYPE html "…" "…">`|
//! | `<!DOCTYPE svg>`            | `<!DOCTYPE …>` (names other than `html` are content) |
//! | `content`                   | `content`                |
//! | no line                     | `(end)`                  |
//!
//! Where both sides have the same shape, the signature says what tells them apart
//! without quoting content: ` (deeper)` / ` (shallower)` on the other side when only
//! the depth differs, and ` at '\r'`-style notes when the first differing character
//! of the two texts is one a parser treats specially (controls, `&`, `<`, `>`, quotes,
//! `=`, U+00A0, U+FFFD; `at end` where a text stops). Ordinary letters never appear.
//!
//! A serialization is read as a rough token stream (tags, text, comments, character
//! references); its signature names the tokens at the first differing byte and the
//! innermost open element on the reference side. A crash, panic or timeout has a
//! signature of its own: `crash | html5ever: panic at html5ever-0.40.1/src/…:12:5:
//! index out of bounds: the len is N but the index is N`, `timeout | html5ever`.
//!
//! [`Signature::hash`] (16 hex digits of SHA-256) names archive files.

mod dump;
mod failure;
mod serialization;
mod tree;

pub use dump::{
    dump_entries, first_differing_entry, first_line_difference, first_tree_difference, DumpEntry,
    FirstDifference,
};
pub use failure::{failure_signature, normalize_location, normalize_message};
pub use serialization::serialization_signature;
pub use tree::{entry_shape, entry_value, tree_signature};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt::{self, Write as _};

/// A divergence's signature: its dedup key, archive key and the predicate the
/// minimizer keeps.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Signature(String);

impl Signature {
    /// A signature read back (from an archive or a report).
    pub fn from_text(text: impl Into<String>) -> Signature {
        Signature(text.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A stable hash for file names: the first 16 hex digits of the SHA-256 of the
    /// signature's text.
    pub fn hash(&self) -> String {
        let digest = Sha256::digest(self.0.as_bytes());
        let mut hex = String::with_capacity(16);
        for byte in &digest[..8] {
            let _ = write!(hex, "{byte:02x}");
        }
        hex
    }

    /// The first field: the level (`tree`, `fragment`, `serialization`,
    /// `round-trip`) or the failure kind (`crash`, `timeout`, `bad-output`,
    /// `unsupported`).
    pub fn kind(&self) -> &str {
        self.0.split(" | ").next().unwrap_or("")
    }

    /// The signature without the engine's label on its first side: `round-trip |
    /// html5ever: <a> | reparsed: <svg a> | in: <svg svg>` reads `round-trip | <a> |
    /// reparsed: <svg a> | in: <svg svg>`, as does the same round trip of any other
    /// engine.
    pub fn without_engine(&self) -> String {
        let Some((kind, rest)) = self.0.split_once(" | ") else {
            return self.0.clone();
        };
        match rest.split_once(": ") {
            Some((_label, shapes)) => format!("{kind} | {shapes}"),
            None => self.0.clone(),
        }
    }

    /// The signature without its ` | in: …` parent: the level and the first
    /// differing nodes. A failure's signature is all core.
    pub fn core(&self) -> &str {
        match self.0.rfind(" | in: ") {
            Some(at) => &self.0[..at],
            None => &self.0,
        }
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests;
