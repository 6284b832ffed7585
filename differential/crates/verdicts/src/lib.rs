//! litmus-verdicts: a divergence's verdict in the standard's terms, from the known
//! cause classes.
//!
//! The layer above comparison (ARCHITECTURE.md): it reads a divergence, its locus and
//! the reference parser's counterfactual parses (`litmus_compare`), and the campaign
//! and the command line read it. `classes.rs` reads and checks the classes file
//! ([`KnownDifferences`], [`KnownClass`]); [`matching`] turns the [`Evidence`] of a
//! divergence ([`Evidence::of`]) into a [`Verdict`] by one ordered list of rules;
//! [`glob`] and [`versions`] are a class's surface patterns and engine versions. The
//! seam: a class's `variant` is a departure of the reference parser
//! (`litmus_parser::departures`, its variants), tried by a counterfactual parse.
//!
//! # Known differences: the classes of divergence litmus understands
//!
//! `corpus/known-differences.toml` lists them. A class names a *cause*: where an
//! engine leaves the standard, in the standard's terms. Each has an id, the engine
//! whose behaviour it explains, the conditions a finding must meet, a one-line
//! explanation, the spec section, and the upstream issue where there is one.
//!
//! The conditions, each optional, all of those given must hold; within one, a list of
//! patterns is a choice (one of them must match):
//!
//! - `locus`: globs over arm ids (`tree.in-body.start-tag-input`,
//!   `tree.adoption-agency.*`); one must match an arm of the finding's locus
//!   ([`litmus_compare::locus`]: the token and arms at which the engine's tree first departs
//!   from the reference's). Only tree and fragment findings have a locus.
//! - `inside`: globs over element local names (`selectedcontent`); the whole
//!   difference lies inside elements of one of them: the trees are equal once every
//!   such element has lost its descendants ([`litmus_compare::locus::Locus::inside`]). With
//!   `locus`, either one holding is enough.
//! - `token`: globs over the locus token in words (`start tag input`, `end tag *`,
//!   `character NULL`, `DOCTYPE`).
//! - `passes`: globs over arm ids, one of which the case passed somewhere, the
//!   tokenizer's included (`tokenizer.cdata-section.*`); `TOKEN@ARM` asks that a
//!   token of that description passed it (`DOCTYPE@tree.in-table-text.anything-else`).
//! - `tokens`: globs over token descriptions, one of which is among the case's
//!   tokens (`* tag search`), or the fragment's context element (`context template`):
//!   a cause tied to an element the engine does not know, which shows at whatever arm
//!   comes first.
//! - `signatures`: globs over the whole signature (`tree | litmus: <?…> |
//!   html5ever: <!--…--> | in: *`): what differs, for the levels that have no locus
//!   (serialization, round trip, tokens, errors, chunks, speed, failures) or to pin
//!   the effect of a cause. A pattern speaks for the level its first field names (or
//!   each level it lists: `tree, fragment | …` is read as one pattern per level); a
//!   class none of whose patterns names tree or fragment matches those levels by its
//!   `locus` or `token` condition (or, with no signatures at all, by `passes` and
//!   `tokens`), and one that names only one of them keeps to it.
//! - `inputs`: globs over the minimized input, ASCII letters of either case alike.
//!   A last resort, for causes no arm names (a U+FEFF that an engine drops before
//!   tokenizing): a class that matches by inputs and no locus condition must say why
//!   in `inputs_reason`.
//!
//! A class needs a locus condition or a signature. Globs: `*` is any run of
//! characters, everything else itself ([`glob`]).
//!
//! **Counterfactual parses.** `variant` names a cause the reference parser can put in
//! (`litmus_parser::departures::DEPARTURES`, the variants: `older-select`, `older-select-without-hr`,
//! `selectedcontent-never-cloned`, `cdata-by-the-current-node`, …). The class then
//! explains a tree or fragment finding only where the reference with that variant
//! departs from the standard at the same token and arms as the engine
//! ([`litmus_compare::locus::of_variant`]); a finding with no first difference is not tried. A
//! class whose variant departs as the engine did comes before every class whose cause
//! was not shown so (a cause shown beats a pattern), and one whose variant made what
//! the engine made there comes first of all. A variant of what a token carries (its
//! `whole`) shows only so. It holds for every shape that names no variant of its own.
//!
//! **The standard's own round trip.** A class with `right = "both"` (a cause in the
//! standard's serialization) explains an engine's round trip only where the
//! standard's round trip of the input fails alike
//! ([`litmus_compare::compare::standard_round_trip`]), when the engine's first tree is the
//! standard's.
//!
//! **Versions.** A class may hold for some versions of its engine only: `versions`
//! lists conditions, one of which must hold for the version of the engine that made
//! the finding ([`versions`]): `versions = ["chromium < 150"]` for a behaviour of
//! Chromium 149 and earlier, `["firefox >= 140, < 150"]` for a range. Each is
//! `[ENGINE] OP VERSION[, OP VERSION…]`: ENGINE defaults to the class's engine (a class
//! of any engine, `*`, names one), OP is `<`, `<=`, `>`, `>=`, `=` or `!=`, VERSION
//! numbers separated by dots, compared on as many numbers as it gives (`< 150` holds
//! for 149.0.1, not for 150.0.7871; `= 156` for every 156.x). The engine's version is
//! the first number of the version text its handshake gave (`Chromium 156.0.8078.114
//! built on …` is 156.0.8078.114), which every finding records; an engine of unknown
//! version meets no version condition. A `versions` condition counts one toward a
//! class's specificity, like any other condition; the classes that hold at the
//! finding's version decide the verdict, and only where none of them matches, those
//! that match in every way but their versions do: a finding one of them explains is
//! *known at another version*, reported under that class, never as new
//! ([`Verdict::AtAnotherVersion`]; two equally specific ones make it ambiguous). A
//! class whose versions exclude the campaign's engine version is not expected to show,
//! and is not reported as possibly fixed upstream; one that may show and did not is
//! reported as possibly fixed from the campaign's version on, when its archived
//! exemplars no longer diverge (litmus-campaign's `unseen.rs`).
//!
//! Matching picks the most specific class that matches ([`KnownDifferences::verdict`]):
//! each condition given counts one (signatures only where a pattern for the finding's
//! level says more than the level), a locus or token condition without a `*` two, a
//! class of one engine one more than a class of every engine (`*`), and a `passes`
//! pattern `TOKEN@ARM` that names the locus's own token at one of its arms three more
//! (the class whose cause is where the trees part). Two classes that match with the
//! same top specificity make the finding *ambiguous*: a finding about the classes,
//! reported as such, never settled by the order of the file. A class that
//! matched nothing in a campaign is reported as *possibly fixed upstream* when its
//! archived exemplars, run again, no longer diverge, and as *not seen in this
//! campaign* otherwise.
//!
//! ```toml
//! [[class]]
//! id = "chromium-processing-instructions-are-bogus-comments"
//! engine = "chromium"
//! versions = ["chromium < 150"]
//! locus = ["tree.*.processing-instruction*"]
//! explanation = "Chromium before 150 …"
//! spec = "https://html.spec.whatwg.org/#processing-instruction-open-state"
//! right = "reference"
//!
//! [[class]]
//! id = "html5ever-input-in-select-fragment"
//! engine = "html5ever"
//! locus = ["tree.in-body.start-tag-input"]
//! token = ["start tag input"]
//! explanation = "html5ever inserts an input the standard ignores in a select fragment."
//! spec = "https://html.spec.whatwg.org/#parsing-main-inbody"
//! right = "reference"
//! ```
//!
//! At the round-trip, serialization and errors levels a finding has no locus, but its
//! case's arms and tokens (the reference's parse of the input): a class's `passes` and
//! `tokens` read them there too, beside its signatures.
//!
//! **Shapes.** A class may list other shapes of its cause after its own fields, each a
//! `[[class.shape]]` table of conditions (locus, inside, token, passes, tokens,
//! signatures, inputs, inputs_reason) that stands in place of the class's own: the class
//! matches when its own conditions hold (if it gives any) or one shape's do. Two shapes
//! of one class never make a verdict ambiguous.
//!
//! ```toml
//! [[class]]
//! id = "html5ever-no-processing-instructions"
//! engine = "html5ever"
//! locus = ["tree.*.processing-instruction"]
//! explanation = "html5ever has no processing instruction states: bogus comments."
//! spec = "https://html.spec.whatwg.org/#processing-instruction-open-state"
//! right = "reference"
//!
//! [[class.shape]]
//! # `<?` cut off by the end of the input: a comment where the reference has nothing.
//! token = ["EOF"]
//! passes = ["tokenizer.processing-instruction-*.eof"]
//! ```
//!
//! A `locus` pattern that starts with `tokenizer.` names an arm the locus token passed
//! in the tokenizer (the difference is in what the tokenizer made of that token).
//!
//! An engine named `mutant:…` (a mutant of the reference parser, feature `mutants`)
//! is matched against every class, whatever its engine: a class that would take a
//! mutant's divergence would hide the same bug in its own engine.

mod classes;
pub mod glob;
pub mod matching;
pub mod versions;

pub use classes::*;
pub use glob::{glob_matches, glob_matches_ignoring_ascii_case};
pub use matching::{joined_ids, Evidence, Rule, Verdict, RULES};
