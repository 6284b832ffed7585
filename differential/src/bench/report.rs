//! The bench's tables, in Markdown (readable in a terminal, and pasted into
//! `docs/bench.md`).

use super::results::{FamilyResult, Results, Row};
use super::runner::Measurement;
use std::fmt::Write as _;

fn mbps(row: &Row, i: usize) -> String {
    match (&row.measurements[i], row.throughput(i)) {
        (m, Some(t)) if m.over_budget() => format!("{t:.1} (over budget)"),
        (_, Some(t)) if t >= 10.0 => format!("{t:.0}"),
        (_, Some(t)) if t >= 1.0 => format!("{t:.1}"),
        (_, Some(t)) => format!("{t:.3}"),
        (Measurement::Skipped(_), None) => "skipped".into(),
        _ => "—".into(),
    }
}

fn ratio(row: &Row) -> String {
    row.ratio().map_or("—".into(), |r| format!("{r:.2}×"))
}

fn size(bytes: usize) -> String {
    if bytes >= 1 << 20 {
        format!("{:.1} MiB", bytes as f64 / (1 << 20) as f64)
    } else if bytes >= 1 << 10 {
        format!("{:.0} KiB", bytes as f64 / (1 << 10) as f64)
    } else {
        format!("{bytes} B")
    }
}

fn linearity(family: &FamilyResult, i: usize) -> String {
    match (family.linearity(i), family.exponent(i)) {
        (Some(l), _) => format!("{l:.2}"),
        (None, Some(k)) => {
            let largest = family
                .sizes
                .iter()
                .rev()
                .find(|r| r.measurements[i].min().is_some())
                .map_or(0, |r| r.bytes);
            format!("size^{k:.1} up to {}", size(largest))
        }
        (None, None) => "—".into(),
    }
}

/// litmus's throughput over html5ever's on all pages together: html5ever's time on
/// each page taken as litmus's median time times the page's ratio (which pairs runs
/// of one round, see `Row::ratio`), so that pages measured at the machine's faster and
/// slower moments do not move the total.
fn all_pages_ratio(results: &Results) -> Option<f64> {
    let (mut litmus, mut html5ever) = (0.0, 0.0);
    for row in &results.pages {
        let t = row.measurements[0].median()?.as_secs_f64();
        litmus += t;
        html5ever += t * row.ratio()?;
    }
    (litmus > 0.0).then(|| html5ever / litmus)
}

/// The fewest and the most runs an engine made on a workload, over every row it ran
/// (the runs `--min-runs` asks for, fewer where a run was over the budget).
fn run_counts(results: &Results) -> Option<(usize, usize)> {
    let rows = results
        .pages
        .iter()
        .chain(&results.fuzz)
        .chain(results.families.iter().flat_map(|f| &f.sizes));
    let counts = rows
        .flat_map(|row| &row.measurements)
        .filter(|m| !m.is_skipped())
        .map(Measurement::run_count);
    counts.fold(None, |range, n| match range {
        None => Some((n, n)),
        Some((fewest, most)) => Some((fewest.min(n), most.max(n))),
    })
}

