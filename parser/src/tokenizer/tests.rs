//! Unit tests of the tokenizer: the processing instruction states, the sink seam,
//! the fast path, duplicate attributes at scale, and robustness.

use super::*;
use crate::error::ErrorCode;

/// Tokens and `(code, line, column)` errors for an input, tokenized from the data state.
fn run(input: &str) -> (Vec<OwnedToken>, Vec<(ErrorCode, u32, u32)>) {
    let output = tokenize(input.as_bytes(), TokenizerOptions::default());
    let errors = output
        .errors
        .iter()
        .map(|e| (e.code, e.line, e.column))
        .collect();
    (output.tokens, errors)
}

fn pi(target: &str, data: &str) -> OwnedToken {
    OwnedToken::ProcessingInstruction {
        target: target.into(),
        data: data.into(),
    }
}

fn comment(data: &str) -> OwnedToken {
    OwnedToken::Comment(data.into())
}

fn text(data: &str) -> OwnedToken {
    OwnedToken::Characters(data.into())
}

#[test]
fn processing_instruction_with_target_and_data() {
    assert_eq!(run("<?php echo 1 ?>"), (vec![pi("php", "echo 1 ")], vec![]));
    assert_eq!(
        run("<?a-b_c1?>x"),
        (vec![pi("a-b_c1", ""), text("x")], vec![])
    );
    assert_eq!(run("<?_t\n\t data>"), (vec![pi("_t", "data")], vec![]));
    assert_eq!(run("<?Target>"), (vec![pi("Target", "")], vec![]));
}

#[test]
fn processing_instruction_question_marks() {
    // The questionable state appends a `?` and reconsumes the character after it.
    assert_eq!(run("<?t ???>"), (vec![pi("t", "??")], vec![]));
    assert_eq!(run("<?t?d?>"), (vec![pi("t", "?d")], vec![]));
    assert_eq!(run("<?t??>"), (vec![pi("t", "?")], vec![]));
    assert_eq!(run("<?t?>"), (vec![pi("t", "")], vec![]));
    assert_eq!(run("<?t a?b>"), (vec![pi("t", "a?b")], vec![]));
}

#[test]
fn processing_instruction_null_in_data_is_replaced() {
    assert_eq!(
        run("<?t a\0b?>"),
        (
            vec![pi("t", "a\u{FFFD}b")],
            vec![(ErrorCode::UnexpectedNullCharacter, 1, 6)]
        )
    );
}

#[test]
fn processing_instruction_disallowed_targets_are_bogus_comments() {
    assert_eq!(
        run("<?xml version='1.0'?>"),
        (
            vec![comment("?xml version='1.0'?")],
            vec![(ErrorCode::DisallowedProcessingInstructionTarget, 1, 6)]
        )
    );
    assert_eq!(
        run("<?XML-StyleSheet href=x>"),
        (
            vec![comment("?XML-StyleSheet href=x")],
            vec![(ErrorCode::DisallowedProcessingInstructionTarget, 1, 17)]
        )
    );
    // Only the exact names are disallowed.
    assert_eq!(run("<?xml-foo>"), (vec![pi("xml-foo", "")], vec![]));
    assert_eq!(run("<?xmlx?>"), (vec![pi("xmlx", "")], vec![]));
}

#[test]
fn processing_instruction_invalid_targets_are_bogus_comments() {
    assert_eq!(
        run("<?1x>"),
        (
            vec![comment("?1x")],
            vec![(
                ErrorCode::InvalidFirstCharacterOfProcessingInstructionTarget,
                1,
                3
            )]
        )
    );
    assert_eq!(
        run("<?ab:c d>"),
        (
            vec![comment("?ab:c d")],
            vec![(ErrorCode::InvalidProcessingInstructionTarget, 1, 5)]
        )
    );
    assert_eq!(
        run("<?>"),
        (
            vec![comment("?")],
            vec![(
                ErrorCode::InvalidFirstCharacterOfProcessingInstructionTarget,
                1,
                3
            )]
        )
    );
}

