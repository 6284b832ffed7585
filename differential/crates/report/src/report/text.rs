//! What every report format shares: making invisible characters visible, cutting long
//! text, the line diff of two outputs, and the facts and sentences that several formats
//! print the same way.

use litmus_campaign::finding::{CampaignReport, ClassGroup, Finding};
use litmus_compare::compare::Level;
use litmus_compare::signature::Kind;
pub use litmus_text::numbers::{counted, duration, percent, rate};
pub use litmus_text::visible::{cut, escape_char, is_invisible, visible, visible_one_line};
use similar::{Algorithm, DiffOp};
use std::fmt::Write;
use std::time::{Duration, Instant};

/// How long the line diff of one pair of outputs may take before it settles for a
/// coarser answer (huge outputs of unminimized inputs).
const DIFF_DEADLINE: Duration = Duration::from_millis(500);

/// Outputs longer than this many lines are diffed and shown up to it only.
pub const MAX_DIFF_LINES: usize = 5_000;

/// The lines of an output: split at line feeds, one final line feed ignored, so
/// `"a\nb\n"` and `"a\nb"` are both `["a", "b"]` and `""` has no lines.
pub fn lines(text: &str) -> Vec<&str> {
    let text = text.strip_suffix('\n').unwrap_or(text);
    if text.is_empty() {
        Vec::new()
    } else {
        text.split('\n').collect()
    }
}

/// One row of a side-by-side line diff.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowKind {
    /// The same line on both sides.
    Same,
    /// A reference line with no counterpart.
    Removed,
    /// An other-engine line with no counterpart.
    Added,
    /// A reference line and an other-engine line that differ.
    Changed,
}

/// A row of a side-by-side diff: each side's 1-based line number and text, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row<'a> {
    pub kind: RowKind,
    pub left: Option<(usize, &'a str)>,
    pub right: Option<(usize, &'a str)>,
}

/// The line diff of the reference output (left) and the other engine's (right), as
/// aligned rows. A replaced run pairs its lines up side by side; the longer side's
/// extra lines become removed or added rows. Only the first [`MAX_DIFF_LINES`] lines
/// of each side take part.
pub fn line_diff<'a>(reference: &'a str, other: &'a str) -> Vec<Row<'a>> {
    let mut old = lines(reference);
    let mut new = lines(other);
    old.truncate(MAX_DIFF_LINES);
    new.truncate(MAX_DIFF_LINES);
    let deadline = Instant::now() + DIFF_DEADLINE;
    let ops = similar::capture_diff_slices_deadline(Algorithm::Myers, &old, &new, Some(deadline));
    let mut rows = Vec::with_capacity(old.len().max(new.len()));
    let left = |i: usize| Some((i + 1, old[i]));
    let right = |j: usize| Some((j + 1, new[j]));
    for op in ops {
        let (old_range, new_range) = (op.old_range(), op.new_range());
        match op {
            DiffOp::Equal { .. } => {
                for (i, j) in old_range.zip(new_range) {
                    rows.push(Row {
                        kind: RowKind::Same,
                        left: left(i),
                        right: right(j),
                    });
                }
            }
            DiffOp::Delete { .. } | DiffOp::Insert { .. } | DiffOp::Replace { .. } => {
                let (mut i, mut j) = (old_range.start, new_range.start);
                while i < old_range.end || j < new_range.end {
                    let (l, r) = (i < old_range.end, j < new_range.end);
                    rows.push(Row {
                        kind: match (l, r) {
                            (true, true) => RowKind::Changed,
                            (true, false) => RowKind::Removed,
                            _ => RowKind::Added,
                        },
                        left: l.then(|| left(i)).flatten(),
                        right: r.then(|| right(j)).flatten(),
                    });
                    i += usize::from(l);
                    j += usize::from(r);
                }
            }
        }
    }
    rows
}

/// The index of the first row that is not [`RowKind::Same`].
pub fn first_change(rows: &[Row<'_>]) -> Option<usize> {
    rows.iter().position(|r| r.kind != RowKind::Same)
}

/// The first differing lines as a unified-diff excerpt: up to two lines of context,
/// the first run of changes (reference lines `-`, then other-engine lines `+`), and one
/// line after; at most `max_lines` lines. Empty when the outputs agree line by line.
pub fn first_hunk<'a>(rows: &[Row<'a>], max_lines: usize) -> Vec<(char, &'a str)> {
    let Some(first) = first_change(rows) else {
        return Vec::new();
    };
    let end = rows[first..]
        .iter()
        .position(|r| r.kind == RowKind::Same)
        .map_or(rows.len(), |n| first + n);
    let mut out = Vec::new();
    for row in &rows[first.saturating_sub(2)..first] {
        out.extend(row.left.map(|(_, t)| (' ', t)));
    }
    out.extend(
        rows[first..end]
            .iter()
            .filter_map(|r| r.left.map(|l| ('-', l.1))),
    );
    out.extend(
        rows[first..end]
            .iter()
            .filter_map(|r| r.right.map(|l| ('+', l.1))),
    );
    out.extend(rows.get(end).and_then(|r| r.left).map(|(_, t)| (' ', t)));
    out.truncate(max_lines);
    out
}

