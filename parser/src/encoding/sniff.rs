//! The encoding sniffing algorithm.
//!
//! <https://html.spec.whatwg.org/#encoding-sniffing-algorithm>
//!
//! litmus has no user override, no parent document, no memory of earlier visits and
//! no frequency analysis, so those steps never return; the rest are taken in the
//! standard's order.

use super::meta::get_an_encoding;
use super::prescan::prescan_a_byte_stream_to_determine_its_encoding;
use super::{Confidence, EncodingOptions, EncodingSource, Sniffed};
use crate::arm_hook::spec_arm;
use crate::spec_arms::Arm;
use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252};

/// Determines the character encoding of `bytes` and the confidence in it.
/// <https://html.spec.whatwg.org/#encoding-sniffing-algorithm>
///
/// ```
/// use litmus_parser::encoding::{sniff_encoding, Confidence, EncodingOptions, EncodingSource};
///
/// // Nothing to go on: the default, windows-1252, which a meta element met during the
/// // parse may still change.
/// let sniffed = sniff_encoding(b"<p>caf\xe9", &EncodingOptions::default());
/// assert_eq!(sniffed.encoding.name(), "windows-1252");
/// assert_eq!(
///     (sniffed.source, sniffed.confidence),
///     (EncodingSource::Default, Confidence::Tentative)
/// );
///
/// // The transport layer's label (from a Content-Type header) is certain.
/// let options = EncodingOptions {
///     transport_layer_encoding: Some("shift_jis".into()),
///     ..EncodingOptions::default()
/// };
/// let sniffed = sniff_encoding(b"<p>", &options);
/// assert_eq!(sniffed.encoding.name(), "Shift_JIS");
/// assert_eq!(
///     (sniffed.source, sniffed.confidence),
///     (EncodingSource::TransportLayer, Confidence::Certain)
/// );
/// ```
pub fn sniff_encoding(bytes: &[u8], options: &EncodingOptions) -> Sniffed {
    // Step 1. "If the result of BOM sniffing is an encoding, return that encoding with
    // confidence certain."
    if let Some(encoding) = bom_sniff(bytes) {
        spec_arm(Arm::SniffingStep1Bom);
        return Sniffed {
            encoding,
            confidence: Confidence::Certain,
            source: EncodingSource::Bom,
        };
    }

    // Step 2. "If the user has explicitly instructed the user agent to override the
    // document's character encoding with a specific encoding, optionally return that
    // encoding with the confidence certain." litmus has no user.

    // Step 3. "The user agent may wait for more bytes of the resource to be
    // available": every byte is here already.

    // Step 4. "If the transport layer specifies a character encoding, and it is
    // supported, return that encoding with the confidence certain."
    let transport_layer_encoding = options
        .transport_layer_encoding
        .as_deref()
        .and_then(|label| get_an_encoding(label.as_bytes()));
    if let Some(encoding) = transport_layer_encoding {
        spec_arm(Arm::SniffingStep4TransportLayer);
        return Sniffed {
            encoding,
            confidence: Confidence::Certain,
            source: EncodingSource::TransportLayer,
        };
    }

    // Step 5. "Optionally, prescan the byte stream to determine its encoding, with the
    // end condition being when the user agent decides that scanning further bytes
    // would not be efficient. User agents are encouraged to only prescan the first
    // 1024 bytes." … "If it returns a character encoding, then return the same
    // encoding, with confidence tentative."
    if let Some((encoding, source)) = prescan_a_byte_stream_to_determine_its_encoding(bytes) {
        spec_arm(Arm::SniffingStep5Prescan);
        return Sniffed {
            encoding,
            confidence: Confidence::Tentative,
            source,
        };
    }

    // Step 6. The parent document's encoding: a litmus document has no container.
    // Step 7. "information on the likely encoding for this page": none.
    // Step 8. Autodetection by frequency analysis: litmus does not guess.

    // Step 9. "Otherwise, return an implementation-defined or user-specified default
    // character encoding, with the confidence tentative." The table's entry for "All
    // other locales" is windows-1252.
    spec_arm(Arm::SniffingStep9Default);
    let encoding = options
        .default_encoding
        .as_deref()
        .and_then(|label| get_an_encoding(label.as_bytes()))
        .unwrap_or(WINDOWS_1252);
    Sniffed {
        encoding,
        confidence: Confidence::Tentative,
        source: EncodingSource::Default,
    }
}

/// BOM sniff: the encoding a byte order mark at the start of `bytes` names.
/// <https://encoding.spec.whatwg.org/#bom-sniff>
pub(crate) fn bom_sniff(bytes: &[u8]) -> Option<&'static Encoding> {
    // "1. Let BOM be the result of peeking 3 bytes from ioQueue, converted to a byte
    // sequence.
    // 2. For each of the rows in the table below, starting with the first one and
    // going down, if BOM starts with the bytes given in the first column, then return
    // the encoding given in the cell in the second column of that row. Otherwise,
    // return null."
    if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        Some(UTF_8)
    } else if bytes.starts_with(&[0xFE, 0xFF]) {
        Some(UTF_16BE)
    } else if bytes.starts_with(&[0xFF, 0xFE]) {
        Some(UTF_16LE)
    } else {
        None
    }
}
