//! Prescan a byte stream to determine its encoding, and get an XML encoding.
//!
//! <https://html.spec.whatwg.org/#prescan-a-byte-stream-to-determine-its-encoding>
//!
//! The prescan reads the first [`PRESCAN_BYTES`] bytes. "If at any point during these
//! steps (including during instances of the get an attribute algorithm invoked by this
//! one) the user agent either runs out of bytes (meaning the position pointer created
//! in the first step below goes beyond the end of the byte stream obtained so far) or
//! reaches its end condition, then abort the prescan a byte stream to determine its
//! encoding algorithm and return the result of get an XML encoding applied to the same
//! bytes that the prescan a byte stream to determine its encoding algorithm was applied
//! to." Here both are one event, [`RanOut`], raised by every read past the end.

use super::meta::{extract_a_character_encoding_from_a_meta_element, get_an_encoding};
use super::{EncodingSource, PrescanMatch};
use crate::arm_hook::spec_arm;
use crate::spec_arms::Arm;
use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252, X_USER_DEFINED};

/// How many bytes the prescan reads: "User agents are encouraged to only prescan the
/// first 1024 bytes."
pub const PRESCAN_BYTES: usize = 1024;

/// The prescan ran out of bytes, or reached its end condition.
#[derive(Debug)]
struct RanOut;

/// An attribute as "get an attribute" sniffs it: name and value with ASCII upper case
/// letters made lower case, every other byte kept as the code point of its value.
#[derive(Debug, PartialEq, Eq)]
struct Attribute {
    name: Vec<u8>,
    value: Vec<u8>,
}

/// The charset variable of the `meta` steps: "the null value (which, for the purposes
/// of this algorithm, is distinct from an unrecognized encoding or the empty string)",
/// failure, or an encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Charset {
    Null,
    Failure,
    Encoding(&'static Encoding),
}

/// What the prescan found, as the encoding and where it came from.
type Found = (&'static Encoding, EncodingSource);

/// Prescan a byte stream to determine its encoding. `None` is failure.
/// <https://html.spec.whatwg.org/#prescan-a-byte-stream-to-determine-its-encoding>
pub(crate) fn prescan_a_byte_stream_to_determine_its_encoding(bytes: &[u8]) -> Option<Found> {
    let bytes = &bytes[..bytes.len().min(PRESCAN_BYTES)];
    let mut prescan = Prescan { bytes, position: 0 };
    match prescan.run() {
        Ok(found) => Some(found),
        Err(RanOut) => {
            spec_arm(Arm::PrescanRanOut);
            get_an_xml_encoding(bytes).map(|encoding| (encoding, EncodingSource::XmlDeclaration))
        }
    }
}

struct Prescan<'a> {
    bytes: &'a [u8],
    position: usize,
}

