//! A hand-built campaign report to test and look at the report formats: two new
//! classes (one with hostile input: `</pre><script>`, a NUL, a carriage return), a known
//! class with two signatures, a known serialization class, a very long line, a third
//! engine's opinions, and one possibly fixed class.
//!
//! `cargo run -p litmus-differential --example sample_report -- DIR` writes its four
//! reports into `DIR` (see `differential/examples/sample_report.rs`).

use litmus_campaign::finding::{
    CampaignReport, EngineId, Finding, LevelCount, NotSeen, Origin, PossiblyFixed, Status,
    ThirdOpinion, SCHEMA_VERSION,
};
use litmus_compare::minimize::MinimizeStats;
use litmus_compare::signature::FirstDifference;
use litmus_compare::signature::Signature;

/// The sample campaign with its first finding that has trees made a round-trip
/// finding (html5ever's tree against its tree of its own serialization).
pub fn round_trip_campaign() -> CampaignReport {
    let mut report = campaign();
    let finding = report
        .findings
        .iter_mut()
        .find(|f| !f.reference_output.is_empty())
        .expect("the sample has a finding with trees");
    finding.level = "round-trip".into();
    report
}

/// The sample campaign.
pub fn campaign() -> CampaignReport {
    CampaignReport {
        schema: SCHEMA_VERSION,
        campaign: "20261130-0500".into(),
        started: "2026-11-30T05:00:00Z".into(),
        finished: "2026-11-30T05:20:34Z".into(),
        reference: engine("litmus", "0.1.0"),
        other: engine("html5ever", "0.40.0"),
        seed: 7,
        shard: Some("1/4".into()),
        jobs: 2,
        cases: 1_234_567,
        elapsed_seconds: 1234.5,
        exemplar_seconds: 12.5,
        cases_per_second: 1000.06,
        class_counts: Vec::new(),
        signatures: Vec::new(),
        interrupted: false,
        levels: vec![
            level("tree", 1_234_567, 1_234_501),
            level("fragment", 308_641, 308_638),
            level("serialization", 1_234_567, 1_234_447),
            level("round-trip", 1_234_567, 1_234_567),
        ],
        findings: vec![
            hostile_script(),
            long_line(),
            processing_instruction("<?t d?>", 40, None),
            processing_instruction("<p><?x?>a", 2, Some(2)),
            attribute_escaping(),
        ],
        possibly_fixed: vec![PossiblyFixed {
            class: "html5ever-template-in-frameset".into(),
            explanation: "html5ever 0.39 inserted <template> in frameset mode.".into(),
            upstream: Some("https://github.com/servo/html5ever/issues/123".into()),
            since: Some("html5ever 0.40.1 + markup5ever_rcdom 0.40.1+unofficial".into()),
            exemplars: 2,
        }],
        not_seen: vec![
            NotSeen {
                class: "characters-in-table-with-a-template-current-node".into(),
                explanation: "Characters in a table whose current node is a template.".into(),
                upstream: None,
                diverging_exemplar: None,
            },
            NotSeen {
                class: "html5ever-isindex-is-special".into(),
                explanation: "html5ever treats isindex as special.".into(),
                upstream: None,
                diverging_exemplar: Some("3f8a01ed3df4df5e.dat".into()),
            },
        ],
        known_classes: vec![
            class_info(
                "html5ever-no-processing-instructions",
                "html5ever 0.40 does not parse processing instructions; it builds bogus comments.",
                "https://html.spec.whatwg.org/#processing-instruction-open-state",
                Some("https://github.com/servo/html5ever/issues/789"),
            ),
            class_info(
                "html5ever-attribute-lt-gt-unescaped",
                "The standard escapes < and > in attribute values since 2025; html5ever does not.",
                "https://html.spec.whatwg.org/#escapingString",
                None,
            ),
            class_info(
                "html5ever-template-in-frameset",
                "html5ever 0.39 inserted <template> in frameset mode.",
                "https://html.spec.whatwg.org/#parsing-main-inframeset",
                Some("https://github.com/servo/html5ever/issues/123"),
            ),
        ],
        generation: Some(litmus_campaign::finding::Generation {
            generator_version: litmus_campaign::generator::GENERATOR_VERSION,
            bytes: false,
            config: litmus_campaign::generator::GeneratorConfig::default(),
            mutation_sources: litmus_campaign::finding::MutationSourcesId {
                sha256: "5f0c0d4a8e7b2c1d9a6f3e0b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d".into(),
                inputs: 2198,
                html5lib_inputs: 1792,
                corpus_inputs: 406,
                html5lib: Some("../shared/html5lib-tests/tree-construction".into()),
                corpus: Some("corpus".into()),
            },
            steering: None,
        }),
        warnings: Vec::new(),
        spec_coverage: None,
    }
}

