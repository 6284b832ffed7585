//! The kept answers against the walks up the tree.

use super::*;
use crate::dom::Document;
use crate::names::LocalName;

/// The walks of select.rs, from `node` up (the node included).
fn walked<S: TreeSink>(
    sink: &S,
    node: NodeId,
) -> (Option<NodeId>, bool, Option<NodeId>, Option<NodeId>) {
    let is = |n: NodeId, name: LocalName| sink.element_name(n) == Some(QualName::html(name));
    let mut nearest_select = None;
    let mut second_select = false;
    let mut nearest_option = None;
    let mut current = Some(node);
    while let Some(n) = current {
        if is(n, local::SELECT) {
            if nearest_select.is_some() {
                second_select = true;
            } else {
                nearest_select = Some(n);
            }
        }
        if is(n, local::OPTION) && nearest_option.is_none() {
            nearest_option = Some(n);
        }
        current = sink.parent(n);
    }
    // "Option element nearest ancestor select", from `node` as the first ancestor.
    let mut option_select = None;
    let mut seen_optgroup = false;
    let mut current = Some(node);
    while let Some(n) = current {
        if is(n, local::DATALIST) || is(n, local::HR) || is(n, local::OPTION) {
            break;
        }
        if is(n, local::OPTGROUP) {
            if seen_optgroup {
                break;
            }
            seen_optgroup = true;
        }
        if is(n, local::SELECT) {
            option_select = Some(n);
            break;
        }
        current = sink.parent(n);
    }
    (nearest_select, second_select, option_select, nearest_option)
}

fn is_inclusive_ancestor<S: TreeSink>(sink: &S, ancestor: NodeId, node: NodeId) -> bool {
    let mut current = Some(node);
    while let Some(n) = current {
        if n == ancestor {
            return true;
        }
        current = sink.parent(n);
    }
    false
}

/// Random trees, random moves and removals (as the adoption agency, the
/// selectedcontent clone and a frameset make them), every answer compared.
#[test]
fn kept_answers_agree_with_the_walks() {
    const NAMES: [(Namespace, LocalName); 10] = [
        (Namespace::Html, local::SELECT),
        (Namespace::Html, local::OPTION),
        (Namespace::Html, local::OPTGROUP),
        (Namespace::Html, local::HR),
        (Namespace::Html, local::DATALIST),
        (Namespace::Html, local::DIV),
        (Namespace::Html, local::B),
        (Namespace::Html, local::SELECTEDCONTENT),
        (Namespace::Svg, local::SELECT),
        (Namespace::Html, local::SPAN),
    ];
    let mut seed: u64 = 31;
    let mut next = |bound: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % bound.max(1)
    };
    let mut compared = 0;
    let mut changed_by_moves = 0;
    for round in 0..40 {
        let mut document = Document::default();
        let mut ancestry = SelectAncestry::default();
        let root = document.document();
        let mut nodes = vec![root];
        for step in 0..400 {
            let (ns, local) = NAMES[next(NAMES.len())];
            match next(10) {
                0..=4 => {
                    let element =
                        document.create_element(QualName { ns, local }, std::iter::empty());
                    let parent = nodes[next(nodes.len())];
                    document.append(parent, element);
                    nodes.push(element);
                }
                5 | 6 => {
                    // A move, as the adoption agency's of its furthest block.
                    let (node, target) = (nodes[next(nodes.len())], nodes[next(nodes.len())]);
                    if node != root && !is_inclusive_ancestor(&document, node, target) {
                        let before = walked(&document, node);
                        document.append(target, node);
                        ancestry.node_moved(&document, node);
                        changed_by_moves += usize::from(before != walked(&document, node));
                    }
                }
                7 => {
                    // Children moved into a new element appended to their parent.
                    let parent = nodes[next(nodes.len())];
                    let element =
                        document.create_element(QualName { ns, local }, std::iter::empty());
                    document.reparent_children(parent, element);
                    document.append(parent, element);
                    ancestry.children_moved(&document, element);
                    nodes.push(element);
                }
                8 => {
                    // Children removed, as a selectedcontent's before the clone.
                    let parent = nodes[next(nodes.len())];
                    let mut children = Vec::new();
                    let mut child = document.first_child(parent);
                    while let Some(c) = child {
                        children.push(c);
                        child = document.next_sibling(c);
                    }
                    document.remove_all_children(parent);
                    for c in children {
                        ancestry.node_moved(&document, c);
                    }
                }
                _ => {
                    let node = nodes[next(nodes.len())];
                    if node != root {
                        document.remove_from_parent(node);
                        ancestry.node_moved(&document, node);
                    }
                }
            }
            // Queries, which keep answers along their paths.
            for _ in 0..3 {
                let node = nodes[next(nodes.len())];
                let kept = ancestry.of(&document, node);
                let expected = walked(&document, node);
                assert_eq!(
                    (
                        kept.nearest_select,
                        kept.second_select,
                        kept.option_select,
                        kept.nearest_option
                    ),
                    expected,
                    "round {round}, step {step}, node {node:?}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 40_000);
    assert!(changed_by_moves > 1_000, "{changed_by_moves}");
}
