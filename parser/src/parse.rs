//! The entry points: parse a document or a fragment.
//!
//! <https://html.spec.whatwg.org/#parsing> — the driver that runs preprocessing, the
//! tokenizer and tree construction, then orders the errors by position.

use crate::dom::{Document, Namespace};
use crate::error::MAX_ERRORS;
use crate::error::{ErrorCode, ParseError};
use crate::input;
use crate::names::LocalName;
use crate::provenance::Trace;
use crate::scratch::{self, Scratch};
use crate::seams::{Standard, Traced};
use crate::tokenizer::{Tokenizer, TokenizerOptions};
use crate::tree_builder::Seams;
use crate::tree_builder::{FragmentContextElement, TreeBuilder, TreeBuilderOptions};
use std::fmt;
use std::time::Instant;

/// The largest input litmus parses by default: 1 GiB. AD-HOC (the standard has no
/// limit): larger inputs are refused with
/// [`ParseFailure::InputTooLarge`], so that every offset fits the document's `u32`
/// spans with room for what parsing adds (a U+0000 becomes three bytes of U+FFFD).
pub const DEFAULT_MAX_INPUT_BYTES: usize = 1 << 30;

/// The most nodes a parse's tree may have per input byte (and [`NODE_LIMIT_BASE`]
/// more). AD-HOC (the standard has no limit): "reconstruct the active formatting
/// elements" recreates every formatting element of the list not on the stack, so k
/// formatting elements with distinct attributes, each followed by a paragraph, make a
/// tree of k²/2 elements from an input of about 16k bytes (browsers and html5ever
/// build the same tree). A parse whose tree grows past the limit stops and fails with
/// [`ParseFailure::TooManyNodes`] instead of exhausting memory; trees the standard
/// builds at most a few nodes per input byte otherwise (the adoption agency's clones,
/// a select's selectedcontent copies) stay far below it.
pub const NODES_PER_INPUT_BYTE: usize = 16;

/// The nodes every parse may make whatever its input's length.
pub const NODE_LIMIT_BASE: usize = 1 << 20;

/// The node limit of a parse of `len` bytes (below `u32::MAX`, the node ids' range).
pub fn node_limit(len: usize) -> usize {
    len.saturating_mul(NODES_PER_INPUT_BYTE)
        .saturating_add(NODE_LIMIT_BASE)
        .min(1 << 31)
}

/// How to parse.
#[derive(Clone, Debug)]
pub struct ParseOptions {
    /// The scripting flag. <https://html.spec.whatwg.org/#scripting-flag>
    pub scripting: bool,
    /// Inputs longer than this are refused. At most [`DEFAULT_MAX_INPUT_BYTES`].
    pub max_input_bytes: usize,
    /// Stop with [`ParseFailure::DeadlineExceeded`] if the parse runs past this instant.
    /// AD-HOC: the standard has no deadline; this bounds the time a caller waits.
    pub deadline: Option<Instant>,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            scripting: true,
            max_input_bytes: DEFAULT_MAX_INPUT_BYTES,
            deadline: None,
        }
    }
}

/// Why a parse produced no document. Content never causes one: only limits do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseFailure {
    InputTooLarge {
        len: usize,
        max: usize,
    },
    DeadlineExceeded,
    /// The tree grew past [`node_limit`] nodes.
    TooManyNodes {
        max: usize,
    },
}

impl fmt::Display for ParseFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFailure::InputTooLarge { len, max } => {
                write!(f, "input of {len} bytes is over the limit of {max} bytes")
            }
            ParseFailure::DeadlineExceeded => write!(f, "the parse ran past its deadline"),
            ParseFailure::TooManyNodes { max } => write!(
                f,
                "the tree grew past {max} nodes, the limit for this input \
                 ({NODES_PER_INPUT_BYTE} per input byte and {NODE_LIMIT_BASE})"
            ),
        }
    }
}

