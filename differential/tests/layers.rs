//! The layers of the harness, read from its manifests and its sources.
//!
//! - **Crates.** Each crate of the harness sits in one layer ([`LAYERS`]: text,
//!   engines, comparison, verdicts and conformance, campaign, reports, the command
//!   line) and depends only on crates of the layers below it: the test reads every
//!   crate's `Cargo.toml` (its dependencies and dev-dependencies on the workspace's
//!   crates). Cargo refuses a cycle; this refuses an upward edge, and a crate of the
//!   workspace that sits in no layer.
//! - **Modules.** Within each crate of the harness no import circle: the graph of its
//!   files (every `.rs` file a module, its edges the paths it names: `crate::`,
//!   `super::`, `self::` and its own submodules', in `use` trees and in code, comments
//!   and strings left out) has no cycle, a module's edges to its parent and children
//!   counted like any other; and in every folder, the graph of its subtrees (each
//!   child module with everything under it) has none either. So a parent module that
//!   its children read holds what they read and reads none of them, and one that reads
//!   its children (a facade that re-exports them) holds nothing they read.
//! - **The parser** (`parser/`, restructured elsewhere) and the engine API keep the
//!   rule they had: no cycle between modules other than a module's own ancestors and
//!   descendants.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crates of the harness by layer, lowest first: a crate may depend on crates of
/// the layers below its own (and on the parser, the engine API and the test data),
/// never on its own layer's or those above.
const LAYERS: &[&[&str]] = &[
    &["litmus-text"],
    &["litmus-engines"],
    &["litmus-compare"],
    &["litmus-verdicts", "litmus-conformance"],
    &["litmus-campaign"],
    &["litmus-report"],
    &["litmus-differential"],
];

/// The workspace's crates below every layer of the harness, which any may use.
const FOUNDATIONS: &[&str] = &["litmus-parser", "litmus-engine-api", "litmus-test-data"];

/// Each harness crate's folder, relative to the workspace.
const HARNESS: &[(&str, &str)] = &[
    ("litmus-text", "differential/crates/text"),
    ("litmus-engines", "differential/crates/engines"),
    ("litmus-compare", "differential/crates/compare"),
    ("litmus-verdicts", "differential/crates/verdicts"),
    ("litmus-conformance", "differential/crates/conformance"),
    ("litmus-campaign", "differential/crates/campaign"),
    ("litmus-report", "differential/crates/report"),
    ("litmus-differential", "differential"),
];

/// The crates checked by the rule they had before the harness was in crates.
const ANCESTORS_ASIDE: &[&str] = &["parser", "engine-api"];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn layer_of(name: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&name))
}

/// The workspace crates (names starting with `litmus-`) that a manifest depends on,
/// in `[dependencies]` and `[dev-dependencies]`.
fn workspace_dependencies(manifest: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let value: toml::Table = text.parse().unwrap();
    let mut found = BTreeSet::new();
    for section in ["dependencies", "dev-dependencies"] {
        if let Some(table) = value.get(section).and_then(|t| t.as_table()) {
            found.extend(
                table
                    .keys()
                    .filter(|name| name.starts_with("litmus-"))
                    .cloned(),
            );
        }
    }
    found
}

#[test]
fn each_crate_depends_only_on_the_layers_below_it() {
    let root = workspace();
    let mut upward = Vec::new();
    for (name, folder) in HARNESS {
        let own = layer_of(name).unwrap_or_else(|| panic!("{name} is in no layer"));
        for dependency in workspace_dependencies(&root.join(folder).join("Cargo.toml")) {
            if FOUNDATIONS.contains(&dependency.as_str()) {
                continue;
            }
            match layer_of(&dependency) {
                Some(layer) if layer < own => {}
                _ => upward.push(format!("{name} -> {dependency}")),
            }
        }
    }
    assert!(
        upward.is_empty(),
        "dependencies that are not on a lower layer: {upward:#?}"
    );
}

