//! The locus of a divergence: the token, and the arms of the standard, at which another
//! engine's tree first departs from the reference's.
//!
//! A signature says *what* differs (the first differing nodes and their parent); the
//! locus says *where in the standard* the engine leaves it. It is read from the
//! reference parser's provenance of the case ([`litmus_parser::provenance`]): the
//! token and arms that made each node of the reference's tree. Two dumps first differ
//! at one entry; the locus is the provenance of what the reference has there, or of
//! the token that made what the engine has there:
//!
//! - **placed**: the reference's node there is another, or the same at another depth:
//!   the event that put the reference's node where it is (its last placement, so a
//!   node the adoption agency moved names the end tag and the adoption agency's step).
//!   Entries that follow at the same shift of depth moved with it (a text foster
//!   parented before a table goes where the table went): the earliest placement of
//!   the run says. An engine's node that the reference made and then removed (a
//!   selectedcontent's child its clone replaced) names the removal when that came
//!   first. An engine's node that the reference has later in its tree (the engine
//!   moved it ahead) names the reference's placement of it;
//! - **text**: the same text node with other characters: the character token that
//!   gave the reference's text its first differing character;
//! - **attributes**: an attribute that differs: the token that gave it (the element's
//!   start tag, or a later `html` or `body` start tag that added it);
//! - **data**: a comment's, DOCTYPE's or processing instruction's data: the token
//!   that made the node;
//! - **unplaced**: the engine has a node there that some token of the input would
//!   make, where the reference's tree has none of that token's (it ignored the token,
//!   or made a node and removed it): that token, or the event that removed its node.
//!   An engine's extra node right before one both trees have (holding nothing of
//!   what follows: not shallower than the entry after it) is an insertion: the
//!   locus is its token; a node the engine lacks right before one both have is a
//!   deletion: the locus is the reference's placement of it; otherwise the earlier of
//!   the two. An extra attribute names the token that made its element; an extra node
//!   no token explains names the end-of-file token when the reference's tokenizer
//!   consumed characters before it that made no token (`<?` cut off by the end).
//!
//! A locus is written `at MODE → ARM, token TOKEN`: `at tree.in-body.end-tag-a-b-big-etc
//! → tree.adoption-agency.step-4-14-last-node-inserted, token end tag a`, or `at ARM,
//! token TOKEN` when the insertion mode's (or foreign content's) case acted itself.
//! Its arms are every tree construction arm the token had passed up to the change, in
//! order: a token reprocessed in another mode passes the arms of both (a col start tag
//! in "in table body" closes the section, then "in table" inserts the colgroup), and
//! the algorithms' arms (the adoption agency's steps, foster parenting, the
//! reconstruction of the active formatting elements, the selectedcontent clone). Known
//! classes match on them (`litmus_verdicts`).
//!
//! Only the tree and fragment levels have a locus: the others compare what no
//! provenance of a tree explains (serializations, tokens, errors, time).

use crate::signature::{
    dump_entries, entry_shape, entry_value, first_differing_entry, DumpEntry, Signature,
};
use litmus_engines::case::ParseRequest;
use litmus_parser::departures::{self, Departure};
use litmus_parser::dump::{self, Entry};
use litmus_parser::provenance::{NodeChange, NodeEvent, TokenKind, Trace, TracedToken};
use litmus_parser::spec_arms::{self, Arm};
use litmus_parser::{trace_document, trace_fragment, Document, NodeId, NodeKind};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

/// Cases longer than this get no locus: tracing is for small (minimized) cases.
pub const MAX_TRACED_INPUT_BYTES: usize = 64 * 1024;

/// How a locus was found (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LocusRule {
    Placed,
    Text,
    Attributes,
    Data,
    Unplaced,
    /// A neighbour only: of the reference's entries that have no entry of the same text
    /// in the engine's tree, the one the earliest token placed (a difference first in
    /// tree order can be the late effect of an earlier token: a body's attributes come
    /// before the template the engine dropped, which kept the body start tag from
    /// adding them).
    Earliest,
    /// A neighbour only: the placement of one of the reference's entries that the
    /// engine's tree has nowhere at its depth.
    Elsewhere,
    /// A neighbour only: the creation of one of the reference's nodes that the engine's
    /// tree lacks, whatever later moved it.
    Created,
    /// No first difference to place: the case's arms and tokens only (a round trip's
    /// or a serialization's case, whose compared trees are not the reference's tree
    /// and another engine's).
    Case,
}

/// Where an engine's tree first departs from the reference's.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Locus {
    /// The token, in words: `start tag input`, `end tag p`, `character`, `character
    /// whitespace`, `character NULL`, `comment`, `processing instruction`, `DOCTYPE`,
    /// `EOF`.
    pub token: String,
    /// The tree construction arms the token had passed up to the change, by id, in
    /// order (a token reprocessed in another mode passes the arms of both); the
    /// ordinary outcome of the appropriate place for inserting a node is left out.
    /// The last is the locus arm.
    pub arms: Vec<String>,
    /// The last insertion mode or foreign content case among [`Locus::arms`]: the case
    /// that was processing the token.
    #[serde(default)]
    pub mode: String,
    /// Every arm the token passed, tokenizer's and tree construction's, by id.
    pub token_arms: Vec<String>,
    pub rule: LocusRule,
    /// Every arm the whole case passed, by id, and again as `TOKEN@ARM` with each
    /// token that passed it (`DOCTYPE@tree.in-table-text.anything-else`), each once,
    /// in no order: what a class's `passes` reads.
    #[serde(default, skip_serializing)]
    pub case_arms: Vec<String>,
    /// Every token of the case in words, each once, in no order, and for a fragment its
    /// context element as `context NAME` (`context template`, `context svg path`):
    /// what a class's `tokens` reads.
    #[serde(default, skip_serializing)]
    pub case_tokens: Vec<String>,
    /// The loci of the first difference's neighbourhood, nearest first: the
    /// placements of the reference's node there and of its parent, and of the
    /// reference's node of the engine's node's name (in any namespace) and of its
    /// parent, and the token the reference made nothing of. A finding that no class
    /// explains at its locus is read at these (a cause shows first at a node it
    /// placed, not always at the node where the trees part). A neighbour carries no
    /// case arms or tokens of its own: they are the locus's, which the verdict lends
    /// it when it asks.
    #[serde(default, skip_serializing)]
    pub neighbours: Vec<Locus>,
    /// The elements whose contents hold the whole difference, innermost first: the
    /// local names of the first difference's ancestors (in either tree) such that the
    /// two trees are equal once every element of that name has lost its descendants
    /// (`selectedcontent` when only what a selectedcontent holds differs). What a
    /// class's `inside` reads; a property of the two trees, which neighbours share.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inside: Vec<String>,
    /// For a round trip of an engine's tree that already departs from the
    /// reference's tree of the same input: that tree difference, as a tree or
    /// fragment finding would show it. A round trip no class explains is judged by
    /// it: the engine serialized a tree the standard does not build.
    #[serde(skip)]
    pub upstream: Option<Box<Upstream>>,
    /// Where the locus token starts in the preprocessed input: the same token in
    /// another parse of the input (a variant's) starts there too.
    #[serde(skip)]
    pub token_start: Option<usize>,
}

