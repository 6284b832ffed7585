//! A list whose entries keep their places: the storage of the stack of open elements
//! and of the list of active formatting elements.
//!
//! The adoption agency algorithm removes entries from the middle of both lists and
//! inserts one into the middle of each. In a vector, each such edit moves every entry
//! after it, so a document of n misnested formatting elements over n blocks takes time
//! in n². Here each entry sits in a cell of its own, linked to the entries before and
//! after it; a *slot* (the cell's number) names an entry wherever it is, and stays
//! with it while others are added and removed. Each entry also carries its place in
//! the list's order as a number (an order-maintenance list), so that two entries
//! compare in constant time: an entry added at the end gets a number [`APPEND_GAP`]
//! above the last one's, an entry inserted between two gets the number halfway between
//! theirs, and when there is no room the entries after it are numbered again, as few
//! as leave room.

/// No slot: the end of a link.
pub(crate) const NO_SLOT: u32 = u32::MAX;

/// The distance between the order numbers of an entry added at the end and the one
/// before it: room for 32 insertions between two entries before their neighbours are
/// numbered again. With at most 2^30 entries (the 1 GiB input limit), numbers stay
/// below 2^62.
const APPEND_GAP: u64 = 1 << 32;

/// The smallest distance a renumbering leaves between two entries.
const RENUMBERED_GAP: u64 = 1 << 12;

#[derive(Clone, Copy, Debug)]
struct Cell<T> {
    item: T,
    /// The slots of the entries before and after, or `NO_SLOT`.
    before: u32,
    after: u32,
    /// The entry's place in the list's order; 0 for a free cell.
    order: u64,
}

/// The list (see the module's documentation).
#[derive(Debug)]
pub(crate) struct Linked<T> {
    cells: Vec<Cell<T>>,
    /// Cells freed in the middle, for the next entries.
    free: Vec<u32>,
    first: u32,
    last: u32,
    len: usize,
}

impl<T> Linked<T> {
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        Linked {
            cells: Vec::with_capacity(capacity),
            free: Vec::new(),
            first: NO_SLOT,
            last: NO_SLOT,
            len: 0,
        }
    }
}

impl<T: Copy> Linked<T> {
    /// Empties the list, keeping its room.
    pub(crate) fn clear(&mut self) {
        self.cells.clear();
        self.free.clear();
        self.first = NO_SLOT;
        self.last = NO_SLOT;
        self.len = 0;
    }

