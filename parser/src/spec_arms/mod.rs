//! Spec coverage: which arms of the standard a parse went through.
//!
//! An *arm* is a branch of the parser that the standard names: a case of a tokenizer
//! state ("U+0026 AMPERSAND (&)", "EOF", "Anything else"), a token case of an
//! insertion mode ("A start tag whose tag name is "caption""), a case of the rules for
//! parsing tokens in foreign content, a step or outcome of an algorithm. Each is a
//! variant of [`Arm`], with a stable id (`tokenizer.data.ampersand`), its section's
//! anchor in the standard and the standard's own words, in the tables of
//! `table_tokenizer.rs`, `table_tree.rs` and `table_output.rs`; `docs/spec-arms.md` is rendered from
//! them ([`render_markdown`]).
//!
//! The parser calls `spec_arm` (`arm_hook.rs`) first thing in each arm. Without the cargo feature
//! `spec-coverage` that call is an empty function and the parser is unchanged; with
//! it, the call adds one to the arm's count in a thread-local array. A caller reads
//! (and empties) its thread's counts with [`take_counts`]; a campaign that parses on
//! several threads takes each thread's counts there and adds them up
//! ([`ArmCounts::add`]).
//!
//! An arm taken through a fast path is counted once per run where the fast path
//! stands for it (a run of text is one count of the data state's "Anything else"):
//! counts say which arms are reached and roughly how often, not how many characters
//! went through them.

mod arm;
mod counts;
mod markdown;
mod table_output;
mod table_tokenizer;
mod table_tree;
#[cfg(test)]
mod tests;

pub use arm::{Arm, ARM_COUNT};
#[cfg(feature = "spec-coverage")]
pub(crate) use counts::count;
pub use counts::{enabled, reset_counts, take_counts, ArmCounts};
pub use markdown::render_markdown;

/// The part of the parser an arm belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// A tokenizer state's case. <https://html.spec.whatwg.org/#tokenization>
    Tokenizer,
    /// An insertion mode's token case. <https://html.spec.whatwg.org/#tree-construction>
    InsertionMode,
    /// A case of the rules for parsing tokens in foreign content.
    /// <https://html.spec.whatwg.org/#parsing-main-inforeign>
    ForeignContent,
    /// A step or outcome of a tree construction algorithm (the adoption agency
    /// algorithm, reset the insertion mode appropriately, …).
    Algorithm,
    /// A step of the HTML fragment serialization algorithm or of escaping a string.
    /// <https://html.spec.whatwg.org/#serialising-html-fragments>
    Serializer,
    /// A step of the encoding sniffing algorithm, the prescan, get an attribute or get
    /// an XML encoding. <https://html.spec.whatwg.org/#determining-the-character-encoding>
    Encoding,
}

/// A section of the standard whose arms are counted: a tokenizer state, an insertion
/// mode, an algorithm.
#[derive(Debug)]
pub struct Section {
    /// Which part of the parser.
    pub family: Family,
    /// The section's key, the middle part of its arms' ids (`data`, `in-table`).
    pub key: &'static str,
    /// The section's name in the standard ("data state", ""in table" insertion mode").
    pub name: &'static str,
    /// The section's anchor: `https://html.spec.whatwg.org/#` followed by it.
    pub anchor: &'static str,
    /// Its arms, in the order of the [`Arm`] enum.
    pub arms: &'static [ArmEntry],
}

/// One arm in the tables.
#[derive(Debug)]
pub struct ArmEntry {
    /// The arm's key within its section, the last part of its id (`ampersand`).
    pub key: &'static str,
    /// The standard's own words for the arm ("U+0026 AMPERSAND (&)").
    pub words: &'static str,
    /// Why no input can reach this arm (it needs a script engine: `document.write`,
    /// the script nesting level); such arms are left out of "N of M".
    pub unreachable: Option<&'static str>,
}

