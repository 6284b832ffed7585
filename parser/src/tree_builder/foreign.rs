//! Foreign content: the rules for parsing tokens in foreign content, the integration
//! points, and the tables that fix the case of SVG names and the namespaces of foreign
//! attributes.
//!
//! <https://html.spec.whatwg.org/#parsing-main-inforeign>

use super::open_elements::{ForeignEndTagWalk, HEADINGS};
use super::svg_tag_names::{adjust_svg_tag_name, local_name_in_lowercase};
use super::{ProcessResult, TagToken, TreeBuilder, TreeSink, TreeToken};
use crate::dom::{AttrNamespace, Namespace, QualName};
use crate::error::ErrorCode;
use crate::names::local;
use crate::spec_arms::Arm;
use crate::tree_builder::NewAttribute;
use crate::tree_builder::Seams;

/// "A node is a MathML text integration point if it is one of the following elements:
/// a MathML mi element, a MathML mo element, a MathML mn element, a MathML ms element,
/// a MathML mtext element."
pub(crate) fn is_mathml_text_integration_point(name: QualName) -> bool {
    name.ns == Namespace::MathMl
        && matches!(
            name.local,
            local::MI | local::MO | local::MN | local::MS | local::MTEXT
        )
}

/// "A node is an HTML integration point if it is one of the following elements: a
/// MathML annotation-xml element whose start tag token had an attribute with the name
/// "encoding" whose value was an ASCII case-insensitive match for the string
/// "text/html"; a MathML annotation-xml element whose start tag token had an attribute
/// with the name "encoding" whose value was an ASCII case-insensitive match for the
/// string "application/xhtml+xml"; an SVG foreignObject element; an SVG desc element;
/// an SVG title element."
pub(crate) fn is_html_integration_point_for_token(name: QualName, tag: &TagToken<'_>) -> bool {
    match name.ns {
        Namespace::MathMl if name.local == local::ANNOTATION_XML => {
            tag.attribute(b"encoding").is_some_and(|encoding| {
                encoding.eq_ignore_ascii_case(b"text/html")
                    || encoding.eq_ignore_ascii_case(b"application/xhtml+xml")
            })
        }
        Namespace::Svg => matches!(
            name.local,
            local::FOREIGN_OBJECT | local::DESC | local::TITLE
        ),
        _ => false,
    }
}

/// "Adjust MathML attributes": "if the token has an attribute named definitionurl,
/// change its name to definitionURL (note the case difference)."
pub(crate) fn adjust_mathml_attribute(name: &[u8]) -> &[u8] {
    if name == b"definitionurl" {
        b"definitionURL"
    } else {
        name
    }
}

/// "Adjust SVG attributes": the table of SVG attribute names that are not all
/// lowercase, as (name on token, name on element).
const SVG_ATTRIBUTES: &[(&[u8], &[u8])] = &[
    (b"attributename", b"attributeName"),
    (b"attributetype", b"attributeType"),
    (b"basefrequency", b"baseFrequency"),
    (b"baseprofile", b"baseProfile"),
    (b"calcmode", b"calcMode"),
    (b"clippathunits", b"clipPathUnits"),
    (b"diffuseconstant", b"diffuseConstant"),
    (b"edgemode", b"edgeMode"),
    (b"filterunits", b"filterUnits"),
    (b"glyphref", b"glyphRef"),
    (b"gradienttransform", b"gradientTransform"),
    (b"gradientunits", b"gradientUnits"),
    (b"kernelmatrix", b"kernelMatrix"),
    (b"kernelunitlength", b"kernelUnitLength"),
    (b"keypoints", b"keyPoints"),
    (b"keysplines", b"keySplines"),
    (b"keytimes", b"keyTimes"),
    (b"lengthadjust", b"lengthAdjust"),
    (b"limitingconeangle", b"limitingConeAngle"),
    (b"markerheight", b"markerHeight"),
    (b"markerunits", b"markerUnits"),
    (b"markerwidth", b"markerWidth"),
    (b"maskcontentunits", b"maskContentUnits"),
    (b"maskunits", b"maskUnits"),
    (b"numoctaves", b"numOctaves"),
    (b"pathlength", b"pathLength"),
    (b"patterncontentunits", b"patternContentUnits"),
    (b"patterntransform", b"patternTransform"),
    (b"patternunits", b"patternUnits"),
    (b"pointsatx", b"pointsAtX"),
    (b"pointsaty", b"pointsAtY"),
    (b"pointsatz", b"pointsAtZ"),
    (b"preservealpha", b"preserveAlpha"),
    (b"preserveaspectratio", b"preserveAspectRatio"),
    (b"primitiveunits", b"primitiveUnits"),
    (b"refx", b"refX"),
    (b"refy", b"refY"),
    (b"repeatcount", b"repeatCount"),
    (b"repeatdur", b"repeatDur"),
    (b"requiredextensions", b"requiredExtensions"),
    (b"requiredfeatures", b"requiredFeatures"),
    (b"specularconstant", b"specularConstant"),
    (b"specularexponent", b"specularExponent"),
    (b"spreadmethod", b"spreadMethod"),
    (b"startoffset", b"startOffset"),
    (b"stddeviation", b"stdDeviation"),
    (b"stitchtiles", b"stitchTiles"),
    (b"surfacescale", b"surfaceScale"),
    (b"systemlanguage", b"systemLanguage"),
    (b"tablevalues", b"tableValues"),
    (b"targetx", b"targetX"),
    (b"targety", b"targetY"),
    (b"textlength", b"textLength"),
    (b"viewbox", b"viewBox"),
    (b"viewtarget", b"viewTarget"),
    (b"xchannelselector", b"xChannelSelector"),
    (b"ychannelselector", b"yChannelSelector"),
    (b"zoomandpan", b"zoomAndPan"),
];