/// The first differing line of each side, as text ("(end of output)" past the end).
pub fn first_differing_lines<'a>(rows: &[Row<'a>]) -> Option<(&'a str, &'a str)> {
    let row = rows[first_change(rows)?];
    let end = "(end of output)";
    Some((
        row.left.map_or(end, |l| l.1),
        row.right.map_or(end, |r| r.1),
    ))
}

/// Signatures longer than this are cut in a new class's name.
const MAX_NAME_SIGNATURE: usize = 200;

/// How a class is named: its known class id (`… (at another version)` when it holds
/// for other versions of the engine than the campaign's), or for a new class `new: `
/// and its cause (cut past 200 bytes): the engine and where its tree departs (`new:
/// parse5 at tree.in-body.start-tag-li, token start tag`), or what differs where no
/// locus says (`new: html5ever serialization | litmus: "…" | html5ever: "…"`).
pub fn class_name(group: &ClassGroup<'_>) -> String {
    match &group.class {
        Some(class) if group.at_another_version() => {
            return format!("{class} (at another version)")
        }
        Some(class) => return class.clone(),
        None => {}
    }
    let cause = group
        .key
        .strip_prefix("new:")
        .unwrap_or(&group.key)
        .to_owned();
    let (shown, left_out) = cut(&cause, MAX_NAME_SIGNATURE);
    let more = if left_out > 0 { "…" } else { "" };
    format!("new: {shown}{more}")
}

/// Where a possibly fixed class stopped showing: `no case showed it at Chromium 156.0…,
/// nor its 2 archived exemplars`.
pub fn possibly_fixed_since(fixed: &litmus_campaign::finding::PossiblyFixed) -> Option<String> {
    let exemplars = match fixed.exemplars {
        0 => String::new(),
        1 => ", nor its archived exemplar".to_owned(),
        n => format!(", nor its {n} archived exemplars"),
    };
    fixed.since.as_ref().map(|since| {
        format!(
            "no case showed it at {}{exemplars}",
            visible_one_line(since)
        )
    })
}

/// Why a class that matched no case is not called fixed: `its archived exemplar
/// 3f8a01ed3df4df5e.dat still diverges`, or `no archived exemplar`.
pub fn not_seen_because(class: &litmus_campaign::finding::NotSeen) -> String {
    match &class.diverging_exemplar {
        Some(file) => format!(
            "its archived exemplar {} still diverges",
            visible_one_line(file)
        ),
        None => "no archived exemplar to run again".to_owned(),
    }
}

/// `document` or `fragment (context td)`, and the scripting flag; at the chunk
/// level, the byte offsets the input is cut at (`, cut at bytes 2 5`); at the token
/// level, where the tokenizers started instead (`tokenized from the RCDATA state,
/// last start tag title`).
pub fn context(finding: &Finding) -> String {
    let scripting = if finding.scripting {
        "scripting on"
    } else {
        "scripting off"
    };
    if let Some(start) = &finding.start {
        return match start.split_once(", ") {
            Some((state, rest)) => format!("tokenized from the {state} state, {rest}"),
            None => format!("tokenized from the {start} state"),
        };
    }
    let mut text = match &finding.fragment_context {
        Some(context) => format!(
            "fragment (context {}), {scripting}",
            visible_one_line(context)
        ),
        None => format!("document, {scripting}"),
    };
    if !finding.splits.is_empty() {
        text.push_str(", cut at bytes ");
        text.push_str(&litmus_compare::archive::splits_field(&finding.splits));
    }
    text
}

/// `212 → 7 bytes, 153 steps, 35 ms`, and `(budget exhausted)` when it was.
pub fn minimized(finding: &Finding) -> String {
    let m = &finding.minimization;
    let mut s = format!(
        "{} → {} bytes, {} steps, {} ms",
        m.original_bytes, m.final_bytes, m.steps, m.millis
    );
    if m.budget_exhausted {
        s.push_str(" (budget exhausted)");
    }
    s
}

/// `seed 7, case 1234 (family attributes)`.
pub fn origin(finding: &Finding) -> String {
    let o = &finding.origin;
    let mut s = format!("seed {}, case {}", o.seed, o.case_index);
    if !o.family.is_empty() {
        let _ = write!(s, " ({})", visible_one_line(&o.family));
    }
    s
}

