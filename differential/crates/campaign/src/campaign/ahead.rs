//! Answers asked for ahead: how a minimization keeps a browser's page busy.
//!
//! A minimization asks about one candidate at a time, and each question is a parse by
//! both engines. An engine that answers many requests at once ([`Engine::pipelines`]:
//! an external program that speaks protocol 2, such as a browser adapter that parses
//! the requests it has read together in one page evaluation) pays one round trip per
//! question that way. The minimizer announces the candidates it may ask about next
//! ([`litmus_compare::minimize::Minimizer::announcing`]) into an [`Upcoming`] list; an
//! [`AheadEngine`] asked about an announced input parses it together with the
//! announced inputs that follow it, keeps their answers, and hands each out when it
//! is asked for. The questions and their answers are those of one parse at a time
//! (engines are deterministic); only the round trips are fewer. An engine that does
//! not pipeline is asked as before.

use litmus_compare::compare::round_trip_request;
use litmus_compare::compare::tokens::{TokenStart, Tokenizer};
use litmus_engines::case::{ParseRequest, ParseResult};
use litmus_engines::engine::Engine;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// At most this many requests go to the engine together.
pub const AHEAD_BATCH: usize = 32;

/// The first batch of an announcement: a minimization often keeps one of the first
/// candidates it tries, and the rest of a large batch would be parsed for nothing.
/// Each further batch of the same announcement is twice as large, up to
/// [`AHEAD_BATCH`].
pub const FIRST_AHEAD_BATCH: usize = 4;

/// Answers kept before they are dropped unasked (a round the minimizer left early).
const MAX_KEPT: usize = 1024;

/// The inputs a minimization may ask about next, in order: written by the
/// minimizer's announcements, read by the engines.
#[derive(Clone, Debug, Default)]
pub struct Upcoming(Arc<Mutex<Announced>>);

/// The last announcement, and how many announcements came before it.
#[derive(Debug, Default)]
struct Announced {
    list: Vec<String>,
    generation: u64,
}

impl Upcoming {
    /// Replaces the list.
    pub fn set(&self, ahead: &[String]) {
        if let Ok(mut announced) = self.0.lock() {
            announced.list = ahead.to_vec();
            announced.generation += 1;
        }
    }

    /// A listener for [`litmus_compare::minimize::Minimizer::announcing`].
    pub fn listener(&self) -> impl FnMut(&[String]) + '_ {
        move |ahead| self.set(ahead)
    }

    /// The announcement's generation, and `input` with the announced inputs after
    /// it, if `input` was announced; `None` otherwise.
    fn from(&self, input: &str) -> Option<(u64, Vec<String>)> {
        let announced = self.0.lock().ok()?;
        let at = announced.list.iter().position(|c| c == input)?;
        let rest = announced.list[at..].iter().take(AHEAD_BATCH).cloned();
        Some((announced.generation, rest.collect()))
    }
}

/// What a kept answer answers: the input with the request's options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    input: String,
    fragment: Option<String>,
    scripting: bool,
}

impl Key {
    fn of(request: &ParseRequest) -> Key {
        Key {
            input: request.input.clone(),
            fragment: request.fragment.as_ref().map(|c| c.to_string()),
            scripting: request.scripting,
        }
    }
}

/// An engine whose answers to announced inputs are asked for together (see the
/// module's doc).
pub struct AheadEngine<'e> {
    engine: &'e mut dyn Engine,
    upcoming: Upcoming,
    /// Answers parsed ahead and not asked for yet, each with whether it is a tree only.
    kept: HashMap<Key, (bool, ParseResult)>,
    /// Whether each whole answer's serialization is parsed ahead too (the round trip
    /// a minimization of a round-trip divergence asks for next).
    round_trips: bool,
    /// The announcement the last batch came from, and how many batches it gave.
    batches: (u64, u32),
}

impl<'e> AheadEngine<'e> {
    pub fn new(engine: &'e mut dyn Engine, upcoming: &Upcoming) -> AheadEngine<'e> {
        AheadEngine {
            engine,
            upcoming: upcoming.clone(),
            kept: HashMap::new(),
            round_trips: false,
            batches: (0, 0),
        }
    }

    /// The same engine, parsing ahead the round trip of each whole answer it parsed
    /// ahead (`compare::round_trip_request`).
    pub fn with_round_trips(mut self, round_trips: bool) -> AheadEngine<'e> {
        self.round_trips = round_trips;
        self
    }

