//! `litmus report merge`: the shards of one campaign joined into one report.

use super::error::{CliError, CliResult};
use clap::{Args, Subcommand};
use litmus_report::report::{json, merge, write_reports};
use litmus_text::outln;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct ReportArgs {
    #[command(subcommand)]
    pub command: ReportCommand,
}

#[derive(Subcommand, Debug)]
pub enum ReportCommand {
    /// Join the reports of the shards of one campaign (`litmus run --shard I/N`, the
    /// same seed, generator and engines) into one: summary.md, findings.json,
    /// index.html and junit.xml, as a campaign writes them.
    Merge(MergeArgs),
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shards' reports folders (or their findings.json files).
    #[arg(required = true, value_name = "DIR")]
    pub reports: Vec<PathBuf>,
    /// Where the merged reports go.
    #[arg(long, required = true, value_name = "DIR")]
    pub out: PathBuf,
}

pub fn run(args: ReportArgs) -> CliResult {
    match args.command {
        ReportCommand::Merge(merge) => run_merge(merge),
    }
}

fn read(path: &Path) -> Result<litmus_campaign::finding::CampaignReport, CliError> {
    let file = if path.is_dir() {
        path.join("findings.json")
    } else {
        path.to_owned()
    };
    let bytes =
        litmus_engines::limits::read_file(&file, litmus_engines::limits::MAX_DATA_FILE_BYTES)
            .map_err(|e| CliError::input(format!("{} {e}", file.display())))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| CliError::input(format!("{} is not UTF-8", file.display())))?;
    json::parse(&text)
        .map_err(|e| CliError::input(format!("{}: not a findings.json: {e}", file.display())))
}

/// The input whose reports folder `out` is (a shard's folder, or the folder of a
/// findings.json given), however either is spelled (`.`, `..`, symbolic links). A
/// folder that does not exist yet is no input's.
fn out_is_an_input<'a>(out: &Path, inputs: &'a [PathBuf]) -> Option<&'a Path> {
    let out = std::fs::canonicalize(out).ok()?;
    inputs.iter().map(PathBuf::as_path).find(|input| {
        let folder = if input.is_dir() {
            Some(*input)
        } else {
            input.parent()
        };
        let folder = match folder {
            Some(f) if f.as_os_str().is_empty() => Path::new("."),
            Some(f) => f,
            None => return false,
        };
        std::fs::canonicalize(folder).is_ok_and(|f| f == out)
    })
}

fn run_merge(args: MergeArgs) -> CliResult {
    let reports = args
        .reports
        .iter()
        .map(|p| read(p))
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<String> = args
        .reports
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    if let Some(input) = out_is_an_input(&args.out, &args.reports) {
        return Err(CliError::input(format!(
            "--out {} is the reports folder of {}: the merged report would replace that shard's; give a new folder",
            args.out.display(),
            input.display()
        )));
    }
    let merged = merge::merge(&reports, &names).map_err(|e| CliError::input(e.to_string()))?;
    let _lock = litmus_campaign::lock::ReportsLock::take(&args.out, "litmus report merge")
        .map_err(|e| CliError::input(format!("--out {e}")))?;
    super::run_cmd::writable_folder(&args.out, "--out")?;
    let paths = write_reports(&merged, &args.out).map_err(|e| CliError {
        message: format!("cannot write the merged report: {e}"),
        code: 1,
    })?;
    outln!(
        "merged {} reports of campaign {} (seed {}): {} cases, {} findings; reports in {}",
        reports.len(),
        merged.campaign,
        merged.seed,
        merged.cases,
        merged.findings.len(),
        paths.dir.display()
    );
    Ok(ExitCode::SUCCESS)
}
