//! `index.html`: the campaign as one self-contained page.
//!
//! Everything is inline (CSS in a `<style>` element); the page loads nothing and runs
//! nothing: a Content-Security-Policy `<meta>` forbids scripts and every external
//! resource, and collapsing uses `<details>`. The page has a header (campaign facts
//! with the generator and any warnings, the level table, the closing sentence), a contents list, then one
//! `<section class="cls …">` per class: new classes first, marked with a red NEW badge
//! and a red edge and open, named `new: ` and their signature; known classes after them,
//! collapsed, each with its explanation, who is right, and its spec section and upstream
//! issue as links (the page's only links: navigation, which the policy allows, not
//! resources). A section shows the smallest example: its facts, the minimized input (and the original one, collapsed),
//! the third engine's side, and the two outputs side by side, reference left and other
//! engine right, as a table of aligned rows from the line diff: removed lines red,
//! added lines green, changed pairs in both colours with the differing characters
//! marked, the first differing row framed and flagged with ▶, long identical runs
//! folded. Known classes that matched nothing are listed at the end.
//!
//! Every text from an input or an output is HTML-escaped (`& < > " '`), invisible
//! characters are shown as grey `\u{..}` tags, and long inputs, lines and outputs are
//! cut with a note, so hostile tag soup can neither run nor break the page.

use super::classes::{self, ClassInfo};
use super::text::{self, Row, RowKind};
use litmus_campaign::finding::{CampaignReport, ClassGroup, Finding};
use litmus_text::html::esc;
use similar::{Algorithm, DiffTag};
use std::fmt::Write;
use std::time::{Duration, Instant};

/// Inputs longer than this are shown cut.
const MAX_INPUT_BYTES: usize = 20_000;
/// Output lines longer than this are shown cut.
const MAX_LINE_BYTES: usize = 2_000;
/// Changed pairs of lines up to this long get their differing characters marked.
const MAX_MARKED_LINE: usize = 1_000;
/// Rows shown per diff table.
const MAX_ROWS: usize = 800;
/// Identical rows kept around each change; longer identical runs are folded.
const CONTEXT_ROWS: usize = 3;

/// The text of index.html.
pub fn render(report: &CampaignReport) -> String {
    let classes = report.classes();
    let mut page = String::with_capacity(64 * 1024);
    let title = format!("litmus campaign {}", report.campaign);
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        esc(&title)
    );
    header(&mut page, report, &title);
    contents(&mut page, &classes);
    page.push_str("<main>\n");
    let new = classes.iter().filter(|g| g.is_new()).count();
    let _ = writeln!(page, "<h2 class=\"group\">New classes ({new})</h2>");
    if new == 0 {
        page.push_str("<p class=\"none\">None: every divergence has a known class.</p>\n");
    }
    for (i, group) in classes.iter().enumerate() {
        if i == new {
            let _ = writeln!(
                page,
                "<h2 class=\"group\">Known classes ({})</h2>",
                classes.len() - new
            );
        }
        class_section(&mut page, report, group, i + 1);
    }
    if new == classes.len() {
        let _ = writeln!(
            page,
            "<h2 class=\"group\">Known classes (0)</h2>\n<p class=\"none\">None.</p>"
        );
    }
    possibly_fixed(&mut page, report);
    not_seen(&mut page, report);
    if let Some(coverage) = &report.spec_coverage {
        page.push_str(&litmus_campaign::spec_coverage::render_html(coverage));
    }
    let _ = write!(
        page,
        "</main>\n<footer>{}</footer>\n</body>\n</html>\n",
        esc(&text::closing_line(report))
    );
    page
}

