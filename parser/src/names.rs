//! Interned local names.
//!
//! Tree construction compares tag names constantly, so element local names are
//! interned: a [`LocalName`] is a small number. The names the parser itself refers to
//! (every HTML element name the spec's algorithms mention, the MathML and SVG names of
//! foreign content, and both spellings of the SVG names whose case the parser fixes)
//! are known up front, as the constants of [`local`]; any other name gets a number
//! from the document's [`Interner`] the first time it is seen.
//!
//! The lists of names the standard's parsing rules single out, for the tools that
//! drive the parser, are here too: [`FRAGMENT_CONTEXTS`] and [`BREAKOUT_START_TAGS`]
//! (`names/lists.rs`).

use std::collections::HashMap;

mod lists;
#[cfg(feature = "fast-paths")]
mod well_known_index;

pub use lists::{BREAKOUT_START_TAGS, FRAGMENT_CONTEXTS};

/// An interned local name. Compare with the constants in [`local`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalName(pub(crate) u32);

macro_rules! well_known_names {
    ($( $constant:ident = $index:literal => $name:literal, )*) => {
        /// The well-known local names, numbered in the byte order of their spelling.
        pub mod local {
            use super::LocalName;
            $( pub const $constant: LocalName = LocalName($index); )*
        }

        /// Spellings of the well-known names, indexed by `LocalName`, sorted.
        static WELL_KNOWN: &[&str] = &[ $( $name, )* ];
    };
}

