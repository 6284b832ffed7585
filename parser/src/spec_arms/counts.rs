//! The thread-local counts of the arms, and the [`ArmCounts`] a caller takes.

use super::{arms, Arm, ArmInfo, ARM_COUNT};

#[cfg(feature = "spec-coverage")]
use std::cell::Cell;

#[cfg(feature = "spec-coverage")]
thread_local! {
    /// How many times each arm was passed on this thread since the counts were last
    /// taken.
    static COUNTS: [Cell<u64>; ARM_COUNT] = const { [const { Cell::new(0) }; ARM_COUNT] };
}

/// Adds one to `arm`'s count on this thread.
#[cfg(feature = "spec-coverage")]
#[inline]
pub(crate) fn count(arm: Arm) {
    COUNTS.with(|counts| {
        if let Some(count) = counts.get(arm as usize) {
            count.set(count.get().saturating_add(1));
        }
    });
}

/// Whether this build counts arms (the cargo feature `spec-coverage`).
pub fn enabled() -> bool {
    cfg!(feature = "spec-coverage")
}

/// The counts of every arm on this thread since they were last taken, emptying
/// them. All zero without the feature `spec-coverage`.
#[cfg(feature = "spec-coverage")]
pub fn take_counts() -> ArmCounts {
    let mut taken = ArmCounts::default();
    COUNTS.with(|counts| {
        for (into, count) in taken.counts.iter_mut().zip(counts.iter()) {
            *into = count.take();
        }
    });
    taken
}

/// The counts of every arm on this thread since they were last taken: all zero
/// without the feature `spec-coverage`.
#[cfg(not(feature = "spec-coverage"))]
pub fn take_counts() -> ArmCounts {
    ArmCounts::default()
}

/// Empties this thread's counts.
pub fn reset_counts() {
    take_counts();
}

/// How many times each arm was passed, indexed by `Arm as usize`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmCounts {
    counts: Vec<u64>,
}

impl Default for ArmCounts {
    fn default() -> Self {
        ArmCounts {
            counts: vec![0; ARM_COUNT],
        }
    }
}

impl ArmCounts {
    /// Counts from a list indexed by `Arm as usize` (as read back from a report);
    /// missing entries are zero, extra ones are dropped.
    pub fn from_counts(list: &[u64]) -> ArmCounts {
        let mut counts = ArmCounts::default();
        for (into, count) in counts.counts.iter_mut().zip(list) {
            *into = *count;
        }
        counts
    }

    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &ArmCounts) {
        for (into, count) in self.counts.iter_mut().zip(&other.counts) {
            *into = into.saturating_add(*count);
        }
    }

    /// How many times `arm` was passed.
    pub fn get(&self, arm: Arm) -> u64 {
        self.counts.get(arm as usize).copied().unwrap_or(0)
    }

    /// The counts, indexed by `Arm as usize`.
    pub fn as_slice(&self) -> &[u64] {
        &self.counts
    }

    /// Whether no arm was passed.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&count| count == 0)
    }

    /// Every arm with its count.
    pub fn arms(&self) -> impl Iterator<Item = (ArmInfo, u64)> + '_ {
        arms().map(|info| (info, self.counts.get(info.index).copied().unwrap_or(0)))
    }

    /// "N of M": the reachable arms passed at least once, and the reachable arms (those
    /// with no `unreachable` reason).
    pub fn reached(&self) -> (usize, usize) {
        let mut reached = 0;
        let mut reachable = 0;
        for (info, count) in self.arms() {
            if info.entry.unreachable.is_none() {
                reachable += 1;
                if count > 0 {
                    reached += 1;
                }
            }
        }
        (reached, reachable)
    }
}
