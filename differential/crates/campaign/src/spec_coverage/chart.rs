//! The arms reached against the cases run: a small SVG chart for index.html, and a
//! line for the terminal and summary.md.

use super::coverage::SpecCoverage;
use std::fmt::Write;

/// The chart's size, in CSS pixels, and its margin for the axes' labels.
const WIDTH: f64 = 480.0;
const HEIGHT: f64 = 160.0;
const MARGIN: f64 = 36.0;

/// `arms reached against cases run: 0 (0 cases) → 599 (5,000 cases) → … → 626 (30,000
/// cases)`, or `None` with fewer than two points. The epochs that reached no new arm
/// are left out but the last, so that a long campaign's line stays short.
pub fn progress_line(coverage: &SpecCoverage) -> Option<String> {
    let progress = &coverage.progress;
    if progress.len() < 2 {
        return None;
    }
    let points: Vec<String> = progress
        .iter()
        .enumerate()
        .filter(|&(i, p)| i == 0 || i == progress.len() - 1 || p.reached != progress[i - 1].reached)
        .map(|(_, p)| format!("{} ({} cases)", p.reached, thousands(p.cases)))
        .collect();
    Some(format!(
        "arms reached against cases run: {}",
        points.join(" → ")
    ))
}

/// An inline SVG line chart of the reachable arms passed (up to M) against the cases
/// run, one point per epoch; empty with fewer than two points.
pub fn render_svg(coverage: &SpecCoverage) -> String {
    let points = &coverage.progress;
    let last = match points.last() {
        Some(last) if points.len() >= 2 => last,
        _ => return String::new(),
    };
    let max_cases = last.cases.max(1) as f64;
    let max_arms = coverage.reachable.max(1) as f64;
    let x = |cases: u64| MARGIN + (WIDTH - 2.0 * MARGIN) * cases as f64 / max_cases;
    let y = |reached: usize| HEIGHT - MARGIN + (2.0 * MARGIN - HEIGHT) * reached as f64 / max_arms;
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg class=\"coverage-chart\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-label=\"arms reached against cases run\">"
    );
    // The axes, M as a dashed line, and the labels.
    let (left, right, bottom, top) = (x(0), x(last.cases), y(0), y(coverage.reachable));
    let _ = write!(
        svg,
        "<line x1=\"{left}\" y1=\"{bottom}\" x2=\"{right}\" y2=\"{bottom}\" stroke=\"#999\"/>\
         <line x1=\"{left}\" y1=\"{bottom}\" x2=\"{left}\" y2=\"{top}\" stroke=\"#999\"/>\
         <line x1=\"{left}\" y1=\"{top}\" x2=\"{right}\" y2=\"{top}\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\
         <text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">{}</text>\
         <text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">0</text>\
         <text x=\"{right}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">{} cases</text>",
        left - 4.0,
        top + 4.0,
        coverage.reachable,
        left - 4.0,
        bottom + 4.0,
        bottom + 16.0,
        thousands(last.cases)
    );
    let line: Vec<String> = points
        .iter()
        .map(|p| format!("{:.1},{:.1}", x(p.cases), y(p.reached)))
        .collect();
    let _ = write!(
        svg,
        "<polyline fill=\"none\" stroke=\"#2a6fdb\" stroke-width=\"2\" points=\"{}\"/>",
        line.join(" ")
    );
    for p in points {
        let _ = write!(
            svg,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"2.5\" fill=\"#2a6fdb\"><title>{} arms after {} cases</title></circle>",
            x(p.cases),
            y(p.reached),
            p.reached,
            thousands(p.cases)
        );
    }
    svg.push_str("</svg>");
    svg
}

/// `30000` as `30,000`.
fn thousands(n: u64) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec_coverage::coverage::CoveragePoint;

    fn coverage(points: &[(u64, usize)]) -> SpecCoverage {
        SpecCoverage {
            reached: points.last().map_or(0, |p| p.1),
            reachable: 640,
            progress: points
                .iter()
                .map(|&(cases, reached)| CoveragePoint { cases, reached })
                .collect(),
            ..SpecCoverage::default()
        }
    }

    #[test]
    fn the_chart_has_a_point_per_epoch_and_the_line_reads_in_order() {
        let c = coverage(&[(0, 0), (5_000, 599), (10_000, 613)]);
        let svg = render_svg(&c);
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(svg.contains("613 arms after 10,000 cases"));
        assert!(svg.contains("10,000 cases</text>"));
        assert!(svg.contains(">640</text>"));
        assert_eq!(
            progress_line(&c).unwrap(),
            "arms reached against cases run: 0 (0 cases) → 599 (5,000 cases) → 613 (10,000 cases)"
        );
        // Epochs that reached nothing new are left out of the line, but the last.
        let flat = coverage(&[
            (0, 0),
            (5_000, 599),
            (10_000, 599),
            (15_000, 613),
            (20_000, 613),
            (25_000, 613),
        ]);
        assert_eq!(
            progress_line(&flat).unwrap(),
            "arms reached against cases run: 0 (0 cases) → 599 (5,000 cases) → 613 (15,000 cases) → 613 (25,000 cases)"
        );
        // The last point is at the right end, the first at the left, the higher point
        // higher up.
        let first = svg.split("points=\"").nth(1).unwrap();
        let coords: Vec<(f64, f64)> = first
            .split('"')
            .next()
            .unwrap()
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        assert_eq!(coords[0].0, MARGIN);
        assert_eq!(coords[2].0, WIDTH - MARGIN);
        assert!(coords[2].1 < coords[1].1 && coords[1].1 < coords[0].1);
    }

    #[test]
    fn one_point_makes_no_chart() {
        let c = coverage(&[(1_000, 500)]);
        assert!(render_svg(&c).is_empty());
        assert!(progress_line(&c).is_none());
    }
}
