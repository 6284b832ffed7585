//! The room of a parse's working lists: how much a list holds on to, and emptying it
//! for the next parse without keeping a huge one. A leaf module: the tokenizer and the
//! tree builder measure and clear their own buffers with it, and `scratch.rs`, which
//! hands both sets of buffers from one parse to the next, decides what is kept.

/// Buffers larger than this together are dropped after a parse, not kept.
pub(crate) const RETAINED_BYTES_LIMIT: usize = 1 << 20;

/// The bytes of `list`'s room.
pub(crate) fn heap_bytes<T>(list: &Vec<T>) -> usize {
    list.capacity() * std::mem::size_of::<T>()
}

/// Empties `list`; its room is kept for the next parse only if small, so that a parse
/// with millions of errors does not hold two copies of them at once.
pub(crate) fn clear<T>(list: &mut Vec<T>) {
    if heap_bytes(list) > RETAINED_BYTES_LIMIT {
        *list = Vec::new();
    } else {
        list.clear();
    }
}