well_known_names! {
    A = 0 => "a",
    ABBR = 1 => "abbr",
    ADDRESS = 2 => "address",
    ALT_GLYPH = 3 => "altGlyph",
    ALT_GLYPH_DEF = 4 => "altGlyphDef",
    ALT_GLYPH_ITEM = 5 => "altGlyphItem",
    ALTGLYPH = 6 => "altglyph",
    ALTGLYPHDEF = 7 => "altglyphdef",
    ALTGLYPHITEM = 8 => "altglyphitem",
    ANIMATE_COLOR = 9 => "animateColor",
    ANIMATE_MOTION = 10 => "animateMotion",
    ANIMATE_TRANSFORM = 11 => "animateTransform",
    ANIMATECOLOR = 12 => "animatecolor",
    ANIMATEMOTION = 13 => "animatemotion",
    ANIMATETRANSFORM = 14 => "animatetransform",
    ANNOTATION_XML = 15 => "annotation-xml",
    APPLET = 16 => "applet",
    AREA = 17 => "area",
    ARTICLE = 18 => "article",
    ASIDE = 19 => "aside",
    AUDIO = 20 => "audio",
    B = 21 => "b",
    BASE = 22 => "base",
    BASEFONT = 23 => "basefont",
    BDI = 24 => "bdi",
    BDO = 25 => "bdo",
    BGSOUND = 26 => "bgsound",
    BIG = 27 => "big",
    BLINK = 28 => "blink",
    BLOCKQUOTE = 29 => "blockquote",
    BODY = 30 => "body",
    BR = 31 => "br",
    BUTTON = 32 => "button",
    CANVAS = 33 => "canvas",
    CAPTION = 34 => "caption",
    CENTER = 35 => "center",
    CITE = 36 => "cite",
    CLIP_PATH = 37 => "clipPath",
    CLIPPATH = 38 => "clippath",
    CODE = 39 => "code",
    COL = 40 => "col",
    COLGROUP = 41 => "colgroup",
    DATA = 42 => "data",
    DATALIST = 43 => "datalist",
    DD = 44 => "dd",
    DEL = 45 => "del",
    DESC = 46 => "desc",
    DETAILS = 47 => "details",
    DFN = 48 => "dfn",
    DIALOG = 49 => "dialog",
    DIR = 50 => "dir",
    DIV = 51 => "div",
    DL = 52 => "dl",
    DT = 53 => "dt",
    EM = 54 => "em",
    EMBED = 55 => "embed",
    FE_BLEND = 56 => "feBlend",
    FE_COLOR_MATRIX = 57 => "feColorMatrix",
    FE_COMPONENT_TRANSFER = 58 => "feComponentTransfer",
    FE_COMPOSITE = 59 => "feComposite",
    FE_CONVOLVE_MATRIX = 60 => "feConvolveMatrix",
    FE_DIFFUSE_LIGHTING = 61 => "feDiffuseLighting",
    FE_DISPLACEMENT_MAP = 62 => "feDisplacementMap",
    FE_DISTANT_LIGHT = 63 => "feDistantLight",
    FE_DROP_SHADOW = 64 => "feDropShadow",
    FE_FLOOD = 65 => "feFlood",
    FE_FUNC_A = 66 => "feFuncA",
    FE_FUNC_B = 67 => "feFuncB",
    FE_FUNC_G = 68 => "feFuncG",
    FE_FUNC_R = 69 => "feFuncR",
    FE_GAUSSIAN_BLUR = 70 => "feGaussianBlur",
    FE_IMAGE = 71 => "feImage",
    FE_MERGE = 72 => "feMerge",
    FE_MERGE_NODE = 73 => "feMergeNode",
    FE_MORPHOLOGY = 74 => "feMorphology",
    FE_OFFSET = 75 => "feOffset",
    FE_POINT_LIGHT = 76 => "fePointLight",
    FE_SPECULAR_LIGHTING = 77 => "feSpecularLighting",
    FE_SPOT_LIGHT = 78 => "feSpotLight",
    FE_TILE = 79 => "feTile",
    FE_TURBULENCE = 80 => "feTurbulence",
    FEBLEND = 81 => "feblend",
    FECOLORMATRIX = 82 => "fecolormatrix",
    FECOMPONENTTRANSFER = 83 => "fecomponenttransfer",
    FECOMPOSITE = 84 => "fecomposite",
    FECONVOLVEMATRIX = 85 => "feconvolvematrix",
    FEDIFFUSELIGHTING = 86 => "fediffuselighting",
    FEDISPLACEMENTMAP = 87 => "fedisplacementmap",
    FEDISTANTLIGHT = 88 => "fedistantlight",
    FEDROPSHADOW = 89 => "fedropshadow",
    FEFLOOD = 90 => "feflood",
    FEFUNCA = 91 => "fefunca",
    FEFUNCB = 92 => "fefuncb",
    FEFUNCG = 93 => "fefuncg",
    FEFUNCR = 94 => "fefuncr",
    FEGAUSSIANBLUR = 95 => "fegaussianblur",
    FEIMAGE = 96 => "feimage",
    FEMERGE = 97 => "femerge",
    FEMERGENODE = 98 => "femergenode",
    FEMORPHOLOGY = 99 => "femorphology",
    FEOFFSET = 100 => "feoffset",
    FEPOINTLIGHT = 101 => "fepointlight",
    FESPECULARLIGHTING = 102 => "fespecularlighting",
    FESPOTLIGHT = 103 => "fespotlight",
    FETILE = 104 => "fetile",
    FETURBULENCE = 105 => "feturbulence",
    FIELDSET = 106 => "fieldset",
    FIGCAPTION = 107 => "figcaption",
    FIGURE = 108 => "figure",
    FONT = 109 => "font",
    FOOTER = 110 => "footer",
    FOREIGN_OBJECT = 111 => "foreignObject",
    FOREIGNOBJECT = 112 => "foreignobject",
    FORM = 113 => "form",
    FRAME = 114 => "frame",
    FRAMESET = 115 => "frameset",
    GLYPH_REF = 116 => "glyphRef",
    GLYPHREF = 117 => "glyphref",
    H1 = 118 => "h1",
    H2 = 119 => "h2",
    H3 = 120 => "h3",
    H4 = 121 => "h4",
    H5 = 122 => "h5",
    H6 = 123 => "h6",
    HEAD = 124 => "head",
    HEADER = 125 => "header",
    HGROUP = 126 => "hgroup",
    HR = 127 => "hr",
    HTML = 128 => "html",
    I = 129 => "i",
    IFRAME = 130 => "iframe",
    IMAGE = 131 => "image",
    IMG = 132 => "img",
    INPUT = 133 => "input",
    INS = 134 => "ins",
    ISINDEX = 135 => "isindex",
    KBD = 136 => "kbd",
    KEYGEN = 137 => "keygen",
    LABEL = 138 => "label",
    LEGEND = 139 => "legend",
    LI = 140 => "li",
    LINEAR_GRADIENT = 141 => "linearGradient",
    LINEARGRADIENT = 142 => "lineargradient",
    LINK = 143 => "link",
    LISTING = 144 => "listing",
    MAIN = 145 => "main",
    MALIGNMARK = 146 => "malignmark",
    MAP = 147 => "map",
    MARK = 148 => "mark",
    MARQUEE = 149 => "marquee",
    MATH = 150 => "math",
    MENU = 151 => "menu",
    MENUITEM = 152 => "menuitem",
    META = 153 => "meta",
    METER = 154 => "meter",
    MGLYPH = 155 => "mglyph",
    MI = 156 => "mi",
    MN = 157 => "mn",
    MO = 158 => "mo",
    MS = 159 => "ms",
    MTEXT = 160 => "mtext",
    NAV = 161 => "nav",
    NOBR = 162 => "nobr",
    NOEMBED = 163 => "noembed",
    NOFRAMES = 164 => "noframes",
    NOSCRIPT = 165 => "noscript",
    OBJECT = 166 => "object",
    OL = 167 => "ol",
    OPTGROUP = 168 => "optgroup",
    OPTION = 169 => "option",
    OUTPUT = 170 => "output",
    P = 171 => "p",
    PARAM = 172 => "param",
    PICTURE = 173 => "picture",
    PLAINTEXT = 174 => "plaintext",
    PRE = 175 => "pre",
    PROGRESS = 176 => "progress",
    Q = 177 => "q",
    RADIAL_GRADIENT = 178 => "radialGradient",
    RADIALGRADIENT = 179 => "radialgradient",
    RB = 180 => "rb",
    RP = 181 => "rp",
    RT = 182 => "rt",
    RTC = 183 => "rtc",
    RUBY = 184 => "ruby",
    S = 185 => "s",
    SAMP = 186 => "samp",
    SCRIPT = 187 => "script",
    SEARCH = 188 => "search",
    SECTION = 189 => "section",
    SELECT = 190 => "select",
    SELECTEDCONTENT = 191 => "selectedcontent",
    SLOT = 192 => "slot",
    SMALL = 193 => "small",
    SOURCE = 194 => "source",
    SPAN = 195 => "span",
    STRIKE = 196 => "strike",
    STRONG = 197 => "strong",
    STYLE = 198 => "style",
    SUB = 199 => "sub",
    SUMMARY = 200 => "summary",
    SUP = 201 => "sup",
    SVG = 202 => "svg",
    TABLE = 203 => "table",
    TBODY = 204 => "tbody",
    TD = 205 => "td",
    TEMPLATE = 206 => "template",
    TEXT_PATH = 207 => "textPath",
    TEXTAREA = 208 => "textarea",
    TEXTPATH = 209 => "textpath",
    TFOOT = 210 => "tfoot",
    TH = 211 => "th",
    THEAD = 212 => "thead",
    TIME = 213 => "time",
    TITLE = 214 => "title",
    TR = 215 => "tr",
    TRACK = 216 => "track",
    TT = 217 => "tt",
    U = 218 => "u",
    UL = 219 => "ul",
    VAR = 220 => "var",
    VIDEO = 221 => "video",
    WBR = 222 => "wbr",
    XMP = 223 => "xmp",
}

