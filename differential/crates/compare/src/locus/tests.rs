use super::*;
use litmus_engines::engine::{Engine, LitmusEngine};
use litmus_parser::FragmentContext;

fn reference(request: &ParseRequest) -> String {
    LitmusEngine.parse_tree(request).unwrap().tree
}

#[test]
fn an_inserted_token_the_reference_ignores_is_the_locus() {
    // In a select fragment the standard ignores <input>; an engine that inserts it
    // departs at that token, not at the text after it.
    let select = FragmentContext::parse("select").unwrap();
    let request = ParseRequest::fragment("<input>x", select, true);
    let ours = reference(&request);
    assert_eq!(ours, "| \"x\"\n");
    let theirs = "| <input>\n| \"x\"\n";
    let locus = locus(&request, &ours, theirs).unwrap();
    assert_eq!(locus.token, "start tag input");
    assert_eq!(locus.rule, LocusRule::Unplaced);
    assert_eq!(locus.arm(), "tree.in-body.start-tag-input");
    assert_eq!(
        locus.to_string(),
        "at tree.in-body.start-tag-input, token start tag input"
    );
}

#[test]
fn a_node_placed_elsewhere_names_the_token_that_placed_it() {
    // An engine that does not close the p element before a div.
    let request = ParseRequest::document("<p><div>", true);
    let ours = reference(&request);
    let theirs = ours.replace("|     <div>", "|       <div>");
    assert_ne!(ours, theirs);
    let locus = locus(&request, &ours, &theirs).unwrap();
    assert_eq!(locus.token, "start tag div");
    assert_eq!(locus.rule, LocusRule::Placed);
    assert_eq!(
        locus.arm(),
        "tree.in-body.start-tag-address-article-aside-etc"
    );
    assert!(locus
        .token_arms
        .contains(&"tokenizer.tag-open.ascii-alpha".to_owned()));
}

#[test]
fn different_characters_name_the_character_token_that_gave_them() {
    let request = ParseRequest::document("<p>a</p>b&amp;c", true);
    let ours = reference(&request);
    let theirs = ours.replace("\"b&c\"", "\"b&ampc\"");
    assert_ne!(ours, theirs);
    let locus = locus(&request, &ours, &theirs).unwrap();
    assert_eq!(locus.rule, LocusRule::Text);
    assert_eq!(locus.token, "character");
    assert!(
        locus
            .token_arms
            .iter()
            .any(|a| a.starts_with("tokenizer.named-character-reference.")),
        "{:?}",
        locus.token_arms
    );
}

#[test]
fn a_node_the_adoption_agency_moved_names_its_step() {
    let request = ParseRequest::document("<a><p>x</a>y", true);
    let ours = reference(&request);
    // An engine without the adoption agency: the p stays inside the a.
    let theirs =
        "| <html>\n|   <head>\n|   <body>\n|     <a>\n|       <p>\n|         \"x\"\n|     \"y\"\n";
    let locus = locus(&request, &ours, theirs).unwrap();
    assert_eq!(locus.token, "end tag a");
    assert_eq!(locus.mode_arm(), "tree.in-body.end-tag-a-b-big-etc");
    assert_eq!(
        locus.arm(),
        "tree.adoption-agency.step-4-14-last-node-inserted"
    );
}

#[test]
fn no_locus_for_agreeing_trees_or_a_left_side_the_reference_did_not_build() {
    let request = ParseRequest::document("<p>x", true);
    let ours = reference(&request);
    assert!(locus(&request, &ours, &ours).is_none());
    assert!(locus(&request, "| <html>\n", &ours).is_none());
}

#[test]
fn text_an_ignored_token_splits_in_the_engine_names_that_token() {
    // The select fragment ignores <input>, so its text runs on; an engine that inserts
    // the input splits it.
    let select = FragmentContext::parse("select").unwrap();
    let request = ParseRequest::fragment("<p>\t<input>-", select, true);
    let ours = reference(&request);
    assert_eq!(ours, "| <p>\n|   \"\t-\"\n");
    let theirs = "| <p>\n|   \"\t\"\n|   <input>\n|   \"-\"\n";
    let locus = locus(&request, &ours, theirs).unwrap();
    assert_eq!(locus.token, "start tag input");
    assert_eq!(locus.rule, LocusRule::Unplaced);
}

