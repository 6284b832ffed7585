//! Fuzz inputs: the formats the cargo-fuzz targets in `fuzz/` decode, and the seed
//! corpora built for them from html5lib-tests, litmus's own findings and the generator.
//!
//! Every format is total: any byte string decodes to some input, so no fuzzer
//! execution is wasted on a rejected input. The encoders here write seeds that decode
//! back to what they encode (unit tests check it).
//!
//! # Input formats
//!
//! | target | format |
//! |---|---|
//! | `parse` | the input itself: any bytes, read as UTF-8 with each invalid sequence replaced by U+FFFD |
//! | `fragment` | a [case](#cases-a-header-line-then-the-input) whose target is a context element ([`decode_fragment_input`]) |
//! | `roundtrip` | a case, a document or a fragment ([`decode_roundtrip_input`]) |
//! | `differential` | a case, or a generator case: `#generate SEED INDEX`, then an edit ([`decode_differential_input`]) |
//! | `tokenizer` | binary: a control byte, the last start tag, the input ([`TokenizerInput`]) |
//!
//! ## Cases: a header line, then the input
//!
//! The bytes up to the first LF are the header, the rest is the HTML input:
//!
//! ```text
//! HEADER := TARGET [ " #script-off" | " #script-on" ]
//! TARGET := "#document" | CONTEXT
//! ```
//!
//! `CONTEXT` is a context element as html5lib tests write it (`td`, `svg path`,
//! `math annotation-xml`; any name with no whitespace, in the HTML, SVG or MathML
//! namespace), so a fuzzer that mutates the header reaches arbitrary context elements.
//! Without a scripting suffix the targets parse with scripting on and off. A header
//! that does not read this way (or no LF at all) falls back per target: `fragment`
//! takes the whole data as input with the context `FRAGMENT_CONTEXTS[first byte % N]`,
//! `roundtrip` and `differential` take the whole data as a document.
//!
//! ```text
//! svg path #script-off
//! <g><foreignObject><p>text
//! ```
//!
//! ## Generator cases (`differential`)
//!
//! A header `#generate SEED INDEX` (decimal `u64`s) stands for
//! [`Generator::case`]`(SEED, INDEX)` with the default [`GeneratorConfig`] (input,
//! fragment context and scripting flag all from the generator). The bytes after the LF
//! are an edit of the generated input, so the fuzzer can mutate what the generator
//! wrote: two bytes (little-endian) give a position (modulo the input's length plus
//! one), one byte how many bytes to delete there, and the rest (as UTF-8, invalid
//! sequences replaced) is inserted; positions are moved back to character boundaries.
//! An empty body leaves the case as generated.
//!
//! ## The tokenizer's input
//!
//! - byte 0, the control byte: bits 0–2 the initial state ([`TOKENIZER_INITIAL_STATES`],
//!   6 and 7 mean the data state); bit 3: the sink answers that CDATA sections are
//!   allowed; bit 4: the sink switches the tokenizer's state after start tags as tree
//!   construction does (`title` → RCDATA, `script` → script data, …);
//! - byte 1: the length of the last start tag's name, modulo 32 (0: no last start tag);
//! - that many bytes: the name;
//! - the rest: the input, as generalized UTF-8 (lone surrogates are kept, any other
//!   invalid sequence becomes U+FFFD).
//!
//! Missing bytes read as zero (an empty input is the data state, nothing else).
//!
//! # Seed corpora
//!
//! [`build_seed_corpora`] writes one file per seed into `OUT/<target>/`, named by a
//! hash of its contents (so building twice, or over a corpus a fuzzer has grown,
//! only adds what is missing). Seeds come from the `#data` of every html5lib
//! tree-construction test (with its context element and scripting flag), the input of
//! every html5lib tokenizer test in each of its initial states (with its last start
//! tag), the findings in `corpus/divergences/`, and [`GENERATOR_SEEDS`] generator cases.

use crate::generator::{Generator, GeneratorConfig, FRAGMENT_CONTEXTS};
use litmus_compare::dat;
use litmus_parser::input::{decode_generalized_utf8, encode_generalized_utf8};
use litmus_parser::tokenizer::State;
use litmus_parser::FragmentContext;
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The cargo-fuzz targets, in the order their seed counts are reported.
pub const FUZZ_TARGETS: [&str; 5] = [
    "parse",
    "fragment",
    "roundtrip",
    "tokenizer",
    "differential",
];

