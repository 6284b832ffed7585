//! The fast path of [`super::LocalName::well_known`] (feature `fast-paths`): a hash
//! table over the well-known names, built at compile time, where the plain path
//! searches the sorted table. `every_well_known_name_is_found_and_nothing_else` in
//! `names.rs` checks both give the same answers; the tests below bound the probes.

use super::WELL_KNOWN;

/// The index in [`WELL_KNOWN`] of the name spelled `name`, if it is well known.
#[inline]
pub(super) fn find(name: &[u8]) -> Option<usize> {
    // Names of up to eight bytes (nearly all) compare as one integer each.
    let (hash, short) = name_key(name);
    let mut slot = hash as usize & (WELL_KNOWN_INDEX.len() - 1);
    loop {
        let entry = WELL_KNOWN_INDEX[slot];
        if entry == EMPTY_SLOT {
            return None;
        }
        let known = WELL_KNOWN[entry as usize].as_bytes();
        let same = known.len() == name.len()
            && match short {
                Some(short) => WELL_KNOWN_PACKED[entry as usize] == short,
                None => known == name,
            };
        if same {
            return Some(usize::from(entry));
        }
        slot = (slot + 1) & (WELL_KNOWN_INDEX.len() - 1);
    }
}

/// The name's hash and, for a name of at most eight bytes, [`packed`]. The hash
/// takes the name eight bytes at a time (each step a multiplication), with the length
/// mixed in: cheap for names of a few bytes, and good enough to spread the well-known
/// names over a table four times their number (a test bounds the probes).
#[inline]
const fn name_key(name: &[u8]) -> (u32, Option<u64>) {
    const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;
    let short = packed(name);
    let mut hash = name.len() as u64;
    match short {
        Some(word) => hash = (hash ^ word).wrapping_mul(MULTIPLIER),
        None => {
            let mut rest = name;
            while !rest.is_empty() {
                let (chunk, after) = rest.split_at(if rest.len() < 8 { rest.len() } else { 8 });
                hash = (hash ^ load_le(chunk)).wrapping_mul(MULTIPLIER);
                rest = after;
            }
        }
    }
    ((hash >> 32) as u32, short)
}

/// The hash of [`name_key`].
const fn name_hash(name: &[u8]) -> u32 {
    name_key(name).0
}

/// `bytes` (at most eight) as a little-endian integer, zeros after. Two overlapping
/// reads of four bytes, or three single bytes, instead of a loop: a byte read twice
/// lands in the same place both times.
#[inline]
const fn load_le(bytes: &[u8]) -> u64 {
    let len = bytes.len();
    match (bytes.first_chunk::<4>(), bytes.last_chunk::<4>()) {
        (Some(first), Some(last)) => {
            u32::from_le_bytes(*first) as u64
                | (u32::from_le_bytes(*last) as u64) << (8 * (len - 4))
        }
        _ => match bytes {
            [] => 0,
            [a] => *a as u64,
            [a, b] => *a as u64 | (*b as u64) << 8,
            [a, b, c, ..] => *a as u64 | (*b as u64) << 8 | (*c as u64) << 16,
        },
    }
}

const EMPTY_SLOT: u16 = u16::MAX;

/// A name of at most eight bytes as an integer (its bytes, little-endian, zeros
/// after); `None` for a longer name. Names of different lengths may pack alike
/// (trailing NULs), so compare lengths too.
#[inline]
const fn packed(name: &[u8]) -> Option<u64> {
    if name.len() > 8 {
        return None;
    }
    Some(load_le(name))
}

/// [`packed`] of each well-known name of at most eight bytes (0 for the others).
static WELL_KNOWN_PACKED: [u64; 256] = {
    assert!(WELL_KNOWN.len() <= 256);
    let mut table = [0u64; 256];
    let mut index = 0;
    while index < WELL_KNOWN.len() {
        if let Some(word) = packed(WELL_KNOWN[index].as_bytes()) {
            table[index] = word;
        }
        index += 1;
    }
    table
};

/// An open-addressing hash table (linear probing) from a name's hash to its index in
/// [`WELL_KNOWN`], built at compile time. A lookup hashes the name, then compares it
/// with the entries from its slot on until it finds it or an empty slot; with the
/// table a quarter full, a probe sequence is one or two entries long.
static WELL_KNOWN_INDEX: [u16; 1024] = build_well_known_index();

const fn build_well_known_index() -> [u16; 1024] {
    let mut table = [EMPTY_SLOT; 1024];
    let mut index = 0;
    while index < WELL_KNOWN.len() {
        let mut slot = name_hash(WELL_KNOWN[index].as_bytes()) as usize & 1023;
        while table[slot] != EMPTY_SLOT {
            slot = (slot + 1) & 1023;
        }
        table[slot] = index as u16;
        index += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probe_sequences_stay_short() {
        let longest = WELL_KNOWN
            .iter()
            .map(|name| {
                let mut slot = name_hash(name.as_bytes()) as usize & 1023;
                let mut probes = 1;
                while WELL_KNOWN[WELL_KNOWN_INDEX[slot] as usize] != *name {
                    slot = (slot + 1) & 1023;
                    probes += 1;
                }
                probes
            })
            .max();
        assert!(longest <= Some(6), "{longest:?}");
    }

    #[test]
    fn loads_read_each_byte_into_its_place() {
        let name: Vec<u8> = (1..=20).map(|b| b * 11).collect();
        for start in 0..8 {
            for len in 0..=8 {
                let naive = name[start..start + len]
                    .iter()
                    .enumerate()
                    .fold(0u64, |word, (i, &b)| word | (b as u64) << (8 * i));
                assert_eq!(load_le(&name[start..start + len]), naive, "{start} {len}");
            }
        }
    }
}
