//! Matching a finding against the classes: the verdict.

use super::classes::{pattern_level, KnownClass, KnownDifferences, Right};
use super::glob::{glob_matches, glob_matches_ignoring_ascii_case, Glob};
use super::versions::{version_number, VersionCondition};
use litmus_compare::compare::{downstream, standard_round_trip, Divergence, Level};
use litmus_compare::locus::{Locus, LocusRule, Upstream};
use litmus_compare::signature::{Kind, Part, Signature};
use litmus_engines::case::ParseRequest;
use litmus_engines::engine::LitmusEngine;
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// What a finding shows, as classes read it. The locus is asked for only when a class
/// that could match has a locus condition (tracing a case costs a parse).
pub struct Evidence<'a> {
    pub engine: &'a str,
    pub signature: Signature,
    /// The (minimized) input.
    pub input: &'a str,
    /// The engine's version text, when the finding records one (else the classes'
    /// [`KnownDifferences::engine_version`]).
    pub version: Option<&'a str>,
    locus: OnceCell<Option<Locus>>,
    find_locus: Option<Box<dyn FnOnce() -> Option<Locus> + 'a>>,
    /// The finding's request, for a class's counterfactual parse (its `variant`).
    request: Option<&'a ParseRequest>,
    /// A tree or fragment finding's: the engine's tree, for what a known cause leaves
    /// of the finding ([`KnownDifferences::cause_and_residue`]).
    engine_tree: Option<&'a str>,
    /// Judged at a neighbour: the finding's own locus, which a counterfactual parse
    /// must meet.
    own_locus: Option<Locus>,
    /// The counterfactual parses' answers so far, by variant id (shared with the
    /// neighbours' evidence).
    variants: Rc<RefCell<HashMap<String, Counterfactual>>>,
    /// A round trip's: the standard's own round trip of the input, signed for the
    /// engine (`Some(None)`: it gives the tree back), found when a class asks.
    standard_round_trip: OnceCell<Option<Option<Signature>>>,
    find_standard_round_trip: Option<StandardRoundTrip<'a>>,
    /// A round trip's: the engine's parse of its serialization against the
    /// standard's parse of it ([`litmus_compare::compare::downstream`]), found when asked.
    find_downstream: Option<Downstream<'a>>,
}

/// How a round trip's downstream tree difference is found.
type Downstream<'a> = Box<dyn FnOnce() -> Option<(ParseRequest, Upstream)> + 'a>;

/// How the standard's own round trip of a finding's input is found
/// ([`litmus_compare::compare::standard_round_trip`]).
type StandardRoundTrip<'a> = Box<dyn FnOnce() -> Option<Option<Signature>> + 'a>;

