//! The work after the cases: the divergences waiting for triage, and the exemplar
//! candidates of each known class.

use super::super::cases::Reported;
use crate::case::EngineName;
use crate::compare::Divergence;
use crate::finding::Origin;
use crate::signature::Signature;
use std::collections::{BTreeMap, VecDeque};

/// How many exemplars of each known class a campaign minimizes and archives at most,
/// for each engine the class names: the class's first case, and the smallest others.
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
    /// the case as found, and a smaller case of the class makes a better first
    /// exemplar).
    pub reproduced: bool,
}

/// A known class's exemplar candidates.
#[derive(Default)]
struct Candidates {
    /// Whether the first of `list` was queued as an exemplar when it came.
    first_queued: bool,
    list: Vec<Candidate>,
}

/// Triage and exemplar jobs, waiting and running.
#[derive(Default)]
pub struct Queue {
    triage: VecDeque<Reported>,
    /// Triage jobs taken and not finished.
    triaging: usize,
    /// Per known class and engine (a class may name several), its first reproduced
    /// candidate (an exemplar at once), if it has one yet, and its smallest others (at
    /// most [`EXEMPLARS_PER_CLASS`] in all).
    candidates: BTreeMap<(String, EngineName), Candidates>,
    exemplars: VecDeque<Candidate>,
    /// Exemplar jobs taken and not finished.
    exemplifying: usize,
}

impl Queue {
    /// A divergence reported: queued for triage if its signature is `fresh`, else
    /// put in place of the waiting divergence of its signature if smaller (a triage
    /// not started yet).
    pub fn reported(&mut self, reported: Reported, fresh: bool) {
        if fresh {
            self.triage.push_back(reported);
            return;
        }
        let signature = &reported.divergence.signature;
        if let Some(waiting) = self
            .triage
            .iter_mut()
            .find(|r| &r.divergence.signature == signature)
        {
            if reported.divergence.request.input.len() < waiting.divergence.request.input.len() {
                *waiting = reported;
            }
        }
    }

    /// The next divergence to triage.
    pub fn next_triage(&mut self) -> Option<Reported> {
        let next = self.triage.pop_front()?;
        self.triaging += 1;
        Some(next)
    }

    /// A triage is finished.
    pub fn triaged(&mut self) {
        self.triaging -= 1;
    }

    /// Whether triage or exemplar work is waiting or running.
    pub fn pending(&self) -> bool {
        !self.triage.is_empty()
            || self.triaging > 0
            || !self.exemplars.is_empty()
            || self.exemplifying > 0
    }

    /// A candidate exemplar of its class. The class's first reproduced candidate
    /// becomes an exemplar at once (so that a campaign killed early has one archived);
    /// the smallest others wait for the end.
    pub fn candidate(&mut self, candidate: Candidate) {
        let key = (candidate.class.clone(), candidate.divergence.engine.clone());
        let class = self.candidates.entry(key).or_default();
        if !class.first_queued && candidate.reproduced {
            class.first_queued = true;
            class.list.insert(0, candidate.clone());
            self.exemplars.push_back(candidate);
        } else {
            class.list.push(candidate);
        }
        // The first stays first; the others by size.
        let queued = usize::from(class.first_queued);
        class.list[queued..].sort_by_key(|c| (c.input.len(), c.signature.clone()));
        class.list.truncate(EXEMPLARS_PER_CLASS);
    }

    /// Queues the other exemplars of every known class (the first of each is queued
    /// when found); how many.
    pub fn queue_exemplars(&mut self) -> usize {
        let rest: Vec<Candidate> = self
            .candidates
            .values()
            .flat_map(|class| class.list.iter().skip(usize::from(class.first_queued)))
            .cloned()
            .collect();
        let queued = rest.len();
        self.exemplars.extend(rest);
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
