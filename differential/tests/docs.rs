//! The documentation kept true by the repository.
//!
//! - **ARCHITECTURE.md names what exists.** Every path it names in backticks is a file
//!   or folder of the repository, and every row of its code map names paths relative
//!   to its section's folder (a crate's `src/`); no code-map row is longer than
//!   [`MAX_CODE_MAP_ROW`] characters.
//! - **Every module is in the code map.** Every `.rs` file of the parser, the engine
//!   API and the harness's crates (tests aside: `tests.rs` and files in a `tests/`
//!   folder) is named in its crate's section of the code map, by its path or a tail of
//!   it; a folder's `mod.rs` by the folder (`engine/`).
//! - **Links hold.** Every relative link of README.md, ARCHITECTURE.md, CHANGELOG.md
//!   and docs/*.md names a file or folder that exists, and its `#anchor` a heading of
//!   the page it points to (GitHub's rule: lower case, punctuation dropped, spaces
//!   turned into hyphens).
//! - **Every command and flag is documented.** Every command `litmus --help` lists
//!   (and every subcommand of those that have some) has a section in
//!   docs/commands.md, and every flag its `--help` names is on that page.
//! - **No history in the reference.** README.md, ARCHITECTURE.md and docs/*.md name
//!   no commit (a word of 7 to 40 hex digits, letters and digits both) and no date
//!   (`YYYY-MM-DD`), but for the commits the data are pinned at
//!   (`scripts/fetch-html5lib-tests.sh`); figures with their day and commit live in
//!   docs/measurements.md, the table `litmus table` writes (docs/parsers.md) and
//!   CHANGELOG.md.
//! - **The doors stay short.** README.md is at most [`MAX_README_LINES`] lines,
//!   docs/verdicts.md at most [`MAX_VERDICTS_LINES`].
//!
//! Each check fails loudly when a file it reads is missing: nothing is skipped.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const MAX_CODE_MAP_ROW: usize = 400;
const MAX_README_LINES: usize = 400;
const MAX_VERDICTS_LINES: usize = 500;

/// The source folders whose modules the code map lists, relative to the workspace.
fn source_roots(root: &Path) -> Vec<PathBuf> {
    let mut roots = vec![
        PathBuf::from("parser/src"),
        PathBuf::from("engine-api/src"),
        PathBuf::from("differential/src"),
    ];
    let crates = root.join("differential/crates");
    let mut names: Vec<_> = fs::read_dir(&crates)
        .unwrap_or_else(|error| panic!("{}: {error}", crates.display()))
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    roots.extend(
        names
            .into_iter()
            .map(|name| PathBuf::from(format!("differential/crates/{name}/src"))),
    );
    roots
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn read(root: &Path, relative: &str) -> String {
    let path = root.join(relative);
    fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// Every file and folder of the repository (build output, dependencies and git's own
/// folder left out), as paths relative to the root with `/` between components;
/// folders end with `/`.
fn repository_paths(root: &Path) -> BTreeSet<String> {
    const SKIPPED: &[&str] = &[".git", "target", "node_modules", ".venv", "artifacts"];
    let mut paths = BTreeSet::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().into_string().unwrap_or_default();
            let path = entry.path();
            let relative = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if entry.file_type().unwrap().is_dir() {
                if SKIPPED.contains(&name.as_str()) {
                    continue;
                }
                paths.insert(format!("{relative}/"));
                stack.push(path);
            } else {
                paths.insert(relative);
            }
        }
    }
    paths
}

/// The texts between backticks on a line (inline code spans).
fn code_spans(line: &str) -> Vec<&str> {
    line.split('`').skip(1).step_by(2).collect()
}

