//! Formatting elements: the adoption agency algorithm, the list of active formatting
//! elements (Noah's Ark, markers, reconstruction) and the `<a>` and `<nobr>` rules.

use crate::generator::soup::{Soup, BLOCKS, FORMATTING, PHRASING};

/// The adoption agency algorithm,
/// <https://html.spec.whatwg.org/#adoption-agency-algorithm>: formatting elements
/// opened around blocks (which become the furthest block) and closed out of order;
/// sometimes enough blocks to run the inner loop past its third step and the outer loop
/// to its eighth; text afterwards, to "reconstruct the active formatting elements".
pub(crate) fn adoption(s: &mut Soup) {
    if s.chance(0.2) {
        adoption_across_markers(s);
        return;
    }
    let mut open: Vec<&'static str> = Vec::with_capacity(16);
    for _ in 0..1 + s.below(3) {
        let f = s.pick(FORMATTING);
        s.open(f);
        open.push(f);
        if s.chance(0.4) {
            s.text();
        }
    }
    let blocks = if s.chance(0.25) {
        3 + s.below(9)
    } else {
        1 + s.below(3)
    };
    for _ in 0..blocks {
        let b = if s.chance(0.8) {
            s.pick(BLOCKS)
        } else if s.chance(0.5) {
            s.pick(FORMATTING)
        } else {
            s.pick(PHRASING)
        };
        s.open(b);
        open.push(b);
        if s.chance(0.5) {
            s.text();
        }
        if s.chance(0.15) {
            s.nested();
        }
    }
    // Close a random subset in a random order, formatting elements first more often
    // than not: that is what runs the algorithm with a furthest block.
    if s.chance(0.6) {
        let first = open[s.below(open.len())];
        s.close(first);
    }
    s.shuffle(&mut open);
    for name in open {
        if s.chance(0.7) {
            s.close(name);
            if s.chance(0.4) {
                s.text();
            }
        }
    }
    s.text();
}

/// The adoption agency across the markers that `td`, `th`, `caption`, `applet`,
/// `marquee`, `object` and `template` push: a formatting element opened outside a cell
/// or marker element and closed inside it, or the reverse.
fn adoption_across_markers(s: &mut Soup) {
    let f = s.pick(FORMATTING);
    let g = s.pick(FORMATTING);
    s.open(f);
    s.text();
    match s.below(4) {
        0 => s.push("<table><tr><td>"),
        1 => s.push("<table><caption>"),
        2 => {
            let marker = s.pick(&["applet", "marquee", "object"]);
            s.open(marker);
        }
        _ => s.push("<template>"),
    }
    s.open(g);
    s.text();
    s.close(f);
    s.text();
    if s.chance(0.5) {
        s.close(g);
    }
    s.one_of(&[
        "</td></table>",
        "</table>",
        "</caption>",
        "</template>",
        "</object>",
        "",
    ]);
    s.text();
    if s.chance(0.5) {
        s.close(f);
    }
}

/// "Push onto the list of active formatting elements", its Noah's Ark clause
/// (<https://html.spec.whatwg.org/#push-onto-the-list-of-active-formatting-elements>):
/// three or more elements with the same tag name and attributes (written in another
/// order or case, or with one value changed), then a block and text so the survivors
/// are reconstructed.
pub(crate) fn noahs_ark(s: &mut Soup) {
    let f = s.pick(FORMATTING);
    let mut attrs: [(&str, &str); 3] = [("class", "x"), ("id", "y"), ("color", "red")];
    let n_attrs = s.below(4);
    for slot in attrs.iter_mut().take(n_attrs) {
        *slot = (
            s.pick(&["class", "id", "color", "size", "title", "href"]),
            s.pick(&["x", "y", "", "1", "X"]),
        );
    }
    let copies = 3 + s.below(4);
    let marker_at = if s.chance(0.2) {
        s.below(copies)
    } else {
        usize::MAX
    };
    for i in 0..copies {
        if i == marker_at {
            s.push("<table><td>");
        }
        s.push("<");
        s.name(f);
        let mut order = [0usize, 1, 2];
        if s.chance(0.3) {
            s.shuffle(&mut order[..n_attrs]);
        }
        let changed = s.chance(0.1);
        for &k in order.iter().take(n_attrs) {
            let (name, value) = attrs[k];
            s.attr(name, if changed { "other" } else { value });
        }
        s.push(">");
        if s.chance(0.3) {
            s.text();
        }
        if s.chance(0.15) {
            let other = s.pick(FORMATTING);
            s.open(other);
        }
    }
    let block = s.pick(BLOCKS);
    s.open(block);
    s.text();
    if s.chance(0.5) {
        s.close(f);
        s.text();
    }
    if s.chance(0.3) {
        s.push("</p>");
        s.text();
    }
}

/// In body, "a start tag whose tag name is a" (an `a` still in the list of active
/// formatting elements runs the adoption agency for `a` first) and "a start tag whose
/// tag name is nobr" (a `nobr` in scope does the same).
pub(crate) fn a_nobr(s: &mut Soup) {
    let tag = if s.chance(0.6) { "a" } else { "nobr" };
    let steps = 3 + s.below(5);
    for _ in 0..steps {
        match s.below(10) {
            0..=2 => {
                s.push("<");
                s.name(tag);
                if tag == "a" && s.chance(0.6) {
                    let href = s.pick(&["1", "2", "#", ""]);
                    s.attr("href", href);
                }
                s.push(">");
            }
            3 | 4 => s.text(),
            5 => {
                let block = s.pick(BLOCKS);
                s.open(block);
            }
            6 => {
                let other = s.pick(FORMATTING);
                s.open(other);
            }
            7 => s.one_of(&[
                "<table>",
                "<table><tr><td>",
                "<td>",
                "</table>",
                "<caption>",
            ]),
            8 => s.close(tag),
            _ => s.one_of(&["</p>", "</div>", "<p>", "<button>", "</button>", "<li>"]),
        }
    }
    s.text();
}