fn header(page: &mut String, report: &CampaignReport, title: &str) {
    let _ = write!(page, "<header>\n<h1>{}</h1>\n", esc(title));
    let _ = writeln!(
        page,
        "<p class=\"closing\">{}</p>",
        esc(&text::closing_line(report))
    );
    page.push_str("<div class=\"facts\">\n<table class=\"kv\">\n");
    let engine = |e: &litmus_campaign::finding::EngineId| format!("{} {}", e.name, e.version);
    let mut facts = vec![
        ("reference", engine(&report.reference)),
        ("other engine", engine(&report.other)),
        ("seed", text::seed(report)),
        ("shard", report.shard.clone().unwrap_or_else(|| "—".into())),
        ("jobs", report.jobs.to_string()),
        ("cases", report.cases.to_string()),
        ("elapsed", text::duration(report.elapsed_seconds)),
        ("cases/s", text::rate(report.cases_per_second)),
        ("started", report.started.clone()),
        ("finished", report.finished.clone()),
        (
            "interrupted",
            if report.interrupted { "yes" } else { "no" }.into(),
        ),
    ];
    if let Some(generation) = &report.generation {
        facts.push((
            "generator",
            format!(
                "version {}; mutation sources {} inputs, sha256 {}",
                generation.generator_version,
                generation.mutation_sources.inputs,
                generation.mutation_sources.sha256
            ),
        ));
    }
    for warning in &report.warnings {
        facts.push(("warning", warning.clone()));
    }
    for (engine, side, signatures, cases) in text::judge_side_counts(report) {
        facts.push((
            "judge",
            format!(
                "{engine} sides with {side}: {}, {}",
                text::counted(signatures, "signature"),
                text::counted(cases, "case")
            ),
        ));
    }
    for (name, value) in facts {
        let warn = if name == "warning" || (name == "interrupted" && report.interrupted) {
            " class=\"warn\""
        } else {
            ""
        };
        let _ = writeln!(
            page,
            "<tr><th>{name}</th><td{warn}>{}</td></tr>",
            esc(&value)
        );
    }
    page.push_str("</table>\n<table class=\"levels\">\n<thead><tr><th>level</th><th>compared</th><th>agreed</th><th>agreement</th></tr></thead>\n<tbody>\n");
    for l in &report.levels {
        let _ = writeln!(
            page,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&l.level),
            l.compared,
            l.agreed,
            text::percent(l.agreed, l.compared)
        );
    }
    if report.levels.is_empty() {
        page.push_str("<tr><td colspan=\"4\">no comparisons</td></tr>\n");
    }
    page.push_str("</tbody>\n</table>\n</div>\n</header>\n");
}

