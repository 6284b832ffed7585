//! The classes file: its format, its checks, and loading it (`corpus/known-differences.toml`,
//! built in as [`BUILT_IN`]). What a class says is in the crate's overview (`lib.rs`).

use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};

/// Which side of a divergence the standard (or the browser) supports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Right {
    /// The reference parser follows the standard; the other engine does not.
    #[default]
    Reference,
    /// The other engine is right; the reference parser has a bug to fix.
    Other,
    /// Both follow the standard (e.g. a non-round-tripping case the standard allows).
    Both,
    /// Neither, or it depends on what the standard leaves open.
    Neither,
}

/// One known class of divergence.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnownClass {
    /// A short, stable, kebab-case name.
    pub id: String,
    /// The engine whose behaviour the class explains (`html5ever`, `chromium`, a
    /// `cmd:` engine's name, or `*` for any), or the engines, when one cause is at
    /// work in several (`engine = ["go-html", "lexbor"]` in the file, kept as
    /// `go-html, lexbor`: [`KnownClass::engines`]).
    #[serde(deserialize_with = "one_or_more_engines")]
    pub engine: String,
    /// Globs over arm ids; one must match an arm of the finding's locus.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub locus: Vec<String>,
    /// Globs over element local names; the whole difference lies inside elements of
    /// one of them ([`litmus_compare::locus::Locus::inside`]). With `locus`, either holds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inside: Vec<String>,
    /// Globs over the locus token in words; one must match.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub token: Vec<String>,
    /// Globs over arm ids; the case passed one of them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passes: Vec<String>,
    /// Globs over token descriptions; one of them is among the case's tokens.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<String>,
    /// Globs over signatures; one must match. A pattern whose level field names
    /// several levels (`tree, fragment | …`) is read as one pattern per level.
    #[serde(
        default,
        deserialize_with = "one_pattern_per_level",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub signatures: Vec<String>,
    /// Globs over the finding's (minimized) input; one must match. A last resort.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<String>,
    /// Why the class needs input globs (required when it has no locus condition).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inputs_reason: Option<String>,
    /// Globs over signatures that refute the cause: the class explains no finding
    /// whose signature matches one (the engine's output shows what the cause rules
    /// out, as a processing instruction node from an engine that builds none). They
    /// hold for every shape.
    #[serde(
        default,
        deserialize_with = "one_pattern_per_level",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub unless: Vec<String>,
    /// The cause put into the reference parser (an id of
    /// [`litmus_parser::departures::DEPARTURES`], `older-select`): the class explains a
    /// tree or fragment finding only where the reference with that variant departs
    /// from the standard at the same token and arms as the engine did (a
    /// counterfactual parse, [`litmus_compare::locus::of_variant`]); a finding with no first
    /// difference (round trip, serialization, errors) is not tried. It holds for every
    /// shape that names none of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The engine versions the class holds for, one condition of which must hold
    /// (`chromium < 150`; [`crate::versions`]); none: every version.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub versions: Vec<String>,
    /// One line: why the engines differ.
    pub explanation: String,
    /// The spec section (a URL with its anchor).
    pub spec: String,
    /// The upstream issue, where there is one.
    #[serde(default)]
    pub upstream: Option<String>,
    /// Who is right.
    pub right: Right,
    /// Other shapes of the same cause: each a set of conditions (`locus`, `inside`,
    /// `token`, `passes`, `tokens`, `signatures`, `inputs`, `inputs_reason`, and a
    /// `variant` in place of the class's) that
    /// stands in place of the class's own. The class matches when its own conditions
    /// hold (if it gives any) or one shape's do (`[[class.shape]]` in the file).
    #[serde(default, rename = "shape", skip_serializing_if = "Vec::is_empty")]
    pub shapes: Vec<Shape>,
    /// The class once for each way it matches ([`KnownClass::views`]): made when the
    /// file is read.
    #[serde(skip)]
    pub(crate) views: Vec<KnownClass>,
}