#[test]
fn text_the_engine_runs_on_past_names_what_the_reference_put_after_it() {
    // In template contents the form element pointer is not set, so the reference
    // inserts the form; an engine that ignores it runs the two texts together.
    let request = ParseRequest::document("<template><b>x<form>y", true);
    let ours = reference(&request);
    let theirs = ours.replace("\"x\"", "\"xy\"");
    let theirs: String = theirs
        .lines()
        .filter(|l| !l.contains("<form>") && !l.trim_end().ends_with("\"y\""))
        .map(|l| format!("{l}\n"))
        .collect();
    let locus = locus(&request, &ours, &theirs).unwrap();
    assert_eq!(locus.token, "start tag form", "{ours}{theirs}");
    assert_eq!(locus.rule, LocusRule::Placed);
}

#[test]
fn an_extra_attribute_names_the_token_of_its_element_even_with_a_cut_off_tag_after() {
    // The engine keeps a duplicate attribute; the `<b` the tokenizer swallows at the
    // end of the input made no token, and is no candidate for an attribute.
    let request = ParseRequest::document("<n alt a a><b", true);
    let ours = reference(&request);
    let theirs = ours.replace("|       alt=\"\"\n", "|       a=\"\"\n|       alt=\"\"\n");
    assert_ne!(ours, theirs, "{ours}");
    let locus = locus(&request, &ours, &theirs).unwrap();
    assert_eq!(locus.token, "start tag n");
    assert_eq!(locus.arm(), "tree.in-body.any-other-start-tag");
}

#[test]
fn the_neighbours_name_what_placed_the_nodes_around_the_difference() {
    // In an svg fragment, <table> breaks out as an HTML table and the text after it is
    // foster-parented before it; an engine that keeps the table in the svg namespace
    // departs at the text, whose locus is the end of file that flushed it. The
    // neighbours name the table's own start tag, at the breakout.
    let svg = FragmentContext::parse("svg svg").unwrap();
    let request = ParseRequest::fragment("<table>x", svg, true);
    let ours = reference(&request);
    assert_eq!(ours, "| \"x\"\n| <table>\n");
    let theirs = "| <svg table>\n|   \"x\"\n";
    let locus = locus(&request, &ours, theirs).unwrap();
    assert_eq!(locus.token, "EOF");
    let table = locus
        .neighbours
        .iter()
        .find(|n| n.token == "start tag table")
        .expect("the table's start tag is a neighbour");
    assert!(
        table
            .arms
            .contains(&"tree.in-foreign-content.start-tag-breakout".to_owned()),
        "{table:?}"
    );
    // Nearest first: the text's own placement comes before the table's, and no
    // neighbour repeats the locus.
    assert!(locus
        .neighbours
        .iter()
        .all(|n| (n.token.as_str(), &n.arms) != (locus.token.as_str(), &locus.arms)));
    // The case's arms stay the locus's alone; the verdict lends them to a neighbour.
    assert!(!locus.case_arms.is_empty());
    assert!(locus.neighbours.iter().all(|n| n.case_arms.is_empty()));
}

#[test]
fn a_departure_is_the_locus_without_the_case_or_the_neighbours() {
    // The case of the neighbours' test: the locus there has case arms and a
    // neighbour; the departure, what a minimizer compares by, has the same token,
    // arms and rule and neither.
    let svg = FragmentContext::parse("svg svg").unwrap();
    let request = ParseRequest::fragment("<table>x", svg, true);
    let ours = reference(&request);
    let theirs = "| <svg table>\n|   \"x\"\n";
    let full = locus(&request, &ours, theirs).unwrap();
    let bare = departure(&request, &ours, theirs).unwrap();
    assert!(!full.case_arms.is_empty() && !full.neighbours.is_empty());
    assert_eq!(
        (&bare.token, &bare.arms, bare.rule),
        (&full.token, &full.arms, full.rule)
    );
    assert!(bare.case_arms.is_empty() && bare.case_tokens.is_empty());
    assert!(bare.neighbours.is_empty() && bare.inside.is_empty());
    // Trees that agree, or a reference tree the traced parse does not build, have none.
    assert!(departure(&request, &ours, &ours).is_none());
    assert!(departure(&request, theirs, &ours).is_none());
}

