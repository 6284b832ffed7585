//! Input in pieces: [`ChunkedParser`].
//!
//! <https://html.spec.whatwg.org/#the-input-byte-stream>
//!
//! A network delivers a document in packets, and a parser that accepts them one by
//! one must build the tree it would have built from the whole. The standard has no
//! notion of a chunk: the tokenizer's states are defined on the *input stream*, whose
//! characters it consumes one at a time, and the stream's preprocessing (decoding,
//! "normalize newlines") is defined on the stream too. A UTF-8 sequence or a CR LF
//! pair cut by a packet boundary is still one character, or one newline, of the
//! stream.
//!
//! [`ChunkedParser`] follows that model literally: it buffers the stream and parses
//! it at [`ChunkedParser::finish`], with the very functions that parse a whole input
//! ([`crate::parse_document`], [`crate::parse_fragment`]). Its tree therefore cannot
//! depend on where the chunks were cut — by construction, not by care in every
//! tokenizer state — and parsing a whole input is exactly as fast as before: nothing
//! on that path changed. What a buffering parser gives up is an incremental tree
//! before the end (nothing in litmus observes one: it runs no scripts) and memory
//! below the input's size (a whole-input parse holds the input too).
//!
//! Bytes ([`ChunkedParser::feed_bytes`]) are UTF-8, decoded as the Encoding
//! Standard's UTF-8 decoder does: a sequence cut between chunks waits for its
//! continuation bytes; an invalid sequence becomes one U+FFFD per maximal subpart, and
//! a sequence left unfinished at the end one U+FFFD. A CR at the end of a chunk needs
//! nothing: it stays in the buffer, and preprocessing meets the CR LF pair whole.

use crate::dom::Document;
use crate::parse::DEFAULT_MAX_INPUT_BYTES;
use crate::parse::{parse_document, parse_fragment, FragmentContext, ParseFailure, ParseOptions};

/// A parser that takes its input in pieces ([`ChunkedParser::feed`],
/// [`ChunkedParser::feed_bytes`]) and builds the tree at [`ChunkedParser::finish`].
///
/// ```
/// use litmus_parser::{dump, parse_document, ChunkedParser, ParseOptions};
///
/// let mut parser = ChunkedParser::document(ParseOptions::default());
/// parser.feed("<p title='caf");
/// parser.feed_bytes(b"\xC3"); // the first byte of 'é'…
/// parser.feed_bytes(b"\xA9'>a&am"); // …and the second, then half a reference
/// parser.feed("p;b\r");
/// parser.feed("\nc");
/// let chunked = parser.finish()?;
///
/// let whole = parse_document("<p title='café'>a&amp;b\r\nc", &ParseOptions::default())?;
/// assert_eq!(dump::dump(&chunked), dump::dump(&whole));
/// # Ok::<(), litmus_parser::ParseFailure>(())
/// ```
#[derive(Debug)]
pub struct ChunkedParser {
    /// The fragment parsing algorithm's context element, or `None` for a document.
    context: Option<FragmentContext>,
    options: ParseOptions,
    /// The input stream so far, decoded.
    text: String,
    /// The first bytes of a UTF-8 sequence the last chunk cut (at most three).
    pending: Vec<u8>,
    /// The stream's length in bytes once it passed the size limit (then `text` stops
    /// growing).
    too_large: Option<usize>,
}

impl ChunkedParser {
    /// A parser for a document. <https://html.spec.whatwg.org/#parsing>
    pub fn document(options: ParseOptions) -> ChunkedParser {
        ChunkedParser::new(None, options)
    }

    /// A parser for a fragment in `context` (the HTML fragment parsing algorithm).
    pub fn fragment(context: FragmentContext, options: ParseOptions) -> ChunkedParser {
        ChunkedParser::new(Some(context), options)
    }

    fn new(context: Option<FragmentContext>, options: ParseOptions) -> ChunkedParser {
        ChunkedParser {
            context,
            options,
            text: String::new(),
            pending: Vec::new(),
            too_large: None,
        }
    }

    /// Appends characters to the input stream.
    pub fn feed(&mut self, chunk: &str) {
        if !self.pending.is_empty() {
            // A cut UTF-8 sequence followed by characters: it never completes.
            self.pending.clear();
            self.push('\u{FFFD}'.encode_utf8(&mut [0; 4]));
        }
        self.push(chunk);
    }

    /// Appends UTF-8 bytes to the input stream; a sequence cut at the end of `chunk`
    /// is completed by the next chunk.
    pub fn feed_bytes(&mut self, chunk: &[u8]) {
        let mut rest = chunk;
        if !self.pending.is_empty() {
            // Complete the cut sequence from the new bytes, one at a time (at most
            // three), then decode the rest on its own.
            while let Some((&byte, after)) = rest.split_first() {
                self.pending.push(byte);
                rest = after;
                match std::str::from_utf8(&self.pending) {
                    Ok(_) => break,
                    Err(e) if e.error_len().is_none() => continue,
                    Err(_) => break,
                }
            }
            let pending = std::mem::take(&mut self.pending);
            match std::str::from_utf8(&pending) {
                Ok(text) => self.push(text),
                Err(e) if e.error_len().is_none() => {
                    // Still cut, and `rest` is empty: wait for more.
                    self.pending = pending;
                    return;
                }
                Err(e) => {
                    // Not a sequence after all: its maximal subpart is one error, and
                    // the bytes after it are decoded again with the rest.
                    let len = e.error_len().unwrap_or(1);
                    self.push("\u{FFFD}");
                    let mut again = pending[len..].to_vec();
                    again.extend_from_slice(rest);
                    return self.decode(&again);
                }
            }
        }
        self.decode(rest);
    }

