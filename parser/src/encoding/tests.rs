//! The encoding sniffing algorithm, the prescan's corner cases, decoding, and the
//! re-parse when a `meta` element changes the encoding.

use super::*;
use crate::dom::NodeKind;
use encoding_rs::{
    EUC_JP, ISO_8859_2, SHIFT_JIS, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252, WINDOWS_1253,
};

fn sniff(bytes: &[u8]) -> Sniffed {
    sniff_encoding(bytes, &EncodingOptions::default())
}

fn sniff_with_transport(bytes: &[u8], label: &str) -> Sniffed {
    let options = EncodingOptions {
        transport_layer_encoding: Some(label.to_owned()),
        default_encoding: None,
    };
    sniff_encoding(bytes, &options)
}

/// The encoding the prescan (or the XML declaration after it) gives, if any.
fn prescan(bytes: &[u8]) -> Option<&'static Encoding> {
    let sniffed = sniff(bytes);
    match sniffed.source {
        EncodingSource::Default => None,
        _ => Some(sniffed.encoding),
    }
}

fn tentative(encoding: &'static Encoding, source: EncodingSource) -> Sniffed {
    Sniffed {
        encoding,
        confidence: Confidence::Tentative,
        source,
    }
}

fn certain(encoding: &'static Encoding, source: EncodingSource) -> Sniffed {
    Sniffed {
        encoding,
        confidence: Confidence::Certain,
        source,
    }
}

fn meta_at(offset: usize) -> EncodingSource {
    EncodingSource::Prescan(PrescanMatch::Meta { offset })
}

// BOM sniffing and the transport layer.

#[test]
fn a_byte_order_mark_is_certain_and_wins_over_everything() {
    let utf8 = b"\xEF\xBB\xBF<meta charset=euc-jp>";
    assert_eq!(sniff(utf8), certain(UTF_8, EncodingSource::Bom));
    assert_eq!(
        sniff(b"\xFE\xFF\0<"),
        certain(UTF_16BE, EncodingSource::Bom)
    );
    assert_eq!(
        sniff(b"\xFF\xFE<\0"),
        certain(UTF_16LE, EncodingSource::Bom)
    );
    assert_eq!(
        sniff_with_transport(b"\xFF\xFE<\0", "shift_jis"),
        certain(UTF_16LE, EncodingSource::Bom)
    );
    // Two bytes of a UTF-8 BOM are no BOM.
    assert_eq!(sniff(b"\xEF\xBB").source, EncodingSource::Default);
}

#[test]
fn the_transport_layer_encoding_is_a_label_and_certain() {
    let bytes = b"<meta charset=euc-jp>";
    assert_eq!(
        sniff_with_transport(bytes, " Shift_JIS "),
        certain(SHIFT_JIS, EncodingSource::TransportLayer)
    );
    assert_eq!(
        sniff_with_transport(bytes, "latin1"),
        certain(WINDOWS_1252, EncodingSource::TransportLayer)
    );
    // A label that names no encoding is not "supported": the prescan decides.
    assert_eq!(
        sniff_with_transport(bytes, "no-such-encoding"),
        tentative(EUC_JP, meta_at(0))
    );
}

#[test]
fn the_default_is_windows_1252_or_the_callers_and_tentative() {
    assert_eq!(
        sniff(b"<p>plain"),
        tentative(WINDOWS_1252, EncodingSource::Default)
    );
    assert_eq!(sniff(b""), tentative(WINDOWS_1252, EncodingSource::Default));
    let options = EncodingOptions {
        transport_layer_encoding: None,
        default_encoding: Some("windows-1253".to_owned()),
    };
    assert_eq!(
        sniff_encoding(b"<p>", &options),
        tentative(WINDOWS_1253, EncodingSource::Default)
    );
    let options = EncodingOptions {
        transport_layer_encoding: None,
        default_encoding: Some("bogus".to_owned()),
    };
    assert_eq!(sniff_encoding(b"<p>", &options).encoding, WINDOWS_1252);
}

// The prescan.

