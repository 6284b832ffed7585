//! An engine's parse errors as its answer gives them: one error a line, `(L:C) code`
//! or `(L:C-L:C) code`, sorted by position (the `tree` of an answer to
//! `Engine::parse_errors`). The reference parser's are rendered from its
//! `ParseError`s, an external engine's from its reply; the errors level
//! (`litmus_compare::compare::errors`) reads them back and compares.

use litmus_engine_api::WireParseError;
use litmus_parser::{ErrorCode, ParseError};

/// A line and a 1-based column in UTF-16 code units.
pub type Position = (u32, u32);

/// One parse error as the level sees it: a code and a span (`start == end` for a
/// point).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CodedError {
    pub start: Position,
    pub end: Position,
    pub code: String,
}

impl CodedError {
    /// Whether the code is one of the standard's table, the only ones compared.
    pub fn is_compared(&self) -> bool {
        ErrorCode::from_code(&self.code).is_some_and(ErrorCode::is_spec_code)
    }

    /// Whether its span holds `at`.
    pub fn holds(&self, at: Position) -> bool {
        self.start <= at && at <= self.end
    }

    fn line(&self) -> String {
        if self.start == self.end {
            format!("({}:{}) {}\n", self.start.0, self.start.1, self.code)
        } else {
            format!(
                "({}:{}-{}:{}) {}\n",
                self.start.0, self.start.1, self.end.0, self.end.1, self.code
            )
        }
    }
}

/// Errors rendered one a line, sorted by position.
pub fn render_sorted(mut errors: Vec<CodedError>) -> String {
    errors.sort();
    errors.iter().map(CodedError::line).collect()
}

/// The reference parser's errors with the standard's codes, one a line, sorted.
pub fn render_reference(errors: &[ParseError]) -> String {
    render_sorted(
        errors
            .iter()
            .filter(|e| e.code.is_spec_code())
            .map(|e| CodedError {
                start: (e.line, e.column),
                end: (e.line, e.column),
                code: e.code.as_str().to_owned(),
            })
            .collect(),
    )
}

/// An engine's errors as its reply lists them, one a line, sorted (every code, those
/// outside the standard's table too). A span whose end comes before its start is
/// read as a point.
pub fn render_wire(errors: &[WireParseError]) -> String {
    render_sorted(
        errors
            .iter()
            .map(|e| {
                let start = (e.line, e.column);
                let end = match (e.end_line, e.end_column) {
                    (Some(line), Some(column)) if (line, column) >= start => (line, column),
                    _ => start,
                };
                CodedError {
                    start,
                    end,
                    code: e.code.clone(),
                }
            })
            .collect(),
    )
}

/// Reads a rendering back; lines of another shape are skipped.
pub fn read(text: &str) -> Vec<CodedError> {
    text.lines().filter_map(read_line).collect()
}

fn read_line(line: &str) -> Option<CodedError> {
    let rest = line.strip_prefix('(')?;
    let (span, code) = rest.split_once(") ")?;
    let position = |text: &str| -> Option<Position> {
        let (line, column) = text.split_once(':')?;
        Some((line.parse().ok()?, column.parse().ok()?))
    };
    let (start, end) = match span.split_once('-') {
        Some((start, end)) => (position(start)?, position(end)?),
        None => {
            let at = position(span)?;
            (at, at)
        }
    };
    Some(CodedError {
        start,
        end,
        code: code.to_owned(),
    })
}
