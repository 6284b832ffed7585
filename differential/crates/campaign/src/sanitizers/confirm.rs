//! Confirmation of sanitizer findings in a real browser (`litmus sanitize --confirm`):
//! each finding's output inserted into a page of headless Chromium (and Firefox) the
//! way the sanitizer's users insert it, `document.body.innerHTML = output`, and
//! whether the payload's marker, `litmus_marker()`, ran ([`BrowserRun`]).
//!
//! The browser side is `examples/engines/sanitizers/confirm_in_browser.mjs` (the
//! browser adapters' own clients, no network, one fresh page per output), run once
//! per browser with every output on its stdin, in a process group of its own, killed
//! with it past its time. A browser that is not installed, cannot start, dies or
//! answers nonsense is a [`Confirmation`] note, never an error of the campaign: its
//! findings stay as they are, unconfirmed.

use litmus_engines::process::{AddressSpace, CommandLine, Event, Process, Reading};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::{Duration, Instant};

/// The browsers an output can be confirmed in, in the order reports list them.
pub const CONFIRM_BROWSERS: [&str; 2] = ["chromium", "firefox"];

/// The program that inserts outputs into a browser's pages, from the repository's
/// root.
pub const CONFIRM_PROGRAM: &str = "examples/engines/sanitizers/confirm_in_browser.mjs";

/// The largest answer read from the program.
const MAX_ANSWER_BYTES: usize = 64 << 20;

/// One browser's verdict on one finding's output.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BrowserRun {
    /// `chromium` or `firefox`.
    pub browser: String,
    /// What runs, as the browser says (`Chromium 156.0.8078.114 …`).
    pub version: String,
    /// Whether the marker was called.
    pub ran: bool,
    /// It was called only once the page clicked the output's `javascript:` links and
    /// dispatched to each element the events its `on…` attributes name (a user's
    /// click, hover or focus), not on insertion alone.
    #[serde(default)]
    pub on_interaction: bool,
    /// The output inserted was the first case's (`original_output`), not the
    /// minimized one's: minimization keeps shapes, not text, and had dropped the
    /// marker.
    #[serde(default)]
    pub first_case: bool,
    /// Why the output could not be checked (then `ran` says nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl BrowserRun {
    /// The verdict in a word: `yes`, `on interaction`, `no`, or `error`.
    pub fn word(&self) -> &'static str {
        match (&self.error, self.ran, self.on_interaction) {
            (Some(_), _, _) => "error",
            (None, true, false) => "yes",
            (None, true, true) => "on interaction",
            (None, false, _) => "no",
        }
    }
}

/// What became of one browser's confirmation in a campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Confirmation {
    pub browser: String,
    /// What ran (empty when it did not start).
    #[serde(default)]
    pub version: String,
    /// Outputs checked.
    pub checked: usize,
    /// Why the confirmation is absent or incomplete, if it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Which browsers to confirm in (`--confirm`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ConfirmIn {
    /// None.
    None,
    /// Those installed ([`installed`]), silently none where none is.
    #[default]
    Auto,
    /// These, each a note when it is not installed.
    Browsers(Vec<String>),
}

impl ConfirmIn {
    /// From `--confirm`'s values: `auto`, `none`, or browser names.
    pub fn from_words(words: &[String]) -> Result<ConfirmIn, String> {
        match words {
            [] => Ok(ConfirmIn::Auto),
            [one] if one == "auto" => Ok(ConfirmIn::Auto),
            [one] if one == "none" => Ok(ConfirmIn::None),
            names => {
                let mut browsers: Vec<String> = Vec::new();
                for name in names {
                    if !CONFIRM_BROWSERS.contains(&name.as_str()) {
                        return Err(format!(
                            "--confirm {name}: auto, none, or browsers among {}",
                            CONFIRM_BROWSERS.join(", ")
                        ));
                    }
                    if !browsers.contains(name) {
                        browsers.push(name.clone());
                    }
                }
                Ok(ConfirmIn::Browsers(browsers))
            }
        }
    }

    /// The browsers to ask, and a note for each asked for and not installed.
    pub fn browsers(&self) -> (Vec<String>, Vec<Confirmation>) {
        let named: Vec<String> = match self {
            ConfirmIn::None => return (Vec::new(), Vec::new()),
            ConfirmIn::Auto => CONFIRM_BROWSERS
                .iter()
                .filter(|b| installed(b).is_ok())
                .map(|b| (*b).to_owned())
                .collect(),
            ConfirmIn::Browsers(names) => names.clone(),
        };
        let mut asked = Vec::new();
        let mut notes = Vec::new();
        for browser in named {
            match installed(&browser) {
                Ok(()) => asked.push(browser),
                Err(why) => notes.push(Confirmation {
                    browser,
                    version: String::new(),
                    checked: 0,
                    note: Some(why),
                }),
            }
        }
        (asked, notes)
    }
}

/// The browser's executable: `$CHROMIUM` or `$FIREFOX` if set, else Debian's.
fn executable(browser: &str) -> Option<String> {
    let (variable, default) = match browser {
        "chromium" => ("CHROMIUM", "/usr/bin/chromium"),
        "firefox" => ("FIREFOX", "/usr/bin/firefox-esr"),
        _ => return None,
    };
    Some(std::env::var(variable).unwrap_or_else(|_| default.to_owned()))
}

