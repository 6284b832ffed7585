//! The indexes against the list's walks.

use super::*;
use crate::names::local;
use crate::tree_builder::active_formatting::tests::element;
use crate::tree_builder::active_formatting::ActiveFormattingElements;

/// The indexes answer as the walks do: an indexed list and one that always walks hold
/// the same entries, and answer every search alike, after random pushes (Noah's Ark),
/// markers, removals, moves after a bookmark and replacements.
#[test]
fn indexed_searches_agree_with_walks() {
    let mut seed: u64 = 7;
    let mut next = |bound: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % bound.max(1)
    };
    let mut indexed = ActiveFormattingElements::default();
    let mut walking = ActiveFormattingElements::default();
    walking.set_counted(false);
    let values = ["1", "2", "3", "4", "5", "6", "7", "8"];
    let mut searches_indexed = 0;
    let mut moves = 0;
    for node in 0..30_000u32 {
        let name = [local::B, local::I, local::A][next(3)];
        let attributes: Vec<(&str, &str)> = match next(3) {
            0 => vec![],
            1 => vec![("x", values[next(values.len())])],
            _ => vec![("x", values[next(values.len())]), ("y", "1")],
        };
        // The same edit on both lists: their slots are the same, as their edits are.
        let slots: Vec<ListSlot> = {
            let mut all = Vec::new();
            let mut at = indexed.last_slot();
            while let Some(s) = at {
                all.push(s);
                at = indexed.before(s);
            }
            all
        };
        match next(24) {
            0 => {
                indexed.insert_a_marker();
                walking.insert_a_marker();
            }
            1 => {
                indexed.clear_up_to_the_last_marker();
                walking.clear_up_to_the_last_marker();
            }
            2..=4 if !slots.is_empty() => {
                let s = slots[next(slots.len())];
                if indexed.get(s) != Some(&Entry::Marker) {
                    indexed.remove_at(s);
                    walking.remove_at(s);
                }
            }
            5..=7 if !slots.is_empty() => {
                // Step 18 of the adoption agency: an element entry moves after a
                // bookmark, standing for a new node.
                let (s, bookmark) = (slots[next(slots.len())], slots[next(slots.len())]);
                if indexed.get(s) != Some(&Entry::Marker) {
                    let new = NodeId::from_index(100_000 + node);
                    indexed.move_after(s, bookmark, new);
                    walking.move_after(s, bookmark, new);
                    moves += 1;
                }
            }
            8 if !slots.is_empty() => {
                let s = slots[next(slots.len())];
                let new = NodeId::from_index(200_000 + node);
                indexed.replace_node_at(s, new);
                walking.replace_node_at(s, new);
            }
            _ => {
                let entry = element(&mut indexed, node, name, &attributes);
                indexed.push(entry);
                let entry = element(&mut walking, node, name, &attributes);
                walking.push(entry);
            }
        }
        assert_eq!(indexed.entries(), walking.entries(), "after node {node}");
        let searches = |list: &ActiveFormattingElements| {
            let named: Vec<Option<ListSlot>> = [local::B, local::I, local::A, local::U]
                .iter()
                .map(|&n| list.position_after_last_marker(n))
                .collect();
            let positions: Vec<Option<ListSlot>> = (node.saturating_sub(50)..=node)
                .chain([100_000 + node, 200_000 + node])
                .map(|n| list.position(NodeId::from_index(n)))
                .collect();
            (named, positions)
        };
        assert_eq!(searches(&indexed), searches(&walking), "after node {node}");
        searches_indexed += usize::from(indexed.indexes_built());
    }
    assert!(searches_indexed > 10_000, "{searches_indexed}");
    assert!(moves > 1_000, "{moves}");
}

#[test]
fn the_indexes_are_kept_from_a_length_on() {
    let mut list = ActiveFormattingElements::default();
    for node in 0..INDEXED_FROM_LENGTH as u32 {
        let entry = element(&mut list, node, local::B, &[]);
        list.push(entry);
    }
    // Three alike remain after each push, as the clause keeps them.
    assert!(!list.indexes_built());
    assert_eq!(list.entries().len(), 3);
    for node in 100..100 + INDEXED_FROM_LENGTH as u32 {
        let entry = element(&mut list, node, local::I, &[("n", &node.to_string())]);
        list.push(entry);
    }
    assert!(list.indexes_built());
    let entry = element(&mut list, 200, local::B, &[]);
    list.push(entry);
    assert_eq!(list.entries().len(), 3 + INDEXED_FROM_LENGTH);
    // The earliest of the three `b`s left went, found from the last one back.
    let last_three = INDEXED_FROM_LENGTH as u32 - 3;
    assert!(!list.contains(NodeId::from_index(last_three)));
    assert!(list.contains(NodeId::from_index(last_three + 1)));
    assert!(list.contains(NodeId::from_index(200)));
    list.clear();
    assert!(!list.indexes_built());
}
