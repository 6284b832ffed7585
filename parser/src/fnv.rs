//! FNV-1a (64-bit): the hash of the parser's own small tables, whose keys are short
//! (names, a few attributes, or a hash already). The standard library's `DefaultHasher`
//! (SipHash) took a tenth of the time of parsing small documents with formatting
//! elements. A collision costs only what the table saves: the parser's answers never
//! depend on the hash.

use std::hash::Hasher;

/// An FNV-1a hasher.
pub(crate) struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(0xCBF2_9CE4_8422_2325)
    }
}

impl Hasher for Fnv1a {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01B3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// FNV-1a of `bytes`.
pub(crate) fn hash(bytes: &[u8]) -> u64 {
    let mut hasher = Fnv1a::default();
    hasher.write(bytes);
    hasher.finish()
}
