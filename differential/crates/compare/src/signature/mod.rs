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

mod failure;
mod kind;
mod serialization;
mod tree;
mod typed;

pub use failure::{failure_signature, normalize_location, normalize_message};
pub use kind::{Failure, Kind, Level};
pub use litmus_engines::dump::{
    dump_entries, first_differing_entry, first_line_difference, first_tree_difference, DumpEntry,
    FirstDifference,
};
pub use serialization::serialization_signature;
pub use tree::{entry_shape, entry_value, tree_signature};
pub use typed::{Part, Signature};

#[cfg(test)]
mod tests;
