//! SVG and MathML: foreign content, its integration points, its name adjustments and
//! CDATA sections.

use crate::generator::soup::Soup;

/// SVG children, integration points among them (`foreignObject`, `desc`, `title`).
const SVG_CHILDREN: &[&str] = &[
    "g",
    "path",
    "circle",
    "rect",
    "text",
    "tspan",
    "foreignObject",
    "foreignobject",
    "desc",
    "title",
    "clipPath",
    "linearGradient",
    "use",
    "image",
    "script",
    "style",
    "a",
    "svg",
    "math",
];

/// MathML children: the text integration points (`mi`, `mo`, `mn`, `ms`, `mtext`),
/// `mglyph` and `malignmark` (which stay MathML inside them), `annotation-xml`.
const MATH_CHILDREN: &[&str] = &[
    "mi",
    "mo",
    "mn",
    "ms",
    "mtext",
    "mrow",
    "mglyph",
    "malignmark",
    "annotation-xml",
    "semantics",
    "mfrac",
    "annotation",
    "svg",
    "math",
];

/// Start tags that break out of foreign content, drawn from (in the generator's order,
/// which the case stream depends on) the parser's list
/// [`litmus_parser::names::BREAKOUT_START_TAGS`]: `font` is written apart, with and
/// without the attributes that make it break out, and of the headings `h1` and `h4`
/// stand for the rest. A test holds every name to the parser's list.
const BREAKOUT: &[&str] = &[
    "b",
    "big",
    "blockquote",
    "body",
    "br",
    "center",
    "code",
    "dd",
    "div",
    "dl",
    "dt",
    "em",
    "embed",
    "h1",
    "h4",
    "head",
    "hr",
    "i",
    "img",
    "li",
    "listing",
    "menu",
    "meta",
    "nobr",
    "ol",
    "p",
    "pre",
    "ruby",
    "s",
    "small",
    "span",
    "strong",
    "strike",
    "sub",
    "sup",
    "table",
    "tt",
    "u",
    "ul",
    "var",
];

/// The rules for parsing tokens in foreign content
/// (<https://html.spec.whatwg.org/#parsing-main-inforeign>), the "HTML integration
/// point" and "MathML text integration point" tests in the tree construction
/// dispatcher, `annotation-xml` with `encoding` (text/html and application/xhtml+xml
/// make it an HTML integration point), and the breakout tags: `font` only with
/// `color`, `face` or `size`, and the end tags `</p>` and `</br>`.
pub(crate) fn foreign_content(s: &mut Soup) {
    let svg = s.chance(0.55);
    let root = if svg { "svg" } else { "math" };
    s.open(root);
    let mut open: Vec<&'static str> = Vec::with_capacity(8);
    let steps = 2 + s.below(6);
    for _ in 0..steps {
        match s.below(12) {
            0..=3 => {
                let child = if svg {
                    s.pick(SVG_CHILDREN)
                } else {
                    s.pick(MATH_CHILDREN)
                };
                if child == "annotation-xml" {
                    annotation_xml(s);
                } else {
                    s.push("<");
                    s.name(child);
                    if s.chance(0.15) {
                        s.push("/");
                    }
                    s.push(">");
                }
                if open.len() < 8 {
                    open.push(child);
                }
            }
            4 | 5 => {
                let tag = s.pick(BREAKOUT);
                s.open(tag);
            }
            6 => font(s),
            7 => s.one_of(&[
                "</p>", "</br>", "</P>", "</br/>", "</div>", "</svg>", "</math>",
            ]),
            8 => s.one_of(&["x\u{0}y", "\u{0}", " ", "x", "<!--c-->", "&lt;", "\r\n"]),
            9 => s.one_of(&[
                "<mglyph>",
                "<malignmark>",
                "<mi><mglyph>",
                "<mtext><malignmark/>",
            ]),
            10 => {
                if let Some(name) = open.pop() {
                    s.close(name);
                }
            }
            _ => s.nested(),
        }
    }
    if s.chance(0.4) {
        s.close(root);
    }
    if s.chance(0.3) {
        s.text();
    }
}

/// `<annotation-xml>` with or without an `encoding` that makes it an HTML integration
/// point, then HTML or SVG content.
fn annotation_xml(s: &mut Soup) {
    s.push("<");
    s.name("annotation-xml");
    if s.chance(0.8) {
        let encoding = s.pick(&[
            "text/html",
            "TEXT/HTML",
            "application/xhtml+xml",
            "Application/XHTML+XML",
            "text/html ",
            "text/xml",
            "",
        ]);
        s.attr("encoding", encoding);
    }
    s.push(">");
    s.one_of(&[
        "<div>x</div>",
        "<svg>",
        "<p>",
        "<b>x",
        "x",
        "<math>",
        "<mi>",
        "<table>",
    ]);
}

/// `<font>` with or without one of the attributes that make it a breakout tag.
fn font(s: &mut Soup) {
    s.push("<");
    s.name("font");
    if s.chance(0.75) {
        let name = s.pick(&["color", "face", "size", "COLOR", "colour", "class"]);
        s.attr(name, "1");
    }
    s.push(">");
    s.text();
}

