use super::*;
use litmus_engine_api::WireParseError;
use litmus_engines::case::EngineOutput;
use litmus_parser::{ErrorCode, ParseError};

fn point(line: u32, column: u32, code: &str) -> CodedError {
    CodedError {
        start: (line, column),
        end: (line, column),
        code: code.to_owned(),
    }
}

fn span(start: Position, end: Position, code: &str) -> CodedError {
    CodedError {
        start,
        end,
        code: code.to_owned(),
    }
}

fn signature(reference: &[CodedError], other: &[CodedError]) -> Option<String> {
    errors_signature("litmus", reference, "parse5", other).map(|s| s.as_str().to_owned())
}

#[test]
fn renderings_read_back() {
    let errors = vec![
        point(2, 15, "unexpected-equals-sign-before-attribute-name"),
        span(
            (1, 1),
            (1, 5),
            "non-void-html-element-start-tag-with-trailing-solidus",
        ),
    ];
    let text = render_sorted(errors.clone());
    assert_eq!(
        text,
        "(1:1-1:5) non-void-html-element-start-tag-with-trailing-solidus\n\
         (2:15) unexpected-equals-sign-before-attribute-name\n"
    );
    let mut sorted = errors;
    sorted.sort();
    assert_eq!(read(&text), sorted);
}

#[test]
fn wire_errors_render_spans_and_points() {
    let wire = |code: &str, line, column, end: Option<(u32, u32)>| WireParseError {
        code: code.to_owned(),
        line,
        column,
        end_line: end.map(|e| e.0),
        end_column: end.map(|e| e.1),
    };
    let text = render_wire(&[
        wire("eof-in-tag", 1, 5, Some((1, 5))),
        wire("missing-doctype", 1, 1, None),
        // An end before the start is read as a point.
        wire("eof-in-comment", 3, 4, Some((1, 1))),
    ]);
    assert_eq!(
        text,
        "(1:1) missing-doctype\n(1:5) eof-in-tag\n(3:4) eof-in-comment\n"
    );
}

#[test]
fn the_reference_renders_the_spec_codes_only() {
    let error = |code, line, column| ParseError {
        code,
        line,
        column,
        offset: 0,
    };
    let text = render_reference(&[
        error(ErrorCode::TreeMissingOrBadDoctype, 1, 5),
        error(ErrorCode::EofInTag, 1, 5),
        error(ErrorCode::UnexpectedNullCharacter, 1, 2),
    ]);
    assert_eq!(text, "(1:2) unexpected-null-character\n(1:5) eof-in-tag\n");
}

#[test]
fn a_span_holding_the_reference_position_matches() {
    let reference = [point(
        1,
        5,
        "non-void-html-element-start-tag-with-trailing-solidus",
    )];
    let other = [span(
        (1, 1),
        (1, 5),
        "non-void-html-element-start-tag-with-trailing-solidus",
    )];
    assert_eq!(signature(&reference, &other), None);
    let outside = [span(
        (1, 1),
        (1, 4),
        "non-void-html-element-start-tag-with-trailing-solidus",
    )];
    assert_eq!(
        signature(&reference, &outside).as_deref(),
        Some(
            // The engine's span starts first: its error names the signature.
            "errors | litmus: non-void-html-element-start-tag-with-trailing-solidus \
             (elsewhere) | parse5: non-void-html-element-start-tag-with-trailing-solidus"
        )
    );
}

#[test]
fn codes_outside_the_table_are_not_compared() {
    let reference = [
        point(1, 1, "tree-unexpected-eof"),
        point(1, 5, "eof-in-tag"),
    ];
    let other = [point(1, 1, "missing-doctype"), point(1, 5, "eof-in-tag")];
    assert_eq!(signature(&reference, &other), None);
}

