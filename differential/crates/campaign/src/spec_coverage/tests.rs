use super::*;
use litmus_parser::spec_arms::{self, ArmCounts, Family};

#[test]
fn the_coverage_of_no_counts_has_every_reachable_arm_cold() {
    let coverage = SpecCoverage::from_counts(&ArmCounts::default());
    assert_eq!(coverage.reached, 0);
    assert_eq!(coverage.arms.len(), spec_arms::ARM_COUNT);
    assert_eq!(coverage.cold().count(), coverage.reachable);
    assert!(coverage.hottest(10).is_empty());
    assert_eq!(
        coverage.sections.iter().map(|s| s.reachable).sum::<usize>(),
        coverage.reachable
    );
    let text = render_text(&coverage, 5);
    assert!(text.starts_with(&format!("spec arms reached: 0 of {}", coverage.reachable)));
    assert!(text.contains("tokenizer states: 0 of"));
    assert!(text.contains("… and "));
}

#[test]
fn counts_show_as_reached_hot_and_merge() {
    let mut list = vec![0; spec_arms::ARM_COUNT];
    list[0] = 7;
    list[3] = 2;
    let mut coverage = SpecCoverage::from_counts(&ArmCounts::from_counts(&list));
    assert_eq!(coverage.reached, 2);
    let hottest = coverage.hottest(10);
    assert_eq!(hottest.len(), 2);
    assert_eq!(hottest[0].count, 7);
    let other = coverage.clone();
    coverage.merge(&other);
    assert_eq!(coverage.arms[0].count, 14);
    assert_eq!(coverage.reached, 2);
    let markdown = render_markdown(&coverage);
    assert!(markdown.contains("## Spec coverage"));
    assert!(markdown.contains("### Cold arms"));
    let html = render_html(&coverage);
    assert!(html.contains("class=\"cold\""));
    assert!(html.contains("<code>tokenizer.data."));
}

#[test]
fn findings_json_round_trips_the_coverage() {
    let coverage = SpecCoverage::from_counts(&ArmCounts::from_counts(&[1, 2, 3]));
    let json = serde_json::to_string(&coverage).unwrap();
    let back: SpecCoverage = serde_json::from_str(&json).unwrap();
    assert_eq!(back, coverage);
}

#[test]
fn a_family_left_out_is_out_of_m_and_merges_back_in_with_a_run_that_has_it() {
    let all = SpecCoverage::from_counts(&ArmCounts::default());
    let reason = TEXT_CASES_SKIP_SNIFFING;
    let text =
        SpecCoverage::from_counts_leaving_out(&ArmCounts::default(), &[(Family::Encoding, reason)]);
    let encoding_arms = all
        .arms
        .iter()
        .filter(|arm| arm.id.starts_with("encoding."))
        .count();
    assert!(encoding_arms > 20, "{encoding_arms}");
    assert_eq!(text.reachable, all.reachable - encoding_arms);
    assert!(text.arms.iter().all(|arm| !arm.id.starts_with("encoding.")));
    assert!(text.sections.iter().all(|s| s.family != "encoding"));
    assert!(render_text(&text, 0).contains("encoding sniffing: left out of M"));
    assert!(render_markdown(&text).contains("encoding sniffing: left out of M"));

    // A text run merged with a byte run: the byte run's sniffing counts come in, and
    // nothing is left out any more.
    let mut counts = vec![0; spec_arms::ARM_COUNT];
    let prescan_meta = all
        .arms
        .iter()
        .position(|arm| arm.id == "encoding.prescan.meta")
        .expect("the arm exists");
    counts[prescan_meta] = 3;
    counts[0] = 1;
    let bytes = SpecCoverage::from_counts(&ArmCounts::from_counts(&counts));
    let mut merged = text.clone();
    merged.merge(&bytes);
    assert!(merged.left_out.is_empty());
    assert_eq!(merged.reachable, all.reachable);
    assert_eq!(merged.arms[prescan_meta].count, 3);
    assert_eq!(merged.arms[0].count, 1);
    // Two text runs stay text.
    let mut twice = text.clone();
    twice.merge(&text);
    assert_eq!(twice.left_out, text.left_out);
    assert_eq!(twice.reachable, text.reachable);
}
