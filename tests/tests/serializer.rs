//! The serializer suite: html5lib's serializer tests that match the standard's
//! algorithm, and litmus's own cases for the algorithm.
//!
//! html5lib's `serializer/*.test` files target an option-driven serializer (minimal
//! attribute quoting, single quotes, omitted optional tags, whitespace stripping,
//! meta-charset injection), not the standard's HTML fragment serialization algorithm.
//! A case is used when nothing about it asks for such an option; the rest are left out
//! by these rules, decided on the case itself (never on litmus's output), each with its
//! reason:
//!
//! - any `options` other than `encoding` (quote_char, quote_attr_values,
//!   use_trailing_solidus, minimize_boolean_attributes, escape_lt_in_attrs,
//!   escape_rcdata, strip_whitespace, inject_meta_charset): the standard has no options;
//! - every case of `optionaltags.test`: html5lib omits optional tags by default, the
//!   standard's algorithm never omits a tag;
//! - an expected start tag whose attribute value is unquoted or single-quoted: the
//!   standard always writes `name="value"`;
//! - a DOCTYPE with a public or system identifier: the standard writes only
//!   `<!DOCTYPE name>`.
//!
//! A used case is a token stream; it is built into a tree (start tags open elements,
//! end tags close them, EmptyTag makes a void element) and the tree serialized. The
//! stream may leave elements open, which its expected string then does not close; the
//! end tags of those elements are appended to the expected string, since the tree the
//! standard serializes has them.

use libtest_mimic::{Arguments, Failed, Trial};
use litmus_parser::dom::{AttrNamespace, Document, Namespace, NodeId, QualName};
use litmus_parser::serialize::serialize_children;
use litmus_parser::tree_builder::{NewAttribute, TreeSink};
use litmus_parser::{parse_document, parse_fragment, FragmentContext, ParseOptions};
use serde_json::Value;

/// html5lib cases this suite must run at the least (it uses 15 of 230 in the
/// 2026-06 snapshot), plus litmus's own cases.
const MINIMUM_CASES: usize = 15 + 20;

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for path in litmus_tests::data_files("serializer", "test") {
        let file = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let json: Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{} is not valid JSON: {e}", path.display()));
        let Some(tests) = json["tests"].as_array() else {
            panic!("{} has no \"tests\" array", path.display());
        };
        for (index, case) in tests.iter().enumerate() {
            let description = case["description"].as_str().unwrap_or("").to_owned();
            let name = format!("serializer/{file}#{index} {description:?}");
            match left_out_because(&file, case) {
                Some(reason) => {
                    trials.push(
                        Trial::test(name, || Ok(()))
                            .with_ignored_flag(true)
                            .with_kind(reason),
                    );
                }
                None => {
                    let case = case.clone();
                    trials.push(Trial::test(name, move || run_html5lib_case(&case)));
                }
            }
        }
    }
    for (index, own) in OWN_CASES.iter().enumerate() {
        let name = format!("serializer/litmus#{index} {:?}", own.input);
        trials.push(Trial::test(name, move || run_own_case(own)));
    }

    let used = trials.iter().filter(|t| !t.has_ignored_flag()).count();
    let conclusion = libtest_mimic::run(&args, trials);
    if args.list {
        return;
    }
    let failed = conclusion.num_failed as usize;
    let passed = conclusion.num_passed as usize;
    assert!(
        args.filter.is_some() || used == passed + failed,
        "every used case ran"
    );
    if args.filter.is_none() && !args.ignored {
        litmus_tests::closing_line("serializer", passed, failed, MINIMUM_CASES);
    }
    conclusion.exit();
}

/// The rule that leaves an html5lib case out, if one does (see the module docs).
fn left_out_because(file: &str, case: &Value) -> Option<&'static str> {
    if file == "optionaltags.test" {
        return Some("optional tags omitted");
    }
    if let Some(options) = case["options"].as_object() {
        if options.keys().any(|k| k != "encoding") {
            return Some("serializer option");
        }
    }
    let expected = case["expected"].as_array()?;
    let quoting_other_than_double = expected
        .iter()
        .filter_map(Value::as_str)
        .any(has_unquoted_or_single_quoted_attribute);
    if quoting_other_than_double {
        return Some("minimal quoting");
    }
    let doctype_with_ids = case["input"].as_array().is_some_and(|tokens| {
        tokens
            .iter()
            .any(|t| t[0] == "Doctype" && t.as_array().is_some_and(|a| a.len() > 2))
    });
    if doctype_with_ids {
        return Some("doctype identifiers");
    }
    None
}

