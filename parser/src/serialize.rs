//! Serializing HTML fragments. <https://html.spec.whatwg.org/#serialising-html-fragments>
//!
//! The HTML fragment serialization algorithm, written as a walk with an explicit stack
//! instead of the spec's recursion ("running the HTML fragment serialization algorithm
//! with current node … thus recursing into this algorithm for that element"), so the
//! depth of the tree never touches the thread's stack. litmus has no shadow roots (its
//! parser runs with "allow declarative shadow roots" false), so the shadow-host steps
//! never apply.

use crate::arm_hook::spec_arm;
use crate::dom::{AttrNamespace, Document, Namespace, NodeId, NodeKind};
use crate::names::{local, LocalName};
use crate::spec_arms::Arm;

/// The HTML fragment serialization algorithm applied to `node`: its children,
/// serialized. <https://html.spec.whatwg.org/#html-fragment-serialisation-algorithm>
///
/// ```
/// use litmus_parser::{parse_fragment, serialize, FragmentContext, ParseOptions};
///
/// let body = FragmentContext::parse("body").unwrap();
/// let input = "<p title='a\"b'>x &lt; y<br>";
/// let fragment = parse_fragment(input, &body, &ParseOptions::default())?;
/// // Attribute values in double quotes, text and attributes escaped, void elements
/// // without an end tag, and the end tags the parser implied.
/// assert_eq!(
///     serialize::serialize_children(&fragment, fragment.result_root()),
///     "<p title=\"a&quot;b\">x &lt; y<br></p>"
/// );
/// # Ok::<(), litmus_parser::ParseFailure>(())
/// ```
pub fn serialize_children(document: &Document, node: NodeId) -> String {
    let mut s = String::new();
    // "If the node serializes as void, then return the empty string."
    if serializes_as_void(document, node) {
        spec_arm(Arm::FragmentSerializationNodeSerializesAsVoid);
        return s;
    }
    // "If the node is a template element, then let the node instead be the template
    // element's template contents (a DocumentFragment node)."
    let node = match document.template_contents(node) {
        Some(contents) => {
            spec_arm(Arm::FragmentSerializationTemplateContents);
            contents
        }
        None => node,
    };

    // Each node to serialize goes with whether "scripting is enabled for the node",
    // which only the noscript step below reads: the parse's scripting flag, except in
    // a template's contents (see `in_template_contents`), where it is disabled.
    enum Step {
        Node(NodeId, bool),
        EndTag(NodeId),
    }
    let mut stack: Vec<Step> = Vec::new();
    let scripting = document.scripting && !in_template_contents(document, node);
    push_children_reversed(document, node, &mut stack, |c| Step::Node(c, scripting));
    while let Some(step) = stack.pop() {
        let (current, scripting) = match step {
            Step::EndTag(element) => {
                // "… followed by "</", tagname, and U+003E (>)."
                s.push_str("</");
                s.push_str(tag_name(document, element));
                s.push('>');
                continue;
            }
            Step::Node(current, scripting) => (current, scripting),
        };
        match document.kind(current) {
            NodeKind::Element { .. } => {
                spec_arm(Arm::FragmentSerializationElement);
                serialize_start_tag(document, current, &mut s);
                // "If current node serializes as void, then continue on to the next
                // child node at this point."
                if serializes_as_void(document, current) {
                    spec_arm(Arm::FragmentSerializationElementSerializesAsVoid);
                    continue;
                }
                // "Append the value of running the HTML fragment serialization
                // algorithm with current node …, followed by "</", tagname, and ">"."
                // That run's first steps: the node does not serialize as void (checked
                // just above), and a template element stands for its contents.
                spec_arm(Arm::FragmentSerializationElementChildrenAndEndTag);
                stack.push(Step::EndTag(current));
                let (contents, scripting) = match document.template_contents(current) {
                    Some(contents) => {
                        spec_arm(Arm::FragmentSerializationTemplateContents);
                        (contents, false)
                    }
                    None => (current, scripting),
                };
                push_children_reversed(document, contents, &mut stack, |c| {
                    Step::Node(c, scripting)
                });
            }
            NodeKind::Text(data) => {
                // "If the parent of current node is a style, script, xmp, iframe,
                // noembed, noframes, or plaintext element, or if the parent of current
                // node is a noscript element and scripting is enabled for the node, then
                // append the value of current node's data literally."
                match text_parent(document, current, scripting) {
                    TextParent::Literal => {
                        spec_arm(Arm::FragmentSerializationTextLiterally);
                        s.push_str(data);
                    }
                    TextParent::NoscriptWithScripting => {
                        spec_arm(Arm::FragmentSerializationTextNoscriptLiterally);
                        s.push_str(data);
                    }
                    // "Otherwise, append the value of current node's data, escaped as
                    // described below."
                    TextParent::Escaped => {
                        spec_arm(Arm::FragmentSerializationTextEscaped);
                        escape_string(data, false, &mut s);
                    }
                }
            }
            NodeKind::Comment(data) => {
                // "Append "<!--" (U+003C LESS-THAN SIGN, U+0021 EXCLAMATION MARK, U+002D
                // HYPHEN-MINUS, U+002D HYPHEN-MINUS), followed by the value of current
                // node's data, followed by the literal string "-->"."
                spec_arm(Arm::FragmentSerializationComment);
                s.push_str("<!--");
                s.push_str(data);
                s.push_str("-->");
            }
            NodeKind::ProcessingInstruction { target, data } => {
                // "Append "<?", followed by the value of current node's target, U+0020
                // SPACE, the value of current node's data, and "?>"."
                spec_arm(Arm::FragmentSerializationProcessingInstruction);
                s.push_str("<?");
                s.push_str(target);
                s.push(' ');
                s.push_str(data);
                s.push_str("?>");
            }
            NodeKind::Doctype { name, .. } => {
                // "Append "<!DOCTYPE" …, followed by a space (U+0020 SPACE), followed by
                // the value of current node's name, followed by ">"."
                spec_arm(Arm::FragmentSerializationDoctype);
                s.push_str("<!DOCTYPE ");
                s.push_str(name);
                s.push('>');
            }
            NodeKind::Document | NodeKind::DocumentFragment => {}
        }
    }
    s
}

