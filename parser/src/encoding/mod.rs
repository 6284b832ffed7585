//! Bytes in: determining the character encoding, decoding, and "change the encoding".
//!
//! <https://html.spec.whatwg.org/#determining-the-character-encoding>
//!
//! [`parse_document_bytes`] is the entry point for a document given as bytes. It runs
//! the standard's steps in order:
//!
//! 1. [`sniff_encoding`], the encoding sniffing algorithm (`sniff.rs`): a byte order
//!    mark, else the transport layer's encoding, else the prescan of the first 1024
//!    bytes for a `meta` declaration (`prescan.rs`) or an XML declaration, else the
//!    default, windows-1252;
//! 2. decoding with that encoding, as the Encoding Standard's "decode" does (a BOM
//!    wins and is dropped; each malformed byte sequence becomes U+FFFD);
//! 3. [`crate::parse_document`] on the decoded text;
//! 4. while the confidence is tentative, the `meta` rule of the "in head" insertion
//!    mode may "change the encoding" (`change.rs`): the document that tree
//!    construction built is read back for the first `meta` element that declares an
//!    encoding, and a different one makes the parse start again, with that encoding
//!    and the confidence certain.
//!
//! Tree construction knows nothing of encodings: step 4 reads the finished document
//! instead of hooking into the insertion mode. That gives the same answer, because the
//! arena holds nodes in the order they were created, and tree construction creates a
//! `meta` element exactly when the "in head" rule runs for its start tag.
//!
//! Encodings are encoding_rs's [`Encoding`]s; the report names them by their Encoding
//! Standard names (`windows-1252`, `UTF-8`, `ISO-8859-2`, …).

mod change;
mod meta;
mod prescan;
mod sniff;
#[cfg(test)]
mod tests;

pub use encoding_rs::{Encoding, UTF_8};
pub use prescan::PRESCAN_BYTES;
pub use sniff::sniff_encoding;

use crate::dom::Document;
use crate::parse::{parse_document, ParseFailure, ParseOptions, DEFAULT_MAX_INPUT_BYTES};
use change::{change_the_encoding, encoding_declared_by_a_meta_element, EncodingChange};

/// What the caller knows of the bytes' encoding before looking at them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EncodingOptions {
    /// The transport layer's character encoding (for instance the `charset` parameter
    /// of a `Content-Type` header), as a label. It is resolved with the Encoding
    /// Standard's "get an encoding"; a label that names no encoding is ignored.
    pub transport_layer_encoding: Option<String>,
    /// The "implementation-defined or user-specified default character encoding", as
    /// a label. `None`, or a label that names no encoding, gives windows-1252, the
    /// standard's suggestion for all locales it does not list (and what the html5lib
    /// encoding tests assume).
    pub default_encoding: Option<String>,
}

/// How sure the parser is of the encoding.
/// <https://html.spec.whatwg.org/#concept-encoding-confidence>
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Confidence {
    /// A `meta` element met during the parse may still change the encoding.
    Tentative,
    /// Nothing changes the encoding any more.
    Certain,
    /// No encoding was needed: the input was already characters (a `&str`).
    Irrelevant,
}

impl Confidence {
    /// The standard's word for the confidence: `tentative`, `certain`, `irrelevant`.
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::Tentative => "tentative",
            Confidence::Certain => "certain",
            Confidence::Irrelevant => "irrelevant",
        }
    }
}

/// Where the encoding came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncodingSource {
    /// A byte order mark. <https://encoding.spec.whatwg.org/#bom-sniff>
    Bom,
    /// [`EncodingOptions::transport_layer_encoding`].
    TransportLayer,
    /// The prescan of the first [`PRESCAN_BYTES`] bytes found it.
    Prescan(PrescanMatch),
    /// The prescan found nothing, and "get an XML encoding" read an `<?xml …?>`
    /// declaration's `encoding`.
    XmlDeclaration,
    /// Nothing else decided: [`EncodingOptions::default_encoding`] or windows-1252.
    Default,
    /// A `meta` element met during the parse changed the encoding (by its Encoding
    /// Standard name) from what sniffing gave, and the parse started again.
    ChangedByMeta {
        from: &'static str,
        to: &'static str,
    },
}

impl EncodingSource {
    /// A short kebab-case name of the variant, for reports.
    pub fn kind(self) -> &'static str {
        match self {
            EncodingSource::Bom => "bom",
            EncodingSource::TransportLayer => "transport-layer",
            EncodingSource::Prescan(PrescanMatch::Meta { .. }) => "prescan-meta",
            EncodingSource::Prescan(PrescanMatch::Utf16XmlDeclaration) => {
                "prescan-utf-16-xml-declaration"
            }
            EncodingSource::XmlDeclaration => "xml-declaration",
            EncodingSource::Default => "default",
            EncodingSource::ChangedByMeta { .. } => "changed-by-meta",
        }
    }
}

/// What the prescan matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrescanMatch {
    /// A `meta` element's `charset`, or its `content` with `http-equiv=content-type`;
    /// `offset` is the byte offset of its `<`.
    Meta { offset: usize },
    /// The bytes start with `<?x` in UTF-16 (little- or big-endian).
    Utf16XmlDeclaration,
}

/// The result of the encoding sniffing algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sniffed {
    pub encoding: &'static Encoding,
    pub confidence: Confidence,
    pub source: EncodingSource,
}