fn contents(page: &mut String, classes: &[ClassGroup<'_>]) {
    if classes.is_empty() {
        return;
    }
    page.push_str("<nav>\n<h2>Classes</h2>\n<ol>\n");
    for (i, group) in classes.iter().enumerate() {
        let _ = writeln!(
            page,
            "<li><a href=\"#class-{}\">{} <code>{}</code></a> <span class=\"count\">{}</span></li>",
            i + 1,
            badge(group),
            esc(&text::class_name(group)),
            text::counted(group.count(), "case")
        );
    }
    page.push_str("</ol>\n</nav>\n");
}

fn badge(group: &ClassGroup<'_>) -> &'static str {
    if group.is_new() {
        "<span class=\"badge new\">NEW</span>"
    } else {
        "<span class=\"badge known\">known</span>"
    }
}

fn class_section(page: &mut String, report: &CampaignReport, group: &ClassGroup<'_>, n: usize) {
    let kind = if group.is_new() { "new" } else { "known" };
    let open = if group.is_new() { " open" } else { "" };
    let _ = write!(
        page,
        "<section class=\"cls {kind}\" id=\"class-{n}\">\n<details{open}>\n<summary>{} \
         <code class=\"name\">{}</code> <span class=\"count\">{}</span>",
        badge(group),
        esc(&text::class_name(group)),
        text::counted(group.count(), "case")
    );
    if group.signatures() > 1 {
        let _ = write!(
            page,
            " <span class=\"count\">{} signatures</span>",
            group.signatures()
        );
    }
    if let Some(labels) = text::labels_line(group) {
        let _ = write!(
            page,
            " <span class=\"badge labels\">{}</span>",
            esc(&labels)
        );
    }
    page.push_str("</summary>\n");
    if let Some(info) = group
        .class
        .as_deref()
        .and_then(|id| classes::in_report(report, id))
    {
        explain(page, report, info);
    }
    if let Some(verdicts) = text::verdicts_line(report, group) {
        let review = if group.judged_against_the_reference() {
            " <strong>the judges side with the engine: to review against the standard</strong>"
        } else {
            ""
        };
        let _ = writeln!(page, "<p>Judges: {}{review}</p>", esc(&verdicts));
    }
    if group.findings.len() > 1 {
        page.push_str("<details class=\"sigs\"><summary>Exemplars</summary>\n<ul>\n");
        for f in &group.findings {
            let _ = writeln!(
                page,
                "<li><code>{}</code> ({})</li>",
                esc(f.signature.as_str()),
                text::counted(f.count, "case")
            );
        }
        page.push_str("</ul>\n</details>\n");
    }
    if let Some(f) = group.smallest() {
        example(page, report, f, n);
    }
    page.push_str("</details>\n</section>\n");
}

/// A known class's explanation, who is right, and its spec and upstream links.
fn explain(page: &mut String, report: &CampaignReport, info: &ClassInfo) {
    let _ = writeln!(page, "<p class=\"why\">{}</p>", esc(&info.explanation));
    page.push_str("<dl class=\"meta\">\n");
    let _ = writeln!(
        page,
        "<dt>who is right</dt><dd>{} ({})</dd>",
        classes::right_name(info.right),
        esc(&info.right_sentence(&report.reference.name))
    );
    let _ = writeln!(page, "<dt>spec</dt><dd>{}</dd>", link(&info.spec));
    if let Some(upstream) = &info.upstream {
        let _ = writeln!(page, "<dt>upstream</dt><dd>{}</dd>", link(upstream));
    }
    page.push_str("</dl>\n");
}

/// A URL as a link (`http:` and `https:` only), else as code.
fn link(url: &str) -> String {
    if classes::linkable(url) {
        format!("<a href=\"{0}\">{0}</a>", esc(url))
    } else {
        format!("<code>{}</code>", esc(url))
    }
}

fn example(page: &mut String, report: &CampaignReport, f: &Finding, n: usize) {
    page.push_str("<dl class=\"meta\">\n");
    let mut meta = vec![
        (
            "signature",
            format!("<code>{}</code>", esc(f.signature.as_str())),
        ),
        ("level", esc(f.level.as_str())),
        ("engine", esc(&f.engine)),
        ("input", esc(&text::context(f))),
        ("minimized", esc(&text::minimized(f))),
        ("found", esc(&text::origin(f))),
    ];
    if let Some(path) = &f.archive_path {
        meta.push(("archive", format!("<code>{}</code>", esc(path))));
    }
    for opinion in text::judges_opinions(report, f) {
        meta.push(("judge", format!("<strong>{}</strong>", esc(&opinion))));
    }
    for (name, value) in meta {
        let _ = writeln!(page, "<div><dt>{name}</dt><dd>{value}</dd></div>");
    }
    page.push_str("</dl>\n");
    let _ = writeln!(
        page,
        "<h3>Minimized input <span class=\"count\">{} bytes</span></h3>",
        f.input.len()
    );
    input_block(page, &f.input);
    if f.original_input != f.input {
        let _ = writeln!(
            page,
            "<details class=\"original\"><summary>Original input ({} bytes)</summary>",
            f.original_input.len()
        );
        input_block(page, &f.original_input);
        page.push_str("</details>\n");
    }
    let _ = writeln!(
        page,
        "<h3>Outputs at the {} level</h3>",
        esc(f.level.as_str())
    );
    let rows = text::line_diff(&f.reference_output, &f.other_output);
    let sides = text::diff_sides(report, f);
    diff_table(page, &rows, &sides, n);
    for judge in f.opinions() {
        let _ = writeln!(
            page,
            "<details class=\"third\"><summary>{} output</summary>",
            esc(&judge.engine)
        );
        input_block(page, &judge.output);
        page.push_str("</details>\n");
    }
}

fn input_block(page: &mut String, input: &str) {
    let (shown, left_out) = text::cut(input, MAX_INPUT_BYTES);
    let _ = write!(page, "<pre class=\"input\">{}", esc(shown));
    if left_out > 0 {
        let _ = write!(
            page,
            "<span class=\"cut\">… {left_out} more bytes (see findings.json)</span>"
        );
    }
    page.push_str("</pre>\n");
}

fn diff_table(page: &mut String, rows: &[Row<'_>], sides: &text::DiffSides, n: usize) {
    let first = text::first_change(rows);
    let _ = write!(
        page,
        "<table class=\"diff\">\n<colgroup><col class=\"ln\"><col><col class=\"ln\"><col></colgroup>\n\
         <thead><tr><th colspan=\"2\">{} <span class=\"count\">{}</span></th>\
         <th colspan=\"2\">{}</th></tr></thead>\n<tbody>\n",
        esc(&sides.left),
        sides.left_note,
        esc(&sides.right)
    );
    if rows.is_empty() {
        page.push_str("<tr><td colspan=\"4\" class=\"gap\">both outputs are empty</td></tr>\n");
    } else if first.is_none() {
        page.push_str("<tr><td colspan=\"4\" class=\"gap\">the outputs agree line by line (they differ in line endings only)</td></tr>\n");
    }
    let shown = visible_rows(rows);
    let mut previous: Option<usize> = None;
    let mut count = 0;
    for &i in &shown {
        if count == MAX_ROWS {
            let _ = writeln!(
                page,
                "<tr><td colspan=\"4\" class=\"gap\">… {} more rows (see findings.json)</td></tr>",
                shown.len() - MAX_ROWS
            );
            break;
        }
        let skipped = previous.map_or(i, |p| i - p - 1);
        if skipped > 0 {
            let _ = writeln!(
                page,
                "<tr><td colspan=\"4\" class=\"gap\">… {skipped} identical lines …</td></tr>"
            );
        }
        row(page, &rows[i], first == Some(i), n);
        previous = Some(i);
        count += 1;
    }
    if let Some(p) = previous {
        if p + 1 < rows.len() && count < MAX_ROWS {
            let _ = writeln!(
                page,
                "<tr><td colspan=\"4\" class=\"gap\">… {} identical lines …</td></tr>",
                rows.len() - p - 1
            );
        }
    }
    page.push_str("</tbody>\n</table>\n");
}

/// The rows to show: every change and up to [`CONTEXT_ROWS`] identical rows on each
/// side of one; everything when the outputs agree.
fn visible_rows(rows: &[Row<'_>]) -> Vec<usize> {
    let changes: Vec<usize> = (0..rows.len())
        .filter(|&i| rows[i].kind != RowKind::Same)
        .collect();
    if changes.is_empty() {
        return (0..rows.len()).collect();
    }
    let mut keep = vec![false; rows.len()];
    for &c in &changes {
        let from = c.saturating_sub(CONTEXT_ROWS);
        let to = (c + CONTEXT_ROWS + 1).min(rows.len());
        keep[from..to].iter_mut().for_each(|k| *k = true);
    }
    (0..rows.len()).filter(|&i| keep[i]).collect()
}

fn row(page: &mut String, row: &Row<'_>, first: bool, n: usize) {
    let kind = match row.kind {
        RowKind::Same => "same",
        RowKind::Removed => "removed",
        RowKind::Added => "added",
        RowKind::Changed => "changed",
    };
    if first {
        let _ = write!(
            page,
            "<tr class=\"{kind} first\" id=\"class-{n}-first\" title=\"first difference\">"
        );
    } else {
        let _ = write!(page, "<tr class=\"{kind}\">");
    }
    let (left, right) = match (row.kind, row.left, row.right) {
        (RowKind::Changed, Some(l), Some(r)) => marked_pair(l.1, r.1),
        _ => (row.left.map(|l| line(l.1)), row.right.map(|r| line(r.1))),
    };
    for (side, number, html) in [
        ("left", row.left.map(|l| l.0), left),
        ("right", row.right.map(|r| r.0), right),
    ] {
        match (number, html) {
            (Some(number), Some(html)) => {
                let _ = write!(
                    page,
                    "<td class=\"ln\">{number}</td><td class=\"t {side}\">{html}</td>"
                );
            }
            _ => {
                let _ = write!(
                    page,
                    "<td class=\"ln\"></td><td class=\"t {side} empty\"></td>"
                );
            }
        }
    }
    page.push_str("</tr>\n");
}

/// One output line, escaped and cut.
fn line(text: &str) -> String {
    let (shown, left_out) = text::cut(text, MAX_LINE_BYTES);
    let mut html = esc(shown);
    if left_out > 0 {
        let _ = write!(html, "<span class=\"cut\">… {left_out} more bytes</span>");
    }
    html
}

/// A changed pair of lines with their differing characters in `<mark>`.
fn marked_pair(left: &str, right: &str) -> (Option<String>, Option<String>) {
    if left.len() > MAX_MARKED_LINE || right.len() > MAX_MARKED_LINE {
        return (Some(line(left)), Some(line(right)));
    }
    let old: Vec<char> = left.chars().collect();
    let new: Vec<char> = right.chars().collect();
    let deadline = Instant::now() + Duration::from_millis(50);
    let ops = similar::capture_diff_slices_deadline(Algorithm::Myers, &old, &new, Some(deadline));
    let (mut l, mut r) = (String::new(), String::new());
    for op in ops {
        let (tag, old_range, new_range) = op.as_tag_tuple();
        let old_text: String = old[old_range].iter().collect();
        let new_text: String = new[new_range].iter().collect();
        if tag == DiffTag::Equal {
            l.push_str(&esc(&old_text));
            r.push_str(&esc(&new_text));
            continue;
        }
        if !old_text.is_empty() {
            let _ = write!(l, "<mark>{}</mark>", esc(&old_text));
        }
        if !new_text.is_empty() {
            let _ = write!(r, "<mark>{}</mark>", esc(&new_text));
        }
    }
    (Some(l), Some(r))
}

/// The known classes that matched no case and are not shown fixed, one line each.
fn not_seen(page: &mut String, report: &CampaignReport) {
    if report.not_seen.is_empty() {
        return;
    }
    let _ = writeln!(
        page,
        "<h2 class=\"group\">Not seen in this campaign ({})</h2>",
        report.not_seen.len()
    );
    page.push_str("<section class=\"unseen\">\n<p>Known classes that matched no case here, but are not shown fixed:</p>\n<ul>\n");
    for class in &report.not_seen {
        let _ = writeln!(
            page,
            "<li><code>{}</code> <span class=\"count\">{}</span></li>",
            esc(&class.class),
            esc(&text::not_seen_because(class))
        );
    }
    page.push_str("</ul>\n</section>\n");
}

fn possibly_fixed(page: &mut String, report: &CampaignReport) {
    let _ = writeln!(
        page,
        "<h2 class=\"group\">Possibly fixed upstream ({})</h2>",
        report.possibly_fixed.len()
    );
    if report.possibly_fixed.is_empty() {
        page.push_str(
            "<p class=\"none\">None: no known class that matched no case is shown fixed.</p>\n",
        );
        return;
    }
    page.push_str("<section class=\"fixed\">\n<p>Known classes that matched no case in this campaign, and whose archived exemplars, run again through the engine, diverge no more:</p>\n<ul>\n");
    for fixed in &report.possibly_fixed {
        let _ = write!(
            page,
            "<li><span class=\"badge fixed\">possibly fixed</span> <code>{}</code>: {}",
            esc(&fixed.class),
            esc(&fixed.explanation)
        );
        if let Some(since) = text::possibly_fixed_since(fixed) {
            let _ = write!(page, " <span class=\"count\">{}</span>", esc(&since));
        }
        if let Some(info) = classes::in_report(report, &fixed.class) {
            let _ = write!(
                page,
                " <span class=\"count\">spec: {}</span>",
                link(&info.spec)
            );
        }
        if let Some(upstream) = &fixed.upstream {
            let _ = write!(
                page,
                " <span class=\"count\">upstream: {}</span>",
                link(upstream)
            );
        }
        page.push_str("</li>\n");
    }
    page.push_str("</ul>\n</section>\n");
}

pub(crate) const STYLE: &str = r#"
:root { color-scheme: light; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa;
  --new: #cf222e; --known: #0969da; --fixed: #8250df;
  --del: #ffebe9; --del-mark: #ffb8b0; --add: #dafbe1; --add-mark: #95e6a8; --first: #bf8700; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1400px; padding: 20px 28px 40px; color: var(--fg); background: #fff;
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
code, pre, table.diff td { font-family: ui-monospace, "DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace; font-size: 13px; }
code { overflow-wrap: anywhere; }
h1 { margin: 0 0 4px; font-size: 26px; }
h2 { font-size: 20px; margin: 28px 0 10px; }
h2.group { border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 14px; margin: 14px 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.closing { font-weight: 600; margin: 0 0 12px; }
.facts { display: flex; flex-wrap: wrap; gap: 16px 32px; align-items: flex-start; }
.facts table { border-collapse: collapse; font-size: 14px; }
.facts th, .facts td { border: 1px solid var(--line); padding: 3px 10px; text-align: left; }
.facts th { background: var(--soft); font-weight: 600; }
.levels td:not(:first-child) { text-align: right; font-variant-numeric: tabular-nums; }
td.warn { color: var(--new); font-weight: 700; }
nav ol { margin: 0; padding-left: 28px; columns: 2; }
nav li { margin: 2px 0; }
nav a { color: inherit; text-decoration: none; }
nav a:hover code { text-decoration: underline; }
.count { color: var(--muted); font-size: 13px; font-weight: normal; }
.badge { display: inline-block; padding: 0 7px; border-radius: 10px; font-size: 12px; font-weight: 700;
  line-height: 18px; color: #fff; vertical-align: 1px; }
.badge.new { background: var(--new); }
.badge.known { background: var(--known); }
.badge.fixed { background: var(--fixed); }
.badge.labels { background: #7a3e9d; }
section.cls { border: 1px solid var(--line); border-left: 6px solid var(--known); border-radius: 6px;
  margin: 14px 0; padding: 8px 14px; }
section.cls.new { border-left-color: var(--new); background: linear-gradient(#fff8f7, #fff 80px); }
section.cls > details > summary { cursor: pointer; font-size: 16px; padding: 2px 0; }
code.name { font-weight: 700; font-size: 15px; }
summary code.sig { display: inline-block; margin: 2px 0 0 18px; color: var(--muted); }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 10px 0; font-size: 14px; }
dl.meta div { display: contents; }
dl.meta dt { color: var(--muted); }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; word-break: break-all; margin: 0;
  background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; max-height: 24em; overflow-y: auto; }
details.original, details.third, details.sigs { margin: 6px 0; font-size: 14px; }
details.original summary, details.third summary, details.sigs summary { cursor: pointer; color: var(--muted); }
table.diff { width: 100%; table-layout: fixed; border-collapse: collapse; border: 1px solid var(--line); }
table.diff col.ln { width: 3.2em; }
table.diff th { background: var(--soft); text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); font-size: 14px; }
table.diff th + th { border-left: 1px solid var(--line); }
table.diff td { vertical-align: top; padding: 0 8px; line-height: 1.5; }
table.diff td.t { white-space: pre-wrap; overflow-wrap: anywhere; word-break: break-all; }
table.diff td.ln { color: var(--muted); text-align: right; padding: 0 6px; user-select: none; background: var(--soft); }
table.diff td.t.left { border-right: 1px solid var(--line); }
tr.removed td.left, tr.changed td.left { background: var(--del); }
tr.added td.right, tr.changed td.right { background: var(--add); }
td.left mark { background: var(--del-mark); color: inherit; border-radius: 2px; }
td.right mark { background: var(--add-mark); color: inherit; border-radius: 2px; }
td.empty { background: repeating-linear-gradient(135deg, #fff, #fff 4px, var(--soft) 4px, var(--soft) 8px); }
tr.first td { border-top: 2px solid var(--first); border-bottom: 2px solid var(--first); }
tr.first td.ln { color: var(--first); font-weight: 700; }
tr.first td.ln::before { content: "▶ "; }
td.gap { text-align: center; color: var(--muted); background: var(--soft); font-style: italic; }
.ctl { display: inline-block; color: #fff; background: #6e7781; border-radius: 3px; padding: 0 3px;
  margin: 0 1px; font-size: 11px; line-height: 15px; }
.cut { color: var(--muted); font-style: italic; }
p.none { color: var(--muted); }
section.fixed ul { padding-left: 20px; }
section.fixed li { margin: 4px 0; }
footer { margin-top: 28px; padding-top: 10px; border-top: 1px solid var(--line); font-weight: 600; }
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::sample;

    #[test]
    fn a_round_trip_diff_names_whose_round_trip_and_its_two_trees() {
        let report = sample::round_trip_campaign();
        let page = render(&report);
        assert!(
            page.contains(
                "html5ever&#39;s tree <span class=\"count\">parsed</span></th>\
                 <th colspan=\"2\">html5ever&#39;s tree of its serialization, reparsed</th>"
            ),
            "{page}"
        );
    }

    #[test]
    fn the_page_has_one_section_per_class_new_first() {
        let report = sample::campaign();
        let page = render(&report);
        let sections = page.matches("<section class=\"cls ").count();
        assert_eq!(sections, report.classes().len());
        let first_known = page.find("<section class=\"cls known\"").unwrap();
        let last_new = page.rfind("<section class=\"cls new\"").unwrap();
        assert!(last_new < first_known);
        assert!(page.contains("html5ever-template-in-frameset"));
        assert!(page.contains("tr class=\"changed first\""));
        // Classes not seen have a section of their own, after the possibly fixed.
        let fixed = page.find("Possibly fixed upstream (1)</h2>").unwrap();
        let unseen = page.find("Not seen in this campaign (2)</h2>").unwrap();
        assert!(fixed < unseen);
        assert!(page[unseen..].contains("3f8a01ed3df4df5e.dat still diverges"));
        assert!(!page[fixed..unseen].contains("characters-in-table"));
    }

    #[test]
    fn warnings_are_shown_as_warnings() {
        let mut report = sample::campaign();
        report.warnings = vec!["no html5lib-tests data to mutate <here>".into()];
        let page = render(&report);
        assert!(
            page.contains("<tr><th>warning</th><td class=\"warn\">no html5lib-tests data to mutate &lt;here&gt;</td></tr>"),
            "{page}"
        );
        let generator = format!(
            "<tr><th>generator</th><td>version {};",
            litmus_campaign::generator::GENERATOR_VERSION
        );
        assert!(page.contains(&generator), "{page}");
    }

    #[test]
    fn hostile_inputs_are_escaped() {
        let report = sample::campaign();
        let page = render(&report);
        let lower = page.to_ascii_lowercase();
        assert_eq!(
            lower.matches("<script").count(),
            0,
            "no script element at all"
        );
        assert!(!lower.contains("</pre><"), "no input closes a <pre>");
        assert!(page.contains("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(!page.contains('\0'));
        assert!(!page.contains('\r'));
        assert!(page.contains("<span class=\"ctl\">\\u{0}</span>"));
        assert!(page.contains("content=\"default-src 'none'; style-src 'unsafe-inline'\""));
    }

    #[test]
    fn changed_lines_mark_their_differing_characters() {
        let (l, r) = marked_pair("<p a=\"&lt;\">", "<p a=\"<\">");
        assert_eq!(l.unwrap(), "&lt;p a=&quot;<mark>&amp;lt;</mark>&quot;&gt;");
        assert_eq!(r.unwrap(), "&lt;p a=&quot;<mark>&lt;</mark>&quot;&gt;");
    }

    #[test]
    fn long_identical_runs_fold() {
        let reference: String = (0..50).map(|i| format!("line {i}\n")).collect();
        let other = reference.replace("line 25\n", "LINE 25\n");
        let rows = text::line_diff(&reference, &other);
        let shown = visible_rows(&rows);
        assert_eq!(shown, (22..29).collect::<Vec<_>>());
        let mut page = String::new();
        let sides = text::DiffSides {
            left: "litmus".into(),
            left_note: "reference",
            right: "html5ever".into(),
        };
        diff_table(&mut page, &rows, &sides, 1);
        assert!(page.contains("… 22 identical lines …"));
        assert!(page.contains("… 21 identical lines …"));
    }
}
