//! The recorder behind [`super::trace_document`]: a thread-local [`Trace`] in the
//! making, and the hooks the parser calls.
//!
//! Every hook first reads [`RECORDING_THREADS`], a global count of the threads that
//! are recording; while it is zero (every ordinary parse) a hook does nothing else.

use super::{NodeChange, NodeEvent, TokenKind, Trace, TracedToken, MAX_EVENTS, MAX_TOKEN_DATA};
use crate::dom::{Document, NodeId};
use crate::spec_arms::{family, Arm, Family};
use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many threads are recording a trace now.
static RECORDING_THREADS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// The trace this thread is recording, if it is.
    static RECORDER: RefCell<Option<Recorder>> = const { RefCell::new(None) };
}

/// A trace in the making.
#[derive(Default)]
struct Recorder {
    trace: Trace,
    /// The tokenizer's arms with the offset of the input character they were passed
    /// on; given to their tokens when the parse ends.
    tokenizer_arms: Vec<(usize, Arm)>,
    /// The offset of the input character the tokenizer's current step consumes.
    position: usize,
    /// Arms and node events recorded so far.
    recorded: usize,
}

impl Recorder {
    /// Whether there is room for one more arm or event.
    fn room(&mut self) -> bool {
        if self.recorded >= MAX_EVENTS {
            self.trace.truncated = true;
            return false;
        }
        self.recorded += 1;
        true
    }
}

/// Whether any thread records: the test every hook starts with.
#[inline(always)]
pub(crate) fn recording() -> bool {
    RECORDING_THREADS.load(Ordering::Relaxed) != 0
}

/// Runs `f` on this thread's recorder, if this thread records.
fn with_recorder(f: impl FnOnce(&mut Recorder)) {
    RECORDER.with(|recorder| {
        if let Ok(mut recorder) = recorder.try_borrow_mut() {
            if let Some(recorder) = recorder.as_mut() {
                f(recorder);
            }
        }
    });
}

/// The hook of [`crate::arm_hook::spec_arm`]: `arm` was passed.
#[inline(always)]
pub(crate) fn arm(arm: Arm) {
    if recording() {
        record_arm(arm);
    }
}

/// [`arm`] while some thread records: out of line, so that each of the parser's many
/// hooks is only a test and a jump.
#[cold]
#[inline(never)]
fn record_arm(arm: Arm) {
    with_recorder(|r| {
        match family(arm) {
            Family::Tokenizer => {
                if r.room() {
                    r.tokenizer_arms.push((r.position, arm));
                }
            }
            Family::InsertionMode | Family::ForeignContent | Family::Algorithm => {
                if r.room() {
                    match r.trace.tokens.last_mut() {
                        Some(token) => token.tree_arms.push(arm),
                        None => r.trace.set_up_arms.push(arm),
                    }
                }
            }
            // A serialization or the sniffing of bytes is no part of the tree's making.
            Family::Serializer | Family::Encoding => {}
        }
    });
}

/// The hook of the tokenizer's run loop: its next step consumes the input character
/// at `position`.
#[inline(always)]
pub(crate) fn step_at(position: usize) {
    if recording() {
        record_step_at(position);
    }
}

#[cold]
#[inline(never)]
fn record_step_at(position: usize) {
    with_recorder(|r| r.position = position);
}

/// The hook of tree construction: a token ending at `end` is handed over (called only
/// while some thread records).
#[cold]
#[inline(never)]
pub(crate) fn token_handed_over<'a>(
    kind: TokenKind,
    name: &[u8],
    attributes: impl Iterator<Item = &'a [u8]>,
    data: &[u8],
    end: usize,
) {
    if !recording() {
        return;
    }
    with_recorder(|r| {
        let start = r.trace.tokens.last().map_or(0, |t| t.end);
        r.trace.tokens.push(TracedToken {
            kind,
            name: String::from_utf8_lossy(name).into_owned(),
            start,
            end: end.max(start),
            tokenizer_arms: Vec::new(),
            tree_arms: Vec::new(),
            attributes: attributes
                .map(|a| String::from_utf8_lossy(a).into_owned())
                .collect(),
            data: String::from_utf8_lossy(&data[..data.len().min(MAX_TOKEN_DATA)]).into_owned(),
        });
    });
}

/// The hook of the document's changes: `node` changed as `change` says.
#[inline(always)]
pub(crate) fn node_changed(node: NodeId, change: impl FnOnce() -> NodeChange) {
    if recording() {
        record_node_change(node, change());
    }
}

#[cold]
#[inline(never)]
fn record_node_change(node: NodeId, change: NodeChange) {
    with_recorder(|r| {
        if !r.room() {
            return;
        }
        let token = r.trace.tokens.len().checked_sub(1);
        let arms_passed = match token {
            Some(t) => r.trace.tokens[t].tree_arms.len(),
            None => r.trace.set_up_arms.len(),
        };
        r.trace.events.push(NodeEvent {
            token,
            arms_passed,
            node,
            change,
        });
    });
}

/// Ends this thread's recording when dropped, whatever happened in between.
struct Recording {
    previous: Option<Recorder>,
}

impl Drop for Recording {
    fn drop(&mut self) {
        RECORDING_THREADS.fetch_sub(1, Ordering::SeqCst);
        let previous = self.previous.take();
        RECORDER.with(|r| {
            if let Ok(mut r) = r.try_borrow_mut() {
                *r = previous;
            }
        });
    }
}

/// Runs `parse` on this thread with a recorder, and returns what it recorded.
pub(super) fn record(
    parse: impl FnOnce() -> Result<Document, crate::ParseFailure>,
    _input: &str,
) -> (Result<Document, crate::ParseFailure>, Trace) {
    let previous = RECORDER.with(|r| r.borrow_mut().replace(Recorder::default()));
    RECORDING_THREADS.fetch_add(1, Ordering::SeqCst);
    let recording = Recording { previous };
    let result = parse();
    let recorder = RECORDER.with(|r| r.borrow_mut().take()).unwrap_or_default();
    drop(recording);
    (result, finish(recorder))
}

/// Gives each tokenizer arm to the token whose characters it was passed on: the first
/// token ending after its position (the end-of-file token for the arms at the end).
fn finish(recorder: Recorder) -> Trace {
    let Recorder {
        mut trace,
        tokenizer_arms,
        ..
    } = recorder;
    let last = trace.tokens.len().saturating_sub(1);
    for (position, arm) in tokenizer_arms {
        let index = trace
            .tokens
            .partition_point(|t| t.end <= position)
            .min(last);
        if let Some(token) = trace.tokens.get_mut(index) {
            token.tokenizer_arms.push(arm);
        }
    }
    trace
}
