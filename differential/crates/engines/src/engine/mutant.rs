//! Mutant engines (`mutant:ID`): the reference parser with one of its deliberate bugs
//! put in ([`litmus_parser::departures`], a mutant), run as an engine under
//! test. `litmus mutants` runs each against the unbroken parser to show that the known
//! classes hide nothing.

use super::contract::Engine;
use crate::case::{EngineFailure, EngineOutput, ParseRequest, ParseResult};
use litmus_parser::departures::{self, DepartureInfo};
use litmus_parser::{dump, serialize, Document};

/// The reference parser with one mutant on. The fast paths are off: the mutants break
/// the spec's own steps, which the fast paths stand in for.
#[derive(Clone, Debug)]
pub struct MutantEngine {
    info: &'static DepartureInfo,
    name: String,
}

impl MutantEngine {
    /// The engine `mutant:ID`, if `ID` names a mutant.
    pub fn by_name(name: &str) -> Option<MutantEngine> {
        let id = name.strip_prefix("mutant:")?;
        let info = departures::mutant_by_id(id)?;
        Some(MutantEngine {
            info,
            name: name.to_owned(),
        })
    }

    fn document(&self, request: &ParseRequest) -> Result<Document, EngineFailure> {
        let options = request.parse_options();
        departures::parse(
            &request.input,
            request.fragment.as_ref(),
            &options,
            &[self.info.departure],
        )
        .map_err(|failure| EngineFailure::Unsupported {
            message: failure.to_string(),
        })
    }
}

impl Engine for MutantEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn version(&self) -> String {
        format!(
            "litmus-parser {} with the mutant {} ({})",
            env!("CARGO_PKG_VERSION"),
            self.info.id,
            self.info.arms.join(", ")
        )
    }

    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        let document = self.document(request)?;
        Ok(EngineOutput {
            tree: dump::dump(&document),
            serialization: Some(serialize::serialize_children(
                &document,
                document.result_root(),
            )),
        })
    }

    fn parse_tree(&mut self, request: &ParseRequest) -> ParseResult {
        let document = self.document(request)?;
        Ok(EngineOutput {
            tree: dump::dump(&document),
            serialization: None,
        })
    }

    fn parse_errors(&mut self, request: &ParseRequest) -> Option<ParseResult> {
        Some(self.document(request).map(|document| EngineOutput {
            tree: crate::engine::parse_errors::render_reference(&document.errors),
            serialization: None,
        }))
    }
}
