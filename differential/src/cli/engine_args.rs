//! `--engine NAME|cmd:COMMAND` and the flags of external engines, one
//! [`ExternalEngineArgs`] shared by every command that runs an engine (`run`,
//! `triage`, `diff`, `minimize`, `conformance`, `engine check`, `corpus check`,
//! `corpus merge`).
//!
//! A `cmd:` engine is named by `--engine-name`, else by what its program's hello says
//! (a persistent program is started once to hear it, [`choose`]), else after its
//! program or script ([`litmus_engines::engine::external::default_name`]). Where the
//! name matches no known class but the hello or the version names an engine that
//! classes name, the command says so ([`Chosen::warn_if_unclassed`]).

use super::error::CliError;
use clap::{Args, ValueEnum};
use litmus_campaign::campaign::EngineChoice;
use litmus_engines::engine::browsers::{Browser, BROWSERS};
use litmus_engines::engine::external::{name_from_hello, ProgramHello};
use litmus_engines::engine::{engine_by_name, ExternalEngine, ExternalMode, ExternalSpec};
use litmus_text::errln;
use litmus_verdicts::KnownDifferences;

/// How an external (`cmd:`) engine is run and named.
#[derive(Args, Clone, Debug, Default)]
pub struct ExternalEngineArgs {
    /// For a `cmd:` engine: `persistent` (the default: one process answers framed
    /// JSON requests) or `oneshot` (one process per parse).
    #[arg(long, value_enum, value_name = "MODE")]
    pub engine_mode: Option<ModeArg>,
    /// For a `cmd:` engine: its name in signatures, reports and
    /// known-differences.toml. Default: the name its hello says (a persistent
    /// program), else the program's file stem, or the script's for an interpreter
    /// (`node examples/engines/parse5.mjs` is `parse5`).
    #[arg(long, value_name = "NAME")]
    pub engine_name: Option<String>,
    /// For a one-shot `cmd:` engine: it prints its serialization when run with
    /// `--output html`, so serializations and round trips are compared too.
    #[arg(long)]
    pub engine_serializes: bool,
    /// For a `cmd:` engine: the version text reports record (default: the command line
    /// and mode).
    #[arg(long, value_name = "TEXT")]
    pub engine_version: Option<String>,
    /// For a `cmd:` engine or a browser: the program's address-space limit
    /// (`RLIMIT_AS`), e.g. `8GiB`, or `none`. Default: 4 GiB for a `cmd:` engine (an
    /// allocation past it is a crash finding naming the limit), none for the browsers,
    /// which reserve far more address space than they use.
    #[arg(long, value_name = "SIZE", value_parser = litmus_engines::limits::parse_memory_limit)]
    pub engine_memory_limit: Option<litmus_engines::limits::MemoryLimit>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    #[value(name = "oneshot", alias = "one-shot")]
    OneShot,
    Persistent,
}

impl ExternalEngineArgs {
    /// Whether any of the flags is given.
    pub fn any_given(&self) -> bool {
        self.engine_mode.is_some()
            || self.engine_name.is_some()
            || self.engine_serializes
            || self.engine_version.is_some()
            || self.engine_memory_limit.is_some()
    }
}

/// An engine chosen on the command line, with what its program's hello said when
/// litmus started it to hear its name.
#[derive(Clone, Debug)]
pub struct Chosen {
    pub choice: EngineChoice,
    /// The hello of a `cmd:` engine named by it (none for a built-in engine, a
    /// browser, a one-shot or version-1 program, or one given `--engine-name`).
    pub hello: Option<ProgramHello>,
}

