//! The payload mode of a sanitizer campaign (`litmus sanitize --payloads`): each
//! generated case with a *payload* spliced in at a random place, deterministic per
//! (seed, index).
//!
//! A payload is markup that would run a harmless marker function, `litmus_marker()`,
//! were it markup (an `onerror` handler, an `onload`, a `javascript:` URL, a script
//! element, an `srcdoc`), carried where a sanitizer should see text: an attribute
//! value, a comment, the raw text of `style`, `xmp`, `noscript`, `noembed`,
//! `noframes`, `iframe`, `title`, `textarea`, a CDATA section, preceded by what may
//! end its carrier early (`</style>`, `-->`, a quote) and set inside structures where
//! parsers disagree: foreign content and its integration points, tables and their
//! foster parenting, `select`, `template`, `form`, `noscript`, or at the end of a path
//! across the places where the standard changes how it parses what follows. The pieces are
//! written here from the standard's lists of those elements; no known bypass is among
//! them, so a campaign that finds one finds it by combination.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What the payload would run: a marker, never anything that acts.
pub const MARKER: &str = "litmus_marker()";

/// Script-capable markup around the marker.
const PAYLOADS: &[&str] = &[
    "<img src=x onerror=litmus_marker()>",
    "<svg onload=litmus_marker()>",
    "<a href=\"javascript:litmus_marker()\">x</a>",
    "<script>litmus_marker()</script>",
    "<iframe srcdoc=\"&lt;script&gt;litmus_marker()&lt;/script&gt;\"></iframe>",
    "<div onmouseover=litmus_marker()>x</div>",
    // The same, escaped: markup once an attribute value or a text is decoded, which
    // the serialization of an attribute value writes back raw.
    "&lt;img src=x onerror=litmus_marker()&gt;",
    "&lt;svg onload=litmus_marker()&gt;",
];

/// Where a payload is carried as text: the opening and the closing.
const CARRIERS: &[(&str, &str)] = &[
    ("<p title=\"", "\">x</p>"),
    ("<a title='", "'>x</a>"),
    ("<img title=\"", "\">"),
    ("<!--", "-->"),
    ("<style>", "</style>"),
    ("<xmp>", "</xmp>"),
    ("<noscript>", "</noscript>"),
    ("<noembed>", "</noembed>"),
    ("<noframes>", "</noframes>"),
    ("<iframe>", "</iframe>"),
    ("<title>", "</title>"),
    ("<textarea>", "</textarea>"),
    ("<svg><![CDATA[", "]]></svg>"),
    ("<math><![CDATA[", "]]></math>"),
];

/// What may end a carrier before the payload.
const BREAKERS: &[&str] = &[
    "",
    "",
    "</style>",
    "</title>",
    "</noscript>",
    "</textarea>",
    "</xmp>",
    "-->",
    "--!>",
    "\"",
    "'",
    "]]>",
    "</svg>",
    "</math>",
    "</p>",
    "</table>",
    "</select>",
    "</template>",
];

/// Structures a carrier is put inside: the opening and the closing (which a case may
/// leave out).
const STRUCTURES: &[(&str, &str)] = &[
    ("<svg>", "</svg>"),
    ("<math>", "</math>"),
    ("<svg><foreignObject>", "</foreignObject></svg>"),
    ("<svg><desc>", "</desc></svg>"),
    ("<math><mi>", "</mi></math>"),
    (
        "<math><annotation-xml encoding=\"text/html\">",
        "</annotation-xml></math>",
    ),
    ("<table>", "</table>"),
    ("<table><tr><td>", "</td></tr></table>"),
    ("<select>", "</select>"),
    ("<template>", "</template>"),
    ("<form>", "</form>"),
    ("<noscript>", "</noscript>"),
    ("<p>", "</p>"),
    ("<b>", "</b>"),
    // The MathML text integration points, and the two elements the rules for foreign
    // content treat apart inside them.
    ("<math><mtext>", "</mtext></math>"),
    ("<math><mo>", "</mo></math>"),
    ("<mglyph>", "</mglyph>"),
    ("<malignmark>", "</malignmark>"),
    ("<svg><title>", "</title></svg>"),
];

/// A path across the places where the standard changes how it parses what follows, in
/// the order a path can take them: into foreign content, back to HTML at one of its
/// integration points, an HTML structure that moves or reinterprets what follows
/// (foster parenting, `select`, `template`, the formatting elements), then an element
/// that the rules for foreign content treat apart at a MathML text integration point
/// or that leaves foreign content. Each step may be skipped; a path has no closings.
const FOREIGN: &[&str] = &["<svg>", "<math>"];
const SVG_INTEGRATION_POINTS: &[&str] = &["<foreignObject>", "<desc>", "<title>"];
const MATHML_INTEGRATION_POINTS: &[&str] = &[
    "<mi>",
    "<mo>",
    "<mn>",
    "<ms>",
    "<mtext>",
    "<annotation-xml encoding=\"text/html\">",
];
const SWITCHES: &[&str] = &[
    "<table>",
    "<table><tr>",
    "<select>",
    "<template>",
    "<form>",
    "<p>",
    "<b>",
    "<a>",
    "<noscript>",
    "<button>",
    "<li>",
    "<h1>",
];
const APART: &[&str] = &[
    "<mglyph>",
    "<malignmark>",
    "<svg>",
    "<math>",
    "<font color=red>",
    "<p>",
];

