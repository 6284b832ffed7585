//! The relaxed `<select>`.

use crate::generator::soup::Soup;

/// The relaxed select parsing of the in body insertion mode: "a start tag whose tag
/// name is select", "option", "optgroup", `hr` in select, content in select, `button`
/// as the select's first child holding `<selectedcontent>`, and "maybe clone an option
/// into selectedcontent" with `selected` options; plus `input`, `textarea` and a second
/// `select`, which close the select.
pub(crate) fn select(s: &mut Soup) {
    s.one_of(&[
        "",
        "",
        "",
        "<table><td>",
        "<table>",
        "<p>",
        "<svg>",
        "<template>",
    ]);
    s.open("select");
    if s.chance(0.4) {
        // <select><button><selectedcontent></button> …
        s.open("button");
        if s.chance(0.8) {
            s.push("<selectedcontent>");
        }
        if s.chance(0.3) {
            s.text();
        }
        if s.chance(0.8) {
            s.push("</button>");
        }
    }
    let options = 1 + s.below(5);
    for _ in 0..options {
        match s.below(12) {
            0..=4 => option(s),
            5 => s.one_of(&["<optgroup>", "<optgroup label=g>", "</optgroup>"]),
            6 => s.one_of(&["<hr>", "<option><hr>", "<optgroup><hr>"]),
            7 => s.one_of(&["<input>", "<textarea>x</textarea>", "<select>", "<keygen>"]),
            8 => s.one_of(&[
                "<div>x</div>",
                "<b>x",
                "<span>",
                "<img>",
                "<p>",
                "<svg>x</svg>",
            ]),
            9 => s.one_of(&[
                "<script>x</script>",
                "<template><option>",
                "<button>",
                "<datalist>",
            ]),
            10 => s.one_of(&[
                "</option>",
                "</select>",
                "</button>",
                "</selectedcontent>",
                "x",
            ]),
            _ => s.nested(),
        }
    }
    if s.chance(0.6) {
        s.close("select");
    }
    if s.chance(0.25) {
        s.one_of(&[
            "<option>x",
            "<optgroup><option>",
            "<selectedcontent>",
            "</option>",
        ]);
    }
}

/// `<option>` with or without `selected`, and content that `selectedcontent` clones.
fn option(s: &mut Soup) {
    s.push("<");
    s.name("option");
    if s.chance(0.3) {
        let name = s.pick(&["selected", "SELECTED", "value", "label", "disabled"]);
        s.attr(name, "");
    }
    s.push(">");
    match s.below(5) {
        0 => s.text(),
        1 => s.one_of(&[
            "<b>x</b>",
            "<i>y",
            "<span>z</span>",
            "<img alt=x>",
            "<em>x</p>",
        ]),
        2 => s.one_of(&["<div>x</div>", "<svg><circle/></svg>", "<p>x"]),
        3 => s.word(),
        _ => {}
    }
    if s.chance(0.4) {
        s.push("</option>");
    }
}
