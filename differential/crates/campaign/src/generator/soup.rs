//! The output buffer every family writes into, with the case's random number generator,
//! the nesting budget, and the small vocabulary (tag names, text, attributes) that the
//! families share.

use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Formatting elements: the ones the list of active formatting elements holds.
pub(crate) const FORMATTING: &[&str] = &[
    "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u",
];

/// Special elements that can become a "furthest block", plus the marker-inserting
/// `applet`, `marquee` and `object`.
pub(crate) const BLOCKS: &[&str] = &[
    "div",
    "p",
    "blockquote",
    "address",
    "article",
    "aside",
    "center",
    "dd",
    "dt",
    "dl",
    "details",
    "fieldset",
    "figure",
    "h1",
    "h3",
    "li",
    "listing",
    "main",
    "menu",
    "ol",
    "ul",
    "pre",
    "section",
    "summary",
    "button",
    "form",
    "marquee",
    "object",
    "applet",
];

/// Ordinary phrasing elements and a few void ones.
pub(crate) const PHRASING: &[&str] = &[
    "span", "label", "abbr", "sub", "sup", "q", "var", "ruby", "rt", "rp", "img", "br", "wbr",
    "input", "kbd", "dfn", "mark", "time", "data", "output",
];

/// Void elements (and the legacy ones the parser treats alike).
pub(crate) const VOID: &[&str] = &[
    "br", "img", "input", "hr", "wbr", "meta", "link", "area", "base", "col", "embed", "param",
    "source", "track", "keygen", "basefont", "bgsound", "frame", "image",
];

/// Attribute names for ordinary attributes.
pub(crate) const ATTR_NAMES: &[&str] = &[
    "class", "id", "href", "title", "type", "name", "value", "style", "lang", "dir", "color",
    "size", "face", "x", "data-x", "selected", "hidden", "src", "alt", "width",
];

/// Attribute values, from empty to awkward (the writer chooses a quoting that keeps
/// them intact unless a family asks for raw text).
pub(crate) const ATTR_VALUES: &[&str] = &[
    "",
    "x",
    "a b",
    "1",
    "hidden",
    "#",
    "&amp;",
    "&amp",
    "\u{e9}",
    "\"",
    "'",
    "a=b",
    "/",
    "x>y",
    "red",
    "text/html",
    "\u{0}",
    "\r\n",
    "`",
];

/// Short text pieces.
const TEXT: &[&str] = &[
    "x",
    "foo",
    "bar",
    " ",
    "\n",
    "a b",
    "1",
    "\u{e9}",
    "\u{65e5}\u{672c}",
    "\u{a0}",
    "&",
    "<",
    "x>y",
    "\t",
    "text",
    "  ",
    "Z",
    "\u{1f600}",
    "-",
    "=",
];

/// Odd code points: controls, C1 controls, noncharacters, NUL, CR, BOM, astral ones.
const ODD_CHARS: &[char] = &[
    '\u{0}',
    '\r',
    '\u{1}',
    '\u{8}',
    '\u{b}',
    '\u{c}',
    '\u{e}',
    '\u{1f}',
    '\u{7f}',
    '\u{80}',
    '\u{85}',
    '\u{8d}',
    '\u{9f}',
    '\u{a0}',
    '\u{ad}',
    '\u{2028}',
    '\u{fdd0}',
    '\u{fdef}',
    '\u{feff}',
    '\u{fffd}',
    '\u{fffe}',
    '\u{ffff}',
    '\u{1fffe}',
    '\u{10ffff}',
    '\u{e000}',
    '\u{1d400}',
];

/// Whitespace the tokenizer knows, and CR, which preprocessing normalizes.
const WHITESPACE: &[&str] = &[" ", " ", "\n", "\t", "\u{c}", "\r\n", "\r", "  \n"];

/// The choice of what writes nested content: a family that writes soup, by weight
/// (the generator's `families::Picker`; soup knows no family).
pub(crate) trait Nesting {
    /// A soup-writing family's function, by weight.
    fn nested(&self, soup: &mut Soup) -> Option<fn(&mut Soup)>;
}

/// The case being written: its output so far, its random number generator and its
/// budgets. Families append to `out` through the helpers below.
pub(crate) struct Soup<'g> {
    rng: ChaCha8Rng,
    pub(crate) out: String,
    depth: u32,
    max_depth: u32,
    target: usize,
    picker: &'g dyn Nesting,
}

impl<'g> Soup<'g> {
    pub(crate) fn new(
        rng: ChaCha8Rng,
        picker: &'g dyn Nesting,
        max_depth: u32,
        target: usize,
    ) -> Self {
        Soup {
            rng,
            out: String::with_capacity(target),
            depth: 0,
            max_depth,
            target,
            picker,
        }
    }

    /// Sets the size the case aims at.
    pub(crate) fn set_target(&mut self, target: usize) {
        self.target = target;
        self.out.reserve(target + 64);
    }