/// "Adjust SVG attributes": the attribute's name as the element gets it.
pub(crate) fn adjust_svg_attribute(name: &[u8]) -> &[u8] {
    match SVG_ATTRIBUTES.binary_search_by(|(from, _)| (*from).cmp(name)) {
        Ok(index) => SVG_ATTRIBUTES[index].1,
        Err(_) => name,
    }
}

/// "Adjust foreign attributes": the table of attributes that get a namespace, as
/// (attribute name, local name, namespace).
const FOREIGN_ATTRIBUTES: &[(&[u8], &[u8], AttrNamespace)] = &[
    (b"xlink:actuate", b"actuate", AttrNamespace::XLink),
    (b"xlink:arcrole", b"arcrole", AttrNamespace::XLink),
    (b"xlink:href", b"href", AttrNamespace::XLink),
    (b"xlink:role", b"role", AttrNamespace::XLink),
    (b"xlink:show", b"show", AttrNamespace::XLink),
    (b"xlink:title", b"title", AttrNamespace::XLink),
    (b"xlink:type", b"type", AttrNamespace::XLink),
    (b"xml:lang", b"lang", AttrNamespace::Xml),
    (b"xml:space", b"space", AttrNamespace::Xml),
    (b"xmlns", b"xmlns", AttrNamespace::Xmlns),
    (b"xmlns:xlink", b"xlink", AttrNamespace::Xmlns),
];

/// "Adjust foreign attributes": the attribute as the element gets it.
pub(crate) fn adjust_foreign_attribute<'a>(name: &'a [u8], value: &'a [u8]) -> NewAttribute<'a> {
    for &(from, local_name, ns) in FOREIGN_ATTRIBUTES {
        if from == name {
            return NewAttribute {
                ns,
                local_name,
                value,
            };
        }
    }
    NewAttribute {
        ns: AttrNamespace::None,
        local_name: name,
        value,
    }
}

