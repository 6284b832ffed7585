use super::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// `in-table` and `start-tag-caption` give `InTableStartTagCaption`.
fn variant_name(section: &str, key: &str) -> String {
    let mut name = String::new();
    for word in section.split('-').chain(key.split('-')) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            name.push(first.to_ascii_uppercase());
            name.extend(chars);
        }
    }
    name
}

fn source_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The `.rs` files under `dir`, walked with an explicit stack.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("the source directory reads") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The names in `text` that follow `prefix`, up to the first character that cannot
/// be in an identifier.
fn names_after(text: &str, prefix: &str) -> Vec<String> {
    text.match_indices(prefix)
        .map(|(at, _)| {
            text[at + prefix.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

#[test]
fn the_tables_follow_the_enum() {
    let enum_source =
        std::fs::read_to_string(source_dir().join("spec_arms/arm.rs")).expect("arm.rs reads");
    let body = enum_source
        .split("pub enum Arm {")
        .nth(1)
        .and_then(|rest| rest.split('}').next())
        .expect("arm.rs declares the enum");
    let variants: Vec<&str> = body
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
        .map(|line| line.trim_end_matches(','))
        .collect();
    let from_tables: Vec<String> = arms()
        .map(|info| variant_name(info.section.key, info.entry.key))
        .collect();
    assert_eq!(variants.len(), ARM_COUNT);
    assert_eq!(from_tables.len(), ARM_COUNT);
    for (index, (variant, expected)) in variants.iter().zip(&from_tables).enumerate() {
        assert_eq!(
            variant, expected,
            "arm {index}: the enum and the tables disagree"
        );
    }
    let count = |family| sections().filter(|s| s.family == family).count();
    assert_eq!(
        count(Family::Tokenizer),
        85,
        "one section per tokenizer state"
    );
    assert_eq!(
        count(Family::InsertionMode),
        21,
        "one section per insertion mode"
    );
    let ids: BTreeSet<String> = arms().map(|info| info.id()).collect();
    assert_eq!(ids.len(), ARM_COUNT, "arm ids are unique");
    let mut keys = BTreeSet::new();
    for section in sections() {
        assert!(
            keys.insert((section.family == Family::Tokenizer, section.key)),
            "section {} twice",
            section.key
        );
        assert!(!section.arms.is_empty(), "section {} has arms", section.key);
    }
}

/// Each arm of the tables is counted somewhere in the parser, and each arm counted in
/// the parser is in the tables (the compiler checks the second half: a call names a
/// variant of the enum; this checks the tables name the same variants).
#[test]
fn every_arm_has_a_call_site_and_every_call_site_an_arm() {
    let mut uses: BTreeMap<String, usize> = BTreeMap::new();
    for file in rust_files(&source_dir()) {
        if file.starts_with(source_dir().join("spec_arms")) {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a source file reads");
        for prefix in ["spec_arm(Arm::", "spec_arm_if(Arm::"] {
            for name in names_after(&text, prefix) {
                *uses.entry(name).or_default() += 1;
            }
        }
    }
    let table: BTreeSet<String> = arms()
        .map(|info| variant_name(info.section.key, info.entry.key))
        .collect();
    let without_call: Vec<&String> = table.iter().filter(|v| !uses.contains_key(*v)).collect();
    let without_entry: Vec<&String> = uses.keys().filter(|v| !table.contains(*v)).collect();
    assert!(
        without_call.is_empty(),
        "arms in the table with no `spec_arm` call in the parser: {without_call:?}"
    );
    assert!(
        without_entry.is_empty(),
        "`spec_arm` calls with no entry in the table: {without_entry:?}"
    );
}

/// `docs/spec-arms.md` is the rendering of the tables; `LITMUS_WRITE_SPEC_ARMS=1`
/// rewrites it.
#[test]
fn docs_spec_arms_md_is_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/spec-arms.md");
    let rendered = render_markdown();
    if std::env::var_os("LITMUS_WRITE_SPEC_ARMS").is_some() {
        std::fs::write(&path, &rendered).expect("docs/spec-arms.md writes");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == rendered,
        "docs/spec-arms.md is stale: run LITMUS_WRITE_SPEC_ARMS=1 cargo test -p \
         litmus-parser spec_arms"
    );
}

/// The API is the same with and without the feature; without it nothing is counted.
#[test]
fn counts_are_taken_and_emptied() {
    reset_counts();
    let document = crate::parse_document("<p>x", &crate::ParseOptions::default());
    assert!(document.is_ok());
    let counts = take_counts();
    assert_eq!(counts.as_slice().len(), ARM_COUNT);
    assert_eq!(!counts.is_empty(), enabled());
    assert!(take_counts().is_empty(), "taking the counts empties them");
    let (reached, reachable) = counts.reached();
    assert!(reached <= reachable && reachable <= ARM_COUNT);
}

/// The arms each input reaches, parsed as a document with fast paths on and off.
#[cfg(feature = "spec-coverage")]
#[test]
fn small_inputs_reach_their_arms() {
    let cases: &[(&str, &[Arm])] = &[
        ("x&amp;y", &[Arm::DataAmpersand, Arm::DataAnythingElse]),
        (
            "<P CLASS=x>",
            &[
                Arm::TagNameAsciiUpperAlpha,
                Arm::AttributeNameAsciiUpperAlpha,
            ],
        ),
        (
            "<p>x</p>",
            &[Arm::TagOpenAsciiAlpha, Arm::InBodyCharacterWhitespace],
        ),
        (
            "<table>x",
            &[Arm::InTableAnythingElse, Arm::InTableTextAnythingElse],
        ),
        (
            "<table>x",
            &[
                Arm::AppropriatePlaceStep3FosterParenting,
                Arm::AppropriatePlaceStep34TableParent,
            ],
        ),
        (
            "<a><b></a>",
            &[
                Arm::AdoptionAgencyStep4OuterLoop,
                Arm::AdoptionAgencyStep48NoFurthestBlock,
            ],
        ),
        (
            "<a><p></a>",
            &[
                Arm::AdoptionAgencyStep413InnerLoop,
                Arm::AdoptionAgencyStep414LastNodeInserted,
            ],
        ),
        (
            "<table></table>",
            &[
                Arm::InTableEndTagTable,
                Arm::ResetTheInsertionModeStep12Body,
            ],
        ),
        (
            "<svg><path/></svg>",
            &[Arm::InForeignContentAnyOtherStartTag],
        ),
    ];
    for fast in [true, false] {
        for (input, expected) in cases {
            reset_counts();
            let parsed =
                crate::parse_with_fast_paths(input, None, &crate::ParseOptions::default(), fast);
            assert!(parsed.is_ok());
            let counts = take_counts();
            for arm in *expected {
                assert!(
                    counts.get(*arm) > 0,
                    "{input:?} (fast paths {fast}) does not reach {arm:?}"
                );
            }
        }
    }
}

/// The serializer's arms each input reaches when its document is serialized.
#[cfg(feature = "spec-coverage")]
#[test]
fn serializations_reach_their_arms() {
    let cases: &[(&str, &[Arm])] = &[
        (
            "<!DOCTYPE html><p title='\"x'>a&amp;b<br><!--c-->",
            &[
                Arm::FragmentSerializationDoctype,
                Arm::FragmentSerializationElementChildrenAndEndTag,
                Arm::FragmentSerializationElementSerializesAsVoid,
                Arm::FragmentSerializationAttributeNoNamespace,
                Arm::FragmentSerializationTextEscaped,
                Arm::FragmentSerializationComment,
                Arm::EscapingAmpersand,
                Arm::EscapingQuotationMark,
            ],
        ),
        (
            "<script>a<b</script><template>x&lt;y&gt;&nbsp;</template>",
            &[
                Arm::FragmentSerializationTextLiterally,
                Arm::FragmentSerializationTemplateContents,
                Arm::EscapingLessThanSign,
                Arm::EscapingGreaterThanSign,
                Arm::EscapingNoBreakSpace,
            ],
        ),
        (
            "<svg xlink:href=x xml:lang=y xmlns=z xmlns:xlink=w>",
            &[
                Arm::FragmentSerializationAttributeXlink,
                Arm::FragmentSerializationAttributeXml,
                Arm::FragmentSerializationAttributeXmlnsXmlns,
                Arm::FragmentSerializationAttributeXmlns,
            ],
        ),
    ];
    for (input, expected) in cases {
        let document = crate::parse_document(input, &crate::ParseOptions::default())
            .expect("the input parses");
        reset_counts();
        let _ = crate::serialize::serialize_children(&document, document.root());
        let counts = take_counts();
        for arm in *expected {
            assert!(counts.get(*arm) > 0, "{input:?} does not reach {arm:?}");
        }
    }
}

/// The encoding sniffing algorithm's arms each byte stream reaches.
#[cfg(all(feature = "spec-coverage", feature = "encoding"))]
#[test]
fn byte_streams_reach_their_sniffing_arms() {
    let cases: &[(&[u8], &[Arm])] = &[
        (
            b"<!--x--><meta charset=\"UTF-16LE\">",
            &[
                Arm::PrescanComment,
                Arm::PrescanMeta,
                Arm::PrescanMetaCharset,
                Arm::GetAnAttributeStep10Quoted,
                Arm::PrescanMetaStep14Utf16,
                Arm::PrescanMetaStep16Return,
                Arm::SniffingStep5Prescan,
            ],
        ),
        (
            b"<meta content='text/html; charset=x-user-defined' http-equiv=Content-Type>",
            &[
                Arm::PrescanMetaContent,
                Arm::PrescanMetaHttpEquivContentType,
                Arm::PrescanMetaStep15XUserDefined,
            ],
        ),
        (
            b"<meta content='text/html; charset=utf-8'>",
            &[Arm::PrescanMetaStep12NoPragma],
        ),
        (
            b"<?xml version='1.0' encoding='koi8-r'?><p>",
            &[
                Arm::PrescanBangSolidusQuestionMark,
                Arm::PrescanTag,
                Arm::PrescanRanOut,
                Arm::XmlEncodingReturnEncoding,
                Arm::SniffingStep5Prescan,
            ],
        ),
        (b"\xEF\xBB\xBFx", &[Arm::SniffingStep1Bom]),
        (
            b"<p a b=c d>x",
            &[
                Arm::PrescanTag,
                Arm::PrescanAnyOtherByte,
                Arm::GetAnAttributeStep4Whitespace,
                Arm::GetAnAttributeStep7NoEqualsSign,
                Arm::GetAnAttributeStep10AnythingElse,
                Arm::XmlEncodingNoXmlDeclaration,
                Arm::SniffingStep9Default,
            ],
        ),
    ];
    for (bytes, expected) in cases {
        reset_counts();
        let _ = crate::encoding::sniff_encoding(bytes, &crate::EncodingOptions::default());
        let counts = take_counts();
        for arm in *expected {
            assert!(counts.get(*arm) > 0, "{bytes:?} does not reach {arm:?}");
        }
    }
}