/// The tables, with a header naming the command that produced them.
pub fn markdown(results: &Results, command: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Produced by `{command}` ({}).", results.toolchain);
    match std::env::var("GLIBC_TUNABLES") {
        Ok(tunables) => {
            let _ = writeln!(
                out,
                "Allocator: `GLIBC_TUNABLES={tunables}` for both engines."
            );
        }
        Err(_) => {
            let _ = writeln!(out, "Allocator: the C library's defaults.");
        }
    }
    if let Some(timing) = &results.timing {
        let _ = writeln!(
            out,
            "Engines alternate in one process; at least {} runs each and about {:.1} s per engine and workload; \
             MB/s = 10^6 bytes/s from the median run; ratio = litmus ÷ html5ever throughput, \
             the median over rounds of html5ever's time ÷ litmus's in the same round; \
             a run longer than {:.0} s stops an engine on larger sizes. \
             Peak = rise of VmHWM while parsing, in a child process per engine with the allocator's defaults.",
            timing.min_rounds,
            timing.target.as_secs_f64(),
            timing.budget.as_secs_f64()
        );
        if let Some((fewest, most)) = run_counts(results) {
            let _ = writeln!(
                out,
                "Runs made: {fewest} to {most} per engine and workload."
            );
        }
    }
    out.push('\n');

    if !results.pages.is_empty() {
        let _ = writeln!(out, "### Real pages (Rust toolchain documentation)\n");
        let _ = writeln!(
            out,
            "| page | size | litmus MB/s | html5ever MB/s | ratio | litmus peak | html5ever peak |"
        );
        let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|");
        for row in &results.pages {
            let _ = writeln!(
                out,
                "| `{}` | {} | {} | {} | {} | {} | {} |",
                row.label,
                size(row.bytes),
                mbps(row, 0),
                mbps(row, 1),
                ratio(row),
                row.peaks[0].display(),
                row.peaks[1].display()
            );
        }
        let total = |i: usize| -> Option<f64> {
            let mut secs = 0.0;
            for row in &results.pages {
                secs += row.measurements[i].median()?.as_secs_f64();
            }
            let bytes: usize = results.pages.iter().map(|r| r.bytes).sum();
            Some(bytes as f64 / 1e6 / secs)
        };
        if let (Some(l), Some(h), Some(r)) = (total(0), total(1), all_pages_ratio(results)) {
            let bytes: usize = results.pages.iter().map(|r| r.bytes).sum();
            let _ = writeln!(
                out,
                "| **all pages** | {} | **{l:.0}** | **{h:.0}** | **{r:.2}×** | | |",
                size(bytes),
            );
        }
        if !results.missing_pages.is_empty() {
            let _ = writeln!(
                out,
                "\nNot found in this toolchain: {}.",
                results.missing_pages.join(", ")
            );
        }
        out.push('\n');
    }

    if let Some(row) = &results.fuzz {
        let _ = writeln!(
            out,
            "### Fuzzing-sized cases (`litmus_differential::generator`)\n"
        );
        let _ = writeln!(
            out,
            "| cases | total | litmus MB/s | html5ever MB/s | ratio |"
        );
        let _ = writeln!(out, "|---|---:|---:|---:|---:|");
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |\n",
            row.label,
            size(row.bytes),
            mbps(row, 0),
            mbps(row, 1),
            ratio(row)
        );
    }

    if !results.families.is_empty() {
        let _ = writeln!(out, "### Adversarial families\n");
        let _ = writeln!(
            out,
            "Linearity = time per byte at the largest size ÷ at a size 16× smaller, the median over back-to-back pairs of runs \
             (the smaller input parsed 16 times per run; 1.0 is linear). \
             Where an engine was skipped at the largest size, its growth exponent over the sizes it ran is shown.\n"
        );
        let _ = writeln!(
            out,
            "| family | largest | litmus MB/s | html5ever MB/s | ratio | litmus linearity | html5ever linearity | litmus peak | html5ever peak |"
        );
        let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        for family in &results.families {
            let Some(last) = family.sizes.last() else {
                continue;
            };
            let _ = writeln!(
                out,
                "| `{}` | {} | {} | {} | {} | {} | {} | {} | {} |",
                family.family.name,
                size(last.bytes),
                mbps(last, 0),
                mbps(last, 1),
                ratio(last),
                linearity(family, 0),
                linearity(family, 1),
                last.peaks[0].display(),
                last.peaks[1].display()
            );
        }
        let _ = writeln!(out, "\n<details><summary>Every size</summary>\n");
        let _ = writeln!(
            out,
            "| family | size | litmus MB/s | html5ever MB/s | ratio |"
        );
        let _ = writeln!(out, "|---|---:|---:|---:|---:|");
        for family in &results.families {
            for row in &family.sizes {
                let html5ever = match &row.measurements[1] {
                    Measurement::Skipped(reason) => reason.clone(),
                    _ => mbps(row, 1),
                };
                let _ = writeln!(
                    out,
                    "| `{}` | {} | {} | {} | {} |",
                    family.family.name,
                    size(row.bytes),
                    mbps(row, 0),
                    html5ever,
                    ratio(row)
                );
            }
        }
        let _ = writeln!(out, "\n</details>\n");
        let _ = writeln!(out, "What each family stresses:\n");
        for family in &results.families {
            let _ = writeln!(
                out,
                "- `{}`: {}",
                family.family.name, family.family.stresses
            );
        }
    }
    out
}
