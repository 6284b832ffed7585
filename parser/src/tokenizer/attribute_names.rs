//! The attribute names of the current tag, for the duplicate-attribute check of a tag
//! with many attributes.
//!
//! "If there is already an attribute on the token with the exact same name, then this
//! is a duplicate-attribute parse error". The check compares each new name with the
//! earlier ones; up to `LINEAR_DUPLICATE_SCAN_LIMIT` attributes the tokenizer does
//! exactly that, and beyond it asks this table, which finds the earlier attribute with
//! the same name, if any, in constant time on average. The table holds positions in
//! the tag's attribute list, not copies of the names: open addressing with linear
//! probing over a power-of-two array, at most half full, keyed by FNV-1a of the name.
//! A tag with 100,000 attributes keeps one array of `u32`s instead of 100,000 small
//! allocations.

use super::token::Tag;

const EMPTY: u32 = u32::MAX;

#[derive(Debug, Default)]
pub(crate) struct AttributeNames {
    /// Positions in the tag's `attrs`, or `EMPTY`.
    slots: Vec<u32>,
    /// How many slots are filled.
    len: usize,
}

impl AttributeNames {
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Forgets every name, keeping the room.
    pub(crate) fn clear(&mut self) {
        self.slots.clear();
        self.len = 0;
    }

    /// The bytes the table holds on to.
    pub(crate) fn retained_bytes(&self) -> usize {
        crate::buffers::heap_bytes(&self.slots)
    }

    /// Whether an attribute of `tag` is named `name`. If none is, records `name` as
    /// the name of the attribute `tag` is about to get at position `tag.attrs.len()`.
    /// The first call for a tag records the names it already has.
    pub(crate) fn check_and_insert(&mut self, tag: &Tag, name: &[u8]) -> bool {
        if self.len == 0 {
            self.rebuild(tag, (tag.attrs.len() + 1).max(8));
        }
        if 2 * (self.len + 1) > self.slots.len() {
            self.rebuild(tag, self.len + 1);
        }
        match self.find(tag, name) {
            Ok(_) => true,
            Err(slot) => {
                self.slots[slot] = tag.attrs.len() as u32;
                self.len += 1;
                false
            }
        }
    }

    /// The slot holding an attribute named `name` (`Ok`), or the empty slot where it
    /// would go (`Err`).
    fn find(&self, tag: &Tag, name: &[u8]) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let mut slot = crate::fnv::hash(name) as usize & mask;
        loop {
            let position = self.slots[slot];
            if position == EMPTY {
                return Err(slot);
            }
            let earlier = tag
                .attrs
                .get(position as usize)
                .and_then(|a| tag.buf.get(a.name.clone()));
            if earlier == Some(name) {
                return Ok(slot);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Empties the table into room for at least `names` names, then records the names
    /// `tag` has (which are all distinct: duplicates never reach the list).
    fn rebuild(&mut self, tag: &Tag, names: usize) {
        let size = (2 * names.max(tag.attrs.len() + 1)).next_power_of_two();
        self.slots.clear();
        self.slots.resize(size, EMPTY);
        self.len = 0;
        for (position, attribute) in tag.attrs.iter().enumerate() {
            let name = tag.buf.get(attribute.name.clone()).unwrap_or_default();
            if let Err(slot) = self.find(tag, name) {
                self.slots[slot] = position as u32;
                self.len += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tag with these attributes, as the tokenizer would have left it.
    fn tag_with(names: &[String]) -> Tag {
        let pairs: Vec<(&[u8], &[u8])> = names.iter().map(|n| (n.as_bytes(), &b""[..])).collect();
        Tag::new(b"div", &pairs, false)
    }

    #[test]
    fn finds_exactly_the_names_the_tag_has() {
        let names: Vec<String> = (0..1000).map(|i| format!("a{i}")).collect();
        let mut tag = tag_with(&names[..20]);
        let mut table = AttributeNames::default();
        for (i, name) in names.iter().enumerate().skip(20) {
            // Every earlier name is found; the new one is not, and is recorded.
            assert!(table.check_and_insert(&tag, names[i / 2].as_bytes()));
            assert!(!table.check_and_insert(&tag, name.as_bytes()), "{name}");
            tag = tag_with(&names[..=i]);
        }
        assert!(table.check_and_insert(&tag, b"a999"));
        assert!(!table.check_and_insert(&tag, b"a1000"));
        table.clear();
        assert!(table.is_empty());
        assert!(!table.check_and_insert(&tag_with(&names[..3]), b"b"));
    }
}
