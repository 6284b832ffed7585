//! The work after the cases: the divergences waiting for triage, and the exemplar
//! candidates of each known class.
//!
//! Both follow rules that make them the same on every run and for any number of
//! jobs, whatever order the workers finish in:
//!
//! - **A signature is triaged on its first case**: of every case that showed it, the
//!   one of lowest index. Case workers report each signature with the first case
//!   they saw it in ([`super::super::cases`]); the queue keeps the lowest index
//!   reported, and hands the signature out only once every case below that index is
//!   done ([`Queue::next_triage`]'s `settled`), when no lower one can come.
//! - **A class's exemplars are its smallest candidates, one per level first**: per
//!   known class and engine, at most [`EXEMPLARS_PER_CLASS`]: the smallest candidate
//!   of each level the class showed at, then the smallest others, "smallest" in the
//!   order of [`Candidate::rank`] (its token-minimal input's length, then its case
//!   index, then the input and its signature); chosen once the cases are done
//!   ([`Queue::queue_exemplars`]).

use super::super::cases::Reported;
use crate::finding::Origin;
use litmus_compare::compare::{Divergence, Level};
use litmus_compare::signature::Signature;
use litmus_engines::case::EngineName;
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

/// How many exemplars of each known class a campaign minimizes and archives at most,
/// for each engine the class names: its smallest candidates, one per level first.
pub const EXEMPLARS_PER_CLASS: usize = 3;

/// A case of a known class, minimized to tokens, that may become one of its
/// exemplars.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub class: String,
    /// The signature it was found with.
    pub signature: Signature,
    /// The token-minimal input.
    pub input: String,
    /// The input of the case it was found in.
    pub original: String,
    /// The divergence as that input shows it.
    pub divergence: Divergence,
    pub origin: Origin,
    /// Whether the minimizer showed the divergence again on `input` (else `input` is
    /// the case as found, and a reproduced candidate goes first).
    pub reproduced: bool,
}

impl Candidate {
    /// The order in which a class's candidates become its exemplars: reproduced
    /// ones first, then the shorter input, the lower case index, the input, the
    /// signature (distinct candidates never tie: each signature gives one).
    pub fn rank(&self) -> (bool, usize, u64, &str, &Signature) {
        (
            !self.reproduced,
            self.input.len(),
            self.origin.case_index,
            &self.input,
            &self.signature,
        )
    }
}

/// Triage and exemplar jobs, waiting and running.
#[derive(Default)]
pub struct Queue {
    /// The signatures waiting for triage, each with the divergence of its lowest case
    /// index reported so far.
    waiting: HashMap<Signature, Reported>,
    /// The same, by case index: the order they are triaged in.
    order: BTreeSet<(u64, Signature)>,
    /// Triage jobs taken and not finished.
    triaging: usize,
    /// Per known class and engine (a class may name several), and per level, its
    /// smallest candidates so far, at most [`EXEMPLARS_PER_CLASS`] a level, in the
    /// order of [`Candidate::rank`].
    candidates: BTreeMap<(String, EngineName), BTreeMap<Level, Vec<Candidate>>>,
    exemplars: VecDeque<Candidate>,
    /// Exemplar jobs taken and not finished.
    exemplifying: usize,
}

impl Queue {
    /// A divergence reported: queued for triage if its signature is `fresh`, else
    /// put in place of the waiting divergence of its signature if its case comes
    /// first (a triage not started yet).
    pub fn reported(&mut self, reported: Reported, fresh: bool) {
        let signature = reported.divergence.signature.clone();
        let index = reported.origin.case_index;
        match self.waiting.get(&signature) {
            Some(waiting) if waiting.origin.case_index <= index => return,
            Some(waiting) => {
                self.order
                    .remove(&(waiting.origin.case_index, signature.clone()));
            }
            None if !fresh => return,
            None => {}
        }
        self.order.insert((index, signature.clone()));
        self.waiting.insert(signature, reported);
    }

    /// The next divergence to triage: the waiting one of lowest case index, if every
    /// case below it is `settled` (done, so that no case before it can still show its
    /// signature).
    pub fn next_triage(&mut self, settled: impl Fn(u64) -> bool) -> Option<Reported> {
        let (index, signature) = self.order.first()?.clone();
        if !settled(index) {
            return None;
        }
        self.order.pop_first();
        let next = self.waiting.remove(&signature)?;
        self.triaging += 1;
        Some(next)
    }

    /// A triage is finished.
    pub fn triaged(&mut self) {
        self.triaging -= 1;
    }

    /// Whether triage or exemplar work is waiting or running.
    pub fn pending(&self) -> bool {
        !self.waiting.is_empty()
            || self.triaging > 0
            || !self.exemplars.is_empty()
            || self.exemplifying > 0
    }

    /// A candidate exemplar of its class, kept if it is among the class's smallest
    /// at its level so far.
    pub fn candidate(&mut self, candidate: Candidate) {
        let key = (candidate.class.clone(), candidate.divergence.engine.clone());
        let level = candidate.divergence.level;
        let list = self
            .candidates
            .entry(key)
            .or_default()
            .entry(level)
            .or_default();
        let at = list.partition_point(|c| c.rank() < candidate.rank());
        if at < EXEMPLARS_PER_CLASS {
            list.insert(at, candidate);
            list.truncate(EXEMPLARS_PER_CLASS);
        }
    }

