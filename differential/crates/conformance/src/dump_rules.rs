//! The rules of the html5lib tree dump, as docs/engines.md states them, and a check
//! that names the first rule an engine's dump breaks (`litmus engine check`).
//!
//! A trial whose dump differs from the file's expectation is most often a parse that
//! differs: the engine built another tree. Sometimes it is the adapter that writes the
//! dump wrongly: two texts side by side where the dump merges them, a template's
//! children without `content`, attributes out of order, names without their namespace.
//! Such a mistake makes hundreds of classes NEW in a campaign. [`broken_rule`] tells
//! them apart: rules a dump breaks whatever the tree (read from the engine's dump
//! alone), and rules told by the first entry where the engine's dump and the expected
//! one differ (a namespace missing from a name the expected dump has).

use litmus_compare::signature::{dump_entries, DumpEntry};
use litmus_engines::engine::external::check_dump;

/// One rule of the tree dump.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DumpRule {
    /// Its number in docs/engines.md ("The tree dump").
    pub number: usize,
    /// A short name.
    pub name: &'static str,
    /// The rule, in one sentence.
    pub text: &'static str,
}

/// Every rule, in docs/engines.md's order.
pub const RULES: [DumpRule; 12] = [
    DumpRule { number: 1, name: "lines", text: "one entry per node: `| `, two spaces per level below the root, the node; every line ends with a newline, and an entry is at most one level deeper than the one before" },
    DumpRule { number: 2, name: "roots", text: "a document's dump is the Document's children (DOCTYPE, comments, `<html>`); a fragment's is the fragment's nodes (the children of its `html` root) at depth 0" },
    DumpRule { number: 3, name: "elements", text: "an element is `<name>` in the HTML namespace, `<svg name>` and `<math name>` in SVG and MathML" },
    DumpRule { number: 4, name: "attributes", text: "an element's attributes follow it, one level deeper, before its children, as `name=\"value\"`, each name once" },
    DumpRule { number: 5, name: "attribute order", text: "attributes are sorted by their shown name in UTF-16 code unit order" },
    DumpRule { number: 6, name: "attribute namespaces", text: "a namespaced attribute's name is its namespace's prefix, a space and its local name: `xlink href`, `xml lang`, `xmlns xlink`, `xmlns xmlns`" },
    DumpRule { number: 7, name: "text", text: "a text is `\"…\"` with its characters as they are (newlines included, nothing escaped); there are no empty texts" },
    DumpRule { number: 8, name: "adjacent text", text: "adjacent text nodes are one text: two texts are never siblings side by side" },
    DumpRule { number: 9, name: "comments", text: "a comment is `<!-- data -->`, a space on each side of its data" },
    DumpRule { number: 10, name: "processing instructions", text: "a processing instruction is `<?target data?>`" },
    DumpRule { number: 11, name: "doctype", text: "a DOCTYPE is `<!DOCTYPE name>`, or `<!DOCTYPE name \"public\" \"system\">` when either identifier is not empty" },
    DumpRule { number: 12, name: "template contents", text: "a template's contents come under a `content` line one level below the template, after its attributes; the template has no other children, and `content` is under templates only" },
];

fn rule(number: usize) -> &'static DumpRule {
    &RULES[number - 1]
}

/// A rule a dump breaks, where, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub rule: &'static DumpRule,
    /// The 1-based line of the engine's dump.
    pub line: usize,
    /// What is wrong there.
    pub detail: String,
}

/// What kind of node an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Doctype,
    Comment,
    ProcessingInstruction,
    Text,
    Element,
    Content,
    Attribute,
}

fn kind(text: &str, attribute_allowed: bool) -> Kind {
    let enclosed = |open: &str, close: &str| {
        text.len() >= open.len() + close.len() && text.starts_with(open) && text.ends_with(close)
    };
    if enclosed("<!DOCTYPE ", ">") {
        Kind::Doctype
    } else if enclosed("<!--", "-->") {
        Kind::Comment
    } else if enclosed("<?", ">") {
        Kind::ProcessingInstruction
    } else if attribute_allowed && attribute_name(text).is_some() && !text.starts_with('"') {
        Kind::Attribute
    } else if text.starts_with('"') {
        Kind::Text
    } else if text == "content" {
        Kind::Content
    } else if enclosed("<", ">") {
        Kind::Element
    } else {
        Kind::Attribute
    }
}

/// An attribute entry's shown name (before `="`).
fn attribute_name(text: &str) -> Option<&str> {
    let at = text.get(1..)?.find("=\"")? + 1;
    text.ends_with('"').then(|| &text[..at])
}

