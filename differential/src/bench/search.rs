//! `litmus bench --only search`: the reference parser alone, on inputs built to make
//! its walks super-linear, flagging those on which its time per byte grows with the
//! input.
//!
//! The standard's algorithms walk the stack of open elements, the list of active
//! formatting elements and the tree; a walk repeated per token, over a structure that
//! grows with the input, makes a parse quadratic. Such inputs have a shape: *k openers,
//! k blocks, k closers*. The search builds families of that shape over every kind of
//! element the standard treats specially ([`KINDS`]: formatting elements, ordinary and
//! special elements, scope boundaries, select content, templates, integration points,
//! table parts), for every pair of kinds and every [`Shape`], and also takes generated
//! cases as patterns repeated end to end, as the speed level does.
//!
//! Each input is parsed at a small size and at [`FACTOR`] times it, the small one
//! parsed [`FACTOR`] times per run so that both runs parse the same bytes, back to
//! back; the *per-byte growth* is the large run's time over the small run's (1 for a
//! linear parser, [`FACTOR`] for a quadratic one), the least over a few pairs. A family
//! whose growth is above the threshold is measured again, and flagged when it stays
//! above it. The search needs no other engine.

use litmus_campaign::generator::{Generator, GeneratorConfig};
use std::time::{Duration, Instant};

/// How many times larger the large input is than the small one.
pub const FACTOR: usize = 8;

/// One kind of element: how to open and close it, and the markup it needs around it
/// to be what it is (a `<select>` for an `option`, an `<svg>` for a `foreignObject`).
#[derive(Clone, Copy, Debug)]
pub struct Kind {
    pub name: &'static str,
    /// Written once before the family's repeated units.
    pub prefix: &'static str,
    /// Opens one element (`{}` is replaced by the unit's number: distinct attributes).
    pub open: &'static str,
    /// Closes it.
    pub close: &'static str,
}

/// The kinds of element the search combines: every category the standard treats
/// specially.
pub const KINDS: &[Kind] = &[
    // Formatting elements: the list of active formatting elements, the adoption agency.
    kind("b", "", "<b>", "</b>"),
    kind("a", "", "<a>", "</a>"),
    kind("font", "", "<font>", "</font>"),
    kind("nobr", "", "<nobr>", "</nobr>"),
    kind("i-distinct", "", "<i id={}>", "</i>"),
    // Ordinary and special elements.
    kind("span", "", "<span>", "</span>"),
    kind("div", "", "<div>", "</div>"),
    kind("p", "", "<p>", "</p>"),
    kind("li", "", "<li>", "</li>"),
    kind("dd", "", "<dd>", "</dd>"),
    kind("ul", "", "<ul>", "</ul>"),
    kind("h1", "", "<h1>", "</h1>"),
    kind("form", "", "<form>", "</form>"),
    kind("address", "", "<address>", "</address>"),
    // Scope boundaries.
    kind("button", "", "<button>", "</button>"),
    kind("table", "", "<table>", "</table>"),
    kind("td", "", "<table><tr><td>", "</td></tr></table>"),
    kind("caption", "", "<table><caption>", "</caption></table>"),
    kind("applet", "", "<applet>", "</applet>"),
    kind("object", "", "<object>", "</object>"),
    kind("marquee", "", "<marquee>", "</marquee>"),
    kind("template", "", "<template>", "</template>"),
    // Select content.
    kind("select", "", "<select>", "</select>"),
    kind("option", "<select>", "<option>", "</option>"),
    kind("optgroup", "<select>", "<optgroup>", "</optgroup>"),
    kind("hr", "<select>", "<hr>", ""),
    kind(
        "selectedcontent",
        "",
        "<selectedcontent>",
        "</selectedcontent>",
    ),
    kind(
        "option-selected",
        "<select><button><selectedcontent></selectedcontent></button>",
        "<option selected>",
        "</option>",
    ),
    kind("datalist", "", "<datalist>", "</datalist>"),
    // Integration points and foreign content.
    kind("svg", "", "<svg>", "</svg>"),
    kind("svg-g", "<svg>", "<g>", "</g>"),
    kind(
        "foreignobject",
        "",
        "<svg><foreignObject>",
        "</foreignObject></svg>",
    ),
    kind("math-mi", "", "<math><mi>", "</mi></math>"),
    kind(
        "annotation-xml",
        "",
        "<math><annotation-xml encoding=text/html>",
        "</annotation-xml></math>",
    ),
    // Table parts.
    kind("tr", "<table>", "<tr>", "</tr>"),
    kind("tbody", "<table>", "<tbody>", "</tbody>"),
    kind("colgroup", "<table>", "<colgroup>", "</colgroup>"),
];

