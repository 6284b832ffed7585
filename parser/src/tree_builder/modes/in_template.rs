//! The "in template" insertion mode.

use crate::error::ErrorCode;
use crate::names::local;
use crate::spec_arms::Arm;
use crate::tree_builder::Seams;
use crate::tree_builder::{InsertionMode, ProcessResult, TreeBuilder, TreeSink, TreeToken};

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// <https://html.spec.whatwg.org/#parsing-main-intemplate>
    #[inline(never)]
    pub(crate) fn in_template(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token"
            // -> "A comment token"
            // -> "A processing instruction token"
            // -> "A DOCTYPE token": "Process the token using the rules for the "in body"
            //    insertion mode."
            TreeToken::Characters(_)
            | TreeToken::Comment(_)
            | TreeToken::ProcessingInstruction { .. }
            | TreeToken::Doctype(_) => {
                D::spec_arm(Arm::InTemplateCharacter);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
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
                D::spec_arm(Arm::InTemplateStartTagBaseBasefontBgsoundEtc);
                self.process_using_the_rules_for(InsertionMode::InHead, token)
            }
            TreeToken::EndTag(tag) if tag.name == local::TEMPLATE => {
                D::spec_arm(Arm::InTemplateStartTagBaseBasefontBgsoundEtc);
                self.process_using_the_rules_for(InsertionMode::InHead, token)
            }
            // -> "A start tag whose tag name is one of: "caption", "colgroup", "tbody",
            //    "tfoot", "thead"": "Pop the current template insertion mode off the
            //    stack of template insertion modes. Push "in table" onto the stack of
            //    template insertion modes so that it is the new current template
            //    insertion mode. Switch the insertion mode to "in table", and reprocess
            //    the token."
            TreeToken::StartTag(tag)
                if matches!(
                    tag.name,
                    local::CAPTION | local::COLGROUP | local::TBODY | local::TFOOT | local::THEAD
                ) =>
            {
                D::spec_arm(Arm::InTemplateStartTagCaptionColgroupTbodyEtc);
                self.switch_the_template_insertion_mode_to(InsertionMode::InTable)
            }
            // -> "A start tag whose tag name is "col"": … "in column group" …
            TreeToken::StartTag(tag) if tag.name == local::COL => {
                D::spec_arm(Arm::InTemplateStartTagCol);
                self.switch_the_template_insertion_mode_to(InsertionMode::InColumnGroup)
            }
            // -> "A start tag whose tag name is "tr"": … "in table body" …
            TreeToken::StartTag(tag) if tag.name == local::TR => {
                D::spec_arm(Arm::InTemplateStartTagTr);
                self.switch_the_template_insertion_mode_to(InsertionMode::InTableBody)
            }
            // -> "A start tag whose tag name is one of: "td", "th"": … "in row" …
            TreeToken::StartTag(tag) if matches!(tag.name, local::TD | local::TH) => {
                D::spec_arm(Arm::InTemplateStartTagTdTh);
                self.switch_the_template_insertion_mode_to(InsertionMode::InRow)
            }
            // -> "Any other start tag": … "in body" …
            TreeToken::StartTag(_) => {
                D::spec_arm(Arm::InTemplateAnyOtherStartTag);
                self.switch_the_template_insertion_mode_to(InsertionMode::InBody)
            }
            // -> "Any other end tag": "Parse error. Ignore the token."
            TreeToken::EndTag(_) => {
                D::spec_arm(Arm::InTemplateAnyOtherEndTag);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "An end-of-file token"
            TreeToken::Eof => {
                D::spec_arm(Arm::InTemplateEndOfFile);
                // "If there is no template element on the stack of open elements, then
                // stop parsing. (fragment case)"
                if !self.open_elements.contains_html(local::TEMPLATE) {
                    self.stop_parsing();
                    return ProcessResult::Done;
                }
                // "Otherwise, this is a parse error."
                self.parse_error(ErrorCode::TreeUnexpectedEof);
                // "Pop elements from the stack of open elements until a template element
                // has been popped from the stack."
                self.pop_until_html_popped(local::TEMPLATE);
                // "Clear the list of active formatting elements up to the last marker."
                self.active_formatting.clear_up_to_the_last_marker();
                // "Pop the current template insertion mode off the stack of template
                // insertion modes."
                self.template_modes.pop();
                // "Reset the insertion mode appropriately."
                self.reset_the_insertion_mode_appropriately();
                // "Reprocess the token."
                ProcessResult::Reprocess(self.mode)
            }
        }
    }

    /// "Pop the current template insertion mode off the stack of template insertion
    /// modes. Push `mode` onto the stack of template insertion modes so that it is the
    /// new current template insertion mode. Switch the insertion mode to `mode`, and
    /// reprocess the token."
    pub(crate) fn switch_the_template_insertion_mode_to(
        &mut self,
        mode: InsertionMode,
    ) -> ProcessResult {
        self.template_modes.pop();
        self.template_modes.push(mode);
        ProcessResult::Reprocess(mode)
    }
}