/// The tree difference a round trip starts from ([`Locus::upstream`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Upstream {
    /// The tree or fragment signature of the reference's tree against the engine's.
    pub signature: Signature,
    /// The locus of that difference, if one is found.
    pub locus: Option<Locus>,
}

impl Locus {
    /// The arm that acted: the last of [`Locus::arms`].
    pub fn arm(&self) -> &str {
        self.arms.last().map_or("", String::as_str)
    }

    /// The insertion mode's or foreign content's case ([`Locus::mode`]).
    pub fn mode_arm(&self) -> &str {
        &self.mode
    }

    /// The tokenizer arm that made the locus token, where its making is the
    /// tokenizer's: the last tokenizer arm passed on its characters, for a token other
    /// than a tag (a comment, DOCTYPE, processing instruction, characters, or the end
    /// of file with the arms at the end: `tokenizer.comment-end.exclamation-mark` for
    /// `<!----!`, `tokenizer.bogus-comment.eof` for `<![cdata[` cut off). A tag's
    /// last arms tell only how its attributes were written, which tree construction,
    /// acting on the name, does not read. `None` for a tag, or a token with no
    /// tokenizer arm.
    pub fn tokenizer_arm(&self) -> Option<&str> {
        if ["start tag", "end tag"].contains(&token_kind(&self.token)) {
            return None;
        }
        self.token_arms
            .iter()
            .rev()
            .find(|arm| arm.starts_with("tokenizer."))
            .map(String::as_str)
    }
}

impl fmt::Display for Locus {
    /// `at tree.in-body.start-tag-input, token start tag input`; with the mode's arm
    /// first when another arm acted: `at tree.in-body.end-tag-a-b-big-etc →
    /// tree.adoption-agency.step-4-14-last-node-inserted, token end tag a`.
    /// A case's arms alone ([`LocusRule::Case`]) have no place to name: `the case's
    /// arms, no first difference placed`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rule == LocusRule::Case {
            return write!(f, "the case's arms, no first difference placed");
        }
        if self.arm().is_empty() {
            write!(f, "at no arm")?;
        } else if !self.mode.is_empty() && self.mode_arm() != self.arm() {
            write!(f, "at {} → {}", self.mode_arm(), self.arm())?;
        } else {
            write!(f, "at {}", self.arm())?;
        }
        write!(f, ", token {}", self.token)
    }
}

/// The arms and tokens of the reference's parse of `request`, with no first
/// difference ([`LocusRule::Case`]): what a class's `passes` and `tokens` read at the
/// round-trip, serialization and errors levels.
pub fn of_case(request: &ParseRequest) -> Option<Locus> {
    let TracedParse { document, trace } = &*traced(request)?;
    of_case_in_trace(request, document, trace)
}

/// A round trip's locus: [`of_case`], with the [`upstream`] difference of the
/// engine's first tree `first_tree` when it departs from the reference's, both from
/// one traced parse.
pub fn of_round_trip(
    request: &ParseRequest,
    engine: &str,
    first_tree: Option<&str>,
) -> Option<Locus> {
    let TracedParse { document, trace } = &*traced(request)?;
    let mut locus = of_case_in_trace(request, document, trace)?;
    locus.upstream = first_tree
        .and_then(|tree| {
            let case = Case::From(&locus);
            upstream_in_trace(request, document, trace, engine, tree, case)
        })
        .map(Box::new);
    Some(locus)
}

/// [`of_case`] with the reference's traced parse of `request` made already.
fn of_case_in_trace(request: &ParseRequest, document: &Document, trace: &Trace) -> Option<Locus> {
    let nodes = dump::entries(document);
    let finder = Finder {
        trace,
        document,
        nodes: &nodes,
        context: request.fragment.as_ref(),
    };
    let mut locus = finder.locus(
        Found::Token(trace.tokens.len().checked_sub(1)?),
        LocusRule::Case,
    );
    locus.token = String::new();
    locus.arms.clear();
    locus.mode.clear();
    locus.token_arms.clear();
    Some(locus)
}

/// The difference between the reference's tree of `request` and `engine`'s tree
/// `other_tree`, with its locus: `None` when they agree or the request is too large
/// to trace ([`Locus::upstream`]).
pub fn upstream(request: &ParseRequest, engine: &str, other_tree: &str) -> Option<Upstream> {
    let TracedParse { document, trace } = &*traced(request)?;
    upstream_in_trace(request, document, trace, engine, other_tree, Case::Find)
}

/// [`upstream`] with the reference's traced parse of `request` made already.
fn upstream_in_trace(
    request: &ParseRequest,
    document: &Document,
    trace: &Trace,
    engine: &str,
    other_tree: &str,
    case: Case<'_>,
) -> Option<Upstream> {
    let reference_tree = dump::dump(document);
    let level = if request.fragment.is_some() {
        crate::signature::Level::Fragment
    } else {
        crate::signature::Level::Tree
    };
    let root = match &request.fragment {
        Some(context) => format!("#fragment({context})"),
        None => "#document".to_owned(),
    };
    let signature = crate::signature::tree_signature(
        level,
        "litmus",
        &reference_tree,
        engine,
        other_tree,
        &root,
    )?;
    let locus = (reference_tree != other_tree)
        .then(|| locus_in_trace(request, document, trace, &reference_tree, other_tree, case))
        .flatten();
    Some(Upstream { signature, locus })
}

/// How the reference with `variant` put in (a cause of a known difference,
/// [`litmus_parser::departures`]) departs from the standard on `request`, as `engine`'s
/// difference would be signed: a counterfactual parse. `None` when the variant
/// builds the standard's tree, or when the request is too large to trace.
pub fn of_variant(request: &ParseRequest, variant: Departure, engine: &str) -> Option<Upstream> {
    of_variants(request, &[variant], engine)
}

/// [`of_variant`] with all of `variants` put in at once.
pub fn of_variants(
    request: &ParseRequest,
    variants: &[Departure],
    engine: &str,
) -> Option<Upstream> {
    let TracedParse { document, trace } = &*traced(request)?;
    let options = request.parse_options();
    // The fast paths stand in for the standard's own steps, which a variant changes:
    // `departures::parse` runs without them.
    let changed = departures::parse(
        &request.input,
        request.fragment.as_ref(),
        &options,
        variants,
    )
    .ok()?;
    // Compared by token, arms and rule alone: no case arms, no neighbours.
    let changed = dump::dump(&changed);
    upstream_in_trace(request, document, trace, engine, &changed, Case::Bare)
}

