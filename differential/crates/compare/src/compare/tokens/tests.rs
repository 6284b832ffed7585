use super::*;
use litmus_engines::case::{EngineFailure, EngineOutput};
use litmus_engines::engine::start_engine;

fn start(state: StartState, tag: Option<&str>) -> TokenStart {
    TokenStart {
        state,
        last_start_tag: tag.map(str::to_owned),
        foreign: false,
    }
}

#[test]
fn start_points_begin_with_data_and_prefer_end_tags_the_input_holds() {
    let points = start_points("x</TITLE>y");
    assert_eq!(points.len(), 1 + STARTS_PER_CASE);
    assert_eq!(points[0], TokenStart::data());
    assert_eq!(points[1], start(StartState::Rcdata, Some("title")));
    // Deterministic, and another input may get other points.
    assert_eq!(start_points("x</TITLE>y"), points);
    let spread: std::collections::BTreeSet<String> = (0..40)
        .flat_map(|i| start_points(&format!("case {i}")))
        .map(|s| s.to_string())
        .collect();
    assert!(spread.len() > 8, "{spread:?}");
}

#[test]
fn start_points_read_back_from_their_text() {
    for (state, tag) in STARTS.iter().chain(&[(StartState::Data, None)]) {
        for point in [start(*state, *tag), start_of(*state, *tag)] {
            assert_eq!(TokenStart::parse(&point.to_string()), Some(point));
        }
    }
    assert_eq!(
        start_of(StartState::Data, Some("svg")).to_string(),
        "data in foreign content, last start tag svg"
    );
    assert_eq!(
        start(StartState::ScriptData, Some("script")).to_string(),
        "script data, last start tag script"
    );
    assert_eq!(TokenStart::parse("bogus state"), None);
}

#[test]
fn streams_merge_character_runs_and_keep_the_first_of_repeated_attributes() {
    let mut stream = Stream::default();
    stream.push(Tok::Characters("a".into()));
    stream.push_characters("");
    stream.push(Tok::Characters("b".into()));
    stream.push(Tok::StartTag {
        name: "p".into(),
        attributes: vec![
            ("x".into(), "1".into()),
            ("y".into(), "2".into()),
            ("x".into(), "3".into()),
        ],
        self_closing: true,
    });
    stream.push_characters("\0");
    let tokens = stream.finish();
    assert_eq!(
        render(&tokens),
        "[\"Character\",\"ab\"]\n\
         [\"StartTag\",\"p\",[[\"x\",\"1\"],[\"y\",\"2\"]],true]\n\
         [\"Character\",\"\\u0000\"]\n\
         [\"EOF\"]\n"
    );
    assert_eq!(parse_rendered(&render(&tokens)), tokens);
}

#[test]
fn renderings_read_back() {
    let tokens = vec![
        Tok::Doctype {
            name: None,
            public_id: Some("p".into()),
            system_id: None,
            force_quirks: true,
        },
        Tok::EndTag("a".into()),
        Tok::Comment("--\n".into()),
        Tok::ProcessingInstruction {
            target: "t".into(),
            data: "d".into(),
        },
        Tok::Eof,
    ];
    assert_eq!(parse_rendered(&render(&tokens)), tokens);
}

#[test]
fn the_three_tokenizers_agree_on_ordinary_input_from_every_start() {
    let inputs = [
        "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><p a=1 b='2' a=3/>x&amp;y&notin;z\
         </p foo><!-- c --><br/>\r\ntext\0<![CDATA[q]]>",
        "a</title>b</TEXTAREA >c<\\/style>d</script x>e]]>f",
        "<!--<script>--><script></script>-->&lt</plaintext>",
        "<!doctype><!DOCTYPE x SYSTEM 'y'>&#x110000;&#0;&#128;",
    ];
    let mut points: Vec<TokenStart> = vec![TokenStart::data()];
    points.extend(STARTS.iter().map(|&(state, tag)| start_of(state, tag)));
    for input in inputs {
        for point in &points {
            let litmus = tokenize(Tokenizer::Litmus, input, point);
            for other in Tokenizer::OTHERS {
                assert_eq!(
                    render(&tokenize(other, input, point)),
                    render(&litmus),
                    "{} from {point}: {input:?}",
                    other.name()
                );
            }
        }
    }
}

#[test]
fn cdata_sections_open_in_foreign_content_only() {
    let input = "a<![CDATA[x\0]]>b<![CDATA[y";
    let foreign = start_of(StartState::Data, Some("svg"));
    for tokenizer in [Tokenizer::Litmus, Tokenizer::Html5ever, Tokenizer::Html5gum] {
        assert_eq!(
            tokenize(tokenizer, input, &foreign),
            [Tok::Characters("ax\0by".into()), Tok::Eof],
            "{}",
            tokenizer.name()
        );
        let html = tokenize(tokenizer, input, &TokenStart::data());
        assert_eq!(
            html[1],
            Tok::Comment("[CDATA[x\u{FFFD}]]".into()),
            "{}",
            tokenizer.name()
        );
    }
}

