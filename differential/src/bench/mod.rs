//! `litmus bench`: the reference parser against html5ever + RcDom, for speed,
//! linearity and peak memory.
//!
//! Three sections, each measured in this one process with the engines alternating
//! (`runner.rs`):
//!
//! - **real pages**: a fixed sample of the HTML documentation shipped with the Rust
//!   toolchain (`pages.rs`);
//! - **fuzzing-sized cases**: tag soup from [`litmus_campaign::generator`] of 50–500 bytes, a
//!   fixed seed, parsed one after another as one run;
//! - **adversarial families** at doubling sizes (`families.rs`), with each engine's
//!   time per input byte at the largest size against that at a size 16 times smaller
//!   (1.0 is linear). An engine whose run takes longer than the budget, or whose next
//!   size is predicted to (from the growth between the last two sizes), is not run on
//!   larger sizes: the table says "skipped" or "over budget".
//!
//! Peak memory is measured per engine in child processes (`memory.rs`), for each page
//! and each family's largest size.
//!
//! Throughput is in MB/s (10^6 bytes per second) from the median run; the ratio is
//! litmus's throughput over html5ever's (above 1: litmus is faster); linearity uses
//! the fastest runs, which noise moves least, the fastest of as many runs at both
//! sizes (see [`FamilyResult::linearity`]).

pub mod campaign;
pub mod families;
pub mod memory;
pub mod pages;
mod report;
pub mod results;
pub mod runner;
pub mod search;

pub use report::markdown;
pub use results::{FamilyResult, LinearityPairs, Results, Row};

use families::Family;
use litmus_campaign::generator::{Generator, GeneratorConfig};
use memory::Peak;
use runner::{measure, Engine, Measurement, Timing, Workload};
use std::path::PathBuf;
use std::time::Duration;

/// What to measure, and how.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// The toolchain documentation folder; `None`: from `rustc --print sysroot`.
    pub docs_dir: Option<PathBuf>,
    pub pages: bool,
    pub fuzz: bool,
    pub adversarial: bool,
    /// The adversarial families to run.
    pub families: Vec<&'static Family>,
    /// The largest adversarial size, in bytes.
    pub max_bytes: usize,
    /// How many sizes, each half the next (5: the smallest is 1/16 of the largest).
    pub sizes: usize,
    /// How many generated cases, and their seed.
    pub fuzz_cases: usize,
    pub fuzz_seed: u64,
    pub timing: Timing,
    /// Measure peak memory in child processes.
    pub memory: bool,
}

impl Default for BenchConfig {
    fn default() -> Self {
        BenchConfig {
            docs_dir: None,
            pages: true,
            fuzz: true,
            adversarial: true,
            families: families::FAMILIES.iter().collect(),
            max_bytes: 1 << 20,
            sizes: 5,
            fuzz_cases: 4000,
            fuzz_seed: 2026,
            timing: Timing::default(),
            memory: true,
        }
    }
}

/// Runs the bench; progress goes to `progress` (standard error, for the command).
pub fn run(config: &BenchConfig, progress: &mut dyn FnMut(&str)) -> Results {
    let mut results = Results {
        toolchain: pages::toolchain_version(),
        timing: Some(config.timing),
        ..Results::default()
    };
    if config.pages {
        let docs = config.docs_dir.clone().or_else(pages::default_docs_dir);
        match &docs {
            Some(dir) => {
                let (found, missing) = pages::load(dir);
                results.missing_pages = missing;
                for page in found {
                    progress(&format!("page {}", page.path));
                    let row = measure_row(
                        page.path.to_owned(),
                        Workload::one(page.text),
                        config,
                        [None, None],
                    );
                    results.pages.push(row);
                }
            }
            None => progress("no toolchain documentation found: real pages skipped"),
        }
        results.docs_dir = docs;
    }
    if config.fuzz {
        progress(&format!("{} generated cases", config.fuzz_cases));
        let workload = fuzz_workload(config.fuzz_cases, config.fuzz_seed);
        let label = format!(
            "{} cases, seed {}, {}–{} bytes",
            workload.inputs.len(),
            config.fuzz_seed,
            workload.inputs.iter().map(|i| i.0.len()).min().unwrap_or(0),
            workload.inputs.iter().map(|i| i.0.len()).max().unwrap_or(0),
        );
        // Both engines spend this workload's time per token, so their ratio moves
        // with the machine's slower and faster spells more than that of large inputs:
        // more rounds for a steadier median.
        let fuzz_config = BenchConfig {
            timing: Timing {
                min_rounds: config.timing.min_rounds.max(21),
                max_rounds: config.timing.max_rounds.max(21),
                target: config.timing.target * 4,
                ..config.timing
            },
            ..config.clone()
        };
        let mut row = measure_row(label, workload, &fuzz_config, [None, None]);
        // A run of many small parses: its peak is that of the largest case, which
        // says little.
        row.peaks = [
            Peak::Unavailable("not measured".into()),
            Peak::Unavailable("not measured".into()),
        ];
        results.fuzz = Some(row);
    }
    if config.adversarial {
        for family in &config.families {
            results.families.push(adversarial(family, config, progress));
        }
    }
    results
}

