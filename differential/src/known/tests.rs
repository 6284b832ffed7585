use super::*;
use crate::locus::{Locus, LocusRule};

#[test]
fn the_built_in_classes_are_the_corpus_file() {
    let built_in = KnownDifferences::built_in();
    assert!(built_in.classes.len() >= 20, "{}", built_in.classes.len());
    // Built from the file as it is now: a stale binary is caught by CI's rebuild.
    let file = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/known-differences.toml"),
    )
    .unwrap();
    assert_eq!(BUILT_IN, file);
}

const GOOD: &str = r#"
[[class]]
id = "html5ever-no-processing-instructions"
engine = "html5ever"
signatures = ["tree | litmus: <?…> | html5ever: <!--…--> | in: *"]
explanation = "html5ever builds bogus comments"
spec = "https://html.spec.whatwg.org/#processing-instruction-open-state"
upstream = "https://github.com/servo/html5ever/issues/789"
right = "reference"
"#;

fn classify<'k>(
    known: &'k KnownDifferences,
    engine: &str,
    sig: &str,
    input: &str,
) -> Option<&'k str> {
    known
        .classify(&mut Evidence::new(engine, sig, input))
        .map(|c| c.id.as_str())
}

fn locus(token: &str, arms: &[&str], case_arms: &[&str]) -> Locus {
    let strings = |list: &[&str]| list.iter().map(|a| a.to_string()).collect::<Vec<_>>();
    Locus {
        token: token.to_owned(),
        arms: strings(arms),
        mode: arms.first().map_or(String::new(), |a| a.to_string()),
        token_arms: Vec::new(),
        rule: LocusRule::Placed,
        case_arms: strings(case_arms),
        case_tokens: vec![token.to_owned()],
        neighbours: Vec::new(),
        inside: Vec::new(),
        upstream: None,
    }
}

#[test]
fn classes_load_and_classify() {
    let known = KnownDifferences::parse(GOOD).unwrap();
    let sig = "tree | litmus: <?…> | html5ever: <!--…--> | in: <body>";
    assert_eq!(
        classify(&known, "html5ever", sig, "<?t>"),
        Some("html5ever-no-processing-instructions")
    );
    assert!(classify(&known, "parse5", sig, "<?t>").is_none());
    assert!(classify(&known, "html5ever", "tree | other", "<?t>").is_none());
    // A mutant of the reference is matched against every engine's classes.
    assert!(classify(&known, "mutant:x", sig, "<?t>").is_some());
    let with_input = GOOD.replace(
        "right =",
        "inputs = [\"\u{feff}*\"]\ninputs_reason = \"a U+FEFF\"\nright =",
    );
    let known = KnownDifferences::parse(&with_input).unwrap();
    assert!(classify(&known, "html5ever", sig, "\u{feff}x").is_some());
    assert!(classify(&known, "html5ever", sig, "x").is_none());
}