    /// Decodes `bytes` into the stream, keeping a sequence cut at its end pending.
    fn decode(&mut self, mut bytes: &[u8]) {
        loop {
            match std::str::from_utf8(bytes) {
                Ok(text) => return self.push(text),
                Err(e) => {
                    let (valid, after) = bytes.split_at(e.valid_up_to());
                    // `valid` is UTF-8: from_utf8 said so up to here.
                    self.push(std::str::from_utf8(valid).unwrap_or_default());
                    match e.error_len() {
                        None => {
                            self.pending = after.to_vec();
                            return;
                        }
                        Some(len) => {
                            self.push("\u{FFFD}");
                            bytes = &after[len..];
                        }
                    }
                }
            }
        }
    }

    fn push(&mut self, text: &str) {
        let max = self.options.max_input_bytes.min(DEFAULT_MAX_INPUT_BYTES);
        if let Some(len) = &mut self.too_large {
            *len = len.saturating_add(text.len());
        } else if self.text.len() + text.len() > max {
            self.too_large = Some(self.text.len() + text.len());
            self.text = String::new();
        } else {
            self.text.push_str(text);
        }
    }

    /// The end of the input stream: parses it, as [`parse_document`] or
    /// [`parse_fragment`] parse a whole input.
    pub fn finish(mut self) -> Result<Document, ParseFailure> {
        if !self.pending.is_empty() {
            // A sequence the stream ended inside of.
            self.pending.clear();
            self.push("\u{FFFD}");
        }
        if let Some(len) = self.too_large {
            return Err(ParseFailure::InputTooLarge {
                len,
                max: self.options.max_input_bytes.min(DEFAULT_MAX_INPUT_BYTES),
            });
        }
        match &self.context {
            None => parse_document(&self.text, &self.options),
            Some(context) => parse_fragment(&self.text, context, &self.options),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dump::dump;

    /// A small deterministic generator (xorshift), so that the test needs no crate.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }
    }

    const PIECES: [&str; 24] = [
        "<!DOCTYPE html>",
        "<p class=\"a b\">",
        "</p>",
        "&amp;",
        "&notin;",
        "&#x1F600;",
        "&#12",
        "\r\n",
        "\r",
        "é",
        "😀",
        "<!-- c -->",
        "<script>a</scr",
        "</script>",
        "<table><tr><td>",
        "<svg><path/></svg>",
        "<textarea>\r\nx</textarea>",
        "<b><i></b></i>",
        "text ",
        "<?pi x?>",
        "<![CDATA[x]]>",
        "\0",
        "<title>&lt;</title>",
        "<select><option>",
    ];

    fn whole(input: &[u8], context: Option<&FragmentContext>) -> String {
        let text = String::from_utf8_lossy(input);
        let options = ParseOptions::default();
        let document = match context {
            None => parse_document(&text, &options),
            Some(context) => parse_fragment(&text, context, &options),
        };
        dump(&document.unwrap())
    }

    fn chunked(input: &[u8], splits: &[usize], context: Option<&FragmentContext>) -> String {
        let mut parser = match context {
            None => ChunkedParser::document(ParseOptions::default()),
            Some(context) => ChunkedParser::fragment(context.clone(), ParseOptions::default()),
        };
        let mut start = 0;
        for &at in splits.iter().chain([&input.len()]) {
            parser.feed_bytes(&input[start..at]);
            start = at;
        }
        dump(&parser.finish().unwrap())
    }

    #[test]
    fn random_splits_give_the_whole_inputs_tree() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let td = FragmentContext::parse("td").unwrap();
        for case in 0..400 {
            let mut input = Vec::new();
            for _ in 0..1 + rng.below(8) {
                input.extend_from_slice(PIECES[rng.below(PIECES.len())].as_bytes());
            }
            if case % 7 == 0 {
                // Invalid UTF-8 too: a lone continuation byte, a cut sequence.
                input.insert(rng.below(input.len() + 1), 0x80);
                input.push(0xE2);
            }
            let mut splits: Vec<usize> = (0..rng.below(6))
                .map(|_| rng.below(input.len() + 1))
                .collect();
            if case % 5 == 0 {
                splits = (1..input.len()).collect();
            }
            splits.sort_unstable();
            let context = (case % 3 == 0).then_some(&td);
            assert_eq!(
                chunked(&input, &splits, context),
                whole(&input, context),
                "{:?} split at {splits:?}",
                String::from_utf8_lossy(&input)
            );
        }
    }

    #[test]
    fn a_cut_sequence_then_characters_is_one_replacement_character() {
        let mut parser = ChunkedParser::document(ParseOptions::default());
        parser.feed_bytes(b"a\xE2\x82");
        parser.feed("b");
        let tree = dump(&parser.finish().unwrap());
        assert!(tree.contains("\"a\u{FFFD}b\""), "{tree}");
    }

    #[test]
    fn bad_bytes_decode_as_the_encoding_standard_says() {
        // Each maximal subpart is one U+FFFD, across chunk ends too.
        for splits in [vec![], vec![1], vec![2], vec![1, 2, 3]] {
            let input = b"\xF0\x9F\x98x\xE2\x28\xA1";
            let tree = chunked(input, &splits, None);
            assert!(
                tree.contains("\"\u{FFFD}x\u{FFFD}(\u{FFFD}\""),
                "{splits:?}: {tree}"
            );
        }
    }

    #[test]
    fn the_size_limit_holds_across_chunks() {
        let options = ParseOptions {
            max_input_bytes: 8,
            ..ParseOptions::default()
        };
        let mut parser = ChunkedParser::document(options);
        parser.feed("<p>12");
        parser.feed("3456");
        parser.feed("78");
        assert_eq!(
            parser.finish().unwrap_err(),
            ParseFailure::InputTooLarge { len: 11, max: 8 }
        );
    }
}
