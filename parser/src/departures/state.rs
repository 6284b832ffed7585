//! What a departed parse keeps beside the parser's own state: what the standard's
//! tokens, lists and modes have no room for. One parse at a time per thread; [`begin`]
//! empties it before each.

use crate::dom::NodeId;
use std::cell::RefCell;

/// An older select insertion mode (`older-select` and its kin), which the standard
/// no longer has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OlderMode {
    InSelect,
    InSelectInTable,
}

#[derive(Debug, Default)]
struct State {
    /// The older select mode in force, if any (`tree_builder/departures/older_select.rs`).
    older_mode: Option<OlderMode>,
    /// The current tag: a duplicate `type` attribute the tokenizer dropped was
    /// "hidden" (`input-type-from-a-dropped-duplicate`).
    dropped_type_hidden: bool,
    /// The current tag's attributes written without a value, by index (the first 64;
    /// `valueless-attributes-unlike-empty-ones`).
    valueless: u64,
    /// The attribute being read had an `=` after its name.
    value_written: bool,
    /// The digits of the numeric character reference being read, and its code
    /// modulo 2^32 (`single-digit-decimal-reference-without-semicolon-is-text`,
    /// `numeric-reference-code-wraps-at-32-bits`).
    reference_digits: u32,
    reference_code_mod_2_32: u32,
    /// The options foster parenting inserted
    /// (`selectedcontent-by-a-narrow-list-of-options`).
    fostered_options: Vec<NodeId>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Empties the state for a new parse.
pub(crate) fn begin() {
    STATE.with(|state| *state.borrow_mut() = State::default());
}

fn with<T>(f: impl FnOnce(&mut State) -> T) -> T {
    STATE.with(|state| f(&mut state.borrow_mut()))
}

pub(crate) fn older_mode() -> Option<OlderMode> {
    with(|s| s.older_mode)
}

pub(crate) fn set_older_mode(mode: Option<OlderMode>) {
    with(|s| s.older_mode = mode);
}

/// A new tag begins: its marks are empty.
pub(crate) fn new_tag() {
    with(|s| {
        s.dropped_type_hidden = false;
        s.valueless = 0;
        s.value_written = false;
    });
}

pub(crate) fn dropped_type_hidden() -> bool {
    with(|s| s.dropped_type_hidden)
}

pub(crate) fn note_a_dropped_hidden_type() {
    with(|s| s.dropped_type_hidden = true);
}

pub(crate) fn valueless_attributes() -> u64 {
    with(|s| s.valueless)
}

/// An `=` followed the current attribute's name.
pub(crate) fn note_a_written_value() {
    with(|s| s.value_written = true);
}

/// The current attribute is complete, kept at `index` of the tag's attributes.
pub(crate) fn attribute_kept(index: usize) {
    with(|s| {
        if !s.value_written && index < 64 {
            s.valueless |= 1 << index;
        }
        s.value_written = false;
    });
}

/// The current attribute is complete and dropped.
pub(crate) fn attribute_dropped() {
    with(|s| s.value_written = false);
}

/// A numeric character reference begins.
pub(crate) fn new_numeric_reference() {
    with(|s| {
        s.reference_digits = 0;
        s.reference_code_mod_2_32 = 0;
    });
}

/// A digit of the numeric reference being read, in `base`.
pub(crate) fn reference_digit(base: u32, digit: u32) {
    with(|s| {
        s.reference_digits += 1;
        s.reference_code_mod_2_32 = s
            .reference_code_mod_2_32
            .wrapping_mul(base)
            .wrapping_add(digit);
    });
}

pub(crate) fn reference_digits() -> u32 {
    with(|s| s.reference_digits)
}

pub(crate) fn reference_code_mod_2_32() -> u32 {
    with(|s| s.reference_code_mod_2_32)
}

pub(crate) fn note_a_fostered_option(option: NodeId) {
    with(|s| s.fostered_options.push(option));
}

pub(crate) fn was_fostered(option: NodeId) -> bool {
    with(|s| s.fostered_options.contains(&option))
}
