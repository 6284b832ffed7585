//! The indexes against the spec's walks.

use super::*;
use crate::names::local;
use crate::tree_builder::open_elements::tests::{entry, nodes};
use crate::tree_builder::open_elements::{OpenElements, Scope};

const SCOPES: [Scope; 4] = [Scope::Default, Scope::ListItem, Scope::Button, Scope::Table];

/// Where a walk from the current node up stops: at the first entry `stops` at, or
/// else at the topmost.
fn walked_stop(stack: &OpenElements, stops: impl Fn(&StackEntry) -> bool) -> Option<StackSlot> {
    stack
        .walk_up()
        .find(|(_, e)| stops(e))
        .map(|(slot, _)| slot)
        .or(stack.first_slot())
}

/// Every query answers the same from the indexes and by the spec's walk, over random
/// pushes, pops and edits in the middle of the stack (the adoption agency's removals,
/// moves and replacements; `form` and `head` removed from the middle).
#[test]
fn the_indexes_agree_with_the_walks() {
    const NAMES: [(Namespace, LocalName); 19] = [
        (Namespace::Html, local::P),
        (Namespace::Html, local::DIV),
        (Namespace::Html, local::B),
        (Namespace::Html, local::I),
        (Namespace::Html, local::BUTTON),
        (Namespace::Html, local::TABLE),
        (Namespace::Html, local::UL),
        (Namespace::Html, local::LI),
        (Namespace::Html, local::DD),
        (Namespace::Html, local::TD),
        (Namespace::Html, local::TR),
        (Namespace::Html, local::FORM),
        (Namespace::Html, local::HEAD),
        (Namespace::Html, local::SPAN),
        (Namespace::Html, local::TEMPLATE),
        (Namespace::Html, local::ADDRESS),
        (Namespace::Svg, local::TITLE),
        (Namespace::MathMl, local::MI),
        (Namespace::Svg, local::P),
    ];
    const FOREIGN: [(Namespace, LocalName); 3] = [
        (Namespace::Svg, local::FOREIGN_OBJECT),
        (Namespace::Svg, local::TEXT_PATH),
        (Namespace::MathMl, local::MTEXT),
    ];
    let mut seed: u64 = 0x2026;
    let mut next = |bound: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % bound.max(1)
    };
    let mut stack: OpenElements = OpenElements::default();
    let mut node = 0u32;
    let mut queries = 0;
    let mut queries_of_built_indexes = 0;
    let mut moves = 0;
    for step in 0..6_000 {
        // Start again now and then, so that the indexes are built many times over,
        // at whatever point the stack first grows past the depth.
        if step % 600 == 0 {
            stack.clear();
        }
        let (ns, name) = if next(4) == 0 {
            FOREIGN[next(FOREIGN.len())]
        } else {
            NAMES[next(NAMES.len())]
        };
        node += 1;
        let slots: Vec<StackSlot> = stack.walk_up().map(|(slot, _)| slot).collect();
        let any = |i: usize| slots.get(i).copied();
        match next(12) {
            0..=5 => stack.push(entry(node, ns, name)),
            6 | 7 => {
                stack.pop();
            }
            8 => {
                // A non-special entry leaves the middle (the inner loop, `<a>`), or a
                // `form` or `head` element does.
                if let Some(slot) = any(next(slots.len())) {
                    let e = *stack.get(slot).unwrap();
                    if !is_special(e.name) || e.is_html_one_of(&[local::FORM, local::HEAD]) {
                        stack.remove_at(slot);
                    }
                }
            }
            9 | 10 => {
                // The adoption agency's step 19: a formatting element above an anchor
                // moves to just below it, as a new element.
                let movable: Vec<usize> = (0..slots.len())
                    .filter(|&i| {
                        let e = stack.get(slots[i]).unwrap();
                        !is_special(e.name) && e.name.ns == Namespace::Html
                    })
                    .collect();
                if let Some(&i) = movable.get(next(movable.len())) {
                    if i > 0 {
                        let (moved, anchor) = (slots[i], slots[next(i)]);
                        let e = *stack.get(moved).unwrap();
                        stack.move_below(moved, anchor, entry(node, e.name.ns, e.name.local));
                        moves += 1;
                    }
                }
            }
            _ => {
                if let Some(slot) = any(next(slots.len())) {
                    stack.replace_node_at(slot, NodeId::from_index(node));
                }
            }
        }
        let probe = |stack: &mut OpenElements| {
            let mut answers = Vec::new();
            for scope in SCOPES {
                for name in NAMES.iter().map(|&(_, n)| n).chain([
                    local::FOREIGNOBJECT,
                    local::TEXTPATH,
                    local::MTEXT,
                ]) {
                    answers.push(format!(
                        "{scope:?} {name:?}: {} {:?} {}",
                        stack.has_html_in_scope(scope, name),
                        stack.position_of_html(name),
                        stack.has_html_one_of_in_scope(scope, &[name, local::LI]),
                    ));
                }
                for probe in node.saturating_sub(40)..=node {
                    let probe = NodeId::from_index(probe);
                    answers.push(format!(
                        "{scope:?} {probe:?}: {} {:?}",
                        stack.has_node_in_scope(scope, probe),
                        stack.position(probe)
                    ));
                }
            }
            // Foreign content sees the stack only when the current node is not in the
            // HTML namespace, or in a fragment with the root alone.
            let foreign = stack
                .current()
                .is_some_and(|e| e.name.ns != Namespace::Html || stack.len() == 1);
            if foreign {
                for name in [local::P, local::TITLE, local::TEXTPATH, local::MI] {
                    let walk = stack.foreign_end_tag_walk(name);
                    answers.push(format!("foreign {name:?}: {walk:?}"));
                }
            }
            answers
        };
        let indexed = probe(&mut stack);
        stack.set_indexed(false);
        let walked = probe(&mut stack);
        stack.set_indexed(true);
        assert_eq!(indexed, walked, "after step {step}: {:?}", nodes(&stack));
        queries += indexed.len();
        queries_of_built_indexes += usize::from(stack.indexes_built()) * indexed.len();
        // The walks' starting points: where the spec's walk from the current node
        // stops.
        if stack.indexes_built() {
            for name in [local::P, local::B, local::DIV, local::LI] {
                assert_eq!(
                    stack.any_other_end_tag_walk_start(name),
                    walked_stop(&stack, |e| e.is_html(name) || is_special(e.name)),
                    "any other end tag {name:?}"
                );
            }
            for names in [&[local::LI][..], &[local::DD, local::DT]] {
                assert_eq!(
                    stack.list_item_walk_start(names),
                    walked_stop(&stack, |e| e.is_html_one_of(names)
                        || ends_the_list_item_walk(e.name)),
                    "list item walk {names:?}"
                );
            }
            assert_eq!(
                stack.reset_walk_start(),
                walked_stop(&stack, |e| ends_the_reset_walk(e.name)),
                "reset walk"
            );
        }
    }
    assert!(queries > 100_000);
    assert!(queries_of_built_indexes > queries / 2);
    assert!(moves > 500, "{moves} moves");
}

#[test]
fn the_indexes_are_built_past_a_depth_and_kept() {
    let mut stack: OpenElements = OpenElements::default();
    for node in 1..=INDEXED_FROM_DEPTH as u32 {
        stack.push(entry(node, Namespace::Html, local::DIV));
    }
    assert!(!stack.indexes_built());
    let third = stack.position(NodeId::from_index(3)).unwrap();
    stack.push(entry(100, Namespace::Html, local::B));
    assert!(stack.indexes_built());
    assert_eq!(stack.position(NodeId::from_index(3)), Some(third));
    let b = stack.current_slot().unwrap();
    assert_eq!(stack.position_of_html(local::B), Some(b));
    while stack.len() > 1 {
        stack.pop();
    }
    assert!(stack.indexes_built());
    assert_eq!(stack.position_of_html(local::B), None);
    assert!(stack.has_html_in_scope(Scope::Default, local::DIV));
    stack.clear();
    assert!(!stack.indexes_built());
    // With the fast paths off, the indexes are never built.
    stack.set_indexed(false);
    for node in 1..=4 * INDEXED_FROM_DEPTH as u32 {
        stack.push(entry(node, Namespace::Html, local::DIV));
    }
    assert!(!stack.indexes_built());
}
