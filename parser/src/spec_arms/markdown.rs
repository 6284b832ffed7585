//! `docs/spec-arms.md`: the table of arms, rendered from the tables.

use super::{arms, sections, Family};
use std::fmt::Write;

/// The text of `docs/spec-arms.md`: every section with its arms (id, the standard's
/// words), then the arms no input can reach without a script engine, with the reason.
pub fn render_markdown() -> String {
    let mut out = String::new();
    let total = arms().count();
    let unreachable: Vec<_> = arms()
        .filter(|info| info.entry.unreachable.is_some())
        .collect();
    out.push_str("# Spec arms\n\n");
    out.push_str(
        "Generated from `parser/src/spec_arms/` (`cargo test -p litmus-parser spec_arms` \
         checks it is up to date; `LITMUS_WRITE_SPEC_ARMS=1` rewrites it). Each arm is a \
         branch of the reference parser that the HTML Standard names, counted when \
         litmus-parser is built with the feature `spec-coverage` \
         (`litmus conformance --spec-coverage`, `litmus run --spec-coverage`).\n\n",
    );
    let _ = writeln!(
        out,
        "{total} arms in {} sections; {} unreachable without a script engine, left out \
         of \"N of M\".\n",
        sections().count(),
        unreachable.len()
    );
    for (title, family) in [
        ("Tokenizer states", Family::Tokenizer),
        ("Insertion modes", Family::InsertionMode),
        ("Foreign content", Family::ForeignContent),
        ("Tree construction algorithms", Family::Algorithm),
        ("Serialization", Family::Serializer),
        ("Encoding sniffing", Family::Encoding),
    ] {
        let mut first = true;
        for section in sections().filter(|section| section.family == family) {
            if first {
                let _ = writeln!(out, "## {title}\n");
                first = false;
            }
            let _ = writeln!(
                out,
                "### [{}](https://html.spec.whatwg.org/#{})\n",
                section.name, section.anchor
            );
            out.push_str("| id | the standard's words |\n|---|---|\n");
            for info in arms().filter(|info| std::ptr::eq(info.section, section)) {
                let mut words = escape(info.entry.words);
                if info.entry.unreachable.is_some() {
                    words.push_str(" (unreachable)");
                }
                let _ = writeln!(out, "| `{}` | {words} |", info.id());
            }
            out.push('\n');
        }
    }
    out.push_str("## Unreachable arms\n\n");
    if unreachable.is_empty() {
        out.push_str("None.\n");
    } else {
        out.push_str("| id | the standard's words | why |\n|---|---|---|\n");
        for info in unreachable {
            let _ = writeln!(
                out,
                "| `{}` | {} | {} |",
                info.id(),
                escape(info.entry.words),
                escape(info.entry.unreachable.unwrap_or_default())
            );
        }
    }
    out
}

/// Text for a Markdown table cell.
fn escape(text: &str) -> String {
    text.replace('|', "\\|")
}
