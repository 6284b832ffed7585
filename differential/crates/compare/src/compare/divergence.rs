//! A divergence: two answers that differ, or an engine that failed ([`Divergence`],
//! its two [`Side`]s), and the pure comparisons that find them in answers already
//! in hand ([`compare_results`], [`compare_serializations`],
//! [`failure_divergences`]).

use crate::signature::{
    failure_signature, first_line_difference, first_tree_difference, serialization_signature,
    tree_signature, FirstDifference, Level, Signature,
};
use litmus_engines::case::{EngineFailure, EngineName, EngineOutput, ParseRequest, ParseResult};
use litmus_engines::engine::tokenizers::TokenStart;
use serde::{Deserialize, Serialize};

/// One engine's answer, labelled with the engine's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Side {
    pub engine: EngineName,
    pub result: ParseResult,
}

/// Two answers that differ, or an engine that failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Divergence {
    pub level: Level,
    /// The request (for a round trip, the first parse's; the second parses the first
    /// one's serialization with the same options).
    pub request: ParseRequest,
    /// The reference engine's answer; for a round trip, the engine's first answer.
    pub left: Side,
    /// The other engine's answer; for a round trip, the same engine's answer for its
    /// own serialization.
    pub right: Side,
    /// Where the compared texts (trees, or serializations) first differ; `None` for a
    /// failure.
    pub first_difference: Option<FirstDifference>,
    pub signature: Signature,
    /// The engine whose behaviour it shows — the one rule every part of litmus uses
    /// (classification, reports, the fuzz targets): for a tree, fragment or
    /// serialization difference the engine compared with the reference (the right
    /// side); for a round trip the engine that round-tripped; for a failure the engine
    /// that failed (the one its signature names).
    pub engine: EngineName,
    /// What its level adds (the chunk level's split points, the token level's start
    /// point).
    #[serde(default, skip_serializing_if = "Detail::is_none")]
    pub detail: Detail,
}

impl Divergence {
    /// A divergence at `level` between the reference's answer `left` and another
    /// engine's `right`, shown by the right side's engine (a failure's caller names
    /// the failing engine instead).
    pub fn between(
        level: Level,
        request: &ParseRequest,
        left: &Side,
        right: &Side,
        first_difference: Option<FirstDifference>,
        signature: Signature,
    ) -> Divergence {
        Divergence {
            level,
            request: request.clone(),
            left: left.clone(),
            right: right.clone(),
            first_difference,
            signature,
            engine: right.engine.clone(),
            detail: Detail::None,
        }
    }

    /// Whether this records an engine failure (crash, timeout, …) rather than two
    /// outputs that differ.
    pub fn is_failure(&self) -> bool {
        self.signature.is_failure()
    }

    /// A round trip's serialization: the engine's text of its first tree.
    pub fn round_trip_serialization(&self) -> Option<&str> {
        if self.level != Level::RoundTrip {
            return None;
        }
        self.left.result.as_ref().ok()?.serialization.as_deref()
    }

    /// The locus of this divergence, if its level has one and the reference's trace of
    /// its case explains its left side ([`crate::locus`]).
    pub fn locus(&self) -> Option<crate::locus::Locus> {
        // An engine that failed left no tree: the case's arms and tokens only.
        if self.is_failure() {
            return crate::locus::of_case(&self.request);
        }
        self.level.rules().locus(self)
    }

    /// The token, arms and rule of this tree or fragment divergence's locus, without
    /// what the whole case and the neighbours add ([`crate::locus::departure`]).
    pub fn departure(&self) -> Option<crate::locus::Locus> {
        if !matches!(self.level, Level::Tree | Level::Fragment) {
            return None;
        }
        let left = self.left.result.as_ref().ok()?;
        let right = self.right.result.as_ref().ok()?;
        crate::locus::departure(&self.request, &left.tree, &right.tree)
    }

    /// The texts this level compares: the two trees, or the two serializations.
    pub fn compared_texts(&self) -> (Option<&str>, Option<&str>) {
        fn text(side: &Side) -> Option<&EngineOutput> {
            side.result.as_ref().ok()
        }
        let rules = self.level.rules();
        (
            text(&self.left).and_then(|output| rules.compared_text(output)),
            text(&self.right).and_then(|output| rules.compared_text(output)),
        )
    }
}