fn pick<'a>(rng: &mut ChaCha8Rng, list: &[&'a str]) -> &'a str {
    list[rng.random_range(0..list.len())]
}

/// One or two paths of [`FOREIGN`], the integration points, [`SWITCHES`] and
/// [`APART`].
fn path(rng: &mut ChaCha8Rng) -> String {
    let mut piece = String::new();
    let paths = if rng.random_bool(0.3) { 2 } else { 1 };
    for _ in 0..paths {
        if rng.random_bool(0.7) {
            let foreign = pick(rng, FOREIGN);
            piece.push_str(foreign);
            if rng.random_bool(0.7) {
                let points = if foreign == "<svg>" {
                    SVG_INTEGRATION_POINTS
                } else {
                    MATHML_INTEGRATION_POINTS
                };
                piece.push_str(pick(rng, points));
            }
        }
        if rng.random_bool(0.7) {
            piece.push_str(pick(rng, SWITCHES));
        }
        if rng.random_bool(0.6) {
            piece.push_str(pick(rng, APART));
        }
    }
    piece
}

/// Case `index`'s input with a payload spliced into it at a character boundary: half
/// the time inside up to four [`STRUCTURES`] drawn alike, half the time at the end of
/// a [`path`].
pub fn with_payload(input: &str, seed: u64, index: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7061_796c_6f61_6473);
    rng.set_stream(index);
    let mut piece = String::new();
    let mut structures: Vec<&(&str, &str)> = Vec::new();
    if rng.random_bool(0.5) {
        let depth = rng.random_range(0..=4);
        structures = (0..depth)
            .map(|_| &STRUCTURES[rng.random_range(0..STRUCTURES.len())])
            .collect();
        for (open, _) in &structures {
            piece.push_str(open);
        }
    } else {
        piece.push_str(&path(&mut rng));
    }
    let (open, close) = CARRIERS[rng.random_range(0..CARRIERS.len())];
    piece.push_str(open);
    piece.push_str(BREAKERS[rng.random_range(0..BREAKERS.len())]);
    piece.push_str(PAYLOADS[rng.random_range(0..PAYLOADS.len())]);
    piece.push_str(close);
    for (_, close) in structures.iter().rev() {
        if rng.random_bool(0.5) {
            piece.push_str(close);
        }
    }
    let boundaries: Vec<usize> = (0..=input.len())
        .filter(|&i| input.is_char_boundary(i))
        .collect();
    let at = boundaries[rng.random_range(0..boundaries.len())];
    format!("{}{piece}{}", &input[..at], &input[at..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payload_is_spliced_in_deterministically_and_carries_the_marker() {
        let input = "<div>é<table>x";
        let a = with_payload(input, 1, 5);
        assert_eq!(a, with_payload(input, 1, 5));
        assert!(a.contains(MARKER), "{a}");
        // The case's own text is all there, in order, around the payload.
        let kept: Vec<char> = input.chars().collect();
        let mut rest = a.chars();
        assert!(kept.iter().all(|c| rest.any(|d| d == *c)), "{a}");
        let distinct: std::collections::BTreeSet<String> =
            (0..50).map(|i| with_payload(input, 1, i)).collect();
        assert!(distinct.len() > 40);
    }

    #[test]
    fn no_piece_holds_two_steps_of_the_known_dompurify_bypass() {
        // DOMPurify 2.0.16's published bypass nests a MathML text integration point, a
        // table, `mglyph` and `style`: a campaign that finds its cause must find it by
        // combining pieces, so no single piece may hold two of those steps.
        let steps = [
            "<mtext",
            "<mi>",
            "<mo>",
            "<table",
            "<mglyph",
            "<malignmark",
            "<style",
        ];
        let pieces = STRUCTURES
            .iter()
            .map(|(open, _)| *open)
            .chain(CARRIERS.iter().map(|(open, _)| *open))
            .chain(FOREIGN.iter().copied())
            .chain(MATHML_INTEGRATION_POINTS.iter().copied())
            .chain(SWITCHES.iter().copied())
            .chain(APART.iter().copied())
            .chain(BREAKERS.iter().copied())
            .chain(PAYLOADS.iter().copied());
        for piece in pieces {
            let held = steps.iter().filter(|s| piece.contains(*s)).count();
            assert!(held <= 1, "{piece}");
        }
    }
}
