//! Signatures of two tree dumps: the shapes of their first differing entries and of
//! the parent above them.

use super::kind::{Kind, Level};
use super::typed::{Part, Signature};
use litmus_engines::dump::{
    attribute_name_end, dump_entries, first_differing_entry, whole_attribute_name_end,
};
use std::fmt::Write as _;

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
    let mut left_shape = a.map_or_else(|| "(end)".to_owned(), |_| entry_shape_in(&l, index));
    let mut right_shape = b.map_or_else(|| "(end)".to_owned(), |_| entry_shape_in(&r, index));
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
    Some(Signature::new(
        Kind::Level(level),
        [
            Part::labelled(left_label, &left_shape),
            Part::labelled(right_label, &right_shape),
            Part::labelled(Part::PARENT, &parent),
        ],
    ))
}

/// A DOCTYPE's name as a shape: `html` (the name that matters to the quirks rules,
/// in any case) and the empty name stay; any other name is content and becomes `…`,
/// so fuzzed names do not make a signature each.
pub(super) fn doctype_name_shape(name: &str) -> &str {
    if name.is_empty() || name.eq_ignore_ascii_case("html") {
        name
    } else {
        "…"
    }
}

/// The shape of the dump entry `entries[index]`, read with the entries after it: an
/// attribute whose name starts with `"` (`<a "=x>`) is written `"="x"`, as a text
/// child `="x` would be; but attributes come before an element's children, so it is an
/// attribute when one of the entries after it at its depth (before the next one at a
/// lesser depth) is an attribute that cannot be text.
fn entry_shape_in(entries: &[litmus_engines::dump::DumpEntry<'_>], index: usize) -> String {
    let entry = &entries[index];
    let shape = entry_shape(entry.text);
    let Some(end) = whole_attribute_name_end(entry.text) else {
        return shape;
    };
    if !entry.text.starts_with('"') {
        return shape;
    }
    let attribute_after = entries[index + 1..]
        .iter()
        .take_while(|e| e.depth >= entry.depth)
        .filter(|e| e.depth == entry.depth && !e.text.starts_with('"'))
        .map(|e| entry_shape(e.text))
        .next()
        .is_some_and(|next| next.ends_with("=…") && !next.starts_with('<'));
    if attribute_after {
        format!("{}=…", truncate(entry.text[..end].to_owned(), 78))
    } else {
        shape
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

/// Whether a dump entry is an element, `<name>` or `<ns name>`. An attribute whose name
/// starts with `<` (`<a="v"`) is not: an attribute entry always ends with the quote
/// around its value, an element entry with `>`, which no tag name holds.
fn is_element_entry(text: &str) -> bool {
    text.starts_with('<') && text.ends_with('>')
}

/// The content part of an entry: a text's data, a comment's data, an attribute's
/// value, a PI's target and data, a doctype's name and ids.
pub fn entry_value(text: &str) -> &str {
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
pub(super) fn is_significant(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '&' | '<' | '>' | '"' | '\'' | '=' | '\u{a0}' | '\u{fffd}'
        )
}

/// `'\r'`, `'<'`, `'\u{a0}'`.
pub(super) fn describe_char(c: char) -> String {
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

pub(super) fn truncate(mut text: String, max_chars: usize) -> String {
    if let Some((at, _)) = text.char_indices().nth(max_chars) {
        text.truncate(at);
        text.push('…');
    }
    text
}