/// An arm of the tables (used by the tables themselves).
const fn arm(key: &'static str, words: &'static str) -> ArmEntry {
    ArmEntry {
        key,
        words,
        unreachable: None,
    }
}

/// An arm that no input can reach without a script engine, and why.
const fn unreachable_arm(key: &'static str, words: &'static str, reason: &'static str) -> ArmEntry {
    ArmEntry {
        key,
        words,
        unreachable: Some(reason),
    }
}

/// Every section, tokenizer states first, in the order of the [`Arm`] enum.
pub fn sections() -> impl Iterator<Item = &'static Section> {
    table_tokenizer::TOKENIZER
        .iter()
        .chain(table_tree::TREE_CONSTRUCTION.iter())
        .chain(table_output::SERIALIZER.iter())
        .chain(table_output::ENCODING.iter())
}

/// One arm with its section, as the reports show it.
#[derive(Clone, Copy, Debug)]
pub struct ArmInfo {
    /// The arm's index: `Arm as usize`, the index of its count.
    pub index: usize,
    /// Its section.
    pub section: &'static Section,
    /// Its entry.
    pub entry: &'static ArmEntry,
}

impl ArmInfo {
    /// The arm's stable id: `tokenizer.data.ampersand`, `tree.in-table.start-tag-caption`.
    pub fn id(&self) -> String {
        let family = match self.section.family {
            Family::Tokenizer => "tokenizer",
            Family::InsertionMode | Family::ForeignContent | Family::Algorithm => "tree",
            Family::Serializer => "serializer",
            Family::Encoding => "encoding",
        };
        format!("{family}.{}.{}", self.section.key, self.entry.key)
    }

    /// The address of the arm's section in the standard.
    pub fn url(&self) -> String {
        format!("https://html.spec.whatwg.org/#{}", self.section.anchor)
    }
}

/// The family of an arm's section.
pub fn family(arm: Arm) -> Family {
    static FAMILIES: std::sync::OnceLock<Vec<Family>> = std::sync::OnceLock::new();
    let families = FAMILIES.get_or_init(|| {
        sections()
            .flat_map(|section| section.arms.iter().map(|_| section.family))
            .collect()
    });
    families
        .get(arm as usize)
        .copied()
        .unwrap_or(Family::Algorithm)
}

/// The arm's [`ArmInfo`] (its id, section and words).
pub fn info(arm: Arm) -> ArmInfo {
    static INFOS: std::sync::OnceLock<Vec<ArmInfo>> = std::sync::OnceLock::new();
    let infos = INFOS.get_or_init(|| arms().collect());
    infos[arm as usize]
}

/// The arm's id ([`ArmInfo::id`]), made once for every arm.
pub fn id(arm: Arm) -> &'static str {
    &ids()[arm as usize]
}

/// The id of the arm whose index is `index` (`arm as usize`), if there is one.
pub fn id_at(index: usize) -> Option<&'static str> {
    ids().get(index).map(String::as_str)
}

/// Every arm's id, by index.
fn ids() -> &'static [String] {
    static IDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    IDS.get_or_init(|| arms().map(|a| a.id()).collect())
}

/// The arm whose id is `id` (`tree.in-body.start-tag-a`), if there is one.
pub fn info_by_id(id: &str) -> Option<ArmInfo> {
    static IDS: std::sync::OnceLock<std::collections::HashMap<String, usize>> =
        std::sync::OnceLock::new();
    let ids = IDS.get_or_init(|| arms().map(|a| (a.id(), a.index)).collect());
    ids.get(id).and_then(|&index| arms().nth(index))
}

/// Every arm with its section, in the order of the [`Arm`] enum (index `i` is the
/// arm whose count is `counts[i]`).
pub fn arms() -> impl Iterator<Item = ArmInfo> {
    sections()
        .flat_map(|section| section.arms.iter().map(move |entry| (section, entry)))
        .enumerate()
        .map(|(index, (section, entry))| ArmInfo {
            index,
            section,
            entry,
        })
}
