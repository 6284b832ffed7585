//! Minimization: the smallest input that keeps a finding's signature.
//!
//! Delta debugging (Zeller and Hildebrandt's ddmin) in three stages, every candidate
//! kept only when the caller's predicate says it still shows the same finding (the
//! same signature):
//!
//! 1. over the reference tokenizer's tokens (each token's source span is a chunk), so
//!    whole tags, comments and text runs go first: the shortest prefix of tokens that
//!    keeps (by bisection), then ddmin over its tokens;
//! 2. over characters;
//! 3. simplifying passes: shorten runs of letters and digits to their first character,
//!    replace non-ASCII characters by `x`, lowercase ASCII letters.
//!
//! Stages 2 and 3 repeat until nothing changes, so the result is 1-minimal at character
//! level: removing any single character loses the signature (unless a step budget ran
//! out first, which the stats say).
//!
//! **Looking ahead.** Each stage knows the candidates it may ask about next, in the
//! order it would ask: a ddmin round's subsets and complements, the next levels of a
//! bisection, a simplifying pass's changes if none were kept. A caller whose engine
//! answers many requests at once (a browser, [`Minimizer::announcing`]) is told them
//! before the first is asked, and may have them all parsed together; the questions
//! themselves, their order and so the result are those of the plain minimization.

use litmus_parser::tokenizer::{SinkResult, Token, TokenSink, Tokenizer, TokenizerOptions};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// What a minimization did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinimizeStats {
    pub original_bytes: usize,
    pub final_bytes: usize,
    /// Predicate evaluations.
    pub steps: usize,
    pub millis: u64,
    /// Whether the step or time budget ended it before a fixpoint.
    pub budget_exhausted: bool,
}

impl MinimizeStats {
    /// This minimization followed by `next`, which started where it ended.
    pub fn then(self, next: MinimizeStats) -> MinimizeStats {
        MinimizeStats {
            original_bytes: self.original_bytes,
            final_bytes: next.final_bytes,
            steps: self.steps + next.steps,
            millis: self.millis + next.millis,
            budget_exhausted: self.budget_exhausted || next.budget_exhausted,
        }
    }
}

impl std::fmt::Display for MinimizeStats {
    /// `212 -> 7 bytes, 153 steps, 35 ms`, and ` (budget exhausted)` when it was.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} -> {} bytes, {} steps, {} ms",
            self.original_bytes, self.final_bytes, self.steps, self.millis
        )?;
        if self.budget_exhausted {
            f.write_str(" (budget exhausted)")?;
        }
        Ok(())
    }
}

/// Limits on one minimization: a number of steps (predicate evaluations), and
/// optionally a time.
///
/// A step budget cuts every run of the same minimization at the same question, so
/// its result follows from its input alone; a time limit cuts it wherever the
/// machine's load puts it. So a campaign's minimizations are bounded in steps
/// ([`Budget::default`]); only those whose steps cost a timeout or a worker restart (a
/// hang's, a crash's) and the speed level's (whose test is a timing) also get a time
/// limit, and those findings depend on the machine anyway.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    pub max_steps: usize,
    /// `None`: no time limit, the steps alone bound it.
    pub max_time: Option<Duration>,
}

impl Default for Budget {
    /// 20,000 steps, no time limit.
    fn default() -> Self {
        Budget {
            max_steps: 20_000,
            max_time: None,
        }
    }
}

impl Budget {
    /// This budget with a time limit of at most `limit`.
    pub fn within(self, limit: Duration) -> Budget {
        Budget {
            max_time: Some(self.max_time.map_or(limit, |time| time.min(limit))),
            ..self
        }
    }
}

/// At most this many candidates are announced at once.
pub const MAX_ANNOUNCED: usize = 256;

/// What is told the candidates a minimization may ask about next, in order.
pub type Listener<'p> = &'p mut dyn FnMut(&[String]);

struct Tester<'p> {
    predicate: &'p mut dyn FnMut(&str) -> bool,
    /// Told the candidates that may be asked about next ([`Minimizer::announcing`]).
    announce: Option<Listener<'p>>,
    /// Candidates already asked about: ddmin and the repeated stages ask some again.
    seen: HashMap<String, bool>,
    steps: usize,
    budget: Budget,
    start: Instant,
    exhausted: bool,
}