fn push_children_reversed<T>(
    document: &Document,
    parent: NodeId,
    stack: &mut Vec<T>,
    make: impl Fn(NodeId) -> T,
) {
    let mut child = document.last_child(parent);
    while let Some(c) = child {
        stack.push(make(c));
        child = document.prev_sibling(c);
    }
}

/// "If current node is an element in the HTML namespace, the MathML namespace, or the
/// SVG namespace, then let tagname be current node's local name."
fn tag_name(document: &Document, element: NodeId) -> &str {
    match document.kind(element) {
        NodeKind::Element { name, .. } => name,
        _ => "",
    }
}

/// "Append a U+003C LESS-THAN SIGN character (<), followed by tagname", each attribute,
/// then U+003E (>).
fn serialize_start_tag(document: &Document, element: NodeId, s: &mut String) {
    s.push('<');
    s.push_str(tag_name(document, element));
    // "For each attribute that the element has, append a U+0020 SPACE character, the
    // attribute's serialized name as described below, a U+003D EQUALS SIGN character
    // (=), a U+0022 QUOTATION MARK character ("), the attribute's value, escaped as
    // described below in attribute mode, and a second U+0022 QUOTATION MARK character
    // (")." Attributes keep the order they were added in, which is stable.
    for attribute in document.attributes(element) {
        s.push(' ');
        match attribute.ns {
            // "If the attribute has no namespace: the attribute's serialized name is the
            // attribute's local name."
            AttrNamespace::None => spec_arm(Arm::FragmentSerializationAttributeNoNamespace),
            // "If the attribute is in the XML namespace: … "xml:" followed by the
            // attribute's local name."
            AttrNamespace::Xml => {
                spec_arm(Arm::FragmentSerializationAttributeXml);
                s.push_str("xml:");
            }
            // "If the attribute is in the XMLNS namespace and the attribute's local name
            // is xmlns: … "xmlns""; otherwise ""xmlns:" followed by the local name".
            AttrNamespace::Xmlns if attribute.local_name == "xmlns" => {
                spec_arm(Arm::FragmentSerializationAttributeXmlnsXmlns);
            }
            AttrNamespace::Xmlns => {
                spec_arm(Arm::FragmentSerializationAttributeXmlns);
                s.push_str("xmlns:");
            }
            // "If the attribute is in the XLink namespace: … "xlink:" followed by the
            // attribute's local name."
            AttrNamespace::XLink => {
                spec_arm(Arm::FragmentSerializationAttributeXlink);
                s.push_str("xlink:");
            }
        }
        s.push_str(attribute.local_name);
        s.push_str("=\"");
        escape_string(attribute.value, true, s);
        s.push('"');
    }
    s.push('>');
}