    pub(crate) fn picker(&self) -> &'g dyn Nesting {
        self.picker
    }

    /// True with probability `p`.
    pub(crate) fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p.clamp(0.0, 1.0))
    }

    /// A number in `0..n`; `n` must be positive.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n)
    }

    /// A number in `0..n` for a positive `n`.
    pub(crate) fn below_u64(&mut self, n: u64) -> u64 {
        self.rng.random_range(0..n)
    }

    /// A uniform real number in `[0, 1)`.
    pub(crate) fn unit(&mut self) -> f64 {
        self.rng.random::<f64>()
    }

    pub(crate) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.rng);
    }

    /// Whether the case still has room for more content.
    pub(crate) fn room(&self) -> bool {
        self.out.len() < self.target
    }

    pub(crate) fn push(&mut self, s: &str) {
        self.out.push_str(s);
    }

    pub(crate) fn ch(&mut self, c: char) {
        self.out.push(c);
    }

    /// Writes one of `pieces`.
    pub(crate) fn one_of(&mut self, pieces: &[&str]) {
        let piece = self.pick(pieces);
        self.out.push_str(piece);
    }

    /// Writes `name` as is, or (one time in eight) with its ASCII letters in random case,
    /// which the tokenizer must lowercase.
    pub(crate) fn name(&mut self, name: &str) {
        if self.chance(0.125) {
            for c in name.chars() {
                if self.chance(0.5) {
                    self.out.push(c.to_ascii_uppercase());
                } else {
                    self.out.push(c);
                }
            }
        } else {
            self.out.push_str(name);
        }
    }

    /// Short text, now and then with an odd code point in it.
    pub(crate) fn text(&mut self) {
        let n = 1 + self.below(3);
        for _ in 0..n {
            if self.chance(0.06) {
                self.odd_char();
            } else {
                self.one_of(TEXT);
            }
        }
    }

    /// Text that is never only whitespace (for the "in table text" cases).
    pub(crate) fn word(&mut self) {
        self.one_of(&["x", "foo", "bar", "1", "\u{e9}", "Z", "a b", "text"]);
    }

    pub(crate) fn ws(&mut self) {
        self.one_of(WHITESPACE);
    }

    /// One control character, C1 control, noncharacter or other odd code point.
    pub(crate) fn odd_char(&mut self) {
        if self.chance(0.2) {
            // Any C1 control, U+0080 to U+009F.
            let c = char::from_u32(0x80 + self.below(0x20) as u32).unwrap_or('\u{80}');
            self.out.push(c);
        } else {
            let c = self.pick(ODD_CHARS);
            self.out.push(c);
        }
    }

    /// `<name>`, sometimes with attributes, sometimes self-closing.
    pub(crate) fn open(&mut self, name: &str) {
        self.out.push('<');
        self.name(name);
        if self.chance(0.15) {
            self.attrs();
        }
        if self.chance(0.03) {
            self.out.push('/');
        }
        self.out.push('>');
    }

    /// `</name>`.
    pub(crate) fn close(&mut self, name: &str) {
        self.out.push_str("</");
        self.name(name);
        self.out.push('>');
    }

    /// Zero to two ordinary attributes with a leading space each.
    pub(crate) fn attrs(&mut self) {
        let n = 1 + self.below(2);
        for _ in 0..n {
            let name = self.pick(ATTR_NAMES);
            let value = self.pick(ATTR_VALUES);
            self.attr(name, value);
        }
    }

    /// ` name="value"`, with a quoting chosen at random among those that keep `value`
    /// intact (an empty value may also be written as a bare name).
    pub(crate) fn attr(&mut self, name: &str, value: &str) {
        self.out.push(' ');
        self.name(name);
        if value.is_empty() && self.chance(0.5) {
            return;
        }
        let unquoted_ok = !value.is_empty()
            && !value.contains(|c: char| {
                matches!(
                    c,
                    ' ' | '\t' | '\n' | '\r' | '\u{c}' | '>' | '"' | '\'' | '`' | '<' | '='
                )
            });
        let quote = match self.below(3) {
            0 if unquoted_ok => None,
            1 if !value.contains('\'') => Some('\''),
            _ if !value.contains('"') => Some('"'),
            _ => Some('\''),
        };
        self.out.push('=');
        match quote {
            None => self.out.push_str(value),
            Some(q) => {
                self.out.push(q);
                self.out.push_str(value);
                self.out.push(q);
            }
        }
    }

    /// Content from another family, one level deeper, or text when the nesting depth
    /// or the size budget is spent. This is the only recursion in the generator, and
    /// `max_depth` bounds it.
    pub(crate) fn nested(&mut self) {
        if self.depth >= self.max_depth || !self.room() {
            self.text();
            return;
        }
        match self.picker.nested(self) {
            Some(generate) => {
                self.depth += 1;
                generate(self);
                self.depth -= 1;
            }
            None => self.text(),
        }
    }

    /// Runs `generate` into a fresh buffer and returns what it wrote, leaving `out`
    /// as it was.
    pub(crate) fn chunk(&mut self, generate: fn(&mut Soup)) -> String {
        let saved = std::mem::take(&mut self.out);
        generate(self);
        std::mem::replace(&mut self.out, saved)
    }
}

/// The largest char boundary of `s` at or before `at`.
pub(crate) fn floor_boundary(s: &str, at: usize) -> usize {
    let mut at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}
