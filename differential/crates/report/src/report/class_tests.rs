//! The tests of what reports show of a class, rendered through each report.

use super::classes::*;
use litmus_verdicts::{KnownClass, KnownDifferences};

fn class(signatures: &[&str]) -> KnownClass {
    let text = format!(
        "[[class]]\nid = \"c\"\nengine = \"html5ever\"\nsignatures = {signatures:?}\n\
         explanation = \"why\"\nspec = \"https://html.spec.whatwg.org/#x\"\n\
         upstream = \"https://example.org/issues/1\"\nright = \"reference\"\n"
    );
    KnownDifferences::parse(&text).unwrap().classes.remove(0)
}

#[test]
fn a_class_shows_at_its_levels_only() {
    let default = ["tree", "fragment", "serialization", "round-trip"];
    assert!(can_show_at(&class(&["tree | a | b"]), &default));
    assert!(!can_show_at(&class(&["speed | html5ever: *"]), &default));
    assert!(!can_show_at(&class(&["chunks | html5ever | *"]), &default));
    assert!(can_show_at(
        &class(&["chunks | html5ever | *"]),
        &["chunks"]
    ));
    assert!(can_show_at(&class(&["crash | html5ever: *"]), &default));
    assert!(can_show_at(&class(&["*"]), &default));
    assert!(can_show_at(
        &class(&["speed | x", "fragment | y"]),
        &default
    ));
    // A class of the locus alone shows at the tree and fragment levels; one of a
    // speed pattern with a shape of the locus, too.
    let file = |conditions: &str| {
        let text = format!(
            "[[class]]\nid = \"c\"\nengine = \"html5ever\"\nexplanation = \"why\"\n\
             spec = \"https://html.spec.whatwg.org/#x\"\nright = \"reference\"\n{conditions}\n"
        );
        KnownDifferences::parse(&text).unwrap().classes.remove(0)
    };
    let by_locus = file("locus = [\"tree.in-body.*\"]");
    assert!(can_show_at(&by_locus, &default));
    assert!(!can_show_at(&by_locus, &["speed"]));
    let with_shape =
        file("signatures = [\"speed | x\"]\n[[class.shape]]\nlocus = [\"tree.in-body.*\"]");
    assert!(can_show_at(&with_shape, &default));
}

#[test]
fn every_format_explains_a_known_class_and_links_its_spec_and_upstream() {
    let report = crate::report::sample::campaign();
    let explanation =
        "html5ever 0.40 does not parse processing instructions; it builds bogus comments.";
    let spec = "https://html.spec.whatwg.org/#processing-instruction-open-state";
    let upstream = "https://github.com/servo/html5ever/issues/789";
    let right = "litmus follows the standard; html5ever does not";

    let md = crate::report::markdown::render(&report);
    for needed in [
        explanation.to_owned(),
        format!("- who is right: reference ({right})"),
        format!("- spec: <{spec}>"),
        format!("- upstream: <{upstream}>"),
        // The possibly fixed class's spec too.
        "(spec: <https://html.spec.whatwg.org/#parsing-main-inframeset>; upstream: <https://github.com/servo/html5ever/issues/123>)".to_owned(),
    ] {
        assert!(md.contains(&needed), "summary.md lacks {needed:?}:\n{md}");
    }

    let page = crate::report::html::render(&report);
    for needed in [
        format!("<p class=\"why\">{explanation}</p>"),
        format!("<dt>who is right</dt><dd>reference ({right})</dd>"),
        format!("<dt>spec</dt><dd><a href=\"{spec}\">{spec}</a></dd>"),
        format!("<dt>upstream</dt><dd><a href=\"{upstream}\">{upstream}</a></dd>"),
    ] {
        assert!(page.contains(&needed), "index.html lacks {needed:?}");
    }

    let junit = crate::report::junit::render(&report);
    for needed in [
        format!("explanation: {explanation}"),
        format!("right:       reference ({right})"),
        format!("spec:        {spec}"),
        format!("upstream:    {upstream}"),
        "(spec: https://html.spec.whatwg.org/#parsing-main-inframeset)".to_owned(),
    ] {
        assert!(
            junit.contains(&needed),
            "junit.xml lacks {needed:?}:\n{junit}"
        );
    }
    assert!(!junit.contains("its explanation is in known-differences.toml"));
}

