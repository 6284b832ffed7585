//! The arms of the serializer and of the encoding sniffing algorithm: the HTML
//! fragment serialization algorithm and its escaping, and the prescan of a byte stream
//! (with get an attribute) that finds a `meta` element's encoding.
//! <https://html.spec.whatwg.org/#serialising-html-fragments>
//! <https://html.spec.whatwg.org/#prescan-a-byte-stream-to-determine-its-encoding>
//!
//! One [`Section`] per algorithm, in the order of the [`Arm`](super::Arm) enum (after
//! tree construction's); `tests.rs` checks this table against the enum and the call
//! sites, and `docs/spec-arms.md` is rendered from it.

use super::{arm, unreachable_arm, Family, Section};

/// The serializer's arms.
pub(super) static SERIALIZER: &[Section] = &[
    Section {
        family: Family::Serializer,
        key: "fragment-serialization",
        name: "the HTML fragment serialization algorithm",
        anchor: "html-fragment-serialisation-algorithm",
        arms: &[
            unreachable_arm(
                "node-serializes-as-void",
                "If the node serializes as void, then return the empty string",
                "litmus serializes a document or a fragment's root element, never the children of a void element (only a caller of the API can)",
            ),
            arm("template-contents", "If the node is a template element, then let the node instead be the template element's template contents"),
            arm("element", "If current node is an Element: append \"<\", tagname, its attributes and \">\""),
            arm("element-serializes-as-void", "If current node serializes as void, then continue on to the next child node at this point"),
            arm("element-children-and-end-tag", "Append the value of running the HTML fragment serialization algorithm with current node …, followed by \"</\", tagname, and \">\""),
            arm("attribute-no-namespace", "If the attribute has no namespace: the attribute's serialized name is the attribute's local name"),
            arm("attribute-xml", "If the attribute is in the XML namespace: \"xml:\" followed by the attribute's local name"),
            arm("attribute-xmlns-xmlns", "If the attribute is in the XMLNS namespace and the attribute's local name is xmlns: \"xmlns\""),
            arm("attribute-xmlns", "If the attribute is in the XMLNS namespace and the attribute's local name is not xmlns: \"xmlns:\" followed by the attribute's local name"),
            arm("attribute-xlink", "If the attribute is in the XLink namespace: \"xlink:\" followed by the attribute's local name"),
            arm("text-literally", "If current node is a Text node: the parent is a style, script, xmp, iframe, noembed, noframes, or plaintext element: append the value of current node's data literally"),
            arm("text-noscript-literally", "If current node is a Text node: the parent is a noscript element and scripting is enabled for the node: append the value of current node's data literally"),
            arm("text-escaped", "If current node is a Text node: otherwise, append the value of current node's data, escaped as described below"),
            arm("comment", "If current node is a Comment: append \"<!--\", the value of current node's data, \"-->\""),
            arm("processing-instruction", "If current node is a ProcessingInstruction: append \"<?\", the target, a space, the data, \"?>\""),
            arm("doctype", "If current node is a DocumentType: append \"<!DOCTYPE\", a space, the name, \">\""),
        ],
    },
    Section {
        family: Family::Serializer,
        key: "escaping",
        name: "escaping a string",
        anchor: "escapingString",
        arms: &[
            arm("ampersand", "Replace any occurrence of the \"&\" character by the string \"&amp;\""),
            arm("no-break-space", "Replace any occurrences of the U+00A0 NO-BREAK SPACE character by the string \"&nbsp;\""),
            arm("less-than-sign", "Replace any occurrences of the \"<\" character by the string \"&lt;\""),
            arm("greater-than-sign", "Replace any occurrences of the \">\" character by the string \"&gt;\""),
            arm("quotation-mark", "If the algorithm was invoked in the attribute mode, then replace any occurrences of the \"\"\" character by the string \"&quot;\""),
        ],
    },
];

