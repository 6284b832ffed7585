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
//! `key: value` lines, then blocks: a `name:` line and the block's lines indented by two
//! spaces. When the input cannot be written plainly under `#data` (a line of it looks
//! like a section header), an `input-json:` field holds it as a JSON string and wins.
//!
//! Writes are atomic (a temporary file in the same folder, synced, then renamed over
//! the target), so a campaign killed at any instant leaves every file whole. A file
//! for a signature is replaced only by a smaller input (merging archives from several
//! machines is therefore order-independent: the smallest input for each signature).

use crate::dat::{self, DatCase};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

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
    pub signature: String,
    /// `tree`, `fragment`, `serialization`, `round-trip`, `crash` or `timeout`.
    pub level: String,
    /// The engine the reference was compared with.
    pub engine: String,
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
        format!("{}.dat", signature_hash(&self.signature))
    }

    /// The `.dat` text.
    pub fn render(&self) -> String {
        let mut description = String::new();
        let mut line = |key: &str, value: &str| {
            description.push_str(key);
            description.push_str(": ");
            description.push_str(&one_line(value));
            description.push('\n');
        };
        line("signature", &self.signature);
        line("level", &self.level);
        line("engine", &self.engine);
        line("class", self.class.as_deref().unwrap_or("new"));
        for (key, value) in &self.fields {
            line(key, value);
        }
        let mut case = DatCase {
            line: 1,
            data: self.input.clone(),
            errors: self.reference_errors.clone(),
            new_errors: Vec::new(),
            fragment_context: self.fragment_context.clone(),
            scripting: Some(self.scripting),
            document: self.reference_tree.clone(),
            description: None,
        };
        let plain_input_survives = {
            case.description = Some(description.clone());
            dat::parse(&dat::render(&case)).is_ok_and(|c| c.len() == 1 && c[0].data == self.input)
        };
        if !plain_input_survives {
            let json = serde_json::to_string(&self.input).unwrap_or_default();
            description.push_str("input-json: ");
            description.push_str(&json);
            description.push('\n');
            case.data = "(see input-json in #description)".into();
        }
        for (name, text) in &self.blocks {
            description.push_str(&one_line(name));
            description.push_str(":\n");
            for l in text.strip_suffix('\n').unwrap_or(text).split('\n') {
                description.push_str("  ");
                description.push_str(l);
                description.push('\n');
            }
        }
        case.description = Some(description);
        dat::render(&case)
    }

    /// Reads an archived finding from `.dat` text.
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
        let mut block: Option<(String, String)> = None;
        for line in description.lines() {
            if let Some(content) = line.strip_prefix("  ") {
                if let Some((_, text)) = block.as_mut() {
                    text.push_str(content);
                    text.push('\n');
                }
                continue;
            }
            if let Some(done) = block.take() {
                finding.blocks.push(done);
            }
            if let Some(name) = line.strip_suffix(':') {
                block = Some((name.to_owned(), String::new()));
                continue;
            }
            let Some((key, value)) = line.split_once(": ") else {
                continue;
            };
            match key {
                "signature" => finding.signature = value.to_owned(),
                "level" => finding.level = value.to_owned(),
                "engine" => finding.engine = value.to_owned(),
                "class" => finding.class = (value != "new").then(|| value.to_owned()),
                "input-json" => {
                    finding.input = serde_json::from_str(value).map_err(|e| dat::DatError {
                        line: case.line,
                        message: format!("input-json is not a JSON string: {e}"),
                    })?
                }
                _ => finding.fields.push((key.to_owned(), value.to_owned())),
            }
        }
        if let Some(done) = block.take() {
            finding.blocks.push(done);
        }
        if finding.signature.is_empty() {
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
        let text = crate::limits::read_text_file(path, crate::limits::MAX_DATA_FILE_BYTES)
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
        assert!(text.contains("input-json: "));
        assert_eq!(ArchivedFinding::parse(&text).unwrap(), tricky);
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