/// The level of a request: fragment for a fragment parse, else tree.
pub fn level_of(request: &ParseRequest) -> Level {
    if request.fragment.is_some() {
        Level::Fragment
    } else {
        Level::Tree
    }
}

/// The name of the root in signatures: `#document`, or for a fragment the context it
/// was parsed in, `#fragment(svg path)` (top-level differences often depend on it: a
/// round trip in a `script` context, a table part in `tr`).
pub(crate) fn root_label(request: &ParseRequest) -> String {
    match &request.fragment {
        Some(context) => format!("#fragment({context})"),
        None => "#document".to_owned(),
    }
}

/// Compares two engines' answers to `request` at `level` (tree or fragment): a
/// failure divergence per failing engine, else a tree divergence, else (with
/// `serialization`) a serialization divergence.
pub fn compare_results(
    level: Level,
    request: &ParseRequest,
    left: &Side,
    right: &Side,
    serialization: bool,
) -> Vec<Divergence> {
    let (l, r) = match (&left.result, &right.result) {
        (Ok(l), Ok(r)) => (l, r),
        _ => return failure_divergences(level, request, left, right, |_| true),
    };
    let root = root_label(request);
    if let Some(signature) =
        tree_signature(level, &left.engine, &l.tree, &right.engine, &r.tree, &root)
    {
        let first = first_tree_difference(&l.tree, &r.tree);
        return vec![Divergence::between(
            level, request, left, right, first, signature,
        )];
    }
    if serialization {
        return compare_serializations(request, left, right)
            .into_iter()
            .collect();
    }
    Vec::new()
}

/// Compares two engines' serializations of trees that agree: `None` when they agree,
/// or when an engine gave none.
pub fn compare_serializations(
    request: &ParseRequest,
    left: &Side,
    right: &Side,
) -> Option<Divergence> {
    let ls = left.result.as_ref().ok()?.serialization.as_ref()?;
    let rs = right.result.as_ref().ok()?.serialization.as_ref()?;
    let signature = serialization_signature(
        &left.engine,
        ls,
        &right.engine,
        rs,
        &root_label(request),
        request.scripting,
    )?;
    let first = first_line_difference(ls, rs);
    Some(Divergence::between(
        Level::Serialization,
        request,
        left,
        right,
        first,
        signature,
    ))
}

/// A failure divergence for each side of a comparison at `level` whose engine failed,
/// but for the failures `counts` says the level passes over (the errors level skips
/// an engine that reports no errors).
pub fn failure_divergences(
    level: Level,
    request: &ParseRequest,
    left: &Side,
    right: &Side,
    counts: fn(&EngineFailure) -> bool,
) -> Vec<Divergence> {
    [left, right]
        .into_iter()
        .filter_map(|side| {
            let failure = side.result.as_ref().err().filter(|f| counts(f))?;
            let signature = failure_signature(&side.engine, failure);
            let mut divergence = Divergence::between(level, request, left, right, None, signature);
            divergence.engine = side.engine.clone();
            Some(divergence)
        })
        .collect()
}

/// What one level adds to a divergence beyond its sides: the chunk level's split
/// points, the token level's start point.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Detail {
    /// Nothing: the other levels.
    #[default]
    None,
    /// The byte offsets the input was cut at (the left side is the engine's tree of
    /// the whole input, the right its tree of the pieces).
    Splits(Vec<usize>),
    /// Where the tokenizers started (the left side is the reference tokenizer's
    /// tokens, the right the other tokenizer's).
    Start(TokenStart),
}

impl Detail {
    pub fn is_none(&self) -> bool {
        *self == Detail::None
    }

    /// The chunk level's split points; empty at the other levels.
    pub fn splits(&self) -> &[usize] {
        match self {
            Detail::Splits(splits) => splits,
            _ => &[],
        }
    }

    /// The token level's start point.
    pub fn start(&self) -> Option<&TokenStart> {
        match self {
            Detail::Start(start) => Some(start),
            _ => None,
        }
    }
}
