use super::*;

/// A document dump with `body` holding `lines` (each written two levels deeper).
fn body(lines: &[&str]) -> String {
    let mut dump = "| <html>\n|   <head>\n|   <body>\n".to_owned();
    for line in lines {
        dump.push_str("|     ");
        dump.push_str(line);
        dump.push('\n');
    }
    dump
}

fn both_ways(a: &str, b: &str, across: Across) -> Vec<SecurityLabel> {
    let there = labels(a, b, across);
    assert_eq!(there, labels(b, a, across), "labels are symmetric");
    there
}

#[test]
fn the_same_tree_has_no_label() {
    let tree = body(&[
        "<script>",
        "  \"alert(1)\"",
        "<svg svg>",
        "  <svg p>",
        "<!-- <b> -->",
    ]);
    assert_eq!(labels(&tree, &tree, Across::RoundTrip), vec![]);
}

#[test]
fn an_event_handler_that_appears_is_script_capable() {
    let before = body(&["<img>", "  src=\"x\""]);
    let after = body(&["<img>", "  onerror=\"f()\"", "  src=\"x\""]);
    assert_eq!(
        both_ways(&before, &after, Across::Engines),
        vec![SecurityLabel::ScriptCapable]
    );
}

#[test]
fn javascript_urls_srcdoc_and_script_elements_are_script_capable() {
    let plain = body(&["<a>", "  href=\"https://example.com\""]);
    for capable in [
        body(&["<a>", "  href=\" \u{1}JaVa\tScRiPt:f()\""]),
        body(&["<iframe>", "  srcdoc=\"x\""]),
        body(&["<svg svg>", "  <svg script>"]),
        body(&["<svg svg>", "  xlink href=\"javascript:f()\""]),
    ] {
        assert!(
            both_ways(&plain, &capable, Across::Engines).contains(&SecurityLabel::ScriptCapable),
            "{capable}"
        );
    }
    assert_eq!(
        script_capable(&body(&["<svg svg>", "  onload=\"f()\"", "  <svg script>"])),
        vec![
            "event handler onload on <svg svg>",
            "script element <svg script>"
        ]
    );
    // A `javascript` word that is not a scheme, an attribute named `on`.
    let harmless = body(&["<a>", "  href=\"/javascript:x\"", "  on=\"x\""]);
    assert_eq!(script_capable(&harmless), Vec::<String>::new());
}

#[test]
fn an_element_in_another_namespace_is_a_namespace_change() {
    let before = body(&["<svg svg>", "<p>"]);
    let after = body(&["<svg svg>", "  <svg p>"]);
    assert!(both_ways(&before, &after, Across::Engines).contains(&SecurityLabel::NamespaceChange));
    // One more `p` on one side only is no change of namespace.
    let more = body(&["<svg svg>", "<p>", "<p>"]);
    assert!(!both_ways(&before, &more, Across::Engines).contains(&SecurityLabel::NamespaceChange));
}

#[test]
fn raw_text_that_becomes_an_element_is_a_text_markup_boundary() {
    let before = body(&["<noscript>", "  \"<img src=x>\""]);
    let after = body(&["<noscript>", "  <img>", "    src=\"x\""]);
    assert_eq!(
        both_ways(&before, &after, Across::Engines),
        vec![SecurityLabel::TextMarkupBoundary]
    );
    // A comment whose data becomes a node, and a comment that appears from text.
    let comment = body(&["<!-- </style><b> -->"]);
    let element = body(&["<!--  -->", "<b>"]);
    assert!(
        both_ways(&comment, &element, Across::Engines).contains(&SecurityLabel::TextMarkupBoundary)
    );
    let styled = body(&["<style>", "  \"<!--x\""]);
    let commented = body(&["<style>", "<!-- x -->"]);
    assert!(both_ways(&styled, &commented, Across::Engines)
        .contains(&SecurityLabel::TextMarkupBoundary));
}

#[test]
fn ordinary_text_that_spells_a_tag_is_no_boundary() {
    // `&lt;b>` in a paragraph is text anywhere; the `b` elsewhere is another matter.
    let before = body(&["<p>", "  \"<b>\""]);
    let after = body(&["<p>", "  \"<b>\"", "<b>"]);
    assert!(
        !both_ways(&before, &after, Across::Engines).contains(&SecurityLabel::TextMarkupBoundary)
    );
}

#[test]
fn an_attribute_value_that_becomes_markup_is_attribute_markup() {
    let before = body(&["<a>", "  title=\"<img src=x>\""]);
    let after = body(&["<a>", "  title=\"\"", "<img>"]);
    assert_eq!(
        both_ways(&before, &after, Across::Engines),
        vec![SecurityLabel::AttributeMarkup]
    );
}

