//! The variants `older-select`, `older-select-without-hr` and
//! `older-select-with-cell-fragments-in-cell` (`crate::departures`): `<select>` parsed
//! by the "in select" and "in select in table" insertion modes the standard had before
//! its relaxed select. The steps are quoted from the standard as it read before the
//! relaxed select (2024), whose anchors were `#parsing-main-inselect` and
//! `#parsing-main-inselectintable`.
//!
//! The standard has 21 insertion modes and no place for these two: while one of them
//! is the insertion mode, the departure's state (`crate::departures::state`) names it,
//! and the parser's own insertion mode is "in body", which carries it: tokens
//! dispatched in "in body" then follow the older mode's rules. A script in the select
//! returns to "in body" from "text", and so to the older mode; a template start tag
//! leaves it (its contents are parsed as the standard's), and "reset the insertion
//! mode appropriately" sets it again where a select calls for it.
//!
//! The variant reaches these modes from three places only: the in-body `<select>`
//! start tag ([`TreeBuilder::older_select_start_tag`]), the "reset the insertion
//! mode appropriately" step for a select ([`TreeBuilder::older_select_reset`]), and
//! a fragment whose context is a select (the same step). No spec arm is counted
//! here: the arms of `docs/spec-arms.md` are the standard's.

use crate::departures::state::{self, OlderMode};
use crate::departures::{Departed, Departure};
use crate::dom::{Namespace, QualName};
use crate::error::ErrorCode;
use crate::names::{local, LocalName};
use crate::tree_builder::open_elements::Scope;
use crate::tree_builder::{
    unexpected, InsertionMode, ProcessResult, TagToken, TreeBuilder, TreeSink, TreeToken,
};

/// The insertion mode that carries an older select mode.
pub(super) const CARRIER: InsertionMode = InsertionMode::InBody;

/// The table parts that end a select "in select in table".
const TABLE_PARTS: [crate::names::LocalName; 8] = [
    local::CAPTION,
    local::TABLE,
    local::TBODY,
    local::TFOOT,
    local::THEAD,
    local::TR,
    local::TD,
    local::TH,
];

