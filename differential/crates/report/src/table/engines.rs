//! The engines `litmus table` measures, how each is run, and how to tell whether it is
//! installed.
//!
//! Every engine but html5ever (built in) is an example adapter of `examples/engines/`
//! installed by a setup script; its command names paths relative to the repository's
//! root, where the table runs. A path under `target/` (html5gum, built by cargo) is
//! taken from `$CARGO_TARGET_DIR` when that is set, where cargo put it. An engine whose
//! files or programs are missing is skipped with the reason and the script that
//! installs it; one whose adapter script is missing (the table run outside the
//! repository) is skipped saying that the table runs from the repository's root.

use std::path::{Path, PathBuf};

/// What an engine needs to run.
#[derive(Clone, Copy, Debug)]
enum Need {
    /// A file (relative to the working folder, or absolute).
    File(&'static str),
    /// A file of the repository (the adapter's script): missing when the table runs
    /// anywhere but the repository's root, which no setup script mends.
    Adapter(&'static str),
    /// A program found on `PATH`.
    Program(&'static str),
}

/// One engine of the table.
#[derive(Clone, Copy, Debug)]
pub struct TableEngine {
    /// Its name in the table, signatures and `known-differences.toml`.
    pub name: &'static str,
    /// What `--engine` takes for it, with paths under `target/` (see [`in_target`]);
    /// [`TableEngine::command`] is what runs.
    engine: &'static str,
    /// How to install it.
    pub setup: &'static str,
    /// A browser: measured on fewer cases (`--browser-cases`), and a judge.
    pub browser: bool,
    needs: &'static [Need],
}

/// The browsers' names: each is an engine of the table and a judge of the others'
/// classes.
pub const CHROMIUM: &str = "chromium";
pub const FIREFOX: &str = "firefox";
pub const WEBKIT: &str = "webkit";

/// Every engine of the table, in the table's order.
pub const ENGINES: [TableEngine; 10] = [
    TableEngine {
        name: "html5ever",
        engine: "html5ever",
        setup: "built into litmus",
        browser: false,
        needs: &[],
    },
    TableEngine {
        name: "parse5",
        engine: "cmd:node examples/engines/parse5.mjs",
        setup: "scripts/setup-engines.sh",
        browser: false,
        needs: &[
            Need::Adapter("examples/engines/parse5.mjs"),
            Need::Program("node"),
            Need::File("examples/engines/node_modules/parse5/package.json"),
        ],
    },
    TableEngine {
        name: "html5lib",
        engine: "cmd:examples/engines/.venv/bin/python examples/engines/html5lib_adapter.py",
        setup: "scripts/setup-engines.sh",
        browser: false,
        needs: &[
            Need::Adapter("examples/engines/html5lib_adapter.py"),
            Need::File("examples/engines/.venv/bin/python"),
        ],
    },
    TableEngine {
        name: "lexbor",
        engine: "cmd:examples/engines/.venv-more/bin/python examples/engines/lexbor_adapter.py",
        setup: "scripts/setup-more-engines.sh",
        browser: false,
        needs: &[
            Need::Adapter("examples/engines/lexbor_adapter.py"),
            Need::File("examples/engines/.venv-more/bin/python"),
        ],
    },
    TableEngine {
        name: "gumbo",
        engine: "cmd:examples/engines/.venv-more/bin/python examples/engines/gumbo_adapter.py",
        setup: "scripts/setup-more-engines.sh",
        browser: false,
        needs: &[
            Need::Adapter("examples/engines/gumbo_adapter.py"),
            Need::File("examples/engines/.venv-more/bin/python"),
        ],
    },
    TableEngine {
        name: "go-html",
        engine: "cmd:examples/engines/go-html/go-html-engine",
        setup: "scripts/setup-more-engines.sh",
        browser: false,
        needs: &[
            Need::Adapter("examples/engines/go-html/main.go"),
            Need::File("examples/engines/go-html/go-html-engine"),
        ],
    },
    TableEngine {
        name: "html5gum",
        engine: "cmd:target/release/html5gum",
        setup: "cargo build --release -p litmus-engine-html5gum",
        browser: false,
        needs: &[Need::File("target/release/html5gum")],
    },
    TableEngine {
        name: CHROMIUM,
        engine: CHROMIUM,
        setup: "scripts/setup-chromium.sh",
        browser: true,
        needs: &[
            Need::Adapter("examples/engines/chromium.mjs"),
            Need::Program("node"),
            Need::File("/usr/bin/chromium"),
        ],
    },
    TableEngine {
        name: FIREFOX,
        engine: FIREFOX,
        setup: "scripts/setup-firefox.sh",
        browser: true,
        needs: &[
            Need::Adapter("examples/engines/firefox.mjs"),
            Need::Program("node"),
            Need::File("examples/engines/node_modules/ws/package.json"),
            Need::File("/usr/bin/firefox-esr"),
        ],
    },
    TableEngine {
        name: WEBKIT,
        engine: WEBKIT,
        setup: "scripts/setup-webkit.sh",
        browser: true,
        needs: &[
            Need::Adapter("examples/engines/webkit.mjs"),
            Need::Program("node"),
            Need::Program("Xvfb"),
            Need::File("examples/engines/node_modules/selenium-webdriver/package.json"),
            Need::File("/usr/bin/WebKitWebDriver"),
        ],
    },
];

/// A path under cargo's target directory: `target/…` is `$CARGO_TARGET_DIR/…` when
/// that is set (cargo builds there then); other paths are as they are.
pub fn in_target(path: &str) -> String {
    match (
        path.strip_prefix("target/"),
        std::env::var("CARGO_TARGET_DIR"),
    ) {
        (Some(rest), Ok(dir)) if !dir.is_empty() => {
            Path::new(&dir).join(rest).display().to_string()
        }
        _ => path.to_owned(),
    }
}

impl TableEngine {
    /// What `--engine` takes for it: `cmd:` commands with a program under `target/`
    /// found in `$CARGO_TARGET_DIR` (quoted when the folder has blanks).
    pub fn command(&self) -> String {
        let Some(program) = self.engine.strip_prefix("cmd:") else {
            return self.engine.to_owned();
        };
        let (first, rest) = program.split_once(' ').unwrap_or((program, ""));
        let first = in_target(first);
        let first = if first.contains(char::is_whitespace) {
            format!("'{first}'")
        } else {
            first
        };
        if rest.is_empty() {
            format!("cmd:{first}")
        } else {
            format!("cmd:{first} {rest}")
        }
    }

    /// The engine of this name.
    pub fn by_name(name: &str) -> Option<TableEngine> {
        ENGINES.iter().find(|e| e.name == name).copied()
    }

    /// `Ok` when everything it needs is there, else why not (`node_modules/parse5
    /// missing: run scripts/setup-engines.sh`). A browser whose variable
    /// (`$LITMUS_CHROMIUM`, …) names another adapter is taken as installed.
    pub fn installed(&self) -> Result<(), String> {
        let browser = litmus_engines::engine::browsers::Browser::by_name(self.name);
        if browser.is_some_and(|b| std::env::var_os(b.variable).is_some()) {
            return Ok(());
        }
        for need in self.needs {
            let missing = match need {
                Need::Adapter(path) if !Path::new(path).exists() => {
                    return Err(format!(
                        "not installed ({path} is missing: litmus table runs from the \
                         litmus repository's root; there, run {})",
                        self.setup
                    ));
                }
                Need::Adapter(_) => None,
                Need::File(path) => {
                    let path = in_target(path);
                    (!Path::new(&path).exists()).then(|| format!("{path} is missing"))
                }
                Need::Program(program) => find_program(program)
                    .is_none()
                    .then(|| format!("{program} is not on PATH")),
            };
            if let Some(missing) = missing {
                return Err(format!("not installed ({missing}): run {}", self.setup));
            }
        }
        Ok(())
    }

    /// The names of every engine, for messages.
    pub fn names() -> String {
        ENGINES
            .iter()
            .map(|e| e.name)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Where `program` is on `PATH`, if anywhere.
fn find_program(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_target_folder_is_cargos() {
        // The variable is read, not set, here: tests run in parallel.
        let html5gum = TableEngine::by_name("html5gum").unwrap();
        match std::env::var("CARGO_TARGET_DIR") {
            Ok(dir) if !dir.is_empty() => assert!(html5gum.command().contains(&dir)),
            _ => assert_eq!(html5gum.command(), "cmd:target/release/html5gum"),
        }
        assert_eq!(in_target("examples/x"), "examples/x");
        assert_eq!(
            TableEngine::by_name("parse5").unwrap().command(),
            "cmd:node examples/engines/parse5.mjs"
        );
    }

    #[test]
    fn names_are_unique_and_html5ever_needs_nothing() {
        for (i, engine) in ENGINES.iter().enumerate() {
            assert!(
                ENGINES[..i].iter().all(|e| e.name != engine.name),
                "{} twice",
                engine.name
            );
        }
        assert!(TableEngine::by_name("html5ever")
            .expect("html5ever")
            .installed()
            .is_ok());
        assert!(TableEngine::by_name("nope").is_none());
    }
}