/// How many generator cases (seed [`GENERATOR_SEED`], indices from 0) each seed corpus
/// gets.
pub const GENERATOR_SEEDS: u64 = 256;

/// The generator seed the seed corpora's generator cases use.
pub const GENERATOR_SEED: u64 = 2026;

/// The header target of a document parse.
const DOCUMENT: &str = "#document";
/// The header prefix of a generator case.
const GENERATE: &str = "#generate";
const SCRIPT_OFF: &str = " #script-off";
const SCRIPT_ON: &str = " #script-on";

/// The tokenizer's initial states, in the order the control byte numbers them: the
/// ones html5lib tokenizer tests start in.
pub const TOKENIZER_INITIAL_STATES: [State; 6] = [
    State::Data,
    State::Rcdata,
    State::Rawtext,
    State::ScriptData,
    State::Plaintext,
    State::CdataSection,
];

/// What a case parses: a document, or a fragment in a context element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseTarget {
    Document,
    Fragment(FragmentContext),
}

/// One decoded case: what to parse, how, and the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuzzCase {
    pub target: ParseTarget,
    /// `None`: parse with scripting on and with scripting off.
    pub scripting: Option<bool>,
    pub input: String,
}

impl FuzzCase {
    /// The scripting flags to parse with.
    pub fn scripting_flags(&self) -> Vec<bool> {
        match self.scripting {
            Some(flag) => vec![flag],
            None => vec![true, false],
        }
    }

    /// The header line, without its LF.
    pub fn header(&self) -> String {
        let mut header = match &self.target {
            ParseTarget::Document => DOCUMENT.to_owned(),
            ParseTarget::Fragment(context) => context.to_string(),
        };
        match self.scripting {
            Some(false) => header.push_str(SCRIPT_OFF),
            Some(true) => header.push_str(SCRIPT_ON),
            None => {}
        }
        header
    }

    /// The case in its input format: the header, LF, the input.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = self.header().into_bytes();
        out.push(b'\n');
        out.extend_from_slice(self.input.as_bytes());
        out
    }
}

/// Reads a case's header and input, or `None` if `data` has no LF or its first line is
/// not a header.
pub fn decode_case(data: &[u8]) -> Option<FuzzCase> {
    let newline = data.iter().position(|&b| b == b'\n')?;
    let header = std::str::from_utf8(&data[..newline]).ok()?;
    let (target, scripting) = parse_header(header)?;
    Some(FuzzCase {
        target,
        scripting,
        input: lossy(&data[newline + 1..]),
    })
}

fn parse_header(header: &str) -> Option<(ParseTarget, Option<bool>)> {
    let (target, scripting) = if let Some(t) = header.strip_suffix(SCRIPT_OFF) {
        (t, Some(false))
    } else if let Some(t) = header.strip_suffix(SCRIPT_ON) {
        (t, Some(true))
    } else {
        (header, None)
    };
    let target = if target == DOCUMENT {
        ParseTarget::Document
    } else {
        ParseTarget::Fragment(FragmentContext::parse(target)?)
    };
    Some((target, scripting))
}

/// The `fragment` target's input: a case with a context element, or the whole data in
/// the context `FRAGMENT_CONTEXTS[first byte % N]`.
pub fn decode_fragment_input(data: &[u8]) -> (FragmentContext, Option<bool>, String) {
    if let Some(FuzzCase {
        target: ParseTarget::Fragment(context),
        scripting,
        input,
    }) = decode_case(data)
    {
        return (context, scripting, input);
    }
    let pick = data.first().map_or(0, |&b| b as usize) % FRAGMENT_CONTEXTS.len();
    let context = FragmentContext::parse(FRAGMENT_CONTEXTS[pick])
        .expect("FRAGMENT_CONTEXTS are valid contexts");
    (context, None, lossy(data))
}

/// The `roundtrip` target's input: a case, or the whole data as a document.
pub fn decode_roundtrip_input(data: &[u8]) -> FuzzCase {
    decode_case(data).unwrap_or_else(|| FuzzCase {
        target: ParseTarget::Document,
        scripting: None,
        input: lossy(data),
    })
}

