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

/// Limits on one minimization.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    pub max_steps: usize,
    pub max_time: Duration,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max_steps: 20_000,
            max_time: Duration::from_secs(60),
        }
    }
}

struct Tester<'p> {
    predicate: &'p mut dyn FnMut(&str) -> bool,
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
        if self.steps >= self.budget.max_steps || self.start.elapsed() >= self.budget.max_time {
            self.exhausted = true;
            return false;
        }
        self.steps += 1;
        let keeps = (self.predicate)(candidate);
        self.seen.insert(candidate.to_owned(), keeps);
        keeps
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
                seen: HashMap::new(),
                steps: 0,
                budget,
                start: Instant::now(),
                exhausted: false,
            },
        }
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

/// ddmin over chunks: the smallest sequence of chunks (a subsequence of `chunks`) that
/// the tester keeps, 1-minimal with respect to removing one chunk.
fn ddmin(mut chunks: Vec<String>, tester: &mut Tester<'_>) -> Vec<String> {
    let mut n = 2usize;
    while chunks.len() >= 2 && !tester.exhausted {
        let parts = split_into(chunks.len(), n);
        let mut reduced = false;
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
                let complement: Vec<String> = chunks[..range.start]
                    .iter()
                    .chain(&chunks[range.end..])
                    .cloned()
                    .collect();
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

/// `len` items cut into `n` contiguous ranges of near-equal size.
fn split_into(len: usize, n: usize) -> Vec<std::ops::Range<usize>> {
    let n = n.min(len).max(1);
    (0..n).map(|i| (i * len / n)..((i + 1) * len / n)).collect()
}

/// Simplifying passes, each change kept only if the tester keeps it.
fn simplify(input: &str, tester: &mut Tester<'_>) -> String {
    let mut current = input.to_owned();
    // Shorten each run of ASCII alphanumerics to its first character.
    let mut i = 0;
    while i < current.len() && !tester.exhausted {
        let bytes = current.as_bytes();
        if !bytes[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let end = i + bytes[i..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
        if end - i >= 2 {
            let candidate = format!("{}{}", &current[..i + 1], &current[end..]);
            if tester.keeps(&candidate) {
                current = candidate;
            }
        }
        i += 1;
        while i < current.len() && current.as_bytes()[i].is_ascii_alphanumeric() {
            i += 1;
        }
    }
    // Replace non-ASCII characters by `x`, and lowercase ASCII letters, one at a time.
    let positions: Vec<(usize, char)> = current.char_indices().collect();
    for (at, c) in positions.into_iter().rev() {
        if tester.exhausted {
            break;
        }
        let replacement = if !c.is_ascii() {
            'x'
        } else if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            continue;
        };
        let candidate = format!(
            "{}{}{}",
            &current[..at],
            replacement,
            &current[at + c.len_utf8()..]
        );
        if tester.keeps(&candidate) {
            current = candidate;
        }
    }
    current
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
            max_time: Duration::from_secs(10),
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
}
