//! The standard's cases where a serialization does not parse back to the same tree.
//!
//! The `roundtrip` target checks that `ser(parse(s2)) == s2` once `s2` is itself a
//! serialization of a parse. The HTML serializer and parser are not inverses, and a
//! few of their mismatches survive any number of round trips. Each is listed here with
//! the markup that triggers it; a case excuses a change only when its trigger sits in
//! the serialization `before` ahead of the first byte where `before` and its re-parse
//! `after` differ, so no case can hide a change that comes before its markup.
//!
//! The triggers read the serialization with a rough scanner (`Scan`): start and end
//! tags, void elements, comments and the like, and the elements whose text the
//! serializer writes literally. It is only good for serializations, where text and
//! attribute values have their `&`, `<` and `>` escaped.

/// One of the standard's non-round-tripping cases.
pub struct NonRoundTripping {
    /// A short name.
    pub name: &'static str,
    /// Why the serialization does not come back.
    pub reason: &'static str,
    /// Whether the case's markup is in `before` ahead of byte `at`, the first
    /// difference, given the scan of `before` up to `at`.
    applies: fn(before: &str, at: usize, scan: &Scan, options: RoundTripOptions) -> bool,
}

/// The cases, in the order they are tried.
pub const NON_ROUND_TRIPPING: &[NonRoundTripping] = &[
    NonRoundTripping {
        name: "plaintext",
        reason: "the serializer closes a plaintext element with </plaintext>, but the \
                 PLAINTEXT state never ends, so that end tag and everything after it come \
                 back as text; every round trip adds one more",
        applies: |before, at, _, _| before[..at].contains("<plaintext"),
    },
    NonRoundTripping {
        name: "leading-newline",
        reason: "the parser drops a newline right after a <pre>, <listing> or <textarea> \
                 start tag, and the serializer does not write one back: each round trip \
                 removes one leading newline",
        applies: |before, at, _, _| {
            // The difference is in the newlines right after the start tag.
            before[at..].starts_with('\n')
                && ["pre", "listing", "textarea"]
                    .iter()
                    .any(|name| ends_with_start_tag(before[..at].trim_end_matches('\n'), name))
        },
    },
    NonRoundTripping {
        name: "carriage-return",
        reason: "a character reference to U+000D (&#13;, &#x0D;) puts a carriage return in \
                 a text or an attribute value, which the serializer writes as it is; parsed \
                 again, the input stream turns it into a line feed",
        applies: |before, at, _, _| before[at..].starts_with('\r'),
    },
    NonRoundTripping {
        name: "noscript-in-template",
        reason: "with scripting on, a noscript's content parses as raw text, also in a \
                 template; but scripting is not enabled for the nodes of a template's \
                 contents (their document has no browsing context), so the serializer \
                 escapes that text, and every round trip escapes it once more",
        applies: |_, _, scan, options| {
            options.scripting
                && scan.open.last().is_some_and(|e| e == "noscript")
                && scan.open.iter().any(|e| e == "template")
        },
    },
    NonRoundTripping {
        name: "nested-form",
        reason: "a form element can end up inside another (a </form> in a table clears the \
                 form element pointer but leaves the form open), but when the serialization \
                 is parsed the form element pointer is set and the inner <form> start tag \
                 is ignored",
        applies: |_, _, scan, _| scan.nested_ahead("form"),
    },
    NonRoundTripping {
        name: "nested-a",
        reason: "an a element can end up inside another (through the reconstruction of \
                 the active formatting elements), but an <a> start tag met while an a is \
                 in the list of active formatting elements runs the adoption agency \
                 algorithm and closes it",
        applies: |_, _, scan, _| scan.nested_ahead("a"),
    },
    NonRoundTripping {
        name: "nested-nobr",
        reason: "a nobr element can end up inside another, but a <nobr> start tag met \
                 while a nobr is in scope runs the adoption agency algorithm and closes it",
        applies: |_, _, scan, _| scan.nested_ahead("nobr"),
    },
    NonRoundTripping {
        name: "selectedcontent",
        reason: "when a selected option is popped, the parser replaces the children of \
                 the select's selectedcontent with a clone of the option's: what the \
                 serialization wrote inside <selectedcontent> is not what the parser keeps, \
                 and re-parsed inside the select, that markup (options, buttons, \
                 formatting elements) changes what follows it",
        applies: |before, at, scan, _| {
            // The difference is inside a select that has a selectedcontent ahead of it.
            scan.open.iter().zip(&scan.starts).any(|(name, &start)| {
                name == "select" && before[start..at].contains("<selectedcontent")
            })
        },
    },
    NonRoundTripping {
        name: "nested-heading",
        reason: "a heading (h1-h6) can end up inside another (a heading start tag closes \
                 only a heading that is the current node), but when the serialization is \
                 parsed the outer heading is the current node and the inner start tag closes it",
        applies: |_, _, scan, _| scan.nested_ahead("h1"),
    },
    NonRoundTripping {
        name: "script-double-escape",
        reason: "script text holding <!-- (then <script) sends the script data states into \
                 the escaped and double-escaped states, where the serializer's </script> \
                 need not end the element: it and the markup after it come back as script text",
        applies: |before, at, _, _| {
            let mut rest = &before[..at];
            while let Some(start) = rest.find("<script") {
                let text = &rest[start..];
                let end = find_end_tag(text, "script").unwrap_or(text.len());
                if text[..end].contains("<!--") {
                    return true;
                }
                rest = &text[end..];
            }
            false
        },
    },
    NonRoundTripping {
        name: "html-in-foreign",
        reason: "an HTML element can end up inside an SVG or MathML element (for example \
                 in a fragment whose context is one), but when the serialization is parsed \
                 in foreign content, a breakout start tag (div, p, b, table, …) pops the \
                 foreign elements first, and any other start tag (script, style, …) makes \
                 a foreign element, whose text is not raw",
        applies: |before, at, scan, options| {
            let in_foreign =
                options.foreign_context || scan.open.iter().any(|e| e == "svg" || e == "math");
            let integration_point = scan.open.iter().any(|e| {
                matches!(
                    e.as_str(),
                    "foreignObject"
                        | "desc"
                        | "title"
                        | "mi"
                        | "mo"
                        | "mn"
                        | "ms"
                        | "mtext"
                        | "annotation-xml"
                )
            });
            if !in_foreign || integration_point {
                return false;
            }
            // A breakout start tag at the difference, or a difference in the text of an
            // element whose text only HTML reads raw.
            let at_breakout = before[..(at + 1).min(before.len())]
                .rfind('<')
                .is_some_and(|lt| BREAKOUT.contains(&tag_name(&before[lt + 1..])));
            let in_raw_text = scan
                .open
                .last()
                .is_some_and(|e| raw_text(e, false) || e == "noscript");
            at_breakout || in_raw_text
        },
    },
];

