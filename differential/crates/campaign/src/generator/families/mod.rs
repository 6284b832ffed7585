//! The construct families: one small function per family, grouped by construct in the
//! submodules, and the table ([`FAMILIES`]) that names them, gives their default
//! weights and says which spec algorithm each one stresses.

mod attributes;
mod charref;
mod controls;
mod foreign;
mod formatting;
mod markup;
mod rawtext;
mod select;
mod structure;
mod tables;
mod template;

use super::soup::{Nesting, Soup};

/// How a family writes its content.
#[derive(Clone, Copy)]
pub(crate) enum Generate {
    /// Appends one chunk of tag soup.
    Soup(fn(&mut Soup)),
    /// Writes a case with another family, then cuts it at an arbitrary character
    /// boundary (see `eof.rs`). Never chosen for nested content.
    CutAtEof,
}

/// One construct family.
pub struct Family {
    /// The family's name, as reported in [`super::GeneratedCase::family`] and accepted
    /// by [`super::GeneratorConfig::set_weight`].
    pub name: &'static str,
    /// Its weight when the configuration does not override it.
    pub default_weight: u32,
    /// The spec algorithms it stresses, in a phrase.
    pub stresses: &'static str,
    pub(crate) generate: Generate,
    /// Fragment contexts that suit the family; a fragment case of this family uses one
    /// of them half of the time (they are all in [`super::FRAGMENT_CONTEXTS`]).
    pub(crate) contexts: &'static [&'static str],
    /// The arms of the standard the family claims to reach (ids of
    /// `litmus_parser::spec_arms`, as docs/spec-arms.md lists them): a small fixed
    /// campaign of the family passes each of them (`generator::tests`).
    pub targets: &'static [&'static str],
}

