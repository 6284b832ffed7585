//! The invariant "every tokenizer state and insertion mode has exactly one function,
//! named after the spec and carrying its spec anchor" (ARCHITECTURE.md), checked on
//! the source: each `State` variant has one `…_state` function in
//! `parser/src/tokenizer/` whose doc comment links the state's anchor, and each
//! `InsertionMode` variant one function in `parser/src/tree_builder/modes/` whose doc
//! comment links the mode's section.
//!
//! Also "a state function is the standard's steps": the tokenizer's fast paths are
//! reached only by one call at the top of their states.

use std::fs;
use std::path::Path;

/// The spec's anchors of the insertion modes' sections, as the HTML Standard has them
/// (`#parsing-main-…` for most; the others are named after their title).
const MODE_ANCHORS: [(&str, &str); 21] = [
    ("Initial", "the-initial-insertion-mode"),
    ("BeforeHtml", "the-before-html-insertion-mode"),
    ("BeforeHead", "the-before-head-insertion-mode"),
    ("InHead", "parsing-main-inhead"),
    ("InHeadNoscript", "parsing-main-inheadnoscript"),
    ("AfterHead", "the-after-head-insertion-mode"),
    ("InBody", "parsing-main-inbody"),
    ("Text", "parsing-main-incdata"),
    ("InTable", "parsing-main-intable"),
    ("InTableText", "parsing-main-intabletext"),
    ("InCaption", "parsing-main-incaption"),
    ("InColumnGroup", "parsing-main-incolgroup"),
    ("InTableBody", "parsing-main-intbody"),
    ("InRow", "parsing-main-intr"),
    ("InCell", "parsing-main-intd"),
    ("InTemplate", "parsing-main-intemplate"),
    ("AfterBody", "parsing-main-afterbody"),
    ("InFrameset", "parsing-main-inframeset"),
    ("AfterFrameset", "parsing-main-afterframeset"),
    ("AfterAfterBody", "the-after-after-body-insertion-mode"),
    (
        "AfterAfterFrameset",
        "the-after-after-frameset-insertion-mode",
    ),
];

/// The `.rs` files of a folder of the parser's sources, with their text.
fn sources(folder: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(folder);
    let mut files: Vec<(String, String)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .map(|path| {
            let text = fs::read_to_string(&path).expect("a source file");
            (path.display().to_string(), text)
        })
        .collect();
    files.sort();
    files
}

/// The variants of `enum NAME` in `text`, in order.
fn variants(text: &str, name: &str) -> Vec<String> {
    let start = text
        .find(&format!("enum {name} {{"))
        .unwrap_or_else(|| panic!("enum {name} not found"));
    let body = &text[start..];
    let body = &body[body.find('{').expect("{") + 1..body.find('}').expect("}")];
    body.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
        .map(|line| line.trim_end_matches(',').to_string())
        .collect()
}