/// Whether an inline code span is meant as a path of the repository: no spaces, no
/// placeholders or globs, and a folder's slash or a file's extension.
fn looks_like_a_path(span: &str) -> bool {
    const EXTENSIONS: &[&str] = &[
        ".rs", ".md", ".toml", ".sh", ".py", ".mjs", ".yml", ".yaml", ".dat", ".json", ".go",
        ".txt", ".dict",
    ];
    const NOT_PATHS: &[char] = &[
        ' ', '<', '>', '$', '*', '{', '…', '(', ':', '=', '@', '|', '#',
    ];
    if span.is_empty() || span.contains(NOT_PATHS) || span.contains("::") {
        return false;
    }
    // Outside the repository: the conformance data and the folder beside it.
    if span.starts_with("html5lib-tests/") || span.starts_with("../") || span.starts_with('/') {
        return false;
    }
    span.ends_with('/')
        || (span.contains('/') && EXTENSIONS.iter().any(|e| span.ends_with(e)))
        || EXTENSIONS
            .iter()
            .any(|e| span.ends_with(e) && span.len() > e.len())
}

/// Whether `tail` names the end of `path`, whole components (`fast/stack_indexes.rs`
/// ends `parser/src/tree_builder/fast/stack_indexes.rs`).
fn ends_with_components(path: &str, tail: &str) -> bool {
    path == tail || path.ends_with(&format!("/{tail}"))
}

/// A section of the code map: the folder its heading names and its lines.
struct Section {
    heading: String,
    folder: Option<String>,
    lines: Vec<(usize, String)>,
}

fn code_map_sections(architecture: &str, root: &Path) -> Vec<Section> {
    let mut sections = Vec::new();
    let mut inside = false;
    for (index, line) in architecture.lines().enumerate() {
        if line.starts_with("## ") {
            inside = line.trim() == "## Code map";
            continue;
        }
        if !inside {
            continue;
        }
        if line.starts_with("### ") || line.starts_with("#### ") {
            let folder = code_spans(line).first().map(|span| {
                let span = span.trim_end_matches('/');
                if root.join(span).join("src").is_dir() && !span.ends_with("src") {
                    format!("{span}/src")
                } else {
                    span.to_string()
                }
            });
            sections.push(Section {
                heading: line.to_string(),
                folder,
                lines: Vec::new(),
            });
        } else if let Some(section) = sections.last_mut() {
            section.lines.push((index + 1, line.to_string()));
        }
    }
    sections
}

