//! Adversarial input families: markup whose cost a naive implementation of the
//! standard's algorithms makes quadratic or worse.
//!
//! Each family builds an input of about a target size from a repeated unit (or a few
//! runs of repeated units, for the families whose point is "n openings, then n
//! closings"). The bench parses every family at doubling sizes and reports the time per
//! input byte at the largest size against that at a size 16 times smaller: a linear
//! parser keeps that ratio near 1.

/// One adversarial family.
#[derive(Clone, Copy, Debug)]
pub struct Family {
    /// A short, stable name (`deep-divs`), for the command line and the table.
    pub name: &'static str,
    /// What it stresses, in the standard's words.
    pub stresses: &'static str,
    /// How the input is made.
    pub shape: Shape,
}

/// How a family's input is made from a count `n`.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    /// `prefix`, then `n` copies of each part in turn (`n × a`, then `n × b`, …), then
    /// `suffix`.
    Runs {
        prefix: &'static str,
        parts: &'static [&'static str],
        suffix: &'static str,
    },
    /// `prefix`, then `n` units numbered 0..n (the unit's `{}` is replaced by the
    /// number), then `suffix`: distinct attribute values or names.
    Numbered {
        prefix: &'static str,
        unit: &'static str,
        suffix: &'static str,
    },
}

impl Family {
    /// The input with `n` repetitions.
    pub fn build_n(&self, n: usize) -> String {
        match self.shape {
            Shape::Runs {
                prefix,
                parts,
                suffix,
            } => {
                let per: usize = parts.iter().map(|p| p.len()).sum();
                let mut out = String::with_capacity(prefix.len() + per * n + suffix.len());
                out.push_str(prefix);
                for part in parts {
                    for _ in 0..n {
                        out.push_str(part);
                    }
                }
                out.push_str(suffix);
                out
            }
            Shape::Numbered {
                prefix,
                unit,
                suffix,
            } => {
                let mut out = String::with_capacity(prefix.len() + (unit.len() + 6) * n);
                out.push_str(prefix);
                let (before, after) = unit.split_once("{}").unwrap_or((unit, ""));
                for i in 0..n {
                    out.push_str(before);
                    out.push_str(&i.to_string());
                    out.push_str(after);
                }
                out.push_str(suffix);
                out
            }
        }
    }

    /// An input of about `bytes` bytes (at least one repetition).
    pub fn build(&self, bytes: usize) -> String {
        let per_n = match self.shape {
            Shape::Runs { parts, .. } => parts.iter().map(|p| p.len()).sum::<usize>(),
            // The numbers grow with n; a probe gives the average unit length.
            Shape::Numbered { .. } => {
                let probe = (bytes / 16).clamp(16, 1 << 16);
                self.build_n(probe).len().div_ceil(probe)
            }
        };
        let n = (bytes / per_n.max(1)).max(1);
        self.build_n(n)
    }
}

