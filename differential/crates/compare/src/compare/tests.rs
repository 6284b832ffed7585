use super::*;
use litmus_engines::case::{EngineFailure, EngineOutput};
use litmus_engines::case::{ParseRequest, ParseResult};
use litmus_engines::engine::Engine;
use litmus_engines::engine::Html5everEngine;
use litmus_parser::FragmentContext;

/// An engine made of a function, for tests.
struct FnEngine<F>(&'static str, F);

impl<F: FnMut(&ParseRequest) -> ParseResult + Send> Engine for FnEngine<F> {
    fn name(&self) -> &str {
        self.0
    }
    fn version(&self) -> String {
        "test".into()
    }
    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        (self.1)(request)
    }
}

fn output(tree: &str, serialization: &str) -> ParseResult {
    Ok(EngineOutput {
        tree: tree.to_owned(),
        serialization: Some(serialization.to_owned()),
    })
}

fn side(engine: &str, result: ParseResult) -> Side {
    Side {
        engine: engine.into(),
        result,
    }
}

const TREE: &str = "| <html>\n|   <head>\n|   <body>\n|     \"x\"\n";
const OTHER_TREE: &str = "| <html>\n|   <head>\n|   <body>\n|     <!-- x -->\n";

#[test]
fn the_default_contexts_all_parse() {
    let contexts = default_fragment_contexts();
    assert_eq!(contexts.len(), DEFAULT_FRAGMENT_CONTEXTS.len());
    let spelled: Vec<String> = contexts.iter().map(|c| c.to_string()).collect();
    assert_eq!(spelled, DEFAULT_FRAGMENT_CONTEXTS);
    for context in DEFAULT_FRAGMENT_CONTEXTS {
        assert!(
            litmus_parser::names::FRAGMENT_CONTEXTS.contains(&context),
            "{context} is not one of the parser's fragment contexts"
        );
    }
}

#[test]
fn requests_cover_scripting_and_contexts() {
    let levels = Levels::default();
    let requests = requests("<p>", &levels);
    assert_eq!(requests.len(), 2 + DEFAULT_FRAGMENT_CONTEXTS.len());
    assert_eq!(
        requests[0],
        (Level::Tree, ParseRequest::document("<p>", true))
    );
    assert_eq!(
        requests[1],
        (Level::Tree, ParseRequest::document("<p>", false))
    );
    assert!(requests[2..]
        .iter()
        .all(|(level, r)| *level == Level::Fragment && r.fragment.is_some() && r.scripting));
    let only_trees = Levels {
        fragment: false,
        ..Levels::default()
    };
    assert_eq!(requests_len(&only_trees), 2);
    let both_flags = Levels {
        tree: false,
        fragment_scripting: vec![true, false],
        ..Levels::default()
    };
    assert_eq!(
        requests_len(&both_flags),
        2 * DEFAULT_FRAGMENT_CONTEXTS.len()
    );
}

fn requests_len(levels: &Levels) -> usize {
    requests("x", levels).len()
}

#[test]
fn different_trees_give_one_tree_divergence() {
    let request = ParseRequest::document("x", true);
    let divergences = compare_results(
        Level::Tree,
        &request,
        &side("litmus", output(TREE, "a")),
        &side("html5ever", output(OTHER_TREE, "b")),
        true,
    );
    assert_eq!(divergences.len(), 1);
    let d = &divergences[0];
    assert_eq!(d.level, Level::Tree);
    assert_eq!(d.request, request);
    assert_eq!(
        d.signature.as_str(),
        "tree | litmus: \"…\" | html5ever: <!--…--> | in: <body>"
    );
    let first = d.first_difference.as_ref().unwrap();
    assert_eq!((first.left_line, first.right_line), (4, 4));
    assert_eq!(d.compared_texts(), (Some(TREE), Some(OTHER_TREE)));
    assert!(!d.is_failure());
}

