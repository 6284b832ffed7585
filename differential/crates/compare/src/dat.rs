//! Reading and writing html5lib tree-construction `.dat` files.
//!
//! Format: `html5lib-tests/tree-construction/README.md`. A file holds tests separated
//! by a blank line; each test is a `#data` section (the input, its final newline
//! removed), `#errors` (one line per error), optionally `#new-errors`,
//! `#document-fragment` (the context element), `#script-off` or `#script-on`, and
//! `#document` (the tree dump). litmus's archive adds a `#description` section (lines
//! that never start with `#`), which other readers ignore as an unknown section.
//!
//! **Escaped tests.** The format has no escape: a line of the input (or of a text in the
//! tree) that reads `#errors` or `#document` ends its section, and readers that open
//! files as text turn a CR into a line feed. A test that cannot be written plainly is
//! written *escaped*, after the `doubleEscaped` flag of html5lib-tests' tokenizer
//! tests: a flag line `#escaped` among its sections (like `#script-on`, after
//! `#errors`), and every section's text unescaped once more on reading — each
//! `\uHHHH` (four hex digits) is the character U+HHHH. The writer escapes `\`
//! itself, every control character but tab and line feed (so CR, NUL, `\x0b` …, see
//! [`escape`]), a `#` that starts a line (so no line of an escaped section reads as a
//! header), and in one-line values (errors, the fragment context) line feeds too; a
//! tree's run of final line feeds keeps only its last one raw, since a blank line
//! ends a test. A plain test is written exactly as before, with no flag. A reader that
//! does not know the flag reads an escaped test as another well-formed test whose
//! input is the escaped text. The `#description` section is left as written:
//! litmus's archive escapes its lines itself ([`crate::archive`]).
//!
//! [`parse`] is litmus's one reader of the format: the conformance runner, the
//! generator's corpus of inputs to mutate, the fuzz seeds and the archive all read
//! through it ([`read_folder`] for a folder of files).

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// One test of a `.dat` file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DatCase {
    /// The 1-based line of its `#data` header, for messages.
    pub line: usize,
    pub data: String,
    pub errors: Vec<String>,
    pub new_errors: Vec<String>,
    pub fragment_context: Option<String>,
    /// `Some(true)` for `#script-on`, `Some(false)` for `#script-off`, `None` for both.
    pub scripting: Option<bool>,
    /// The `#document` section, every line (`| …`) ending with `\n`.
    pub document: String,
    /// The `#description` section's lines, each ending with `\n` (never unescaped
    /// here, see the module docs).
    pub description: Option<String>,
    /// Whether the test is written escaped (a `#escaped` line): [`parse`] has already
    /// unescaped every other field, and [`render`] escapes them.
    pub escaped: bool,
}

impl DatCase {
    /// How many parse errors the test expects: the lines of `#errors`. The
    /// `#new-errors` lines are not added: in this snapshot each restates, with the
    /// standard's code and position, a tokenizer error `#errors` already counts under
    /// html5lib's old name (html5lib-tests issue #107, pull request #92: "`#errors`
    /// should reflect the actual number of errors"). On 570 of the 576 trials with a
    /// `#new-errors` section the standard's count is that of `#errors` alone; the other
    /// six are processing instructions.
    pub fn error_count(&self) -> usize {
        self.errors.len()
    }
}

/// A malformed `.dat` file: the 1-based line and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for DatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for DatError {}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Data,
    Errors,
    NewErrors,
    Fragment,
    Document,
    Description,
}

fn header(line: &str) -> Option<Section> {
    Some(match line {
        "#data" => Section::Data,
        "#errors" => Section::Errors,
        "#new-errors" => Section::NewErrors,
        "#document-fragment" => Section::Fragment,
        "#document" => Section::Document,
        "#description" => Section::Description,
        _ => return None,
    })
}