impl Tester<'_> {
    fn keeps(&mut self, candidate: &str) -> bool {
        if let Some(&known) = self.seen.get(candidate) {
            return known;
        }
        let out_of_time = self
            .budget
            .max_time
            .is_some_and(|limit| self.start.elapsed() >= limit);
        if self.steps >= self.budget.max_steps || out_of_time {
            self.exhausted = true;
            return false;
        }
        self.steps += 1;
        let keeps = (self.predicate)(candidate);
        self.seen.insert(candidate.to_owned(), keeps);
        keeps
    }

    /// Announces the candidates the next questions may be about, in the order they
    /// would be asked (those already answered left out); nothing without a listener.
    fn ahead(&mut self, candidates: impl IntoIterator<Item = String>) {
        let Some(announce) = self.announce.as_mut() else {
            return;
        };
        if self.exhausted {
            return;
        }
        let fresh: Vec<String> = candidates
            .into_iter()
            .filter(|c| !self.seen.contains_key(c))
            .take(MAX_ANNOUNCED)
            .collect();
        if !fresh.is_empty() {
            announce(&fresh);
        }
    }

    fn announces(&self) -> bool {
        self.announce.is_some()
    }
}

/// A minimization in stages, for callers that stop after the first one (the
/// campaign classifies a divergence by its token-minimal input and minimizes
/// further only the few it archives).
pub struct Minimizer<'p> {
    tester: Tester<'p>,
}

