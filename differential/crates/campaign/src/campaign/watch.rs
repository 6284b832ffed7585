//! What a case worker's two threads share while a batch runs: the [`Watch`] (the
//! parse running, since when and its limit, and the batch's results so far), through
//! which the main thread reports a hang, and the [`WatchedEngine`]s the engine thread
//! parses with, each parse timed and its panics caught.

use super::protocol::{BatchPart, FromCaseWorker};
use litmus_compare::compare::level::{BatchEngines, Which};
use litmus_compare::compare::tokens::{TokenStart, Tokenizer};
use litmus_engines::case::{within_output_limit, ParseRequest, ParseResult};
use litmus_engines::engine::Engine;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How a case worker's main thread sees its engine thread: the parse running now and
/// since when, and the results of the batch so far. Shared by the two threads.
#[derive(Clone, Default)]
pub struct Watch {
    inner: Arc<Mutex<WatchState>>,
}

#[derive(Default)]
struct WatchState {
    /// The batch or minimization running, by message id.
    batch: Option<u64>,
    job: Option<u64>,
    /// The parse running: its case (for a batch), engine, start and limit.
    parse: Option<(Option<u64>, Arc<str>, Instant, Duration)>,
    /// The results accumulated since they were last sent.
    part: BatchPart,
}

/// A parse past its limit, as the main thread reports it.
pub struct Overdue {
    /// The batch it belonged to, whose results so far are to be sent first.
    pub batch: Option<u64>,
    pub message: FromCaseWorker,
}

impl Watch {
    fn lock(&self) -> MutexGuard<'_, WatchState> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn begin_batch(&self, id: u64) {
        self.lock().batch = Some(id);
    }

    pub fn end_batch(&self) {
        self.lock().batch = None;
    }

    pub fn begin_job(&self, id: u64) {
        self.lock().job = Some(id);
    }

    pub fn end_job(&self) {
        self.lock().job = None;
    }

    /// The batch running, if one is.
    pub fn batch_running(&self) -> Option<u64> {
        self.lock().batch
    }

    /// Adds a case's results to what the main thread sends next.
    pub fn add_part(&self, part: BatchPart) {
        self.lock().part.merge(part);
    }

    /// Takes the results accumulated so far.
    pub fn take_part(&self) -> BatchPart {
        std::mem::take(&mut self.lock().part)
    }

    fn start_parse(&self, case: Option<u64>, engine: &Arc<str>, limit: Duration) {
        self.lock().parse = Some((case, Arc::clone(engine), Instant::now(), limit));
    }

    fn end_parse(&self) {
        self.lock().parse = None;
    }

    /// The parse running past its limit, if there is one.
    pub fn overdue(&self) -> Option<Overdue> {
        let state = self.lock();
        let (case, engine, started, limit) = state.parse.as_ref()?;
        let elapsed = started.elapsed();
        if elapsed <= *limit {
            return None;
        }
        let id = state.batch.or(state.job).unwrap_or(0);
        Some(Overdue {
            batch: state.batch,
            message: FromCaseWorker::Hung {
                id,
                case_index: *case,
                engine: engine.to_string(),
                after_ms: u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
            },
        })
    }
}

/// An engine whose parses the [`Watch`] sees, panics caught.
pub struct WatchedEngine {
    engine: Box<dyn Engine>,
    name: Arc<str>,
    limit: Duration,
    watch: Watch,
    /// The case being parsed, for a hang report.
    case: Option<u64>,
}

impl WatchedEngine {
    pub fn new(engine: Box<dyn Engine>, limit: Duration, watch: Watch) -> WatchedEngine {
        WatchedEngine {
            name: Arc::from(engine.name()),
            engine,
            limit,
            watch,
            case: None,
        }
    }
}

impl WatchedEngine {
    /// Answers the requests of several cases, each as [`Engine::parse`] (or
    /// [`Engine::parse_tree`] with `tree_only`) would. An engine that pipelines gets
    /// them all at once, watched as one long parse of no case in particular.
    fn answer_all(
        &mut self,
        requests: &[(u64, &ParseRequest)],
        tree_only: bool,
    ) -> Vec<ParseResult> {
        if !self.engine.pipelines() {
            return requests
                .iter()
                .map(|&(case, request)| {
                    self.case = Some(case);
                    let result = if tree_only {
                        self.parse_tree(request)
                    } else {
                        self.parse(request)
                    };
                    self.case = None;
                    result
                })
                .collect();
        }
        let owned: Vec<ParseRequest> = requests.iter().map(|(_, r)| (*r).clone()).collect();
        let limit = self
            .limit
            .saturating_mul(u32::try_from(owned.len().max(1)).unwrap_or(u32::MAX));
        self.watch.start_parse(None, &self.name, limit);
        let results =
            litmus_engines::worker::catch(|| Ok(self.engine.parse_many(&owned, tree_only)));
        self.watch.end_parse();
        match results {
            Ok(results) => results.into_iter().map(within_output_limit).collect(),
            Err(failure) => vec![Err(failure); owned.len()],
        }
    }
}