/// One shape of a class's cause: the conditions of [`KnownClass`], and only those.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shape {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub locus: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inside: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub token: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub passes: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tokens: Vec<String>,
    #[serde(
        default,
        deserialize_with = "one_pattern_per_level",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub signatures: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inputs_reason: Option<String>,
    /// A variant of the shape's own, in place of the class's (one engine's cause can
    /// take two forms the reference puts in differently).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
}

/// Signature patterns as a class file writes them, one per level: a pattern whose
/// level field (before its first ` | `) lists levels, `tree, fragment | litmus: <?…> |
/// *`, is that pattern at each level in turn (`tree | litmus: <?…> | *`, then
/// `fragment | …`), so that a cause that shows alike in documents and fragments is
/// written once.
fn one_pattern_per_level<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let written = Vec::<String>::deserialize(d)?;
    let mut patterns = Vec::with_capacity(written.len());
    for pattern in written {
        let level = pattern_level(&pattern);
        if !level.contains(',') {
            patterns.push(pattern);
            continue;
        }
        let rest = &pattern[level.len()..];
        for one in level.split(',').map(str::trim) {
            if one.is_empty() {
                return Err(serde::de::Error::custom(format!(
                    "the signature pattern {pattern:?} names an empty level"
                )));
            }
            patterns.push(format!("{one}{rest}"));
        }
    }
    Ok(patterns)
}

/// A class's `engine`: one name, or a list of them (joined with `, `).
fn one_or_more_engines<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMore {
        One(String),
        More(Vec<String>),
    }
    Ok(match OneOrMore::deserialize(d)? {
        OneOrMore::One(engine) => engine,
        OneOrMore::More(engines) => engines.join(", "),
    })
}

impl KnownClass {
    /// The engines the class names (one, or several for a cause at work in each).
    pub fn engines(&self) -> impl Iterator<Item = &str> {
        self.engine.split(',').map(str::trim)
    }

    /// Whether the class names `engine` (not `*`: see [`KnownClass::is_for_engine`]).
    pub fn names_engine(&self, engine: &str) -> bool {
        // Most classes name one engine: read it without splitting a list.
        if self.engine.contains(',') {
            self.engines().any(|e| e == engine)
        } else {
            self.engine.trim() == engine
        }
    }

    /// Whether the class gives conditions of its own (beside its shapes').
    fn has_own_conditions(&self) -> bool {
        self.needs_locus() || !self.signatures.is_empty() || !self.inputs.is_empty()
    }

    /// The class with one shape's conditions in place of its own.
    fn with_shape(&self, shape: &Shape) -> KnownClass {
        KnownClass {
            locus: shape.locus.clone(),
            inside: shape.inside.clone(),
            token: shape.token.clone(),
            passes: shape.passes.clone(),
            tokens: shape.tokens.clone(),
            signatures: shape.signatures.clone(),
            inputs: shape.inputs.clone(),
            inputs_reason: shape.inputs_reason.clone(),
            variant: shape.variant.clone().or_else(|| self.variant.clone()),
            shapes: Vec::new(),
            views: Vec::new(),
            ..self.clone()
        }
    }

    /// The class once for each way it matches: itself with its own conditions (if it
    /// gives any), then once per shape. Each has the class's id, engine, versions and
    /// explanation.
    pub fn views(&self) -> impl Iterator<Item = &KnownClass> {
        let own = self.views.is_empty().then_some(self);
        own.into_iter().chain(self.views.iter())
    }

    /// Makes [`KnownClass::views`] (once the file is read).
    fn make_views(&mut self) {
        if self.shapes.is_empty() {
            return;
        }
        let mut views = Vec::new();
        if self.has_own_conditions() {
            views.push(KnownClass {
                shapes: Vec::new(),
                views: Vec::new(),
                ..self.clone()
            });
        }
        views.extend(self.shapes.iter().map(|shape| self.with_shape(shape)));
        self.views = views;
    }

