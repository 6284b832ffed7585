//! The insertion modes other than "in body" with departures: each arm here stands for
//! the standard's arm of the same tokens (`modes/`) with the departures that change
//! it put in, and is taken only while one of them is on.

use crate::arm_hook::spec_arm;
use crate::departures::{Departed, Departure};
use crate::dom::QuirksMode;
use crate::error::ErrorCode;
use crate::names::{local, LocalName};
use crate::spec_arms::Arm;
use crate::tokenizer::Doctype;
use crate::tree_builder::open_elements::Scope;
use crate::tree_builder::{
    leading_whitespace, InsertionMode, ProcessResult, TagToken, TreeBuilder, TreeSink, TreeToken,
};
use ProcessResult::Done;

impl<S: TreeSink> TreeBuilder<'_, S, Departed> {
    /// The arms of `mode` (not "in body") the departures on change, or `None`.
    pub(super) fn mode_departs(
        &mut self,
        mode: InsertionMode,
        token: &mut TreeToken<'_>,
    ) -> Option<ProcessResult> {
        let d = self.departures;
        match (mode, *token) {
            // "initial", -> "A DOCTYPE token": no public identifier sets quirks mode.
            (InsertionMode::Initial, TreeToken::Doctype(doctype))
                if d.on(Departure::InitialIgnoresQuirksPublicIds) =>
            {
                Some(self.initial_doctype_ignoring_public_ids(doctype))
            }
            // "before head", whitespace: inserted.
            (InsertionMode::BeforeHead, TreeToken::Characters(text))
                if leading_whitespace(text) > 0 && d.on(Departure::BeforeHeadKeepsWhitespace) =>
            {
                spec_arm(Arm::BeforeHeadCharacterWhitespace);
                Some(self.before_head_anything_else())
            }
            // "in head", base, basefont, bgsound, link, meta: not popped.
            (InsertionMode::InHead, TreeToken::StartTag(tag))
                if matches!(
                    tag.name,
                    local::BASE | local::BASEFONT | local::BGSOUND | local::LINK | local::META
                ) && d.on(Departure::InHeadVoidElementNotPopped) =>
            {
                spec_arm(Arm::InHeadStartTagBaseBasefontBgsoundEtc);
                self.insert_an_html_element(&tag);
                self.acknowledge_self_closing_flag();
                Some(Done)
            }
            // "in head", `</template>`: the list of active formatting elements kept.
            (InsertionMode::InHead, TreeToken::EndTag(tag))
                if tag.name == local::TEMPLATE
                    && d.on(Departure::TemplateEndTagKeepsFormatting) =>
            {
                spec_arm(Arm::InHeadEndTagTemplate);
                self.template_end_tag_keeping_formatting();
                Some(Done)
            }
            // "after head", `<body>`: its attributes dropped.
            (InsertionMode::AfterHead, TreeToken::StartTag(tag))
                if tag.name == local::BODY && d.on(Departure::AfterHeadBodyAttributesIgnored) =>
            {
                spec_arm(Arm::AfterHeadStartTagBody);
                self.insert_an_html_element(&TagToken::named(local::BODY));
                self.frameset_ok = false;
                self.mode = InsertionMode::InBody;
                Some(Done)
            }
            // "in table", characters with a template current node: "anything else".
            (InsertionMode::InTable, TreeToken::Characters(_))
                if d.on(Departure::TableTextWithoutTemplate)
                    && self.current_node_is(local::TEMPLATE) =>
            {
                Some(self.in_table_anything_else(token))
            }
            // "in table", `<input>`: hidden by a dropped duplicate's type too; or a
            // hidden one foster-parented.
            (InsertionMode::InTable, TreeToken::StartTag(tag))
                if tag.name == local::INPUT
                    && (d.on(Departure::InputTypeFromADroppedDuplicate)
                        || d.on(Departure::InTableHiddenInputNotKept)) =>
            {
                let hidden = tag
                    .attribute(b"type")
                    .is_some_and(|value| value.eq_ignore_ascii_case(b"hidden"))
                    || (d.on(Departure::InputTypeFromADroppedDuplicate)
                        && crate::departures::state::dropped_type_hidden());
                if !hidden {
                    return Some(self.in_table_anything_else(token));
                }
                spec_arm(Arm::InTableStartTagInput);
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                if d.on(Departure::InTableHiddenInputNotKept) {
                    return Some(self.in_table_anything_else(token));
                }
                self.insert_an_html_element(&tag);
                self.pop_the_current_node();
                self.acknowledge_self_closing_flag();
                Some(Done)
            }
            // "in table", td, th, tr: no tbody implied.
            (InsertionMode::InTable, TreeToken::StartTag(tag))
                if matches!(tag.name, local::TD | local::TH | local::TR)
                    && d.on(Departure::InTableTrWithoutImpliedTbody) =>
            {
                spec_arm(Arm::InTableStartTagTdThTr);
                self.clear_the_stack_back_to_a_table_context();
                Some(ProcessResult::Reprocess(InsertionMode::InTableBody))
            }
            // "in table text", "anything else": pending white space foster-parented.
            (InsertionMode::InTableText, TreeToken::Characters(_)) => None,
            (InsertionMode::InTableText, _)
                if d.on(Departure::InTableTextWhitespaceFosterParented) =>
            {
                Some(self.in_table_text_anything_else_foster_parenting_whitespace())
            }
            // "in caption", `</caption>`: the caption kept.
            (InsertionMode::InCaption, TreeToken::EndTag(tag))
                if tag.name == local::CAPTION && d.on(Departure::InCaptionEndTagKeepsCaption) =>
            {
                spec_arm(Arm::InCaptionEndTagCaption);
                self.mode = InsertionMode::InTable;
                Some(Done)
            }
            // "in caption", `<th>`: "anything else".
            (InsertionMode::InCaption, TreeToken::StartTag(tag))
                if tag.name == local::TH && d.on(Departure::ThInCaptionAsAnythingElse) =>
            {
                spec_arm(Arm::InCaptionAnythingElse);
                Some(self.process_using_the_rules_for(InsertionMode::InBody, token))
            }
            // "in column group", whitespace: dropped.
            (InsertionMode::InColumnGroup, TreeToken::Characters(text))
                if leading_whitespace(text) > 0
                    && d.on(Departure::InColumnGroupCharactersIgnored) =>
            {
                spec_arm(Arm::InColumnGroupCharacterWhitespace);
                *token = TreeToken::Characters(&text[leading_whitespace(text)..]);
                Some(ProcessResult::Reprocess(InsertionMode::InColumnGroup))
            }
            // "in table", `</table>`: the last table on the stack, in table scope or not.
            (InsertionMode::InTable, TreeToken::EndTag(tag))
                if tag.name == local::TABLE && d.on(Departure::TableEndTagsByTheWholeStack) =>
            {
                spec_arm(Arm::InTableEndTagTable);
                if self.pop_the_last_on_the_stack(local::TABLE) {
                    self.reset_the_insertion_mode_appropriately();
                }
                Some(Done)
            }
            // "in table body", `</tbody>`, `</tfoot>`, `</thead>`: the last element of
            // the token's name on the stack, in table scope or not.
            (InsertionMode::InTableBody, TreeToken::EndTag(tag))
                if matches!(tag.name, local::TBODY | local::TFOOT | local::THEAD)
                    && d.on(Departure::TableEndTagsByTheWholeStack) =>
            {
                spec_arm(Arm::InTableBodyEndTagTbodyTfootThead);
                if self.pop_the_last_on_the_stack(tag.name) {
                    self.mode = InsertionMode::InTable;
                }
                Some(Done)
            }
            // "in row", `</tbody>`, `</tfoot>`, `</thead>`: either scope check.
            (InsertionMode::InRow, TreeToken::EndTag(tag))
                if matches!(tag.name, local::TBODY | local::TFOOT | local::THEAD)
                    && d.on(Departure::RowSectionEndTagByEitherScope) =>
            {
                spec_arm(Arm::InRowEndTagTbodyTfootThead);
                let either = self.open_elements.has_html_in_scope(Scope::Table, tag.name)
                    || self
                        .open_elements
                        .has_html_in_scope(Scope::Table, local::TR);
                if !either {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                    return Some(Done);
                }
                self.pop_the_row();
                Some(ProcessResult::Reprocess(InsertionMode::InTableBody))
            }
            // "in cell", a table part's start tag: the cell not closed.
            (InsertionMode::InCell, TreeToken::StartTag(tag))
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
                ) && d.on(Departure::InCellStartTagDoesNotCloseCell) =>
            {
                spec_arm(Arm::InCellStartTagCaptionColColgroupEtc);
                if !self
                    .open_elements
                    .has_html_one_of_in_scope(Scope::Table, &[local::TD, local::TH])
                {
                    self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                    return Some(Done);
                }
                Some(self.process_using_the_rules_for(InsertionMode::InBody, token))
            }
            // "in template", `<col>`: "in table" pushed.
            (InsertionMode::InTemplate, TreeToken::StartTag(tag))
                if tag.name == local::COL && d.on(Departure::InTemplateColPushesTable) =>
            {
                spec_arm(Arm::InTemplateStartTagCol);
                Some(self.switch_the_template_insertion_mode_to(InsertionMode::InTable))
            }
            // "after body", a comment: inserted in the current node.
            (InsertionMode::AfterBody, TreeToken::Comment(data))
                if d.on(Departure::AfterBodyCommentInBody) =>
            {
                spec_arm(Arm::AfterBodyComment);
                self.insert_a_comment(data, None);
                Some(Done)
            }
            // "in frameset", characters other than white space: inserted.
            (InsertionMode::InFrameset, TreeToken::Characters(text))
                if leading_whitespace(text) == 0 && d.on(Departure::InFramesetCharactersKept) =>
            {
                spec_arm(Arm::InFramesetAnythingElse);
                self.insert_characters(text);
                Some(Done)
            }
            _ => None,
        }
    }

    /// "initial", -> "A DOCTYPE token", with no public identifier prefix setting
    /// quirks mode (`initial-ignores-quirks-public-ids`).
    /// `table-end-tags-by-the-whole-stack`'s end tag: the elements popped up to the
    /// last HTML element named `name` anywhere on the stack of open elements, in table
    /// scope or not; a parse error, and nothing popped, where there is none. Whether it
    /// popped.
    fn pop_the_last_on_the_stack(&mut self, name: LocalName) -> bool {
        if !self.open_elements.contains_html(name) {
            self.parse_error(ErrorCode::TreeUnexpectedEndTag);
            return false;
        }
        self.pop_until_html_popped(name);
        true
    }

    fn initial_doctype_ignoring_public_ids(&mut self, doctype: &Doctype) -> ProcessResult {
        spec_arm(Arm::InitialDoctype);
        if doctype.name.as_deref() != Some(b"html")
            || doctype.public_id.is_some()
            || doctype
                .system_id
                .as_deref()
                .is_some_and(|s| s != b"about:legacy-compat")
        {
            self.parse_error(ErrorCode::TreeMissingOrBadDoctype);
        }
        let node = self.sink.create_doctype(
            doctype.name.as_deref().unwrap_or_default(),
            doctype.public_id.as_deref().unwrap_or_default(),
            doctype.system_id.as_deref().unwrap_or_default(),
        );
        let document = self.sink.document();
        self.sink.append(document, node);
        let mode = quirks_mode_ignoring_the_public_id_prefixes(doctype);
        match mode {
            QuirksMode::Quirks => spec_arm(Arm::InitialDoctypeQuirks),
            QuirksMode::LimitedQuirks => spec_arm(Arm::InitialDoctypeLimitedQuirks),
            QuirksMode::NoQuirks => {}
        }
        self.set_the_document_to(mode);
        self.mode = InsertionMode::BeforeHtml;
        Done
    }

    /// "in head", -> "An end tag whose tag name is "template"", without step 6 ("Clear
    /// the list of active formatting elements up to the last marker").
    fn template_end_tag_keeping_formatting(&mut self) {
        if !self.open_elements.contains_html(local::TEMPLATE) {
            self.parse_error(ErrorCode::TreeUnexpectedEndTag);
            return;
        }
        self.generate_all_implied_end_tags_thoroughly();
        if !self.current_node_is(local::TEMPLATE) {
            self.parse_error(ErrorCode::TreeMisnestedTag);
        }
        self.pop_until_html_popped(local::TEMPLATE);
        self.template_modes.pop();
        self.reset_the_insertion_mode_appropriately();
    }

    /// "in table text", -> "Anything else", with pending white space foster-parented
    /// as other characters are (`in-table-text-whitespace-foster-parented`).
    fn in_table_text_anything_else_foster_parenting_whitespace(&mut self) -> ProcessResult {
        spec_arm(Arm::InTableTextAnythingElse);
        let pending = std::mem::take(&mut self.pending_table_characters);
        if !pending.is_empty() {
            if self.pending_table_characters_non_whitespace {
                let offset = std::mem::replace(&mut self.offset, self.pending_table_characters_end);
                let mut characters = TreeToken::Characters(&pending);
                self.in_table_anything_else(&mut characters);
                self.offset = offset;
            } else {
                let mut characters = TreeToken::Characters(&pending);
                self.in_table_anything_else(&mut characters);
            }
        }
        self.pending_table_characters = pending;
        self.pending_table_characters.clear();
        self.pending_table_characters_non_whitespace = false;
        ProcessResult::Reprocess(self.original_mode)
    }
}

