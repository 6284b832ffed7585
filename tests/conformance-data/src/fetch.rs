//! Finding the html5lib-tests data, and fetching them once when they are nowhere: the
//! build script's work, in a module of its own so that the crate's tests run it on a
//! local mirror.
//!
//! Where the data are, in order:
//!
//! 1. `$HTML5LIB_TESTS`, when it is set (offline machines, CI): used as it is, never
//!    fetched into; a folder without `tree-construction/` is an error.
//! 2. `../shared/html5lib-tests` beside the repository root, when it is there.
//! 3. The cache `<target dir>/html5lib-tests-<commit>`: when it is missing,
//!    `scripts/fetch-html5lib-tests.sh` clones into a scratch folder beside it, the
//!    checkout's HEAD is checked against the commit, and the folder is renamed into
//!    place, so an interrupted fetch leaves no half cache. An exclusive lock (the
//!    folder `<target dir>/html5lib-tests.lock`, made atomically, holding its owner's
//!    process id) keeps two builds from fetching at once: the second waits, then finds
//!    the first's cache. A lock older than the fetch's time limit is stale (its
//!    owner was killed) and is taken over.
//!
//! The build script compiles this file too, so it needs nothing but `std`: the build
//! script depends on nothing, and fails the build, before any suite runs, when the
//! data cannot be had.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The pinned commit of <https://github.com/html5lib/html5lib-tests>: the last with
/// `tree-construction/` (the tree-construction tests live in web-platform-tests after
/// it).
pub const COMMIT: &str = "9329e64694e7835d0dcff9811e22856ef6ad16f9";

/// How long a fetch may take in all. git also gives up on a transfer slower than
/// 1 KB/s for 30 s (`GIT_HTTP_LOW_SPEED_*`), and an unreachable host fails at once.
pub const FETCH_TIME_LIMIT: Duration = Duration::from_secs(300);

/// What the search starts from (the build script reads it from its environment).
#[derive(Clone, Debug)]
pub struct Search {
    /// `$HTML5LIB_TESTS`, made absolute.
    pub given: Option<PathBuf>,
    /// `../shared/html5lib-tests` beside the repository root.
    pub shared: PathBuf,
    /// The target directory, where the cache goes.
    pub target: PathBuf,
    /// The commit wanted: `$HTML5LIB_TESTS_COMMIT` (a mirror's, or one to try before
    /// moving the pin), else [`COMMIT`].
    pub commit: String,
    /// `$HTML5LIB_TESTS_URL`, the repository to fetch from, when not the default.
    pub url: Option<String>,
    /// `scripts/fetch-html5lib-tests.sh`.
    pub script: PathBuf,
}

/// Where the data were found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// `$HTML5LIB_TESTS`.
    Given(PathBuf),
    /// `../shared/html5lib-tests`.
    Shared(PathBuf),
    /// The cache, fetched by an earlier build.
    Cached(PathBuf),
    /// The cache, fetched now.
    Fetched(PathBuf),
}

impl Found {
    /// The folder.
    pub fn dir(&self) -> &Path {
        match self {
            Found::Given(dir) | Found::Shared(dir) | Found::Cached(dir) | Found::Fetched(dir) => {
                dir
            }
        }
    }
}

/// The commit's short form, for folder names and messages.
pub fn short(commit: &str) -> &str {
    commit.get(..7).unwrap_or(commit)
}

impl Search {
    /// The cache folder.
    pub fn cache(&self) -> PathBuf {
        self.target
            .join(format!("html5lib-tests-{}", short(&self.commit)))
    }

    /// Finds the data, or fetches them into the cache; the error is the one message a
    /// user sees (what was tried, what git said, the two ways out).
    pub fn find_or_fetch(&self) -> Result<Found, String> {
        let short = short(&self.commit);
        if let Some(dir) = &self.given {
            if dir.join("tree-construction").is_dir() {
                return Ok(Found::Given(dir.clone()));
            }
            return Err(format!(
                "litmus's tests: HTML5LIB_TESTS={} has no tree-construction folder. It must \
                 name a checkout of https://github.com/html5lib/html5lib-tests at commit \
                 {short} (`scripts/fetch-html5lib-tests.sh FOLDER` makes one); unset it to \
                 have the tests fetch the data themselves.",
                dir.display(),
            ));
        }
        if self.shared.join("tree-construction").is_dir() {
            let shared = self.shared.canonicalize().unwrap_or(self.shared.clone());
            return Ok(Found::Shared(shared));
        }
        let cache = self.cache();
        if at_commit(&cache, &self.commit) {
            return Ok(Found::Cached(cache));
        }
        match self.fetch(&cache) {
            Ok(true) => Ok(Found::Fetched(cache)),
            Ok(false) => Ok(Found::Cached(cache)),
            Err(why) => Err(format!(
                "litmus's tests need the html5lib-tests conformance data \
                 (https://github.com/html5lib/html5lib-tests at commit {short}). HTML5LIB_TESTS \
                 is not set and {shared} does not exist, so the build tried to fetch them into \
                 {cache} with scripts/fetch-html5lib-tests.sh, and could not:\n\n{why}\n\n\
                 Either let git reach the repository (or name a mirror with \
                 HTML5LIB_TESTS_URL) and run the command again, or fetch the data elsewhere \
                 with `scripts/fetch-html5lib-tests.sh FOLDER` (offline: a copy of \
                 html5lib-tests {short} works as it is) and run the tests with \
                 HTML5LIB_TESTS=FOLDER.",
                shared = self.shared.display(),
                cache = cache.display(),
            )),
        }
    }