#[test]
fn every_crate_of_the_harness_is_in_a_layer() {
    let root = workspace();
    let manifest: toml::Table = std::fs::read_to_string(root.join("Cargo.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let members = manifest["workspace"]["members"].as_array().unwrap();
    for member in members.iter().filter_map(|m| m.as_str()) {
        if !member.starts_with("differential") {
            continue;
        }
        assert!(
            HARNESS.iter().any(|(_, folder)| *folder == member),
            "the workspace member {member} is not in the harness's layers (LAYERS, HARNESS)"
        );
    }
    for (name, _) in HARNESS {
        assert!(layer_of(name).is_some(), "{name} is in no layer");
    }
}

// --- modules ---------------------------------------------------------------------

/// Every module of the crate whose sources are under `root`, by path (`a::b`; the
/// crate's root is `""`), with its file.
fn modules(root: &Path) -> BTreeMap<String, PathBuf> {
    let mut found = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(root).unwrap().with_extension("");
            let mut parts: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            found.insert(parts.join("::"), path);
        }
    }
    found
}

/// The source without comments, and with every string and character literal
/// emptied, so that what is left is code.
fn code_of(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
            continue;
        }
        if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |end| end + 2);
            continue;
        }
        let after_word = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if !after_word && (rest.starts_with("r\"") || rest.starts_with("r#")) {
            let hashes = rest[1..].bytes().take_while(|&b| b == b'#').count();
            if rest[1 + hashes..].starts_with('"') {
                let close = format!("\"{}", "#".repeat(hashes));
                let body = 2 + hashes;
                i += body
                    + rest[body..]
                        .find(&close)
                        .map_or(rest.len() - body, |end| end + close.len());
                out.push_str("\"\"");
                continue;
            }
        }
        if rest.starts_with('"') {
            let mut j = 1;
            while j < rest.len() && rest.as_bytes()[j] != b'"' {
                j += if rest.as_bytes()[j] == b'\\' { 2 } else { 1 };
            }
            i += (j + 1).min(rest.len());
            out.push_str("\"\"");
            continue;
        }
        if let Some(length) = rest.strip_prefix('\'').and_then(char_literal) {
            i += 1 + length;
            out.push_str("' '");
            continue;
        }
        let c = rest.chars().next().unwrap();
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// The length of a character literal's body and closing quote (`x'`, `\n'`,
/// `\u{1F600}'`), after its opening quote; `None` for a lifetime.
fn char_literal(after_quote: &str) -> Option<usize> {
    let first = after_quote.chars().next()?;
    let body = if first == '\\' {
        let escaped = &after_quote[1..];
        1 + if escaped.starts_with('u') {
            escaped.find('}')? + 1
        } else {
            escaped.chars().next()?.len_utf8()
        }
    } else {
        first.len_utf8()
    };
    after_quote[body..].starts_with('\'').then_some(body + 1)
}

/// The paths of a `use` tree, its braces expanded (`a::{b, c::d}` is `a::b`, `a::c::d`),
/// each without its alias (`a::b as c` is `a::b`).
fn use_paths(tree: &str) -> Vec<String> {
    let words: Vec<&str> = tree.split_whitespace().collect();
    let tree: String = words.join(" ").replace(" as ", "@").replace(' ', "");
    let mut paths = Vec::new();
    let mut pending = vec![(String::new(), tree)];
    while let Some((prefix, tree)) = pending.pop() {
        let mut depth = 0;
        let mut start = 0;
        let mut parts = Vec::new();
        for (at, c) in tree.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&tree[start..at]);
                    start = at + 1;
                }
                _ => {}
            }
        }
        parts.push(&tree[start..]);
        for part in parts.into_iter().filter(|p| !p.is_empty()) {
            match part.find('{') {
                Some(open) if part.ends_with('}') => pending.push((
                    format!("{prefix}{}", &part[..open]),
                    part[open + 1..part.len() - 1].to_owned(),
                )),
                _ => paths.push(format!("{prefix}{part}")),
            }
        }
    }
    paths
}