/// What the serializations came from.
#[derive(Clone, Copy, Debug, Default)]
pub struct RoundTripOptions {
    /// The scripting flag (noscript text is literal with it on).
    pub scripting: bool,
    /// The parse is a fragment whose context element is in the SVG or MathML namespace.
    pub foreign_context: bool,
}

/// Why `before`, a serialization, may legitimately re-parse and serialize to `after`:
/// the reason of the first [`NON_ROUND_TRIPPING`] case that applies, or `None`.
pub fn known_non_round_tripping(
    before: &str,
    after: &str,
    options: RoundTripOptions,
) -> Option<&'static str> {
    let mut at = before
        .bytes()
        .zip(after.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(before.len().min(after.len()));
    while !before.is_char_boundary(at) {
        at -= 1;
    }
    let scan = Scan::new(before, at, options.scripting);
    NON_ROUND_TRIPPING
        .iter()
        .find(|case| (case.applies)(before, at, &scan, options))
        .map(|case| case.reason)
}

/// Whether `html` ends with a start tag named `name` (any attributes).
fn ends_with_start_tag(html: &str, name: &str) -> bool {
    let Some(lt) = html.rfind('<') else {
        return false;
    };
    let tag = &html[lt + 1..];
    tag.ends_with('>')
        && tag.starts_with(name)
        && tag[name.len()..].starts_with(['>', ' '])
        && !tag[..tag.len() - 1].contains('>')
}

/// The start tags that break out of foreign content (the rules for parsing tokens in
/// foreign content; `font` only with certain attributes, counted here always): the
/// parser's list.
const BREAKOUT: &[&str] = litmus_parser::names::BREAKOUT_START_TAGS;