/// The encoding sniffing algorithm's arms.
pub(super) static ENCODING: &[Section] = &[
    Section {
        family: Family::Encoding,
        key: "sniffing",
        name: "the encoding sniffing algorithm",
        anchor: "encoding-sniffing-algorithm",
        arms: &[
            arm("step-1-bom", "Step 1: if the result of BOM sniffing is an encoding, return that encoding with confidence certain"),
            arm("step-4-transport-layer", "Step 4: if the transport layer specifies a character encoding, and it is supported, return that encoding with the confidence certain"),
            arm("step-5-prescan", "Step 5: prescan the byte stream to determine its encoding; if it returns a character encoding, return it with confidence tentative"),
            arm("step-9-default", "Step 9: otherwise, return an implementation-defined or user-specified default character encoding, with the confidence tentative"),
        ],
    },
    Section {
        family: Family::Encoding,
        key: "prescan",
        name: "prescan a byte stream to determine its encoding",
        anchor: "prescan-a-byte-stream-to-determine-its-encoding",
        arms: &[
            arm("utf-16-xml-declaration", "Prescan for UTF-16 XML declarations: '<?x' in UTF-16 little-endian or big-endian: return UTF-16LE or UTF-16BE"),
            arm("comment", "A sequence of bytes starting with: 0x3C 0x21 0x2D 0x2D (`<!--`)"),
            arm("meta", "A sequence of bytes starting with: case-insensitive ASCII '<meta' followed by a space or slash"),
            arm("tag", "A sequence of bytes starting with a 0x3C byte (<), optionally a 0x2F byte (/), and finally a byte in the range A-Z or a-z"),
            arm("bang-solidus-question-mark", "A sequence of bytes starting with: 0x3C 0x21 (`<!`), 0x3C 0x2F (`</`) or 0x3C 0x3F (`<?`)"),
            arm("any-other-byte", "Any other byte: do nothing with that byte"),
            arm("ran-out", "The user agent runs out of bytes or reaches its end condition: return the result of get an XML encoding"),
            arm("meta-http-equiv-content-type", "If the attribute's name is \"http-equiv\": if the attribute's value is \"content-type\", then set got pragma to true"),
            arm("meta-content", "If the attribute's name is \"content\": apply the algorithm for extracting a character encoding from a meta element"),
            arm("meta-charset", "If the attribute's name is \"charset\": let charset be the result of getting an encoding from the attribute's value, and set need pragma to false"),
            arm("meta-step-11-need-pragma-null", "Step 11: if need pragma is null, then jump to the step below labeled next byte"),
            arm("meta-step-12-no-pragma", "Step 12: if need pragma is true but got pragma is false, then jump to the step below labeled next byte"),
            arm("meta-step-13-failure", "Step 13: if charset is failure, then jump to the step below labeled next byte"),
            arm("meta-step-14-utf-16", "Step 14: if charset is UTF-16BE/LE, then set charset to UTF-8"),
            arm("meta-step-15-x-user-defined", "Step 15: if charset is x-user-defined, then set charset to windows-1252"),
            arm("meta-step-16-return", "Step 16: return charset"),
        ],
    },
    Section {
        family: Family::Encoding,
        key: "get-an-attribute",
        name: "get an attribute",
        anchor: "concept-get-attributes-when-sniffing",
        arms: &[
            arm("step-2-greater-than-sign", "Step 2: if the byte at position is 0x3E (>), then abort the get an attribute algorithm. There isn't one"),
            arm("step-4-equals-sign", "Step 4: 0x3D (=), and the attribute name is longer than the empty string: jump to the step below labeled value"),
            arm("step-4-whitespace", "Step 4: 0x09, 0x0A, 0x0C, 0x0D or 0x20: jump to the step below labeled spaces"),
            arm("step-4-solidus-greater-than-sign", "Step 4: 0x2F (/) or 0x3E (>): abort; the attribute's value is the empty string"),
            arm("step-7-no-equals-sign", "Step 7: if the byte at position is not 0x3D (=), abort; the attribute's value is the empty string"),
            arm("step-10-quoted", "Step 10: 0x22 (\") or 0x27 ('): the quote loop"),
            arm("step-10-greater-than-sign", "Step 10: 0x3E (>): abort; the attribute's value is the empty string"),
            arm("step-10-anything-else", "Step 10: anything else: append the byte to attribute value, then step 11 until a space or 0x3E (>)"),
        ],
    },
    Section {
        family: Family::Encoding,
        key: "xml-encoding",
        name: "get an XML encoding",
        anchor: "xml-encoding",
        arms: &[
            arm("no-xml-declaration", "Step 2: encodingPosition does not point to the start of `<?xml`: return failure"),
            arm("failure", "Steps 3 to 15: no encoding in the declaration, or one not well quoted: return failure"),
            arm("return-encoding", "Step 16 to 18: return the encoding the declaration names (UTF-8 for UTF-16BE/LE)"),
        ],
    },
];
