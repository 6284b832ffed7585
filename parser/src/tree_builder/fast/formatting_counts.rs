//! The list of active formatting elements' counts: a fast path for the Noah's Ark
//! clause.
//!
//! "Push onto the list of active formatting elements" scans the entries after the last
//! marker for three with the same tag name, namespace and attributes as the element
//! pushed (<https://html.spec.whatwg.org/#push-onto-the-list-of-active-formatting-elements>).
//! Without help, n formatting elements with distinct attributes take time in n². Once
//! the list has reached [`COUNTED_FROM_LENGTH`] entries, [`FormattingCounts`] keeps a
//! count of element entries per hash of their tag name and attributes, over the whole
//! list: when fewer than three alike are in the whole list, no scan after the last
//! marker can find three, and `push` skips it. A shorter list is scanned, which costs
//! less than hashing every entry.
//!
//! The list reaches this module at its edits only: `push` through
//! [`FormattingCounts::count_in_the_pushed`], which also says whether the scan may be
//! skipped, and the other edits through [`FormattingCounts::count_in`] and
//! [`FormattingCounts::count_out`], which do nothing while the counts are not kept.
//! The test below drives a counted list and one that always scans with random edits
//! and compares them.

use crate::fnv::Fnv1a;
use crate::tree_builder::active_formatting::{attributes_of, Entry, FormattingElement};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// The length from which the list keeps its counts. AD-HOC (the standard only scans
/// the list): a fast-path threshold. Counting them once visits the entries, at most
/// once per parse.
pub(crate) const COUNTED_FROM_LENGTH: usize = 16;

/// The counts of the list's element entries by family (see the module's
/// documentation).
#[derive(Debug)]
pub(crate) struct FormattingCounts {
    /// Keyed by a hash already; FNV-1a, because a collision only makes `push` do the
    /// scan the counts let it skip, which is the spec's own cost.
    alike: HashMap<u64, u32, BuildHasherDefault<Fnv1a>>,
    /// Whether the counts may be kept and read (the fast paths on).
    enabled: bool,
    /// Whether the counts are kept: from the first push onto a list of
    /// [`COUNTED_FROM_LENGTH`] entries (when `enabled`) until the list is cleared.
    built: bool,
}

impl Default for FormattingCounts {
    fn default() -> Self {
        FormattingCounts {
            alike: HashMap::default(),
            enabled: true,
            built: false,
        }
    }
}

/// The hash under which an element entry is counted: equal for entries with the same
/// tag name and attributes (a collision only costs a scan). `attribute_bytes` are the
/// list's.
fn family_hash(element: &FormattingElement, attribute_bytes: &[u8]) -> u64 {
    let mut hasher = Fnv1a::default();
    element.name.hash(&mut hasher);
    attributes_of(element, attribute_bytes).hash(&mut hasher);
    hasher.finish()
}

impl FormattingCounts {
    /// Forgets every entry (the list was emptied), keeping the room, and turns the
    /// fast path back on.
    pub(crate) fn clear(&mut self) {
        self.alike.clear();
        self.enabled = true;
        self.built = false;
    }

    /// The bytes the counts hold on to, roughly.
    pub(crate) fn retained_bytes(&self) -> usize {
        self.alike.capacity() * std::mem::size_of::<(u64, u32)>()
    }

    /// Whether `push` may skip scans the counts show cannot match (`true`, the
    /// default), or always scans, as the spec reads.
    pub(crate) fn set_enabled(&mut self, on: bool) {
        self.enabled = on;
    }

    /// Whether the counts are kept now.
    #[cfg(test)]
    pub(crate) fn is_built(&self) -> bool {
        self.built
    }

    /// For `push`, before the Noah's Ark scan of `entries`: counts `element` in (step 2
    /// adds it whatever the scan finds), first counting the whole list if it has just
    /// grown long enough, and says whether the list held fewer than three elements
    /// alike, so that the scan cannot find three. `false` while the counts are not
    /// kept: the scan runs.
    pub(crate) fn count_in_the_pushed(
        &mut self,
        entries: &[Entry],
        attribute_bytes: &[u8],
        element: &FormattingElement,
    ) -> bool {
        if !self.built {
            if !self.enabled || entries.len() < COUNTED_FROM_LENGTH {
                return false;
            }
            self.built = true;
            for entry in entries {
                self.count_in(entry, attribute_bytes);
            }
        }
        let alike = self
            .alike
            .entry(family_hash(element, attribute_bytes))
            .or_insert(0);
        let fewer_than_three = *alike < 3;
        *alike += 1;
        fewer_than_three && self.enabled
    }

