//! Tree construction fed token by token, without the tokenizer.

use super::*;
use crate::dom::Document;
use crate::dump::dump;
use crate::tokenizer::{Doctype, Tag, Token, TokenSink};

/// A token to feed, in a compact spelling.
enum T {
    Doctype(&'static str),
    Start(&'static str),
    StartWith(&'static str, &'static [(&'static str, &'static str)]),
    SelfClosing(&'static str),
    End(&'static str),
    Text(&'static str),
    Comment(&'static str),
    Pi(&'static str, &'static str),
}

fn run(
    tokens: &[T],
    scripting: bool,
    context: Option<FragmentContextElement>,
) -> (String, Vec<(ErrorCode, usize)>, SinkResult) {
    let mut document = Document::default();
    let mut last = SinkResult::CONTINUE;
    let errors = {
        let mut builder = TreeBuilder::new(
            &mut document,
            TreeBuilderOptions {
                scripting,
                fragment_context: context,
            },
        );
        for (offset, token) in tokens.iter().enumerate() {
            let doctype;
            let tag;
            let token = match token {
                T::Doctype(name) => {
                    doctype = Doctype {
                        name: Some(name.as_bytes().to_vec()),
                        ..Doctype::default()
                    };
                    Token::Doctype(&doctype)
                }
                T::Start(name) => {
                    tag = Tag::new(name.as_bytes(), &[], false);
                    Token::StartTag(&tag)
                }
                T::StartWith(name, attributes) => {
                    let attributes: Vec<(&[u8], &[u8])> = attributes
                        .iter()
                        .map(|(n, v)| (n.as_bytes(), v.as_bytes()))
                        .collect();
                    tag = Tag::new(name.as_bytes(), &attributes, false);
                    Token::StartTag(&tag)
                }
                T::SelfClosing(name) => {
                    tag = Tag::new(name.as_bytes(), &[], true);
                    Token::StartTag(&tag)
                }
                T::End(name) => {
                    tag = Tag::new(name.as_bytes(), &[], false);
                    Token::EndTag(&tag)
                }
                T::Text(text) => Token::Characters(text.as_bytes()),
                T::Comment(text) => Token::Comment(text.as_bytes()),
                T::Pi(target, data) => Token::ProcessingInstruction {
                    target: target.as_bytes(),
                    data: data.as_bytes(),
                },
            };
            last = builder.process_token(token, offset);
        }
        builder.process_token(Token::Eof, tokens.len());
        builder.finish()
    };
    if context.is_some() {
        if let Some(root) = document.first_child(document.root()) {
            document.set_fragment_root(root);
        }
    }
    (dump(&document), errors, last)
}

fn tree(tokens: &[T]) -> String {
    run(tokens, true, None).0
}

fn lines(expected: &[&str]) -> String {
    expected.iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn an_empty_document_gets_html_head_and_body_in_quirks_mode() {
    let (dump, errors, _) = run(&[], true, None);
    assert_eq!(dump, lines(&["| <html>", "|   <head>", "|   <body>"]));
    assert_eq!(errors, vec![(ErrorCode::TreeMissingOrBadDoctype, 0)]);
}

#[test]
fn a_doctype_and_text_runs_split_where_the_modes_differ() {
    let got = tree(&[
        T::Doctype("html"),
        T::Text("  \n"),
        T::Comment("c"),
        T::Text(" x y"),
        T::Start("p"),
        T::Text("a"),
    ]);
    assert_eq!(
        got,
        lines(&[
            "| <!DOCTYPE html>",
            "| <!-- c -->",
            "| <html>",
            "|   <head>",
            "|   <body>",
            "|     \"x y\"",
            "|     <p>",
            "|       \"a\"",
        ])
    );
}

#[test]
fn misnested_formatting_goes_through_the_adoption_agency() {
    let got = tree(&[
        T::Start("p"),
        T::Text("1"),
        T::Start("b"),
        T::Text("2"),
        T::Start("i"),
        T::Text("3"),
        T::End("b"),
        T::Text("4"),
        T::End("i"),
        T::Text("5"),
        T::End("p"),
    ]);
    assert_eq!(
        got,
        lines(&[
            "| <html>",
            "|   <head>",
            "|   <body>",
            "|     <p>",
            "|       \"1\"",
            "|       <b>",
            "|         \"2\"",
            "|         <i>",
            "|           \"3\"",
            "|       <i>",
            "|         \"4\"",
            "|       \"5\"",
        ])
    );
}

#[test]
fn a_block_inside_formatting_is_adopted() {
    let got = tree(&[
        T::Start("b"),
        T::Text("1"),
        T::Start("p"),
        T::Text("2"),
        T::End("b"),
        T::Text("3"),
    ]);
    assert_eq!(
        got,
        lines(&[
            "| <html>",
            "|   <head>",
            "|   <body>",
            "|     <b>",
            "|       \"1\"",
            "|     <p>",
            "|       <b>",
            "|         \"2\"",
            "|       \"3\"",
        ])
    );
}

#[test]
fn text_in_a_table_is_foster_parented() {
    let got = tree(&[
        T::Start("table"),
        T::Text("a "),
        T::Start("tr"),
        T::Text(" "),
        T::Start("td"),
        T::Text("b"),
    ]);
    assert_eq!(
        got,
        lines(&[
            "| <html>",
            "|   <head>",
            "|   <body>",
            "|     \"a \"",
            "|     <table>",
            "|       <tbody>",
            "|         <tr>",
            "|           \" \"",
            "|           <td>",
            "|             \"b\"",
        ])
    );
}

#[test]
fn foreign_content_adjusts_names_and_breaks_out() {
    let got = tree(&[
        T::Start("svg"),
        T::StartWith("foreignobject", &[("viewbox", "0"), ("xlink:href", "#")]),
        T::Start("div"),
        T::End("div"),
        T::End("foreignobject"),
        T::Start("p"),
    ]);
    assert_eq!(
        got,
        lines(&[
            "| <html>",
            "|   <head>",
            "|   <body>",
            "|     <svg svg>",
            "|       <svg foreignObject>",
            "|         viewBox=\"0\"",
            "|         xlink href=\"#\"",
            "|         <div>",
            "|     <p>",
        ])
    );
}

#[test]
fn cdata_is_allowed_only_in_foreign_content() {
    let (_, _, result) = run(&[T::Start("math"), T::Start("mi")], true, None);
    assert!(result.cdata_allowed);
    let (_, _, result) = run(
        &[T::Start("math"), T::Start("mi"), T::Start("b")],
        true,
        None,
    );
    assert!(!result.cdata_allowed);
}

#[test]
fn processing_instructions_are_inserted_like_comments() {
    let got = tree(&[
        T::Pi("a", "1"),
        T::Start("html"),
        T::Pi("b", "2"),
        T::Start("body"),
        T::End("body"),
        T::Pi("c", "3"),
        T::End("html"),
        T::Pi("d", "4"),
    ]);
    assert_eq!(
        got,
        lines(&[
            "| <?a 1?>",
            "| <html>",
            "|   <?b 2?>",
            "|   <head>",
            "|   <body>",
            "|   <?c 3?>",
            "| <?d 4?>",
        ])
    );
}

#[test]
fn raw_text_elements_switch_the_tokenizer() {
    let (_, _, result) = run(&[T::Start("title")], true, None);
    assert_eq!(result.switch_to, Some(State::Rcdata));
    let (_, _, result) = run(&[T::Start("body"), T::Start("noscript")], true, None);
    assert_eq!(result.switch_to, Some(State::Rawtext));
    let (_, _, result) = run(&[T::Start("body"), T::Start("noscript")], false, None);
    assert_eq!(result.switch_to, None);
    let (_, _, result) = run(&[T::Start("plaintext")], false, None);
    assert_eq!(result.switch_to, Some(State::Plaintext));
}

#[test]
fn selectedcontent_gets_a_clone_of_the_selected_option() {
    let got = tree(&[
        T::Start("select"),
        T::Start("button"),
        T::Start("selectedcontent"),
        T::End("button"),
        T::Start("option"),
        T::Text("X"),
        T::StartWith("option", &[("selected", "")]),
        T::Text("Y"),
    ]);
    assert_eq!(
        got,
        lines(&[
            "| <html>",
            "|   <head>",
            "|   <body>",
            "|     <select>",
            "|       <button>",
            "|         <selectedcontent>",
            "|           \"Y\"",
            "|       <option>",
            "|         \"X\"",
            "|       <option>",
            "|         selected=\"\"",
            "|         \"Y\"",
        ])
    );
}

#[test]
fn selectedcontent_after_the_options_and_the_cases_without_one() {
    // Inserted after its select's options, it takes the selected one at once.
    let got = tree(&[
        T::Start("select"),
        T::StartWith("option", &[("disabled", "")]),
        T::Text("A"),
        T::Start("option"),
        T::Text("B"),
        T::End("option"),
        T::Start("selectedcontent"),
    ]);
    assert!(
        got.contains("|       <selectedcontent>\n|         \"B\"\n"),
        "{got}"
    );
    // With multiple, the select has no enabled selectedcontent.
    let got = tree(&[
        T::StartWith("select", &[("multiple", "")]),
        T::Start("selectedcontent"),
        T::End("selectedcontent"),
        T::StartWith("option", &[("selected", "")]),
        T::Text("A"),
    ]);
    assert!(
        got.contains("|       <selectedcontent>\n|       <option>"),
        "{got}"
    );
    // With a display size over 1, no option is selected by default.
    let got = tree(&[
        T::StartWith("select", &[("size", "3")]),
        T::Start("selectedcontent"),
        T::End("selectedcontent"),
        T::Start("option"),
        T::Text("A"),
    ]);
    assert!(
        got.contains("|       <selectedcontent>\n|       <option>"),
        "{got}"
    );
}

#[test]
fn fragments_start_in_the_mode_their_context_calls_for() {
    let context = FragmentContextElement {
        ns: Namespace::Html,
        local_name: local::TR,
    };
    let (got, _, _) = run(&[T::Start("td"), T::Text("x")], true, Some(context));
    assert_eq!(got, lines(&["| <td>", "|   \"x\""]));
    let context = FragmentContextElement {
        ns: Namespace::Svg,
        local_name: local::SVG,
    };
    let (got, _, result) = run(&[T::Start("g")], true, Some(context));
    assert_eq!(got, lines(&["| <svg g>"]));
    assert!(result.cdata_allowed);
}

#[test]
fn unacknowledged_self_closing_flags_are_errors() {
    let (_, errors, _) = run(
        &[
            T::Doctype("html"),
            T::SelfClosing("br"),
            T::SelfClosing("div"),
            T::End("div"),
        ],
        true,
        None,
    );
    assert_eq!(
        errors,
        vec![(ErrorCode::NonVoidHtmlElementStartTagWithTrailingSolidus, 2)]
    );
}

#[test]
fn arbitrary_token_sequences_do_not_panic() {
    // A small deterministic generator over a vocabulary of awkward tokens.
    const NAMES: &[&str] = &[
        "html",
        "head",
        "body",
        "table",
        "tr",
        "td",
        "caption",
        "colgroup",
        "col",
        "tbody",
        "template",
        "select",
        "option",
        "optgroup",
        "selectedcontent",
        "button",
        "svg",
        "math",
        "mi",
        "annotation-xml",
        "foreignobject",
        "desc",
        "b",
        "i",
        "a",
        "nobr",
        "p",
        "div",
        "frameset",
        "frame",
        "noscript",
        "form",
        "li",
        "dd",
        "h1",
        "ruby",
        "rt",
        "hr",
        "input",
        "textarea",
        "title",
        "script",
        "br",
        "image",
        "font",
        "plaintext",
        "x-y",
    ];
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..300 {
        let mut tokens = Vec::new();
        for _ in 0..(next() % 60) {
            let name = NAMES[(next() % NAMES.len() as u64) as usize];
            tokens.push(match next() % 7 {
                0 | 1 => T::Start(name),
                2 | 3 => T::End(name),
                4 => T::Text(if next() % 2 == 0 { "x " } else { " \n" }),
                5 => T::SelfClosing(name),
                _ => match next() % 4 {
                    0 => T::Comment("c"),
                    1 => T::Pi("t", "d"),
                    2 => T::Text("\0"),
                    _ => T::Doctype("html"),
                },
            });
        }
        for scripting in [true, false] {
            run(&tokens, scripting, None);
            for (ns, local_name) in [
                (Namespace::Html, local::TD),
                (Namespace::Html, local::SELECT),
                (Namespace::Html, local::TEMPLATE),
                (Namespace::Svg, local::SVG),
                (Namespace::MathMl, local::ANNOTATION_XML),
            ] {
                run(
                    &tokens,
                    scripting,
                    Some(FragmentContextElement { ns, local_name }),
                );
            }
        }
    }
}

/// Where the spec says only "parse error" about a token it ignores or reprocesses,
/// litmus names the error by the token's kind: a start tag is never reported as an
/// unexpected end tag, nor a tag as an unexpected character.
#[test]
fn ignored_tokens_are_reported_by_their_kind() {
    use crate::{parse_document, parse_fragment, FragmentContext, ParseOptions};
    let codes = |input: &str, context: Option<&str>| -> Vec<ErrorCode> {
        let options = ParseOptions::default();
        let document = match context {
            Some(context) => {
                parse_fragment(input, &FragmentContext::parse(context).unwrap(), &options)
            }
            None => parse_document(input, &options),
        }
        .unwrap();
        document.errors.iter().map(|e| e.code).collect()
    };
    // Start tags that would close a caption, a row or a table body that the stack of
    // open elements does not hold (the fragment's context is not on it).
    for (input, context) in [
        ("<tr>", "caption"),
        ("<caption>", "tr"),
        ("<caption>", "tbody"),
    ] {
        let found = codes(input, Some(context));
        assert!(
            found.contains(&ErrorCode::TreeUnexpectedStartTag),
            "{input} in {context}: {found:?}"
        );
        assert!(
            !found.contains(&ErrorCode::TreeUnexpectedEndTag),
            "{input} in {context}: {found:?}"
        );
    }
    // "After body", anything else: a start tag.
    let found = codes("<!DOCTYPE html><body></body><p>", None);
    assert!(
        found.contains(&ErrorCode::TreeUnexpectedStartTag),
        "{found:?}"
    );
    assert!(
        !found.contains(&ErrorCode::TreeUnexpectedCharacter),
        "{found:?}"
    );
    // "After after body", anything else: an end tag.
    let found = codes("<!DOCTYPE html><body></body></html></p>", None);
    assert!(
        !found.contains(&ErrorCode::TreeUnexpectedCharacter),
        "{found:?}"
    );
    // </p> breaks out of foreign content: an end tag.
    let found = codes("<!DOCTYPE html><svg></p>", None);
    assert!(
        found.contains(&ErrorCode::TreeUnexpectedEndTag),
        "{found:?}"
    );
    assert!(
        !found.contains(&ErrorCode::TreeUnexpectedStartTag),
        "{found:?}"
    );
}

/// The `line:column code` of a parse's errors, as `litmus parse --output errors` shows
/// them.
fn error_positions(input: &str, context: Option<&str>) -> Vec<String> {
    use crate::{parse_with_fast_paths, FragmentContext, ParseOptions};
    let options = ParseOptions::default();
    let mut answers = Vec::new();
    for fast_paths in [true, false] {
        let context = context.map(|c| FragmentContext::parse(c).unwrap());
        let document =
            parse_with_fast_paths(input, context.as_ref(), &options, fast_paths).unwrap();
        answers.push(
            document
                .errors
                .iter()
                .map(|e| format!("{}:{} {}", e.line, e.column, e.code))
                .collect::<Vec<_>>(),
        );
    }
    assert_eq!(answers[0], answers[1], "fast paths and spec path disagree");
    answers.swap_remove(0)
}

#[test]
fn tree_construction_errors_of_characters_are_placed_where_the_characters_end() {
    // The character tokens before a comment: no DOCTYPE, found at the end of "FOO",
    // not after the comment's "<!-" the tokenizer had read when it handed them over.
    assert_eq!(
        error_positions("FOO<!-- x -->", None),
        ["1:4 tree-missing-or-bad-doctype"]
    );
    // The pending table character tokens: placed where they end, not at the token
    // that made "in table text" process them.
    assert_eq!(
        error_positions("<!DOCTYPE html><table>A<td>", None),
        [
            "1:24 tree-foster-parenting",
            "1:28 tree-unexpected-start-tag",
            "1:28 tree-unexpected-eof",
        ]
    );
}

#[test]
fn each_null_character_token_has_its_own_position() {
    // Two NULLs in body: the tokenizer's errors at each NULL, tree construction's where
    // each ends.
    assert_eq!(
        error_positions("<!DOCTYPE html>a\0\0b", None),
        [
            "1:17 unexpected-null-character",
            "1:18 unexpected-null-character",
            "1:18 tree-unexpected-null",
            "1:19 tree-unexpected-null",
        ]
    );
    // After a character reference (a run that is no longer a slice of the input).
    assert_eq!(
        error_positions("<!DOCTYPE html>&amp;\0x&lt;\0", None),
        [
            "1:21 unexpected-null-character",
            "1:22 tree-unexpected-null",
            "1:27 unexpected-null-character",
            "1:28 tree-unexpected-null",
        ]
    );
    // In foreign content, NULLs of a CDATA section and of the data state after it,
    // which are not neighbours in the input.
    assert_eq!(
        error_positions("<!DOCTYPE html><svg><![CDATA[\0]]>\0", None),
        [
            "1:31 tree-unexpected-null",
            "1:34 unexpected-null-character",
            "1:35 tree-unexpected-null",
            "1:35 tree-unexpected-eof",
        ]
    );
}
