//! The "in body" insertion mode.

use crate::dom::Namespace;
use crate::error::ErrorCode;
use crate::names::local;
use crate::spec_arms::Arm;
use crate::tokenizer::State;
use crate::tree_builder::open_elements::{Scope, HEADINGS};
use crate::tree_builder::Seams;
use crate::tree_builder::{
    is_ascii_whitespace, InsertionMode, ProcessResult, TagToken, TreeBuilder, TreeSink, TreeToken,
};

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// <https://html.spec.whatwg.org/#parsing-main-inbody>
    #[inline(never)]
    pub(crate) fn in_body(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is U+0000 NULL": "Parse error. Ignore the
            //    token."
            TreeToken::Characters(text) if text.first() == Some(&0) => {
                D::spec_arm(Arm::InBodyCharacterNull);
                self.parse_error_for_each_null(text.len());
                ProcessResult::Done
            }
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Reconstruct the active formatting elements, if any.
            //    Insert the token's character."
            // -> "Any other character token": "Reconstruct the active formatting
            //    elements, if any. Insert the token's character. Set the frameset-ok flag
            //    to "not ok"."
            TreeToken::Characters(text) => {
                D::spec_arm(Arm::InBodyCharacterWhitespace);
                self.reconstruct_the_active_formatting_elements();
                self.insert_characters(text);
                if text.iter().any(|&b| !is_ascii_whitespace(b)) {
                    self.frameset_ok = false;
                }
                ProcessResult::Done
            }
            // -> "A comment token": "Insert a comment."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::InBodyComment);
                self.insert_a_comment(data, None);
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::InBodyProcessingInstruction);
                self.insert_a_processing_instruction(target, data, None);
                ProcessResult::Done
            }
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::InBodyDoctype);
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "html""
            TreeToken::StartTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::InBodyStartTagHtml);
                // "Parse error."
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                // "If there is a template element on the stack of open elements, then
                // ignore the token."
                // "Otherwise, for each attribute on the token, check to see if the
                // attribute is already present on the top element of the stack of open
                // elements. If it is not, add the attribute and its corresponding value
                // to that element."
                if !self.open_elements.contains_html(local::TEMPLATE) {
                    if let Some(top) = self.open_elements.first().map(|e| e.node) {
                        self.add_the_attributes_if_missing(top, &tag);
                    }
                }
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "base", "basefont", "bgsound",
            //    "link", "meta", "noframes", "script", "style", "template", "title""
            // -> "An end tag whose tag name is "template"": "Process the token using the
            //    rules for the "in head" insertion mode."
            TreeToken::StartTag(tag)
                if matches!(
                    tag.name,
                    local::BASE
                        | local::BASEFONT
                        | local::BGSOUND
                        | local::LINK
                        | local::META
                        | local::NOFRAMES
                        | local::SCRIPT
                        | local::STYLE
                        | local::TEMPLATE
                        | local::TITLE
                ) =>
            {
                D::spec_arm(Arm::InBodyStartTagBaseBasefontBgsoundEtc);
                self.process_using_the_rules_for(InsertionMode::InHead, token)
            }
            TreeToken::EndTag(tag) if tag.name == local::TEMPLATE => {
                D::spec_arm(Arm::InBodyStartTagBaseBasefontBgsoundEtc);
                self.process_using_the_rules_for(InsertionMode::InHead, token)
            }
            // -> "A start tag whose tag name is "body""
            TreeToken::StartTag(tag) if tag.name == local::BODY => {
                D::spec_arm(Arm::InBodyStartTagBody);
                // "Parse error."
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                // "If the stack of open elements has only one node on it, or if the
                // second element on the stack of open elements is not a body element, or
                // if there is a template element on the stack of open elements, then
                // ignore the token. (fragment case or there is a template element on the
                // stack)"
                match self.open_elements.second().copied() {
                    Some(body)
                        if body.is_html(local::BODY)
                            && !self.open_elements.contains_html(local::TEMPLATE) =>
                    {
                        // "Otherwise, set the frameset-ok flag to "not ok"; then, for each
                        // attribute on the token, check to see if the attribute is already
                        // present on the body element (the second element) on the stack of
                        // open elements, and if it is not, add the attribute and its
                        // corresponding value to that element."
                        self.frameset_ok = false;
                        self.add_the_attributes_if_missing(body.node, &tag);
                    }
                    _ => {}
                }
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "frameset""
            TreeToken::StartTag(tag) if tag.name == local::FRAMESET => {
                D::spec_arm(Arm::InBodyStartTagFrameset);
                self.in_body_frameset_start_tag(&tag);
                ProcessResult::Done
            }
            // -> "An end-of-file token"
            TreeToken::Eof => {
                D::spec_arm(Arm::InBodyEndOfFile);
                // "If the stack of template insertion modes is not empty, then process the
                // token using the rules for the "in template" insertion mode."
                if !self.template_modes.is_empty() {
                    return self.process_using_the_rules_for(InsertionMode::InTemplate, token);
                }
                // "Otherwise, follow these steps: If there is a node in the stack of open
                // elements that is not either a dd element, …, the body element, or the
                // html element, then this is a parse error. Stop parsing."
                self.report_elements_left_open(ErrorCode::TreeUnexpectedEof);
                self.stop_parsing();
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "body""
            // -> "An end tag whose tag name is "html""
            TreeToken::EndTag(tag) if matches!(tag.name, local::BODY | local::HTML) => {
                D::spec_arm(Arm::InBodyEndTagBody);
                // "If the stack of open elements does not have a body element in scope,
                // this is a parse error; ignore the token."
                if !self
                    .open_elements
                    .has_html_in_scope(Scope::Default, local::BODY)
                {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "Otherwise, if there is a node in the stack of open elements that is not
                // either a dd element, …, the body element, or the html element, then this
                // is a parse error."
                self.report_elements_left_open(ErrorCode::TreeUnexpectedEndTag);
                // "Switch the insertion mode to "after body"." For "html": "Reprocess the
                // token."
                if tag.name == local::HTML {
                    ProcessResult::Reprocess(InsertionMode::AfterBody)
                } else {
                    self.mode = InsertionMode::AfterBody;
                    ProcessResult::Done
                }
            }
            // -> "A start tag whose tag name is one of: "address", "article", "aside",
            //    "blockquote", "center", "details", "dialog", "dir", "div", "dl",
            //    "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "main",
            //    "menu", "nav", "ol", "p", "search", "section", "summary", "ul""
            TreeToken::StartTag(tag)
                if matches!(
                    tag.name,
                    local::ADDRESS
                        | local::ARTICLE
                        | local::ASIDE
                        | local::BLOCKQUOTE
                        | local::CENTER
                        | local::DETAILS
                        | local::DIALOG
                        | local::DIR
                        | local::DIV
                        | local::DL
                        | local::FIELDSET
                        | local::FIGCAPTION
                        | local::FIGURE
                        | local::FOOTER
                        | local::HEADER
                        | local::HGROUP
                        | local::MAIN
                        | local::MENU
                        | local::NAV
                        | local::OL
                        | local::P
                        | local::SEARCH
                        | local::SECTION
                        | local::SUMMARY
                        | local::UL
                ) =>
            {
                D::spec_arm(Arm::InBodyStartTagAddressArticleAsideEtc);
                // "If the stack of open elements has a p element in button scope, then
                // close a p element." "Insert an HTML element for the token."
                self.close_a_p_element_in_button_scope();
                self.insert_an_html_element(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "h1", "h2", "h3", "h4", "h5",
            //    "h6""
            TreeToken::StartTag(tag) if HEADINGS.contains(&tag.name) => {
                D::spec_arm(Arm::InBodyStartTagH1H2H3Etc);
                // "If the stack of open elements has a p element in button scope, then
                // close a p element."
                self.close_a_p_element_in_button_scope();
                // "If the current node is an HTML element whose tag name is one of "h1",
                // "h2", "h3", "h4", "h5", or "h6", then this is a parse error; pop the
                // current node off the stack of open elements."
                if self.current_node_is_one_of(HEADINGS) {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                    self.pop_the_current_node();
                }
                // "Insert an HTML element for the token."
                self.insert_an_html_element(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "pre", "listing""
            TreeToken::StartTag(tag) if matches!(tag.name, local::PRE | local::LISTING) => {
                D::spec_arm(Arm::InBodyStartTagPreListing);
                // "If the stack of open elements has a p element in button scope, then
                // close a p element." "Insert an HTML element for the token."
                self.close_a_p_element_in_button_scope();
                self.insert_an_html_element(&tag);
                // "If the next token is a U+000A LINE FEED (LF) character token, then
                // ignore that token and move on to the next one. (Newlines at the start of
                // pre blocks are ignored as an authoring convenience.)"
                self.ignore_next_line_feed = Some(Arm::InBodyStartTagPreListing);
                // "Set the frameset-ok flag to "not ok"."
                self.frameset_ok = false;
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "form""
            TreeToken::StartTag(tag) if tag.name == local::FORM => {
                D::spec_arm(Arm::InBodyStartTagForm);
                // "If the form element pointer is not null, and the parser is not parsing
                // template contents, then this is a parse error; ignore the token."
                let in_template = self.parsing_template_contents();
                if self.form_element.is_some() && !in_template {
                    self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                    return ProcessResult::Done;
                }
                // "Otherwise: If the stack of open elements has a p element in button
                // scope, then close a p element. Insert an HTML element for the token,
                // and, if the parser is not parsing template contents, set the form
                // element pointer to point to the element created."
                self.close_a_p_element_in_button_scope();
                let form = self.insert_an_html_element(&tag);
                if !in_template {
                    self.form_element = Some(form);
                }
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "li""
            // -> "A start tag whose tag name is one of: "dd", "dt""
            TreeToken::StartTag(tag) if matches!(tag.name, local::LI | local::DD | local::DT) => {
                D::spec_arm(Arm::InBodyStartTagLi);
                self.in_body_list_item_start_tag(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "plaintext""
            TreeToken::StartTag(tag) if tag.name == local::PLAINTEXT => {
                D::spec_arm(Arm::InBodyStartTagPlaintext);
                // "If the stack of open elements has a p element in button scope, then
                // close a p element." "Insert an HTML element for the token."
                self.close_a_p_element_in_button_scope();
                self.insert_an_html_element(&tag);
                // "Switch the tokenizer to the PLAINTEXT state."
                self.switch_the_tokenizer_to(State::Plaintext);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "button""
            TreeToken::StartTag(tag) if tag.name == local::BUTTON => {
                D::spec_arm(Arm::InBodyStartTagButton);
                // "If the stack of open elements has a button element in scope, then run
                // these substeps: Parse error. Generate implied end tags. Pop elements
                // from the stack of open elements until a button element has been popped
                // from the stack."
                if self
                    .open_elements
                    .has_html_in_scope(Scope::Default, local::BUTTON)
                {
                    self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                    self.generate_implied_end_tags(None);
                    self.pop_until_html_popped(local::BUTTON);
                }
                // "Reconstruct the active formatting elements, if any." "Insert an HTML
                // element for the token." "Set the frameset-ok flag to "not ok"."
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element(&tag);
                self.frameset_ok = false;
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is one of: "address", "article", "aside",
            //    "blockquote", "button", "center", "details", "dialog", "dir", "div",
            //    "dl", "fieldset", "figcaption", "figure", "footer", "header", "hgroup",
            //    "listing", "main", "menu", "nav", "ol", "pre", "search", "section",
            //    "select", "summary", "ul""
            TreeToken::EndTag(tag)
                if matches!(
                    tag.name,
                    local::ADDRESS
                        | local::ARTICLE
                        | local::ASIDE
                        | local::BLOCKQUOTE
                        | local::BUTTON
                        | local::CENTER
                        | local::DETAILS
                        | local::DIALOG
                        | local::DIR
                        | local::DIV
                        | local::DL
                        | local::FIELDSET
                        | local::FIGCAPTION
                        | local::FIGURE
                        | local::FOOTER
                        | local::HEADER
                        | local::HGROUP
                        | local::LISTING
                        | local::MAIN
                        | local::MENU
                        | local::NAV
                        | local::OL
                        | local::PRE
                        | local::SEARCH
                        | local::SECTION
                        | local::SELECT
                        | local::SUMMARY
                        | local::UL
                ) =>
            {
                D::spec_arm(Arm::InBodyEndTagAddressArticleAsideEtc);
                // "If the stack of open elements does not have an element in scope that is
                // an HTML element with the same tag name as that of the token, then this
                // is a parse error; ignore the token."
                if !self
                    .open_elements
                    .has_html_in_scope(Scope::Default, tag.name)
                {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "Otherwise, run these steps: Generate implied end tags. If the current
                // node is not an HTML element with the same tag name as that of the token,
                // then this is a parse error. Pop elements from the stack of open elements
                // until an HTML element with the same tag name as the token has been
                // popped from the stack."
                self.generate_implied_end_tags(None);
                if !self.current_node_is(tag.name) {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                }
                self.pop_until_html_popped(tag.name);
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "form""
            TreeToken::EndTag(tag) if tag.name == local::FORM => {
                D::spec_arm(Arm::InBodyEndTagForm);
                self.in_body_form_end_tag();
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "p""
            TreeToken::EndTag(tag) if tag.name == local::P => {
                D::spec_arm(Arm::InBodyEndTagP);
                // "If the stack of open elements does not have a p element in button
                // scope, then this is a parse error; insert an HTML element for a "p"
                // start tag token with no attributes."
                if !self
                    .open_elements
                    .has_html_in_scope(Scope::Button, local::P)
                {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    self.insert_an_html_element(&TagToken::named(local::P));
                }
                // "Close a p element."
                self.close_a_p_element();
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "li""
            TreeToken::EndTag(tag) if tag.name == local::LI => {
                D::spec_arm(Arm::InBodyEndTagLi);
                // "If the stack of open elements does not have an li element in list item
                // scope, then this is a parse error; ignore the token."
                if !self
                    .open_elements
                    .has_html_in_scope(Scope::ListItem, local::LI)
                {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "Otherwise, run these steps: Generate implied end tags, except for li
                // elements. If the current node is not an li element, then this is a parse
                // error. Pop elements from the stack of open elements until an li element
                // has been popped from the stack."
                self.generate_implied_end_tags(Some(local::LI));
                if !self.current_node_is(local::LI) {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                }
                self.pop_until_html_popped(local::LI);
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is one of: "dd", "dt""
            TreeToken::EndTag(tag) if matches!(tag.name, local::DD | local::DT) => {
                D::spec_arm(Arm::InBodyEndTagDdDt);
                // "If the stack of open elements does not have an element in scope that is
                // an HTML element with the same tag name as that of the token, then this
                // is a parse error; ignore the token."
                if !self
                    .open_elements
                    .has_html_in_scope(Scope::Default, tag.name)
                {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "Otherwise, run these steps: Generate implied end tags, except for HTML
                // elements with the same tag name as the token. If the current node is not
                // an HTML element with the same tag name as that of the token, then this
                // is a parse error. Pop elements from the stack of open elements until an
                // HTML element with the same tag name as the token has been popped from
                // the stack."
                self.generate_implied_end_tags(Some(tag.name));
                if !self.current_node_is(tag.name) {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                }
                self.pop_until_html_popped(tag.name);
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is one of: "h1", "h2", "h3", "h4", "h5",
            //    "h6""
            TreeToken::EndTag(tag) if HEADINGS.contains(&tag.name) => {
                D::spec_arm(Arm::InBodyEndTagH1H2H3Etc);
                // "If the stack of open elements does not have an element in scope that is
                // an HTML element and whose tag name is one of "h1", "h2", "h3", "h4",
                // "h5", or "h6", then this is a parse error; ignore the token."
                if !self
                    .open_elements
                    .has_html_one_of_in_scope(Scope::Default, HEADINGS)
                {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "Otherwise, run these steps: Generate implied end tags. If the current
                // node is not an HTML element with the same tag name as that of the token,
                // then this is a parse error. Pop elements from the stack of open elements
                // until an HTML element whose tag name is one of "h1", "h2", "h3", "h4",
                // "h5", or "h6" has been popped from the stack."
                self.generate_implied_end_tags(None);
                if !self.current_node_is(tag.name) {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                }
                self.pop_until_html_one_of_popped(HEADINGS);
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "sarcasm"": "Take a deep breath, then act
            //    as described in the "any other end tag" entry below." ("sarcasm" is no
            //    well-known name, so such a token falls to that entry by itself.)
            // -> "A start tag whose tag name is "a""
            TreeToken::StartTag(tag) if tag.name == local::A => {
                D::spec_arm(Arm::InBodyStartTagA);
                self.in_body_a_start_tag(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "b", "big", "code", "em", "font",
            //    "i", "s", "small", "strike", "strong", "tt", "u""
            TreeToken::StartTag(tag)
                if matches!(
                    tag.name,
                    local::B
                        | local::BIG
                        | local::CODE
                        | local::EM
                        | local::FONT
                        | local::I
                        | local::S
                        | local::SMALL
                        | local::STRIKE
                        | local::STRONG
                        | local::TT
                        | local::U
                ) =>
            {
                D::spec_arm(Arm::InBodyStartTagBBigCodeEtc);
                // "Reconstruct the active formatting elements, if any. Insert an HTML
                // element for the token. Push onto the list of active formatting elements
                // that element."
                self.reconstruct_the_active_formatting_elements();
                let element = self.insert_an_html_element(&tag);
                self.push_onto_the_list_of_active_formatting_elements(element, &tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "nobr""
            TreeToken::StartTag(tag) if tag.name == local::NOBR => {
                D::spec_arm(Arm::InBodyStartTagNobr);
                // "Reconstruct the active formatting elements, if any."
                self.reconstruct_the_active_formatting_elements();
                // "If the stack of open elements has a nobr element in scope, then this is
                // a parse error; run the adoption agency algorithm for the token, then
                // once again reconstruct the active formatting elements, if any."
                if self
                    .open_elements
                    .has_html_in_scope(Scope::Default, local::NOBR)
                {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                    self.run_the_adoption_agency_algorithm(&tag);
                    self.reconstruct_the_active_formatting_elements();
                }
                // "Insert an HTML element for the token. Push onto the list of active
                // formatting elements that element."
                let element = self.insert_an_html_element(&tag);
                self.push_onto_the_list_of_active_formatting_elements(element, &tag);
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is one of: "a", "b", "big", "code", "em",
            //    "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"": "Run
            //    the adoption agency algorithm for the token."
            TreeToken::EndTag(tag)
                if matches!(
                    tag.name,
                    local::A
                        | local::B
                        | local::BIG
                        | local::CODE
                        | local::EM
                        | local::FONT
                        | local::I
                        | local::NOBR
                        | local::S
                        | local::SMALL
                        | local::STRIKE
                        | local::STRONG
                        | local::TT
                        | local::U
                ) =>
            {
                D::spec_arm(Arm::InBodyEndTagABBigEtc);
                self.run_the_adoption_agency_algorithm(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "applet", "marquee", "object""
            TreeToken::StartTag(tag)
                if matches!(tag.name, local::APPLET | local::MARQUEE | local::OBJECT) =>
            {
                D::spec_arm(Arm::InBodyStartTagAppletMarqueeObject);
                // "Reconstruct the active formatting elements, if any. Insert an HTML
                // element for the token. Insert a marker at the end of the list of active
                // formatting elements. Set the frameset-ok flag to "not ok"."
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element(&tag);
                self.active_formatting.insert_a_marker();
                self.frameset_ok = false;
                ProcessResult::Done
            }
            // -> "An end tag token whose tag name is one of: "applet", "marquee",
            //    "object""
            TreeToken::EndTag(tag)
                if matches!(tag.name, local::APPLET | local::MARQUEE | local::OBJECT) =>
            {
                D::spec_arm(Arm::InBodyEndTagAppletMarqueeObject);
                // "If the stack of open elements does not have an element in scope that is
                // an HTML element with the same tag name as that of the token, then this
                // is a parse error; ignore the token."
                if !self
                    .open_elements
                    .has_html_in_scope(Scope::Default, tag.name)
                {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "Otherwise, run these steps: Generate implied end tags. If the current
                // node is not an HTML element with the same tag name as that of the token,
                // then this is a parse error. Pop elements from the stack of open elements
                // until an HTML element with the same tag name as the token has been
                // popped from the stack. Clear the list of active formatting elements up
                // to the last marker."
                self.generate_implied_end_tags(None);
                if !self.current_node_is(tag.name) {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                }
                self.pop_until_html_popped(tag.name);
                self.active_formatting.clear_up_to_the_last_marker();
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "table""
            TreeToken::StartTag(tag) if tag.name == local::TABLE => {
                D::spec_arm(Arm::InBodyStartTagTable);
                // "If the Document is not set to quirks mode, and the stack of open
                // elements has a p element in button scope, then close a p element."
                if self.quirks_mode != crate::dom::QuirksMode::Quirks {
                    self.close_a_p_element_in_button_scope();
                }
                // "Insert an HTML element for the token. Set the frameset-ok flag to "not
                // ok". Switch the insertion mode to "in table"."
                self.insert_an_html_element(&tag);
                self.frameset_ok = false;
                self.mode = InsertionMode::InTable;
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "br"": "Parse error. Drop the attributes
            //    from the token, and act as described in the next entry; i.e. act as if
            //    this was a "br" start tag token with no attributes, rather than the end
            //    tag token that it actually is."
            TreeToken::EndTag(tag) if tag.name == local::BR => {
                D::spec_arm(Arm::InBodyEndTagBr);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                self.in_body_void_element(&TagToken::named(local::BR));
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "area", "br", "embed", "img",
            //    "keygen", "wbr""
            TreeToken::StartTag(tag)
                if matches!(
                    tag.name,
                    local::AREA
                        | local::BR
                        | local::EMBED
                        | local::IMG
                        | local::KEYGEN
                        | local::WBR
                ) =>
            {
                D::spec_arm(Arm::InBodyStartTagAreaBrEmbedEtc);
                self.in_body_void_element(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "input""
            TreeToken::StartTag(tag) if tag.name == local::INPUT => {
                D::spec_arm(Arm::InBodyStartTagInput);
                self.in_body_input_start_tag(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "param", "source", "track""
            TreeToken::StartTag(tag)
                if matches!(tag.name, local::PARAM | local::SOURCE | local::TRACK) =>
            {
                D::spec_arm(Arm::InBodyStartTagParamSourceTrack);
                // "Insert an HTML element for the token. Immediately pop the current node
                // off the stack of open elements. Acknowledge the token's self-closing
                // flag, if it is set."
                self.insert_an_html_element(&tag);
                self.pop_the_current_node();
                self.acknowledge_self_closing_flag();
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "hr""
            TreeToken::StartTag(tag) if tag.name == local::HR => {
                D::spec_arm(Arm::InBodyStartTagHr);
                self.in_body_hr_start_tag(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "image"": "Parse error. Change the
            //    token's tag name to "img" and reprocess it. (Don't ask.)"
            TreeToken::StartTag(mut tag) if tag.name == local::IMAGE => {
                D::spec_arm(Arm::InBodyStartTagImage);
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                tag.name = local::IMG;
                *token = TreeToken::StartTag(tag);
                ProcessResult::Reprocess(self.mode)
            }
            // -> "A start tag whose tag name is "textarea""
            TreeToken::StartTag(tag) if tag.name == local::TEXTAREA => {
                D::spec_arm(Arm::InBodyStartTagTextarea);
                // "Insert an HTML element for the token."
                self.insert_an_html_element(&tag);
                // "If the next token is a U+000A LINE FEED (LF) character token, then
                // ignore that token and move on to the next one. (Newlines at the start of
                // textarea elements are ignored as an authoring convenience.)"
                self.ignore_next_line_feed = Some(Arm::InBodyStartTagTextarea);
                // "Switch the tokenizer to the RCDATA state."
                self.switch_the_tokenizer_to(State::Rcdata);
                // "Set the original insertion mode to the current insertion mode."
                self.original_mode = self.mode;
                // "Set the frameset-ok flag to "not ok"."
                self.frameset_ok = false;
                // "Switch the insertion mode to "text"."
                self.mode = InsertionMode::Text;
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "xmp""
            TreeToken::StartTag(tag) if tag.name == local::XMP => {
                D::spec_arm(Arm::InBodyStartTagXmp);
                // "If the stack of open elements has a p element in button scope, then
                // close a p element." "Reconstruct the active formatting elements, if
                // any." "Set the frameset-ok flag to "not ok"." "Follow the generic raw
                // text element parsing algorithm."
                self.close_a_p_element_in_button_scope();
                self.reconstruct_the_active_formatting_elements();
                self.frameset_ok = false;
                self.parse_generic_text_element(&tag, State::Rawtext);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "iframe""
            TreeToken::StartTag(tag) if tag.name == local::IFRAME => {
                D::spec_arm(Arm::InBodyStartTagIframe);
                // "Set the frameset-ok flag to "not ok"." "Follow the generic raw text
                // element parsing algorithm."
                self.frameset_ok = false;
                self.parse_generic_text_element(&tag, State::Rawtext);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "noembed""
            // -> "A start tag whose tag name is "noscript", if the scripting flag is
            //    enabled": "Follow the generic raw text element parsing algorithm."
            TreeToken::StartTag(tag)
                if tag.name == local::NOEMBED
                    || (tag.name == local::NOSCRIPT && self.scripting) =>
            {
                D::spec_arm(Arm::InBodyStartTagNoembed);
                self.parse_generic_text_element(&tag, State::Rawtext);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "select""
            TreeToken::StartTag(tag) if tag.name == local::SELECT => {
                D::spec_arm(Arm::InBodyStartTagSelect);
                self.in_body_select_start_tag(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "option""
            TreeToken::StartTag(tag) if tag.name == local::OPTION => {
                D::spec_arm(Arm::InBodyStartTagOption);
                // "If the stack of open elements has a select element in scope:"
                if self
                    .open_elements
                    .has_html_in_scope(Scope::Default, local::SELECT)
                {
                    // "Generate implied end tags except for optgroup elements."
                    self.generate_implied_end_tags(Some(local::OPTGROUP));
                    // "If the stack of open elements has an option element in scope, then
                    // this is a parse error."
                    if self
                        .open_elements
                        .has_html_in_scope(Scope::Default, local::OPTION)
                    {
                        self.parse_error(ErrorCode::TreeMisnestedTag);
                    }
                } else if self.current_node_is(local::OPTION) {
                    // "Otherwise: If the current node is an option element, then pop the
                    // current node off the stack of open elements."
                    self.pop_the_current_node();
                }
                // "Reconstruct the active formatting elements, if any." "Insert an HTML
                // element for the token."
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "optgroup""
            TreeToken::StartTag(tag) if tag.name == local::OPTGROUP => {
                D::spec_arm(Arm::InBodyStartTagOptgroup);
                // "If the stack of open elements has a select element in scope:"
                if self
                    .open_elements
                    .has_html_in_scope(Scope::Default, local::SELECT)
                {
                    // "Generate implied end tags."
                    self.generate_implied_end_tags(None);
                    // "If the stack of open elements has an option element in scope or has
                    // an optgroup element in scope, then this is a parse error."
                    if self
                        .open_elements
                        .has_html_one_of_in_scope(Scope::Default, &[local::OPTION, local::OPTGROUP])
                    {
                        self.parse_error(ErrorCode::TreeMisnestedTag);
                    }
                } else if self.current_node_is(local::OPTION) {
                    // "Otherwise, if the current node is an option element, then pop the
                    // current node from the stack of open elements."
                    self.pop_the_current_node();
                }
                // "Reconstruct the active formatting elements, if any." "Insert an HTML
                // element for the token."
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "rb", "rtc""
            TreeToken::StartTag(tag) if matches!(tag.name, local::RB | local::RTC) => {
                D::spec_arm(Arm::InBodyStartTagRbRtc);
                // "If the stack of open elements has a ruby element in scope, then
                // generate implied end tags. If the current node is not now a ruby
                // element, this is a parse error."
                if self
                    .open_elements
                    .has_html_in_scope(Scope::Default, local::RUBY)
                {
                    self.generate_implied_end_tags(None);
                    if !self.current_node_is(local::RUBY) {
                        self.parse_error(ErrorCode::TreeMisnestedTag);
                    }
                }
                // "Insert an HTML element for the token."
                self.insert_an_html_element(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "rp", "rt""
            TreeToken::StartTag(tag) if matches!(tag.name, local::RP | local::RT) => {
                D::spec_arm(Arm::InBodyStartTagRpRt);
                // "If the stack of open elements has a ruby element in scope, then
                // generate implied end tags, except for rtc elements. If the current node
                // is not now a rtc element or a ruby element, this is a parse error."
                if self
                    .open_elements
                    .has_html_in_scope(Scope::Default, local::RUBY)
                {
                    self.generate_implied_end_tags(Some(local::RTC));
                    if !self.current_node_is_one_of(&[local::RTC, local::RUBY]) {
                        self.parse_error(ErrorCode::TreeMisnestedTag);
                    }
                }
                // "Insert an HTML element for the token."
                self.insert_an_html_element(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "math""
            // -> "A start tag whose tag name is "svg""
            TreeToken::StartTag(tag) if matches!(tag.name, local::MATH | local::SVG) => {
                D::spec_arm(Arm::InBodyStartTagMath);
                // "Reconstruct the active formatting elements, if any."
                self.reconstruct_the_active_formatting_elements();
                // "Adjust MathML attributes for the token." / "Adjust SVG attributes for
                // the token." "Adjust foreign attributes for the token." (Made as the
                // element is created.) "Insert a foreign element for the token, with the
                // MathML namespace (or the SVG namespace) and false."
                let ns = if tag.name == local::MATH {
                    Namespace::MathMl
                } else {
                    Namespace::Svg
                };
                self.insert_a_foreign_element(&tag, ns, false);
                // "If the token has its self-closing flag set, pop the current node off
                // the stack of open elements and acknowledge the token's self-closing
                // flag."
                if tag.self_closing {
                    self.pop_the_current_node();
                    self.acknowledge_self_closing_flag();
                }
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "caption", "col", "colgroup",
            //    "frame", "head", "tbody", "td", "tfoot", "th", "thead", "tr"": "Parse
            //    error. Ignore the token."
            TreeToken::StartTag(tag)
                if matches!(
                    tag.name,
                    local::CAPTION
                        | local::COL
                        | local::COLGROUP
                        | local::FRAME
                        | local::HEAD
                        | local::TBODY
                        | local::TD
                        | local::TFOOT
                        | local::TH
                        | local::THEAD
                        | local::TR
                ) =>
            {
                D::spec_arm(Arm::InBodyStartTagCaptionColColgroupEtc);
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                ProcessResult::Done
            }
            // -> "Any other start tag": "Reconstruct the active formatting elements, if
            //    any. Insert an HTML element for the token."
            TreeToken::StartTag(tag) => {
                D::spec_arm(Arm::InBodyAnyOtherStartTag);
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element(&tag);
                ProcessResult::Done
            }
            // -> "Any other end tag"
            TreeToken::EndTag(tag) => {
                D::spec_arm(Arm::InBodyAnyOtherEndTag);
                self.in_body_any_other_end_tag(&tag);
                ProcessResult::Done
            }
        }
    }
}