/// How a document given as bytes was decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodingReport {
    /// The encoding the returned document was decoded with, by its Encoding Standard
    /// name (`windows-1252`, `UTF-8`, …).
    pub encoding: &'static str,
    /// The confidence at the end of the parse: a tentative encoding that a `meta`
    /// element confirmed is certain, with the source that first gave it.
    pub confidence: Confidence,
    pub source: EncodingSource,
    /// Whether decoding met malformed byte sequences (each became U+FFFD).
    pub malformed_sequences: bool,
    /// The encoding itself, to decode the same bytes again as the parser did
    /// ([`decode`]); its name is [`EncodingReport::encoding`].
    pub decoder: &'static Encoding,
}

/// Parses a document given as bytes: determines its character encoding, decodes it,
/// parses it, and parses it again if a `meta` element changes the encoding.
/// <https://html.spec.whatwg.org/#the-input-byte-stream>
///
/// Fails only as [`parse_document`] does: for the input size limit (checked on the
/// bytes, then on the decoded text) and the deadline.
///
/// ```
/// use litmus_parser::encoding::{Confidence, EncodingSource, PrescanMatch};
/// use litmus_parser::{dump, parse_document_bytes, EncodingOptions, ParseOptions};
///
/// // The prescan finds the meta element's charset: byte 0xB1 is "ą" in ISO-8859-2.
/// let bytes = b"<meta charset=iso-8859-2><p>\xb1";
/// let (document, report) =
///     parse_document_bytes(bytes, &ParseOptions::default(), &EncodingOptions::default())?;
/// assert_eq!(report.encoding, "ISO-8859-2");
/// assert_eq!(report.source, EncodingSource::Prescan(PrescanMatch::Meta { offset: 0 }));
/// // The parse met the same meta element, which made the tentative encoding certain.
/// assert_eq!(report.confidence, Confidence::Certain);
/// assert!(dump::dump(&document).ends_with("|     <p>\n|       \"ą\"\n"));
///
/// // A byte order mark wins over what the transport layer says.
/// let options = EncodingOptions {
///     transport_layer_encoding: Some("windows-1252".into()),
///     ..EncodingOptions::default()
/// };
/// let bytes = b"\xEF\xBB\xBF<p>\xC3\xA9";
/// let (_, report) = parse_document_bytes(bytes, &ParseOptions::default(), &options)?;
/// assert_eq!((report.encoding, report.source), ("UTF-8", EncodingSource::Bom));
/// # Ok::<(), litmus_parser::ParseFailure>(())
/// ```
pub fn parse_document_bytes(
    bytes: &[u8],
    options: &ParseOptions,
    encoding_options: &EncodingOptions,
) -> Result<(Document, EncodingReport), ParseFailure> {
    let max = options.max_input_bytes.min(DEFAULT_MAX_INPUT_BYTES);
    if bytes.len() > max {
        return Err(ParseFailure::InputTooLarge {
            len: bytes.len(),
            max,
        });
    }
    let sniffed = sniff_encoding(bytes, encoding_options);
    let (document, malformed_sequences) = decode_and_parse(bytes, sniffed.encoding, options)?;
    let mut report = EncodingReport {
        encoding: sniffed.encoding.name(),
        confidence: sniffed.confidence,
        source: sniffed.source,
        malformed_sequences,
        decoder: sniffed.encoding,
    };
    if sniffed.confidence != Confidence::Tentative {
        return Ok((document, report));
    }
    // "If the element has a charset attribute, and getting an encoding from its value
    // results in an encoding, and the confidence is currently tentative, then change
    // the encoding to the resulting encoding." (and likewise for http-equiv): only the
    // first such meta element matters, since changing the encoding leaves the
    // confidence certain either way.
    let Some(declared) = encoding_declared_by_a_meta_element(&document) else {
        return Ok((document, report));
    };
    match change_the_encoding(sniffed.encoding, declared) {
        EncodingChange::SetTheConfidenceToCertain => {
            report.confidence = Confidence::Certain;
            Ok((document, report))
        }
        EncodingChange::Restart(new_encoding) => {
            let (document, malformed_sequences) = decode_and_parse(bytes, new_encoding, options)?;
            let report = EncodingReport {
                encoding: new_encoding.name(),
                confidence: Confidence::Certain,
                source: EncodingSource::ChangedByMeta {
                    from: sniffed.encoding.name(),
                    to: new_encoding.name(),
                },
                malformed_sequences,
                decoder: new_encoding,
            };
            Ok((document, report))
        }
    }
}

/// Decodes the bytes with `encoding` and parses the text. Returns the document and
/// whether decoding met malformed byte sequences.
fn decode_and_parse(
    bytes: &[u8],
    encoding: &'static Encoding,
    options: &ParseOptions,
) -> Result<(Document, bool), ParseFailure> {
    let (text, malformed_sequences) = decode(bytes, encoding);
    let document = parse_document(&text, options)?;
    Ok((document, malformed_sequences))
}

/// The Encoding Standard's decode: a byte order mark overrides `encoding` and is
/// dropped; malformed sequences become U+FFFD, as the decoders' error mode
/// "replacement" asks. Returns the text and whether there were malformed sequences.
/// <https://encoding.spec.whatwg.org/#decode>
pub fn decode(bytes: &[u8], encoding: &'static Encoding) -> (String, bool) {
    let (text, _encoding_used, malformed_sequences) = encoding.decode(bytes);
    (text.into_owned(), malformed_sequences)
}
