//! Tests of the fuzz input formats and the seed-corpus builder.

use super::*;

fn context(text: &str) -> FragmentContext {
    FragmentContext::parse(text).unwrap()
}

#[test]
fn cases_round_trip_through_their_format() {
    let cases = [
        FuzzCase {
            target: ParseTarget::Document,
            scripting: None,
            input: "<p>x\ny".into(),
        },
        FuzzCase {
            target: ParseTarget::Fragment(context("svg path")),
            scripting: Some(false),
            input: "<g>".into(),
        },
        FuzzCase {
            target: ParseTarget::Fragment(context("math annotation-xml")),
            scripting: Some(true),
            input: String::new(),
        },
    ];
    for case in cases {
        let data = case.encode();
        assert_eq!(decode_case(&data), Some(case.clone()));
        assert_eq!(decode_roundtrip_input(&data), case.clone());
        assert_eq!(
            decode_differential_input(&data),
            DifferentialInput::Case(case)
        );
    }
    assert_eq!(
        FuzzCase {
            target: ParseTarget::Fragment(context("td")),
            scripting: Some(false),
            input: "a".into(),
        }
        .encode(),
        b"td #script-off\na"
    );
}

#[test]
fn data_without_a_header_falls_back() {
    // No LF: the whole data.
    let case = decode_roundtrip_input(b"<p>x");
    assert_eq!(case.target, ParseTarget::Document);
    assert_eq!(case.input, "<p>x");
    // A first line with whitespace inside a name is not a header.
    let case = decode_roundtrip_input(b"<p class=a>x\ny");
    assert_eq!(case.input, "<p class=a>x\ny");
    let (context, scripting, input) = decode_fragment_input(b"\x02<b>");
    assert_eq!(context.to_string(), FRAGMENT_CONTEXTS[2]);
    assert_eq!(scripting, None);
    assert_eq!(input, "\u{2}<b>");
    // A document header is no fragment: the fallback again.
    let (_, _, input) = decode_fragment_input(b"#document\nx");
    assert_eq!(input, "#document\nx");
    // Invalid UTF-8 in the input is replaced.
    let (context, _, input) = decode_fragment_input(b"td\n\xff<");
    assert_eq!(context, self::context("td"));
    assert_eq!(input, "\u{FFFD}<");
}

#[test]
fn generator_cases_decode_and_edit() {
    assert_eq!(
        decode_differential_input(b"#generate 7 9"),
        DifferentialInput::Generate {
            seed: 7,
            index: 9,
            edit: None
        }
    );
    assert_eq!(
        decode_differential_input(&encode_generate(1, 2)),
        DifferentialInput::Generate {
            seed: 1,
            index: 2,
            edit: None
        }
    );
    let DifferentialInput::Generate { edit, .. } =
        decode_differential_input(b"#generate 1 2\n\x01\x00\x02<svg>")
    else {
        panic!("not a generator case");
    };
    let edit = edit.unwrap();
    assert_eq!(edit.apply("abcd"), "a<svg>d");
    // Positions wrap and stay on character boundaries.
    let edit = |at, delete| GeneratorEdit {
        at,
        delete,
        insert: "x".into(),
    };
    assert_eq!(edit(2, 1).apply("\u{e9}z"), "\u{e9}x");
    assert_eq!(edit(1, 1).apply("\u{e9}z"), "x\u{e9}z");
    assert_eq!(edit(7, 9).apply("ab"), "ax");
    assert_eq!(edit(0, 0).apply(""), "x");
    // Not generator headers.
    for data in [
        &b"#generate 1"[..],
        b"#generate x 1",
        b"#generate 1 2 3",
        b"#generated 1 2",
    ] {
        assert!(matches!(
            decode_differential_input(data),
            DifferentialInput::Case(_)
        ));
    }
    let generator = default_generator();
    let case = decode_differential_input(b"#generate 2026 3").to_case(&generator);
    assert_eq!(case.input, generator.case(2026, 3).input);
}

