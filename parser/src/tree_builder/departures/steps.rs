//! Steps of tree construction with departures: resetting the insertion mode,
//! generating implied end tags, the appropriate place for inserting a node, the
//! scopes' lists and the special category, pushing onto the list of active formatting
//! elements, the fragment case's tokenizer state and the CDATA test. Each stands for
//! the standard's step of the same name (`stack_steps.rs`, `insertion_location.rs`,
//! `open_elements.rs`, `active_formatting.rs`, `fragment.rs`, `mod.rs`) with the
//! departures that change it put in.

use crate::arm_hook::spec_arm;
use crate::departures::state;
use crate::departures::{Departed, Departure};
use crate::dom::{Namespace, NodeId, QualName};
use crate::names::{local, LocalName};
use crate::spec_arms::Arm;
use crate::tokenizer::State;
use crate::tree_builder::departures::older_select::CARRIER;
use crate::tree_builder::foreign::is_mathml_text_integration_point;
use crate::tree_builder::open_elements::{Scope, StackEntry, IMPLIED_END_TAGS};
use crate::tree_builder::{InsertionLocation, InsertionMode, TagToken, TreeBuilder, TreeSink};

/// Whether a departure on changes the special category.
pub(super) fn changes_the_special_category(d: Departed) -> bool {
    d.on(Departure::NarrowSpecialCategory)
        || d.on(Departure::HtmlOnlySpecialCategory)
        || d.on(Departure::MainNotSpecial)
        || d.on(Departure::NoSearchElement)
        || d.on(Departure::SearchNotSpecial)
}

/// "The special category", as the departures on have it (see
/// [`TreeBuilder::special_category`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct SpecialCategory {
    departures: Departed,
    /// The name `command`, which html5lib's list has (not a well-known name).
    command: LocalName,
}

impl SpecialCategory {
    /// Whether an element of this name is in the category.
    pub(super) fn contains(self, name: QualName) -> bool {
        let d = self.departures;
        if d.on(Departure::NarrowSpecialCategory) {
            return self.in_html5libs_list(name);
        }
        if d.on(Departure::HtmlOnlySpecialCategory) && name.ns != Namespace::Html {
            return false;
        }
        if d.on(Departure::MainNotSpecial) && name == QualName::html(local::MAIN) {
            return false;
        }
        if (d.on(Departure::NoSearchElement) || d.on(Departure::SearchNotSpecial))
            && name == QualName::html(local::SEARCH)
        {
            return false;
        }
        crate::tree_builder::open_elements::is_special(name)
    }

    /// html5lib 1.1's special category (`constants.specialElements`), the list of
    /// `narrow-special-category`: the standard's HTML elements but figcaption, hgroup,
    /// keygen, main, search, source, summary, template and track, with command, image
    /// and isindex; no MathML element; of the SVG elements, foreignObject only.
    fn in_html5libs_list(self, name: QualName) -> bool {
        match name.ns {
            Namespace::Html => {
                matches!(name.local, local::IMAGE | local::ISINDEX)
                    || name.local == self.command
                    || (crate::tree_builder::open_elements::is_special(name)
                        && !matches!(
                            name.local,
                            local::FIGCAPTION
                                | local::HGROUP
                                | local::KEYGEN
                                | local::MAIN
                                | local::SEARCH
                                | local::SOURCE
                                | local::SUMMARY
                                | local::TEMPLATE
                                | local::TRACK
                        ))
            }
            Namespace::MathMl => false,
            Namespace::Svg => name.local == local::FOREIGN_OBJECT,
        }
    }
}

/// The element types of a scope's list, as the departures on have them: no template
/// in the table scope (`table-scope-without-template`), no MathML annotation-xml in
/// the default scope and those built on it (`html-only-special-category`).
pub(crate) fn scope_list(d: Departed, scope: Scope, name: QualName) -> Option<bool> {
    if d.on(Departure::TableScopeWithoutTemplate)
        && scope == Scope::Table
        && name == QualName::html(local::TEMPLATE)
    {
        return Some(false);
    }
    if d.on(Departure::HtmlOnlySpecialCategory)
        && scope != Scope::Table
        && name
            == (QualName {
                ns: Namespace::MathMl,
                local: local::ANNOTATION_XML,
            })
    {
        return Some(false);
    }
    None
}

