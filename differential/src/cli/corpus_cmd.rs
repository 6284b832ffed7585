//! `litmus corpus merge` and `litmus corpus check`: the regression corpus.

use super::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use litmus_campaign::campaign::EngineChoice;
use litmus_compare::archive::{Archive, ArchivedFinding, StoreOutcome};
use litmus_compare::corpus_check::{archived_request, recheck_archived, Recheck};
use litmus_engines::engine::Engine;
use litmus_engines::worker::Worker;
use litmus_report::report::text;
use litmus_text::{errln, outln};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct CorpusArgs {
    #[command(subcommand)]
    pub command: CorpusCommand,
}

#[derive(Subcommand, Debug)]
pub enum CorpusCommand {
    /// Join archives from other runs or machines into this corpus, by signature: for
    /// each signature the smallest input is kept, whatever the order of the merge.
    /// Every incoming finding is read and re-run first (the reference parser must
    /// build its tree, its engine must still show its signature); a malformed file or
    /// a finding that does not reproduce stops the merge before anything is written.
    Merge(MergeArgs),
    /// Re-verify every archived case: the reference parser must still build the
    /// archived tree, and each finding's status against its engine is re-checked.
    Check(super::check_cmd::CheckArgs),
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Archives to merge in: folders of archived findings (`.dat` files), or corpora
    /// and reports folders (their `divergences/` folder is read).
    #[arg(required = true, value_name = "DIR")]
    pub sources: Vec<PathBuf>,
    /// The corpus to merge into (its `divergences/` folder holds the findings): a
    /// folder holding `known-differences.toml` or `divergences/`, or an empty folder.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    #[arg(long, help = concat!(
        "The engine to re-run the findings found with it, named as the findings name it \
         (`--engine-name` for a `cmd:` engine); findings of the built-in engines need \
         nothing. One of: ",
        engines_help!(),
    ))]
    pub engine: Option<String>,
    #[command(flatten)]
    pub external: super::engine_args::ExternalEngineArgs,
    /// The time limit of one parse while re-checking.
    #[arg(long, default_value = "10s", value_parser = litmus_engines::limits::parse_timeout)]
    pub timeout: Duration,
}

pub fn run(args: CorpusArgs) -> CliResult {
    match args.command {
        CorpusCommand::Merge(merge) => run_merge(merge),
        CorpusCommand::Check(check) => super::check_cmd::run(check),
    }
}

/// The archive folder a merge source names: `DIR/divergences` when there is one (a
/// corpus, a reports folder), else `DIR`, which must then hold archived findings only
/// (hidden files aside): anything else means it is not a corpus.
fn source_archive(dir: &Path) -> Result<Archive, CliError> {
    let nested = litmus_compare::archive::divergences_dir(dir);
    let folder = if nested.is_dir() {
        nested
    } else {
        dir.to_owned()
    };
    let archive = Archive::open(&folder).map_err(|e| CliError::input(e.to_string()))?;
    let entries = std::fs::read_dir(&folder)
        .map_err(|e| CliError::input(format!("{}: cannot list: {e}", folder.display())))?;
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let archived = path.is_file() && path.extension().is_some_and(|e| e == "dat");
        if !archived && !name.starts_with('.') {
            return Err(CliError::input(format!(
                "{} is not a corpus: {name} is not an archived finding (a corpus's divergences/ folder holds .dat files only)",
                dir.display()
            )));
        }
    }
    Ok(archive)
}

/// The corpus a merge writes into must be one: a folder holding
/// `known-differences.toml` or `divergences/`, or an empty folder (a new corpus).
fn target_corpus(corpus: &Path) -> Result<(), CliError> {
    if !corpus.is_dir() {
        return Err(CliError::input(format!(
            "--corpus {}: {}",
            corpus.display(),
            if corpus.exists() {
                "is not a folder"
            } else {
                "no such folder (create it for a new corpus)"
            }
        )));
    }
    let is_corpus = corpus.join("known-differences.toml").exists()
        || litmus_compare::archive::divergences_dir(corpus).exists()
        || std::fs::read_dir(corpus).is_ok_and(|mut e| e.next().is_none());
    if !is_corpus {
        return Err(CliError::input(format!(
            "--corpus {} is not a corpus: it holds neither known-differences.toml nor divergences/ (give a corpus, or an empty folder for a new one)",
            corpus.display()
        )));
    }
    Ok(())
}

