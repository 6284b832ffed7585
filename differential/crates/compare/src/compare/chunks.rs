//! The chunk level: the same input fed in pieces must give the tree of the whole.
//!
//! An engine that accepts its input in pieces ([`Engine::parse_chunks`]: html5ever
//! through its UTF-8 decoder, the reference through `litmus_parser::ChunkedParser`)
//! is given each case's input cut at *split points* (byte offsets), and its tree is
//! compared with its own tree of the whole input: the engine against itself, so a
//! difference is a chunk-boundary bug of that engine, whatever the reference says.
//!
//! **Split sets.** [`split_sets`] makes at most [`MAX_SPLIT_SETS`] sets per case,
//! deterministically from the input: for an input of at most [`EVERY_BYTE_UP_TO`]
//! bytes, one set that cuts at every byte (one-byte pieces); then one set per kind of
//! [`Place`] the input has, in the order of [`Place`] (inside a UTF-8 sequence,
//! between CR and LF, inside a character reference, `<!DOCTYPE`, a comment,
//! `</script`, a tag name, an attribute value, …), cutting each run of that place
//! once at an offset chosen by a hash of the input (the last set takes every place
//! left when there are more kinds than sets). The places come from a byte scan
//! ([`places`]), not from a tokenizer. The other engine parses every set; the
//! reference, whose tree cannot depend on the split by construction, parses one set,
//! the union of the others.
//!
//! **A divergence** is a set whose tree differs from the whole input's (or whose
//! parse failed where the whole one did not). Its split points are reduced at once
//! ([`reduce`]: one split alone, else dropping splits while the difference stays), and
//! the signature names the engine and the places of the splits left: `chunks |
//! html5ever | split between CR and LF` (and `| panic` where the pieces made the engine
//! fail). It says nothing of the tree, so that one boundary bug is one signature
//! wherever in a document it shows.
//!
//! **Minimization** keeps the signature ([`rerun`]): a candidate input is cut at
//! every offset of the places the divergence's splits are at, then reduced again, so
//! the splits stay meaningful on whatever bytes are kept. The archived case records
//! its split points (the `splits:` field, see `corpus/README.md`).

pub mod places;

pub use places::{places, Place};

use super::divergence::{Detail, Divergence, Side};
use super::level::{label, Archived, BatchEngines, CaseAnswers, Level, LevelRules, Recheck};
use crate::signature::{first_tree_difference, Kind, Part, Signature};
use litmus_engines::case::{ParseRequest, ParseResult};
use litmus_engines::engine::Engine;

/// Inputs up to this many bytes are also fed one byte at a time.
pub const EVERY_BYTE_UP_TO: usize = 64;
/// The most split sets one case gets (so the most chunked parses of the other engine
/// when its trees agree).
pub const MAX_SPLIT_SETS: usize = 8;
/// The most parses [`reduce`] makes trying one split alone.
const SINGLE_TRIES: usize = 64;

/// The split sets of `input` (see the module documentation). Empty for an input too
/// short to cut.
pub fn split_sets(input: &[u8]) -> Vec<Vec<usize>> {
    let n = input.len();
    let mut sets = Vec::new();
    if n < 2 {
        return sets;
    }
    if n <= EVERY_BYTE_UP_TO {
        sets.push((1..n).collect());
    }
    let places = places(input);
    let mut state = fnv(input);
    // One offset per run of each place, the places in their order.
    let mut by_place: Vec<(Place, Vec<usize>)> = Vec::new();
    let mut k = 1;
    while k < n {
        let place = places[k];
        let start = k;
        while k < n && places[k] == place {
            k += 1;
        }
        if place == Place::Text {
            continue;
        }
        state = xorshift(state);
        let at = start + (state % (k - start) as u64) as usize;
        match by_place.iter_mut().find(|(p, _)| *p == place) {
            Some((_, offsets)) => offsets.push(at),
            None => by_place.push((place, vec![at])),
        }
    }
    by_place.sort_by_key(|(place, _)| *place);
    let room = MAX_SPLIT_SETS - sets.len();
    for (i, (_, offsets)) in by_place.into_iter().enumerate() {
        if i < room {
            sets.push(offsets);
        } else if let Some(last) = sets.last_mut() {
            last.extend(offsets);
            last.sort_unstable();
        }
    }
    sets
}

