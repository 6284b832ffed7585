//! The tree builder's fast paths: what the standard does not keep, kept beside its
//! structures so that their walks and scans need not run.
//!
//! - [`StackIndexes`]: the stack of open elements' indexes, which answer "has an
//!   element in scope" and the other walks of a deep stack
//!   (tree_builder/open_elements.rs reaches them).
//! - [`FormattingIndexes`]: the list of active formatting elements' indexes, which
//!   answer its searches (the last element with a tag name after the last marker, a
//!   node's entry, the Noah's Ark clause's alike) without walking a long list
//!   (tree_builder/active_formatting.rs reaches them).
//! - [`SelectAncestry`]: what the walks up from a node find about selects, kept per
//!   node, so that the steps for `option` and `selectedcontent` elements stop where
//!   an earlier walk passed (tree_builder/select.rs reaches it).
//!
//! All three are compiled with the `fast-paths` feature only; without it the
//! structures below stand in for them, keeping nothing and answering nothing, so that
//! the spec's walks and scans always run. With the feature, `set_fast_paths(false)`
//! turns them off at run time; each module's test compares the two ways.

#[cfg(feature = "fast-paths")]
mod formatting_indexes;
#[cfg(feature = "fast-paths")]
mod select_ancestry;
#[cfg(feature = "fast-paths")]
mod stack_indexes;

#[cfg(feature = "fast-paths")]
pub(crate) use formatting_indexes::FormattingIndexes;
#[cfg(feature = "fast-paths")]
pub(crate) use select_ancestry::SelectAncestry;
#[cfg(feature = "fast-paths")]
pub(crate) use stack_indexes::StackIndexes;

#[cfg(not(feature = "fast-paths"))]
mod compiled_out;
#[cfg(not(feature = "fast-paths"))]
pub(crate) use compiled_out::{FormattingIndexes, SelectAncestry, StackIndexes};