fn run_merge(args: MergeArgs) -> CliResult {
    // Read and check everything first: a malformed source, or a finding that does not
    // reproduce, leaves the corpus untouched.
    target_corpus(&args.corpus)?;
    let mut incoming: Vec<(PathBuf, ArchivedFinding)> = Vec::new();
    let mut malformed = Vec::new();
    for source in &args.sources {
        let archive = source_archive(source)?;
        let files = archive
            .files()
            .map_err(|e| CliError::input(e.to_string()))?;
        for file in files {
            match Archive::read(&file).and_then(|finding| {
                archived_request(&finding)
                    .map(|_| finding)
                    .map_err(|message| litmus_compare::archive::ArchiveError {
                        path: file.clone(),
                        message,
                    })
            }) {
                Ok(finding) => incoming.push((file, finding)),
                Err(e) => malformed.push(e.to_string()),
            }
        }
    }
    if !malformed.is_empty() {
        for problem in &malformed[1..] {
            errln!("litmus: malformed archive file {problem}");
        }
        return Err(CliError::input(format!(
            "malformed archive file {}; nothing was merged",
            malformed[0]
        )));
    }
    let stale = verify(&args, &incoming)?;
    if !stale.is_empty() {
        for problem in &stale {
            errln!("litmus: {problem}");
        }
        return Err(CliError {
            message: format!(
                "{} of {} incoming findings do not reproduce; nothing was merged",
                stale.len(),
                incoming.len()
            ),
            code: 1,
        });
    }
    let target = Archive::create(&litmus_compare::archive::divergences_dir(&args.corpus))
        .map_err(|e| CliError::input(e.to_string()))?;
    let (mut created, mut replaced, mut kept) = (0usize, 0usize, 0usize);
    for (file, finding) in &incoming {
        let outcome = target.store(finding).map_err(|e| CliError {
            message: format!("while merging {}: {e}", file.display()),
            code: 1,
        })?;
        match outcome {
            StoreOutcome::Created => created += 1,
            StoreOutcome::Replaced => replaced += 1,
            StoreOutcome::Kept => kept += 1,
        }
    }
    outln!(
        "merged {} findings into {}: {created} new, {replaced} replaced by a smaller input, {kept} kept",
        incoming.len(),
        target.dir().display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Re-runs every incoming finding (engines in worker processes): the reference
/// parser must build its archived tree, and its engine must still show its
/// signature. Returns one sentence per finding that does not reproduce, naming its
/// file.
fn verify(
    args: &MergeArgs,
    incoming: &[(PathBuf, ArchivedFinding)],
) -> Result<Vec<String>, CliError> {
    if incoming.is_empty() {
        return Ok(Vec::new());
    }
    let given = match &args.engine {
        Some(engine) => Some(super::engine_args::engine_choice(engine, &args.external)?),
        None => None,
    };
    let engine_error = |e: litmus_campaign::campaign::CampaignError| CliError::input(e.to_string());
    let mut reference = EngineChoice::named("litmus")
        .start(args.timeout)
        .map_err(engine_error)?;
    let mut others: BTreeMap<String, Worker> = BTreeMap::new();
    let mut stale = Vec::new();
    for (file, finding) in incoming {
        let request = archived_request(finding).map_err(CliError::input)?;
        let name = finding.engine.as_str();
        if !others.contains_key(name) {
            let choice = match &given {
                Some(choice) if choice.name == name => choice.clone(),
                _ if litmus_engines::engine::ENGINE_NAMES.contains(&name) => EngineChoice::named(name),
                _ => {
                    return Err(CliError::input(format!(
                        "{}: found with {name:?}, which this merge cannot run: give it as --engine cmd:'COMMAND' --engine-name {name}",
                        file.display()
                    )))
                }
            };
            others.insert(
                name.to_owned(),
                choice.start(args.timeout).map_err(engine_error)?,
            );
        }
        let other = others.get_mut(name).expect("started above");
        match Engine::parse(&mut reference, &request) {
            Ok(output) if output.tree == finding.reference_tree => {}
            Ok(_) => {
                stale.push(format!(
                    "{}: the reference parser no longer builds its archived tree",
                    file.display()
                ));
                continue;
            }
            Err(failure) => {
                stale.push(format!(
                    "{}: the reference parser failed on it: {failure}",
                    file.display()
                ));
                continue;
            }
        }
        match recheck_archived(finding, &request, &mut reference, other) {
            Recheck::Still => {}
            Recheck::Gone => stale.push(format!(
                "{}: does not reproduce its signature ({}): the engines agree on it now",
                file.display(),
                text::visible_one_line(finding.signature.as_str())
            )),
            Recheck::Changed(now) => stale.push(format!(
                "{}: does not reproduce its signature ({}): it shows {} now",
                file.display(),
                text::visible_one_line(finding.signature.as_str()),
                text::visible_one_line(&now)
            )),
            Recheck::Skipped(why) => {
                stale.push(format!("{}: cannot be re-checked: {why}", file.display()))
            }
        }
    }
    Ok(stale)
}
