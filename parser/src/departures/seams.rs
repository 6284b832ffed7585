//! [`Departed`]'s answers at the seams of `crate::seams`: each hands the step to the
//! departures that change it, in the modules beside the standard's
//! (`tokenizer/departures.rs`, `tree_builder/departures/`).

use super::Departed;
use crate::dom::{Namespace, NodeId, QualName};
use crate::error::ErrorCode;
use crate::names::LocalName;
use crate::tokenizer::{State, Step, Tokenizer, TokenizerSeams};
use crate::tree_builder::departures as tree;
use crate::tree_builder::{
    AdoptionAgencyOutcome, InsertionLocation, InsertionMode, ProcessResult, Scope, Seams,
    StackEntry, TagToken, TreeBuilder, TreeSink, TreeToken,
};

impl TokenizerSeams for Departed {
    // A departed parse is traced where a trace is asked for (`departures::trace`).
    const TRACES: bool = true;

    fn tokenizer_state(tokenizer: &mut Tokenizer<'_, Self>) -> Option<Step> {
        tokenizer.departed_state()
    }

    fn tokenizer_parse_error(tokenizer: &Tokenizer<'_, Self>, code: ErrorCode) -> bool {
        tokenizer.departed_keeps_parse_error(code)
    }

    fn attribute_complete(tokenizer: &mut Tokenizer<'_, Self>, removed: bool) {
        tokenizer.departed_attribute_complete(removed);
    }
}

impl Seams for Departed {
    fn insertion_mode<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        mode: InsertionMode,
        token: &mut TreeToken<'_>,
    ) -> Option<ProcessResult> {
        builder.departed_insertion_mode(mode, token)
    }

    fn foreign_content<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        token: &mut TreeToken<'_>,
    ) -> Option<ProcessResult> {
        builder.departed_foreign_content(token)
    }

    fn any_other_end_tag<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        tag: &TagToken<'_>,
    ) -> Option<()> {
        builder.departed_any_other_end_tag(tag)
    }

    fn adoption_agency_algorithm<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        tag: &TagToken<'_>,
    ) -> Option<AdoptionAgencyOutcome> {
        builder.departed_adoption_agency_algorithm(tag)
    }

    fn reset_the_insertion_mode<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
    ) -> Option<InsertionMode> {
        builder.departed_reset_the_insertion_mode()
    }

    fn generate_implied_end_tags<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        except: Option<LocalName>,
    ) -> Option<()> {
        builder.departed_generate_implied_end_tags(except)
    }

    fn appropriate_place_for_inserting_a_node<S: TreeSink>(
        builder: &TreeBuilder<'_, S, Self>,
        override_target: Option<NodeId>,
    ) -> Option<InsertionLocation> {
        builder.departed_appropriate_place(override_target)
    }

    fn create_an_element_for_the_token<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        tag: &TagToken<'_>,
        ns: Namespace,
    ) -> Option<StackEntry> {
        builder.departed_create_an_element_for_the_token(tag, ns)
    }

    fn push_onto_the_list_of_active_formatting_elements<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        node: NodeId,
        tag: &TagToken<'_>,
    ) -> Option<()> {
        builder.departed_push_onto_the_list_of_active_formatting_elements(node, tag)
    }

    fn option_insertion_steps<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        option: NodeId,
    ) -> Option<()> {
        builder.departed_option_insertion_steps(option)
    }

    fn selectedcontent_insertion_steps<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        _selectedcontent: NodeId,
    ) -> Option<()> {
        builder.departed_selectedcontent_insertion_steps()
    }

    fn maybe_clone_an_option_into_selectedcontent<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        option: NodeId,
    ) -> Option<()> {
        builder.departed_maybe_clone_an_option_into_selectedcontent(option)
    }

    fn clone_an_option_into_a_selectedcontent<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        option: NodeId,
        selectedcontent: NodeId,
    ) -> Option<()> {
        builder.departed_clone_an_option_into_a_selectedcontent(option, selectedcontent)
    }

    fn tokenizer_state_for_the_context(
        departures: Self,
        context: QualName,
        scripting: bool,
    ) -> Option<State> {
        tree::tokenizer_state_for_the_context(departures, context, scripting)
    }

    fn cdata_allowed<S: TreeSink>(builder: &TreeBuilder<'_, S, Self>) -> Option<bool> {
        builder.departed_cdata_allowed()
    }

    fn scope_list(departures: Self, scope: Scope, name: QualName) -> Option<bool> {
        tree::scope_list(departures, scope, name)
    }
}
