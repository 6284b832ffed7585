//! `litmus class check` and `litmus class suggest` (`class_cmd.rs` dispatches): the
//! known classes read against archived findings.
//!
//! - `check` gives each archived finding (a `.dat` file, a folder of them, or a
//!   campaign's `findings.json`) its verdict under the classes — its locus read again
//!   from the reference's tree and the engine's, which the archive holds — and says
//!   which findings no class or several classes explain, and which class each
//!   finding's recorded class became. Exit 1 if any finding is not explained by
//!   exactly one class.
//! - `suggest` groups the findings no class explains by cause (engine, level, locus
//!   arm and token kind) and writes a class stanza for each, with the spec section's
//!   link and the smallest examples, for a person to complete.

use super::error::{CliError, CliResult};
use super::known_args::known_differences;
use super::known_args::Source;
use litmus_campaign::finding::CampaignReport;
use litmus_compare::archive::Archive;
use litmus_compare::compare::Level;
use litmus_compare::locus::Locus;
use litmus_engines::case::ParseRequest;
use litmus_parser::FragmentContext;
use litmus_text::outln;
use litmus_verdicts::{joined_ids, ArchivedEvidence, Verdict};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ClassCheckArgs {
    /// Archived findings: `.dat` files, folders of them (`corpus/divergences`), or a
    /// campaign's `findings.json`.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub source: Source,
    /// Only the findings of this engine: its name as findings record it, or the
    /// engine itself (`cmd:COMMAND`, named as every command names it: by the external
    /// engine flags, else its hello).
    #[arg(long)]
    pub engine: Option<String>,
    #[command(flatten)]
    pub external: super::engine_args::ExternalEngineArgs,
    /// Print every finding's verdict, not only the problems.
    #[arg(long)]
    pub all: bool,
}

#[derive(clap::Args, Debug)]
pub struct ClassSuggestArgs {
    /// Findings: `.dat` files, folders of them, or a campaign's `findings.json`.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    #[command(flatten)]
    pub source: Source,
    /// Only the findings of this engine: its name as findings record it, or the
    /// engine itself (`cmd:COMMAND`, named as every command names it).
    #[arg(long)]
    pub engine: Option<String>,
    #[command(flatten)]
    pub external: super::engine_args::ExternalEngineArgs,
}

/// One finding as the class tools read it.
#[derive(Clone, Debug)]
pub struct Archived {
    /// Where it was read.
    pub source: String,
    /// The class the finding was recorded with.
    pub recorded_class: Option<String>,
    /// What its verdict reads.
    pub evidence: ArchivedEvidence,
}

impl Archived {
    fn from_report(source: &Path, report: CampaignReport) -> Vec<Archived> {
        report
            .findings
            .into_iter()
            .map(|f| Archived {
                source: format!("{} ({})", source.display(), f.hash),
                recorded_class: f.class,
                evidence: ArchivedEvidence {
                    version: f.engine_version.clone(),
                    request: ParseRequest {
                        input: f.input.clone(),
                        fragment: f
                            .fragment_context
                            .as_deref()
                            .and_then(FragmentContext::parse),
                        scripting: f.scripting,
                    },
                    trees: matches!(f.level.level(), Some(Level::Tree | Level::Fragment))
                        .then(|| (f.reference_output.clone(), f.other_output.clone())),
                    first_tree: (f.level.level() == Some(Level::RoundTrip))
                        .then(|| f.reference_output.clone()),
                    round_trip: f
                        .serialization
                        .clone()
                        .map(|serialization| (serialization, f.other_output.clone())),
                    engine: f.engine,
                    level: f.level,
                    signature: f.signature,
                    input: f.input,
                },
            })
            .collect()
    }
}