/// An edit of a generated input (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GeneratorEdit {
    pub at: usize,
    pub delete: usize,
    pub insert: String,
}

impl GeneratorEdit {
    fn decode(body: &[u8]) -> Option<GeneratorEdit> {
        if body.is_empty() {
            return None;
        }
        let byte = |i: usize| body.get(i).copied().unwrap_or(0);
        Some(GeneratorEdit {
            at: u16::from_le_bytes([byte(0), byte(1)]) as usize,
            delete: byte(2) as usize,
            insert: lossy(body.get(3..).unwrap_or_default()),
        })
    }

    /// Applies the edit to `input`, positions taken modulo its length plus one and
    /// moved back to character boundaries.
    pub fn apply(&self, input: &str) -> String {
        let at = floor_char_boundary(input, self.at % (input.len() + 1));
        let end = floor_char_boundary(input, (at + self.delete).min(input.len()));
        let mut out = String::with_capacity(input.len() + self.insert.len());
        out.push_str(&input[..at]);
        out.push_str(&self.insert);
        out.push_str(&input[end..]);
        out
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The `differential` target's input, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DifferentialInput {
    /// A case written out.
    Case(FuzzCase),
    /// A generator case, possibly edited.
    Generate {
        seed: u64,
        index: u64,
        edit: Option<GeneratorEdit>,
    },
}

/// Reads the `differential` target's input: a generator case, a case, or the whole
/// data as a document.
pub fn decode_differential_input(data: &[u8]) -> DifferentialInput {
    if let Some(generate) = decode_generate(data) {
        return generate;
    }
    DifferentialInput::Case(decode_roundtrip_input(data))
}

fn decode_generate(data: &[u8]) -> Option<DifferentialInput> {
    let newline = data.iter().position(|&b| b == b'\n').unwrap_or(data.len());
    let header = std::str::from_utf8(&data[..newline]).ok()?;
    let mut words = header.strip_prefix(GENERATE)?.split(' ');
    if words.next() != Some("") {
        return None;
    }
    let seed = words.next()?.parse().ok()?;
    let index = words.next()?.parse().ok()?;
    if words.next().is_some() {
        return None;
    }
    let body = data.get(newline + 1..).unwrap_or_default();
    Some(DifferentialInput::Generate {
        seed,
        index,
        edit: GeneratorEdit::decode(body),
    })
}

/// A generator case's header and body (no edit).
pub fn encode_generate(seed: u64, index: u64) -> Vec<u8> {
    format!("{GENERATE} {seed} {index}\n").into_bytes()
}

impl DifferentialInput {
    /// The case to compare: generator cases are made with `generator` (which should
    /// have the default configuration the format promises).
    pub fn to_case(&self, generator: &Generator) -> FuzzCase {
        match self {
            DifferentialInput::Case(case) => case.clone(),
            DifferentialInput::Generate { seed, index, edit } => {
                let generated = generator.case(*seed, *index);
                let input = match edit {
                    Some(edit) => edit.apply(&generated.input),
                    None => generated.input,
                };
                let target = match generated.fragment_context.as_deref() {
                    Some(context) => match FragmentContext::parse(context) {
                        Some(context) => ParseTarget::Fragment(context),
                        None => ParseTarget::Document,
                    },
                    None => ParseTarget::Document,
                };
                FuzzCase {
                    target,
                    scripting: Some(generated.scripting),
                    input,
                }
            }
        }
    }
}

/// The generator the `#generate` format stands for: the default configuration.
pub fn default_generator() -> Generator {
    Generator::new(GeneratorConfig::default())
}

/// The `tokenizer` target's input, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenizerInput {
    pub initial_state: State,
    pub last_start_tag: Option<Vec<u8>>,
    /// The sink's answer to "is there an adjusted current node that is not an element
    /// in the HTML namespace" (CDATA sections allowed).
    pub cdata_allowed: bool,
    /// The sink switches the tokenizer's state after start tags as tree construction
    /// does.
    pub switch_states: bool,
    /// Generalized UTF-8.
    pub input: Vec<u8>,
}