/// The start tags that leave foreign content: "b", "big", "blockquote", "body", "br",
/// "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1"–"h6", "head", "hr",
/// "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s",
/// "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
/// and "font" with a "color", "face" or "size" attribute.
pub(crate) fn is_breakout_start_tag(tag: &TagToken<'_>) -> bool {
    match tag.name {
        local::B
        | local::BIG
        | local::BLOCKQUOTE
        | local::BODY
        | local::BR
        | local::CENTER
        | local::CODE
        | local::DD
        | local::DIV
        | local::DL
        | local::DT
        | local::EM
        | local::EMBED
        | local::HEAD
        | local::HR
        | local::I
        | local::IMG
        | local::LI
        | local::LISTING
        | local::MENU
        | local::META
        | local::NOBR
        | local::OL
        | local::P
        | local::PRE
        | local::RUBY
        | local::S
        | local::SMALL
        | local::SPAN
        | local::STRONG
        | local::STRIKE
        | local::SUB
        | local::SUP
        | local::TABLE
        | local::TT
        | local::U
        | local::UL
        | local::VAR => true,
        local::FONT => {
            tag.has_attribute(b"color") || tag.has_attribute(b"face") || tag.has_attribute(b"size")
        }
        name => HEADINGS.contains(&name),
    }
}

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// "The rules for parsing tokens in foreign content".
    /// <https://html.spec.whatwg.org/#parsing-main-inforeign>
    pub(crate) fn process_a_token_in_foreign_content(
        &mut self,
        token: &mut TreeToken<'_>,
    ) -> ProcessResult {
        if let Some(result) = D::foreign_content(self, token) {
            return result;
        }
        match *token {
            // -> "A character token that is U+0000 NULL"
            TreeToken::Characters(text) if text.first() == Some(&0) => {
                D::spec_arm(Arm::InForeignContentCharacterNull);
                // "Parse error. Insert a U+FFFD REPLACEMENT CHARACTER character." (for
                // each one)
                self.parse_error_for_each_null(text.len());
                for _ in text {
                    self.insert_characters("\u{FFFD}".as_bytes());
                }
                ProcessResult::Done
            }
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Insert the token's character."
            // -> "Any other character token": "Insert the token's character. Set the
            //    frameset-ok flag to "not ok"."
            TreeToken::Characters(text) => {
                D::spec_arm(Arm::InForeignContentCharacterWhitespace);
                self.insert_characters(text);
                if text.iter().any(|&b| !super::is_ascii_whitespace(b)) {
                    self.frameset_ok = false;
                }
                ProcessResult::Done
            }
            // -> "A comment token": "Insert a comment."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::InForeignContentComment);
                self.insert_a_comment(data, None);
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::InForeignContentProcessingInstruction);
                self.insert_a_processing_instruction(target, data, None);
                ProcessResult::Done
            }
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::InForeignContentDoctype);
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "b", "big", … "var""
            // -> "A start tag whose tag name is "font", if the token has any attributes
            //    named "color", "face", or "size""
            // -> "An end tag whose tag name is "br", "p""
            TreeToken::StartTag(tag) if is_breakout_start_tag(&tag) => {
                D::spec_arm(Arm::InForeignContentStartTagBreakout);
                self.leave_foreign_content(token)
            }
            TreeToken::EndTag(TagToken {
                name: local::BR | local::P,
                ..
            }) => {
                D::spec_arm(Arm::InForeignContentStartTagBreakout);
                self.leave_foreign_content(token)
            }
            // -> "Any other start tag"
            TreeToken::StartTag(tag) => {
                D::spec_arm(Arm::InForeignContentAnyOtherStartTag);
                self.foreign_content_any_other_start_tag(tag)
            }
            // -> "An end tag whose tag name is "script", if the current node is an SVG
            //    script element": "Pop the current node off the stack of open
            //    elements." (Running the script is not litmus's business.)
            TreeToken::EndTag(TagToken {
                name: local::SCRIPT,
                ..
            }) if self.current_node().is_some_and(|node| {
                node.name
                    == QualName {
                        ns: Namespace::Svg,
                        local: local::SCRIPT,
                    }
            }) =>
            {
                D::spec_arm(Arm::InForeignContentEndTagScriptSvg);
                self.pop_the_current_node();
                ProcessResult::Done
            }
            // -> "Any other end tag"
            TreeToken::EndTag(tag) => {
                D::spec_arm(Arm::InForeignContentAnyOtherEndTag);
                self.foreign_content_any_other_end_tag(tag, token)
            }
            // The dispatcher gives end-of-file tokens to the insertion mode.
            TreeToken::Eof => self.process_using_the_rules_for(self.mode, token),
        }
    }

    /// The breakout tags: "Parse error. While the current node is not a MathML text
    /// integration point, an HTML integration point, or an element in the HTML
    /// namespace, pop elements from the stack of open elements. Reprocess the token
    /// according to the rules given in the section corresponding to the current
    /// insertion mode in HTML content."
    fn leave_foreign_content(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        // A start tag, or the </br> and </p> end tags.
        self.parse_error(super::unexpected(token));
        while let Some(node) = self.current_node() {
            if is_mathml_text_integration_point(node.name)
                || node.html_integration_point
                || node.name.ns == Namespace::Html
            {
                break;
            }
            self.pop_the_current_node();
        }
        self.process_using_the_rules_for(self.mode, token)
    }

    /// -> "Any other start tag" in foreign content.
    fn foreign_content_any_other_start_tag(&mut self, mut tag: TagToken<'_>) -> ProcessResult {
        let ns = self
            .adjusted_current_node()
            .map_or(Namespace::Html, |node| node.name.ns);
        // "If the adjusted current node is an element in the MathML namespace, adjust
        // MathML attributes for the token." "If the adjusted current node is an element
        // in the SVG namespace, and the token's tag name is one of the ones in the first
        // column of the following table, change the tag name to the name given in the
        // corresponding cell in the second column." "If the adjusted current node is an
        // element in the SVG namespace, adjust SVG attributes for the token." "Adjust
        // foreign attributes for the token." (The attribute adjustments are made as the
        // element is created.)
        if ns == Namespace::Svg {
            tag.name = adjust_svg_tag_name(tag.name);
        }
        // "Insert a foreign element for the token, with adjusted current node's
        // namespace and false."
        self.insert_a_foreign_element(&tag, ns, false);
        // "If the token has its self-closing flag set, then run the appropriate steps
        // from the following list:"
        if tag.self_closing {
            // -> "If the token's tag name is "script", and the new current node is in
            //    the SVG namespace": "Acknowledge the token's self-closing flag, and then
            //    act as described in the steps for a "script" end tag below."
            // -> "Otherwise": "Pop the current node off the stack of open elements and
            //    acknowledge the token's self-closing flag."
            // Both pop the current node.
            self.acknowledge_self_closing_flag();
            self.pop_the_current_node();
        }
        ProcessResult::Done
    }

    /// -> "Any other end tag" in foreign content.
    fn foreign_content_any_other_end_tag(
        &mut self,
        tag: TagToken<'_>,
        token: &mut TreeToken<'_>,
    ) -> ProcessResult {
        // Step 1. "Initialize node to be the current node (the bottommost node of the
        // stack)."
        let Some(node) = self.open_elements.current() else {
            return ProcessResult::Done;
        };
        // Step 2. "If node's tag name, converted to ASCII lowercase, is not the same as
        // the tag name of the token, then this is a parse error."
        if local_name_in_lowercase(node.name.local) != tag.name {
            self.parse_error(ErrorCode::TreeUnexpectedEndTag);
        }
        // Steps 3 to 6 walk the stack from node (see `foreign_end_tag_walk`):
        match self.open_elements.foreign_end_tag_walk(tag.name) {
            // Step 3. "Loop: If node is the topmost element in the stack of open
            // elements, then return. (fragment case)"
            ForeignEndTagWalk::ReachedTop => ProcessResult::Done,
            // Step 4. "If node's tag name, converted to ASCII lowercase, is the same as
            // the tag name of the token, pop elements from the stack of open elements
            // until node has been popped from the stack, and then return."
            ForeignEndTagWalk::Matched(slot) => {
                if let Some(node) = self.open_elements.get(slot).map(|e| e.node) {
                    self.pop_until_node_popped(node);
                }
                ProcessResult::Done
            }
            // Step 5. "Set node to the previous entry in the stack of open elements."
            // Step 6. "If node is not an element in the HTML namespace, return to the
            // step labeled loop."
            // Step 7. "Otherwise, process the token according to the rules given in the
            // section corresponding to the current insertion mode in HTML content."
            ForeignEndTagWalk::ReachedHtml => self.process_using_the_rules_for(self.mode, token),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_sorted_and_adjust_names() {
        for pair in SVG_ATTRIBUTES.windows(2) {
            assert!(pair[0].0 < pair[1].0);
        }
        for (from, to) in SVG_ATTRIBUTES {
            assert!(from.eq_ignore_ascii_case(to));
        }
        assert_eq!(adjust_svg_attribute(b"viewbox"), b"viewBox");
        assert_eq!(adjust_svg_attribute(b"foo"), b"foo");
        assert_eq!(adjust_mathml_attribute(b"definitionurl"), b"definitionURL");
        let xlink = adjust_foreign_attribute(b"xlink:href", b"#");
        assert_eq!(
            (xlink.ns, xlink.local_name),
            (AttrNamespace::XLink, &b"href"[..])
        );
        assert_eq!(
            adjust_svg_tag_name(local::FOREIGNOBJECT),
            local::FOREIGN_OBJECT
        );
        assert_eq!(local_name_in_lowercase(local::CLIP_PATH), local::CLIPPATH);
        assert_eq!(local_name_in_lowercase(local::DIV), local::DIV);
    }
}