#[test]
fn the_first_unmatched_error_names_the_signature() {
    // The reference's error comes first, the engine has nothing there.
    assert_eq!(
        signature(&[point(1, 2, "unexpected-null-character")], &[]).as_deref(),
        Some("errors | litmus: unexpected-null-character | parse5: (none)")
    );
    // The engine's comes first.
    assert_eq!(
        signature(
            &[point(1, 9, "eof-in-tag")],
            &[
                point(1, 3, "duplicate-attribute"),
                point(1, 9, "eof-in-tag")
            ]
        )
        .as_deref(),
        Some("errors | litmus: (none) | parse5: duplicate-attribute")
    );
    // Another code at the same place.
    assert_eq!(
        signature(
            &[point(1, 4, "eof-in-comment")],
            &[point(1, 4, "eof-in-tag")]
        )
        .as_deref(),
        Some("errors | litmus: eof-in-comment | parse5: eof-in-tag")
    );
    // One error more of a code the other side has too: the extra one is unmatched.
    assert_eq!(
        signature(
            &[
                point(1, 1, "unexpected-null-character"),
                point(1, 2, "unexpected-null-character")
            ],
            &[point(1, 1, "unexpected-null-character")]
        )
        .as_deref(),
        Some("errors | litmus: unexpected-null-character | parse5: (none)")
    );
}

/// A planted engine reporting errors: the reference's, minus every
/// `unexpected-null-character` (a tokenizer that forgets to report U+0000).
struct ForgetsNulls;

impl Engine for ForgetsNulls {
    fn name(&self) -> &str {
        "planted"
    }

    fn version(&self) -> String {
        "planted".to_owned()
    }

    fn parse(&mut self, request: &ParseRequest) -> litmus_engines::case::ParseResult {
        litmus_engines::engine::LitmusEngine.parse(request)
    }

    fn parse_errors(
        &mut self,
        request: &ParseRequest,
    ) -> Option<litmus_engines::case::ParseResult> {
        let reference = litmus_engines::engine::LitmusEngine
            .parse_errors(request)?
            .ok()?;
        let kept: Vec<CodedError> = read(&reference.tree)
            .into_iter()
            .filter(|e| e.code != "unexpected-null-character")
            .collect();
        Some(answer(&kept))
    }
}

#[test]
fn a_planted_engine_is_found_and_minimized_keeping_the_signature() {
    let request = ParseRequest::document("<p class=x>a\0b</p><div title=\"y\">", true);
    let mut reference = litmus_engines::engine::LitmusEngine;
    let mut planted = ForgetsNulls;
    let found = compare_errors(&request, &mut reference, &mut planted).expect("both report");
    assert_eq!(found.len(), 1, "{found:?}");
    let divergence = &found[0];
    assert_eq!(divergence.level, Level::Errors);
    assert_eq!(divergence.engine, "planted");
    assert_eq!(
        divergence.signature.as_str(),
        "errors | litmus: unexpected-null-character | planted: (none)"
    );
    let mut keeps = |input: &str| {
        super::super::recheck(divergence, input, &mut reference, &mut planted).is_some()
    };
    let (minimized, _) = crate::minimize::minimize(
        &request.input,
        crate::minimize::Budget::default(),
        &mut keeps,
    );
    assert_eq!(minimized, "\0", "{minimized:?}");
    // Fragments are not compared; an engine that reports nothing is not either.
    let fragment = ParseRequest::fragment(
        "a\0",
        litmus_parser::FragmentContext::parse("td").unwrap(),
        true,
    );
    assert!(compare_errors(&fragment, &mut reference, &mut planted).is_none());
    assert!(compare_errors(
        &request,
        &mut reference,
        &mut litmus_engines::engine::Html5everEngine
    )
    .is_none());
}

#[test]
fn a_refusal_is_no_divergence_and_a_crash_is_one() {
    let request = ParseRequest::document("x", true);
    let ok = Side {
        engine: "litmus".into(),
        result: Ok(EngineOutput {
            tree: String::new(),
            serialization: None,
        }),
    };
    let refused = Side {
        engine: "parse5".into(),
        result: Err(EngineFailure::Unsupported {
            message: "no".to_owned(),
        }),
    };
    assert!(compare_answers(&request, &ok, &refused).is_empty());
    let crashed = Side {
        engine: "parse5".into(),
        result: Err(EngineFailure::Timeout { after_ms: 10 }),
    };
    let found = compare_answers(&request, &ok, &crashed);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].engine, "parse5");
}
