//! The browsers litmus runs as engines, each through its example adapter
//! (`examples/engines/*.mjs`, docs/browsers.md): their names, commands and setup
//! scripts. The command line makes them engines (`--engine chromium`), the table
//! tells whether they are installed.

/// The name of the headless Chromium engine.
pub const CHROMIUM: &str = "chromium";

/// A browser litmus runs through its example adapter (docs/browsers.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Browser {
    /// Its engine name: `--engine NAME`, signatures, reports, known-differences.toml.
    pub name: &'static str,
    /// The adapter's command line, relative to the repository's root.
    pub command: &'static str,
    /// The variable that names another command for it.
    pub variable: &'static str,
    /// The script that installs it.
    pub setup: &'static str,
}

/// The browsers, in the order reports list their verdicts.
pub const BROWSERS: [Browser; 3] = [
    Browser {
        name: CHROMIUM,
        command: "node examples/engines/chromium.mjs",
        variable: "LITMUS_CHROMIUM",
        setup: "scripts/setup-chromium.sh",
    },
    Browser {
        name: "firefox",
        command: "node examples/engines/firefox.mjs",
        variable: "LITMUS_FIREFOX",
        setup: "scripts/setup-firefox.sh",
    },
    Browser {
        name: "webkit",
        command: "node examples/engines/webkit.mjs",
        variable: "LITMUS_WEBKIT",
        setup: "scripts/setup-webkit.sh",
    },
];

impl Browser {
    /// The browser of this engine name.
    pub fn by_name(name: &str) -> Option<Browser> {
        BROWSERS.iter().find(|b| b.name == name).copied()
    }

    /// The adapter's command: `$VARIABLE` if set, else the example adapter.
    pub fn command_line(&self) -> String {
        std::env::var(self.variable).unwrap_or_else(|_| self.command.to_owned())
    }
}