#[test]
fn tokenizer_inputs_round_trip_through_their_format() {
    let input = TokenizerInput {
        initial_state: State::Rcdata,
        last_start_tag: Some(b"textarea".to_vec()),
        cdata_allowed: true,
        switch_states: false,
        input: b"a</textarea>".to_vec(),
    };
    assert_eq!(TokenizerInput::decode(&input.encode().unwrap()), input);
    let empty = TokenizerInput::decode(b"");
    assert_eq!(empty.initial_state, State::Data);
    assert_eq!(empty.last_start_tag, None);
    assert!(empty.input.is_empty());
    // States 6 and 7 are the data state; a short name takes what is there.
    let odd = TokenizerInput::decode(b"\x1f\x05ab");
    assert_eq!(odd.initial_state, State::Data);
    assert!(odd.cdata_allowed && odd.switch_states);
    assert_eq!(odd.last_start_tag.as_deref(), Some(&b"ab"[..]));
    assert!(odd.input.is_empty());
    // Lone surrogates survive, malformed bytes become U+FFFD.
    let input = TokenizerInput::decode(b"\x00\x00a\xed\xa0\x80\xff\xc0\x80");
    assert_eq!(
        input.input,
        b"a\xed\xa0\x80\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
    );
}

#[test]
fn double_escaped_inputs_keep_lone_surrogates() {
    assert_eq!(unescape_double_escaped("a\\uDFFF"), b"a\xed\xbf\xbf");
    assert_eq!(
        unescape_double_escaped("\\uD83D\\uDE00x"),
        "\u{1F600}x".as_bytes()
    );
    assert_eq!(unescape_double_escaped("\\u00"), b"\\u00");
}

#[test]
fn seed_corpora_are_built_from_test_files() {
    let dir = tempfile::tempdir().unwrap();
    let html5lib = dir.path().join("html5lib");
    fs::create_dir_all(html5lib.join("tree-construction")).unwrap();
    fs::create_dir_all(html5lib.join("tokenizer")).unwrap();
    fs::write(
        html5lib.join("tree-construction/a.dat"),
        "#data\n<p>x\n#errors\n#document\n| <html>\n\n#data\n<td>\n#errors\n#document-fragment\ntr\n#document\n| <td>\n",
    )
    .unwrap();
    fs::write(
        html5lib.join("tokenizer/a.test"),
        r#"{"tests": [{"description": "d", "input": "a</xmp>", "output": [],
            "initialStates": ["RAWTEXT state", "RCDATA state"], "lastStartTag": "xmp"}]}"#,
    )
    .unwrap();
    let out = dir.path().join("out");
    let stats = build_seed_corpora(&html5lib, &dir.path().join("corpus"), &out).unwrap();
    assert_eq!(stats.tree_construction_tests, 2);
    assert_eq!(stats.tokenizer_tests, 1);
    assert_eq!(stats.divergences, 0);
    let names: Vec<&str> = stats.targets.iter().map(|t| t.target).collect();
    assert_eq!(names, FUZZ_TARGETS);
    for target in &stats.targets {
        assert!(
            target.seeds > 0 && target.written == target.seeds,
            "{target:?}"
        );
        assert_eq!(fs::read_dir(&target.dir).unwrap().count(), target.seeds);
    }
    let read = |target: &str| -> Vec<Vec<u8>> {
        fs::read_dir(out.join(target))
            .unwrap()
            .map(|e| fs::read(e.unwrap().path()).unwrap())
            .collect()
    };
    assert!(read("fragment").contains(&b"tr\n<td>".to_vec()));
    assert!(read("roundtrip").contains(&b"#document\n<p>x".to_vec()));
    assert!(read("differential").contains(&encode_generate(GENERATOR_SEED, 0)));
    let rawtext = TokenizerInput {
        initial_state: State::Rawtext,
        last_start_tag: Some(b"xmp".to_vec()),
        cdata_allowed: false,
        switch_states: false,
        input: b"a</xmp>".to_vec(),
    };
    assert!(read("tokenizer").contains(&rawtext.encode().unwrap()));
    // Building again writes nothing new.
    let again = build_seed_corpora(&html5lib, &dir.path().join("corpus"), &out).unwrap();
    assert!(again.targets.iter().all(|t| t.written == 0));
}