const fn kind(
    name: &'static str,
    prefix: &'static str,
    open: &'static str,
    close: &'static str,
) -> Kind {
    Kind {
        name,
        prefix,
        open,
        close,
    }
}

/// How a family arranges k openers (O), k blocks (B) and closers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// O^k B^k </O>^k: `<b>`×k `<div>`×k `</b>`×k.
    Nest,
    /// O^k B^k </B>^k.
    CloseBlocks,
    /// O^k (B </B>)^k: a block opened and closed k times under k openers.
    Pairs,
    /// O^k (B </O>)^k: each block followed by a misnested closer.
    Misnest,
    /// (O B)^k </O>^k.
    Interleave,
}

pub const SHAPES: [Shape; 5] = [
    Shape::Nest,
    Shape::CloseBlocks,
    Shape::Pairs,
    Shape::Misnest,
    Shape::Interleave,
];

impl Shape {
    pub fn name(self) -> &'static str {
        match self {
            Shape::Nest => "nest",
            Shape::CloseBlocks => "close-blocks",
            Shape::Pairs => "pairs",
            Shape::Misnest => "misnest",
            Shape::Interleave => "interleave",
        }
    }
}

/// One family of the search: an opener kind, a block kind, a shape.
#[derive(Clone, Copy, Debug)]
pub struct RunsFamily {
    pub opener: &'static Kind,
    pub block: &'static Kind,
    pub shape: Shape,
}

/// `unit` with its `{}` replaced by `i`.
fn numbered(out: &mut String, unit: &str, i: usize) {
    match unit.split_once("{}") {
        Some((before, after)) => {
            out.push_str(before);
            out.push_str(&i.to_string());
            out.push_str(after);
        }
        None => out.push_str(unit),
    }
}

impl RunsFamily {
    /// `opener/block/shape`, e.g. `b/div/nest`.
    pub fn name(&self) -> String {
        format!(
            "{}/{}/{}",
            self.opener.name,
            self.block.name,
            self.shape.name()
        )
    }

    /// The input with `k` of each.
    pub fn build_k(&self, k: usize) -> String {
        let (o, b) = (self.opener, self.block);
        let mut out = String::new();
        out.push_str(o.prefix);
        if b.prefix != o.prefix {
            out.push_str(b.prefix);
        }
        let run = |out: &mut String, unit: &str| {
            for i in 0..k {
                numbered(out, unit, i);
            }
        };
        match self.shape {
            Shape::Nest => {
                run(&mut out, o.open);
                run(&mut out, b.open);
                run(&mut out, o.close);
            }
            Shape::CloseBlocks => {
                run(&mut out, o.open);
                run(&mut out, b.open);
                run(&mut out, b.close);
            }
            Shape::Pairs => {
                run(&mut out, o.open);
                for i in 0..k {
                    numbered(&mut out, b.open, i);
                    numbered(&mut out, b.close, i);
                }
            }
            Shape::Misnest => {
                run(&mut out, o.open);
                for i in 0..k {
                    numbered(&mut out, b.open, i);
                    numbered(&mut out, o.close, i);
                }
            }
            Shape::Interleave => {
                for i in 0..k {
                    numbered(&mut out, o.open, i);
                    numbered(&mut out, b.open, i);
                }
                run(&mut out, o.close);
            }
        }
        out
    }

