//! `Document` as the tree builder's sink: the arena's mutations.

use super::{
    AttrNamespace, AttrRun, Attribute, DoctypeData, Document, ElementData, Node, NodeData, NodeId,
    QualName, QuirksMode, Span, TextSpan,
};
use crate::names::{local, LocalName};
#[cfg(feature = "provenance")]
use crate::provenance::NodeChange;
use crate::tree_builder::{NewAttribute, TreeSink};
use std::collections::HashSet;

impl Document {
    /// Stores bytes (UTF-8 whenever the input was) in the string buffer; they are
    /// checked when the parse ends (see [`Strings`]). Bytes that are a slice of the
    /// input being parsed are not stored again: their span is in the input's copy
    /// ([`Document::copy_input`]).
    pub(crate) fn push_string(&mut self, bytes: &[u8]) -> Span {
        if let Some(start) = self.offset_in_input(bytes) {
            return Span {
                start: start as u32,
                len: bytes.len() as u32,
            };
        }
        let buffer = self.strings.bytes_mut();
        let start = buffer.len();
        buffer.extend_from_slice(bytes);
        Span {
            start: start as u32,
            len: bytes.len() as u32,
        }
    }

    /// The bytes of a span of the string buffer.
    fn bytes(&self, span: Span) -> &[u8] {
        let start = span.start as usize;
        self.strings
            .as_bytes()
            .get(start..start + span.len as usize)
            .unwrap_or_default()
    }

    pub(crate) fn new_node(&mut self, data: NodeData) -> NodeId {
        let id = NodeId::from_index(self.nodes.len() as u32);
        self.nodes.push(Node {
            parent: None,
            first_child: None,
            prev_or_last: None,
            next_sibling: None,
            data,
        });
        #[cfg(feature = "provenance")]
        if self.traced {
            crate::provenance::node_changed(id, || NodeChange::Created);
        }
        id
    }

    pub(crate) fn set_fragment_root(&mut self, root: NodeId) {
        self.fragment_root = Some(root);
    }

    fn detach(&mut self, node: NodeId) {
        let Node {
            parent,
            prev_or_last,
            next_sibling,
            ..
        } = *self.node(node);
        let Some(parent) = parent else {
            return;
        };
        let Some(first) = self.node(parent).first_child else {
            return;
        };
        let last = self.node(first).prev_or_last;
        if first == node {
            // The next child becomes the first, and links to the last.
            self.node_mut(parent).first_child = next_sibling;
            if let Some(next) = next_sibling {
                self.node_mut(next).prev_or_last = last;
            }
        } else {
            if let Some(prev) = prev_or_last {
                self.node_mut(prev).next_sibling = next_sibling;
            }
            match next_sibling {
                Some(next) => self.node_mut(next).prev_or_last = prev_or_last,
                // It was the last: the first child links to the one before it.
                None => self.node_mut(first).prev_or_last = prev_or_last,
            }
        }
        let n = self.node_mut(node);
        n.parent = None;
        n.prev_or_last = None;
        n.next_sibling = None;
    }

    fn append_text_to(&mut self, node: NodeId, text: &[u8]) {
        let NodeData::Text(span) = self.node(node).data else {
            return;
        };
        let add = text.len();
        #[cfg(feature = "provenance")]
        if self.traced {
            crate::provenance::node_changed(node, || NodeChange::Text {
                at: span.len as usize,
                len: add,
            });
        }
        let (start, len, cap) = (span.start as usize, span.len as usize, span.cap as usize);
        let buffer = self.strings.bytes_mut();
        let new_span = if start + cap == buffer.len() && len == cap {
            // At the end of the buffer: grow in place.
            buffer.extend_from_slice(text);
            TextSpan {
                start: span.start,
                len: (len + add) as u32,
                cap: (len + add) as u32,
            }
        } else if len + add <= cap {
            // Room reserved earlier (filled with spaces): overwrite it.
            buffer[start + len..start + len + add].copy_from_slice(text);
            TextSpan {
                start: span.start,
                len: (len + add) as u32,
                cap: span.cap,
            }
        } else {
            // Move to the end with twice the room, so appends stay linear overall.
            let new_start = buffer.len();
            let new_cap = 2 * (len + add);
            buffer.extend_from_within(start..start + len);
            buffer.extend_from_slice(text);
            buffer.resize(new_start + new_cap, b' ');
            TextSpan {
                start: new_start as u32,
                len: (len + add) as u32,
                cap: new_cap as u32,
            }
        };
        self.node_mut(node).data = NodeData::Text(new_span);
    }