impl std::error::Error for ParseFailure {}

/// The context element of a fragment parse, as html5lib tests write it: `td`,
/// `svg path`, `math mi`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FragmentContext {
    pub ns: Namespace,
    /// The local name, as given (SVG names in their adjusted case, e.g. `foreignObject`).
    pub local_name: String,
}

impl FragmentContext {
    /// Reads `svg NAME`, `math NAME` or `NAME` (HTML). `None` for an empty name or one
    /// with whitespace in it.
    ///
    /// ```
    /// use litmus_parser::{FragmentContext, Namespace};
    ///
    /// let path = FragmentContext::parse("svg path").unwrap();
    /// assert_eq!((path.ns, path.local_name.as_str()), (Namespace::Svg, "path"));
    /// assert_eq!(path.to_string(), "svg path");
    /// assert_eq!(FragmentContext::parse("td").unwrap().ns, Namespace::Html);
    /// assert_eq!(FragmentContext::parse(""), None);
    /// ```
    pub fn parse(context: &str) -> Option<FragmentContext> {
        let (ns, name) = if let Some(name) = context.strip_prefix("svg ") {
            (Namespace::Svg, name)
        } else if let Some(name) = context.strip_prefix("math ") {
            (Namespace::MathMl, name)
        } else {
            (Namespace::Html, context)
        };
        if name.is_empty() || name.contains(|c: char| c.is_ascii_whitespace()) {
            return None;
        }
        Some(FragmentContext {
            ns,
            local_name: name.to_owned(),
        })
    }
}

impl fmt::Display for FragmentContext {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(crate::dump::namespace_designator(self.ns))?;
        f.write_str(&self.local_name)
    }
}

/// Parses a whole document. <https://html.spec.whatwg.org/#parsing>
///
/// ```
/// use litmus_parser::{parse_document, Namespace, NodeKind, ParseOptions, QuirksMode};
///
/// let input = "<!DOCTYPE html><p class=intro>Hello";
/// let document = parse_document(input, &ParseOptions::default())?;
/// assert_eq!(document.quirks_mode, QuirksMode::NoQuirks);
/// assert!(document.errors.is_empty());
///
/// // The read API: the Document node holds the DOCTYPE and html; html holds head and
/// // body.
/// let html = document.last_child(document.root()).unwrap();
/// let body = document.last_child(html).unwrap();
/// let p = document.first_child(body).unwrap();
/// assert_eq!(
///     document.kind(p),
///     NodeKind::Element { ns: Namespace::Html, name: "p" }
/// );
/// assert_eq!(document.attribute(p, "class"), Some("intro"));
/// let text = document.first_child(p).unwrap();
/// assert_eq!(document.kind(text), NodeKind::Text("Hello"));
/// # Ok::<(), litmus_parser::ParseFailure>(())
/// ```
pub fn parse_document(input: &str, options: &ParseOptions) -> Result<Document, ParseFailure> {
    run(
        input.as_bytes(),
        None,
        options,
        cfg!(feature = "fast-paths"),
    )
}

/// The HTML fragment parsing algorithm.
/// <https://html.spec.whatwg.org/#html-fragment-parsing-algorithm>
///
/// The fragment's nodes are the children of [`Document::fragment_root`].
///
/// ```
/// use litmus_parser::{dump, parse_fragment, serialize, FragmentContext, ParseOptions};
///
/// // Cells parsed as the children of a `tr`, as setting a row's `innerHTML` would.
/// let context = FragmentContext::parse("tr").unwrap();
/// let fragment = parse_fragment("<td>cell<td>two", &context, &ParseOptions::default())?;
/// assert_eq!(
///     dump::dump(&fragment),
///     "| <td>\n|   \"cell\"\n| <td>\n|   \"two\"\n"
/// );
/// assert_eq!(
///     serialize::serialize_children(&fragment, fragment.result_root()),
///     "<td>cell</td><td>two</td>"
/// );
/// # Ok::<(), litmus_parser::ParseFailure>(())
/// ```
pub fn parse_fragment(
    input: &str,
    context: &FragmentContext,
    options: &ParseOptions,
) -> Result<Document, ParseFailure> {
    run(
        input.as_bytes(),
        Some(context),
        options,
        cfg!(feature = "fast-paths"),
    )
}