    /// Queues the exemplars of every known class, in the order of the classes and
    /// of their candidates; how many.
    pub fn queue_exemplars(&mut self) -> usize {
        let mut queued = 0;
        for levels in std::mem::take(&mut self.candidates).into_values() {
            let chosen = exemplars(levels);
            queued += chosen.len();
            self.exemplars.extend(chosen);
        }
        queued
    }

    /// The next exemplar to minimize.
    pub fn next_exemplar(&mut self) -> Option<Candidate> {
        let next = self.exemplars.pop_front()?;
        self.exemplifying += 1;
        Some(next)
    }

    /// An exemplar job is finished.
    pub fn exemplified(&mut self) {
        self.exemplifying -= 1;
    }
}

/// A class's exemplars among its candidates by level: the smallest of each level,
/// then the smallest others, at most [`EXEMPLARS_PER_CLASS`], smallest first.
fn exemplars(levels: BTreeMap<Level, Vec<Candidate>>) -> Vec<Candidate> {
    let mut firsts = Vec::new();
    let mut others = Vec::new();
    for list in levels.into_values() {
        let mut list = list.into_iter();
        firsts.extend(list.next());
        others.extend(list);
    }
    firsts.sort_by(|a, b| a.rank().cmp(&b.rank()));
    others.sort_by(|a, b| a.rank().cmp(&b.rank()));
    let mut chosen = firsts;
    chosen.truncate(EXEMPLARS_PER_CLASS);
    let room = EXEMPLARS_PER_CLASS - chosen.len();
    chosen.extend(others.into_iter().take(room));
    chosen.sort_by(|a, b| a.rank().cmp(&b.rank()));
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use litmus_compare::compare::{compare_request, Levels};
    use litmus_engines::case::ParseRequest;
    use litmus_engines::engine::{Html5everEngine, LitmusEngine};

    /// A divergence of `input` between the reference and html5ever, reported at
    /// case `index`.
    fn reported(input: &str, index: u64) -> Reported {
        let divergence = compare_request(
            litmus_compare::compare::Level::Tree,
            &ParseRequest::document(input, false),
            &mut LitmusEngine,
            &mut Html5everEngine,
            &Levels::default(),
        )
        .into_iter()
        .next()
        .expect("a divergence");
        Reported {
            divergence,
            origin: Origin {
                seed: 1,
                case_index: index,
                family: "test".into(),
            },
        }
    }

    #[test]
    fn a_signature_is_triaged_on_its_lowest_case_once_the_cases_below_it_are_done() {
        let mut queue = Queue::default();
        queue.reported(reported("<?x>", 40), true);
        // A later case of the same signature changes nothing; an earlier one takes
        // its place, in whatever order they come.
        queue.reported(reported("<?x><p>", 50), false);
        queue.reported(reported("<?x><b>", 30), false);
        assert!(queue.next_triage(|index| index < 30).is_none());
        let next = queue.next_triage(|index| index <= 30).unwrap();
        assert_eq!(next.origin.case_index, 30);
        assert_eq!(next.divergence.request.input, "<?x><b>");
        // Once taken, a signature is not queued again.
        queue.reported(reported("<?x>", 10), false);
        assert!(queue.next_triage(|_| true).is_none());
        assert!(queue.pending());
        queue.triaged();
        assert!(!queue.pending());
    }

    #[test]
    fn a_class_keeps_its_smallest_candidates_one_per_level_first_whatever_their_order() {
        let candidate = |input: &str, index: u64| {
            let reported = reported(input, index);
            Candidate {
                class: "pi".into(),
                signature: Signature::from_text(format!("tree | test {index}")),
                input: input.to_owned(),
                original: input.to_owned(),
                divergence: reported.divergence,
                origin: reported.origin,
                reproduced: true,
            }
        };
        let all = [
            candidate("<?x><p>", 1),
            candidate("<?x>", 9),
            candidate("<?x><b>", 3),
            candidate("<?x>", 5),
            candidate("<?x><i>", 2),
            Candidate {
                divergence: Divergence {
                    level: Level::Fragment,
                    ..candidate("<?x><a><b>", 0).divergence
                },
                ..candidate("<?x><a><b>", 0)
            },
        ];
        let mut chosen = Vec::new();
        for order in [[0, 1, 2, 3, 4, 5], [5, 4, 3, 2, 1, 0], [2, 0, 5, 4, 1, 3]] {
            let mut queue = Queue::default();
            for i in order {
                queue.candidate(all[i].clone());
            }
            assert_eq!(queue.queue_exemplars(), EXEMPLARS_PER_CLASS);
            let mut picked = Vec::new();
            while let Some(c) = queue.next_exemplar() {
                picked.push((c.input.clone(), c.origin.case_index));
            }
            chosen.push(picked);
        }
        assert_eq!(
            chosen[0],
            [
                ("<?x>".to_owned(), 5),
                ("<?x>".to_owned(), 9),
                // The fragment level's only candidate, before smaller ones of the tree.
                ("<?x><a><b>".to_owned(), 0)
            ]
        );
        assert!(chosen.iter().all(|c| *c == chosen[0]));
    }
}