    fn attribute_slice(&self, run: AttrRun) -> &[Attribute] {
        let start = run.start as usize;
        &self.attrs[start..start + run.len as usize]
    }

    fn push_attribute_to(&mut self, element: NodeId, attribute: Attribute) {
        let Some(run) = self.element(element).map(|e| e.attrs) else {
            return;
        };
        let (start, len, cap) = (run.start as usize, run.len as usize, run.cap as usize);
        let new_run = if len < cap {
            self.attrs[start + len] = attribute;
            AttrRun {
                len: run.len + 1,
                ..run
            }
        } else if cap > 0 && start + cap == self.attrs.len() {
            self.attrs.push(attribute);
            AttrRun {
                start: run.start,
                len: run.len + 1,
                cap: run.cap + 1,
            }
        } else {
            // Move the run to the end with twice the room (a shared run is copied here).
            let new_start = self.attrs.len();
            let new_cap = 2 * (len + 1);
            self.attrs.extend_from_within(start..start + len);
            self.attrs.push(attribute);
            self.attrs
                .extend(std::iter::repeat_n(attribute, new_cap - len - 1));
            AttrRun {
                start: new_start as u32,
                len: (len + 1) as u32,
                cap: new_cap as u32,
            }
        };
        if let NodeData::Element(e) = &mut self.node_mut(element).data {
            e.attrs = new_run;
        }
    }

    /// A shallow copy of `source` (an element keeps its attributes, shared; a template
    /// gets new, empty contents).
    fn clone_node(&mut self, source: NodeId) -> NodeId {
        match self.node(source).data.clone() {
            NodeData::Element(element) => {
                let mut data = ElementData {
                    attrs: AttrRun {
                        cap: 0,
                        ..element.attrs
                    },
                    ..element
                };
                if data.attrs.len == 0 {
                    data.attrs.start = self.attrs.len() as u32;
                }
                let id = self.new_node(NodeData::Element(data));
                if data.has_template_contents {
                    // The contents: the node right after the template.
                    self.new_node(NodeData::DocumentFragment);
                }
                id
            }
            NodeData::Text(span) => {
                // The text copied within the buffer, to the end (a span of the
                // document's own is always inside the buffer).
                let buffer = self.strings.bytes_mut();
                let start = buffer.len();
                let text = span.start as usize..(span.start + span.len) as usize;
                if text.end <= start {
                    buffer.extend_from_within(text);
                }
                let len = (buffer.len() - start) as u32;
                self.new_node(NodeData::Text(TextSpan {
                    start: start as u32,
                    len,
                    cap: len,
                }))
            }
            other => self.new_node(other),
        }
    }
}

impl TreeSink for Document {
    fn intern(&mut self, name: &[u8]) -> LocalName {
        self.names.intern(name)
    }

    fn document(&self) -> NodeId {
        self.root()
    }

