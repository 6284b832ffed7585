//! Attributes.

use crate::generator::soup::{Soup, ATTR_NAMES, ATTR_VALUES};

/// Raw attribute pieces, written as they are: odd quoting, missing values, `=` before a
/// name, quotes and `<` in names, no whitespace between attributes, solidus.
const RAW_ATTRS: &[&str] = &[
    " a=1 a=2",
    " a=1 A=2",
    " CLASS=x class=y",
    " a",
    " a=",
    " a= ",
    " a =b",
    " =a",
    " =a=b",
    " a\"b=1",
    " a'b",
    " a<b=c",
    " a=\"x\"b=\"y\"",
    " a='x'b",
    " a=x\"y",
    " a=x'y",
    " a=x=y",
    " a=`x`",
    " a=x<y",
    " a=\"x",
    " a='x",
    " a=x/",
    " / a",
    " a/b",
    " a=x/ ",
    "/ ",
    " xlink:href=x",
    " xml:lang=en",
    " xmlns=x",
    " xmlns:xlink=x",
    " foo:bar=1",
    " :x=1",
    " ONCLICK=\"x\"",
    " a=&amp;b",
    " a=\"&\"",
];

/// The before/after attribute name, attribute name and attribute value (double-quoted,
/// single-quoted, unquoted) states and "after attribute value (quoted)"
/// (<https://html.spec.whatwg.org/#attribute-name-state>): duplicate attributes, which
/// are dropped (also when they differ only in case), attributes added to an existing
/// `<html>` or `<body>` by a second start tag, uppercase names, odd characters in names
/// and unquoted values, and namespaced-looking names on HTML and foreign elements.
pub(crate) fn attributes(s: &mut Soup) {
    for _ in 0..1 + s.below(3) {
        let element = s.pick(&[
            "p", "div", "a", "img", "input", "html", "body", "svg", "math", "span", "br", "td",
        ]);
        s.push("<");
        s.name(element);
        for _ in 0..1 + s.below(4) {
            if s.chance(0.6) {
                s.one_of(RAW_ATTRS);
            } else {
                let name = s.pick(ATTR_NAMES);
                let value = s.pick(ATTR_VALUES);
                s.attr(name, value);
            }
        }
        s.one_of(&[">", ">", ">", "/>", " />", " >", "\n>", "/ >"]);
        if s.chance(0.5) {
            s.text();
        }
        if s.chance(0.2) {
            s.one_of(&[
                "<html a=1 b=2>",
                "<body x=1>",
                "<html lang=x>",
                "<body bgcolor=red>",
            ]);
        }
    }
}
