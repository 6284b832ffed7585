//! `litmus parse`: the reference parser's answer for one input.

use super::{read_input_text, CliError, CliResult};
use clap::{Args, ValueEnum};
use litmus_parser::{dump, serialize, FragmentContext, ParseOptions};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct ParseArgs {
    /// The input file; `-` or nothing reads standard input. Must be UTF-8.
    pub file: Option<PathBuf>,
    /// Parse as a fragment with this context element, written as in html5lib tests:
    /// `td`, `svg path`, `math mi`.
    #[arg(long, value_name = "CONTEXT")]
    pub fragment: Option<String>,
    /// The scripting flag.
    #[arg(long, value_enum, default_value_t = OnOff::On)]
    pub scripting: OnOff,
    /// What to print: the html5lib tree dump, the serialization, the parse errors, or
    /// all of them as one JSON object.
    #[arg(long, value_enum, default_value_t = Output::Tree)]
    pub output: Output,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OnOff {
    On,
    Off,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Output {
    Tree,
    Html,
    Errors,
    Json,
}

/// Reads `--fragment CONTEXT`, with a clear error for a malformed one.
pub fn fragment_context(context: Option<&str>) -> Result<Option<FragmentContext>, CliError> {
    match context {
        None => Ok(None),
        Some(text) => FragmentContext::parse(text).map(Some).ok_or_else(|| {
            CliError::input(format!(
                "bad fragment context {text:?}: write NAME, `svg NAME` or `math NAME` (e.g. td, `svg path`, `math mi`)"
            ))
        }),
    }
}

pub fn run(args: ParseArgs) -> CliResult {
    let context = fragment_context(args.fragment.as_deref())?;
    let input = read_input_text(args.file.as_deref())?;
    let options = ParseOptions {
        scripting: args.scripting == OnOff::On,
        ..ParseOptions::default()
    };
    let document = match &context {
        Some(context) => litmus_parser::parse_fragment(&input, context, &options),
        None => litmus_parser::parse_document(&input, &options),
    }
    .map_err(|failure| CliError::input(failure.to_string()))?;

    let html = || serialize::serialize_children(&document, document.result_root());
    let text = match args.output {
        Output::Tree => dump::dump(&document),
        Output::Html => {
            let mut s = html();
            s.push('\n');
            s
        }
        Output::Errors => document.errors.iter().map(|e| format!("{e}\n")).collect(),
        Output::Json => {
            let value = serde_json::json!({
                "tree": dump::dump(&document),
                "html": html(),
                "errors": document.errors.iter().map(|e| serde_json::json!({
                    "code": e.code.as_str(),
                    "line": e.line,
                    "column": e.column,
                })).collect::<Vec<_>>(),
                "quirks_mode": format!("{:?}", document.quirks_mode),
                "fragment_context": context.as_ref().map(|c| c.to_string()),
                "scripting": options.scripting,
            });
            let mut s = serde_json::to_string_pretty(&value).unwrap_or_default();
            s.push('\n');
            s
        }
    };
    let mut stdout = std::io::stdout().lock();
    // A closed pipe (e.g. `| head`) is not an error worth a message.
    let _ = stdout.write_all(text.as_bytes());
    Ok(ExitCode::SUCCESS)
}
