//! The archive of findings: one html5lib `.dat` file per signature.
//!
//! `corpus/divergences/<signature-hash>.dat` holds the minimized input under `#data`,
//! the reference parser's errors under `#errors`, its tree under `#document` (with
//! `#document-fragment` and `#script-on`/`#script-off`), and a `#description`:
//!
//! ```text
//! #description
//! signature: tree | litmus: <?…> | html5ever: <!--…--> | in: <body>
//! level: tree
//! engine: html5ever
//! class: html5ever-no-processing-instructions
//! found: campaign 20261130-0500 seed 7 case 1234
//! versions: litmus 0.1.0; html5ever 0.40
//! minimized: 212 -> 7 bytes, 153 steps, 35 ms
//! html5ever tree:
//!   | <html>
//!   |   <head>
//! ```
//!
//! A finding of the chunk level has a `splits:` field as well: the byte offsets of
//! `#data` (as UTF-8) its input is cut at, ascending, separated by spaces (`splits: 3
//! 17`), which `litmus corpus check` replays ([`splits_field`], [`read_splits`]); an
//! html5lib case has no way to say that its data comes in pieces.
//!
//! A finding of the token level has a `start:` field: the state its tokenizers
//! started in and the last start tag they were given (`start: RCDATA, last start tag
//! title`), which `litmus corpus check` tokenizes from again
//! (`compare::tokens::TokenStart`).
//!
//! `key: value` lines, then blocks: a `name:` line and the block's lines indented by two
//! spaces (a block's final line feed is not kept).
//!
//! Everything round-trips byte for byte: the input above all, and the tree, errors,
//! signature, fields and blocks. A finding that the plain text would not carry
//! unchanged (a CR in a field or at the end of a block line, a line of the input or the
//! tree that reads `#errors`, `#document` or `#data`, a line feed in the signature) is
//! written as an *escaped* test ([`crate::dat`]): a `#escaped` line, and `\uHHHH`
//! escapes in every section and in the description's values, block names and block
//! lines. Every other finding is written plainly, exactly as before. (Earlier versions
//! wrote such inputs as an `input-json:` field, still read.)
//!
//! Writes are atomic (a temporary file in the same folder, synced, then renamed over
//! the target), so a campaign killed at any instant leaves every file whole. A file
//! for a signature is replaced only by a smaller input (merging archives from several
//! machines is therefore order-independent: the smallest input for each signature).

use crate::dat::{self, DatCase};
use crate::signature::{Kind, Signature};
use litmus_engines::case::EngineName;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The corpus folder of `--corpus`, `corpus` by default.
pub fn corpus_dir(corpus: Option<&Path>) -> PathBuf {
    corpus.map_or_else(|| PathBuf::from("corpus"), Path::to_path_buf)
}

/// The folder of findings of a corpus: `CORPUS/divergences`.
pub fn divergences_dir(corpus: &Path) -> PathBuf {
    corpus.join("divergences")
}

/// The `splits:` field of a chunk finding: byte offsets separated by spaces.
pub fn splits_field(splits: &[usize]) -> String {
    let words: Vec<String> = splits.iter().map(usize::to_string).collect();
    words.join(" ")
}

/// Reads a `splits:` field; `None` if a word is not a byte offset.
pub fn read_splits(field: &str) -> Option<Vec<usize>> {
    field.split_whitespace().map(|w| w.parse().ok()).collect()
}

/// One archived finding.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ArchivedFinding {
    pub input: String,
    /// The reference parser's errors, `line:column: code`.
    pub reference_errors: Vec<String>,
    pub fragment_context: Option<String>,
    pub scripting: bool,
    /// The reference parser's tree dump.
    pub reference_tree: String,
    pub signature: Signature,
    /// The level (`tree`, `fragment`, …) or the failure (`crash`, `timeout`, …).
    pub level: Kind,
    /// The engine the reference was compared with.
    pub engine: EngineName,
    /// The known class that explains it, or `None` for a new finding.
    pub class: Option<String>,
    /// Other `key: value` facts (found, versions, minimized, …), in order.
    pub fields: Vec<(String, String)>,
    /// Named multi-line blocks (the other engine's tree, serializations, …), in order.
    pub blocks: Vec<(String, String)>,
}