    /// After `entry` joined the list.
    pub(crate) fn count_in(&mut self, entry: &Entry, attribute_bytes: &[u8]) {
        if !self.built {
            return;
        }
        if let Entry::Element(element) = entry {
            let hash = family_hash(element, attribute_bytes);
            *self.alike.entry(hash).or_insert(0) += 1;
        }
    }

    /// After `entry` left the list.
    pub(crate) fn count_out(&mut self, entry: &Entry, attribute_bytes: &[u8]) {
        if !self.built {
            return;
        }
        if let Entry::Element(element) = entry {
            if let Some(count) = self.alike.get_mut(&family_hash(element, attribute_bytes)) {
                *count = count.saturating_sub(1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dom::NodeId;
    use crate::names::local;
    use crate::tree_builder::active_formatting::tests::element;
    use crate::tree_builder::active_formatting::ActiveFormattingElements;

    /// The counts only skip scans that could not match: a counted list and one that
    /// always scans hold the same entries after random pushes, markers and removals.
    #[test]
    fn counted_pushes_agree_with_scanning_pushes() {
        let mut seed: u64 = 7;
        let mut next = |bound: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as usize) % bound
        };
        let mut counted = ActiveFormattingElements::default();
        let mut scanning = ActiveFormattingElements::default();
        scanning.set_counted(false);
        let values = ["1", "2", "3"];
        let mut pushes_counted = 0;
        for node in 0..20_000u32 {
            let name = [local::B, local::I, local::A][next(3)];
            let attributes: Vec<(&str, &str)> = match next(3) {
                0 => vec![],
                1 => vec![("x", values[next(3)])],
                _ => vec![("x", values[next(3)]), ("y", "1")],
            };
            match next(20) {
                0 => {
                    counted.insert_a_marker();
                    scanning.insert_a_marker();
                }
                1 => {
                    counted.clear_up_to_the_last_marker();
                    scanning.clear_up_to_the_last_marker();
                }
                2 | 3 if counted.len() > 0 => {
                    let index = next(counted.len());
                    counted.remove_at(index);
                    scanning.remove_at(index);
                }
                _ => {
                    let entry = element(&mut counted, node, name, &attributes);
                    counted.push(entry);
                    let entry = element(&mut scanning, node, name, &attributes);
                    scanning.push(entry);
                }
            }
            assert_eq!(counted.entries(), scanning.entries(), "after node {node}");
            pushes_counted += usize::from(counted.counts_built());
        }
        assert!(pushes_counted > 10_000);
        assert!(!scanning.counts_built());
    }

    #[test]
    fn the_counts_are_kept_from_a_length_on() {
        let mut list = ActiveFormattingElements::default();
        for node in 0..COUNTED_FROM_LENGTH as u32 {
            let entry = element(&mut list, node, local::B, &[]);
            list.push(entry);
        }
        assert!(!list.counts_built());
        // Three alike remain after each push, as the scan keeps them.
        assert_eq!(list.len(), 3);
        for node in 100..100 + COUNTED_FROM_LENGTH as u32 {
            let entry = element(&mut list, node, local::I, &[("n", &node.to_string())]);
            list.push(entry);
        }
        assert!(list.counts_built());
        let entry = element(&mut list, 200, local::B, &[]);
        list.push(entry);
        assert_eq!(list.len(), 3 + COUNTED_FROM_LENGTH);
        // The earliest of the three `b`s left went, found by the scan the counts called for.
        let last_three = COUNTED_FROM_LENGTH as u32 - 3;
        assert!(!list.contains(NodeId::from_index(last_three)));
        assert!(list.contains(NodeId::from_index(last_three + 1)));
        assert!(list.contains(NodeId::from_index(200)));
        list.clear();
        assert!(!list.counts_built());
    }
}
