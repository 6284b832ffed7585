//! Timing: both engines in one process, alternating, repeated.
//!
//! A *run* parses every input of a workload once (and drops the result). For one
//! workload the runner does rounds of one run per engine, the engines' order swapped
//! every round, so that whatever else the machine is doing (it is shared) falls on both
//! alike. It keeps going until each engine has run `min_rounds` times and spent about
//! `target` in total, or `max_rounds` is reached. The figures are the median run (for
//! throughput) and the fastest run (for ratios that should not move with noise, like
//! linearity).
//!
//! An engine is stopped on a workload once one run takes longer than the budget; the
//! caller also skips an engine on a size it predicts to be over the budget (see
//! `super::Bench::adversarial`).

use html5ever::tendril::TendrilSink;
use html5ever::tree_builder::TreeBuilderOpts;
use html5ever::ParseOpts;
use litmus_parser::ParseOptions;
use markup5ever_rcdom::RcDom;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The engines the bench compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// litmus-parser, `parse_document` into its arena `Document`.
    Litmus,
    /// html5ever 0.40, `parse_document` into markup5ever_rcdom's `RcDom`.
    Html5ever,
}

impl Engine {
    pub const BOTH: [Engine; 2] = [Engine::Litmus, Engine::Html5ever];

    pub fn name(self) -> &'static str {
        match self {
            Engine::Litmus => "litmus",
            Engine::Html5ever => "html5ever",
        }
    }

    pub fn from_name(name: &str) -> Option<Engine> {
        Engine::BOTH.into_iter().find(|e| e.name() == name)
    }

    /// Parses `input` as a document and drops the result.
    pub fn parse(self, input: &str, scripting: bool) {
        match self {
            Engine::Litmus => {
                let options = ParseOptions {
                    scripting,
                    ..ParseOptions::default()
                };
                let document = litmus_parser::parse_document(input, &options);
                black_box(&document);
            }
            Engine::Html5ever => {
                let options = ParseOpts {
                    tree_builder: TreeBuilderOpts {
                        scripting_enabled: scripting,
                        ..TreeBuilderOpts::default()
                    },
                    ..ParseOpts::default()
                };
                let dom = html5ever::parse_document(RcDom::default(), options).one(input);
                black_box(&dom);
            }
        }
    }
}

/// Inputs parsed together as one run: `(input, scripting flag)`.
#[derive(Clone, Debug, Default)]
pub struct Workload {
    pub inputs: Vec<(String, bool)>,
}

impl Workload {
    pub fn one(input: String) -> Workload {
        Workload {
            inputs: vec![(input, true)],
        }
    }

    pub fn bytes(&self) -> usize {
        self.inputs.iter().map(|(s, _)| s.len()).sum()
    }

    fn run(&self, engine: Engine) -> Duration {
        let start = Instant::now();
        for (input, scripting) in &self.inputs {
            engine.parse(input, *scripting);
        }
        start.elapsed()
    }
}

/// How long and how often to measure.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    pub min_rounds: usize,
    pub max_rounds: usize,
    /// Keep going until each engine has spent about this long on the workload.
    pub target: Duration,
    /// No more runs of an engine once one of its runs took longer than this.
    pub budget: Duration,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            min_rounds: 5,
            max_rounds: 200,
            target: Duration::from_millis(600),
            budget: Duration::from_secs(2),
        }
    }
}

/// One engine's runs on one workload.
#[derive(Clone, Debug, PartialEq)]
pub enum Measurement {
    /// The engine ran; `over_budget` if a run took longer than the budget (the runs
    /// measured are kept, and no larger size is tried).
    Ran {
        runs: Vec<Duration>,
        over_budget: bool,
    },
    /// The engine was not run: why.
    Skipped(String),
}

impl Measurement {
    pub fn median(&self) -> Option<Duration> {
        match self {
            Measurement::Ran { runs, .. } if !runs.is_empty() => {
                let mut sorted = runs.clone();
                sorted.sort_unstable();
                Some(sorted[sorted.len() / 2])
            }
            _ => None,
        }
    }

    pub fn min(&self) -> Option<Duration> {
        match self {
            Measurement::Ran { runs, .. } => runs.iter().min().copied(),
            Measurement::Skipped(_) => None,
        }
    }

    /// The fastest of the first `n` runs.
    pub fn min_of_first(&self, n: usize) -> Option<Duration> {
        match self {
            Measurement::Ran { runs, .. } => runs.iter().take(n).min().copied(),
            Measurement::Skipped(_) => None,
        }
    }

    /// The runs, in the order measured.
    pub fn runs(&self) -> &[Duration] {
        match self {
            Measurement::Ran { runs, .. } => runs,
            Measurement::Skipped(_) => &[],
        }
    }

    /// How many runs were measured.
    pub fn run_count(&self) -> usize {
        match self {
            Measurement::Ran { runs, .. } => runs.len(),
            Measurement::Skipped(_) => 0,
        }
    }

    pub fn over_budget(&self) -> bool {
        matches!(
            self,
            Measurement::Ran {
                over_budget: true,
                ..
            }
        )
    }

    pub fn is_skipped(&self) -> bool {
        matches!(self, Measurement::Skipped(_))
    }
}

