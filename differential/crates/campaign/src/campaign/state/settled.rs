//! Which cases are done, as a line: every case before the first one not done is
//! settled, and no report of them can come any more. Triage waits for it
//! (`queue.rs`: a signature is triaged on its lowest case, known only once every
//! case below it is done).

use std::collections::BTreeSet;

/// The cases done, by position in the shard (case `k` of shard `i/n` is generator
/// index `i + k·n`).
#[derive(Default)]
pub struct Settled {
    /// The first position not done: every one before it is.
    first_open: u64,
    /// Positions done after `first_open`.
    ahead: BTreeSet<u64>,
}

impl Settled {
    /// The case at `position` is done.
    pub fn done(&mut self, position: u64) {
        if position < self.first_open {
            return;
        }
        self.ahead.insert(position);
        while self.ahead.remove(&self.first_open) {
            self.first_open += 1;
        }
    }

    /// Whether every case before `position` is done.
    pub fn before(&self, position: u64) -> bool {
        position <= self.first_open
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_settled_up_to_the_first_one_not_done() {
        let mut settled = Settled::default();
        assert!(settled.before(0));
        assert!(!settled.before(1));
        for position in [3, 1, 4] {
            settled.done(position);
        }
        assert!(!settled.before(1));
        settled.done(0);
        assert!(settled.before(2) && !settled.before(3));
        settled.done(2);
        assert!(settled.before(5) && !settled.before(6));
        // A case done twice (a replayed batch's) changes nothing.
        settled.done(1);
        assert!(settled.before(5) && !settled.before(6));
    }
}
