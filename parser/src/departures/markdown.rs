//! `docs/departures.md`: the seams and the departures, rendered from the registry.

use super::{Kind, Seam, DEPARTURES};

/// The text of `docs/departures.md`.
pub fn render_markdown() -> String {
    let mut md = String::from(
        "# Departures\n\n\
         Generated from `parser/src/departures/registry.rs` by \
         `LITMUS_WRITE_DEPARTURES=1 cargo test -p litmus-parser --features departures \
         departures`; a test keeps it up to date.\n\n\
         A departure is a named change of arms of the standard, made beside it: a \
         **mutant** (a deliberate bug, to show that the known classes hide nothing: \
         `litmus mutants`), a **variant** (the cause of another engine's known \
         difference, put in for a class's counterfactual parse: `variant = \"…\"` in \
         `corpus/known-differences.toml`) or the **planted** fault (for a test of \
         `litmus bench --only search`). The standard's modules name none of them; each \
         reaches the algorithm through the seams below (`parser/src/tokenizer/seams.rs`, \
         `parser/src/tree_builder/seams.rs`), which \
         the parser's ordinary instantiation answers with the standard and compiles \
         away. See ARCHITECTURE.md, \"The standard and its departures\".\n\n",
    );
    md.push_str("## Seams\n\n| seam | the step it stands at | departures |\n|---|---|---:|\n");
    for seam in Seam::ALL {
        let users = DEPARTURES
            .iter()
            .filter(|d| d.seams.contains(&seam))
            .count();
        md.push_str(&format!(
            "| `{}` | {} | {users} |\n",
            seam.method(),
            seam.step()
        ));
    }
    for (kind, title) in [
        (Kind::Mutant, "Mutants"),
        (Kind::Variant, "Variants"),
        (Kind::Planted, "Planted"),
    ] {
        md.push_str(&format!("\n## {title}\n\n"));
        for info in DEPARTURES.iter().filter(|d| d.kind == kind) {
            let seams: Vec<String> = info
                .seams
                .iter()
                .map(|s| format!("`{}`", s.method()))
                .collect();
            let arms: Vec<String> = info.arms.iter().map(|a| format!("`{a}`")).collect();
            md.push_str(&format!("- **`{}`**: {}.\n", info.id, info.what));
            md.push_str(&format!(
                "  Arms: {}. Seams: {}.\n",
                arms.join(", "),
                seams.join(", ")
            ));
            if kind == Kind::Variant {
                md.push_str(&format!(
                    "  Engines: {}. Read from: {}.\n",
                    info.engines.join(", "),
                    info.source
                ));
            }
        }
    }
    md
}
