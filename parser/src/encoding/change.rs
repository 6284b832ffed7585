//! "Change the encoding", and the `meta` rule of the "in head" insertion mode that
//! calls it.
//!
//! <https://html.spec.whatwg.org/#changing-the-encoding-while-parsing>
//!
//! Tree construction does not call into this module. The rule ("A start tag whose tag
//! name is "meta"" in <https://html.spec.whatwg.org/#parsing-main-inhead>) is applied
//! afterwards to the document tree construction built, by
//! [`encoding_declared_by_a_meta_element`], which finds the meta element for which the
//! rule would first have called "change the encoding". This is the same element:
//!
//! - the document's arena holds nodes in the order they were created, and tree
//!   construction creates an HTML `meta` element only by "insert an HTML element for
//!   the token" in that rule (the "in body", "in head noscript", "after head", "in
//!   template" and, through "in body", "in table" modes all process a `meta` start tag
//!   "using the rules for the "in head" insertion mode", and foreign content breaks
//!   out for it), right before the rule's charset steps run;
//! - a `meta` element copied later (cloning an `option`'s children) comes after the
//!   element it copies, with the same attributes;
//! - the rule's condition depends only on the element's attributes, which no later
//!   token changes, and on the confidence being tentative, which stays so until the
//!   first element that calls "change the encoding".

use super::meta::{extract_a_character_encoding_from_a_meta_element, get_an_encoding};
use crate::dom::{Document, Namespace, NodeId, NodeKind};
use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252, X_USER_DEFINED};

/// What "change the encoding" asks of the parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EncodingChange {
    /// Keep the parse; the confidence is now certain.
    SetTheConfidenceToCertain,
    /// Parse again from the start with this encoding, the confidence certain.
    Restart(&'static Encoding),
}

/// The encoding that the first HTML `meta` element whose "in head" rule calls "change
/// the encoding" passes to it, if some element does (while the confidence is
/// tentative).
pub(crate) fn encoding_declared_by_a_meta_element(
    document: &Document,
) -> Option<&'static Encoding> {
    (0..document.node_count())
        .map(|index| NodeId::from_index(index as u32))
        .filter(|&node| is_html_meta(document, node))
        .find_map(|meta| encoding_declared_by(document, meta))
}

fn is_html_meta(document: &Document, node: NodeId) -> bool {
    matches!(
        document.kind(node),
        NodeKind::Element {
            ns: Namespace::Html,
            name: "meta"
        }
    )
}

/// The charset steps of "A start tag whose tag name is "meta"" in the "in head"
/// insertion mode, for one element: the encoding they change the encoding to, if
/// any. "If the active speculative HTML parser is null": litmus has none.
fn encoding_declared_by(document: &Document, meta: NodeId) -> Option<&'static Encoding> {
    // Step 1. "If the element has a charset attribute, and getting an encoding from
    // its value results in an encoding, and the confidence is currently tentative,
    // then change the encoding to the resulting encoding."
    let charset = document.attribute(meta, "charset");
    if let Some(encoding) = charset.and_then(|value| get_an_encoding(value.as_bytes())) {
        return Some(encoding);
    }
    // Step 2. "Otherwise, if the element has an http-equiv attribute whose value is an
    // ASCII case-insensitive match for the string "Content-Type", and the element has
    // a content attribute, and applying the algorithm for extracting a character
    // encoding from a meta element to that attribute's value returns an encoding, and
    // the confidence is currently tentative, then change the encoding to the extracted
    // encoding."
    let http_equiv = document.attribute(meta, "http-equiv")?;
    if !http_equiv.eq_ignore_ascii_case("Content-Type") {
        return None;
    }
    let content = document.attribute(meta, "content")?;
    extract_a_character_encoding_from_a_meta_element(content.as_bytes())
}

