//! Buffers one parse hands on to the next on the same thread.
//!
//! A parse of a small document spends a good part of its time allocating its working
//! lists (the stack of open elements and its indexes, the tag buffer, the error lists)
//! and freeing them again. [`take`] gives a parse the buffers the previous parse on
//! this thread left, emptied but with their room; [`give_back`] keeps them for the
//! next one, unless they have grown past [`RETAINED_BYTES_LIMIT`] (a thread that once
//! parsed a huge document does not hold its memory for ever). Nothing of one parse's
//! content reaches the next: every buffer is cleared before use.

use crate::buffers::RETAINED_BYTES_LIMIT;
use crate::seams::Standard;
use crate::tokenizer::TokenizerBuffers;
use crate::tree_builder::Seams;
use crate::tree_builder::TreeBuilderBuffers;
use std::cell::Cell;

/// The buffers of one parse (of the standard's; a parse that departs from it, see
/// `crate::seams`, makes its own).
#[derive(Debug, Default)]
pub(crate) struct Scratch<D = Standard> {
    pub(crate) tokenizer: TokenizerBuffers,
    pub(crate) tree_builder: TreeBuilderBuffers<D>,
}

impl<D: Seams> Scratch<D> {
    fn retained_bytes(&self) -> usize {
        self.tokenizer.retained_bytes() + self.tree_builder.retained_bytes()
    }
}

thread_local! {
    /// Boxed, so that taking and giving back moves a pointer, not the buffers' headers.
    static SCRATCH: Cell<Option<Box<Scratch>>> = const { Cell::new(None) };
}

/// The buffers the last parse on this thread left, or new ones. A parse that starts
/// while another is running on the thread (a sink that parses) gets new ones.
pub(crate) fn take() -> Box<Scratch> {
    SCRATCH.with(Cell::take).unwrap_or_default()
}

/// Keeps `scratch` for the next parse on this thread, if it is not too large.
pub(crate) fn give_back(scratch: Box<Scratch>) {
    if scratch.retained_bytes() <= RETAINED_BYTES_LIMIT {
        SCRATCH.with(|cell| cell.set(Some(scratch)));
    }
}

#[cfg(test)]
mod tests {
    use crate::dump::dump;
    use crate::{parse_document, parse_fragment, FragmentContext, ParseOptions};

    /// Documents that leave every buffer non-empty or in an unusual state: open
    /// formatting elements, templates, tables with pending text, selects with a
    /// selectedcontent, duplicate attributes, comments, processing instructions, an
    /// unfinished tag, raw text; stacks deep enough, and lists of formatting elements
    /// long enough, for their indexes and counts to be built.
    const DOCUMENTS: &[&str] = &[
        "<div><div><div><div><div><div><div><div><div><div><b><i><u><s><em><strong>\
         <small><big><tt><code><font><nobr><b><i><u><s><em><strong><p>x</div>y",
        "<math><mi><svg><g><g><g><g><g><g><g><g><g><g><g><g><g><g><g><g><g></G>z",
        "<b><i><u><p>x</b>y<table>z<tr><td>w",
        "<template><select><option>a<selectedcontent></selectedcontent></template>",
        "<select><button><selectedcontent></selectedcontent></button><option>o</select>",
        "<div a=1 a=2 b c=\"&amp;\"><!--c--><?pi data?><svg><path/></svg",
        "<script>let x = '</scr';</script><textarea>\n&lt;</textarea><a href=x",
        "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><frameset><frame>",
        "<table><caption><b>x<tr>y</table></b><plaintext><p>",
        "",
    ];

    fn parse_to_text(input: &str) -> String {
        let document = parse_document(input, &ParseOptions::default()).unwrap();
        let errors: Vec<String> = document.errors.iter().map(|e| e.to_string()).collect();
        format!("{}{}", dump(&document), errors.join("\n"))
    }

    fn parse_on_a_new_thread(input: &str) -> String {
        let input = input.to_owned();
        std::thread::spawn(move || parse_to_text(&input))
            .join()
            .unwrap()
    }

    #[test]
    fn a_parse_gives_the_same_result_after_any_other_parse() {
        let fresh: Vec<String> = DOCUMENTS.iter().map(|d| parse_on_a_new_thread(d)).collect();
        // Every ordered pair, on this thread: the first parse leaves its buffers to the
        // second.
        for before in DOCUMENTS {
            for (input, expected) in DOCUMENTS.iter().zip(&fresh) {
                parse_to_text(before);
                let context = FragmentContext::parse("td").unwrap();
                parse_fragment(before, &context, &ParseOptions::default()).unwrap();
                assert_eq!(
                    &parse_to_text(input),
                    expected,
                    "{input:?} after {before:?}"
                );
            }
        }
    }

    #[test]
    fn a_parse_stopped_by_its_deadline_leaves_nothing_behind() {
        let fresh: Vec<String> = DOCUMENTS.iter().map(|d| parse_on_a_new_thread(d)).collect();
        // Stopped midway: open elements on the stack (a `p` among them, which a
        // document parsed next must not find through indexes left behind),
        // formatting elements in the list, a template mode, a tag half built.
        let stopped =
            "<p>".to_owned() + &"<template><table><b><i><div a=1 a=2>x".repeat(2_000) + "<p a";
        let options = ParseOptions {
            deadline: Some(std::time::Instant::now()),
            ..ParseOptions::default()
        };
        for (input, expected) in DOCUMENTS.iter().zip(&fresh) {
            assert!(parse_document(&stopped, &options).is_err());
            assert_eq!(&parse_to_text(input), expected, "{input:?}");
        }
    }

    #[test]
    fn buffers_grown_past_the_limit_are_not_kept() {
        let huge =
            "<p a=b>".repeat(crate::buffers::RETAINED_BYTES_LIMIT / 4) + &"<div>".repeat(100_000);
        parse_document(&huge, &ParseOptions::default()).unwrap();
        let kept = super::take();
        assert!(super::Scratch::retained_bytes(&kept) <= crate::buffers::RETAINED_BYTES_LIMIT);
        super::give_back(kept);
    }
}