#[test]
fn appropriate_end_tags_follow_the_last_start_tag() {
    let tokens = tokenize(
        Tokenizer::Html5gum,
        "a</title>b",
        &start(StartState::Rcdata, Some("title")),
    );
    assert_eq!(tokens[1], Tok::EndTag("title".into()));
    let tokens = tokenize(
        Tokenizer::Html5ever,
        "a</title>b",
        &start(StartState::Rcdata, Some("textarea")),
    );
    assert_eq!(tokens, [Tok::Characters("a</title>b".into()), Tok::Eof]);
}

#[test]
fn signatures_name_kinds_and_states_never_text() {
    let chars = |t: &str| vec![Tok::Characters(t.into()), Tok::Eof];
    let rcdata = start(StartState::Rcdata, Some("title"));
    assert_eq!(
        token_signature("html5ever", &chars("ab"), &chars("a&b"), &rcdata).as_str(),
        "tokens | litmus: Character | html5ever: Character (text differs at letter) | in: RCDATA"
    );
    assert_eq!(
        token_signature("html5ever", &chars("xy"), &chars("x&y"), &rcdata),
        token_signature("html5ever", &chars("qy"), &chars("q&y"), &rcdata),
    );
    let tag = |self_closing| {
        vec![
            Tok::StartTag {
                name: "p".into(),
                attributes: vec![("a".into(), "1".into())],
                self_closing,
            },
            Tok::Eof,
        ]
    };
    assert_eq!(
        token_signature("html5gum", &tag(true), &tag(false), &TokenStart::data()).as_str(),
        "tokens | litmus: StartTag | html5gum: StartTag (self-closing) | in: data"
    );
    assert_eq!(
        token_signature("html5gum", &tag(true), &chars("<p>"), &TokenStart::data()).as_str(),
        "tokens | litmus: StartTag | html5gum: Character | in: data"
    );
    assert_eq!(
        token_signature("html5gum", &chars("x"), &[Tok::Eof], &TokenStart::data()).as_str(),
        "tokens | litmus: Character | html5gum: EOF | in: data"
    );
}

/// A planted tokenizer bug: html5ever's tokens, except that a self-closing start
/// tag loses its flag.
struct LosesSelfClosing;

impl Engine for LosesSelfClosing {
    fn name(&self) -> &str {
        "planted"
    }

    fn version(&self) -> String {
        "planted 0".into()
    }

    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        litmus_engines::engine::LitmusEngine.parse_tree(request)
    }

    fn tokens(&mut self, tokenizer: Tokenizer, input: &str, start: &TokenStart) -> ParseResult {
        let mut tokens = tokenize(tokenizer, input, start);
        if tokenizer == Tokenizer::Html5ever {
            for token in &mut tokens {
                if let Tok::StartTag { self_closing, .. } = token {
                    *self_closing = false;
                }
            }
        }
        Ok(EngineOutput {
            tree: render(&tokens),
            serialization: None,
        })
    }
}

#[test]
fn a_planted_tokenizer_bug_is_found_and_minimized() {
    let input = "<!DOCTYPE html><table><tr><td>a&amp;b</td></tr></table><br/>é<!--c-->";
    let request = ParseRequest::document(input, true);
    let mut reference = start_engine("litmus").unwrap();
    let mut planted = LosesSelfClosing;
    let found = compare_tokens(&request, reference.as_mut(), &mut planted);
    // From each of the three start points where the tag is a tag: the data state at
    // least; html5gum's tokens are not planted.
    assert!(!found.is_empty());
    assert!(found.iter().all(|d| d.engine == "html5ever"), "{found:?}");
    let first = &found[0];
    assert_eq!(first.level, Level::Tokens);
    assert_eq!(
        first.signature.as_str(),
        "tokens | litmus: StartTag | html5ever: StartTag (self-closing) | in: data"
    );
    assert_eq!(first.detail.start(), Some(&TokenStart::data()));
    let mut keeps = |candidate: &str| {
        crate::compare::recheck(first, candidate, reference.as_mut(), &mut planted).is_some()
    };
    let (minimal, _) =
        crate::minimize::minimize(input, crate::minimize::Budget::default(), &mut keeps);
    // A one-letter tag, self-closing: `<b/>`.
    assert!(
        minimal.len() == 4 && minimal.starts_with('<') && minimal.ends_with("/>"),
        "{minimal:?}"
    );
}