impl<'p> Minimizer<'p> {
    /// A minimization whose predicate is `keeps` (assumed true of the input).
    pub fn new(budget: Budget, keeps: &'p mut dyn FnMut(&str) -> bool) -> Minimizer<'p> {
        Minimizer {
            tester: Tester {
                predicate: keeps,
                announce: None,
                seen: HashMap::new(),
                steps: 0,
                budget,
                start: Instant::now(),
                exhausted: false,
            },
        }
    }

    /// The same minimization, telling `announce` ahead of time which candidates it may
    /// ask about next (see the module's doc); the questions asked do not change.
    pub fn announcing(mut self, announce: Listener<'p>) -> Minimizer<'p> {
        self.tester.announce = Some(announce);
        self
    }

    /// Stage 1: the shortest prefix of whole tokens that keeps (found by bisection:
    /// what follows a divergence rarely matters), then ddmin over its tokens.
    pub fn tokens(&mut self, input: &str) -> String {
        let chunks = token_chunks(input);
        let chunks = shortest_prefix(chunks, &mut self.tester);
        ddmin(chunks, &mut self.tester).concat()
    }

    /// Stages 2 and 3 until a fixpoint: ddmin over characters, then the simplifying
    /// passes.
    pub fn characters(&mut self, input: &str) -> String {
        let mut current = input.to_owned();
        loop {
            let before = current.clone();
            let chars: Vec<String> = current.chars().map(String::from).collect();
            current = ddmin(chars, &mut self.tester).concat();
            current = simplify(&current, &mut self.tester);
            if current == before || self.tester.exhausted {
                break;
            }
        }
        current
    }

    /// What the minimization did, from `original` to `result`.
    pub fn stats(&self, original: &str, result: &str) -> MinimizeStats {
        MinimizeStats {
            original_bytes: original.len(),
            final_bytes: result.len(),
            steps: self.tester.steps,
            millis: u64::try_from(self.tester.start.elapsed().as_millis()).unwrap_or(u64::MAX),
            budget_exhausted: self.tester.exhausted,
        }
    }
}

/// Minimizes `input` while `keeps` holds. `keeps(input)` is assumed true.
pub fn minimize(
    input: &str,
    budget: Budget,
    keeps: &mut dyn FnMut(&str) -> bool,
) -> (String, MinimizeStats) {
    let mut minimizer = Minimizer::new(budget, keeps);
    let tokens = minimizer.tokens(input);
    let result = minimizer.characters(&tokens);
    let stats = minimizer.stats(input, &result);
    (result, stats)
}

/// The shortest prefix of `chunks` that the tester keeps, by bisection over the
/// number of chunks (the whole is assumed kept; a predicate that is not monotonic
/// still gets a prefix it keeps).
fn shortest_prefix(chunks: Vec<String>, tester: &mut Tester<'_>) -> Vec<String> {
    // Invariant: a prefix of `high` chunks keeps; no prefix of `low` or fewer was
    // found to.
    let (mut low, mut high) = (0usize, chunks.len());
    while high - low > 1 && !tester.exhausted {
        let middle = low + (high - low) / 2;
        if tester.announces() {
            let ahead = bisection_ahead(low, high, BISECTION_AHEAD);
            tester.ahead(ahead.into_iter().map(|m| chunks[..m].concat()));
        }
        if tester.keeps(&chunks[..middle].concat()) {
            high = middle;
        } else {
            low = middle;
        }
    }
    let mut chunks = chunks;
    chunks.truncate(high);
    chunks
}

/// How many levels of a bisection are announced at once (2^3 - 1 = 7 prefixes).
const BISECTION_AHEAD: u32 = 3;

/// The middles a bisection of `(low, high)` may test in its next `levels` steps,
/// breadth first: the middle, then the middles of both halves, and so on.
fn bisection_ahead(low: usize, high: usize, levels: u32) -> Vec<usize> {
    let mut ahead = Vec::new();
    let mut ranges = vec![(low, high)];
    for _ in 0..levels {
        let mut next = Vec::new();
        for (low, high) in ranges {
            if high - low <= 1 {
                continue;
            }
            let middle = low + (high - low) / 2;
            ahead.push(middle);
            // Kept: the prefix of `middle` is the new high; not kept: the new low.
            next.push((low, middle));
            next.push((middle, high));
        }
        ranges = next;
    }
    ahead
}

/// ddmin over chunks: the smallest sequence of chunks (a subsequence of `chunks`) that
/// the tester keeps, 1-minimal with respect to removing one chunk.
fn ddmin(mut chunks: Vec<String>, tester: &mut Tester<'_>) -> Vec<String> {
    let mut n = 2usize;
    while chunks.len() >= 2 && !tester.exhausted {
        let parts = split_into(chunks.len(), n);
        let mut reduced = false;
        if tester.announces() {
            let subsets = parts.iter().map(|range| chunks[range.clone()].concat());
            let complements = parts
                .iter()
                .filter(|_| n > 2)
                .map(|range| complement(&chunks, range).concat());
            tester.ahead(subsets.chain(complements));
        }
        // Reduce to a subset.
        for range in &parts {
            let subset = &chunks[range.clone()];
            if tester.keeps(&subset.concat()) {
                chunks = subset.to_vec();
                n = 2;
                reduced = true;
                break;
            }
        }
        // Reduce to a complement.
        if !reduced && n > 2 {
            for range in &parts {
                let complement = complement(&chunks, range);
                if tester.keeps(&complement.concat()) {
                    chunks = complement;
                    n = (n - 1).max(2);
                    reduced = true;
                    break;
                }
            }
        }
        if !reduced {
            if n >= chunks.len() {
                break;
            }
            n = (2 * n).min(chunks.len());
        }
    }
    if chunks.len() == 1 && !tester.exhausted && tester.keeps("") {
        chunks.clear();
    }
    chunks
}

/// `chunks` without those of `range`.
fn complement(chunks: &[String], range: &std::ops::Range<usize>) -> Vec<String> {
    chunks[..range.start]
        .iter()
        .chain(&chunks[range.end..])
        .cloned()
        .collect()
}

/// `len` items cut into `n` contiguous ranges of near-equal size.
fn split_into(len: usize, n: usize) -> Vec<std::ops::Range<usize>> {
    let n = n.min(len).max(1);
    (0..n).map(|i| (i * len / n)..((i + 1) * len / n)).collect()
}

/// Simplifying passes, each change kept only if the tester keeps it.
fn simplify(input: &str, tester: &mut Tester<'_>) -> String {
    let mut current = input.to_owned();
    // Shorten each run of ASCII alphanumerics to its first character. The changes
    // still to try are announced whenever `current` changes (and at the start).
    let mut i = 0;
    let mut announced = false;
    while i < current.len() && !tester.exhausted {
        let Some((start, end)) = runs_from(&current, i).next() else {
            break;
        };
        if !announced && tester.announces() {
            let ahead: Vec<String> = runs_from(&current, start)
                .map(|(s, e)| shortened(&current, s, e))
                .collect();
            tester.ahead(ahead);
            announced = true;
        }
        let candidate = shortened(&current, start, end);
        if tester.keeps(&candidate) {
            current = candidate;
            announced = false;
        }
        i = start + 1;
        while i < current.len() && current.as_bytes()[i].is_ascii_alphanumeric() {
            i += 1;
        }
    }
    // Replace non-ASCII characters by `x`, and lowercase ASCII letters, one at a time,
    // from the end (so that the positions before stay where they are).
    let positions: Vec<(usize, char)> = current.char_indices().collect();
    let mut announced = false;
    for (k, &(at, c)) in positions.iter().enumerate().rev() {
        if tester.exhausted {
            break;
        }
        let Some(candidate) = replaced(&current, at, c) else {
            continue;
        };
        if !announced && tester.announces() {
            let ahead: Vec<String> = positions[..=k]
                .iter()
                .rev()
                .filter_map(|&(at, c)| replaced(&current, at, c))
                .collect();
            tester.ahead(ahead);
            announced = true;
        }
        if tester.keeps(&candidate) {
            current = candidate;
            announced = false;
        }
    }
    current
}

/// The runs of two or more ASCII alphanumerics of `current` from byte `from` on, as
/// `(start, end)`, each from where the one before ends.
fn runs_from(current: &str, from: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
    let bytes = current.as_bytes();
    let mut i = from;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            if !bytes[i].is_ascii_alphanumeric() {
                i += 1;
                continue;
            }
            let start = i;
            let end = i + bytes[i..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric())
                .count();
            i = end;
            if end - start >= 2 {
                return Some((start, end));
            }
        }
        None
    })
}

