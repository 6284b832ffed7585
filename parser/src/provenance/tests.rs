use super::*;
use crate::dom::NodeKind;
use crate::spec_arms::arms;
use crate::{trace_document, trace_fragment, FragmentContext, ParseOptions};

fn id(arm: Arm) -> String {
    arms().nth(arm as usize).unwrap().id()
}

fn ids(list: &[Arm]) -> Vec<String> {
    list.iter().map(|&a| id(a)).collect()
}

/// The node whose dump entry is the element `name`, the first in tree order.
fn element(document: &Document, name: &str) -> NodeId {
    let mut stack = vec![document.root()];
    while let Some(node) = stack.pop() {
        if let NodeKind::Element { name: n, .. } = document.kind(node) {
            if n == name {
                return node;
            }
        }
        let children: Vec<NodeId> = document.children(node).collect();
        stack.extend(children.into_iter().rev());
    }
    panic!("no <{name}>");
}

#[test]
fn tokens_are_traced_with_their_kinds_offsets_and_arms() {
    let (_, trace) = trace_document("<p>x</b>", &ParseOptions::default()).unwrap();
    let described: Vec<String> = trace.tokens.iter().map(|t| t.describe()).collect();
    assert_eq!(described, ["start tag p", "character", "end tag b", "EOF"]);
    let spans: Vec<(usize, usize)> = trace.tokens.iter().map(|t| (t.start, t.end)).collect();
    assert_eq!(spans, [(0, 3), (3, 4), (4, 8), (8, 8)]);
    // The start tag went through the data state's `<`, tag open and tag name.
    let p = ids(&trace.tokens[0].tokenizer_arms);
    assert!(
        p.contains(&"tokenizer.data.less-than-sign".to_owned()),
        "{p:?}"
    );
    assert!(
        p.contains(&"tokenizer.tag-name.greater-than-sign".to_owned()),
        "{p:?}"
    );
    // No missing DOCTYPE: the initial mode's "anything else", then before html,
    // before head, in head, after head and in body, in order.
    let tree = ids(&trace.tokens[0].tree_arms);
    assert_eq!(
        tree.first().unwrap(),
        "tree.initial.anything-else",
        "{tree:?}"
    );
    let in_body = tree.iter().position(|a| a.starts_with("tree.in-body."));
    let before_html = tree.iter().position(|a| a.starts_with("tree.before-html."));
    assert!(before_html < in_body, "{tree:?}");
    // The end tag b: in body's "any other end tag".
    let b = ids(&trace.tokens[2].tree_arms);
    assert!(b.iter().any(|a| a.starts_with("tree.in-body.")), "{b:?}");
    assert!(trace.tokens[1]
        .tokenizer_arms
        .iter()
        .all(|&a| { id(a).starts_with("tokenizer.data.") }));
}

#[test]
fn each_node_has_the_token_and_arm_that_placed_it() {
    let input = "<table><tr><td>x</table>y";
    let (document, trace) = trace_document(input, &ParseOptions::default()).unwrap();
    let placed = |node: NodeId| {
        let event = trace
            .events_of(node)
            .filter(|e| matches!(e.change, NodeChange::Placed { .. }))
            .last()
            .unwrap();
        (
            trace.tokens[event.token.unwrap()].describe(),
            trace.mode_arm(event).map(id),
        )
    };
    // The tbody no token names: made by the tr start tag in "in table".
    let tbody = element(&document, "tbody");
    let (token, arm) = placed(tbody);
    assert_eq!(token, "start tag tr");
    assert!(arm.unwrap().starts_with("tree.in-table."));
    let (token, arm) = placed(element(&document, "td"));
    assert_eq!(token, "start tag td");
    assert!(arm.unwrap().starts_with("tree.in-row."));
    // The text: one node, its characters from the character token `x`.
    let td = element(&document, "td");
    let text = document.first_child(td).unwrap();
    let texts: Vec<(usize, usize)> = trace
        .events_of(text)
        .filter_map(|e| match e.change {
            NodeChange::Text { at, len } => Some((at, len)),
            _ => None,
        })
        .collect();
    assert_eq!(texts, [(0, 1)]);
}

