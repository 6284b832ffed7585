//! The tag-soup generator: deterministic cases that aim where HTML parsers go wrong.
//!
//! [`Generator::case`] turns a `(seed, index)` pair into a [`GeneratedCase`] — an input,
//! the construct family that dominated it, a fragment context or none, and the
//! scripting flag. The case depends only on the seed, the index, the
//! [`GeneratorConfig`] and the corpus given to [`Generator::with_corpus`]: each case
//! draws from its own ChaCha8 stream (the seed is the key, the index the stream number),
//! so a campaign shards by index (`--shard i/n` takes `i, i+n, …`) and any case
//! replays from its seed and index alone.
//!
//! ```
//! use litmus_campaign::generator::{Generator, GeneratorConfig};
//!
//! let mut config = GeneratorConfig { max_bytes: 1000, ..GeneratorConfig::default() };
//! config.apply_weights("adoption=20,eof=0").unwrap();
//! let generator = Generator::new(config);
//! // Shard 1 of 4: indices 1, 5, 9, …
//! for index in (1..100).step_by(4) {
//!     let case = generator.case(2026, index);
//!     assert!(case.input.len() <= 1000);
//!     assert_eq!(case, generator.case(2026, index)); // replayable
//! }
//! ```
//!
//! # How a case is made
//!
//! 1. With probability [`GeneratorConfig::corpus_share`] (when there is a corpus) the
//!    case mutates a corpus input (family `mutation`, see `mutate.rs`): splice in a
//!    chunk from a family, duplicate, delete or swap spans, flip the case of a tag
//!    name, insert NUL, CR, `<`, `&` and the like, truncate.
//! 2. Otherwise a *primary family* is drawn by weight, and chunks are appended until
//!    the case reaches a target size (drawn between [`GeneratorConfig::min_bytes`] and
//!    [`GeneratorConfig::max_bytes`], skewed towards small): the first chunk and,
//!    after it, a share `1 - mix_share` of chunks come from the primary family, the
//!    rest from families drawn by weight. Families nest content from other families
//!    through `Soup::nested`, at most [`GeneratorConfig::max_depth`] levels deep. A
//!    chunk that would push the case past `max_bytes` is dropped.
//! 3. The `eof` family writes a case with another family and cuts it at an arbitrary
//!    character boundary, mostly just after a character that opens a construct.
//! 4. A share [`GeneratorConfig::fragment_share`] of cases are fragments, with a
//!    context from [`FRAGMENT_CONTEXTS`] (half the time one that suits the family);
//!    scripting is on with probability [`GeneratorConfig::scripting_share`].
//!
//! Cases are valid UTF-8 (they are `String`s) and may hold any code point: NUL, C1
//! controls, noncharacters, lone CRs. No case is longer than `max_bytes`, and none is
//! empty unless `max_bytes` is below 4 (the longest UTF-8 character).
//!
//! # Families
//!
//! | family | weight | stresses |
//! |---|---|---|
//! | `adoption` | 12 | the adoption agency algorithm: formatting elements misnested across blocks, many blocks (inner and outer loop limits), across markers |
//! | `noahs-ark` | 4 | push onto the list of active formatting elements (Noah's Ark: 3+ identical elements), reconstruct the active formatting elements |
//! | `a-nobr` | 4 | in body: `<a>` in `<a>`, `<nobr>` in `<nobr>` |
//! | `foster-parenting` | 10 | in table / in table text: foster parenting of text and elements, `input type=hidden`, forms |
//! | `table-structure` | 8 | in table, in caption, in column group, in table body, in row, in cell; nested tables; `<p><table>` in quirks mode |
//! | `foreign` | 10 | rules for parsing tokens in foreign content: HTML and MathML text integration points, `annotation-xml` encodings, breakout tags, `</p>`, `</br>` |
//! | `foreign-names` | 4 | adjust SVG / MathML / foreign attributes, SVG tag-name case fix-ups |
//! | `cdata` | 3 | markup declaration open: CDATA sections in foreign content, bogus comments in HTML |
//! | `template` | 6 | in template: the stack of template insertion modes, templates nested, in tables, in head; stray end tags |
//! | `select` | 6 | the relaxed select: `button` and `selectedcontent`, options, optgroup, `hr`, what closes a select |
//! | `raw-text` | 8 | RCDATA, RAWTEXT, script data and PLAINTEXT: near-miss end tags, EOF in an end tag |
//! | `script-escapes` | 5 | script data escaped and double escaped states |
//! | `charref` | 8 | character reference states: legacy names, names in attributes before `=` or alphanumerics, numeric references out of range, surrogates, C1, NUL, malformed |
//! | `comment` | 5 | comment states (`<!-->`, `<!--->`, `--!>`, nested `<!--`) and bogus comments (`<!x>`, `</ x>`) |
//! | `doctype` | 5 | DOCTYPE states and the initial insertion mode's quirks and limited-quirks rules; late DOCTYPEs |
//! | `processing-instruction` | 5 | processing instruction states: valid, disallowed (`xml`, `xml-stylesheet`) and invalid targets, PIs in every mode |
//! | `controls` | 5 | preprocessing (CR, CRLF, controls) and U+0000 in every state that treats it specially |
//! | `attributes` | 6 | attribute states: duplicates, quoting, missing values, odd characters in names, attributes merged into `<html>`/`<body>` |
//! | `stray-end-tags` | 5 | end tags nothing opened: `</p>`, `</br>`, `</html>`, `</body>`, end tags with attributes or a solidus |
//! | `document-structure` | 5 | initial through after-after-frameset modes: frameset-ok, text and whitespace in odd modes, elements after `</html>` |
//! | `eof` | 6 | the EOF arm of every tokenizer state and insertion mode |
//!
//! Weights are relative (they sum to 130 by default) and can be changed with
//! [`GeneratorConfig::set_weight`] or [`GeneratorConfig::apply_weights`]
//! (`"adoption=20,eof=0"`); a weight of 0 turns a family off. Each family's function
//! has a doc comment naming the spec algorithms it targets.
//!
//! # Adding a family
//!
//! 1. Write `pub(crate) fn my_family(s: &mut Soup)` in the `families` submodule of its
//!    construct group (or a new one), with a doc comment that names the spec algorithm
//!    it stresses and links its anchor. Use the `Soup` helpers (`open`, `close`, `attr`,
//!    `text`, `one_of`, `nested`, …); bound every loop by a small constant or by
//!    `s.room()`, and only nest through `s.nested()`, so that depth stays bounded.
//! 2. Add a [`Family`] entry to [`FAMILIES`] with its name, default weight, a phrase
//!    for `stresses`, the fragment contexts that suit it, and the arms of the standard
//!    it targets (ids from docs/spec-arms.md; a test built with the feature
//!    `spec-coverage` checks that 400 of its cases pass each). Append it: the table's
//!    order decides which family a weighted draw lands on, so inserting in the middle
//!    changes every existing case of every seed.
//! 3. Add a row to the table above. The unit tests check that every family is
//!    reachable, writes non-empty output and is listed here with its weight.

