//! The insertion modes: one function per mode, named after it, on the tree builder.
//!
//! <https://html.spec.whatwg.org/#tree-construction>
//!
//! Each function is a `match` on the token whose arms open with the spec's condition
//! ("-> A start tag whose tag name is …") and return [`super::ProcessResult`].
//!
//! - `initial.rs`: initial, before html, before head;
//! - `in_head.rs`: in head, in head noscript, after head;
//! - `in_body.rs`: in body, with its longer entries in `in_body_steps.rs`;
//! - `text.rs`: text;
//! - `in_table.rs`: in table, in table text, in caption, in column group;
//! - `in_table_body.rs`: in table body, in row, in cell;
//! - `in_template.rs`: in template;
//! - `after.rs`: after body, in frameset, after frameset, after after body, after after
//!   frameset.

mod after;
mod in_body;
mod in_body_steps;
mod in_head;
mod in_table;
mod in_table_body;
mod in_template;
mod initial;
mod text;