/// `Ok` when `browser` can be asked: the program is there (litmus runs from the
/// repository's root), `node` is on `PATH`, the browser's executable exists (and, for
/// Firefox, the `ws` package its client needs); else what is missing.
pub fn installed(browser: &str) -> Result<(), String> {
    let executable = executable(browser).ok_or_else(|| format!("no browser {browser}"))?;
    if !Path::new(CONFIRM_PROGRAM).is_file() {
        return Err(format!(
            "not checked: {CONFIRM_PROGRAM} is missing (litmus sanitize confirms from the litmus repository's root)"
        ));
    }
    if !on_path("node") {
        return Err("not checked: node is not on PATH".to_owned());
    }
    if !Path::new(&executable).is_file() {
        return Err(format!(
            "not checked: {executable} is missing (scripts/setup-{browser}.sh installs it)"
        ));
    }
    if browser == "firefox" && !Path::new("examples/engines/node_modules/ws").is_dir() {
        return Err(
            "not checked: examples/engines/node_modules/ws is missing (scripts/setup-firefox.sh installs it)"
                .to_owned(),
        );
    }
    Ok(())
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// The program's answer.
#[derive(Deserialize)]
struct Answer {
    version: Option<String>,
    results: Vec<ItemResult>,
}

#[derive(Deserialize)]
struct ItemResult {
    ran: bool,
    on: Option<String>,
    error: Option<String>,
}

/// The longest the program may take for `items` outputs: a minute and a half to start
/// the browser, and 16 s an output (its page's 10 s, 5 s to close it).
fn time_limit(items: usize) -> Duration {
    Duration::from_secs(90 + 16 * items as u64)
}

/// Each output of `outputs` inserted into a page of `browser`: a verdict per output,
/// in order, and the browser's version; or why there is none (the browser did not
/// start, or the program died, hung or answered nonsense).
pub fn confirm(browser: &str, outputs: &[&str]) -> Result<(String, Vec<BrowserRun>), String> {
    let items: Vec<serde_json::Value> = outputs
        .iter()
        .enumerate()
        .map(|(i, html)| serde_json::json!({ "id": i.to_string(), "html": html }))
        .collect();
    let input = serde_json::to_vec(&items).map_err(|e| e.to_string())?;
    let command = CommandLine {
        address_space: AddressSpace::Unlimited,
        ..CommandLine::from_words(&[
            "node".to_owned(),
            CONFIRM_PROGRAM.to_owned(),
            "--browser".to_owned(),
            browser.to_owned(),
        ])
        .map_err(|e| e.to_string())?
    };
    let deadline = Instant::now() + time_limit(outputs.len());
    let mut process = Process::spawn(
        &command,
        Reading::Everything {
            max_bytes: MAX_ANSWER_BYTES,
        },
    )
    .map_err(|e| format!("cannot run node {CONFIRM_PROGRAM}: {e}"))?;
    process.send(input);
    process.close_stdin();
    let stdout = match process.next_event(deadline) {
        Some(Event::All(bytes)) => bytes,
        None => {
            process.kill();
            return Err(format!(
                "{CONFIRM_PROGRAM} did not finish within {} s",
                time_limit(outputs.len()).as_secs()
            ));
        }
        Some(_) => {
            process.kill();
            return Err(format!("{CONFIRM_PROGRAM}: an answer over 64 MiB"));
        }
    };
    let status = process.wait_until(deadline);
    if status.is_none() {
        process.kill();
    }
    let said = || {
        let stderr = process.stderr();
        let last: Vec<&str> = stderr.trim().lines().rev().take(3).collect();
        last.into_iter().rev().collect::<Vec<_>>().join(" | ")
    };
    let answer: Answer = match serde_json::from_slice(&stdout) {
        Ok(answer) => answer,
        Err(_) => {
            let code = status.and_then(|s| s.code());
            return Err(format!(
                "{browser} gave no answer (exit {}): {}",
                code.map_or("by a signal".to_owned(), |c| c.to_string()),
                said()
            ));
        }
    };
    if answer.results.len() != outputs.len() {
        return Err(format!(
            "{browser}: {} answers for {} outputs",
            answer.results.len(),
            outputs.len()
        ));
    }
    let version = answer.version.unwrap_or_default();
    let runs = answer
        .results
        .into_iter()
        .map(|r| BrowserRun {
            browser: browser.to_owned(),
            version: version.clone(),
            ran: r.ran && r.error.is_none(),
            on_interaction: r.on.as_deref() == Some("interaction"),
            first_case: false,
            error: r.error,
        })
        .collect();
    Ok((version, runs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn confirm_takes_auto_none_or_browsers() {
        let words = |w: &[&str]| w.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            ConfirmIn::from_words(&words(&["auto"])),
            Ok(ConfirmIn::Auto)
        );
        assert_eq!(
            ConfirmIn::from_words(&words(&["none"])),
            Ok(ConfirmIn::None)
        );
        assert_eq!(
            ConfirmIn::from_words(&words(&["chromium", "firefox", "chromium"])),
            Ok(ConfirmIn::Browsers(words(&["chromium", "firefox"])))
        );
        assert!(ConfirmIn::from_words(&words(&["webkit"])).is_err());
        assert!(ConfirmIn::from_words(&words(&["auto", "chromium"])).is_err());
        assert_eq!(ConfirmIn::None.browsers(), (Vec::new(), Vec::new()));
    }

    #[test]
    fn a_verdict_in_a_word() {
        let run = |ran, on_interaction, error: Option<&str>| BrowserRun {
            browser: "chromium".into(),
            version: "Chromium 1".into(),
            ran,
            on_interaction,
            first_case: false,
            error: error.map(str::to_owned),
        };
        assert_eq!(run(true, false, None).word(), "yes");
        assert_eq!(run(true, true, None).word(), "on interaction");
        assert_eq!(run(false, false, None).word(), "no");
        assert_eq!(run(false, false, Some("hung")).word(), "error");
    }
}
