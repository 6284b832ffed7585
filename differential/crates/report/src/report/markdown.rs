//! `summary.md`: the campaign for people, in GitHub-flavoured Markdown.
//!
//! In order: a title with the campaign id; the campaign's warnings (missing html5lib
//! data to mutate, …); a table of facts (engines and versions, seed, the generator's
//! version and mutation sources, shard, jobs, cases, elapsed, cases/s, start and finish, whether interrupted,
//! the third engine's answers counted per side); the engine under test's agreement
//! with the reference per level in one line, and a table of comparison levels
//! (compared, agreed, agreement); then the classes in three groups, each under its own
//! heading: **New classes** (no known class; one per signature), **Known classes**,
//! **Possibly fixed upstream** (known classes that matched nothing and whose archived
//! exemplars diverge no more) and **Not seen in this campaign** (known classes that
//! matched nothing, one line each: which archived exemplar still diverges, or that
//! none is archived). A known class shows
//! its explanation, who is right, its spec section and upstream issue (from the
//! report's `known_classes`); a class shows its
//! count, its signatures, and its smallest example: level and engine, document or
//! fragment context and scripting, the third engine's side, the minimization (original
//! → final bytes, steps, ms), the origin, the archive path, the minimized input in a
//! fenced block, and the first differing lines of the two outputs as a `diff` block
//! (`-` reference, `+` other engine). The last line is the closing sentence:
//! `N new classes, M known classes, K possibly fixed; median minimized size X bytes`.
//!
//! Fenced blocks use a fence longer than any backtick run inside them, table cells
//! escape `|`, `<` and Markdown punctuation, and invisible characters show as `\u{..}`,
//! so no input can end a block early or inject markup.

use super::classes::{self, ClassInfo};
use super::text::{self, RowKind};
use litmus_campaign::finding::{CampaignReport, ClassGroup, Finding};
use std::fmt::Write;

/// Inputs longer than this are shown cut, with a note.
const MAX_INPUT_BYTES: usize = 2_000;
/// Lines of a diff excerpt longer than this are shown cut.
const MAX_LINE_BYTES: usize = 300;
/// Lines in a diff excerpt.
const MAX_HUNK_LINES: usize = 14;
/// Signatures listed for one known class.
const MAX_SIGNATURES: usize = 10;

/// The text of summary.md.
pub fn render(report: &CampaignReport) -> String {
    let mut md = String::new();
    let _ = write!(md, "# litmus campaign {}\n\n", code(&report.campaign));
    for warning in &report.warnings {
        let _ = write!(md, "> **Warning**: {}\n\n", inline(warning));
    }
    facts(&mut md, report);
    levels(&mut md, report);
    let classes = report.classes();
    let (new, known): (Vec<_>, Vec<_>) = classes.iter().partition(|g| g.is_new());
    let _ = write!(md, "## New classes ({})\n\n", new.len());
    if new.is_empty() {
        md.push_str("None: every divergence has a known class.\n\n");
    }
    for group in new {
        class(&mut md, report, group);
    }
    let _ = write!(md, "## Known classes ({})\n\n", known.len());
    if known.is_empty() {
        md.push_str("None.\n\n");
    }
    for group in known {
        class(&mut md, report, group);
    }
    let _ = write!(
        md,
        "## Possibly fixed upstream ({})\n\n",
        report.possibly_fixed.len()
    );
    if report.possibly_fixed.is_empty() {
        md.push_str("None: no known class that matched no case is shown fixed.\n\n");
    } else {
        md.push_str(
            "Known classes that matched no case in this campaign, and whose archived \
             exemplars, run again through the engine, diverge no more:\n\n",
        );
    }
    for fixed in &report.possibly_fixed {
        let _ = write!(
            md,
            "- {}: {}",
            code(&fixed.class),
            inline(&fixed.explanation)
        );
        if let Some(since) = text::possibly_fixed_since(fixed) {
            let _ = write!(md, " ({})", inline(&since));
        }
        let spec = classes::in_report(report, &fixed.class).map(|c| c.spec.as_str());
        if let Some(spec) = spec {
            let _ = write!(md, " (spec: {}", link(spec));
        }
        if let Some(upstream) = &fixed.upstream {
            let sep = if spec.is_some() { "; " } else { " (" };
            let _ = write!(md, "{sep}upstream: {}", link(upstream));
        }
        if spec.is_some() || fixed.upstream.is_some() {
            md.push(')');
        }
        md.push('\n');
    }
    if !report.possibly_fixed.is_empty() {
        md.push('\n');
    }
    not_seen(&mut md, report);
    if let Some(coverage) = &report.spec_coverage {
        md.push_str(&litmus_campaign::spec_coverage::render_markdown(coverage));
        md.push('\n');
    }
    md.push_str("---\n\n");
    md.push_str(&text::closing_line(report));
    md.push('\n');
    md
}

