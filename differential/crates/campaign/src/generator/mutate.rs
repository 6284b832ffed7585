//! Mutation of existing inputs (html5lib tests, litmus's own corpus).

use super::soup::{floor_boundary, Soup};

/// Characters worth inserting anywhere.
const INSERTS: &[&str] = &[
    "\u{0}", "\r", "\r\n", "<", "&", "</", ">", "\"", "'", "=", "<!--", "&#", "<?", "/", "-->",
    "\u{fffd}", "\u{80}", "\u{ffff}",
];

/// Replaces the soup's output with `input` (a window of it if it is longer than
/// `max_bytes`) changed by one to four mutations, each at character boundaries:
/// splice in a chunk of another family, duplicate, delete or swap spans, flip the case
/// of a tag name, insert a NUL, CR, `<`, `&` or the like, or truncate.
pub(crate) fn mutate(s: &mut Soup, input: &str, max_bytes: usize) {
    s.out.clear();
    if input.len() > max_bytes {
        let start = floor_boundary(input, s.below(input.len() - max_bytes + 1));
        let end = floor_boundary(input, start + max_bytes);
        s.out.push_str(&input[start..end]);
    } else {
        s.out.push_str(input);
    }
    for _ in 0..1 + s.below(4) {
        match s.below(8) {
            0 | 1 => splice(s),
            2 => duplicate_span(s),
            3 => delete_span(s),
            4 => swap_spans(s),
            5 => flip_tag_name_case(s),
            6 => {
                let at = boundary(s);
                let piece = s.pick(INSERTS);
                s.out.insert_str(at, piece);
            }
            _ => {
                if s.out.len() > 1 {
                    let at = 1 + s.below(s.out.len() - 1);
                    let at = floor_boundary(&s.out, at);
                    if at > 0 {
                        s.out.truncate(at);
                    }
                }
            }
        }
    }
    if s.out.is_empty() {
        splice(s);
    }
    if s.out.len() > max_bytes {
        let at = floor_boundary(&s.out, max_bytes);
        s.out.truncate(at);
    }
}

/// A random character boundary of the output, from 0 to its length.
fn boundary(s: &mut Soup) -> usize {
    let at = s.below(s.out.len() + 1);
    floor_boundary(&s.out, at)
}

/// A random non-empty span `(start, end)` of at most 48 bytes, if the output is not
/// empty.
fn span(s: &mut Soup) -> Option<(usize, usize)> {
    if s.out.is_empty() {
        return None;
    }
    let start = s.below(s.out.len());
    let start = floor_boundary(&s.out, start);
    let end = start + 1 + s.below(48);
    let mut end = floor_boundary(&s.out, end);
    if end <= start {
        end = start + s.out[start..].chars().next().map_or(0, char::len_utf8);
    }
    Some((start, end))
}

/// Inserts a chunk written by a randomly chosen family.
fn splice(s: &mut Soup) {
    let picker = s.picker();
    let chunk = match picker.nested(s) {
        Some(generate) => s.chunk(generate),
        None => "<".to_owned(),
    };
    let at = boundary(s);
    s.out.insert_str(at, &chunk);
}

fn duplicate_span(s: &mut Soup) {
    if let Some((start, end)) = span(s) {
        let copy = s.out[start..end].to_owned();
        let at = boundary(s);
        s.out.insert_str(at, &copy);
    }
}

fn delete_span(s: &mut Soup) {
    if let Some((start, end)) = span(s) {
        s.out.replace_range(start..end, "");
    }
}

/// Swaps two spans that do not overlap.
fn swap_spans(s: &mut Soup) {
    let mut cuts = [boundary(s), boundary(s), boundary(s), boundary(s)];
    cuts.sort_unstable();
    let [a, b, c, d] = cuts;
    if a == b || c == d {
        return;
    }
    let swapped = format!("{}{}{}", &s.out[c..d], &s.out[b..c], &s.out[a..b]);
    s.out.replace_range(a..d, &swapped);
}

/// Flips the case of the letters of one tag name (`<div` → `<DiV`, `</P` → `</p`).
fn flip_tag_name_case(s: &mut Soup) {
    let bytes = s.out.as_bytes();
    let name_starts: Vec<usize> = (0..bytes.len())
        .filter_map(|i| {
            if bytes[i] != b'<' {
                return None;
            }
            let j = if bytes.get(i + 1) == Some(&b'/') {
                i + 2
            } else {
                i + 1
            };
            bytes.get(j).filter(|b| b.is_ascii_alphabetic()).map(|_| j)
        })
        .collect();
    if name_starts.is_empty() {
        return;
    }
    let start = name_starts[s.below(name_starts.len())];
    let bytes = s.out.as_bytes();
    let end = start
        + bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
    let all_upper = s.chance(0.5);
    let mut name: Vec<u8> = s.out.as_bytes()[start..end].to_vec();
    for b in &mut name {
        let upper = all_upper || s.chance(0.5);
        *b = if upper {
            b.to_ascii_uppercase()
        } else {
            b.to_ascii_lowercase()
        };
    }
    let name = String::from_utf8(name).expect("ASCII stays ASCII");
    s.out.replace_range(start..end, &name);
}