/// SVG tag names that tree construction fixes up from lowercase.
const SVG_CASE_NAMES: &[&str] = &[
    "altglyph",
    "altglyphdef",
    "altglyphitem",
    "animatecolor",
    "animatemotion",
    "animatetransform",
    "clippath",
    "feblend",
    "fecolormatrix",
    "fecomponenttransfer",
    "fecomposite",
    "feconvolvematrix",
    "fediffuselighting",
    "fedisplacementmap",
    "fedistantlight",
    "fedropshadow",
    "feflood",
    "fefunca",
    "fegaussianblur",
    "feimage",
    "femergenode",
    "femorphology",
    "feoffset",
    "fepointlight",
    "fespecularlighting",
    "fespotlight",
    "fetile",
    "feturbulence",
    "foreignobject",
    "glyphref",
    "lineargradient",
    "radialgradient",
    "textpath",
    "ClipPath",
    "FOREIGNOBJECT",
];

/// SVG attribute names that "adjust SVG attributes" fixes up, and MathML's one.
const CASE_ATTRS: &[&str] = &[
    "attributename",
    "basefrequency",
    "calcmode",
    "clippathunits",
    "diffuseconstant",
    "gradienttransform",
    "kernelmatrix",
    "keysplines",
    "lengthadjust",
    "markerheight",
    "numoctaves",
    "pathlength",
    "patterncontentunits",
    "pointsatx",
    "preserveaspectratio",
    "refx",
    "repeatcount",
    "requiredfeatures",
    "specularexponent",
    "stddeviation",
    "systemlanguage",
    "tablevalues",
    "textlength",
    "viewbox",
    "VIEWBOX",
    "viewBox",
    "zoomandpan",
    "definitionurl",
    "DEFINITIONURL",
    "definitionURL",
];

/// Attribute names that "adjust foreign attributes" puts in a namespace.
const FOREIGN_ATTRS: &[&str] = &[
    "xlink:actuate",
    "xlink:arcrole",
    "xlink:href",
    "xlink:role",
    "xlink:show",
    "xlink:title",
    "xlink:type",
    "xml:lang",
    "xml:space",
    "xmlns",
    "xmlns:xlink",
    "XLINK:HREF",
    "xml:base",
    "xlink:foo",
    "xmlns:foo",
];

/// "Adjust SVG attributes", "adjust MathML attributes" and "adjust foreign attributes"
/// (<https://html.spec.whatwg.org/#adjust-foreign-attributes>), and the table of SVG
/// tag-name fix-ups, on SVG and MathML elements and — where they must not apply — on
/// HTML elements; end tags written in lowercase for fixed-up names.
pub(crate) fn foreign_names(s: &mut Soup) {
    let host = s.pick(&["svg", "math", "div", "svg", "math"]);
    s.push("<");
    s.name(host);
    names_attrs(s);
    s.push(">");
    for _ in 0..1 + s.below(4) {
        let name = if host == "math" && s.chance(0.5) {
            s.pick(&["mi", "annotation-xml", "mtext", "clippath", "svg"])
        } else {
            s.pick(SVG_CASE_NAMES)
        };
        s.push("<");
        s.push(name);
        names_attrs(s);
        let end = if s.chance(0.2) { "/>" } else { ">" };
        s.push(end);
        if s.chance(0.3) {
            s.text();
        }
        if s.chance(0.4) {
            let lower = s.pick(&["clippath", "foreignobject", "lineargradient", "textpath"]);
            s.close(lower);
        }
    }
    if s.chance(0.4) {
        s.close(host);
    }
}

fn names_attrs(s: &mut Soup) {
    for _ in 0..s.below(4) {
        let name = if s.chance(0.5) {
            s.pick(CASE_ATTRS)
        } else {
            s.pick(FOREIGN_ATTRS)
        };
        let value = s.pick(&["x", "0 0 1 1", "", "http://www.w3.org/1999/xlink"]);
        s.attr(name, value);
    }
}

/// CDATA sections: the markup declaration open state takes `[CDATA[` only when the
/// adjusted current node is in a foreign namespace, otherwise it is a bogus comment
/// ("cdata-in-html-content"); then the CDATA section, bracket and end states, and
/// CDATA at EOF.
pub(crate) fn cdata(s: &mut Soup) {
    match s.below(5) {
        0 | 1 => s.one_of(&["<svg>", "<math>", "<svg><g>", "<math><mi>", "<svg><desc>"]),
        2 => s.one_of(&[
            "<svg><foreignObject>",
            "<math><annotation-xml encoding=text/html>",
        ]),
        3 => s.one_of(&["<svg><title><svg>", "<math><mtext><svg>"]),
        _ => {}
    }
    for _ in 0..1 + s.below(2) {
        s.one_of(&["<![CDATA[", "<![cdata[", "<![CDATA", "<![CDATA[[", "<!["]);
        s.one_of(&[
            "x",
            "",
            "<b>",
            "&amp;",
            "]",
            "]]",
            "]]]",
            "\u{0}",
            "a]b",
            "<![CDATA[",
        ]);
        s.one_of(&["]]>", "]]>", "]] >", "]>", "]]]>", "", "]]", "--]]>"]);
        s.text();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_breakout_tag_drawn_is_one_of_the_parsers() {
        for name in BREAKOUT {
            assert!(
                litmus_parser::names::BREAKOUT_START_TAGS.contains(name),
                "{name} does not break out of foreign content"
            );
        }
    }
}
