//! The speed level: an engine that grows faster than the input.
//!
//! A case's input is taken as a *pattern*: repeated end to end it makes inputs of
//! any size (`<ul><li>` repeated is a list nested as deep as the copies, `<b><i>x`
//! repeated a stack of formatting elements). Both engines parse the pattern repeated
//! to sizes that double, starting from [`FIRST_SIZE`] bytes, until the other engine
//! takes [`ENOUGH`] on one size or the size reaches [`LAST_SIZE`]; each size is
//! timed [`REPETITIONS`] times and its fastest time kept. The *growth exponent* of
//! an engine is `log2(t(2n) / t(n))` over the last two sizes: 1 for a parser linear
//! in its input, 2 for one quadratic in it.
//!
//! A case is a speed divergence when, at the largest size, the other engine grows
//! with an exponent of at least [`SUPER_LINEAR`], at least [`EXPONENT_GAP`] above the
//! reference's, takes at least [`SLOWER`] times the reference's time per byte and at
//! least [`NOTICEABLE`] in all; and when a second measurement confirms it. Most
//! patterns are cut short by a quick look first: one parse by the other engine at
//! two sizes ([`quick_look`]).
//!
//! Its signature names the exponents, rounded, not the times: `speed | html5ever:
//! n^2 | litmus: n^1`. Times vary from run to run, and from machine to machine; the
//! growth of a quadratic walk does not.

use super::divergence::{Divergence, Side};
use super::level::{Archived, BatchEngines, CaseAnswers, Level, LevelRules, Recheck};
use crate::signature::{Kind, Part, Signature};
use litmus_engines::case::ParseRequest;
use litmus_engines::engine::Engine;
use std::time::Duration;

/// The size the pattern is first repeated to, in bytes.
pub const FIRST_SIZE: usize = 2 * 1024;
/// The largest size the pattern is repeated to, in bytes.
pub const LAST_SIZE: usize = 64 * 1024;
/// A parse this long is enough to read the growth from: sizes stop doubling.
pub const ENOUGH: Duration = Duration::from_millis(40);
/// Times each size is parsed; the fastest time counts.
pub const REPETITIONS: usize = 3;
/// The other engine's growth exponent that makes a divergence.
pub const SUPER_LINEAR: f64 = 1.5;
/// How much faster than the reference's the other engine's time must grow.
pub const EXPONENT_GAP: f64 = 0.4;
/// How many times the reference's time per byte the other engine must take.
pub const SLOWER: f64 = 5.0;
/// The least time the other engine must take at the largest size.
pub const NOTICEABLE: Duration = Duration::from_millis(2);
/// The longest a minimization of a speed divergence may take: each test of a
/// candidate times it again, tens of milliseconds where it still diverges.
pub const MINIMIZE_TIME: Duration = Duration::from_secs(10);
/// A time too short to read a growth from: a reference this quick at the largest
/// size counts as linear (timer and cache noise dominate below it).
pub const TOO_QUICK: Duration = Duration::from_millis(1);

/// One engine's times on the repeated pattern.
#[derive(Clone, Debug, PartialEq)]
pub struct Growth {
    /// The sizes measured, in bytes, with the fastest time of each.
    pub times: Vec<(usize, Duration)>,
}

impl Growth {
    /// `log2(t(2n) / t(n))` over the last two sizes (1.0 with fewer than two).
    pub fn exponent(&self) -> f64 {
        match self.times.as_slice() {
            [.., (n, a), (m, b)] if !a.is_zero() && m > n => {
                let ratio = b.as_secs_f64() / a.as_secs_f64();
                ratio.log2() / (*m as f64 / *n as f64).log2()
            }
            _ => 1.0,
        }
    }

    /// The time at the largest size.
    pub fn last(&self) -> Duration {
        self.times.last().map_or(Duration::ZERO, |(_, t)| *t)
    }
}

/// What the speed level measured on a case.
#[derive(Clone, Debug, PartialEq)]
pub struct SpeedMeasurement {
    pub reference: Growth,
    pub other: Growth,
}

