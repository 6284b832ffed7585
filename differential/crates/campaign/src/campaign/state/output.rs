//! What a campaign says while it runs, and how it stops: the progress bar and the
//! lines above it, the interrupt flag, and the first error that stopped it.

use indicatif::ProgressBar;
use litmus_text::outln;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The campaign's terminal and its stop flags.
pub struct Output {
    pub progress: ProgressBar,
    /// `--quiet`: no finding lines.
    quiet: bool,
    /// The caller's interrupt flag (Ctrl-C), also set by [`Output::fail`].
    stop: Arc<AtomicBool>,
    /// Whether a batch was refused because of `stop`.
    interrupted: AtomicBool,
    fatal: Mutex<Option<String>>,
}

impl Output {
    pub fn new(progress: ProgressBar, quiet: bool, stop: Arc<AtomicBool>) -> Output {
        Output {
            progress,
            quiet,
            stop,
            interrupted: AtomicBool::new(false),
            fatal: Mutex::new(None),
        }
    }

    /// The caller's interrupt flag (Ctrl-C).
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// Whether the campaign is to take no more cases; if so, it counts as
    /// interrupted.
    pub fn stopping(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            self.interrupted.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }

    /// Whether the campaign was stopped by an interrupt.
    pub fn interrupted(&self) -> bool {
        self.interrupted.load(Ordering::Relaxed)
    }

    /// Stops the campaign with an error, keeping the first.
    pub fn fail(&self, message: String) {
        self.say(format!("litmus: {message}"));
        let mut fatal = self.fatal.lock().unwrap_or_else(PoisonError::into_inner);
        fatal.get_or_insert(message);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The first error that stopped the campaign, if any.
    pub fn failure(&self) -> Option<String> {
        self.fatal
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// A line above the progress bar, or on stdout when there is none (so that a log
    /// shows every finding as it is archived).
    pub fn say(&self, line: String) {
        if self.quiet {
            return;
        }
        if self.progress.is_hidden() {
            outln!("{line}");
        } else {
            self.progress.println(line);
        }
    }

    /// The cases done so far move the bar on.
    pub fn cases_done(&self, cases: u64) {
        self.progress.inc(cases);
    }

    /// The bar's message: the findings so far.
    pub fn findings_so_far(&self, (total, new): (usize, usize)) {
        self.progress
            .set_message(format!("{total} findings ({new} new)"));
    }
}
