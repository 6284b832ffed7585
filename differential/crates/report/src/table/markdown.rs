//! `docs/parsers.md`: the table as Markdown. At its top the command that made it
//! and the date; then what each column means, the table, and each engine's classes.

use super::{ConformanceCount, Row, Table, LEVELS};
use crate::report::text::{percent, rate};
use std::fmt::Write;

/// Longest example shown in a class list; longer ones are cut with `…`.
const MAX_EXAMPLE: usize = 120;

/// New signatures listed per engine; the others are counted (the campaign's report
/// has them all).
pub const MAX_NEW_LISTED: usize = 40;

/// The text of docs/parsers.md.
pub fn render(table: &Table) -> String {
    let mut md = String::with_capacity(32 * 1024);
    let _ = writeln!(md, "# HTML parsers against the standard\n");
    let _ = writeln!(
        md,
        "Made on {} by\n\n```sh\n{}\n```\n",
        table.date, table.command
    );
    let _ = writeln!(md, "{}\n", intro(table));
    md.push_str(&columns(table));
    md.push('\n');
    header_row(&mut md, table);
    for row in &table.rows {
        table_row(&mut md, table, row);
    }
    md.push('\n');
    if let Some(reference) = &table.reference_conformance {
        let _ = writeln!(
            md,
            "The reference parser, {}, through the same worker path: html5lib {}, {:.2} s over the trials.\n",
            table.reference,
            conformance_cell(Some(reference)),
            reference.seconds
        );
    }
    if let Some(note) = &table.conformance_note {
        let _ = writeln!(md, "html5lib column left empty: {note}\n");
    }
    if !table.skipped.is_empty() {
        md.push_str("Skipped:\n\n");
        for (name, why) in &table.skipped {
            let _ = writeln!(md, "- `{name}`: {why}");
        }
        md.push('\n');
    }
    for row in &table.rows {
        classes(&mut md, table, row);
    }
    md
}

fn intro(table: &Table) -> String {
    format!(
        "Each engine parsed the same {} generated cases (seed {}; the headless browsers \
         the first {} of them) as the reference parser, litmus, which follows the WHATWG \
         HTML Standard; every divergence was minimized and classified against \
         `corpus/known-differences.toml`, and the browsers judged each class. Each \
         engine's campaign reports (`summary.md`, `index.html`, `findings.json`) are \
         written beside the HTML page of this table.",
        group(table.cases),
        table.seed,
        group(table.browser_cases)
    )
}

fn columns(table: &Table) -> String {
    let judges = judges_title(table);
    format!(
        "What each column says:\n\n\
         - **version**: what the engine's adapter said in its handshake (the worker's hello).\n\
         - **measured**: the day its campaign ran (UTC).\n\
         - **cases**: the generated cases of its campaign.\n\
         - **tree**, **fragment**: the share of documents (scripting on and off) and of \
         fragments (a spread of context elements) whose html5lib tree dump equals the \
         reference's.\n\
         - **serialization**: of the cases whose trees agree, the share whose \
         serializations agree.\n\
         - **round trip**: parse → serialize → parse gives the same tree, counted over \
         both engines' own round trips (the reference's included: the standard has \
         trees its serialization cannot re-create). Both columns are `—` for an engine \
         whose adapter gives no serialization (gumbo, Go's x/net/html and html5gum, \
         docs/engines.md; also any engine whose round trips never differed where the \
         reference's did).\n\
         - **classes**: the distinct classes of divergence, known classes by id and \
         divergences no class explains (**new**) by signature; listed per engine below, \
         with their security **labels** (computed from each finding's two trees: \
         `script-capable`, `mutation`, `namespace-change`, `text-markup-boundary`, \
         `attribute-markup`; docs/sanitizers.md says what each means) and those with \
         labels first.\n\
         - **html5lib**: the html5lib-tests tree-construction trials (documents and \
         fragments, scripting on and off) the engine passes, as `litmus conformance \
         --engine` counts them, litmus's expected differences applied; trials an engine \
         refuses (gumbo: scripting on; html5lib: foreign fragment contexts) count as not \
         passed.\n\
         - **{judges} side with litmus / engine / neither**: for each class, each \
         browser parsed the class's smallest tree or fragment example; per browser, the \
         classes where its tree is the reference's, the engine's, or neither (`—` for a \
         browser's own row; classes of serialization and round-trip findings are not \
         asked). A class on which the browsers side with the engine against litmus is \
         listed first among the engine's classes, marked **review**: to be checked \
         against the standard.\n\
         - **cases/s**: the campaign's rate (two engines, four comparison levels, \
         triage and minimization included; external engines through their protocol).\n\
         - **parse time ÷ litmus**: the engine's time over the html5lib trials divided \
         by the reference parser's over the same trials, each trial one request to a \
         worker process and back; for an external engine the time includes the \
         protocol's round trip to its program (a Python, Node.js or browser process).\n"
    )
}