#[test]
fn every_path_architecture_md_names_exists() {
    let root = workspace_root();
    let architecture = read(&root, "ARCHITECTURE.md");
    let paths = repository_paths(&root);
    let mut missing = Vec::new();
    let mut in_fence = false;
    for (index, line) in architecture.lines().enumerate() {
        if line.starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        for span in code_spans(line) {
            if !looks_like_a_path(span) {
                continue;
            }
            let found = paths.iter().any(|path| ends_with_components(path, span))
                || paths
                    .iter()
                    .any(|path| ends_with_components(path, &format!("{span}/")));
            if !found {
                missing.push(format!("ARCHITECTURE.md:{}: `{span}`", index + 1));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths ARCHITECTURE.md names that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_code_map_row_names_paths_of_its_folder_and_is_short() {
    let root = workspace_root();
    let architecture = read(&root, "ARCHITECTURE.md");
    let sections = code_map_sections(&architecture, &root);
    assert!(
        sections.len() >= 10,
        "the code map has {} sections: is `## Code map` there?",
        sections.len()
    );
    let mut problems = Vec::new();
    for section in &sections {
        for (number, line) in &section.lines {
            if !line.starts_with("| `") {
                continue;
            }
            if line.chars().count() > MAX_CODE_MAP_ROW {
                problems.push(format!(
                    "ARCHITECTURE.md:{number}: a row of {} characters (at most {MAX_CODE_MAP_ROW}: split it)",
                    line.chars().count()
                ));
            }
            let first_cell = line.split('|').nth(1).unwrap_or_default();
            for span in code_spans(first_cell) {
                if span == "…" {
                    continue;
                }
                let path = match &section.folder {
                    Some(folder) => root.join(folder).join(span),
                    None => root.join(span),
                };
                if !path.exists() {
                    problems.push(format!(
                        "ARCHITECTURE.md:{number}: `{span}` is not in {} ({})",
                        section.folder.as_deref().unwrap_or("the repository"),
                        section.heading
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_module_is_in_the_code_map() {
    let root = workspace_root();
    let architecture = read(&root, "ARCHITECTURE.md");
    let sections = code_map_sections(&architecture, &root);
    let mut missing = Vec::new();
    let mut modules = 0;
    for source in source_roots(&root) {
        let source = source.to_string_lossy().replace('\\', "/");
        let spans: Vec<&str> = sections
            .iter()
            .filter(|section| section.folder.as_deref() == Some(source.as_str()))
            .flat_map(|section| section.lines.iter().flat_map(|(_, line)| code_spans(line)))
            .collect();
        assert!(
            !spans.is_empty(),
            "ARCHITECTURE.md's code map has no section for `{source}`"
        );
        let prefix = format!("{source}/");
        for path in repository_paths(&root.join(&source)) {
            let relative = path.as_str();
            let file = relative.rsplit('/').next().unwrap();
            if !relative.ends_with(".rs")
                || file == "tests.rs"
                || relative.starts_with("tests/")
                || relative.contains("/tests/")
            {
                continue;
            }
            modules += 1;
            let named = if file == "mod.rs" {
                let folder = &relative[..relative.len() - "mod.rs".len()];
                spans
                    .iter()
                    .any(|span| span.ends_with('/') && ends_with_components(folder, span))
                    || spans
                        .iter()
                        .any(|span| ends_with_components(relative, span))
            } else {
                spans
                    .iter()
                    .any(|span| ends_with_components(relative, span))
            };
            if !named {
                missing.push(format!("{prefix}{relative}"));
            }
        }
    }
    assert!(
        modules > 200,
        "only {modules} modules found: are the source folders where this test looks?"
    );
    assert!(
        missing.is_empty(),
        "modules ARCHITECTURE.md's code map does not name (add them to their crate's table):\n{}",
        missing.join("\n")
    );
}

/// GitHub's anchor of a heading: lower case, characters other than letters, digits,
/// spaces, hyphens and underscores dropped, spaces turned into hyphens; a repeated
/// anchor gets `-1`, `-2`, ….
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut anchors = BTreeSet::new();
    let mut in_fence = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence || !line.starts_with('#') {
            continue;
        }
        let text = line.trim_start_matches('#');
        if !text.starts_with(' ') {
            continue;
        }
        // A link in a heading reads as its text.
        let mut plain = String::new();
        let mut rest = text.trim();
        while let Some(open) = rest.find('[') {
            plain.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match (after.find("]("), after.find(')')) {
                (Some(close), Some(end)) if close < end => {
                    plain.push_str(&after[..close]);
                    rest = &after[end + 1..];
                }
                _ => {
                    plain.push('[');
                    rest = after;
                }
            }
        }
        plain.push_str(rest);
        let slug: String = plain
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let mut candidate = slug.clone();
        let mut n = 0;
        while anchors.contains(&candidate) {
            n += 1;
            candidate = format!("{slug}-{n}");
        }
        anchors.insert(candidate);
    }
    anchors
}

/// The targets of a page's inline links `[text](target)`, with their line numbers;
/// fenced code and inline code spans left out.
fn links(markdown: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    let mut in_fence = false;
    for (index, line) in markdown.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            links.push((index + 1, after[..end].trim().to_string()));
            rest = &after[end..];
        }
    }
    links
}

fn documentation_pages(root: &Path) -> Vec<String> {
    let mut pages = vec![
        "README.md".to_string(),
        "ARCHITECTURE.md".to_string(),
        "CHANGELOG.md".to_string(),
    ];
    let docs = root.join("docs");
    let mut names: Vec<String> = fs::read_dir(&docs)
        .unwrap_or_else(|error| panic!("{}: {error}", docs.display()))
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".md"))
        .collect();
    names.sort();
    pages.extend(names.into_iter().map(|name| format!("docs/{name}")));
    pages
}

#[test]
fn every_relative_link_and_anchor_of_the_docs_holds() {
    let root = workspace_root();
    let pages = documentation_pages(&root);
    assert!(
        pages.len() >= 12,
        "only {} documentation pages: is docs/ there?",
        pages.len()
    );
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in &pages {
        let text = read(&root, page);
        let folder = Path::new(page).parent().unwrap_or(Path::new(""));
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, anchor) = match target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (target.as_str(), None),
            };
            let target_page = if path.is_empty() {
                PathBuf::from(page)
            } else {
                folder.join(path)
            };
            let on_disk = root.join(&target_page);
            if !on_disk.exists() {
                broken.push(format!(
                    "{page}:{line}: ({target}): {} does not exist",
                    target_page.display()
                ));
                continue;
            }
            if let Some(anchor) = anchor {
                if !target_page.to_string_lossy().ends_with(".md") {
                    continue;
                }
                let target_text = fs::read_to_string(&on_disk).unwrap();
                if !anchors(&target_text).contains(anchor) {
                    broken.push(format!(
                        "{page}:{line}: ({target}): {} has no heading with the anchor #{anchor}",
                        target_page.display()
                    ));
                }
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} relative links checked: are the pages read?"
    );
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_readme_and_the_verdicts_page_stay_short() {
    let root = workspace_root();
    let readme = read(&root, "README.md").lines().count();
    assert!(
        readme <= MAX_README_LINES,
        "README.md has {readme} lines, at most {MAX_README_LINES}"
    );
    let verdicts = read(&root, "docs/verdicts.md").lines().count();
    assert!(
        verdicts <= MAX_VERDICTS_LINES,
        "docs/verdicts.md has {verdicts} lines, at most {MAX_VERDICTS_LINES}"
    );
}

#[test]
fn anchors_follow_githubs_rule() {
    let page = "# litmus\n## The chunk level\n### `corpus/known-differences.toml`\n## Bytes: the encoding sniffing algorithm\n## Your own Rust parser: litmus-engine-api\n## The chunk level\n### [data state](https://example.org)\n";
    let anchors = anchors(page);
    for expected in [
        "litmus",
        "the-chunk-level",
        "corpusknown-differencestoml",
        "bytes-the-encoding-sniffing-algorithm",
        "your-own-rust-parser-litmus-engine-api",
        "the-chunk-level-1",
        "data-state",
    ] {
        assert!(anchors.contains(expected), "{expected} not in {anchors:?}");
    }
}

/// The words of a text that look like a commit (7 to 40 hex digits, with a letter and a
/// digit) or a date (`YYYY-MM-DD`), with their line numbers.
fn commits_and_dates(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        for word in line.split(|c: char| !c.is_ascii_alphanumeric() && c != '-') {
            let hex = (7..=40).contains(&word.len())
                && word
                    .chars()
                    .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c))
                && word.chars().any(|c| c.is_ascii_digit())
                && word.chars().any(|c| c.is_ascii_alphabetic());
            let bytes = word.as_bytes();
            let date = word.len() == 10
                && bytes[4] == b'-'
                && bytes[7] == b'-'
                && word.chars().filter(|c| c.is_ascii_digit()).count() == 8;
            if hex || date {
                found.push((index + 1, word.to_string()));
            }
        }
    }
    found
}

#[test]
fn the_reference_docs_name_no_commit_and_no_date() {
    const FIGURES: &[&str] = &["docs/measurements.md", "docs/parsers.md", "CHANGELOG.md"];
    let root = workspace_root();
    let pins: BTreeSet<String> = commits_and_dates(&read(&root, "scripts/fetch-html5lib-tests.sh"))
        .into_iter()
        .map(|(_, word)| word)
        .collect();
    assert!(
        !pins.is_empty(),
        "no pinned commit found in scripts/fetch-html5lib-tests.sh"
    );
    let mut named = Vec::new();
    for page in documentation_pages(&root) {
        if FIGURES.contains(&page.as_str()) {
            continue;
        }
        for (line, word) in commits_and_dates(&read(&root, &page)) {
            if !pins
                .iter()
                .any(|pin| pin.starts_with(&word) || word.starts_with(pin.as_str()))
            {
                named.push(format!("{page}:{line}: {word}"));
            }
        }
    }
    assert!(
        named.is_empty(),
        "commits or dates in the reference docs (they belong in docs/measurements.md or CHANGELOG.md):\n{}",
        named.join("\n")
    );
}

#[test]
fn commits_and_dates_are_told_from_other_words() {
    let found = commits_and_dates(
        "at 7a0e7c5 on 2026-12-01, not deadbeef nor 1234567 nor kebab-case-words",
    );
    let words: Vec<&str> = found.iter().map(|(_, word)| word.as_str()).collect();
    assert_eq!(words, ["7a0e7c5", "2026-12-01"]);
}

/// What `litmus ARGS… --help` prints.
fn help(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_litmus"))
        .args(args)
        .arg("--help")
        .output()
        .unwrap_or_else(|error| panic!("litmus {args:?} --help: {error}"));
    assert!(
        output.status.success(),
        "litmus {args:?} --help: {output:?}"
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The subcommands a `--help` lists under `Commands:` (`help` left out).
fn subcommands(help: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut inside = false;
    for line in help.lines() {
        if line.starts_with("Commands:") {
            inside = true;
            continue;
        }
        if inside && !line.starts_with(' ') {
            break;
        }
        // A command's line starts with two spaces and its name; wrapped lines with more.
        if inside && line.starts_with("  ") && !line.starts_with("   ") {
            let name = line.split_whitespace().next().unwrap_or_default();
            if name != "help" {
                names.push(name.to_string());
            }
        }
    }
    names
}

/// The flags a `--help` lists under `Options:` (`--help` and `--version` left out).
fn flags(help: &str) -> Vec<String> {
    let mut flags = Vec::new();
    for line in help.lines() {
        let trimmed = line.trim_start();
        if !trimmed.starts_with('-') {
            continue;
        }
        let spec = trimmed.split("  ").next().unwrap_or_default();
        for word in spec.split([',', ' ']) {
            if let Some(name) = word.strip_prefix("--") {
                let name: String = name
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                if !name.is_empty() && name != "help" && name != "version" {
                    flags.push(format!("--{name}"));
                }
            }
        }
    }
    flags
}

#[test]
fn every_command_and_flag_is_in_docs_commands_md() {
    let root = workspace_root();
    let page = read(&root, "docs/commands.md");
    let mut commands: Vec<Vec<String>> = Vec::new();
    for name in subcommands(&help(&[])) {
        let nested = subcommands(&help(&[name.as_str()]));
        if nested.is_empty() {
            commands.push(vec![name]);
        } else {
            commands.extend(nested.into_iter().map(|sub| vec![name.clone(), sub]));
        }
    }
    assert!(
        commands.len() >= 15,
        "only {} commands found in litmus --help",
        commands.len()
    );
    let mut missing = Vec::new();
    for command in &commands {
        let words: Vec<&str> = command.iter().map(String::as_str).collect();
        let name = format!("litmus {}", words.join(" "));
        if !page.contains(&format!("`{name}")) {
            missing.push(format!("{name}: no section or mention"));
        }
        for flag in flags(&help(&words)) {
            if !page.contains(&flag) {
                missing.push(format!("{name}: {flag}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/commands.md misses (paste the command's --help there):\n{}",
        missing.join("\n")
    );
}

/// Every `--help` block of docs/commands.md is what the command prints now
/// (`scripts/gen-commands-help.py` rewrites them).
#[test]
fn every_help_block_of_docs_commands_md_is_the_binarys() {
    let root = workspace_root();
    let page = read(&root, "docs/commands.md");
    let mut blocks = 0;
    let mut stale = Vec::new();
    let mut lines = page.lines();
    while let Some(line) = lines.next() {
        let Some(command) = line
            .strip_prefix("`litmus ")
            .and_then(|rest| rest.strip_suffix("--help`:"))
        else {
            continue;
        };
        let words: Vec<&str> = command.split_whitespace().collect();
        let pasted: Vec<&str> = lines
            .by_ref()
            .skip_while(|line| !line.starts_with("```"))
            .skip(1)
            .take_while(|line| !line.starts_with("```"))
            .collect();
        blocks += 1;
        let now = help(&words);
        if pasted.join("\n").trim_end() != now.trim_end() {
            stale.push(format!("litmus {}--help", command));
        }
    }
    assert!(
        blocks >= 15,
        "only {blocks} --help blocks in docs/commands.md"
    );
    assert!(
        stale.is_empty(),
        "docs/commands.md holds stale --help blocks (run scripts/gen-commands-help.py):\n{}",
        stale.join("\n")
    );
}