/// Parses a whole `.dat` file.
pub fn parse(text: &str) -> Result<Vec<DatCase>, DatError> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut cases = Vec::new();
    let mut i = 0;
    // Skip leading blank lines.
    while i < lines.len() && lines[i].is_empty() {
        i += 1;
    }
    while i < lines.len() {
        // A test may begin with "#description" and lines of text up to its "#data"
        // (html5lib-tests' format allows it; web-platform-tests' files use it).
        if lines[i] == "#description" {
            while i < lines.len() && lines[i] != "#data" {
                i += 1;
            }
            if i == lines.len() {
                return Err(DatError {
                    line: i,
                    message: "#description without a following #data".into(),
                });
            }
        }
        if lines[i] != "#data" {
            if lines[i..].iter().all(|l| l.is_empty()) {
                break;
            }
            return Err(DatError {
                line: i + 1,
                message: format!("expected #data, found {:?}", lines[i]),
            });
        }
        let mut case = DatCase {
            line: i + 1,
            ..DatCase::default()
        };
        i += 1;
        // The data: every line up to the first "#errors".
        let data_start = i;
        while i < lines.len() && lines[i] != "#errors" {
            i += 1;
        }
        if i == lines.len() {
            return Err(DatError {
                line: case.line,
                message: "#data without a following #errors".into(),
            });
        }
        case.data = lines[data_start..i].join("\n");
        let mut section = Section::Errors;
        let mut seen_document = false;
        i += 1;
        while i < lines.len() {
            let line = lines[i];
            if line == "#data" {
                break;
            }
            if line == "#script-on" || line == "#script-off" {
                case.scripting = Some(line == "#script-on");
                i += 1;
                continue;
            }
            if line == ESCAPED {
                case.escaped = true;
                i += 1;
                continue;
            }
            if let Some(next) = header(line) {
                if next == Section::Data || next == Section::Errors {
                    return Err(DatError {
                        line: i + 1,
                        message: format!("unexpected {line} inside a test"),
                    });
                }
                section = next;
                seen_document |= next == Section::Document;
                if next == Section::Description {
                    case.description.get_or_insert_with(String::new);
                }
                // A fragment section with no context line has an empty context (a
                // reader refuses it), not none: the test is not a document test.
                if next == Section::Fragment {
                    case.fragment_context.get_or_insert_with(String::new);
                }
                i += 1;
                continue;
            }
            match section {
                Section::Errors => push_nonempty(&mut case.errors, line),
                Section::NewErrors => push_nonempty(&mut case.new_errors, line),
                Section::Fragment => {
                    if !line.is_empty() && case.fragment_context.as_deref() == Some("") {
                        case.fragment_context = Some(line.to_owned());
                    }
                }
                Section::Document => {
                    case.document.push_str(line);
                    case.document.push('\n');
                }
                Section::Description => {
                    let d = case.description.get_or_insert_with(String::new);
                    d.push_str(line);
                    d.push('\n');
                }
                Section::Data => {}
            }
            i += 1;
        }
        if !seen_document {
            return Err(DatError {
                line: case.line,
                message: "test has no #document section".into(),
            });
        }
        // The blank line that separates tests (and the file's final newline) belongs
        // to no section.
        while case.document.ends_with("\n\n") {
            case.document.pop();
        }
        if case.document == "\n" {
            case.document.clear();
        }
        if case.escaped {
            unescape_case(&mut case)?;
        }
        cases.push(case);
    }
    Ok(cases)
}

/// Every test of the `.dat` files directly inside `dir` (its subfolders, such as
/// html5lib's `scripted/`, are not read), in file-name order, then in file order. Fails
/// if the folder or a file cannot be read, or a file is not UTF-8 or not a well-formed
/// `.dat` file; the error names the file (and the line).
pub fn read_folder(dir: &Path) -> io::Result<Vec<DatCase>> {
    let mut cases = Vec::new();
    for path in dat_files(dir)? {
        cases.extend(read_file(&path)?);
    }
    Ok(cases)
}

/// The tests of one `.dat` file; errors name the file (and the line).
pub fn read_file(path: &Path) -> io::Result<Vec<DatCase>> {
    let text =
        litmus_engines::limits::read_text_file(path, litmus_engines::limits::MAX_DATA_FILE_BYTES)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    parse(&text).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}:{}: {}", path.display(), e.line, e.message),
        )
    })
}

/// The `.dat` files directly inside `dir`, sorted by name.
fn dat_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "dat") && path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

fn push_nonempty(list: &mut Vec<String>, line: &str) {
    if !line.is_empty() {
        list.push(line.to_owned());
    }
}

/// The flag line of an escaped test.
pub const ESCAPED: &str = "#escaped";

