//! Byte-level cases: a generated document turned into bytes the way real pages arrive,
//! for the encoding sniffing algorithm (§13.2.3.2) and the decoders behind it.
//!
//! A byte case starts from a generated document (the text soup of [`super::Generator`])
//! and, each drawn independently from the case's own stream:
//!
//! - encodes it in one of [`ENCODINGS`] (characters the encoding cannot write become
//!   numeric character references, as the Encoding Standard's HTML encode does; the
//!   UTF-16 encodings are written by hand, encoding_rs has no UTF-16 encoder);
//! - puts a byte order mark in front, sometimes one that disagrees with the encoding;
//! - declares an encoding (often another one) with `<meta charset>`, `<meta
//!   http-equiv=content-type content="…; charset=…">` or an `<?xml … encoding=…?>`
//!   declaration, at the start, after some markup, inside a comment or an attribute
//!   where the prescan must not see it, or after 1024 bytes of padding where the
//!   prescan stops and only "change the encoding" sees it;
//! - breaks some byte sequences: lone lead bytes, cut multi-byte sequences, bytes
//!   that no encoding maps.
//!
//! What the harness does with the bytes is in `campaign/job.rs` (`--bytes`): the
//! reference parser determines the encoding and decodes; html5ever, which has no
//! prescan, parses the text decoded with the same encoding.

use super::soup::Soup;
use litmus_parser::encoding::{Encoding, UTF_8};

/// The encodings a byte case is written in, by Encoding Standard label.
pub const ENCODINGS: &[&str] = &[
    "utf-8",
    "windows-1252",
    "iso-8859-2",
    "windows-1251",
    "koi8-r",
    "shift_jis",
    "euc-jp",
    "iso-2022-jp",
    "gbk",
    "gb18030",
    "big5",
    "euc-kr",
    "utf-16le",
    "utf-16be",
];

/// Labels a declaration may name: the encodings above in other spellings, and labels
/// with special rules (`utf-16` in a meta is UTF-8; `x-user-defined` is windows-1252)
/// or none at all.
const DECLARED_LABELS: &[&str] = &[
    "utf-8",
    "UTF8",
    " latin1 ",
    "iso-8859-1",
    "windows-1252",
    "ISO_8859-2",
    "cp1251",
    "koi8-r",
    "shift_jis",
    "sjis",
    "euc-jp",
    "csiso2022jp",
    "gb2312",
    "big5",
    "euc-kr",
    "utf-16",
    "utf-16be",
    "x-user-defined",
    "replacement",
    "no-such-encoding",
    "",
];

/// A document as bytes, and how it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByteCase {
    pub bytes: Vec<u8>,
    /// The encoding the text was written in (a label of [`ENCODINGS`]).
    pub written_in: &'static str,
}

/// Turns `text` into a byte case.
pub(crate) fn byte_case(soup: &mut Soup<'_>, text: &str) -> ByteCase {
    let written_in = soup.pick(ENCODINGS);
    let mut document = String::new();
    let declaration = declaration(soup);
    let placement = soup.below(6);
    match placement {
        // At the start, where the prescan sees it first.
        0 | 1 => {
            document.push_str(&declaration);
            document.push_str(text);
        }
        // After the generated markup (the prescan may or may not reach it).
        2 => {
            document.push_str(text);
            document.push_str(&declaration);
        }
        // Where the prescan must skip it: in a comment, or in an attribute value.
        3 => {
            document.push_str("<!-- ");
            document.push_str(&declaration);
            document.push_str(" -->");
            document.push_str(text);
        }
        // Past the 1024 bytes the prescan reads: only "change the encoding" sees it.
        4 => {
            document.push_str("<!--");
            document.push_str(&"p".repeat(1024));
            document.push_str("-->");
            document.push_str(&declaration);
            document.push_str(text);
        }
        // No declaration at all: the BOM or the default decides.
        _ => document.push_str(text),
    }
    let mut bytes = encode(&document, written_in);
    if soup.chance(0.2) {
        let bom: &[u8] = match soup.below(3) {
            0 => b"\xEF\xBB\xBF",
            1 => b"\xFF\xFE",
            _ => b"\xFE\xFF",
        };
        bytes.splice(0..0, bom.iter().copied());
    }
    if soup.chance(0.3) {
        break_sequences(soup, &mut bytes);
    }
    ByteCase { bytes, written_in }
}

/// A declaration of an encoding, in one of the forms the prescan and "change the
/// encoding" read.
fn declaration(soup: &mut Soup<'_>) -> String {
    let label = soup.pick(DECLARED_LABELS);
    match soup.below(6) {
        0 => format!("<meta charset={label}>"),
        1 => format!("<meta charset=\"{label}\">"),
        2 => format!("<META http-equiv=Content-Type content=\"text/html; charset={label}\">"),
        3 => format!("<meta content='text/html;charset=\"{label}\"' http-equiv='content-type'>"),
        4 => format!("<?xml version=\"1.0\" encoding=\"{label}\"?>"),
        _ => format!("<meta name=x charset='{label}' charset=utf-8>"),
    }
}

/// Encodes `text` in the encoding with this label.
fn encode(text: &str, label: &str) -> Vec<u8> {
    match label {
        "utf-16le" => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        "utf-16be" => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        _ => {
            let encoding = Encoding::for_label(label.as_bytes()).unwrap_or(UTF_8);
            encoding.encode(text).0.into_owned()
        }
    }
}

/// Breaks a few byte sequences: lone lead bytes, cut sequences, unmapped bytes.
fn break_sequences(soup: &mut Soup<'_>, bytes: &mut Vec<u8>) {
    const BROKEN: &[&[u8]] = &[
        b"\xC3",
        b"\xE2\x82",
        b"\xF0\x9F\x98",
        b"\x80",
        b"\xFF",
        b"\x81",
        b"\x8E",
        b"\x1B$B",
        b"\xA1",
        b"\xED\xA0\x80",
        b"\x00",
    ];
    for _ in 0..1 + soup.below(3) {
        let at = soup.below(bytes.len() + 1);
        let broken = soup.pick(BROKEN);
        bytes.splice(at..at, broken.iter().copied());
    }
}