/// Every family, in a fixed order (the order is part of what makes a case replayable).
pub const FAMILIES: &[Family] = &[
    Family {
        name: "adoption",
        default_weight: 12,
        stresses: "adoption agency algorithm: formatting elements misnested across blocks",
        generate: Generate::Soup(formatting::adoption),
        contexts: &["body", "div", "td", "template"],
        targets: &[
            "tree.adoption-agency.step-4-outer-loop",
            "tree.adoption-agency.step-4-8-no-furthest-block",
            "tree.adoption-agency.step-4-13-inner-loop",
            "tree.adoption-agency.step-4-13-6-node-replaced",
            "tree.adoption-agency.step-4-13-7-bookmark-moved",
            "tree.adoption-agency.step-4-14-last-node-inserted",
        ],
    },
    Family {
        name: "noahs-ark",
        default_weight: 4,
        stresses: "push onto the list of active formatting elements (Noah's Ark clause), reconstruction",
        generate: Generate::Soup(formatting::noahs_ark),
        contexts: &["body", "td", "caption"],
        targets: &[
            "tree.in-body.start-tag-b-big-code-etc",
            "tree.in-body.end-tag-a-b-big-etc",
            "tree.adoption-agency.step-4-outer-loop",
        ],
    },
    Family {
        name: "a-nobr",
        default_weight: 4,
        stresses: "in body: <a> inside <a> and <nobr> inside <nobr> run the adoption agency",
        generate: Generate::Soup(formatting::a_nobr),
        contexts: &["body", "td", "table"],
        targets: &[
            "tree.in-body.start-tag-a",
            "tree.in-body.start-tag-nobr",
            "tree.adoption-agency.step-4-outer-loop",
        ],
    },
    Family {
        name: "foster-parenting",
        default_weight: 10,
        stresses: "in table / in table text anything-else: foster parenting of text and elements",
        generate: Generate::Soup(tables::foster_parenting),
        contexts: &["table", "tbody", "tr", "td", "caption"],
        targets: &[
            "tree.appropriate-place.step-3-foster-parenting",
            "tree.in-table.start-tag-input",
            "tree.in-table.start-tag-form",
            "tree.in-table-text.character-null",
        ],
    },
    Family {
        name: "table-structure",
        default_weight: 8,
        stresses: "in table, in caption, in column group, in table body, in row, in cell; close the cell",
        generate: Generate::Soup(tables::table_structure),
        contexts: &["table", "tbody", "tr", "td", "caption", "colgroup"],
        targets: &[
            "tree.in-caption.start-tag-caption-col-colgroup-etc",
            "tree.in-cell.start-tag-caption-col-colgroup-etc",
            "tree.in-column-group.start-tag-col",
            "tree.reset-the-insertion-mode.step-4-td-th",
            "tree.in-table.end-tag-table",
        ],
    },
    Family {
        name: "foreign",
        default_weight: 10,
        stresses: "rules for parsing tokens in foreign content: integration points and breakout tags",
        generate: Generate::Soup(foreign::foreign_content),
        contexts: &[
            "svg svg",
            "svg foreignObject",
            "svg desc",
            "svg title",
            "math math",
            "math mi",
            "math mtext",
            "math annotation-xml",
        ],
        targets: &[
            "tree.in-body.start-tag-math",
            "tree.in-foreign-content.start-tag-breakout",
            "tree.in-foreign-content.any-other-start-tag",
            "tree.in-foreign-content.any-other-end-tag",
        ],
    },
    Family {
        name: "foreign-names",
        default_weight: 4,
        stresses: "adjust SVG/MathML/foreign attributes and the SVG tag-name case fix-ups",
        generate: Generate::Soup(foreign::foreign_names),
        contexts: &["svg svg", "math math", "body"],
        targets: &[
            "tokenizer.attribute-name.ascii-upper-alpha",
            "serializer.fragment-serialization.attribute-xlink",
            "serializer.fragment-serialization.attribute-xml",
            "serializer.fragment-serialization.attribute-xmlns-xmlns",
            "serializer.fragment-serialization.attribute-xmlns",
        ],
    },
    Family {
        name: "cdata",
        default_weight: 3,
        stresses: "markup declaration open: CDATA sections in foreign content, bogus comments in HTML",
        generate: Generate::Soup(foreign::cdata),
        contexts: &["svg svg", "math mi", "body", "svg foreignObject"],
        targets: &[
            "tokenizer.markup-declaration-open.cdata-in-foreign-content",
            "tokenizer.cdata-section.right-square-bracket",
            "tokenizer.cdata-section-end.u-003e-greater-than-sign-character",
            "tokenizer.bogus-comment.anything-else",
        ],
    },
    Family {
        name: "template",
        default_weight: 6,
        stresses: "in template: the stack of template insertion modes, template contents, reset the insertion mode",
        generate: Generate::Soup(template::template),
        contexts: &["template", "head", "table", "tr", "colgroup", "html"],
        targets: &[
            "tree.in-head.end-tag-template",
            "tree.in-template.start-tag-base-basefont-bgsound-etc",
            "tree.in-template.character",
            "tree.reset-the-insertion-mode.step-10-template",
            "tree.appropriate-place.step-6-template-contents",
        ],
    },
    Family {
        name: "select",
        default_weight: 6,
        stresses: "relaxed <select> parsing: option, optgroup, hr, button and selectedcontent in select",
        generate: Generate::Soup(select::select),
        contexts: &["select", "option", "body", "td"],
        targets: &[
            "tree.in-body.start-tag-select",
            "tree.in-body.start-tag-option",
            "tree.in-body.start-tag-optgroup",
            "tree.in-body.start-tag-hr",
            "tree.in-body.start-tag-button",
        ],
    },
    Family {
        name: "raw-text",
        default_weight: 8,
        stresses: "RAWTEXT, RCDATA, script data and PLAINTEXT states: appropriate end tags",
        generate: Generate::Soup(rawtext::raw_text),
        contexts: &[
            "title",
            "textarea",
            "script",
            "style",
            "noscript",
            "plaintext",
            "head",
        ],
        targets: &[
            "tokenizer.rawtext.less-than-sign",
            "tokenizer.rawtext-end-tag-name.greater-than-sign",
            "tokenizer.rawtext-end-tag-name.ascii-upper-alpha",
            "tokenizer.rcdata-end-tag-name.anything-else",
        ],
    },
    Family {
        name: "script-escapes",
        default_weight: 5,
        stresses: "script data escaped and double escaped states",
        generate: Generate::Soup(rawtext::script_escapes),
        contexts: &["script", "head", "body", "svg svg"],
        targets: &[
            "tokenizer.script-data-escape-start.hyphen-minus",
            "tokenizer.script-data-escaped-dash-dash.greater-than-sign",
            "tokenizer.script-data-double-escape-start.ascii-lower-alpha",
            "tokenizer.script-data-double-escaped.less-than-sign",
        ],
    },
    Family {
        name: "charref",
        default_weight: 8,
        stresses: "character reference states: named (legacy, in attributes), numeric end state",
        generate: Generate::Soup(charref::charref),
        contexts: &["body", "title", "textarea", "svg desc"],
        targets: &[
            "tokenizer.character-reference.number-sign",
            "tokenizer.hexadecimal-character-reference.semicolon",
            "tokenizer.numeric-character-reference-end.control",
            "tokenizer.numeric-character-reference-end.outside-unicode-range",
        ],
    },
    Family {
        name: "comment",
        default_weight: 5,
        stresses: "comment start, comment end, comment end bang and bogus comment states",
        generate: Generate::Soup(markup::comment),
        contexts: &["body", "html", "table", "select"],
        targets: &[
            "tokenizer.comment-start.hyphen-minus",
            "tokenizer.comment-end.exclamation-mark",
            "tokenizer.comment-end-bang.anything-else",
            "tokenizer.comment-less-than-sign-bang-dash-dash.anything-else",
        ],
    },
    Family {
        name: "doctype",
        default_weight: 5,
        stresses: "DOCTYPE states and the initial insertion mode's quirks-mode rules",
        generate: Generate::Soup(markup::doctype),
        contexts: &["html", "body"],
        targets: &[
            "tree.initial.doctype",
            "tokenizer.doctype-name.whitespace",
            "tokenizer.bogus-doctype.anything-else",
            "tokenizer.doctype-public-identifier-double-quoted.null",
            "tokenizer.doctype-public-identifier-single-quoted.null",
            "tokenizer.doctype-system-identifier-double-quoted.null",
            "tokenizer.doctype-system-identifier-single-quoted.null",
        ],
    },
    Family {
        name: "processing-instruction",
        default_weight: 5,
        stresses: "processing instruction states, disallowed targets, insert a processing instruction",
        generate: Generate::Soup(markup::processing_instruction),
        contexts: &["body", "head", "table", "svg svg", "html"],
        targets: &[
            "tokenizer.tag-open.question-mark",
            "tokenizer.processing-instruction-target.whitespace-question-mark-greater-than-sign",
            "tokenizer.processing-instruction-data.question-mark",
            "tree.in-foreign-content.processing-instruction",
        ],
    },
    Family {
        name: "controls",
        default_weight: 5,
        stresses: "input stream preprocessing (CR, CRLF, controls) and U+0000 in every state",
        generate: Generate::Soup(controls::controls),
        contexts: &["body", "table", "svg svg", "textarea", "script", "select"],
        targets: &[
            "tokenizer.data.null",
            "tokenizer.tag-name.null",
            "tokenizer.rcdata.null",
            "tree.in-body.character-null",
            "tree.in-foreign-content.character-null",
        ],
    },
    Family {
        name: "attributes",
        default_weight: 6,
        stresses: "attribute name and value states: duplicates, quoting, odd characters in names",
        generate: Generate::Soup(attributes::attributes),
        contexts: &["body", "html", "svg svg"],
        targets: &[
            "tokenizer.attribute-value-unquoted.quotation-mark-apostrophe-less-than-sign-equals-sign-grave-accent",
            "tokenizer.before-attribute-name.equals-sign",
            "tokenizer.after-attribute-name.solidus",
            "tokenizer.attribute-name.quotation-mark-apostrophe-less-than-sign",
        ],
    },
    Family {
        name: "stray-end-tags",
        default_weight: 5,
        stresses: "end tags in every insertion mode: </p>, </br>, unopened elements, attributes on end tags",
        generate: Generate::Soup(structure::stray_end_tags),
        contexts: &["body", "html", "head", "table", "pre"],
        targets: &[
            "tree.in-body.end-tag-br",
            "tree.in-body.end-tag-dd-dt",
            "tree.in-body.end-tag-h1-h2-h3-etc",
            "tree.adoption-agency.step-4-3-no-formatting-element",
        ],
    },
    Family {
        name: "document-structure",
        default_weight: 5,
        stresses: "initial through after after frameset modes: frameset-ok, text in odd modes",
        generate: Generate::Soup(structure::document_structure),
        contexts: &["html", "head", "frameset", "colgroup"],
        targets: &[
            "tree.in-body.start-tag-frameset",
            "tree.in-head.start-tag-noscript-scripting-noframes-style",
            "tree.in-head-noscript.start-tag-html",
            "tree.in-head-noscript.end-tag-br",
            "tree.in-head-noscript.start-tag-head-noscript",
            "tree.in-head-noscript.doctype",
            "tree.after-head.processing-instruction",
            "tree.after-head.end-tag-template",
            "tree.after-after-frameset.start-tag-noframes",
            "tree.after-after-frameset.processing-instruction",
        ],
    },
    Family {
        name: "eof",
        default_weight: 6,
        stresses: "the EOF arm of every tokenizer state and of every insertion mode",
        generate: Generate::CutAtEof,
        contexts: &[],
        targets: &[
            "tokenizer.tag-name.eof",
            "tokenizer.tag-open.eof",
            "tokenizer.after-attribute-name.eof",
            "tokenizer.attribute-value-single-quoted.eof",
            "tokenizer.bogus-comment.eof",
        ],
    },
];

