//! The "Spec coverage" section of index.html: a table by section of the standard, each
//! arm with its count, the cold ones marked.

use super::coverage::SpecCoverage;
use super::text::{headline, FAMILIES};
use litmus_text::html::esc;
use std::fmt::Write;

/// The section: the headline, then per family a folding table of its sections, each
/// section's row with its figure followed by its arms; cold arms say so.
pub fn render_html(coverage: &SpecCoverage) -> String {
    let mut page =
        String::from("<section id=\"spec-coverage\">\n<h2 class=\"group\">Spec coverage</h2>\n");
    let cold = coverage.cold().count();
    let _ = writeln!(
        page,
        "<p>{} of the reference parser; {cold} cold (never passed), marked below.</p>",
        esc(&headline(coverage))
    );
    for line in super::text::left_out_lines(coverage) {
        let _ = writeln!(page, "<p>{}</p>", esc(&line));
    }
    let chart = super::chart::render_svg(coverage);
    if !chart.is_empty() {
        let _ = writeln!(
            page,
            "<figure>{chart}<figcaption>Reachable arms passed against cases run, at the start of each epoch of the generator's steering and at the end; the dashed line is M.</figcaption></figure>"
        );
    }
    for (family, heading) in FAMILIES {
        let sections: Vec<_> = coverage.sections_of(family).collect();
        if sections.is_empty() {
            continue;
        }
        let reached: usize = sections.iter().map(|s| s.reached).sum();
        let reachable: usize = sections.iter().map(|s| s.reachable).sum();
        let _ = writeln!(
            page,
            "<details{}>\n<summary>{} — {reached} of {reachable} arms</summary>",
            if reached < reachable { " open" } else { "" },
            esc(heading)
        );
        page.push_str(
            "<table class=\"spec-arms\">\n<thead><tr><th>arm</th><th>the standard's words</th>\
             <th>count</th></tr></thead>\n<tbody>\n",
        );
        for section in sections {
            let _ = writeln!(
                page,
                "<tr><th colspan=\"3\" style=\"text-align:left\"><a href=\"{}\">{}</a> — {} of {}</th></tr>",
                esc(&section.url),
                esc(&section.name),
                section.reached,
                section.reachable
            );
            for arm in coverage.arms.iter().filter(|a| a.section == section.key) {
                let (style, count) = match (&arm.unreachable, arm.count) {
                    (Some(reason), _) => (
                        " style=\"color:#777\"",
                        format!("unreachable: {}", esc(reason)),
                    ),
                    (None, 0) => (
                        " class=\"cold\" style=\"background:#fde2e2\"",
                        "<strong>cold</strong>".to_owned(),
                    ),
                    (None, n) => ("", n.to_string()),
                };
                let _ = writeln!(
                    page,
                    "<tr{style}><td><code>{}</code></td><td>{}</td><td>{count}</td></tr>",
                    esc(&arm.id),
                    esc(&arm.words)
                );
            }
        }
        page.push_str("</tbody>\n</table>\n</details>\n");
    }
    page.push_str("</section>\n");
    page
}
