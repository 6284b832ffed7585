//! Serializing HTML fragments. <https://html.spec.whatwg.org/#serialising-html-fragments>
//!
//! (Skeleton.)

use crate::dom::{Document, NodeId};

/// The HTML fragment serialization algorithm applied to `node`: its children
/// serialized.
pub fn serialize_children(document: &Document, node: NodeId) -> String {
    let _ = (document, node);
    String::new()
}