    /// The bytes the list holds on to, roughly.
    pub(crate) fn retained_bytes(&self) -> usize {
        crate::buffers::heap_bytes(&self.cells) + crate::buffers::heap_bytes(&self.free)
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn cell(&self, slot: u32) -> Option<&Cell<T>> {
        self.cells.get(slot as usize).filter(|cell| cell.order != 0)
    }

    /// The entry at `slot`, if it is in the list.
    #[inline]
    pub(crate) fn get(&self, slot: u32) -> Option<&T> {
        self.cell(slot).map(|cell| &cell.item)
    }

    /// The entry at `slot`, to change in place.
    pub(crate) fn get_mut(&mut self, slot: u32) -> Option<&mut T> {
        self.cells
            .get_mut(slot as usize)
            .filter(|cell| cell.order != 0)
            .map(|cell| &mut cell.item)
    }

    /// The first entry's slot, or `NO_SLOT`.
    #[inline]
    pub(crate) fn first(&self) -> u32 {
        self.first
    }

    /// The last entry's slot, or `NO_SLOT`.
    #[inline]
    pub(crate) fn last(&self) -> u32 {
        self.last
    }

    /// The slot of the entry just before the one at `slot`, or `NO_SLOT`.
    #[inline]
    pub(crate) fn before(&self, slot: u32) -> u32 {
        self.cell(slot).map_or(NO_SLOT, |cell| cell.before)
    }

    /// The slot of the entry just after the one at `slot`, or `NO_SLOT`.
    #[inline]
    pub(crate) fn after(&self, slot: u32) -> u32 {
        self.cell(slot).map_or(NO_SLOT, |cell| cell.after)
    }

    /// The number of cells, free ones in the middle included: every slot is below it.
    #[inline]
    pub(crate) fn slots(&self) -> usize {
        self.cells.len()
    }

    /// The entry's order number (larger is later), 0 if it is not in the list.
    #[inline]
    pub(crate) fn order(&self, slot: u32) -> u64 {
        self.cell(slot).map_or(0, |cell| cell.order)
    }

    /// Adds `item` at the end; returns its slot.
    #[inline]
    pub(crate) fn push(&mut self, item: T) -> u32 {
        let before = self.last;
        let order = self.cells.get(before as usize).map_or(0, |c| c.order) + APPEND_GAP;
        let cell = Cell {
            item,
            before,
            after: NO_SLOT,
            order,
        };
        let slot = match self.free.pop() {
            Some(slot) => {
                self.cells[slot as usize] = cell;
                slot
            }
            None => {
                self.cells.push(cell);
                (self.cells.len() - 1) as u32
            }
        };
        match self.cells.get_mut(before as usize) {
            Some(cell) => cell.after = slot,
            None => self.first = slot,
        }
        self.last = slot;
        self.len += 1;
        slot
    }

    /// Unlinks the cell at `slot` (in the list) from its neighbours and marks it free.
    fn unlink(&mut self, slot: u32) -> Cell<T> {
        let cell = self.cells[slot as usize];
        match self.cells.get_mut(cell.before as usize) {
            Some(before) => before.after = cell.after,
            None => self.first = cell.after,
        }
        match self.cells.get_mut(cell.after as usize) {
            Some(after) => after.before = cell.before,
            None => self.last = cell.before,
        }
        self.cells[slot as usize].order = 0;
        self.len -= 1;
        cell
    }

    /// Removes the entry at `slot`, wherever it is.
    pub(crate) fn remove(&mut self, slot: u32) -> Option<T> {
        self.cell(slot)?;
        let cell = self.unlink(slot);
        // The last cell is dropped (a list emptied from its end shrinks); any other
        // waits for the next entry.
        if slot as usize + 1 == self.cells.len() {
            self.cells.pop();
            // A list that shrank to a quarter of its room gives half of it back, so
            // that what a deep stack held is free again once it is popped.
            if self.cells.capacity() > 4 * self.cells.len().max(64) {
                self.cells.shrink_to(2 * self.cells.len().max(64));
            }
        } else {
            self.free.push(slot);
        }
        Some(cell.item)
    }

    /// Removes the last entry: `remove(last())`, shorter where the last entry is in
    /// the last cell (a list only added to at its end).
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(u32, T)> {
        let slot = self.last;
        if slot as usize + 1 != self.cells.len() {
            return self.remove(slot).map(|item| (slot, item));
        }
        let cell = self.cells.pop()?;
        if self.cells.capacity() > 4 * self.cells.len().max(64) {
            self.cells.shrink_to(2 * self.cells.len().max(64));
        }
        match self.cells.get_mut(cell.before as usize) {
            Some(before) => before.after = NO_SLOT,
            None => self.first = NO_SLOT,
        }
        self.last = cell.before;
        self.len -= 1;
        Some((slot, cell.item))
    }

    /// Takes the entry at `slot` out of its place and puts `item` there instead, just
    /// after the entry at `anchor` (both in the list, and different). Returns how many
    /// entries, from `slot` on, have new order numbers: 1, or more when the ones after
    /// it were numbered again.
    pub(crate) fn move_after(&mut self, slot: u32, anchor: u32, item: T) -> usize {
        self.unlink(slot);
        let after = self.cells[anchor as usize].after;
        let anchor_order = self.cells[anchor as usize].order;
        self.cells[slot as usize] = Cell {
            item,
            before: anchor,
            after,
            order: 0,
        };
        self.cells[anchor as usize].after = slot;
        match self.cells.get_mut(after as usize) {
            Some(cell) => cell.before = slot,
            None => self.last = slot,
        }
        self.len += 1;
        self.number_after(slot, anchor_order)
    }

    /// Gives the cell at `slot`, just linked after an entry numbered `before_order`, a
    /// number between its neighbours', numbering the cells after it again when there
    /// is no room. Returns how many cells got new numbers.
    fn number_after(&mut self, slot: u32, before_order: u64) -> usize {
        let after = self.cells[slot as usize].after;
        let Some(after_order) = self.cells.get(after as usize).map(|cell| cell.order) else {
            self.cells[slot as usize].order = before_order + APPEND_GAP;
            return 1;
        };
        if after_order - before_order >= 2 {
            self.cells[slot as usize].order = before_order + (after_order - before_order) / 2;
            return 1;
        }
        // As few cells from `slot` on as leave `RENUMBERED_GAP` between neighbours, or
        // all of them to the end, which has room after it.
        let mut count: u64 = 1;
        let mut last = slot;
        let gap = loop {
            let next = self.cells[last as usize].after;
            match self.cells.get(next as usize) {
                None => break APPEND_GAP,
                Some(cell) if cell.order - before_order >= (count + 1) * RENUMBERED_GAP => {
                    break (cell.order - before_order) / (count + 1);
                }
                Some(_) => {
                    count += 1;
                    last = next;
                }
            }
        };
        let mut at = slot;
        for i in 1..=count {
            let cell = &mut self.cells[at as usize];
            cell.order = before_order + i * gap;
            at = cell.after;
        }
        count as usize
    }

    /// The slots and entries from `slot` towards the end.
    pub(crate) fn forward_from(&self, slot: u32) -> impl Iterator<Item = (u32, &T)> + '_ {
        let mut next = if self.cell(slot).is_some() {
            slot
        } else {
            NO_SLOT
        };
        std::iter::from_fn(move || {
            let cell = self.cells.get(next as usize)?;
            let here = next;
            next = cell.after;
            Some((here, &cell.item))
        })
    }

