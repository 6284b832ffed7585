//! Signatures: a short, deterministic description of *why* two outputs differ.
//!
//! A signature names the level, the shapes of the first differing nodes on each side,
//! and the shape of their parent on the reference side:
//!
//! ```text
//! tree | litmus: <?…> | html5ever: <!--…--> | in: <body>
//! ```
//!
//! Shapes keep what is structure and drop what is content:
//!
//! | line of the dump            | shape                    |
//! |-----------------------------|--------------------------|
//! | `<svg path>`                | `<svg path>` (as is)     |
//! | `xlink href="…"`            | `xlink href=…`           |
//! | `"text"`                    | `"…"`                    |
//! | `<!-- data -->`             | `<!--…-->`               |
//! | `<?target data?>`           | `<?…>`                   |
//! | `<!DOCTYPE html "p" "s">`   | `<!DOCTYPE html "…" "…">`|
//! | `<!DOCTYPE svg>`            | `<!DOCTYPE …>` (names other than `html` are content) |
//! | `content`                   | `content`                |
//! | no line                     | `(end)`                  |
//!
//! Where both sides have the same shape, the signature says what tells them apart
//! without quoting content: ` (deeper)` / ` (shallower)` on the other side when only
//! the depth differs, and ` at '\r'`-style notes when the first differing character
//! of the two texts is one a parser treats specially (controls, `&`, `<`, `>`, quotes,
//! `=`, U+00A0, U+FFFD; `at end` where a text stops). Ordinary letters never appear.
//!
//! A serialization is read as a rough token stream (tags, text, comments, character
//! references); its signature names the tokens at the first differing byte and the
//! innermost open element on the reference side. A crash, panic or timeout has a
//! signature of its own: `crash | html5ever: panic at html5ever-0.40.1/src/…:12:5:
//! index out of bounds: the len is N but the index is N`, `timeout | html5ever`.
//!
//! [`Signature::hash`] (16 hex digits of SHA-256) names archive files.

use crate::case::{signal_name, EngineFailure, Level};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt::{self, Write as _};

/// A divergence's signature: its dedup key, archive key and the predicate the
/// minimizer keeps.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Signature(String);

impl Signature {
    /// A signature read back (from an archive or a report).
    pub fn from_text(text: impl Into<String>) -> Signature {
        Signature(text.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A stable hash for file names: the first 16 hex digits of the SHA-256 of the
    /// signature's text.
    pub fn hash(&self) -> String {
        let digest = Sha256::digest(self.0.as_bytes());
        let mut hex = String::with_capacity(16);
        for byte in &digest[..8] {
            let _ = write!(hex, "{byte:02x}");
        }
        hex
    }

    /// The first field: the level (`tree`, `fragment`, `serialization`,
    /// `round-trip`) or the failure kind (`crash`, `timeout`, `bad-output`,
    /// `unsupported`).
    pub fn kind(&self) -> &str {
        self.0.split(" | ").next().unwrap_or("")
    }

    /// The signature without its ` | in: …` parent: the level and the first
    /// differing nodes. A failure's signature is all core.
    pub fn core(&self) -> &str {
        match self.0.rfind(" | in: ") {
            Some(at) => &self.0[..at],
            None => &self.0,
        }
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Where two outputs first differ: 1-based line numbers on each side and the lines
/// themselves (`None` where a side has ended). For a tree dump, a "line" is a node's
/// whole entry, continuation lines of a multi-line text included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstDifference {
    pub left_line: usize,
    pub right_line: usize,
    pub left: Option<String>,
    pub right: Option<String>,
}

/// One node's entry in an html5lib dump.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DumpEntry<'a> {
    /// The 1-based line the entry starts on.
    pub line: usize,
    /// Two spaces of indentation per level below the root.
    pub depth: usize,
    /// The entry after `| ` and the indentation, without its final newline (a text
    /// with newlines spans several lines).
    pub text: &'a str,
}

/// The entries of a dump. A line that does not start with `| ` continues the entry
/// before it (text nodes do not escape newlines). Nor does a line that starts with
/// `| ` while the entry before is unfinished: a text, comment, processing
/// instruction, DOCTYPE or attribute whose closing quote or bracket has not come yet
/// (a text can hold `\n| `); see [`finished`].
pub fn dump_entries(dump: &str) -> Vec<DumpEntry<'_>> {
    let mut entries: Vec<DumpEntry<'_>> = Vec::new();
    let mut offset = 0;
    // (start of the entry's text, line, depth)
    let mut open: Option<(usize, usize, usize)> = None;
    for (index, line) in dump.split_inclusive('\n').enumerate() {
        let starts_entry = line.starts_with("| ")
            && open
                .is_none_or(|(start, _, _)| finished(dump[start..offset].trim_end_matches('\n')));
        if starts_entry {
            let rest = &line[2..];
            if let Some((start, line_number, depth)) = open.take() {
                entries.push(entry(dump, start, offset, line_number, depth));
            }
            let spaces = rest.len() - rest.trim_start_matches(' ').len();
            open = Some((offset + 2 + spaces, index + 1, spaces / 2));
        } else if open.is_none() {
            // Text before any entry: an entry of its own at depth 0.
            open = Some((offset, index + 1, 0));
        }
        offset += line.len();
    }
    if let Some((start, line_number, depth)) = open {
        entries.push(entry(dump, start, dump.len(), line_number, depth));
    }
    return entries;

    fn entry(dump: &str, start: usize, end: usize, line: usize, depth: usize) -> DumpEntry<'_> {
        let text = &dump[start.min(end)..end];
        DumpEntry {
            line,
            depth,
            text: text.strip_suffix('\n').unwrap_or(text),
        }
    }
}