#[test]
fn new_classes_are_named_by_their_cause_in_the_index() {
    let report = crate::report::sample::campaign();
    let page = crate::report::html::render(&report);
    let nav = &page[page.find("<nav>").unwrap()..page.find("</nav>").unwrap()];
    // Not `new:` and a hash.
    assert_eq!(
        nav.matches("new:").count(),
        nav.matches("new: ").count(),
        "{nav}"
    );
    // The sample's new findings have no locus: the engine and the signature's core.
    assert!(nav.contains("<code>new: html5ever tree | "), "{nav}");
}

#[test]
fn the_text_has_every_field() {
    let info = ClassInfo::of(&class(&["tree | *"]));
    let text = info.text("litmus");
    for needed in [
        "class:       c",
        "explanation: why",
        "right:       reference (litmus follows the standard; html5ever does not)",
        "spec:        https://html.spec.whatwg.org/#x",
        "upstream:    https://example.org/issues/1",
    ] {
        assert!(text.contains(needed), "{needed:?} in\n{text}");
    }
    // A class of several engines names them all.
    let mut several = class(&["tree | *"]);
    several.engine = "html5lib, gumbo".to_owned();
    let text = ClassInfo::of(&several).text("litmus");
    assert!(
        text.contains("(litmus follows the standard; html5lib and gumbo do not)"),
        "{text}"
    );
}

#[test]
fn a_class_with_security_labels_comes_first_and_every_format_shows_them() {
    use litmus_campaign::finding::SecurityLabel;
    let mut report = crate::report::sample::campaign();
    let before = report.classes();
    assert!(before.iter().all(|g| g.labels().is_empty()));
    // Label the findings of the last new class.
    let last = before
        .iter()
        .rev()
        .find(|g| g.is_new())
        .unwrap()
        .key
        .clone();
    let hashes: Vec<String> = before
        .iter()
        .find(|g| g.key == last)
        .unwrap()
        .findings
        .iter()
        .map(|f| f.hash.clone())
        .collect();
    drop(before);
    for (i, finding) in report
        .findings
        .iter_mut()
        .filter(|f| hashes.contains(&f.hash))
        .enumerate()
    {
        // The class's labels are the union of its findings'.
        finding.labels = if i == 0 {
            vec![SecurityLabel::Mutation]
        } else {
            vec![SecurityLabel::ScriptCapable]
        };
    }
    let groups = report.classes();
    assert_eq!(groups[0].key, last);
    let expected = if hashes.len() > 1 {
        vec![SecurityLabel::ScriptCapable, SecurityLabel::Mutation]
    } else {
        vec![SecurityLabel::Mutation]
    };
    assert_eq!(groups[0].labels(), expected);
    let words = expected
        .iter()
        .map(|l| l.name())
        .collect::<Vec<_>>()
        .join(", ");

    let md = crate::report::markdown::render(&report);
    let shown = format!("Security labels: **{words}**");
    assert_eq!(md.matches(&shown).count(), 1, "{md}");
    assert!(md.find(&shown).unwrap() < md.find("### ").map_or(0, |at| at) + 400);
    let page = crate::report::html::render(&report);
    assert!(page.contains(&format!("<span class=\"badge labels\">{words}</span>")));
    let junit = crate::report::junit::render(&report);
    assert!(
        junit.contains(&format!("Security labels: {words}")),
        "{junit}"
    );
    let json = serde_json::to_string(&report).unwrap();
    assert!(json.contains("\"labels\":[\"mutation\"]"), "{json}");
}