#[test]
fn markup_that_becomes_an_attribute_is_attribute_markup() {
    // lexbor's round trip of `<kbd><svg><script><![CDATA[<body bgcolor=`: the SVG
    // script's text written raw comes back as an attribute of the body.
    let before = "| <html>\n|   <head>\n|   <body>\n|     <kbd>\n|       <svg svg>\n|         <svg script>\n|           \"<body bgcolor=\"\n";
    let after = "| <html>\n|   <head>\n|   <body>\n|     bgcolor=\"\"\n|     <kbd>\n|       <svg svg>\n|         <svg script>\n";
    assert_eq!(
        both_ways(before, after, Across::RoundTrip),
        vec![SecurityLabel::AttributeMarkup]
    );
    // An attribute that appears without being spelt anywhere is not.
    let spelt_nowhere = after.replace("bgcolor", "class");
    assert!(!both_ways(before, &spelt_nowhere, Across::RoundTrip)
        .contains(&SecurityLabel::AttributeMarkup));
}

#[test]
fn an_element_out_of_its_parent_across_a_round_trip_is_a_mutation() {
    let before = body(&["<p>", "  <a>", "    \"x\""]);
    let after = body(&["<p>", "<a>", "  \"x\""]);
    assert_eq!(
        both_ways(&before, &after, Across::RoundTrip),
        vec![SecurityLabel::Mutation]
    );
    // Between two engines the same difference is no mutation: nothing was re-parsed.
    assert_eq!(both_ways(&before, &after, Across::Engines), vec![]);
    // Contents of a template are under the template, as its children would be.
    let template =
        "| <html>\n|   <head>\n|     <template>\n|       content\n|         <a>\n|   <body>\n";
    let out = "| <html>\n|   <head>\n|     <template>\n|       content\n|   <body>\n|     <a>\n";
    assert_eq!(
        both_ways(template, out, Across::RoundTrip),
        vec![SecurityLabel::Mutation]
    );
}

#[test]
fn labels_come_sorted_in_report_order() {
    let before = body(&["<style>", "  \"<svg><p onclick=f()>\""]);
    let after = body(&[
        "<style>",
        "<svg svg>",
        "<p>",
        "  onclick=\"f()\"",
        "<svg p>",
    ]);
    let found = labels(&before, &after, Across::RoundTrip);
    let mut sorted = found.clone();
    sorted.sort();
    assert_eq!(found, sorted);
    assert_eq!(found[0], SecurityLabel::ScriptCapable);
    assert!(found.contains(&SecurityLabel::TextMarkupBoundary));
    let names: Vec<_> = SecurityLabel::ALL.iter().map(|l| l.name()).collect();
    assert_eq!(
        names,
        [
            "script-capable",
            "mutation",
            "namespace-change",
            "text-markup-boundary",
            "attribute-markup"
        ]
    );
    assert_eq!(
        serde_json::to_string(&SecurityLabel::TextMarkupBoundary).unwrap(),
        "\"text-markup-boundary\""
    );
}

#[test]
fn a_divergence_is_labelled_from_its_trees_or_its_serializations_parsed() {
    use crate::compare::reparse::compare_round_trip;
    use litmus_engines::case::{EngineOutput, ParseRequest};
    let request = ParseRequest::document("<p><a>x", true);
    let output = |tree: String, serialization: Option<&str>| {
        Ok(EngineOutput {
            tree,
            serialization: serialization.map(str::to_owned),
        })
    };
    let first = output(
        body(&["<p>", "  <a>", "    \"x\""]),
        Some("<p><a>x</a></p>"),
    );
    let second = output(body(&["<p>", "<a>", "  \"x\""]), None);
    let divergence = compare_round_trip(&request, "someone", &first, &second).unwrap();
    assert_eq!(of_divergence(&divergence), vec![SecurityLabel::Mutation]);
    // A serialization divergence: the standard parses `<img onerror=f()>` and the
    // escaped text differently.
    let left = crate::compare::Side {
        engine: "litmus".into(),
        result: output(
            body(&["\"<img onerror=f()>\""]),
            Some("&lt;img onerror=f()&gt;"),
        ),
    };
    let right = crate::compare::Side {
        engine: "someone".into(),
        result: output(body(&["\"<img onerror=f()>\""]), Some("<img onerror=f()>")),
    };
    let divergence = crate::compare::compare_serializations(&request, &left, &right).unwrap();
    assert_eq!(
        of_divergence(&divergence),
        vec![SecurityLabel::ScriptCapable]
    );
}