mod bytes;
mod corpus;
mod eof;
mod families;
mod mutate;
mod soup;
#[cfg(test)]
mod tests;

use std::fmt;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use bytes::{ByteCase, ENCODINGS};
pub use corpus::{
    html5lib_dir, load_divergence_inputs, load_html5lib_inputs, mutation_sources, sources_hash,
    MutationSources,
};

/// The version of the case stream: bumped whenever a change makes any `(seed, index,
/// config, corpus)` give another case than before (a new family, another draw, another
/// mutation). findings.json records it, and `litmus case` refuses to regenerate the
/// cases of a campaign made by another version.
pub const GENERATOR_VERSION: u32 = 2;
pub use families::{Family, FAMILIES, MUTATION};

use families::{Generate, Picker};
use soup::{floor_boundary, Soup};

/// The fragment contexts a fragment case can get: the parser's list. The case stream
/// of this [`GENERATOR_VERSION`] draws from it by index, so its order counts: a test
/// pins it, and a change to the list fails that test until the version follows.
pub use litmus_parser::names::FRAGMENT_CONTEXTS;

/// The most chunks a case is built from (a bound on the work per case).
const MAX_CHUNKS: usize = 64;

/// One generated test case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedCase {
    /// The input to parse.
    pub input: String,
    /// The family that dominated the case (a [`Family::name`], or [`MUTATION`]).
    pub family: &'static str,
    /// The fragment context, html5lib style (`td`, `svg path`), or `None` for a
    /// document.
    pub fragment_context: Option<String>,
    /// The scripting flag.
    pub scripting: bool,
}