/// What of `engine_tree` the reference with `variants` put in leaves unexplained: the
/// engine's tree against the variant's, signed as `engine`'s difference, its locus
/// read from the variant's traced parse (the case's arms and tokens, the neighbours).
/// `None` when the engine built the variant's tree, when the engine's tree is no
/// nearer the variant's than the standard's (the variant explains none of the
/// difference: what is left would be the variant's own departure, undone), or when
/// the request is too large to trace.
pub fn residue_of_variants(
    request: &ParseRequest,
    variants: &[Departure],
    engine: &str,
    engine_tree: &str,
) -> Option<Upstream> {
    let standard = traced(request)?;
    let options = request.parse_options();
    let (document, trace) = departures::trace(
        &request.input,
        request.fragment.as_ref(),
        &options,
        variants,
    )
    .ok()?;
    let variant_tree = dump::dump(&document);
    if trace.truncated || trace.tokens.is_empty() || variant_tree == engine_tree {
        return None;
    }
    let standard_tree = dump::dump(&standard.document);
    if lines_apart(engine_tree, &variant_tree) >= lines_apart(engine_tree, &standard_tree) {
        return None;
    }
    let mut residue =
        upstream_in_trace(request, &document, &trace, engine, engine_tree, Case::Find)?;
    // A node the variant's own steps made (an older insertion mode's) passed no arm
    // of the standard: its token's arms are those the same token passed in the
    // standard's parse.
    if let Some(locus) = residue.locus.as_mut().filter(|l| l.arms.is_empty()) {
        let tokens = &standard.trace.tokens;
        let same = tokens.iter().find(|t| Some(t.start) == locus.token_start);
        if let Some(token) = same.filter(|t| describe_token(t) == locus.token) {
            let arms = path(&token.tree_arms);
            locus.mode = mode_of(&arms).map(arm_id).unwrap_or_default();
            locus.arms = arms.into_iter().map(arm_id).collect();
        }
    }
    Some(residue)
}

/// How many nodes of two dumps a line diff does not match (inserted or deleted), a
/// text compared by its place only: a text that merges two others or holds other
/// characters (a second cause) is no difference in where the nodes went.
fn lines_apart(a: &str, b: &str) -> usize {
    fn shapes(dump: &str) -> Vec<&str> {
        dump.lines()
            // A text's further lines.
            .filter(|line| line.starts_with('|'))
            .map(|line| match line.find('"') {
                Some(quote) if line[..quote].trim_start_matches(['|', ' ']).is_empty() => {
                    &line[..=quote]
                }
                _ => line,
            })
            .collect()
    }
    let (a, b) = (shapes(a), shapes(b));
    let ops = similar::capture_diff_slices(similar::Algorithm::Myers, &a, &b);
    ops.iter()
        .map(|op| match *op {
            similar::DiffOp::Equal { .. } => 0,
            similar::DiffOp::Delete { old_len, .. } => old_len,
            similar::DiffOp::Insert { new_len, .. } => new_len,
            similar::DiffOp::Replace {
                old_len, new_len, ..
            } => old_len + new_len,
        })
        .sum()
}

/// Whether two loci name the same departure: the same token, through the same arms.
pub fn same_departure(a: &Locus, b: &Locus) -> bool {
    a.token == b.token && a.arms == b.arms
}

/// A traced parse of the reference, shared (an `Rc`) by the loci read from it.
struct TracedParse {
    document: Document,
    trace: Trace,
}

/// How many traced parses a thread keeps ([`traced`]).
const RECENT_TRACES: usize = 4;

thread_local! {
    /// This thread's last traced parses, newest last, by request: a case's
    /// signatures (its tree, each engine's round trip) are classified one after
    /// another, and each class's counterfactual parse reads the same trace again.
    static RECENT: RefCell<Vec<(ParseRequest, Rc<TracedParse>)>> = const { RefCell::new(Vec::new()) };
}

/// The reference's traced parse of `request`, if it is small enough and complete.
fn traced(request: &ParseRequest) -> Option<Rc<TracedParse>> {
    if request.input.len() > MAX_TRACED_INPUT_BYTES {
        return None;
    }
    let recent = RECENT.with(|recent| {
        let recent = recent.borrow();
        let found = recent.iter().find(|(asked, _)| asked == request);
        found.map(|(_, traced)| Rc::clone(traced))
    });
    if recent.is_some() {
        return recent;
    }
    let options = request.parse_options();
    let (document, trace) = match &request.fragment {
        Some(context) => trace_fragment(&request.input, context, &options),
        None => trace_document(&request.input, &options),
    }
    .ok()?;
    if trace.truncated || trace.tokens.is_empty() {
        return None;
    }
    let traced = Rc::new(TracedParse { document, trace });
    RECENT.with(|recent| {
        let mut recent = recent.borrow_mut();
        if recent.len() == RECENT_TRACES {
            recent.remove(0);
        }
        recent.push((request.clone(), Rc::clone(&traced)));
    });
    Some(traced)
}

/// The locus of `other_tree` against `reference_tree`, the reference's tree of
/// `request`: `None` when the trees agree, when the request is too large to trace,
/// or when `reference_tree` is not what the traced parse builds.
pub fn locus(request: &ParseRequest, reference_tree: &str, other_tree: &str) -> Option<Locus> {
    locus_of_trees(request, reference_tree, other_tree, Case::Find)
}

/// [`locus`] or [`departure`], as `case` says.
fn locus_of_trees(
    request: &ParseRequest,
    reference_tree: &str,
    other_tree: &str,
    case: Case<'_>,
) -> Option<Locus> {
    if reference_tree == other_tree {
        return None;
    }
    let TracedParse { document, trace } = &*traced(request)?;
    if dump::dump(document) != reference_tree {
        return None;
    }
    locus_in_trace(request, document, trace, reference_tree, other_tree, case)
}

/// The departure of `other_tree` from `reference_tree` alone: [`locus`]'s token, arms
/// and rule, without the case's arms and tokens, the neighbours or what lies inside
/// (what a minimizer compares its candidates by, at every step).
pub fn departure(request: &ParseRequest, reference_tree: &str, other_tree: &str) -> Option<Locus> {
    locus_of_trees(request, reference_tree, other_tree, Case::Bare)
}

