//! `findings.json`: the [`CampaignReport`] model serialized as pretty-printed JSON (two
//! spaces, fields in the model's order, UTF-8, a final line feed). Inputs and outputs
//! are JSON strings with the usual escapes, so this is the one report that holds every
//! input exactly; the schema is described in `SCHEMA.md` beside this file.

use litmus_campaign::finding::CampaignReport;

/// The text of findings.json.
pub fn render(report: &CampaignReport) -> Result<String, serde_json::Error> {
    let mut text = serde_json::to_string_pretty(report)?;
    text.push('\n');
    Ok(text)
}

/// Reads findings.json back.
pub fn parse(text: &str) -> Result<CampaignReport, serde_json::Error> {
    serde_json::from_str(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::sample;

    #[test]
    fn findings_json_reads_back_as_the_same_model() {
        let report = sample::campaign();
        let text = render(&report).unwrap();
        assert_eq!(parse(&text).unwrap(), report);
        assert!(
            text.contains("\"schema\": 2"),
            "pretty, with the schema first"
        );
        assert!(text.contains("\\u0000"), "the NUL is kept, escaped");
    }
}