impl<S: TreeSink> TreeBuilder<'_, S, Departed> {
    /// The seam of the insertion modes for the older select modes: a token
    /// dispatched in the carrier while an older mode is on follows its rules; a
    /// template start tag leaves it.
    pub(super) fn older_select_modes(
        &mut self,
        mode: InsertionMode,
        token: &mut TreeToken<'_>,
    ) -> Option<ProcessResult> {
        if mode != CARRIER || self.mode != CARRIER {
            return None;
        }
        let older = state::older_mode()?;
        if matches!(*token, TreeToken::StartTag(tag) if tag.name == local::TEMPLATE)
            && !self.template_ignored()
        {
            state::set_older_mode(None);
        }
        Some(match older {
            OlderMode::InSelect => self.older_in_select(token),
            OlderMode::InSelectInTable => self.older_in_select_in_table(token),
        })
    }

    /// "Process the token using the rules for the "in body" insertion mode", from an
    /// older select mode (whose carrier is "in body": not through the seam again).
    fn in_body_rules(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match self.in_body_departs(token) {
            Some(result) => result,
            None => self.in_body(token),
        }
    }

    /// "Process the token using the rules for the "in head" insertion mode".
    fn in_head_rules(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        self.process_using_the_rules_for(InsertionMode::InHead, token)
    }

    /// Whether the older "in select" mode has no template entries
    /// (`older-select-without-hr-or-template`).
    fn template_ignored(&self) -> bool {
        self.departures
            .on(Departure::OlderSelectWithoutHrOrTemplate)
    }

    /// Enters an older select mode.
    fn switch_to_older(&mut self, older: OlderMode) {
        self.mode = CARRIER;
        state::set_older_mode(Some(older));
    }

    /// The older in-body `<select>` start tag, when the variant is on: "Reconstruct the
    /// active formatting elements, if any. Insert an HTML element for the token. Set
    /// the frameset-ok flag to "not ok". If the insertion mode is one of "in table",
    /// "in caption", "in table body", "in row", or "in cell", then switch the
    /// insertion mode to "in select in table". Otherwise, switch the insertion mode to
    /// "in select"." Returns false (the standard's steps run) when the variant is off.
    pub(super) fn older_select_start_tag(&mut self, tag: &TagToken<'_>) -> bool {
        if !self.departures.older_select() {
            return false;
        }
        self.reconstruct_the_active_formatting_elements();
        self.insert_an_html_element(tag);
        self.frameset_ok = false;
        let older = match self.mode {
            InsertionMode::InTable
            | InsertionMode::InCaption
            | InsertionMode::InTableBody
            | InsertionMode::InRow
            | InsertionMode::InCell => OlderMode::InSelectInTable,
            _ => OlderMode::InSelect,
        };
        self.switch_to_older(older);
        true
    }

    /// The older "reset the insertion mode appropriately" step for a select, when the
    /// variant is on: walking up from the current node, if a select comes before any
    /// node the other steps stop at, "If node is a select element, run these
    /// substeps: If last is true, jump to the step below labeled done. Let ancestor be
    /// node. Loop: If ancestor is the first node in the stack of open elements, jump
    /// to the step below labeled done. Let ancestor be the node before ancestor in the
    /// stack of open elements. If ancestor is a template node, jump to the step below
    /// labeled done. If ancestor is a table node, switch the insertion mode to "in
    /// select in table" and return. Jump back to the step labeled loop. Done: Switch
    /// the insertion mode to "in select" and return."
    ///
    /// With the variant `reset-the-insertion-mode-by-local-name` (and not the older
    /// select modes), only an SVG or MathML select takes this step: read by its local
    /// name, it starts the older "in select" mode, as x/net/html's reset does; an HTML
    /// select is the standard's (no step).
    pub(super) fn older_select_reset(&self) -> Option<OlderMode> {
        let by_local_name = self
            .departures
            .on(Departure::ResetTheInsertionModeByLocalName);
        if !self.departures.older_select() && !by_local_name {
            return None;
        }
        let is = |name: QualName, local: LocalName| {
            name.local == local && (by_local_name || name.ns == Namespace::Html)
        };
        let is_select = |name: QualName| {
            if by_local_name {
                name.local == local::SELECT && name.ns != Namespace::Html
            } else {
                name.ns == Namespace::Html && name.local == local::SELECT
            }
        };
        let mut walk = self.open_elements.walk_up().peekable();
        while let Some((_, entry)) = walk.next() {
            let last = walk.peek().is_none();
            // "If node is the first node in the stack of open elements, then set last
            // to true, and, if the parser's fragment context element is non-null, then
            // set node to that element."
            let node = match self.context_element {
                Some(context) if last => context,
                _ => *entry,
            };
            if is_select(node.name) {
                if last {
                    return Some(OlderMode::InSelect);
                }
                for (_, ancestor) in walk {
                    if is(ancestor.name, local::TEMPLATE) {
                        break;
                    }
                    if is(ancestor.name, local::TABLE) {
                        return Some(OlderMode::InSelectInTable);
                    }
                }
                return Some(OlderMode::InSelect);
            }
            // A node where the standard's other steps stop: they decide.
            if crate::tree_builder::open_elements::ends_the_reset_walk(node.name)
                || (by_local_name
                    && crate::tree_builder::open_elements::ends_the_reset_walk(QualName {
                        ns: Namespace::Html,
                        local: node.name.local,
                    })
                    && node.name.local != local::TEMPLATE)
            {
                return None;
            }
        }
        None
    }

    /// "has a particular element in select scope": every element type is a boundary
    /// but optgroup and option in the HTML namespace.
    fn has_a_select_in_select_scope(&self) -> bool {
        for (_, entry) in self.open_elements.walk_up() {
            if entry.is_html(local::SELECT) {
                return true;
            }
            if !entry.is_html_one_of(&[local::OPTION, local::OPTGROUP]) {
                return false;
            }
        }
        false
    }

    /// "Pop elements from the stack of open elements until a select element has been
    /// popped from the stack. Reset the insertion mode appropriately."
    fn close_the_select(&mut self) {
        state::set_older_mode(None);
        self.pop_until_html_popped(local::SELECT);
        self.reset_the_insertion_mode_appropriately();
    }

    /// The older "in select" insertion mode.
    fn older_in_select(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A character token that is U+0000 NULL": "Parse error. Ignore the token."
            TreeToken::Characters(text) if text.first() == Some(&0) => {
                self.parse_error_for_each_null(text.len());
                ProcessResult::Done
            }
            // -> "Any other character token": "Insert the token's character."
            TreeToken::Characters(text) => {
                self.insert_characters(text);
                ProcessResult::Done
            }
            // -> "A comment token": "Insert a comment."
            TreeToken::Comment(data) => {
                self.insert_a_comment(data, None);
                ProcessResult::Done
            }
            // The older standard had no processing instructions: as in body.
            TreeToken::ProcessingInstruction { .. } => self.in_body_rules(token),
            // -> "A DOCTYPE token": "Parse error. Ignore the token."
            TreeToken::Doctype(_) => {
                self.parse_error(ErrorCode::TreeUnexpectedDoctype);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "html"": "Process the token using the
            //    rules for the "in body" insertion mode."
            TreeToken::StartTag(tag) if tag.name == local::HTML => self.in_body_rules(token),
            // -> "A start tag whose tag name is "option"": "If the current node is an
            //    option element, pop that node from the stack of open elements. Insert
            //    an HTML element for the token."
            TreeToken::StartTag(tag) if tag.name == local::OPTION => {
                if self.current_node_is(local::OPTION) {
                    self.pop_the_current_node();
                }
                self.insert_an_html_element(&tag);
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is "optgroup"": "If the current node is an
            //    option element, pop that node from the stack of open elements. If the
            //    current node is an optgroup element, pop that node from the stack of
            //    open elements. Insert an HTML element for the token."
            // -> "A start tag whose tag name is "hr"": the same, then "Immediately pop
            //    the current node off the stack of open elements. Acknowledge the
            //    token's self-closing flag, if it is set."
            // (`older-select-without-hr`: an hr is "anything else", below.)
            TreeToken::StartTag(tag)
                if tag.name == local::OPTGROUP
                    || (tag.name == local::HR
                        && !self.departures.on(Departure::OlderSelectWithoutHr)
                        && !self
                            .departures
                            .on(Departure::OlderSelectWithCellFragmentsInCell)
                        && !self
                            .departures
                            .on(Departure::ResetTheInsertionModeByLocalName)
                        && !self
                            .departures
                            .on(Departure::OlderSelectWithoutHrOrTemplate)) =>
            {
                if self.current_node_is(local::OPTION) {
                    self.pop_the_current_node();
                }
                if self.current_node_is(local::OPTGROUP) {
                    self.pop_the_current_node();
                }
                self.insert_an_html_element(&tag);
                if tag.name == local::HR {
                    self.pop_the_current_node();
                    self.acknowledge_self_closing_flag();
                }
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "optgroup"": "First, if the current node
            //    is an option element, and the node immediately before it in the stack
            //    of open elements is an optgroup element, then pop the current node from
            //    the stack of open elements. If the current node is an optgroup element,
            //    then pop that node from the stack of open elements. Otherwise, this is
            //    a parse error; ignore the token."
            TreeToken::EndTag(tag) if tag.name == local::OPTGROUP => {
                let option_in_optgroup = {
                    let mut walk = self.open_elements.walk_up().map(|(_, e)| *e);
                    let (current, before) = (walk.next(), walk.next());
                    current.is_some_and(|e| e.is_html(local::OPTION))
                        && before.is_some_and(|e| e.is_html(local::OPTGROUP))
                };
                if option_in_optgroup {
                    self.pop_the_current_node();
                }
                if self.current_node_is(local::OPTGROUP) {
                    self.pop_the_current_node();
                } else {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                }
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "option"": "If the current node is an
            //    option element, then pop that node from the stack of open elements.
            //    Otherwise, this is a parse error; ignore the token."
            TreeToken::EndTag(tag) if tag.name == local::OPTION => {
                if self.current_node_is(local::OPTION) {
                    self.pop_the_current_node();
                } else {
                    self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                }
                ProcessResult::Done
            }
            // -> "An end tag whose tag name is "select"": "If the stack of open
            //    elements does not have a select element in select scope, this is a
            //    parse error; ignore the token. (fragment case) Otherwise: Pop elements
            //    from the stack of open elements until a select element has been
            //    popped from the stack. Reset the insertion mode appropriately."
            // -> "A start tag whose tag name is "select"": "Parse error. If the stack of
            //    open elements does not have a select element in select scope, ignore
            //    the token. (fragment case) Otherwise: [the same]."
            TreeToken::EndTag(tag) | TreeToken::StartTag(tag) if tag.name == local::SELECT => {
                let in_scope = self.has_a_select_in_select_scope();
                if matches!(token, TreeToken::StartTag(_)) || !in_scope {
                    self.parse_error(unexpected(token));
                }
                if in_scope {
                    self.close_the_select();
                }
                ProcessResult::Done
            }
            // -> "A start tag whose tag name is one of: "input", "keygen", "textarea"":
            //    "Parse error. If the stack of open elements does not have a select
            //    element in select scope, ignore the token. (fragment case) Otherwise:
            //    Pop elements from the stack of open elements until a select element has
            //    been popped from the stack. Reset the insertion mode appropriately.
            //    Reprocess the token."
            TreeToken::StartTag(tag)
                if matches!(tag.name, local::INPUT | local::KEYGEN | local::TEXTAREA) =>
            {
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                if !self.has_a_select_in_select_scope() {
                    return ProcessResult::Done;
                }
                self.close_the_select();
                ProcessResult::Reprocess(self.mode)
            }
            // -> "A start tag whose tag name is one of: "script", "template"" and "An
            //    end tag whose tag name is "template"": "Process the token using the
            //    rules for the "in head" insertion mode."
            // (`older-select-without-hr-or-template`: a template's tags are "anything
            // else", below.)
            TreeToken::StartTag(tag)
                if tag.name == local::SCRIPT
                    || (tag.name == local::TEMPLATE && !self.template_ignored()) =>
            {
                self.in_head_rules(token)
            }
            TreeToken::EndTag(tag) if tag.name == local::TEMPLATE && !self.template_ignored() => {
                self.in_head_rules(token)
            }
            // -> "An end-of-file token": "Process the token using the rules for the "in
            //    body" insertion mode."
            TreeToken::Eof => self.in_body_rules(token),
            // -> "Anything else": "Parse error. Ignore the token."
            TreeToken::StartTag(_) | TreeToken::EndTag(_) => {
                self.parse_error(unexpected(token));
                ProcessResult::Done
            }
        }
    }

    /// The older "in select in table" insertion mode.
    fn older_in_select_in_table(&mut self, token: &mut TreeToken<'_>) -> ProcessResult {
        match *token {
            // -> "A start tag whose tag name is one of: "caption", "table", "tbody",
            //    "tfoot", "thead", "tr", "td", "th"": "Parse error. Pop elements from the
            //    stack of open elements until a select element has been popped from the
            //    stack. Reset the insertion mode appropriately. Reprocess the token."
            TreeToken::StartTag(tag) if TABLE_PARTS.contains(&tag.name) => {
                self.parse_error(ErrorCode::TreeUnexpectedStartTag);
                self.close_the_select();
                ProcessResult::Reprocess(self.mode)
            }
            // -> "An end tag whose tag name is one of: [the same]": "Parse error. If the
            //    stack of open elements does not have an element in table scope that is
            //    an HTML element with the same tag name as that of the token, then
            //    ignore the token. Otherwise: [the same]."
            TreeToken::EndTag(tag) if TABLE_PARTS.contains(&tag.name) => {
                self.parse_error(ErrorCode::TreeUnexpectedEndTag);
                if !self.open_elements.has_html_in_scope(Scope::Table, tag.name) {
                    return ProcessResult::Done;
                }
                self.close_the_select();
                ProcessResult::Reprocess(self.mode)
            }
            // -> "Anything else": "Process the token using the rules for the "in
            //    select" insertion mode."
            _ => self.older_in_select(token),
        }
    }
}