    /// Whether the class has a condition on the locus (then it matches only tree and
    /// fragment findings that have one).
    pub fn needs_locus(&self) -> bool {
        !(self.locus.is_empty()
            && self.inside.is_empty()
            && self.token.is_empty()
            && self.passes.is_empty()
            && self.tokens.is_empty())
    }

    /// Whether the class matches by input globs with no locus condition: a surface
    /// pattern, which must give its reason.
    pub fn matches_by_inputs_alone(&self) -> bool {
        !self.inputs.is_empty() && !self.needs_locus()
    }
}

/// A signature pattern's level: its first field, before its first ` | ` (`tree`,
/// `round-trip`, `crash`, `*`), or the whole pattern. Patterns are globs over the
/// signature's text, the class file's format; a signature itself is typed.
pub fn pattern_level(pattern: &str) -> &str {
    // Up to the first ` | `, found byte by byte: every pattern of every class a
    // finding meets is read here, and a searcher built per call costs more.
    match pattern.as_bytes().windows(3).position(|w| w == b" | ") {
        Some(at) => &pattern[..at],
        None => pattern,
    }
}

/// The whole file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct KnownDifferences {
    #[serde(default, rename = "class")]
    pub classes: Vec<KnownClass>,
    /// The version text of each engine of a campaign (by name), which findings whose
    /// evidence gives none are matched at ([`KnownDifferences::set_engine_version`]).
    #[serde(skip)]
    pub engine_versions: std::collections::BTreeMap<String, String>,
}

/// The file as it is written: [`KnownDifferences`] without what reading makes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KnownDifferencesFile {
    #[serde(default, rename = "class")]
    classes: Vec<KnownClass>,
}

/// Read from the file or from a worker's request, with each class's views made (a
/// class's shapes match wherever the classes were read).
impl<'de> Deserialize<'de> for KnownDifferences {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let file = KnownDifferencesFile::deserialize(deserializer)?;
        let mut known = KnownDifferences {
            classes: file.classes,
            engine_versions: Default::default(),
        };
        for class in &mut known.classes {
            class.make_views();
        }
        Ok(known)
    }
}

/// A known-differences file that cannot be used, with where and why.
#[derive(Debug)]
pub struct KnownDifferencesError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for KnownDifferencesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for KnownDifferencesError {}

/// The project's `corpus/known-differences.toml` as it was when litmus was built: the
/// classes a command uses when run where there is no corpus (installed with `cargo
/// install --path differential`, or run from another folder). Read through the
/// symbolic link `differential/data/known-differences.toml`, so that the file is part
/// of the crate's package too.
pub const BUILT_IN: &str = include_str!("../../../data/known-differences.toml");

impl KnownDifferences {
    /// Records `engine`'s version text (its handshake's): findings of the engine are
    /// matched at that version unless their evidence names another.
    pub fn set_engine_version(&mut self, engine: &str, version: &str) {
        self.engine_versions
            .insert(engine.to_owned(), version.to_owned());
    }

    /// The version text recorded for `engine`.
    pub fn engine_version(&self, engine: &str) -> Option<&str> {
        self.engine_versions.get(engine).map(String::as_str)
    }

    /// The built-in classes ([`BUILT_IN`]).
    pub fn built_in() -> KnownDifferences {
        KnownDifferences::parse(BUILT_IN)
            .expect("the built-in known-differences.toml is checked by its test")
    }

    /// Reads and checks a known-differences file.
    pub fn load(path: &Path) -> Result<KnownDifferences, KnownDifferencesError> {
        let error = |message: String| KnownDifferencesError {
            path: path.to_owned(),
            message,
        };
        let text = litmus_engines::limits::read_text_file(
            path,
            litmus_engines::limits::MAX_DATA_FILE_BYTES,
        )
        .map_err(|e| error(format!("cannot read: {e}")))?;
        KnownDifferences::parse(&text).map_err(error)
    }