/// The first rule the engine's dump `actual` breaks, given the dump the trial expects
/// and whether it is a fragment; `None` when it follows every rule this check can
/// tell (it may still hold another tree: a parse that differs).
pub fn broken_rule(actual: &str, expected: &str, fragment: bool) -> Option<Broken> {
    if let Err(message) = check_dump(actual) {
        return broken_shape(&message);
    }
    let entries = dump_entries(actual);
    if let Some(broken) = intrinsic(&entries) {
        return Some(broken);
    }
    comparative(&entries, &dump_entries(expected), fragment)
}

/// Rule 1 broken, from what [`check_dump`] said of a dump (an external engine's
/// reply is checked so as it is read: its failure, a bad output, carries the message);
/// `None` for a message about anything else.
pub fn broken_shape(message: &str) -> Option<Broken> {
    let at = message.find(NOT_A_DUMP)?;
    let message = &message[at..];
    let line = message
        .split("line ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    Some(Broken {
        rule: rule(1),
        line,
        detail: message.to_owned(),
    })
}

/// How [`check_dump`]'s messages start.
const NOT_A_DUMP: &str = "the tree is not an html5lib dump";

/// The rules a dump breaks whatever the tree.
fn intrinsic(entries: &[DumpEntry<'_>]) -> Option<Broken> {
    let broken = |number: usize, entry: &DumpEntry<'_>, detail: String| {
        Some(Broken {
            rule: rule(number),
            line: entry.line,
            detail,
        })
    };
    // Per depth: the kind and text of the last entry at that depth since its parent.
    let mut last: Vec<Option<(Kind, &str)>> = Vec::new();
    for entry in entries {
        let depth = entry.depth;
        last.truncate(depth + 1);
        while last.len() <= depth {
            last.push(None);
        }
        let parent = depth
            .checked_sub(1)
            .and_then(|d| last.get(d).copied().flatten());
        let before = last[depth];
        let attribute_allowed = matches!(parent, Some((Kind::Element, _)))
            && matches!(before, None | Some((Kind::Attribute, _)));
        let this = kind(entry.text, attribute_allowed);
        match this {
            Kind::Attribute if !attribute_allowed => {
                return broken(
                    4,
                    entry,
                    format!(
                        "{:?} is an attribute after the element's children, or under no element",
                        entry.text
                    ),
                );
            }
            Kind::Attribute => {
                if let (Some((Kind::Attribute, previous)), Some(name)) =
                    (before, attribute_name(entry.text))
                {
                    let previous = attribute_name(previous).unwrap_or("");
                    let order = previous.encode_utf16().cmp(name.encode_utf16());
                    if order == std::cmp::Ordering::Equal {
                        return broken(4, entry, format!("the attribute {name:?} is there twice"));
                    }
                    if order == std::cmp::Ordering::Greater {
                        return broken(
                            5,
                            entry,
                            format!("the attribute {name:?} comes after {previous:?}"),
                        );
                    }
                }
            }
            Kind::Text => {
                if entry.text == "\"\"" {
                    return broken(7, entry, "an empty text".to_owned());
                }
                if let Some((Kind::Text, _)) = before {
                    return broken(
                        8,
                        entry,
                        "a text right after another text, its sibling: they are one text"
                            .to_owned(),
                    );
                }
            }
            Kind::Doctype if entry.text.ends_with(" \"\" \"\">") => {
                return broken(
                    11,
                    entry,
                    format!(
                        "{}: both identifiers are empty, so none is written",
                        entry.text
                    ),
                );
            }
            Kind::ProcessingInstruction if !entry.text.ends_with("?>") || entry.text == "<??>" => {
                return broken(10, entry, format!("{} does not end with `?>`", entry.text));
            }
            Kind::Comment if !(entry.text.starts_with("<!-- ") && entry.text.ends_with(" -->")) => {
                return broken(
                    9,
                    entry,
                    format!("{} has no space on each side", entry.text),
                );
            }
            Kind::Content if !matches!(parent, Some((Kind::Element, "<template>"))) => {
                return broken(
                    12,
                    entry,
                    "`content` under something else than a template".to_owned(),
                );
            }
            _ => {}
        }
        // A template's first child that is not an attribute must be `content`.
        if let Some((Kind::Element, "<template>")) = parent {
            let first_child = !matches!(before, Some((k, _)) if k != Kind::Attribute);
            if this != Kind::Attribute && (this != Kind::Content || !first_child) {
                return broken(
                    12,
                    entry,
                    "a template's child outside its `content`".to_owned(),
                );
            }
        }
        last[depth] = Some((this, entry.text));
    }
    None
}

