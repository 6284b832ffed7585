//! Probes of the tree dump's rules: litmus's own inputs, one or more per rule of
//! [`crate::dump_rules`], that `litmus engine check` runs through an engine after the
//! html5lib trials.
//!
//! The html5lib tree-construction trials leave rules unexercised: none has an `xmlns`
//! attribute on an SVG or MathML element, or attribute names whose UTF-16 order is not
//! their code points' order. An adapter
//! that breaks such a rule passes every trial and then makes classes NEW in a
//! campaign. Each probe's expected dump is the reference parser's, and its engine's
//! dump is judged by [`broken_rule`] as a trial's is.

use crate::dump_rules::{broken_rule, Broken};
use litmus_engines::case::ParseRequest;
use litmus_parser::FragmentContext;

/// One probe: an input that shows a rule, as a document or a fragment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The rule it shows (docs/engines.md, "The tree dump").
    pub rule: usize,
    /// The input.
    pub input: &'static str,
    /// The fragment's context as html5lib writes it (`div`, `svg path`), or `None`
    /// for a document.
    pub context: Option<&'static str>,
}

/// Every probe, by rule.
pub const PROBES: [Probe; 18] = [
    // Rule 1: entries at several depths, a text over several lines.
    Probe {
        rule: 1,
        input: "<div><ul><li><pre>\n\nfirst\nsecond</pre></ul></div>",
        context: None,
    },
    // Rule 2: a document's comment before <html>; a fragment's nodes at depth 0.
    Probe {
        rule: 2,
        input: "<!--before--><p>x",
        context: None,
    },
    Probe {
        rule: 2,
        input: "<b>x</b><i>y",
        context: Some("div"),
    },
    // Rule 3: SVG and MathML elements, a local name in mixed case.
    Probe {
        rule: 3,
        input: "<svg><foreignObject><p>x</p></foreignObject><path/></svg><math><mi>y</mi></math>",
        context: None,
    },
    // Rule 4: attributes before children, on elements at two depths. (No repeated
    // attribute: an engine whose tree keeps both, html5gum's, dumps its tree right.)
    Probe {
        rule: 4,
        input: "<p b=1 a=2><i c=4>x</i>y</p>",
        context: None,
    },
    // Rule 5: names whose UTF-16 order is not their code points' (U+FFFD before
    // U+10000 by code point, after it in UTF-16), and an upper-case letter before
    // lower-case ones.
    Probe {
        rule: 5,
        input: "<p a\u{FFFD}=1 a\u{10000}=2 a=3><svg viewb=4 viewBox=5 vie=6></svg>",
        context: None,
    },
    // Rule 6: an SVG element's `xmlns`, `xmlns:xlink`, `xlink:href` and `xml:lang`,
    // and `xlink:href` on an HTML element, which is in no namespace.
    Probe {
        rule: 6,
        input: "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" xlink:href=\"#a\" xml:lang=\"en\"></svg><a xlink:href=\"#b\"></a>",
        context: None,
    },
    Probe {
        rule: 6,
        input: "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi xlink:href=\"#c\">x</mi></math>",
        context: None,
    },
    // Rule 7: a text with characters a serializer escapes, quotes and a newline.
    Probe {
        rule: 7,
        input: "<p>a &amp; b &lt; c &gt; \"d\" 'e'\u{A0}\nf</p>",
        context: None,
    },
    // Rule 8: texts a tree builder may append as several nodes: foster-parented runs,
    // a character reference between characters, a run split by a NUL.
    Probe {
        rule: 8,
        input: "<table>a<tr>b</table><p>c&amp;d</p>",
        context: None,
    },
    Probe {
        rule: 8,
        input: "x\u{0}y<b></b>z",
        context: Some("div"),
    },
    // Rule 9: a comment, and an empty one.
    Probe {
        rule: 9,
        input: "<!--x--><p><!----></p>",
        context: None,
    },
    // Rule 10: a processing instruction with data, and one without.
    Probe {
        rule: 10,
        input: "<p><?target data?><?t>",
        context: None,
    },
    // Rule 11: a DOCTYPE with a name alone, with a public identifier alone, with a
    // system identifier alone, and without a name.
    Probe {
        rule: 11,
        input: "<!DOCTYPE html><p>",
        context: None,
    },
    Probe {
        rule: 11,
        input: "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><p>",
        context: None,
    },
    Probe {
        rule: 11,
        input: "<!DOCTYPE html SYSTEM \"about:legacy-compat\"><p>",
        context: None,
    },
    Probe {
        rule: 11,
        input: "<!DOCTYPE><p>",
        context: None,
    },
    // Rule 12: a template with attributes and contents, one inside another.
    Probe {
        rule: 12,
        input: "<template a=1><b>x</b><template><i>y</i></template></template>",
        context: None,
    },
];

