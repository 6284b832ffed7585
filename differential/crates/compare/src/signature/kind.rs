//! A signature's kind: the level whose comparison it records, or the engine's
//! failure. [`Level`] is a level's identity, its name; what a level does (its rules,
//! its place in the registry, reading a name back) is `crate::compare::level`'s.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A comparison level of DESIGN.md, by its name: `tree`, `fragment`,
/// `serialization`, `round-trip`, `chunks`, `tokens`, `errors`, `speed` (the spelling
/// in signatures and reports).
///
/// The name is the level's identity; what the level does is its
/// `compare::LevelRules`, found in the registry by this name. Each level's module
/// declares its constant (`Level::Chunks` in `compare/chunks.rs`), named like an
/// enum variant so that it reads as one in paths and patterns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Level(&'static str);

impl Level {
    /// The level of this name: for a level's own constant (the name its rules give
    /// as `LevelRules::level`).
    pub const fn named(name: &'static str) -> Level {
        Level(name)
    }

    /// The spelling in signatures and reports.
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl Serialize for Level {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a signature is about: a difference at a level, or an engine's failure.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Two answers that differ at this level.
    Level(Level),
    /// An engine that failed.
    Failure(Failure),
}

/// An engine failure's kind, the first field of its signature.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Failure {
    /// A panic, a crash, a failed allocation, an overflowed stack.
    Crash,
    Timeout,
    /// Output past its size limit.
    Oversized,
    /// Output the harness cannot read.
    BadOutput,
    /// A request the engine refuses.
    Unsupported,
    /// A first field read back that names no level nor failure of this build (a
    /// signature of a level another build has): a failure, as the rule goes.
    Other(String),
}

impl Failure {
    /// The failure a signature's first field names ([`Failure::Other`] for a name
    /// that is none).
    pub fn from_name(name: &str) -> Failure {
        match name {
            "crash" => Failure::Crash,
            "timeout" => Failure::Timeout,
            "oversized" => Failure::Oversized,
            "bad-output" => Failure::BadOutput,
            "unsupported" => Failure::Unsupported,
            other => Failure::Other(other.to_owned()),
        }
    }
}

impl Kind {
    /// The spelling in signatures and reports.
    pub fn as_str(&self) -> &str {
        match self {
            Kind::Level(level) => level.as_str(),
            Kind::Failure(failure) => match failure {
                Failure::Crash => "crash",
                Failure::Timeout => "timeout",
                Failure::Oversized => "oversized",
                Failure::BadOutput => "bad-output",
                Failure::Unsupported => "unsupported",
                Failure::Other(name) => name,
            },
        }
    }

    /// The level, for a difference.
    pub fn level(&self) -> Option<Level> {
        match self {
            Kind::Level(level) => Some(*level),
            Kind::Failure(_) => None,
        }
    }
}

/// The kind of no name: what a record without a kind reads as, written back as
/// it was.
impl Default for Kind {
    fn default() -> Kind {
        Kind::Failure(Failure::Other(String::new()))
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Kind, D::Error> {
        Ok(Kind::from_name(&String::deserialize(deserializer)?))
    }
}

impl From<&str> for Kind {
    fn from(name: &str) -> Kind {
        Kind::from_name(name)
    }
}