    /// An input of about `bytes` bytes.
    pub fn build(&self, bytes: usize) -> String {
        let probe = self.build_k(64);
        let per_k = probe.len().div_ceil(64).max(1);
        self.build_k((bytes / per_k).max(1))
    }
}

/// Every family of the search over `kinds` and `shapes`.
pub fn families(kinds: &[&'static Kind], shapes: &[Shape]) -> Vec<RunsFamily> {
    let mut out = Vec::new();
    for &opener in kinds {
        for &block in kinds {
            for &shape in shapes {
                out.push(RunsFamily {
                    opener,
                    block,
                    shape,
                });
            }
        }
    }
    out
}

/// The kind with this name.
pub fn kind_named(name: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.name == name)
}

/// What to search, and how.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    pub kinds: Vec<&'static Kind>,
    pub shapes: Vec<Shape>,
    /// The small size, in bytes (the large one is [`FACTOR`] times it).
    pub small_bytes: usize,
    /// The per-byte growth above which a family is flagged.
    pub threshold: f64,
    /// Pairs of runs per measurement (the least growth counts).
    pub pairs: usize,
    /// A run longer than this ends the measurement: the growth is read from it.
    pub budget: Duration,
    /// Generated cases taken as patterns, and their seed.
    pub patterns: usize,
    pub seed: u64,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            kinds: KINDS.iter().collect(),
            shapes: SHAPES.to_vec(),
            small_bytes: 16 << 10,
            threshold: 2.0,
            pairs: 1,
            budget: Duration::from_secs(2),
            patterns: 300,
            seed: 2026,
        }
    }
}

/// A family or pattern whose time per byte grew.
#[derive(Clone, Debug)]
pub struct Flagged {
    pub name: String,
    /// The start of its small input.
    pub preview: String,
    pub small_bytes: usize,
    pub large_bytes: usize,
    /// The large run's time over the small run's (equal bytes).
    pub growth: f64,
    /// The large input's time.
    pub large_time: Duration,
}

/// What a search found.
#[derive(Clone, Debug, Default)]
pub struct SearchResults {
    pub families: usize,
    pub patterns: usize,
    pub flagged: Vec<Flagged>,
    /// The largest growth among the inputs not flagged, and its name.
    pub largest_unflagged: Option<(String, f64)>,
    pub threshold: f64,
}

/// The per-byte growth from `small` (parsed [`FACTOR`] times per run) to `large`: the
/// least over `pairs` pairs of runs back to back, or sooner when a run takes longer
/// than `budget` (a run that long is slow enough to read the growth from).
pub fn growth(
    small: &str,
    large: &str,
    pairs: usize,
    budget: Duration,
    parse: &mut dyn FnMut(&str),
) -> (f64, Duration) {
    let mut least = f64::INFINITY;
    let mut large_time = Duration::ZERO;
    for _ in 0..pairs.max(1) {
        let start = thread_cpu_time();
        for _ in 0..FACTOR {
            parse(small);
        }
        let t_small = thread_cpu_time().saturating_sub(start);
        let start = thread_cpu_time();
        parse(large);
        let t_large = thread_cpu_time().saturating_sub(start);
        let g = t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-9);
        if g < least {
            least = g;
            large_time = t_large;
        }
        if t_large > budget {
            break;
        }
    }
    (least, large_time)
}

/// The CPU time this thread has used: a busy machine delays a parse but does not add
/// to its CPU time, so growths read the same under load (wall time where the clock
/// cannot be read).
fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for clock_gettime to write.
    let read = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    if read != 0 {
        return START.with(|start| start.elapsed());
    }
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

thread_local! {
    static START: Instant = Instant::now();
}

/// An input of the search at a size in bytes.
type InputBuilder = Box<dyn Fn(usize) -> String>;