const CAUSES: &str = r#"
[[class]]
id = "input-in-select"
engine = "e"
locus = ["tree.in-body.start-tag-input"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-inbody"
right = "reference"

[[class]]
id = "any-in-body-start-tag"
engine = "e"
locus = ["tree.in-body.start-tag-*"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-inbody"
right = "reference"

[[class]]
id = "processing-instruction-token"
engine = "e"
token = ["processing instruction"]
passes = ["tokenizer.tag-open.question-mark"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-inbody"
right = "reference"
"#;

#[test]
fn a_cause_class_matches_on_the_locus_and_the_most_specific_wins() {
    let known = KnownDifferences::parse(CAUSES).unwrap();
    let sig = "fragment | litmus: \"…\" | e: <input> | in: #fragment(select)";
    let input = locus("start tag input", &["tree.in-body.start-tag-input"], &[]);
    let mut evidence = Evidence::new("e", sig, "<input>x").with_known_locus(Some(input));
    // Both locus classes match; the exact one is more specific.
    assert_eq!(
        known.verdict(&mut evidence).class().map(|c| c.id.as_str()),
        Some("input-in-select")
    );
    let hr = locus("start tag hr", &["tree.in-body.start-tag-hr"], &[]);
    let mut evidence = Evidence::new("e", sig, "<hr>").with_known_locus(Some(hr));
    assert_eq!(
        known.verdict(&mut evidence).class().map(|c| c.id.as_str()),
        Some("any-in-body-start-tag")
    );
    // No locus: no locus class can match.
    let mut evidence = Evidence::new("e", sig, "<hr>").with_known_locus(None);
    assert_eq!(known.verdict(&mut evidence), Verdict::New);
    // `passes` needs one of its patterns among the case's arms.
    let pi = locus(
        "processing instruction",
        &["tree.in-body.processing-instruction"],
        &[
            "tokenizer.data.less-than-sign",
            "tokenizer.tag-open.question-mark",
        ],
    );
    let mut evidence = Evidence::new("e", sig, "<?t>").with_known_locus(Some(pi));
    assert_eq!(
        known.verdict(&mut evidence).class().map(|c| c.id.as_str()),
        Some("processing-instruction-token")
    );
    let pi_elsewhere = locus(
        "processing instruction",
        &["tree.in-body.processing-instruction"],
        &[],
    );
    let mut evidence = Evidence::new("e", sig, "<?t>").with_known_locus(Some(pi_elsewhere));
    assert_eq!(known.verdict(&mut evidence), Verdict::New);
}

#[test]
fn equally_specific_classes_make_a_finding_ambiguous() {
    let twice = format!(
        "{CAUSES}{}",
        CAUSES
            .split("[[class]]")
            .nth(1)
            .unwrap()
            .replace("input-in-select", "input-elsewhere")
            .replace("id =", "[[class]]\nid =")
    );
    let known = KnownDifferences::parse(&twice).unwrap();
    let input = locus("start tag input", &["tree.in-body.start-tag-input"], &[]);
    let mut evidence = Evidence::new("e", "tree | x", "<input>").with_known_locus(Some(input));
    match known.verdict(&mut evidence) {
        Verdict::Ambiguous(classes) => {
            let ids: Vec<&str> = classes.iter().map(|c| c.id.as_str()).collect();
            assert_eq!(ids, ["input-in-select", "input-elsewhere"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_locus_is_found_only_when_a_class_asks_for_it() {
    let known = KnownDifferences::parse(GOOD).unwrap();
    let asked = std::cell::Cell::new(false);
    let mut evidence = Evidence::new("html5ever", "tree | x", "").with_locus(|| {
        asked.set(true);
        None
    });
    assert_eq!(known.verdict(&mut evidence), Verdict::New);
    assert!(!asked.get());
    let known = KnownDifferences::parse(CAUSES).unwrap();
    let mut evidence = Evidence::new("e", "tree | x", "").with_locus(|| {
        asked.set(true);
        None
    });
    assert_eq!(known.verdict(&mut evidence), Verdict::New);
    assert!(asked.get());
}

#[test]
fn malformed_files_name_the_line_and_the_problem() {
    let err = KnownDifferences::parse("[[class]]\nid = \"a\"\nengine = 3\n").unwrap_err();
    assert!(err.starts_with("line 3"), "{err}");
    let unknown_key = GOOD.replace("right =", "rite =");
    assert!(KnownDifferences::parse(&unknown_key)
        .unwrap_err()
        .contains("line"));
    let twice = format!("{GOOD}{GOOD}");
    assert!(KnownDifferences::parse(&twice)
        .unwrap_err()
        .contains("earlier class"));
    let no_patterns = GOOD.replace(
        "signatures = [\"tree | litmus: <?…> | html5ever: <!--…--> | in: *\"]",
        "signatures = []",
    );
    assert!(KnownDifferences::parse(&no_patterns)
        .unwrap_err()
        .contains("locus condition"));
    let no_arm = CAUSES.replace(
        "tree.in-body.start-tag-input\"",
        "tree.in-body.start-tag-inptu\"",
    );
    let err = KnownDifferences::parse(&no_arm).unwrap_err();
    assert!(err.contains("not an arm"), "{err}");
    let inputs_alone = GOOD.replace("right =", "inputs = [\"*<x*\"]\nright =");
    let err = KnownDifferences::parse(&inputs_alone).unwrap_err();
    assert!(err.contains("inputs_reason"), "{err}");
}

/// Two classes of one Chromium behaviour, one for each side of a version.
const VERSIONED: &str = r#"
[[class]]
id = "chromium-old-pi"
engine = "chromium"
versions = ["chromium < 150"]
signatures = ["tree | litmus: <?…> | chromium: <!--…--> | in: *"]
explanation = "bogus comments before 150"
spec = "https://html.spec.whatwg.org/#processing-instruction-open-state"
right = "reference"

[[class]]
id = "chromium-any-comment"
engine = "chromium"
versions = [">= 160, < 170", "= 155"]
signatures = ["tree | litmus: * | chromium: * | in: *"]
explanation = "comments at 155 and in the 160s"
spec = "https://html.spec.whatwg.org/#parsing"
right = "reference"
"#;

#[test]
fn versions_decide_between_known_and_known_at_another_version() {
    let mut known = KnownDifferences::parse(VERSIONED).unwrap();
    let sig = "tree | litmus: <?…> | chromium: <!--…--> | in: <p>";
    let verdict_at = |known: &KnownDifferences, version: Option<&str>| {
        let mut evidence = Evidence::new("chromium", sig, "<p><?t>").with_version(version);
        match known.verdict(&mut evidence) {
            Verdict::Known(c) => format!("known {}", c.id),
            Verdict::AtAnotherVersion(c) => format!("elsewhere {}", c.id),
            Verdict::Ambiguous(cs) => format!("ambiguous {}", cs.len()),
            Verdict::New => "new".to_owned(),
        }
    };
    assert_eq!(
        verdict_at(&known, Some("Chromium 148.0.7778.167 built on Debian")),
        "known chromium-old-pi"
    );
    assert_eq!(
        verdict_at(&known, Some("Chromium 155.1")),
        "known chromium-any-comment"
    );
    assert_eq!(
        verdict_at(&known, Some("Chromium 165.0.1")),
        "known chromium-any-comment"
    );
    // At 156 neither holds: the more specific (a signature that says more) is known
    // at another version, never new.
    assert_eq!(
        verdict_at(&known, Some("Chromium 156.0.8078.114")),
        "elsewhere chromium-old-pi"
    );
    // An unknown version meets no condition.
    assert_eq!(verdict_at(&known, None), "elsewhere chromium-old-pi");
    // The classes' engine version stands in where the evidence gives none.
    known.set_engine_version("chromium", "Chromium 149.0.1");
    assert_eq!(verdict_at(&known, None), "known chromium-old-pi");
    assert_eq!(known.engine_version("chromium"), Some("Chromium 149.0.1"));
    // A class limited to versions needs the whole verdict, not the signature alone.
    assert!(known.classify_by_signature("chromium", sig).is_none());
    // Verdict::class gives the class either way.
    let mut evidence = Evidence::new("chromium", sig, "<p><?t>").with_version(Some("Chromium 200"));
    assert_eq!(
        known.verdict(&mut evidence).class().map(|c| c.id.as_str()),
        Some("chromium-old-pi")
    );
}

#[test]
fn bad_versions_are_refused_with_the_class_named() {
    for (versions, why) in [
        (r#"["chromium 150"]"#, "bad versions entry"),
        (r#"["< x"]"#, "bad versions entry"),
        (
            r#"["firefox < 150"]"#,
            "names firefox, not its engine chromium",
        ),
    ] {
        let text = VERSIONED.replacen(r#"["chromium < 150"]"#, versions, 1);
        let error = KnownDifferences::parse(&text).unwrap_err();
        assert!(
            error.contains("chromium-old-pi") && error.contains(why),
            "{versions}: {error}"
        );
    }
    // A class of any engine names one in each entry.
    let any = VERSIONED.replacen("engine = \"chromium\"", "engine = \"*\"", 1);
    let any = any.replacen(r#"["chromium < 150"]"#, r#"["firefox < 150"]"#, 1);
    assert!(KnownDifferences::parse(&any).is_ok());
}

#[test]
fn signature_patterns_speak_for_their_levels_and_loci_for_trees() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "no-processing-instructions"
engine = "e"
token = ["processing instruction"]
signatures = ["tokens | litmus: ProcessingInstruction | e: Comment | in: *"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#processing-instruction-open-state"
right = "reference"
"#,
    )
    .unwrap();
    let pi = locus(
        "processing instruction",
        &["tree.in-body.processing-instruction"],
        &[],
    );
    // A tree finding: no tree pattern, so the locus decides.
    let tree = "tree | litmus: <?…> | e: <!--…--> | in: <body>";
    let mut evidence = Evidence::new("e", tree, "<?t>").with_known_locus(Some(pi.clone()));
    assert!(known.classify(&mut evidence).is_some());
    let other = locus("comment", &["tree.in-body.comment"], &[]);
    let mut evidence = Evidence::new("e", tree, "<!x>").with_known_locus(Some(other));
    assert!(known.classify(&mut evidence).is_none());
    // A token finding: its level's pattern decides; no locus is asked for.
    let tokens = "tokens | litmus: ProcessingInstruction | e: Comment | in: data";
    let mut evidence = Evidence::new("e", tokens, "<?t>").with_locus(|| panic!("asked"));
    assert!(known.classify(&mut evidence).is_some());
    // A level the class names nowhere, with no locus: never.
    let serialization = "serialization | litmus: <?…> | e: <!--…--> | in: <body>";
    let mut evidence = Evidence::new("e", serialization, "<?t>").with_known_locus(Some(pi));
    assert!(known.classify(&mut evidence).is_none());
}

/// An errors finding has its case's arms and tokens ([`LocusRule::Case`]), no first
/// difference: a class's `passes` and `tokens` read them, its `locus` and `token` are
/// left to its signatures.
#[test]
fn errors_findings_are_matched_by_their_case() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "e-select-errors"
engine = "e"
signatures = ["errors | *"]
tokens = ["start tag select"]
passes = ["tree.in-body.start-tag-math"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-inbody"
right = "reference"

[[class]]
id = "e-no-processing-instructions"
engine = "e"
locus = ["tree.*processing-instruction"]
token = ["processing instruction"]
signatures = ["errors | litmus: invalid-processing-instruction-target | e: *"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#processing-instruction-open-state"
right = "reference"
"#,
    )
    .unwrap();
    let case = |tokens: &[&str], case_arms: &[&str]| Locus {
        token: String::new(),
        arms: Vec::new(),
        mode: String::new(),
        token_arms: Vec::new(),
        rule: LocusRule::Case,
        case_arms: case_arms.iter().map(|a| a.to_string()).collect(),
        case_tokens: tokens.iter().map(|t| t.to_string()).collect(),
        neighbours: Vec::new(),
        inside: Vec::new(),
        upstream: None,
    };
    let verdict = |signature: &str, locus: Locus| {
        let mut evidence = Evidence::new("e", signature, "").with_known_locus(Some(locus));
        known.classify(&mut evidence).map(|c| c.id.clone())
    };
    let errors = "errors | litmus: (none) | e: eof-in-tag";
    let in_select = case(
        &["start tag select", "start tag math"],
        &["tree.in-body.start-tag-math"],
    );
    assert_eq!(verdict(errors, in_select), Some("e-select-errors".into()));
    // The same errors without a select in the case: not that class's.
    let no_select = case(&["start tag math"], &["tree.in-body.start-tag-math"]);
    assert_eq!(verdict(errors, no_select), None);
    // A class of the first difference (locus, token) matches an errors finding by its
    // signature.
    let pi = "errors | litmus: invalid-processing-instruction-target | e: (none)";
    assert_eq!(
        verdict(pi, case(&["comment"], &[])),
        Some("e-no-processing-instructions".into())
    );
}

#[test]
fn a_finding_no_class_explains_at_its_locus_is_judged_at_its_neighbours() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "breakout"
engine = "x"
passes = ["start tag table@tree.in-foreign-content.start-tag-breakout"]
token = ["start tag *"]
explanation = "e"
spec = "https://html.spec.whatwg.org/#parsing-main-inforeign"
right = "reference"
"#,
    )
    .unwrap();
    let signature = "fragment | litmus: \"…\" | x: <svg table> | in: #fragment(svg svg)";
    let breakout = &["start tag table@tree.in-foreign-content.start-tag-breakout"];
    let mut at_eof = locus("EOF", &["tree.in-body.character-whitespace"], breakout);
    // Alone, the EOF locus is not the class's.
    let alone = Evidence::new("x", signature, "<table>x").with_known_locus(Some(at_eof.clone()));
    assert_eq!(known.verdict(&mut { alone }), Verdict::New);
    // With the table's start tag among its neighbours, it is.
    // (A neighbour carries no case arms: the verdict lends it the locus's.)
    at_eof.neighbours.push(locus(
        "start tag table",
        &["tree.in-foreign-content.start-tag-breakout"],
        &[],
    ));
    let mut evidence = Evidence::new("x", signature, "<table>x").with_known_locus(Some(at_eof));
    assert_eq!(
        known.verdict(&mut evidence).class().map(|c| c.id.as_str()),
        Some("breakout")
    );
}

#[test]
fn a_difference_in_a_nodes_own_data_is_not_judged_at_its_neighbours() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "quirks"
engine = "x"
locus = ["tree.in-body.start-tag-table"]
explanation = "e"
spec = "https://html.spec.whatwg.org/#the-initial-insertion-mode"
right = "reference"
"#,
    )
    .unwrap();
    let signature = "tree | litmus: <!DOCTYPE html> | x: <!DOCTYPE HTML> | in: #document";
    let with_rule = |rule: LocusRule| {
        let mut doctype = locus("DOCTYPE", &["tree.initial.doctype"], &[]);
        doctype.rule = rule;
        doctype.neighbours.push(locus(
            "start tag table",
            &["tree.in-body.start-tag-table"],
            &[],
        ));
        let mut evidence = Evidence::new("x", signature, "<!DOCTYPE HTML><p><table>")
            .with_known_locus(Some(doctype));
        known.verdict(&mut evidence).class().map(|c| c.id.clone())
    };
    // The DOCTYPE's name differs: the table placed elsewhere does not explain it.
    assert_eq!(with_rule(LocusRule::Data), None);
    // A node placed otherwise is judged at its neighbours.
    assert_eq!(with_rule(LocusRule::Placed), Some("quirks".to_owned()));
}

#[test]
fn a_round_trip_of_a_tree_that_already_departs_is_judged_as_that_tree() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "template-children"
engine = "x"
locus = ["tree.in-head.start-tag-template"]
explanation = "e"
spec = "https://html.spec.whatwg.org/#parsing-main-inhead"
right = "reference"
"#,
    )
    .unwrap();
    let round_trip = "round-trip | x: <p> | reparsed: <p> (shallower) | in: <template>";
    let mut case = locus("", &[], &["tree.in-head.start-tag-template"]);
    case.rule = LocusRule::Case;
    let verdict = |case: Locus| {
        let mut evidence =
            Evidence::new("x", round_trip, "<p><table><template><p>").with_known_locus(Some(case));
        known.verdict(&mut evidence).class().map(|c| c.id.clone())
    };
    // The engine's tree was the reference's: the round trip is its own.
    assert_eq!(verdict(case.clone()), None);
    // The engine serialized a tree that departs at the template: that tree's cause.
    case.upstream = Some(Box::new(crate::locus::Upstream {
        signature: "tree | litmus: <table> | x: <template> | in: <p>".to_owned(),
        locus: Some(locus(
            "start tag template",
            &["tree.in-head.start-tag-template"],
            &[],
        )),
    }));
    assert_eq!(verdict(case), Some("template-children".to_owned()));
}

#[test]
fn a_class_inside_an_element_matches_a_difference_held_by_it_or_at_its_locus() {
    let classes = r#"
[[class]]
id = "selectedcontent-filled-otherwise"
engine = "e"
locus = ["tree.selectedcontent.*"]
inside = ["selectedcontent"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#maybe-clone-an-option-into-selectedcontent"
right = "reference"
"#;
    let known = KnownDifferences::parse(classes).unwrap();
    let sig = "tree | litmus: <option> | e: \"…\" (deeper) | in: <select>";
    let verdict = |locus: Locus| {
        let mut evidence = Evidence::new("e", sig, "<select>").with_known_locus(Some(locus));
        known.verdict(&mut evidence).class().map(|c| c.id.clone())
    };
    let text = || locus("character", &["tree.in-body.any-other-character"], &[]);
    // Neither at a selectedcontent arm nor held by a selectedcontent: new.
    assert_eq!(verdict(text()), None);
    // Held by one (the trees equal with every selectedcontent emptied).
    let held = Locus {
        inside: vec!["selectedcontent".to_owned(), "select".to_owned()],
        ..text()
    };
    assert_eq!(
        verdict(held).as_deref(),
        Some("selectedcontent-filled-otherwise")
    );
    // Held by a select only: the difference reaches past the selectedcontent.
    let select_only = Locus {
        inside: vec!["select".to_owned()],
        ..text()
    };
    assert_eq!(verdict(select_only), None);
    // At the clone's arm, wherever the difference reaches.
    let clone = locus(
        "EOF",
        &["tree.selectedcontent.maybe-clone-step-2-clone"],
        &[],
    );
    assert_eq!(
        verdict(clone).as_deref(),
        Some("selectedcontent-filled-otherwise")
    );
}

#[test]
fn a_class_matches_by_its_own_conditions_or_one_of_its_shapes_and_is_one_cause() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "no-processing-instructions"
engine = "e"
locus = ["tree.*.processing-instruction"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#processing-instruction-open-state"
right = "reference"

[[class.shape]]
token = ["EOF"]
passes = ["tokenizer.processing-instruction-*.eof"]

[[class.shape]]
token = ["processing instruction"]
"#,
    )
    .unwrap();
    assert_eq!(known.classes.len(), 1);
    assert_eq!(known.classes[0].shapes.len(), 2);
    let verdict = |locus: Locus| {
        let sig = "tree | litmus: (end) | e: <!--…--> | in: <body>";
        let mut evidence = Evidence::new("e", sig, "<?").with_known_locus(Some(locus));
        known.verdict(&mut evidence)
    };
    // Its own conditions and its second shape both hold: one cause, not ambiguous.
    let at_pi = locus(
        "processing instruction",
        &["tree.in-body.processing-instruction"],
        &[],
    );
    assert_eq!(
        verdict(at_pi).class().map(|c| c.id.as_str()),
        Some("no-processing-instructions")
    );
    // Only the first shape holds.
    let cut_off = locus(
        "EOF",
        &["tree.in-body.eof"],
        &["tokenizer.processing-instruction-open.eof"],
    );
    assert_eq!(
        verdict(cut_off).class().map(|c| c.id.as_str()),
        Some("no-processing-instructions")
    );
    // None does.
    let other = locus("EOF", &["tree.in-body.eof"], &["tokenizer.data.eof"]);
    assert_eq!(verdict(other), Verdict::New);
    // A shape is checked as a class is: an unknown key or a shape with no condition
    // is an error naming the class.
    let bad = r#"
[[class]]
id = "c"
engine = "e"
locus = ["tree.*.processing-instruction"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#processing-instruction-open-state"
right = "reference"

[[class.shape]]
explanation = "a shape has conditions only"
"#;
    assert!(KnownDifferences::parse(bad).is_err());
    let empty = bad.replace("explanation = \"a shape has conditions only\"", "");
    let error = KnownDifferences::parse(&empty).unwrap_err();
    assert!(error.contains("class \"c\""), "{error}");
}

#[test]
fn a_tokenizer_locus_pattern_names_the_locus_tokens_own_tokenizing() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "names-keep-their-case"
engine = "e"
locus = ["tokenizer.tag-name.ascii-upper-alpha"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#tag-name-state"
right = "reference"
"#,
    )
    .unwrap();
    let sig = "tree | litmus: <foo> | e: <Foo> | in: <body>";
    let verdict = |token_arms: &[&str]| {
        let mut at = locus("start tag foo", &["tree.in-body.any-other-start-tag"], &[]);
        at.token_arms = token_arms.iter().map(|a| a.to_string()).collect();
        let mut evidence = Evidence::new("e", sig, "<Foo>").with_known_locus(Some(at));
        known.verdict(&mut evidence).class().map(|c| c.id.clone())
    };
    assert_eq!(
        verdict(&[
            "tokenizer.tag-open.ascii-alpha",
            "tokenizer.tag-name.ascii-upper-alpha"
        ]),
        Some("names-keep-their-case".to_owned())
    );
    // Another token of the case had upper-case letters, not this one.
    assert_eq!(
        verdict(&[
            "tokenizer.tag-open.ascii-alpha",
            "tokenizer.tag-name.anything-else"
        ]),
        None
    );
}

#[test]
fn a_signature_the_cause_rules_out_refutes_the_class() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "no-processing-instructions"
engine = "e"
unless = ["* | litmus: * | *: <?…>* | in: *"]
locus = ["tree.*.processing-instruction"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#processing-instruction-open-state"
right = "reference"
"#,
    )
    .unwrap();
    let verdict = |sig: &str| {
        let at_pi = locus(
            "processing instruction",
            &["tree.in-body.processing-instruction"],
            &[],
        );
        let mut evidence = Evidence::new("e", sig, "<template><?a>").with_known_locus(Some(at_pi));
        known.verdict(&mut evidence).class().map(|c| c.id.clone())
    };
    // The engine made a comment of it: the cause.
    assert_eq!(
        verdict("tree | litmus: <?…> | e: <!--…--> | in: content"),
        Some("no-processing-instructions".to_owned())
    );
    // The engine built the processing instruction, elsewhere: another cause.
    assert_eq!(
        verdict("tree | litmus: <?…> | e: <?…> (shallower) | in: content"),
        None
    );
}

#[test]
fn classes_sent_to_a_worker_keep_their_shapes() {
    let text = r#"
[[class]]
id = "no-processing-instructions"
engine = "e"
locus = ["tree.*.processing-instruction"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#processing-instruction-open-state"
right = "reference"

[[class.shape]]
signatures = ["tokens | litmus: EOF | e: Comment | in: *"]
"#;
    let known = KnownDifferences::parse(text).unwrap();
    // A worker reads the classes from JSON: the shape still matches there.
    let sent: KnownDifferences =
        serde_json::from_str(&serde_json::to_string(&known).unwrap()).unwrap();
    let sig = "tokens | litmus: EOF | e: Comment | in: data";
    for known in [&known, &sent] {
        assert_eq!(
            classify(known, "e", sig, "<?"),
            Some("no-processing-instructions")
        );
    }
}

/// The reference's tree of `request`, as the harness dumps it.
fn reference_tree(request: &crate::case::ParseRequest) -> String {
    use crate::engine::Engine;
    crate::engine::LitmusEngine.parse(request).unwrap().tree
}

/// The verdict on engine `e`'s tree `engine_tree` for `request`, with its signature
/// and locus made as a campaign makes them.
fn tree_verdict(
    known: &KnownDifferences,
    request: &crate::case::ParseRequest,
    engine_tree: &str,
) -> Option<String> {
    judge_tree(known, request, engine_tree, |verdict| {
        verdict.class().map(|c| c.id.clone())
    })
}

/// What `read` makes of `known`'s verdict on engine `e`'s tree `engine_tree` for
/// `request`, its locus found from the two trees.
fn judge_tree<T>(
    known: &KnownDifferences,
    request: &crate::case::ParseRequest,
    engine_tree: &str,
    read: impl FnOnce(Verdict<'_>) -> T,
) -> T {
    let ours = reference_tree(request);
    let found = crate::locus::locus(request, &ours, engine_tree);
    assert!(found.is_some(), "{:?}: no locus", request.input);
    let (level, root) = match &request.fragment {
        Some(context) => (
            crate::signature::Level::Fragment,
            format!("#fragment({context})"),
        ),
        None => (crate::signature::Level::Tree, "#document".to_owned()),
    };
    let signature =
        crate::signature::tree_signature(level, "litmus", &ours, "e", engine_tree, &root).unwrap();
    let mut evidence = Evidence::new("e", signature.as_str(), &request.input)
        .with_request(request)
        .with_known_locus(found);
    read(known.verdict(&mut evidence))
}

#[test]
fn a_class_with_a_variant_explains_only_where_the_variant_departs_alike() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "older-select"
engine = "e"
variant = "older-select"
locus = ["tree.in-body.*"]
tokens = ["start tag select"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-inbody"
right = "reference"
"#,
    )
    .unwrap();
    let verdict = |input: &str, engine_tree: &str| {
        tree_verdict(
            &known,
            &crate::case::ParseRequest::document(input, true),
            engine_tree,
        )
    };
    // The older "in select" mode drops the <i> (written out by hand): the cause.
    let older = "| <html>\n|   <head>\n|   <body>\n|     <select>\n|       \"x\"\n";
    assert_eq!(
        verdict("<select><i>x", older),
        Some("older-select".to_owned())
    );
    // An engine that keeps the <i> and drops the <hr> after it departs at the <hr>;
    // the older modes would have departed at the <i>: another cause.
    let no_hr = "| <html>\n|   <head>\n|   <body>\n|     <select>\n|       <i>\n";
    assert_eq!(verdict("<select><i><hr>", no_hr), None);
}

#[test]
fn a_variant_unknown_to_the_parser_is_refused() {
    let error = KnownDifferences::parse(
        r#"
[[class]]
id = "c"
engine = "e"
variant = "older-everything"
locus = ["tree.in-body.*"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-inbody"
right = "reference"
"#,
    )
    .unwrap_err();
    assert!(error.contains("older-everything"), "{error}");
}

#[test]
fn each_variant_departs_from_the_standard_where_its_cause_shows() {
    use litmus_parser::variants::Variant;
    let document = |input: &str| crate::case::ParseRequest::document(input, true);
    let noscript = crate::case::ParseRequest::fragment(
        "<a>",
        litmus_parser::FragmentContext::parse("noscript").unwrap(),
        false,
    );
    let cases = [
        (
            Variant::OlderSelect,
            document("<select><i>x"),
            "start tag i",
        ),
        (
            Variant::OlderSelectWithoutHr,
            document("<select><hr>"),
            "start tag hr",
        ),
        (
            Variant::NoProcessingInstructions,
            document("<p><?x y>"),
            "processing instruction",
        ),
        (
            Variant::NoscriptFragmentAlwaysRawtext,
            noscript,
            "start tag a",
        ),
        (
            Variant::SelectedcontentNeverCloned,
            document("<select><selectedcontent></selectedcontent><option>x</option>"),
            "end tag option",
        ),
    ];
    let svg = crate::case::ParseRequest::fragment(
        "<![CDATA[x]]>",
        litmus_parser::FragmentContext::parse("svg svg").unwrap(),
        false,
    );
    let cases = cases.into_iter().chain([
        (Variant::CdataByTheCurrentNode, svg, "character"),
        (
            Variant::NulKeptInNamesAndValues,
            document("<p a=\0>"),
            "start tag p",
        ),
        (
            Variant::CdataNotAtIntegrationPoints,
            document("<math><mi><![CDATA[x]]>"),
            "character",
        ),
        (
            Variant::XmlnsNotAdjusted,
            document("<svg xmlns=x>"),
            "start tag svg",
        ),
        (
            Variant::NarrowSpecialCategory,
            document("<b><main></b>"),
            "end tag b",
        ),
        // The adoption agency's "not in scope" as "any other end tag": the walk passes
        // the SVG title and pops to the first a.
        (
            Variant::NarrowSpecialCategory,
            document("<a><svg><title><a>"),
            "start tag a",
        ),
        (
            Variant::MainNotSpecial,
            document("<b><main></b>"),
            "end tag b",
        ),
        // A MathML annotation-xml is neither a scope boundary nor special: `</b>` pops it.
        (
            Variant::HtmlOnlySpecialCategory,
            document("<b><math><annotation-xml></b>x"),
            "character",
        ),
        (
            Variant::BreakoutInAFragmentAsAnyOtherStartTag,
            crate::case::ParseRequest::fragment(
                "<b>",
                litmus_parser::FragmentContext::parse("svg svg").unwrap(),
                false,
            ),
            "start tag b",
        ),
        (
            Variant::OlderSelectWithCellFragmentsInCell,
            crate::case::ParseRequest::fragment(
                "<select><table><p>",
                litmus_parser::FragmentContext::parse("td").unwrap(),
                false,
            ),
            "start tag table",
        ),
        (
            Variant::BrPEndTagsAsAnyOtherEndTag,
            document("<svg></p>x"),
            "end tag p",
        ),
        (
            Variant::InputTypeFromADroppedDuplicate,
            document("<table><input type=text type=hidden>x"),
            "start tag input",
        ),
        (
            Variant::ValuelessAttributesUnlikeEmptyOnes,
            document("<p><b id><b id><b id><b id=''></p>x"),
            "character",
        ),
        (
            Variant::SelectedcontentByANarrowListOfOptions,
            document("<select><option>a</option><selectedcontent>"),
            "start tag selectedcontent",
        ),
        (
            Variant::NewlineDroppedAtTheStartOfAnEmptyPre,
            document("<pre></x>\nb"),
            "character",
        ),
        // Four elements between the formatting element and the furthest block: the
        // inner loop's fourth step is where the variant leaves the standard (the `</i>`
        // that follows shows it).
        // Chromium 156's selectedcontent: the option is cloned (empty) as soon as it
        // is selected, which takes it out of the selectedcontent; the first node that
        // differs is the standard's clone at the end of the input.
        (
            Variant::SelectedcontentClonedWhenSelectednessChanges,
            document("<select><selectedcontent><option>x"),
            "EOF",
        ),
        (
            Variant::AdoptionInnerLoopOfThree,
            document("<b><i><u><s><tt><div><p></b>x</i>y"),
            "end tag b",
        ),
        // A MathML select read as the HTML one: after `</table>` the reset gives "in
        // select", which drops the `<p>` (the tree departs there).
        (
            Variant::ResetTheInsertionModeByLocalName,
            document("<math><select><mi><table></table><p>x"),
            "start tag p",
        ),
        // The svg self-closes: the text goes after it.
        (
            Variant::SlashEndingAnUnquotedValueSelfCloses,
            document("<svg a=/>x"),
            "character",
        ),
        // `</tr>` in a cell of template contents: the standard's table scope stops at
        // the template and ignores it; without the template in the list it finds the
        // row outside and closes the cell, so the text after it lands elsewhere (the
        // first node that differs).
        (
            Variant::TableScopeWithoutTemplate,
            document("<table><tr><template><td></tr>x"),
            "character",
        ),
        // `&#9` at the end of a table: text that is not white space, foster-parented
        // before the table, where the standard's tab stays in it: the first node that
        // differs is the table (the text comes before it).
        (
            Variant::SingleDigitDecimalReferenceWithoutSemicolonIsText,
            document("<table>&#9"),
            "start tag table",
        ),
        // A reference past 0xFFFFFFFF: the code point of its low 32 bits, a
        // character where the standard has U+FFFD.
        (
            Variant::NumericReferenceCodeWrapsAt32Bits,
            document("a&#x100010000;"),
            "character",
        ),
        // lexbor's bookmark as an index: the adoption agency run by the second `<a>`
        // puts its new a after b in the list, not before it, which its next outer
        // loop and the new a's insertion show.
        (
            Variant::AdoptionListPositionsAsIndexes,
            document("<a><s><ul><b><e><g><r><fieldset><a href>"),
            "start tag a",
        ),
    ]);
    for (variant, request, token) in cases {
        let departure = crate::locus::of_variant(&request, variant, "e")
            .unwrap_or_else(|| panic!("{variant:?} on {:?}: no departure", request.input));
        let locus = departure.locus.expect("a locus");
        assert_eq!(locus.token, token, "{variant:?} on {:?}", request.input);
    }
    // Where the cause has nothing to do, the variant builds the standard's tree.
    assert!(
        crate::locus::of_variant(&document("<select><option>x"), Variant::OlderSelect, "e")
            .is_none()
    );
    assert!(
        crate::locus::of_variant(&document("<p>x"), Variant::NoProcessingInstructions, "e")
            .is_none()
    );
    // Out of range in 32 bits too (0x630FFFFF for the decimal one): U+FFFD under the
    // variant as in the standard.
    for input in ["a&#x110000;", "a&#x7fffffff;", "a&#99999999999999999999"] {
        let request = document(input);
        let departure =
            crate::locus::of_variant(&request, Variant::NumericReferenceCodeWrapsAt32Bits, "e");
        assert!(departure.is_none(), "{input}");
    }
    // Two digits, or a semicolon, make a character reference under the variant too.
    for input in ["<table>&#09", "<table>&#9;", "a&#x9b"] {
        assert!(
            crate::locus::of_variant(
                &document(input),
                Variant::SingleDigitDecimalReferenceWithoutSemicolonIsText,
                "e"
            )
            .is_none(),
            "{input}"
        );
    }
}

/// A round-trip finding of engine `e` on `request`, with its case's locus and the
/// standard's own round trip to be asked.
fn round_trip_verdict(
    known: &KnownDifferences,
    request: &crate::case::ParseRequest,
    signature: &str,
    downstream: Option<(&str, &str)>,
) -> Option<String> {
    let mut evidence = Evidence::new("e", signature, &request.input)
        .with_request(request)
        .with_locus(|| crate::locus::of_case(request))
        .with_standard_round_trip(|| crate::compare::standard_round_trip(request, "e"))
        .with_downstream(|| {
            let (serialization, reparsed) = downstream?;
            crate::compare::downstream(request, "e", serialization, reparsed)
        });
    known.verdict(&mut evidence).class().map(|c| c.id.clone())
}

#[test]
fn a_cause_in_the_standard_explains_a_round_trip_only_where_the_standard_fails_it_alike() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "serializer"
engine = "e"
signatures = ["round-trip | *"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#serialising-html-fragments"
right = "reference"

[[class]]
id = "standard"
engine = "*"
signatures = ["round-trip | *"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#serialising-html-fragments"
right = "both"
"#,
    )
    .unwrap();
    // `&#xd` puts a CR in the text, written raw and read back as a LF: the standard's
    // own round trip fails so, and its cause explains the engine's.
    let cr = crate::case::ParseRequest::document("<math><script>&#xd", true);
    let standard = crate::compare::standard_round_trip(&cr, "e")
        .expect("a round trip applies")
        .expect("the standard's round trip fails");
    assert!(standard.contains("at '\\r'"), "{standard}");
    assert_eq!(
        round_trip_verdict(&known, &cr, &standard, None),
        Some("standard".to_owned())
    );
    // `<p>x` comes back whole from the standard's round trip: an engine's failure
    // there is not the standard's cause, whatever the patterns say.
    let p = crate::case::ParseRequest::document("<p>x", true);
    assert_eq!(crate::compare::standard_round_trip(&p, "e"), Some(None));
    let signature = "round-trip | e: \"…\" | reparsed: (end) | in: <p>";
    assert_eq!(
        round_trip_verdict(&known, &p, signature, None),
        Some("serializer".to_owned())
    );
}

#[test]
fn a_round_trip_the_engine_reads_back_otherwise_is_its_tree_difference() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "extra-b-at-eof"
engine = "e"
locus = ["tree.after-after-body.end-of-file"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-inbody"
right = "reference"
"#,
    )
    .unwrap();
    let request = crate::case::ParseRequest::document("<p>x", true);
    let serialization = "<html><head></head><body><p>x</p></body></html>";
    // The engine serialized as the standard does, then its own parse of that text
    // added a node at the end of file: the round trip shows that tree difference.
    let reparsed = "| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"x\"\n|     <b>\n";
    let signature = "round-trip | e: (end) | reparsed: <b> | in: <body>";
    let verdict = round_trip_verdict(&known, &request, signature, Some((serialization, reparsed)));
    assert_eq!(verdict, Some("extra-b-at-eof".to_owned()));
    // Read back as the standard reads it, there is no tree difference to judge.
    let standard = reference_tree(&crate::case::ParseRequest::document(serialization, true));
    let verdict = round_trip_verdict(
        &known,
        &request,
        signature,
        Some((serialization, &standard)),
    );
    assert_eq!(verdict, None);
}

#[test]
fn a_variant_of_what_a_token_carries_shows_only_where_it_makes_what_the_engine_made() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "keeps-nul"
engine = "e"
variant = "nul-kept-in-names-and-values"
token = ["start tag *"]
locus = ["tokenizer.*.null"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#tag-name-state"
right = "reference"
"#,
    )
    .unwrap();
    // The engine kept the NULL in the name: the variant makes the same element.
    let kept = crate::case::ParseRequest::document("<p\0>", true);
    let engine = "| <html>\n|   <head>\n|   <body>\n|     <p\0>\n";
    assert_eq!(
        tree_verdict(&known, &kept, engine),
        Some("keeps-nul".to_owned())
    );
    // The engine lost the element: the variant departs at the same token, but makes
    // an element there, so the cause is another.
    let lost = "| <html>\n|   <head>\n|   <body>\n";
    assert_eq!(tree_verdict(&known, &kept, lost), None);
}

#[test]
fn a_variant_departs_alike_where_the_engine_also_splits_the_text() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "narrow-special"
engine = "e"
variant = "narrow-special-category"
passes = ["end tag *@tree.in-body.any-other-end-tag"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#special"
right = "reference"
"#,
    )
    .unwrap();
    // `</math>` pops to the MathML math by the narrow walk, so the text lands after
    // it; the engine also keeps the newline and `=` as two texts (another cause), so
    // the two trees part at the `=`, not at the text's start.
    let request = crate::case::ParseRequest::document("<math><mn><mtext></math>\n=", true);
    let split = "| <html>\n|   <head>\n|   <body>\n|     <math math>\n|       <math mn>\n|         <mtext>\n|     \"\n\"\n|     \"=\"\n";
    assert_eq!(
        tree_verdict(&known, &request, split),
        Some("narrow-special".to_owned())
    );
    // The text left in the mtext but split: the narrow walk is not what happened.
    let kept = "| <html>\n|   <head>\n|   <body>\n|     <math math>\n|       <math mn>\n|         <mtext>\n|           \"\n\"\n|           \"=\"\n";
    assert_eq!(tree_verdict(&known, &request, kept), None);
}

#[test]
fn a_class_may_name_several_engines() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "both"
engine = ["e", "f"]
variant = "input-type-from-a-dropped-duplicate"
passes = ["start tag input@tokenizer.attribute-name.duplicate-attribute"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-intable"
right = "reference"
"#,
    )
    .unwrap();
    let class = &known.classes[0];
    assert_eq!(class.engines().collect::<Vec<_>>(), ["e", "f"]);
    assert!(class.names_engine("f") && !class.names_engine("g"));
    assert!(class.is_for_engine("e") && !class.is_for_engine("g"));
    // The cause shows in both engines' trees alike (the input kept in the table).
    let request = crate::case::ParseRequest::document("<table><input type='' type=hidden>x", true);
    let kept = "| <html>\n|   <head>\n|   <body>\n|     \"x\"\n|     <table>\n|       <input>\n|         type=\"\"\n";
    assert_eq!(
        tree_verdict(&known, &request, kept),
        Some("both".to_owned())
    );
    // A versions entry must name one of the class's engines.
    let error = KnownDifferences::parse(
        r#"
[[class]]
id = "both"
engine = ["e", "f"]
versions = ["g < 2"]
passes = ["start tag input@tokenizer.attribute-name.duplicate-attribute"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-intable"
right = "reference"
"#,
    )
    .unwrap_err();
    assert!(error.contains("names g"), "{error}");
}

#[test]
fn an_unknown_end_tag_that_closed_an_unknown_element_explains_the_node_before_its_case() {
    // Two causes at one node: the end tag </up> closed <sen> (every name outside the
    // enumeration is one value), and the next element kept its case. The end tag came
    // first, and its variant departs there as the engine did.
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "case"
engine = "e"
locus = ["tokenizer.tag-name.ascii-upper-alpha"]
token = ["start tag *"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#tag-name-state"
right = "reference"

[[class]]
id = "unknown-alike"
engine = "e"
variant = "unknown-tag-names-alike"
passes = ["end tag *@tree.in-body.any-other-end-tag"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-inbody"
right = "reference"
"#,
    )
    .unwrap();
    let request = crate::case::ParseRequest::document("<sen></up><optiOLecT>", true);
    let both = "| <html>\n|   <head>\n|   <body>\n|     <sen>\n|     <optiOLecT>\n";
    assert_eq!(
        tree_verdict(&known, &request, both),
        Some("unknown-alike".to_owned())
    );
    // A known end tag closes no unknown element: only the case is left.
    let request = crate::case::ParseRequest::document("<sen></span><optiOLecT>", true);
    let case = "| <html>\n|   <head>\n|   <body>\n|     <sen>\n|       <optiOLecT>\n";
    assert_eq!(
        tree_verdict(&known, &request, case),
        Some("case".to_owned())
    );
    // The same shape after a known end tag is not the enumeration's doing.
    let closed = "| <html>\n|   <head>\n|   <body>\n|     <sen>\n|     <optiOLecT>\n";
    assert_ne!(
        tree_verdict(&known, &request, closed),
        Some("unknown-alike".to_owned())
    );
}

#[test]
fn a_selectedcontent_filled_by_a_narrow_list_of_options_explains_lexbors_trees_and_no_other_clone()
{
    // lexbor 3.1's trees (measured with examples/engines/lexbor_adapter.py): no clone
    // when the selectedcontent is inserted after the selected option.
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "narrow-list"
engine = "e"
variant = "selectedcontent-by-a-narrow-list-of-options"
locus = ["tree.selectedcontent.*"]
inside = ["selectedcontent"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#maybe-clone-an-option-into-selectedcontent"
right = "reference"
"#,
    )
    .unwrap();
    let request = crate::case::ParseRequest::document(
        "<select><option>a</option><selectedcontent>z</selectedcontent>",
        true,
    );
    let lexbor = "| <html>\n|   <head>\n|   <body>\n|     <select>\n|       <option>\n|         \"a\"\n|       <selectedcontent>\n|         \"z\"\n";
    assert_eq!(
        tree_verdict(&known, &request, lexbor),
        Some("narrow-list".to_owned())
    );
    // An option in a div is not in the narrow list: lexbor clones nothing at its pop.
    let request = crate::case::ParseRequest::document(
        "<select><selectedcontent></selectedcontent><div><option>a</option></div>",
        true,
    );
    let lexbor = "| <html>\n|   <head>\n|   <body>\n|     <select>\n|       <selectedcontent>\n|       <div>\n|         <option>\n|           \"a\"\n";
    assert_eq!(
        tree_verdict(&known, &request, lexbor),
        Some("narrow-list".to_owned())
    );
    // lexbor's copy writes SVG names in lower case.
    let request = crate::case::ParseRequest::document(
        "<select><button><selectedcontent></button><option><svg><foreignobject>",
        true,
    );
    let lexbor = "| <html>\n|   <head>\n|   <body>\n|     <select>\n|       <button>\n|         <selectedcontent>\n|           <svg svg>\n|             <svg foreignobject>\n|       <option>\n|         <svg svg>\n|           <svg foreignObject>\n";
    assert_eq!(
        tree_verdict(&known, &request, lexbor),
        Some("narrow-list".to_owned())
    );
    // Another clone bug (the first option cloned where the selected one should be; the
    // mutant option-selected-attribute-ignored's tree) is not lexbor's: every option
    // here is a child of the select, where lexbor clones as the standard does.
    let request = crate::case::ParseRequest::document(
        "<select><button><selectedcontent></button><option><div></div><option selected>t",
        true,
    );
    let other = "| <html>\n|   <head>\n|   <body>\n|     <select>\n|       <button>\n|         <selectedcontent>\n|           <div>\n|       <option>\n|         <div>\n|       <option>\n|         selected=\"\"\n|         \"t\"\n";
    assert_eq!(tree_verdict(&known, &request, other), None);
}

#[test]
fn a_newline_dropped_in_an_empty_pre_explains_the_text_wherever_it_moved() {
    // x/net/html 0.7.0's tree (measured with examples/engines/go-html): the LF after
    // an ignored end tag dropped, in text the adoption agency then moved.
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "empty-pre"
engine = "e"
variant = "newline-dropped-at-the-start-of-an-empty-pre"
locus = ["tree.in-body.character-whitespace"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-inbody"
right = "reference"
"#,
    )
    .unwrap();
    let request = crate::case::ParseRequest::document("<b><listing></f>\n<</b>", true);
    let go_html =
        "| <html>\n|   <head>\n|   <body>\n|     <b>\n|     <listing>\n|       <b>\n|         \"<\"\n";
    assert_eq!(
        tree_verdict(&known, &request, go_html),
        Some("empty-pre".to_owned())
    );
    // A listing that already holds text keeps the LF under the variant too: an engine
    // that drops it there shows another cause.
    let request = crate::case::ParseRequest::document("<listing>x</f>\n<", true);
    let dropped = "| <html>\n|   <head>\n|   <body>\n|     <listing>\n|       \"x<\"\n";
    assert_eq!(tree_verdict(&known, &request, dropped), None);
}

#[test]
fn an_end_tag_p_in_foreign_content_of_a_fragment_opens_a_foreign_p_under_the_older_breakout() {
    // x/net/html 0.7.0's fragment (measured with examples/engines/go-html): `</p>` goes
    // to "in body", whose implied <p> comes back through the dispatcher, where in a
    // fragment a breakout start tag is "any other start tag".
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "older-breakout"
engine = "e"
variant = "breakout-in-a-fragment-as-any-other-start-tag"
token = ["start tag *", "end tag *"]
passes = ["*@tree.in-foreign-content.start-tag-breakout"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-inforeign"
right = "reference"
"#,
    )
    .unwrap();
    let body = litmus_parser::FragmentContext::parse("body").unwrap();
    let request = crate::case::ParseRequest::fragment("<svg></p>x", body, true);
    let go_html = "| <svg svg>\n|   <svg p>\n|     \"x\"\n";
    assert_eq!(
        tree_verdict(&known, &request, go_html),
        Some("older-breakout".to_owned())
    );
    // In a document the older breakout is the standard's: the same foreign p there is
    // another cause.
    let request = crate::case::ParseRequest::document("<svg></p>x", true);
    let foreign_p =
        "| <html>\n|   <head>\n|   <body>\n|     <svg svg>\n|       <svg p>\n|         \"x\"\n";
    assert_eq!(tree_verdict(&known, &request, foreign_p), None);
}

#[test]
fn a_reset_by_local_name_explains_a_foreign_select_read_as_a_select() {
    // x/net/html 0.7.0's fragment (measured with examples/engines/go-html, seed 6205):
    // after the second `<table>` closes the first, the reset meets the MathML select
    // and switches to "in select", which drops the table and the p.
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "reset-by-name"
engine = "e"
variant = "reset-the-insertion-mode-by-local-name"
passes = ["start tag select@tree.in-foreign-content.any-other-start-tag"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#reset-the-insertion-mode-appropriately"
right = "reference"
"#,
    )
    .unwrap();
    let math = litmus_parser::FragmentContext::parse("math math").unwrap();
    let request =
        crate::case::ParseRequest::fragment("<select><mi><table><table><p>\n", math, true);
    let go_html = "| <math select>\n|   <math mi>\n|     <table>\n|     \"\n\"\n";
    assert_eq!(
        tree_verdict(&known, &request, go_html),
        Some("reset-by-name".to_owned())
    );
    // A tree that differs before the reset (no table at all) shows another cause.
    let elsewhere = "| <math select>\n|   <math mi>\n";
    assert_eq!(tree_verdict(&known, &request, elsewhere), None);
}

#[test]
fn a_slash_ending_an_unquoted_value_explains_what_follows_the_closed_element() {
    // x/net/html 0.7.0's tree (measured with examples/engines/go-html): `<svg a=/>`
    // self-closes, so `<html lang>` is the in-body html start tag, whose attribute goes
    // to the root.
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "slash"
engine = "e"
variant = "slash-ending-an-unquoted-value-self-closes"
passes = ["start tag *@tokenizer.attribute-value-unquoted.anything-else"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#attribute-value-(unquoted)-state"
right = "reference"
"#,
    )
    .unwrap();
    let request = crate::case::ParseRequest::document("<svg a=/><html lang>", true);
    let go_html =
        "| <html>\n|   lang=\"\"\n|   <head>\n|   <body>\n|     <svg svg>\n|       a=\"/\"\n";
    assert_eq!(
        tree_verdict(&known, &request, go_html),
        Some("slash".to_owned())
    );
    // A value ending otherwise keeps the element open under the variant too: an engine
    // that closes it there shows another cause (`<svg a=b>x`).
    let request = crate::case::ParseRequest::document("<svg a=b>x", true);
    let closed =
        "| <html>\n|   <head>\n|   <body>\n|     <svg svg>\n|       a=\"b\"\n|     \"x\"\n";
    assert_eq!(tree_verdict(&known, &request, closed), None);
}

#[test]
fn a_table_scope_past_the_template_explains_a_table_closed_from_template_contents() {
    // parse5 8.1.1's tree (measured with examples/engines/parse5.mjs): the `<table>` in
    // template contents finds the table outside the template, closes it, and starts a
    // new one; the standard's table scope stops at the template and ignores the tag.
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "table-scope"
engine = "e"
variant = "table-scope-without-template"
locus = ["tree.in-table*"]
passes = ["start tag template@tree.in-table.start-tag-style-script-template"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#has-an-element-in-table-scope"
right = "reference"
"#,
    )
    .unwrap();
    let request =
        crate::case::ParseRequest::document("<table><template><thead><p><table><form>", true);
    let parse5 = "| <html>\n|   <head>\n|   <body>\n|     <table>\n|       <template>\n|         content\n|           <thead>\n|           <p>\n|     <table>\n|       <form>\n";
    assert_eq!(
        tree_verdict(&known, &request, parse5),
        Some("table-scope".to_owned())
    );
    // An engine that drops the form instead departs at the same token, but not where
    // the variant does (it keeps the table the standard ignores): another cause.
    let dropped = "| <html>\n|   <head>\n|   <body>\n|     <table>\n|       <template>\n|         content\n|           <thead>\n|           <p>\n";
    assert_eq!(tree_verdict(&known, &request, dropped), None);
}

#[test]
fn the_older_select_explains_an_input_in_template_contents_of_a_select_fragment() {
    // parse5 8.1.1's fragment (measured with examples/engines/parse5.mjs; seed 6508):
    // the in-body input start tag had no select steps before the relaxed select, so
    // an input in template contents of a select fragment is inserted; the standard
    // ignores it ("If the parser's fragment context element is a select element").
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "older-select"
engine = "e"
variant = "older-select"
locus = ["tree.in-body.*"]
tokens = ["context select"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-inbody"
right = "reference"
"#,
    )
    .unwrap();
    let request = crate::case::ParseRequest::fragment(
        "<template><input><i>",
        litmus_parser::FragmentContext::parse("select").unwrap(),
        true,
    );
    let parse5 = "| <template>\n|   content\n|     <input>\n|     <i>\n";
    assert_eq!(
        tree_verdict(&known, &request, parse5),
        Some("older-select".to_owned())
    );
    // An engine that drops the i departs at another token, where the older modes
    // depart from the standard in nothing.
    let without_i = "| <template>\n|   content\n";
    assert_eq!(tree_verdict(&known, &request, without_i), None);
}

#[test]
fn an_engine_failure_is_judged_by_the_case_the_reference_parsed() {
    // A crash has no tree to place a first difference in, but the reference parsed its
    // input: a class may ask for the case's tokens and arms there.
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "loops-in-foreign-fragments"
engine = "e"
signatures = ["crash | e: out of memory*"]
tokens = ["context math *"]
passes = ["start tag head@tree.in-foreign-content.*"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#reset-the-insertion-mode-appropriately"
right = "reference"
"#,
    )
    .unwrap();
    let math = litmus_parser::FragmentContext::parse("math math").unwrap();
    let verdict = |request: &crate::case::ParseRequest| {
        let mut evidence = Evidence::new("e", "crash | e: out of memory", &request.input)
            .with_request(request)
            .with_locus(|| crate::locus::of_case(request));
        known.verdict(&mut evidence).class().map(|c| c.id.clone())
    };
    let fragment = crate::case::ParseRequest::fragment("<mrow><head><table>", math.clone(), true);
    assert_eq!(
        verdict(&fragment).as_deref(),
        Some("loops-in-foreign-fragments")
    );
    // The same input as a document has no math context, and a fragment without a
    // head start tag has no head to break out with.
    let document = crate::case::ParseRequest::document("<mrow><head><table>", true);
    assert_eq!(verdict(&document), None);
    let headless = crate::case::ParseRequest::fragment("<mrow><table>", math, true);
    assert_eq!(verdict(&headless), None);
}

#[test]
fn two_causes_together_make_a_finding_ambiguous_between_their_classes() {
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "older-select"
engine = "e"
variant = "older-select"
tokens = ["start tag select"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#parsing-main-inbody"
right = "reference"

[[class]]
id = "narrow-special"
engine = "e"
variant = "narrow-special-category"
tokens = ["end tag *"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#special"
right = "reference"

[[class]]
id = "no-processing-instructions"
engine = "e"
variant = "no-processing-instructions"
tokens = ["processing instruction"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#tag-open-state"
right = "reference"
"#,
    )
    .unwrap();
    let verdict = |input: &str, engine_tree: &str| {
        let request = crate::case::ParseRequest::document(input, true);
        judge_tree(&known, &request, engine_tree, |verdict| match verdict {
            Verdict::Ambiguous(classes) => classes.iter().map(|c| c.id.clone()).collect(),
            Verdict::Known(class) => vec![class.id.clone()],
            _ => Vec::new(),
        })
    };
    // html5lib 1.1's tree: its older select drops the <table> and lets the second
    // <select> close the first, so `</code>` is in scope; its narrower special
    // category passes over the summary, so the adoption agency's furthest block is the
    // listing. Neither cause alone departs there.
    let html5lib = "| <html>\n|   <head>\n|   <body>\n|     <code>\n|       <summary>\n|     <listing>\n|       <code>\n|         <select>\n";
    let input = "<code><summary><listing><select><table><select></code>";
    assert_eq!(verdict(input, html5lib), ["older-select", "narrow-special"]);
    // A tree that departs elsewhere (a div for the code) stays new: neither cause,
    // nor both, part from the standard there.
    let other = "| <html>\n|   <head>\n|   <body>\n|     <div>\n";
    assert_eq!(verdict(input, other), Vec::<String>::new());
}
