use super::*;
use crate::*;
use litmus_compare::locus::{Locus, LocusRule};

#[test]
fn the_built_in_classes_are_the_corpus_file() {
    let built_in = KnownDifferences::built_in();
    assert!(built_in.classes.len() >= 20, "{}", built_in.classes.len());
    // Built from the file as it is now: a stale binary is caught by CI's rebuild.
    let file = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../corpus/known-differences.toml"),
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

/// Every rule but `rule`, in order: a rule's test shows that the verdict it gives
/// is its doing.
fn rules_without(rule: Rule) -> Vec<Rule> {
    RULES.into_iter().filter(|r| *r != rule).collect()
}

#[test]
fn the_rules_are_each_asked_once() {
    for rule in RULES {
        assert_eq!(RULES.iter().filter(|r| **r == rule).count(), 1, "{rule:?}");
    }
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
        token_start: None,
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
    let evidence = || Evidence::new("e", sig, "<hr>").with_known_locus(Some(hr.clone()));
    assert_eq!(
        known
            .verdict(&mut evidence())
            .class()
            .map(|c| c.id.as_str()),
        Some("any-in-body-start-tag")
    );
    // That is the rule at the locus's doing.
    let without = rules_without(Rule::AtTheLocus);
    assert_eq!(known.verdict_by(&mut evidence(), &without), Verdict::New);
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
            Verdict::Causes(cs) => format!("causes {}", cs.len()),
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
        token_start: None,
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
    let evidence =
        || Evidence::new("x", signature, "<table>x").with_known_locus(Some(at_eof.clone()));
    assert_eq!(
        known
            .verdict(&mut evidence())
            .class()
            .map(|c| c.id.as_str()),
        Some("breakout")
    );
    // That is the neighbour rule's doing.
    let without = rules_without(Rule::Neighbour);
    assert_eq!(known.verdict_by(&mut evidence(), &without), Verdict::New);
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
    case.upstream = Some(Box::new(litmus_compare::locus::Upstream {
        signature: "tree | litmus: <table> | x: <template> | in: <p>".into(),
        locus: Some(locus(
            "start tag template",
            &["tree.in-head.start-tag-template"],
            &[],
        )),
    }));
    assert_eq!(verdict(case.clone()), Some("template-children".to_owned()));
    // That is the upstream rule's doing.
    let mut evidence =
        Evidence::new("x", round_trip, "<p><table><template><p>").with_known_locus(Some(case));
    let without = rules_without(Rule::Upstream);
    assert_eq!(known.verdict_by(&mut evidence, &without), Verdict::New);
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

/// The class `known` gives engine `e`'s failure `signature` on `request`, judged by
/// the case the reference parsed (a failure has no tree).
fn failure_verdict(
    known: &KnownDifferences,
    signature: &str,
    request: &litmus_engines::case::ParseRequest,
) -> Option<String> {
    let mut evidence = Evidence::new("e", signature, &request.input)
        .with_request(request)
        .with_locus(|| litmus_compare::locus::of_case(request));
    known.verdict(&mut evidence).class().map(|c| c.id.clone())
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
    let verdict = |request: &litmus_engines::case::ParseRequest| {
        failure_verdict(&known, "crash | e: out of memory", request)
    };
    let fragment =
        litmus_engines::case::ParseRequest::fragment("<mrow><head><table>", math.clone(), true);
    assert_eq!(
        verdict(&fragment).as_deref(),
        Some("loops-in-foreign-fragments")
    );
    // The same input as a document has no math context, and a fragment without a
    // head start tag has no head to break out with.
    let document = litmus_engines::case::ParseRequest::document("<mrow><head><table>", true);
    assert_eq!(verdict(&document), None);
    let headless = litmus_engines::case::ParseRequest::fragment("<mrow><table>", math, true);
    assert_eq!(verdict(&headless), None);
}

#[test]
fn unreadable_output_is_judged_by_the_case_too() {
    // Output the harness cannot read is a failure like a crash: a class's arms are
    // read in the case the reference parsed, and hold or fail there.
    let known = KnownDifferences::parse(
        r#"
[[class]]
id = "name-after-an-empty-end-tag"
engine = "e"
signatures = ["bad-output | e: *"]
passes = ["*@tokenizer.end-tag-open.greater-than-sign"]
explanation = "x"
spec = "https://html.spec.whatwg.org/#end-tag-open-state"
right = "reference"
"#,
    )
    .unwrap();
    let verdict = |input: &str| {
        let request = litmus_engines::case::ParseRequest::document(input, false);
        failure_verdict(&known, "bad-output | e: line N is no node", &request)
    };
    assert_eq!(
        verdict("</><r\n>").as_deref(),
        Some("name-after-an-empty-end-tag")
    );
    assert_eq!(verdict("</r><r\n>"), None);
}

mod counterfactuals;

#[test]
fn the_round_trip_of_an_attribute_named_with_a_nul_is_the_carriage_return_class() {
    use litmus_compare::signature::{tree_signature, Level};
    let first = "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \u{fffd}title=\"\r\"\n";
    let second = "| <html>\n|   <head>\n|   <body>\n|     <div>\n|       \u{fffd}title=\"\n\"\n";
    let signature = tree_signature(
        Level::RoundTrip,
        "litmus",
        first,
        "reparsed",
        second,
        "#document",
    )
    .unwrap();
    let known = KnownDifferences::load(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../corpus/known-differences.toml"),
    )
    .unwrap();
    // The case's arms (a round trip has no locus of its own) say where the CR came from.
    let input = "<div \0title=&#xd>";
    let request = litmus_engines::case::ParseRequest::document(input, true);
    let class = known.classify(
        &mut crate::Evidence::new("litmus", signature.as_str(), input)
            .with_known_locus(litmus_compare::locus::of_case(&request)),
    );
    assert_eq!(
        class.map(|c| c.id.as_str()),
        Some("roundtrip-carriage-return-from-a-character-reference")
    );
}

/// GOOD with its signature pattern's level field `levels` in place of `tree`.
fn good_at_levels(levels: &str) -> String {
    GOOD.replace(
        "signatures = [\"tree | litmus",
        &format!("signatures = [\"{levels} | litmus"),
    )
}

#[test]
fn a_pattern_that_lists_levels_speaks_for_each_of_them() {
    let known = KnownDifferences::parse(&good_at_levels("tree, fragment")).unwrap();
    // Read as one pattern per level, in the order the list gives.
    assert_eq!(
        known.classes[0].signatures,
        [
            "tree | litmus: <?…> | html5ever: <!--…--> | in: *",
            "fragment | litmus: <?…> | html5ever: <!--…--> | in: *",
        ]
    );
    for level in ["tree", "fragment"] {
        let sig = format!("{level} | litmus: <?…> | html5ever: <!--…--> | in: <body>");
        assert_eq!(
            classify(&known, "html5ever", &sig, "<?x>"),
            Some("html5ever-no-processing-instructions"),
            "{level}"
        );
    }
    // Not a level the list leaves out.
    let tokens = "tokens | litmus: <?…> | html5ever: <!--…--> | in: <body>";
    assert_eq!(classify(&known, "html5ever", tokens, "<?x>"), None);
    // The single-level pattern of GOOD is read as written.
    let single = KnownDifferences::parse(GOOD).unwrap();
    assert_eq!(single.classes[0].signatures.len(), 1);
}

#[test]
fn a_level_list_with_an_empty_level_is_refused() {
    let error = KnownDifferences::parse(&good_at_levels("tree,")).unwrap_err();
    assert!(error.contains("names an empty level"), "{error}");
}

#[test]
fn a_pattern_level_is_its_first_field() {
    assert_eq!(pattern_level("tree | * | in: <body>"), "tree");
    assert_eq!(pattern_level("tree, fragment | x"), "tree, fragment");
    assert_eq!(pattern_level("round-trip"), "round-trip");
    assert_eq!(pattern_level("a|b | c"), "a|b");
    assert_eq!(pattern_level(" | x"), "");
    assert_eq!(pattern_level("é | x"), "é");
}