impl Chosen {
    /// Says on stderr when the engine's name matches no class of `known` but its hello,
    /// its version or its command names an engine that classes name
    /// ([`unclassed_note`]).
    pub fn warn_if_unclassed(&self, known: &KnownDifferences) {
        let Some(spec) = &self.choice.external else {
            return;
        };
        let said = self.hello.as_ref().and_then(|h| h.engine.as_deref());
        let version = spec
            .version
            .as_deref()
            .or_else(|| self.hello.as_ref().and_then(|h| h.version.as_deref()));
        let mut texts = vec![("its command", spec.command.as_str())];
        if let Some(version) = version {
            texts.insert(0, ("its version", version));
        }
        if let Some(note) = unclassed_note(&spec.name, said, &texts, known) {
            errln!("litmus: {note}");
        }
    }
}

/// What to say when the engine `name` matches no class of `known` while its hello
/// (`said`) or one of `texts` (what it is, the text: `("its version", "parse5
/// 8.1.1")`), word by word, names an engine that classes name: that engine, how many
/// classes name it, and the flag that applies them. `None` when the name has classes
/// of its own, or nothing names an engine that has.
pub fn unclassed_note(
    name: &str,
    said: Option<&str>,
    texts: &[(&str, &str)],
    known: &KnownDifferences,
) -> Option<String> {
    // Only a name `--engine-name` takes is worth suggesting (not a built-in engine's).
    let classes_of = |engine: &str| {
        let named = |c: &&litmus_verdicts::KnownClass| c.names_engine(engine);
        let valid = litmus_engines::engine::external::check_name(engine).is_ok();
        known.classes.iter().filter(named).count() * usize::from(valid)
    };
    if classes_of(name) > 0 {
        return None;
    }
    let by_hello = said
        .and_then(name_from_hello)
        .filter(|n| classes_of(n) > 0)
        .map(|n| (n, "its hello"));
    let by_text = || {
        texts.iter().find_map(|&(what, text)| {
            text.split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-')))
                .map(|w| w.trim_matches(|c: char| c == '.' || c == '-'))
                .filter(|w| !w.is_empty() && *w != name)
                .find(|w| classes_of(w) > 0)
                .map(|w| (w.to_owned(), what))
        })
    };
    let (engine, source) = by_hello.or_else(by_text)?;
    Some(format!(
        "no known class names the engine {name:?}, but {source} names {engine:?}, which {} classes name: give --engine-name {engine} to classify with them",
        classes_of(&engine)
    ))
}

/// The engine named by `--engine`: a registry name, or `cmd:COMMAND` shaped by the
/// external engine flags. Bad input (exit 2) for an unknown name, a command line that
/// cannot be split, a bad `--engine-name`, or external flags with a built-in engine.
pub fn engine_choice(
    engine: &str,
    external: &ExternalEngineArgs,
) -> Result<EngineChoice, CliError> {
    choose(engine, external).map(|chosen| chosen.choice)
}

/// [`engine_choice`], with what the program's hello said. A persistent `cmd:` engine
/// without `--engine-name` is started once, here, to hear its hello, and named after
/// it ([`name_from_hello`]); one that cannot start is bad input now, with what its
/// stderr said.
pub fn choose(engine: &str, external: &ExternalEngineArgs) -> Result<Chosen, CliError> {
    let mut choice = choice_by_flags(engine, external)?;
    // A whole spec (`cmd:{JSON}`, as workers are given it) carries its name.
    let whole_spec = engine
        .strip_prefix(litmus_engines::engine::external::PREFIX)
        .is_some_and(|rest| rest.trim_start().starts_with('{'));
    let named = external.engine_name.is_some() || Browser::by_name(engine).is_some() || whole_spec;
    let Some(spec) = choice
        .external
        .as_mut()
        .filter(|spec| !named && spec.mode == ExternalMode::Persistent)
    else {
        return Ok(Chosen {
            choice,
            hello: None,
        });
    };
    let started = ExternalEngine::start(spec.clone()).map_err(CliError::input)?;
    let hello = started.hello().cloned();
    drop(started);
    if let Some(name) = hello
        .as_ref()
        .and_then(|h| h.engine.as_deref())
        .and_then(name_from_hello)
    {
        spec.name = name;
        choice.name = spec.name.clone();
    }
    Ok(Chosen { choice, hello })
}