/// The rules told by the first entry where the engine's dump and the expected one
/// differ.
fn comparative(
    actual: &[DumpEntry<'_>],
    expected: &[DumpEntry<'_>],
    fragment: bool,
) -> Option<Broken> {
    let first_actual = actual.first();
    let first_expected = expected.first();
    if let (Some(a), Some(e)) = (first_actual, first_expected) {
        let html_root =
            |entries: &[DumpEntry<'_>]| entries.iter().any(|x| x.depth == 0 && x.text == "<html>");
        if fragment && html_root(actual) && !html_root(expected) {
            return Some(Broken {
                rule: rule(2),
                line: a.line,
                detail: "a fragment's dump holds its html root: its children go at depth 0"
                    .to_owned(),
            });
        }
        if !fragment && html_root(expected) && !html_root(actual) {
            return Some(Broken {
                rule: rule(2),
                line: a.line,
                detail: format!(
                    "a document's dump has no <html> at depth 0 (it starts {:?}, the expected one {:?})",
                    a.text, e.text
                ),
            });
        }
    }
    if let Some(broken) = namespaced_attribute_written_plain(actual, expected) {
        return Some(broken);
    }
    let (a, e) = actual
        .iter()
        .zip(expected)
        .find(|(a, e)| a.text != e.text || a.depth != e.depth)?;
    let broken = |number: usize, detail: String| {
        Some(Broken {
            rule: rule(number),
            line: a.line,
            detail,
        })
    };
    let local = |text: &str| {
        text.trim_start_matches('<')
            .trim_end_matches('>')
            .rsplit([' ', ':'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    let designator = |text: &str| {
        ["<svg ", "<math "]
            .into_iter()
            .find(|prefix| text.starts_with(prefix))
    };
    let foreign = designator(e.text).is_some();
    if foreign
        && designator(a.text) != designator(e.text)
        && a.depth == e.depth
        && local(a.text) == local(e.text)
    {
        return broken(
            3,
            format!("{} where the expected dump has {}", a.text, e.text),
        );
    }
    let namespaced = ["xlink ", "xml ", "xmlns "]
        .iter()
        .any(|prefix| e.text.starts_with(prefix));
    if namespaced && e.text.replacen(' ', ":", 1) == a.text {
        return broken(
            6,
            format!("{} where the expected dump has {}", a.text, e.text),
        );
    }
    let pi = |text: &str| text.starts_with("<?") && text.ends_with('>');
    let spaced_out = |text: &str| text.replace(' ', "");
    if pi(a.text) && pi(e.text) && spaced_out(a.text) == spaced_out(e.text) {
        return broken(
            10,
            format!("{} where the expected dump has {}", a.text, e.text),
        );
    }
    if let (Some(a_doctype), Some(e_doctype)) = (doctype_words(a.text), doctype_words(e.text)) {
        if a_doctype == e_doctype {
            return broken(
                11,
                format!("{} where the expected dump has {}", a.text, e.text),
            );
        }
    }
    let escaped = ["&amp;", "&lt;", "&gt;", "&quot;", "\\n"]
        .iter()
        .any(|esc| a.text.contains(esc) && !e.text.contains(esc));
    if escaped && a.text.starts_with('"') && e.text.starts_with('"') {
        return broken(
            7,
            format!("{} is escaped; the expected text is {}", a.text, e.text),
        );
    }
    None
}

/// A DOCTYPE entry's words with the empty identifiers (`""`) left out, if it is one:
/// what two ways of writing the same DOCTYPE share.
fn doctype_words(text: &str) -> Option<Vec<&str>> {
    let inside = text.strip_prefix("<!DOCTYPE")?.strip_suffix('>')?;
    Some(
        inside
            .split_whitespace()
            .filter(|word| *word != "\"\"")
            .collect(),
    )
}

/// Rule 6 read from the whole dump: an attribute the expected dump shows in a
/// namespace (`xmlns xmlns="…"`, `xlink href="…"`) that the engine's shows, at the
/// same depth, with its qualified name instead (`xmlns="…"`, `xlink:href="…"`), and
/// not in its namespace. Sorting by the shown name moves such an attribute, so the
/// first difference of the two dumps need not be where it is.
fn namespaced_attribute_written_plain(
    actual: &[DumpEntry<'_>],
    expected: &[DumpEntry<'_>],
) -> Option<Broken> {
    let has = |depth: usize, text: &str| actual.iter().find(|a| a.depth == depth && a.text == text);
    for e in expected {
        let Some((prefix, rest)) = e.text.split_once(' ') else {
            continue;
        };
        if !matches!(prefix, "xlink" | "xml" | "xmlns") || !rest.contains("=\"") {
            continue;
        }
        if has(e.depth, e.text).is_some() {
            continue;
        }
        let qualified = format!("{prefix}:{rest}");
        let plain = rest
            .strip_prefix("xmlns=")
            .filter(|_| prefix == "xmlns")
            .map(|value| format!("xmlns={value}"));
        let written = has(e.depth, &qualified)
            .or_else(|| plain.as_deref().and_then(|plain| has(e.depth, plain)));
        if let Some(a) = written {
            return Some(Broken {
                rule: rule(6),
                line: a.line,
                detail: format!("{} where the expected dump has {}", a.text, e.text),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(actual: &str, expected: &str, fragment: bool) -> Option<usize> {
        broken_rule(actual, expected, fragment).map(|b| b.rule.number)
    }

    const DOC: &str = "| <html>\n|   <head>\n|   <body>\n|     <p>\n|       a=\"1\"\n|       b=\"2\"\n|       \"xy\"\n";

    #[test]
    fn a_dump_that_follows_the_rules_breaks_none() {
        assert_eq!(number(DOC, DOC, false), None);
        let template = "| <template>\n|   x=\"1\"\n|   content\n|     \"a\"\n|     <b>\n";
        assert_eq!(number(template, template, true), None);
    }

    #[test]
    fn each_rule_is_named() {
        // 1: not a dump, and an engine's bad output that says so.
        assert_eq!(number("<html>\n", DOC, false), Some(1));
        let said = "unreadable output: the tree is not an html5lib dump: line 3 is indented by an odd number of spaces";
        assert_eq!(
            broken_shape(said).map(|b| (b.rule.number, b.line)),
            Some((1, 3))
        );
        assert_eq!(broken_shape("unreadable output: not JSON"), None);
        // 2: a fragment's html root, a document without one.
        assert_eq!(number("| <html>\n|   <p>\n", "| <p>\n", true), Some(2));
        assert_eq!(number("| <p>\n", DOC, false), Some(2));
        // 3: a namespace missing.
        let svg = "| <html>\n|   <head>\n|   <body>\n|     <svg svg>\n";
        assert_eq!(number(&svg.replace("svg svg", "svg"), svg, false), Some(3));
        // 4, 5: attributes twice, out of order.
        assert_eq!(
            number(&DOC.replace("b=\"2\"", "a=\"2\""), DOC, false),
            Some(4)
        );
        assert_eq!(
            number(&DOC.replace("a=\"1\"", "c=\"1\""), DOC, false),
            Some(5)
        );
        // 6: xlink:href.
        let xlink =
            "| <html>\n|   <head>\n|   <body>\n|     <svg svg>\n|       xlink href=\"#a\"\n";
        assert_eq!(
            number(&xlink.replace("xlink href", "xlink:href"), xlink, false),
            Some(6)
        );
        // 7, 8: an escaped text, two texts side by side.
        assert_eq!(
            number(
                &DOC.replace("xy", "x&amp;y"),
                &DOC.replace("xy", "x&y"),
                false
            ),
            Some(7)
        );
        assert_eq!(
            number(&DOC.replace("\"xy\"", "\"x\"\n|       \"y\""), DOC, false),
            Some(8)
        );
        // 6: `xmlns` written without its namespace, sorted where it then goes.
        let xmlns = "| <html>\n|   <head>\n|   <body>\n|     <svg svg>\n|       xmlns xlink=\"x\"\n|       xmlns xmlns=\"s\"\n";
        let plain = "| <html>\n|   <head>\n|   <body>\n|     <svg svg>\n|       xmlns=\"s\"\n|       xmlns xlink=\"x\"\n";
        assert_eq!(number(plain, xmlns, false), Some(6));
        // 10: a processing instruction without `?` or its space.
        let pi = "| <html>\n|   <head>\n|   <body>\n|     <?t ?>\n";
        assert_eq!(number(&pi.replace("<?t ?>", "<?t>"), pi, false), Some(10));
        assert_eq!(number(&pi.replace("<?t ?>", "<?t?>"), pi, false), Some(10));
        // 11: an identifier left out, or a DOCTYPE without a name and its space.
        assert_eq!(
            number(
                "| <!DOCTYPE html \"p\">\n",
                "| <!DOCTYPE html \"p\" \"\">\n",
                false
            ),
            Some(11)
        );
        assert_eq!(number("| <!DOCTYPE>\n", "| <!DOCTYPE >\n", false), Some(11));
        // 11: empty identifiers written.
        assert_eq!(
            number(
                "| <!DOCTYPE html \"\" \"\">\n",
                "| <!DOCTYPE html>\n",
                false
            ),
            Some(11)
        );
        // 12: a template's children without content.
        assert_eq!(
            number(
                "| <template>\n|   <b>\n",
                "| <template>\n|   content\n|     <b>\n",
                true
            ),
            Some(12)
        );
    }
}
