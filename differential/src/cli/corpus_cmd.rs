//! `litmus corpus merge` and `litmus corpus check`: the regression corpus.

use super::{CliError, CliResult};
use crate::archive::{Archive, ArchivedFinding, StoreOutcome};
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct CorpusArgs {
    #[command(subcommand)]
    pub command: CorpusCommand,
}

#[derive(Subcommand, Debug)]
pub enum CorpusCommand {
    /// Join archives from other runs or machines into this corpus, by signature: for
    /// each signature the smallest input is kept, whatever the order of the merge.
    Merge(MergeArgs),
    /// Re-verify every archived case: the reference parser must still build the
    /// archived tree, and each finding's status against its engine is re-checked.
    Check(super::check_cmd::CheckArgs),
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Folders of archived findings (`.dat` files) to merge in.
    #[arg(required = true, value_name = "DIR")]
    pub sources: Vec<PathBuf>,
    /// The corpus to merge into (its `divergences/` folder holds the findings).
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
}

pub fn run(args: CorpusArgs) -> CliResult {
    match args.command {
        CorpusCommand::Merge(merge) => run_merge(merge),
        CorpusCommand::Check(check) => super::check_cmd::run(check),
    }
}

/// The folder of findings of a corpus: `CORPUS/divergences`.
pub fn divergences_dir(corpus: &std::path::Path) -> PathBuf {
    corpus.join("divergences")
}

fn run_merge(args: MergeArgs) -> CliResult {
    // Read and check everything first: a malformed source must leave the corpus
    // untouched.
    let mut incoming: Vec<(PathBuf, ArchivedFinding)> = Vec::new();
    for source in &args.sources {
        let archive = Archive::open(source).map_err(|e| CliError::input(e.to_string()))?;
        let files = archive
            .files()
            .map_err(|e| CliError::input(e.to_string()))?;
        for file in files {
            let finding = Archive::read(&file).map_err(|e| CliError::input(e.to_string()))?;
            incoming.push((file, finding));
        }
    }
    let target = Archive::create(&divergences_dir(&args.corpus))
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