#[test]
fn equal_trees_compare_serializations() {
    let request = ParseRequest::document("x", true);
    let left = side("litmus", output(TREE, "<p>a&nbsp;</p>"));
    let right = side("html5ever", output(TREE, "<p>a\u{a0}</p>"));
    let divergences = compare_results(Level::Tree, &request, &left, &right, true);
    assert_eq!(divergences.len(), 1);
    let d = &divergences[0];
    assert_eq!(d.level, Level::Serialization);
    assert_eq!(
        d.compared_texts(),
        (Some("<p>a&nbsp;</p>"), Some("<p>a\u{a0}</p>"))
    );
    assert!(d.signature.as_str().starts_with("serialization | litmus: "));
    assert_eq!(d.first_difference.as_ref().unwrap().left_line, 1);
    // Not asked for, not compared.
    assert!(compare_results(Level::Tree, &request, &left, &right, false).is_empty());
    // Same everything: nothing.
    assert!(compare_results(Level::Tree, &request, &left, &left, true).is_empty());
}

#[test]
fn each_failing_engine_is_a_failure_divergence() {
    let request = ParseRequest::document("x", true);
    let timeout = Err(EngineFailure::Timeout { after_ms: 1 });
    let divergences = compare_results(
        Level::Tree,
        &request,
        &side("litmus", output(TREE, "")),
        &side("html5ever", timeout.clone()),
        true,
    );
    assert_eq!(divergences.len(), 1);
    assert_eq!(divergences[0].signature.as_str(), "timeout | html5ever");
    assert!(divergences[0].is_failure());
    assert_eq!(divergences[0].first_difference, None);
    let both = compare_results(
        Level::Tree,
        &request,
        &side("litmus", timeout.clone()),
        &side("html5ever", timeout),
        true,
    );
    let signatures: Vec<&str> = both.iter().map(|d| d.signature.as_str()).collect();
    assert_eq!(signatures, ["timeout | litmus", "timeout | html5ever"]);
}

#[test]
fn a_round_trip_that_loses_a_node() {
    // An engine whose serializer drops comments.
    let mut engine = FnEngine("lossy", |request: &ParseRequest| {
        if request.input.contains("<!--") {
            output(OTHER_TREE, "<html><head></head><body></body></html>")
        } else {
            output(
                "| <html>\n|   <head>\n|   <body>\n",
                "<html><head></head><body></body></html>",
            )
        }
    });
    let request = ParseRequest::document("<!--x-->", true);
    let first = engine.parse(&request);
    let divergence = round_trip(&mut engine, &request, &first).unwrap();
    assert_eq!(divergence.level, Level::RoundTrip);
    assert_eq!(divergence.request, request);
    assert_eq!(
        divergence.signature.as_str(),
        "round-trip | lossy: <!--…--> | reparsed: (end) | in: <body>"
    );
    assert_eq!(divergence.left.engine, "lossy");
    assert_eq!(divergence.right.engine, "lossy");
    // No serializer, no round trip.
    let no_serializer = Ok(EngineOutput {
        tree: TREE.into(),
        serialization: None,
    });
    assert_eq!(round_trip_request(&request, &no_serializer), None);
}

#[test]
fn a_crash_on_the_reparse_is_a_round_trip_failure() {
    let request = ParseRequest::document("x", true);
    let first = output(TREE, "<crash>");
    let second = Err(EngineFailure::Panic {
        message: "boom".into(),
        location: None,
    });
    let divergence = compare_round_trip(&request, "html5ever", &first, &second).unwrap();
    assert_eq!(divergence.level, Level::RoundTrip);
    assert_eq!(
        divergence.signature.as_str(),
        "crash | html5ever: panic: boom"
    );
    assert!(divergence.is_failure());
}

#[test]
fn html5ever_agrees_with_itself_on_plain_markup() {
    let levels = Levels {
        fragment_contexts: ["body", "td", "svg svg", "math mi"]
            .iter()
            .map(|c| FragmentContext::parse(c).unwrap())
            .collect(),
        ..Levels::default()
    };
    let divergences = compare_input(
        "<!DOCTYPE html><p class=a>one<b>two</b><!--c--><table><tr><td>x</table><svg><path/></svg>",
        &mut Html5everEngine,
        &mut Html5everEngine,
        &levels,
    );
    assert_eq!(divergences, Vec::new());
}