/// Whether a serialization has a start tag with an attribute written `name=value` or
/// `name='value'`.
fn has_unquoted_or_single_quoted_attribute(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut in_tag = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'<' => in_tag = true,
            b'>' => in_tag = false,
            b'=' if in_tag => {
                if bytes.get(i + 1) != Some(&b'"') {
                    return true;
                }
                // Step over the double-quoted value.
                match bytes[i + 2..].iter().position(|&c| c == b'"') {
                    Some(length) => i += 2 + length,
                    None => return true,
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

fn run_html5lib_case(case: &Value) -> Result<(), Failed> {
    let tokens = case["input"].as_array().ok_or("case has no input array")?;
    let mut document = Document::default();
    let mut open: Vec<NodeId> = vec![document.root()];
    for token in tokens {
        let kind = token[0].as_str().ok_or("token without a kind")?;
        let parent = *open.last().ok_or("end tag closed the document")?;
        match kind {
            "StartTag" | "EmptyTag" => {
                let (ns, name, attrs) = if kind == "StartTag" {
                    (
                        namespace(&token[1])?,
                        token[2].as_str().unwrap_or(""),
                        &token[3],
                    )
                } else {
                    (Namespace::Html, token[1].as_str().unwrap_or(""), &token[2])
                };
                let attributes = attributes(attrs)?;
                let local = document.intern(name.as_bytes());
                let element = document.create_element(
                    QualName { ns, local },
                    attributes.iter().map(|(ns, n, v)| NewAttribute {
                        ns: *ns,
                        local_name: n.as_bytes(),
                        value: v.as_bytes(),
                    }),
                );
                document.append(parent, element);
                if kind == "StartTag" {
                    open.push(element);
                }
            }
            "EndTag" => {
                if open.len() > 1 {
                    open.pop();
                }
            }
            "Characters" => {
                let text = token[1].as_str().unwrap_or("");
                document.insert_text(parent, None, text.as_bytes());
            }
            "Comment" => {
                let comment = document.create_comment(token[1].as_str().unwrap_or("").as_bytes());
                document.append(parent, comment);
            }
            "Doctype" => {
                let doctype =
                    document.create_doctype(token[1].as_str().unwrap_or("").as_bytes(), b"", b"");
                document.append(parent, doctype);
            }
            other => return Err(format!("unknown token kind {other}").into()),
        }
    }
    // Close what the stream left open, as the tree does.
    let mut closing = String::new();
    for &element in open.iter().skip(1).rev() {
        if let litmus_parser::NodeKind::Element { ns, name } = document.kind(element) {
            let void = ns == Namespace::Html && VOID.contains(&name);
            if !void {
                closing.push_str(&format!("</{name}>"));
            }
        }
    }
    let actual = serialize_children(&document, document.root());
    let expected: Vec<String> = case["expected"]
        .as_array()
        .ok_or("case has no expected array")?
        .iter()
        .filter_map(Value::as_str)
        .map(|s| format!("{s}{closing}"))
        .collect();
    if expected.contains(&actual) {
        Ok(())
    } else {
        Err(format!("expected one of {expected:?}\n     got {actual:?}").into())
    }
}

/// Elements that serialize as void: the void elements, basefont, bgsound, frame,
/// keygen and param. A stream that leaves one open has no end tag for it to add.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr", "basefont", "bgsound", "frame", "keygen", "param",
];

fn namespace(value: &Value) -> Result<Namespace, Failed> {
    match value.as_str() {
        None | Some("http://www.w3.org/1999/xhtml") => Ok(Namespace::Html),
        Some("http://www.w3.org/2000/svg") => Ok(Namespace::Svg),
        Some("http://www.w3.org/1998/Math/MathML") => Ok(Namespace::MathMl),
        Some(other) => Err(format!("unknown namespace {other}").into()),
    }
}

fn attributes(value: &Value) -> Result<Vec<(AttrNamespace, String, String)>, Failed> {
    let mut out = Vec::new();
    match value {
        Value::Array(list) => {
            for a in list {
                let ns = match a["namespace"].as_str() {
                    None => AttrNamespace::None,
                    Some("http://www.w3.org/1999/xlink") => AttrNamespace::XLink,
                    Some("http://www.w3.org/XML/1998/namespace") => AttrNamespace::Xml,
                    Some("http://www.w3.org/2000/xmlns/") => AttrNamespace::Xmlns,
                    Some(other) => {
                        return Err(format!("unknown attribute namespace {other}").into())
                    }
                };
                out.push((
                    ns,
                    a["name"].as_str().unwrap_or("").to_owned(),
                    a["value"].as_str().unwrap_or("").to_owned(),
                ));
            }
        }
        Value::Object(map) => {
            for (name, value) in map {
                out.push((
                    AttrNamespace::None,
                    name.clone(),
                    value.as_str().unwrap_or("").to_owned(),
                ));
            }
        }
        _ => {}
    }
    Ok(out)
}

/// litmus's own cases: an input parsed (as a document, or as a fragment in `context`)
/// and the serialization the standard's algorithm gives for the result, worked out by
/// hand from the algorithm's steps.
struct OwnCase {
    input: &'static str,
    context: Option<&'static str>,
    scripting: bool,
    expected: &'static str,
}

const fn doc(input: &'static str, expected: &'static str) -> OwnCase {
    OwnCase {
        input,
        context: None,
        scripting: true,
        expected,
    }
}

const fn frag(context: &'static str, input: &'static str, expected: &'static str) -> OwnCase {
    OwnCase {
        input,
        context: Some(context),
        scripting: true,
        expected,
    }
}

static OWN_CASES: &[OwnCase] = &[
    // The whole document: doctype, implied html/head/body.
    doc(
        "<!DOCTYPE html>x",
        "<!DOCTYPE html><html><head></head><body>x</body></html>",
    ),
    // A DOCTYPE keeps only its name.
    doc(
        "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\">",
        "<!DOCTYPE html><html><head></head><body></body></html>",
    ),
    // Text escaping: & < > and NO-BREAK SPACE; quotes stay in text.
    frag(
        "div",
        "a&amp;b&lt;c&gt;d&nbsp;e\"f'",
        "a&amp;b&lt;c&gt;d&nbsp;e\"f'",
    ),
    // Attribute escaping: & " < > and NO-BREAK SPACE; a single quote stays.
    frag(
        "div",
        "<p title='&amp;&quot;&lt;&gt;&nbsp;&apos;'>",
        "<p title=\"&amp;&quot;&lt;&gt;&nbsp;'\"></p>",
    ),
    // Void elements: no end tag, no children.
    frag(
        "div",
        "<br><img src=x><input><hr><wbr>",
        "<br><img src=\"x\"><input><hr><wbr>",
    ),
    // basefont, bgsound, keygen and param serialize as void too.
    frag(
        "div",
        "<basefont><bgsound><keygen><param>",
        "<basefont><bgsound><keygen><param>",
    ),
    // Raw text parents keep their text literally.
    frag("div", "<script>a<b&c</script>", "<script>a<b&c</script>"),
    frag("div", "<style>a>b&c</style>", "<style>a>b&c</style>"),
    frag("div", "<xmp>a<b&c</xmp>", "<xmp>a<b&c</xmp>"),
    // RCDATA (textarea, title) is escaped.
    frag(
        "div",
        "<textarea>a<b&amp;c</textarea>",
        "<textarea>a&lt;b&amp;c</textarea>",
    ),
    // noscript: literal with scripting on, escaped with scripting off.
    frag(
        "div",
        "<noscript>a<b>c</noscript>",
        "<noscript>a<b>c</noscript>",
    ),
    OwnCase {
        input: "<noscript>a&lt;b</noscript>",
        context: Some("div"),
        scripting: false,
        expected: "<noscript>a&lt;b</noscript>",
    },
    // Comments and processing instructions.
    frag("div", "<!--x-->", "<!--x-->"),
    frag("div", "<?target some data?>", "<?target some data?>"),
    // The leading newline of pre and textarea is dropped by the parser and not
    // written back.
    frag("div", "<pre>\n\nx</pre>", "<pre>\nx</pre>"),
    // Template contents serialize inside the template.
    frag(
        "div",
        "<template><p>x</p></template>",
        "<template><p>x</p></template>",
    ),
    // Foreign elements: case-fixed names, namespaced attributes with their prefixes.
    frag(
        "div",
        "<svg viewbox='0 0 1 1'><clippath/><a xlink:href='#x'/></svg>",
        "<svg viewBox=\"0 0 1 1\"><clipPath></clipPath><a xlink:href=\"#x\"></a></svg>",
    ),
    frag(
        "div",
        "<math definitionurl=x><mi xml:lang=en>1</mi></math>",
        "<math definitionURL=\"x\"><mi xml:lang=\"en\">1</mi></math>",
    ),
    // An svg br is not a void element.
    frag("div", "<svg><br/></svg>", "<svg></svg><br>"),
    // Attributes keep their source order.
    frag("div", "<p b=1 a=2 c=3>", "<p b=\"1\" a=\"2\" c=\"3\"></p>"),
];

fn run_own_case(case: &OwnCase) -> Result<(), Failed> {
    let options = ParseOptions {
        scripting: case.scripting,
        ..ParseOptions::default()
    };
    let document = match case.context {
        Some(context) => {
            let context = FragmentContext::parse(context).ok_or("bad context")?;
            parse_fragment(case.input, &context, &options)
        }
        None => parse_document(case.input, &options),
    }
    .map_err(|e| e.to_string())?;
    let actual = serialize_children(&document, document.result_root());
    if actual == case.expected {
        Ok(())
    } else {
        Err(format!("expected {:?}\n     got {actual:?}", case.expected).into())
    }
}
