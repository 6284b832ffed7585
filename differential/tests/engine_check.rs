//! `litmus engine check` against an adapter that breaks one rule of the tree dump
//! (`tests/data/rule_breaker.py RULE`: the reference parser's dumps, rewritten with one
//! mistake), on a `.dat` file whose one case (two trials, scripting on and off)
//! exercises no rule: litmus's own probes must find each rule broken, and an adapter
//! that breaks none must pass.

mod common;

use common::{litmus, text as output_text, workspace_root};
use std::path::Path;
use std::process::Output;

/// One trial, `<p>`, whose dump has no attribute, text, comment, DOCTYPE or template.
const PLAIN_TRIAL: &str =
    "#data\n<p>\n#errors\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n";

/// `litmus engine check` of the rule breaker for `rule` (0: none broken).
fn check_rule_breaker(rule: usize, dir: &Path) -> Output {
    let dat = dir.join("plain.dat");
    std::fs::write(&dat, PLAIN_TRIAL).unwrap();
    let engine = format!("cmd:python3 differential/tests/data/rule_breaker.py {rule}");
    litmus()
        .args(["engine", "check", &engine])
        .arg(&dat)
        .current_dir(workspace_root())
        .env("LITMUS", env!("CARGO_BIN_EXE_litmus"))
        .output()
        .unwrap()
}

/// The check fails (exit 1) naming `rule` as broken in one of the probes, after the
/// trial agreed.
fn assert_broken(rule: usize, name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let output = check_rule_breaker(rule, dir.path());
    let text = output_text(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("trials: 2; 2 agree with the expected tree"),
        "{text}"
    );
    assert!(
        stdout.contains(&format!("dump rule {rule} ({name}) is broken in rule ")),
        "{text}"
    );
    assert!(
        stdout.contains(&format!(
            "dump rules broken in the probes: {rule} ({name})\n"
        )),
        "only rule {rule} is broken: {text}"
    );
}

#[test]
fn an_adapter_that_breaks_no_rule_passes_every_probe() {
    let dir = tempfile::tempdir().unwrap();
    let output = check_rule_breaker(0, dir.path());
    let text = output_text(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("probes: 18, one or more per rule; 18 agree with the reference"),
        "{text}"
    );
    assert!(stdout.contains("every dump follows the 12 rules"), "{text}");
}

#[test]
fn rule_1_lines_attributes_two_levels_down() {
    assert_broken(1, "lines");
}

#[test]
fn rule_2_roots_a_fragment_under_its_html_root() {
    assert_broken(2, "roots");
}

#[test]
fn rule_3_elements_without_their_namespace() {
    assert_broken(3, "elements");
}

#[test]
fn rule_4_attributes_written_twice() {
    assert_broken(4, "attributes");
}

#[test]
fn rule_5_attributes_sorted_by_code_point() {
    assert_broken(5, "attribute order");
}

#[test]
fn rule_6_xmlns_without_its_namespace() {
    assert_broken(6, "attribute namespaces");
}

#[test]
fn rule_7_text_escaped() {
    assert_broken(7, "text");
}

#[test]
fn rule_8_texts_side_by_side() {
    assert_broken(8, "adjacent text");
}

#[test]
fn rule_9_comments_without_spaces() {
    assert_broken(9, "comments");
}

#[test]
fn rule_10_processing_instructions_without_their_question_mark() {
    assert_broken(10, "processing instructions");
}

#[test]
fn rule_11_empty_doctype_identifiers_written() {
    assert_broken(11, "doctype");
}

#[test]
fn rule_12_template_contents_as_its_children() {
    assert_broken(12, "template contents");
}