/// [`parse_document`] (`context` `None`) or [`parse_fragment`], with the labelled
/// `fast_path_*` functions on or off whatever the `fast-paths` feature says: for tests
/// and fuzz targets that check both ways build the same document.
pub fn parse_with_fast_paths(
    input: &str,
    context: Option<&FragmentContext>,
    options: &ParseOptions,
    fast_paths: bool,
) -> Result<Document, ParseFailure> {
    run(input.as_bytes(), context, options, fast_paths)
}

/// The standard's parse, with the buffers the last parse on this thread left.
fn run(
    bytes: &[u8],
    context: Option<&FragmentContext>,
    options: &ParseOptions,
    fast_paths: bool,
) -> Result<Document, ParseFailure> {
    let (document, scratch) = run_with(
        bytes,
        context,
        options,
        fast_paths,
        Standard,
        scratch::take(),
    );
    scratch::give_back(scratch);
    document
}

/// The driver, for the standard or for a parse that departs from it (`departures`,
/// see `crate::seams`), in `scratch`'s buffers, which it hands back.
pub(crate) fn run_with<D: Seams>(
    bytes: &[u8],
    context: Option<&FragmentContext>,
    options: &ParseOptions,
    fast_paths: bool,
    departures: D,
    mut scratch: Box<Scratch<D>>,
) -> (Result<Document, ParseFailure>, Box<Scratch<D>>) {
    let max = options.max_input_bytes.min(DEFAULT_MAX_INPUT_BYTES);
    if bytes.len() > max {
        let too_large = ParseFailure::InputTooLarge {
            len: bytes.len(),
            max,
        };
        return (Err(too_large), scratch);
    }
    let preprocessed = input::preprocess_with_fast_paths(bytes, fast_paths);
    let input = &*preprocessed.bytes;
    let mut document = Document::with_capacity(input.len());
    document.node_limit = node_limit(input.len());
    document.traced = D::TRACES;
    document.copy_input(input);
    document.scripting = options.scripting;

    let context = context.map(|c| FragmentContextElement {
        ns: c.ns,
        local_name: LocalName::well_known(c.local_name.as_bytes())
            .unwrap_or_else(|| document.names.intern(c.local_name.as_bytes())),
    });
    let mut builder = TreeBuilder::with_buffers(
        &mut document,
        TreeBuilderOptions {
            scripting: options.scripting,
            fragment_context: context,
        },
        scratch.tree_builder,
        departures,
    );
    builder.set_fast_paths(fast_paths);
    let mut tokenizer = Tokenizer::with_buffers(
        input,
        TokenizerOptions {
            initial_state: builder.initial_tokenizer_state(),
            last_start_tag: None,
            deadline: options.deadline,
        },
        scratch.tokenizer,
        departures,
    );
    tokenizer.set_cdata_allowed(builder.cdata_allowed());
    tokenizer.set_fast_paths(fast_paths);
    let finished = tokenizer.run(&mut builder);
    let omitted =
        preprocessed.errors_omitted + tokenizer.errors_omitted() + builder.errors_omitted();

    scratch.tokenizer = tokenizer.into_buffers();
    scratch.tree_builder = builder.into_buffers();
    scratch.tree_builder.drop_large_working_lists();
    document.forget_input();
    if finished.is_err() {
        return (Err(ParseFailure::DeadlineExceeded), scratch);
    }
    if document.node_count() > document.node_limit {
        let too_many = ParseFailure::TooManyNodes {
            max: document.node_limit,
        };
        return (Err(too_many), scratch);
    }
    document.strings.seal();
    if context.is_some() {
        // "Return root's children": the html element tree construction put first
        // into the document holds the fragment.
        if let Some(root) = document.first_child(document.root()) {
            document.set_fragment_root(root);
        }
    }

    // Each stage finds its errors in the order of their positions; merged, errors at
    // one position keep the order of the stages (input stream, tokenizer, tree
    // construction) and, within a stage, the order they were found in.
    let lists = [
        &preprocessed.errors[..],
        &scratch.tokenizer.errors,
        &scratch.tree_builder.errors,
    ];
    let kept: usize = lists.iter().map(|l| l.len()).sum();
    let mut errors = std::mem::take(&mut document.errors);
    errors.reserve(kept.min(MAX_ERRORS));
    let mut positions = input::LineColumns::new(input);
    // Each stage kept its first MAX_ERRORS, so the first MAX_ERRORS of all are among
    // them.
    merge_by_offset(lists, |code, offset| {
        if errors.len() < MAX_ERRORS {
            let (line, column) = positions.at(offset);
            errors.push(ParseError {
                code,
                line,
                column,
                offset,
            });
        }
    });
    document.errors_omitted = omitted + (kept - errors.len()) as u64;
    document.errors = errors;
    crate::buffers::clear(&mut scratch.tokenizer.errors);
    crate::buffers::clear(&mut scratch.tree_builder.errors);
    (Ok(document), scratch)
}