impl<'a> Evidence<'a> {
    /// A finding with no locus (not a tree or fragment difference, or none known).
    pub fn new(engine: &'a str, signature: impl Into<Signature>, input: &'a str) -> Evidence<'a> {
        Evidence {
            engine,
            signature: signature.into(),
            input,
            version: None,
            locus: OnceCell::new(),
            find_locus: None,
            request: None,
            engine_tree: None,
            own_locus: None,
            variants: Rc::default(),
            standard_round_trip: OnceCell::new(),
            find_standard_round_trip: None,
            find_downstream: None,
        }
    }

    /// What the classes read of a divergence: its engine, signature and input, and
    /// its locus (`litmus_compare::locus`) when a class asks for one.
    pub fn of(divergence: &'a Divergence) -> Evidence<'a> {
        let d = divergence;
        Evidence::new(&d.engine, d.signature.clone(), &d.request.input)
            .with_request(&d.request)
            .with_locus(|| d.locus())
            .with_engine_tree(match d.level {
                Level::Tree | Level::Fragment if !d.is_failure() => d.compared_texts().1,
                _ => None,
            })
            .with_standard_round_trip(|| {
                // The reference parser's own round trip is the standard's: this one.
                if d.level == Level::RoundTrip && d.engine == LitmusEngine::NAME {
                    return Some(Some(d.signature.clone()));
                }
                standard_round_trip(&d.request, &d.engine)
            })
            .with_downstream(|| {
                let reparsed = &d.right.result.as_ref().ok()?.tree;
                downstream(
                    &d.request,
                    &d.engine,
                    d.round_trip_serialization()?,
                    reparsed,
                )
            })
    }

    /// The same finding, whose round trip's downstream tree difference `find` gives
    /// when the verdict asks ([`litmus_compare::compare::downstream`]).
    pub fn with_downstream(
        mut self,
        find: impl FnOnce() -> Option<(ParseRequest, Upstream)> + 'a,
    ) -> Evidence<'a> {
        self.find_downstream = Some(Box::new(find));
        self
    }

    /// The same finding, whose input's standard round trip `find` gives when a class
    /// asks ([`litmus_compare::compare::standard_round_trip`]).
    pub fn with_standard_round_trip(
        mut self,
        find: impl FnOnce() -> Option<Option<Signature>> + 'a,
    ) -> Evidence<'a> {
        self.find_standard_round_trip = Some(Box::new(find));
        self
    }

    /// Whether the standard's own round trip fails as the engine's did: a cause in the
    /// standard (a class with `right = "both"`) explains an engine's round trip only
    /// if the reference, serializing the same tree, fails it too. `None` where it is
    /// not tried: not a round trip, an engine's first tree that already departs from
    /// the standard's (then the standard's round trip is of another tree), or no
    /// locus or round trip to be had.
    fn standard_round_trip_alike(&mut self) -> Option<Counterfactual> {
        if !self.is_round_trip() || self.locus()?.upstream.is_some() {
            return None;
        }
        let find = &mut self.find_standard_round_trip;
        let found = self.standard_round_trip.get_or_init(|| find.take()?());
        let standard = found.as_ref()?;
        // Alike: the same first part, the place in the first tree and what it is
        // (`html5lib: "…" at '\r'`), whatever the reparse made there.
        Some(match standard {
            Some(theirs) if *theirs == self.signature => Counterfactual::Reproduced,
            Some(theirs) if theirs.parts().next() == self.signature.parts().next() => {
                Counterfactual::DepartsAlike
            }
            _ => Counterfactual::Refuted,
        })
    }

    /// Whether the finding is a round trip's.
    fn is_round_trip(&self) -> bool {
        self.signature.level() == Some(Level::RoundTrip)
    }

    /// The same finding, of the same engine, input and version, judged as the
    /// difference `signature` at `locus` (a neighbour, a round trip's tree difference,
    /// what a variant leaves of it).
    fn judged_as(&self, signature: Signature, locus: Option<Locus>) -> Evidence<'a> {
        Evidence::new(self.engine, signature, self.input)
            .with_version(self.version)
            .with_known_locus(locus)
    }

    /// The same finding, made of `request` (what a class's counterfactual parse
    /// parses again).
    pub fn with_request(mut self, request: &'a ParseRequest) -> Evidence<'a> {
        self.request = Some(request);
        self
    }

    /// The same finding, whose engine built `tree` (a tree or fragment finding).
    pub fn with_engine_tree(mut self, tree: Option<&'a str>) -> Evidence<'a> {
        self.engine_tree = tree;
        self
    }

    /// The same finding judged at `neighbour`, a neighbour of its own locus (whose
    /// case and containing elements it keeps).
    fn at_neighbour(&self, neighbour: &Locus) -> Evidence<'a> {
        let own = self.known_locus();
        let locus = own.map(|own| Locus {
            case_arms: own.case_arms.clone(),
            case_tokens: own.case_tokens.clone(),
            inside: own.inside.clone(),
            ..neighbour.clone()
        });
        let mut nearby = self.judged_as(self.signature.clone(), locus);
        nearby.request = self.request;
        nearby.own_locus = self
            .own_locus
            .clone()
            .or_else(|| self.known_locus().cloned());
        nearby.variants = Rc::clone(&self.variants);
        nearby
    }

    /// Whether the reference with `variants` put in at once (one cause, or two at work
    /// together) departs where the finding does: at the same token and arms. `None`
    /// where it is not tried: a finding with no first difference (a round trip's or
    /// serialization's tree may be the standard's), or no request to parse again.
    fn variants_depart_alike(&self, variants: &[&str]) -> Option<Counterfactual> {
        let request = self.request?;
        let own = self
            .own_locus
            .as_ref()
            .or_else(|| self.known_locus())
            .filter(|own| own.rule != LocusRule::Case)?;
        // The answer is the finding's (its own locus, whichever neighbour asks).
        let key = variants.join("+");
        if let Some(&answer) = self.variants.borrow().get(&key) {
            return Some(answer);
        }
        // The same first difference: the same node of the reference's tree (the
        // signature's reference side and place), made by the same token through the
        // same arms, differing in the same way (a node the engine lacks, one it placed
        // elsewhere, other text). Not the whole signature: what the engine made there
        // can show a second cause as well (a bogus comment where the variant, which
        // has processing instructions, builds one).
        let infos: Option<Vec<_>> = variants
            .iter()
            .map(|id| litmus_parser::departures::variant_by_id(id))
            .collect();
        let Some(infos) = infos else {
            return Some(Counterfactual::Refuted);
        };
        let put_in: Vec<_> = infos.iter().map(|info| info.departure).collect();
        let whole = infos.iter().any(|info| info.whole);
        let departure = litmus_compare::locus::of_variants(request, &put_in, self.engine);
        let answer = match departure {
            Some(departure)
                if departure.locus.as_ref().is_some_and(|theirs| {
                    litmus_compare::locus::same_departure(own, theirs)
                        && own.rule == theirs.rule
                        && reference_side(&departure.signature) == reference_side(&self.signature)
                }) =>
            {
                // The engine's side too: the variant made what the engine made there.
                // A variant of what a token carries (a NULL kept in its name) shows
                // only so: its first effect is that token's own node.
                if departure.signature == self.signature {
                    Counterfactual::Reproduced
                } else if whole {
                    Counterfactual::Refuted
                } else {
                    Counterfactual::DepartsAlike
                }
            }
            _ => Counterfactual::Refuted,
        };
        self.variants.borrow_mut().insert(key, answer);
        Some(answer)
    }

    /// The same finding, made by the engine at `version` (its handshake's text).
    pub fn with_version(mut self, version: Option<&'a str>) -> Evidence<'a> {
        self.version = version;
        self
    }

    /// The same finding, whose locus `find` gives when a class asks.
    pub fn with_locus(mut self, find: impl FnOnce() -> Option<Locus> + 'a) -> Evidence<'a> {
        self.find_locus = Some(Box::new(find));
        self
    }

    /// The same finding with its locus known.
    pub fn with_known_locus(self, locus: Option<Locus>) -> Evidence<'a> {
        let evidence = Evidence {
            find_locus: None,
            ..self
        };
        let _ = evidence.locus.set(locus);
        evidence
    }

    /// The locus, found now if it was not yet.
    pub fn locus(&mut self) -> Option<&Locus> {
        let find = &mut self.find_locus;
        self.locus.get_or_init(|| find.take()?()).as_ref()
    }

    /// The locus if it has been found (never finds it).
    pub fn known_locus(&self) -> Option<&Locus> {
        self.locus.get().and_then(Option::as_ref)
    }

    /// The locus if it has been found and says where a node was placed: not a
    /// node's own data ([`LocusRule::Data`]) nor a case without a first difference
    /// ([`LocusRule::Case`]). It was found if a class with a locus condition could
    /// match; if none could, none can at a neighbour either.
    fn placement(&self) -> Option<&Locus> {
        self.known_locus()
            .filter(|locus| ![LocusRule::Data, LocusRule::Case].contains(&locus.rule))
    }
}

/// A tree or fragment signature's reference side: the node of the reference's tree
/// where the trees part (its first part), and its place (its last, `in: <select>`).
/// Where two texts part (`"…" at '='`) is not part of the node: an engine that splits
/// the text into two nodes (a second cause) parts from it elsewhere.
fn reference_side(signature: &Signature) -> (Option<Part<'_>>, Option<Part<'_>>) {
    let node = signature.parts().next().map(|part| Part {
        shape: part
            .shape
            .split_once(" at ")
            .map_or(part.shape, |(node, _)| node),
        ..part
    });
    (node, signature.parts().last())
}

/// What a counterfactual parse (the reference with a class's variant put in) says of
/// a finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Counterfactual {
    /// The variant departs from the standard elsewhere, or not at all: the cause is
    /// not at work here.
    Refuted,
    /// The variant departs at the same token and arms, at the same node of the
    /// reference's tree, in the same way; what the engine made there may show a second
    /// cause as well.
    DepartsAlike,
    /// As [`Counterfactual::DepartsAlike`], and the variant made there what the engine
    /// made: the whole first difference is reproduced.
    Reproduced,
}