impl Probe {
    /// The request the probe makes, scripting on.
    pub fn request(&self) -> ParseRequest {
        match self.context {
            None => ParseRequest::document(self.input, true),
            Some(context) => ParseRequest::fragment(
                self.input,
                FragmentContext::parse(context).expect("a probe's context is well formed"),
                true,
            ),
        }
    }

    /// A short name: `rule 6 probe 2`.
    pub fn name(&self) -> String {
        let of_rule = PROBES.iter().filter(|p| p.rule == self.rule);
        let index = of_rule.take_while(|p| *p != self).count() + 1;
        format!("rule {} probe {index}", self.rule)
    }

    /// The rule the engine's dump `actual` breaks, given the reference's dump
    /// `expected` of the same request; `None` when it follows them all (it may still
    /// hold another tree).
    pub fn judge(&self, actual: &str, expected: &str) -> Option<Broken> {
        broken_rule(actual, expected, self.context.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dump_rules::RULES;
    use litmus_engines::engine::engine_by_name;

    fn reference_dump(probe: &Probe) -> String {
        let mut reference = engine_by_name("litmus").unwrap();
        reference.parse(&probe.request()).unwrap().tree
    }

    #[test]
    fn every_rule_has_a_probe_and_the_reference_breaks_none() {
        for rule in RULES {
            assert!(
                PROBES.iter().any(|p| p.rule == rule.number),
                "rule {} has no probe",
                rule.number
            );
        }
        for probe in PROBES {
            let dump = reference_dump(&probe);
            assert_eq!(probe.judge(&dump, &dump), None, "{}: {dump}", probe.name());
        }
    }

    /// Each probe shows what its rule is about in the reference's dump: without it the
    /// probe would test nothing.
    #[test]
    fn each_probe_holds_what_its_rule_is_about() {
        let shown = |rule: usize| -> String {
            PROBES
                .iter()
                .filter(|p| p.rule == rule)
                .map(reference_dump)
                .collect()
        };
        assert!(shown(2).starts_with("| <!-- before -->\n| <html>\n"));
        assert!(shown(3).contains("<svg foreignObject>") && shown(3).contains("<math mi>"));
        assert!(shown(4).contains("|       a=\"2\"\n|       b=\"1\"\n|       <i>"));
        assert!(shown(5).contains("a\u{10000}=\"2\"\n|       a\u{FFFD}=\"1\""));
        assert!(shown(5).contains("viewBox=\"5\"\n|         viewb=\"4\""));
        for attribute in [
            "xlink href=\"#a\"",
            "xml lang=\"en\"",
            "xmlns xlink=",
            "xmlns xmlns=\"http://www.w3.org/2000/svg\"",
            "xlink:href=\"#b\"",
            "xmlns xmlns=\"http://www.w3.org/1998/Math/MathML\"",
        ] {
            assert!(shown(6).contains(attribute), "{attribute}");
        }
        assert!(shown(7).contains("\"a & b < c > \"d\" 'e'\u{A0}\nf\""));
        assert!(shown(8).contains("\"ab\"") && shown(8).contains("\"c&d\""));
        assert!(shown(9).contains("<!-- x -->") && shown(9).contains("<!--  -->"));
        assert!(shown(10).contains("<?target data?>") && shown(10).contains("<?t ?>"));
        for doctype in [
            "| <!DOCTYPE html>\n",
            "| <!DOCTYPE html \"-//W3C//DTD HTML 4.01//EN\" \"\">\n",
            "| <!DOCTYPE html \"\" \"about:legacy-compat\">\n",
            "| <!DOCTYPE >\n",
        ] {
            assert!(shown(11).contains(doctype), "{doctype}");
        }
        assert!(shown(12).contains("|       a=\"1\"\n|       content\n"));
    }

    #[test]
    fn probes_are_named_by_rule_and_place() {
        assert_eq!(PROBES[0].name(), "rule 1 probe 1");
        assert_eq!(PROBES[2].name(), "rule 2 probe 2");
        assert_eq!(PROBES[16].name(), "rule 11 probe 4");
    }
}
