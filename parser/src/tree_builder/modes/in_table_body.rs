//! The "in table body", "in row" and "in cell" insertion modes.

use crate::error::ErrorCode;
use crate::names::local;
use crate::spec_arms::Arm;
use crate::tree_builder::open_elements::Scope;
use crate::tree_builder::Seams;
use crate::tree_builder::{
    InsertionMode, ProcessResult, TagToken, TreeBuilder, TreeSink, TreeToken,
};

impl<S: TreeSink, D: Seams> TreeBuilder<'_, S, D> {
    /// <https://html.spec.whatwg.org/#parsing-main-intbody>
    #[inline(never)]
    pub(crate) fn in_table_body(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A start tag whose tag name is "tr""
            TreeToken::StartTag(tag) if tag.name == local::TR => {
                D::spec_arm(Arm::InTableBodyStartTagTr);
                // "Clear the stack back to a table body context." "Insert an HTML element
                // for the token, then switch the insertion mode to "in row"."
                self.clear_the_stack_back_to_a_table_body_context();
                self.insert_an_html_element(&tag);
                self.mode = InsertionMode::InRow;
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "th", "td""
            TreeToken::StartTag(tag) if matches!(tag.name, local::TH | local::TD) => {
                D::spec_arm(Arm::InTableBodyStartTagThTd);
                // "Parse error." "Clear the stack back to a table body context." "Insert
                // an HTML element for a "tr" start tag token with no attributes, then
                // switch the insertion mode to "in row"." "Reprocess the current token."
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                self.clear_the_stack_back_to_a_table_body_context();
                self.insert_an_html_element(&TagToken::named(local::TR));
                ProcessResult::Reprocess(InsertionMode::InRow)
            }
            // -> "An end tag whose tag name is one of: "tbody", "tfoot", "thead""
            TreeToken::EndTag(tag)
                if matches!(tag.name, local::TBODY | local::TFOOT | local::THEAD) =>
            {
                D::spec_arm(Arm::InTableBodyEndTagTbodyTfootThead);
                // "If the stack of open elements does not have an element in table scope
                // that is an HTML element with the same tag name as the token, this is a
                // parse error; ignore the token."
                if !self.open_elements.has_html_in_scope(Scope::Table, tag.name) {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "Otherwise: Clear the stack back to a table body context. Pop the
                // current node from the stack of open elements. Switch the insertion mode
                // to "in table"."
                self.clear_the_stack_back_to_a_table_body_context();
                self.pop_the_current_node();
                self.mode = InsertionMode::InTable;
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "caption", "col", "colgroup",
            //    "tbody", "tfoot", "thead""
            // -> "An end tag whose tag name is "table""
            TreeToken::StartTag(tag)
                if matches!(
                    tag.name,
                    local::CAPTION
                        | local::COL
                        | local::COLGROUP
                        | local::TBODY
                        | local::TFOOT
                        | local::THEAD
                ) =>
            {
                D::spec_arm(Arm::InTableBodyStartTagCaptionColColgroupEtc);
                self.leave_the_table_body_and_reprocess(ErrorCode::TreeUnexpectedStartTag)
            }
            TreeToken::EndTag(tag) if tag.name == local::TABLE => {
                D::spec_arm(Arm::InTableBodyStartTagCaptionColColgroupEtc);
                self.leave_the_table_body_and_reprocess(ErrorCode::TreeUnexpectedEndTag)
            }
            // -> "An end tag whose tag name is one of: "body", "caption", "col",
            //    "colgroup", "html", "td", "th", "tr"": "Parse error. Ignore the token."
            TreeToken::EndTag(tag)
                if matches!(
                    tag.name,
                    local::BODY
                        | local::CAPTION
                        | local::COL
                        | local::COLGROUP
                        | local::HTML
                        | local::TD
                        | local::TH
                        | local::TR
                ) =>
            {
                D::spec_arm(Arm::InTableBodyEndTagBodyCaptionColEtc);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "Anything else": "Process the token using the rules for the "in table"
            //    insertion mode."
            _ => {
                D::spec_arm(Arm::InTableBodyAnythingElse);
                self.process_using_the_rules_for(InsertionMode::InTable, token)
            }
        }
    }

    /// "If the stack of open elements does not have a tbody, thead, or tfoot element in
    /// table scope, this is a parse error; ignore the token. Otherwise: Clear the stack
    /// back to a table body context. Pop the current node from the stack of open
    /// elements. Switch the insertion mode to "in table". Reprocess the token."
    /// `ignored` is the parse error of the token when it is ignored.
    fn leave_the_table_body_and_reprocess(&mut self, ignored: ErrorCode) -> ProcessResult {
        if !self
            .open_elements
            .has_html_one_of_in_scope(Scope::Table, &[local::TBODY, local::THEAD, local::TFOOT])
        {
            self.parse_error(ignored);
            return ProcessResult::Done;
        }
        self.clear_the_stack_back_to_a_table_body_context();
        self.pop_the_current_node();
        ProcessResult::Reprocess(InsertionMode::InTable)
    }

    /// <https://html.spec.whatwg.org/#parsing-main-intr>
    #[inline(never)]
    pub(crate) fn in_row(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A start tag whose tag name is one of: "th", "td""
            TreeToken::StartTag(tag) if matches!(tag.name, local::TH | local::TD) => {
                D::spec_arm(Arm::InRowStartTagThTd);
                // "Clear the stack back to a table row context." "Insert an HTML element
                // for the token, then switch the insertion mode to "in cell"." "Insert a
                // marker at the end of the list of active formatting elements."
                self.clear_the_stack_back_to_a_table_row_context();
                self.insert_an_html_element(&tag);
                self.mode = InsertionMode::InCell;
                self.active_formatting.insert_a_marker();
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "tr""
            TreeToken::EndTag(tag) if tag.name == local::TR => {
                D::spec_arm(Arm::InRowEndTagTr);
                self.close_the_row(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "caption", "col", "colgroup",
            //    "tbody", "tfoot", "thead", "tr""
            // -> "An end tag whose tag name is "table""
            TreeToken::StartTag(tag)
                if matches!(
                    tag.name,
                    local::CAPTION
                        | local::COL
                        | local::COLGROUP
                        | local::TBODY
                        | local::TFOOT
                        | local::THEAD
                        | local::TR
                ) =>
            {
                D::spec_arm(Arm::InRowStartTagCaptionColColgroupEtc);
                self.close_the_row_and_reprocess(ErrorCode::TreeUnexpectedStartTag)
            }
            TreeToken::EndTag(tag) if tag.name == local::TABLE => {
                D::spec_arm(Arm::InRowStartTagCaptionColColgroupEtc);
                self.close_the_row_and_reprocess(ErrorCode::TreeUnexpectedEndTag)
            }
            // -> "An end tag whose tag name is one of: "tbody", "tfoot", "thead""
            TreeToken::EndTag(tag)
                if matches!(tag.name, local::TBODY | local::TFOOT | local::THEAD) =>
            {
                D::spec_arm(Arm::InRowEndTagTbodyTfootThead);
                // "If the stack of open elements does not have an element in table scope
                // that is an HTML element with the same tag name as the token, this is a
                // parse error; ignore the token."
                if !self.open_elements.has_html_in_scope(Scope::Table, tag.name) {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "If the stack of open elements does not have a tr element in table
                // scope, ignore the token." "Otherwise: Clear the stack back to a table row
                // context. Pop the current node (which will be a tr element) from the
                // stack of open elements. Switch the insertion mode to "in table body".
                // Reprocess the token."
                if !self
                    .open_elements
                    .has_html_in_scope(Scope::Table, local::TR)
                {
                    return ProcessResult::Done;
                }
                self.close_the_row_and_reprocess(ErrorCode::TreeUnexpectedEndTag)
            }
            // -> "An end tag whose tag name is one of: "body", "caption", "col",
            //    "colgroup", "html", "td", "th"": "Parse error. Ignore the token."
            TreeToken::EndTag(tag)
                if matches!(
                    tag.name,
                    local::BODY
                        | local::CAPTION
                        | local::COL
                        | local::COLGROUP
                        | local::HTML
                        | local::TD
                        | local::TH
                ) =>
            {
                D::spec_arm(Arm::InRowEndTagBodyCaptionColEtc);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "Anything else": "Process the token using the rules for the "in table"
            //    insertion mode."
            _ => {
                D::spec_arm(Arm::InRowAnythingElse);
                self.process_using_the_rules_for(InsertionMode::InTable, token)
            }
        }
    }

    /// The steps of -> "An end tag whose tag name is "tr"" in "in row". Returns whether
    /// the row was closed. `ignored` is the parse error of the token when it is
    /// ignored.
    fn close_the_row(&mut self, ignored: ErrorCode) -> bool {
        // "If the stack of open elements does not have a tr element in table scope, this
        // is a parse error; ignore the token."
        if !self
            .open_elements
            .has_html_in_scope(Scope::Table, local::TR)
        {
            self.parse_error(ignored);
            return false;
        }
        // "Otherwise: …"
        self.pop_the_row();
        true
    }

    /// "Clear the stack back to a table row context. Pop the current node (which will
    /// be a tr element) from the stack of open elements. Switch the insertion mode to
    /// "in table body"."
    pub(crate) fn pop_the_row(&mut self) {
        self.clear_the_stack_back_to_a_table_row_context();
        self.pop_the_current_node();
        self.mode = InsertionMode::InTableBody;
    }

    /// The same steps, then "Reprocess the token."
    pub(crate) fn close_the_row_and_reprocess(&mut self, ignored: ErrorCode) -> ProcessResult {
        if self.close_the_row(ignored) {
            ProcessResult::Reprocess(InsertionMode::InTableBody)
        } else {
            ProcessResult::Done
        }
    }

    /// <https://html.spec.whatwg.org/#parsing-main-intd>
    #[inline(never)]
    pub(crate) fn in_cell(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "An end tag whose tag name is one of: "td", "th""
            TreeToken::EndTag(tag) if matches!(tag.name, local::TD | local::TH) => {
                D::spec_arm(Arm::InCellEndTagTdTh);
                // "If the stack of open elements does not have an element in table scope
                // that is an HTML element with the same tag name as that of the token,
                // then this is a parse error; ignore the token."
                if !self.open_elements.has_html_in_scope(Scope::Table, tag.name) {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "Otherwise: Generate implied end tags. Now, if the current node is not an
                // HTML element with the same tag name as the token, then this is a parse
                // error. Pop elements from the stack of open elements until an HTML element
                // with the same tag name as the token has been popped from the stack.
                // Clear the list of active formatting elements up to the last marker.
                // Switch the insertion mode to "in row"."
                self.generate_implied_end_tags(None);
                if !self.current_node_is(tag.name) {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                }
                self.pop_until_html_popped(tag.name);
                self.active_formatting.clear_up_to_the_last_marker();
                self.mode = InsertionMode::InRow;
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "caption", "col", "colgroup",
            //    "tbody", "td", "tfoot", "th", "thead", "tr""
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
                D::spec_arm(Arm::InCellStartTagCaptionColColgroupEtc);
                // "Assert: The stack of open elements has a td or th element in table
                // scope." AD-HOC: a context td or th element is not on the stack, so in a
                // fragment parse with one as the context the assertion fails; the token
                // is then a parse error and ignored, as before the assertion was written.
                if !self
                    .open_elements
                    .has_html_one_of_in_scope(Scope::Table, &[local::TD, local::TH])
                {
                    self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                    return ProcessResult::Done;
                }
                // "Close the cell (see below) and reprocess the token."
                self.close_the_cell();
                ProcessResult::Reprocess(InsertionMode::InRow)
            }
            // -> "An end tag whose tag name is one of: "body", "caption", "col",
            //    "colgroup", "html"": "Parse error. Ignore the token."
            TreeToken::EndTag(tag)
                if matches!(
                    tag.name,
                    local::BODY | local::CAPTION | local::COL | local::COLGROUP | local::HTML
                ) =>
            {
                D::spec_arm(Arm::InCellEndTagBodyCaptionColEtc);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is one of: "table", "tbody", "tfoot", "thead",
            //    "tr""
            TreeToken::EndTag(tag)
                if matches!(
                    tag.name,
                    local::TABLE | local::TBODY | local::TFOOT | local::THEAD | local::TR
                ) =>
            {
                D::spec_arm(Arm::InCellEndTagTableTbodyTfootEtc);
                // "If the stack of open elements does not have an element in table scope
                // that is an HTML element with the same tag name as that of the token,
                // then this is a parse error; ignore the token."
                if !self.open_elements.has_html_in_scope(Scope::Table, tag.name) {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return ProcessResult::Done;
                }
                // "Otherwise, close the cell (see below) and reprocess the token."
                self.close_the_cell();
                ProcessResult::Reprocess(InsertionMode::InRow)
            }
            // -> "Anything else": "Process the token using the rules for the "in body"
            //    insertion mode."
            _ => {
                D::spec_arm(Arm::InCellAnythingElse);
                self.process_using_the_rules_for(InsertionMode::InBody, token)
            }
        }
    }
}
