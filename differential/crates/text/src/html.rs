//! Text in HTML pages.

use crate::visible::{escape_char, is_invisible};
use std::fmt::Write;

/// HTML-escaped text, with invisible characters as `<span class="ctl">\u{..}</span>`.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if is_invisible(c) => {
                let _ = write!(out, "<span class=\"ctl\">{}</span>", escape_char(c));
            }
            c => out.push(c),
        }
    }
    out
}