/// What a locus found in a trace carries of the whole case.
#[derive(Clone, Copy)]
enum Case<'l> {
    /// The case's arms and tokens, found from the trace, and the neighbours.
    Find,
    /// The case's arms and tokens of a locus of the same traced parse, and the
    /// neighbours.
    From(&'l Locus),
    /// Neither: a counterfactual's departure, compared by token, arms and rule.
    Bare,
}

/// [`locus`] with the reference's traced parse of `request` made already
/// (`reference_tree` its dump).
fn locus_in_trace(
    request: &ParseRequest,
    document: &Document,
    trace: &Trace,
    reference_tree: &str,
    other_tree: &str,
    case: Case<'_>,
) -> Option<Locus> {
    let nodes = dump::entries(document);
    let ours = dump_entries(reference_tree);
    let theirs = dump_entries(other_tree);
    if ours.len() != nodes.len() {
        return None;
    }
    let index = first_differing_entry(&ours, &theirs)?;
    let finder = Finder {
        trace,
        document,
        nodes: &nodes,
        context: request.fragment.as_ref(),
    };
    let (found, rule) = finder.find(index, &ours, &theirs)?;
    let mut primary = match case {
        Case::Find => finder.locus(found, rule),
        Case::From(locus) => Locus {
            case_arms: locus.case_arms.clone(),
            case_tokens: locus.case_tokens.clone(),
            ..finder.locus_of(found, rule)
        },
        Case::Bare => return Some(finder.locus_of(found, rule)),
    };
    primary.inside = differences_inside(&ours, &theirs, index);
    for (found, rule) in finder.neighbours(index, &ours, &theirs) {
        let neighbour = finder.locus_of(found, rule);
        let same = |l: &Locus| same_departure(l, &neighbour);
        if !same(&primary) && !primary.neighbours.iter().any(same) {
            primary.neighbours.push(neighbour);
        }
    }
    Some(primary)
}

/// What a locus points at: a change to a node, or a token the reference left without
/// the node the engine has.
#[derive(Clone, Copy, Debug)]
enum Found<'t> {
    Event(&'t NodeEvent),
    Token(usize),
}

/// A set of arms, a bit each.
#[derive(Clone, Copy)]
struct ArmSet([u64; spec_arms::ARM_COUNT.div_ceil(64)]);

impl Default for ArmSet {
    fn default() -> ArmSet {
        ArmSet([0; spec_arms::ARM_COUNT.div_ceil(64)])
    }
}

impl ArmSet {
    fn extend<'x>(&mut self, arms: impl IntoIterator<Item = &'x Arm>) {
        for &arm in arms {
            let index = arm as usize;
            self.0[index / 64] |= 1 << (index % 64);
        }
    }

    /// The ids of the arms in the set, in the tables' order.
    fn ids(&self) -> impl Iterator<Item = &'static str> + '_ {
        let indexes = self.0.iter().enumerate().flat_map(|(word, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(word * 64 + bit)
            })
        });
        indexes.filter_map(spec_arms::id_at)
    }
}

/// How many of the reference's entries placed elsewhere become neighbours.
const MAX_ELSEWHERE: usize = 4;

struct Finder<'a> {
    trace: &'a Trace,
    document: &'a Document,
    nodes: &'a [Entry],
    context: Option<&'a litmus_parser::FragmentContext>,
}