/// The name of the engine whose findings a command reads (`class check --engine`): a
/// `cmd:` engine or a browser named as [`choose`] names it, any other text a name as
/// findings record it (an engine of another install: `parse5`). `--engine-name`
/// alone names it too.
pub fn engine_name_filter(
    engine: Option<&str>,
    external: &ExternalEngineArgs,
) -> Result<Option<String>, CliError> {
    let Some(engine) = engine else {
        return Ok(external.engine_name.clone());
    };
    let runs = engine.starts_with(litmus_engines::engine::external::PREFIX)
        || Browser::by_name(engine).is_some();
    if runs {
        return Ok(Some(choose(engine, external)?.choice.name));
    }
    if external.any_given() {
        return Err(CliError::input(format!(
            "the external engine flags are for cmd: engines, not {engine:?}"
        )));
    }
    Ok(Some(engine.to_owned()))
}

/// The engine as the flags make it, nothing started.
fn choice_by_flags(engine: &str, external: &ExternalEngineArgs) -> Result<EngineChoice, CliError> {
    if let Some(found) = Browser::by_name(engine) {
        return browser(found, external);
    }
    let Some(spec) = ExternalSpec::from_engine_text(engine) else {
        if external.any_given() {
            return Err(CliError::input(format!(
                "--engine-mode, --engine-name, --engine-serializes, --engine-version and --engine-memory-limit are for cmd: engines, not {engine:?}"
            )));
        }
        engine_by_name(engine).map_err(|e| CliError::input(e.to_string()))?;
        if litmus_engines::engine::names::SANITIZER_NAMES.contains(&engine) {
            return Err(CliError::input(format!(
                "{engine} is a sanitizer, not a parser: litmus sanitize --sanitizer {engine} tests it (docs/sanitizers.md)"
            )));
        }
        return Ok(EngineChoice::named(engine));
    };
    let mut spec = spec.map_err(|e| CliError::input(format!("bad --engine {engine:?}: {e}")))?;
    if let Some(mode) = external.engine_mode {
        spec.mode = match mode {
            ModeArg::OneShot => ExternalMode::OneShot,
            ModeArg::Persistent => ExternalMode::Persistent,
        };
    }
    if let Some(name) = &external.engine_name {
        spec.set_name(name)
            .map_err(|e| CliError::input(format!("bad --engine-name: {e}")))?;
    }
    if external.engine_serializes {
        if spec.mode == ExternalMode::Persistent {
            return Err(CliError::input(
                "--engine-serializes is for one-shot engines; a persistent engine answers \"html\" in its replies",
            ));
        }
        spec.serializes = true;
    }
    if let Some(version) = &external.engine_version {
        spec.version = Some(version.clone());
    }
    if let Some(limit) = external.engine_memory_limit {
        spec.memory_limit_bytes = limit.0;
    }
    Ok(EngineChoice::external(spec))
}

/// `--engine chromium|firefox|webkit`: the browser's adapter (or the command in its
/// variable, `$LITMUS_CHROMIUM`, …) as a persistent external engine of the browser's
/// name, with its version from the adapter's `--version`. Needs the browser's setup
/// script (docs/browsers.md).
fn browser(browser: Browser, external: &ExternalEngineArgs) -> Result<EngineChoice, CliError> {
    let command = browser.command_line();
    let mut spec = ExternalSpec::new(&command)
        .map_err(|e| CliError::input(format!("bad {} {command:?}: {e}", browser.variable)))?;
    spec.set_name(browser.name)
        .map_err(|e| CliError::input(format!("cannot name the {} engine: {e}", browser.name)))?;
    if external.engine_mode == Some(ModeArg::OneShot) || external.engine_serializes {
        return Err(CliError::input(format!(
            "the {} engine is persistent; --engine-mode oneshot and --engine-serializes do not apply",
            browser.name
        )));
    }
    spec.version = external
        .engine_version
        .clone()
        .or_else(|| adapter_version(&command));
    // A browser reserves far more address space than it uses (Chromium's renderer
    // cannot start under 64 GiB): no limit of litmus's unless one is asked for.
    spec.memory_limit_bytes = external.engine_memory_limit.and_then(|l| l.0);
    Ok(EngineChoice::external(spec))
}