    fn create_element<'a>(
        &mut self,
        name: QualName,
        attributes: impl Iterator<Item = NewAttribute<'a>>,
    ) -> NodeId {
        let start = self.attrs.len();
        for attribute in attributes {
            let local = self.push_string(attribute.local_name);
            let value = self.push_string(attribute.value);
            self.attrs.push(Attribute {
                ns: attribute.ns,
                local,
                value,
            });
        }
        let len = (self.attrs.len() - start) as u32;
        let is_template = name == QualName::html(local::TEMPLATE);
        let element = self.new_node(NodeData::Element(ElementData {
            local: name.local,
            attrs: AttrRun {
                start: start as u32,
                len,
                cap: len,
            },
            ns: name.ns,
            html_integration_point: false,
            has_template_contents: is_template,
        }));
        if is_template {
            // The contents: the node right after the template.
            self.new_node(NodeData::DocumentFragment);
        }
        element
    }

    fn clone_element(&mut self, element: NodeId) -> NodeId {
        self.clone_node(element)
    }

    fn rename_element(&mut self, element: NodeId, local: LocalName) {
        if let NodeData::Element(data) = &mut self.node_mut(element).data {
            data.local = local;
        }
    }

    fn create_comment(&mut self, data: &[u8]) -> NodeId {
        let data = self.push_string(data);
        self.new_node(NodeData::Comment(data))
    }

    fn create_processing_instruction(&mut self, target: &[u8], data: &[u8]) -> NodeId {
        let target = self.push_string(target);
        let data = self.push_string(data);
        self.new_node(NodeData::ProcessingInstruction { target, data })
    }

    fn create_doctype(&mut self, name: &[u8], public_id: &[u8], system_id: &[u8]) -> NodeId {
        let name = self.push_string(name);
        let public_id = self.push_string(public_id);
        let system_id = self.push_string(system_id);
        self.doctypes.push(DoctypeData {
            name,
            public_id,
            system_id,
        });
        let index = (self.doctypes.len() - 1) as u32;
        self.new_node(NodeData::Doctype(index))
    }

    fn append(&mut self, parent: NodeId, child: NodeId) {
        #[cfg(feature = "provenance")]
        if self.traced {
            crate::provenance::node_changed(child, || NodeChange::Placed { parent });
        }
        self.detach(child);
        let first = self.node(parent).first_child;
        let last = first.and_then(|f| self.node(f).prev_or_last);
        {
            let c = self.node_mut(child);
            c.parent = Some(parent);
            c.prev_or_last = last.or(Some(child));
            c.next_sibling = None;
        }
        match (first, last) {
            (Some(first), Some(last)) => {
                self.node_mut(last).next_sibling = Some(child);
                self.node_mut(first).prev_or_last = Some(child);
            }
            _ => self.node_mut(parent).first_child = Some(child),
        }
    }

    fn insert_before(&mut self, parent: NodeId, child: NodeId, reference: NodeId) {
        if self.node(reference).parent != Some(parent) {
            self.append(parent, child);
            return;
        }
        #[cfg(feature = "provenance")]
        if self.traced {
            crate::provenance::node_changed(child, || NodeChange::Placed { parent });
        }
        self.detach(child);
        let is_first = self.node(parent).first_child == Some(reference);
        // The reference's previous sibling, or, before the first child, the last.
        let prev_or_last = self.node(reference).prev_or_last;
        {
            let c = self.node_mut(child);
            c.parent = Some(parent);
            c.prev_or_last = prev_or_last;
            c.next_sibling = Some(reference);
        }
        self.node_mut(reference).prev_or_last = Some(child);
        if is_first {
            self.node_mut(parent).first_child = Some(child);
        } else if let Some(prev) = prev_or_last {
            self.node_mut(prev).next_sibling = Some(child);
        }
    }

    fn insert_text(&mut self, parent: NodeId, before: Option<NodeId>, text: &[u8]) {
        if text.is_empty() {
            return;
        }
        let previous = match before {
            Some(reference) => self.prev_sibling(reference),
            None => self.last_child(parent),
        };
        if let Some(previous) = previous {
            if matches!(self.node(previous).data, NodeData::Text(_)) {
                self.append_text_to(previous, text);
                return;
            }
        }
        let span = self.push_string(text);
        let node = self.new_node(NodeData::Text(TextSpan {
            start: span.start,
            len: span.len,
            cap: span.len,
        }));
        #[cfg(feature = "provenance")]
        if self.traced {
            crate::provenance::node_changed(node, || NodeChange::Text {
                at: 0,
                len: text.len(),
            });
        }
        match before {
            Some(reference) => self.insert_before(parent, node, reference),
            None => self.append(parent, node),
        }
    }

    fn remove_from_parent(&mut self, node: NodeId) {
        #[cfg(feature = "provenance")]
        if self.traced {
            crate::provenance::node_changed(node, || NodeChange::Removed);
        }
        self.detach(node);
    }

    fn reparent_children(&mut self, from: NodeId, to: NodeId) {
        while let Some(child) = self.node(from).first_child {
            self.append(to, child);
        }
    }

    fn remove_all_children(&mut self, node: NodeId) {
        while let Some(child) = self.node(node).first_child {
            #[cfg(feature = "provenance")]
            if self.traced {
                crate::provenance::node_changed(child, || NodeChange::Removed);
            }
            self.detach(child);
        }
    }

    fn clone_children_into(&mut self, source: NodeId, destination: NodeId) {
        // Preorder walk with an explicit stack of (node to copy, parent of its copy).
        let mut stack: Vec<(NodeId, NodeId)> = Vec::new();
        let mut child = self.last_child(source);
        while let Some(c) = child {
            stack.push((c, destination));
            child = self.prev_sibling(c);
        }
        while let Some((original, parent)) = stack.pop() {
            if self.is_past_its_node_limit() {
                return;
            }
            let copy = self.clone_node(original);
            self.append(parent, copy);
            let children_of = |doc: &Document, id: NodeId| -> Vec<NodeId> {
                let mut list: Vec<NodeId> = doc.children(id).collect();
                list.reverse();
                list
            };
            for c in children_of(self, original) {
                stack.push((c, copy));
            }
            if let (Some(from), Some(to)) = (
                self.template_contents(original),
                self.template_contents(copy),
            ) {
                for c in children_of(self, from) {
                    stack.push((c, to));
                }
            }
        }
    }

    fn add_attributes_if_missing<'a>(
        &mut self,
        element: NodeId,
        attributes: impl Iterator<Item = NewAttribute<'a>>,
    ) {
        let Some(run) = self.element(element).map(|e| e.attrs) else {
            return;
        };
        #[cfg(feature = "provenance")]
        let mut added: Vec<String> = Vec::new();
        let mut present: HashSet<(AttrNamespace, Vec<u8>)> = self
            .attribute_slice(run)
            .iter()
            .map(|a| (a.ns, self.bytes(a.local).to_vec()))
            .collect();
        for attribute in attributes {
            let key = (attribute.ns, attribute.local_name.to_vec());
            if present.contains(&key) {
                continue;
            }
            let local = self.push_string(attribute.local_name);
            let value = self.push_string(attribute.value);
            self.push_attribute_to(
                element,
                Attribute {
                    ns: attribute.ns,
                    local,
                    value,
                },
            );
            #[cfg(feature = "provenance")]
            added.push(String::from_utf8_lossy(attribute.local_name).into_owned());
            present.insert(key);
        }
        #[cfg(feature = "provenance")]
        if !added.is_empty() && self.traced {
            crate::provenance::node_changed(element, || NodeChange::Attributes { names: added });
        }
    }

    fn mark_html_integration_point(&mut self, element: NodeId) {
        if let NodeData::Element(e) = &mut self.node_mut(element).data {
            e.html_integration_point = true;
        }
    }

    fn is_past_its_node_limit(&self) -> bool {
        self.nodes.len() > self.node_limit
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.quirks_mode = mode;
    }

    fn element_name(&self, node: NodeId) -> Option<QualName> {
        Document::element_name(self, node)
    }

    fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.node(node).parent
    }

    fn first_child(&self, node: NodeId) -> Option<NodeId> {
        self.node(node).first_child
    }

    fn next_sibling(&self, node: NodeId) -> Option<NodeId> {
        self.node(node).next_sibling
    }

    fn template_contents(&self, element: NodeId) -> Option<NodeId> {
        Document::template_contents(self, element)
    }

    fn is_html_integration_point(&self, element: NodeId) -> bool {
        self.element(element)
            .is_some_and(|e| e.html_integration_point)
    }

    fn has_attribute(&self, element: NodeId, local_name: &[u8]) -> bool {
        let Some(run) = self.element(element).map(|e| e.attrs) else {
            return false;
        };
        self.attribute_slice(run)
            .iter()
            .any(|a| a.ns == AttrNamespace::None && self.bytes(a.local) == local_name)
    }

    fn attribute_value(&self, element: NodeId, local_name: &[u8]) -> Option<&[u8]> {
        let run = self.element(element)?.attrs;
        self.attribute_slice(run)
            .iter()
            .find(|a| a.ns == AttrNamespace::None && self.bytes(a.local) == local_name)
            .map(|a| self.bytes(a.value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dom::NodeKind;

    /// A template's contents are the node after it, also when it is cloned.
    #[test]
    fn template_contents_are_the_next_node() {
        let mut document = Document::default();
        let template = document.create_element(QualName::html(local::TEMPLATE), std::iter::empty());
        let div = document.create_element(QualName::html(local::DIV), std::iter::empty());
        let contents = document.template_contents(template).unwrap();
        assert_eq!(document.kind(contents), NodeKind::DocumentFragment);
        assert_eq!(document.template_contents(div), None);
        document.append(contents, div);
        let copy = document.clone_element(template);
        let copy_contents = document.template_contents(copy).unwrap();
        assert_ne!(copy_contents, contents);
        assert_eq!(document.kind(copy_contents), NodeKind::DocumentFragment);
        assert_eq!(document.first_child(copy_contents), None);
    }

    /// The links stay right under random appends, insertions, removals and
    /// reparentings: children, last child, previous and next siblings and parents
    /// read as a plain model of child lists says.
    #[test]
    fn links_follow_random_edits() {
        let mut seed: u64 = 99;
        let mut next = |bound: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as usize) % bound.max(1)
        };
        let mut doc = Document::default();
        let nodes: Vec<NodeId> = (0..40)
            .map(|_| doc.create_element(QualName::html(local::DIV), std::iter::empty()))
            .collect();
        // model[i]: the children of nodes[i]; parent[i]: its parent's index.
        let mut model: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
        let mut parent: Vec<Option<usize>> = vec![None; nodes.len()];
        let is_ancestor = |parent: &[Option<usize>], a: usize, mut b: usize| loop {
            if a == b {
                return true;
            }
            match parent[b] {
                Some(p) => b = p,
                None => return false,
            }
        };
        for step in 0..20_000 {
            let (p, c) = (next(nodes.len()), next(nodes.len()));
            let op = next(5);
            if op <= 2 && is_ancestor(&parent, c, p) {
                continue;
            }
            let detach =
                |model: &mut Vec<Vec<usize>>, parent: &mut Vec<Option<usize>>, c: usize| {
                    if let Some(old) = parent[c].take() {
                        model[old].retain(|&x| x != c);
                    }
                };
            match op {
                0 | 1 => {
                    doc.append(nodes[p], nodes[c]);
                    detach(&mut model, &mut parent, c);
                    model[p].push(c);
                    parent[c] = Some(p);
                }
                2 => {
                    if let Some(&reference) = model[p].get(next(model[p].len().max(1))) {
                        if reference == c {
                            continue;
                        }
                        doc.insert_before(nodes[p], nodes[c], nodes[reference]);
                        detach(&mut model, &mut parent, c);
                        let at = model[p].iter().position(|&x| x == reference).unwrap();
                        model[p].insert(at, c);
                        parent[c] = Some(p);
                    }
                }
                3 => {
                    doc.remove_from_parent(nodes[c]);
                    detach(&mut model, &mut parent, c);
                }
                _ => {
                    if p != c && !is_ancestor(&parent, p, c) && !is_ancestor(&parent, c, p) {
                        doc.reparent_children(nodes[p], nodes[c]);
                        let moved = std::mem::take(&mut model[p]);
                        for &m in &moved {
                            parent[m] = Some(c);
                        }
                        model[c].extend(moved);
                    }
                }
            }
            for (i, &n) in nodes.iter().enumerate() {
                let children: Vec<NodeId> = doc.children(n).collect();
                let expected: Vec<NodeId> = model[i].iter().map(|&x| nodes[x]).collect();
                assert_eq!(children, expected, "step {step}");
                assert_eq!(doc.last_child(n), expected.last().copied(), "step {step}");
                assert_eq!(doc.parent(n), parent[i].map(|p| nodes[p]), "step {step}");
                for (k, &child) in expected.iter().enumerate() {
                    let previous = k.checked_sub(1).map(|k| expected[k]);
                    assert_eq!(doc.prev_sibling(child), previous, "step {step}");
                }
            }
        }
    }

    fn attr<'a>(name: &'a str, value: &'a str) -> NewAttribute<'a> {
        NewAttribute {
            ns: AttrNamespace::None,
            local_name: name.as_bytes(),
            value: value.as_bytes(),
        }
    }

    #[test]
    fn text_appends_merge_and_stay_correct_when_interleaved() {
        let mut doc = Document::default();
        let root = doc.root();
        let a = doc.create_element(QualName::html(local::DIV), std::iter::empty());
        let b = doc.create_element(QualName::html(local::P), std::iter::empty());
        doc.append(root, a);
        doc.append(root, b);
        for i in 0..50 {
            doc.insert_text(a, None, format!("a{i}").as_bytes());
            doc.insert_text(b, None, b"b");
        }
        let a_text = doc.first_child(a).unwrap();
        let expected: String = (0..50).map(|i| format!("a{i}")).collect();
        assert_eq!(doc.kind(a_text), NodeKind::Text(&expected));
        assert_eq!(doc.children(a).count(), 1);
        assert_eq!(
            doc.text(doc.first_child(b).unwrap()),
            Some("b".repeat(50).as_str())
        );
    }

    #[test]
    fn slices_of_the_input_are_spans_of_its_copy() {
        let input = b"<p>hello <b x=1>world</b>";
        let mut doc = Document::default();
        doc.copy_input(input);
        let root = doc.root();
        let p = doc.create_element(QualName::html(local::P), [attr("x", "1")].into_iter());
        doc.append(root, p);
        // Text of the input, as the tokenizer hands it over: not copied again.
        doc.insert_text(p, None, &input[3..9]);
        let stored = doc.strings.as_bytes().len();
        doc.insert_text(p, None, &input[16..21]);
        // Text that is not the input's (a character reference's, say): appended.
        doc.insert_text(p, None, "&".as_bytes());
        doc.forget_input();
        // The attribute went after the copy; the text joined and moved after it too.
        assert_eq!(stored, input.len() + 2);
        assert_eq!(doc.text(doc.first_child(p).unwrap()), Some("hello world&"));
        assert_eq!(doc.attributes(p).next().map(|a| a.value), Some("1"));
        // Once the parse is over, the input's slices are bytes like any others.
        let q = doc.create_element(QualName::html(local::P), std::iter::empty());
        doc.append(root, q);
        let before = doc.strings.as_bytes().len();
        doc.insert_text(q, None, &input[3..8]);
        assert_eq!(doc.strings.as_bytes().len(), before + 5);
        doc.strings.seal();
        assert_eq!(doc.text(doc.first_child(q).unwrap()), Some("hello"));
        assert_eq!(doc.text(doc.first_child(p).unwrap()), Some("hello world&"));
    }

    #[test]
    fn inputs_over_the_limit_are_not_copied() {
        let input = b"hello";
        let mut doc = Document::default();
        doc.copy_input_up_to(input, 4);
        assert!(doc.input.is_none());
        let root = doc.root();
        doc.insert_text(root, None, input);
        assert_eq!(doc.strings.as_bytes(), b"hello");
        // A buffer that already holds strings is not started again either.
        doc.copy_input_up_to(input, 10);
        assert!(doc.input.is_none());
    }

    #[test]
    fn insert_before_and_detach_keep_links_consistent() {
        let mut doc = Document::default();
        let root = doc.root();
        let nodes: Vec<NodeId> = (0..3)
            .map(|i| doc.create_comment(format!("{i}").as_bytes()))
            .collect();
        doc.append(root, nodes[0]);
        doc.append(root, nodes[2]);
        doc.insert_before(root, nodes[1], nodes[2]);
        assert_eq!(doc.children(root).collect::<Vec<_>>(), nodes);
        doc.remove_from_parent(nodes[1]);
        assert_eq!(doc.children(root).collect::<Vec<_>>(), [nodes[0], nodes[2]]);
        assert_eq!(doc.prev_sibling(nodes[2]), Some(nodes[0]));
        doc.append(root, nodes[0]);
        assert_eq!(doc.children(root).collect::<Vec<_>>(), [nodes[2], nodes[0]]);
        assert_eq!(doc.last_child(root), Some(nodes[0]));
    }

    #[test]
    fn attributes_are_added_once_and_clones_do_not_see_later_additions() {
        let mut doc = Document::default();
        let element = doc.create_element(QualName::html(local::B), [attr("x", "1")].into_iter());
        let clone = doc.clone_element(element);
        doc.add_attributes_if_missing(element, [attr("x", "2"), attr("y", "3")].into_iter());
        doc.add_attributes_if_missing(clone, [attr("z", "4")].into_iter());
        let names = |doc: &Document, id| {
            doc.attributes(id)
                .map(|a| format!("{}={}", a.local_name, a.value))
                .collect::<Vec<_>>()
        };
        assert_eq!(names(&doc, element), ["x=1", "y=3"]);
        assert_eq!(names(&doc, clone), ["x=1", "z=4"]);
    }

    #[test]
    fn deep_clones_copy_whole_subtrees() {
        let mut doc = Document::default();
        let source = doc.create_element(QualName::html(local::OPTION), std::iter::empty());
        let b = doc.create_element(QualName::html(local::B), std::iter::empty());
        doc.append(source, b);
        doc.insert_text(b, None, b"bold");
        doc.insert_text(source, None, b" tail");
        let destination =
            doc.create_element(QualName::html(local::SELECTEDCONTENT), std::iter::empty());
        doc.clone_children_into(source, destination);
        let copied_b = doc.first_child(destination).unwrap();
        assert_ne!(copied_b, b);
        assert_eq!(doc.element_name(copied_b), Some(QualName::html(local::B)));
        assert_eq!(doc.text(doc.first_child(copied_b).unwrap()), Some("bold"));
        assert_eq!(
            doc.text(doc.last_child(destination).unwrap()),
            Some(" tail")
        );
    }

    fn comment_data(doc: &Document, id: NodeId) -> Option<String> {
        match doc.kind(id) {
            NodeKind::Comment(data) => Some(data.to_owned()),
            _ => None,
        }
    }

    #[test]
    fn strings_read_the_same_before_and_after_the_check() {
        let mut doc = Document::default();
        let p = doc.create_element(QualName::html(local::P), std::iter::empty());
        doc.insert_text(p, None, "caf\u{e9} ".as_bytes());
        doc.insert_text(p, None, "\u{1F600}!".as_bytes());
        let comment = doc.create_comment(b"note");
        let before = (
            doc.text(doc.first_child(p).unwrap()).map(str::to_owned),
            comment_data(&doc, comment),
        );
        doc.strings.seal();
        let after = (
            doc.text(doc.first_child(p).unwrap()).map(str::to_owned),
            comment_data(&doc, comment),
        );
        assert_eq!(
            before,
            (
                Some("caf\u{e9} \u{1F600}!".to_owned()),
                Some("note".to_owned())
            )
        );
        assert_eq!(after, before);
        // Appending after the check goes on in the same buffer.
        doc.insert_text(p, None, b" more");
        doc.strings.seal();
        assert_eq!(
            doc.text(doc.first_child(p).unwrap()),
            Some("caf\u{e9} \u{1F600}! more")
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_become_question_marks_in_place() {
        let mut doc = Document::default();
        let a = doc.create_comment(b"a\xFFb\xE2\x82");
        let b = doc.create_comment(b"ok");
        doc.strings.seal();
        assert_eq!(comment_data(&doc, a).as_deref(), Some("a?b??"));
        assert_eq!(comment_data(&doc, b).as_deref(), Some("ok"));
    }
}