/// Measures the engines in `run` (the others get `skip`'s reason) on `workload`,
/// alternating. Returns one measurement per engine of [`Engine::BOTH`].
pub fn measure(
    workload: &Workload,
    timing: &Timing,
    skip: [Option<String>; 2],
) -> [Measurement; 2] {
    let mut runs: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut active = [skip[0].is_none(), skip[1].is_none()];
    let mut over_budget = [false, false];
    let mut spent = [Duration::ZERO; 2];
    // A warm-up run each, kept as a measurement when both are long enough that
    // warming up does not matter (both or neither, so that the engines' runs stay
    // paired by round: see `paired_ratio`).
    let mut warm_up = [None, None];
    for (i, engine) in Engine::BOTH.into_iter().enumerate() {
        if !active[i] {
            continue;
        }
        let t = workload.run(engine);
        if t > timing.budget {
            over_budget[i] = true;
            active[i] = false;
        }
        warm_up[i] = Some(t);
    }
    let long = |t: &Option<Duration>| t.is_none_or(|t| t >= Duration::from_millis(100));
    if long(&warm_up[0]) && long(&warm_up[1]) {
        for i in 0..2 {
            if let Some(t) = warm_up[i] {
                runs[i].push(t);
                spent[i] += t;
            }
        }
    }
    for round in 0..timing.max_rounds {
        let done =
            |i: usize, runs: &[Vec<Duration>; 2], spent: &[Duration; 2], active: &[bool; 2]| {
                !active[i] || (runs[i].len() >= timing.min_rounds && spent[i] >= timing.target)
            };
        if done(0, &runs, &spent, &active) && done(1, &runs, &spent, &active) {
            break;
        }
        let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
        for i in order {
            if done(i, &runs, &spent, &active) {
                continue;
            }
            let t = workload.run(Engine::BOTH[i]);
            runs[i].push(t);
            spent[i] += t;
            if t > timing.budget {
                over_budget[i] = true;
                active[i] = false;
            }
        }
    }
    let result = |i: usize| match &skip[i] {
        Some(reason) => Measurement::Skipped(reason.clone()),
        None => Measurement::Ran {
            runs: runs[i].clone(),
            over_budget: over_budget[i],
        },
    };
    [result(0), result(1)]
}

/// Runs of one engine on two workloads of about the same bytes, back to back, the
/// order swapped every round: `(first, second)` per round, until `timing`'s minimum
/// rounds and target are met (counting both runs) or a run is over the budget. For
/// comparing the two workloads' time per byte on a machine whose speed wanders:
/// the runs of a pair see the same machine.
pub fn measure_pairs(
    first: &Workload,
    second: &Workload,
    engine: Engine,
    timing: &Timing,
) -> Vec<(Duration, Duration)> {
    // Warm-up, not kept.
    let _ = (first.run(engine), second.run(engine));
    let mut pairs = Vec::new();
    let mut spent = Duration::ZERO;
    for round in 0..timing.max_rounds {
        if pairs.len() >= timing.min_rounds && spent >= timing.target {
            break;
        }
        let (a, b) = if round % 2 == 0 {
            let a = first.run(engine);
            (a, second.run(engine))
        } else {
            let b = second.run(engine);
            (first.run(engine), b)
        };
        pairs.push((a, b));
        spent += a + b;
        if a.max(b) > timing.budget {
            break;
        }
    }
    pairs
}

/// The median over rounds of `b`'s time over `a`'s, from the runs both engines made
/// in the same rounds of [`measure`] (the k-th run of each): `a`'s throughput over
/// `b`'s, with the machine's slow and fast spells falling on both runs of a round.
pub fn paired_ratio(a: &Measurement, b: &Measurement) -> Option<f64> {
    median(
        a.runs()
            .iter()
            .zip(b.runs())
            .map(|(ta, tb)| tb.as_secs_f64() / ta.as_secs_f64().max(1e-12))
            .collect(),
    )
}

/// The median of `values` (the upper one of an even count); `None` if there are none.
pub fn median(mut values: Vec<f64>) -> Option<f64> {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied()
}

/// Megabytes (10^6 bytes) per second.
pub fn megabytes_per_second(bytes: usize, time: Duration) -> f64 {
    bytes as f64 / 1e6 / time.as_secs_f64().max(1e-12)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_engines_run_and_alternate() {
        let workload = Workload::one("<p>hello <b>world</b>".repeat(50));
        let timing = Timing {
            min_rounds: 3,
            max_rounds: 10,
            target: Duration::from_millis(1),
            budget: Duration::from_secs(10),
        };
        let [litmus, html5ever] = measure(&workload, &timing, [None, None]);
        for m in [&litmus, &html5ever] {
            assert!(m.median().is_some());
            assert!(m.min() <= m.median());
            assert!(!m.over_budget());
        }
    }

    #[test]
    fn a_skipped_engine_is_not_run() {
        let workload = Workload::one("<p>x".into());
        let timing = Timing {
            min_rounds: 1,
            max_rounds: 2,
            target: Duration::ZERO,
            budget: Duration::from_secs(10),
        };
        let [litmus, html5ever] = measure(&workload, &timing, [None, Some("no".into())]);
        assert!(litmus.median().is_some());
        assert_eq!(html5ever, Measurement::Skipped("no".into()));
    }
}