/// `chromium · firefox · webkit`, the judges in order (`browsers` when none was asked).
pub fn judges_title(table: &Table) -> String {
    if table.judges.is_empty() {
        "browsers".to_owned()
    } else {
        table.judges.join(" · ")
    }
}

fn header_row(md: &mut String, table: &Table) {
    let third = judges_title(table);
    md.push_str("| engine | version | measured | cases |");
    for (_, title) in LEVELS {
        let _ = write!(md, " {title} |");
    }
    let _ = writeln!(
        md,
        " classes | html5lib | {third} side with litmus / engine / neither | cases/s | parse time ÷ litmus |"
    );
    md.push_str("|---|---|---|---:|");
    for _ in LEVELS {
        md.push_str("---:|");
    }
    md.push_str("---:|---:|---:|---:|---:|\n");
}

fn table_row(md: &mut String, table: &Table, row: &Row) {
    let _ = write!(
        md,
        "| {} | {} | {} | {} |",
        row.name,
        cell(&row.version),
        row.measured,
        group(row.cases)
    );
    for (level, _) in LEVELS {
        let text = row
            .level(level)
            .map_or_else(|| "—".to_owned(), |l| percent(l.agreed, l.compared));
        let _ = write!(md, " {text} |");
    }
    let new = row.classes.iter().filter(|c| c.new).count();
    let classes = match new {
        0 => row.classes.len().to_string(),
        n => format!("{} ({n} new)", row.classes.len()),
    };
    let _ = writeln!(
        md,
        " {classes} | {} | {} | {} | {} |",
        conformance_cell(row.conformance.as_ref()),
        sides_cell(table, row),
        rate(row.cases_per_second),
        row.time_ratio(table.reference_conformance.as_ref())
            .map_or_else(|| "—".to_owned(), |r| format!("{r:.1}×"))
    );
}

/// `3,485 / 3,549 (98.20 %)`, or `—`.
pub fn conformance_cell(count: Option<&ConformanceCount>) -> String {
    match count {
        Some(c) => format!(
            "{} / {} ({})",
            group(c.tally.passed as u64),
            group(c.tally.total() as u64),
            percent(c.tally.passed as u64, c.tally.total() as u64)
        ),
        None => "—".to_owned(),
    }
}

/// `12 / 3 / 1 · 12 / 3 / 1 · 11 / 3 / 2`, one per judge, `—` for a judge not asked
/// (the row is the browser's own); `—` when no judge was.
pub fn sides_cell(table: &Table, row: &Row) -> String {
    if table.judges.is_empty() {
        return "—".to_owned();
    }
    let cells: Vec<String> = table
        .judges
        .iter()
        .map(|judge| {
            if *judge == row.name {
                return "—".to_owned();
            }
            let [reference, other, neither, _] = row.sides(judge);
            format!("{reference} / {other} / {neither}")
        })
        .collect();
    cells.join(" · ")
}