/// The standard's quirks mode of a DOCTYPE without its clause "The public identifier
/// starts with" one of the listed prefixes.
fn quirks_mode_ignoring_the_public_id_prefixes(doctype: &Doctype) -> QuirksMode {
    let public_id = doctype.public_id.as_deref();
    let system_id = doctype.system_id.as_deref();
    let public_is =
        |value: &str| public_id.is_some_and(|p| p.eq_ignore_ascii_case(value.as_bytes()));
    let public_starts_with = |prefix: &str| {
        public_id.is_some_and(|p| {
            p.len() >= prefix.len() && p[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
        })
    };
    let html_401 = public_starts_with("-//W3C//DTD HTML 4.01 Frameset//")
        || public_starts_with("-//W3C//DTD HTML 4.01 Transitional//");
    let system_id_missing_or_empty = system_id.is_none_or(|s| s.is_empty());
    let quirks = doctype.force_quirks
        || doctype.name.as_deref() != Some(b"html")
        || public_is("-//W3O//DTD W3 HTML Strict 3.0//EN//")
        || public_is("-/W3C/DTD HTML 4.0 Transitional/EN")
        || public_is("HTML")
        || system_id.is_some_and(|s| {
            s.eq_ignore_ascii_case(b"http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd")
        })
        || (system_id_missing_or_empty && html_401);
    if quirks {
        return QuirksMode::Quirks;
    }
    if public_starts_with("-//W3C//DTD XHTML 1.0 Frameset//")
        || public_starts_with("-//W3C//DTD XHTML 1.0 Transitional//")
        || (!system_id_missing_or_empty && html_401)
    {
        return QuirksMode::LimitedQuirks;
    }
    QuirksMode::NoQuirks
}
