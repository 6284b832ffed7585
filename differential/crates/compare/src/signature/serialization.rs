//! Signatures of two serializations: the rough tokens at their first differing byte
//! and the innermost element open there.

use super::kind::{Kind, Level};
use super::tree::{describe_char, doctype_name_shape, is_significant, truncate};
use super::typed::{Part, Signature};
use litmus_parser::serialize::{SERIALIZES_AS_VOID, TEXT_APPENDED_LITERALLY};

/// A token of a serialization, as far as signatures need one.
#[derive(Clone, Debug, PartialEq, Eq)]
enum TokenKind {
    StartTag {
        name: String,
        /// (attribute name, byte range of the whole attribute)
        attributes: Vec<(String, std::ops::Range<usize>)>,
    },
    EndTag(String),
    Comment,
    Doctype,
    ProcessingInstruction,
    Text,
}

#[derive(Clone, Debug)]
struct Token {
    start: usize,
    end: usize,
    kind: TokenKind,
}

/// Whether the serializer writes the text of an HTML element named `name` (lowercase)
/// raw: the parser's own table ([`TEXT_APPENDED_LITERALLY`]); a noscript's text is raw
/// when scripting is enabled for the node, which [`html_tokens`] decides.
fn raw_text(name: &str) -> bool {
    TEXT_APPENDED_LITERALLY
        .iter()
        .any(|n| n.well_known_spelling() == Some(name))
}

/// The namespaces an element of a serialization can be in, as far as the serializer's
/// raw-text rule cares: it applies to HTML elements only (`<svg><style>` escapes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Namespace {
    Html,
    Svg,
    MathMl,
}

/// An element open in a serialization: its name (lowercase), its namespace, and
/// whether the tree builder inserts HTML elements in it (an HTML element, an HTML
/// integration point, a MathML text integration point).
type OpenElement = (String, Namespace, bool);

/// The namespace of an element named `name` (lowercase) whose parent is `parent`:
/// what the tree builder gave it, as far as a serialization shows. `svg` and `math`
/// start foreign content; the children of a foreign element are foreign unless it is
/// an HTML integration point or a MathML text integration point.
fn namespace_of(name: &str, parent: Option<&OpenElement>) -> Namespace {
    match (name, parent) {
        // In HTML content.
        ("svg", None | Some((_, _, true))) => Namespace::Svg,
        ("math", None | Some((_, _, true))) => Namespace::MathMl,
        (_, None | Some((_, _, true))) => Namespace::Html,
        // "A start tag whose tag name is "svg"" in a MathML annotation-xml goes to the
        // HTML rules, which insert an SVG svg.
        ("svg", Some((parent, Namespace::MathMl, false))) if parent == "annotation-xml" => {
            Namespace::Svg
        }
        // In foreign content any other start tag, a `<math>` in an SVG element too,
        // takes the parent's namespace.
        (_, Some((_, namespace, false))) => *namespace,
    }
}

/// Whether the tree builder inserts HTML elements in an element named `name`
/// (lowercase) in `namespace` whose start tag (in `s`) has `attributes`: an
/// HTML element; SVG foreignObject, desc and title, and MathML annotation-xml with an
/// `encoding` of `text/html` or `application/xhtml+xml` (HTML integration points);
/// MathML mi, mo, mn, ms and mtext (text integration points).
fn holds_html(
    name: &str,
    namespace: Namespace,
    s: &str,
    attributes: &[(String, std::ops::Range<usize>)],
) -> bool {
    match namespace {
        Namespace::Html => true,
        Namespace::Svg => matches!(name, "foreignobject" | "desc" | "title"),
        Namespace::MathMl => match name {
            "mi" | "mo" | "mn" | "ms" | "mtext" => true,
            "annotation-xml" => attributes.iter().any(|(attribute, whole)| {
                // The range is the whole attribute, `encoding="text/html"`.
                let whole = s.get(whole.clone()).unwrap_or("");
                let value = whole.split_once('=').map_or("", |(_, value)| value);
                let value = value.trim_matches(|c| c == '"' || c == '\'');
                attribute.eq_ignore_ascii_case("encoding")
                    && (value.eq_ignore_ascii_case("text/html")
                        || value.eq_ignore_ascii_case("application/xhtml+xml"))
            }),
            _ => false,
        },
    }
}

