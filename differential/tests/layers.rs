//! Import cycles between modules, read from the sources: the `crate::` and `super::`
//! paths of each file. A module's use of its own ancestors or descendants is not a
//! cycle (a parent declares its children, a child reads its parent's items); a cycle
//! is two or more modules that reach each other by other paths.
//!
//! Cycles that exist would be listed below, to be broken (issue 30: the harness in
//! layers); the list is empty, for the harness and the parser alike. A new cycle, or
//! a module joining a listed one, fails; so does a listed cycle that is gone, so the
//! list only shrinks.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The cycles of each crate today, each as its modules sorted and joined by `, `: none.
const KNOWN_CYCLES: &[(&str, &str)] = &[];

/// Every module of the crate whose sources are under `root`, by path (`a::b`), with
/// its file.
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

/// The modules each module reads, by the `crate::` and `super::` paths in its file
/// (comments left out), without its ancestors and descendants.
fn imports(modules: &BTreeMap<String, PathBuf>) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    for (module, path) in modules {
        let text = std::fs::read_to_string(path).unwrap();
        let code: String = text
            .lines()
            .map(|line| line.split("//").next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n");
        let own: Vec<&str> = if module.is_empty() {
            Vec::new()
        } else {
            module.split("::").collect()
        };
        let mut reads = BTreeSet::new();
        let starts = code
            .match_indices("crate::")
            .chain(code.match_indices("super::"));
        for (at, keyword) in starts {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let after = &code[at + keyword.len()..];
            // `crate::` starts at the root, `super::` at the module's parent.
            let mut segments: Vec<&str> = if keyword == "crate::" {
                Vec::new()
            } else {
                own[..own.len().saturating_sub(1)].to_vec()
            };
            for segment in after.split("::") {
                let name: &str = segment
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or("");
                if name.is_empty() {
                    break;
                }
                segments.push(name);
                if name.len() != segment.len() {
                    break;
                }
            }
            while !segments.is_empty() && !modules.contains_key(&segments.join("::")) {
                segments.pop();
            }
            if segments.is_empty() {
                continue;
            }
            let target = segments.join("::");
            let related = |a: &str, b: &str| a == b || a.starts_with(&format!("{b}::"));
            if related(&target, module) || related(module, &target) {
                continue;
            }
            reads.insert(target);
        }
        graph.insert(module.clone(), reads);
    }
    graph
}

/// The strongly connected components of more than one module (Tarjan's algorithm,
/// with an explicit stack).
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
                    component.push(names[member].as_str());
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

#[test]
fn no_import_cycle_beyond_the_known_ones_and_none_of_those_gone() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    for krate in ["differential", "parser"] {
        let found = cycles(&imports(&modules(&workspace.join(krate).join("src"))));
        let known: BTreeSet<String> = KNOWN_CYCLES
            .iter()
            .filter(|(k, _)| *k == krate)
            .map(|(_, cycle)| cycle.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        let new: Vec<&String> = found.difference(&known).collect();
        let gone: Vec<&String> = known.difference(&found).collect();
        assert!(
            new.is_empty() && gone.is_empty(),
            "{krate}: import cycles not listed in KNOWN_CYCLES (break them): {new:#?}\n\
             listed cycles that are gone (take them off the list): {gone:#?}"
        );
    }
}

#[test]
fn the_cycle_finder_finds_a_planted_cycle() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
        ("e", vec![]),
    ]
    .into_iter()
    .map(|(m, reads)| (m.to_owned(), reads.into_iter().map(str::to_owned).collect()))
    .collect();
    assert_eq!(
        cycles(&graph).into_iter().collect::<Vec<_>>(),
        vec!["a, b, c".to_owned()]
    );
}