/// Change the encoding from `current` (the one the input stream is being decoded
/// with) to `new`.
/// <https://html.spec.whatwg.org/#change-the-encoding>
pub(crate) fn change_the_encoding(
    current: &'static Encoding,
    new: &'static Encoding,
) -> EncodingChange {
    // Step 1. "If the encoding that is already being used to interpret the input
    // stream is UTF-16BE/LE, then set the confidence to certain and return. The new
    // encoding is ignored; if it was anything but the same encoding, then it would be
    // clearly incorrect."
    if current == UTF_16BE || current == UTF_16LE {
        return EncodingChange::SetTheConfidenceToCertain;
    }
    // Step 2. "If the new encoding is UTF-16BE/LE, then change it to UTF-8."
    let mut new = new;
    if new == UTF_16BE || new == UTF_16LE {
        new = UTF_8;
    }
    // Step 3. "If the new encoding is x-user-defined, then change it to
    // windows-1252."
    if new == X_USER_DEFINED {
        new = WINDOWS_1252;
    }
    // Step 4. "If the new encoding is identical or equivalent to the encoding that is
    // already being used to interpret the input stream, then set the confidence to
    // certain and return."
    if new == current {
        return EncodingChange::SetTheConfidenceToCertain;
    }
    // Step 5. "If all the bytes up to the last byte converted by the current decoder
    // have the same Unicode interpretations in both the current encoding and the new
    // encoding, and if the user agent supports changing the converter on the fly, then
    // the user agent may change to the new converter for the encoding on the fly."
    // litmus does not change converters on the fly; when it could, starting again
    // gives the same document.

    // Step 6. "Otherwise, restart the navigate algorithm, … but this time skip the
    // encoding sniffing algorithm and instead just set the encoding to the new
    // encoding and the confidence to certain."
    EncodingChange::Restart(new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dom::{AttrNamespace, QualName};
    use crate::names::LocalName;
    use crate::tree_builder::{NewAttribute, TreeSink};
    use encoding_rs::{EUC_JP, ISO_8859_2, SHIFT_JIS};

    /// Appends an element with these attributes to `parent`.
    fn append(
        document: &mut Document,
        parent: NodeId,
        ns: Namespace,
        name: &str,
        attributes: &[(&str, &str)],
    ) -> NodeId {
        let local = LocalName::well_known(name.as_bytes())
            .unwrap_or_else(|| document.intern(name.as_bytes()));
        let attributes = attributes.iter().map(|(name, value)| NewAttribute {
            ns: AttrNamespace::None,
            local_name: name.as_bytes(),
            value: value.as_bytes(),
        });
        let element = document.create_element(QualName { ns, local }, attributes);
        document.append(parent, element);
        element
    }

    fn html_meta(document: &mut Document, parent: NodeId, attributes: &[(&str, &str)]) {
        append(document, parent, Namespace::Html, "meta", attributes);
    }

    #[test]
    fn the_first_meta_with_a_declaration_decides() {
        let mut document = Document::default();
        let root = document.root();
        let head = append(&mut document, root, Namespace::Html, "head", &[]);
        html_meta(&mut document, head, &[("name", "viewport")]);
        html_meta(&mut document, head, &[("charset", "bogus")]);
        html_meta(&mut document, head, &[("charset", "euc-jp")]);
        html_meta(&mut document, head, &[("charset", "iso-8859-2")]);
        assert_eq!(encoding_declared_by_a_meta_element(&document), Some(EUC_JP));
    }

    #[test]
    fn http_equiv_content_type_declares_through_content() {
        let mut document = Document::default();
        let root = document.root();
        html_meta(
            &mut document,
            root,
            &[("content", "text/html; charset=shift_jis")],
        );
        html_meta(
            &mut document,
            root,
            &[
                ("charset", "bogus"),
                ("http-equiv", "CONTENT-type"),
                ("content", "text/html; charset=iso-8859-2"),
            ],
        );
        assert_eq!(
            encoding_declared_by_a_meta_element(&document),
            Some(ISO_8859_2)
        );
    }

    #[test]
    fn meta_elements_are_taken_in_creation_order_not_tree_order() {
        // Foster parenting can put a later meta before an earlier one in tree order.
        let mut document = Document::default();
        let root = document.root();
        let table = append(&mut document, root, Namespace::Html, "table", &[]);
        html_meta(&mut document, table, &[("charset", "shift_jis")]);
        let local = LocalName::well_known(b"meta").unwrap();
        let attributes = [NewAttribute {
            ns: AttrNamespace::None,
            local_name: b"charset",
            value: b"euc-jp",
        }];
        let later = document.create_element(QualName::html(local), attributes.into_iter());
        document.insert_before(root, later, table);
        assert_eq!(
            encoding_declared_by_a_meta_element(&document),
            Some(SHIFT_JIS)
        );
    }

    #[test]
    fn only_html_meta_elements_count() {
        let mut document = Document::default();
        let root = document.root();
        append(
            &mut document,
            root,
            Namespace::Svg,
            "meta",
            &[("charset", "utf-8")],
        );
        assert_eq!(encoding_declared_by_a_meta_element(&document), None);
    }

    #[test]
    fn change_the_encoding_follows_its_special_cases() {
        use EncodingChange::{Restart, SetTheConfidenceToCertain};
        assert_eq!(change_the_encoding(WINDOWS_1252, UTF_8), Restart(UTF_8));
        assert_eq!(
            change_the_encoding(WINDOWS_1252, WINDOWS_1252),
            SetTheConfidenceToCertain
        );
        assert_eq!(change_the_encoding(WINDOWS_1252, UTF_16LE), Restart(UTF_8));
        assert_eq!(
            change_the_encoding(UTF_8, UTF_16BE),
            SetTheConfidenceToCertain
        );
        assert_eq!(
            change_the_encoding(WINDOWS_1252, X_USER_DEFINED),
            SetTheConfidenceToCertain
        );
        assert_eq!(
            change_the_encoding(UTF_8, X_USER_DEFINED),
            Restart(WINDOWS_1252)
        );
        assert_eq!(
            change_the_encoding(UTF_16LE, EUC_JP),
            SetTheConfidenceToCertain
        );
    }
}