/// Whether an HTML element named `name` (lowercase) is written without contents or
/// end tag: the parser's own table ([`SERIALIZES_AS_VOID`]).
fn void(name: &str) -> bool {
    SERIALIZES_AS_VOID
        .iter()
        .any(|n| n.well_known_spelling() == Some(name))
}

/// The context element of a fragment's root label (`#fragment(svg foreignObject)`),
/// lowercase, with its namespace; `None` for `#document`. A context element has no
/// attributes: a MathML annotation-xml context is no HTML integration point.
fn context_of(root: &str) -> Option<OpenElement> {
    let context = root.strip_prefix("#fragment(")?.strip_suffix(')')?;
    let (namespace, name) = match context.split_once(' ') {
        Some(("svg", name)) => (Namespace::Svg, name),
        Some(("math", name)) => (Namespace::MathMl, name),
        _ => (Namespace::Html, context),
    };
    let name = name.to_ascii_lowercase();
    let html = holds_html(&name, namespace, "", &[]);
    Some((name, namespace, html))
}

/// Splits a serialization into tokens, well enough for signatures (it never fails).
/// The text of an HTML raw-text element is one token, as the serializer wrote it
/// literally; so is a noscript's with `scripting`, but inside a template, whose
/// contents have no browsing context and so no scripting.
fn html_tokens(s: &str, scripting: bool, root: &str) -> Vec<Token> {
    let bytes = s.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut raw_until: Option<String> = None;
    // The elements open, lowercase, with their namespaces: a fragment's context first.
    let mut open: Vec<OpenElement> = context_of(root).into_iter().collect();
    while i < bytes.len() {
        let start = i;
        if let Some(name) = raw_until.take() {
            let end = if name == "plaintext" {
                bytes.len()
            } else {
                raw_text_end(s, i, &name)
            };
            if end > start {
                tokens.push(Token {
                    start,
                    end,
                    kind: TokenKind::Text,
                });
                i = end;
                continue;
            }
        }
        let rest = &s[i..];
        let (end, kind) = if let Some(comment) = rest.strip_prefix("<!--") {
            let end = comment.find("-->").map_or(bytes.len(), |e| i + 4 + e + 3);
            (end, TokenKind::Comment)
        } else if rest.starts_with("<!") {
            (until_gt(s, i), TokenKind::Doctype)
        } else if rest.starts_with("<?") {
            (until_gt(s, i), TokenKind::ProcessingInstruction)
        } else if rest.starts_with("</") {
            let end = until_gt(s, i);
            let name = tag_name(&s[i + 2..end]);
            let lowercase = name.to_ascii_lowercase();
            if let Some(position) = open.iter().rposition(|(n, _, _)| *n == lowercase) {
                open.truncate(position);
            }
            (end, TokenKind::EndTag(name))
        } else if rest.starts_with('<') && rest[1..].starts_with(|c: char| c.is_ascii_alphabetic())
        {
            let (end, name, attributes) = start_tag(s, i);
            let lowercase = name.to_ascii_lowercase();
            let namespace = namespace_of(&lowercase, open.last());
            if namespace == Namespace::Html {
                let in_template = open
                    .iter()
                    .any(|(n, ns, _)| n == "template" && *ns == Namespace::Html);
                let noscript = lowercase == "noscript" && scripting && !in_template;
                if raw_text(&lowercase) || noscript {
                    raw_until = Some(lowercase.clone());
                }
            }
            if namespace != Namespace::Html || !void(&lowercase) {
                let html = holds_html(&lowercase, namespace, s, &attributes);
                open.push((lowercase, namespace, html));
            }
            (end, TokenKind::StartTag { name, attributes })
        } else {
            // Text runs to the next `<` (a lone `<` that starts no tag is text).
            let first = rest.chars().next().map_or(1, char::len_utf8);
            let end = rest[first..]
                .find('<')
                .map_or(bytes.len(), |e| i + first + e);
            (end, TokenKind::Text)
        };
        tokens.push(Token { start, end, kind });
        i = end;
    }
    tokens
}