fn class_info(
    id: &str,
    explanation: &str,
    spec: &str,
    upstream: Option<&str>,
) -> crate::report::classes::ClassInfo {
    crate::report::classes::ClassInfo {
        id: id.into(),
        engine: "html5ever".into(),
        explanation: explanation.into(),
        right: litmus_verdicts::Right::Reference,
        spec: spec.into(),
        upstream: upstream.map(Into::into),
    }
}

fn engine(name: &str, version: &str) -> EngineId {
    EngineId {
        name: name.into(),
        version: version.into(),
    }
}

fn level(level: &str, compared: u64, agreed: u64) -> LevelCount {
    LevelCount::new(level, compared, agreed)
}

fn base(signature: &str, level: &str, input: &str, original: &str) -> Finding {
    Finding {
        signature: signature.into(),
        hash: Signature::from_text(signature).hash(),
        level: level.into(),
        engine: "html5ever".into(),
        engine_version: Some("html5ever 0.40.1 + markup5ever_rcdom 0.40.1+unofficial".into()),
        class: None,
        status: Some(Status::New),
        explanation: None,
        ambiguous: Vec::new(),
        causes: Vec::new(),
        locus: None,
        labels: Vec::new(),
        count: 1,
        input: input.into(),
        original_input: original.into(),
        fragment_context: None,
        scripting: true,
        reference_output: String::new(),
        serialization: None,
        other_output: String::new(),
        first_difference: None,
        minimization: MinimizeStats {
            original_bytes: original.len(),
            final_bytes: input.len(),
            steps: 153,
            millis: 35,
            budget_exhausted: false,
        },
        origin: Origin {
            seed: 7,
            case_index: 1234,
            family: "tables".into(),
        },
        archive_path: Some(format!(
            "corpus/divergences/{}.dat",
            Signature::from_text(signature).hash()
        )),
        judges: Vec::new(),
        third: None,
        splits: Vec::new(),
        start: None,
    }
}