    /// The slots and entries from `slot` towards the start.
    pub(crate) fn backward_from(&self, slot: u32) -> impl Iterator<Item = (u32, &T)> + '_ {
        let mut next = if self.cell(slot).is_some() {
            slot
        } else {
            NO_SLOT
        };
        std::iter::from_fn(move || {
            let cell = self.cells.get(next as usize)?;
            let here = next;
            next = cell.before;
            Some((here, &cell.item))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(list: &Linked<u32>) -> Vec<u32> {
        list.forward_from(list.first()).map(|(_, &i)| i).collect()
    }

    #[test]
    fn entries_keep_their_slots_and_order() {
        let mut list = Linked::with_capacity(4);
        let slots: Vec<u32> = (0..6).map(|i| list.push(i)).collect();
        assert_eq!(list.remove(slots[2]), Some(2));
        assert_eq!(list.get(slots[3]), Some(&3));
        assert_eq!(list.before(slots[3]), slots[1]);
        // 1 moves to just after 4, as 10.
        assert_eq!(list.move_after(slots[1], slots[4], 10), 1);
        assert_eq!(items(&list), [0, 3, 4, 10, 5]);
        assert!(list.order(slots[1]) > list.order(slots[4]));
        assert!(list.order(slots[1]) < list.order(slots[5]));
        // A freed slot is taken by the next entry, at the end.
        let slot = list.push(6);
        assert_eq!(slot, slots[2]);
        assert_eq!(list.last(), slot);
        assert_eq!(
            list.backward_from(list.last())
                .map(|(_, &i)| i)
                .collect::<Vec<_>>(),
            [6, 5, 10, 4, 3, 0]
        );
        assert_eq!(list.len(), 6);
    }

    #[test]
    fn insertions_in_one_place_renumber_the_entries_after_it() {
        let mut list = Linked::with_capacity(4);
        let anchor = list.push(0);
        for i in 1..20 {
            list.push(i);
        }
        let mut renumbered = 0;
        for i in 100..400 {
            let slot = list.push(i);
            renumbered += list.move_after(slot, anchor, i + 1000) - 1;
        }
        assert!(renumbered > 0);
        let slots: Vec<u32> = list.forward_from(list.first()).map(|(s, _)| s).collect();
        for pair in slots.windows(2) {
            assert!(list.order(pair[0]) < list.order(pair[1]));
        }
        let expected: Vec<u32> = [0]
            .into_iter()
            .chain((1100..1400).rev())
            .chain(1..20)
            .collect();
        assert_eq!(items(&list), expected);
    }
}