    /// Fetches into `cache` under the lock. `Ok(false)` when another build fetched it
    /// while this one waited for the lock.
    fn fetch(&self, cache: &Path) -> Result<bool, String> {
        let target = &self.target;
        fs::create_dir_all(target)
            .map_err(|e| format!("    cannot create {}: {e}", target.display()))?;
        let _lock = Lock::take(&target.join("html5lib-tests.lock"))?;
        if at_commit(cache, &self.commit) {
            return Ok(false);
        }
        if cache.exists() {
            // A cache left at another commit or broken by hand: it is this crate's.
            fs::remove_dir_all(cache)
                .map_err(|e| format!("    cannot remove the stale {}: {e}", cache.display()))?;
        }
        let scratch = target.join(format!(
            ".html5lib-tests-{}.fetching-{}",
            short(&self.commit),
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&scratch);
        let log_path = target.join("html5lib-tests-fetch.log");
        let log = fs::File::create(&log_path)
            .map_err(|e| format!("    cannot create {}: {e}", log_path.display()))?;
        let log_err = log
            .try_clone()
            .map_err(|e| format!("    cannot write {}: {e}", log_path.display()))?;
        let mut command = Command::new("bash");
        command
            .arg(&self.script)
            .arg(&scratch)
            .env("HTML5LIB_TESTS_COMMIT", &self.commit)
            .env("GIT_TERMINAL_PROMPT", "0")
            .env("GIT_HTTP_LOW_SPEED_LIMIT", "1000")
            .env("GIT_HTTP_LOW_SPEED_TIME", "30")
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(log_err);
        if let Some(url) = &self.url {
            command.env("HTML5LIB_TESTS_URL", url);
        }
        let result = run_with_limit(&mut command);
        let said: Vec<String> = fs::read_to_string(&log_path)
            .unwrap_or_default()
            .lines()
            .map(|l| format!("    {l}"))
            .collect();
        let said = said.join("\n");
        let outcome = match result {
            Ok(()) if at_commit(&scratch, &self.commit) => {
                fs::rename(&scratch, cache).map(|()| true).map_err(|e| {
                    format!(
                        "    cannot rename {} to {}: {e}",
                        scratch.display(),
                        cache.display()
                    )
                })
            }
            Ok(()) => Err(format!(
                "{said}\n    (the checkout is not at commit {}, or has no tree-construction folder)",
                self.commit
            )),
            Err(why) => Err(format!("{said}\n    ({why})")),
        };
        if outcome.is_err() {
            let _ = fs::remove_dir_all(&scratch);
        }
        outcome
    }
}

/// An exclusive lock: a folder made atomically (`mkdir` fails when it exists), removed
/// when dropped.
struct Lock(PathBuf);

impl Lock {
    /// Waits for the lock, and takes it. A lock older than [`FETCH_TIME_LIMIT`] and a
    /// minute is stale and taken over.
    fn take(path: &Path) -> Result<Lock, String> {
        let started = Instant::now();
        loop {
            match fs::create_dir(path) {
                Ok(()) => {
                    let _ = fs::write(path.join("pid"), std::process::id().to_string());
                    return Ok(Lock(path.to_owned()));
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let age = fs::metadata(path)
                        .and_then(|m| m.modified())
                        .ok()
                        .and_then(|t| t.elapsed().ok());
                    let stale = FETCH_TIME_LIMIT + Duration::from_secs(60);
                    if age.is_some_and(|age| age > stale) {
                        let _ = fs::remove_dir_all(path);
                        continue;
                    }
                    if started.elapsed() > stale {
                        return Err(format!(
                            "    {} is held by another fetch (process {}) for too long",
                            path.display(),
                            fs::read_to_string(path.join("pid")).unwrap_or_default()
                        ));
                    }
                    sleep(Duration::from_millis(100));
                }
                Err(e) => return Err(format!("    cannot make the lock {}: {e}", path.display())),
            }
        }
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Whether `dir` is a checkout whose HEAD is `commit` (a full or abbreviated hash) and
/// has the tree-construction tests.
pub fn at_commit(dir: &Path, commit: &str) -> bool {
    if !dir.join("tree-construction").is_dir() {
        return false;
    }
    let head = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["rev-parse", "HEAD"])
        .stderr(Stdio::null())
        .output();
    match head {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout)
            .trim()
            .starts_with(commit),
        _ => false,
    }
}

/// Runs the fetch in a process group of its own, killed with its children (git) past
/// [`FETCH_TIME_LIMIT`].
fn run_with_limit(command: &mut Command) -> Result<(), String> {
    use std::os::unix::process::CommandExt;
    let mut child = command
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot run bash: {e}"))?;
    let started = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) if status.success() => return Ok(()),
            Ok(Some(status)) => return Err(format!("the fetch script ended with {status}")),
            Ok(None) if started.elapsed() > FETCH_TIME_LIMIT => {
                // The group's id is the script's process id.
                let _ = Command::new("kill")
                    .args(["-KILL", "--", &format!("-{}", child.id())])
                    .status();
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "the fetch took longer than {} s and was stopped",
                    FETCH_TIME_LIMIT.as_secs()
                ));
            }
            Ok(None) => sleep(Duration::from_millis(100)),
            Err(e) => return Err(format!("cannot wait for the fetch script: {e}")),
        }
    }
}
