//! The "in table", "in table text", "in caption" and "in column group" insertion modes.

use crate::error::ErrorCode;
use crate::names::local;
use crate::spec_arms::Arm;
use crate::tree_builder::open_elements::Scope;
use crate::tree_builder::Seams;
use crate::tree_builder::{
    character_count, is_ascii_whitespace, leading_non_whitespace, leading_whitespace,
    InsertionMode, ProcessResult, TagToken, TreeBuilder, TreeSink, TreeToken,
};

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// <https://html.spec.whatwg.org/#parsing-main-intable>
    #[inline(never)]
    pub(crate) fn in_table(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token, if the current node is table, tbody, template,
            //    tfoot, thead, or tr element"
            TreeToken::Characters(_)
                if self.current_node_is_one_of(&[
                    local::TABLE,
                    local::TBODY,
                    local::TEMPLATE,
                    local::TFOOT,
                    local::THEAD,
                    local::TR,
                ]) =>
            {
                D::spec_arm(Arm::InTableCharacterIfTheCurrentNodeIsTable);
                // "Let the pending table character tokens be an empty list of tokens."
                self.pending_table_characters.clear();
                self.pending_table_characters_non_whitespace = false;
                // "Set the original insertion mode to the current insertion mode."
                self.original_mode = self.mode;
                // "Switch the insertion mode to "in table text" and reprocess the token."
                ProcessResult::Reprocess(InsertionMode::InTableText)
            }
            // -> "A comment token": "Insert a comment."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::InTableComment);
                self.insert_a_comment(data, None);
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::InTableProcessingInstruction);
                self.insert_a_processing_instruction(target, data, None);
                ProcessResult::Done
            }
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::InTableDoctype);
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "caption""
            TreeToken::StartTag(tag) if tag.name == local::CAPTION => {
                D::spec_arm(Arm::InTableStartTagCaption);
                // "Clear the stack back to a table context." "Insert a marker at the end
                // of the list of active formatting elements." "Insert an HTML element for
                // the token, then switch the insertion mode to "in caption"."
                self.clear_the_stack_back_to_a_table_context();
                self.active_formatting.insert_a_marker();
                self.insert_an_html_element(&tag);
                self.mode = InsertionMode::InCaption;
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "colgroup""
            TreeToken::StartTag(tag) if tag.name == local::COLGROUP => {
                D::spec_arm(Arm::InTableStartTagColgroup);
                // "Clear the stack back to a table context." "Insert an HTML element for
                // the token, then switch the insertion mode to "in column group"."
                self.clear_the_stack_back_to_a_table_context();
                self.insert_an_html_element(&tag);
                self.mode = InsertionMode::InColumnGroup;
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "col""
            TreeToken::StartTag(tag) if tag.name == local::COL => {
                D::spec_arm(Arm::InTableStartTagCol);
                // "Clear the stack back to a table context." "Insert an HTML element for a
                // "colgroup" start tag token with no attributes, then switch the insertion
                // mode to "in column group"." "Reprocess the current token."
                self.clear_the_stack_back_to_a_table_context();
                self.insert_an_html_element(&TagToken::named(local::COLGROUP));
                ProcessResult::Reprocess(InsertionMode::InColumnGroup)
            }
            // -> "A start tag whose tag name is one of: "tbody", "tfoot", "thead""
            TreeToken::StartTag(tag)
                if matches!(tag.name, local::TBODY | local::TFOOT | local::THEAD) =>
            {
                D::spec_arm(Arm::InTableStartTagTbodyTfootThead);
                // "Clear the stack back to a table context." "Insert an HTML element for
                // the token, then switch the insertion mode to "in table body"."
                self.clear_the_stack_back_to_a_table_context();
                self.insert_an_html_element(&tag);
                self.mode = InsertionMode::InTableBody;
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "td", "th", "tr""
            TreeToken::StartTag(tag) if matches!(tag.name, local::TD | local::TH | local::TR) => {
                D::spec_arm(Arm::InTableStartTagTdThTr);
                // "Clear the stack back to a table context." "Insert an HTML element for a
                // "tbody" start tag token with no attributes, then switch the insertion
                // mode to "in table body"." "Reprocess the current token."
                self.clear_the_stack_back_to_a_table_context();
                self.insert_an_html_element(&TagToken::named(local::TBODY));
                ProcessResult::Reprocess(InsertionMode::InTableBody)
            }
            // -> "A start tag whose tag name is "table""
            TreeToken::StartTag(tag) if tag.name == local::TABLE => {
                D::spec_arm(Arm::InTableStartTagTable);
                // "Parse error."
                self.parse_error(ErrorCode::TreeMisnestedTag);
                // "If the stack of open elements does not have a table element in table
                // scope, ignore the token."
                if !self
                    .open_elements
                    .has_html_in_scope(Scope::Table, local::TABLE)
                {
                    return ProcessResult::Done;
                }
                // "Otherwise: Pop elements from this stack until a table element has been
                // popped from the stack. Reset the insertion mode appropriately. Reprocess
                // the token."
                self.pop_until_html_popped(local::TABLE);
                self.reset_the_insertion_mode_appropriately();
                ProcessResult::Reprocess(self.mode)
            }
            // -> "An end tag whose tag name is "table""
            TreeToken::EndTag(tag) if tag.name == local::TABLE => {
                D::spec_arm(Arm::InTableEndTagTable);
                // "If the stack of open elements does not have a table element in table
                // scope, this is a parse error; ignore the token."
                if !self
                    .open_elements
                    .has_html_in_scope(Scope::Table, local::TABLE)
                {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "Otherwise: Pop elements from this stack until a table element has been
                // popped from the stack. Reset the insertion mode appropriately."
                self.pop_until_html_popped(local::TABLE);
                self.reset_the_insertion_mode_appropriately();
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is one of: "body", "caption", "col",
            //    "colgroup", "html", "tbody", "td", "tfoot", "th", "thead", "tr"": "Parse
            //    error. Ignore the token."
            TreeToken::EndTag(tag)
                if matches!(
                    tag.name,
                    local::BODY
                        | local::CAPTION
                        | local::COL
                        | local::COLGROUP
                        | local::HTML
                        | local::TBODY
                        | local::TD
                        | local::TFOOT
                        | local::TH
                        | local::THEAD
                        | local::TR
                ) =>
            {
                D::spec_arm(Arm::InTableEndTagBodyCaptionColEtc);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "style", "script", "template""
            // -> "An end tag whose tag name is "template"": "Process the token using the
            //    rules for the "in head" insertion mode."
            TreeToken::StartTag(tag)
                if matches!(tag.name, local::STYLE | local::SCRIPT | local::TEMPLATE) =>
            {
                D::spec_arm(Arm::InTableStartTagStyleScriptTemplate);
                self.process_using_the_rules_for(InsertionMode::InHead, token)
            }
            TreeToken::EndTag(tag) if tag.name == local::TEMPLATE => {
                D::spec_arm(Arm::InTableStartTagStyleScriptTemplate);
                self.process_using_the_rules_for(InsertionMode::InHead, token)
            }
            // -> "A start tag whose tag name is "input""
            TreeToken::StartTag(tag)
                if tag.name == local::INPUT
                    && (tag
                        .attribute(b"type")
                        .is_some_and(|value| value.eq_ignore_ascii_case(b"hidden"))) =>
            {
                D::spec_arm(Arm::InTableStartTagInput);
                // "If the token does not have an attribute with the name "type", or if it
                // does, but that attribute's value is not an ASCII case-insensitive match
                // for the string "hidden", then: act as described in the "anything else"
                // entry below." (Such a token fails this arm's guard and reaches the last
                // arm, "anything else".)
                // "Otherwise: Parse error. Insert an HTML element for the token. Pop that
                // input element off the stack of open elements. Acknowledge the token's
                // self-closing flag, if it is set."
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                self.insert_an_html_element(&tag);
                self.pop_the_current_node();
                self.acknowledge_self_closing_flag();
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "form""
            TreeToken::StartTag(tag) if tag.name == local::FORM => {
                D::spec_arm(Arm::InTableStartTagForm);
                // "Parse error."
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                // "If the form element pointer is not null, and the parser is not parsing
                // template contents, then ignore the token."
                let in_template = self.parsing_template_contents();
                if self.form_element.is_some() && !in_template {
                    return ProcessResult::Done;
                }
                // "Otherwise: Insert an HTML element for the token, and, if the parser is
                // not parsing template contents, set the form element pointer to point to
                // the element created. Pop that form element off the stack of open
                // elements."
                let form = self.insert_an_html_element(&tag);
                if !in_template {
                    self.form_element = Some(form);
                }
                self.pop_the_current_node();
                ProcessResult::Done
            }
            // -> "An end-of-file token": "Process the token using the rules for the "in
            //    body" insertion mode."
            TreeToken::Eof => {
                D::spec_arm(Arm::InTableEndOfFile);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            // -> "Anything else"
            _ => self.in_table_anything_else(token),
        }
    }

    /// "Anything else" in "in table": "Parse error. Enable foster parenting, process the
    /// token using the rules for the "in body" insertion mode, and then disable foster
    /// parenting."
    pub(crate) fn in_table_anything_else(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        // Counted here, where "in table text" also comes to act as this entry says.
        D::spec_arm(Arm::InTableAnythingElse);
        // A run of characters is that many character tokens, each a parse error.
        let tokens = match *token {
            TreeToken::Characters(text) => character_count(text),
            _ => 1,
        };
        for _ in 0..tokens {
            self.parse_error(ErrorCode::TreeFosterParenting);
        }
        self.foster_parenting = true;
        let result = self.process_using_the_rules_for(InsertionMode::InBody, token);
        self.foster_parenting = false;
        result
    }

    /// <https://html.spec.whatwg.org/#parsing-main-intabletext>
    #[inline(never)]
    pub(crate) fn in_table_text(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is U+0000 NULL": "Parse error. Ignore the
            //    token."
            TreeToken::Characters(text) if text.first() == Some(&0) => {
                D::spec_arm(Arm::InTableTextCharacterNull);
                self.parse_error_for_each_null(text.len());
                ProcessResult::Done
            }
            // -> "Any other character token": "Append the character token to the pending
            //    table character tokens list."
            TreeToken::Characters(text) => {
                D::spec_arm(Arm::InTableTextAnyOtherCharacter);
                self.pending_table_characters.extend_from_slice(text);
                if text.iter().any(|&b| !is_ascii_whitespace(b)) {
                    self.pending_table_characters_non_whitespace = true;
                }
                self.pending_table_characters_end = self.offset;
                ProcessResult::Done
            }
            // -> "Anything else"
            _ => {
                D::spec_arm(Arm::InTableTextAnythingElse);
                let pending = std::mem::take(&mut self.pending_table_characters);
                if !pending.is_empty() {
                    if self.pending_table_characters_non_whitespace {
                        // "If any of the tokens in the pending table character tokens
                        // list are character tokens that are not ASCII whitespace, then
                        // this is a parse error: reprocess the character tokens in the
                        // pending table character tokens list using the rules given in
                        // the "anything else" entry in the "in table" insertion mode."
                        // Their errors are placed where they end, not at this token.
                        let offset =
                            std::mem::replace(&mut self.offset, self.pending_table_characters_end);
                        let mut characters = TreeToken::Characters(&pending);
                        self.in_table_anything_else(&mut characters);
                        self.offset = offset;
                    } else {
                        // "Otherwise, insert the characters given by the pending table
                        // character tokens list."
                        self.insert_characters(&pending);
                    }
                }
                self.pending_table_characters = pending;
                self.pending_table_characters.clear();
                self.pending_table_characters_non_whitespace = false;
                // "Switch the insertion mode to the original insertion mode and reprocess
                // the token."
                ProcessResult::Reprocess(self.original_mode)
            }
        }
    }

    /// <https://html.spec.whatwg.org/#parsing-main-incaption>
    #[inline(never)]
    pub(crate) fn in_caption(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "An end tag whose tag name is "caption""
            TreeToken::EndTag(tag) if tag.name == local::CAPTION => {
                D::spec_arm(Arm::InCaptionEndTagCaption);
                self.close_the_caption(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "caption", "col", "colgroup",
            //    "tbody", "td", "tfoot", "th", "thead", "tr""
            // -> "An end tag whose tag name is "table""
            TreeToken::StartTag(tag)
                if matches!(
                    tag.name,
                    local::CAPTION
                        | local::COL
                        | local::COLGROUP
                        | local::TBODY
                        | local::TD
                        | local::TFOOT
                        | local::TH
                        | local::THEAD
                        | local::TR
                ) =>
            {
                D::spec_arm(Arm::InCaptionStartTagCaptionColColgroupEtc);
                self.close_the_caption_and_reprocess(ErrorCode::TreeUnexpectedStartTag)
            }
            TreeToken::EndTag(tag) if tag.name == local::TABLE => {
                D::spec_arm(Arm::InCaptionStartTagCaptionColColgroupEtc);
                self.close_the_caption_and_reprocess(ErrorCode::TreeUnexpectedEndTag)
            }
            // -> "An end tag whose tag name is one of: "body", "col", "colgroup", "html",
            //    "tbody", "td", "tfoot", "th", "thead", "tr"": "Parse error. Ignore the
            //    token."
            TreeToken::EndTag(tag)
                if matches!(
                    tag.name,
                    local::BODY
                        | local::COL
                        | local::COLGROUP
                        | local::HTML
                        | local::TBODY
                        | local::TD
                        | local::TFOOT
                        | local::TH
                        | local::THEAD
                        | local::TR
                ) =>
            {
                D::spec_arm(Arm::InCaptionEndTagBodyColColgroupEtc);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "Anything else": "Process the token using the rules for the "in body"
            //    insertion mode."
            _ => {
                D::spec_arm(Arm::InCaptionAnythingElse);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
        }
    }

    /// The steps of -> "An end tag whose tag name is "caption"" in "in caption". Returns
    /// whether the caption was closed.
    /// `ignored` is the parse error of the token when it is ignored.
    pub(crate) fn close_the_caption(&mut self, ignored: ErrorCode) -> bool {
        // "If the stack of open elements does not have a caption element in table scope,
        // this is a parse error; ignore the token. (fragment case)"
        if !self
            .open_elements
            .has_html_in_scope(Scope::Table, local::CAPTION)
        {
            self.parse_error(ignored);
            return false;
        }
        // "Otherwise: Generate implied end tags."
        self.generate_implied_end_tags(None);
        // "Now, if the current node is not a caption element, then this is a parse
        // error."
        if !self.current_node_is(local::CAPTION) {
            self.parse_error(ErrorCode::TreeMisnestedTag);
        }
        // "Pop elements from this stack until a caption element has been popped from the
        // stack."
        self.pop_until_html_popped(local::CAPTION);
        // "Clear the list of active formatting elements up to the last marker."
        self.active_formatting.clear_up_to_the_last_marker();
        // "Switch the insertion mode to "in table"."
        self.mode = InsertionMode::InTable;
        true
    }

    /// The same steps, then "Reprocess the token."
    fn close_the_caption_and_reprocess(&mut self, ignored: ErrorCode) -> ProcessResult {
        if self.close_the_caption(ignored) {
            ProcessResult::Reprocess(InsertionMode::InTable)
        } else {
            ProcessResult::Done
        }
    }

    /// <https://html.spec.whatwg.org/#parsing-main-incolgroup>
    #[inline(never)]
    pub(crate) fn in_column_group(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is one of U+0009 CHARACTER TABULATION, U+000A
            //    LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE RETURN (CR), or
            //    U+0020 SPACE": "Insert the character."
            TreeToken::Characters(text) if leading_whitespace(text) > 0 => {
                D::spec_arm(Arm::InColumnGroupCharacterWhitespace);
                let whitespace = leading_whitespace(text);
                self.insert_characters(&text[..whitespace]);
                *token = TreeToken::Characters(&text[whitespace..]);
                ProcessResult::Reprocess(InsertionMode::InColumnGroup)
            }
            // -> "A comment token": "Insert a comment."
            TreeToken::Comment(data) => {
                D::spec_arm(Arm::InColumnGroupComment);
                self.insert_a_comment(data, None);
                ProcessResult::Done
            }
            // -> "A processing instruction token": "Insert a processing instruction."
            TreeToken::ProcessingInstruction { target, data } => {
                D::spec_arm(Arm::InColumnGroupProcessingInstruction);
                self.insert_a_processing_instruction(target, data, None);
                ProcessResult::Done
            }
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                D::spec_arm(Arm::InColumnGroupDoctype);
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::HTML => {
                D::spec_arm(Arm::InColumnGroupStartTagHtml);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            // -> "A start tag whose tag name is "col""
            TreeToken::StartTag(tag) if tag.name == local::COL => {
                D::spec_arm(Arm::InColumnGroupStartTagCol);
                // "Insert an HTML element for the token. Immediately pop the current node
                // off the stack of open elements." "Acknowledge the token's self-closing
                // flag, if it is set."
                self.insert_an_html_element(&tag);
                self.pop_the_current_node();
                self.acknowledge_self_closing_flag();
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "colgroup""
            TreeToken::EndTag(tag) if tag.name == local::COLGROUP => {
                D::spec_arm(Arm::InColumnGroupEndTagColgroup);
                // "If the current node is not a colgroup element, then this is a parse
                // error; ignore the token."
                if !self.current_node_is(local::COLGROUP) {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "Otherwise, pop the current node from the stack of open elements. Switch
                // the insertion mode to "in table"."
                self.pop_the_current_node();
                self.mode = InsertionMode::InTable;
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "col"": "Parse error. Ignore the token."
            TreeToken::EndTag(tag) if tag.name == local::COL => {
                D::spec_arm(Arm::InColumnGroupEndTagCol);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "template""
            // -> "An end tag whose tag name is "template"": "Process the token using the
            //    rules for the "in head" insertion mode."
            TreeToken::StartTag(tag) | TreeToken::EndTag(tag) if tag.name == local::TEMPLATE => {
                D::spec_arm(Arm::InColumnGroupStartTagTemplate);
                self.process_using_the_rules_for(InsertionMode::InHead, token)
            }
            // -> "An end-of-file token": "Process the token using the rules for the "in
            //    body" insertion mode."
            TreeToken::Eof => {
                D::spec_arm(Arm::InColumnGroupEndOfFile);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
            // -> "Anything else"
            _ => {
                D::spec_arm(Arm::InColumnGroupAnythingElse);
                // "If the current node is not a colgroup element, then this is a parse
                // error; ignore the token."
                if !self.current_node_is(local::COLGROUP) {
                    // A run of characters: only its leading non-whitespace characters are
                    // ignored here (each a parse error); the rest is processed anew.
                    if let TreeToken::Characters(text) = *token {
                        let ignored = leading_non_whitespace(text);
                        for _ in 0..character_count(&text[..ignored]) {
                            self.parse_error(ErrorCode::TreeUnexpectedCharacter);
                        }
                        *token = TreeToken::Characters(&text[ignored..]);
                        return ProcessResult::Reprocess(InsertionMode::InColumnGroup);
                    }
                    let code = match token {
                        TreeToken::EndTag(_) => ErrorCode::TreeUnexpectedEndTag,
                        _ => ErrorCode::TreeUnexpectedStartTag,
                    };
                    self.parse_error(code);
                    return ProcessResult::Done;
                }
                // "Otherwise, pop the current node from the stack of open elements.
                // Switch the insertion mode to "in table". Reprocess the token."
                self.pop_the_current_node();
                ProcessResult::Reprocess(InsertionMode::InTable)
            }
        }
    }
}