/// The families the bench runs, in its table's order.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "deep-divs",
        stresses: "deep nesting of block elements: close a p element in button scope on every start tag",
        shape: Shape::Runs {
            prefix: "",
            parts: &["<div>x"],
            suffix: "",
        },
    },
    Family {
        name: "ul-li",
        stresses: "nested <ul><li> chains: the li start tag's walk of the stack, list item scope",
        shape: Shape::Runs {
            prefix: "",
            parts: &["<ul><li>x"],
            suffix: "",
        },
    },
    Family {
        name: "adoption-misnested",
        stresses: "the adoption agency algorithm: n×<b i>, n×<i i>, n×x</b> (Noah's Ark keeps three of each)",
        shape: Shape::Runs {
            prefix: "",
            parts: &["<b i>", "<i i>", "x</b>"],
            suffix: "",
        },
    },
    Family {
        name: "adoption-blocks",
        stresses: "the adoption agency with a furthest block: <b><div> pairs closed by </b>",
        shape: Shape::Runs {
            prefix: "",
            parts: &["<b>x<div>y", "</b>z"],
            suffix: "",
        },
    },
    Family {
        name: "noahs-ark-distinct",
        stresses: "push onto the list of active formatting elements with distinct attributes (no three alike)",
        shape: Shape::Numbered {
            prefix: "",
            unit: "<b id={}>x",
            suffix: "",
        },
    },
    Family {
        name: "noahs-ark-same",
        stresses: "Noah's Ark with identical elements, and reconstructing them after every <p>",
        shape: Shape::Runs {
            prefix: "",
            parts: &["<b class=a><i class=a><p>x"],
            suffix: "",
        },
    },
    Family {
        name: "foster-parenting",
        stresses: "tables with foster-parented text and elements",
        shape: Shape::Runs {
            prefix: "<table>",
            parts: &["x<b>y</b><tr><td>z</td></tr>"],
            suffix: "</table>",
        },
    },
    Family {
        name: "nested-tables",
        stresses: "nested tables: a marker and a table scope per level",
        shape: Shape::Runs {
            prefix: "",
            parts: &["<table><tr><td>x"],
            suffix: "",
        },
    },
    Family {
        name: "attributes-distinct",
        stresses: "one tag with many distinct attributes (the duplicate-attribute check)",
        shape: Shape::Numbered {
            prefix: "<div",
            unit: " a{}=v",
            suffix: ">",
        },
    },
    Family {
        name: "attributes-duplicate",
        stresses: "one tag with many duplicate attributes",
        shape: Shape::Runs {
            prefix: "<div",
            parts: &[" a=v b"],
            suffix: ">",
        },
    },
    Family {
        name: "charrefs-text",
        stresses: "long runs of character references in text (named, legacy, numeric, ambiguous)",
        shape: Shape::Runs {
            prefix: "<p>",
            parts: &["&amp;&lt&#x41;&#66;&notin;&notit;&zz;"],
            suffix: "",
        },
    },
    Family {
        name: "charrefs-attribute",
        stresses: "long runs of character references in an attribute value",
        shape: Shape::Runs {
            prefix: "<a title=\"",
            parts: &["&amp;&quot&#x41;&notit=&zz;"],
            suffix: "\">",
        },
    },
    Family {
        name: "long-comment",
        stresses: "a long comment full of near-miss endings (--!, -!-, <!--)",
        shape: Shape::Runs {
            prefix: "<!--",
            parts: &["a-b--!c<!-d-"],
            suffix: "-->",
        },
    },
    Family {
        name: "rawtext-near-miss",
        stresses: "script data with near-miss end tags (</scrip, </scriptx) and escapes",
        shape: Shape::Runs {
            prefix: "<script>",
            parts: &["</scrip </scriptx <!-- x --> "],
            suffix: "</script>",
        },
    },
    Family {
        name: "rcdata-near-miss",
        stresses: "RCDATA (textarea) with near-miss end tags and references",
        shape: Shape::Runs {
            prefix: "<textarea>",
            parts: &["</textare &amp; </textareax "],
            suffix: "</textarea>",
        },
    },
    Family {
        name: "svg-end-tag-walk",
        stresses: "nested SVG whose end tags walk the stack (any other end tag in foreign content)",
        shape: Shape::Runs {
            prefix: "<svg>",
            parts: &["<g>", "</x>"],
            suffix: "",
        },
    },
    Family {
        name: "end-tag-walk",
        stresses: "HTML end tags that match nothing open: any other end tag's walk of the stack",
        shape: Shape::Runs {
            prefix: "",
            parts: &["<span>", "</abbr>"],
            suffix: "",
        },
    },
    Family {
        name: "scope-walk",
        stresses: "</p> floods behind a button: has a p element in button scope, with the p out of scope",
        shape: Shape::Runs {
            prefix: "<p><button>",
            parts: &["<span>", "</p>"],
            suffix: "",
        },
    },
    Family {
        name: "p-flood",
        stresses: "</p> floods: a p element inserted and closed per end tag",
        shape: Shape::Runs {
            prefix: "",
            parts: &["</p>"],
            suffix: "",
        },
    },
    Family {
        name: "select-selectedcontent",
        stresses: "select with selectedcontent: every selected option cloned into it when popped",
        shape: Shape::Runs {
            prefix: "<select><button><selectedcontent></selectedcontent></button>",
            parts: &["<option selected>x<b>y</b>"],
            suffix: "</select>",
        },
    },
    Family {
        name: "adoption-deep-blocks",
        stresses: "the adoption agency under deep blocks: n×<b>, n×<div>, n×</b> (each end tag moves a b below a div, 8 times)",
        shape: Shape::Runs {
            prefix: "",
            parts: &["<b>", "<div>", "</b>"],
            suffix: "",
        },
    },
    Family {
        name: "adoption-deep-font",
        stresses: "the same with <font>: n×<font>, n×<div>, n×</font>",
        shape: Shape::Runs {
            prefix: "",
            parts: &["<font>", "<div>", "</font>"],
            suffix: "",
        },
    },
    Family {
        name: "adoption-inner-removals",
        stresses: "the adoption agency's inner loop removing n entries above n blocks: <b>, n×<span>, n×<div>, </b>",
        shape: Shape::Runs {
            prefix: "<b>",
            parts: &["<span>", "<div>"],
            suffix: "</b>",
        },
    },
    Family {
        name: "selectedcontent-nested",
        stresses: "the selectedcontent insertion steps' walk of the ancestors: n nested <selectedcontent>, no select",
        shape: Shape::Runs {
            prefix: "",
            parts: &["<selectedcontent>"],
            suffix: "",
        },
    },
    Family {
        name: "select-optgroup-selectedcontent",
        stresses: "a select's nested selectedcontent elements walking up to it: <select>, n×<option><optgroup><selectedcontent>",
        shape: Shape::Runs {
            prefix: "<select>",
            parts: &["<option><optgroup><selectedcontent>"],
            suffix: "",
        },
    },
    Family {
        name: "select-options-under-blocks",
        stresses: "option element nearest ancestor select under n blocks, in a select with a selectedcontent",
        shape: Shape::Runs {
            prefix: "<select><button><selectedcontent></selectedcontent></button>",
            parts: &["<div>", "<option>"],
            suffix: "",
        },
    },
    Family {
        name: "list-item-walk",
        stresses: "the li start tag's walk of the stack past n open elements: n×<span>, n×<li></li>",
        shape: Shape::Runs {
            prefix: "",
            parts: &["<span>", "<li></li>"],
            suffix: "",
        },
    },
    Family {
        name: "reset-walk",
        stresses: "reset the insertion mode appropriately under n blocks: n×<div>, n×<template></template>",
        shape: Shape::Runs {
            prefix: "",
            parts: &["<div>", "<template></template>"],
            suffix: "",
        },
    },
    Family {
        name: "templates",
        stresses: "nested templates: the stack of template insertion modes, reset the insertion mode",
        shape: Shape::Runs {
            prefix: "",
            parts: &["<template><tr>", "</template>"],
            suffix: "",
        },
    },
];

/// The family with this name.
pub fn family(name: &str) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_build_about_the_size_asked() {
        for family in FAMILIES {
            for bytes in [1000, 16_000, 64_000] {
                let input = family.build(bytes);
                assert!(
                    input.len() >= bytes / 2 && input.len() <= bytes * 2,
                    "{}: {} bytes for {bytes}",
                    family.name,
                    input.len()
                );
            }
        }
    }

    #[test]
    fn names_are_unique_and_found() {
        for f in FAMILIES {
            assert_eq!(family(f.name).map(|g| g.name), Some(f.name));
        }
        let mut names: Vec<_> = FAMILIES.iter().map(|f| f.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FAMILIES.len());
    }

    #[test]
    fn numbered_units_count_up() {
        let f = family("noahs-ark-distinct").unwrap();
        assert_eq!(f.build_n(3), "<b id=0>x<b id=1>x<b id=2>x");
    }
}