/// The judges of `--judges`: engine names, comma-separated; `browsers` stands for
/// the three browsers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeList(pub Vec<String>);

/// Reads `--judges LIST`: names, each at most once (`browsers` is chromium, firefox
/// and webkit).
pub fn parse_judges(text: &str) -> Result<JudgeList, String> {
    let mut names: Vec<String> = Vec::new();
    for name in text.split(',').map(str::trim) {
        let expanded: Vec<&str> = if name == "browsers" {
            BROWSERS.iter().map(|b| b.name).collect()
        } else if name.is_empty() {
            return Err(format!("an empty name in {text:?}"));
        } else {
            vec![name]
        };
        for name in expanded {
            if names.iter().any(|n| n == name) {
                return Err(format!("{name} is named twice"));
            }
            names.push(name.to_owned());
        }
    }
    Ok(JudgeList(names))
}

impl JudgeList {
    /// The judges' engines, leaving out the engine under test itself (a browser is no
    /// judge of its own divergences). Bad input for an unknown engine.
    pub fn choices(&self, engine_under_test: &str) -> Result<Vec<EngineChoice>, CliError> {
        self.0
            .iter()
            .filter(|name| name.as_str() != engine_under_test)
            .map(|name| engine_choice(name, &ExternalEngineArgs::default()))
            .collect()
    }
}

/// What `COMMAND --version` prints (a browser adapter names the browser's version and
/// its driver's), if it runs and answers within
/// [`litmus_engines::limits::VERSION_PROBE_TIMEOUT`].
fn adapter_version(command: &str) -> Option<String> {
    let mut words = litmus_engines::engine::external::split_command_line(command).ok()?;
    words.push("--version".to_owned());
    let line = litmus_engines::process::CommandLine::from_words(&words).ok()?;
    let finished = litmus_engines::process::run_to_end(
        &line,
        litmus_engines::limits::MAX_VERSION_BYTES,
        litmus_engines::limits::VERSION_PROBE_TIMEOUT,
    )
    .ok()??;
    let text = String::from_utf8_lossy(&finished.stdout).trim().to_owned();
    (finished.status.success() && !text.is_empty()).then_some(text)
}