/// Whether the serializer writes an element named `name` (lowercase) without end
/// tag: the parser's own table.
fn void(name: &str) -> bool {
    litmus_parser::serialize::SERIALIZES_AS_VOID
        .iter()
        .any(|n| n.well_known_spelling() == Some(name))
}

/// Whether the serializer writes the text of an element named `name` (lowercase)
/// literally: the parser's own table (noscript with scripting on included).
fn raw_text(name: &str, scripting: bool) -> bool {
    litmus_parser::names::LocalName::well_known(name.as_bytes())
        .is_some_and(|n| litmus_parser::serialize::takes_text_literally(n, scripting))
}

/// Groups of elements a start tag of which, met inside another of the group, the
/// scanner records (under the group's first name).
const WATCHED: &[&[&str]] = &[
    &["a"],
    &["form"],
    &["nobr"],
    &["h1", "h2", "h3", "h4", "h5", "h6"],
];

/// A rough reading of a serialization up to a byte: which elements are open there,
/// and which watched elements were nested in one another (in the whole
/// serialization, the outer one starting ahead of that byte).
#[derive(Debug, Default)]
pub struct Scan {
    /// The elements open there, outermost first.
    open: Vec<String>,
    /// For each start tag of a [`WATCHED`] name met while an element of that name was
    /// open (the outer one starting ahead of the byte): the name.
    nested: Vec<&'static str>,
    /// Where each open element's start tag is.
    starts: Vec<usize>,
}

impl Scan {
    /// Reads `html` up to byte `end` (a tag that starts before `end` is read whole),
    /// and on to its end for nested elements.
    fn new(html: &str, end: usize, scripting: bool) -> Scan {
        let mut scan = Scan::default();
        let mut i = 0;
        let mut open_at_end = None;
        while let Some(lt) = html[i..].find('<').map(|p| p + i) {
            if lt >= end && open_at_end.is_none() {
                open_at_end = Some((scan.open.clone(), scan.starts.clone()));
            }
            let rest = &html[lt..];
            let after_gt = |from: usize| {
                rest[from..]
                    .find('>')
                    .map_or(html.len(), |p| lt + from + p + 1)
            };
            if let Some(comment) = rest.strip_prefix("<!--") {
                i = comment.find("-->").map_or(html.len(), |p| lt + 4 + p + 3);
            } else if rest.starts_with("<!") || rest.starts_with("<?") {
                i = after_gt(0);
            } else if let Some(end_tag) = rest.strip_prefix("</") {
                let name = tag_name(end_tag);
                if let Some(pos) = scan.open.iter().rposition(|e| e.eq_ignore_ascii_case(name)) {
                    scan.open.truncate(pos);
                    scan.starts.truncate(pos);
                }
                i = after_gt(0);
            } else {
                let name = tag_name(&rest[1..]);
                i = tag_end(rest).map_or(html.len(), |gt| lt + gt + 1);
                if name.is_empty() {
                    continue;
                }
                if let Some(&group) = WATCHED.iter().find(|g| g.contains(&name)) {
                    let outer = scan.open.iter().position(|e| group.contains(&e.as_str()));
                    if outer.is_some_and(|outer| scan.starts[outer] < end) {
                        scan.nested.push(group[0]);
                    }
                }
                if void(name) {
                    continue;
                }
                scan.open.push(name.to_owned());
                scan.starts.push(lt);
                if raw_text(name, scripting) {
                    i += find_end_tag(&html[i..], name).unwrap_or(html.len() - i);
                }
            }
        }
        if let Some((open, starts)) = open_at_end {
            scan.open = open;
            scan.starts = starts;
        }
        scan
    }

    /// Whether an element of this name that starts ahead of the byte has another of
    /// the same name inside it. (The adoption agency algorithm moves nodes around the
    /// outer element, so the first difference may come before the inner start tag.)
    fn nested_ahead(&self, name: &str) -> bool {
        self.nested.contains(&name)
    }
}