impl Engine for WatchedEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn version(&self) -> String {
        self.engine.version()
    }

    fn parse(&mut self, request: &ParseRequest) -> ParseResult {
        self.watch.start_parse(self.case, &self.name, self.limit);
        let result = litmus_engines::worker::catch(|| self.engine.parse(request));
        self.watch.end_parse();
        within_output_limit(result)
    }

    fn parse_tree(&mut self, request: &ParseRequest) -> ParseResult {
        self.watch.start_parse(self.case, &self.name, self.limit);
        let result = litmus_engines::worker::catch(|| self.engine.parse_tree(request));
        self.watch.end_parse();
        within_output_limit(result)
    }

    fn parse_time(&mut self, request: &ParseRequest) -> Duration {
        self.watch.start_parse(self.case, &self.name, self.limit);
        // A panic is timed like any other end of the parse; the tree levels report it.
        let took = litmus_engines::worker::catch(|| Ok(self.engine.parse_time(request)));
        self.watch.end_parse();
        took.unwrap_or(Duration::ZERO)
    }

    fn parse_chunks(&mut self, request: &ParseRequest, splits: &[usize]) -> Option<ParseResult> {
        self.watch.start_parse(self.case, &self.name, self.limit);
        let result =
            litmus_engines::worker::catch(|| Ok(self.engine.parse_chunks(request, splits)));
        self.watch.end_parse();
        match result {
            Ok(answer) => answer.map(within_output_limit),
            // A panic in a chunked parse is the chunk level's finding.
            Err(failure) => Some(Err(failure)),
        }
    }

    fn parse_errors(&mut self, request: &ParseRequest) -> Option<ParseResult> {
        self.watch.start_parse(self.case, &self.name, self.limit);
        let result = litmus_engines::worker::catch(|| Ok(self.engine.parse_errors(request)));
        self.watch.end_parse();
        match result {
            Ok(answer) => answer.map(within_output_limit),
            Err(failure) => Some(Err(failure)),
        }
    }

    fn pipelines(&self) -> bool {
        self.engine.pipelines()
    }

    /// The requests of the case being parsed (a minimization's), as [`Self::answer_all`]
    /// answers a batch's.
    fn parse_many(&mut self, requests: &[ParseRequest], tree_only: bool) -> Vec<ParseResult> {
        let case = self.case.unwrap_or(0);
        let pairs: Vec<(u64, &ParseRequest)> = requests.iter().map(|r| (case, r)).collect();
        self.answer_all(&pairs, tree_only)
    }

    /// Watched under the tokenizer's name, so that a hang names the tokenizer.
    fn tokens(&mut self, tokenizer: Tokenizer, input: &str, start: &TokenStart) -> ParseResult {
        let name: Arc<str> = Arc::from(tokenizer.name());
        self.watch.start_parse(self.case, &name, self.limit);
        let result = litmus_engines::worker::catch(|| self.engine.tokens(tokenizer, input, start));
        self.watch.end_parse();
        within_output_limit(result)
    }
}

/// The runner's two watched engines, as the levels ask them: each parse names its
/// case, and an engine that pipelines gets a batch's requests at once.
pub(super) struct Watched<'a> {
    pub(super) reference: &'a mut WatchedEngine,
    pub(super) other: &'a mut WatchedEngine,
}

impl BatchEngines for Watched<'_> {
    fn engine(&mut self, which: Which) -> &mut dyn Engine {
        match which {
            Which::Reference => self.reference,
            Which::Other => self.other,
        }
    }

    fn both(&mut self) -> (&mut dyn Engine, &mut dyn Engine) {
        (self.reference, self.other)
    }

    fn working_on(&mut self, case: Option<u64>) {
        self.reference.case = case;
        self.other.case = case;
    }

    fn answer_all(
        &mut self,
        which: Which,
        requests: &[(u64, &ParseRequest)],
        tree_only: bool,
    ) -> Vec<ParseResult> {
        match which {
            Which::Reference => self.reference.answer_all(requests, tree_only),
            Which::Other => self.other.answer_all(requests, tree_only),
        }
    }
}