/// Reads every finding under `paths`.
pub fn read_findings(paths: &[PathBuf], engine: Option<&str>) -> Result<Vec<Archived>, CliError> {
    let mut found = Vec::new();
    for path in paths {
        if path.is_dir() {
            let files = Archive::open(path)
                .and_then(|archive| archive.files())
                .map_err(|e| CliError::input(e.to_string()))?;
            for file in files {
                found.push(read_dat(&file)?);
            }
        } else if path.extension().is_some_and(|e| e == "json") {
            let text = litmus_engines::limits::read_text_file(
                path,
                litmus_engines::limits::MAX_DATA_FILE_BYTES,
            )
            .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
            let report: CampaignReport = serde_json::from_str(&text).map_err(|e| {
                CliError::input(format!("{} is not a findings.json: {e}", path.display()))
            })?;
            found.extend(Archived::from_report(path, report));
        } else if path.is_file() {
            found.push(read_dat(path)?);
        } else {
            return Err(CliError::input(format!(
                "{}: no such file or folder",
                path.display()
            )));
        }
    }
    if let Some(engine) = engine {
        found.retain(|f| f.evidence.engine == engine);
    }
    Ok(found)
}

fn read_dat(path: &Path) -> Result<Archived, CliError> {
    let finding = Archive::read(path).map_err(|e| CliError::input(e.to_string()))?;
    Ok(Archived {
        source: path.display().to_string(),
        evidence: ArchivedEvidence::of_file(&finding),
        recorded_class: finding.class,
    })
}