/// What the classes say of a finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<'k> {
    /// One class explains it, more specifically than any other that matches.
    Known(&'k KnownClass),
    /// Several classes match with the same top specificity: a finding about the
    /// classes.
    Ambiguous(Vec<&'k KnownClass>),
    /// No class matches at the engine's version, but this one matches in every way
    /// but its `versions`: a behaviour known for another version of the engine.
    AtAnotherVersion(&'k KnownClass),
    /// Two classes whose causes, both at work, explain it together where neither
    /// alone does: two variants that depart as the engine did only when put in at
    /// once, or a variant that brings the standard's tree nearer the engine's and a
    /// class that explains the rest. Known, by both (the first is its class).
    Causes(Vec<&'k KnownClass>),
    /// No class matches.
    New,
}

/// The ids of `classes`, joined by `separator`: how an ambiguous finding's or two
/// causes' classes are written.
pub fn joined_ids(classes: &[&KnownClass], separator: &str) -> String {
    classes
        .iter()
        .map(|c| c.id.as_str())
        .collect::<Vec<_>>()
        .join(separator)
}

impl<'k> Verdict<'k> {
    /// The class, for a known finding (at its version or another).
    pub fn class(&self) -> Option<&'k KnownClass> {
        match self {
            Verdict::Known(class) | Verdict::AtAnotherVersion(class) => Some(class),
            Verdict::Causes(classes) => classes.first().copied(),
            _ => None,
        }
    }
}

impl KnownClass {
    /// Whether the class's engine is the finding's: the same name, `*`, or a mutant of
    /// the reference (matched against every class).
    pub fn is_for_engine(&self, engine: &str) -> bool {
        self.engine == "*" || self.names_engine(engine) || engine.starts_with("mutant:")
    }

    /// Whether the class's conditions that need no locus hold. A signature pattern
    /// speaks for the levels its first field names: at a level none of the class's
    /// patterns names, the class matches by its locus conditions, and only at the
    /// levels that have a locus (tree and fragment).
    fn matches_surface(&self, evidence: &Evidence<'_>) -> bool {
        // The engine first: most classes are another engine's, and their patterns
        // need not be read.
        if !self.is_for_engine(evidence.engine) {
            return false;
        }
        let kind = evidence.signature.kind();
        let mut relevant = self
            .signatures
            .iter()
            .filter(|p| glob_matches(pattern_level(p), kind.as_str()))
            .peekable();
        let signature_holds = match relevant.peek() {
            Some(_) => relevant.any(|p| glob_matches(p, evidence.signature.as_str())),
            // A tree or fragment finding that no pattern speaks for: the class's locus
            // speaks, if it has a condition on the first difference (locus, token),
            // or if it has no signatures at all (its case conditions then speak for
            // trees and fragments).
            None => {
                has_locus(kind)
                    && self.needs_locus()
                    && !self.names_a_locus_level()
                    && (self.signatures.is_empty()
                        || !self.locus.is_empty()
                        || !self.token.is_empty())
            }
        };
        let refuted = self
            .unless
            .iter()
            .any(|p| glob_matches(p, evidence.signature.as_str()));
        signature_holds
            && !refuted
            && (self.inputs.is_empty()
                || self
                    .inputs
                    .iter()
                    .any(|p| glob_matches_ignoring_ascii_case(p, evidence.input)))
    }

    /// Three more when one of the class's `passes` patterns names the locus's own token
    /// at one of the arms it passed (`start tag form@tree.in-table.start-tag-form` for
    /// a tree that departs at that form): of two classes that match a case, the one
    /// whose cause is at the token where the trees part explains it.
    fn names_the_locus_token(&self, evidence: &Evidence<'_>) -> u32 {
        let at_the_token = |locus: &Locus| {
            self.passes
                .iter()
                .filter_map(|p| p.rsplit_once('@'))
                .any(|(token, arm)| {
                    glob_matches(token, &locus.token)
                        && any_matches(arm, locus.arms.iter().chain(&locus.token_arms))
                })
        };
        // More than a locus, a token and a case condition together: the token where the
        // trees part, at the arm the cause is in, is the cause's own mark.
        3 * u32::from(evidence.known_locus().is_some_and(at_the_token))
    }

    /// Whether one of the class's signature patterns names a level with a locus (tree
    /// or fragment): then it speaks for those levels, and the class matches the other
    /// one only by a pattern of its own.
    fn names_a_locus_level(&self) -> bool {
        self.signatures.iter().any(|p| {
            let level = pattern_level(p);
            glob_matches(level, "tree") || glob_matches(level, "fragment")
        })
    }

    /// Whether the class's locus conditions hold for `locus`. A case's locus (a
    /// round trip's, a serialization's, an errors finding's: no first difference)
    /// answers only the case conditions (`passes`, `tokens`); `locus` and `token`
    /// speak for trees and fragments.
    fn matches_locus(&self, locus: &Locus) -> bool {
        // Each condition empty, or one of its patterns matching one of the texts.
        let holds = |patterns: &[String], texts: &[String]| {
            patterns.is_empty() || patterns.iter().any(|p| any_matches(p, texts))
        };
        let case_holds =
            holds(&self.passes, &locus.case_arms) && holds(&self.tokens, &locus.case_tokens);
        if locus.rule == LocusRule::Case {
            return case_holds;
        }
        // A `tokenizer.` pattern is an arm of the locus token's own tokenizing: the
        // difference is in what the tokenizer made of that token (its name's case, a
        // NULL it kept).
        let any_arm = |pattern: &String| match pattern.starts_with("tokenizer.") {
            true => any_matches(
                pattern,
                locus
                    .token_arms
                    .iter()
                    .filter(|a| a.starts_with("tokenizer.")),
            ),
            false => any_matches(pattern, &locus.arms),
        };
        // Where the trees part: at an arm of `locus`, or only inside an element of
        // `inside`; either, when the class gives both.
        let placed = (self.locus.is_empty() && self.inside.is_empty())
            || self.locus.iter().any(any_arm)
            || self.inside.iter().any(|p| any_matches(p, &locus.inside));
        case_holds
            && placed
            && (self.token.is_empty() || self.token.iter().any(|p| glob_matches(p, &locus.token)))
    }

    /// Whether the class's locus conditions hold, its surface conditions holding.
    fn matches_beyond_the_surface(&self, evidence: &mut Evidence<'_>) -> bool {
        if !self.needs_locus() || !has_case(evidence.signature.kind()) {
            return true;
        }
        evidence
            .locus()
            .is_some_and(|locus| self.matches_locus(locus))
    }

    /// Whether the class holds for `engine` at `version` (the number of its version
    /// text): it has no `versions`, or one of them holds.
    pub fn holds_at(&self, engine: &str, version: Option<&[u64]>) -> bool {
        self.versions.is_empty()
            || self.versions.iter().any(|entry| {
                VersionCondition::parse(entry).is_ok_and(|c| c.holds(&self.engine, engine, version))
            })
    }

    /// How specific the class is for a finding at `level`: one for each condition it
    /// gives (its signatures only if one that speaks for `level` says more than the
    /// level; its versions too), two for a locus or token condition whose patterns have
    /// no `*`, and one more for naming one engine rather than every engine (`*`). Among
    /// the classes that match a finding, the most specific explains it.
    pub fn specificity(&self, level: &str) -> u32 {
        // Only the patterns that speak for the finding's level count.
        let trivial_signatures = self
            .signatures
            .iter()
            .filter(|p| glob_matches(pattern_level(p), level))
            .all(|s| is_trivial_signature(s));
        let weight = |patterns: &[String]| match patterns {
            [] => 0,
            _ if patterns.iter().all(|p| !p.contains('*')) => 2,
            _ => 1,
        };
        // A locus condition on the token's tokenizing alone says which token, not
        // where the trees part: it counts as a case condition does.
        let locus = match self.locus.iter().all(|p| p.starts_with("tokenizer.")) {
            true => u32::from(!self.locus.is_empty()),
            false => weight(&self.locus),
        };
        // A class of one engine says more than one of every engine (`*`).
        u32::from(self.engine != "*")
            + locus.max(weight(&self.inside))
            + weight(&self.token)
            + u32::from(!self.passes.is_empty())
            + u32::from(!self.tokens.is_empty())
            + u32::from(!trivial_signatures)
            + u32::from(!self.inputs.is_empty())
            + u32::from(!self.versions.is_empty())
    }
}

/// Whether findings of `kind` have a locus (tree and fragment).
fn has_locus(kind: &Kind) -> bool {
    kind.level()
        .is_some_and(|level| [Level::Tree, Level::Fragment].contains(&level))
}

/// Whether findings of `kind` have a case whose arms and tokens a class can read
/// (tree and fragment, with their locus; round trip, serialization and errors, and an
/// engine's failure, the case's only, [`LocusRule::Case`]: the reference parsed the
/// input the engine failed on (crash, timeout, unreadable output, …).
fn has_case(kind: &Kind) -> bool {
    match kind.level() {
        Some(level) => [
            Level::Tree,
            Level::Fragment,
            Level::RoundTrip,
            Level::Serialization,
            Level::Errors,
        ]
        .contains(&level),
        None => true,
    }
}

/// Whether the glob `pattern` matches one of `texts` (read once for all of them).
fn any_matches<'t>(pattern: &str, texts: impl IntoIterator<Item = &'t String>) -> bool {
    let glob = Glob::new(pattern);
    texts.into_iter().any(|text| glob.matches(text))
}

/// A signature pattern that says nothing but the level: `tree | litmus: * | X: * |
/// in: *`, `*`.
fn is_trivial_signature(pattern: &str) -> bool {
    pattern
        .split(" | ")
        .skip(1)
        .all(|part| part == "*" || part.ends_with(": *"))
}

/// The verdict's rules, in the order they are asked: the first that recognises a
/// finding gives its verdict, and a finding none recognises is new. Each names one
/// kind of cause; the class-level choice within [`Rule::AtTheLocus`] (which of the
/// classes that match explains) is [`KnownClass::specificity`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Two classes tie at the locus, and their variants, each departing as the engine
    /// did, together make what it made there: two causes, not an ambiguity (html5lib's
    /// `<svg><title><zx></title><?t>`: no processing instructions, narrower special).
    TiedVariantsTogether,
    /// The classes that match the finding at its own locus: the most specific (known),
    /// several tied (ambiguous), or only at another version of the engine.
    AtTheLocus,
    /// A round trip of a tree that already departs from the standard's: the engine
    /// serialized a tree the standard does not build, and that tree's cause is the
    /// round trip's.
    Upstream,
    /// A round trip of the standard's tree that the engine reads back otherwise: its
    /// parse of its own serialization, against the standard's parse of that text.
    Downstream,
    /// A placement no class explains at its locus, judged at each neighbour of the
    /// locus, nearest first (not a node's own data: what made the data is its cause).
    Neighbour,
    /// Two variants of the engine that, put in at once, depart as the engine did where
    /// neither alone does: two causes at work together (parse5's older select and its
    /// table scope past a template, `<table><td><template><thead><select></tr><style>`).
    TwoVariants,
    /// A variant that brings the standard's tree nearer the engine's, and a class with
    /// no variant that explains what it leaves: a cause and its residue (html5lib's
    /// older select and its unmerged text, `<table><select><col>x<`).
    CauseAndResidue,
}