fn facts(md: &mut String, report: &CampaignReport) {
    let engine =
        |e: &litmus_campaign::finding::EngineId| inline(&format!("{} {}", e.name, e.version));
    let mut rows = vec![
        ("reference", engine(&report.reference)),
        ("other engine", engine(&report.other)),
        ("seed", text::seed(report)),
        ("shard", report.shard.as_deref().map_or("—".into(), inline)),
        ("jobs", report.jobs.to_string()),
        ("cases", report.cases.to_string()),
        ("elapsed", text::duration(report.elapsed_seconds)),
        ("cases/s", text::rate(report.cases_per_second)),
        ("started", inline(&report.started)),
        ("finished", inline(&report.finished)),
        (
            "interrupted",
            if report.interrupted {
                "**yes**: the campaign stopped before its planned end".into()
            } else {
                "no".into()
            },
        ),
    ];
    if let Some(generation) = &report.generation {
        let sources = &generation.mutation_sources;
        rows.push((
            "generator",
            inline(&format!(
                "version {}{}; mutation sources {} inputs ({} html5lib, {} corpus), sha256 {}",
                generation.generator_version,
                if generation.bytes { ", byte cases" } else { "" },
                sources.inputs,
                sources.html5lib_inputs,
                sources.corpus_inputs,
                sources.sha256
            )),
        ));
    }
    for (engine, side, signatures, cases) in text::judge_side_counts(report) {
        rows.push((
            "judge",
            inline(&format!(
                "{engine} sides with {side}: {}, {}",
                text::counted(signatures, "signature"),
                text::counted(cases, "case")
            )),
        ));
    }
    md.push_str("| | |\n|---|---|\n");
    for (name, value) in rows {
        let _ = writeln!(md, "| {name} | {value} |");
    }
    md.push('\n');
}

fn levels(md: &mut String, report: &CampaignReport) {
    md.push_str("## Comparison levels\n\n");
    if report.levels.is_empty() {
        md.push_str("No comparisons were made.\n\n");
        return;
    }
    // The candidate's figure first: how often the engine under test answers as the
    // reference does.
    let rates: Vec<String> = report
        .levels
        .iter()
        .map(|l| format!("{} {}", l.level, text::percent(l.agreed, l.compared)))
        .collect();
    let _ = write!(
        md,
        "Agreement of {} with the reference {}: {}.\n\n",
        code(&report.other.name),
        code(&report.reference.name),
        rates.join(", ")
    );
    md.push_str("| level | compared | agreed | agreement |\n|---|---:|---:|---:|\n");
    for l in &report.levels {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} |",
            inline(&l.level),
            l.compared,
            l.agreed,
            text::percent(l.agreed, l.compared)
        );
    }
    md.push('\n');
}

fn class(md: &mut String, report: &CampaignReport, group: &ClassGroup<'_>) {
    let _ = write!(
        md,
        "### {} ({}",
        code(&text::class_name(group)),
        text::counted(group.count(), "case")
    );
    if group.signatures() > 1 {
        let _ = write!(md, ", {} signatures", group.signatures());
    }
    md.push_str(")\n\n");
    if let Some(labels) = text::labels_line(group) {
        let _ = writeln!(md, "Security labels: **{}**\n", inline(&labels));
    }
    if let Some(info) = group
        .class
        .as_deref()
        .and_then(|id| classes::in_report(report, id))
    {
        explain(md, report, info);
    }
    if let Some(verdicts) = text::verdicts_line(report, group) {
        let review = if group.judged_against_the_reference() {
            " — the judges side with the engine: to review against the standard"
        } else {
            ""
        };
        let _ = writeln!(md, "Judges: {}{review}\n", inline(&verdicts));
    }
    if group.findings.len() > 1 {
        md.push_str("Exemplars (minimized and archived):\n\n");
        for f in group.findings.iter().take(MAX_SIGNATURES) {
            let _ = writeln!(
                md,
                "- {} ({})",
                code(f.signature.as_str()),
                text::counted(f.count, "case")
            );
        }
        if group.findings.len() > MAX_SIGNATURES {
            let _ = writeln!(md, "- … and {} more", group.findings.len() - MAX_SIGNATURES);
        }
        md.push_str("\nSmallest example:\n\n");
    }
    if let Some(f) = group.smallest() {
        example(md, report, f);
    }
}

