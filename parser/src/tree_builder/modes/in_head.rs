//! The "in head", "in head noscript" and "after head" insertion modes.

use crate::error::ErrorCode;
use crate::names::local;
use crate::spec_arms::Arm;
use crate::tokenizer::State;
use crate::tree_builder::open_elements::StackEntry;
use crate::tree_builder::Seams;
use crate::tree_builder::{
    leading_whitespace, InsertionMode, ProcessResult, TagToken, TreeBuilder, TreeSink, TreeToken,
};

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// <https://html.spec.whatwg.org/#parsing-main-inhead>
    #[inline(never)]
    pub(crate) fn in_head(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Insert the character."
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                D::spec_arm(Arm::InHeadCharacterWhitespace);
                let whitespace = leading_whitespace(text);
                self.insert_characters(&text[..whitespace]);
                *token = TreeToken::Characters(&text[whitespace..]);
                ProcessResult::Reprocess(self.mode)
            }
            // -> "A comment token": "Insert a comment."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::InHeadComment);
                self.insert_a_comment(data, None);
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::InHeadProcessingInstruction);
                self.insert_a_processing_instruction(target, data, None);
                ProcessResult::Done
            }
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::InHeadDoctype);
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::InHeadStartTagHtml);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            // -> "A start tag whose tag name is one of: "base", "basefont", "bgsound",
            //    "link""
            // -> "A start tag whose tag name is "meta""
            TreeToken::StartTag(tag)
                if matches!(
                    tag.name,
                    local::BASE | local::BASEFONT | local::BGSOUND | local::LINK | local::META
                ) =>
            {
                D::spec_arm(Arm::InHeadStartTagBaseBasefontBgsoundEtc);
                // "Insert an HTML element for the token. Immediately pop the current node
                // off the stack of open elements." "Acknowledge the token's self-closing
                // flag, if it is set." (For meta, the character encoding steps that
                // follow do not touch the tree.)
                self.insert_an_html_element(&tag);
                self.pop_the_current_node();
                self.acknowledge_self_closing_flag();
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "title"": "Follow the generic RCDATA
            //    element parsing algorithm."
            TreeToken::StartTag(tag) if tag.name == local::TITLE => {
                D::spec_arm(Arm::InHeadStartTagTitle);
                self.parse_generic_text_element(&tag, State::Rcdata);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "noscript", if the scripting flag is
            //    enabled"
            // -> "A start tag whose tag name is one of: "noframes", "style"": "Follow the
            //    generic raw text element parsing algorithm."
            TreeToken::StartTag(tag)
                if (tag.name == local::NOSCRIPT && self.scripting)
                    || matches!(tag.name, local::NOFRAMES | local::STYLE) =>
            {
                D::spec_arm(Arm::InHeadStartTagNoscriptScriptingNoframesStyle);
                self.parse_generic_text_element(&tag, State::Rawtext);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "noscript", if the scripting flag is
            //    disabled"
            TreeToken::StartTag(tag) if tag.name == local::NOSCRIPT => {
                D::spec_arm(Arm::InHeadStartTagIfTheScriptingFlagIsNoscript2);
                // "Insert an HTML element for the token."
                self.insert_an_html_element(&tag);
                // "Switch the insertion mode to "in head noscript"."
                self.mode = InsertionMode::InHeadNoscript;
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "script""
            TreeToken::StartTag(tag) if tag.name == local::SCRIPT => {
                D::spec_arm(Arm::InHeadStartTagScript);
                self.in_head_script_start_tag(&tag);
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "head""
            TreeToken::EndTag(tag) if tag.name == local::HEAD => {
                D::spec_arm(Arm::InHeadEndTagHead);
                // "Pop the current node (which will be the head element) off the stack of
                // open elements."
                self.pop_the_current_node();
                // "Switch the insertion mode to "after head"."
                self.mode = InsertionMode::AfterHead;
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is one of: "body", "html", "br"": "Act as
            //    described in the "anything else" entry below."
            TreeToken::EndTag(tag) if matches!(tag.name, local::BODY | local::HTML | local::BR) => {
                D::spec_arm(Arm::InHeadEndTagBodyHtmlBr);
                self.in_head_anything_else()
            }
            // -> "A start tag whose tag name is "template""
            TreeToken::StartTag(tag) if tag.name == local::TEMPLATE => {
                D::spec_arm(Arm::InHeadStartTagTemplate);
                self.in_head_template_start_tag(&tag);
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "template""
            TreeToken::EndTag(tag) if tag.name == local::TEMPLATE => {
                D::spec_arm(Arm::InHeadEndTagTemplate);
                self.in_head_template_end_tag();
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "head""
            // -> "Any other end tag": "Parse error. Ignore the token."
            TreeToken::StartTag(tag) if tag.name == local::HEAD => {
                D::spec_arm(Arm::InHeadStartTagHead);
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                ProcessResult::Done
            }
            TreeToken::EndTag(_) => {
                D::spec_arm(Arm::InHeadAnyOtherEndTag);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "Anything else"
            _ => {
                D::spec_arm(Arm::InHeadAnythingElse);
                self.in_head_anything_else()
            }
        }
    }

    /// "Anything else" in "in head".
    fn in_head_anything_else(&mut self) -> ProcessResult {
        // "Pop the current node (which will be the head element) off the stack of open
        // elements."
        self.pop_the_current_node();
        // "Switch the insertion mode to "after head"." "Reprocess the token."
        ProcessResult::Reprocess(InsertionMode::AfterHead)
    }

    /// -> "A start tag whose tag name is "script"" in "in head".
    fn in_head_script_start_tag(&mut self, tag: &TagToken<'_>) {
        // Step 1. "Let adjustedInsertionLocation be the appropriate place for inserting
        // a node."
        let location = self.appropriate_place_for_inserting_a_node(None);
        // Step 2. "Create an element for the token in the HTML namespace, with the
        // intended parent being the element in which the adjusted insertion location
        // finds itself." Steps 3-6 set script state litmus does not keep.
        let entry = self.create_an_element_for_the_token(tag, crate::dom::Namespace::Html);
        // Step 7. "Insert an element at the adjusted insertion location with the newly
        // created element and adjustedInsertionLocation."
        self.insert_an_element_at_the_adjusted_insertion_location(entry.node, Some(location));
        // Step 8. "Push the element onto the stack of open elements so that it is the new
        // current node."
        self.open_elements.push(entry);
        // Step 9. "Switch the tokenizer to the script data state."
        self.switch_the_tokenizer_to(State::ScriptData);
        // Step 10. "Set the original insertion mode to the current insertion mode."
        self.original_mode = self.mode;
        // Step 11. "Switch the insertion mode to "text"."
        self.mode = InsertionMode::Text;
    }

    /// -> "A start tag whose tag name is "template"" in "in head".
    fn in_head_template_start_tag(&mut self, tag: &TagToken<'_>) {
        // Step 1. "Let templateStartTag be the start tag."
        // Step 2. "Insert a marker at the end of the list of active formatting elements."
        self.active_formatting.insert_a_marker();
        // Step 3. "Set the frameset-ok flag to "not ok"."
        self.frameset_ok = false;
        // Step 4. "Switch the insertion mode to "in template"."
        self.mode = InsertionMode::InTemplate;
        // Step 5. "Push "in template" onto the stack of template insertion modes so that
        // it is the new current template insertion mode."
        self.template_modes.push(InsertionMode::InTemplate);
        // Step 6. "Let adjustedInsertionLocation be the appropriate place for inserting a
        // node."
        // Step 7. "If templateStartTag's shadowrootmode is not in the None state": AD-HOC,
        // the parser's allow declarative shadow roots is false (litmus has no shadow
        // roots, as with DOMParser),
        // so "insert an HTML element for the token and return".
        // Step 8. "Otherwise, if templateStartTag's for attribute is specified": the
        // template is inserted with onlyAddToElementStack true and "prepare content
        // patching" is run. FIXME(spec): that algorithm is not in litmus's text of the
        // standard; it is taken to return false, whose steps ("pop the current node …
        // insert an element at the adjusted insertion location with template … push
        // template") end in the same tree as step 9.
        // Step 9. "Otherwise, insert an HTML element for templateStartTag."
        self.insert_an_html_element(tag);
    }

    /// -> "An end tag whose tag name is "template"" in "in head".
    fn in_head_template_end_tag(&mut self) {
        // "If there is no template element on the stack of open elements, then this is a
        // parse error; ignore the token."
        if !self.open_elements.contains_html(local::TEMPLATE) {
            self.parse_error(ErrorCode::TreeUnexpectedEndTag);
            return;
        }
        // Step 1. "Generate all implied end tags thoroughly."
        self.generate_all_implied_end_tags_thoroughly();
        // Step 2. "If the current node is not a template element, then this is a parse
        // error."
        if !self.current_node_is(local::TEMPLATE) {
            self.parse_error(ErrorCode::TreeMisnestedTag);
        }
        // Step 3. "Let template be the last template element in the stack of open
        // elements." Step 4 (the template's insertion target) is always null in litmus.
        // Step 5. "Pop elements from the stack of open elements until a template element
        // has been popped from the stack."
        self.pop_until_html_popped(local::TEMPLATE);
        // Step 6. "Clear the list of active formatting elements up to the last marker."
        self.active_formatting.clear_up_to_the_last_marker();
        // Step 7. "Pop the current template insertion mode off the stack of template
        // insertion modes."
        self.template_modes.pop();
        // Step 8. "Reset the insertion mode appropriately."
        self.reset_the_insertion_mode_appropriately();
    }

    /// <https://html.spec.whatwg.org/#parsing-main-inheadnoscript>
    #[inline(never)]
    pub(crate) fn in_head_noscript(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::InHeadNoscriptDoctype);
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::InHeadNoscriptStartTagHtml);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            // -> "An end tag whose tag name is "noscript""
            TreeToken::EndTag(tag) if tag.name == local::NOSCRIPT => {
                D::spec_arm(Arm::InHeadNoscriptEndTagNoscript);
                // "Pop the current node (which will be a noscript element) from the stack
                // of open elements; the new current node will be a head element."
                self.pop_the_current_node();
                // "Switch the insertion mode to "in head"."
                self.mode = InsertionMode::InHead;
                ProcessResult::Done
            }
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE"
            // -> "A comment token"
            // -> "A processing instruction token"
            // -> "A start tag whose tag name is one of: "basefont", "bgsound", "link",
            //    "meta", "noframes", "style"": "Process the token using the rules for the
            //    "in head" insertion mode."
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                D::spec_arm(Arm::InHeadNoscriptCharacterWhitespace);
                let whitespace = leading_whitespace(text);
                let mut whitespace_token = TreeToken::Characters(&text[..whitespace]);
                self.process_using_the_rules_for(InsertionMode::InHead, &mut whitespace_token);
                *token = TreeToken::Characters(&text[whitespace..]);
                ProcessResult::Reprocess(self.mode)
            }
            TreeToken::Comment(_) | TreeToken::ProcessingInstruction { .. } => {
                D::spec_arm(Arm::InHeadNoscriptCommentProcessingInstruction);
                self.process_using_the_rules_for(InsertionMode::InHead, token)
            }
            TreeToken::StartTag(tag)
                if matches!(
                    tag.name,
                    local::BASEFONT
                        | local::BGSOUND
                        | local::LINK
                        | local::META
                        | local::NOFRAMES
                        | local::STYLE
                ) =>
            {
                D::spec_arm(Arm::InHeadNoscriptStartTagBasefontBgsoundLinkEtc);
                self.process_using_the_rules_for(InsertionMode::InHead, token)
            }
            // -> "An end tag whose tag name is "br"": "Act as described in the "anything
            //    else" entry below."
            TreeToken::EndTag(tag) if tag.name == local::BR => {
                D::spec_arm(Arm::InHeadNoscriptEndTagBr);
                self.in_head_noscript_anything_else()
            }
            // -> "A start tag whose tag name is one of: "head", "noscript""
            // -> "Any other end tag": "Parse error. Ignore the token."
            TreeToken::StartTag(tag) if matches!(tag.name, local::HEAD | local::NOSCRIPT) => {
                D::spec_arm(Arm::InHeadNoscriptStartTagHeadNoscript);
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                ProcessResult::Done
            }
            TreeToken::EndTag(_) => {
                D::spec_arm(Arm::InHeadNoscriptAnyOtherEndTag);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "Anything else"
            _ => {
                D::spec_arm(Arm::InHeadNoscriptAnythingElse);
                self.in_head_noscript_anything_else()
            }
        }
    }

    /// "Anything else" in "in head noscript".
    fn in_head_noscript_anything_else(&mut self) -> ProcessResult {
        // "Parse error."
        self.parse_error(ErrorCode::TreeUnexpectedCharacter);
        // "Pop the current node (which will be a noscript element) from the stack of
        // open elements; the new current node will be a head element."
        self.pop_the_current_node();
        // "Switch the insertion mode to "in head"." "Reprocess the token."
        ProcessResult::Reprocess(InsertionMode::InHead)
    }

    /// <https://html.spec.whatwg.org/#the-after-head-insertion-mode>
    #[inline(never)]
    pub(crate) fn after_head(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Insert the character."
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                D::spec_arm(Arm::AfterHeadCharacterWhitespace);
                let whitespace = leading_whitespace(text);
                self.insert_characters(&text[..whitespace]);
                *token = TreeToken::Characters(&text[whitespace..]);
                ProcessResult::Reprocess(InsertionMode::AfterHead)
            }
            // -> "A comment token": "Insert a comment."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::AfterHeadComment);
                self.insert_a_comment(data, None);
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::AfterHeadProcessingInstruction);
                self.insert_a_processing_instruction(target, data, None);
                ProcessResult::Done
            }
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::AfterHeadDoctype);
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::AfterHeadStartTagHtml);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            // -> "A start tag whose tag name is "body""
            TreeToken::StartTag(tag) if tag.name == local::BODY => {
                D::spec_arm(Arm::AfterHeadStartTagBody);
                // "Insert an HTML element for the token."
                self.insert_an_html_element(&tag);
                // "Set the frameset-ok flag to "not ok"."
                self.frameset_ok = false;
                // "Switch the insertion mode to "in body"."
                self.mode = InsertionMode::InBody;
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "frameset""
            TreeToken::StartTag(tag) if tag.name == local::FRAMESET => {
                D::spec_arm(Arm::AfterHeadStartTagFrameset);
                // "Insert an HTML element for the token."
                self.insert_an_html_element(&tag);
                // "Switch the insertion mode to "in frameset"."
                self.mode = InsertionMode::InFrameset;
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "base", "basefont", "bgsound",
            //    "link", "meta", "noframes", "script", "style", "template", "title""
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
                D::spec_arm(Arm::AfterHeadStartTagBaseBasefontBgsoundEtc);
                self.after_head_start_tag_for_head(token)
            }
            // -> "An end tag whose tag name is "template"": "Process the token using the
            //    rules for the "in head" insertion mode."
            TreeToken::EndTag(tag) if tag.name == local::TEMPLATE => {
                D::spec_arm(Arm::AfterHeadEndTagTemplate);
                self.process_using_the_rules_for(InsertionMode::InHead, token)
            }
            // -> "An end tag whose tag name is one of: "body", "html", "br"": "Act as
            //    described in the "anything else" entry below."
            TreeToken::EndTag(tag) if matches!(tag.name, local::BODY | local::HTML | local::BR) => {
                D::spec_arm(Arm::AfterHeadEndTagBodyHtmlBr);
                self.after_head_anything_else()
            }
            // -> "A start tag whose tag name is "head""
            // -> "Any other end tag": "Parse error. Ignore the token."
            TreeToken::StartTag(tag) if tag.name == local::HEAD => {
                D::spec_arm(Arm::AfterHeadStartTagHead);
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                ProcessResult::Done
            }
            TreeToken::EndTag(_) => {
                D::spec_arm(Arm::AfterHeadAnyOtherEndTag);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "Anything else"
            _ => {
                D::spec_arm(Arm::AfterHeadAnythingElse);
                self.after_head_anything_else()
            }
        }
    }

    /// -> "A start tag whose tag name is one of: "base", "basefont", "bgsound", "link",
    ///    "meta", "noframes", "script", "style", "template", "title"" in "after head".
    fn after_head_start_tag_for_head(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        // "Parse error."
        self.parse_error(ErrorCode::TreeUnexpectedStartTag);
        // "Push the node pointed to by the head element pointer onto the stack of open
        // elements."
        let Some(head) = self.head_element else {
            return self.process_using_the_rules_for(InsertionMode::InHead, token);
        };
        self.open_elements.push(StackEntry {
            node: head,
            name: crate::dom::QualName::html(local::HEAD),
            html_integration_point: false,
        });
        // "Process the token using the rules for the "in head" insertion mode."
        let result = self.process_using_the_rules_for(InsertionMode::InHead, token);
        // "Remove the node pointed to by the head element pointer from the stack of open
        // elements. (It might not be the current node at this point.)"
        if let Some(index) = self.open_elements.position(head) {
            self.open_elements.remove_at(index);
        }
        result
    }

    /// "Anything else" in "after head".
    fn after_head_anything_else(&mut self) -> ProcessResult {
        // "Insert an HTML element for a "body" start tag token with no attributes."
        self.insert_an_html_element(&TagToken::named(local::BODY));
        // "Set the frameset-ok flag to "ok"." (as litmus's text of the standard has it)
        self.frameset_ok = true;
        // "Switch the insertion mode to "in body"." "Reprocess the current token."
        ProcessResult::Reprocess(InsertionMode::InBody)
    }
}
