//! The toy level, a level built in tests only (`toy_level.rs`), taken through what
//! every level goes through: the registry, the batch driver, the minimizer's rerun,
//! the archive's blocks and fields (and `corpus_check`'s re-check, in its tests).

use super::toy_level::NoToys;
use crate::compare::batch::compare_cases;
use crate::compare::level::Pair;
use crate::compare::registry::LevelSet;
use crate::compare::rerun::rerun;
use crate::signature::Level;
use litmus_engines::case::ParseRequest;
use litmus_engines::engine::LitmusEngine;

#[test]
fn the_toy_level_is_registered_and_chosen_by_name() {
    assert_eq!(Level::from_name("toy"), Some(Level::Toy));
    assert_eq!(Level::Toy.rules().level(), Level::Toy);
    let set = LevelSet::parse("tree,toy").unwrap();
    assert!(set.contains(Level::Toy));
    assert!(
        set.contains(Level::Fragment),
        "the fragment level is always on"
    );
    assert!(!set.contains(Level::Serialization));
    assert!(!LevelSet::defaults().contains(Level::Toy));
    let error = LevelSet::parse("tree,toys").unwrap_err();
    assert!(error.ends_with("errors, speed and toy"), "{error}");
    let json = serde_json::to_string(&set).unwrap();
    assert_eq!(json, r#"["tree","fragment","toy"]"#);
    assert_eq!(serde_json::from_str::<LevelSet>(&json).unwrap(), set);
}

#[test]
fn a_batch_is_compared_and_counted_at_the_toy_level() {
    let requests = [
        ParseRequest::document("<toy>x</toy>", true),
        ParseRequest::document("<p>x", true),
    ];
    let cases: Vec<(u64, Level, &ParseRequest)> = requests
        .iter()
        .enumerate()
        .map(|(i, r)| (i as u64, Level::Tree, r))
        .collect();
    let (mut reference, mut other) = (LitmusEngine, NoToys);
    let mut engines = Pair {
        reference: &mut reference,
        other: &mut other,
    };
    let levels = LevelSet::parse("toy").unwrap();
    let answers = compare_cases(&cases, &levels, &mut engines);
    // The first case: the tree level sees the missing element too.
    let first: Vec<(Level, &str)> = answers[0]
        .divergences
        .iter()
        .map(|d| (d.level, d.signature.as_str()))
        .collect();
    assert_eq!(first.len(), 2, "{first:?}");
    assert_eq!(first[0].0, Level::Tree);
    assert_eq!(first[1], (Level::Toy, "toy | litmus: 1 | no-toys: 0"));
    assert!(answers[1].divergences.is_empty());
    let mut counts = answers[0].counts.clone();
    counts.merge(&answers[1].counts);
    let counted: Vec<(Level, u64, u64)> = counts.counts().collect();
    assert_eq!(counted, [(Level::Tree, 2, 1), (Level::Toy, 2, 1)]);

    let toy = &answers[0].divergences[1];
    assert!(!toy.is_failure());
    // The minimizer's test: the rerun keeps the toy where the input keeps it.
    let kept = rerun(toy, "<toy>", &mut reference, &mut other);
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].signature, toy.signature);
    assert!(rerun(toy, "<p>", &mut reference, &mut other).is_empty());
    // What the archive records of it.
    let blocks = toy.level.rules().blocks(toy, "left", "right");
    assert_eq!(
        blocks[1],
        ("no-toys toy tree".to_owned(), "right".to_owned())
    );
    let fields = toy.level.rules().fields(toy);
    assert_eq!(
        fields,
        [("toys".to_owned(), toy.signature.as_str().to_owned())]
    );
}