/// A known class's explanation, who is right, and its links.
fn explain(md: &mut String, report: &CampaignReport, info: &ClassInfo) {
    let _ = write!(md, "{}\n\n", inline(&info.explanation));
    let _ = writeln!(
        md,
        "- who is right: {} ({})",
        classes::right_name(info.right),
        inline(&info.right_sentence(&report.reference.name))
    );
    let _ = writeln!(md, "- spec: {}", link(&info.spec));
    if let Some(upstream) = &info.upstream {
        let _ = writeln!(md, "- upstream: {}", link(upstream));
    }
    md.push('\n');
}

/// A URL as a Markdown link, or as code when it cannot be one.
fn link(url: &str) -> String {
    if classes::linkable(url) {
        format!("<{url}>")
    } else {
        code(url)
    }
}

fn example(md: &mut String, report: &CampaignReport, f: &Finding) {
    let _ = writeln!(md, "- signature: {}", code(f.signature.as_str()));
    let _ = writeln!(
        md,
        "- level: {}, engine: {}",
        inline(f.level.as_str()),
        inline(&f.engine)
    );
    let _ = writeln!(md, "- input: {}", inline(&text::context(f)));
    for opinion in text::judges_opinions(report, f) {
        let _ = writeln!(md, "- judge: {}", inline(&opinion));
    }
    let _ = writeln!(md, "- minimized: {}", text::minimized(f));
    let _ = writeln!(md, "- found: {}", text::origin(f));
    if let Some(path) = &f.archive_path {
        let _ = writeln!(md, "- archive: {}", code(path));
    }
    let (shown, left_out) = text::cut(&f.input, MAX_INPUT_BYTES);
    let _ = write!(md, "\nMinimized input ({} bytes):\n\n", f.input.len());
    fenced(md, "text", &text::visible(shown));
    if left_out > 0 {
        let _ = write!(
            md,
            "(cut: {left_out} more bytes; the whole input is in findings.json)\n\n"
        );
    }
    let rows = text::line_diff(&f.reference_output, &f.other_output);
    let hunk = text::first_hunk(&rows, MAX_HUNK_LINES);
    if hunk.is_empty() {
        md.push_str("The two outputs agree line by line (they differ in line endings only).\n\n");
        return;
    }
    let line = |n: Option<usize>| n.map_or("end".to_owned(), |n| n.to_string());
    let first = f.first_difference.as_ref();
    let sides = text::diff_sides(report, f);
    let _ = write!(
        md,
        "First difference ({} line {}, {} line {}):\n\n",
        inline(&sides.left),
        line(first.map(|d| d.left_line)),
        inline(&sides.right),
        line(first.map(|d| d.right_line)),
    );
    let mut diff = format!(
        "--- {} ({})\n+++ {}\n",
        text::visible_one_line(&sides.left),
        sides.left_note,
        text::visible_one_line(&sides.right)
    );
    for (mark, line) in hunk {
        let (shown, left_out) = text::cut(line, MAX_LINE_BYTES);
        let _ = write!(diff, "{mark}{}", text::visible(shown));
        if left_out > 0 {
            let _ = write!(diff, " … ({left_out} more bytes)");
        }
        diff.push('\n');
    }
    let more = rows.iter().filter(|r| r.kind != RowKind::Same).count();
    fenced(md, "diff", &diff);
    if more > MAX_HUNK_LINES {
        let _ = write!(md, "({more} differing lines in all.)\n\n");
    }
}

/// A fenced code block whose fence is longer than any backtick run in `content`.
fn fenced(md: &mut String, info: &str, content: &str) {
    let fence = "`".repeat(longest_backtick_run(content).max(2) + 1);
    let _ = write!(md, "{fence}{info}\n{content}");
    if !content.ends_with('\n') {
        md.push('\n');
    }
    let _ = write!(md, "{fence}\n\n");
}