/// The HTML elements that serialize as void: "An element serializes as void if its
/// element type is one of the void elements, or is basefont, bgsound, frame, keygen,
/// or param." Exported for tools that read serializations (litmus's harness).
pub const SERIALIZES_AS_VOID: [LocalName; 18] = [
    local::AREA,
    local::BASE,
    local::BR,
    local::COL,
    local::EMBED,
    local::HR,
    local::IMG,
    local::INPUT,
    local::LINK,
    local::META,
    local::SOURCE,
    local::TRACK,
    local::WBR,
    local::BASEFONT,
    local::BGSOUND,
    local::FRAME,
    local::KEYGEN,
    local::PARAM,
];

/// The HTML elements whose text children the serializer appends literally: "If the
/// parent of current node is a style, script, xmp, iframe, noembed, noframes, or
/// plaintext element, or if the parent of current node is a noscript element and
/// scripting is enabled for the node" (noscript is in [`takes_text_literally`], not
/// here). Exported for tools that read serializations.
pub const TEXT_APPENDED_LITERALLY: [LocalName; 7] = [
    local::STYLE,
    local::SCRIPT,
    local::XMP,
    local::IFRAME,
    local::NOEMBED,
    local::NOFRAMES,
    local::PLAINTEXT,
];

/// Whether the serializer appends the text of an HTML element named `local_name`
/// literally, with scripting as `scripting` ([`TEXT_APPENDED_LITERALLY`], and
/// noscript when scripting is enabled).
pub fn takes_text_literally(local_name: LocalName, scripting: bool) -> bool {
    TEXT_APPENDED_LITERALLY.contains(&local_name) || (local_name == local::NOSCRIPT && scripting)
}

/// "An element serializes as void if its element type is one of the void elements, or
/// is basefont, bgsound, frame, keygen, or param."
fn serializes_as_void(document: &Document, node: NodeId) -> bool {
    match document.element_name(node) {
        Some(name) => name.ns == Namespace::Html && SERIALIZES_AS_VOID.contains(&name.local),
        None => false,
    }
}

/// How a Text node's parent says its data is appended.
enum TextParent {
    /// "a style, script, xmp, iframe, noembed, noframes, or plaintext element":
    /// literally.
    Literal,
    /// "a noscript element and scripting is enabled for the node": literally.
    NoscriptWithScripting,
    /// Anything else: escaped.
    Escaped,
}

/// How the parent of `text` takes it, with `scripting`: whether scripting is enabled
/// for the node.
fn text_parent(document: &Document, text: NodeId, scripting: bool) -> TextParent {
    let parent_name = document
        .parent(text)
        .and_then(|parent| document.element_name(parent))
        .filter(|name| name.ns == Namespace::Html);
    match parent_name {
        Some(name) if TEXT_APPENDED_LITERALLY.contains(&name.local) => TextParent::Literal,
        Some(name) if name.local == local::NOSCRIPT && scripting => {
            TextParent::NoscriptWithScripting
        }
        _ => TextParent::Escaped,
    }
}