/// Every path a file names, each with how many inline modules (`mod tests { … }`)
/// enclose it.
fn named_paths(code: &str) -> Vec<(String, usize)> {
    let mut paths = Vec::new();
    // The inline modules open at each brace depth.
    let mut inline: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let bytes = code.as_bytes();
    let mut i = 0;
    let word_at =
        |at: usize| at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
    while i < bytes.len() {
        match bytes[i] {
            b'{' => {
                depth += 1;
                i += 1;
                continue;
            }
            b'}' => {
                if inline.last() == Some(&depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
                continue;
            }
            _ => {}
        }
        let rest = &code[i..];
        if !word_at(i) && rest.starts_with("mod ") {
            let name_end = rest[4..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(rest.len(), |e| e + 4);
            if rest[name_end..].trim_start().starts_with('{') {
                inline.push(depth + 1);
            }
        }
        if !word_at(i) && rest.starts_with("use ") && !(i > 0 && bytes[i - 1] == b'$') {
            let end = rest.find(';').unwrap_or(rest.len());
            for path in use_paths(&rest[4..end]) {
                let path = path.split('@').next().unwrap_or("").to_owned();
                paths.push((path, inline.len()));
            }
            i += end;
            continue;
        }
        let path_start = !word_at(i)
            && (i == 0 || !matches!(bytes[i - 1], b':' | b'$'))
            && (bytes[i].is_ascii_alphabetic() || bytes[i] == b'_');
        if path_start {
            let length = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            let path = &rest[..length];
            if path.contains("::") {
                paths.push((path.to_owned(), inline.len()));
            }
            i += length.max(1);
            continue;
        }
        i += 1;
    }
    paths
}

/// The modules each module reads: every path its file names resolved to the
/// deepest module it reaches (`crate::`, `super::`, `self::`, or a submodule of its
/// own), its ancestors and descendants too.
fn imports(modules: &BTreeMap<String, PathBuf>) -> BTreeMap<String, BTreeSet<String>> {
    let mut children: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for module in modules.keys().filter(|m| !m.is_empty()) {
        let (parent, name) = module.rsplit_once("::").unwrap_or(("", module));
        children.entry(parent).or_default().insert(name);
    }
    let mut graph = BTreeMap::new();
    for (module, path) in modules {
        let code = code_of(&std::fs::read_to_string(path).unwrap());
        let own: Vec<&str> = if module.is_empty() {
            Vec::new()
        } else {
            module.split("::").collect()
        };
        let own_children = children.get(module.as_str());
        let mut reads = BTreeSet::new();
        for (path, inline) in named_paths(&code) {
            let segments: Vec<&str> = path
                .split("::")
                .map(|s| s.trim_matches(|c: char| !(c.is_alphanumeric() || c == '_')))
                .collect();
            let (mut base, mut rest): (Vec<&str>, &[&str]) = match segments[0] {
                "crate" => (Vec::new(), &segments[1..]),
                "self" => (own.clone(), &segments[1..]),
                "super" => {
                    let mut base = own.clone();
                    let mut rest = &segments[..];
                    // Inside an inline module, the first `super`s stay in this file.
                    let mut staying = inline;
                    while rest.first() == Some(&"super") {
                        if staying > 0 {
                            staying -= 1;
                        } else {
                            base.pop();
                        }
                        rest = &rest[1..];
                    }
                    (base, rest)
                }
                first if inline == 0 && own_children.is_some_and(|c| c.contains(first)) => {
                    (own.clone(), &segments[..])
                }
                _ => continue,
            };
            while let Some((first, after)) = rest.split_first() {
                if first.is_empty() || *first == "self" {
                    break;
                }
                base.push(first);
                rest = after;
            }
            while !base.is_empty() && !modules.contains_key(&base.join("::")) {
                base.pop();
            }
            let target = base.join("::");
            if target != *module {
                reads.insert(target);
            }
        }
        graph.insert(module.clone(), reads);
    }
    graph
}

/// The strongly connected components of more than one module (Tarjan's algorithm,
/// with an explicit stack), each as its modules sorted and joined by `, ` (the root
/// named `crate`).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<String> {
    let names: Vec<&String> = graph.keys().collect();
    let index_of: BTreeMap<&String, usize> =
        names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let edges: Vec<Vec<usize>> = names
        .iter()
        .map(|n| {
            graph[*n]
                .iter()
                .filter_map(|t| index_of.get(t).copied())
                .collect()
        })
        .collect();
    let count = names.len();
    let (mut index, mut low) = (vec![usize::MAX; count], vec![0; count]);
    let (mut on_stack, mut stack) = (vec![false; count], Vec::new());
    let mut next = 0;
    let mut found = BTreeSet::new();
    for start in 0..count {
        if index[start] != usize::MAX {
            continue;
        }
        // Each frame: a node and how many of its edges were followed.
        let mut frames = vec![(start, 0usize)];
        index[start] = next;
        low[start] = next;
        next += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some(&mut (node, ref mut followed)) = frames.last_mut() {
            if let Some(&target) = edges[node].get(*followed) {
                *followed += 1;
                if index[target] == usize::MAX {
                    index[target] = next;
                    low[target] = next;
                    next += 1;
                    stack.push(target);
                    on_stack[target] = true;
                    frames.push((target, 0));
                } else if on_stack[target] {
                    low[node] = low[node].min(index[target]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index[node] {
                let mut component = Vec::new();
                loop {
                    let member = stack.pop().unwrap();
                    on_stack[member] = false;
                    let name = names[member].as_str();
                    component.push(if name.is_empty() { "crate" } else { name });
                    if member == node {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort_unstable();
                    found.insert(component.join(", "));
                }
            }
        }
    }
    found
}

fn related(a: &str, b: &str) -> bool {
    a == b || b.is_empty() || a.starts_with(&format!("{b}::"))
}

/// The graph without edges between a module and its ancestors or descendants.
fn without_family(
    graph: &BTreeMap<String, BTreeSet<String>>,
) -> BTreeMap<String, BTreeSet<String>> {
    graph
        .iter()
        .map(|(module, reads)| {
            let reads = reads
                .iter()
                .filter(|t| !related(t, module) && !related(module, t))
                .cloned()
                .collect();
            (module.clone(), reads)
        })
        .collect()
}

/// For every folder (a module with children), the graph of its children's subtrees:
/// an edge from one child to another when anything under the first reads anything
/// under the second. Each graph's cycles, named by their folder.
fn folder_cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<String> {
    let child_of = |folder: &str, module: &str| -> Option<String> {
        let rest = if folder.is_empty() {
            module
        } else {
            module.strip_prefix(folder)?.strip_prefix("::")?
        };
        let name = rest.split("::").next().filter(|n| !n.is_empty())?;
        Some(if folder.is_empty() {
            name.to_owned()
        } else {
            format!("{folder}::{name}")
        })
    };
    let mut found = BTreeSet::new();
    for folder in graph.keys() {
        let mut quotient: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (module, reads) in graph {
            let Some(from) = child_of(folder, module) else {
                continue;
            };
            let entry = quotient.entry(from.clone()).or_default();
            for target in reads {
                if let Some(to) = child_of(folder, target).filter(|to| *to != from) {
                    entry.insert(to);
                }
            }
        }
        for cycle in cycles(&quotient) {
            let folder = if folder.is_empty() { "crate" } else { folder };
            found.insert(format!("in {folder}: {cycle}"));
        }
    }
    found
}

#[test]
fn no_import_circle_in_any_crate_of_the_harness() {
    let root = workspace();
    let mut circles = Vec::new();
    for (name, folder) in HARNESS {
        let graph = imports(&modules(&root.join(folder).join("src")));
        assert!(
            graph.len() > 1 || *name == "litmus-text",
            "{name}: no modules read"
        );
        for cycle in cycles(&graph) {
            circles.push(format!("{name}, files: {cycle}"));
        }
        for cycle in folder_cycles(&graph) {
            circles.push(format!("{name}, folders: {cycle}"));
        }
    }
    assert!(circles.is_empty(), "import circles: {circles:#?}");
}

#[test]
fn no_import_cycle_in_the_parser_and_the_engine_api_beyond_their_modules_families() {
    let root = workspace();
    for krate in ANCESTORS_ASIDE {
        let graph = without_family(&imports(&modules(&root.join(krate).join("src"))));
        let found = cycles(&graph);
        assert!(found.is_empty(), "{krate}: import cycles: {found:#?}");
    }
}

#[test]
fn the_reader_finds_a_planted_circle_of_files_and_of_folders() {
    let graph = |edges: &[(&str, &[&str])]| -> BTreeMap<String, BTreeSet<String>> {
        edges
            .iter()
            .map(|(m, reads)| (m.to_string(), reads.iter().map(|r| r.to_string()).collect()))
            .collect()
    };
    // Three files in a circle.
    let planted = graph(&[("a", &["b"]), ("b", &["c"]), ("c", &["a"]), ("d", &["a"])]);
    assert_eq!(
        cycles(&planted).into_iter().collect::<Vec<_>>(),
        ["a, b, c"]
    );
    // A parent that reads its child, which reads the parent: a circle of files.
    let family = graph(&[("a", &["a::b"]), ("a::b", &["a"])]);
    assert_eq!(cycles(&family).len(), 1);
    assert!(cycles(&without_family(&family)).is_empty());
    // Two folders whose files read each other without a circle of files.
    let folders = graph(&[
        ("", &[]),
        ("x", &[]),
        ("x::one", &["y::two"]),
        ("y", &[]),
        ("y::two", &[]),
        ("y::three", &["x"]),
    ]);
    assert!(cycles(&folders).is_empty());
    assert_eq!(
        folder_cycles(&folders).into_iter().collect::<Vec<_>>(),
        ["in crate: x, y"]
    );
}

#[test]
fn paths_are_read_from_use_trees_and_code_inline_modules_aside() {
    let code = code_of(
        "use super::{a::B, c as C};\n\
         use crate::d::{self, e::{F, G}};\n\
         // use crate::commented::Out;\n\
         fn f() { let s = \"crate::in_a_string::X\"; child::g(); }\n\
         mod tests { use super::*; fn t() { super::h(); } }\n",
    );
    let paths: Vec<(String, usize)> = named_paths(&code);
    let named: Vec<&str> = paths.iter().map(|(p, _)| p.as_str()).collect();
    for expected in [
        "super::a::B",
        "super::c",
        "crate::d::self",
        "crate::d::e::F",
        "crate::d::e::G",
        "child::g",
    ] {
        assert!(named.contains(&expected), "{expected} not in {named:?}");
    }
    assert!(!named
        .iter()
        .any(|p| p.contains("commented") || p.contains("in_a_string")));
    // Inside `mod tests { … }`, `super::` is the file's own module.
    assert!(paths.contains(&("super::*".to_owned(), 1)));
    assert!(paths.contains(&("super::h".to_owned(), 1)));
}

#[test]
fn a_crate_with_a_planted_circle_is_caught_from_its_files() {
    let dir = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("lib.rs", "pub mod engine;\npub mod compare;\n");
    write(
        "engine/mod.rs",
        "mod parse;\npub use self::parse::Engine;\n",
    );
    // A child that reads its parent's re-export: a circle of files.
    write(
        "engine/parse.rs",
        "pub struct Engine;\nfn f() { crate::engine::helper(); }\n",
    );
    write("compare.rs", "use crate::engine::parse::Engine;\n");
    let graph = imports(&modules(dir.path()));
    assert_eq!(
        cycles(&graph).into_iter().collect::<Vec<_>>(),
        ["engine, engine::parse"]
    );
    // The old rule, a module's family aside, saw none.
    assert!(cycles(&without_family(&graph)).is_empty());
    // Two folders reading each other, no file reading one that reads it.
    write("engine/parse.rs", "pub struct Engine;\n");
    write("engine/mod.rs", "mod other;\nmod parse;\n");
    write("engine/other.rs", "use crate::compare::X;\n");
    let graph = imports(&modules(dir.path()));
    assert!(cycles(&graph).is_empty());
    assert_eq!(
        folder_cycles(&graph).into_iter().collect::<Vec<_>>(),
        ["in crate: compare, engine"]
    );
}