impl<'a> Finder<'a> {
    fn find(
        &self,
        index: usize,
        ours: &[DumpEntry<'_>],
        theirs: &[DumpEntry<'_>],
    ) -> Option<(Found<'a>, LocusRule)> {
        if let Some(found) = self.extra_attribute(index, ours, theirs) {
            return Some((found, LocusRule::Attributes));
        }
        let Some(our) = ours.get(index) else {
            // The reference's tree has ended: only the engine's extra node can say.
            let their = theirs.get(index)?;
            let eof = self.trace.tokens.len() - 1;
            let found = self.unplaced(their).unwrap_or(Found::Token(eof));
            return Some((found, LocusRule::Unplaced));
        };
        let entry = self.nodes.get(index)?;
        // The engine's entry is extra when the reference's comes right after it, even
        // with the same shape (a text the reference removed before one both have).
        let same = |a: Option<&DumpEntry<'_>>, b: &DumpEntry<'_>| {
            a.is_some_and(|a| a.text == b.text && a.depth == b.depth)
        };
        if let Some(their) = theirs.get(index) {
            // An entry is extra (or missing) only if it holds nothing of what follows:
            // not shallower than the entry after it.
            let extra = their.depth >= our.depth && same(theirs.get(index + 1), our);
            let missing = our.depth >= their.depth && same(ours.get(index + 1), their);
            // Or a few entries, none shallower than the reference's, come before it: a
            // subtree (or siblings) the engine kept where the reference has none.
            let extra_run = !missing
                && (2..=8).any(|k| {
                    same(theirs.get(index + k), our)
                        && theirs[index..index + k]
                            .iter()
                            .all(|e| e.depth >= our.depth)
                });
            if (extra || extra_run) && !missing {
                if let Some(found) = self.unplaced(their) {
                    return Some((found, LocusRule::Unplaced));
                }
                // The engine's node stands later in the reference's tree: the engine
                // moved it here, and where the reference placed it says why.
                let later = (index + 1..ours.len()).find(|&j| ours[j].text == their.text);
                if let Some(event) = later
                    .and_then(|j| self.nodes.get(j))
                    .and_then(|e| self.placement(e))
                {
                    return Some((Found::Event(event), LocusRule::Placed));
                }
            }
            // A document has one DOCTYPE: two that differ (by name, or identifiers)
            // differ in its data, whatever their shapes.
            let doctypes = our.text.starts_with("<!DOCTYPE ")
                && their.text.starts_with("<!DOCTYPE ")
                && our.depth == their.depth;
            if doctypes || entry_shape(our.text) == entry_shape(their.text) {
                if our.depth != their.depth {
                    // The engine's node may be one the reference made and removed (and
                    // the reference's a later one of the same shape): the earlier says.
                    // A run of entries shifted alike moved together (a foster-parented
                    // text goes where its table went): the earliest placement of the run.
                    let placed = self.placement(entry)?;
                    let mut candidates =
                        vec![(placed.token, Found::Event(placed), LocusRule::Placed)];
                    let shift = their.depth as isize - our.depth as isize;
                    for k in index + 1.. {
                        let (Some(o), Some(t)) = (ours.get(k), theirs.get(k)) else {
                            break;
                        };
                        let alike = entry_shape(o.text) == entry_shape(t.text)
                            && t.depth as isize - o.depth as isize == shift;
                        if !alike {
                            break;
                        }
                        if let Some(event) = self.nodes.get(k).and_then(|e| self.placement(e)) {
                            candidates.push((event.token, Found::Event(event), LocusRule::Placed));
                        }
                    }
                    if let Some(found) = self.unplaced(their) {
                        candidates.push((found_token(found), found, LocusRule::Unplaced));
                    }
                    return Some(earliest(candidates));
                }
                let next = theirs.get(index + 1).filter(|e| e.depth == their.depth);
                return self.content(entry, our, their, next);
            }
        }
        let placed = self.placement(entry)?;
        let their = theirs.get(index);
        let unplaced = their.and_then(|their| self.unplaced(their));
        // The reference's entry is missing when the engine's comes right after it.
        let extra =
            their.is_some_and(|their| their.depth >= our.depth) && same(theirs.get(index + 1), our);
        let missing =
            their.is_some_and(|their| our.depth >= their.depth && same(ours.get(index + 1), their));
        let mut candidates = vec![(placed.token, Found::Event(placed), LocusRule::Placed)];
        if let Some(found) = unplaced {
            if extra && !missing {
                return Some((found, LocusRule::Unplaced));
            }
            if !missing || extra {
                candidates.push((found_token(found), found, LocusRule::Unplaced));
            }
        }
        Some(earliest(candidates))
    }

    /// Where the engine's entry is an attribute the reference's element lacks (the
    /// reference has another attribute, or a child, or nothing there): the event that
    /// made the element, whose token carried the attributes.
    fn extra_attribute(
        &self,
        index: usize,
        ours: &[DumpEntry<'_>],
        theirs: &[DumpEntry<'_>],
    ) -> Option<Found<'a>> {
        let their = theirs.get(index)?;
        if !is_attribute(their.text) {
            return None;
        }
        if ours
            .get(index)
            .is_some_and(|our| is_attribute(our.text) && our.depth == their.depth)
        {
            // Two attributes of one element: `content` or the shapes tell.
            return None;
        }
        // The entries before `index` agree, so the element is at the same index in
        // the reference's dump.
        let element = (0..index)
            .rev()
            .find(|&j| theirs[j].depth + 1 == their.depth && !is_attribute(theirs[j].text))?;
        let Entry::Node(node) = self.nodes.get(element)? else {
            return None;
        };
        let created = self.trace.events_of(*node).next()?;
        // An attribute the element's own token did not carry came from a later `html`
        // or `body` start tag that carried it, which the reference ignored there.
        let name = their.text.split('=').next().unwrap_or("");
        let carried = |t: usize| {
            self.trace.tokens[t]
                .attributes
                .iter()
                .any(|a| a.eq_ignore_ascii_case(name))
        };
        if let Some(own) = created.token.filter(|&t| !carried(t)) {
            let tokens = &self.trace.tokens;
            let later = (own + 1..tokens.len()).find(|&t| {
                tokens[t].kind == TokenKind::StartTag
                    && matches!(tokens[t].name.as_str(), "html" | "body")
                    && carried(t)
            });
            if let Some(token) = later {
                return Some(Found::Token(token));
            }
        }
        Some(Found::Event(created))
    }

    /// Two entries of one shape at one depth whose texts differ: a text's characters,
    /// an attribute's value, a comment's or DOCTYPE's data. `their_next` is the engine's
    /// entry after its text, at the same depth, if any.
    fn content(
        &self,
        entry: &Entry,
        our: &DumpEntry<'_>,
        their: &DumpEntry<'_>,
        their_next: Option<&DumpEntry<'_>>,
    ) -> Option<(Found<'a>, LocusRule)> {
        match entry {
            Entry::Node(node) if matches!(self.document.kind(*node), NodeKind::Text(_)) => {
                let (x, y) = (entry_value(our.text), entry_value(their.text));
                Some(self.text(*node, x, y, their_next))
            }
            Entry::Node(node) => {
                let created = self.trace.events_of(*node).next()?;
                Some((Found::Event(created), LocusRule::Data))
            }
            Entry::Attribute(..) => {
                Some((Found::Event(self.placement(entry)?), LocusRule::Attributes))
            }
            Entry::Content(_) => Some((Found::Event(self.placement(entry)?), LocusRule::Placed)),
        }
    }

    /// Where a text node's characters `x` (the reference's) and `y` (the engine's)
    /// part, the earliest of:
    ///
    /// - the event that gave the reference's text its first differing character;
    /// - where the engine's text goes on past the reference's: what the reference put
    ///   after its text (the next sibling's placement), or else the next character
    ///   token that did not add to it;
    /// - where the engine's text stops short: the token of the engine's next node, if
    ///   the reference made nothing of that token (it ignored it, and its text ran on).
    fn text(
        &self,
        node: NodeId,
        x: &str,
        y: &str,
        their_next: Option<&DumpEntry<'_>>,
    ) -> (Found<'a>, LocusRule) {
        let at = common_prefix(x, y);
        let mut candidates = Vec::new();
        let texts: Vec<&'a NodeEvent> = self
            .trace
            .events_of(node)
            .filter(|e| matches!(e.change, NodeChange::Text { .. }))
            .collect();
        if at < x.len() {
            let covering = texts.iter().find(|e| match e.change {
                NodeChange::Text { at: start, len } => start <= at && at < start + len,
                _ => false,
            });
            if let Some(event) = covering {
                candidates.push((event.token, Found::Event(event), LocusRule::Text));
            }
        } else if let Some(next) = self.document.next_sibling(node) {
            if let Some(placed) = self.placement(&Entry::Node(next)) {
                candidates.push((placed.token, Found::Event(placed), LocusRule::Placed));
            }
        } else if let Some(last) = texts.last().and_then(|e| e.token) {
            let tokens = &self.trace.tokens;
            let next = (last + 1..tokens.len()).find(|&t| tokens[t].kind == TokenKind::Characters);
            if let Some(token) = next {
                candidates.push((Some(token), Found::Token(token), LocusRule::Text));
            }
        }
        if at == y.len() && at < x.len() {
            if let Some(found) = their_next.and_then(|next| self.unplaced(next)) {
                candidates.push((found_token(found), found, LocusRule::Unplaced));
            }
        }
        if candidates.is_empty() {
            if let Some(placed) = self.placement(&Entry::Node(node)) {
                return (Found::Event(placed), LocusRule::Placed);
            }
            return (Found::Token(self.trace.tokens.len() - 1), LocusRule::Text);
        }
        earliest(candidates)
    }

    /// The event that put an entry where the reference's tree has it: a node's last
    /// placement (its creation if it was never placed), an attribute's addition (or
    /// its element's creation), a template's creation for its `content` line.
    fn placement(&self, entry: &Entry) -> Option<&'a NodeEvent> {
        let trace = self.trace;
        match entry {
            Entry::Node(node) => trace
                .events_of(*node)
                .filter(|e| matches!(e.change, NodeChange::Placed { .. }))
                .last()
                .or_else(|| trace.events_of(*node).next()),
            Entry::Attribute(node, name) => trace
                .events_of(*node)
                .find(|e| match &e.change {
                    NodeChange::Attributes { names } => {
                        names.iter().any(|n| name.ends_with(n.as_str()))
                    }
                    _ => false,
                })
                .or_else(|| trace.events_of(*node).next()),
            Entry::Content(template) => trace.events_of(*template).next(),
        }
    }

    /// What made the engine's entry `theirs` if the reference's tree holds nothing of
    /// it: a token that would make such a node (a start tag of the element's name, a
    /// comment or processing instruction, characters the engine's text holds, a
    /// DOCTYPE) whose node the reference did not make (the token itself), or made and
    /// then removed (the event that removed it: the engine kept what the standard
    /// took away); else the end-of-file token, if the reference's tokenizer consumed
    /// characters before it that made no token.
    fn unplaced(&self, theirs: &DumpEntry<'_>) -> Option<Found<'a>> {
        let text = theirs.text;
        if is_attribute(text) {
            // An attribute is its element's token's (see `extra_attribute`).
            return None;
        }
        let tokens = &self.trace.tokens;
        let candidates: Vec<usize> = if text.starts_with("<!-- ") {
            (0..tokens.len())
                .filter(|&t| {
                    matches!(
                        tokens[t].kind,
                        TokenKind::Comment | TokenKind::ProcessingInstruction
                    )
                })
                .collect()
        } else if text.starts_with("<!DOCTYPE ") {
            (0..tokens.len())
                .filter(|&t| tokens[t].kind == TokenKind::Doctype)
                .collect()
        } else if text.starts_with('"') {
            let value = entry_value(text);
            (0..tokens.len())
                .filter(|&t| {
                    let token = &tokens[t];
                    token.kind == TokenKind::Characters
                        && !token.data.is_empty()
                        && value.contains(token.data.as_str())
                })
                .collect()
        } else if text.starts_with('<') && text.ends_with('>') && !text.starts_with("<?") {
            let inner = &text[1..text.len() - 1];
            let name = inner.rsplit(' ').next().unwrap_or(inner);
            let named = |kind: TokenKind| {
                (0..tokens.len()).filter(move |&t| {
                    tokens[t].kind == kind && tokens[t].name.eq_ignore_ascii_case(name)
                })
            };
            named(TokenKind::StartTag)
                .chain(named(TokenKind::EndTag))
                .collect()
        } else {
            Vec::new()
        };
        for token in candidates {
            if let Some(found) = self.left_nothing_standing(token) {
                return Some(found);
            }
        }
        let eof = tokens.len().checked_sub(1)?;
        let swallowed = tokens[eof].kind == TokenKind::Eof && tokens[eof].start < tokens[eof].end;
        swallowed.then_some(Found::Token(eof))
    }

    /// For a token of the kind the engine made a node of: the token itself if the
    /// reference made no node of it, or the event that removed the node it made when
    /// none of its nodes stands in the reference's tree; `None` when one stands.
    fn left_nothing_standing(&self, token: usize) -> Option<Found<'a>> {
        let made: Vec<NodeId> = self
            .trace
            .events
            .iter()
            .filter(|e| {
                e.token == Some(token)
                    && matches!(e.change, NodeChange::Created | NodeChange::Text { .. })
            })
            .map(|e| e.node)
            .collect();
        if made.is_empty() {
            return Some(Found::Token(token));
        }
        if made.iter().any(|node| self.standing(*node)) {
            return None;
        }
        let removed = made.iter().find_map(|&node| {
            self.trace
                .events_of(node)
                .filter(|e| e.change == NodeChange::Removed)
                .last()
        });
        Some(removed.map_or(Found::Token(token), Found::Event))
    }

    /// Whether `node` is in the reference's tree (it has an entry in the dump).
    fn standing(&self, node: NodeId) -> bool {
        self.nodes.iter().any(|e| e == &Entry::Node(node))
    }

    /// What else placed or left out the nodes around the first difference at
    /// `index`, nearest first (see [`Locus::neighbours`]).
    fn neighbours(
        &self,
        index: usize,
        ours: &[DumpEntry<'_>],
        theirs: &[DumpEntry<'_>],
    ) -> Vec<(Found<'a>, LocusRule)> {
        let mut found = Vec::new();
        let placed = |j: usize, found: &mut Vec<(Found<'a>, LocusRule)>| {
            if let Some(event) = self.nodes.get(j).and_then(|e| self.placement(e)) {
                found.push((Found::Event(event), LocusRule::Placed));
            }
        };
        if index < ours.len() {
            placed(index, &mut found);
            if let Some(parent) = parent_of(ours, index) {
                placed(parent, &mut found);
            }
        }
        let Some(their) = theirs.get(index) else {
            return found;
        };
        if let Some(token) = self.unplaced(their) {
            found.push((token, LocusRule::Unplaced));
        }
        // The reference's node of the engine's node's name (the engine may have it in
        // another namespace, or elsewhere), and of the engine's parent's name.
        let same_name = |name: &str| {
            let nearest_after =
                (index..ours.len()).find(|&j| element_name(ours[j].text) == Some(name));
            nearest_after.or_else(|| {
                (0..index)
                    .rev()
                    .find(|&j| element_name(ours[j].text) == Some(name))
            })
        };
        if let Some(j) = element_name(their.text).and_then(same_name) {
            placed(j, &mut found);
            if let Some(parent) = parent_of(ours, j) {
                placed(parent, &mut found);
            }
        }
        let their_parent = parent_of(theirs, index).and_then(|p| element_name(theirs[p].text));
        if let Some(j) = their_parent.and_then(same_name) {
            placed(j, &mut found);
        }
        if let Some(event) = self.earliest_missing(ours, theirs) {
            found.push((Found::Event(event), LocusRule::Earliest));
        }
        for event in self.created_missing(ours, theirs) {
            found.push((Found::Event(event), LocusRule::Created));
        }
        for event in self.placed_elsewhere(ours, theirs) {
            found.push((Found::Event(event), LocusRule::Elsewhere));
        }
        for token in self.unplaced_elsewhere(ours, theirs) {
            found.push((token, LocusRule::Unplaced));
        }
        found
    }

    /// Of the reference's entries with no entry of the same text in the engine's tree
    /// (counted as a multiset, depth aside), the placement the earliest token made.
    fn earliest_missing(
        &self,
        ours: &[DumpEntry<'_>],
        theirs: &[DumpEntry<'_>],
    ) -> Option<&'a NodeEvent> {
        let missing = unmatched(ours, theirs, |e| e.text).into_iter();
        let placed = missing.filter_map(|j| self.nodes.get(j).and_then(|e| self.placement(e)));
        earliest_first(placed).first().copied()
    }

    /// The creations of the reference's nodes that the engine's tree lacks (counted as
    /// a multiset of text, depth aside), earliest token first, at most
    /// [`MAX_ELSEWHERE`]: a node the engine never made is first the token that made
    /// it, whatever later moved it (a button the adoption agency carried along, whose
    /// last placement is the misnested `a`'s).
    fn created_missing(
        &self,
        ours: &[DumpEntry<'_>],
        theirs: &[DumpEntry<'_>],
    ) -> Vec<&'a NodeEvent> {
        earliest_first(
            unmatched(ours, theirs, |e| e.text)
                .into_iter()
                .filter_map(|j| match self.nodes.get(j)? {
                    Entry::Node(node) => self.trace.events_of(*node).next(),
                    _ => None,
                }),
        )
    }

    /// The placements of the reference's entries that the engine's tree has nowhere at
    /// their depth (counted as a multiset of depth and text), earliest token first, at
    /// most [`MAX_ELSEWHERE`]: where the engine put a node at another depth, what
    /// placed the reference's (a table the reference left inside a paragraph, whose
    /// first difference is the text before it).
    fn placed_elsewhere(
        &self,
        ours: &[DumpEntry<'_>],
        theirs: &[DumpEntry<'_>],
    ) -> Vec<&'a NodeEvent> {
        earliest_first(
            unmatched(ours, theirs, depth_and_text)
                .into_iter()
                .filter_map(|j| self.nodes.get(j).and_then(|e| self.placement(e))),
        )
    }

    /// For the engine's entries that the reference's tree has nowhere at their depth
    /// (counted as a multiset of depth and text), the token the reference made nothing
    /// of that would make each ([`Finder::unplaced`]), earliest first, at most
    /// [`MAX_ELSEWHERE`]: an input the reference ignored, shown first by the
    /// formatting element the engine reconstructed for it.
    fn unplaced_elsewhere(
        &self,
        ours: &[DumpEntry<'_>],
        theirs: &[DumpEntry<'_>],
    ) -> Vec<Found<'a>> {
        let mut unplaced: Vec<(Option<usize>, Found<'a>)> = Vec::new();
        for j in unmatched(theirs, ours, depth_and_text) {
            if let Some(found) = self.unplaced(&theirs[j]) {
                let token = found_token(found);
                if !unplaced.iter().any(|(t, _)| *t == token) {
                    unplaced.push((token, found));
                }
            }
        }
        unplaced.sort_by_key(|(token, _)| *token);
        unplaced
            .into_iter()
            .map(|(_, found)| found)
            .take(MAX_ELSEWHERE)
            .collect()
    }

    /// The locus of what was found, without the case's arms and tokens.
    fn locus_of(&self, found: Found<'a>, rule: LocusRule) -> Locus {
        let (token, arms) = match found {
            Found::Event(event) => (event.token, self.path_to(event)),
            Found::Token(token) => (Some(token), path(&self.trace.tokens[token].tree_arms)),
        };
        let traced = token.and_then(|t| self.trace.tokens.get(t));
        Locus {
            token: traced.map_or_else(|| "(set-up)".to_owned(), describe_token),
            mode: mode_of(&arms).map(arm_id).unwrap_or_default(),
            arms: arms.into_iter().map(arm_id).collect(),
            token_arms: traced
                .map(|t| {
                    t.tokenizer_arms
                        .iter()
                        .chain(&t.tree_arms)
                        .map(|&a| arm_id(a))
                        .collect()
                })
                .unwrap_or_default(),
            rule,
            case_arms: Vec::new(),
            case_tokens: Vec::new(),
            neighbours: Vec::new(),
            inside: Vec::new(),
            upstream: None,
            token_start: traced.map(|t| t.start),
        }
    }

    /// The locus of what was found.
    fn locus(&self, found: Found<'a>, rule: LocusRule) -> Locus {
        // Each arm by itself and with the token that passed it (`DOCTYPE@tree.in-table-
        // text.anything-else`).
        // Each pair once, before any text is made: most tokens repeat their arms.
        let mut arms = ArmSet::default();
        arms.extend(&self.trace.set_up_arms);
        // Tokens of the same words together (their first one names them), no text
        // made per token.
        let mut by_token: HashMap<TokenWords<'_>, (&TracedToken, ArmSet)> = HashMap::new();
        for token in &self.trace.tokens {
            let passed = || token.tokenizer_arms.iter().chain(&token.tree_arms);
            arms.extend(passed());
            by_token
                .entry(token_words(token))
                .or_insert_with(|| (token, ArmSet::default()))
                .1
                .extend(passed());
        }
        // Each text once (an arm, a token, a pair are each a key of a set above), in
        // no order: a class's patterns ask whether any matches.
        let mut case_tokens = Vec::with_capacity(by_token.len() + 1);
        let mut case_arms: Vec<String> = arms.ids().map(str::to_owned).collect();
        for (token, passed) in by_token.into_values() {
            let description = describe_token(token);
            case_arms.extend(passed.ids().map(|id| {
                let mut pair = String::with_capacity(description.len() + 1 + id.len());
                pair.push_str(&description);
                pair.push('@');
                pair.push_str(id);
                pair
            }));
            case_tokens.push(description);
        }
        if let Some(context) = self.context {
            case_tokens.push(format!("context {context}"));
        }
        Locus {
            case_arms,
            case_tokens,
            ..self.locus_of(found, rule)
        }
    }

    /// The arms from the mode's case before `event` up to the arm that acted in it.
    fn path_to(&self, event: &NodeEvent) -> Vec<Arm> {
        let arms = match event.token {
            Some(t) => &self.trace.tokens[t].tree_arms[..],
            None => &self.trace.set_up_arms[..],
        };
        let before = &arms[..event.arms_passed.min(arms.len())];
        path(before)
    }
}

/// The index of the entry that holds `entries[index]`: the nearest before it one
/// level shallower that is not an attribute.
fn parent_of(entries: &[DumpEntry<'_>], index: usize) -> Option<usize> {
    let depth = entries.get(index)?.depth;
    (0..index)
        .rev()
        .find(|&j| entries[j].depth + 1 == depth && !is_attribute(entries[j].text))
}

/// The indexes of the entries of `these` with no counterpart in `those`, the two
/// counted as multisets of `key`.
fn unmatched<'e, K: std::hash::Hash + Eq>(
    these: &[DumpEntry<'e>],
    those: &[DumpEntry<'e>],
    key: impl Fn(&DumpEntry<'e>) -> K,
) -> Vec<usize> {
    let mut left: HashMap<K, usize> = HashMap::with_capacity(those.len());
    for entry in those {
        *left.entry(key(entry)).or_default() += 1;
    }
    let mut unmatched = Vec::new();
    for (j, entry) in these.iter().enumerate() {
        match left.get_mut(&key(entry)).filter(|count| **count > 0) {
            Some(count) => *count -= 1,
            None => unmatched.push(j),
        }
    }
    unmatched
}

/// The events that a token made, earliest token first, at most [`MAX_ELSEWHERE`].
fn earliest_first<'a>(events: impl Iterator<Item = &'a NodeEvent>) -> Vec<&'a NodeEvent> {
    let mut events: Vec<(usize, &'a NodeEvent)> = events
        .filter_map(|event| Some((event.token?, event)))
        .collect();
    events.sort_by_key(|(token, _)| *token);
    events
        .into_iter()
        .map(|(_, event)| event)
        .take(MAX_ELSEWHERE)
        .collect()
}

/// An entry's depth and text: where it is, as a key of [`unmatched`].
fn depth_and_text<'e>(entry: &DumpEntry<'e>) -> (usize, &'e str) {
    (entry.depth, entry.text)
}

/// The local names of the first difference's ancestors, innermost first (those of
/// the reference's entry at `index`, then the engine's), whose elements hold the whole
/// difference: with every element of that name emptied of its descendants in both
/// trees, the trees are equal. The document's `html`, `head` and `body` are left out
/// (emptying them says nothing).
fn differences_inside(
    ours: &[DumpEntry<'_>],
    theirs: &[DumpEntry<'_>],
    index: usize,
) -> Vec<String> {
    let mut candidates: Vec<&str> = Vec::new();
    for tree in [ours, theirs] {
        let mut at = parent_of(tree, index);
        while let Some(parent) = at {
            if let Some(name) = element_name(tree[parent].text) {
                if !matches!(name, "html" | "head" | "body") && !candidates.contains(&name) {
                    candidates.push(name);
                }
            }
            at = parent_of(tree, parent);
        }
    }
    candidates
        .into_iter()
        .filter(|name| emptied(ours, name).eq(emptied(theirs, name)))
        .map(str::to_owned)
        .collect()
}

/// The entries of a dump with every element named `name` (its local name) emptied:
/// its descendants left out, its attributes kept; each as its depth and text.
fn emptied<'e>(
    entries: &'e [DumpEntry<'e>],
    name: &'e str,
) -> impl Iterator<Item = (usize, &'e str)> + 'e {
    let mut emptied_at: Option<usize> = None;
    entries.iter().filter_map(move |entry| {
        if let Some(depth) = emptied_at {
            let attribute = entry.depth == depth + 1 && is_attribute(entry.text);
            if entry.depth > depth && !attribute {
                return None;
            }
            if entry.depth <= depth {
                emptied_at = None;
            }
        }
        if element_name(entry.text) == Some(name) {
            emptied_at = Some(entry.depth);
        }
        Some((entry.depth, entry.text))
    })
}

/// An element entry's local name, without its namespace (`<svg table>` is `table`).
fn element_name(text: &str) -> Option<&str> {
    let inner = text.strip_prefix('<')?.strip_suffix('>')?;
    if inner.starts_with(['!', '?', '/']) {
        return None;
    }
    inner.rsplit(' ').next()
}

/// Whether a dump entry is an attribute (`name="value"`).
fn is_attribute(text: &str) -> bool {
    entry_shape(text).ends_with("=…")
}

/// The token of what was found.
fn found_token(found: Found<'_>) -> Option<usize> {
    match found {
        Found::Event(event) => event.token,
        Found::Token(token) => Some(token),
    }
}

/// The candidate with the earliest token (the first given on a tie; a candidate with
/// no token, the set-up, counts as earliest). `candidates` is never empty.
fn earliest<'a>(candidates: Vec<(Option<usize>, Found<'a>, LocusRule)>) -> (Found<'a>, LocusRule) {
    let best = candidates
        .into_iter()
        .reduce(|best, candidate| match (candidate.0, best.0) {
            (Some(new), Some(old)) if new < old => candidate,
            _ => best,
        });
    let (_, found, rule) = best.expect("at least one candidate");
    (found, rule)
}

/// `arms` without the ordinary outcome of the appropriate place for inserting a node.
fn path(arms: &[Arm]) -> Vec<Arm> {
    arms.iter()
        .copied()
        .filter(|&a| a != Arm::AppropriatePlaceStep4NotTemplate)
        .collect()
}

/// The last insertion mode or foreign content case among `arms`.
fn mode_of(arms: &[Arm]) -> Option<Arm> {
    use litmus_parser::spec_arms::Family;
    arms.iter().rev().copied().find(|&a| {
        matches!(
            spec_arms::family(a),
            Family::InsertionMode | Family::ForeignContent
        )
    })
}

fn arm_id(arm: Arm) -> String {
    spec_arms::id(arm).to_owned()
}

/// The kind of a token in words, without a tag's name: `start tag`, `end tag`,
/// `character`, `comment`, … (what new findings are grouped by).
pub fn token_kind(token: &str) -> &str {
    let mut tags = ["start tag", "end tag"].into_iter();
    tags.find(|kind| token.starts_with(kind)).unwrap_or(token)
}

/// A token in words, a character token's kind of characters included.
fn describe_token(token: &TracedToken) -> String {
    match token_words(token) {
        (_, _, Characters::Null) => "character NULL".to_owned(),
        (_, _, Characters::Whitespace) => "character whitespace".to_owned(),
        _ => token.describe(),
    }
}

/// What a character token holds, as its words tell it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Characters {
    Null,
    Whitespace,
    /// Other characters, or a token of another kind.
    Other,
}

/// What [`describe_token`] writes of a token: its kind, tag name and characters.
type TokenWords<'t> = (TokenKind, &'t str, Characters);

fn token_words(token: &TracedToken) -> TokenWords<'_> {
    let data = token.data.as_bytes();
    let characters = if token.kind != TokenKind::Characters || data.is_empty() {
        Characters::Other
    } else if data.iter().all(|&b| b == 0) {
        Characters::Null
    } else if data
        .iter()
        .all(|b| matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' '))
    {
        Characters::Whitespace
    } else {
        Characters::Other
    };
    (token.kind, &token.name, characters)
}

/// The length in bytes of the longest common prefix of two strings, on a character
/// boundary.
fn common_prefix(x: &str, y: &str) -> usize {
    x.char_indices()
        .zip(y.chars())
        .find(|((_, a), b)| a != b)
        .map_or_else(|| x.len().min(y.len()), |((i, _), _)| i)
}

#[cfg(test)]
mod tests;