#[test]
fn a_panicking_tokenizer_is_a_failure_divergence() {
    let request = ParseRequest::document("x", true);
    let ok = tokens_answer(Tokenizer::Litmus, "x", &TokenStart::data());
    let failed: ParseResult = Err(EngineFailure::Panic {
        message: "boom".into(),
        location: None,
    });
    let divergence = token_divergence(
        &request,
        &TokenStart::data(),
        Tokenizer::Html5gum,
        &ok,
        failed,
    )
    .unwrap();
    assert_eq!(divergence.engine, "html5gum");
    assert!(divergence.is_failure());
    assert!(divergence
        .signature
        .as_str()
        .starts_with("crash | html5gum: panic"));
    assert_eq!(
        token_divergence(
            &request,
            &TokenStart::data(),
            Tokenizer::Html5gum,
            &ok,
            ok.clone()
        ),
        None
    );
}

/// Random short inputs over the tokenizers' syntax, each from a start point: the
/// three agree on every one without a processing instruction (300,000 such inputs
/// agreed once, 2026-12-01; the test runs 20,000).
#[test]
fn the_three_tokenizers_agree_on_random_syntax_without_processing_instructions() {
    let pieces = [
        "<",
        "/",
        "!",
        "-",
        ">",
        "?",
        "&",
        "#",
        "x",
        ";",
        "a",
        "b",
        "=",
        "'",
        "\"",
        " ",
        "\0",
        "[",
        "]",
        "\t",
        "\n",
        "é",
        "\u{80}",
        "amp",
        "lt",
        "notin",
        "#x41",
        "#0",
        "#x110000",
        "DOCTYPE",
        "PUBLIC",
        "SYSTEM",
        "script",
        "title",
        "style",
        "svg",
        "<!--",
        "-->",
        "<![CDATA[",
        "]]>",
        "</script",
        "</title",
        "<!DOCTYPE",
        "html",
        "\u{FEFF}",
        "--!",
        "\r",
    ];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut points: Vec<TokenStart> = vec![TokenStart::data()];
    points.extend(STARTS.iter().map(|&(state, tag)| start_of(state, tag)));
    let mut seen = std::collections::BTreeMap::new();
    for _ in 0..20_000 {
        let len = 1 + next() % 12;
        let input: String = (0..len)
            .map(|_| pieces[(next() % pieces.len() as u64) as usize])
            .collect();
        if input.contains("<?") {
            continue;
        }
        let point = &points[(next() % points.len() as u64) as usize];
        let litmus = tokenize(Tokenizer::Litmus, &input, point);
        for other in Tokenizer::OTHERS {
            let theirs = tokenize(other, &input, point);
            if theirs != litmus {
                let sig = token_signature(other.name(), &litmus, &theirs, point);
                seen.entry(sig.as_str().to_owned())
                    .or_insert_with(|| (input.clone(), render(&litmus), render(&theirs)));
            }
        }
    }
    for (sig, (input, l, r)) in &seen {
        eprintln!("{sig}\n  {input:?}\n  litmus:\n{l}  other:\n{r}");
    }
    assert!(seen.is_empty(), "{} signatures", seen.len());
}

#[test]
fn each_tokenizer_is_an_engine_of_its_name_that_offers_one() {
    for tokenizer in Tokenizer::ALL {
        let mut engine = tokenizer.engine();
        assert_eq!(engine.name(), tokenizer.name());
        assert_eq!(Tokenizer::named(tokenizer.name()), Some(tokenizer));
        let tokens = litmus_engines::engine::tokenizers::run(
            engine.as_mut(),
            "<p>a\r\n",
            &TokenStart::data(),
        );
        assert_eq!(
            tokens,
            Some(vec![
                Tok::StartTag {
                    name: "p".into(),
                    attributes: Vec::new(),
                    self_closing: false,
                },
                Tok::Characters("a\n".into()),
                Tok::Eof,
            ]),
            "{}",
            tokenizer.name()
        );
    }
    assert_eq!(Tokenizer::named("chaos"), None);
}

#[test]
fn an_engine_without_a_tokenizer_answers_unsupported() {
    let mut chaos = litmus_engines::engine::ChaosEngine;
    let answer =
        litmus_engines::engine::tokenizers::engine_tokens(&mut chaos, "x", &TokenStart::data());
    assert!(
        matches!(&answer, Err(EngineFailure::Unsupported { message }) if message.contains("chaos offers no tokenizer")),
        "{answer:?}"
    );
}

#[test]
fn a_tokenizer_goes_on_the_wire_by_its_name() {
    let text = serde_json::to_string(&Tokenizer::Html5gum).unwrap();
    assert_eq!(text, r#""html5gum""#);
    assert_eq!(
        serde_json::from_str::<Tokenizer>(&text).unwrap(),
        Tokenizer::Html5gum
    );
    assert!(serde_json::from_str::<Tokenizer>(r#""servo""#).is_err());
}