/// Runs the search with `parse` (the reference parser, or a parser with a fault
/// planted); progress goes to `progress`.
pub fn search(
    config: &SearchConfig,
    parse: &mut dyn FnMut(&str),
    progress: &mut dyn FnMut(&str),
) -> SearchResults {
    let mut results = SearchResults {
        threshold: config.threshold,
        ..SearchResults::default()
    };
    let large_bytes = config.small_bytes * FACTOR;
    let mut inputs: Vec<(String, InputBuilder)> = Vec::new();
    for family in families(&config.kinds, &config.shapes) {
        inputs.push((family.name(), Box::new(move |bytes| family.build(bytes))));
    }
    results.families = inputs.len();
    let generator = Generator::new(GeneratorConfig {
        fragment_share: 0.0,
        corpus_share: 0.0,
        ..GeneratorConfig::default()
    });
    let mut index = 0;
    while results.patterns < config.patterns && index < config.patterns as u64 * 4 {
        let case = generator.case(config.seed, index);
        index += 1;
        if case.input.is_empty() || case.fragment_context.is_some() {
            continue;
        }
        results.patterns += 1;
        let pattern = case.input;
        inputs.push((
            format!("pattern {} of seed {}", index - 1, config.seed),
            Box::new(move |bytes| litmus_compare::compare::speed::repeated(&pattern, bytes)),
        ));
    }
    let total = inputs.len();
    for (done, (name, build)) in inputs.iter().enumerate() {
        if done % 500 == 0 {
            progress(&format!("{done} of {total} inputs"));
        }
        let (small, large) = (build(config.small_bytes), build(large_bytes));
        let (first, _) = growth(&small, &large, config.pairs, config.budget, parse);
        let mut measured = first;
        let mut large_time = Duration::ZERO;
        if first > config.threshold {
            // Measured again: a busy machine slows one run of a pair now and then.
            let (again, time) = growth(&small, &large, config.pairs + 2, config.budget, parse);
            measured = first.min(again);
            large_time = time;
        }
        if measured > config.threshold {
            progress(&format!("flagged {name}: per-byte growth {measured:.1}"));
            results.flagged.push(Flagged {
                name: name.clone(),
                preview: small.chars().take(120).collect(),
                small_bytes: small.len(),
                large_bytes: large.len(),
                growth: measured,
                large_time,
            });
        } else if results
            .largest_unflagged
            .as_ref()
            .is_none_or(|(_, g)| measured > *g)
        {
            results.largest_unflagged = Some((name.clone(), measured));
        }
    }
    results
        .flagged
        .sort_by(|a, b| b.growth.total_cmp(&a.growth));
    results
}

/// The results as Markdown.
pub fn markdown(results: &SearchResults, command: &str) -> String {
    let mut out = format!(
        "Produced by `{command}`.\n\n### The reference parser's own super-linear inputs\n\n"
    );
    out.push_str(&format!(
        "{} families (k openers, k blocks, k closers) and {} generated patterns, each at \
         two sizes {FACTOR}× apart; per-byte growth = time per byte at the larger ÷ at the \
         smaller (1 is linear, {FACTOR} quadratic); flagged above {:.1}: **{}**.\n\n",
        results.families,
        results.patterns,
        results.threshold,
        results.flagged.len()
    ));
    if !results.flagged.is_empty() {
        out.push_str("| input | sizes | per-byte growth | time at the larger | start |\n|---|---:|---:|---:|---|\n");
        for f in &results.flagged {
            out.push_str(&format!(
                "| `{}` | {} → {} B | {:.1} | {:.1} ms | `{}` |\n",
                f.name,
                f.small_bytes,
                f.large_bytes,
                f.growth,
                f.large_time.as_secs_f64() * 1000.0,
                f.preview
                    .replace('|', "\\|")
                    .replace('`', "'")
                    .chars()
                    .take(60)
                    .collect::<String>()
            ));
        }
        out.push('\n');
    }
    if let Some((name, g)) = &results.largest_unflagged {
        out.push_str(&format!(
            "Largest growth among the rest: {g:.2} (`{name}`).\n"
        ));
    }
    out
}

#[cfg(test)]
mod tests;