/// Who each judge sides with, in words: `chromium sides with litmus (reference)`.
pub fn judges_opinions(report: &CampaignReport, finding: &Finding) -> Vec<String> {
    finding
        .opinions()
        .iter()
        .map(|judge| {
            let side = side_name(report, &judge.sides_with);
            format!("{} sides with {side}", visible_one_line(&judge.engine))
        })
        .collect()
}

/// A class's verdicts in one line, each judge's side by the engine's name:
/// `chromium: litmus · firefox: litmus · webkit: html5ever`; `None` when no judge was
/// asked about it.
/// A class's security labels in words (`script-capable, mutation`), or `None` when
/// it has none.
pub fn labels_line(group: &ClassGroup<'_>) -> Option<String> {
    let labels = group.labels();
    (!labels.is_empty()).then(|| {
        labels
            .iter()
            .map(|l| l.name())
            .collect::<Vec<_>>()
            .join(", ")
    })
}

pub fn verdicts_line(report: &CampaignReport, group: &ClassGroup<'_>) -> Option<String> {
    let verdicts = group.verdicts();
    if verdicts.is_empty() {
        return None;
    }
    let words: Vec<String> = verdicts
        .iter()
        .map(|v| {
            format!(
                "{}: {}",
                visible_one_line(&v.engine),
                side_word(report, &v.sides_with)
            )
        })
        .collect();
    Some(words.join(" · "))
}

/// A side by the engine's name: `litmus`, `html5ever`, `neither`, `unavailable`.
pub fn side_word(report: &CampaignReport, sides_with: &str) -> String {
    match sides_with {
        "reference" => visible_one_line(&report.reference.name).into_owned(),
        "other" => visible_one_line(&report.other.name).into_owned(),
        other => visible_one_line(other).into_owned(),
    }
}