#[test]
fn a_divergence_is_found_and_rechecked_with_another_input() {
    // A "reference" that turns every comment into a processing instruction.
    let mut reference = FnEngine("litmus", |request: &ParseRequest| {
        let mut output = Html5everEngine.parse(request)?;
        output.tree = output.tree.replace("<!-- ", "<?").replace(" -->", "?>");
        Ok(output)
    });
    let mut other = Html5everEngine;
    let levels = Levels {
        fragment: false,
        serialization: false,
        round_trip: false,
        ..Levels::default()
    };
    let divergences = compare_input(
        "<p>a<!--long comment-->",
        &mut reference,
        &mut other,
        &levels,
    );
    assert_eq!(divergences.len(), 2, "scripting on and off");
    let divergence = &divergences[0];
    assert_eq!(
        divergence.signature.as_str(),
        "tree | litmus: <?…> | html5ever: <!--…--> | in: <p>"
    );
    let again = recheck(divergence, "<p><!---->", &mut reference, &mut other).unwrap();
    assert_eq!(again.signature, divergence.signature);
    assert_eq!(again.request.input, "<p><!---->");
    assert_eq!(again.request.scripting, divergence.request.scripting);
    assert!(recheck(divergence, "<p>", &mut reference, &mut other).is_none());
    assert!(recheck(divergence, "<!---->", &mut reference, &mut other).is_none());
}

#[test]
fn divergences_serialize_for_reports() {
    let request = ParseRequest::document("x", true);
    let divergence = compare_results(
        Level::Tree,
        &request,
        &side("litmus", output(TREE, "a")),
        &side("html5ever", Err(EngineFailure::Timeout { after_ms: 3 })),
        true,
    )
    .remove(0);
    let json = serde_json::to_string(&divergence).unwrap();
    let back: Divergence = serde_json::from_str(&json).unwrap();
    assert_eq!(back, divergence);
    assert!(json.contains(r#""level":"tree""#), "{json}");
    assert!(
        json.contains(r#""signature":"timeout | html5ever""#),
        "{json}"
    );
}

#[test]
fn top_level_fragment_differences_name_the_context() {
    let request = ParseRequest::fragment("x", FragmentContext::parse("svg path").unwrap(), true);
    let divergences = compare_results(
        Level::Fragment,
        &request,
        &side("litmus", output("| <svg g>\n", "")),
        &side("html5ever", output("| <g>\n", "")),
        true,
    );
    assert_eq!(
        divergences[0].signature.as_str(),
        "fragment | litmus: <svg g> | html5ever: <g> | in: #fragment(svg path)"
    );
}

#[test]
fn raw_text_contexts_get_no_round_trip() {
    // Serialized as children of the `html` root, the text is escaped; re-parsed in a
    // `script` context the escapes would stay, for any engine.
    let script = FragmentContext::parse("script").unwrap();
    let request = ParseRequest::fragment("a<b", script, true);
    let first = Html5everEngine.parse(&request);
    assert_eq!(
        first.as_ref().unwrap().serialization.as_deref(),
        Some("a&lt;b")
    );
    assert_eq!(round_trip(&mut Html5everEngine, &request, &first), None);
    let noscript = FragmentContext::parse("noscript").unwrap();
    assert!(!round_trip_applies(&ParseRequest::fragment(
        "",
        noscript.clone(),
        true
    )));
    assert!(round_trip_applies(&ParseRequest::fragment(
        "", noscript, false
    )));
    let svg_style = FragmentContext::parse("svg style").unwrap();
    assert!(round_trip_applies(&ParseRequest::fragment(
        "", svg_style, true
    )));
    let title = FragmentContext::parse("title").unwrap();
    assert!(round_trip_applies(&ParseRequest::fragment("", title, true)));
    assert!(round_trip_applies(&ParseRequest::document("", true)));
}