/// Whether `node` is in a template's contents: its topmost ancestor is a
/// DocumentFragment, which a litmus document holds only as template contents.
/// "Scripting is enabled for a node node if node's node document's browsing context is
/// non-null, and scripting is enabled for node's relevant settings object"
/// (<https://html.spec.whatwg.org/#concept-n-script>); a template's contents belong to
/// its template contents owner document, which has no browsing context, so scripting
/// is disabled for every node in them, whatever the parse's scripting flag. Walked
/// once per serialization, not per node.
fn in_template_contents(document: &Document, node: NodeId) -> bool {
    let mut top = node;
    while let Some(parent) = document.parent(top) {
        top = parent;
    }
    matches!(document.kind(top), NodeKind::DocumentFragment)
}

/// "Escaping a string (for the purposes of the algorithm above) consists of running the
/// following steps:"
pub fn escape_string(text: &str, attribute_mode: bool, out: &mut String) {
    for c in text.chars() {
        match c {
            // "Replace any occurrence of the "&" character by the string "&amp;"."
            '&' => {
                spec_arm(Arm::EscapingAmpersand);
                out.push_str("&amp;");
            }
            // "Replace any occurrences of the U+00A0 NO-BREAK SPACE character by the
            // string "&nbsp;"."
            '\u{A0}' => {
                spec_arm(Arm::EscapingNoBreakSpace);
                out.push_str("&nbsp;");
            }
            // "Replace any occurrences of the "<" character by the string "&lt;"."
            '<' => {
                spec_arm(Arm::EscapingLessThanSign);
                out.push_str("&lt;");
            }
            // "Replace any occurrences of the ">" character by the string "&gt;"."
            '>' => {
                spec_arm(Arm::EscapingGreaterThanSign);
                out.push_str("&gt;");
            }
            // "If the algorithm was invoked in the attribute mode, then replace any
            // occurrences of the """ character by the string "&quot;"."
            '"' if attribute_mode => {
                spec_arm(Arm::EscapingQuotationMark);
                out.push_str("&quot;");
            }
            _ => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dom::QualName;
    use crate::tree_builder::{NewAttribute, TreeSink};

    fn element(
        doc: &mut Document,
        ns: Namespace,
        name: &[u8],
        attrs: &[(AttrNamespace, &str, &str)],
    ) -> NodeId {
        let local = doc.intern(name);
        doc.create_element(
            QualName { ns, local },
            attrs.iter().map(|(ns, n, v)| NewAttribute {
                ns: *ns,
                local_name: n.as_bytes(),
                value: v.as_bytes(),
            }),
        )
    }

    #[test]
    fn escapes_text_and_attribute_values_as_the_standard_does_now() {
        let mut doc = Document::default();
        let root = doc.root();
        let p = element(
            &mut doc,
            Namespace::Html,
            b"p",
            &[(AttrNamespace::None, "title", "a<b>\"c\"&\u{A0}'")],
        );
        doc.append(root, p);
        doc.insert_text(p, None, "1 < 2 > 0 & \"q\" \u{A0}".as_bytes());
        assert_eq!(
            serialize_children(&doc, root),
            "<p title=\"a&lt;b&gt;&quot;c&quot;&amp;&nbsp;'\">1 &lt; 2 &gt; 0 &amp; \"q\" &nbsp;</p>"
        );
    }

    #[test]
    fn void_elements_have_no_end_tag_and_raw_text_parents_keep_text_literal() {
        let mut doc = Document::default();
        let root = doc.root();
        let br = element(&mut doc, Namespace::Html, b"br", &[]);
        let script = element(&mut doc, Namespace::Html, b"script", &[]);
        let svg_script = element(&mut doc, Namespace::Svg, b"script", &[]);
        let svg_br = element(&mut doc, Namespace::Svg, b"br", &[]);
        for node in [br, script, svg_script, svg_br] {
            doc.append(root, node);
        }
        doc.insert_text(script, None, b"a<b&");
        doc.insert_text(svg_script, None, b"a<b&");
        assert_eq!(
            serialize_children(&doc, root),
            "<br><script>a<b&</script><script>a&lt;b&amp;</script><br></br>"
        );
        assert_eq!(serialize_children(&doc, br), "");
    }

    #[test]
    fn noscript_text_is_literal_only_with_scripting() {
        for (scripting, expected) in [
            (true, "<noscript><b></noscript>"),
            (false, "<noscript>&lt;b&gt;</noscript>"),
        ] {
            let mut doc = Document::default();
            doc.scripting = scripting;
            let root = doc.root();
            let noscript = element(&mut doc, Namespace::Html, b"noscript", &[]);
            doc.append(root, noscript);
            doc.insert_text(noscript, None, b"<b>");
            assert_eq!(serialize_children(&doc, root), expected);
        }
    }

    /// A template's contents have no browsing context, so scripting is disabled for
    /// them: a noscript there has its text escaped even when the parse had scripting
    /// on (Chromium writes the same), and serializing the contents alone, or a node
    /// inside them, does too.
    #[test]
    fn noscript_text_in_template_contents_is_escaped() {
        let options = crate::ParseOptions {
            scripting: true,
            ..crate::ParseOptions::default()
        };
        let input = "<noscript><b></noscript><template><noscript><i></noscript></template>";
        let doc = crate::parse_document(input, &options).expect("a document");
        let html = doc.first_child(doc.root()).expect("html");
        assert_eq!(
            serialize_children(&doc, html),
            "<head><noscript><b></noscript><template><noscript>&lt;i&gt;</noscript>\
             </template></head><body></body>"
        );
        let head = doc.first_child(html).expect("head");
        let template = doc.last_child(head).expect("template");
        assert_eq!(
            serialize_children(&doc, template),
            "<noscript>&lt;i&gt;</noscript>"
        );
        let contents = doc.template_contents(template).expect("contents");
        let noscript = doc.first_child(contents).expect("noscript");
        assert_eq!(serialize_children(&doc, noscript), "&lt;i&gt;");
    }

    #[test]
    fn namespaced_attributes_get_their_prefixes() {
        let mut doc = Document::default();
        let root = doc.root();
        let svg = element(
            &mut doc,
            Namespace::Svg,
            b"svg",
            &[
                (AttrNamespace::XLink, "href", "#a"),
                (AttrNamespace::Xml, "lang", "en"),
                (AttrNamespace::Xmlns, "xmlns", "x"),
                (AttrNamespace::Xmlns, "xlink", "y"),
            ],
        );
        doc.append(root, svg);
        assert_eq!(
            serialize_children(&doc, root),
            "<svg xlink:href=\"#a\" xml:lang=\"en\" xmlns=\"x\" xmlns:xlink=\"y\"></svg>"
        );
    }

    #[test]
    fn templates_serialize_their_contents_and_other_nodes_their_forms() {
        let mut doc = Document::default();
        let root = doc.root();
        let doctype = doc.create_doctype(b"html", b"", b"");
        doc.append(root, doctype);
        let template = element(&mut doc, Namespace::Html, b"template", &[]);
        doc.append(root, template);
        let contents = doc.template_contents(template).unwrap();
        doc.insert_text(contents, None, b"x");
        let comment = doc.create_comment(b"c");
        doc.append(root, comment);
        let pi = doc.create_processing_instruction(b"t", b"d");
        doc.append(root, pi);
        assert_eq!(
            serialize_children(&doc, root),
            "<!DOCTYPE html><template>x</template><!--c--><?t d?>"
        );
        assert_eq!(serialize_children(&doc, template), "x");
    }

    #[test]
    fn a_million_deep_tree_serializes_without_recursion() {
        let mut doc = Document::default();
        let mut parent = doc.root();
        for _ in 0..1_000_000 {
            let div = element(&mut doc, Namespace::Html, b"div", &[]);
            doc.append(parent, div);
            parent = div;
        }
        let out = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || serialize_children(&doc, doc.root()).len())
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(out, 11 * 1_000_000);
    }
}
