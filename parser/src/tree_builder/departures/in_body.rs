//! "In body" with departures: each arm here stands for the standard's arm of the same
//! tokens (`modes/in_body.rs`, `modes/in_body_steps.rs`) with the departures that
//! change it put in, and is taken only while one of them is on.

use crate::arm_hook::spec_arm;
use crate::departures::{Departed, Departure};
use crate::dom::Namespace;
use crate::error::ErrorCode;
use crate::names::{local, LocalName};
use crate::spec_arms::Arm;
use crate::tree_builder::departures::enumerated_tags::is_enumerated;
use crate::tree_builder::open_elements::{Scope, HEADINGS};
use crate::tree_builder::{
    is_ascii_whitespace, ProcessResult, TagToken, TreeBuilder, TreeSink, TreeToken,
};
use ProcessResult::Done;

impl<S: TreeSink> TreeBuilder<'_, S, Departed> {
    /// The "in body" arms the departures on change, or `None`.
    pub(super) fn in_body_departs(&mut self, token: &mut TreeToken<'_>) -> Option<ProcessResult> {
        let d = self.departures;
        match *token {
            // -> "A character token that is one of U+0009 …" / "Any other character
            //    token": a LF dropped at the start of an empty pre; no reconstruction.
            TreeToken::Characters(mut text)
                if text.first() != Some(&0)
                    && (d.on(Departure::NewlineDroppedAtTheStartOfAnEmptyPre)
                        || d.on(Departure::InBodyFormattingNotReconstructed)) =>
            {
                spec_arm(Arm::InBodyCharacterWhitespace);
                if d.on(Departure::NewlineDroppedAtTheStartOfAnEmptyPre) {
                    text = self.without_a_newline_starting_an_empty_pre(text);
                    if text.is_empty() {
                        return Some(Done);
                    }
                }
                if !d.on(Departure::InBodyFormattingNotReconstructed) {
                    self.reconstruct_the_active_formatting_elements();
                }
                self.insert_characters(text);
                if text.iter().any(|&b| !is_ascii_whitespace(b)) {
                    self.frameset_ok = false;
                }
                Some(Done)
            }
            // -> "A start tag whose tag name is "html"": its attributes not added.
            TreeToken::StartTag(tag)
                if tag.name == local::HTML && d.on(Departure::InBodyHtmlAttributesIgnored) =>
            {
                spec_arm(Arm::InBodyStartTagHtml);
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                Some(Done)
            }
            // No search element: its start tag is "any other start tag".
            TreeToken::StartTag(tag)
                if tag.name == local::SEARCH && d.on(Departure::NoSearchElement) =>
            {
                spec_arm(Arm::InBodyAnyOtherStartTag);
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element(&tag);
                Some(Done)
            }
            // No search element: its end tag is "any other end tag".
            TreeToken::EndTag(tag)
                if tag.name == local::SEARCH && d.on(Departure::NoSearchElement) =>
            {
                spec_arm(Arm::InBodyAnyOtherEndTag);
                self.in_body_any_other_end_tag(&tag);
                Some(Done)
            }
            // -> "A start tag whose tag name is one of: "address", …": no p closed.
            TreeToken::StartTag(tag)
                if d.on(Departure::InBodyBlockDoesNotCloseP) && is_a_block_start_tag(tag.name) =>
            {
                spec_arm(Arm::InBodyStartTagAddressArticleAsideEtc);
                self.insert_an_html_element(&tag);
                Some(Done)
            }
            // -> "A start tag whose tag name is one of: "h1", …": no heading closed.
            TreeToken::StartTag(tag)
                if HEADINGS.contains(&tag.name)
                    && d.on(Departure::InBodyHeadingDoesNotCloseHeading) =>
            {
                spec_arm(Arm::InBodyStartTagH1H2H3Etc);
                self.close_a_p_element_in_button_scope();
                self.insert_an_html_element(&tag);
                Some(Done)
            }
            // -> "A start tag whose tag name is "li"", "dd", "dt".
            TreeToken::StartTag(tag)
                if matches!(tag.name, local::LI | local::DD | local::DT)
                    && list_item_departs(d) =>
            {
                spec_arm(Arm::InBodyStartTagLi);
                self.departed_list_item_start_tag(&tag);
                Some(Done)
            }
            // -> "An end tag whose tag name is "p"": nothing inserted.
            TreeToken::EndTag(tag)
                if tag.name == local::P && d.on(Departure::InBodyEndTagPInsertsNothing) =>
            {
                spec_arm(Arm::InBodyEndTagP);
                if self
                    .open_elements
                    .has_html_in_scope(Scope::Button, local::P)
                {
                    self.close_a_p_element();
                }
                Some(Done)
            }
            // -> "A start tag whose tag name is "a"": no adoption agency.
            TreeToken::StartTag(tag)
                if tag.name == local::A && d.on(Departure::InBodyAnchorWithoutAdoption) =>
            {
                spec_arm(Arm::InBodyStartTagA);
                self.reconstruct_the_active_formatting_elements();
                let element = self.insert_an_html_element(&tag);
                self.push_onto_the_list_of_active_formatting_elements(element, &tag);
                Some(Done)
            }
            // -> "A start tag whose tag name is "nobr"": no adoption agency.
            TreeToken::StartTag(tag)
                if tag.name == local::NOBR && d.on(Departure::InBodyNobrWithoutAdoption) =>
            {
                spec_arm(Arm::InBodyStartTagNobr);
                self.reconstruct_the_active_formatting_elements();
                let element = self.insert_an_html_element(&tag);
                self.push_onto_the_list_of_active_formatting_elements(element, &tag);
                Some(Done)
            }
            // -> "A start tag whose tag name is "table"": a p closed in quirks mode too.
            TreeToken::StartTag(tag)
                if tag.name == local::TABLE && d.on(Departure::InBodyTableIgnoresQuirks) =>
            {
                spec_arm(Arm::InBodyStartTagTable);
                self.close_a_p_element_in_button_scope();
                self.insert_an_html_element(&tag);
                self.frameset_ok = false;
                self.mode = super::InsertionMode::InTable;
                Some(Done)
            }
            // -> "An end tag whose tag name is "br"": ignored.
            TreeToken::EndTag(tag)
                if tag.name == local::BR && d.on(Departure::InBodyEndTagBrIgnored) =>
            {
                spec_arm(Arm::InBodyEndTagBr);
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                Some(Done)
            }
            // -> "A start tag whose tag name is "input"": the older select's (none of
            //    the relaxed select's steps).
            TreeToken::StartTag(tag) if tag.name == local::INPUT && d.older_select() => {
                spec_arm(Arm::InBodyStartTagInput);
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element(&tag);
                self.pop_the_current_node();
                self.acknowledge_self_closing_flag();
                let hidden = tag
                    .attribute(b"type")
                    .is_some_and(|value| value.eq_ignore_ascii_case(b"hidden"));
                if !hidden {
                    self.frameset_ok = false;
                }
                Some(Done)
            }
            // -> "A start tag whose tag name is "hr"": ignored in a select.
            TreeToken::StartTag(tag)
                if tag.name == local::HR
                    && d.on(Departure::HrInSelectIgnored)
                    && self
                        .open_elements
                        .has_html_in_scope(Scope::Default, local::SELECT) =>
            {
                spec_arm(Arm::InBodyStartTagHr);
                Some(Done)
            }
            // -> "A start tag whose tag name is "image"": not renamed.
            TreeToken::StartTag(tag)
                if tag.name == local::IMAGE && d.on(Departure::InBodyImageNotRenamed) =>
            {
                spec_arm(Arm::InBodyStartTagImage);
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                self.reconstruct_the_active_formatting_elements();
                self.insert_an_html_element(&tag);
                self.pop_the_current_node();
                Some(Done)
            }
            // -> "A start tag whose tag name is "textarea"": the LF after it kept.
            TreeToken::StartTag(tag)
                if tag.name == local::TEXTAREA && d.on(Departure::InBodyTextareaKeepsLineFeed) =>
            {
                spec_arm(Arm::InBodyStartTagTextarea);
                self.insert_an_html_element(&tag);
                self.ignore_next_line_feed = None;
                self.switch_the_tokenizer_to(crate::tokenizer::State::Rcdata);
                self.original_mode = self.mode;
                self.frameset_ok = false;
                self.mode = super::InsertionMode::Text;
                Some(Done)
            }
            // -> "A start tag whose tag name is "select"".
            TreeToken::StartTag(tag)
                if tag.name == local::SELECT
                    && (d.older_select() || d.on(Departure::SelectInSelectNotClosed)) =>
            {
                spec_arm(Arm::InBodyStartTagSelect);
                self.departed_select_start_tag(&tag);
                Some(Done)
            }
            // -> "A start tag whose tag name is "option"" and "optgroup": foster
            //    parenting lost once an option is popped.
            TreeToken::StartTag(tag)
                if matches!(tag.name, local::OPTION | local::OPTGROUP)
                    && d.on(Departure::FosterParentingLostAfterAnImpliedEndTag) =>
            {
                self.departed_option_start_tag(&tag);
                Some(Done)
            }
            // -> "An end tag whose tag name is one of: "address", …": the older select
            //    modes' "in body" lists no select there (an HTML select open put the
            //    parser "in select"), so a `</select>` in body is "any other end tag".
            TreeToken::EndTag(tag) if tag.name == local::SELECT && d.older_select() => {
                spec_arm(Arm::InBodyAnyOtherEndTag);
                self.in_body_any_other_end_tag(&tag);
                Some(Done)
            }
            // -> "Any other end tag": the mutant that walks past special elements.
            TreeToken::EndTag(tag)
                if d.on(Departure::InBodyAnyOtherEndTagPassesSpecial)
                    && !has_an_end_tag_entry_of_its_own(tag.name) =>
            {
                spec_arm(Arm::InBodyAnyOtherEndTag);
                if let Some(index) = self.open_elements.position_of_html(tag.name) {
                    let node = self.open_elements.get(index).map(|e| e.node);
                    if let Some(node) = node {
                        self.pop_until_node_popped(node);
                    }
                }
                Some(Done)
            }
            _ => None,
        }
    }

    /// `text` without its first character when that is a LF and the current node is
    /// an HTML pre or listing with no child (`newline-dropped-at-the-start-of-an-empty-
    /// pre`).
    fn without_a_newline_starting_an_empty_pre<'t>(&self, text: &'t [u8]) -> &'t [u8] {
        let Some(current) = self.open_elements.current() else {
            return text;
        };
        let in_empty_pre = (current.is_html(local::PRE) || current.is_html(local::LISTING))
            && self.sink.first_child(current.node).is_none();
        match text.strip_prefix(b"\n") {
            Some(rest) if in_empty_pre => rest,
            _ => text,
        }
    }

    /// The li, dd and dt start tags' steps with the departures that change them: the
    /// mutants that close no li or dd, the special category of a variant, foster
    /// parenting lost after an implied end tag.
    fn departed_list_item_start_tag(&mut self, tag: &TagToken<'_>) {
        let d = self.departures;
        // Step 1. "Set the frameset-ok flag to "not ok"."
        self.frameset_ok = false;
        let special = self.special_category();
        // Step 2. "Initialize node to be the current node."
        let mut next = self.open_elements.current_slot();
        while let Some(slot) = next {
            let Some(node) = self.open_elements.get(slot).copied() else {
                break;
            };
            next = self.open_elements.above(slot);
            // Step 3. "Loop: If node is an li element, then run these substeps" (or a
            // dd or dt element, for "dd" and "dt").
            let closes = match tag.name {
                local::LI => node.is_html(local::LI) && !d.on(Departure::InBodyLiDoesNotCloseLi),
                _ => {
                    node.is_html_one_of(&[local::DD, local::DT])
                        && !d.on(Departure::InBodyDdDtDoesNotCloseDd)
                }
            };
            if closes {
                let name = node.name.local;
                self.generate_implied_end_tags(Some(name));
                if !self.current_node_is(name) {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                }
                self.pop_until_html_popped(name);
                self.loses_foster_parenting();
                break;
            }
            // Step 4. "If node is in the special category, but is not an address, div,
            // or p element, then jump to the step labeled done below."
            if special.contains(node.name)
                && !node.is_html_one_of(&[local::ADDRESS, local::DIV, local::P])
            {
                break;
            }
        }
        // Step 6. "Done: If the stack of open elements has a p element in button scope,
        // then close a p element."
        if d.on(Departure::FosterParentingLostAfterAnImpliedEndTag)
            && self
                .open_elements
                .has_html_in_scope(Scope::Button, local::P)
        {
            self.foster_parenting = false;
        }
        self.close_a_p_element_in_button_scope();
        // Step 7. "Finally, insert an HTML element for the token."
        self.insert_an_html_element(tag);
    }

    /// `foster-parenting-lost-after-an-implied-end-tag`: an element the li, dd, dt,
    /// option or optgroup start tag's steps popped ends foster parenting for the rest
    /// of the token (html5lib 1.1 processes an implied end tag through its in-table
    /// phase, whose "anything else" turns its foster parenting flag off when done).
    fn loses_foster_parenting(&mut self) {
        if self
            .departures
            .on(Departure::FosterParentingLostAfterAnImpliedEndTag)
        {
            self.foster_parenting = false;
        }
    }

    /// The option and optgroup start tags, with foster parenting lost after the
    /// option they pop.
    fn departed_option_start_tag(&mut self, tag: &TagToken<'_>) {
        let option = tag.name == local::OPTION;
        spec_arm(if option {
            Arm::InBodyStartTagOption
        } else {
            Arm::InBodyStartTagOptgroup
        });
        if self
            .open_elements
            .has_html_in_scope(Scope::Default, local::SELECT)
        {
            if option {
                self.generate_implied_end_tags(Some(local::OPTGROUP));
                if self
                    .open_elements
                    .has_html_in_scope(Scope::Default, local::OPTION)
                {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                }
            } else {
                self.generate_implied_end_tags(None);
                if self
                    .open_elements
                    .has_html_one_of_in_scope(Scope::Default, &[local::OPTION, local::OPTGROUP])
                {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                }
            }
        } else if self.current_node_is(local::OPTION) {
            self.pop_the_current_node();
            self.loses_foster_parenting();
        }
        self.reconstruct_the_active_formatting_elements();
        self.insert_an_html_element(tag);
    }

    /// The select start tag: the older steps, or a select in a select not closed.
    fn departed_select_start_tag(&mut self, tag: &TagToken<'_>) {
        if self.older_select_start_tag(tag) {
            return;
        }
        if self
            .context_element
            .is_some_and(|c| c.is_html(local::SELECT))
        {
            self.parse_error(ErrorCode::TreeUnexpectedStartTag);
            return;
        }
        if self
            .open_elements
            .has_html_in_scope(Scope::Default, local::SELECT)
            && !self.departures.on(Departure::SelectInSelectNotClosed)
        {
            self.parse_error(ErrorCode::TreeUnexpectedStartTag);
            self.pop_until_html_popped(local::SELECT);
            return;
        }
        self.reconstruct_the_active_formatting_elements();
        self.insert_an_html_element(tag);
        self.frameset_ok = false;
    }

    /// "Any other end tag" in "in body" with the departures that change its walk: a
    /// special category of a variant, a name compared across namespaces
    /// (`narrow-special-category`), names outside gumbo's enumeration alike
    /// (`unknown-tag-names-alike`).
    pub(crate) fn departed_any_other_end_tag(&mut self, tag: &TagToken<'_>) -> Option<()> {
        let d = self.departures;
        if !(d.on(Departure::NarrowSpecialCategory)
            || d.on(Departure::UnknownTagNamesAlike)
            || super::steps::changes_the_special_category(d))
        {
            return None;
        }
        let narrow = d.on(Departure::NarrowSpecialCategory);
        let unknown = d.on(Departure::UnknownTagNamesAlike);
        let unknown_token = unknown && !is_enumerated(self.sink, tag.name);
        let special = self.special_category();
        // Step 1. "Initialize node to be the current node."
        let mut slot = self.open_elements.current_slot()?;
        loop {
            let node = self.open_elements.get(slot).copied()?;
            // Step 2. "Loop: If node is an HTML element with the same tag name as the
            // token, then:" (under narrow-special-category, an element of any
            // namespace; under unknown-tag-names-alike, also an HTML element whose name,
            // like the token's, is outside the enumerated tags)
            let same = if narrow {
                node.name.local == tag.name
            } else if unknown {
                node.is_html(tag.name)
                    || (unknown_token
                        && node.name.ns == Namespace::Html
                        && !is_enumerated(self.sink, node.name.local))
            } else {
                node.is_html(tag.name)
            };
            if same {
                self.generate_implied_end_tags(Some(tag.name));
                if self.current_node().map(|e| e.node) != Some(node.node) {
                    self.parse_error(ErrorCode::TreeMisnestedTag);
                }
                self.pop_until_node_popped(node.node);
                return Some(());
            }
            // Step 3. "Otherwise, if node is in the special category, then this is a
            // parse error; ignore the token, and return."
            if special.contains(node.name) {
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                return Some(());
            }
            // Step 4. "Set node to the previous entry in the stack of open elements."
            slot = self.open_elements.above(slot)?;
        }
    }
}

/// Whether a departure on changes the li, dd and dt start tags' steps.
fn list_item_departs(d: Departed) -> bool {
    d.on(Departure::InBodyLiDoesNotCloseLi)
        || d.on(Departure::InBodyDdDtDoesNotCloseDd)
        || d.on(Departure::FosterParentingLostAfterAnImpliedEndTag)
        || super::steps::changes_the_special_category(d)
}

/// "A start tag whose tag name is one of: "address", "article", "aside",
/// "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset",
/// "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol",
/// "p", "search", "section", "summary", "ul"".
fn is_a_block_start_tag(name: LocalName) -> bool {
    matches!(
        name,
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
    )
}

/// Whether "in body" has an entry of its own for an end tag of this name (so that it
/// is not "any other end tag").
fn has_an_end_tag_entry_of_its_own(name: LocalName) -> bool {
    HEADINGS.contains(&name)
        || matches!(
            name,
            local::TEMPLATE
                | local::BODY
                | local::HTML
                | local::ADDRESS
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
                | local::FORM
                | local::P
                | local::LI
                | local::DD
                | local::DT
                | local::A
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
                | local::APPLET
                | local::MARQUEE
                | local::OBJECT
                | local::BR
        )
}
