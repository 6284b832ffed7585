//! `litmus class show ID` and `litmus class list [--engine E]`: the known-difference
//! classes litmus classifies with (built in, the corpus's, or given with `--known`),
//! each with its explanation, who is right, its spec section and upstream issue, as
//! the reports show them.

use super::error::{CliError, CliResult};
use super::known_args::{known_differences, Source};
use clap::{Args, Subcommand};
use litmus_report::report::classes::{right_name, ClassInfo};
use litmus_text::{errln, out, outln};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct ClassArgs {
    #[command(subcommand)]
    pub command: ClassCommand,
}

#[derive(Subcommand, Debug)]
pub enum ClassCommand {
    /// Print one class: its engine, explanation, who is right, spec section and
    /// upstream issue, its variant, versions and conditions, and its signature patterns
    /// and shapes.
    Show(ShowArgs),
    /// List the classes, one a line: id, engine, who is right, explanation.
    List(ListArgs),
    /// Give each archived finding its verdict under the classes (its locus read again
    /// from the trees the archive holds): which findings no class, or several,
    /// explain, which two known causes explain together (`CAUSES(a + b)`), and which
    /// class each recorded class became. Exit 1 if any finding is explained neither by
    /// exactly one class nor by two causes together.
    Check(super::class_tools::ClassCheckArgs),
    /// Group the findings no class explains by cause (engine, locus arm, token kind, and
    /// the tokenizer arm that made a token other than a tag) and write a class stanza for each, with the spec section's link and the
    /// smallest examples, for a person to complete.
    Suggest(super::class_tools::ClassSuggestArgs),
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The class id (`html5ever-no-processing-instructions`).
    pub id: String,
    #[command(flatten)]
    pub source: Source,
}

#[derive(Args, Debug)]
pub struct ListArgs {
    /// Only the classes of this engine (and those of every engine, `*`).
    #[arg(long, value_name = "NAME")]
    pub engine: Option<String>,
    #[command(flatten)]
    pub source: Source,
}

pub fn run(args: ClassArgs) -> CliResult {
    match args.command {
        ClassCommand::Show(show) => run_show(show),
        ClassCommand::List(list) => run_list(list),
        ClassCommand::Check(check) => super::class_tools::check(check),
        ClassCommand::Suggest(suggest) => super::class_tools::suggest(suggest),
    }
}

/// A condition's patterns on one line, each visible (control characters escaped).
fn patterns_line(patterns: &[String]) -> String {
    let visible: Vec<String> = patterns
        .iter()
        .map(|p| litmus_text::visible::visible_one_line(p).into_owned())
        .collect();
    visible.join(", ")
}

fn run_show(args: ShowArgs) -> CliResult {
    let known = known_differences(args.source.corpus.as_deref(), &args.source.known, true)?;
    let Some(class) = known.classes.iter().find(|c| c.id == args.id) else {
        let near: Vec<&str> = known
            .classes
            .iter()
            .map(|c| c.id.as_str())
            .filter(|id| id.contains(&args.id) || args.id.contains(*id))
            .take(5)
            .collect();
        let hint = if near.is_empty() {
            "`litmus class list` lists them".to_owned()
        } else {
            format!("did you mean {}?", near.join(", "))
        };
        return Err(CliError::input(format!(
            "no known class {:?} ({} classes; {hint})",
            args.id,
            known.classes.len()
        )));
    };
    out!("{}", ClassInfo::of(class).text("litmus"));
    let variant_line = |variant: &str| match litmus_parser::departures::variant_by_id(variant) {
        Some(info) => format!("{variant} (put into the reference: {})", info.what),
        None => variant.to_owned(),
    };
    if let Some(variant) = &class.variant {
        outln!("variant:     {}", variant_line(variant));
    }
    if !class.versions.is_empty() {
        outln!("versions:    {}", class.versions.join("; "));
    }
    // The class's own conditions, as the file gives them (a shape's follow).
    let conditions = [
        ("locus", &class.locus),
        ("inside", &class.inside),
        ("token", &class.token),
        ("passes", &class.passes),
        ("tokens", &class.tokens),
        ("unless", &class.unless),
    ];
    for (key, list) in conditions.iter().filter(|(_, list)| !list.is_empty()) {
        outln!("{:<13}{}", format!("{key}:"), patterns_line(list));
    }
    outln!("signatures:");
    for pattern in &class.signatures {
        outln!("  {pattern}");
    }
    if !class.inputs.is_empty() {
        outln!("inputs:");
        for pattern in &class.inputs {
            outln!("  {}", litmus_text::visible::visible_one_line(pattern));
        }
    }
    for (n, shape) in class.shapes.iter().enumerate() {
        outln!("shape {}:", n + 1);
        let lists = [
            ("locus", &shape.locus),
            ("inside", &shape.inside),
            ("token", &shape.token),
            ("passes", &shape.passes),
            ("tokens", &shape.tokens),
            ("signatures", &shape.signatures),
            ("inputs", &shape.inputs),
        ];
        if let Some(variant) = &shape.variant {
            outln!("  variant: {}", variant_line(variant));
        }
        for (key, list) in lists.iter().filter(|(_, list)| !list.is_empty()) {
            outln!("  {key}: {}", patterns_line(list));
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn run_list(args: ListArgs) -> CliResult {
    let known = known_differences(args.source.corpus.as_deref(), &args.source.known, true)?;
    let classes: Vec<ClassInfo> = known
        .classes
        .iter()
        .filter(|c| {
            args.engine
                .as_deref()
                .is_none_or(|e| c.names_engine(e) || c.engine == "*")
        })
        .map(ClassInfo::of)
        .collect();
    let width = classes.iter().map(|c| c.id.len()).max().unwrap_or(0);
    let engines = classes.iter().map(|c| c.engine.len()).max().unwrap_or(0);
    for class in &classes {
        outln!(
            "{:width$}  {:engines$}  {:9}  {}",
            class.id,
            class.engine,
            right_name(class.right),
            class.explanation
        );
    }
    errln!(
        "{} classes{} (`litmus class show ID` prints one whole)",
        classes.len(),
        args.engine
            .as_deref()
            .map(|e| format!(" of {e} and of every engine"))
            .unwrap_or_default()
    );
    // A misspelt engine lists the classes of every engine alone: say so.
    if let Some(engine) = args.engine.as_deref() {
        if !known.classes.iter().any(|c| c.names_engine(engine)) {
            let mut names: Vec<&str> = known
                .classes
                .iter()
                .flat_map(|c| c.engines())
                .filter(|e| *e != "*")
                .collect();
            names.sort_unstable();
            names.dedup();
            errln!(
                "no class names the engine {engine} (the engines with classes: {})",
                names.join(", ")
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