/// The generated cases: documents of 50–500 bytes from a fixed seed.
pub fn fuzz_workload(cases: usize, seed: u64) -> Workload {
    let generator = Generator::new(GeneratorConfig {
        min_bytes: 50,
        max_bytes: 500,
        fragment_share: 0.0,
        corpus_share: 0.0,
        ..GeneratorConfig::default()
    });
    let mut inputs = Vec::with_capacity(cases);
    let mut index = 0;
    while inputs.len() < cases && index < cases as u64 * 4 {
        let case = generator.case(seed, index);
        index += 1;
        if (50..=500).contains(&case.input.len()) {
            inputs.push((case.input, case.scripting));
        }
    }
    Workload { inputs }
}

fn measure_row(
    label: String,
    workload: Workload,
    config: &BenchConfig,
    skip: [Option<String>; 2],
) -> Row {
    let measurements = measure(&workload, &config.timing, skip);
    let peaks = if config.memory && workload.inputs.len() == 1 {
        let limit = config.timing.budget * 3 + Duration::from_secs(5);
        let input = &workload.inputs[0].0;
        [0, 1].map(|i| {
            if measurements[i].is_skipped() {
                Peak::Unavailable("skipped".into())
            } else {
                memory::measure_peak(Engine::BOTH[i], input, limit)
            }
        })
    } else {
        [
            Peak::Unavailable("not measured".into()),
            Peak::Unavailable("not measured".into()),
        ]
    };
    Row {
        label,
        bytes: workload.bytes(),
        inputs: workload.inputs.len(),
        measurements,
        peaks,
    }
}

/// One family at doubling sizes up to `config.max_bytes`.
fn adversarial(
    family: &'static Family,
    config: &BenchConfig,
    progress: &mut dyn FnMut(&str),
) -> FamilyResult {
    let sizes = config.sizes.max(1);
    let smallest = (config.max_bytes >> (sizes - 1)).max(64);
    let mut rows: Vec<Row> = Vec::new();
    let mut inputs: Vec<String> = Vec::new();
    for step in 0..sizes {
        let input = family.build(smallest << step);
        inputs.push(input.clone());
        progress(&format!("{} at {} bytes", family.name, input.len()));
        let skip = [0, 1].map(|i| skip_reason(&rows, i, input.len(), config.timing.budget));
        let workload = Workload::one(input);
        // Peaks only at the largest size.
        let memory = config.memory && step + 1 == sizes;
        let row_config = BenchConfig {
            memory,
            families: Vec::new(),
            ..config.clone()
        };
        rows.push(measure_row(
            format!("{} bytes", workload.bytes()),
            workload,
            &row_config,
            skip,
        ));
    }
    let linearity_pairs = [0, 1].map(|i| {
        progress(&format!(
            "{} linearity, {}: the largest size and a 16x smaller one, back to back",
            family.name,
            Engine::BOTH[i].name()
        ));
        linearity_pairs(&rows, &inputs, i, &config.timing)
    });
    FamilyResult {
        family,
        sizes: rows,
        linearity_pairs,
    }
}

/// Measures engine `i` on the largest size of `rows` and the size 16 times smaller,
/// back to back (see [`FamilyResult::linearity`]), if it ran both within the budget.
/// `inputs` are the rows' inputs.
fn linearity_pairs(
    rows: &[Row],
    inputs: &[String],
    i: usize,
    timing: &Timing,
) -> Option<LinearityPairs> {
    let large_at = rows.len().checked_sub(1)?;
    let large = &rows[large_at];
    let small_at = rows.iter().position(|r| r.bytes * 12 <= large.bytes)?;
    let small = &rows[small_at];
    let measured = |row: &Row| {
        !row.measurements[i].is_skipped()
            && !row.measurements[i].over_budget()
            && row.measurements[i].min().is_some()
    };
    if !measured(large) || !measured(small) {
        return None;
    }
    let small_input = inputs.get(small_at)?.clone();
    let large_input = inputs.get(large_at)?.clone();
    let repeats = (large.bytes / small.bytes.max(1)).max(1);
    let small_workload = Workload {
        inputs: vec![(small_input, true); repeats],
    };
    let large_workload = Workload::one(large_input);
    let runs = runner::measure_pairs(&small_workload, &large_workload, Engine::BOTH[i], timing);
    Some(LinearityPairs {
        small_bytes: small.bytes,
        large_bytes: large.bytes,
        repeats,
        runs,
    })
}

