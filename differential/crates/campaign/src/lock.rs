//! One writer per reports folder: the lock a campaign (and `litmus triage`, `litmus
//! report merge`) holds on its `--out` while it writes there.
//!
//! Two campaigns writing one folder would each replace the other's reports, and the
//! one that finishes last would leave its own, with no warning. So the writer takes an
//! advisory lock (`flock`, non-blocking) on the file
//! [`LOCK_FILE`] in the folder, and a second writer that cannot take it is refused with
//! the first one's process id and command. The operating system releases the lock when
//! the holder's process ends however it ends (Ctrl-C, a crash, SIGKILL), so a lock is
//! never left held; the file itself is removed when the holder lets go normally, and
//! `.gitignore` names it for the file a killed holder leaves behind. Workers and
//! engines never hold it: the file is opened close-on-exec, as Rust opens every file.
//!
//! Removing the file on release leaves one race, which [`ReportsLock::take`] closes: a
//! writer that opened the file just before its holder removed it could lock the removed
//! file while a third writer locks a new one. So after locking, the writer checks that
//! the path still names the file it locked, and starts again if not.

use rustix::fs::FlockOperation;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// The lock file's name inside a reports folder.
pub const LOCK_FILE: &str = ".litmus-lock";

/// A held lock on a reports folder; released (and its file removed) when dropped.
#[derive(Debug)]
pub struct ReportsLock {
    file: File,
    path: PathBuf,
}

/// Why a reports folder could not be locked.
#[derive(Debug)]
pub enum LockError {
    /// Another process writes there: its own words (process id, command, start).
    InUse { dir: PathBuf, holder: String },
    /// The lock file cannot be made or locked.
    Io { dir: PathBuf, message: String },
}

impl std::fmt::Display for LockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LockError::InUse { dir, holder } => write!(
                f,
                "{} is in use by another litmus ({}): two commands writing one reports folder would replace each other's reports; wait for it to finish, or give another --out",
                dir.display(),
                if holder.is_empty() { "starting" } else { holder }
            ),
            LockError::Io { dir, message } => {
                write!(f, "{}: cannot lock the reports folder: {message}", dir.display())
            }
        }
    }
}

impl std::error::Error for LockError {}

impl ReportsLock {
    /// Locks `dir` (created if missing) for `command` (e.g. `litmus run`), or says who
    /// holds it.
    pub fn take(dir: &Path, command: &str) -> Result<ReportsLock, LockError> {
        let io = |e: std::io::Error| LockError::Io {
            dir: dir.to_owned(),
            message: e.to_string(),
        };
        std::fs::create_dir_all(dir).map_err(io)?;
        let path = dir.join(LOCK_FILE);
        // Each round loses only to a holder that removed the file in between, which a
        // few rounds outlast.
        for _ in 0..16 {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(io)?;
            match rustix::fs::flock(&file, FlockOperation::NonBlockingLockExclusive) {
                Ok(()) => {}
                Err(rustix::io::Errno::WOULDBLOCK) => {
                    let mut holder = String::new();
                    let _ = (&file).take(256).read_to_string(&mut holder);
                    return Err(LockError::InUse {
                        dir: dir.to_owned(),
                        holder: holder.trim().to_owned(),
                    });
                }
                Err(e) => return Err(io(e.into())),
            }
            if !names_file(&path, &file) {
                continue;
            }
            let holder = format!(
                "process {}, {command}, since {}",
                std::process::id(),
                chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
            );
            file.set_len(0).map_err(io)?;
            file.write_all(holder.as_bytes()).map_err(io)?;
            return Ok(ReportsLock { file, path });
        }
        Err(LockError::Io {
            dir: dir.to_owned(),
            message: format!("{} kept being replaced", path.display()),
        })
    }
}

/// Whether `path` names the open `file` (and not a file made after it was removed).
fn names_file(path: &Path, file: &File) -> bool {
    match (std::fs::metadata(path), file.metadata()) {
        (Ok(named), Ok(open)) => named.dev() == open.dev() && named.ino() == open.ino(),
        _ => false,
    }
}

impl Drop for ReportsLock {
    fn drop(&mut self) {
        // Removed while still locked, so that no one locks it in between; closing the
        // file then releases the lock.
        if names_file(&self.path, &self.file) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("reports");
        let first = ReportsLock::take(&out, "litmus run").unwrap();
        // Another open file description, as another process has: flock refuses it.
        let second = ReportsLock::take(&out, "litmus triage").unwrap_err();
        let message = second.to_string();
        assert!(matches!(second, LockError::InUse { .. }), "{message}");
        assert!(
            message.contains(&format!("process {}, litmus run", std::process::id())),
            "{message}"
        );
        assert!(message.contains("in use by another litmus"), "{message}");
        drop(first);
        assert!(!out.join(LOCK_FILE).exists(), "the lock file is removed");
        let again = ReportsLock::take(&out, "litmus run").unwrap();
        drop(again);
    }

    #[test]
    fn a_lock_file_left_behind_is_no_lock() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(LOCK_FILE), "process 1, litmus run").unwrap();
        let lock = ReportsLock::take(dir.path(), "litmus run").unwrap();
        drop(lock);
        assert!(!dir.path().join(LOCK_FILE).exists());
    }

    #[test]
    fn a_folder_that_cannot_be_made_is_an_io_error() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("taken");
        std::fs::write(&file, "x").unwrap();
        let error = ReportsLock::take(&file, "litmus run").unwrap_err();
        assert!(matches!(error, LockError::Io { .. }), "{error}");
    }
}