/// The engine named on the command line (`--engine NAME`), checked against the
/// registry; `cmd:COMMAND` with the external engine defaults.
pub fn engine_choice_by_name(name: &str) -> Result<EngineChoice, CliError> {
    engine_choice(name, &ExternalEngineArgs::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What every `--engine`'s help says the engines are.
    const ENGINES_HELP: &str = engines_help!();

    #[test]
    fn judges_are_read_with_browsers_expanded() {
        let list = |t: &str| parse_judges(t).map(|l| l.0);
        assert_eq!(list("chromium").unwrap(), vec!["chromium"]);
        assert_eq!(
            list("browsers").unwrap(),
            vec!["chromium", "firefox", "webkit"]
        );
        assert_eq!(
            list("html5ever, webkit").unwrap(),
            vec!["html5ever", "webkit"]
        );
        assert!(list("chromium,browsers").is_err());
        assert!(list("chromium,,webkit").is_err());
    }

    fn classes_of(engines: &[&str]) -> KnownDifferences {
        let text: String = engines
            .iter()
            .enumerate()
            .map(|(i, engine)| {
                format!(
                    "[[class]]\nid = \"c{i}\"\nengine = \"{engine}\"\nsignatures = [\"tree | x\"]\nexplanation = \"x\"\nspec = \"https://html.spec.whatwg.org/\"\nright = \"reference\"\n\n"
                )
            })
            .collect();
        KnownDifferences::parse(&text).unwrap()
    }

    #[test]
    fn a_name_without_classes_is_told_the_engine_its_hello_or_version_names() {
        let known = classes_of(&["html5lib", "html5lib", "parse5", "html5ever"]);
        let note = |name, said, texts: &[(&str, &str)]| unclassed_note(name, said, texts, &known);
        // Named after its script: the hello names html5lib, which has classes.
        let told = note("html5lib_adapter", Some("html5lib"), &[]).unwrap();
        assert!(told.contains("its hello names \"html5lib\""), "{told}");
        assert!(told.contains("which 2 classes name"), "{told}");
        assert!(told.contains("--engine-name html5lib"), "{told}");
        // No hello (one-shot): its command names it.
        let command = (
            "its command",
            ".venv/bin/python examples/engines/html5lib_adapter.py",
        );
        let told = note("adapter", None, &[command]).unwrap();
        assert!(told.contains("its command names \"html5lib\""), "{told}");
        let version = ("its version", "parse5 8.1.1 (Node.js v20)");
        let told = note("mine", None, &[version, command]).unwrap();
        assert!(told.contains("its version names \"parse5\""), "{told}");
        // A name with classes of its own, or nothing that names a classed engine.
        assert_eq!(note("html5lib", Some("html5lib"), &[]), None);
        assert_eq!(
            note("parse5", None, &[("its version", "html5lib 1.1")]),
            None
        );
        let lookalike = ("its version", "mine 1.0 (html5lib-ish)");
        assert_eq!(note("mine", Some("mine"), &[lookalike]), None);
        // A built-in engine's name is never suggested: --engine-name refuses it.
        let served = ("its version", "html5ever 0.40");
        assert_eq!(note("html5ever-cmd", Some("html5ever"), &[served]), None);
    }

    #[test]
    fn a_findings_filter_names_the_engine_as_the_commands_that_run_it() {
        let none = ExternalEngineArgs::default();
        let filter = |engine, external: &ExternalEngineArgs| {
            engine_name_filter(engine, external).map_err(|e| e.message)
        };
        assert_eq!(filter(None, &none), Ok(None));
        // A name as findings record it, of an engine this install need not run.
        assert_eq!(filter(Some("parse5"), &none), Ok(Some("parse5".into())));
        let named = ExternalEngineArgs {
            engine_name: Some("mine".into()),
            ..ExternalEngineArgs::default()
        };
        assert_eq!(filter(None, &named), Ok(Some("mine".into())));
        assert!(filter(Some("parse5"), &named).is_err());
        // A one-shot engine says no hello: named after its program, nothing started.
        let oneshot = ExternalEngineArgs {
            engine_mode: Some(ModeArg::OneShot),
            ..ExternalEngineArgs::default()
        };
        assert_eq!(
            filter(Some("cmd:env A=1 ./bin/fast-html --strict"), &oneshot),
            Ok(Some("fast-html".into()))
        );
        assert_eq!(
            filter(Some("cmd:./bin/fast-html"), &named),
            Ok(Some("mine".into()))
        );
    }

    #[test]
    fn the_engines_help_names_every_engine() {
        let browsers = BROWSERS.iter().map(|b| &b.name);
        // Every parser: the sanitizers are `litmus sanitize`'s, not `--engine`'s.
        let parsers = litmus_engines::engine::ENGINE_NAMES
            .iter()
            .filter(|name| !litmus_engines::engine::names::SANITIZER_NAMES.contains(name));
        for name in parsers.chain(browsers) {
            assert!(
                ENGINES_HELP.contains(&format!("`{name}`")),
                "{name}: {ENGINES_HELP}"
            );
        }
        assert!(ENGINES_HELP.contains("`cmd:'COMMAND'`"));
        assert!(!ENGINES_HELP.contains("`ammonia`"));
    }
}
