//! `litmus parse`: the reference parser's answer for one input.

use super::error::{CliError, CliResult};
use super::input::{read_input_bytes, read_input_text};
use clap::{Args, ValueEnum};
use litmus_parser::encoding::{EncodingOptions, EncodingReport, EncodingSource, PrescanMatch};
use litmus_parser::{dump, serialize, Document, FragmentContext, ParseOptions};
use litmus_text::out;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct ParseArgs {
    /// The input file; `-` or nothing reads standard input. Must be UTF-8, unless
    /// `--bytes` or `--encoding` is given.
    pub file: Option<PathBuf>,
    /// Read the input as bytes and determine its character encoding by the standard's
    /// encoding sniffing algorithm (BOM, prescan of the first 1024 bytes, default
    /// windows-1252), parsing again if a `meta` element changes the encoding.
    /// `--output json` shows the encoding and how it was found.
    #[arg(long, conflicts_with = "fragment")]
    pub bytes: bool,
    /// Read the input as bytes whose transport layer (e.g. a Content-Type header)
    /// says this encoding label (`utf-8`, `latin1`, `shift_jis`, …). Implies
    /// `--bytes`; a byte order mark still wins.
    #[arg(long, value_name = "LABEL", conflicts_with = "fragment")]
    pub encoding: Option<String>,
    /// With `--bytes`: the default encoding when nothing else decides (a label;
    /// windows-1252 if not given).
    #[arg(long, value_name = "LABEL", conflicts_with = "fragment")]
    pub default_encoding: Option<String>,
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
    let options = ParseOptions {
        scripting: args.scripting == OnOff::On,
        ..ParseOptions::default()
    };
    let as_bytes = args.bytes || args.encoding.is_some() || args.default_encoding.is_some();
    let (document, encoding) = if as_bytes {
        let encoding_options = EncodingOptions {
            transport_layer_encoding: known_label(args.encoding, "--encoding")?,
            default_encoding: known_label(args.default_encoding, "--default-encoding")?,
        };
        let input = read_input_bytes(args.file.as_deref())?;
        let (document, report) =
            litmus_parser::parse_document_bytes(&input, &options, &encoding_options)
                .map_err(|failure| CliError::input(failure.to_string()))?;
        (document, Some(report))
    } else {
        let input = read_input_text(args.file.as_deref())?;
        let document: Document = match &context {
            Some(context) => litmus_parser::parse_fragment(&input, context, &options),
            None => litmus_parser::parse_document(&input, &options),
        }
        .map_err(|failure| CliError::input(failure.to_string()))?;
        (document, None)
    };

    let html = || serialize::serialize_children(&document, document.result_root());
    if matches!(args.output, Output::Tree | Output::Json) {
        // A dump's indentation grows with the square of the depth: a deep tree's dump
        // is refused before it is built.
        let length = dump::dump_len(&document);
        if length > litmus_engines::limits::MAX_TREE_DUMP_BYTES {
            return Err(CliError::input(format!(
                "the tree dump would be {length} bytes, over the limit of {} (its indentation grows with the square of the tree's depth); print the serialization with --output html",
                litmus_engines::limits::human(litmus_engines::limits::MAX_TREE_DUMP_BYTES),
            )));
        }
    }
    let text = match args.output {
        Output::Tree => dump::dump(&document),
        Output::Html => {
            let mut s = html();
            s.push('\n');
            s
        }
        Output::Errors => {
            let mut text: String = document.errors.iter().map(|e| format!("{e}\n")).collect();
            if document.errors_omitted > 0 {
                text.push_str(&format!(
                    "… and {} more parse errors (a parse keeps the first {})\n",
                    document.errors_omitted,
                    litmus_parser::error::MAX_ERRORS
                ));
            }
            text
        }
        Output::Json => {
            write_json_output(
                &document,
                context.as_ref(),
                options.scripting,
                encoding.as_ref(),
            )?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    // A closed pipe (e.g. `| head`) is not an error worth a message.
    out!("{text}");
    Ok(ExitCode::SUCCESS)
}

/// The length of `text` as a JSON string, quotes included (as serde_json escapes it:
/// `\"`, `\\`, `\n`-style escapes for five controls, `\u00XX` for the others).
fn json_string_len(text: &str) -> u64 {
    2 + text
        .bytes()
        .map(|b| match b {
            b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0C => 2,
            0..=0x1F => 6,
            _ => 1,
        })
        .sum::<u64>()
}

/// `--output json`: the tree, the serialization, the errors and the rest as one JSON
/// object (keys in alphabetical order, two-space indentation), written to standard
/// output piece by piece: no JSON value of the document is built, and each large
/// string is escaped and written on its own, so that a flood of parse errors does not
/// cost ten times its size. The output's length is worked out before anything is
/// written, and an output over [`litmus_engines::limits::MAX_TREE_DUMP_BYTES`] is refused.
fn write_json_output(
    document: &Document,
    context: Option<&FragmentContext>,
    scripting: bool,
    encoding: Option<&EncodingReport>,
) -> Result<(), CliError> {
    let limit = litmus_engines::limits::MAX_TREE_DUMP_BYTES;
    let too_large = |length: u64| {
        CliError::input(format!(
            "the JSON output would be over {length} bytes, over the limit of {} (its strings are escaped: a control character takes six bytes); print --output html, --output tree or --output errors",
            litmus_engines::limits::human(limit),
        ))
    };
    let tree = dump::dump(document);
    let mut length = json_string_len(&tree);
    if length > limit {
        return Err(too_large(length));
    }
    let html = serialize::serialize_children(document, document.result_root());
    length += json_string_len(&html);
    if length > limit {
        return Err(too_large(length));
    }
    let error_json = |e: &litmus_parser::ParseError| {
        format!(
            "    {{\n      \"code\": \"{}\",\n      \"column\": {},\n      \"line\": {}\n    }}",
            e.code.as_str(),
            e.column,
            e.line
        )
    };
    length += document
        .errors
        .iter()
        .map(|e| error_json(e).len() as u64 + 2)
        .sum::<u64>();
    if length > limit {
        return Err(too_large(length));
    }
    let pretty = |value: &serde_json::Value| {
        serde_json::to_string_pretty(value)
            .unwrap_or_default()
            .replace('\n', "\n  ")
    };
    out!("{{\n");
    let field = |name: &str, value: &str| out!("  \"{name}\": {value},\n");
    field(
        "encoding",
        &pretty(&encoding.map_or(serde_json::Value::Null, encoding_json)),
    );
    if document.errors.is_empty() {
        field("errors", "[]");
    } else {
        out!("  \"errors\": [\n");
        // Written in runs, each a bounded string.
        for (run, errors) in document.errors.chunks(4096).enumerate() {
            let mut text = String::new();
            for (i, e) in errors.iter().enumerate() {
                if run > 0 || i > 0 {
                    text.push_str(",\n");
                }
                text.push_str(&error_json(e));
            }
            out!("{text}");
        }
        out!("\n  ],\n");
    }
    field("errors_omitted", &document.errors_omitted.to_string());
    field(
        "fragment_context",
        &pretty(&context.map(|c| c.to_string()).into()),
    );
    field("html", &serde_json::to_string(&html).unwrap_or_default());
    drop(html);
    field(
        "quirks_mode",
        &format!("\"{}\"", quirks_mode_name(document.quirks_mode)),
    );
    field("scripting", &scripting.to_string());
    out!(
        "  \"tree\": {}\n}}\n",
        serde_json::to_string(&tree).unwrap_or_default()
    );
    Ok(())
}

/// A document's mode as the standard spells it, in kebab-case like every other JSON
/// value litmus writes: `no-quirks`, `limited-quirks`, `quirks`.
pub fn quirks_mode_name(mode: litmus_parser::QuirksMode) -> &'static str {
    match mode {
        litmus_parser::QuirksMode::NoQuirks => "no-quirks",
        litmus_parser::QuirksMode::LimitedQuirks => "limited-quirks",
        litmus_parser::QuirksMode::Quirks => "quirks",
    }
}

/// Checks that a label given on the command line names an encoding: the parser would
/// ignore one that does not, which on the command line is a mistake worth a message.
fn known_label(label: Option<String>, flag: &str) -> Result<Option<String>, CliError> {
    match label {
        Some(l) if litmus_parser::encoding::Encoding::for_label(l.trim().as_bytes()).is_none() => Err(
            CliError::input(format!(
                "{flag} {l:?} is not an encoding label of the Encoding Standard (e.g. utf-8, windows-1252, shift_jis, utf-16le)"
            )),
        ),
        other => Ok(other),
    }
}

/// The `encoding` member of `--output json`: the encoding used, the confidence, and
/// how it was found.
fn encoding_json(report: &EncodingReport) -> serde_json::Value {
    let mut source = serde_json::json!({ "kind": report.source.kind() });
    match report.source {
        EncodingSource::Prescan(PrescanMatch::Meta { offset }) => {
            source["meta_offset"] = offset.into();
        }
        EncodingSource::ChangedByMeta { from, to } => {
            source["from"] = from.into();
            source["to"] = to.into();
        }
        _ => {}
    }
    serde_json::json!({
        "name": report.encoding,
        "confidence": report.confidence.as_str(),
        "source": source,
        "malformed_sequences": report.malformed_sequences,
    })
}