/// `current` with the run `start..end` cut to its first character.
fn shortened(current: &str, start: usize, end: usize) -> String {
    format!("{}{}", &current[..start + 1], &current[end..])
}

/// `current` with the character `c` at `at` replaced: `x` for a non-ASCII
/// character, the lowercase letter for an uppercase one; `None` for others.
fn replaced(current: &str, at: usize, c: char) -> Option<String> {
    let replacement = if !c.is_ascii() {
        'x'
    } else if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        return None;
    };
    Some(format!(
        "{}{}{}",
        &current[..at],
        replacement,
        &current[at + c.len_utf8()..]
    ))
}

/// The input cut at the reference tokenizer's token boundaries. An input with a CR
/// (whose preprocessing shifts offsets) is cut lexically before each `<` and after
/// each `>` instead.
pub fn token_chunks(input: &str) -> Vec<String> {
    let mut boundaries = if input.contains('\r') {
        lexical_boundaries(input)
    } else {
        token_boundaries(input)
    };
    boundaries.retain(|&b| b > 0 && b < input.len() && input.is_char_boundary(b));
    boundaries.sort_unstable();
    boundaries.dedup();
    let mut chunks = Vec::with_capacity(boundaries.len() + 1);
    let mut start = 0;
    for b in boundaries {
        chunks.push(input[start..b].to_owned());
        start = b;
    }
    chunks.push(input[start..].to_owned());
    chunks.retain(|c| !c.is_empty());
    chunks
}

struct OffsetRecorder {
    offsets: Vec<usize>,
}

impl TokenSink for OffsetRecorder {
    fn process_token(&mut self, _token: Token<'_>, offset: usize) -> SinkResult {
        self.offsets.push(offset);
        SinkResult::CONTINUE
    }
}

fn token_boundaries(input: &str) -> Vec<usize> {
    let mut recorder = OffsetRecorder {
        offsets: Vec::new(),
    };
    let mut tokenizer = Tokenizer::new(input.as_bytes(), TokenizerOptions::default());
    let _ = tokenizer.run(&mut recorder);
    let mut boundaries = recorder.offsets;
    boundaries.extend(lexical_boundaries(input));
    boundaries
}

