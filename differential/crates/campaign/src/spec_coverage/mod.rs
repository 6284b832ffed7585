//! Spec coverage in the harness: which arms of the standard the reference parser went
//! through in a run (`litmus run --spec-coverage`, `litmus conformance
//! --spec-coverage`).
//!
//! The parser counts its arms per thread when it is built with its feature
//! `spec-coverage` (this crate's default feature `spec-coverage` turns it on; see
//! `litmus_parser::spec_arms`). A campaign's case workers take their engine thread's
//! counts after each case and send them with the case's results
//! (`BatchPart::spec_arms`); the campaign adds them up. [`SpecCoverage`] is what the
//! reports keep of the sum: "N of M" overall and per section, and every arm with its
//! count; `text.rs` renders it for the terminal and summary.md, `html.rs` for
//! index.html.

mod chart;
mod coverage;
mod html;
mod text;

pub use coverage::{
    available, ArmCoverage, CoveragePoint, LeftOut, SectionCoverage, SpecCoverage,
    TEXT_CASES_SKIP_SNIFFING, UNAVAILABLE,
};
pub use html::render_html;
pub use text::{render_markdown, render_text};

#[cfg(test)]
mod tests;
