//! Departures in tree construction (feature `departures`; see `crate::departures`):
//! the steps and arms the departures change, each beside the standard's, on the
//! parser's departed instantiation, `TreeBuilder<'_, S, Departed>`. Each function here
//! answers one seam of `crate::seams`: it takes the step when a departure that changes
//! it is on, and otherwise leaves it to the standard (`None`).
//!
//! - `in_body.rs`: the arms of "in body" the departures change, its list item, select,
//!   hr, option and input steps, and "any other end tag";
//! - `modes.rs`: the other insertion modes' arms;
//! - `older_select.rs`: the older "in select" and "in select in table" modes;
//! - `foreign.rs`: the rules for foreign content, and creating an element for a token;
//! - `adoption_agency.rs`: the adoption agency algorithm with its departures;
//! - `steps.rs`: resetting the insertion mode, generating implied end tags, the
//!   appropriate place for inserting a node, the scopes' lists, the special category,
//!   pushing onto the list of active formatting elements, the fragment case's
//!   tokenizer state, the CDATA test;
//! - `select.rs`, `select_narrow_list.rs`: selectedcontent;
//! - `enumerated_tags.rs`: gumbo's enumeration of tag names.

mod adoption_agency;
mod enumerated_tags;
mod foreign;
mod in_body;
mod modes;
mod older_select;
mod select;
mod select_narrow_list;
mod steps;

pub(crate) use steps::{scope_list, tokenizer_state_for_the_context};

use super::{InsertionMode, ProcessResult, TreeBuilder, TreeSink, TreeToken};
use crate::departures::Departed;

impl<S: TreeSink> TreeBuilder<'_, S, Departed> {
    /// The seam of the insertion modes: the older select modes first, then the arms of
    /// the mode whose rules are used.
    pub(crate) fn departed_insertion_mode(
        &mut self,
        mode: InsertionMode,
        token: &mut TreeToken<'_>,
    ) -> Option<ProcessResult> {
        if let Some(result) = self.older_select_modes(mode, token) {
            return Some(result);
        }
        match mode {
            InsertionMode::InBody => self.in_body_departs(token),
            _ => self.mode_departs(mode, token),
        }
    }
}
