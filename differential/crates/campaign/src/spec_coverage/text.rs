//! Spec coverage for the terminal and for summary.md.

use super::coverage::{SectionCoverage, SpecCoverage};
use std::fmt::Write;

/// The families in the order they are shown, with their headings.
pub(super) const FAMILIES: [(&str, &str); 6] = [
    ("tokenizer", "tokenizer states"),
    ("insertion-mode", "insertion modes"),
    ("foreign-content", "foreign content"),
    ("algorithm", "algorithms"),
    ("serializer", "serialization"),
    ("encoding", "encoding sniffing"),
];

/// How many arms the hottest list shows.
pub const HOTTEST: usize = 10;

fn percent(reached: usize, reachable: usize) -> f64 {
    if reachable == 0 {
        100.0
    } else {
        100.0 * reached as f64 / reachable as f64
    }
}

/// The first line: `spec arms reached: N of M (P %)`.
pub fn headline(coverage: &SpecCoverage) -> String {
    format!(
        "spec arms reached: {} of {} ({:.1} %)",
        coverage.reached,
        coverage.reachable,
        percent(coverage.reached, coverage.reachable)
    )
}

/// `key N/M` for each section, joined and wrapped at about `width` characters, each
/// line after the first indented by `indent`.
fn compact(sections: &[&SectionCoverage], indent: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for section in sections {
        let item = format!("{} {}/{}", section.key, section.reached, section.reachable);
        if !line.is_empty() && line.len() + item.len() + 2 > width {
            out.push_str(&line);
            out.push(',');
            out.push('\n');
            out.push_str(indent);
            line.clear();
        } else if !line.is_empty() {
            line.push_str(", ");
        }
        line.push_str(&item);
    }
    out.push_str(&line);
    out
}

/// What the terminal shows: the headline, each family's figure and its sections
/// compactly, the cold arms (at most `max_cold` of them) with the standard's words,
/// and the hottest arms.
pub fn render_text(coverage: &SpecCoverage, max_cold: usize) -> String {
    let mut out = headline(coverage);
    out.push('\n');
    for line in left_out_lines(coverage) {
        let _ = writeln!(out, "  {line}");
    }
    if let Some(line) = super::chart::progress_line(coverage) {
        let _ = writeln!(out, "  {line}");
    }
    for (family, heading) in FAMILIES {
        let sections: Vec<&SectionCoverage> = coverage.sections_of(family).collect();
        if sections.is_empty() {
            continue;
        }
        let reached: usize = sections.iter().map(|s| s.reached).sum();
        let reachable: usize = sections.iter().map(|s| s.reachable).sum();
        let complete = sections.iter().filter(|s| s.reached == s.reachable).count();
        let _ = writeln!(
            out,
            "  {heading}: {reached} of {reachable} arms; {complete} of {} sections complete",
            sections.len()
        );
        let _ = writeln!(out, "    {}", compact(&sections, "    ", 96));
    }
    let cold: Vec<_> = coverage.cold().collect();
    let _ = writeln!(out, "cold arms ({}):", cold.len());
    for arm in cold.iter().take(max_cold) {
        let _ = writeln!(out, "  {}: {}", arm.id, arm.words);
    }
    if cold.len() > max_cold {
        let _ = writeln!(
            out,
            "  … and {} more (findings.json and docs/spec-arms.md list them all)",
            cold.len() - max_cold
        );
    }
    let _ = writeln!(out, "hottest arms:");
    for arm in coverage.hottest(HOTTEST) {
        let _ = writeln!(out, "  {:>12}  {}: {}", arm.count, arm.id, arm.words);
    }
    out
}

/// One line per family the run left out: `encoding sniffing: left out (REASON)`.
pub(super) fn left_out_lines(coverage: &SpecCoverage) -> Vec<String> {
    coverage
        .left_out
        .iter()
        .map(|left_out| {
            let heading = FAMILIES
                .iter()
                .find(|(family, _)| *family == left_out.family)
                .map_or(left_out.family.as_str(), |(_, heading)| heading);
            format!("{heading}: left out of M ({})", left_out.reason)
        })
        .collect()
}

/// A Markdown cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// The "Spec coverage" section of summary.md.
pub fn render_markdown(coverage: &SpecCoverage) -> String {
    let mut out = String::from("## Spec coverage\n\n");
    let _ = writeln!(
        out,
        "{} of the reference parser (arms no input reaches without a script engine left \
         out; every arm is listed in litmus's `docs/spec-arms.md`).\n",
        headline(coverage).replacen("spec arms", "Spec arms", 1)
    );
    for line in left_out_lines(coverage) {
        let _ = writeln!(out, "- {line}\n");
    }
    if let Some(line) = super::chart::progress_line(coverage) {
        let _ = writeln!(out, "- {line}\n");
    }
    out.push_str("| family | section | reached |\n|---|---|---|\n");
    for (family, heading) in FAMILIES {
        for section in coverage.sections_of(family) {
            let _ = writeln!(
                out,
                "| {heading} | [{}]({}) | {} of {} |",
                cell(&section.name),
                section.url,
                section.reached,
                section.reachable
            );
        }
    }
    let cold: Vec<_> = coverage.cold().collect();
    let _ = writeln!(out, "\n### Cold arms ({})\n", cold.len());
    if cold.is_empty() {
        out.push_str("None: every reachable arm was passed.\n");
    } else {
        out.push_str("| arm | the standard's words |\n|---|---|\n");
        for arm in cold {
            let _ = writeln!(out, "| `{}` | {} |", arm.id, cell(&arm.words));
        }
    }
    out.push_str("\n### Hottest arms\n\n| arm | count | the standard's words |\n|---|---|---|\n");
    for arm in coverage.hottest(HOTTEST) {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} |",
            arm.id,
            arm.count,
            cell(&arm.words)
        );
    }
    out
}