/// The side in words for a class list.
pub fn side_words(side: Option<&str>, engine: &str) -> String {
    match side {
        Some("reference") => "litmus".to_owned(),
        Some("other") => engine.to_owned(),
        Some("neither") => "neither".to_owned(),
        Some("unavailable") => "unavailable".to_owned(),
        _ => "—".to_owned(),
    }
}

fn classes(md: &mut String, table: &Table, row: &Row) {
    let judges: Vec<&String> = table.judges.iter().filter(|j| **j != row.name).collect();
    let _ = writeln!(md, "## {}\n", row.name);
    let _ = writeln!(
        md,
        "{} ({}), {} cases at {} cases/s ({} {}); reports in `{}`.\n",
        row.name,
        row.version,
        group(row.cases),
        rate(row.cases_per_second),
        row.jobs,
        if row.jobs == 1 { "job" } else { "jobs" },
        row.report_dir
    );
    if row.classes.is_empty() {
        md.push_str("No divergence.\n\n");
    } else {
        let titles: String = judges.iter().map(|j| format!(" {j} |")).collect();
        let _ = writeln!(md, "| class | cases | labels |{titles} smallest example |");
        let _ = writeln!(md, "|---|---:|---|{}---|", "---|".repeat(judges.len()));
        let mut new_listed = 0;
        for class in &row.classes {
            if class.new {
                new_listed += 1;
                if new_listed > MAX_NEW_LISTED {
                    continue;
                }
            }
            let mut name = if class.new {
                format!("**new**: `{}`", code(&class.name))
            } else {
                format!("`{}`", class.name)
            };
            if class.review {
                name = format!("**review**: {name}");
            }
            let side: String = judges
                .iter()
                .map(|judge| format!(" {} |", side_words(class.side(judge), &row.name)))
                .collect();
            let _ = writeln!(
                md,
                "| {name} | {} | {} |{side} `{}` ({}) |",
                group(class.cases),
                labels_cell(&class.labels),
                code(&cut(&class.example)),
                cell(&class.context)
            );
        }
        md.push('\n');
        if new_listed > MAX_NEW_LISTED {
            let _ = writeln!(
                md,
                "… and {} more new signatures, each in the campaign's report (`{}`).\n",
                new_listed - MAX_NEW_LISTED,
                row.report_dir
            );
        }
    }
    let listed = |classes: &[String]| {
        classes
            .iter()
            .map(|c| format!("`{c}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !row.possibly_fixed.is_empty() {
        let _ = writeln!(
            md,
            "Known classes of {} that no case showed and whose archived exemplars diverge no more (possibly fixed upstream): {}.\n",
            row.name,
            listed(&row.possibly_fixed)
        );
    }
    if !row.not_seen.is_empty() {
        let _ = writeln!(
            md,
            "Known classes of {} that no case showed, not shown fixed (not seen in these cases): {}.\n",
            row.name,
            listed(&row.not_seen)
        );
    }
}

/// A class's security labels, `script-capable, mutation`, or `—`.
pub fn labels_cell(labels: &[litmus_campaign::finding::SecurityLabel]) -> String {
    if labels.is_empty() {
        return "—".to_owned();
    }
    labels
        .iter()
        .map(|l| l.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `20,000`.
pub fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Text inside a table cell: `|` escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// Text inside a code span in a table cell: `|` escaped, backticks turned to `ˋ`.
fn code(text: &str) -> String {
    cell(text).replace('`', "ˋ")
}

fn cut(text: &str) -> String {
    match text.char_indices().nth(MAX_EXAMPLE) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_and_cells_escaped() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(20_000), "20,000");
        assert_eq!(group(1_234_567), "1,234,567");
        assert_eq!(code("a|b`c"), "a\\|bˋc");
        assert_eq!(cut(&"x".repeat(200)).chars().count(), MAX_EXAMPLE + 1);
    }
}