    /// The answer to `request`: kept from a batch, or from a new batch of it and the
    /// announced inputs after it, or from the engine alone.
    fn answer(&mut self, request: &ParseRequest, tree_only: bool) -> ParseResult {
        let key = Key::of(request);
        if let Some((kept_tree_only, _)) = self.kept.get(&key) {
            if tree_only || !kept_tree_only {
                let (_, answer) = self.kept.remove(&key).expect("found above");
                return answer;
            }
        }
        let batch = if self.engine.pipelines() {
            self.upcoming.from(&request.input)
        } else {
            None
        };
        let batch = batch.map(|(generation, mut inputs)| {
            let made = if self.batches.0 == generation {
                self.batches.1
            } else {
                0
            };
            self.batches = (generation, made + 1);
            inputs.truncate((FIRST_AHEAD_BATCH << made.min(8)).min(AHEAD_BATCH));
            inputs
        });
        let Some(inputs) = batch.filter(|inputs| inputs.len() > 1) else {
            return if tree_only {
                self.engine.parse_tree(request)
            } else {
                self.engine.parse(request)
            };
        };
        let requests: Vec<ParseRequest> = inputs
            .into_iter()
            .enumerate()
            .filter(|(i, input)| {
                *i == 0
                    || !self
                        .kept
                        .contains_key(&Key::of(&request.with_input(input.as_str())))
            })
            .map(|(_, input)| request.with_input(input))
            .collect();
        let mut answers = self.engine.parse_many(&requests, tree_only).into_iter();
        let first = answers.next().unwrap_or_else(|| self.engine.parse(request));
        if self.kept.len() + requests.len() > MAX_KEPT {
            self.kept.clear();
        }
        let mut again = Vec::new();
        let answers: Vec<ParseResult> = std::iter::once(first).chain(answers).collect();
        for (request, answer) in requests.iter().zip(&answers) {
            if let Some(second) =
                round_trip_request(request, answer).filter(|_| self.round_trips && !tree_only)
            {
                again.push(second);
            }
        }
        let mut answers = answers.into_iter();
        let first = answers.next().expect("the first answer");
        for (request, answer) in requests.iter().skip(1).zip(answers) {
            self.kept.insert(Key::of(request), (tree_only, answer));
        }
        again.retain(|r| !self.kept.contains_key(&Key::of(r)));
        again.dedup();
        if !again.is_empty() {
            let seconds = self.engine.parse_many(&again, true);
            for (request, answer) in again.iter().zip(seconds) {
                self.kept.insert(Key::of(request), (true, answer));
            }
        }
        first
    }
}

impl Engine for AheadEngine<'_> {
    fn name(&self) -> &str {
        self.engine.name()
    }

    fn version(&self) -> String {
        self.engine.version()
    }

    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        self.answer(request, false)
    }

    fn parse_tree(&mut self, request: &ParseRequest) -> ParseResult {
        self.answer(request, true)
    }

    fn parse_time(&mut self, request: &ParseRequest) -> Duration {
        self.engine.parse_time(request)
    }

    fn parse_chunks(&mut self, request: &ParseRequest, splits: &[usize]) -> Option<ParseResult> {
        self.engine.parse_chunks(request, splits)
    }

    fn tokens(&mut self, tokenizer: Tokenizer, input: &str, start: &TokenStart) -> ParseResult {
        self.engine.tokens(tokenizer, input, start)
    }

    fn parse_errors(&mut self, request: &ParseRequest) -> Option<ParseResult> {
        self.engine.parse_errors(request)
    }

    fn pipelines(&self) -> bool {
        self.engine.pipelines()
    }

    fn parse_many(&mut self, requests: &[ParseRequest], tree_only: bool) -> Vec<ParseResult> {
        self.engine.parse_many(requests, tree_only)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use litmus_engines::case::EngineOutput;

    /// A pipelining engine that answers with the input and counts its batches.
    struct Counting {
        batches: Vec<usize>,
    }

    impl Engine for Counting {
        fn name(&self) -> &str {
            "counting"
        }
        fn version(&self) -> String {
            "1".to_owned()
        }
        fn parse(&mut self, request: &ParseRequest) -> ParseResult {
            self.parse_many(std::slice::from_ref(request), false)
                .pop()
                .expect("one answer")
        }
        fn pipelines(&self) -> bool {
            true
        }
        fn parse_many(&mut self, requests: &[ParseRequest], _tree_only: bool) -> Vec<ParseResult> {
            self.batches.push(requests.len());
            requests
                .iter()
                .map(|r| {
                    Ok(EngineOutput {
                        tree: format!("| \"{}\"\n", r.input),
                        serialization: None,
                    })
                })
                .collect()
        }
    }

    #[test]
    fn announced_inputs_are_parsed_together_and_answered_in_turn() {
        let upcoming = Upcoming::default();
        let mut counting = Counting {
            batches: Vec::new(),
        };
        let mut engine = AheadEngine::new(&mut counting, &upcoming);
        let request = ParseRequest::document("", true);
        let ahead: Vec<String> = (0..9).map(|i| i.to_string()).collect();
        upcoming.set(&ahead);
        for input in &ahead {
            let answer = engine
                .parse_tree(&request.with_input(input))
                .expect("answered");
            assert_eq!(answer.tree, format!("| \"{input}\"\n"));
        }
        // Not announced: alone.
        let answer = engine.parse(&request.with_input("z")).expect("answered");
        assert_eq!(answer.tree, "| \"z\"\n");
        // Asked for a whole answer where a tree was kept: asked again.
        upcoming.set(&["d".to_owned(), "e".to_owned()]);
        engine
            .parse_tree(&request.with_input("d"))
            .expect("answered");
        engine.parse(&request.with_input("e")).expect("answered");
        // Other options are other requests.
        upcoming.set(&["f".to_owned(), "g".to_owned()]);
        engine.parse(&request.with_input("f")).expect("answered");
        let off = ParseRequest::document("g", false);
        engine.parse(&off).expect("answered");
        drop(engine);
        // Batches of 4, then 8 (of the 5 left).
        assert_eq!(counting.batches, vec![4, 5, 1, 2, 1, 2, 1]);
    }
}