#[test]
fn meta_charset_in_its_spellings() {
    assert_eq!(
        sniff(b"<!DOCTYPE html>\n<meta charset=\"utf-8\">"),
        tentative(UTF_8, meta_at(16))
    );
    assert_eq!(prescan(b"<meta charset='euc-jp'>"), Some(EUC_JP));
    assert_eq!(prescan(b"<META CHARSET=EUC-JP>"), Some(EUC_JP));
    assert_eq!(prescan(b"<meta\ncharset = \t euc-jp >"), Some(EUC_JP));
    assert_eq!(prescan(b"<meta/charset=euc-jp>"), Some(EUC_JP));
    assert_eq!(prescan(b"<meta x charset=euc-jp>"), Some(EUC_JP));
    // Not a meta tag: `<metacharset` and `<metax`.
    assert_eq!(prescan(b"<metacharset=euc-jp>"), None);
    assert_eq!(prescan(b"<metax charset=euc-jp>"), None);
    // An end tag's attributes are skipped.
    assert_eq!(prescan(b"</meta charset=euc-jp>"), None);
}

#[test]
fn attributes_without_values_and_duplicates() {
    // `charset` with no value: getting an encoding from "" fails.
    assert_eq!(
        prescan(b"<meta charset><meta charset=euc-jp>"),
        Some(EUC_JP)
    );
    assert_eq!(prescan(b"<meta charset>"), None);
    // The first of two attributes with one name counts.
    assert_eq!(
        prescan(b"<meta charset=euc-jp charset=utf-8>"),
        Some(EUC_JP)
    );
    // A bogus charset stops the meta even with a content declaration after it.
    assert_eq!(
        prescan(b"<meta charset=bogus http-equiv=content-type content='charset=utf-8'>"),
        None
    );
    // `=` with no name before it starts a name.
    assert_eq!(prescan(b"<meta =x charset=euc-jp>"), Some(EUC_JP));
}

#[test]
fn quotes_hide_what_is_inside_them() {
    assert_eq!(prescan(b"<meta test=\"x charset=euc-jp\">"), None);
    assert_eq!(
        prescan(b"<p title='<meta charset=euc-jp>'><meta charset=utf-8>"),
        Some(UTF_8)
    );
    // An unquoted value ends at a space, so a quote inside it does not open a string.
    assert_eq!(prescan(b"<meta test=x\" charset=euc-jp>"), Some(EUC_JP));
    // An unclosed quote runs to the end: no encoding.
    assert_eq!(prescan(b"<meta charset=\"euc-jp>"), None);
}

#[test]
fn http_equiv_content_type_with_charset_inside_content() {
    let declared = b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=euc-jp\">";
    assert_eq!(prescan(declared), Some(EUC_JP));
    let reversed = b"<meta content=\"text/html; charset=euc-jp\" http-equiv=Content-Type>";
    assert_eq!(prescan(reversed), Some(EUC_JP));
    // content without the pragma declares nothing.
    assert_eq!(
        prescan(b"<meta content=\"text/html; charset=euc-jp\">"),
        None
    );
    assert_eq!(
        prescan(b"<meta http-equiv=refresh content=\"charset=euc-jp\">"),
        None
    );
    // charset= beats content, in either order.
    let both = b"<meta content='charset=utf-8' http-equiv=content-type charset=euc-jp>";
    assert_eq!(prescan(both), Some(EUC_JP));
    let both = b"<meta charset=euc-jp content='charset=utf-8' http-equiv=content-type>";
    assert_eq!(prescan(both), Some(EUC_JP));
    // An unmatched quote in content is "nothing".
    let unmatched = b"<meta http-equiv=content-type content=\"charset='utf-8\">";
    assert_eq!(prescan(unmatched), None);
}

#[test]
fn comments_and_other_markup_are_skipped() {
    assert_eq!(
        prescan(b"<!-- <meta charset=euc-jp> --><meta charset=utf-8>"),
        Some(UTF_8)
    );
    // `<!-->` is a whole comment: its dashes are those of `<!--`.
    assert_eq!(prescan(b"<!--><meta charset=euc-jp>"), Some(EUC_JP));
    assert_eq!(prescan(b"<!---><meta charset=euc-jp>-->"), Some(EUC_JP));
    // A comment ends only at `-->`.
    assert_eq!(prescan(b"<!-- -> <meta charset=euc-jp>"), None);
    assert_eq!(
        prescan(b"<!DOCTYPE html><?php x ?></p ><meta charset=euc-jp>"),
        Some(EUC_JP)
    );
    // A bogus `<!x>` ends at the first `>`, hiding nothing after it.
    assert_eq!(prescan(b"<!x <meta charset=utf-8>"), None);
}

