//! ClusterFuzzLite's documented layout: `.clusterfuzzlite/` and one GitHub workflow
//! per mode — code change (pull requests), batch, prune and coverage — each building
//! with `.clusterfuzzlite/build.sh` (the actions' `build_fuzzers`, language rust) and
//! running the mode it is named for.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

fn workflow(name: &str) -> String {
    let path = root().join(".github/workflows").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_build_integration_is_there() {
    for file in ["Dockerfile", "build.sh", "project.yaml"] {
        assert!(
            root().join(".clusterfuzzlite").join(file).is_file(),
            "{file}"
        );
    }
    let project = std::fs::read_to_string(root().join(".clusterfuzzlite/project.yaml")).unwrap();
    assert!(project.contains("language: rust"));
}

#[test]
fn every_mode_has_its_workflow() {
    for (file, mode) in [
        ("cflite_pr.yml", "code-change"),
        ("cflite_batch.yml", "batch"),
        ("cflite_prune.yml", "prune"),
        ("cflite_cron.yml", "coverage"),
    ] {
        let text = workflow(file);
        assert!(
            text.contains(&format!("mode: {mode}\n")),
            "{file}: mode {mode}"
        );
        assert!(
            text.contains("uses: google/clusterfuzzlite/actions/build_fuzzers@v1"),
            "{file}"
        );
        assert!(
            text.contains("uses: google/clusterfuzzlite/actions/run_fuzzers@v1"),
            "{file}"
        );
        assert!(text.contains("language: rust"), "{file}");
        assert!(text.contains("permissions: read-all"), "{file}");
        assert!(text.contains("workflow_dispatch:"), "{file}");
    }
}

#[test]
fn coverage_builds_and_runs_with_the_coverage_sanitizer() {
    let text = workflow("cflite_cron.yml");
    assert!(text.contains("schedule:"));
    // Both steps: the build instruments for coverage and the run reads that build.
    assert_eq!(text.matches("sanitizer: coverage\n").count(), 2, "{text}");
}