impl Prescan<'_> {
    /// The byte at position, or [`RanOut`] when position is past the end.
    fn byte(&self) -> Result<u8, RanOut> {
        self.bytes.get(self.position).copied().ok_or(RanOut)
    }

    fn starts_with(&self, prefix: &[u8]) -> bool {
        self.bytes[self.position..].starts_with(prefix)
    }

    fn run(&mut self) -> Result<Found, RanOut> {
        // Step 1. "Let position be a pointer to a byte in the input byte stream,
        // initially pointing at the first byte."
        self.position = 0;

        // Step 2. "Prescan for UTF-16 XML declarations: If position points to:"
        // -> "A sequence of bytes starting with: 0x3C, 0x0, 0x3F, 0x0, 0x78, 0x0
        //    (case-sensitive UTF-16 little-endian '<?x')": "Return UTF-16LE."
        // -> "A sequence of bytes starting with: 0x0, 0x3C, 0x0, 0x3F, 0x0, 0x78
        //    (case-sensitive UTF-16 big-endian '<?x')": "Return UTF-16BE."
        // "For historical reasons, the prefix is two bytes longer than in Appendix F
        // of XML and the encoding name is not checked."
        let utf16_xml_declaration = EncodingSource::Prescan(PrescanMatch::Utf16XmlDeclaration);
        if self.starts_with(&[0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00]) {
            spec_arm(Arm::PrescanUtf16XmlDeclaration);
            return Ok((UTF_16LE, utf16_xml_declaration));
        }
        if self.starts_with(&[0x00, 0x3C, 0x00, 0x3F, 0x00, 0x78]) {
            spec_arm(Arm::PrescanUtf16XmlDeclaration);
            return Ok((UTF_16BE, utf16_xml_declaration));
        }

        loop {
            // Step 3. "Loop: If position points to:" …
            if let Some(found) = self.loop_step()? {
                return Ok(found);
            }
            // Step 4. "Next byte: Move position so it points at the next byte in the
            // input byte stream, and return to the step above labeled loop."
            self.position += 1;
        }
    }

    /// One pass of the step labeled loop: `Some` when a `meta` gave the encoding,
    /// `None` to go on to the step labeled next byte.
    fn loop_step(&mut self) -> Result<Option<Found>, RanOut> {
        self.byte()?;
        if self.starts_with(b"<!--") {
            // -> "A sequence of bytes starting with: 0x3C 0x21 0x2D 0x2D (`<!--`)"
            spec_arm(Arm::PrescanComment);
            self.skip_comment()?;
        } else if self.starts_with_meta() {
            // -> "A sequence of bytes starting with: 0x3C, 0x4D or 0x6D, 0x45 or 0x65,
            //    0x54 or 0x74, 0x41 or 0x61, and one of 0x09, 0x0A, 0x0C, 0x0D, 0x20,
            //    0x2F (case-insensitive ASCII '<meta' followed by a space or slash)"
            spec_arm(Arm::PrescanMeta);
            return self.meta();
        } else if self.starts_with_tag() {
            // -> "A sequence of bytes starting with a 0x3C byte (<), optionally a 0x2F
            //    byte (/), and finally a byte in the range 0x41-0x5A or 0x61-0x7A (A-Z
            //    or a-z)"
            spec_arm(Arm::PrescanTag);
            self.skip_tag()?;
        } else if self.starts_with(b"<!") || self.starts_with(b"</") || self.starts_with(b"<?") {
            // -> "A sequence of bytes starting with: 0x3C 0x21 (`<!`)"
            // -> "A sequence of bytes starting with: 0x3C 0x2F (`</`)"
            // -> "A sequence of bytes starting with: 0x3C 0x3F (`<?`)"
            //    "Advance the position pointer so that it points at the first 0x3E byte
            //    (>) that comes after the 0x3C byte that was found."
            spec_arm(Arm::PrescanBangSolidusQuestionMark);
            self.position += 1;
            while self.byte()? != b'>' {
                self.position += 1;
            }
        }
        // -> "Any other byte": "Do nothing with that byte."
        else {
            spec_arm(Arm::PrescanAnyOtherByte);
        }
        Ok(None)
    }

    /// "Advance the position pointer so that it points at the first 0x3E byte which is
    /// preceded by two 0x2D bytes (i.e. at the end of an ASCII '-->' sequence) and
    /// comes after the 0x3C byte that was found. (The two 0x2D bytes can be the same as
    /// those in the '<!--' sequence.)"
    fn skip_comment(&mut self) -> Result<(), RanOut> {
        // The earliest such byte is the one right after `<!--`.
        self.position += 4;
        loop {
            let ends_a_comment = self.byte()? == b'>'
                && self.bytes[self.position - 2] == b'-'
                && self.bytes[self.position - 1] == b'-';
            if ends_a_comment {
                return Ok(());
            }
            self.position += 1;
        }
    }

    fn starts_with_meta(&self) -> bool {
        let rest = &self.bytes[self.position..];
        rest.len() >= 6
            && rest[..5].eq_ignore_ascii_case(b"<meta")
            && matches!(rest[5], 0x09 | 0x0A | 0x0C | 0x0D | 0x20 | 0x2F)
    }

    fn starts_with_tag(&self) -> bool {
        let rest = &self.bytes[self.position..];
        match rest {
            [b'<', b'/', letter, ..] | [b'<', letter, ..] => letter.is_ascii_alphabetic(),
            _ => false,
        }
    }

    /// The steps for `<meta` followed by a space or slash. `Some` is step "Return
    /// charset"; `None` is a jump to the step labeled next byte.
    fn meta(&mut self) -> Result<Option<Found>, RanOut> {
        let offset = self.position;
        // Step 1. "Advance the position pointer so that it points at the next 0x09,
        // 0x0A, 0x0C, 0x0D, 0x20, or 0x2F byte (the one in sequence of characters
        // matched above)."
        self.position += 5;
        // Step 2. "Let attribute list be an empty list of strings."
        let mut attribute_list: Vec<Vec<u8>> = Vec::new();
        // Step 3. "Let got pragma be false."
        let mut got_pragma = false;
        // Step 4. "Let need pragma be null."
        let mut need_pragma: Option<bool> = None;
        // Step 5. "Let charset be the null value."
        let mut charset = Charset::Null;

        // Step 6. "Attributes: Get an attribute and its value. If no attribute was
        // sniffed, then jump to the processing step below."
        while let Some(attribute) = self.get_an_attribute()? {
            // Step 7. "If the attribute's name is already in attribute list, then
            // return to the step labeled attributes."
            if attribute_list.contains(&attribute.name) {
                continue;
            }
            // Step 8. "Add the attribute's name to attribute list."
            attribute_list.push(attribute.name.clone());
            // Step 9. "Run the appropriate step from the following list, if one
            // applies:"
            match attribute.name.as_slice() {
                // -> "If the attribute's name is "http-equiv"": "If the attribute's
                //    value is "content-type", then set got pragma to true."
                b"http-equiv" if attribute.value == b"content-type" => {
                    spec_arm(Arm::PrescanMetaHttpEquivContentType);
                    got_pragma = true;
                }
                // -> "If the attribute's name is "content"": "Apply the algorithm for
                //    extracting a character encoding from a meta element, giving the
                //    attribute's value as the string to parse. If a character encoding
                //    is returned, and if charset is still set to null, let charset be
                //    the encoding returned, and set need pragma to true."
                b"content" => {
                    spec_arm(Arm::PrescanMetaContent);
                    let extracted =
                        extract_a_character_encoding_from_a_meta_element(&attribute.value);
                    if let Some(encoding) = extracted {
                        if charset == Charset::Null {
                            charset = Charset::Encoding(encoding);
                            need_pragma = Some(true);
                        }
                    }
                }
                // -> "If the attribute's name is "charset"": "Let charset be the result
                //    of getting an encoding from the attribute's value, and set need
                //    pragma to false."
                b"charset" => {
                    spec_arm(Arm::PrescanMetaCharset);
                    charset = match get_an_encoding(&attribute.value) {
                        Some(encoding) => Charset::Encoding(encoding),
                        None => Charset::Failure,
                    };
                    need_pragma = Some(false);
                }
                _ => {}
            }
            // Step 10. "Return to the step labeled attributes."
        }

        // Step 11. "Processing: If need pragma is null, then jump to the step below
        // labeled next byte."
        let Some(need_pragma) = need_pragma else {
            spec_arm(Arm::PrescanMetaStep11NeedPragmaNull);
            return Ok(None);
        };
        // Step 12. "If need pragma is true but got pragma is false, then jump to the
        // step below labeled next byte."
        if need_pragma && !got_pragma {
            spec_arm(Arm::PrescanMetaStep12NoPragma);
            return Ok(None);
        }
        // Step 13. "If charset is failure, then jump to the step below labeled next
        // byte."
        let Charset::Encoding(mut charset) = charset else {
            spec_arm(Arm::PrescanMetaStep13Failure);
            return Ok(None);
        };
        // Step 14. "If charset is UTF-16BE/LE, then set charset to UTF-8."
        if charset == UTF_16BE || charset == UTF_16LE {
            spec_arm(Arm::PrescanMetaStep14Utf16);
            charset = UTF_8;
        }
        // Step 15. "If charset is x-user-defined, then set charset to windows-1252."
        if charset == X_USER_DEFINED {
            spec_arm(Arm::PrescanMetaStep15XUserDefined);
            charset = WINDOWS_1252;
        }
        // Step 16. "Return charset."
        spec_arm(Arm::PrescanMetaStep16Return);
        let source = EncodingSource::Prescan(PrescanMatch::Meta { offset });
        Ok(Some((charset, source)))
    }

    /// The steps for a start or end tag other than `meta`.
    fn skip_tag(&mut self) -> Result<(), RanOut> {
        // Step 1. "Advance the position pointer so that it points at the next 0x09
        // (HT), 0x0A (LF), 0x0C (FF), 0x0D (CR), 0x20 (SP), or 0x3E (>) byte."
        while !matches!(self.byte()?, 0x09 | 0x0A | 0x0C | 0x0D | 0x20 | b'>') {
            self.position += 1;
        }
        // Step 2. "Repeatedly get an attribute until no further attributes can be
        // found, then jump to the step below labeled next byte."
        while self.get_an_attribute()?.is_some() {}
        Ok(())
    }

    /// Get an attribute. `None` is "There isn't one."
    /// <https://html.spec.whatwg.org/#concept-get-attributes-when-sniffing>
    fn get_an_attribute(&mut self) -> Result<Option<Attribute>, RanOut> {
        // Step 1. "If the byte at position is one of 0x09 (HT), 0x0A (LF), 0x0C (FF),
        // 0x0D (CR), 0x20 (SP), or 0x2F (/) then advance position to the next byte and
        // redo this step."
        while matches!(self.byte()?, 0x09 | 0x0A | 0x0C | 0x0D | 0x20 | b'/') {
            self.position += 1;
        }
        // Step 2. "If the byte at position is 0x3E (>), then abort the get an attribute
        // algorithm. There isn't one."
        if self.byte()? == b'>' {
            spec_arm(Arm::GetAnAttributeStep2GreaterThanSign);
            return Ok(None);
        }
        // Step 3. "Otherwise, the byte at position is the start of the attribute name.
        // Let attribute name and attribute value be the empty string."
        let mut name = Vec::new();
        loop {
            // Step 4. "Process the byte at position as follows:"
            let byte = self.byte()?;
            match byte {
                // -> "If it is 0x3D (=), and the attribute name is longer than the
                //    empty string": "Advance position to the next byte and jump to the
                //    step below labeled value."
                b'=' if !name.is_empty() => {
                    spec_arm(Arm::GetAnAttributeStep4EqualsSign);
                    self.position += 1;
                    return self.attribute_value(name).map(Some);
                }
                // -> "If it is 0x09 (HT), 0x0A (LF), 0x0C (FF), 0x0D (CR), or 0x20
                //    (SP)": "Jump to the step below labeled spaces."
                0x09 | 0x0A | 0x0C | 0x0D | 0x20 => {
                    spec_arm(Arm::GetAnAttributeStep4Whitespace);
                    return self.spaces(name).map(Some);
                }
                // -> "If it is 0x2F (/) or 0x3E (>)": "Abort the get an attribute
                //    algorithm. The attribute's name is the value of attribute name, its
                //    value is the empty string."
                b'/' | b'>' => {
                    spec_arm(Arm::GetAnAttributeStep4SolidusGreaterThanSign);
                    let value = Vec::new();
                    return Ok(Some(Attribute { name, value }));
                }
                // -> "If it is in the range 0x41 (A) to 0x5A (Z)": "Append the code
                //    point b+0x20 to attribute name (where b is the value of the byte
                //    at position). (This converts the input to lowercase.)"
                // -> "Anything else": "Append the code point with the same value as the
                //    byte at position to attribute name."
                _ => name.push(byte.to_ascii_lowercase()),
            }
            // Step 5. "Advance position to the next byte and return to the previous
            // step."
            self.position += 1;
        }
    }

    /// Get an attribute, from the step labeled spaces.
    fn spaces(&mut self, name: Vec<u8>) -> Result<Attribute, RanOut> {
        // Step 6. "Spaces: If the byte at position is one of 0x09 (HT), 0x0A (LF), 0x0C
        // (FF), 0x0D (CR), or 0x20 (SP) then advance position to the next byte, then,
        // repeat this step."
        while matches!(self.byte()?, 0x09 | 0x0A | 0x0C | 0x0D | 0x20) {
            self.position += 1;
        }
        // Step 7. "If the byte at position is not 0x3D (=), abort the get an attribute
        // algorithm. The attribute's name is the value of attribute name, its value is
        // the empty string."
        if self.byte()? != b'=' {
            spec_arm(Arm::GetAnAttributeStep7NoEqualsSign);
            let value = Vec::new();
            return Ok(Attribute { name, value });
        }
        // Step 8. "Advance position past the 0x3D (=) byte."
        self.position += 1;
        self.attribute_value(name)
    }

    /// Get an attribute, from the step labeled value.
    fn attribute_value(&mut self, name: Vec<u8>) -> Result<Attribute, RanOut> {
        let mut value = Vec::new();
        // Step 9. "Value: If the byte at position is one of 0x09 (HT), 0x0A (LF), 0x0C
        // (FF), 0x0D (CR), or 0x20 (SP) then advance position to the next byte, then,
        // repeat this step."
        while matches!(self.byte()?, 0x09 | 0x0A | 0x0C | 0x0D | 0x20) {
            self.position += 1;
        }
        // Step 10. "Process the byte at position as follows:"
        match self.byte()? {
            // -> "If it is 0x22 (") or 0x27 (')"
            quote @ (b'"' | b'\'') => {
                spec_arm(Arm::GetAnAttributeStep10Quoted);
                loop {
                    // "1. Let b be the value of the byte at position.
                    // 2. Quote loop: Advance position to the next byte."
                    self.position += 1;
                    let byte = self.byte()?;
                    // "3. If the value of the byte at position is the value of b, then
                    // advance position to the next byte and abort the "get an attribute"
                    // algorithm. The attribute's name is the value of attribute name, and
                    // its value is the value of attribute value."
                    if byte == quote {
                        self.position += 1;
                        return Ok(Attribute { name, value });
                    }
                    // "4. Otherwise, if the value of the byte at position is in the range
                    // 0x41 (A) to 0x5A (Z), then append a code point to attribute value
                    // whose value is 0x20 more than the value of the byte at position.
                    // 5. Otherwise, append a code point to attribute value whose value is
                    // the same as the value of the byte at position.
                    // 6. Return to the step above labeled quote loop."
                    value.push(byte.to_ascii_lowercase());
                }
            }
            // -> "If it is 0x3E (>)": "Abort the get an attribute algorithm. The
            //    attribute's name is the value of attribute name, its value is the empty
            //    string."
            b'>' => {
                spec_arm(Arm::GetAnAttributeStep10GreaterThanSign);
                return Ok(Attribute { name, value });
            }
            // -> "If it is in the range 0x41 (A) to 0x5A (Z)": "Append a code point
            //    b+0x20 to attribute value (where b is the value of the byte at
            //    position). Advance position to the next byte."
            // -> "Anything else": "Append a code point with the same value as the byte
            //    at position to attribute value. Advance position to the next byte."
            byte => {
                spec_arm(Arm::GetAnAttributeStep10AnythingElse);
                value.push(byte.to_ascii_lowercase());
                self.position += 1;
            }
        }
        loop {
            // Step 11. "Process the byte at position as follows:"
            let byte = self.byte()?;
            match byte {
                // -> "If it is 0x09 (HT), 0x0A (LF), 0x0C (FF), 0x0D (CR), 0x20 (SP), or
                //    0x3E (>)": "Abort the get an attribute algorithm. The attribute's
                //    name is the value of attribute name and its value is the value of
                //    attribute value."
                0x09 | 0x0A | 0x0C | 0x0D | 0x20 | b'>' => return Ok(Attribute { name, value }),
                // -> "If it is in the range 0x41 (A) to 0x5A (Z)": "Append a code point
                //    b+0x20 to attribute value (where b is the value of the byte at
                //    position)."
                // -> "Anything else": "Append a code point with the same value as the
                //    byte at position to attribute value."
                _ => value.push(byte.to_ascii_lowercase()),
            }
            // Step 12. "Advance position to the next byte and return to the previous
            // step."
            self.position += 1;
        }
    }
}