#[test]
fn processing_instruction_at_eof_emits_nothing() {
    let eof = |line, column| vec![(ErrorCode::EofInProcessingInstruction, line, column)];
    assert_eq!(run("<?"), (vec![], eof(1, 3)));
    assert_eq!(run("a<?t"), (vec![text("a")], eof(1, 5)));
    assert_eq!(run("<?t "), (vec![], eof(1, 5)));
    assert_eq!(run("<?t data"), (vec![], eof(1, 9)));
    assert_eq!(run("<?t data?"), (vec![], eof(1, 10)));
}

/// A sink that switches to RAWTEXT after `<style>` and allows CDATA after `<svg>`,
/// as tree construction would.
struct SwitchingSink {
    tokens: Vec<String>,
}

impl TokenSink for SwitchingSink {
    fn process_token(&mut self, token: Token<'_>, _offset: usize) -> SinkResult {
        let mut result = SinkResult::CONTINUE;
        let line = match token {
            Token::StartTag(tag) => {
                if tag.name() == b"style" {
                    result.switch_to = Some(State::Rawtext);
                }
                result.cdata_allowed = tag.name() == b"svg";
                format!("<{}>", String::from_utf8_lossy(tag.name()))
            }
            Token::Characters(text) => format!("{:?}", String::from_utf8_lossy(text)),
            Token::Comment(data) => format!("<!--{}-->", String::from_utf8_lossy(data)),
            Token::EndTag(tag) => format!("</{}>", String::from_utf8_lossy(tag.name())),
            Token::Eof => "EOF".into(),
            other => format!("{other:?}"),
        };
        self.tokens.push(line);
        result
    }
}

#[test]
fn sink_results_switch_state_and_allow_cdata() {
    let input = b"<style><b></style><![CDATA[x]]><svg><![CDATA[<y>]]>";
    let mut sink = SwitchingSink { tokens: vec![] };
    let mut tokenizer = Tokenizer::new(input, TokenizerOptions::default());
    tokenizer.run(&mut sink).unwrap();
    assert_eq!(
        sink.tokens,
        [
            "<style>",
            "\"<b>\"",
            "</style>",
            "<!--[CDATA[x]]-->",
            "<svg>",
            "\"<y>\"",
            "EOF"
        ]
    );
    let errors = tokenizer.take_errors();
    assert_eq!(errors, [(ErrorCode::CdataInHtmlContent, 26)]);
}

#[test]
fn a_run_holding_null_holds_nothing_else() {
    let mut sink = SwitchingSink { tokens: vec![] };
    let input = b"a\0\0b&amp;\0";
    Tokenizer::new(input, TokenizerOptions::default())
        .run(&mut sink)
        .unwrap();
    assert_eq!(
        sink.tokens,
        ["\"a\"", "\"\\0\\0\"", "\"b&\"", "\"\\0\"", "EOF"]
    );
}

/// Every token and error, with the fast paths on or off.
fn run_with_fast_paths(input: &[u8], on: bool) -> (Vec<String>, Vec<(ErrorCode, usize)>) {
    let mut sink = SwitchingSink { tokens: vec![] };
    let mut tokenizer = Tokenizer::new(input, TokenizerOptions::default());
    tokenizer.set_fast_paths(on);
    tokenizer.run(&mut sink).unwrap();
    (sink.tokens, tokenizer.take_errors())
}

#[test]
fn fast_paths_agree_with_the_plain_path() {
    let inputs: &[&[u8]] = &[
        b"",
        b"plain text",
        b"a<b>c&amp;d\0e</b>f",
        b"text & more &#x41; <!-- c --> <?pi x?> tail",
        "multi-byte \u{e9}\u{1F600} text<p \u{e9}=\u{e9}>".as_bytes(),
        b"<style>x<y</style>z<",
        b"&notit; &no &#0; \0\0 <",
    ];
    for input in inputs {
        assert_eq!(
            run_with_fast_paths(input, true),
            run_with_fast_paths(input, false),
            "input {:?}",
            String::from_utf8_lossy(input)
        );
    }
}