/// How the generator chooses. [`Default`] gives the documented defaults.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GeneratorConfig {
    /// The smallest target size of a generated case, in bytes (cases cut by the `eof`
    /// family or mutated from a corpus can be smaller). Default 20.
    pub min_bytes: usize,
    /// No case is longer than this, in bytes. Default 500.
    pub max_bytes: usize,
    /// How deep families may nest each other's content. Default 3.
    pub max_depth: u32,
    /// The share of chunks after the first that come from other families than the
    /// primary one. Default 0.4.
    pub mix_share: f64,
    /// The share of cases that are fragments. Default 0.25.
    pub fragment_share: f64,
    /// The share of cases parsed with scripting on. Default 0.5.
    pub scripting_share: f64,
    /// The share of cases mutated from the corpus, when there is one. Default 0.2.
    pub corpus_share: f64,
    /// The families' weights.
    pub weights: Weights,
}

impl Default for GeneratorConfig {
    fn default() -> Self {
        GeneratorConfig {
            min_bytes: 20,
            max_bytes: 500,
            max_depth: 3,
            mix_share: 0.4,
            fragment_share: 0.25,
            scripting_share: 0.5,
            corpus_share: 0.2,
            weights: Weights::default(),
        }
    }
}

impl GeneratorConfig {
    /// Sets one family's weight (see [`Weights::set`]).
    pub fn set_weight(&mut self, family: &str, weight: u32) -> Result<(), ConfigError> {
        self.weights.set(family, weight)
    }

    /// A family's weight, or `None` for an unknown name.
    pub fn weight(&self, family: &str) -> Option<u32> {
        self.weights.get(family)
    }

    /// Applies overrides written `name=weight,…` (see [`Weights::apply`]).
    pub fn apply_weights(&mut self, spec: &str) -> Result<(), ConfigError> {
        self.weights.apply(spec)
    }

    /// Checks sizes, shares and weights.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.min_bytes == 0 || self.max_bytes < self.min_bytes {
            return Err(ConfigError::BadSizes {
                min_bytes: self.min_bytes,
                max_bytes: self.max_bytes,
            });
        }
        for (name, share) in [
            ("mix_share", self.mix_share),
            ("fragment_share", self.fragment_share),
            ("scripting_share", self.scripting_share),
            ("corpus_share", self.corpus_share),
        ] {
            if !(0.0..=1.0).contains(&share) {
                return Err(ConfigError::BadShare { name, share });
            }
        }
        let writes_soup = FAMILIES
            .iter()
            .zip(&self.weights.0)
            .any(|(f, &w)| w > 0 && matches!(f.generate, Generate::Soup(_)));
        if !writes_soup {
            return Err(ConfigError::NoFamily);
        }
        Ok(())
    }
}

/// One weight per family of [`FAMILIES`]; [`Default`] gives their default weights.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Weights(Vec<u32>);

impl Default for Weights {
    fn default() -> Self {
        Weights(FAMILIES.iter().map(|f| f.default_weight).collect())
    }
}

impl Weights {
    /// Sets one family's weight; 0 turns it off.
    pub fn set(&mut self, family: &str, weight: u32) -> Result<(), ConfigError> {
        let i =
            family_index(family).ok_or_else(|| ConfigError::UnknownFamily(family.to_owned()))?;
        self.0[i] = weight;
        Ok(())
    }

