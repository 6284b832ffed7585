//! Character references.

use crate::generator::soup::Soup;

/// Named references: legacy ones that match without a semicolon (`amp`, `not`, `copy`),
/// prefixes of longer names (`&notit;` matches `&not`, `&notin;` matches whole), names
/// for two code points, names in the wrong case, and names that match nothing.
const NAMED: &[&str] = &[
    "&amp;",
    "&amp",
    "&AMP",
    "&AMP;",
    "&lt",
    "&gt;",
    "&quot",
    "&nbsp",
    "&nbsp;",
    "&copy",
    "&reg",
    "&not",
    "&notin",
    "&notin;",
    "&notit;",
    "&noti",
    "&notx",
    "&ampx",
    "&amp;x",
    "&Aacute",
    "&aacute;",
    "&ContourIntegral;",
    "&NotEqualTilde;",
    "&bne;",
    "&nGt;",
    "&xyz;",
    "&Amp;",
    "&;",
    "& ",
    "&",
    "&&amp;",
    "&amp;amp;",
    "&frac12",
    "&frac123",
    "&lang;",
    "&image",
    "&iexcl",
    "&yuml;",
    "&zwnj;",
];

/// Numeric references: decimal and hexadecimal, leading zeros, out of range and
/// overflowing, surrogates, noncharacters, controls (the C1 ones are remapped by the
/// numeric character reference end state's table), NUL, and malformed ones.
const NUMERIC: &[&str] = &[
    "&#65;",
    "&#x41;",
    "&#X41",
    "&#0065",
    "&#x0000000000041;",
    "&#x110000;",
    "&#1114112;",
    "&#99999999999;",
    "&#xFFFFFFFFFFFF;",
    "&#xD800;",
    "&#xDFFF;",
    "&#55296;",
    "&#x80;",
    "&#x81;",
    "&#x8D;",
    "&#x9F;",
    "&#128;",
    "&#150;",
    "&#0;",
    "&#x0;",
    "&#x;",
    "&#;",
    "&#x",
    "&#",
    "&#xg;",
    "&#a;",
    "&#xFFFE;",
    "&#x1FFFF;",
    "&#xFDD0;",
    "&#x0D;",
    "&#13;",
    "&#x0B;",
    "&#x7F;",
    "&#9;",
    "&#x10FFFF;",
    "&#x3c;",
    "&#38;",
    "&#x1F600;",
];

/// The character reference, named character reference, ambiguous ampersand, numeric
/// character reference and numeric character reference end states
/// (<https://html.spec.whatwg.org/#named-character-reference-state>), in text, in
/// attribute values (where a legacy name followed by `=` or an alphanumeric is left
/// alone "for historical reasons"), in RCDATA, and in raw text (where nothing is
/// decoded).
pub(crate) fn charref(s: &mut Soup) {
    for _ in 0..1 + s.below(3) {
        match s.below(8) {
            0..=2 => {
                reference(s);
                if s.chance(0.5) {
                    s.one_of(&["", " ", "x", "1", "=", ";", "&", "<p>"]);
                }
            }
            3 | 4 => in_attribute(s),
            5 => {
                let element = s.pick(&["title", "textarea", "style", "script", "xmp"]);
                s.open(element);
                reference(s);
                s.text();
                s.close(element);
            }
            6 => {
                s.one_of(&["<svg>", "<math>", "<table>", "<select>", "<pre>"]);
                reference(s);
            }
            _ => {
                // Several references back to back, or one cut short.
                reference(s);
                reference(s);
            }
        }
    }
}

fn reference(s: &mut Soup) {
    if s.chance(0.5) {
        s.one_of(NAMED);
    } else {
        s.one_of(NUMERIC);
    }
}

/// A reference in an attribute value, followed by `=`, an alphanumeric, `;` or nothing.
fn in_attribute(s: &mut Soup) {
    let element = s.pick(&["a", "img", "div", "svg", "math"]);
    s.push("<");
    s.name(element);
    s.push(" ");
    let name = s.pick(&["href", "title", "x", "alt"]);
    s.push(name);
    s.push("=");
    let quote = s.pick(&["\"", "'", ""]);
    s.push(quote);
    if s.chance(0.5) {
        s.one_of(&["?x=1", "a", "", "http://e/?a=1"]);
    }
    reference(s);
    s.one_of(&["=", "=2", "x", "3", ";", "", " ", "&lt;", "#"]);
    s.push(quote);
    s.push(">");
    if s.chance(0.3) {
        s.text();
    }
}
