//! Tree construction's seams (see `crate::seams`): the steps of tree construction at
//! whose entry a departure may act.

use super::{
    AdoptionAgencyOutcome, InsertionLocation, InsertionMode, ProcessResult, Scope, StackEntry,
    TagToken, TreeBuilder, TreeSink, TreeToken,
};
use crate::dom::{Namespace, NodeId, QualName};
use crate::names::LocalName;
use crate::seams::{Standard, Traced};
use crate::tokenizer::{State, TokenizerSeams};

impl Seams for Standard {}

impl Seams for Traced {}

/// Tree construction's seams, and the tokenizer's it drives. Every method answers as
/// the standard does: no departure.
#[allow(unused_variables)]
pub(crate) trait Seams: TokenizerSeams {
    /// "Process the token using the rules for the "mode" insertion mode": a departure
    /// may take the token (an arm of its own, or a whole mode the standard no longer
    /// has).
    #[inline(always)]
    fn insertion_mode<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        mode: InsertionMode,
        token: &mut TreeToken<'_>,
    ) -> Option<ProcessResult> {
        None
    }

    /// "The rules for parsing tokens in foreign content".
    #[inline(always)]
    fn foreign_content<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        token: &mut TreeToken<'_>,
    ) -> Option<ProcessResult> {
        None
    }

    /// "Any other end tag" in "in body" (from its entry, or from the adoption agency
    /// algorithm's "act as described in the "any other end tag" entry").
    #[inline(always)]
    fn any_other_end_tag<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        tag: &TagToken<'_>,
    ) -> Option<()> {
        None
    }

    /// "The adoption agency algorithm".
    #[inline(always)]
    fn adoption_agency_algorithm<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        tag: &TagToken<'_>,
    ) -> Option<AdoptionAgencyOutcome> {
        None
    }

    /// "Reset the insertion mode appropriately": the mode it gives.
    #[inline(always)]
    fn reset_the_insertion_mode<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
    ) -> Option<InsertionMode> {
        None
    }

    /// "Generate implied end tags", except for HTML elements named `except`.
    #[inline(always)]
    fn generate_implied_end_tags<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        except: Option<LocalName>,
    ) -> Option<()> {
        None
    }

    /// "The appropriate place for inserting a node, optionally using a particular
    /// override target".
    #[inline(always)]
    fn appropriate_place_for_inserting_a_node<S: TreeSink>(
        builder: &TreeBuilder<'_, S, Self>,
        override_target: Option<NodeId>,
    ) -> Option<InsertionLocation> {
        None
    }

    /// "Create an element for a token" in `ns`, with the attribute adjustments of
    /// its namespace.
    #[inline(always)]
    fn create_an_element_for_the_token<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        tag: &TagToken<'_>,
        ns: Namespace,
    ) -> Option<StackEntry> {
        None
    }

    /// "Push onto the list of active formatting elements" the element `node` made
    /// for `tag`.
    #[inline(always)]
    fn push_onto_the_list_of_active_formatting_elements<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        node: NodeId,
        tag: &TagToken<'_>,
    ) -> Option<()> {
        None
    }

    /// "The option HTML element insertion steps", for an option the parser inserted.
    #[inline(always)]
    fn option_insertion_steps<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        option: NodeId,
    ) -> Option<()> {
        None
    }

    /// "The selectedcontent element's insertion steps".
    #[inline(always)]
    fn selectedcontent_insertion_steps<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        selectedcontent: NodeId,
    ) -> Option<()> {
        None
    }

    /// "Maybe clone an option into selectedcontent", when an option is popped.
    #[inline(always)]
    fn maybe_clone_an_option_into_selectedcontent<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        option: NodeId,
    ) -> Option<()> {
        None
    }

    /// "Clone an option into a selectedcontent, given an option option and a
    /// selectedcontent element selectedcontent".
    #[inline(always)]
    fn clone_an_option_into_a_selectedcontent<S: TreeSink>(
        builder: &mut TreeBuilder<'_, S, Self>,
        option: NodeId,
        selectedcontent: NodeId,
    ) -> Option<()> {
        None
    }

    /// The HTML fragment parsing algorithm's "set the state of the HTML parser's
    /// tokenization stage", switching on the context element.
    #[inline(always)]
    fn tokenizer_state_for_the_context(
        departures: Self,
        context: QualName,
        scripting: bool,
    ) -> Option<State> {
        None
    }

    /// The markup declaration open state's test for a CDATA section: "if there is an
    /// adjusted current node and it is not an element in the HTML namespace".
    #[inline(always)]
    fn cdata_allowed<S: TreeSink>(builder: &TreeBuilder<'_, S, Self>) -> Option<bool> {
        None
    }

    /// Whether `name` is one of the element types of `scope`'s list ("has an element
    /// in the specific scope").
    #[inline(always)]
    fn scope_list(departures: Self, scope: Scope, name: QualName) -> Option<bool> {
        None
    }
}