    /// A family's weight, or `None` for an unknown name.
    pub fn get(&self, family: &str) -> Option<u32> {
        family_index(family).map(|i| self.0[i])
    }

    /// The weights in table order.
    pub fn values(&self) -> &[u32] {
        &self.0
    }

    /// Weights from their values in table order; `None` unless there is one per
    /// family.
    pub fn from_values(values: Vec<u32>) -> Option<Weights> {
        (values.len() == FAMILIES.len()).then_some(Weights(values))
    }

    /// `name=weight,…` for every family, as [`Weights::apply`] reads it.
    pub fn to_spec(&self) -> String {
        self.iter()
            .map(|(name, weight)| format!("{name}={weight}"))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Every family's name and weight, in table order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, u32)> + '_ {
        FAMILIES.iter().map(|f| f.name).zip(self.0.iter().copied())
    }

    /// Applies overrides written `name=weight,name=weight` (spaces allowed), as a
    /// command line would give them.
    pub fn apply(&mut self, spec: &str) -> Result<(), ConfigError> {
        for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (name, weight) = item
                .split_once('=')
                .ok_or_else(|| ConfigError::BadWeight(item.to_owned()))?;
            let weight = weight
                .trim()
                .parse()
                .map_err(|_| ConfigError::BadWeight(item.to_owned()))?;
            self.set(name.trim(), weight)?;
        }
        Ok(())
    }
}

fn family_index(name: &str) -> Option<usize> {
    FAMILIES.iter().position(|f| f.name == name)
}

/// A configuration the generator cannot work with.
#[derive(Clone, Debug, PartialEq)]
pub enum ConfigError {
    UnknownFamily(String),
    BadWeight(String),
    BadSizes {
        min_bytes: usize,
        max_bytes: usize,
    },
    BadShare {
        name: &'static str,
        share: f64,
    },
    /// Every family that writes soup has weight 0.
    NoFamily,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::UnknownFamily(name) => {
                let names: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
                write!(
                    f,
                    "unknown family {name:?} (families: {})",
                    names.join(", ")
                )
            }
            ConfigError::BadWeight(item) => write!(f, "bad weight {item:?}: expected name=number"),
            ConfigError::BadSizes {
                min_bytes,
                max_bytes,
            } => write!(
                f,
                "bad sizes: min {min_bytes}, max {max_bytes} (need 0 < min <= max)"
            ),
            ConfigError::BadShare { name, share } => {
                write!(f, "{name} is {share}, not between 0 and 1")
            }
            ConfigError::NoFamily => f.write_str("every family that writes tag soup has weight 0"),
        }
    }
}

impl std::error::Error for ConfigError {}

/// The generator: a validated configuration and an optional corpus to mutate.
pub struct Generator {
    config: GeneratorConfig,
    picker: Picker,
    corpus: Vec<String>,
}

impl Generator {
    /// A generator without a corpus. Panics on a configuration that
    /// [`GeneratorConfig::validate`] rejects; see [`Generator::try_new`].
    pub fn new(config: GeneratorConfig) -> Generator {
        match Generator::try_new(config) {
            Ok(generator) => generator,
            Err(e) => panic!("invalid generator configuration: {e}"),
        }
    }

    pub fn try_new(config: GeneratorConfig) -> Result<Generator, ConfigError> {
        config.validate()?;
        Ok(Generator {
            picker: Picker::new(&config.weights.0),
            config,
            corpus: Vec::new(),
        })
    }

    /// Lets a share ([`GeneratorConfig::corpus_share`]) of cases mutate one of
    /// `inputs` (see [`load_html5lib_inputs`], [`load_divergence_inputs`]). The order
    /// of `inputs` is part of what a case depends on.
    pub fn with_corpus(mut self, inputs: Vec<String>) -> Generator {
        self.corpus = inputs;
        self
    }