/// Parses a document as [`crate::parse_document`] does, recording its [`Trace`]
/// (`crate::provenance`; an empty one without the feature `provenance`).
pub fn trace_document(
    input: &str,
    options: &ParseOptions,
) -> Result<(Document, Trace), ParseFailure> {
    traced_parse(input, None, options, true)
}

/// Parses a fragment as [`crate::parse_fragment`] does, recording its [`Trace`]
/// (`crate::provenance`; an empty one without the feature `provenance`).
pub fn trace_fragment(
    input: &str,
    context: &FragmentContext,
    options: &ParseOptions,
) -> Result<(Document, Trace), ParseFailure> {
    traced_parse(input, Some(context), options, true)
}

/// [`trace_document`] (`context` `None`) or [`trace_fragment`] with the fast paths
/// off: for a parse the departures of `crate::departures` depart from, whose changed steps
/// the fast paths would pass by.
pub fn trace_without_fast_paths(
    input: &str,
    context: Option<&FragmentContext>,
    options: &ParseOptions,
) -> Result<(Document, Trace), ParseFailure> {
    traced_parse(input, context, options, false)
}

/// A parse of the instantiation that traces (`crate::seams::Traced`), recorded.
fn traced_parse(
    input: &str,
    context: Option<&FragmentContext>,
    options: &ParseOptions,
    fast_paths: bool,
) -> Result<(Document, Trace), ParseFailure> {
    let parse = || {
        let scratch = Box::<Scratch<Traced>>::default();
        run_with(
            input.as_bytes(),
            context,
            options,
            fast_paths,
            Traced,
            scratch,
        )
        .0
    };
    crate::provenance::traced(parse, input)
}