impl SpeedMeasurement {
    /// Whether it shows the other engine growing faster than the input and than the
    /// reference (the thresholds of the module documentation).
    pub fn diverges(&self) -> bool {
        let (e_other, e_reference) = (self.other.exponent(), self.reference.exponent());
        let (t_other, t_reference) = (self.other.last(), self.reference.last());
        e_other >= SUPER_LINEAR
            && (e_other - e_reference >= EXPONENT_GAP || t_reference < TOO_QUICK)
            && t_other >= NOTICEABLE
            && t_other.as_secs_f64() >= SLOWER * t_reference.as_secs_f64()
    }
}

/// `pattern` repeated end to end to at least `size` bytes.
pub fn repeated(pattern: &str, size: usize) -> String {
    let copies = size.div_ceil(pattern.len().max(1)).max(1);
    pattern.repeat(copies)
}

/// The fastest of [`REPETITIONS`] parses of `request` (trees only).
fn fastest(engine: &mut dyn Engine, request: &ParseRequest) -> Duration {
    (0..REPETITIONS)
        .map(|_| engine.parse_time(request))
        .min()
        .unwrap_or(Duration::ZERO)
}

/// The sizes to measure: from [`FIRST_SIZE`], doubling, while the other engine
/// takes less than [`ENOUGH`] (measured as it goes).
pub fn measure(
    request: &ParseRequest,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> SpeedMeasurement {
    let mut measurement = SpeedMeasurement {
        reference: Growth { times: Vec::new() },
        other: Growth { times: Vec::new() },
    };
    let mut size = FIRST_SIZE;
    while size <= LAST_SIZE {
        let input = repeated(&request.input, size);
        let scaled = request.with_input(input.as_str());
        let t_other = fastest(other, &scaled);
        let t_reference = fastest(reference, &scaled);
        measurement.other.times.push((input.len(), t_other));
        measurement.reference.times.push((input.len(), t_reference));
        if t_other >= ENOUGH {
            break;
        }
        size *= 2;
    }
    measurement
}

/// One parse of the pattern by the other engine at [`FIRST_SIZE`] and at four times
/// that: whether it may grow faster than the input (an exponent of at least 1.25
/// between the two, and a quarter of [`NOTICEABLE`] at the larger), or is already
/// slow. Most cases end here, at the cost of two parses.
pub fn quick_look(request: &ParseRequest, other: &mut dyn Engine) -> bool {
    let once = |other: &mut dyn Engine, size: usize| {
        other.parse_time(&request.with_input(repeated(&request.input, size).as_str()))
    };
    let small = once(other, FIRST_SIZE);
    if small >= ENOUGH {
        return true;
    }
    let large = once(other, 4 * FIRST_SIZE);
    if large >= ENOUGH {
        return true;
    }
    let exponent = (large.as_secs_f64() / small.as_secs_f64().max(1e-9)).log(4.0);
    exponent >= 1.25 && large >= NOTICEABLE / 4
}

/// The speed divergence of `request`, if the other engine grows faster than the
/// input and than the reference, measured twice.
pub fn compare_speed(
    request: &ParseRequest,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Option<Divergence> {
    if request.input.is_empty() || !quick_look(request, other) {
        return None;
    }
    let first = measure(request, reference, other);
    if !first.diverges() {
        return None;
    }
    let second = measure(request, reference, other);
    if !second.diverges() {
        return None;
    }
    let left = Side {
        engine: reference.name().into(),
        result: reference.parse_tree(request),
    };
    let right = Side {
        engine: other.name().into(),
        result: other.parse_tree(request),
    };
    let signature = speed_signature(&left.engine, &right.engine, &second);
    Some(Divergence::between(
        Level::Speed,
        request,
        &left,
        &right,
        None,
        signature,
    ))
}

/// `speed | html5ever: n^2 | litmus: n^1`: the exponents rounded to whole numbers
/// (at least 2 on the other side; 1 on the reference's when it is quicker than
/// [`TOO_QUICK`] at the largest size, where noise would make it any number).
pub fn speed_signature(reference: &str, other: &str, m: &SpeedMeasurement) -> Signature {
    let whole = |e: f64| e.round().clamp(1.0, 9.0) as u32;
    let other_power = whole(m.other.exponent()).max(2);
    let reference_power = if m.reference.last() < TOO_QUICK {
        1
    } else {
        whole(m.reference.exponent())
    };
    Signature::new(
        Kind::Level(Level::Speed),
        [
            Part::labelled(other, &format!("n^{other_power}")),
            Part::labelled(reference, &format!("n^{reference_power}")),
        ],
    )
}

impl Level {
    /// How the other engine's time grows with the input, against the reference's;
    /// off unless asked for.
    #[allow(non_upper_case_globals)]
    pub const Speed: Level = Level::named("speed");
}

pub struct SpeedLevel;

impl LevelRules for SpeedLevel {
    fn level(&self) -> Level {
        Level::Speed
    }

    /// A case pinned through engine workers is not timed.
    fn when_pinned(&self) -> bool {
        false
    }

    fn minimize_time(&self) -> Option<Duration> {
        Some(MINIMIZE_TIME)
    }

    /// Each case's growth: one comparison.
    fn compare(&self, batch: &mut [CaseAnswers], engines: &mut dyn BatchEngines) {
        engines.per_case(batch, &mut |case, reference, other| {
            let found = compare_speed(&case.request, reference, other);
            case.compared_once(Level::Speed, found);
        });
    }

    fn rerun(
        &self,
        divergence: &Divergence,
        input: &str,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Vec<Divergence> {
        let request = divergence.request.with_input(input);
        compare_speed(&request, reference, other)
            .into_iter()
            .collect()
    }

    /// The same exponents, else: does the engine still grow faster than the input?
    fn recheck_archived(
        &self,
        archived: &Archived<'_>,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Recheck {
        if archived.finding.engine != other.name() {
            return Recheck::Skipped(format!("found with {}", archived.finding.engine));
        }
        let engines = (reference.name().to_owned(), other.name().to_owned());
        if super::rerun::still_shows(
            archived,
            Level::Speed,
            (&engines.0, &engines.1),
            reference,
            other,
        ) {
            return Recheck::Still;
        }
        match compare_speed(archived.request, reference, other) {
            Some(d) => Recheck::Changed(d.signature.as_str().to_owned()),
            None => Recheck::Gone,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use litmus_engines::engine::start_engine;

    fn engines() -> (Box<dyn Engine>, Box<dyn Engine>) {
        (
            start_engine("litmus").unwrap(),
            start_engine("html5ever").unwrap(),
        )
    }

    #[test]
    fn growth_exponents_read_the_last_two_sizes() {
        let ms = Duration::from_millis;
        let quadratic = Growth {
            times: vec![(1000, ms(1)), (2000, ms(4)), (4000, ms(16))],
        };
        assert!((quadratic.exponent() - 2.0).abs() < 1e-9);
        let linear = Growth {
            times: vec![(1000, ms(1)), (2000, ms(2))],
        };
        assert!((linear.exponent() - 1.0).abs() < 1e-9);
        let m = SpeedMeasurement {
            reference: linear.clone(),
            other: quadratic.clone(),
        };
        assert!(m.diverges());
        assert_eq!(
            speed_signature("litmus", "html5ever", &m).as_str(),
            "speed | html5ever: n^2 | litmus: n^1"
        );
        // Growing as fast as the reference is no divergence, however slow.
        let m = SpeedMeasurement {
            reference: quadratic.clone(),
            other: quadratic,
        };
        assert!(!m.diverges());
    }

    #[test]
    fn a_pattern_repeats_to_at_least_the_size() {
        assert_eq!(repeated("<li>", 10), "<li><li><li>");
        assert_eq!(repeated("", 10), "");
    }

    #[test]
    fn nested_list_items_are_super_linear_in_html5ever_and_text_is_not() {
        let (mut reference, mut other) = engines();
        let nested = ParseRequest::document("<ul><li>", false);
        // Timed: on a machine busy with other tests a measurement can miss the growth,
        // so up to three tries find it.
        let d = (0..3)
            .find_map(|_| compare_speed(&nested, reference.as_mut(), other.as_mut()))
            .expect("nested list items grow faster than the input in html5ever");
        assert_eq!(d.level, Level::Speed);
        assert_eq!(d.engine, "html5ever");
        assert!(
            d.signature.as_str().starts_with("speed | html5ever: n^"),
            "{}",
            d.signature
        );
        let text = ParseRequest::document("<p>Some text, <b>bold</b> and <i>not</i>.</p>", false);
        assert_eq!(
            compare_speed(&text, reference.as_mut(), other.as_mut()),
            None
        );
    }
}