impl ArchivedFinding {
    /// The value of a field.
    pub fn field(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The text of a block.
    pub fn block(&self, name: &str) -> Option<&str> {
        self.blocks
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The archive file name: the signature's hash.
    pub fn file_name(&self) -> String {
        format!("{}.dat", self.signature.hash())
    }

    /// The `.dat` text: plain when every part of the finding reads back unchanged from
    /// the plain text (as it always did), escaped otherwise (see [`crate::dat`]: the
    /// `#escaped` flag, `\uHHHH` in every section, and in the description's values and
    /// block lines).
    pub fn render(&self) -> String {
        let plain = self.render_as(false);
        if ArchivedFinding::parse(&plain).is_ok_and(|back| back.same_as(self)) {
            return plain;
        }
        self.render_as(true)
    }

    /// Whether `other` holds what `self` does, as the archive keeps it: a block's
    /// final line feed is not kept (every block reads back ending with one).
    fn same_as(&self, other: &ArchivedFinding) -> bool {
        let lines = |blocks: &[(String, String)]| -> Vec<(String, String)> {
            blocks
                .iter()
                .map(|(name, text)| {
                    let mut text = text.clone();
                    if !text.ends_with('\n') {
                        text.push('\n');
                    }
                    (name.clone(), text)
                })
                .collect()
        };
        let mut a = self.clone();
        let mut b = other.clone();
        a.blocks = lines(&a.blocks);
        b.blocks = lines(&b.blocks);
        a == b
    }

    fn render_as(&self, escaped: bool) -> String {
        let value = |v: &str| {
            if escaped {
                dat::escape(v, false)
            } else {
                one_line(v)
            }
        };
        let mut description = String::new();
        let mut line = |key: &str, v: &str| {
            description.push_str(key);
            description.push_str(": ");
            description.push_str(&value(v));
            description.push('\n');
        };
        line("signature", self.signature.as_str());
        line("level", self.level.as_str());
        line("engine", &self.engine);
        line("class", self.class.as_deref().unwrap_or("new"));
        for (key, v) in &self.fields {
            line(key, v);
        }
        for (name, text) in &self.blocks {
            if escaped {
                // A block name never holds ": ", which would make it a field.
                description.push_str(&dat::escape(name, false).replace(':', "\\u003A"));
            } else {
                description.push_str(&one_line(name));
            }
            description.push_str(":\n");
            for l in text.strip_suffix('\n').unwrap_or(text).split('\n') {
                description.push_str("  ");
                description.push_str(&if escaped {
                    dat::escape(l, false)
                } else {
                    l.to_owned()
                });
                description.push('\n');
            }
        }
        dat::render(&DatCase {
            line: 1,
            data: self.input.clone(),
            errors: self.reference_errors.clone(),
            new_errors: Vec::new(),
            fragment_context: self.fragment_context.clone(),
            scripting: Some(self.scripting),
            document: self.reference_tree.clone(),
            description: Some(description),
            escaped,
        })
    }

    /// Reads an archived finding from `.dat` text (plain or escaped; an `input-json:`
    /// field, which earlier versions wrote for inputs that could not be written
    /// plainly, gives the input).
    pub fn parse(text: &str) -> Result<ArchivedFinding, dat::DatError> {
        let cases = dat::parse(text)?;
        let [case] = cases.as_slice() else {
            return Err(dat::DatError {
                line: 1,
                message: format!(
                    "an archived finding holds one test, this file holds {}",
                    cases.len()
                ),
            });
        };
        let description = case.description.as_deref().ok_or_else(|| dat::DatError {
            line: case.line,
            message: "no #description section".into(),
        })?;
        let mut finding = ArchivedFinding {
            input: case.data.clone(),
            reference_errors: case.errors.clone(),
            fragment_context: case.fragment_context.clone(),
            scripting: case.scripting.unwrap_or(true),
            reference_tree: case.document.clone(),
            ..ArchivedFinding::default()
        };
        let unescape = |text: &str| -> Result<String, dat::DatError> {
            if !case.escaped {
                return Ok(text.to_owned());
            }
            dat::unescape(text).map_err(|message| dat::DatError {
                line: case.line,
                message: format!("in the #description of an escaped test: {message}"),
            })
        };
        let mut block: Option<(String, String)> = None;
        // Lines end at line feeds only: a carriage return is content.
        let description = description.strip_suffix('\n').unwrap_or(description);
        for line in description.split('\n') {
            if let Some(content) = line.strip_prefix("  ") {
                if let Some((_, text)) = block.as_mut() {
                    text.push_str(&unescape(content)?);
                    text.push('\n');
                }
                continue;
            }
            if let Some(done) = block.take() {
                finding.blocks.push(done);
            }
            // A block's name line has no ": " (a field's value may end with ':').
            if let Some(name) = line.strip_suffix(':').filter(|_| !line.contains(": ")) {
                block = Some((unescape(name)?, String::new()));
                continue;
            }
            let Some((key, value)) = line.split_once(": ") else {
                continue;
            };
            let value = unescape(value)?;
            match key {
                "signature" => finding.signature = Signature::from_text(value),
                "level" => finding.level = Kind::from_name(&value),
                "engine" => finding.engine = EngineName::from(value),
                "class" => finding.class = (value != "new").then_some(value),
                "input-json" => {
                    finding.input = serde_json::from_str(&value).map_err(|e| dat::DatError {
                        line: case.line,
                        message: format!("input-json is not a JSON string: {e}"),
                    })?
                }
                _ => finding.fields.push((key.to_owned(), value)),
            }
        }
        if let Some(done) = block.take() {
            finding.blocks.push(done);
        }
        if finding.signature.as_str().is_empty() {
            return Err(dat::DatError {
                line: case.line,
                message: "the #description has no signature".into(),
            });
        }
        Ok(finding)
    }
}

fn one_line(value: &str) -> String {
    value.replace(['\n', '\r'], " ")
}

/// The stable hash of a signature: the first 16 hex digits of its SHA-256.
pub fn signature_hash(signature: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(signature.as_bytes());
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// An archive folder or file that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchiveError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for ArchiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for ArchiveError {}

/// What storing a finding did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreOutcome {
    /// A new file.
    Created,
    /// The file held a larger input for the signature; it now holds this one.
    Replaced,
    /// The file already held an input at least as small; nothing was written.
    Kept,
}

/// A folder of archived findings (`corpus/divergences`).
#[derive(Clone, Debug)]
pub struct Archive {
    dir: PathBuf,
}

impl Archive {
    /// The archive in `dir`, created if missing.
    pub fn create(dir: &Path) -> Result<Archive, ArchiveError> {
        std::fs::create_dir_all(dir).map_err(|e| ArchiveError {
            path: dir.to_owned(),
            message: format!("cannot create the archive folder: {e}"),
        })?;
        remove_stale_temporaries(dir);
        Archive::open(dir)
    }

    /// The archive in `dir`, which must exist and be a folder.
    pub fn open(dir: &Path) -> Result<Archive, ArchiveError> {
        if !dir.is_dir() {
            return Err(ArchiveError {
                path: dir.to_owned(),
                message: if dir.exists() {
                    "is not a folder".into()
                } else {
                    "no such folder".into()
                },
            });
        }
        Ok(Archive {
            dir: dir.to_owned(),
        })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The `.dat` files of the archive, sorted.
    pub fn files(&self) -> Result<Vec<PathBuf>, ArchiveError> {
        let entries = std::fs::read_dir(&self.dir).map_err(|e| ArchiveError {
            path: self.dir.clone(),
            message: format!("cannot list: {e}"),
        })?;
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "dat") && p.is_file())
            .collect();
        files.sort();
        Ok(files)
    }

    /// Reads one archived finding; the error names the file and line.
    pub fn read(path: &Path) -> Result<ArchivedFinding, ArchiveError> {
        let text = litmus_engines::limits::read_text_file(
            path,
            litmus_engines::limits::MAX_DATA_FILE_BYTES,
        )
        .map_err(|e| ArchiveError {
            path: path.to_owned(),
            message: format!("cannot read: {e}"),
        })?;
        ArchivedFinding::parse(&text).map_err(|e| ArchiveError {
            path: path.to_owned(),
            message: e.to_string(),
        })
    }

    /// Stores a finding under its signature's hash, atomically; an existing file is
    /// replaced only by a smaller input.
    pub fn store(&self, finding: &ArchivedFinding) -> Result<StoreOutcome, ArchiveError> {
        let path = self.dir.join(finding.file_name());
        let mut outcome = StoreOutcome::Created;
        if path.exists() {
            match Archive::read(&path) {
                Ok(existing) if existing.input.len() <= finding.input.len() => {
                    return Ok(StoreOutcome::Kept)
                }
                // A smaller input, or a file that cannot be read (it was torn by
                // something other than litmus): write the new one over it.
                _ => outcome = StoreOutcome::Replaced,
            }
        }
        write_atomically(&path, finding.render().as_bytes())?;
        Ok(outcome)
    }

    /// Stores a finding under its signature's hash, atomically, over any file there.
    pub fn replace(&self, finding: &ArchivedFinding) -> Result<StoreOutcome, ArchiveError> {
        let path = self.dir.join(finding.file_name());
        let outcome = if path.exists() {
            StoreOutcome::Replaced
        } else {
            StoreOutcome::Created
        };
        write_atomically(&path, finding.render().as_bytes())?;
        Ok(outcome)
    }
}

/// Writes `bytes` to `path` through a synced temporary file in the same folder and a
/// rename: readers see the old file or the new one, never a part.
/// The name every temporary file of this process starts with: `.litmus-PID-`, so
/// that a later run can tell the leftovers of a killed run from the files of a live
/// one ([`remove_stale_temporaries`]).
pub fn temporary_prefix() -> String {
    format!(".litmus-{}-", std::process::id())
}

/// Removes the temporary files a killed litmus left in `dir`: `.litmus-PID-….tmp` (and
/// `.litmus-probe-PID-…`) whose process is gone. A live run's files stay. Returns how
/// many it removed.
pub fn remove_stale_temporaries(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(rest) = name
            .strip_prefix(".litmus-probe-")
            .or_else(|| name.strip_prefix(".litmus-"))
        else {
            continue;
        };
        let pid = rest.split('-').next().and_then(|p| p.parse::<i32>().ok());
        let gone = match pid.and_then(rustix::process::Pid::from_raw) {
            // Signal 0 asks whether the process exists.
            Some(pid) => {
                rustix::process::test_kill_process(pid).is_err_and(|e| e == rustix::io::Errno::SRCH)
            }
            None => false,
        };
        if gone && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), ArchiveError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let error = |message: String| ArchiveError {
        path: path.to_owned(),
        message,
    };
    let mut temp = tempfile::Builder::new()
        .prefix(&temporary_prefix())
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| error(format!("cannot create a temporary file: {e}")))?;
    // A temporary file is made 0600; what it becomes is an ordinary file, 0644, as
    // `fs::write` would make it under the usual umask (reports are read by others,
    // served by web servers, archived by CI).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        temp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))
            .map_err(|e| error(format!("cannot set its permissions: {e}")))?;
    }
    temp.write_all(bytes)
        .and_then(|_| temp.as_file().sync_all())
        .map_err(|e| error(format!("cannot write: {e}")))?;
    temp.persist(path)
        .map_err(|e| error(format!("cannot rename into place: {}", e.error)))?;
    // Make the rename itself durable.
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(input: &str) -> ArchivedFinding {
        ArchivedFinding {
            input: input.into(),
            reference_errors: vec!["1:1: tree-missing-or-bad-doctype".into()],
            fragment_context: None,
            scripting: false,
            reference_tree: "| <html>\n|   <head>\n|   <body>\n|     <?t d?>\n".into(),
            signature: "tree | litmus: <?…> | html5ever: <!--…--> | in: <body>".into(),
            level: "tree".into(),
            engine: "html5ever".into(),
            class: Some("html5ever-no-processing-instructions".into()),
            fields: vec![("minimized".into(), "20 -> 8 bytes".into())],
            blocks: vec![(
                "html5ever tree".into(),
                "| <html>\n|   <head>\n|   <body>\n|     <!-- ?t d? -->\n".into(),
            )],
        }
    }

    #[test]
    fn findings_round_trip_through_dat_text() {
        let f = finding("<?t d?>");
        assert_eq!(ArchivedFinding::parse(&f.render()).unwrap(), f);
        let tricky = finding("a\n#errors\nb\r\n\0");
        let text = tricky.render();
        assert!(text.contains("\n#escaped\n"), "{text}");
        assert_eq!(ArchivedFinding::parse(&text).unwrap(), tricky);
    }

    /// Plain findings are written exactly as before the escaped form existed.
    #[test]
    fn plain_findings_are_written_as_before() {
        let text = finding("<?t d?>\r<b>\0").render();
        assert_eq!(
            text,
            "#data\n<?t d?>\r<b>\0\n#errors\n1:1: tree-missing-or-bad-doctype\n#description\n\
             signature: tree | litmus: <?…> | html5ever: <!--…--> | in: <body>\nlevel: tree\n\
             engine: html5ever\nclass: html5ever-no-processing-instructions\n\
             minimized: 20 -> 8 bytes\nhtml5ever tree:\n  | <html>\n  |   <head>\n  |   <body>\n\
             \x20 |     <!-- ?t d? -->\n#script-off\n#document\n| <html>\n|   <head>\n|   <body>\n\
             |     <?t d?>\n"
        );
    }

    /// What the parser would build for `input`: a tree dump whose texts hold the
    /// input's lines (so a line of the input is a line of the tree too).
    fn tree_of(input: &str) -> String {
        format!("| <html>\n|   <head>\n|   <body>\n|     \"{input}\"\n")
    }

    #[test]
    fn any_finding_round_trips_byte_for_byte() {
        let pieces = [
            "",
            "a",
            "\r",
            "\r\n",
            "\n",
            "\n\n",
            "\0",
            "\x0b",
            "\x0c",
            "\x1b",
            "\x7f",
            "\u{85}",
            "\u{2028}",
            "\u{feff}",
            "\t",
            "\\",
            "\\u0041",
            "\\u",
            "#",
            "#data",
            "#errors",
            "#document",
            "#escaped",
            "#script-on",
            "#description",
            "  ",
            ": ",
            ":",
            "<p>",
        ];
        let mut inputs = Vec::new();
        for a in pieces {
            for b in ["", "\n", "\r", "\r\n"] {
                for c in pieces {
                    inputs.push(format!("{a}{b}{c}"));
                    inputs.push(format!("x\n{a}{b}{c}\n"));
                    inputs.push(format!("{b}{a}\n{c}{b}"));
                }
            }
        }
        for (i, input) in inputs.iter().enumerate() {
            let mut f = finding(input);
            f.reference_tree = tree_of(input);
            if i % 3 == 0 {
                // Signatures, fields, errors and blocks with the same characters.
                f.signature =
                    Signature::from_text(format!("tree | litmus: {input} | html5ever: x"));
                f.fields.push(("found".into(), input.clone()));
                f.reference_errors.push(format!("1:2: {input}"));
                f.blocks
                    .push(("html5ever serialization".into(), input.clone()));
                f.fragment_context = Some("td".into());
            }
            let text = f.render();
            let back =
                ArchivedFinding::parse(&text).unwrap_or_else(|e| panic!("{input:?}: {e}\n{text}"));
            assert_eq!(back.input.as_bytes(), input.as_bytes(), "{text}");
            assert!(back.same_as(&f), "{input:?}:\n{text}\n{back:?}");
            // The one reader of the format agrees (the generator and the seeds read
            // archived inputs through it).
            assert_eq!(dat::parse(&text).unwrap()[0].data, *input);
            if i % 50 != 0 {
                continue;
            }
            // Written to disk and read back.
            let dir = tempfile::tempdir().unwrap();
            let archive = Archive::create(dir.path()).unwrap();
            archive.store(&f).unwrap();
            let read = Archive::read(&dir.path().join(f.file_name())).unwrap();
            assert_eq!(read.input, *input);
            assert_eq!(read.reference_tree, f.reference_tree);
        }
    }

    #[test]
    fn escaped_files_are_plain_when_they_can_be() {
        assert!(!finding("a\r\nb\0").render().contains("#escaped"));
        for input in ["a\n#data\nb", "#errors", "x\n#document\ny"] {
            let mut f = finding(input);
            f.reference_tree = tree_of(input);
            let text = f.render();
            assert!(text.contains("\n#escaped\n"), "{text}");
            assert!(text.contains("\\u0023"), "{text}");
        }
        // A CR in the signature is kept (it once became a space).
        let mut f = finding("<div \u{fffd}alt=&#13>");
        f.signature = "round-trip | html5ever: \u{fffd}alt=\r at '\\r'".into();
        let back = ArchivedFinding::parse(&f.render()).unwrap();
        assert_eq!(back.signature, f.signature);
    }

    #[test]
    fn files_of_earlier_versions_are_read() {
        let text = "#data\n(see input-json in #description)\n#errors\n#description\n\
                    signature: s\nlevel: tree\nengine: html5ever\nclass: new\n\
                    input-json: \"a\\n#errors\\r\"\n#script-on\n#document\n| <html>\n";
        let f = ArchivedFinding::parse(text).unwrap();
        assert_eq!(f.input, "a\n#errors\r");
    }

    #[test]
    fn the_smaller_input_wins_whatever_the_order() {
        let dir = tempfile::tempdir().unwrap();
        let archive = Archive::create(dir.path()).unwrap();
        assert_eq!(
            archive.store(&finding("<?t d?>xx")).unwrap(),
            StoreOutcome::Created
        );
        assert_eq!(
            archive.store(&finding("<?t d?>xxx")).unwrap(),
            StoreOutcome::Kept
        );
        assert_eq!(
            archive.store(&finding("<?t d?>")).unwrap(),
            StoreOutcome::Replaced
        );
        let files = archive.files().unwrap();
        assert_eq!(files.len(), 1);
        assert_eq!(Archive::read(&files[0]).unwrap().input, "<?t d?>");
        let leftovers: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary files left behind");
    }

    /// Files are written 0644, not the 0600 of the temporary file they start as.
    #[cfg(unix)]
    #[test]
    fn files_are_written_0644() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.md");
        write_atomically(&path, b"x").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o644, "{mode:o}");
    }

    #[test]
    fn bad_archives_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nope");
        assert!(Archive::open(&missing)
            .unwrap_err()
            .to_string()
            .contains("no such folder"));
        let file = dir.path().join("f.dat");
        std::fs::write(&file, "#data\nx\n#errors\n#document\n| \"x\"\n").unwrap();
        let err = Archive::read(&file).unwrap_err().to_string();
        assert!(
            err.contains("f.dat") && err.contains("#description"),
            "{err}"
        );
    }
}