#[test]
fn the_earliest_token_of_what_the_engine_lacks_is_a_neighbour() {
    // An engine that drops a template at a MathML text integration point, and so
    // (thinking the template open) keeps the later body start tag from adding its
    // attribute: the first difference in tree order is the body's attribute, but the
    // template's start tag, earlier in the input, made the other missing nodes.
    let request = ParseRequest::document("<math><mtext><template></template><body a>", true);
    let ours = reference(&request);
    let theirs: String = ours
        .lines()
        .filter(|l| !l.contains("a=\"\"") && !l.contains("<template>") && !l.contains("content"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(ours, theirs);
    let locus = locus(&request, &ours, &theirs).unwrap();
    assert_eq!(locus.token, "start tag body");
    let earliest = locus
        .neighbours
        .iter()
        .find(|n| n.rule == LocusRule::Earliest)
        .expect("an earliest neighbour");
    assert_eq!(earliest.token, "start tag template");
    assert_eq!(earliest.arm(), "tree.in-head.start-tag-template");
}

#[test]
fn the_token_that_made_a_node_the_engine_lacks_is_a_neighbour_whatever_moved_it() {
    // The second button closes the first and is foster-parented; the last `a` runs
    // the adoption agency, which moves that button. An engine that never made the
    // second button: the button's last placement is the `a`'s, its making the
    // button start tag's.
    let request = ParseRequest::document("<a><table><button><a><button><a>", true);
    let ours = reference(&request);
    let lines: Vec<&str> = ours.lines().collect();
    let second_button = lines
        .iter()
        .rposition(|l| l.trim_start_matches(['|', ' ']) == "<button>")
        .unwrap();
    let theirs: String = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != second_button)
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    let locus = locus(&request, &ours, &theirs).unwrap();
    let created = locus
        .neighbours
        .iter()
        .find(|n| n.rule == LocusRule::Created)
        .expect("a created neighbour");
    assert_eq!(created.token, "start tag button");
    assert!(created
        .arms
        .iter()
        .any(|a| a == "tree.in-body.start-tag-button"));
    assert_eq!(
        created.arm(),
        "tree.appropriate-place.step-3-4-table-parent"
    );
}

#[test]
fn a_difference_only_in_what_a_selectedcontent_holds_is_inside_it() {
    let request =
        ParseRequest::document("<select><button><selectedcontent></button><option>o", true);
    let ours = reference(&request);
    // An engine that leaves the selectedcontent empty: only its contents differ.
    let emptied = ours.replace("|           \"o\"\n|       <option>", "|       <option>");
    assert_ne!(ours, emptied, "the reference clones the option:\n{ours}");
    let inside = locus(&request, &ours, &emptied).unwrap().inside;
    // Innermost first: the selectedcontent, then its button and select around it.
    assert_eq!(inside, ["selectedcontent", "button", "select"]);
    // One that also drops the option's text differs outside it too.
    let both = emptied.replace("|         \"o\"\n", "");
    assert_ne!(both, emptied);
    let inside = locus(&request, &ours, &both).unwrap().inside;
    assert!(
        !inside.contains(&"selectedcontent".to_owned()),
        "{inside:?}"
    );
}

#[test]
fn a_case_with_no_first_difference_says_so_rather_than_an_empty_arm() {
    // A round trip's case: its arms and tokens are there for the classes, but no
    // token of it is where a first difference lies.
    let request = ParseRequest::document("<p>x", true);
    let locus = of_case(&request).unwrap();
    assert_eq!(locus.rule, LocusRule::Case);
    assert_eq!(
        locus.to_string(),
        "the case's arms, no first difference placed"
    );
}

#[test]
fn comments_made_by_different_tokenizer_arms_name_them() {
    // Four comments in foreign content, each dropped by an engine: tree construction
    // handles them by one arm, the tokenizer made each by another.
    let mut made_by = Vec::new();
    for input in [
        "<svg><!--!>",
        "<svg><!----!",
        "<svg><![cdata[]",
        "<svg><!-- x -->",
    ] {
        let request = ParseRequest::document(input, true);
        let ours = reference(&request);
        let theirs: String = ours
            .lines()
            .filter(|line| !line.contains("<!--"))
            .map(|line| format!("{line}\n"))
            .collect();
        assert_ne!(ours, theirs, "{input}");
        let locus = locus(&request, &ours, &theirs).unwrap();
        assert_eq!(locus.arm(), "tree.in-foreign-content.comment", "{input}");
        let arm = locus.tokenizer_arm().expect(input).to_owned();
        assert!(arm.starts_with("tokenizer."), "{arm}");
        assert!(!made_by.contains(&arm), "{input}: {arm} in {made_by:?}");
        made_by.push(arm);
    }
    // A tag's tokenizer arms tell how its attributes were written: none is named.
    let request = ParseRequest::document("<p><div a=b>", true);
    let ours = reference(&request);
    let theirs = ours.replace("|     <div>", "|       <div>");
    let locus = locus(&request, &ours, &theirs).unwrap();
    assert_eq!(locus.token, "start tag div");
    assert_eq!(locus.tokenizer_arm(), None);
}