/// Where the first end tag named `name` (any case, then whitespace, `/` or `>`, as
/// the raw text states want it) starts in `text`.
fn find_end_tag(text: &str, name: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    (0..bytes.len()).find(|&i| {
        bytes[i..].starts_with(b"</")
            && bytes
                .get(i + 2..i + 2 + name.len())
                .is_some_and(|n| n.eq_ignore_ascii_case(name.as_bytes()))
            && matches!(
                bytes.get(i + 2 + name.len()),
                Some(b'\t' | b'\n' | b'\x0c' | b' ' | b'/' | b'>')
            )
    })
}

/// The tag name at the start of `text` (up to whitespace, `/` or `>`).
fn tag_name(text: &str) -> &str {
    let end = text
        .find(|c: char| c.is_ascii_whitespace() || c == '/' || c == '>')
        .unwrap_or(text.len());
    &text[..end]
}

/// The offset of the `>` that ends the start tag at the start of `tag` (which starts
/// with `<`). The serializer writes the name (no whitespace, `/` or `>` in it), then
/// each attribute as ` name="value"`: a name is up to the next `=` after its first
/// character, a value has no `"`.
fn tag_end(tag: &str) -> Option<usize> {
    let b = tag.as_bytes();
    let mut i = 1;
    while i < b.len() && !b[i].is_ascii_whitespace() && b[i] != b'>' && b[i] != b'/' {
        i += 1;
    }
    loop {
        while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b'/') {
            i += 1;
        }
        match b.get(i)? {
            b'>' => return Some(i),
            _ => {
                i += 1;
                while *b.get(i)? != b'=' {
                    if b[i] == b'>' {
                        return Some(i);
                    }
                    i += 1;
                }
                i += 1;
                if b.get(i) == Some(&b'"') {
                    i += 1;
                    while *b.get(i)? != b'"' {
                        i += 1;
                    }
                    i += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case_of(before: &str, after: &str) -> Option<&'static str> {
        let reason = known_non_round_tripping(before, after, RoundTripOptions::default())?;
        NON_ROUND_TRIPPING
            .iter()
            .find(|c| c.reason == reason)
            .map(|c| c.name)
    }

    #[test]
    fn each_case_applies_to_its_markup() {
        assert_eq!(
            case_of(
                "<plaintext>a</plaintext>",
                "<plaintext>a</plaintext></plaintext>"
            ),
            Some("plaintext")
        );
        assert_eq!(
            case_of("<body><pre>\nxx</pre>", "<body><pre>xx</pre>"),
            Some("leading-newline")
        );
        assert_eq!(
            case_of("<body><pre>\n\n\nx</pre>", "<body><pre>\n\nx</pre>"),
            Some("leading-newline")
        );
        assert_eq!(
            case_of(
                "<p><textarea rows=\"2\">\nx</textarea>",
                "<p><textarea rows=\"2\">x</textarea>"
            ),
            Some("leading-newline")
        );
        assert_eq!(
            case_of(
                "<form><table></table><form></form></form>",
                "<form><table></table></form>"
            ),
            Some("nested-form")
        );
        assert_eq!(
            case_of("<a><h1><a>x</a></h1></a>", "<a></a><h1><a>x</a></h1>"),
            Some("nested-a")
        );
        assert_eq!(
            case_of(
                "<select><button><selectedcontent>Y</selectedcontent></button>",
                "<select><button><selectedcontent>X</selectedcontent></button>"
            ),
            Some("selectedcontent")
        );
    }

    #[test]
    fn the_newer_cases_apply_to_their_markup() {
        assert_eq!(
            case_of("<h1><a></a><h2>x</h2></h1>", "<h1><a></a></h1><h2>x</h2>"),
            Some("nested-heading")
        );
        assert_eq!(
            case_of(
                "<script><!--<script>x</script></script>y",
                "<script><!--<script>x</script></script>y</script>"
            ),
            Some("script-double-escape")
        );
        assert_eq!(
            case_of(
                "<svg><g><div>x</div></g></svg>",
                "<svg><g></g></svg><div>x</div>"
            ),
            Some("html-in-foreign")
        );
        assert_eq!(
            case_of(
                "<svg><desc><div>x</div></desc></svg>",
                "<svg><desc></desc></svg><div>x</div>"
            ),
            None
        );
        assert_eq!(
            case_of(
                "<math><mrow><script>a<b</script></mrow></math>",
                "<math><mrow><script>a&lt;b</script></mrow></math>"
            ),
            Some("html-in-foreign")
        );
        let foreign = RoundTripOptions {
            foreign_context: true,
            ..RoundTripOptions::default()
        };
        assert!(known_non_round_tripping("<g><p>x</p></g>", "<g></g><p>x</p>", foreign).is_some());
        assert!(known_non_round_tripping(
            "<g><p>x</p></g>",
            "<g></g><p>x</p>",
            RoundTripOptions::default()
        )
        .is_none());
    }

    #[test]
    fn noscript_text_in_a_template_is_escaped_again_only_with_scripting() {
        let scripting = RoundTripOptions {
            scripting: true,
            ..RoundTripOptions::default()
        };
        let before = "<template><noscript>&lt;i&gt;</noscript></template>";
        let after = "<template><noscript>&amp;lt;i&amp;gt;</noscript></template>";
        assert!(known_non_round_tripping(before, after, scripting).is_some());
        assert!(known_non_round_tripping(before, after, RoundTripOptions::default()).is_none());
        let outside = (
            "<noscript>&lt;i&gt;</noscript>",
            "<noscript>&amp;lt;i&amp;gt;</noscript>",
        );
        assert!(known_non_round_tripping(outside.0, outside.1, scripting).is_none());
    }

    #[test]
    fn no_case_applies_ahead_of_its_markup() {
        // The change comes before the markup that would explain it.
        assert_eq!(case_of("<b>x</b><plaintext>", "<b>y</b><plaintext>"), None);
        assert_eq!(case_of("<i>a<form><form>", "<i>b<form><form>"), None);
        // Sibling forms and links are not nested.
        assert_eq!(
            case_of("<form></form><form></form>x", "<form></form><form></form>y"),
            None
        );
        assert_eq!(case_of("<a></a><a></a>x", "<a></a><a></a>y"), None);
        // After the selectedcontent has closed.
        assert_eq!(
            case_of(
                "<selectedcontent>a</selectedcontent>x",
                "<selectedcontent>a</selectedcontent>y"
            ),
            None
        );
        // A newline that is not the first thing in the pre.
        assert_eq!(case_of("<pre>a\nb</pre>", "<pre>ab</pre>"), None);
        assert_eq!(case_of("<pre></pre>\nb", "<pre></pre>b"), None);
    }

    #[test]
    fn the_scanner_reads_serializations() {
        let html = "<div a'b=\"\" c=\"x>y\"><br><script>a<b</script><!--<p>--><p>";
        assert_eq!(Scan::new(html, html.len(), false).open, ["div", "p"]);
        let html = "<x\"=\" a=\"\"><q =\"\" =b=\"1\"><p>";
        assert_eq!(
            Scan::new(html, html.len(), false).open,
            ["x\"=\"", "q", "p"]
        );
        // Noscript text is literal with scripting on.
        let html = "<style></style-x></STYLE><p>";
        assert_eq!(Scan::new(html, html.len(), false).open, ["p"]);
        let html = "<noscript><!--</noscript><p>";
        assert_eq!(Scan::new(html, html.len(), true).open, ["p"]);
        assert_eq!(Scan::new(html, html.len(), false).open, ["noscript"]);
        // Nesting counts when the outer element starts ahead of the byte.
        assert_eq!(Scan::new("<i><a><b><a>", 4, false).nested, ["a"]);
        assert!(Scan::new("<i><a><b><a>", 3, false).nested.is_empty());
        assert!(Scan::new("<a><b></a><a>", 1, false).nested.is_empty());
        // The open elements are those at the byte, a tag that starts before it whole.
        assert_eq!(Scan::new("<i><a></a><b>", 5, false).open, ["i", "a"]);
    }

    #[test]
    fn selectedcontent_markup_excuses_changes_in_its_select() {
        let before =
            "<select><button><selectedcontent>x</selectedcontent></button><b>1</b></select><p>";
        let after =
            "<select><button><selectedcontent>x</selectedcontent></button><b>2</b></select><p>";
        assert_eq!(case_of(before, after), Some("selectedcontent"));
        let after =
            "<select><button><selectedcontent>x</selectedcontent></button><b>1</b></select><q>";
        assert_eq!(case_of(before, after), None);
    }
}
