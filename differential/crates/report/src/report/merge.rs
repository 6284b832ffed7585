//! `litmus report merge`: the shards of one campaign joined into one report.
//!
//! The rule: reports merge when they are shards of one campaign — the same seed, the
//! same generator (version, configuration, byte cases or not, and mutation sources by
//! hash), the same engines (names and versions), each a shard `i/N` of the same `N`,
//! no shard twice. Their case streams are then disjoint parts of one stream, and the
//! merged report is that campaign's (over the shards given). Anything else is refused,
//! saying which report differs and how: reports with other seeds or another generator
//! ran other case streams, and two reports of the same whole stream (no `--shard`)
//! would count the same cases twice.
//!
//! How the parts join: cases, jobs and per-level comparisons add up (agreement is
//! computed again); elapsed time is the longest shard's (shards run side by side);
//! started is the earliest, finished the latest; signatures join by text (counts add
//! up); findings join by signature hash, the smallest input kept, counts added, and a
//! known class keeps its [`EXEMPLARS_PER_CLASS`] smallest exemplars; class counts add
//! up (their distinct signatures counted again over the joined signatures); a class is
//! possibly fixed only when every shard says so, and not seen when no shard matched it
//! and one did not show it fixed; warnings are joined. The shard field
//! is `null` when every shard of `N` is there, else the shards given (`0+2/4`).

use litmus_campaign::campaign::EXEMPLARS_PER_CLASS;
use litmus_campaign::finding::{CampaignReport, ClassCount, Finding, LevelCount, SignatureCount};
use litmus_compare::signature::Signature;
use std::collections::BTreeMap;

/// Why reports cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeError(pub String);

impl std::fmt::Display for MergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MergeError {}

/// A shard field `i/n`.
fn shard_of(report: &CampaignReport) -> Option<(u64, u64)> {
    let (i, n) = report.shard.as_deref()?.split_once('/')?;
    Some((i.parse().ok()?, n.parse().ok()?))
}

/// The campaign id without its `-shard-I-of-N` suffix.
fn base_id(id: &str) -> &str {
    match id.rfind("-shard-") {
        Some(at) => &id[..at],
        None => id,
    }
}