/// Whether an entry's text so far can be a whole entry of some kind: a text with its
/// closing quote, a comment ending ` -->`, a processing instruction, DOCTYPE or
/// element ending `>`, `content`, or an attribute `name="value"` with the quote after
/// its value. (An attribute's name may start with `<?` or `"`, so the kinds are tried
/// in turn, not told apart by the first characters.)
fn finished(text: &str) -> bool {
    let quoted = text.len() >= 2 && text.starts_with('"') && text.ends_with('"');
    let comment =
        text.len() >= "<!--  -->".len() && text.starts_with("<!-- ") && text.ends_with(" -->");
    let bracketed = text.starts_with('<') && text.ends_with('>');
    let attribute =
        attribute_name_end(text).is_some_and(|end| text.len() >= end + 3 && text.ends_with('"'));
    quoted || comment || bracketed || text == "content" || attribute
}

/// The first entry where two dumps differ (in text or depth), or `None` if they are
/// the same.
pub fn first_tree_difference(left: &str, right: &str) -> Option<FirstDifference> {
    if left == right {
        return None;
    }
    let (l, r) = (dump_entries(left), dump_entries(right));
    let index = first_differing_entry(&l, &r)?;
    Some(FirstDifference {
        left_line: entry_line(&l, index, left),
        right_line: entry_line(&r, index, right),
        left: l.get(index).map(|e| e.text.to_owned()),
        right: r.get(index).map(|e| e.text.to_owned()),
    })
}

/// The first line where two texts differ, or `None` if they are the same.
pub fn first_line_difference(left: &str, right: &str) -> Option<FirstDifference> {
    if left == right {
        return None;
    }
    let l: Vec<&str> = left.split('\n').collect();
    let r: Vec<&str> = right.split('\n').collect();
    let index = (0..l.len().max(r.len())).find(|&i| l.get(i) != r.get(i))?;
    Some(FirstDifference {
        left_line: index + 1,
        right_line: index + 1,
        left: l.get(index).map(|s| (*s).to_owned()),
        right: r.get(index).map(|s| (*s).to_owned()),
    })
}

fn first_differing_entry(l: &[DumpEntry<'_>], r: &[DumpEntry<'_>]) -> Option<usize> {
    (0..l.len().max(r.len())).find(|&i| match (l.get(i), r.get(i)) {
        (Some(a), Some(b)) => a.text != b.text || a.depth != b.depth,
        _ => true,
    })
}

