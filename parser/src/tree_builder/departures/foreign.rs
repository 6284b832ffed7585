//! Foreign content with departures: the arms of "the rules for parsing tokens in
//! foreign content" (`foreign.rs`) the departures change, and "create an element for a
//! token" with the attribute adjustments and the integration point test they change.

use crate::arm_hook::spec_arm;
use crate::departures::{Departed, Departure};
use crate::dom::{AttrNamespace, Namespace, QualName};
use crate::error::ErrorCode;
use crate::names::local;
use crate::spec_arms::Arm;
use crate::tree_builder::foreign::{
    adjust_foreign_attribute, adjust_svg_attribute, is_breakout_start_tag,
    is_html_integration_point_for_token, is_mathml_text_integration_point,
};
use crate::tree_builder::open_elements::{ForeignEndTagWalk, Scope, StackEntry};
use crate::tree_builder::svg_tag_names::{adjust_svg_tag_name, local_name_in_lowercase};
use crate::tree_builder::{
    NewAttribute, ProcessResult, TagToken, TreeBuilder, TreeSink, TreeToken,
};

impl<S: TreeSink> TreeBuilder<'_, S, Departed> {
    /// The foreign content arms the departures on change, or `None`.
    pub(crate) fn departed_foreign_content(
        &mut self,
        token: &mut TreeToken<'_>,
    ) -> Option<ProcessResult> {
        let d = self.departures;
        let fragment = self.context_element.is_some();
        match *token {
            // -> the breakout start tags: a font with color does not break out (a
            //    mutant); in a fragment, "any other start tag" (the older text).
            TreeToken::StartTag(tag) if self.departs_at_a_breakout_start_tag(&tag) => {
                if d.on(Departure::BreakoutIgnoresFontColor)
                    && tag.name == local::FONT
                    && !tag.has_attribute(b"face")
                    && !tag.has_attribute(b"size")
                {
                    spec_arm(Arm::InForeignContentAnyOtherStartTag);
                    return Some(self.departed_any_other_start_tag(tag));
                }
                spec_arm(Arm::InForeignContentStartTagBreakout);
                if d.on(Departure::BreakoutInAFragmentAsAnyOtherStartTag) && fragment {
                    return Some(self.departed_any_other_start_tag(tag));
                }
                Some(self.departed_leave_foreign_content(token))
            }
            // -> `</br>`, `</p>`: "any other end tag" (the older rules), or in a
            //    fragment the start tag "in body" makes of them is "any other start
            //    tag".
            TreeToken::EndTag(tag)
                if matches!(tag.name, local::BR | local::P)
                    && (d.on(Departure::BrPEndTagsAsAnyOtherEndTag)
                        || (d.on(Departure::BreakoutInAFragmentAsAnyOtherStartTag)
                            && fragment)
                        || d.on(Departure::HtmlOnlySpecialCategory)) =>
            {
                if d.on(Departure::BrPEndTagsAsAnyOtherEndTag) {
                    spec_arm(Arm::InForeignContentAnyOtherEndTag);
                    return Some(self.departed_any_other_end_tag_in_foreign_content(tag, token));
                }
                spec_arm(Arm::InForeignContentStartTagBreakout);
                let p_in_button_scope = || {
                    self.open_elements
                        .has_html_in_scope(Scope::Button, local::P)
                };
                if d.on(Departure::BreakoutInAFragmentAsAnyOtherStartTag)
                    && fragment
                    && (tag.name == local::BR || !p_in_button_scope())
                {
                    return Some(self.departed_any_other_start_tag(TagToken::named(tag.name)));
                }
                Some(self.departed_leave_foreign_content(token))
            }
            // -> "Any other start tag".
            TreeToken::StartTag(tag)
                if (d.on(Departure::SvgTagNameNotAdjusted)
                    || d.on(Departure::ForeignSelfClosingNotAcknowledged))
                    && !is_breakout_start_tag(&tag) =>
            {
                spec_arm(Arm::InForeignContentAnyOtherStartTag);
                Some(self.departed_any_other_start_tag(tag))
            }
            // -> "Any other end tag" (not the SVG script's).
            TreeToken::EndTag(tag)
                if (d.on(Departure::ForeignEndTagIgnoresCase)
                    || d.on(Departure::ForeignEndTagWalkStopsAtTheRoot))
                    && !matches!(tag.name, local::BR | local::P)
                    && !(tag.name == local::SCRIPT
                        && self.current_node().is_some_and(|node| {
                            node.name
                                == QualName {
                                    ns: Namespace::Svg,
                                    local: local::SCRIPT,
                                }
                        })) =>
            {
                spec_arm(Arm::InForeignContentAnyOtherEndTag);
                Some(self.departed_any_other_end_tag_in_foreign_content(tag, token))
            }
            _ => None,
        }
    }

    /// Whether a start tag is a breakout start tag that a departure on treats its
    /// own way.
    fn departs_at_a_breakout_start_tag(&self, tag: &TagToken<'_>) -> bool {
        let d = self.departures;
        is_breakout_start_tag(tag)
            && (d.on(Departure::BreakoutIgnoresFontColor)
                || (d.on(Departure::BreakoutInAFragmentAsAnyOtherStartTag)
                    && self.context_element.is_some())
                || d.on(Departure::HtmlOnlySpecialCategory))
    }

    /// The breakout: "Parse error. While the current node is not a MathML text
    /// integration point, an HTML integration point, or an element in the HTML
    /// namespace, pop elements from the stack of open elements. Reprocess the token
    /// according to the rules given in the section corresponding to the current
    /// insertion mode in HTML content." Under `html-only-special-category`, the walk
    /// stops at no MathML annotation-xml.
    fn departed_leave_foreign_content(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        self.parse_error(crate::tree_builder::unexpected(token));
        let at_annotation_xml_too = !self.departures.on(Departure::HtmlOnlySpecialCategory);
        while let Some(node) = self.current_node() {
            if is_mathml_text_integration_point(node.name)
                || (node.html_integration_point
                    && (at_annotation_xml_too || node.name.ns == Namespace::Svg))
                || node.name.ns == Namespace::Html
            {
                break;
            }
            self.pop_the_current_node();
        }
        self.process_using_the_rules_for(self.mode, token)
    }

    /// -> "Any other start tag" in foreign content, with SVG tag names not adjusted or
    /// the self-closing flag not acknowledged (mutants).
    fn departed_any_other_start_tag(&mut self, mut tag: TagToken<'_>) -> ProcessResult {
        let d = self.departures;
        let ns = self
            .adjusted_current_node()
            .map_or(Namespace::Html, |node| node.name.ns);
        if ns == Namespace::Svg && !d.on(Departure::SvgTagNameNotAdjusted) {
            tag.name = adjust_svg_tag_name(tag.name);
        }
        self.insert_a_foreign_element(&tag, ns, false);
        if tag.self_closing && !d.on(Departure::ForeignSelfClosingNotAcknowledged) {
            self.acknowledge_self_closing_flag();
            self.pop_the_current_node();
        }
        ProcessResult::Done
    }

    /// -> "Any other end tag" in foreign content, with its match case-sensitive (a
    /// mutant), or its walk ended at the fragment's root
    /// (`foreign-end-tag-walk-stops-at-the-root`).
    fn departed_any_other_end_tag_in_foreign_content(
        &mut self,
        tag: TagToken<'_>,
        token: &mut TreeToken<'_>,
    ) -> ProcessResult {
        let d = self.departures;
        let Some(node) = self.open_elements.current() else {
            return ProcessResult::Done;
        };
        if local_name_in_lowercase(node.name.local) != tag.name {
            self.parse_error(ErrorCode::TreeUnexpectedEndTag);
        }
        match self.open_elements.foreign_end_tag_walk(tag.name) {
            ForeignEndTagWalk::ReachedTop => ProcessResult::Done,
            ForeignEndTagWalk::Matched(slot) => {
                let exact = self.open_elements.get(slot).map(|e| e.name.local);
                if d.on(Departure::ForeignEndTagIgnoresCase) && exact != Some(tag.name) {
                    return ProcessResult::Done;
                }
                if let Some(node) = self.open_elements.get(slot).map(|e| e.node) {
                    self.pop_until_node_popped(node);
                }
                ProcessResult::Done
            }
            ForeignEndTagWalk::ReachedHtml => {
                let at_the_root = || {
                    self.open_elements
                        .iter()
                        .skip(1)
                        .all(|e| e.name.ns != Namespace::Html)
                };
                if d.on(Departure::ForeignEndTagWalkStopsAtTheRoot) && at_the_root() {
                    return ProcessResult::Done;
                }
                self.process_using_the_rules_for(self.mode, token)
            }
        }
    }

    /// "Create an element for a token", with definitionurl not adjusted, an
    /// annotation-xml integration point only for `encoding="text/html"` exactly
    /// (mutants), or xmlns not adjusted (`xmlns-not-adjusted`).
    pub(crate) fn departed_create_an_element_for_the_token<'t>(
        &mut self,
        tag: &TagToken<'t>,
        ns: Namespace,
    ) -> Option<StackEntry> {
        let d = self.departures;
        let mathml_unadjusted = d.on(Departure::MathMlAttributeNotAdjusted);
        let xmlns_unadjusted = d.on(Departure::XmlnsNotAdjusted);
        let encoding_case_sensitive = d.on(Departure::AnnotationXmlEncodingCaseSensitive);
        if ns == Namespace::Html
            || !(mathml_unadjusted || xmlns_unadjusted || encoding_case_sensitive)
        {
            return None;
        }
        let name = QualName {
            ns,
            local: tag.name,
        };
        let adjust = |local_name: &'t [u8], value: &'t [u8]| -> NewAttribute<'t> {
            let local_name = match ns {
                Namespace::MathMl if local_name == b"definitionurl" && !mathml_unadjusted => {
                    &b"definitionURL"[..]
                }
                Namespace::Svg => adjust_svg_attribute(local_name),
                _ => local_name,
            };
            if local_name == b"xmlns" && xmlns_unadjusted {
                return NewAttribute {
                    ns: AttrNamespace::None,
                    local_name,
                    value,
                };
            }
            adjust_foreign_attribute(local_name, value)
        };
        let node = self.sink.create_element(
            name,
            tag.attributes()
                .map(|(local_name, value)| adjust(local_name, value)),
        );
        let bad_xmlns = tag
            .attribute(b"xmlns")
            .is_some_and(|value| value != ns.url().as_bytes());
        let bad_xlink = tag
            .attribute(b"xmlns:xlink")
            .is_some_and(|value| value != b"http://www.w3.org/1999/xlink");
        if bad_xmlns || bad_xlink {
            self.parse_error(ErrorCode::TreeUnexpectedStartTag);
        }
        let html_integration_point = if encoding_case_sensitive
            && name.ns == Namespace::MathMl
            && name.local == local::ANNOTATION_XML
        {
            tag.attribute(b"encoding") == Some(b"text/html")
        } else {
            is_html_integration_point_for_token(name, tag)
        };
        if html_integration_point && ns == Namespace::MathMl {
            self.sink.mark_html_integration_point(node);
        }
        Some(StackEntry {
            node,
            name,
            html_integration_point,
        })
    }
}