#[test]
fn a_meta_past_the_first_1024_bytes_is_not_prescanned() {
    let mut bytes = b"<title>".to_vec();
    bytes.resize(PRESCAN_BYTES - b"<meta charset=utf-8>".len(), b'x');
    bytes.extend_from_slice(b"<meta charset=utf-8>");
    assert_eq!(bytes.len(), PRESCAN_BYTES);
    assert_eq!(prescan(&bytes), Some(UTF_8));
    // One byte more and the tag's `>` is past the end condition.
    bytes.insert(10, b'x');
    assert_eq!(prescan(&bytes), None);
}

#[test]
fn the_meta_special_cases() {
    assert_eq!(prescan(b"<meta charset=utf-16>"), Some(UTF_8));
    assert_eq!(prescan(b"<meta charset=utf-16be>"), Some(UTF_8));
    assert_eq!(
        prescan(b"<meta charset=x-user-defined>"),
        Some(WINDOWS_1252)
    );
}

#[test]
fn xml_declarations() {
    let declaration = b"<?xml version=\"1.0\" encoding=\"ISO-8859-2\"?><p>";
    assert_eq!(
        sniff(declaration),
        tentative(ISO_8859_2, EncodingSource::XmlDeclaration)
    );
    assert_eq!(prescan(b"<?xml encoding = 'euc-jp' ?>"), Some(EUC_JP));
    assert_eq!(prescan(b"<?xml encoding='utf-16le'?>"), Some(UTF_8));
    // Only at the very start, in lower case, with a quoted name free of spaces.
    assert_eq!(prescan(b" <?xml encoding='euc-jp'?>"), None);
    assert_eq!(prescan(b"<?XML encoding='euc-jp'?>"), None);
    assert_eq!(prescan(b"<?xml encoding=euc-jp?>"), None);
    assert_eq!(prescan(b"<?xml encoding='euc jp'?>"), None);
    assert_eq!(prescan(b"<?xml encoding='euc-jp'"), None);
    // A meta after the declaration wins: the prescan found something.
    assert_eq!(
        prescan(b"<?xml encoding='euc-jp'?><meta charset=utf-8>"),
        Some(UTF_8)
    );
}

#[test]
fn utf16_xml_declarations() {
    let little = sniff(b"<\0?\0x\0m\0l\0");
    let utf16 = EncodingSource::Prescan(PrescanMatch::Utf16XmlDeclaration);
    assert_eq!(little, tentative(UTF_16LE, utf16));
    assert_eq!(sniff(b"\0<\0?\0x\0m\0l"), tentative(UTF_16BE, utf16));
    // The prefix is `<?x`, six bytes: five are not enough.
    assert_eq!(prescan(b"<\0?\0x"), None);
}

#[test]
fn running_out_of_bytes_inside_a_tag_finds_nothing() {
    for bytes in [
        &b"<meta"[..],
        b"<",
        b"<!",
        b"<meta charset = \"",
        b"<meta charset=euc-jp",
        b"<meta charset    ",
        b"<p title=\"x><meta charset=euc-jp>",
    ] {
        assert_eq!(prescan(bytes), None, "{:?}", String::from_utf8_lossy(bytes));
    }
}

// Decoding.

#[test]
fn malformed_sequences_decode_to_replacement_characters() {
    assert_eq!(
        decode(b"a\xC3(b\xE2\x82", UTF_8),
        ("a\u{FFFD}(b\u{FFFD}".into(), true)
    );
    assert_eq!(
        decode(b"\x82\xA0\x81", SHIFT_JIS),
        ("\u{3042}\u{FFFD}".into(), true)
    );
    assert_eq!(
        decode(b"\xA4\xA2\xA4", EUC_JP),
        ("\u{3042}\u{FFFD}".into(), true)
    );
    // 0xAA is unmapped in windows-1253.
    assert_eq!(
        decode(b"\xE1\xAA", WINDOWS_1253),
        ("\u{3B1}\u{FFFD}".into(), true)
    );
    // A lone surrogate in UTF-16LE.
    assert_eq!(
        decode(b"a\0\x00\xD8b\0", UTF_16LE),
        ("a\u{FFFD}b".into(), true)
    );
    // windows-1252 maps every byte.
    assert_eq!(
        decode(b"caf\xE9\x81", WINDOWS_1252),
        ("caf\u{E9}\u{81}".into(), false)
    );
}

