//! Steering a campaign towards the arms of the standard it rarely reaches
//! (`litmus run --spec-coverage`, unless `--no-steering`).
//!
//! A counting campaign runs in *epochs* of [`EPOCH_CASES`] cases (of its shard, in
//! order). Before the first case, a *pilot* parses [`PILOT_CASES`] cases of each
//! generator family, that family weighted far above the others, with the reference
//! parser in process, and keeps each family's *profile*: the share of its cases that
//! passed each arm. Before each epoch, every family gets a score, the sum over the arms
//! of its profile's share divided by one more than the times the campaign has passed
//! the arm so far, so that arms never or rarely passed weigh most; the family with the
//! highest score gets [`MAX_BOOST`] times its configured weight added, the others in
//! proportion to their scores. A family the configuration turned off stays off.
//!
//! An epoch starts only once every batch of the epochs before it is done, so its
//! weights depend on the counts of all the cases before it and on nothing else: the
//! weights, and so the cases, follow from the seed alone, whatever the number of jobs.
//! findings.json records each epoch's weights (`generation.steering`), from which
//! `litmus case --from` regenerates any case. The cost is the wait at each boundary
//! for the last batch of the epoch before.

use super::cases::request_for_case;
pub use crate::finding::SteeringRecord;
use crate::generator::{Generator, Weights, FAMILIES};
use litmus_engines::engine::parse_with_litmus;
use litmus_parser::spec_arms;

/// Cases per epoch.
pub const EPOCH_CASES: u64 = 5_000;
/// Pilot cases per family.
pub const PILOT_CASES: u64 = 40;
/// The weight the family with the highest score gets added, in multiples of its
/// configured weight.
pub const MAX_BOOST: f64 = 3.0;
/// How much the pilot weights its family above the others' configured weights.
const PILOT_WEIGHT: u32 = 2_000;
/// Mixed into the seed for the pilot's cases, so that they are not the campaign's.
const PILOT_STREAM: u64 = 0x7069_6c6f_745f_7331;

/// What a steering campaign knows before its cases: the configured weights and each
/// family's profile.
pub struct Steering {
    base: Weights,
    /// Per family of [`FAMILIES`], per arm: the share of the family's pilot cases
    /// that passed the arm.
    profiles: Vec<Vec<f64>>,
}

impl Steering {
    /// Runs the pilot with `generator`'s configuration and corpus and `seed`.
    pub fn new(generator: &Generator, seed: u64) -> Steering {
        let base = generator.config().weights.clone();
        let profiles = FAMILIES
            .iter()
            .enumerate()
            .map(|(family, _)| profile(generator, family, seed, PILOT_CASES))
            .collect();
        Steering { base, profiles }
    }

    /// The weights of the next epoch, after the arm counts `counts` of every case
    /// before it (indexed like `spec_arms::Arm`; empty before the first case).
    pub fn weights_after(&self, counts: &[u64]) -> Weights {
        let scores: Vec<f64> = self
            .profiles
            .iter()
            .map(|profile| {
                profile
                    .iter()
                    .enumerate()
                    .map(|(arm, share)| {
                        let count = counts.get(arm).copied().unwrap_or(0);
                        share / (1.0 + count as f64)
                    })
                    .sum()
            })
            .collect();
        let max = scores.iter().copied().fold(0.0, f64::max);
        if max <= 0.0 {
            return self.base.clone();
        }
        let values = self
            .base
            .values()
            .iter()
            .zip(&scores)
            .map(|(&weight, score)| {
                let boost = (f64::from(weight) * MAX_BOOST * score / max).round();
                weight.saturating_add(boost as u32)
            })
            .collect();
        Weights::from_values(values).unwrap_or_else(|| self.base.clone())
    }
}