/// An inline code span that holds any one-line text (backticks included). Not for
/// table cells, where a pipe would end the cell.
fn code(s: &str) -> String {
    let s = text::visible_one_line(s);
    if s.is_empty() {
        return "(empty)".into();
    }
    let ticks = "`".repeat(longest_backtick_run(&s) + 1);
    // A space on each side keeps a backtick at either end from joining the fence.
    let pad = if s.starts_with(['`', ' ']) || s.ends_with(['`', ' ']) {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{s}{pad}{ticks}")
}

/// One-line text with Markdown and HTML syntax neutralized.
fn inline(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in text::visible_one_line(s).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '#' | '~' | '!' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

fn longest_backtick_run(s: &str) -> usize {
    let (mut longest, mut run) = (0, 0);
    for c in s.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

/// The section of the known classes that matched no case and are not shown fixed.
fn not_seen(md: &mut String, report: &CampaignReport) {
    if report.not_seen.is_empty() {
        return;
    }
    let _ = write!(
        md,
        "## Not seen in this campaign ({})\n\nKnown classes that matched no case here, \
         but are not shown fixed:\n\n",
        report.not_seen.len()
    );
    for class in &report.not_seen {
        let _ = writeln!(
            md,
            "- {} ({})",
            code(&class.class),
            inline(&text::not_seen_because(class))
        );
    }
    md.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::sample;

    #[test]
    fn the_summary_has_the_three_groups_and_the_closing_line() {
        let report = sample::campaign();
        let md = render(&report);
        assert!(md.contains("## New classes (2)"), "{md}");
        assert!(md.contains("## Known classes (2)"), "{md}");
        assert!(md.contains("## Possibly fixed upstream (1)"), "{md}");
        let last = md.lines().last().unwrap();
        assert_eq!(
            last,
            "2 new classes, 2 known classes, 1 possibly fixed; median minimized size 10 bytes"
        );
        // A rate is a whole number: `1000`, not `1000.1` (the sample's 1000.06).
        assert!(md.contains("| cases/s | 1000 |"), "{md}");
        assert!(md.contains("| tree | 1234567 | 1234501 | 99.99 % |"));
        assert!(md.contains("chromium sides with litmus (reference): 1 signature, 17 cases"));
        assert!(md.contains("\\u{0}x\\u{d}"), "NUL and CR are visible");
        assert!(!md.contains('\0'));
        assert!(
            md.contains("-|             \"x\n+|             \"\\u{0}x\n"),
            "{md}"
        );
        assert!(md.contains("minimized: 83 → 45 bytes, 153 steps, 35 ms"));
    }

    #[test]
    fn classes_not_seen_are_apart_from_those_possibly_fixed() {
        let md = render(&sample::campaign());
        let fixed = md.find("## Possibly fixed upstream (1)").unwrap();
        let unseen = md.find("## Not seen in this campaign (2)").unwrap();
        assert!(fixed < unseen, "{md}");
        let line = |class: &str| md.lines().find(|l| l.contains(class)).unwrap().to_owned();
        assert!(
            line("`html5ever-template-in-frameset`").contains("nor its 2 archived exemplars"),
            "{md}"
        );
        assert_eq!(
            line("`characters-in-table-with-a-template-current-node`"),
            "- `characters-in-table-with-a-template-current-node` (no archived exemplar to run again)"
        );
        assert_eq!(
            line("`html5ever-isindex-is-special`"),
            "- `html5ever-isindex-is-special` (its archived exemplar 3f8a01ed3df4df5e.dat still diverges)"
        );
        // A class not seen is no class possibly fixed.
        assert!(!md[fixed..unseen].contains("characters-in-table"), "{md}");
    }

    #[test]
    fn a_round_trip_diff_names_whose_round_trip_and_its_two_trees() {
        let report = sample::round_trip_campaign();
        let md = render(&report);
        assert!(
            md.contains(
                "--- html5ever's tree (parsed)\n+++ html5ever's tree of its serialization, reparsed\n"
            ),
            "{md}"
        );
        assert!(
            md.contains("First difference (html5ever's tree line 10, "),
            "{md}"
        );
    }

    #[test]
    fn inputs_cannot_close_their_fence_or_escape_their_span() {
        let mut md = String::new();
        fenced(&mut md, "text", "a\n```\nb");
        assert!(md.starts_with("````text\n"));
        assert!(md.ends_with("\n````\n\n"));
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`x"), "`` `x ``");
        assert_eq!(code("a|b"), "`a|b`");
        assert_eq!(inline("<script>*"), "&lt;script&gt;\\*");
    }
}