/// Where the raw text of a `name` element starting at `from` ends: at its end tag, a
/// `</name` followed by white space, `/` or `>` (an appropriate end tag; `</scriptx>`
/// is text), or at the end.
fn raw_text_end(s: &str, from: usize, name: &str) -> usize {
    let needle = format!("</{name}");
    let mut at = from;
    while let Some(found) = find_ascii_ci(s, at, &needle) {
        let after = s.as_bytes().get(found + needle.len());
        if after.is_none_or(|&b| b.is_ascii_whitespace() || b == b'/' || b == b'>') {
            return found;
        }
        at = found + 1;
    }
    s.len()
}

fn find_ascii_ci(s: &str, from: usize, needle: &str) -> Option<usize> {
    let hay = s.as_bytes();
    let needle = needle.as_bytes();
    (from..hay.len().saturating_sub(needle.len() - 1))
        .find(|&i| hay[i..i + needle.len()].eq_ignore_ascii_case(needle))
}

/// The end (exclusive) of a `<…>` construct starting at `i`.
fn until_gt(s: &str, i: usize) -> usize {
    s[i..].find('>').map_or(s.len(), |e| i + e + 1)
}

fn tag_name(text: &str) -> String {
    text.split(|c: char| c.is_ascii_whitespace() || c == '/' || c == '>')
        .next()
        .unwrap_or("")
        .to_owned()
}

/// Reads a start tag at `i`: its end, name and attributes (values may be quoted with
/// `"` or `'`, or unquoted).
fn start_tag(s: &str, i: usize) -> (usize, String, Vec<(String, std::ops::Range<usize>)>) {
    let bytes = s.as_bytes();
    let name = tag_name(&s[i + 1..]);
    let mut j = i + 1 + name.len();
    let mut attributes = Vec::new();
    loop {
        while j < bytes.len() && (bytes[j].is_ascii_whitespace() || bytes[j] == b'/') {
            j += 1;
        }
        if j >= bytes.len() {
            return (bytes.len(), name, attributes);
        }
        if bytes[j] == b'>' {
            return (j + 1, name, attributes);
        }
        let attribute_start = j;
        // A name runs to whitespace, `=` or `>`; an `=` as its first character is
        // part of it.
        if bytes[j] == b'=' {
            j += 1;
        }
        while j < bytes.len() && !bytes[j].is_ascii_whitespace() && !matches!(bytes[j], b'=' | b'>')
        {
            j += 1;
        }
        let attribute_name = s[attribute_start..j].to_owned();
        if bytes.get(j) == Some(&b'=') {
            j += 1;
            match bytes.get(j) {
                Some(&quote @ (b'"' | b'\'')) => {
                    j = s[j + 1..]
                        .find(quote as char)
                        .map_or(bytes.len(), |e| j + 1 + e + 1);
                }
                _ => {
                    while j < bytes.len() && !bytes[j].is_ascii_whitespace() && bytes[j] != b'>' {
                        j += 1;
                    }
                }
            }
        }
        attributes.push((attribute_name, attribute_start..j));
    }
}

/// The shape of the token at byte `at` of a serialization.
fn token_shape(s: &str, tokens: &[Token], at: usize) -> String {
    let Some(token) = tokens.iter().find(|t| t.start <= at && at < t.end) else {
        return "(end)".to_owned();
    };
    let shape = match &token.kind {
        TokenKind::StartTag { name, attributes } => {
            match attributes.iter().find(|(_, range)| range.contains(&at)) {
                Some((attribute, _)) => format!("<{name} {attribute}=…>"),
                None => format!("<{name}>"),
            }
        }
        TokenKind::EndTag(name) => format!("</{name}>"),
        TokenKind::Comment => "<!--…-->".to_owned(),
        TokenKind::Doctype => {
            let text = &s[token.start..token.end];
            let name = text
                .get(2..)
                .and_then(|t| t.split_whitespace().nth(1))
                .map(|n| n.trim_end_matches('>'))
                .unwrap_or("");
            format!("<!DOCTYPE {}>", doctype_name_shape(name))
        }
        TokenKind::ProcessingInstruction => "<?…>".to_owned(),
        TokenKind::Text => "\"…\"".to_owned(),
    };
    truncate(shape, 80)
}