    /// This generator with other family weights, its corpus kept: a campaign that
    /// steers towards cold arms changes the weights between epochs
    /// (`campaign::steering`).
    pub fn with_weights(&self, weights: Weights) -> Result<Generator, ConfigError> {
        let config = GeneratorConfig {
            weights,
            ..self.config.clone()
        };
        Ok(Generator::try_new(config)?.with_corpus(self.corpus.clone()))
    }

    pub fn config(&self) -> &GeneratorConfig {
        &self.config
    }

    pub fn corpus_len(&self) -> usize {
        self.corpus.len()
    }

    /// Every name [`GeneratedCase::family`] can take.
    pub fn family_names() -> impl Iterator<Item = &'static str> {
        FAMILIES.iter().map(|f| f.name).chain([MUTATION])
    }

    /// The case for `(seed, index)`.
    pub fn case(&self, seed: u64, index: u64) -> GeneratedCase {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(index);
        let config = &self.config;
        let mut soup = Soup::new(rng, &self.picker, config.max_depth, 0);
        let target = target_size(&mut soup, config);
        soup.set_target(target);

        let (family, contexts): (&'static str, &'static [&'static str]) =
            if !self.corpus.is_empty() && soup.chance(config.corpus_share) {
                let input = &self.corpus[soup.below(self.corpus.len())];
                mutate::mutate(&mut soup, input, config.max_bytes);
                (MUTATION, &[])
            } else {
                let primary = &FAMILIES[self.picker.primary(&mut soup)];
                match primary.generate {
                    Generate::Soup(generate) => fill(&mut soup, generate, config),
                    Generate::CutAtEof => {
                        if let Some(inner) = self.picker.nested(&mut soup) {
                            fill(&mut soup, inner, config);
                        }
                        eof::cut_at_eof(&mut soup);
                    }
                }
                (primary.name, primary.contexts)
            };

        let fragment_context = if soup.chance(config.fragment_share) {
            let context = if !contexts.is_empty() && soup.chance(0.5) {
                soup.pick(contexts)
            } else {
                soup.pick(FRAGMENT_CONTEXTS)
            };
            Some(context.to_owned())
        } else {
            None
        };
        let scripting = soup.chance(config.scripting_share);
        GeneratedCase {
            input: soup.out,
            family,
            fragment_context,
            scripting,
        }
    }
}

impl Generator {
    /// The byte case for `(seed, index)`: the document of [`Generator::case`] for the
    /// same pair, written as bytes (see `bytes.rs`). Deterministic like the text case;
    /// the bytes are drawn from a stream of their own.
    pub fn byte_case(&self, seed: u64, index: u64) -> (GeneratedCase, ByteCase) {
        let mut case = self.case(seed, index);
        case.fragment_context = None;
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6279_7465_7300_0000);
        rng.set_stream(index);
        let mut soup = Soup::new(rng, &self.picker, self.config.max_depth, 0);
        let bytes = bytes::byte_case(&mut soup, &case.input);
        (case, bytes)
    }
}

/// A target size between `min_bytes` and `max_bytes`, skewed towards small (the
/// square of a uniform draw), so that most cases are short and minimize fast.
fn target_size(soup: &mut Soup, config: &GeneratorConfig) -> usize {
    let u = soup.unit();
    let span = (config.max_bytes - config.min_bytes) as f64;
    config.min_bytes + (span * u * u) as usize
}

/// Appends chunks until the target size: the first from `primary`, then a mix.
fn fill(soup: &mut Soup, primary: fn(&mut Soup), config: &GeneratorConfig) {
    let max = config.max_bytes;
    let mut chunks = 0;
    while soup.room() && chunks < MAX_CHUNKS {
        chunks += 1;
        let before = soup.out.len();
        let generate = if chunks == 1 || !soup.chance(config.mix_share) {
            primary
        } else {
            let picker = soup.picker();
            picker.nested(soup).unwrap_or(primary)
        };
        generate(soup);
        if soup.out.len() > max && before > 0 {
            soup.out.truncate(before);
        }
    }
    if soup.out.len() > max {
        let at = floor_boundary(&soup.out, max);
        soup.out.truncate(at);
    }
}