#[test]
fn decode_drops_a_byte_order_mark() {
    assert_eq!(decode(b"\xEF\xBB\xBFa", UTF_8), ("a".into(), false));
    assert_eq!(decode(b"\xFF\xFEa\0", WINDOWS_1252), ("a".into(), false));
}

// The entry point.

/// All the text of the document, in arena order.
fn all_text(document: &Document) -> String {
    (0..document.node_count())
        .map(|index| crate::dom::NodeId::from_index(index as u32))
        .filter_map(|node| match document.kind(node) {
            NodeKind::Text(text) => Some(text),
            _ => None,
        })
        .collect()
}

fn parse_bytes(bytes: &[u8]) -> (Document, EncodingReport) {
    parse_document_bytes(bytes, &ParseOptions::default(), &EncodingOptions::default())
        .expect("no limit is reached")
}

#[test]
fn the_entry_point_decodes_with_the_sniffed_encoding() {
    let (document, report) = parse_bytes(b"\xEF\xBB\xBF<p>caf\xC3\xA9");
    assert_eq!(all_text(&document), "caf\u{E9}");
    assert_eq!(
        report,
        EncodingReport {
            encoding: "UTF-8",
            confidence: Confidence::Certain,
            source: EncodingSource::Bom,
            malformed_sequences: false,
            decoder: UTF_8,
        }
    );
    let (document, report) = parse_bytes(b"<p>caf\xE9");
    assert_eq!(all_text(&document), "caf\u{E9}");
    assert_eq!(report.encoding, "windows-1252");
    assert_eq!(report.confidence, Confidence::Tentative);
    assert_eq!(report.source, EncodingSource::Default);
}

#[test]
fn malformed_sequences_are_reported() {
    let (document, report) = parse_bytes(b"<meta charset=utf-8><p>a\xFFb");
    assert_eq!(all_text(&document), "a\u{FFFD}b");
    assert!(report.malformed_sequences);
    assert_eq!(
        report.confidence,
        Confidence::Certain,
        "the meta confirmed it"
    );
    assert_eq!(report.source, meta_at(0));
}

#[test]
fn the_input_limit_applies_to_the_bytes() {
    let options = ParseOptions {
        max_input_bytes: 4,
        ..ParseOptions::default()
    };
    let result = parse_document_bytes(b"<p>hello", &options, &EncodingOptions::default());
    assert_eq!(
        result.err(),
        Some(ParseFailure::InputTooLarge { len: 8, max: 4 })
    );
}

/// `<head><title>` with `filler` bytes of title text, then a meta and a paragraph: the
/// meta lies past the prescan when `filler` is large.
fn late_meta(filler: usize, meta: &str, paragraph: &[u8]) -> Vec<u8> {
    let mut bytes = b"<!DOCTYPE html><head><title>".to_vec();
    bytes.resize(bytes.len() + filler, b'x');
    bytes.extend_from_slice(b"</title>");
    bytes.extend_from_slice(meta.as_bytes());
    bytes.extend_from_slice(b"<p>");
    bytes.extend_from_slice(paragraph);
    bytes
}

#[test]
fn a_late_meta_changes_the_encoding_and_the_parse_starts_again() {
    let bytes = late_meta(PRESCAN_BYTES, "<meta charset=utf-8>", b"caf\xC3\xA9");
    assert_eq!(
        sniff(&bytes).encoding,
        WINDOWS_1252,
        "the prescan misses it"
    );
    let (document, report) = parse_bytes(&bytes);
    assert_eq!(
        report,
        EncodingReport {
            encoding: "UTF-8",
            confidence: Confidence::Certain,
            source: EncodingSource::ChangedByMeta {
                from: "windows-1252",
                to: "UTF-8",
            },
            malformed_sequences: false,
            decoder: UTF_8,
        }
    );
    assert!(all_text(&document).ends_with("caf\u{E9}"));
}