/// Every split point of the sets, once each, in order: the reference's one set.
pub fn union(sets: &[Vec<usize>]) -> Vec<usize> {
    let mut all: Vec<usize> = sets.iter().flatten().copied().collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// Whether a chunked answer differs from the whole input's tree.
fn differs(chunked: &ParseResult, whole: &str) -> bool {
    match chunked {
        Ok(output) => output.tree != whole,
        Err(_) => true,
    }
}

/// The chunk divergence of `engine` on `request`, given its answer for the whole
/// input: the first of `sets` whose pieces give another tree, its splits reduced.
/// `None` when every set agrees, when the whole parse failed (the tree levels report
/// that), or when the engine takes no pieces.
pub fn compare_chunks(
    request: &ParseRequest,
    engine: &mut dyn Engine,
    whole: &ParseResult,
    sets: &[Vec<usize>],
) -> Option<Divergence> {
    let whole_tree = whole.as_ref().ok()?.tree.as_str();
    for set in sets {
        let chunked = engine.parse_chunks(request, set)?;
        if differs(&chunked, whole_tree) {
            let splits = reduce(request, engine, whole_tree, set);
            let chunked = match splits == *set {
                true => chunked,
                false => engine.parse_chunks(request, &splits)?,
            };
            return Some(chunk_divergence(
                request,
                engine.name(),
                whole,
                chunked,
                splits,
            ));
        }
    }
    None
}

/// Fewer split points of `splits` that still make `engine`'s tree differ from
/// `whole`: the first that does alone, else `splits` with every split dropped whose
/// dropping keeps the difference.
pub fn reduce(
    request: &ParseRequest,
    engine: &mut dyn Engine,
    whole: &str,
    splits: &[usize],
) -> Vec<usize> {
    let mut diverges = |set: &[usize]| {
        engine
            .parse_chunks(request, set)
            .is_some_and(|chunked| differs(&chunked, whole))
    };
    if splits.len() > 1 {
        for &at in splits.iter().take(SINGLE_TRIES) {
            if diverges(&[at]) {
                return vec![at];
            }
        }
    }
    let mut kept = splits.to_vec();
    let mut i = kept.len();
    while i > 0 && kept.len() > 1 {
        i -= 1;
        let mut fewer = kept.clone();
        fewer.remove(i);
        if diverges(&fewer) {
            kept = fewer;
        }
    }
    kept
}

/// `chunks | html5ever | split between CR and LF`: the engine and the places of
/// `splits` in `input`, each once, in the order they come; `| panic`-style with the
/// failure's kind when the pieces made the engine fail.
pub fn chunk_signature(
    engine: &str,
    input: &str,
    splits: &[usize],
    chunked: &ParseResult,
) -> Signature {
    let places = format!("split {}", places_of(input, splits).join(", "));
    let mut parts = vec![Part::plain(engine), Part::plain(&places)];
    if let Err(failure) = chunked {
        parts.push(Part::plain(failure.kind()));
    }
    Signature::new(Kind::Level(Level::Chunks), parts)
}

/// The places of `splits` in `input`, in words, each once.
pub fn places_of(input: &str, splits: &[usize]) -> Vec<&'static str> {
    let all = places(input.as_bytes());
    let mut words: Vec<&'static str> = Vec::new();
    for &at in splits {
        let word = all.get(at).copied().unwrap_or(Place::Text).as_str();
        if !words.contains(&word) {
            words.push(word);
        }
    }
    words
}

fn chunk_divergence(
    request: &ParseRequest,
    engine: &str,
    whole: &ParseResult,
    chunked: ParseResult,
    splits: Vec<usize>,
) -> Divergence {
    let first_difference = match (whole, &chunked) {
        (Ok(w), Ok(c)) => first_tree_difference(&w.tree, &c.tree),
        _ => None,
    };
    Divergence {
        level: Level::Chunks,
        request: request.clone(),
        left: Side {
            engine: engine.into(),
            result: whole.clone(),
        },
        signature: chunk_signature(engine, &request.input, &splits, &chunked),
        right: Side {
            engine: engine.into(),
            result: chunked,
        },
        first_difference,
        engine: engine.into(),
        detail: Detail::Splits(splits),
    }
}

