use super::*;

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
