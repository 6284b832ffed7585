//! `litmus bench --campaign`: what isolation, triage and the archive cost a
//! campaign.
//!
//! The *ceiling* runs a campaign's exact case stream through the same in-process
//! engines and comparisons a case worker runs ([`CaseRunner`]), on as many threads as
//! the campaign has jobs, with no worker processes, no triage and no archive. Then a
//! real campaign runs the same cases (its archive and reports in a scratch folder).
//! The *harness efficiency* is the campaign's rate divided by the ceiling's.

use litmus_campaign::campaign::cases::{CaseRunner, Watch};
use litmus_campaign::campaign::{self, CampaignOptions};
use litmus_campaign::finding::CampaignReport;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Cases a ceiling thread takes at a time.
const CHUNK: u64 = 256;

/// The two runs' figures.
#[derive(Clone, Debug)]
pub struct CampaignFigures {
    pub cases: u64,
    pub jobs: usize,
    /// The ceiling's wall-clock time.
    pub ceiling: Duration,
    /// The campaign's report (its rate is measured from its first case to its last
    /// exemplar).
    pub report: CampaignReport,
    /// The campaign's whole wall-clock time, worker start-up and reports included.
    pub campaign_wall: Duration,
}

impl CampaignFigures {
    pub fn ceiling_rate(&self) -> f64 {
        self.cases as f64 / self.ceiling.as_secs_f64().max(1e-9)
    }

    pub fn campaign_rate(&self) -> f64 {
        self.report.cases_per_second
    }

    /// Campaign rate ÷ ceiling rate.
    pub fn efficiency(&self) -> f64 {
        self.campaign_rate() / self.ceiling_rate()
    }

    /// The lines `litmus bench --campaign` prints.
    pub fn lines(&self) -> Vec<String> {
        let known = self.report.class_counts.len();
        let new = self.report.new_findings().count();
        vec![
            format!(
                "ceiling: {} cases in {:.2} s on {} threads in one process ({:.0} cases/s)",
                self.cases,
                self.ceiling.as_secs_f64(),
                self.jobs,
                self.ceiling_rate()
            ),
            format!(
                "campaign: {} cases in {:.2} s with {} case workers ({:.0} cases/s; {:.2} s with start-up and reports)",
                self.report.cases,
                self.report.elapsed_seconds,
                self.jobs,
                self.campaign_rate(),
                self.campaign_wall.as_secs_f64()
            ),
            format!(
                "  of which {:.2} s after the cases, minimizing the known classes' exemplars",
                self.report.exemplar_seconds
            ),
            format!(
                "  {} signatures ({} after minimization), {} findings ({new} new), {known} known classes, {} files archived",
                self.report.signatures.len(),
                self.report.minimized_signatures(),
                self.report.findings.len(),
                self.report
                    .findings
                    .iter()
                    .filter(|f| f.archive_path.is_some())
                    .count()
            ),
            format!("harness efficiency: {:.2}", self.efficiency()),
        ]
    }
}

/// The line that ends `litmus bench --campaign --repeat N`: the median of the
/// rounds' efficiencies (of an even number, the upper middle one, as the parsers'
/// benchmark takes its medians: [`super::runner::median`]), then each round's, in
/// order.
pub fn median_line(efficiencies: &[f64]) -> String {
    let Some(median) = super::runner::median(efficiencies.to_vec()) else {
        return "harness efficiency: no rounds".to_owned();
    };
    let each = efficiencies
        .iter()
        .map(|e| format!("{e:.2}"))
        .collect::<Vec<_>>()
        .join(", ");
    let n = efficiencies.len();
    format!("harness efficiency, median of {n} rounds: {median:.2} ({each})")
}

/// Runs the ceiling, then the campaign `options` describes (with its archive and
/// reports where `options` says: give it a scratch folder).
pub fn run(
    options: &CampaignOptions,
    progress: &mut dyn FnMut(&str),
) -> Result<CampaignFigures, String> {
    let cases = options
        .cases
        .ok_or("bench --campaign needs a number of cases")?;
    let jobs = options.jobs.max(1);
    progress(&format!(
        "ceiling: {cases} cases on {jobs} threads in one process"
    ));
    let ceiling = ceiling(options, cases, jobs)?;
    progress(&format!(
        "campaign: the same {cases} cases with {jobs} case workers"
    ));
    let started = Instant::now();
    let report = campaign::run(
        options,
        Arc::new(AtomicBool::new(false)),
        litmus_report::report::write_to,
    )
    .map_err(|e| e.to_string())?;
    Ok(CampaignFigures {
        cases,
        jobs,
        ceiling,
        report,
        campaign_wall: started.elapsed(),
    })
}

/// The campaign's cases through [`CaseRunner`]s on `jobs` threads.
fn ceiling(options: &CampaignOptions, cases: u64, jobs: usize) -> Result<Duration, String> {
    let setup = campaign::case_setup(options);
    let mut runners = (0..jobs)
        .map(|_| CaseRunner::new(setup.clone(), Watch::default()))
        .collect::<Result<Vec<_>, _>>()?;
    let next = AtomicU64::new(0);
    let started = Instant::now();
    std::thread::scope(|scope| -> Result<(), String> {
        for runner in &mut runners {
            let next = &next;
            let thread =
                std::thread::Builder::new().stack_size(litmus_engines::worker::ENGINE_STACK_BYTES);
            thread
                .spawn_scoped(scope, move || loop {
                    let first = next.fetch_add(CHUNK, Ordering::Relaxed);
                    if first >= cases {
                        return;
                    }
                    let indices: Vec<u64> = (first..(first + CHUNK).min(cases))
                        .map(|k| options.shard.case_index(k))
                        .collect();
                    runner.run_batch(&indices, |part| {
                        std::hint::black_box(part);
                    });
                })
                .map_err(|e| format!("cannot start a ceiling thread: {e}"))?;
        }
        Ok(())
    })?;
    Ok(started.elapsed())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_say_how_much_of_the_campaign_went_to_exemplars() {
        let figures = CampaignFigures {
            cases: 1000,
            jobs: 2,
            ceiling: Duration::from_millis(500),
            report: CampaignReport {
                cases: 1000,
                elapsed_seconds: 1.0,
                exemplar_seconds: 0.25,
                cases_per_second: 1000.0,
                ..CampaignReport::default()
            },
            campaign_wall: Duration::from_millis(1100),
        };
        let lines = figures.lines();
        assert!(
            lines.contains(
                &"  of which 0.25 s after the cases, minimizing the known classes' exemplars"
                    .to_owned()
            ),
            "{lines:?}"
        );
        assert_eq!(lines.last().unwrap(), "harness efficiency: 0.50");
    }

    #[test]
    fn the_median_of_the_rounds_is_the_middle_one_in_order_of_efficiency() {
        assert_eq!(
            median_line(&[0.86, 0.72, 0.84]),
            "harness efficiency, median of 3 rounds: 0.84 (0.86, 0.72, 0.84)"
        );
        assert_eq!(
            median_line(&[0.8, 0.9]),
            "harness efficiency, median of 2 rounds: 0.90 (0.80, 0.90)"
        );
        assert_eq!(median_line(&[]), "harness efficiency: no rounds");
    }
}
