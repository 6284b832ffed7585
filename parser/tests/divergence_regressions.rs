//! Regressions from differential campaigns: inputs where litmus once deviated from the
//! standard, found against html5ever and fixed in the parser. Each test is named after
//! its finding and states the tree the standard gives.

use litmus_parser::dump::dump;
use litmus_parser::{parse_document, parse_fragment, FragmentContext, ParseOptions};

fn document(input: &str, scripting: bool) -> String {
    let options = ParseOptions {
        scripting,
        ..ParseOptions::default()
    };
    dump(&parse_document(input, &options).expect("within limits"))
}

fn fragment(input: &str, context: &str) -> String {
    let context = FragmentContext::parse(context).expect("a context element");
    dump(&parse_fragment(input, &context, &ParseOptions::default()).expect("within limits"))
}

fn lines(expected: &[&str]) -> String {
    expected.iter().map(|line| format!("{line}\n")).collect()
}

/// `fragment | litmus: <!--…--> | html5ever: "…" | in: #fragment(math mi)`: in a
/// fragment whose context element is foreign, the adjusted current node is that
/// context element before any token, so `<![CDATA[` opens a CDATA section ("if there
/// is an adjusted current node and it is not an element in the HTML namespace").
#[test]
fn cdata_at_the_start_of_a_fragment_in_a_foreign_context() {
    for context in [
        "math mi",
        "math math",
        "svg svg",
        "svg desc",
        "svg foreignObject",
    ] {
        assert_eq!(
            fragment("<![CDATA[x]]>", context),
            lines(&["| \"x\""]),
            "{context}"
        );
    }
    // In an HTML context it stays a bogus comment.
    assert_eq!(
        fragment("<![CDATA[x]]>", "div"),
        lines(&["| <!-- [CDATA[x]] -->"])
    );
}

/// `tree | litmus: <span> | html5ever: <option> (shallower) | in: <option>`, and a
/// round trip litmus failed: cloning the selected option into a `selectedcontent` that
/// holds that very option removes the option from the select, and "the option HTML
/// element removing steps" run the selectedness setting algorithm again, so the next
/// option inserted becomes the selected one and is cloned in its turn when it is
/// popped.
#[test]
fn an_option_removed_by_its_own_clone_gives_up_its_selectedness() {
    assert_eq!(
        document("<select><selectedcontent><option><option><span>", false),
        lines(&[
            "| <html>",
            "|   <head>",
            "|   <body>",
            "|     <select>",
            "|       <selectedcontent>",
            "|         <span>",
        ])
    );
}

/// `tree | litmus: "…" at '<' | html5ever: "…" at end | in: <b>`: the character
/// tokens before `<![CDATA[` are processed by tree construction before the markup
/// declaration open state looks at the adjusted current node. Here the `x` in a
/// MathML text integration point reconstructs an HTML `b`, so the CDATA section is a
/// bogus comment.
#[test]
fn characters_before_a_cdata_section_are_processed_first() {
    assert_eq!(
        document("<math><mi><p><b></p>x<![CDATA[y]]>", false),
        lines(&[
            "| <html>",
            "|   <head>",
            "|   <body>",
            "|     <math math>",
            "|       <math mi>",
            "|         <p>",
            "|           <b>",
            "|         <b>",
            "|           \"x\"",
            "|           <!-- [CDATA[y]] -->",
        ])
    );
    // In foreign content the characters change nothing, and CDATA stays a section.
    assert_eq!(
        document("<svg>x<![CDATA[y]]>", false),
        lines(&[
            "| <html>",
            "|   <head>",
            "|   <body>",
            "|     <svg svg>",
            "|       \"xy\"",
        ])
    );
}

/// Found while reading the quirks-mode list against a html5ever divergence: since
/// whatwg/html#12084 (January 2026) an empty system identifier counts as a missing one
/// for the HTML 4.01 Frameset and Transitional public identifiers, so those DOCTYPEs
/// give quirks mode (a `<table>` does not close an open `<p>`) rather than
/// limited-quirks mode.
#[test]
fn an_empty_system_identifier_counts_as_missing_for_html_4_01() {
    let quirks_table = |doctype: &str| {
        let tree = document(&format!("{doctype}<p><table>"), true);
        tree.contains("|     <p>\n|       <table>\n")
    };
    for public in [
        "-//W3C//DTD HTML 4.01 Frameset//EN",
        "-//W3C//DTD HTML 4.01 Transitional//EN",
    ] {
        assert!(quirks_table(&format!(
            "<!DOCTYPE html PUBLIC \"{public}\">"
        )));
        assert!(quirks_table(&format!(
            "<!DOCTYPE html PUBLIC \"{public}\" \"\">"
        )));
        assert!(!quirks_table(&format!(
            "<!DOCTYPE html PUBLIC \"{public}\" \"http://www.w3.org/TR/html4/loose.dtd\">"
        )));
    }
}

/// `fragment | litmus: (end) | html5ever: <form> | in: <table>`: a `<form>` start tag
/// in "in table" is ignored only when "the form element pointer is not null, and the
/// parser is not parsing template contents"; in template contents it is inserted (and
/// popped) without setting the pointer, so every such form is kept.
#[test]
fn forms_in_tables_in_template_contents_are_inserted() {
    assert_eq!(
        fragment("<table><form></form><form>", "template"),
        lines(&["| <table>", "|   <form>", "|   <form>"])
    );
    assert_eq!(
        document("<template><table><form><form>", false),
        lines(&[
            "| <html>",
            "|   <head>",
            "|     <template>",
            "|       content",
            "|         <table>",
            "|           <form>",
            "|           <form>",
            "|   <body>",
        ])
    );
    // Outside templates the pointer still keeps a second form out.
    assert_eq!(
        document("<table><form><form>", false),
        lines(&[
            "| <html>",
            "|   <head>",
            "|   <body>",
            "|     <table>",
            "|       <form>",
        ])
    );
}