/// The line an entry starts on, or for a missing entry the line after the last.
fn entry_line(entries: &[DumpEntry<'_>], index: usize, dump: &str) -> usize {
    match entries.get(index) {
        Some(entry) => entry.line,
        None => dump.split_inclusive('\n').count() + 1,
    }
}

/// The signature of two tree dumps that differ (`None` if they are the same). `root`
/// names the parent of top-level nodes: `#document`, or `#fragment(CONTEXT)` as
/// [`crate::compare`] writes it.
pub fn tree_signature(
    level: Level,
    left_label: &str,
    left: &str,
    right_label: &str,
    right: &str,
    root: &str,
) -> Option<Signature> {
    if left == right {
        return None;
    }
    let (l, r) = (dump_entries(left), dump_entries(right));
    let index = first_differing_entry(&l, &r)?;
    let (a, b) = (l.get(index), r.get(index));
    let mut left_shape = a.map_or_else(|| "(end)".to_owned(), |e| entry_shape(e.text));
    let mut right_shape = b.map_or_else(|| "(end)".to_owned(), |e| entry_shape(e.text));
    if let (Some(a), Some(b)) = (a, b) {
        if left_shape == right_shape && a.text != b.text {
            let (x, y) = (entry_value(a.text), entry_value(b.text));
            add_character_notes(&mut left_shape, &mut right_shape, x, y);
        }
        if a.depth != b.depth {
            right_shape.push_str(if b.depth > a.depth {
                " (deeper)"
            } else {
                " (shallower)"
            });
        }
    }
    // The parent: the nearest entry above with less indentation, on the reference
    // side (the entries above are the same on both sides).
    let depth = a.or(b).map_or(0, |e| e.depth);
    let parent = l[..index]
        .iter()
        .rev()
        .find(|e| e.depth < depth)
        .map_or_else(|| root.to_owned(), |e| entry_shape(e.text));
    Some(Signature(format!(
        "{level} | {left_label}: {left_shape} | {right_label}: {right_shape} | in: {parent}"
    )))
}

/// A DOCTYPE's name as a shape: `html` (the name that matters to the quirks rules,
/// in any case) and the empty name stay; any other name is content and becomes `…`,
/// so fuzzed names do not make a signature each.
fn doctype_name_shape(name: &str) -> &str {
    if name.is_empty() || name.eq_ignore_ascii_case("html") {
        name
    } else {
        "…"
    }
}

/// The shape of a dump entry (see the module documentation).
pub fn entry_shape(text: &str) -> String {
    let shape = if text.starts_with("<!-- ") {
        "<!--…-->".to_owned()
    } else if let Some(rest) = text.strip_prefix("<!DOCTYPE ") {
        let name_end = rest.find([' ', '>']).unwrap_or(rest.len());
        let has_ids = rest[name_end..].starts_with(" \"");
        let name = doctype_name_shape(&rest[..name_end]);
        if has_ids {
            format!("<!DOCTYPE {name} \"…\" \"…\">")
        } else {
            format!("<!DOCTYPE {name}>")
        }
    } else if text.starts_with("<?") && text.ends_with('>') {
        "<?…>".to_owned()
    } else if is_element_entry(text) {
        // A long name is cut inside the brackets, so that `<*>` patterns still see an
        // element.
        let inner = &text[1..text.len() - 1];
        return format!("<{}>", truncate(inner.to_owned(), 78));
    } else if text.starts_with('"') {
        "\"…\"".to_owned()
    } else if text == "content" {
        "content".to_owned()
    } else {
        // An attribute: `name="value"`. A name may start with `=` and may hold `"`,
        // but never `="` after its first character.
        match attribute_name_end(text) {
            // A long name is cut before `=…`, so that `*=…` patterns still see an
            // attribute.
            Some(end) => return format!("{}=…", truncate(text[..end].to_owned(), 78)),
            None => text.to_owned(),
        }
    };
    truncate(shape, 80)
}

/// Where the name of an attribute entry `name="value"` ends: at the first `="` after
/// the name's first character (a name may start with `=` and may hold `"`, but never
/// `="` after its first character), whatever that character is (U+FFFD, a letter of
/// any script).
fn attribute_name_end(text: &str) -> Option<usize> {
    let first = text.chars().next()?.len_utf8();
    text[first..].find("=\"").map(|at| first + at)
}

/// Whether a dump entry is an element, `<name>` or `<ns name>`. An attribute whose name
/// starts with `<` (`<a="v"`) is not: an attribute entry always ends with the quote
/// around its value, an element entry with `>`, which no tag name holds.
fn is_element_entry(text: &str) -> bool {
    text.starts_with('<') && text.ends_with('>')
}

/// The content part of an entry: a text's data, a comment's data, an attribute's
/// value, a PI's target and data, a doctype's name and ids.
fn entry_value(text: &str) -> &str {
    if let Some(rest) = text.strip_prefix("<!-- ") {
        rest.strip_suffix(" -->").unwrap_or(rest)
    } else if let Some(rest) = text.strip_prefix("<!DOCTYPE ") {
        rest.strip_suffix('>').unwrap_or(rest)
    } else if let Some(rest) = text.strip_prefix("<?").filter(|_| text.ends_with('>')) {
        rest.strip_suffix("?>").unwrap_or(rest)
    } else if is_element_entry(text) || text == "content" {
        text
    } else if let Some(rest) = text.strip_prefix('"') {
        rest.strip_suffix('"').unwrap_or(rest)
    } else {
        match attribute_name_end(text) {
            Some(end) => {
                let value = &text[end + 2..];
                value.strip_suffix('"').unwrap_or(value)
            }
            None => text,
        }
    }
}

/// Characters a parser or serializer treats specially: the ones worth naming when two
/// texts differ.
fn is_significant(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '&' | '<' | '>' | '"' | '\'' | '=' | '\u{a0}' | '\u{fffd}'
        )
}

