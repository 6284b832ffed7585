//! The registry: an engine by its name ([`engine_by_name`], [`start_engine`]), the
//! names it knows in `names.rs`.

use super::chaos::ChaosEngine;
use super::contract::Engine;
use super::external::{ExternalEngine, ExternalSpec};
use super::html5ever::Html5everEngine;
use super::litmus::LitmusEngine;
use super::mutant::MutantEngine;
use super::names::ENGINE_NAMES;
use super::sanitizer::AmmoniaEngine;
use std::fmt;

/// A name the registry does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEngine {
    pub name: String,
}

impl fmt::Display for UnknownEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown engine {:?}; the known engines are {}, the browsers chromium, firefox and webkit (through their adapters in examples/engines, docs/browsers.md), and cmd:COMMAND for an external program",
            self.name,
            ENGINE_NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownEngine {}

/// The registry: a new engine by its name. `cmd:COMMAND` (or `cmd:{JSON}`, see
/// [`ExternalSpec::from_engine_text`]) is an [`ExternalEngine`], started at its first
/// request.
pub fn engine_by_name(name: &str) -> Result<Box<dyn Engine>, UnknownEngine> {
    if let Some(spec) = ExternalSpec::from_engine_text(name) {
        let unknown = |_| UnknownEngine {
            name: name.to_owned(),
        };
        return Ok(Box::new(ExternalEngine::new(spec.map_err(unknown)?)));
    }
    if name.starts_with("mutant:") {
        return mutant_by_name(name);
    }
    match name {
        "litmus" => Ok(Box::new(LitmusEngine)),
        "html5ever" => Ok(Box::new(Html5everEngine)),
        "chaos" => Ok(Box::new(ChaosEngine)),
        "ammonia" => Ok(Box::new(AmmoniaEngine)),
        _ => Err(UnknownEngine {
            name: name.to_owned(),
        }),
    }
}

/// A mutant of the reference parser (`mutant:ID`).
fn mutant_by_name(name: &str) -> Result<Box<dyn Engine>, UnknownEngine> {
    match MutantEngine::by_name(name) {
        Some(engine) => Ok(Box::new(engine)),
        None => Err(UnknownEngine {
            name: name.to_owned(),
        }),
    }
}

/// An engine by its name, ready to answer: like [`engine_by_name`], except that an
/// external engine is started (and probed) now, so that a program that cannot run is
/// an error here. What a worker runs.
pub fn start_engine(name: &str) -> Result<Box<dyn Engine>, String> {
    match ExternalSpec::from_engine_text(name) {
        Some(spec) => Ok(Box::new(ExternalEngine::start(spec?)?)),
        None => engine_by_name(name).map_err(|e| e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_known_name_gives_an_engine_of_that_name() {
        for name in ENGINE_NAMES {
            let engine = engine_by_name(name).unwrap();
            assert_eq!(engine.name(), name);
            assert!(!engine.version().is_empty());
        }
    }

    #[test]
    fn an_unknown_name_lists_the_known_ones() {
        let error = engine_by_name("servo").err().unwrap();
        assert_eq!(
            error.to_string(),
            r#"unknown engine "servo"; the known engines are litmus, html5ever, chaos, ammonia, the browsers chromium, firefox and webkit (through their adapters in examples/engines, docs/browsers.md), and cmd:COMMAND for an external program"#
        );
    }
}
