use super::*;
use litmus_parser::{parse_document, ParseOptions};

fn parse(input: &str) {
    let document = parse_document(input, &ParseOptions::default());
    std::hint::black_box(&document);
}

#[test]
fn families_are_k_openers_k_blocks_k_closers() {
    let b = kind_named("b").unwrap();
    let div = kind_named("div").unwrap();
    let option = kind_named("option").unwrap();
    let i = kind_named("i-distinct").unwrap();
    let family = |opener, block, shape| RunsFamily {
        opener,
        block,
        shape,
    };
    assert_eq!(
        family(b, div, Shape::Nest).build_k(2),
        "<b><b><div><div></b></b>"
    );
    assert_eq!(
        family(b, div, Shape::Pairs).build_k(2),
        "<b><b><div></div><div></div>"
    );
    assert_eq!(
        family(b, div, Shape::Misnest).build_k(2),
        "<b><b><div></b><div></b>"
    );
    assert_eq!(
        family(b, div, Shape::Interleave).build_k(2),
        "<b><div><b><div></b></b>"
    );
    assert_eq!(
        family(i, option, Shape::CloseBlocks).build_k(2),
        "<select><i id=0><i id=1><option><option></option></option>"
    );
    assert_eq!(family(b, div, Shape::Nest).name(), "b/div/nest");
    let input = family(b, div, Shape::Nest).build(12_000);
    assert!((10_000..=14_000).contains(&input.len()), "{}", input.len());
    assert_eq!(families(&[b, div], &SHAPES).len(), 4 * SHAPES.len());
    let mut names: Vec<&str> = KINDS.iter().map(|k| k.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), KINDS.len());
}

/// The search finds a quadratic walk: with the planted fault of 52a1373's stack (each
/// edit in the middle of the stack walks the entries below it), `<b>`×k `<div>`×k
/// `</b>`×k is flagged; without it, it is not. Ratios of the thread's CPU time at two
/// sizes 8× apart, a generous threshold: quadratic reads about 8, linear about 1.
#[test]
fn the_search_finds_a_planted_quadratic_walk() {
    let config = SearchConfig {
        kinds: vec![kind_named("b").unwrap(), kind_named("div").unwrap()],
        shapes: vec![Shape::Nest],
        small_bytes: 16 << 10,
        threshold: 2.5,
        pairs: 3,
        budget: Duration::from_secs(5),
        patterns: 0,
        seed: 1,
    };
    let mut parse_planted = |input: &str| {
        let planted = [litmus_parser::departures::Departure::PlantedQuadraticWalk];
        let options = litmus_parser::ParseOptions::default();
        let _ = litmus_parser::departures::parse(input, None, &options, &planted);
    };
    let planted = search(&config, &mut parse_planted, &mut |_| {});
    let flagged: Vec<&str> = planted.flagged.iter().map(|f| f.name.as_str()).collect();
    assert!(flagged.contains(&"b/div/nest"), "{planted:?}");
    let clean = search(&config, &mut parse, &mut |_| {});
    assert!(clean.flagged.is_empty(), "{clean:?}");
    assert_eq!(clean.families, 4);
    let table = markdown(&planted, "litmus bench --only search");
    assert!(table.contains("`b/div/nest`"), "{table}");
}