/// The character reference (`&nbsp;`) around byte `at`, if there is one.
fn character_reference_at(s: &str, at: usize) -> Option<&str> {
    character_reference_span(s, at).map(|span| &s[span])
}

/// The byte range of the character reference around byte `at`, if there is one.
fn character_reference_span(s: &str, at: usize) -> Option<std::ops::Range<usize>> {
    let bytes = s.as_bytes();
    if bytes.is_empty() {
        return None;
    }
    let from = at.saturating_sub(32);
    let amp = (from..=at.min(bytes.len().saturating_sub(1)))
        .rev()
        .find(|&i| bytes[i] == b'&')?;
    let body_end = (amp + 1..bytes.len())
        .find(|&i| !(bytes[i].is_ascii_alphanumeric() || bytes[i] == b'#'))
        .unwrap_or(bytes.len());
    if bytes.get(body_end) == Some(&b';') && body_end > amp + 1 && at <= body_end {
        Some(amp..body_end + 1)
    } else {
        None
    }
}

/// The innermost element open at byte `at` of a serialization.
fn open_element_at(tokens: &[Token], at: usize, root: &str) -> String {
    let mut open: Vec<&str> = Vec::new();
    for token in tokens.iter().take_while(|t| t.start < at && t.end <= at) {
        match &token.kind {
            TokenKind::StartTag { name, .. } if !void(&name.to_ascii_lowercase()) => {
                open.push(name);
            }
            TokenKind::EndTag(name) => {
                if let Some(position) = open.iter().rposition(|n| n.eq_ignore_ascii_case(name)) {
                    open.truncate(position);
                }
            }
            _ => {}
        }
    }
    open.last().map_or_else(
        || root.to_owned(),
        |name| format!("<{}>", truncate((*name).to_owned(), 78)),
    )
}

/// The signature of two serializations that differ (`None` if they are the same), of
/// a parse with `scripting` (which says whether a noscript's text was written raw).
pub fn serialization_signature(
    left_label: &str,
    left: &str,
    right_label: &str,
    right: &str,
    root: &str,
    scripting: bool,
) -> Option<Signature> {
    if left == right {
        return None;
    }
    let mut at = left
        .bytes()
        .zip(right.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(left.len().min(right.len()));
    // The common prefix is the same bytes on both sides, so one boundary serves both.
    while !left.is_char_boundary(at) || !right.is_char_boundary(at) {
        at -= 1;
    }
    // A difference inside a character reference (`&amp;` against `&`) is one at its
    // `&`, which both sides share.
    if let Some(span) =
        character_reference_span(left, at).or_else(|| character_reference_span(right, at))
    {
        at = at.min(span.start);
    }
    let (lt, rt) = (
        html_tokens(left, scripting, root),
        html_tokens(right, scripting, root),
    );
    let mut left_shape = token_shape(left, &lt, at);
    let mut right_shape = token_shape(right, &rt, at);
    if left_shape == right_shape {
        let note = |s: &str| match character_reference_at(s, at) {
            Some(reference) => Some(format!(" at {reference}")),
            None => match s[at..].chars().next() {
                Some(c) if is_significant(c) => Some(format!(" at {}", describe_char(c))),
                Some(_) => None,
                None => Some(" at end".to_owned()),
            },
        };
        let (x, y) = (note(left), note(right));
        // Only when something significant tells them apart.
        if x.as_deref().is_some_and(|n| n != " at end")
            || y.as_deref().is_some_and(|n| n != " at end")
        {
            left_shape.push_str(x.as_deref().unwrap_or(""));
            right_shape.push_str(y.as_deref().unwrap_or(""));
        }
    }
    let parent = open_element_at(&lt, at, root);
    Some(Signature::new(
        Kind::Level(Level::Serialization),
        [
            Part::labelled(left_label, &left_shape),
            Part::labelled(right_label, &right_shape),
            Part::labelled(Part::PARENT, &parent),
        ],
    ))
}
