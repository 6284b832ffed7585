//! What `litmus bench` measured: a row per input or size ([`Row`]), a family's rows
//! and its linearity ([`FamilyResult`]), and the whole run ([`Results`]).

use super::families::Family;
use super::memory::Peak;
use super::runner::{self, Measurement, Timing};
use std::path::PathBuf;
use std::time::Duration;

/// One row: a workload, both engines' runs, both engines' peaks.
#[derive(Clone, Debug)]
pub struct Row {
    pub label: String,
    pub bytes: usize,
    pub inputs: usize,
    pub measurements: [Measurement; 2],
    pub peaks: [Peak; 2],
}

impl Row {
    /// Median throughput of engine `i` (0 litmus, 1 html5ever), MB/s.
    pub fn throughput(&self, i: usize) -> Option<f64> {
        self.measurements[i]
            .median()
            .map(|t| runner::megabytes_per_second(self.bytes, t))
    }

    /// litmus's throughput over html5ever's: the median over the rounds in which both
    /// ran of html5ever's time over litmus's (see [`runner::paired_ratio`]).
    pub fn ratio(&self) -> Option<f64> {
        runner::paired_ratio(&self.measurements[0], &self.measurements[1])
    }
}

/// One family at each size, smallest first.
#[derive(Clone, Debug)]
pub struct FamilyResult {
    pub family: &'static Family,
    pub sizes: Vec<Row>,
    /// Per engine, the paired runs linearity is computed from, if the engine ran the
    /// largest size within the budget.
    pub linearity_pairs: [Option<LinearityPairs>; 2],
}

/// Back-to-back runs of the largest input of a family and of a 16× smaller one
/// parsed 16 times (`repeats`), for the linearity.
#[derive(Clone, Debug)]
pub struct LinearityPairs {
    pub small_bytes: usize,
    pub large_bytes: usize,
    pub repeats: usize,
    /// `(small × repeats, large)` per round.
    pub runs: Vec<(Duration, Duration)>,
}

impl LinearityPairs {
    /// The median over the pairs of the large input's time per byte over the small
    /// one's.
    pub fn median_ratio(&self) -> Option<f64> {
        runner::median(
            self.runs
                .iter()
                .map(|(small, large)| {
                    let small = small.as_secs_f64() / (self.small_bytes * self.repeats) as f64;
                    let large = large.as_secs_f64() / self.large_bytes as f64;
                    large / small.max(1e-15)
                })
                .collect(),
        )
    }
}

impl FamilyResult {
    /// Engine `i`'s time per byte at the largest size over that at 1/16 of it; `None`
    /// when either was not measured.
    ///
    /// Measured apart, the two sizes see different moments of a shared machine, whose
    /// speed wanders by more than the 1.5 the targets allow. So the bench measures the
    /// pair again for it ([`LinearityPairs`]): runs of the largest input and runs of
    /// the small one parsed as many times as make the same bytes, back to back; the
    /// linearity is the median over the pairs. Without pairs (the engine was skipped
    /// or over budget at the largest size), the fastest of as many runs at each size:
    /// the small size gets more runs in the same time, and the fastest of many runs
    /// is faster than the fastest of few.
    pub fn linearity(&self, i: usize) -> Option<f64> {
        if let Some(pairs) = &self.linearity_pairs[i] {
            return pairs.median_ratio();
        }
        let last = self.sizes.last()?;
        let first = self.sizes.iter().find(|r| r.bytes * 12 <= last.bytes)?;
        let n = last.measurements[i]
            .run_count()
            .min(first.measurements[i].run_count());
        let per_byte =
            |row: &Row| Some(row.measurements[i].min_of_first(n)?.as_secs_f64() / row.bytes as f64);
        Some(per_byte(last)? / per_byte(first)?)
    }

    /// Engine `i`'s growth exponent between its two largest measured sizes
    /// (time ∝ size^k).
    pub fn exponent(&self, i: usize) -> Option<f64> {
        let measured: Vec<&Row> = self
            .sizes
            .iter()
            .filter(|r| r.measurements[i].min().is_some())
            .collect();
        let [.., a, b] = measured[..] else {
            return None;
        };
        let ta = a.measurements[i].min()?.as_secs_f64();
        let tb = b.measurements[i].min()?.as_secs_f64();
        Some((tb / ta).ln() / (b.bytes as f64 / a.bytes as f64).ln())
    }
}

/// Everything one `litmus bench` measured.
#[derive(Clone, Debug, Default)]
pub struct Results {
    pub toolchain: String,
    pub docs_dir: Option<PathBuf>,
    pub missing_pages: Vec<&'static str>,
    pub pages: Vec<Row>,
    pub fuzz: Option<Row>,
    pub families: Vec<FamilyResult>,
    pub timing: Option<Timing>,
}