/// Every rule, in order.
pub const RULES: [Rule; 7] = [
    Rule::TiedVariantsTogether,
    Rule::AtTheLocus,
    Rule::Upstream,
    Rule::Downstream,
    Rule::Neighbour,
    Rule::TwoVariants,
    Rule::CauseAndResidue,
];

impl KnownDifferences {
    /// The verdict on a finding: the first of [`RULES`] that recognises it.
    pub fn verdict(&self, evidence: &mut Evidence<'_>) -> Verdict<'_> {
        self.verdict_by(evidence, &RULES)
    }

    /// The verdict on a finding by `rules` alone, asked in their order (a rule's tests
    /// ask it without that rule).
    pub fn verdict_by(&self, evidence: &mut Evidence<'_>, rules: &[Rule]) -> Verdict<'_> {
        // Every rule reads the classes at the locus (the later ones, that none
        // matched there); it is found once.
        let at_locus = self.verdict_at_locus(evidence);
        rules
            .iter()
            .find_map(|&rule| self.recognise(rule, evidence, &at_locus, rules))
            .unwrap_or(Verdict::New)
    }

    /// What `rule` makes of a finding whose classes at the locus gave `at_locus`:
    /// `None` if it does not recognise the finding.
    fn recognise<'k>(
        &'k self,
        rule: Rule,
        evidence: &mut Evidence<'_>,
        at_locus: &Verdict<'k>,
        rules: &[Rule],
    ) -> Option<Verdict<'k>> {
        // The rules after the locus's own judge what no class explains there.
        if !matches!(rule, Rule::TiedVariantsTogether | Rule::AtTheLocus)
            && *at_locus != Verdict::New
        {
            return None;
        }
        match rule {
            Rule::TiedVariantsTogether => match at_locus {
                Verdict::Ambiguous(alike) => self
                    .causes_of_an_ambiguity(evidence, alike)
                    .map(Verdict::Causes),
                _ => None,
            },
            Rule::AtTheLocus => Some(at_locus.clone()).filter(|v| *v != Verdict::New),
            Rule::Upstream => {
                if !evidence.is_round_trip() {
                    return None;
                }
                let upstream = evidence.locus()?.upstream.clone()?;
                let mut tree = evidence.judged_as(upstream.signature, upstream.locus);
                tree.request = evidence.request;
                Some(self.verdict_by(&mut tree, rules))
            }
            Rule::Downstream => {
                if !evidence.is_round_trip() {
                    return None;
                }
                let (again, downstream) = evidence.find_downstream.take()?()?;
                let mut tree = evidence
                    .judged_as(downstream.signature, downstream.locus)
                    .with_request(&again);
                tree.input = &again.input;
                Some(self.verdict_by(&mut tree, rules))
            }
            Rule::Neighbour => {
                let neighbours = evidence.placement()?.neighbours.clone();
                neighbours.iter().find_map(|neighbour| {
                    let verdict = self.verdict_at_locus(&mut evidence.at_neighbour(neighbour));
                    Some(verdict).filter(|v| *v != Verdict::New)
                })
            }
            Rule::TwoVariants => {
                evidence.placement()?;
                self.two_causes(evidence).map(Verdict::Causes)
            }
            Rule::CauseAndResidue => {
                evidence.placement()?;
                self.cause_and_residue(evidence).map(Verdict::Causes)
            }
        }
    }