/// How many well-known names there are: every other name's number is at least this.
#[cfg(feature = "fast-paths")]
pub(crate) fn well_known_count() -> usize {
    WELL_KNOWN.len()
}

impl LocalName {
    /// The well-known name spelled `name`, if it is one. With the `fast-paths`
    /// feature, one hash of the name and, on average, little more than one comparison
    /// (`names/well_known_index.rs`); without it, a binary search of the sorted table.
    pub fn well_known(name: &[u8]) -> Option<LocalName> {
        #[cfg(feature = "fast-paths")]
        let index = well_known_index::find(name);
        #[cfg(not(feature = "fast-paths"))]
        let index = WELL_KNOWN
            .binary_search_by(|known| known.as_bytes().cmp(name))
            .ok();
        index.map(|index| LocalName(index as u32))
    }

    /// Whether this is one of the names known up front.
    pub fn is_well_known(self) -> bool {
        (self.0 as usize) < WELL_KNOWN.len()
    }

    /// The spelling of a well-known name (`None` for a name a document interned).
    pub fn well_known_spelling(self) -> Option<&'static str> {
        WELL_KNOWN.get(self.0 as usize).copied()
    }
}

/// The names of one document: the well-known ones, then the ones it added.
#[derive(Clone, Debug, Default)]
pub struct Interner {
    added: Vec<Box<str>>,
    index: HashMap<Box<[u8]>, u32>,
}