impl TokenizerInput {
    pub fn decode(data: &[u8]) -> TokenizerInput {
        let control = data.first().copied().unwrap_or(0);
        let name_len = (data.get(1).copied().unwrap_or(0) & 0x1F) as usize;
        let name_start = 2.min(data.len());
        let name_end = (2 + name_len).min(data.len());
        let state = (control & 0x07) as usize;
        TokenizerInput {
            initial_state: TOKENIZER_INITIAL_STATES
                .get(state)
                .copied()
                .unwrap_or(State::Data),
            last_start_tag: (name_len > 0).then(|| data[name_start..name_end].to_vec()),
            cdata_allowed: control & 0x08 != 0,
            switch_states: control & 0x10 != 0,
            input: to_generalized_utf8(&data[name_end..]),
        }
    }

    /// The input format; `None` if the initial state is not one of
    /// [`TOKENIZER_INITIAL_STATES`] or the last start tag is 32 bytes or longer.
    pub fn encode(&self) -> Option<Vec<u8>> {
        let state = TOKENIZER_INITIAL_STATES
            .iter()
            .position(|&s| s == self.initial_state)?;
        let name = self.last_start_tag.as_deref().unwrap_or_default();
        if name.len() >= 32 || (self.last_start_tag.is_some() && name.is_empty()) {
            return None;
        }
        let mut control = state as u8;
        if self.cdata_allowed {
            control |= 0x08;
        }
        if self.switch_states {
            control |= 0x10;
        }
        let mut out = vec![control, name.len() as u8];
        out.extend_from_slice(name);
        out.extend_from_slice(&self.input);
        Some(out)
    }
}

/// Bytes as UTF-8, each invalid sequence replaced by U+FFFD.
fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Bytes as generalized UTF-8: well-formed sequences (surrogates included) are kept,
/// every malformed byte becomes U+FFFD.
pub fn to_generalized_utf8(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let (code_point, len) = decode_generalized_utf8(&bytes[i..]);
        match code_point {
            // Overlong forms and values past U+10FFFF are malformed too.
            Some(c) if c <= 0x10FFFF && encoded_len(c) == len => {
                out.extend_from_slice(&bytes[i..i + len])
            }
            _ => out.extend_from_slice("\u{FFFD}".as_bytes()),
        }
        i += len;
    }
    out
}

fn encoded_len(c: u32) -> usize {
    match c {
        0..=0x7F => 1,
        0x80..=0x7FF => 2,
        0x800..=0xFFFF => 3,
        _ => 4,
    }
}

/// What [`build_seed_corpora`] read and wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeedStats {
    /// html5lib tree-construction tests read.
    pub tree_construction_tests: usize,
    /// html5lib tokenizer tests read.
    pub tokenizer_tests: usize,
    /// Findings read from `corpus/divergences/`.
    pub divergences: usize,
    /// Generator cases used.
    pub generator_cases: usize,
    /// For each of [`FUZZ_TARGETS`]: the distinct seeds of its corpus, and how many of
    /// them were new files.
    pub targets: Vec<TargetSeeds>,
}

/// One target's seed corpus.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TargetSeeds {
    pub target: &'static str,
    pub seeds: usize,
    pub written: usize,
    pub dir: PathBuf,
}