/// The fragment case's tokenizer state, as the departures on have it: a title or
/// textarea context leaving the data state (a mutant), a noscript context RAWTEXT
/// whatever the scripting flag (`noscript-fragment-always-rawtext`).
pub(crate) fn tokenizer_state_for_the_context(
    d: Departed,
    context: QualName,
    scripting: bool,
) -> Option<State> {
    if context.ns != Namespace::Html {
        return None;
    }
    match context.local {
        local::TITLE | local::TEXTAREA if d.on(Departure::FragmentTextareaNotRcdata) => {
            spec_arm(Arm::FragmentCaseTitleTextarea);
            Some(State::Data)
        }
        local::NOSCRIPT if !scripting && d.on(Departure::NoscriptFragmentAlwaysRawtext) => {
            spec_arm(Arm::FragmentCaseNoscript);
            Some(State::Rawtext)
        }
        _ => None,
    }
}

impl<S: TreeSink> TreeBuilder<'_, S, Departed> {
    /// The special category as the departures on have it, for one walk.
    pub(super) fn special_category(&mut self) -> SpecialCategory {
        SpecialCategory {
            departures: self.departures,
            command: self.sink.intern(b"command"),
        }
    }

    /// The markup declaration open state's CDATA test, by the current node rather than
    /// the adjusted current node (`cdata-by-the-current-node`), or false at an
    /// integration point (`cdata-not-at-integration-points`).
    pub(crate) fn departed_cdata_allowed(&self) -> Option<bool> {
        let d = self.departures;
        let by_the_current_node = d.on(Departure::CdataByTheCurrentNode);
        let not_at_integration_points = d.on(Departure::CdataNotAtIntegrationPoints);
        if !by_the_current_node && !not_at_integration_points {
            return None;
        }
        let node = if by_the_current_node {
            self.open_elements.current()
        } else {
            self.adjusted_current_node()
        };
        let at_an_integration_point = |node: &StackEntry| {
            node.html_integration_point || is_mathml_text_integration_point(node.name)
        };
        Some(node.is_some_and(|node| {
            node.name.ns != Namespace::Html
                && !(not_at_integration_points && at_an_integration_point(node))
        }))
    }

    /// "Generate implied end tags" leaving optgroup, option and rb open (a mutant).
    pub(crate) fn departed_generate_implied_end_tags(
        &mut self,
        except: Option<LocalName>,
    ) -> Option<()> {
        if !self
            .departures
            .on(Departure::GenerateImpliedEndTagsSkipsOptgroup)
        {
            return None;
        }
        while let Some(node) = self.current_node() {
            let implied = node.is_html_one_of(IMPLIED_END_TAGS)
                && except.is_none_or(|except| !node.is_html(except))
                && !node.is_html_one_of(&[local::OPTGROUP, local::OPTION, local::RB]);
            if !implied {
                return Some(());
            }
            self.pop_the_current_node();
        }
        Some(())
    }

    /// "The appropriate place for inserting a node" with foster parenting or template
    /// contents skipped (mutants).
    pub(crate) fn departed_appropriate_place(
        &self,
        override_target: Option<NodeId>,
    ) -> Option<InsertionLocation> {
        let d = self.departures;
        let no_foster_parenting = d.on(Departure::FosterParentingSkipped);
        let no_template_contents = d.on(Departure::TemplateContentsSkipped);
        if !no_foster_parenting && !no_template_contents {
            return None;
        }
        let (mut target, mut target_name) = match override_target {
            Some(node) => (node, self.sink.element_name(node)),
            None => match self.current_node() {
                Some(entry) => (entry.node, Some(entry.name)),
                None => (self.sink.document(), None),
            },
        };
        let mut reference = None;
        let is_table_like = |name: QualName| {
            name.ns == Namespace::Html
                && matches!(
                    name.local,
                    local::TABLE | local::TBODY | local::TFOOT | local::THEAD | local::TR
                )
        };
        if self.foster_parenting && target_name.is_some_and(is_table_like) && !no_foster_parenting {
            spec_arm(Arm::AppropriatePlaceStep3FosterParenting);
            let last_template = self.open_elements.position_of_html(local::TEMPLATE);
            let last_table = self.open_elements.position_of_html(local::TABLE);
            let last_template_or_table = self.open_elements.lower_of(last_template, last_table);
            match last_template_or_table.and_then(|s| self.open_elements.get(s).map(|e| (s, e))) {
                None => {
                    spec_arm(Arm::AppropriatePlaceStep32NoTemplateOrTable);
                    let html = match self.open_elements.first() {
                        Some(entry) => entry.node,
                        None => self.sink.document(),
                    };
                    return Some(InsertionLocation::at_the_end_of(html));
                }
                Some((_, entry)) if entry.is_html(local::TEMPLATE) => {
                    spec_arm(Arm::AppropriatePlaceStep33Template);
                    target = entry.node;
                    target_name = Some(entry.name);
                }
                Some((slot, entry)) => match self.sink.parent(entry.node) {
                    Some(parent) => {
                        spec_arm(Arm::AppropriatePlaceStep34TableParent);
                        target = parent;
                        target_name = self.sink.element_name(parent);
                        reference = Some(entry.node);
                    }
                    None => {
                        spec_arm(Arm::AppropriatePlaceStep35ElementAboveTable);
                        if let Some(above) = self
                            .open_elements
                            .above(slot)
                            .and_then(|s| self.open_elements.get(s))
                        {
                            target = above.node;
                            target_name = Some(above.name);
                        }
                    }
                },
            }
        }
        if target_name != Some(QualName::html(local::TEMPLATE)) {
            spec_arm(Arm::AppropriatePlaceStep4NotTemplate);
            return Some(InsertionLocation {
                parent: target,
                before: reference,
            });
        }
        match self
            .sink
            .template_contents(target)
            .filter(|_| !no_template_contents)
        {
            Some(contents) => {
                spec_arm(Arm::AppropriatePlaceStep6TemplateContents);
                Some(InsertionLocation::at_the_end_of(contents))
            }
            None => Some(InsertionLocation {
                parent: target,
                before: reference,
            }),
        }
    }

    /// "Push onto the list of active formatting elements", telling attributes written
    /// without a value from empty ones (`valueless-attributes-unlike-empty-ones`): an
    /// element's entry notes the names of its valueless attributes, which the Noah's
    /// Ark clause then compares too.
    pub(crate) fn departed_push_onto_the_list_of_active_formatting_elements(
        &mut self,
        node: NodeId,
        tag: &TagToken<'_>,
    ) -> Option<()> {
        if !self
            .departures
            .on(Departure::ValuelessAttributesUnlikeEmptyOnes)
        {
            return None;
        }
        let mut element = self
            .active_formatting
            .element_for(node, tag.name, tag.attributes());
        let valueless = state::valueless_attributes();
        if let Some(tag) = tag.tag.filter(|_| valueless != 0) {
            let mut names: Vec<&[u8]> = tag
                .attributes()
                .take(64)
                .enumerate()
                .filter(|(i, _)| valueless & (1 << i) != 0)
                .map(|(_, (name, _))| name)
                .collect();
            let list = &mut self.active_formatting;
            if !names.is_empty() && element.attributes.1 as usize == list.attribute_bytes.len() {
                names.sort_unstable();
                list.attribute_bytes
                    .extend_from_slice(&u32::MAX.to_le_bytes());
                for name in names {
                    let len = u32::try_from(name.len()).unwrap_or(u32::MAX);
                    list.attribute_bytes.extend_from_slice(&len.to_le_bytes());
                    list.attribute_bytes.extend_from_slice(name);
                }
                element.attributes.1 = list.attribute_bytes.len() as u32;
            }
        }
        self.active_formatting.push(element);
        Some(())
    }

    /// "Reset the insertion mode appropriately" with its departures: the older select
    /// modes' step for a select, SVG and MathML elements read by their local names
    /// (`reset-the-insertion-mode-by-local-name`), a td or th fragment context giving
    /// "in cell" (`older-select-with-cell-fragments-in-cell`), and two mutants.
    pub(crate) fn departed_reset_the_insertion_mode(&mut self) -> Option<InsertionMode> {
        let d = self.departures;
        let by_local_name = d.on(Departure::ResetTheInsertionModeByLocalName);
        if !(d.older_select()
            || by_local_name
            || d.on(Departure::ResetModeCellIsRow)
            || d.on(Departure::FragmentResetIgnoresContext))
        {
            return None;
        }
        // The older select modes' step for a select.
        let older = self.older_select_reset();
        state::set_older_mode(older);
        if older.is_some() {
            return Some(CARRIER);
        }
        // Step 1. "Let last be false."
        let mut last = false;
        // Step 2. "Let node be the last node in the stack of open elements."
        let mut next = self.open_elements.current_slot();
        while let Some(slot) = next {
            let Some(mut node) = self.open_elements.get(slot).copied() else {
                break;
            };
            next = self.open_elements.above(slot);
            // Step 3. "Loop: If node is the first node in the stack of open elements,
            // then set last to true, and, if the parser's fragment context element is
            // non-null, then set node to that element. (fragment case)"
            if next.is_none() {
                last = true;
                if let Some(context) = self.context_element {
                    spec_arm(Arm::ResetTheInsertionModeStep3FragmentContext);
                    if !d.on(Departure::FragmentResetIgnoresContext) {
                        node = context;
                    }
                }
            }
            // An SVG or MathML element (not a template) read as the HTML element of
            // its local name.
            let by_local_name = by_local_name && node.name.local != local::TEMPLATE;
            if node.name.ns == Namespace::Html || by_local_name {
                let mode = match node.name.local {
                    local::TD | local::TH
                        if !last || d.on(Departure::OlderSelectWithCellFragmentsInCell) =>
                    {
                        spec_arm(Arm::ResetTheInsertionModeStep4TdTh);
                        if d.on(Departure::ResetModeCellIsRow) {
                            InsertionMode::InRow
                        } else {
                            InsertionMode::InCell
                        }
                    }
                    local::TR => {
                        spec_arm(Arm::ResetTheInsertionModeStep5Tr);
                        InsertionMode::InRow
                    }
                    local::TBODY | local::THEAD | local::TFOOT => {
                        spec_arm(Arm::ResetTheInsertionModeStep6TbodyTheadTfoot);
                        InsertionMode::InTableBody
                    }
                    local::CAPTION => {
                        spec_arm(Arm::ResetTheInsertionModeStep7Caption);
                        InsertionMode::InCaption
                    }
                    local::COLGROUP => {
                        spec_arm(Arm::ResetTheInsertionModeStep8Colgroup);
                        InsertionMode::InColumnGroup
                    }
                    local::TABLE => {
                        spec_arm(Arm::ResetTheInsertionModeStep9Table);
                        InsertionMode::InTable
                    }
                    local::TEMPLATE => {
                        spec_arm(Arm::ResetTheInsertionModeStep10Template);
                        self.template_modes
                            .last()
                            .copied()
                            .unwrap_or(InsertionMode::InTemplate)
                    }
                    local::HEAD if !last => {
                        spec_arm(Arm::ResetTheInsertionModeStep11Head);
                        InsertionMode::InHead
                    }
                    local::BODY => {
                        spec_arm(Arm::ResetTheInsertionModeStep12Body);
                        InsertionMode::InBody
                    }
                    local::FRAMESET => {
                        spec_arm(Arm::ResetTheInsertionModeStep13Frameset);
                        InsertionMode::InFrameset
                    }
                    local::HTML => match self.head_element {
                        None => {
                            spec_arm(Arm::ResetTheInsertionModeStep14HtmlBeforeHead);
                            InsertionMode::BeforeHead
                        }
                        Some(_) => {
                            spec_arm(Arm::ResetTheInsertionModeStep14HtmlAfterHead);
                            InsertionMode::AfterHead
                        }
                    },
                    _ => {
                        if last {
                            spec_arm(Arm::ResetTheInsertionModeStep15Last);
                            return Some(InsertionMode::InBody);
                        }
                        continue;
                    }
                };
                return Some(mode);
            }
            // Step 15. "If last is true, then switch the insertion mode to "in body" and
            // return. (fragment case)"
            if last {
                spec_arm(Arm::ResetTheInsertionModeStep15Last);
                return Some(InsertionMode::InBody);
            }
        }
        Some(InsertionMode::InBody)
    }
}