/// Why engine `i` should not run at `bytes`, given the smaller sizes measured so far.
fn skip_reason(rows: &[Row], i: usize, bytes: usize, budget: Duration) -> Option<String> {
    let last = rows.last()?;
    match &last.measurements[i] {
        Measurement::Skipped(reason) => return Some(reason.clone()),
        m if m.over_budget() => {
            return Some(format!("over budget at {} bytes", last.bytes));
        }
        _ => {}
    }
    let t1 = last.measurements[i].min()?.as_secs_f64();
    let size_growth = bytes as f64 / last.bytes as f64;
    // The growth seen between the last two sizes, at least linear.
    let exponent = rows
        .len()
        .checked_sub(2)
        .and_then(|j| rows[j].measurements[i].min())
        .map_or(1.0, |t0| {
            let k = (t1 / t0.as_secs_f64()).ln()
                / (last.bytes as f64 / rows[rows.len() - 2].bytes as f64).ln();
            k.max(1.0)
        });
    let predicted = t1 * size_growth.powf(exponent);
    (predicted > budget.as_secs_f64()).then(|| {
        format!(
            "skipped: predicted {:.1} s per run (time ∝ size^{exponent:.1})",
            predicted
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_bench_fills_every_section_and_its_table() {
        let config = BenchConfig {
            pages: false,
            families: vec![families::family("deep-divs").unwrap()],
            max_bytes: 4096,
            sizes: 5,
            fuzz_cases: 20,
            timing: Timing {
                min_rounds: 1,
                max_rounds: 2,
                target: Duration::ZERO,
                budget: Duration::from_secs(10),
            },
            memory: false,
            ..BenchConfig::default()
        };
        let results = run(&config, &mut |_| {});
        let fuzz = results.fuzz.as_ref().unwrap();
        assert_eq!(fuzz.inputs, 20);
        assert!(fuzz.ratio().is_some());
        let family = &results.families[0];
        assert_eq!(family.sizes.len(), 5);
        assert!(family.linearity(0).is_some());
        let table = markdown(&results, "litmus bench");
        assert!(table.contains("`deep-divs`"), "{table}");
        assert!(table.contains("Fuzzing-sized cases"), "{table}");
    }

    #[test]
    fn paired_linearity_is_the_median_ratio_of_time_per_byte() {
        let ms = Duration::from_millis;
        // 1,000 bytes parsed 16 times against 16,000 bytes: equal bytes per run, so the
        // ratio of each pair is large ÷ small.
        let pairs = LinearityPairs {
            small_bytes: 1_000,
            large_bytes: 16_000,
            repeats: 16,
            runs: vec![(ms(10), ms(12)), (ms(20), ms(20)), (ms(10), ms(30))],
        };
        assert_eq!(pairs.median_ratio(), Some(1.2));
        let none = LinearityPairs {
            runs: Vec::new(),
            ..pairs
        };
        assert_eq!(none.median_ratio(), None);
    }

    #[test]
    fn an_engine_over_budget_is_skipped_on_larger_sizes() {
        let row = |bytes: usize, millis: u64| Row {
            label: String::new(),
            bytes,
            inputs: 1,
            measurements: [
                Measurement::Ran {
                    runs: vec![Duration::from_millis(millis)],
                    over_budget: false,
                },
                Measurement::Skipped("no".into()),
            ],
            peaks: [Peak::Timeout, Peak::Timeout],
        };
        let budget = Duration::from_secs(1);
        // Quadratic growth from 100 ms: 400 ms predicted next.
        let rows = [row(1000, 25), row(2000, 100)];
        assert_eq!(skip_reason(&rows, 0, 4000, budget), None);
        // 800 ms quadratic: 3.2 s predicted.
        let rows = [row(1000, 200), row(2000, 800)];
        assert!(skip_reason(&rows, 0, 4000, budget).is_some());
        assert_eq!(skip_reason(&rows, 1, 4000, budget), Some("no".into()));
    }
}