/// `'\r'`, `'<'`, `'\u{a0}'`.
fn describe_char(c: char) -> String {
    match c {
        '\0' => "'\\0'".into(),
        '\t' => "'\\t'".into(),
        '\n' => "'\\n'".into(),
        '\r' => "'\\r'".into(),
        '\'' => "'\\''".into(),
        c if c.is_ascii_graphic() || c == ' ' => format!("'{c}'"),
        c => format!("'\\u{{{:x}}}'", c as u32),
    }
}

/// Appends ` at '…'` / ` at end` notes for the first differing characters of `x` and
/// `y`, when at least one of them is significant.
fn add_character_notes(left: &mut String, right: &mut String, x: &str, y: &str) {
    let at = x
        .char_indices()
        .zip(y.chars())
        .find(|((_, a), b)| a != b)
        .map_or_else(|| x.len().min(y.len()), |((i, _), _)| i);
    let (a, b) = (x[at..].chars().next(), y[at..].chars().next());
    if !a.is_some_and(is_significant) && !b.is_some_and(is_significant) {
        return;
    }
    for (shape, c) in [(left, a), (right, b)] {
        match c {
            Some(c) if is_significant(c) => {
                let _ = write!(shape, " at {}", describe_char(c));
            }
            Some(_) => {}
            None => shape.push_str(" at end"),
        }
    }
}

fn truncate(mut text: String, max_chars: usize) -> String {
    if let Some((at, _)) = text.char_indices().nth(max_chars) {
        text.truncate(at);
        text.push('…');
    }
    text
}

// --- Serializations -------------------------------------------------------------

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

/// Elements whose serialized contents are raw text.
const RAW_TEXT: [&str; 7] = [
    "script",
    "style",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "plaintext",
];
/// Elements the serializer writes without contents or end tag.
const VOID: [&str; 18] = [
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input",
    "keygen", "link", "meta", "param", "source", "track", "wbr",
];