/// Builds the seed corpus of every fuzz target into `out_dir/<target>/`: from
/// `html5lib_dir` (an html5lib-tests checkout: `tree-construction/*.dat`,
/// `tokenizer/*.test`), from `corpus_dir/divergences/*.dat` (missing: no findings
/// yet), and from [`GENERATOR_SEEDS`] generator cases. One file per seed, named by a
/// hash of its contents; existing files are left alone. Fails if a folder or file
/// cannot be read or written, or a test file is malformed.
pub fn build_seed_corpora(
    html5lib_dir: &Path,
    corpus_dir: &Path,
    out_dir: &Path,
) -> io::Result<SeedStats> {
    let mut seeds = Seeds::default();
    let mut stats = SeedStats::default();

    let tree_tests = dat::read_folder(&html5lib_dir.join("tree-construction"))?;
    stats.tree_construction_tests = tree_tests.len();
    for (i, case) in tree_tests.iter().enumerate() {
        seeds.add_dat_case(case, i);
    }

    let tokenizer_tests = read_tokenizer_tests(&html5lib_dir.join("tokenizer"))?;
    stats.tokenizer_tests = tokenizer_tests.len();
    for test in &tokenizer_tests {
        seeds.add_tokenizer_test(test);
    }

    let divergences_dir = corpus_dir.join("divergences");
    let divergences = if divergences_dir.is_dir() {
        dat::read_folder(&divergences_dir)?
    } else {
        Vec::new()
    };
    stats.divergences = divergences.len();
    for (i, case) in divergences.iter().enumerate() {
        seeds.add_dat_case(case, i);
    }

    let generator = default_generator();
    for index in 0..GENERATOR_SEEDS {
        let input = DifferentialInput::Generate {
            seed: GENERATOR_SEED,
            index,
            edit: None,
        };
        let case = input.to_case(&generator);
        seeds.add_case(&case, index as usize);
        seeds
            .differential
            .insert(encode_generate(GENERATOR_SEED, index));
    }
    stats.generator_cases = GENERATOR_SEEDS as usize;

    for (target, set) in seeds.by_target() {
        let dir = out_dir.join(target);
        fs::create_dir_all(&dir)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
        let mut written = 0;
        for seed in set {
            let path = dir.join(seed_file_name(seed));
            if !path.exists() {
                fs::write(&path, seed)
                    .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
                written += 1;
            }
        }
        stats.targets.push(TargetSeeds {
            target,
            seeds: set.len(),
            written,
            dir,
        });
    }
    Ok(stats)
}

/// A seed's file name: the first 40 hex digits of the SHA-256 of its contents.
fn seed_file_name(seed: &[u8]) -> String {
    let digest = Sha256::digest(seed);
    digest[..20].iter().map(|b| format!("{b:02x}")).collect()
}

/// The seeds of every target, deduplicated.
#[derive(Default)]
struct Seeds {
    parse: BTreeSet<Vec<u8>>,
    fragment: BTreeSet<Vec<u8>>,
    roundtrip: BTreeSet<Vec<u8>>,
    tokenizer: BTreeSet<Vec<u8>>,
    differential: BTreeSet<Vec<u8>>,
}

impl Seeds {
    fn by_target(&self) -> [(&'static str, &BTreeSet<Vec<u8>>); 5] {
        [
            ("parse", &self.parse),
            ("fragment", &self.fragment),
            ("roundtrip", &self.roundtrip),
            ("tokenizer", &self.tokenizer),
            ("differential", &self.differential),
        ]
    }

    /// A tree-construction test (html5lib's or a finding), the `i`-th read.
    fn add_dat_case(&mut self, case: &dat::DatCase, i: usize) {
        let target = match case.fragment_context.as_deref() {
            Some(context) => match FragmentContext::parse(context) {
                Some(context) => ParseTarget::Fragment(context),
                // A context litmus cannot read: the input still makes a good seed.
                None => ParseTarget::Document,
            },
            None => ParseTarget::Document,
        };
        let case = FuzzCase {
            target,
            scripting: case.scripting,
            input: case.data.clone(),
        };
        self.add_case(&case, i);
    }

    /// A case, the `i`-th of its source: a seed for every target. A document input
    /// also becomes a fragment seed, in the context `FRAGMENT_CONTEXTS[i % N]`.
    fn add_case(&mut self, case: &FuzzCase, i: usize) {
        self.parse.insert(case.input.as_bytes().to_vec());
        self.roundtrip.insert(case.encode());
        self.differential.insert(case.encode());
        let fragment = match &case.target {
            ParseTarget::Fragment(_) => case.clone(),
            ParseTarget::Document => FuzzCase {
                target: ParseTarget::Fragment(
                    FragmentContext::parse(FRAGMENT_CONTEXTS[i % FRAGMENT_CONTEXTS.len()])
                        .expect("FRAGMENT_CONTEXTS are valid contexts"),
                ),
                scripting: case.scripting,
                input: case.input.clone(),
            },
        };
        self.fragment.insert(fragment.encode());
        let tokenizer = TokenizerInput {
            initial_state: State::Data,
            last_start_tag: None,
            cdata_allowed: false,
            switch_states: true,
            input: case.input.as_bytes().to_vec(),
        };
        self.tokenizer.extend(tokenizer.encode());
    }

    /// An html5lib tokenizer test: a tokenizer seed per initial state, a seed of the
    /// other targets when it starts in the data state.
    fn add_tokenizer_test(&mut self, test: &TokenizerTest) {
        for &state in &test.initial_states {
            let input = TokenizerInput {
                initial_state: state,
                last_start_tag: test.last_start_tag.clone(),
                cdata_allowed: false,
                switch_states: false,
                input: test.input.clone(),
            };
            self.tokenizer.extend(input.encode());
        }
        if test.initial_states.contains(&State::Data) {
            let text = lossy(&test.input);
            self.parse.insert(text.clone().into_bytes());
            let case = FuzzCase {
                target: ParseTarget::Document,
                scripting: None,
                input: text,
            };
            self.roundtrip.insert(case.encode());
            self.differential.insert(case.encode());
        }
    }
}

/// One html5lib tokenizer test, as a seed needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct TokenizerTest {
    /// Generalized UTF-8 (the double-escaped tests hold lone surrogates).
    input: Vec<u8>,
    initial_states: Vec<State>,
    last_start_tag: Option<Vec<u8>>,
}