    /// Parses and checks the text of a known-differences file. The error names the line.
    pub fn parse(text: &str) -> Result<KnownDifferences, String> {
        let known: KnownDifferences = toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map(|span| text[..span.start.min(text.len())].lines().count().max(1));
            match line {
                Some(line) => format!("line {line}: {}", e.message()),
                None => e.message().to_owned(),
            }
        })?;
        let mut known = known;
        let mut ids = HashSet::new();
        for class in &mut known.classes {
            if !ids.insert(class.id.clone()) {
                return Err(format!(
                    "class {:?}: its id is used by an earlier class",
                    class.id
                ));
            }
            class.make_views();
            let problem = class
                .views()
                .find_map(|view| problem_of(view, &mut HashSet::new()));
            if let Some(problem) = problem {
                return Err(format!("class {:?}: {problem}", class.id));
            }
        }
        Ok(known)
    }
}

/// What is wrong with a class, if anything.
fn problem_of<'c>(class: &'c KnownClass, ids: &mut HashSet<&'c str>) -> Option<String> {
    let blank = |list: &[String]| list.iter().any(|s| s.trim().is_empty());
    if class.id.is_empty()
        || !class
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        return Some("its id must be non-empty kebab-case (a-z, 0-9, -)".to_owned());
    }
    if !ids.insert(class.id.as_str()) {
        return Some("its id is used by an earlier class".to_owned());
    }
    if class.signatures.is_empty() && !class.needs_locus() {
        return Some(
            "it needs a locus condition (locus, token, passes) or at least one signature pattern"
                .to_owned(),
        );
    }
    if [
        &class.signatures,
        &class.locus,
        &class.token,
        &class.passes,
        &class.tokens,
        &class.inputs,
        &class.unless,
    ]
    .iter()
    .any(|list| blank(list))
    {
        return Some("it has an empty pattern".to_owned());
    }
    let arm_parts = class.locus.iter().map(String::as_str).chain(
        class
            .passes
            .iter()
            .map(|p| p.rsplit_once('@').map_or(p.as_str(), |(_, arm)| arm)),
    );
    for pattern in arm_parts {
        if !pattern.contains('*') && litmus_parser::spec_arms::info_by_id(pattern).is_none() {
            return Some(format!(
                "{pattern:?} is not an arm of docs/spec-arms.md (write a glob with * for several)"
            ));
        }
    }
    if class.matches_by_inputs_alone()
        && class
            .inputs_reason
            .as_deref()
            .is_none_or(|r| r.trim().is_empty())
    {
        return Some(
            "it matches by input globs with no locus condition: say why in inputs_reason"
                .to_owned(),
        );
    }
    if class.engine.is_empty() {
        return Some("its engine is empty (write `*` for any engine)".to_owned());
    }
    if let Some(variant) = &class.variant {
        if litmus_parser::departures::variant_by_id(variant).is_none() {
            let ids: Vec<&str> =
                litmus_parser::departures::of_kind(litmus_parser::departures::Kind::Variant)
                    .map(|v| v.id)
                    .collect();
            return Some(format!(
                "its variant {variant:?} is not a variant of the reference parser (one of: {})",
                ids.join(", ")
            ));
        }
    }
    for entry in &class.versions {
        let condition = match crate::versions::VersionCondition::parse(entry) {
            Ok(condition) => condition,
            Err(e) => return Some(format!("bad versions entry: {e}")),
        };
        if let Some(engine) = condition.engine() {
            if class.engine != "*" && !class.names_engine(engine) {
                return Some(format!(
                    "its versions entry {entry:?} names {engine}, not its engine {}",
                    class.engine
                ));
            }
        }
    }
    if class.explanation.trim().is_empty() || class.spec.trim().is_empty() {
        return Some("it needs an explanation and a spec section".to_owned());
    }
    None
}

#[cfg(test)]
mod tests;