#[test]
fn many_duplicate_attributes_stay_linear() {
    let mut input = String::from("<a");
    for i in 0..100_000 {
        input.push_str(&format!(" a{i}=1 a{i}=2"));
    }
    input.push('>');
    let start = std::time::Instant::now();
    let output = tokenize(input.as_bytes(), TokenizerOptions::default());
    assert!(start.elapsed().as_secs() < 10, "took {:?}", start.elapsed());
    let OwnedToken::StartTag { attributes, .. } = &output.tokens[0] else {
        panic!("not a start tag: {:?}", output.tokens[0]);
    };
    assert_eq!(attributes.len(), 100_000);
    assert!(attributes.iter().all(|(_, value)| value == "1"));
    assert_eq!(output.errors.len(), 100_000);
    assert!(output
        .errors
        .iter()
        .all(|e| e.code == ErrorCode::DuplicateAttribute));
}

#[test]
fn duplicate_attributes_are_dropped_with_their_values() {
    let (tokens, errors) = run("<a x=1 y=2 x=3 z x>");
    assert_eq!(
        tokens,
        [OwnedToken::StartTag {
            name: "a".into(),
            attributes: vec![
                ("x".into(), "1".into()),
                ("y".into(), "2".into()),
                ("z".into(), "".into())
            ],
            self_closing: false
        }]
    );
    assert_eq!(
        errors,
        [
            (ErrorCode::DuplicateAttribute, 1, 13),
            (ErrorCode::DuplicateAttribute, 1, 19)
        ]
    );
}

#[test]
fn the_deadline_stops_the_tokenizer() {
    let input = "<a b>".repeat(100_000);
    let options = TokenizerOptions {
        deadline: Some(std::time::Instant::now()),
        ..TokenizerOptions::default()
    };
    assert!(tokenize(input.as_bytes(), options).deadline_exceeded);
}

#[test]
fn lone_surrogates_survive_in_bytes() {
    let mut input = b"<p a='".to_vec();
    crate::input::encode_generalized_utf8(0xD800, &mut input);
    input.extend_from_slice(b"'>");
    let output = tokenize_to_bytes(&input, TokenizerOptions::default());
    let OwnedToken::StartTag { attributes, .. } = &output.tokens[0] else {
        panic!();
    };
    assert_eq!(attributes[0].1, [0xED, 0xA0, 0x80]);
    let output = tokenize(&input, TokenizerOptions::default());
    let OwnedToken::StartTag { attributes, .. } = &output.tokens[0] else {
        panic!();
    };
    assert_eq!(attributes[0].1, "\u{FFFD}");
}

#[test]
fn never_panics_on_odd_bytes_and_fast_paths_agree() {
    let states = [
        State::Data,
        State::Rcdata,
        State::Rawtext,
        State::ScriptData,
        State::Plaintext,
        State::CdataSection,
    ];
    let pieces: &[&[u8]] = &[
        b"<",
        b">",
        b"/",
        b"!",
        b"?",
        b"-",
        b"&",
        b"#",
        b"x",
        b";",
        b"'",
        b"\"",
        b"=",
        b"\0",
        b"[",
        b"]",
        b" ",
        b"a",
        b"A",
        b"\xFF",
        b"\xC3",
        b"\xED\xA0\x80",
        b"script",
        b"amp",
        b"DOCTYPE",
        b"PUBLIC",
        b"SYSTEM",
        b"[CDATA[",
        b"xml",
        b"9",
    ];
    // A deterministic pseudo-random walk over the pieces.
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..3000 {
        let mut input = Vec::new();
        // Step once per case, so that an empty case does not repeat forever.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        for _ in 0..(seed % 12) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            input.extend_from_slice(pieces[(seed % pieces.len() as u64) as usize]);
        }
        for state in states {
            let options = TokenizerOptions {
                initial_state: state,
                last_start_tag: Some(b"script".to_vec()),
                deadline: None,
            };
            let _ = tokenize_to_bytes(&input, options);
        }
        assert_eq!(
            run_with_fast_paths(&input, true),
            run_with_fast_paths(&input, false),
            "input {:?}",
            String::from_utf8_lossy(&input)
        );
    }
}

/// Every token with its attributes, flag and offset, for comparing the fast paths
/// with the plain path; the sink switches states after the start tags tree
/// construction switches after.
#[derive(Default)]
struct RecordingSink {
    seen: Vec<String>,
    cdata_allowed: bool,
}