/// Splits a serialization into tokens, well enough for signatures (it never fails).
fn html_tokens(s: &str) -> Vec<Token> {
    let bytes = s.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut raw_until: Option<String> = None;
    while i < bytes.len() {
        let start = i;
        if let Some(name) = raw_until.take() {
            let end = if name == "plaintext" {
                bytes.len()
            } else {
                find_ascii_ci(s, i, &format!("</{name}")).unwrap_or(bytes.len())
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
            (end, TokenKind::EndTag(name))
        } else if rest.starts_with('<') && rest[1..].starts_with(|c: char| c.is_ascii_alphabetic())
        {
            let (end, name, attributes) = start_tag(s, i);
            if RAW_TEXT.contains(&name.to_ascii_lowercase().as_str()) {
                raw_until = Some(name.to_ascii_lowercase());
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
            TokenKind::StartTag { name, .. }
                if !VOID.contains(&name.to_ascii_lowercase().as_str()) =>
            {
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

/// The signature of two serializations that differ (`None` if they are the same).
pub fn serialization_signature(
    left_label: &str,
    left: &str,
    right_label: &str,
    right: &str,
    root: &str,
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
    let (lt, rt) = (html_tokens(left), html_tokens(right));
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
    Some(Signature(format!(
        "serialization | {left_label}: {left_shape} | {right_label}: {right_shape} | in: {parent}"
    )))
}

// --- Failures ---------------------------------------------------------------------

/// The signature of an engine failure: `crash | ENGINE: …`, `timeout | ENGINE`,
/// `bad-output | ENGINE: …`, `unsupported | ENGINE: …`. Messages are reduced to their
/// first line with numbers and quoted strings abstracted; panic locations keep their
/// line numbers but lose machine-specific directories.
pub fn failure_signature(engine: &str, failure: &EngineFailure) -> Signature {
    let text = match failure {
        EngineFailure::Panic { message, location } => {
            let mut text = format!("crash | {engine}: panic");
            if let Some(location) = location {
                let _ = write!(text, " at {}", normalize_location(location));
            }
            let _ = write!(text, ": {}", normalize_message(message));
            text
        }
        EngineFailure::Crash {
            signal,
            exit_code,
            message,
            location,
        } => {
            let mut text = format!("crash | {engine}: ");
            match (signal, exit_code) {
                (Some(signal), _) => text.push_str(&signal_name(*signal)),
                (None, Some(code)) => {
                    let _ = write!(text, "exit {code}");
                }
                (None, None) => text.push_str("died"),
            }
            if let Some(location) = location {
                let _ = write!(text, " at {}", normalize_location(location));
            }
            let message = normalize_message(message);
            if !message.is_empty() {
                let _ = write!(text, ": {message}");
            }
            text
        }
        EngineFailure::Timeout { .. } => format!("timeout | {engine}"),
        EngineFailure::BadOutput { message } => {
            format!("bad-output | {engine}: {}", normalize_message(message))
        }
        EngineFailure::Unsupported { message } => {
            format!("unsupported | {engine}: {}", normalize_message(message))
        }
    };
    Signature(text)
}

/// The first non-empty line, quoted strings as `"…"` / `'…'`, digit runs as `N`,
/// whitespace collapsed, at most 120 characters.
pub fn normalize_message(message: &str) -> String {
    let line = message
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' | '`' => {
                // A quoted string: its contents are data.
                let close = c;
                out.push(close);
                out.push('…');
                for d in chars.by_ref() {
                    if d == close {
                        break;
                    }
                }
                out.push(close);
            }
            '\'' if out.ends_with(|p: char| !p.is_alphanumeric()) || out.is_empty() => {
                // 'quoted' (but not an apostrophe inside a word).
                let rest: String = chars.clone().collect();
                match rest.find('\'') {
                    Some(end) => {
                        out.push_str("'…'");
                        for _ in 0..rest[..end].chars().count() + 1 {
                            chars.next();
                        }
                    }
                    None => out.push(c),
                }
            }
            c if c.is_ascii_digit() => {
                while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                    chars.next();
                }
                out.push('N');
            }
            c if c.is_whitespace() => {
                while chars.peek().is_some_and(|d| d.is_whitespace()) {
                    chars.next();
                }
                out.push(' ');
            }
            c => out.push(c),
        }
    }
    truncate(out, 120)
}

/// A panic location without the directories that differ between machines: from the
/// crate directory before the last `/src/` on (`html5ever-0.40.1/src/…:12:5`,
/// `core/src/…`), or as given when it is already relative.
pub fn normalize_location(location: &str) -> String {
    match location.rfind("/src/") {
        Some(src) => {
            let crate_start = location[..src].rfind('/').map_or(0, |slash| slash + 1);
            location[crate_start..].to_owned()
        }
        None => location.to_owned(),
    }
}

#[cfg(test)]
mod tests;