/// Per judge, in the order they answered, how many classes it sides with the
/// reference, with the other engine, with neither, or was unavailable on (each class
/// counted by its verdicts, [`ClassGroup::verdicts`]).
pub fn judge_counts(classes: &[ClassGroup<'_>]) -> Vec<(String, [usize; 4])> {
    let mut counts: Vec<(String, [usize; 4])> = Vec::new();
    for class in classes {
        for verdict in class.verdicts() {
            let engine = visible_one_line(&verdict.engine).into_owned();
            let at = match counts.iter().position(|(e, _)| *e == engine) {
                Some(at) => at,
                None => {
                    counts.push((engine, [0; 4]));
                    counts.len() - 1
                }
            };
            let side = litmus_campaign::finding::SIDES
                .iter()
                .position(|s| *s == verdict.sides_with)
                .unwrap_or(3);
            counts[at].1[side] += 1;
        }
    }
    counts
}

fn side_name(report: &CampaignReport, sides_with: &str) -> String {
    match sides_with {
        "reference" => format!("{} (reference)", report.reference.name),
        "other" => format!("{} (other)", report.other.name),
        other => visible_one_line(other).into_owned(),
    }
}

/// The judges' answers counted per side: (judge, side in words, signatures, cases),
/// in a stable order. Empty when no finding asked a judge.
pub fn judge_side_counts(report: &CampaignReport) -> Vec<(String, String, u64, u64)> {
    let mut counts: Vec<(String, String, u64, u64)> = Vec::new();
    for finding in &report.findings {
        for judge in finding.opinions() {
            let engine = visible_one_line(&judge.engine).into_owned();
            let side = side_name(report, &judge.sides_with);
            match counts.iter_mut().find(|c| c.0 == engine && c.1 == side) {
                Some(c) => {
                    c.2 += 1;
                    c.3 += finding.count;
                }
                None => counts.push((engine, side, 1, finding.count)),
            }
        }
    }
    counts.sort();
    counts
}

/// The median size in bytes of the minimized inputs of all findings.
pub fn median_minimized_bytes(report: &CampaignReport) -> Option<f64> {
    let mut sizes: Vec<usize> = report.findings.iter().map(|f| f.input.len()).collect();
    if sizes.is_empty() {
        return None;
    }
    sizes.sort_unstable();
    let mid = sizes.len() / 2;
    Some(if sizes.len() % 2 == 1 {
        sizes[mid] as f64
    } else {
        (sizes[mid - 1] + sizes[mid]) as f64 / 2.0
    })
}

/// The seed as reports show it, with what else its cases depend on: the archived
/// findings of the corpus the campaign ran beside join the inputs it mutates, so the
/// same seed gives other cases inside the litmus repository (its `corpus/divergences`)
/// than outside it.
pub fn seed(report: &CampaignReport) -> String {
    let Some(sources) = report
        .generation
        .as_ref()
        .map(|g| &g.mutation_sources)
        .filter(|s| s.inputs > 0)
    else {
        return report.seed.to_string();
    };
    let corpus = sources.corpus.as_deref().unwrap_or("corpus");
    if sources.corpus_inputs > 0 {
        format!(
            "{} (its cases mutate the {} archived findings of {corpus} too: the same seed gives other cases outside the litmus repository, or beside another corpus)",
            report.seed, sources.corpus_inputs
        )
    } else {
        format!(
            "{} (no archived findings in {corpus} to mutate: inside the litmus repository, whose corpus/divergences join the mutated inputs, the same seed gives other cases)",
            report.seed
        )
    }
}

/// The closing sentence of every report:
/// `2 new classes, 3 known classes, 1 possibly fixed; median minimized size 7 bytes`.
pub fn closing_line(report: &CampaignReport) -> String {
    let classes = report.classes();
    let new = classes.iter().filter(|g| g.is_new()).count();
    let elsewhere = classes.iter().filter(|g| g.at_another_version()).count();
    let known = classes.len() - new;
    let plural = |n: usize, word: &str| {
        let mut text = format!("{n} {word} class{}", if n == 1 { "" } else { "es" });
        if word == "known" && elsewhere > 0 {
            text.push_str(&format!(" ({elsewhere} at another version)"));
        }
        text
    };
    let median = match median_minimized_bytes(report) {
        Some(m) if m.fract() == 0.0 => format!("{m:.0} bytes"),
        Some(m) => format!("{m:.1} bytes"),
        None => "n/a (no findings)".into(),
    };
    format!(
        "{}, {}, {} possibly fixed; median minimized size {median}",
        plural(new, "new"),
        plural(known, "known"),
        report.possibly_fixed.len()
    )
}

/// The two outputs a finding's diff compares, named for a reader: the reference
/// parser's and the engine's, or for a round trip one engine's tree before and after
/// its own serialization is parsed again (`left` is the reference's side).
pub struct DiffSides {
    pub left: String,
    pub left_note: &'static str,
    pub right: String,
}

pub fn diff_sides(report: &CampaignReport, f: &Finding) -> DiffSides {
    if f.level == Kind::Level(Level::RoundTrip) {
        DiffSides {
            left: format!("{}'s tree", f.engine),
            left_note: "parsed",
            right: format!("{}'s tree of its serialization, reparsed", f.engine),
        }
    } else {
        DiffSides {
            left: report.reference.name.clone(),
            left_note: "reference",
            right: f.engine.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_says_the_corpus_changes_its_cases() {
        let mut report = crate::report::sample::campaign();
        let sources = &mut report.generation.as_mut().unwrap().mutation_sources;
        sources.corpus_inputs = 300;
        let shown = seed(&report);
        assert!(
            shown.starts_with("7 (its cases mutate the 300 archived findings of corpus too"),
            "{shown}"
        );
        assert!(
            shown.contains("other cases outside the litmus repository"),
            "{shown}"
        );
        let sources = &mut report.generation.as_mut().unwrap().mutation_sources;
        sources.corpus_inputs = 0;
        let shown = seed(&report);
        assert!(
            shown.contains("inside the litmus repository, whose corpus/divergences join"),
            "{shown}"
        );
        // Nothing mutated (`--no-mutation`): the seed alone makes the cases.
        report.generation.as_mut().unwrap().mutation_sources.inputs = 0;
        assert_eq!(seed(&report), "7");
        report.generation = None;
        assert_eq!(seed(&report), "7");
    }

    #[test]
    fn line_diffs_pair_replaced_lines_and_find_the_first_change() {
        let rows = line_diff("a\nb\nc\nd\n", "a\nB\nc\nd\ne");
        let kinds: Vec<_> = rows.iter().map(|r| r.kind).collect();
        use RowKind::*;
        assert_eq!(kinds, [Same, Changed, Same, Same, Added]);
        assert_eq!(first_change(&rows), Some(1));
        assert_eq!(first_differing_lines(&rows), Some(("b", "B")));
        assert_eq!(
            first_hunk(&rows, 10),
            [(' ', "a"), ('-', "b"), ('+', "B"), (' ', "c")]
        );
        let rows = line_diff("x\n", "x");
        assert_eq!(first_change(&rows), None);
        assert!(first_hunk(&rows, 10).is_empty());
        let rows = line_diff("a\nb", "a");
        assert_eq!(first_differing_lines(&rows), Some(("b", "(end of output)")));
    }
}
