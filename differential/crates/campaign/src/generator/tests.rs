use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::families::{Generate, Picker};
use super::*;

fn only(family: &str) -> GeneratorConfig {
    let mut config = GeneratorConfig::default();
    for f in FAMILIES {
        config.set_weight(f.name, 0).unwrap();
    }
    config.set_weight(family, 1).unwrap();
    if family == "eof" {
        // `eof` needs a family to write the case it cuts.
        config.set_weight("adoption", 1).unwrap();
    }
    config
}

fn html5lib_tree_construction() -> PathBuf {
    litmus_test_data::html5lib_tests().join("tree-construction")
}

#[test]
fn same_seed_and_index_give_the_same_case() {
    let a = Generator::new(GeneratorConfig::default());
    let b = Generator::new(GeneratorConfig::default());
    for index in 0..500 {
        assert_eq!(a.case(42, index), b.case(42, index), "index {index}");
    }
    // Out of order too: a case does not depend on the cases generated before it.
    let forward: Vec<_> = (0..50).map(|i| a.case(7, i)).collect();
    for i in (0..50).rev() {
        assert_eq!(a.case(7, i), forward[i as usize]);
    }
}

#[test]
fn different_indices_and_seeds_give_different_cases() {
    let generator = Generator::new(GeneratorConfig::default());
    let by_index: HashSet<String> = (0..1000).map(|i| generator.case(1, i).input).collect();
    assert!(by_index.len() > 950, "{} distinct of 1000", by_index.len());
    let by_seed: HashSet<String> = (0..1000).map(|s| generator.case(s, 3).input).collect();
    assert!(by_seed.len() > 950, "{} distinct of 1000", by_seed.len());
}

#[test]
fn every_family_is_reachable_and_writes_something() {
    for family in FAMILIES {
        let generator = Generator::new(only(family.name));
        let mut seen = 0;
        for index in 0..300 {
            let case = generator.case(9, index);
            assert!(
                !case.input.is_empty(),
                "{}: empty case {index}",
                family.name
            );
            if case.family == family.name {
                seen += 1;
            }
        }
        assert!(seen > 100, "{}: chosen {seen} times of 300", family.name);
    }
}

#[test]
fn every_soup_family_writes_a_non_empty_chunk_every_time() {
    let weights: Vec<u32> = FAMILIES.iter().map(|f| f.default_weight).collect();
    let picker = Picker::new(&weights);
    for family in FAMILIES {
        let Generate::Soup(generate) = family.generate else {
            continue;
        };
        for stream in 0..500 {
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            rng.set_stream(stream);
            let mut soup = Soup::new(rng, &picker, 2, 200);
            generate(&mut soup);
            assert!(!soup.out.is_empty(), "{} wrote nothing", family.name);
        }
    }
}

#[test]
fn sizes_stay_within_bounds() {
    let generator = Generator::new(GeneratorConfig::default());
    let mut in_range = 0;
    let n = 20_000;
    for index in 0..n {
        let case = generator.case(3, index);
        assert!(!case.input.is_empty(), "case {index} is empty");
        assert!(
            case.input.len() <= 500,
            "case {index}: {} bytes",
            case.input.len()
        );
        if case.input.len() >= 20 {
            in_range += 1;
        }
    }
    assert!(
        in_range * 10 >= n * 9,
        "{in_range} of {n} cases in 20..=500 bytes"
    );

    let config = GeneratorConfig {
        min_bytes: 5,
        max_bytes: 40,
        ..GeneratorConfig::default()
    };
    let generator = Generator::new(config).with_corpus(vec!["<p>".repeat(100)]);
    for index in 0..5_000 {
        let case = generator.case(4, index);
        assert!(case.input.len() <= 40, "case {index}: {:?}", case.input);
    }
}