fn tree(lines: &[&str]) -> String {
    let mut out = String::new();
    for line in lines {
        out.push_str("| ");
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// New: hostile input that must never run or break a page.
fn hostile_script() -> Finding {
    let input = "<table><td></pre><script>alert(1)</script>\0x\r";
    let mut f = base(
        "tree | litmus: \"x\" | html5ever: \"\\u{0}x\" | in: <td>",
        "tree",
        input,
        "<!DOCTYPE html><table><tr><td></pre><script>alert(1)</script>\0x\r<b>bold</b></table>",
    );
    f.count = 17;
    let common = [
        "<html>",
        "  <head>",
        "  <body>",
        "    <table>",
        "      <tbody>",
        "        <tr>",
        "          <td>",
        "            <script>",
        "              \"alert(1)\"",
    ];
    let mut reference = common.to_vec();
    reference.push("            \"x");
    reference.push("\"");
    let mut other = common.to_vec();
    other.push("            \"\0x");
    other.push("\"");
    f.reference_output = tree(&reference);
    f.other_output = tree(&other);
    f.first_difference = Some(FirstDifference {
        left_line: 10,
        right_line: 10,
        ..FirstDifference::default()
    });
    f.judges = vec![
        ThirdOpinion {
            engine: "chromium".into(),
            sides_with: "reference".into(),
            output: f.reference_output.clone(),
        },
        ThirdOpinion {
            engine: "firefox".into(),
            sides_with: "reference".into(),
            output: f.reference_output.clone(),
        },
    ];
    f
}

/// New, in a fragment, with a line long enough to wrap.
fn long_line() -> Finding {
    let value = "x".repeat(180) + " <svg><desc></p>";
    let input = format!("<svg><desc><p title=\"{value}\">");
    let mut f = base(
        "fragment | litmus: <p> | html5ever: <svg p> | in: <svg desc>",
        "fragment",
        &input,
        &format!("{input}<b>more</b>"),
    );
    f.count = 3;
    f.fragment_context = Some("td".into());
    f.scripting = false;
    f.origin.family = "foreign-content".into();
    f.reference_output = tree(&[
        "<svg svg>",
        "  <svg desc>",
        "    <p>",
        &format!("      title=\"{value}\""),
    ]);
    f.other_output = tree(&[
        "<svg svg>",
        "  <svg desc>",
        "    <svg p>",
        &format!("      title=\"{value}\""),
    ]);
    f.first_difference = Some(FirstDifference {
        left_line: 3,
        right_line: 3,
        ..FirstDifference::default()
    });
    f.judges = vec![
        ThirdOpinion {
            engine: "chromium".into(),
            sides_with: "other".into(),
            output: f.other_output.clone(),
        },
        ThirdOpinion {
            engine: "webkit".into(),
            sides_with: "other".into(),
            output: f.other_output.clone(),
        },
    ];
    f
}

/// Known: html5ever's bogus comments for processing instructions.
fn processing_instruction(input: &str, count: u64, extra_line: Option<usize>) -> Finding {
    let in_p = extra_line.is_some();
    let signature = format!(
        "tree | litmus: <?…> | html5ever: <!--…--> | in: {}",
        if in_p { "<p>" } else { "<body>" }
    );
    let mut f = base(&signature, "tree", input, &format!("<div>{input}</div>"));
    f.class = Some("html5ever-no-processing-instructions".into());
    f.status = Some(Status::Known);
    f.count = count;
    f.origin.family = "processing-instructions".into();
    let (pi, comment) = if in_p {
        ("<?x ?>", "<!-- ?x? -->")
    } else {
        ("<?t d?>", "<!-- ?t d? -->")
    };
    let indent = if in_p { "      " } else { "    " };
    let mut head = vec!["<html>", "  <head>", "  <body>"];
    if in_p {
        head.push("    <p>");
    }
    let reference: Vec<String> = head
        .iter()
        .map(|l| l.to_string())
        .chain([format!("{indent}{pi}")])
        .collect();
    let other: Vec<String> = head
        .iter()
        .map(|l| l.to_string())
        .chain([format!("{indent}{comment}")])
        .collect();
    f.reference_output = tree(&reference.iter().map(String::as_str).collect::<Vec<_>>());
    f.other_output = tree(&other.iter().map(String::as_str).collect::<Vec<_>>());
    let line = if in_p { 5 } else { 4 };
    f.first_difference = Some(FirstDifference {
        left_line: line,
        right_line: line,
        ..FirstDifference::default()
    });
    f
}

/// Known: the standard now escapes `<` and `>` in attribute values.
fn attribute_escaping() -> Finding {
    let mut f = base(
        "serialization | litmus: &lt; | html5ever: < | in: attribute",
        "serialization",
        "<p a=\"<>\">",
        "<p a=\"<>\" b=c>text</p>",
    );
    f.class = Some("html5ever-attribute-lt-gt-unescaped".into());
    f.status = Some(Status::Known);
    f.count = 120;
    f.origin.family = "attributes".into();
    f.reference_output = "<html><head></head><body><p a=\"&lt;&gt;\"></p></body></html>".into();
    f.other_output = "<html><head></head><body><p a=\"<>\"></p></body></html>".into();
    f.first_difference = Some(FirstDifference {
        left_line: 1,
        right_line: 1,
        ..FirstDifference::default()
    });
    f
}
