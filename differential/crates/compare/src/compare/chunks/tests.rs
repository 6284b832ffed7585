use super::*;
use litmus_engines::engine::start_engine;

#[test]
fn small_inputs_are_cut_at_every_byte_then_at_their_places() {
    let sets = split_sets("a&amp;b\r\nc".as_bytes());
    assert_eq!(sets[0], (1..10).collect::<Vec<_>>());
    // Then one cut in the reference, one in the CR LF pair.
    assert_eq!(sets.len(), 3);
    assert_eq!(sets[1], [8]);
    assert!((2..6).contains(&sets[2][0]), "{sets:?}");
    // Deterministic.
    assert_eq!(split_sets("a&amp;b\r\nc".as_bytes()), sets);
    assert!(split_sets(b"x").is_empty());
}

#[test]
fn large_inputs_get_at_most_the_budget_of_sets() {
    let input =
        "<!DOCTYPE html><p a='&lt;'>é\r\n<!--c--><script>x</script><style>y</style>\r".repeat(3);
    let sets = split_sets(input.as_bytes());
    assert!(input.len() > EVERY_BYTE_UP_TO);
    assert_eq!(sets.len(), MAX_SPLIT_SETS);
    // Every place kind is cut somewhere.
    let cut = union(&sets);
    let words = places_of(&input, &cut);
    for place in ["inside a UTF-8 sequence", "inside </script", "inside a tag"] {
        assert!(words.contains(&place), "{words:?}");
    }
}

#[test]
fn both_engines_agree_with_themselves_on_ordinary_pieces() {
    for engine in ["litmus", "html5ever"] {
        let mut engine = start_engine(engine).unwrap();
        for input in [
            "<!DOCTYPE html><p class=\"x\">a&amp;b&notin;c</p>\r\n<!-- c --><script>1</script>",
            "<table><tr><td>é😀</td></tr></table>\r<textarea>\r\nx</textarea>",
        ] {
            let request = ParseRequest::document(input, true);
            let whole = engine.parse_tree(&request);
            let sets = split_sets(input.as_bytes());
            assert_eq!(
                compare_chunks(&request, engine.as_mut(), &whole, &sets),
                None,
                "{}: {input:?}",
                engine.name()
            );
        }
    }
}

#[test]
fn signatures_name_the_engine_and_the_places() {
    let ok: ParseResult = Ok(litmus_engines::case::EngineOutput {
        tree: String::new(),
        serialization: None,
    });
    assert_eq!(
        chunk_signature("html5ever", "a\r\nb", &[2], &ok).as_str(),
        "chunks | html5ever | split between CR and LF"
    );
    assert_eq!(
        chunk_signature("x", "&amp;<p>", &[3, 6, 2], &ok).as_str(),
        "chunks | x | split inside a character reference, inside a tag name"
    );
}

/// A planted chunk-boundary bug: the reference parser, except that each piece's
/// newlines are normalized on their own, so a CR LF pair cut between two pieces
/// becomes two newlines.
struct CrAtThePieceEnd;

impl Engine for CrAtThePieceEnd {
    fn name(&self) -> &str {
        "planted"
    }

    fn version(&self) -> String {
        "planted 0".into()
    }

    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        litmus_engines::engine::LitmusEngine.parse_tree(request)
    }

    fn parse_chunks(&mut self, request: &ParseRequest, splits: &[usize]) -> Option<ParseResult> {
        let bytes = request.input.as_bytes();
        let mut text = Vec::new();
        for piece in litmus_engines::engine::pieces(bytes, splits) {
            let mut i = 0;
            while i < piece.len() {
                if piece[i] == b'\r' {
                    text.push(b'\n');
                    i += 1 + usize::from(piece.get(i + 1) == Some(&b'\n'));
                } else {
                    text.push(piece[i]);
                    i += 1;
                }
            }
        }
        let input = String::from_utf8_lossy(&text).into_owned();
        Some(self.parse(&request.with_input(input)))
    }
}

#[test]
fn a_planted_cr_bug_is_found_reduced_and_minimized() {
    let input =
        "<!DOCTYPE html><table><tr><td>a&amp;b</td></tr></table>\r\n<pre>x\r\ny</pre>é<!--c-->";
    let request = ParseRequest::document(input, true);
    let mut planted = CrAtThePieceEnd;
    let mut reference = start_engine("litmus").unwrap();
    let whole = planted.parse_tree(&request);
    let sets = split_sets(input.as_bytes());
    let found = compare_chunks(&request, &mut planted, &whole, &sets).expect("a divergence");
    assert_eq!(
        found.signature.as_str(),
        "chunks | planted | split between CR and LF"
    );
    assert_eq!(found.level, Level::Chunks);
    // Reduced to one split, between a CR and its LF.
    assert_eq!(
        found.detail.splits().len(),
        1,
        "{:?}",
        found.detail.splits()
    );
    let at = found.detail.splits()[0];
    assert_eq!(&input.as_bytes()[at - 1..=at], b"\r\n");

    // Minimized on the input, the splits following the bytes kept.
    let mut keeps = |candidate: &str| {
        crate::compare::recheck(&found, candidate, reference.as_mut(), &mut planted).is_some()
    };
    let (minimal, _) =
        crate::minimize::minimize(input, crate::minimize::Budget::default(), &mut keeps);
    // (A newline alone is ignored before the html element: one character of text.)
    assert!(
        minimal.len() == 3 && minimal.ends_with("\r\n"),
        "{minimal:?}"
    );
    let shown = rerun(&found, &minimal, reference.as_mut(), &mut planted).unwrap();
    assert_eq!(shown.detail.splits(), [2]);
    assert_eq!(shown.signature, found.signature);
}

#[test]
fn an_engine_that_takes_its_input_whole_is_not_compared() {
    let mut engine = start_engine("chaos").unwrap();
    let request = ParseRequest::document("a\r\nb", true);
    let whole = engine.parse_tree(&request);
    assert_eq!(
        compare_chunks(&request, engine.as_mut(), &whole, &[vec![2]]),
        None
    );
}