/// Joins `reports` (each named by `names[i]` in messages) into one, by the rule of
/// the module docs.
pub fn merge(reports: &[CampaignReport], names: &[String]) -> Result<CampaignReport, MergeError> {
    let Some(first) = reports.first() else {
        return Err(MergeError("no reports to merge".into()));
    };
    let refuse = |i: usize, why: String| {
        MergeError(format!(
            "{} cannot be merged with {}: {why}; only the shards of one campaign merge (same seed, generator and engines, --shard I/N with the same N, each shard once)",
            names[i], names[0]
        ))
    };
    let mut seen_shards = BTreeMap::new();
    for (i, report) in reports.iter().enumerate() {
        let Some((index, count)) = shard_of(report) else {
            return Err(MergeError(format!(
                "{} is not a shard (it ran the whole case stream of seed {}): only the shards of one campaign merge, since two reports of one stream would count its cases twice",
                names[i], report.seed
            )));
        };
        if report.seed != first.seed {
            return Err(refuse(
                i,
                format!("seed {} against {}", report.seed, first.seed),
            ));
        }
        match (&report.generation, &first.generation) {
            (Some(a), Some(b)) if a.generator_version != b.generator_version => {
                return Err(refuse(
                    i,
                    format!(
                        "generator version {} against {}",
                        a.generator_version, b.generator_version
                    ),
                ))
            }
            (Some(a), Some(b)) if a != b => {
                return Err(refuse(
                    i,
                    format!(
                        "another generator configuration or other mutation sources (sha256 {} against {})",
                        a.mutation_sources.sha256, b.mutation_sources.sha256
                    ),
                ))
            }
            (Some(_), Some(_)) | (None, None) => {}
            _ => {
                return Err(refuse(
                    i,
                    "one records its generator and the other does not (written by different versions of litmus)".into(),
                ))
            }
        }
        for (a, b, what) in [
            (&report.reference, &first.reference, "reference"),
            (&report.other, &first.other, "engine"),
        ] {
            if a != b {
                return Err(refuse(
                    i,
                    format!(
                        "{what} {} {} against {} {}",
                        a.name, a.version, b.name, b.version
                    ),
                ));
            }
        }
        let (_, first_count) = shard_of(first).expect("checked first");
        if count != first_count {
            return Err(refuse(
                i,
                format!("shard {index}/{count} of another split than {first_count}"),
            ));
        }
        if let Some(other) = seen_shards.insert(index, i) {
            return Err(MergeError(format!(
                "{} and {} are both shard {index}/{count}",
                names[other], names[i]
            )));
        }
    }
    let (_, count) = shard_of(first).expect("checked");
    let mut merged = CampaignReport {
        campaign: base_id(&first.campaign).to_owned(),
        shard: (seen_shards.len() as u64 != count).then(|| {
            let list: Vec<String> = seen_shards.keys().map(u64::to_string).collect();
            format!("{}/{count}", list.join("+"))
        }),
        started: reports
            .iter()
            .map(|r| r.started.clone())
            .min()
            .unwrap_or_default(),
        finished: reports
            .iter()
            .map(|r| r.finished.clone())
            .max()
            .unwrap_or_default(),
        jobs: reports.iter().map(|r| r.jobs).sum(),
        cases: reports.iter().map(|r| r.cases).sum(),
        elapsed_seconds: reports
            .iter()
            .map(|r| r.elapsed_seconds)
            .fold(0.0, f64::max),
        exemplar_seconds: reports
            .iter()
            .map(|r| r.exemplar_seconds)
            .fold(0.0, f64::max),
        interrupted: reports.iter().any(|r| r.interrupted),
        levels: Vec::new(),
        findings: Vec::new(),
        class_counts: Vec::new(),
        signatures: Vec::new(),
        possibly_fixed: Vec::new(),
        not_seen: Vec::new(),
        warnings: Vec::new(),
        spec_coverage: None,
        ..first.clone()
    };
    merged.cases_per_second = if merged.elapsed_seconds > 0.0 {
        merged.cases as f64 / merged.elapsed_seconds
    } else {
        0.0
    };
    // Levels, in the order they first appear.
    let mut levels: Vec<(String, u64, u64)> = Vec::new();
    for level in reports.iter().flat_map(|r| &r.levels) {
        match levels.iter_mut().find(|(name, _, _)| *name == level.level) {
            Some(entry) => {
                entry.1 += level.compared;
                entry.2 += level.agreed;
            }
            None => levels.push((level.level.clone(), level.compared, level.agreed)),
        }
    }
    merged.levels = levels
        .into_iter()
        .map(|(name, compared, agreed)| LevelCount::new(name, compared, agreed))
        .collect();
    // Signatures by text.
    let mut signatures: BTreeMap<Signature, SignatureCount> = BTreeMap::new();
    for s in reports.iter().flat_map(|r| &r.signatures) {
        match signatures.get_mut(&s.signature) {
            Some(entry) => {
                entry.count += s.count;
                entry.class = entry.class.take().or_else(|| s.class.clone());
                entry.finding = entry.finding.take().or_else(|| s.finding.clone());
                entry.triaged |= s.triaged;
            }
            None => {
                signatures.insert(s.signature.clone(), s.clone());
            }
        }
    }
    merged.signatures = signatures.into_values().collect();
    // Findings by hash: the smallest input, the counts added.
    let mut findings: BTreeMap<String, Finding> = BTreeMap::new();
    for f in reports.iter().flat_map(|r| &r.findings) {
        match findings.get_mut(&f.hash) {
            Some(entry) => {
                let count = entry.count + f.count;
                if (f.input.len(), &f.input) < (entry.input.len(), &entry.input) {
                    *entry = f.clone();
                }
                entry.count = count;
            }
            None => {
                findings.insert(f.hash.clone(), f.clone());
            }
        }
    }
    // A known class keeps its smallest exemplars.
    let mut per_class: BTreeMap<String, Vec<Finding>> = BTreeMap::new();
    for f in findings.into_values() {
        match &f.class {
            Some(class) => per_class.entry(class.clone()).or_default().push(f),
            None => merged.findings.push(f),
        }
    }
    for (_, mut list) in per_class {
        list.sort_by(|a, b| (a.input.len(), &a.signature).cmp(&(b.input.len(), &b.signature)));
        list.truncate(EXEMPLARS_PER_CLASS);
        merged.findings.extend(list);
    }
    merged
        .findings
        .sort_by(|a, b| a.signature.cmp(&b.signature));
    // Class counts: cases added; distinct signatures counted over the joined list.
    let mut classes: BTreeMap<String, ClassCount> = BTreeMap::new();
    for c in reports.iter().flat_map(|r| &r.class_counts) {
        let entry = classes
            .entry(c.class.clone())
            .or_insert_with(|| ClassCount {
                class: c.class.clone(),
                ..ClassCount::default()
            });
        entry.cases += c.cases;
        entry.signatures += c.signatures;
    }
    if !merged.signatures.is_empty() {
        for entry in classes.values_mut() {
            entry.signatures = merged
                .signatures
                .iter()
                .filter(|s| s.class.as_deref() == Some(entry.class.as_str()))
                .count() as u64;
        }
    }
    merged.class_counts = classes.into_values().collect();
    // Possibly fixed: no shard matched it.
    merged.possibly_fixed = first
        .possibly_fixed
        .iter()
        .filter(|p| {
            reports
                .iter()
                .all(|r| r.possibly_fixed.iter().any(|q| q.class == p.class))
        })
        .cloned()
        .collect();
    // Not seen: no shard matched it, and it is not possibly fixed in all.
    for class in reports.iter().flat_map(|r| &r.not_seen) {
        let unmatched = reports.iter().all(|r| {
            r.not_seen.iter().any(|n| n.class == class.class)
                || r.possibly_fixed.iter().any(|p| p.class == class.class)
        });
        let listed = merged.not_seen.iter().any(|n| n.class == class.class);
        if unmatched && !listed {
            merged.not_seen.push(class.clone());
        }
    }
    // The classes' explanations: every shard's, each class once.
    for class in reports.iter().flat_map(|r| &r.known_classes) {
        if !merged.known_classes.iter().any(|c| c.id == class.id) {
            merged.known_classes.push(class.clone());
        }
    }
    for warning in reports.iter().flat_map(|r| &r.warnings) {
        if !merged.warnings.contains(warning) {
            merged.warnings.push(warning.clone());
        }
    }
    // Spec coverage: the shards' counts added, arm by arm.
    for coverage in reports.iter().filter_map(|r| r.spec_coverage.as_ref()) {
        match &mut merged.spec_coverage {
            Some(sum) => sum.merge(coverage),
            None => merged.spec_coverage = Some(coverage.clone()),
        }
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::sample;

    fn shard(index: u64, count: u64) -> CampaignReport {
        let mut report = sample::campaign();
        report.shard = Some(format!("{index}/{count}"));
        report.campaign = format!("20261130-0500-s7-shard-{index}-of-{count}");
        report
    }

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("r{i}")).collect()
    }

    #[test]
    fn shards_of_one_campaign_add_up() {
        let a = shard(0, 2);
        let b = shard(1, 2);
        let merged = merge(&[a.clone(), b.clone()], &names(2)).unwrap();
        assert_eq!(merged.campaign, "20261130-0500-s7");
        assert_eq!(merged.shard, None, "both shards of 2");
        assert_eq!(merged.cases, a.cases + b.cases);
        assert_eq!(merged.jobs, a.jobs + b.jobs);
        assert_eq!(merged.levels[0].compared, 2 * a.levels[0].compared);
        assert_eq!(merged.levels[0].agreement, a.levels[0].agreement);
        // The same findings in both: one each, counts added.
        assert_eq!(merged.findings.len(), a.findings.len());
        let hash = &a.findings[0].hash;
        let count = |r: &CampaignReport| r.findings.iter().find(|f| &f.hash == hash).unwrap().count;
        assert_eq!(count(&merged), 2 * count(&a));
        assert_eq!(merged.possibly_fixed, a.possibly_fixed);
        assert_eq!(merged.not_seen, a.not_seen);
        // A class one shard showed fixed and the other did not is not seen; one a
        // shard matched is neither.
        let mut c = shard(1, 2);
        let fixed = c.possibly_fixed.remove(0);
        c.not_seen.push(litmus_campaign::finding::NotSeen {
            class: fixed.class.clone(),
            ..Default::default()
        });
        c.not_seen.retain(|n| n.class != a.not_seen[0].class);
        let merged = merge(&[a.clone(), c], &names(2)).unwrap();
        assert!(merged.possibly_fixed.is_empty());
        let unseen: Vec<_> = merged.not_seen.iter().map(|n| n.class.as_str()).collect();
        assert_eq!(unseen, [a.not_seen[1].class.as_str(), fixed.class.as_str()]);
        let partial = merge(&[shard(0, 4), shard(2, 4)], &names(2)).unwrap();
        assert_eq!(partial.shard.as_deref(), Some("0+2/4"));
    }

    #[test]
    fn what_is_not_one_campaign_is_refused() {
        let mut other_seed = shard(1, 2);
        other_seed.seed = 8;
        let err = merge(&[shard(0, 2), other_seed], &names(2)).unwrap_err().0;
        assert!(err.contains("seed 8 against 7"), "{err}");
        let mut other_generator = shard(1, 2);
        other_generator
            .generation
            .as_mut()
            .unwrap()
            .generator_version = 99;
        let err = merge(&[shard(0, 2), other_generator], &names(2))
            .unwrap_err()
            .0;
        assert!(err.contains("generator version 99 against"), "{err}");
        let mut other_sources = shard(1, 2);
        other_sources
            .generation
            .as_mut()
            .unwrap()
            .mutation_sources
            .sha256 = "00".into();
        assert!(merge(&[shard(0, 2), other_sources], &names(2)).is_err());
        let mut other_engine = shard(1, 2);
        other_engine.other.version = "0.41.0".into();
        assert!(merge(&[shard(0, 2), other_engine], &names(2))
            .unwrap_err()
            .0
            .contains("0.41.0"));
        let err = merge(&[shard(0, 2), shard(0, 2)], &names(2)).unwrap_err().0;
        assert!(err.contains("both shard 0/2"), "{err}");
        assert!(merge(&[shard(0, 2), shard(1, 3)], &names(2)).is_err());
        let mut whole = shard(0, 2);
        whole.shard = None;
        let err = merge(&[whole.clone(), whole], &names(2)).unwrap_err().0;
        assert!(err.contains("is not a shard"), "{err}");
    }
}