/// `AttributeValueDoubleQuoted` → `attribute_value_double_quoted`.
fn snake_case(camel: &str) -> String {
    let mut out = String::new();
    for (i, c) in camel.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// Letters and digits only, lowercase: `attribute-value-(double-quoted)-state` →
/// `attributevaluedoublequotedstate`.
fn squashed(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The places `fn NAME(` is defined, each with the doc comment lines above it.
fn definitions(files: &[(String, String)], name: &str) -> Vec<(String, Vec<String>)> {
    let needle = format!("fn {name}(");
    let mut found = Vec::new();
    for (path, text) in files {
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if !line.contains(&needle) {
                continue;
            }
            let doc = lines[..i]
                .iter()
                .rev()
                .take_while(|l| {
                    l.trim_start().starts_with("///") || l.trim_start().starts_with("#[")
                })
                .map(|l| l.to_string())
                .collect();
            found.push((format!("{path}:{}", i + 1), doc));
        }
    }
    found
}

/// The anchors `<https://html.spec.whatwg.org/#ANCHOR>` in doc comment lines.
fn anchors(doc: &[String]) -> Vec<String> {
    let prefix = "https://html.spec.whatwg.org/#";
    doc.iter()
        .flat_map(|line| line.split('<').skip(1))
        .filter_map(|link| link.strip_prefix(prefix))
        .filter_map(|rest| rest.split('>').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn every_tokenizer_state_has_one_function_carrying_its_anchor() {
    let files = sources("tokenizer");
    let state_rs = files
        .iter()
        .find(|(path, _)| path.ends_with("state.rs"))
        .expect("tokenizer/state.rs");
    let states = variants(&state_rs.1, "State");
    assert_eq!(
        states.len(),
        85,
        "the spec's 80 states and 5 of processing instructions"
    );
    let mut wrong = Vec::new();
    for state in &states {
        let function = format!("{}_state", snake_case(state));
        let found = definitions(&files, &function);
        if found.len() != 1 {
            wrong.push(format!(
                "{state}: {} functions named {function}",
                found.len()
            ));
            continue;
        }
        let (place, doc) = &found[0];
        let want = squashed(&format!("{state}State"));
        if !anchors(doc).iter().any(|anchor| squashed(anchor) == want) {
            wrong.push(format!("{place}: {function} links {:?}", anchors(doc)));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_insertion_mode_has_one_function_carrying_its_anchor() {
    let mod_rs = sources("tree_builder")
        .into_iter()
        .find(|(path, _)| path.ends_with("mod.rs"))
        .expect("tree_builder/mod.rs");
    let modes = variants(&mod_rs.1, "InsertionMode");
    let listed: Vec<&str> = MODE_ANCHORS.iter().map(|(mode, _)| *mode).collect();
    assert_eq!(modes, listed, "the 21 insertion modes, in the spec's order");
    let files = sources("tree_builder/modes");
    let mut wrong = Vec::new();
    for (mode, anchor) in MODE_ANCHORS {
        let function = snake_case(mode);
        let found = definitions(&files, &function);
        if found.len() != 1 {
            wrong.push(format!(
                "{mode}: {} functions named {function}",
                found.len()
            ));
            continue;
        }
        let (place, doc) = &found[0];
        if !anchors(doc).iter().any(|a| a == anchor) {
            wrong.push(format!(
                "{place}: {function} links {:?}, not #{anchor}",
                anchors(doc)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The invariant "a state function is the standard's steps" (ARCHITECTURE.md): the
/// tokenizer's fast paths are defined in `tokenizer/fast.rs` alone, only it and the
/// tokenizer's own `mod.rs` (which holds the switch) read the switch, and a state
/// reaches its fast path by one call, the first line of the state's function.
#[test]
fn tokenizer_fast_paths_live_in_fast_rs_and_a_state_calls_its_own_first() {
    let files = sources("tokenizer");
    let mut wrong = Vec::new();
    let mut calls = 0;
    let mut defined = 0;
    for (path, text) in &files {
        let file = Path::new(path).file_name().and_then(|f| f.to_str());
        let file = file.unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            let place = format!("{file}:{}", i + 1);
            if file == "fast.rs" {
                defined += usize::from(code.contains("pub(super) fn fast_path_"));
                continue;
            }
            if file == "tests.rs" {
                continue;
            }
            if code.contains("fn fast_path_") {
                wrong.push(format!("{place}: a fast path defined outside fast.rs"));
            }
            if file != "mod.rs" && code.contains("fast_paths") {
                wrong.push(format!("{place}: reads the fast paths' switch"));
            }
            let Some(at) = code.find("self.fast_path_") else {
                continue;
            };
            calls += 1;
            let called = &code[at + "self.".len()..];
            let called = &called[..called.find('(').unwrap_or(called.len())];
            let signature = i.checked_sub(1).map(|j| lines[j].trim()).unwrap_or("");
            let state = signature
                .strip_prefix("pub(super) fn ")
                .and_then(|s| s.strip_suffix("(&mut self) -> Step {"));
            let first_line = code.trim() == format!("if let Some(step) = self.{called}() {{");
            if state.map(|s| format!("fast_path_{s}")).as_deref() != Some(called) || !first_line {
                wrong.push(format!(
                    "{place}: {called} is not the first line of its own state's function"
                ));
            }
        }
    }
    assert!(defined >= 11, "only {defined} fast paths found in fast.rs");
    assert_eq!(
        calls, defined,
        "each fast path is called once, by its state"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The standard's files name no departure: outside the departures' own files (their
/// paths say so), no code line names a mutant, a variant or a departure, and the seams
/// are the only way in (`seams.rs`).
#[test]
fn the_standards_files_name_no_departure() {
    let names = [
        "Mutant::",
        "Variant::",
        "mutant(",
        "variant(",
        "Departure::",
        "Departed",
    ];
    let mut found = Vec::new();
    let mut read = 0;
    let mut folders = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut files = Vec::new();
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).expect("a source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    for path in files {
        if path.to_string_lossy().contains("departures") {
            continue;
        }
        let text = fs::read_to_string(&path).expect("a source file");
        read += 1;
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if names.iter().any(|name| code.contains(name)) {
                found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(read > 50, "read {read} files");
    assert!(found.is_empty(), "{}", found.join("\n"));
}