impl TokenSink for RecordingSink {
    fn process_token(&mut self, token: Token<'_>, offset: usize) -> SinkResult {
        let mut switch_to = None;
        let line = match token {
            Token::StartTag(tag) => {
                switch_to = match tag.name() {
                    b"title" | b"textarea" => Some(State::Rcdata),
                    b"style" | b"xmp" => Some(State::Rawtext),
                    b"script" => Some(State::ScriptData),
                    b"plaintext" => Some(State::Plaintext),
                    _ => None,
                };
                let attributes: Vec<_> = tag
                    .attributes()
                    .map(|(n, v)| (String::from_utf8_lossy(n), String::from_utf8_lossy(v)))
                    .collect();
                format!(
                    "<{} {attributes:?} {}> @{offset}",
                    String::from_utf8_lossy(tag.name()),
                    tag.self_closing
                )
            }
            // Character runs may be split differently; compare them coalesced.
            Token::Characters(text) => {
                let text = String::from_utf8_lossy(text);
                if let Some(previous) = self.seen.last_mut() {
                    if let Some(run) = previous.strip_prefix('#') {
                        *previous = format!("#{run}{text}");
                        return SinkResult {
                            switch_to: None,
                            cdata_allowed: self.cdata_allowed,
                        };
                    }
                }
                format!("#{text}")
            }
            other => format!("{other:?} @{offset}"),
        };
        self.seen.push(line);
        SinkResult {
            switch_to,
            cdata_allowed: self.cdata_allowed,
        }
    }
}

fn record(
    input: &[u8],
    state: State,
    cdata: bool,
    fast: bool,
) -> (Vec<String>, Vec<(ErrorCode, usize)>) {
    let mut sink = RecordingSink {
        cdata_allowed: cdata,
        ..RecordingSink::default()
    };
    let mut tokenizer = Tokenizer::new(
        input,
        TokenizerOptions {
            initial_state: state,
            last_start_tag: Some(b"textarea".to_vec()),
            deadline: None,
        },
    );
    tokenizer.set_fast_paths(fast);
    tokenizer.run(&mut sink).unwrap();
    (sink.seen, tokenizer.take_errors())
}

#[test]
fn fast_paths_agree_with_the_plain_path_on_tags_attributes_comments_and_text() {
    let states = [
        State::Data,
        State::Rcdata,
        State::Rawtext,
        State::ScriptData,
        State::Plaintext,
        State::TagName,
        State::AttributeName,
        State::AttributeValueDoubleQuoted,
        State::AttributeValueSingleQuoted,
        State::AttributeValueUnquoted,
        State::Comment,
    ];
    let pieces: &[&[u8]] = &[
        b"<",
        b">",
        b"/",
        b"</",
        b"-",
        b"--",
        b"&",
        b"&amp;",
        b"&lt",
        b"#",
        b"'",
        b"\"",
        b"=",
        b"`",
        b"\0",
        b" ",
        b"\t",
        b"\n",
        b"abc",
        b"ABC",
        b"xY",
        b"\xC3\xA9",
        b"\xFF",
        b"textarea",
        b"TEXTAREA",
        b"script",
        b"title",
        b"<!--",
        b"-->",
        b"<p ",
        b"<A B=C ",
        b"<svg",
        b"![CDATA[",
        b"<plaintext>",
        b"<style>",
        b"</style",
        b"<script>",
        b"</script>",
        b"<textarea>",
        b"</textarea >",
        b"<a href=\"",
        b"<a x='",
        b"<a y=",
        b"<b c=\"d\" e='f'>",
        b"<I J='K'\tl=\"\" M=\"N\">",
        b"<q r=\"s\" r='t'>",
        b"</P x=\"y\">",
        b"<u v=\"w\"/>",
        b"<x y=z>",
        b"<X Y=1\tZ=\xC3\xA9t d>",
        b"<c d e>",
        b"<f g=h&amp; i=j`>",
    ];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    for case in 0..4000 {
        let mut input = Vec::new();
        // Step once per case, so that an empty case does not repeat forever.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        for _ in 0..(seed % 24) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            input.extend_from_slice(pieces[(seed % pieces.len() as u64) as usize]);
        }
        let state = states[case % states.len()];
        let cdata = case % 3 == 0;
        assert_eq!(
            record(&input, state, cdata, true),
            record(&input, state, cdata, false),
            "input {:?} from {state:?}",
            String::from_utf8_lossy(&input)
        );
    }
}
