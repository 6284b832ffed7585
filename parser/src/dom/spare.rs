//! The room of a dropped document's lists, kept for the next document made on the
//! same thread.
//!
//! A fuzzing campaign parses small documents one after another and drops each when it
//! has compared it: allocating a document's lists (nodes, strings, attributes,
//! errors) and freeing them again was a good part of such a parse. A document gives
//! its lists, emptied, back when it is dropped, unless they are large
//! ([`RETAINED_BYTES_LIMIT`]); the next [`Document::with_capacity`] on the thread
//! starts from them. Nothing of one document reaches the next: every list is empty
//! when handed on. (`crate::scratch` does the same for the parse's working lists.)

use super::{Attribute, Document, Node};
use crate::buffers::{heap_bytes, RETAINED_BYTES_LIMIT};
use crate::error::ParseError;
use std::cell::Cell;

/// A document's lists, empty, with their room.
#[derive(Default)]
pub(super) struct SpareRoom {
    pub(super) nodes: Vec<Node>,
    pub(super) strings: Vec<u8>,
    pub(super) attrs: Vec<Attribute>,
    pub(super) errors: Vec<ParseError>,
}

thread_local! {
    static SPARE: Cell<SpareRoom> = const {
        Cell::new(SpareRoom {
            nodes: Vec::new(),
            strings: Vec::new(),
            attrs: Vec::new(),
            errors: Vec::new(),
        })
    };
}

/// The room the last document dropped on this thread left, or none.
pub(super) fn take() -> SpareRoom {
    SPARE.try_with(Cell::take).unwrap_or_default()
}

impl Drop for Document {
    fn drop(&mut self) {
        let mut room = SpareRoom {
            nodes: std::mem::take(&mut self.nodes),
            strings: self.strings.take_buffer(),
            attrs: std::mem::take(&mut self.attrs),
            errors: std::mem::take(&mut self.errors),
        };
        let bytes = heap_bytes(&room.nodes)
            + heap_bytes(&room.strings)
            + heap_bytes(&room.attrs)
            + heap_bytes(&room.errors);
        if bytes > RETAINED_BYTES_LIMIT {
            return;
        }
        room.nodes.clear();
        room.strings.clear();
        room.attrs.clear();
        room.errors.clear();
        // A thread that is ending keeps nothing.
        let _ = SPARE.try_with(|spare| spare.set(room));
    }
}

#[cfg(test)]
mod tests {
    use crate::dump::dump;
    use crate::{parse_document, ParseOptions};

    fn parsed(input: &str) -> (String, usize) {
        let document = parse_document(input, &ParseOptions::default()).unwrap();
        (dump(&document), document.errors.len())
    }

    #[test]
    fn a_dropped_documents_room_is_taken_and_nothing_else() {
        let large = "<table><tr><td>&amp;<b a=1 a=2>x</b>\0</td></tr></table>".repeat(40);
        let small = "<p>one<!--c-->";
        let on_a_new_thread = std::thread::spawn(move || parsed(small)).join().unwrap();
        // The large document leaves its room behind; the small one starts from it,
        // and holds what a parse on a thread with no room left holds.
        let document = parse_document(&large, &ParseOptions::default()).unwrap();
        let room = document.nodes.capacity();
        drop(document);
        let document = parse_document(small, &ParseOptions::default()).unwrap();
        assert_eq!(document.nodes.capacity(), room);
        assert_eq!((dump(&document), document.errors.len()), on_a_new_thread);
    }
}