/// Hands the errors of `lists` to `emit` in the order of their offsets, a stable
/// merge: at one offset, the earlier list's errors first, each list's in its order.
/// Lists out of order (no stage makes one, but nothing breaks if one did) are sorted
/// together instead.
fn merge_by_offset(lists: [&[(ErrorCode, usize)]; 3], mut emit: impl FnMut(ErrorCode, usize)) {
    if !lists
        .iter()
        .all(|l| l.is_sorted_by_key(|&(_, offset)| offset))
    {
        let mut all: Vec<(ErrorCode, usize)> = lists.concat();
        all.sort_by_key(|&(_, offset)| offset);
        for (code, offset) in all {
            emit(code, offset);
        }
        return;
    }
    let [stream, tokenizer, tree_construction] = lists;
    if stream.is_empty() {
        merge_two(tokenizer, tree_construction, &mut emit);
        return;
    }
    // The offset of each list's next error; past its end, one no error has.
    let head =
        |list: &[(ErrorCode, usize)], next: usize| list.get(next).map_or(usize::MAX, |e| e.1);
    let mut next = [0usize; 3];
    for _ in 0..lists.iter().map(|l| l.len()).sum::<usize>() {
        let [a, b, c] = [0, 1, 2].map(|i| head(lists[i], next[i]));
        // The list whose next error comes first; the earliest list on a tie.
        let i = if a <= b && a <= c {
            0
        } else if b <= c {
            1
        } else {
            2
        };
        let (code, offset) = lists[i][next[i]];
        emit(code, offset);
        next[i] += 1;
    }
}

/// [`merge_by_offset`] of two lists (the input stream had no errors).
fn merge_two(
    first: &[(ErrorCode, usize)],
    second: &[(ErrorCode, usize)],
    emit: &mut impl FnMut(ErrorCode, usize),
) {
    let (mut i, mut j) = (0, 0);
    while let (Some(&a), Some(&b)) = (first.get(i), second.get(j)) {
        // Chosen without a branch: which list's error comes first is not predictable.
        let second_first = b.1 < a.1;
        let (code, offset) = if second_first { b } else { a };
        emit(code, offset);
        j += usize::from(second_first);
        i += usize::from(!second_first);
    }
    for &(code, offset) in first.get(i..).unwrap_or_default() {
        emit(code, offset);
    }
    for &(code, offset) in second.get(j..).unwrap_or_default() {
        emit(code, offset);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unchanged_text_is_kept_as_spans_of_the_input() {
        let input = "<p>one<p>two three</p>\r\nfour";
        let document = parse_document(input, &ParseOptions::default()).unwrap();
        // The input's copy (its CR LF made one LF) and nothing else: no text was copied
        // twice.
        assert_eq!(document.strings.as_bytes().len(), input.len() - 1);
        assert!(document.input.is_none());
        assert_eq!(
            crate::dump::dump(&document),
            "| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"one\"\n|     <p>\n|       \"two three\"\n|     \"\nfour\"\n"
        );
    }

    #[test]
    fn errors_merge_by_offset_keeping_stage_order_on_ties() {
        use ErrorCode::*;
        let input = [
            (ControlCharacterInInputStream, 3),
            (NoncharacterInInputStream, 9),
        ];
        let tokens = [(UnexpectedNullCharacter, 3), (EofInTag, 9), (EofInTag, 9)];
        let tree = [(UnexpectedNullCharacter, 0), (UnexpectedNullCharacter, 3)];
        let merged = |lists: [&[(ErrorCode, usize)]; 3]| {
            let mut out = Vec::new();
            merge_by_offset(lists, |code, offset| out.push((code, offset)));
            out
        };
        let out = merged([&input, &tokens, &tree]);
        assert_eq!(
            out,
            [
                (UnexpectedNullCharacter, 0),
                (ControlCharacterInInputStream, 3),
                (UnexpectedNullCharacter, 3),
                (UnexpectedNullCharacter, 3),
                (NoncharacterInInputStream, 9),
                (EofInTag, 9),
                (EofInTag, 9),
            ]
        );
        // The same as a stable sort of the lists one after another.
        let mut sorted: Vec<_> = input.iter().chain(&tokens).chain(&tree).copied().collect();
        sorted.sort_by_key(|&(_, offset)| offset);
        assert_eq!(out, sorted);
        // A list out of order is sorted with the others.
        let out = merged([&[(EofInTag, 5), (EofInTag, 1)], &[], &tree]);
        assert_eq!(out.iter().map(|e| e.1).collect::<Vec<_>>(), [0, 1, 3, 5]);
    }
}