impl Interner {
    /// The name spelled `name`, interned if new. `name` must be UTF-8; bytes that are
    /// not are replaced by U+FFFD in the spelling.
    pub fn intern(&mut self, name: &[u8]) -> LocalName {
        if let Some(known) = LocalName::well_known(name) {
            return known;
        }
        if let Some(&id) = self.index.get(name) {
            return LocalName(id);
        }
        let id = (WELL_KNOWN.len() + self.added.len()) as u32;
        self.added
            .push(String::from_utf8_lossy(name).into_owned().into_boxed_str());
        self.index.insert(name.into(), id);
        LocalName(id)
    }

    /// The spelling of a name.
    pub fn spelling(&self, name: LocalName) -> &str {
        let index = name.0 as usize;
        match WELL_KNOWN.get(index) {
            Some(known) => known,
            None => self.added.get(index - WELL_KNOWN.len()).map_or("", |s| s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_well_known_table_is_sorted_and_has_no_duplicates() {
        for pair in WELL_KNOWN.windows(2) {
            assert!(pair[0].as_bytes() < pair[1].as_bytes(), "{pair:?}");
        }
    }

    #[test]
    fn constants_spell_their_names() {
        let interner = Interner::default();
        assert_eq!(interner.spelling(local::DIV), "div");
        assert_eq!(interner.spelling(local::FOREIGN_OBJECT), "foreignObject");
        assert_eq!(interner.spelling(local::FOREIGNOBJECT), "foreignobject");
        assert_eq!(interner.spelling(local::ANNOTATION_XML), "annotation-xml");
        assert_eq!(LocalName::well_known(b"h6"), Some(local::H6));
    }

    #[test]
    fn every_well_known_name_is_found_and_nothing_else() {
        for (index, name) in WELL_KNOWN.iter().enumerate() {
            assert_eq!(
                LocalName::well_known(name.as_bytes()),
                Some(LocalName(index as u32)),
                "{name}"
            );
            // The plain search the index stands in for.
            assert_eq!(
                WELL_KNOWN.binary_search_by(|probe| probe.as_bytes().cmp(name.as_bytes())),
                Ok(index)
            );
        }
        for name in [
            "",
            "x",
            "divx",
            "DIV",
            "foreignobjectx",
            "my-element",
            "\u{e9}",
            // Pack like "div" and "b" as integers; only the length tells them apart.
            "div\0",
            "b\0\0",
            "annotation-xml\0",
        ] {
            assert_eq!(LocalName::well_known(name.as_bytes()), None, "{name}");
        }
    }

    #[test]
    fn new_names_are_interned_once() {
        let mut interner = Interner::default();
        let first = interner.intern(b"my-element");
        assert_eq!(interner.intern(b"my-element"), first);
        assert_ne!(interner.intern(b"other"), first);
        assert_eq!(interner.spelling(first), "my-element");
        assert!(!first.is_well_known());
        assert_eq!(interner.intern(b"table"), local::TABLE);
    }
}