#[test]
fn an_adoption_agency_move_is_the_last_placement() {
    let input = "<a><p>x</a>y";
    let (document, trace) = trace_document(input, &ParseOptions::default()).unwrap();
    let p = element(&document, "p");
    let last = trace
        .events_of(p)
        .filter(|e| matches!(e.change, NodeChange::Placed { .. }))
        .last()
        .unwrap();
    assert_eq!(trace.tokens[last.token.unwrap()].describe(), "end tag a");
    let arm = id(trace.acting_arm(last).unwrap());
    assert_eq!(arm, "tree.adoption-agency.step-4-14-last-node-inserted");
    assert_eq!(
        id(trace.mode_arm(last).unwrap()),
        "tree.in-body.end-tag-a-b-big-etc"
    );
}

#[test]
fn attributes_added_later_name_their_token() {
    let input = "<body><body class=x>";
    let (document, trace) = trace_document(input, &ParseOptions::default()).unwrap();
    let body = element(&document, "body");
    let added: Vec<(String, Vec<String>)> = trace
        .events_of(body)
        .filter_map(|e| match &e.change {
            NodeChange::Attributes { names } => {
                Some((trace.tokens[e.token.unwrap()].describe(), names.clone()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        added,
        [("start tag body".to_owned(), vec!["class".to_owned()])]
    );
    assert_eq!(trace.tokens[1].attributes, ["class"]);
}

#[test]
fn a_fragment_set_up_is_before_the_first_token() {
    let context = FragmentContext::parse("td").unwrap();
    let (_, trace) = trace_fragment("x", &context, &ParseOptions::default()).unwrap();
    assert!(trace.events.iter().any(|e| e.token.is_none()));
    assert!(!trace.set_up_arms.is_empty());
    assert_eq!(trace.tokens[0].describe(), "character");
}

#[test]
fn the_trace_is_the_same_with_and_without_other_parses_between() {
    let input = "<svg><p>x<math><mi>y</svg>z";
    let (_, first) = trace_document(input, &ParseOptions::default()).unwrap();
    // An ordinary parse on this thread records nothing and changes nothing.
    crate::parse_document("<b>other</i>", &ParseOptions::default()).unwrap();
    let (_, second) = trace_document(input, &ParseOptions::default()).unwrap();
    assert_eq!(first, second);
    assert!(!first.truncated);
}

#[test]
fn a_traced_parse_builds_the_ordinary_tree() {
    for input in [
        "<p>a<b>c</p>d",
        "<table>x<tr>y",
        "<select><option>a<option>b",
    ] {
        let (traced, _) = trace_document(input, &ParseOptions::default()).unwrap();
        let plain = crate::parse_document(input, &ParseOptions::default()).unwrap();
        assert_eq!(crate::dump::dump(&traced), crate::dump::dump(&plain));
    }
}

#[test]
fn a_line_feed_ignored_after_pre_or_textarea_passed_the_start_tag_arm() {
    // "If the next token is a U+000A LINE FEED (LF) character token, then ignore that
    // token": a step of the start tag's arm, the only one the line feed passes.
    for (input, arm) in [
        ("<pre>\n<b>", "tree.in-body.start-tag-pre-listing"),
        ("<textarea>\n", "tree.in-body.start-tag-textarea"),
    ] {
        let (_, trace) = trace_document(input, &ParseOptions::default()).unwrap();
        let line_feed = trace
            .tokens
            .iter()
            .find(|t| t.describe() == "character")
            .unwrap_or_else(|| panic!("{input:?}: no line feed token"));
        assert_eq!(ids(&line_feed.tree_arms), [arm], "{input:?}");
    }
    // A line feed with text after it in one token passes the arms of that text.
    let (_, trace) = trace_document("<pre>\nx", &ParseOptions::default()).unwrap();
    let run = ids(&trace.tokens[1].tree_arms);
    assert!(
        !run.contains(&"tree.in-body.start-tag-pre-listing".to_owned()),
        "{run:?}"
    );
}
