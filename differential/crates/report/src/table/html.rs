//! The table as one self-contained page in the campaign reports' style (their CSS,
//! no scripts, no external resources), linking each engine's campaign report.

use super::markdown::{conformance_cell, group, side_words, sides_cell, MAX_NEW_LISTED};
use super::{Row, Table, LEVELS};
use crate::report::html::STYLE;
use crate::report::text::{percent, rate};
use litmus_text::html::esc;
use std::fmt::Write;

/// Styles of the table page beside the reports'.
const TABLE_STYLE: &str = r#"
table.parsers { border-collapse: collapse; font-size: 14px; margin: 12px 0; }
table.parsers th, table.parsers td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; vertical-align: top; }
table.parsers th { background: var(--soft); font-weight: 600; }
table.parsers td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
ul.columns li { margin: 3px 0; }
"#;

/// The text of the table's page. `link` gives an engine's report page relative to it.
pub fn render(table: &Table, link: &dyn Fn(&Row) -> Option<String>) -> String {
    let mut page = String::with_capacity(64 * 1024);
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>HTML parsers against the standard</title>\n<style>{STYLE}{TABLE_STYLE}</style>\n\
         </head>\n<body>\n<header>\n<h1>HTML parsers against the standard</h1>\n"
    );
    let _ = writeln!(
        page,
        "<p class=\"closing\">Made on {} by <code>{}</code></p>\n</header>\n<main>",
        esc(&table.date),
        esc(&table.command)
    );
    summary_table(&mut page, table, link);
    if !table.skipped.is_empty() {
        page.push_str("<h2 class=\"group\">Skipped</h2>\n<ul>\n");
        for (name, why) in &table.skipped {
            let _ = writeln!(page, "<li><code>{}</code>: {}</li>", esc(name), esc(why));
        }
        page.push_str("</ul>\n");
    }
    for row in &table.rows {
        classes(&mut page, table, row, link);
    }
    page.push_str("</main>\n</body>\n</html>\n");
    page
}

fn summary_table(page: &mut String, table: &Table, link: &dyn Fn(&Row) -> Option<String>) {
    let third = super::markdown::judges_title(table);
    page.push_str("<table class=\"parsers\">\n<tr><th>engine</th><th>version</th><th>measured</th><th>cases</th>");
    for (_, title) in LEVELS {
        let _ = write!(page, "<th>{title}</th>");
    }
    let _ = writeln!(
        page,
        "<th>classes</th><th>html5lib</th><th>{} side with litmus / engine / neither</th>\
         <th>cases/s</th><th>parse time ÷ litmus</th></tr>",
        esc(&third)
    );
    for row in &table.rows {
        let name = match link(row) {
            Some(href) => format!("<a href=\"{}\">{}</a>", esc(&href), esc(&row.name)),
            None => esc(&row.name),
        };
        let _ = write!(
            page,
            "<tr><td><a href=\"#engine-{}\">{name}</a></td><td>{}</td><td>{}</td><td class=\"n\">{}</td>",
            esc(&row.name),
            esc(&row.version),
            esc(&row.measured),
            group(row.cases)
        );
        for (level, _) in LEVELS {
            let text = row
                .level(level)
                .map_or_else(|| "—".to_owned(), |l| percent(l.agreed, l.compared));
            let _ = write!(page, "<td class=\"n\">{text}</td>");
        }
        let new = row.classes.iter().filter(|c| c.new).count();
        let _ = writeln!(
            page,
            "<td class=\"n\">{}{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            row.classes.len(),
            if new > 0 { format!(" ({new} new)") } else { String::new() },
            conformance_cell(row.conformance.as_ref()),
            sides_cell(table, row),
            rate(row.cases_per_second),
            row.time_ratio(table.reference_conformance.as_ref())
                .map_or_else(|| "—".to_owned(), |r| format!("{r:.1}×"))
        );
    }
    page.push_str("</table>\n");
    let _ = writeln!(
        page,
        "<p>Same cases for every engine: {} generated cases of seed {} (the browsers: the first {}). \
         The column meanings are those of <code>docs/parsers.md</code>.</p>",
        group(table.cases),
        table.seed,
        group(table.browser_cases)
    );
}

fn classes(page: &mut String, table: &Table, row: &Row, link: &dyn Fn(&Row) -> Option<String>) {
    let judges: Vec<&String> = table.judges.iter().filter(|j| **j != row.name).collect();
    let _ = writeln!(
        page,
        "<h2 class=\"group\" id=\"engine-{0}\">{0} <span class=\"count\">{1}</span></h2>",
        esc(&row.name),
        esc(&row.version)
    );
    if let Some(href) = link(row) {
        let _ = writeln!(
            page,
            "<p><a href=\"{}\">The campaign's report</a>: every class with its two trees side by side.</p>",
            esc(&href)
        );
    }
    if row.classes.is_empty() {
        page.push_str("<p class=\"none\">No divergence.</p>\n");
        return;
    }
    page.push_str("<table class=\"parsers\">\n<tr><th>class</th><th>cases</th><th>labels</th>");
    for judge in &judges {
        let _ = write!(page, "<th>{}</th>", esc(judge));
    }
    page.push_str("<th>smallest example</th></tr>\n");
    let mut new_listed = 0;
    for class in &row.classes {
        if class.new {
            new_listed += 1;
            if new_listed > MAX_NEW_LISTED {
                continue;
            }
        }
        let mut badge = if class.new {
            "<span class=\"badge new\">NEW</span> ".to_owned()
        } else {
            String::new()
        };
        if class.review {
            badge.insert_str(0, "<span class=\"badge new\">REVIEW</span> ");
        }
        let _ = write!(
            page,
            "<tr><td>{badge}<code>{}</code></td><td class=\"n\">{}</td><td>{}</td>",
            esc(&class.name),
            group(class.cases),
            esc(&super::markdown::labels_cell(&class.labels))
        );
        for judge in &judges {
            let _ = write!(
                page,
                "<td>{}</td>",
                esc(&side_words(class.side(judge), &row.name))
            );
        }
        let _ = writeln!(
            page,
            "<td><code>{}</code> <span class=\"count\">{}</span></td></tr>",
            esc(&class.example),
            esc(&class.context)
        );
    }
    page.push_str("</table>\n");
    if new_listed > MAX_NEW_LISTED {
        let _ = writeln!(
            page,
            "<p>… and {} more new signatures, each in the campaign's report.</p>",
            new_listed - MAX_NEW_LISTED
        );
    }
}