/// Every test of the `.test` files directly inside `dir` (the `tests` and
/// `xmlViolationTests` lists), in file-name order.
fn read_tokenizer_tests(dir: &Path) -> io::Result<Vec<TokenizerTest>> {
    let mut tests = Vec::new();
    for path in files_with_extension(dir, "test")? {
        let text = read_to_string(&path)?;
        let invalid = |message: String| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: {message}", path.display()),
            )
        };
        let json: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| invalid(e.to_string()))?;
        for list in ["tests", "xmlViolationTests"] {
            let Some(list) = json.get(list).and_then(|l| l.as_array()) else {
                continue;
            };
            for test in list {
                tests
                    .push(tokenizer_test(test).ok_or_else(|| {
                        invalid(format!("a test without a string input: {test}"))
                    })?);
            }
        }
    }
    Ok(tests)
}

fn tokenizer_test(test: &serde_json::Value) -> Option<TokenizerTest> {
    let input = test.get("input")?.as_str()?;
    let double_escaped = test.get("doubleEscaped").and_then(|d| d.as_bool()) == Some(true);
    let input = if double_escaped {
        unescape_double_escaped(input)
    } else {
        input.as_bytes().to_vec()
    };
    let initial_states = match test.get("initialStates").and_then(|s| s.as_array()) {
        Some(states) => states
            .iter()
            .filter_map(|s| State::from_html5lib_name(s.as_str()?))
            .collect(),
        None => vec![State::Data],
    };
    let last_start_tag = test
        .get("lastStartTag")
        .and_then(|t| t.as_str())
        .map(|t| t.as_bytes().to_vec());
    Some(TokenizerTest {
        input,
        initial_states,
        last_start_tag,
    })
}

/// Undoes html5lib's `doubleEscaped`: every `\uXXXX` is a UTF-16 code unit; pairs
/// become one code point, lone surrogates stay (as generalized UTF-8).
fn unescape_double_escaped(text: &str) -> Vec<u8> {
    let mut units: Vec<u16> = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let escape = rest
            .strip_prefix("\\u")
            .and_then(|r| r.get(..4))
            .and_then(|hex| u16::from_str_radix(hex, 16).ok());
        match escape {
            Some(unit) => {
                units.push(unit);
                rest = &rest[6..];
            }
            None => {
                let c = rest.chars().next().expect("rest is not empty");
                let mut buf = [0u16; 2];
                units.extend_from_slice(c.encode_utf16(&mut buf));
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    let mut out = Vec::with_capacity(units.len());
    for unit in char::decode_utf16(units.iter().copied()) {
        let code_point = match unit {
            Ok(c) => c as u32,
            Err(e) => e.unpaired_surrogate() as u32,
        };
        encode_generalized_utf8(code_point, &mut out);
    }
    out
}

/// The files with this extension directly inside `dir`, sorted by name.
fn files_with_extension(dir: &Path, extension: &str) -> io::Result<Vec<PathBuf>> {
    let entries = fs::read_dir(dir)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == extension) && path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

fn read_to_string(path: &Path) -> io::Result<String> {
    litmus_engines::limits::read_text_file(path, litmus_engines::limits::MAX_DATA_FILE_BYTES)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

#[cfg(test)]
mod tests;