/// One family's profile: `cases` cases of `generator` with the family weighted far
/// above the others, parsed and serialized by the reference parser, and the share of
/// them that passed each arm. A family the generator has turned off has none.
pub(crate) fn profile(generator: &Generator, family: usize, seed: u64, cases: u64) -> Vec<f64> {
    let base = &generator.config().weights;
    let mut shares = vec![0.0; spec_arms::ARM_COUNT];
    if base.values()[family] == 0 {
        return shares;
    }
    let mut values = base.values().to_vec();
    values[family] = PILOT_WEIGHT;
    let Some(generator) = Weights::from_values(values).and_then(|w| generator.with_weights(w).ok())
    else {
        return shares;
    };
    for index in 0..cases {
        let case = generator.case(seed ^ PILOT_STREAM, index);
        let (_, request) = request_for_case(&case);
        spec_arms::reset_counts();
        drop(parse_with_litmus(&request, true));
        let counts = spec_arms::take_counts();
        for (share, &count) in shares.iter_mut().zip(counts.as_slice()) {
            if count > 0 {
                *share += 1.0 / cases as f64;
            }
        }
    }
    shares
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "spec-coverage")]
    use crate::generator::GeneratorConfig;

    #[cfg(feature = "spec-coverage")]
    #[test]
    fn families_that_reach_cold_arms_gain_weight_and_turned_off_ones_stay_off() {
        let mut config = GeneratorConfig::default();
        config.set_weight("select", 0).unwrap();
        let generator = Generator::new(config);
        let steering = Steering::new(&generator, 3);
        let base = generator.config().weights.clone();
        // Before any case, with nothing counted, no family's score is zero unless its
        // pilot reached nothing: the weights grow, and by at most MAX_BOOST times.
        let first = steering.weights_after(&[]);
        for ((name, before), (_, after)) in base.iter().zip(first.iter()) {
            assert!(after >= before, "{name}");
            assert!(
                f64::from(after) <= f64::from(before) * (1.0 + MAX_BOOST) + 1.0,
                "{name}"
            );
        }
        assert_eq!(
            first.get("select"),
            Some(0),
            "a family turned off stays off"
        );
        // Every arm passed a million times but the DOCTYPE's: the doctype family
        // reaches them most, and gets the largest boost.
        let mut counts = vec![1_000_000; spec_arms::ARM_COUNT];
        for info in spec_arms::arms() {
            if info.id().starts_with("tokenizer.doctype") || info.id().contains("-doctype-") {
                counts[info.index] = 0;
            }
        }
        let steered = steering.weights_after(&counts);
        let gain = |weights: &Weights, name: &str| {
            f64::from(weights.get(name).unwrap()) / f64::from(base.get(name).unwrap())
        };
        let doctype = gain(&steered, "doctype");
        assert!(doctype > 3.5, "doctype ×{doctype}");
        for name in ["adoption", "foster-parenting", "foreign"] {
            assert!(gain(&steered, name) < doctype, "{name}");
        }
        // The same seed, the same pilot.
        assert_eq!(Steering::new(&generator, 3).weights_after(&counts), steered);
    }

    #[test]
    fn the_record_gives_each_case_its_epochs_weights() {
        let mut steered = Weights::default();
        steered.set("doctype", 40).unwrap();
        let record = SteeringRecord {
            epoch_cases: 10,
            epochs: vec![Weights::default().to_spec(), steered.to_spec()],
        };
        assert_eq!(record.weights_of(9), Some(Weights::default()));
        assert_eq!(record.weights_of(10), Some(steered.clone()));
        assert_eq!(record.weights_of(19), Some(steered));
        assert_eq!(record.weights_of(20), None);
    }

    #[cfg(feature = "spec-coverage")]
    #[test]
    fn each_family_reaches_the_arms_it_targets() {
        let generator = Generator::new(GeneratorConfig::default());
        let ids: Vec<String> = litmus_parser::spec_arms::arms()
            .map(|info| info.id())
            .collect();
        let mut missed = Vec::new();
        for (index, family) in FAMILIES.iter().enumerate() {
            let shares = profile(&generator, index, 11, 400);
            for target in family.targets {
                let arm = ids.iter().position(|id| id == target).expect("a known arm");
                if shares[arm] == 0.0 {
                    missed.push(format!("{}: {target}", family.name));
                }
            }
        }
        assert!(missed.is_empty(), "targets not reached: {missed:#?}");
    }
}
