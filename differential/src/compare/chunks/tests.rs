use super::*;
use crate::engine::start_engine;

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
    let ok: ParseResult = Ok(crate::case::EngineOutput {
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