/// The name reported for cases made by mutating a corpus input.
pub const MUTATION: &str = "mutation";

/// Weighted choice of families, for the case's main family and for nested content.
pub(crate) struct Picker {
    /// Cumulative weights over [`FAMILIES`].
    primary: Vec<u64>,
    /// Cumulative weights over the families that can be nested (not `eof`).
    nested: Vec<u64>,
}

impl Picker {
    pub(crate) fn new(weights: &[u32]) -> Picker {
        let mut primary = Vec::with_capacity(FAMILIES.len());
        let mut nested = Vec::with_capacity(FAMILIES.len());
        let (mut p, mut n) = (0u64, 0u64);
        for (family, &w) in FAMILIES.iter().zip(weights) {
            p += u64::from(w);
            if matches!(family.generate, Generate::Soup(_)) {
                n += u64::from(w);
            }
            primary.push(p);
            nested.push(n);
        }
        Picker { primary, nested }
    }

    /// A family index, by weight among all families.
    pub(crate) fn primary(&self, soup: &mut Soup) -> usize {
        pick_cumulative(&self.primary, soup).expect("a validated configuration has a family")
    }

    /// A family index, by weight among the families that write soup.
    pub(crate) fn nested_index(&self, soup: &mut Soup) -> Option<usize> {
        pick_cumulative(&self.nested, soup)
    }

    /// A soup-writing family's function, by weight.
    pub(crate) fn nested(&self, soup: &mut Soup) -> Option<fn(&mut Soup)> {
        let i = self.nested_index(soup)?;
        match FAMILIES[i].generate {
            Generate::Soup(f) => Some(f),
            Generate::CutAtEof => None,
        }
    }
}

impl Nesting for Picker {
    fn nested(&self, soup: &mut Soup) -> Option<fn(&mut Soup)> {
        Picker::nested(self, soup)
    }
}

fn pick_cumulative(cumulative: &[u64], soup: &mut Soup) -> Option<usize> {
    let total = *cumulative.last()?;
    if total == 0 {
        return None;
    }
    let r = soup.below_u64(total);
    Some(cumulative.partition_point(|&c| c <= r))
}
