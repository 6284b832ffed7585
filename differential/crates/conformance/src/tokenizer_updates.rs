//! litmus's 2026 expectations for html5lib tokenizer cases.
//!
//! The html5lib snapshot predates processing instructions (2026): its cases with `<?`
//! expect a bogus comment and `unexpected-question-mark-instead-of-tag-name`.
//! `differential/data/tokenizer-2026-updates.json`, embedded in the binary, gives for
//! each of them the tokens and errors under the 2026 standard, with a reason. A case
//! is named by its file, description and input (as the JSON gives them); its update
//! applies to each of its initial states. An update that names no case of its file,
//! or several, fails as a trial of its own.

use super::outcome::{Outcome, Trial};
use super::tokenizer_expected::{errors_of, tokens_of, Expectation};
use serde_json::Value;
use std::collections::BTreeSet;
use std::time::Duration;

/// Where the embedded file lives in the repository, for messages.
pub const UPDATES_FILE: &str = "differential/data/tokenizer-2026-updates.json";

const EMBEDDED: &str = include_str!("../../../data/tokenizer-2026-updates.json");

/// One update: the case it names, and its expectation.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Update {
    file: String,
    description: String,
    input: String,
    reason: String,
    expected: Expectation,
}

/// The updates, in the file's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TokenizerUpdates {
    updates: Vec<Update>,
}

impl TokenizerUpdates {
    /// litmus's updates, embedded from [`UPDATES_FILE`].
    pub fn embedded() -> TokenizerUpdates {
        // A unit test reads the embedded file, so this cannot fail in a build that
        // passed its tests.
        TokenizerUpdates::parse(EMBEDDED).unwrap_or_else(|e| panic!("{UPDATES_FILE}: {e}"))
    }

    /// Reads the updates: `{"updates": [{"file", "description", "input", "reason",
    /// "output", "errors"}, …]}`, `output` and `errors` as html5lib tokenizer tests
    /// write them (with `["ProcessingInstruction", target, data]` tokens).
    pub fn parse(text: &str) -> Result<TokenizerUpdates, String> {
        let json: Value = serde_json::from_str(text).map_err(|e| format!("is not JSON: {e}"))?;
        let Some(entries) = json["updates"].as_array() else {
            return Err("has no \"updates\" list".into());
        };
        let mut updates = Vec::with_capacity(entries.len());
        for (number, entry) in entries.iter().enumerate() {
            let field = |name: &str| {
                entry[name]
                    .as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| format!("update {number} has no {name:?} string"))
            };
            updates.push(Update {
                file: field("file")?,
                description: field("description")?,
                input: field("input")?,
                reason: field("reason")?,
                expected: Expectation {
                    tokens: tokens_of(&entry["output"], false)
                        .map_err(|e| format!("update {number}: {e}"))?,
                    errors: errors_of(&entry["errors"]),
                },
            });
        }
        Ok(TokenizerUpdates { updates })
    }

    /// How many updates there are.
    pub fn len(&self) -> usize {
        self.updates.len()
    }

    pub fn is_empty(&self) -> bool {
        self.updates.is_empty()
    }

    /// The files the updates name.
    pub fn files(&self) -> BTreeSet<&str> {
        self.updates.iter().map(|u| u.file.as_str()).collect()
    }

    /// The first update naming the case of `file` with this description and input (as
    /// the JSON gives it).
    pub(super) fn find(&self, file: &str, description: &str, input: &str) -> Option<usize> {
        self.updates
            .iter()
            .position(|u| u.file == file && u.description == description && u.input == input)
    }

    /// Update `i`'s expectation and reason.
    pub(super) fn expectation(&self, i: usize) -> (Expectation, String) {
        let update = &self.updates[i];
        (update.expected.clone(), update.reason.clone())
    }

    /// The updates of `file` that did not name exactly one of its cases, each as a
    /// trial that failed as [`Outcome::Stale`]; `cases_per_update[i]` counts the cases
    /// [`find`](Self::find) gave update `i` for. Updates of other files are not looked
    /// at.
    pub(super) fn naming_no_case(&self, file: &str, cases_per_update: &[usize]) -> Vec<Trial> {
        self.updates
            .iter()
            .zip(cases_per_update)
            .filter(|(update, &count)| update.file == file && count != 1)
            .map(|(update, &count)| Trial {
                name: format!("{file} {:?} (update)", update.description),
                file: file.to_owned(),
                index: 0,
                line: 0,
                options: "tokenizer update".into(),
                input: update.input.clone(),
                outcome: Outcome::Stale {
                    message: format!(
                        "{UPDATES_FILE} updates the case of {file} with this description and input, and {count} cases of the file are that case: an update names exactly one"
                    ),
                },
                listed_reason: Some(update.reason.clone()),
                duration: Duration::ZERO,
            })
            .collect()
    }
}