#[test]
fn tiny_and_large_limits_work() {
    let corpus = vec!["\u{1f600}<p>\u{e9}".to_owned(), String::new()];
    for (min_bytes, max_bytes, max_depth) in [(1, 1, 0), (1, 4, 1), (4, 9, 3), (2000, 20_000, 8)] {
        let config = GeneratorConfig {
            min_bytes,
            max_bytes,
            max_depth,
            ..GeneratorConfig::default()
        };
        let generator = Generator::new(config).with_corpus(corpus.clone());
        for index in 0..2_000 {
            let case = generator.case(21, index);
            assert!(case.input.len() <= max_bytes, "{max_bytes}: case {index}");
            if max_bytes >= 4 {
                assert!(!case.input.is_empty(), "{max_bytes}: case {index}");
            }
        }
    }
}

#[test]
fn the_fragment_contexts_are_those_of_this_generator_version_in_their_order() {
    // The case stream of GENERATOR_VERSION draws contexts by index: a change to the
    // parser's list changes every fragment case, and must bump the version too.
    assert_eq!(
        FRAGMENT_CONTEXTS.join(","),
        "body,div,td,tr,tbody,table,caption,colgroup,select,option,template,title,\
         textarea,script,style,noscript,plaintext,html,head,frameset,pre,svg svg,\
         svg foreignObject,svg desc,svg title,math math,math mi,math mtext,\
         math annotation-xml",
        "the fragment contexts changed: bump GENERATOR_VERSION ({GENERATOR_VERSION})"
    );
}

#[test]
fn fragment_contexts_parse() {
    for context in FRAGMENT_CONTEXTS {
        assert!(
            litmus_parser::FragmentContext::parse(context).is_some(),
            "{context:?}"
        );
    }
    for family in FAMILIES {
        for context in family.contexts {
            assert!(
                FRAGMENT_CONTEXTS.contains(context),
                "{}: {context:?} is not in FRAGMENT_CONTEXTS",
                family.name
            );
        }
    }
}

#[test]
fn fragment_and_scripting_shares_are_about_right() {
    let generator = Generator::new(GeneratorConfig::default());
    let n = 4_000;
    let cases: Vec<_> = (0..n).map(|i| generator.case(11, i)).collect();
    let fragments = cases
        .iter()
        .filter(|c| c.fragment_context.is_some())
        .count();
    let scripting = cases.iter().filter(|c| c.scripting).count();
    assert!(
        (800..1200).contains(&fragments),
        "{fragments} fragments of {n}"
    );
    assert!(
        (1700..2300).contains(&scripting),
        "{scripting} scripted of {n}"
    );
    let contexts: HashSet<_> = cases
        .iter()
        .filter_map(|c| c.fragment_context.as_deref())
        .collect();
    assert_eq!(contexts.len(), FRAGMENT_CONTEXTS.len());
}

#[test]
fn html5lib_inputs_load() {
    let dir = html5lib_tree_construction();
    assert!(
        dir.is_dir(),
        "{} is missing: set HTML5LIB_TESTS to the html5lib-tests checkout",
        dir.display()
    );
    let inputs = load_html5lib_inputs(&dir).unwrap();
    assert!(inputs.len() > 1_500, "only {} inputs", inputs.len());
    assert!(inputs.iter().any(|i| i.contains("<!DOCTYPE")));
}

#[test]
fn dat_sections_are_read_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let text = "#data\n<p>a\r\nb\n#errors\n(1,1): x\n#document\n| <p>\n\n#data\n\n#errors\n\
                #document-fragment\ntd\n#document\n\n#data\nx\n#errors\n#script-off\n#document\n";
    std::fs::write(dir.path().join("a.dat"), text).unwrap();
    assert_eq!(
        load_html5lib_inputs(dir.path()).unwrap(),
        vec!["<p>a\r\nb", "", "x"]
    );
}