    /// [`Rule::TiedVariantsTogether`]: the two classes `alike`, if each variant alone
    /// departs alike and both at once reproduce the difference.
    fn causes_of_an_ambiguity<'k>(
        &self,
        evidence: &Evidence<'_>,
        alike: &[&'k KnownClass],
    ) -> Option<Vec<&'k KnownClass>> {
        let &[one, other] = alike else {
            return None;
        };
        let (first, second) = (one.variant.as_deref()?, other.variant.as_deref()?);
        if first == second {
            return None;
        }
        let departs_alike = |variants: &[&str]| evidence.variants_depart_alike(variants);
        let each_alone = departs_alike(&[first]) == Some(Counterfactual::DepartsAlike)
            && departs_alike(&[second]) == Some(Counterfactual::DepartsAlike);
        let together = departs_alike(&[first, second]) == Some(Counterfactual::Reproduced);
        (each_alone && together).then(|| vec![one, other])
    }

    /// The engine's classes with a variant that holds at its version, one per variant.
    fn variant_classes(&self, evidence: &Evidence<'_>) -> Vec<(&str, &KnownClass)> {
        let version = self.version_of(evidence);
        let mut candidates: Vec<(&str, &KnownClass)> = Vec::new();
        for class in self.classes.iter().flat_map(KnownClass::views) {
            let Some(variant) = class.variant.as_deref() else {
                continue;
            };
            if !class.is_for_engine(evidence.engine)
                || !class.holds_at(evidence.engine, version.as_deref())
                || candidates.iter().any(|(v, _)| *v == variant)
            {
                continue;
            }
            candidates.push((variant, class));
        }
        candidates
    }

    /// [`Rule::CauseAndResidue`]: a variant's class, and the class with no variant
    /// that explains the engine's tree against the variant's.
    fn cause_and_residue(&self, evidence: &Evidence<'_>) -> Option<Vec<&KnownClass>> {
        let request = evidence.request?;
        let engine_tree = evidence.engine_tree?;
        for (id, class) in self.variant_classes(evidence) {
            let Some(info) = litmus_parser::departures::variant_by_id(id) else {
                continue;
            };
            // The variant's cause explains part of the difference: the engine's tree
            // is nearer the variant's than the standard's.
            let Some(residue) = litmus_compare::locus::residue_of_variants(
                request,
                &[info.departure],
                evidence.engine,
                engine_tree,
            ) else {
                continue;
            };
            // Judged by its patterns and locus alone: its case is the variant's parse,
            // which no other variant's counterfactual reads.
            let mut rest = evidence.judged_as(residue.signature, residue.locus);
            if let Verdict::Known(other) = self.verdict_at_locus(&mut rest) {
                if other.variant.is_none() && other.id != class.id {
                    return Some(vec![class, other]);
                }
            }
        }
        None
    }

    /// [`Rule::TwoVariants`]: two of the engine's variant classes whose variants,
    /// neither departing alike alone, depart alike together.
    fn two_causes(&self, evidence: &Evidence<'_>) -> Option<Vec<&KnownClass>> {
        let candidates = self.variant_classes(evidence);
        // A variant that departs as the engine did by itself is no second cause's
        // partner: with any other variant that changes nothing there, the pair would
        // depart alike too.
        let alone: Vec<bool> = candidates
            .iter()
            .map(|&(variant, _)| {
                evidence
                    .variants_depart_alike(&[variant])
                    .is_some_and(|answer| answer != Counterfactual::Refuted)
            })
            .collect();
        for (i, &(first, one)) in candidates.iter().enumerate() {
            for (j, &(second, other)) in candidates.iter().enumerate().skip(i + 1) {
                if alone[i] || alone[j] || one.id == other.id {
                    continue;
                }
                let answer = evidence.variants_depart_alike(&[first, second])?;
                if answer != Counterfactual::Refuted {
                    return Some(vec![one, other]);
                }
            }
        }
        None
    }

    /// The finding's engine version: its own, else the classes' for the engine.
    fn version_of(&self, evidence: &Evidence<'_>) -> Option<Vec<u64>> {
        let version = evidence
            .version
            .or_else(|| self.engine_version(evidence.engine));
        version.and_then(version_number)
    }

    /// The verdict on a finding at its own locus.
    fn verdict_at_locus(&self, evidence: &mut Evidence<'_>) -> Verdict<'_> {
        let kind = evidence.signature.kind().clone();
        let level = kind.as_str();
        let version = self.version_of(evidence);
        let mut best: Vec<&KnownClass> = Vec::new();
        let mut best_specificity = (Counterfactual::Refuted, 0);
        let mut elsewhere: Vec<&KnownClass> = Vec::new();
        let mut elsewhere_specificity = (Counterfactual::Refuted, 0);
        // The classes that need no locus first: a locus is found only if a class
        // with a locus condition could still match.
        for class in self.classes.iter().flat_map(KnownClass::views) {
            if !class.matches_surface(evidence) || !class.matches_beyond_the_surface(evidence) {
                continue;
            }
            // A cause the reference can put in is tried: refuted, the class explains
            // nothing here; shown (the variant departs as the engine did), it comes
            // before every class whose cause was not shown, whatever their patterns,
            // and a variant that reproduces the engine's whole first difference
            // before one that only departs alike. A class with no variant ranks as
            // refuted does (its cause was not shown).
            let mut shown = Counterfactual::Refuted;
            if let Some(variant) = &class.variant {
                match evidence.variants_depart_alike(&[variant]) {
                    Some(Counterfactual::Refuted) => continue,
                    Some(answer) => shown = answer,
                    None => {}
                }
            }
            // A cause in the standard itself (both sides right: the standard's
            // serialization does not give this tree back) is tried the same way, on
            // the standard's own round trip of the input.
            if class.right == Right::Both {
                match evidence.standard_round_trip_alike() {
                    Some(Counterfactual::Refuted) => continue,
                    Some(answer) => shown = shown.max(answer),
                    None => {}
                }
            }
            let specificity = (
                shown,
                class.specificity(level) + class.names_the_locus_token(evidence),
            );
            let (list, top) = if class.holds_at(evidence.engine, version.as_deref()) {
                (&mut best, &mut best_specificity)
            } else {
                (&mut elsewhere, &mut elsewhere_specificity)
            };
            if list.is_empty() || specificity > *top {
                *list = vec![class];
                *top = specificity;
            } else if specificity == *top && !list.iter().any(|c| c.id == class.id) {
                // Two shapes of one class are one cause, not an ambiguity.
                list.push(class);
            }
        }
        match (best.len(), elsewhere.len()) {
            (0, 0) => Verdict::New,
            (0, 1) => Verdict::AtAnotherVersion(elsewhere[0]),
            (0, _) => Verdict::Ambiguous(elsewhere),
            (1, _) => Verdict::Known(best[0]),
            _ => Verdict::Ambiguous(best),
        }
    }

    /// The class that explains a finding, if exactly one does best.
    pub fn classify<'k>(&'k self, evidence: &mut Evidence<'_>) -> Option<&'k KnownClass> {
        self.verdict(evidence).class()
    }
}