/// The minimizer's re-run of a chunk divergence on another input: the engine that
/// showed it parses `input` whole and cut at every offset of the places its splits
/// were at, and the difference (if any) is reduced again.
pub fn rerun(
    divergence: &Divergence,
    input: &str,
    reference: &mut dyn Engine,
    other: &mut dyn Engine,
) -> Option<Divergence> {
    let engine: &mut dyn Engine = if divergence.engine == other.name() {
        other
    } else {
        reference
    };
    let before = places(divergence.request.input.as_bytes());
    let wanted: Vec<Place> = divergence
        .detail
        .splits()
        .iter()
        .filter_map(|&at| before.get(at).copied())
        .collect();
    let now = places(input.as_bytes());
    let splits: Vec<usize> = (1..input.len())
        .filter(|&k| wanted.contains(&now[k]))
        .collect();
    if splits.is_empty() {
        return None;
    }
    let request = divergence.request.with_input(input);
    let whole = engine.parse_tree(&request);
    compare_chunks(&request, engine, &whole, &[splits])
}

/// The input's FNV-1a hash: the seed of the offsets [`split_sets`] chooses.
fn fnv(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash | 1
}

fn xorshift(mut x: u64) -> u64 {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    x
}

impl Level {
    /// One engine's tree of the input fed in pieces against its tree of the whole.
    #[allow(non_upper_case_globals)]
    pub const Chunks: Level = Level::named("chunks");
}

pub struct ChunksLevel;

impl LevelRules for ChunksLevel {
    fn level(&self) -> Level {
        Level::Chunks
    }

    /// Engine workers are not asked for chunked parses.
    fn when_pinned(&self) -> bool {
        false
    }

    /// Each engine's tree of the pieces against its first answer, the whole input's:
    /// one comparison per case of two bytes or more.
    fn compare(&self, batch: &mut [CaseAnswers], engines: &mut dyn BatchEngines) {
        engines.per_case(batch, &mut |case, reference, other| {
            let sets = split_sets(case.request.input.as_bytes());
            if !sets.is_empty() {
                // The reference's tree cannot depend on the split: one set, all the
                // splits at once.
                let all_splits = [union(&sets)];
                let found =
                    compare_chunks(&case.request, reference, &case.left.result, &all_splits);
                case.divergences.extend(found);
                let found = compare_chunks(&case.request, other, &case.right.result, &sets);
                case.divergences.extend(found);
            }
            if case.request.input.len() >= 2 {
                let diverged = case.diverged_at(Level::Chunks) > 0;
                case.count(Level::Chunks, 1, u64::from(!diverged));
            }
        });
    }

    fn rerun(
        &self,
        divergence: &Divergence,
        input: &str,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Vec<Divergence> {
        rerun(divergence, input, reference, other)
            .into_iter()
            .collect()
    }

    /// Its engine (the reference or the other engine) parses the input whole and cut
    /// at the recorded split points.
    fn recheck_archived(
        &self,
        archived: &Archived<'_>,
        reference: &mut dyn Engine,
        other: &mut dyn Engine,
    ) -> Recheck {
        let finding = archived.finding;
        let engine: &mut dyn Engine = if finding.engine == other.name() {
            other
        } else if finding.engine == reference.name() {
            reference
        } else {
            return Recheck::Skipped(format!("found with {}", finding.engine));
        };
        let Some(splits) = finding
            .field("splits")
            .and_then(crate::archive::read_splits)
        else {
            return Recheck::Skipped("a chunk finding without a readable `splits:` field".into());
        };
        let whole = engine.parse_tree(archived.request);
        let found = compare_chunks(archived.request, engine, &whole, &[splits]);
        Recheck::of(found.as_ref(), archived.signature)
    }

    fn blocks(&self, shown: &Divergence, left: &str, right: &str) -> Vec<(String, String)> {
        vec![
            (label(&shown.right, "tree of the pieces"), right.to_owned()),
            (
                label(&shown.left, "tree of the whole input"),
                left.to_owned(),
            ),
        ]
    }

    fn fields(&self, shown: &Divergence) -> Vec<(String, String)> {
        let splits = shown.detail.splits();
        if splits.is_empty() {
            return Vec::new();
        }
        vec![("splits".into(), crate::archive::splits_field(splits))]
    }
}

#[cfg(test)]
mod tests;