#[test]
fn divergence_inputs_load() {
    let dir = tempfile::tempdir().unwrap();
    assert!(load_divergence_inputs(dir.path()).unwrap().is_empty());
    std::fs::create_dir(dir.path().join("divergences")).unwrap();
    std::fs::write(
        dir.path().join("divergences/abc.dat"),
        "#data\n<b><p></b>\n#errors\n#document\n| <html>\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("divergences/notes.txt"), "#data\nno\n").unwrap();
    assert_eq!(
        load_divergence_inputs(dir.path()).unwrap(),
        vec!["<b><p></b>"]
    );
    assert!(load_html5lib_inputs(&dir.path().join("absent")).is_err());
}

#[test]
fn corpus_cases_are_mutations() {
    let corpus: Vec<String> = [
        "<b><p>x</b>y",
        "<table>x<tr>",
        "\u{e9}<p>\u{65e5}",
        "\u{1f600}",
    ]
    .map(String::from)
    .to_vec();
    let generator = Generator::new(GeneratorConfig::default()).with_corpus(corpus.clone());
    let n = 5_000;
    let mutations: Vec<_> = (0..n)
        .map(|i| generator.case(13, i))
        .filter(|c| c.family == MUTATION)
        .collect();
    assert!(
        (800..1200).contains(&mutations.len()),
        "{}",
        mutations.len()
    );
    let changed = mutations
        .iter()
        .filter(|c| !corpus.contains(&c.input))
        .count();
    assert!(changed * 10 > mutations.len() * 8, "{changed} changed");
    assert!(mutations.iter().all(|c| !c.input.is_empty()));
    let again = Generator::new(GeneratorConfig::default()).with_corpus(corpus);
    assert_eq!(again.case(13, 77), generator.case(13, 77));
}

#[test]
fn mutating_the_html5lib_inputs_keeps_cases_in_bounds() {
    let corpus = load_html5lib_inputs(&html5lib_tree_construction()).unwrap();
    let config = GeneratorConfig {
        corpus_share: 1.0,
        max_bytes: 300,
        ..GeneratorConfig::default()
    };
    let generator = Generator::new(config).with_corpus(corpus);
    for index in 0..20_000 {
        let case = generator.case(17, index);
        assert_eq!(case.family, MUTATION);
        assert!(
            !case.input.is_empty() && case.input.len() <= 300,
            "case {index}"
        );
    }
}

#[test]
fn every_family_appears_in_5000_cases() {
    let generator = Generator::new(GeneratorConfig::default())
        .with_corpus(vec!["<p>x".to_owned(), "<table><td>y".to_owned()]);
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for index in 0..5_000 {
        *counts
            .entry(generator.case(2026, index).family)
            .or_default() += 1;
    }
    for name in Generator::family_names() {
        assert!(
            counts.get(name).copied().unwrap_or(0) > 0,
            "{name}: {counts:?}"
        );
    }
}

#[test]
fn odd_code_points_turn_up() {
    let generator = Generator::new(GeneratorConfig::default());
    let all: String = (0..3_000).map(|i| generator.case(8, i).input).collect();
    for c in [
        '\u{0}',
        '\r',
        '\u{80}',
        '\u{fffe}',
        '\u{feff}',
        '\u{10ffff}',
    ] {
        assert!(all.contains(c), "{c:?} never generated");
    }
    for piece in [
        "</p>",
        "<![CDATA[",
        "<?",
        "&#x",
        "<!DOCTYPE",
        "selectedcontent",
        "<!--",
    ] {
        assert!(all.contains(piece), "{piece:?} never generated");
    }
}

#[test]
fn module_docs_list_every_family_with_its_weight() {
    let docs = include_str!("mod.rs");
    for family in FAMILIES {
        let row = format!("| `{}` | {} |", family.name, family.default_weight);
        assert!(docs.contains(&row), "the module docs lack {row:?}");
    }
    let total: u32 = FAMILIES.iter().map(|f| f.default_weight).sum();
    assert!(docs.contains(&format!("they sum to {total} by default")));
}

#[test]
fn weights_can_be_configured() {
    let mut config = GeneratorConfig::default();
    config.apply_weights("adoption=0, eof=20").unwrap();
    assert_eq!(config.weight("adoption"), Some(0));
    assert_eq!(config.weight("eof"), Some(20));
    assert!(matches!(
        config.set_weight("nope", 1),
        Err(ConfigError::UnknownFamily(_))
    ));
    assert!(matches!(
        config.apply_weights("eof"),
        Err(ConfigError::BadWeight(_))
    ));
    let generator = Generator::new(config);
    assert!((0..2_000).all(|i| generator.case(1, i).family != "adoption"));

    let mut none = GeneratorConfig::default();
    for f in FAMILIES {
        none.set_weight(f.name, 0).unwrap();
    }
    none.set_weight("eof", 5).unwrap();
    assert_eq!(none.validate(), Err(ConfigError::NoFamily));
    let sizes = GeneratorConfig {
        min_bytes: 50,
        max_bytes: 10,
        ..GeneratorConfig::default()
    };
    assert!(Generator::try_new(sizes).is_err());
}

/// Prints the generation speed; `cargo test --release -p litmus-differential --lib
/// generation_speed -- --ignored --nocapture`.
#[test]
#[ignore]
fn generation_speed() {
    let corpus = load_html5lib_inputs(&html5lib_tree_construction()).unwrap_or_default();
    let generator = Generator::new(GeneratorConfig::default()).with_corpus(corpus);
    let n = 200_000u64;
    let start = Instant::now();
    let mut bytes = 0;
    for index in 0..n {
        bytes += generator.case(99, index).input.len();
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{n} cases, {bytes} bytes in {secs:.2}s: {:.0} cases/s, {:.1} MB/s",
        n as f64 / secs,
        bytes as f64 / secs / 1e6
    );
}

/// Byte cases reach every way the standard determines an encoding — a BOM, the
/// prescan's meta, the XML declaration, the default, and a meta past the prescan that
/// changes the encoding — and every encoding they are written in; and they are
/// deterministic.
#[test]
fn byte_cases_reach_every_source_of_the_encoding() {
    use litmus_parser::encoding::EncodingOptions;
    let generator = Generator::new(GeneratorConfig::default());
    let mut sources = BTreeMap::new();
    let mut written = HashSet::new();
    let mut malformed = 0;
    for index in 0..3_000 {
        let (case, bytes) = generator.byte_case(5, index);
        assert_eq!(case.fragment_context, None);
        assert_eq!(generator.byte_case(5, index).1, bytes, "case {index}");
        written.insert(bytes.written_in);
        let (_, report) = litmus_parser::parse_document_bytes(
            &bytes.bytes,
            &litmus_parser::ParseOptions::default(),
            &EncodingOptions::default(),
        )
        .expect("a byte case parses");
        *sources.entry(report.source.kind()).or_insert(0) += 1;
        malformed += usize::from(report.malformed_sequences);
    }
    for kind in [
        "bom",
        "prescan-meta",
        "xml-declaration",
        "default",
        "changed-by-meta",
    ] {
        assert!(
            sources.get(kind).copied().unwrap_or(0) >= 10,
            "{kind}: {sources:?}"
        );
    }
    assert_eq!(written.len(), ENCODINGS.len(), "{written:?}");
    assert!(
        malformed > 300,
        "{malformed} cases with malformed sequences"
    );
}

/// Every arm a family claims to target is an arm of the table, and a small fixed
/// campaign of the family (400 cases of seed 11, the family weighted far above the
/// others, parsed and serialized by the reference parser) passes each of them.
#[test]
fn every_family_target_is_an_arm() {
    let ids: HashSet<String> = litmus_parser::spec_arms::arms()
        .map(|info| info.id())
        .collect();
    for family in FAMILIES {
        assert!(!family.targets.is_empty(), "{} claims no arm", family.name);
        for target in family.targets {
            assert!(ids.contains(*target), "{}: no arm {target}", family.name);
        }
    }
}