#[test]
fn a_late_meta_naming_the_same_encoding_makes_it_certain() {
    let bytes = late_meta(PRESCAN_BYTES, "<meta charset=latin1>", b"caf\xE9");
    let (document, report) = parse_bytes(&bytes);
    assert_eq!(report.encoding, "windows-1252");
    assert_eq!(report.confidence, Confidence::Certain);
    assert_eq!(report.source, EncodingSource::Default);
    assert!(all_text(&document).ends_with("caf\u{E9}"));
}

#[test]
fn a_late_http_equiv_changes_the_encoding() {
    let meta = "<meta http-equiv=Content-Type content='text/html; charset=euc-jp'>";
    let bytes = late_meta(PRESCAN_BYTES, meta, b"\xA4\xA2");
    let (document, report) = parse_bytes(&bytes);
    assert_eq!(report.encoding, "EUC-JP");
    assert!(all_text(&document).ends_with("\u{3042}"));
}

#[test]
fn a_late_meta_naming_utf16_or_x_user_defined() {
    let (_, report) = parse_bytes(&late_meta(PRESCAN_BYTES, "<meta charset=utf-16>", b""));
    assert_eq!(
        report.source,
        EncodingSource::ChangedByMeta {
            from: "windows-1252",
            to: "UTF-8"
        }
    );
    let x_user_defined = late_meta(PRESCAN_BYTES, "<meta charset=x-user-defined>", b"");
    let (_, report) = parse_bytes(&x_user_defined);
    assert_eq!(report.encoding, "windows-1252");
    assert_eq!(report.confidence, Confidence::Certain);
    assert_eq!(report.source, EncodingSource::Default);
}

#[test]
fn only_the_first_declaring_meta_counts() {
    let metas = "<meta charset=latin1><meta charset=utf-8>";
    let (_, report) = parse_bytes(&late_meta(PRESCAN_BYTES, metas, b""));
    assert_eq!(report.encoding, "windows-1252");
    assert_eq!(report.confidence, Confidence::Certain);
}

#[test]
fn a_certain_encoding_is_never_changed() {
    let bytes = late_meta(PRESCAN_BYTES, "<meta charset=utf-8>", b"caf\xE9");
    let options = EncodingOptions {
        transport_layer_encoding: Some("windows-1252".to_owned()),
        default_encoding: None,
    };
    let (document, report) =
        parse_document_bytes(&bytes, &ParseOptions::default(), &options).unwrap();
    assert_eq!(report.encoding, "windows-1252");
    assert_eq!(report.source, EncodingSource::TransportLayer);
    assert!(all_text(&document).ends_with("caf\u{E9}"));
}

#[test]
fn a_meta_in_a_comment_or_attribute_changes_nothing() {
    let bytes = late_meta(PRESCAN_BYTES, "<!--<meta charset=utf-8>-->", b"");
    let (_, report) = parse_bytes(&bytes);
    assert_eq!(report.confidence, Confidence::Tentative);
    let bytes = late_meta(PRESCAN_BYTES, "<p title='<meta charset=utf-8>'>", b"");
    let (_, report) = parse_bytes(&bytes);
    assert_eq!(report.confidence, Confidence::Tentative);
}

#[test]
fn a_meta_in_body_changes_the_encoding_too() {
    let mut bytes = b"<p>".to_vec();
    bytes.resize(2000, b'x');
    bytes.extend_from_slice(b"<div><meta charset=euc-jp></div>");
    let (_, report) = parse_bytes(&bytes);
    assert_eq!(report.encoding, "EUC-JP");
}

#[test]
fn metas_count_in_the_order_tree_construction_met_them() {
    // The second meta is foster-parented before the table: first in tree order, but
    // met second.
    let metas = "<table><tr><td><meta charset=shift_jis></td><meta charset=euc-jp></table>";
    let mut bytes = b"<p>".to_vec();
    bytes.resize(2000, b'x');
    bytes.extend_from_slice(metas.as_bytes());
    let (document, report) = parse_bytes(&bytes);
    assert_eq!(report.encoding, "Shift_JIS");
    let in_tree_order = crate::dump::dump(&document);
    let euc_jp = in_tree_order
        .find("euc-jp")
        .expect("the foster-parented meta");
    let shift_jis = in_tree_order
        .find("shift_jis")
        .expect("the meta in the cell");
    assert!(euc_jp < shift_jis, "{in_tree_order}");
}