/// `text` escaped for an escaped test (see the module docs): `\`, control characters
/// but tab and line feed, and a `#` at the start of a line become `\uHHHH`; line feeds
/// too unless `keep_line_feeds`.
pub fn escape(text: &str, keep_line_feeds: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut line_start = true;
    for c in text.chars() {
        let escaped = match c {
            '\n' => !keep_line_feeds,
            '\t' => false,
            '\\' => true,
            '#' => line_start,
            c => c.is_control() || matches!(c, '\u{2028}' | '\u{2029}'),
        };
        if escaped {
            out.push_str(&format!("\\u{:04X}", c as u32));
        } else {
            out.push(c);
        }
        line_start = c == '\n' && keep_line_feeds;
    }
    out
}

/// The text an escaped section stands for: each `\uHHHH` becomes U+HHHH. A backslash
/// that does not start four hex digits naming a character is an error.
pub fn unescape(text: &str) -> Result<String, String> {
    if !text.contains('\\') {
        return Ok(text.to_owned());
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let escape = rest[at..].get(..6).unwrap_or(&rest[at..]);
        let c = escape
            .strip_prefix("\\u")
            .filter(|hex| hex.len() == 4 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|hex| u32::from_str_radix(hex, 16).ok())
            .and_then(char::from_u32)
            .ok_or_else(|| format!("bad escape {escape:?} (an escaped test writes \\uHHHH)"))?;
        out.push(c);
        rest = &rest[at + 6..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Unescapes every section of an escaped test but its description.
fn unescape_case(case: &mut DatCase) -> Result<(), DatError> {
    let line = case.line;
    let error = |message: String| DatError {
        line,
        message: format!("in an escaped test: {message}"),
    };
    case.data = unescape(&case.data).map_err(error)?;
    for e in case.errors.iter_mut().chain(case.new_errors.iter_mut()) {
        *e = unescape(e).map_err(error)?;
    }
    if let Some(context) = &mut case.fragment_context {
        *context = unescape(context).map_err(error)?;
    }
    case.document = unescape(&case.document).map_err(error)?;
    Ok(())
}

/// A tree escaped: every final line feed but the last as `\u000A`, since a blank
/// line would end the test. (A tree is empty or ends with a line feed, as a dump is;
/// a tree of one blank line cannot be told from an empty one.)
fn escape_document(document: &str) -> String {
    let mut out = escape(document, true);
    let body = out.trim_end_matches('\n').len();
    let final_line_feeds = out.len() - body;
    if final_line_feeds > 1 {
        out.truncate(body);
        out.push_str(&"\\u000A".repeat(final_line_feeds - 1));
        out.push('\n');
    }
    out
}

/// Writes one test in the `.dat` format (without the blank separator line); escaped
/// when `case.escaped` (see the module docs).
pub fn render(case: &DatCase) -> String {
    let text = |s: &str, keep_line_feeds: bool| {
        if case.escaped {
            escape(s, keep_line_feeds)
        } else {
            s.to_owned()
        }
    };
    let mut out = String::new();
    out.push_str("#data\n");
    out.push_str(&text(&case.data, true));
    out.push_str("\n#errors\n");
    for e in &case.errors {
        out.push_str(&text(e, false));
        out.push('\n');
    }
    if !case.new_errors.is_empty() {
        out.push_str("#new-errors\n");
        for e in &case.new_errors {
            out.push_str(&text(e, false));
            out.push('\n');
        }
    }
    if case.escaped {
        out.push_str(ESCAPED);
        out.push('\n');
    }
    if let Some(description) = &case.description {
        out.push_str("#description\n");
        out.push_str(description);
        if !description.is_empty() && !description.ends_with('\n') {
            out.push('\n');
        }
    }
    if let Some(context) = &case.fragment_context {
        out.push_str("#document-fragment\n");
        out.push_str(&text(context, false));
        out.push('\n');
    }
    match case.scripting {
        Some(true) => out.push_str("#script-on\n"),
        Some(false) => out.push_str("#script-off\n"),
        None => {}
    }
    out.push_str("#document\n");
    if case.escaped {
        out.push_str(&escape_document(&case.document));
    } else {
        out.push_str(&case.document);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_html5lib_style_files() {
        let text = "#data\n<p>One<p>Two\n#errors\n3: Missing document type declaration\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"One\"\n\n#data\nx\n\n#errors\n#document-fragment\nsvg path\n#script-off\n#document\n| \"x\n\"\n";
        let cases = parse(text).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].data, "<p>One<p>Two");
        assert_eq!(cases[0].errors.len(), 1);
        assert_eq!(cases[0].error_count(), 1);
        assert_eq!(cases[0].document.lines().count(), 5);
        assert!(cases[0].document.ends_with("\"One\"\n"));
        assert_eq!(cases[1].data, "x\n");
        assert_eq!(cases[1].fragment_context.as_deref(), Some("svg path"));
        assert_eq!(cases[1].scripting, Some(false));
        assert_eq!(cases[1].document, "| \"x\n\"\n");
        assert_eq!(cases[1].line, 12);
    }

    #[test]
    fn rendering_round_trips() {
        let case = DatCase {
            line: 1,
            data: "<b>\r\n<i>".into(),
            errors: vec!["1:1: tree-missing-or-bad-doctype".into()],
            new_errors: vec![],
            fragment_context: Some("td".into()),
            scripting: Some(true),
            document: "| <b>\n|   \"\n\"\n".into(),
            description: Some("signature: x\n  | <html>\n".into()),
            escaped: false,
        };
        let parsed = parse(&render(&case)).unwrap();
        assert_eq!(parsed, vec![case]);
    }

    #[test]
    fn escaped_tests_read_back_as_written() {
        let case = DatCase {
            line: 1,
            data: "a\r\n#errors\n\\u0041\0\x0b\n#document\n".into(),
            errors: vec!["1:1: x\ny".into()],
            new_errors: vec![],
            fragment_context: Some("td".into()),
            scripting: None,
            document: "| \"a\r\n#data\n\n\"\n\n\n".into(),
            description: Some("signature: x\n".into()),
            escaped: true,
        };
        let text = render(&case);
        assert!(!text.contains('\r') && !text.contains('\0'), "{text}");
        assert!(text.contains("\n#escaped\n"));
        assert_eq!(parse(&text).unwrap(), vec![case]);
        assert_eq!(unescape("\\u00e9\\u005Cu0041").unwrap(), "é\\u0041");
        for bad in ["\\", "\\u12", "\\x0041", "\\uD800", "\\u00g0"] {
            assert!(unescape(bad).is_err(), "{bad}");
        }
        let err = parse("\n#data\n\\u00\n#errors\n#escaped\n#document\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("bad escape"), "{}", err.message);
    }

    #[test]
    fn malformed_files_name_the_line() {
        assert_eq!(parse("#data\nx\n").unwrap_err().line, 1);
        assert_eq!(parse("junk\n").unwrap_err().line, 1);
        assert_eq!(
            parse("#data\nx\n#errors\n").unwrap_err().message,
            "test has no #document section"
        );
        let err = parse("#data\nx\n#errors\n#document\n| x\n#errors\n").unwrap_err();
        assert_eq!(err.line, 6);
    }

    #[test]
    fn the_error_count_is_that_of_errors_and_new_errors_are_kept_apart() {
        let text = "#data\n<p>\n#errors\n(1,3): one\n\n(1,3): two\n#new-errors\n(1:1) three\n#document\n| <p>\n";
        let cases = parse(text).unwrap();
        assert_eq!(cases[0].error_count(), 2);
        assert_eq!(cases[0].new_errors, ["(1:1) three"]);
    }

    #[test]
    fn folders_are_read_in_file_name_order_and_name_a_malformed_file() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("scripted")).unwrap();
        std::fs::write(
            dir.path().join("b.dat"),
            "#data\nb\n#errors\n#document\n| \"b\"\n",
        )
        .unwrap();
        std::fs::write(
            dir.path().join("a.dat"),
            "#data\na\n#errors\n#document\n| \"a\"\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("notes.txt"), "#data\nno\n").unwrap();
        std::fs::write(
            dir.path().join("scripted/c.dat"),
            "#data\nc\n#errors\n#document\n",
        )
        .unwrap();
        let inputs: Vec<String> = read_folder(dir.path())
            .unwrap()
            .into_iter()
            .map(|c| c.data)
            .collect();
        assert_eq!(inputs, ["a", "b"]);
        std::fs::write(dir.path().join("c.dat"), "#data\nc\n#errors\n").unwrap();
        let error = read_folder(dir.path()).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert!(
            error
                .to_string()
                .ends_with("c.dat:1: test has no #document section"),
            "{error}"
        );
        assert!(read_folder(&dir.path().join("absent")).is_err());
    }
}