pub fn check(args: ClassCheckArgs) -> CliResult {
    let known = known_differences(args.source.corpus.as_deref(), &args.source.known, true)?;
    let findings = read_findings(
        &args.paths,
        super::engine_args::engine_name_filter(args.engine.as_deref(), &args.external)?.as_deref(),
    )?;
    if findings.is_empty() {
        return Err(CliError::input("no findings under the paths given"));
    }
    let mut problems = 0;
    let mut together = 0;
    // Recorded class → the class the finding has now, with counts.
    let mut became: BTreeMap<(String, String), usize> = BTreeMap::new();
    for finding in &findings {
        let (verdict, locus) = finding.evidence.verdict(&known);
        let now = match &verdict {
            Verdict::Known(class) => class.id.clone(),
            Verdict::Ambiguous(classes) => format!("AMBIGUOUS({})", joined_ids(classes, ", ")),
            Verdict::Causes(classes) => format!("CAUSES({})", joined_ids(classes, " + ")),
            Verdict::AtAnotherVersion(class) => format!("{} (at another version)", class.id),
            Verdict::New => "NEW".to_owned(),
        };
        let recorded = finding
            .recorded_class
            .clone()
            .unwrap_or_else(|| "NEW".to_owned());
        *became.entry((recorded, now.clone())).or_default() += 1;
        let problem = !matches!(verdict, Verdict::Known(_) | Verdict::Causes(_));
        if problem {
            problems += 1;
        }
        let two = matches!(verdict, Verdict::Causes(_));
        if two {
            together += 1;
        }
        if problem || two || args.all {
            let locus = locus.map_or(String::new(), |l| format!(" [{l}]"));
            outln!(
                "{now}: {} | {} | {:?}{locus} ({})",
                finding.evidence.engine,
                finding.evidence.signature,
                excerpt(&finding.evidence.input, 120),
                finding.source
            );
        }
    }
    outln!("recorded class -> class now (findings):");
    for ((recorded, now), count) in &became {
        let mark = if recorded == now { "  " } else { "* " };
        outln!("{mark}{recorded} -> {now} ({count})");
    }
    // Two known causes at work together: explained, by two classes.
    let two = if together > 0 {
        format!(", {together} by two causes together")
    } else {
        String::new()
    };
    outln!(
        "class check: {} findings, {} explained by exactly one class{two}, {} not",
        findings.len(),
        findings.len() - problems - together,
        problems
    );
    Ok(if problems == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

pub fn suggest(args: ClassSuggestArgs) -> CliResult {
    let known = known_differences(args.source.corpus.as_deref(), &args.source.known, true)?;
    let findings = read_findings(
        &args.paths,
        super::engine_args::engine_name_filter(args.engine.as_deref(), &args.external)?.as_deref(),
    )?;
    let mut causes: BTreeMap<CauseKey, Vec<(&Archived, Option<Locus>)>> = BTreeMap::new();
    for finding in &findings {
        let (verdict, _) = finding.evidence.verdict(&known);
        if !matches!(verdict, Verdict::New) {
            continue;
        }
        let locus = finding.evidence.locus();
        let key = match &locus {
            Some(locus) => (
                finding.evidence.engine.to_string(),
                "tree".to_owned(),
                locus.arm().to_owned(),
                litmus_compare::locus::token_kind(&locus.token).to_owned(),
                locus.tokenizer_arm().unwrap_or_default().to_owned(),
            ),
            None => (
                finding.evidence.engine.to_string(),
                finding.evidence.level.to_string(),
                String::new(),
                finding.evidence.signature.core().to_owned(),
                String::new(),
            ),
        };
        causes.entry(key).or_default().push((finding, locus));
    }
    if causes.is_empty() {
        outln!("class suggest: every finding is explained by a class (or ambiguous); nothing to suggest");
        return Ok(ExitCode::SUCCESS);
    }
    for ((engine, level, arm, token, made_by), mut group) in causes {
        group.sort_by_key(|(f, _)| f.evidence.input.len());
        let mut text = stanza(&engine, &level, &arm, &token, &group);
        if !made_by.is_empty() {
            text.insert_str(0, &format!("# the token made by {made_by}\n"));
        }
        outln!("{text}");
    }
    Ok(ExitCode::SUCCESS)
}

/// A cause as `suggest` groups findings: engine, level kind, locus arm, token kind and,
/// for a token other than a tag, the tokenizer arm that made it
/// ([`Locus::tokenizer_arm`]; a finding with no locus: its level and the core of its
/// signature).
type CauseKey = (String, String, String, String, String);

/// A class stanza for one cause, with its examples.
fn stanza(
    engine: &str,
    level: &str,
    arm: &str,
    token: &str,
    group: &[(&Archived, Option<Locus>)],
) -> String {
    let mut text = String::new();
    text.push_str(&format!("# {} findings; the smallest:\n", group.len()));
    for (finding, _) in group.iter().take(3) {
        let context = finding
            .evidence
            .request
            .fragment
            .as_ref()
            .map_or(String::new(), |c| format!(" (fragment {c})"));
        text.push_str(&format!(
            "#   {:?}{context}: {}\n",
            excerpt(&finding.evidence.input, 100),
            finding.evidence.signature
        ));
    }
    text.push_str("[[class]]\n");
    text.push_str(&format!("id = \"{engine}-NAME-THE-CAUSE\"\n"));
    text.push_str(&format!("engine = \"{engine}\"\n"));
    if arm.is_empty() {
        text.push_str(&format!("signatures = [\"{}*\"]\n", escape(token)));
        let _ = level;
    } else {
        text.push_str(&format!("locus = [\"{arm}\"]\n"));
        let tokens: Vec<String> = group
            .iter()
            .filter_map(|(_, l)| l.as_ref().map(|l| l.token.clone()))
            .collect();
        let all_same = tokens.windows(2).all(|w| w[0] == w[1]);
        let pattern = match tokens.first() {
            Some(first) if all_same => first.clone(),
            _ if token.ends_with("tag") => format!("{token} *"),
            _ => token.to_owned(),
        };
        text.push_str(&format!("token = [\"{}\"]\n", escape(&pattern)));
    }
    text.push_str("explanation = \"WHAT THE ENGINE DOES INSTEAD, IN THE STANDARD'S TERMS\"\n");
    let spec = litmus_parser::spec_arms::info_by_id(arm).map_or_else(
        || "https://html.spec.whatwg.org/#parsing".to_owned(),
        |a| a.url(),
    );
    text.push_str(&format!("spec = \"{spec}\"\n"));
    text.push_str("right = \"reference\"\n");
    text
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The first `max` characters of `text`, with `…` when it is longer.
fn excerpt(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}
