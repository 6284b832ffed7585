//! The html5lib tree dump read back as entries, and where two dumps (or two texts)
//! first differ.

use serde::{Deserialize, Serialize};

/// Where two outputs first differ: 1-based line numbers on each side and the lines
/// themselves (`None` where a side has ended). For a tree dump, a "line" is a node's
/// whole entry, continuation lines of a multi-line text included.
///
/// In reports the left side is the reference (`reference_line`, `reference`), the right
/// side the other engine (`other_line`, `other`); for a round trip, the engine's first
/// tree and the tree of its serialization.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstDifference {
    #[serde(rename = "reference_line")]
    pub left_line: usize,
    #[serde(rename = "other_line")]
    pub right_line: usize,
    #[serde(rename = "reference")]
    pub left: Option<String>,
    #[serde(rename = "other")]
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
/// (a text can hold `\n| `); see `finished`.
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
    let attribute = whole_attribute_name_end(text).is_some();
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

/// The index of the first entry where two dumps' entries differ (in text or depth).
pub fn first_differing_entry(l: &[DumpEntry<'_>], r: &[DumpEntry<'_>]) -> Option<usize> {
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

/// Where the name of an attribute entry `name="value"` ends: at the first `="` after
/// the name's first character (a name may start with `=` and may hold `"`, but never
/// `="` after its first character), whatever that character is (U+FFFD, a letter of
/// any script).
pub fn attribute_name_end(text: &str) -> Option<usize> {
    let first = text.chars().next()?.len_utf8();
    // Byte by byte: read for every attribute of every tree dump compared.
    let rest = &text.as_bytes()[first..];
    rest.windows(2)
        .position(|w| w == b"=\"")
        .map(|at| first + at)
}

/// Where the name of `text` ends if `text` is a whole attribute entry: a name, `="`,
/// the value, and the closing quote.
pub fn whole_attribute_name_end(text: &str) -> Option<usize> {
    attribute_name_end(text).filter(|&end| text.len() >= end + 3 && text.ends_with('"'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_attribute_name_ends_at_its_first_equals_quote_after_its_first_character() {
        assert_eq!(attribute_name_end("id=\"x\""), Some(2));
        // A name may start with `=` and hold `"`; the value may hold `="`.
        assert_eq!(attribute_name_end("=\"=\"v\""), Some(2));
        assert_eq!(attribute_name_end("a\"b=\"c=\"d\""), Some(3));
        assert_eq!(attribute_name_end("\u{fffd}=\"\""), Some(3));
        assert_eq!(attribute_name_end("é=\"\""), Some(2));
        assert_eq!(attribute_name_end("<p>"), None);
        assert_eq!(attribute_name_end(""), None);
        assert_eq!(whole_attribute_name_end("id=\"x\""), Some(2));
        assert_eq!(whole_attribute_name_end("id=\"x"), None);
    }
}