/// Get an XML encoding: the `encoding` of an `<?xml` declaration at the very start of
/// the bytes. `None` is failure.
/// <https://html.spec.whatwg.org/#xml-encoding>
pub(crate) fn get_an_xml_encoding(bytes: &[u8]) -> Option<&'static Encoding> {
    // Step 1. "Let encodingPosition be a pointer to the start of the stream."
    // Step 2. "If encodingPosition does not point to the start of a byte sequence 0x3C,
    // 0x3F, 0x78, 0x6D, 0x6C (`<?xml`), then return failure."
    if !bytes.starts_with(b"<?xml") {
        spec_arm(Arm::XmlEncodingNoXmlDeclaration);
        return None;
    }
    let encoding = xml_declaration_encoding(bytes);
    match encoding {
        Some(_) => spec_arm(Arm::XmlEncodingReturnEncoding),
        None => spec_arm(Arm::XmlEncodingFailure),
    }
    encoding
}

/// Get an XML encoding from step 3 on, for bytes that start with `<?xml`.
fn xml_declaration_encoding(bytes: &[u8]) -> Option<&'static Encoding> {
    // Step 3. "Let xmlDeclarationEnd be a pointer to the next byte in the input byte
    // stream which is 0x3E (>). If there is no such byte, then return failure."
    // The standard uses xmlDeclarationEnd for nothing else: the search for `encoding`
    // below is not bounded by it.
    bytes.iter().position(|&b| b == b'>')?;
    // Step 4. "Set encodingPosition to the position of the first occurrence of the
    // subsequence of bytes 0x65, 0x6E, 0x63, 0x6F, 0x64, 0x69, 0x6E, 0x67 (`encoding`)
    // at or after the current encodingPosition. If there is no such sequence, then
    // return failure."
    let mut position = bytes.windows(8).position(|w| w == b"encoding")?;
    // Step 5. "Advance encodingPosition past the 0x67 (g) byte."
    position += 8;
    // Step 6. "While the byte at encodingPosition is less than or equal to 0x20 (i.e.,
    // it is either an ASCII space or control character), advance encodingPosition to
    // the next byte." (Running past the end of the bytes is a failure.)
    while *bytes.get(position)? <= 0x20 {
        position += 1;
    }
    // Step 7. "If the byte at encodingPosition is not 0x3D (=), then return failure."
    if bytes[position] != b'=' {
        return None;
    }
    // Step 8. "Advance encodingPosition to the next byte."
    position += 1;
    // Step 9. "While the byte at encodingPosition is less than or equal to 0x20 …,
    // advance encodingPosition to the next byte."
    while *bytes.get(position)? <= 0x20 {
        position += 1;
    }
    // Step 10. "Let quoteMark be the byte at encodingPosition."
    let quote_mark = bytes[position];
    // Step 11. "If quoteMark is not either 0x22 (") or 0x27 ('), then return failure."
    if quote_mark != b'"' && quote_mark != b'\'' {
        return None;
    }
    // Step 12. "Advance encodingPosition to the next byte."
    position += 1;
    // Step 13. "Let encodingEndPosition be the position of the next occurrence of
    // quoteMark at or after encodingPosition. If quoteMark does not occur again, then
    // return failure."
    let length = bytes[position..].iter().position(|&b| b == quote_mark)?;
    // Step 14. "Let potentialEncoding be the sequence of the bytes between
    // encodingPosition (inclusive) and encodingEndPosition (exclusive)."
    let potential_encoding = &bytes[position..position + length];
    // Step 15. "If potentialEncoding contains one or more bytes whose byte value is
    // 0x20 or below, then return failure."
    if potential_encoding.iter().any(|&b| b <= 0x20) {
        return None;
    }
    // Step 16. "Let encoding be the result of getting an encoding given
    // potentialEncoding isomorphic decoded."
    let encoding = get_an_encoding(potential_encoding)?;
    // Step 17. "If encoding is UTF-16BE/LE, then change it to UTF-8."
    if encoding == UTF_16BE || encoding == UTF_16LE {
        return Some(UTF_8);
    }
    // Step 18. "Return encoding."
    Some(encoding)
}
