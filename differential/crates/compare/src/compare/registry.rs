//! The registry of levels: [`REGISTRY`], every level in the order a case is compared
//! at them; a level by its name and its place ([`Level::from_name`], [`Level::rules`],
//! [`Level::position`], and the order of levels, the registry's); and the sets of
//! levels a campaign compares at ([`LevelSet`]).

use super::chunks::ChunksLevel;
use super::errors::ErrorsLevel;
use super::level::LevelRules;
use super::round_trip::RoundTripLevel;
use super::serialization::SerializationLevel;
use super::speed::SpeedLevel;
use super::tokens::TokensLevel;
#[cfg(test)]
use super::toy_level::ToyLevel;
use super::tree::TreeLevel;
use crate::signature::{Failure, Kind, Level};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The registry of levels, in the order a case is compared at them (a level may
/// read what the levels before it found: serialization compares only where the tree
/// or fragment level found nothing), which is the order of reports. A new level is
/// a module and one line here (ARCHITECTURE.md, "Adding a level").
pub static REGISTRY: &[&dyn LevelRules] = &[
    &TreeLevel(Level::Tree),
    &TreeLevel(Level::Fragment),
    &SerializationLevel,
    &RoundTripLevel,
    &ChunksLevel,
    &TokensLevel,
    &ErrorsLevel,
    &SpeedLevel,
    #[cfg(test)]
    &ToyLevel,
];

impl Level {
    /// The registered level of this name; `None` for a name no level has (a failure
    /// signature's kind: `crash`, `timeout`, …).
    pub fn from_name(name: &str) -> Option<Level> {
        registered()
            .find(|rules| rules.level().as_str() == name)
            .map(|r| r.level())
    }

    /// What this level does. A level is made only from the registry's names, so it
    /// has rules; a constant of an unregistered level gets the tree level's.
    pub fn rules(self) -> &'static dyn LevelRules {
        registered()
            .find(|rules| rules.level() == self)
            .unwrap_or(REGISTRY[0])
    }

    /// Its place in the registry (the order of comparison and of reports).
    pub fn position(self) -> usize {
        registered()
            .position(|rules| rules.level() == self)
            .unwrap_or(usize::MAX)
    }
}

/// The registered levels, in order.
fn registered() -> impl Iterator<Item = &'static dyn LevelRules> {
    REGISTRY.iter().copied()
}

impl PartialOrd for Level {
    fn partial_cmp(&self, other: &Level) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// In the registry's order.
impl Ord for Level {
    fn cmp(&self, other: &Level) -> std::cmp::Ordering {
        (self.position(), self.as_str()).cmp(&(other.position(), other.as_str()))
    }
}

impl<'de> Deserialize<'de> for Level {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Level, D::Error> {
        let name = String::deserialize(deserializer)?;
        Level::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown level {name:?}")))
    }
}

impl Kind {
    /// The kind a signature's first field names: a registered level, a failure, or
    /// [`Failure::Other`]. Names are read here, beside the registry they are looked
    /// up in.
    pub fn from_name(name: &str) -> Kind {
        if let Some(level) = Level::from_name(name) {
            return Kind::Level(level);
        }
        Kind::Failure(Failure::from_name(name))
    }
}

/// The levels a campaign compares at; the tree and fragment levels always.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelSet(BTreeSet<Level>);

impl LevelSet {
    /// The levels every campaign compares at, and `more`.
    pub fn of(more: impl IntoIterator<Item = Level>) -> LevelSet {
        let mut set: BTreeSet<Level> = registered()
            .filter(|rules| rules.always())
            .map(|rules| rules.level())
            .collect();
        set.extend(more);
        LevelSet(set)
    }

    /// A campaign's levels without `--levels`: those on by default.
    pub fn defaults() -> LevelSet {
        LevelSet::of(
            registered()
                .filter(|rules| rules.on_by_default())
                .map(|rules| rules.level()),
        )
    }

    /// Reads `--levels`: comma-separated names of levels, each at most once.
    pub fn parse(text: &str) -> Result<LevelSet, String> {
        let mut seen = Vec::new();
        let mut levels = Vec::new();
        for name in text.split(',').map(str::trim) {
            if seen.contains(&name) {
                return Err(format!("`{name}` is listed twice"));
            }
            seen.push(name);
            if name.is_empty() {
                return Err("an empty name in the list".to_owned());
            }
            match Level::from_name(name) {
                Some(level) => levels.push(level),
                None => {
                    return Err(format!(
                        "unknown level `{name}`; the levels are {}",
                        names()
                    ))
                }
            }
        }
        Ok(LevelSet::of(levels))
    }

    pub fn contains(&self, level: Level) -> bool {
        self.0.contains(&level)
    }

    pub fn insert(&mut self, level: Level) {
        self.0.insert(level);
    }

    pub fn remove(&mut self, level: Level) {
        if !level.rules().always() {
            self.0.remove(&level);
        }
    }

    /// The levels, in the registry's order.
    pub fn iter(&self) -> impl Iterator<Item = Level> + '_ {
        self.0.iter().copied()
    }

    /// Their rules, in the registry's order.
    pub fn rules(&self) -> impl Iterator<Item = &'static dyn LevelRules> + '_ {
        self.iter().map(Level::rules)
    }

    /// The levels a case pinned through engine workers is compared at.
    pub fn when_pinned(&self) -> LevelSet {
        LevelSet(
            self.0
                .iter()
                .copied()
                .filter(|l| l.rules().when_pinned())
                .collect(),
        )
    }
}

/// The registered levels' names in words: `tree, fragment, … and speed`.
fn names() -> String {
    let names: Vec<&str> = registered().map(|r| r.level().as_str()).collect();
    match names.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl Serialize for LevelSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

impl<'de> Deserialize<'de> for LevelSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<LevelSet, D::Error> {
        Ok(LevelSet::of(Vec::<Level>::deserialize(deserializer)?))
    }
}