fn lexical_boundaries(input: &str) -> Vec<usize> {
    input
        .char_indices()
        .flat_map(|(i, c)| match c {
            '<' => Some(i),
            '>' => Some(i + 1),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str, mut keeps: impl FnMut(&str) -> bool) -> (String, MinimizeStats) {
        minimize(input, Budget::default(), &mut keeps)
    }

    #[test]
    fn finds_the_smallest_input_with_a_substring() {
        let input = "<html><body><p class=x>hello <b>world</b><?pi data?> and more text</p>";
        let (out, stats) = run(input, |s| s.contains("<?p"));
        assert_eq!(out, "<?p");
        assert_eq!(stats.original_bytes, input.len());
        assert_eq!(stats.final_bytes, 3);
        assert!(stats.steps > 0 && !stats.budget_exhausted);
    }

    #[test]
    fn result_is_one_minimal_for_a_non_monotonic_predicate() {
        // Keeps when there are at least two `<` and the count of `b` is odd.
        let keeps = |s: &str| s.matches('<').count() >= 2 && s.matches('b').count() % 2 == 1;
        let (out, _) = run("<a><b><c>bb</c></b></a>", keeps);
        assert!(keeps(&out));
        for (i, c) in out.char_indices() {
            let smaller = format!("{}{}", &out[..i], &out[i + c.len_utf8()..]);
            assert!(!keeps(&smaller), "removing {c:?} from {out:?} still keeps");
        }
    }

    #[test]
    fn simplifies_names_and_characters() {
        let keeps = |s: &str| {
            s.to_ascii_lowercase().starts_with("<d") && s.contains('>') && s.chars().count() >= 4
        };
        let (out, _) = run("<DIV>\u{e9}</DIV>", keeps);
        assert_eq!(out.chars().count(), 4, "{out:?}");
        assert!(out.is_ascii() && out == out.to_ascii_lowercase(), "{out:?}");
    }

    #[test]
    fn the_budget_stops_it() {
        let budget = Budget {
            max_steps: 5,
            max_time: Some(Duration::from_secs(10)),
        };
        let (out, stats) = minimize(&"x".repeat(1000), budget, &mut |s: &str| s.len() > 10);
        assert!(stats.budget_exhausted);
        assert_eq!(stats.steps, 5);
        assert!(out.len() > 10);
    }

    #[test]
    fn token_chunks_cover_the_input() {
        let input = "a<b c=d>e&amp;f<!--g--></b>\r\n<p>";
        assert_eq!(token_chunks(input).concat(), input);
        assert!(token_chunks(input).len() >= 5);
        assert!(token_chunks("").is_empty());
    }

    /// Runs a minimization of `input` with `keeps`, announcing or not; the questions
    /// asked in order, the announcements, and the result.
    fn questions(
        input: &str,
        keeps: &dyn Fn(&str) -> bool,
        announcing: bool,
    ) -> (Vec<String>, Vec<Vec<String>>, String) {
        let mut asked = Vec::new();
        let mut announced = Vec::new();
        let mut predicate = |c: &str| {
            asked.push(c.to_owned());
            keeps(c)
        };
        let mut listener = |ahead: &[String]| announced.push(ahead.to_vec());
        let mut minimizer = Minimizer::new(Budget::default(), &mut predicate);
        if announcing {
            minimizer = minimizer.announcing(&mut listener);
        }
        let tokens = minimizer.tokens(input);
        let result = minimizer.characters(&tokens);
        drop(minimizer);
        (asked, announced, result)
    }

    #[test]
    fn announcing_changes_no_question_and_foretells_most() {
        type Keeps<'a> = &'a dyn Fn(&str) -> bool;
        let cases: [(&str, Keeps<'_>); 4] = [
            (
                "<html><body><p class=x>hello <b>world</b><?pi data?> and more text</p>",
                &|s: &str| s.contains("<?p"),
            ),
            ("<a><b><c>bb</c></b></a>", &|s: &str| {
                s.matches('<').count() >= 2 && s.matches('b').count() % 2 == 1
            }),
            ("<DIV>\u{e9}</DIV>ABC def", &|s: &str| {
                s.to_ascii_lowercase().starts_with("<d")
                    && s.contains('>')
                    && s.chars().count() >= 4
            }),
            (
                "<Table><TR><td>Some Text</td><td>\u{e9}\u{e8}</td></TR></Table>",
                &|s: &str| s.to_ascii_lowercase().contains("<tr") && !s.is_ascii(),
            ),
        ];
        for (input, keeps) in cases {
            let (plain, none, plain_result) = questions(input, keeps, false);
            let (asked, announced, result) = questions(input, keeps, true);
            assert!(none.is_empty());
            assert_eq!(asked, plain, "{input:?}: the questions changed");
            assert_eq!(result, plain_result);
            // Every question but the very first comes after an announcement that
            // named it, and announcements name only what was not asked yet.
            let foretold = asked
                .iter()
                .filter(|q| announced.iter().any(|a| a.contains(q)))
                .count();
            assert!(
                foretold * 10 >= asked.len() * 9,
                "{input:?}: {foretold} of {} questions announced",
                asked.len()
            );
        }
    }

    #[test]
    fn bisection_ahead_lists_the_middles_breadth_first() {
        assert_eq!(bisection_ahead(0, 16, 3), vec![8, 4, 12, 2, 6, 10, 14]);
        assert_eq!(bisection_ahead(0, 2, 3), vec![1]);
        assert!(bisection_ahead(3, 4, 3).is_empty());
    }
}
