//! The external engine protocol: command lines, names, replies, dumps, and
//! fake engines (small Python and shell programs) that answer, refuse, sleep, crash
//! and break the protocol.

use super::*;
use crate::case::EngineFailure;
use litmus_parser::FragmentContext;
use std::path::PathBuf;

fn words(line: &str) -> Vec<String> {
    split_command_line(line).unwrap()
}

#[test]
fn command_lines_split_like_a_shell_without_one() {
    assert_eq!(
        words("node examples/engines/parse5.mjs"),
        ["node", "examples/engines/parse5.mjs"]
    );
    assert_eq!(
        words(r#"  python3 -c 'print("a b")'   x\ y "q\"uo\$te" '' "#),
        ["python3", "-c", r#"print("a b")"#, "x y", "q\"uo$te", ""]
    );
    assert_eq!(words("a$HOME*|>b"), ["a$HOME*|>b"]);
    assert_eq!(words(r#""a\nb""#), [r"a\nb"]);
    assert!(split_command_line("'open").is_err());
    assert!(split_command_line("\"open").is_err());
    assert!(split_command_line("trailing\\").is_err());
    assert!(split_command_line("   ").is_err());
}

#[test]
fn default_names_are_the_program_or_the_script() {
    let name = |line: &str| default_name(&words(line));
    assert_eq!(name("node examples/engines/parse5.mjs"), "parse5");
    assert_eq!(
        name("node --stack-size=4000 ./adapter.js --fast"),
        "adapter"
    );
    assert_eq!(
        name(".venv/bin/python3.11 -u examples/engines/html5lib_adapter.py"),
        "html5lib_adapter"
    );
    assert_eq!(name("/opt/bin/my-parser --fast"), "my-parser");
    assert_eq!(name("./fast parser"), "fast");
    assert_eq!(name("target/release/litmus parse"), "litmus-cmd");
    assert_eq!(name("bin/my parser+plus"), "my");
    assert_eq!(name("'weird name!'"), "weird-name-");
    assert_eq!(
        name("env PYTHONPATH=/opt/lib python3 -u adapter.py"),
        "adapter"
    );
    assert_eq!(name("/usr/bin/env -i A=1 B=2 ./bin/fast-html"), "fast-html");
    assert_eq!(name("env"), "env");
    assert_eq!(name("env A=1"), "env");
    assert_eq!(name("@scope"), "scope");
    assert!(check_name("parse5").is_ok());
    assert!(check_name("litmus").is_err());
    assert!(check_name("html5ever").is_err());
    assert!(check_name("a b").is_err());
    assert!(check_name("-a").is_err());
    assert!(check_name("").is_err());
}

#[test]
fn a_hello_names_the_engine_as_a_default_name_would() {
    assert_eq!(name_from_hello("html5lib").as_deref(), Some("html5lib"));
    assert_eq!(name_from_hello(" parse5 ").as_deref(), Some("parse5"));
    assert_eq!(name_from_hello("go html/x").as_deref(), Some("go-html-x"));
    // A built-in engine's name is never an external engine's.
    assert_eq!(name_from_hello("litmus").as_deref(), Some("litmus-cmd"));
    assert_eq!(
        name_from_hello("html5ever").as_deref(),
        Some("html5ever-cmd")
    );
    assert_eq!(name_from_hello(""), None);
    assert_eq!(name_from_hello("  "), None);
    assert_eq!(name_from_hello("--").as_deref(), None);
    for said in ["html5lib", "go html/x", "litmus", "@x"] {
        let name = name_from_hello(said).unwrap();
        assert!(check_name(&name).is_ok(), "{said:?} gave {name:?}");
    }
}

#[test]
fn specs_travel_as_engine_texts() {
    let mut spec = ExternalSpec::new("node 'my dir/x.mjs'").unwrap();
    assert_eq!(spec.name, "x");
    assert_eq!(spec.mode, ExternalMode::Persistent);
    spec.mode = ExternalMode::OneShot;
    spec.serializes = true;
    spec.set_timeout(Duration::from_millis(1500));
    spec.version = Some("x 1.0".into());
    spec.set_name("ex").unwrap();
    let text = spec.to_engine_text();
    assert!(text.starts_with("cmd:{"), "{text}");
    let back = ExternalSpec::from_engine_text(&text).unwrap().unwrap();
    assert_eq!(back, spec);
    assert_eq!(back.words(), ["node", "my dir/x.mjs"]);
    let plain = ExternalSpec::from_engine_text("cmd:./p --x")
        .unwrap()
        .unwrap();
    assert_eq!(plain.name, "p");
    assert_eq!(plain.version_text(), "cmd: ./p --x (persistent)");
    assert!(ExternalSpec::from_engine_text("html5ever").is_none());
    assert!(ExternalSpec::from_engine_text("cmd:").unwrap().is_err());
    assert!(ExternalSpec::from_engine_text(r#"cmd:{"command":"x"}"#)
        .unwrap()
        .is_err());
}

#[test]
fn replies_are_answers_refusals_or_garbage() {
    use protocol::{read_reply, Reply};
    let answer = |json: &str| match read_reply(json.as_bytes(), false) {
        Reply::Answer { id, result } => (id, result),
        Reply::Garbage(message) => panic!("garbage: {message}"),
    };
    let (id, result) = answer(r#"{"id":7,"tree":"| <html>\n","html":"<html></html>","x":1}"#);
    assert_eq!(id, 7);
    assert_eq!(
        result,
        Ok(EngineOutput {
            tree: "| <html>\n".into(),
            serialization: Some("<html></html>".into()),
        })
    );
    let (_, result) = answer(r#"{"id":1,"tree":""}"#);
    assert_eq!(result.unwrap().serialization, None);
    let (_, result) = answer(r#"{"id":1,"error":"no MathML contexts"}"#);
    assert_eq!(
        result,
        Err(EngineFailure::Unsupported {
            message: "no MathML contexts".into()
        })
    );
    for (json, expected) in [
        (r#"{"id":1,"tree":"","error":"x"}"#, "both"),
        (r#"{"id":1}"#, "neither"),
        (r#"{"id":1,"tree":"<html><body>"}"#, "not an html5lib dump"),
    ] {
        match answer(json).1 {
            Err(EngineFailure::BadOutput { message }) => {
                assert!(message.contains(expected), "{json}: {message}")
            }
            other => panic!("{json}: {other:?}"),
        }
    }
    for garbage in ["not json", r#"{"tree":""}"#, r#"{"id":-1,"tree":""}"#] {
        assert!(
            matches!(read_reply(garbage.as_bytes(), false), Reply::Garbage(_)),
            "{garbage}"
        );
    }
}

#[test]
fn reference_dumps_are_dumps() {
    let inputs = [
        "<!DOCTYPE html><p id=x class=y>One\ntwo<p>Two<svg xlink:href=a viewBox=0><path/></svg>",
        "<template><b title='a\nb'>x</b></template><!--a\nb--><?pi data>",
        "<m\r\" &>",
        "<p a=\"b\">a=\"b</p>",
        // An attribute named `="1` (found by the html5gum campaign: its dump line
        // `="1=""` was taken for an attribute without a name).
        "<f p=\"\"=\"1>",
        // An attribute name that starts with `=` (unexpected-equals-sign-before-attribute-name).
        "<o =\"duck\" ==x>",
        "",
    ];
    for input in inputs {
        for context in [None, Some("td"), Some("svg path")] {
            let request = match context {
                None => ParseRequest::document(input, true),
                Some(c) => ParseRequest::fragment(input, FragmentContext::parse(c).unwrap(), true),
            };
            let tree = crate::engine::LitmusEngine.parse(&request).unwrap().tree;
            assert_eq!(
                check_dump(&tree),
                Ok(()),
                "{input:?} in {context:?}:\n{tree}"
            );
        }
    }
}

#[test]
fn a_panic_reply_is_a_panic() {
    let reply = br#"{"id": 3, "panic": {"message": "boom", "location": "src/lib.rs:1:2"}}"#;
    assert_eq!(
        super::protocol::read_reply(reply, false),
        super::protocol::Reply::Answer {
            id: 3,
            result: Err(EngineFailure::Panic {
                message: "boom".into(),
                location: Some("src/lib.rs:1:2".into())
            })
        }
    );
}

#[test]
fn a_timeout_reply_is_a_timeout() {
    let reply = br#"{"id": 4, "timeout_ms": 1000}"#;
    assert_eq!(
        super::protocol::read_reply(reply, false),
        super::protocol::Reply::Answer {
            id: 4,
            result: Err(EngineFailure::Timeout { after_ms: 1000 })
        }
    );
}

#[test]
fn what_is_no_dump_says_where() {
    let bad = [
        ("<html><head></head></html>", "starts with"),
        ("| <html>", "no newline"),
        ("| <html>\n|    <head>\n", "odd number"),
        ("| <html>\n|     <body>\n", "more than one level deeper"),
        ("| \"text\"\n|   x=\"y\"\n", "follows no element"),
        ("| <html>\n|   bare words\n", "is no node"),
        ("| <p\nq>\n", "is no node"),
    ];
    for (tree, expected) in bad {
        let message = check_dump(tree).unwrap_err();
        assert!(message.contains(expected), "{tree:?}: {message}");
    }
}

// --- Fake engines ----------------------------------------------------------------

/// A persistent fake in Python. It answers every request with a one-text-node tree
/// naming its pid and what it was asked, and misbehaves on marked inputs: `SLEEP`
/// (never answers), `SPAWN` (starts a `sleep` whose pid it writes to the file after
/// `SPAWN `, then never answers), `SETSID` (the same, the `sleep` in a session of its
/// own, out of the program's process group, holding its stdout), `REFUSE` (an error reply), `WRONGID`, `TEXT`
/// (writes text instead of a frame), `NOTJSON`, `BADTREE`, `RAISE` (an uncaught
/// exception), `QUIT` (exits with status 0 without answering), `HUGE` (a frame
/// length over the limit).
const PERSISTENT_FAKE: &str = r#"
import json, os, struct, subprocess, sys, time
inp, out = sys.stdin.buffer, sys.stdout.buffer
def send(obj=None, raw=None):
    data = raw if raw is not None else json.dumps(obj).encode()
    out.write(struct.pack(">I", len(data)) + data)
    out.flush()
while True:
    header = inp.read(4)
    if len(header) < 4:
        sys.exit(0)
    (length,) = struct.unpack(">I", header)
    req = json.loads(inp.read(length))
    text = req["input"]
    if "SLEEP" in text:
        time.sleep(600)
    if "SETSID" in text:
        # A grandchild in a session of its own that holds stdout open.
        child = subprocess.Popen(["setsid", "sleep", "600"])
        with open(text.split("SETSID ", 1)[1], "w") as f:
            f.write(str(child.pid))
        time.sleep(600)
    if "SPAWN" in text:
        child = subprocess.Popen(["sleep", "600"])
        with open(text.split("SPAWN ", 1)[1], "w") as f:
            f.write(str(child.pid))
        time.sleep(600)
    if "REFUSE" in text:
        send({"id": req["id"], "error": "refused " + text})
        continue
    if "GIVEUP" in text:
        # Gave up on a parse itself, as a browser adapter does, within its time limit.
        send({"id": req["id"], "timeout_ms": int(os.environ["LITMUS_TIMEOUT_MS"]) // 10})
        continue
    if "WRONGID" in text:
        send({"id": req["id"] + 1, "tree": ""})
        continue
    if "TEXT" in text:
        out.write(b"| <html>\n")
        out.flush()
        continue
    if "NOTJSON" in text:
        send(raw=b"not json")
        continue
    if "BADTREE" in text:
        send({"id": req["id"], "tree": "<html></html>", "html": None})
        continue
    if "RAISE" in text:
        raise ValueError("boom on request")
    if "QUIT" in text:
        sys.exit(0)
    if "HUGE" in text:
        out.write(b"\x7f\x00\x00\x00")
        out.flush()
        time.sleep(600)
    tree = '| "%d %s %s %s"\n' % (os.getpid(), text, req["fragment"], req["scripting"])
    send({"id": req["id"], "tree": tree, "html": "<p>" + text})
"#;

struct Fake {
    dir: tempfile::TempDir,
}

impl Fake {
    fn new() -> Fake {
        Fake {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn persistent(&self, timeout_ms: u64) -> ExternalEngine {
        let script = self.path("fake.py");
        std::fs::write(&script, PERSISTENT_FAKE).unwrap();
        let mut spec = ExternalSpec::new(&format!("python3 '{}'", script.display())).unwrap();
        spec.set_timeout(Duration::from_millis(timeout_ms));
        assert_eq!(spec.name, "fake");
        ExternalEngine::new(spec)
    }

    /// A one-shot fake: a shell script (`$0` is the first litmus argument).
    fn one_shot(&self, script: &str, timeout_ms: u64, serializes: bool) -> ExternalEngine {
        let file = self.path("oneshot.sh");
        std::fs::write(&file, script).unwrap();
        let mut spec = ExternalSpec::new(&format!("sh '{}'", file.display())).unwrap();
        spec.mode = ExternalMode::OneShot;
        spec.serializes = serializes;
        spec.set_timeout(Duration::from_millis(timeout_ms));
        ExternalEngine::new(spec)
    }
}

fn document(input: &str) -> ParseRequest {
    ParseRequest::document(input, true)
}

/// The pid a persistent fake's answer names.
fn pid_of(result: &ParseResult) -> u32 {
    let tree = &result.as_ref().expect("an answer").tree;
    tree[3..].split(' ').next().unwrap().parse().unwrap()
}

fn alive(pid: u32) -> bool {
    // A killed process may linger as a zombie of its (dead) parent for a moment.
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

fn wait_until_dead(pid: u32) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        if !alive(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[test]
fn a_persistent_engine_answers_in_one_process() {
    let fake = Fake::new();
    let mut engine = fake.persistent(10_000);
    assert_eq!(engine.name(), "fake");
    let first = engine.parse(&document("<p>a"));
    let output = first.clone().unwrap();
    assert!(
        output.tree.ends_with(" <p>a None True\"\n"),
        "{}",
        output.tree
    );
    assert_eq!(output.serialization.as_deref(), Some("<p><p>a"));
    let context = FragmentContext::parse("svg path").unwrap();
    let second = engine.parse(&ParseRequest::fragment("x", context, false));
    assert!(second
        .clone()
        .unwrap()
        .tree
        .ends_with(" x svg path False\"\n"));
    assert_eq!(pid_of(&first), pid_of(&second));
    // A refusal keeps the process.
    assert_eq!(
        engine.parse(&document("REFUSE")),
        Err(EngineFailure::Unsupported {
            message: "refused REFUSE".into()
        })
    );
    assert_eq!(pid_of(&engine.parse(&document("y"))), pid_of(&first));
}

#[test]
fn a_program_that_gives_up_on_a_parse_reports_a_timeout_and_is_kept() {
    let fake = Fake::new();
    let mut engine = fake.persistent(3_000);
    let before = pid_of(&engine.parse(&document("a")));
    // The fake gives up at a tenth of the limit it is told (LITMUS_TIMEOUT_MS).
    assert_eq!(
        engine.parse(&document("GIVEUP")),
        Err(EngineFailure::Timeout { after_ms: 300 })
    );
    let requests = [document("b"), document("GIVEUP"), document("c")];
    let answers = engine.parse_many(&requests, false);
    assert_eq!(answers[1], Err(EngineFailure::Timeout { after_ms: 300 }));
    for answer in [&answers[0], &answers[2]] {
        assert_eq!(pid_of(answer), before);
    }
}

#[test]
fn a_sleeping_persistent_engine_times_out_and_is_replaced() {
    let fake = Fake::new();
    let mut engine = fake.persistent(300);
    let before = pid_of(&engine.parse(&document("a")));
    let started = Instant::now();
    match engine.parse(&document("SLEEP")) {
        Err(EngineFailure::Timeout { after_ms }) => assert!((300..5_000).contains(&after_ms)),
        other => panic!("{other:?}"),
    }
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(
        wait_until_dead(before),
        "the timed-out process {before} lives on"
    );
    let after = pid_of(&engine.parse(&document("b")));
    assert_ne!(before, after);
}

#[test]
fn a_timeout_kills_the_programs_children_too() {
    let fake = Fake::new();
    let mut engine = fake.persistent(1_000);
    let pid_file = fake.path("child.pid");
    let request = document(&format!("SPAWN {}", pid_file.display()));
    assert!(matches!(
        engine.parse(&request),
        Err(EngineFailure::Timeout { .. })
    ));
    let child: u32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(
        wait_until_dead(child),
        "the engine's child {child} lives on"
    );
}

#[test]
fn a_descendant_that_left_the_group_is_killed_with_the_engine() {
    let fake = Fake::new();
    let mut engine = fake.persistent(1_000);
    let pid_file = fake.path("grandchild.pid");
    let request = document(&format!("SETSID {}", pid_file.display()));
    let started = std::time::Instant::now();
    assert!(matches!(
        engine.parse(&request),
        Err(EngineFailure::Timeout { .. })
    ));
    // No wait on the pipe the grandchild holds.
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    let grandchild: u32 = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(
        wait_until_dead(grandchild),
        "the engine's grandchild {grandchild} lives on"
    );
}

#[test]
fn protocol_breaches_are_bad_output_and_restart_the_program() {
    let fake = Fake::new();
    let mut engine = fake.persistent(5_000);
    for (input, expected) in [
        ("WRONGID", "a reply for request"),
        ("TEXT", "wrote text"),
        ("NOTJSON", "not the protocol's JSON"),
    ] {
        let before = pid_of(&engine.parse(&document("a")));
        match engine.parse(&document(input)) {
            Err(EngineFailure::BadOutput { message }) => {
                assert!(message.contains(expected), "{input}: {message}")
            }
            other => panic!("{input}: {other:?}"),
        }
        assert!(wait_until_dead(before), "{input}: the process lives on");
        assert_ne!(pid_of(&engine.parse(&document("b"))), before, "{input}");
    }
    // A reply whose length is over the limit is left unread: an oversized finding,
    // with its real size, and a new program.
    let before = pid_of(&engine.parse(&document("a")));
    match engine.parse(&document("HUGE")) {
        Err(EngineFailure::Oversized { what, bytes, .. }) => {
            assert_eq!(what, "reply");
            assert_eq!(bytes, 0x7f00_0000);
        }
        other => panic!("HUGE: {other:?}"),
    }
    assert!(wait_until_dead(before), "HUGE: the process lives on");
    // A well-framed reply with a bad tree is the engine's bad output; the process
    // stays.
    let before = pid_of(&engine.parse(&document("a")));
    assert!(matches!(
        engine.parse(&document("BADTREE")),
        Err(EngineFailure::BadOutput { .. })
    ));
    assert_eq!(pid_of(&engine.parse(&document("b"))), before);
}

#[test]
fn a_dying_persistent_engine_is_a_crash_with_its_message() {
    let fake = Fake::new();
    let mut engine = fake.persistent(5_000);
    match engine.parse(&document("RAISE")) {
        Err(EngineFailure::Crash {
            exit_code,
            message,
            location,
            ..
        }) => {
            assert_eq!(exit_code, Some(1));
            assert_eq!(message, "ValueError: boom on request");
            assert!(location.unwrap().starts_with("fake.py:"));
        }
        other => panic!("{other:?}"),
    }
    match engine.parse(&document("QUIT")) {
        Err(EngineFailure::Crash {
            exit_code, message, ..
        }) => {
            assert_eq!(exit_code, Some(0));
            assert_eq!(message, "exited before answering");
        }
        other => panic!("{other:?}"),
    }
    assert!(engine.parse(&document("fine")).is_ok());
}

/// A version-2 fake that reads every request that has arrived and answers them
/// together, as the Chromium adapter does; a batch holding `SLEEP` never answers, one
/// holding `DIE` ends the program.
const BATCHING_FAKE: &str = r#"
import json, os, select, struct, sys, time
out = sys.stdout.buffer
def send(obj):
    data = json.dumps(obj).encode()
    out.write(struct.pack(">I", len(data)) + data)
    out.flush()
def exactly(n):
    # Unbuffered, so that select() sees what has not been read.
    data = b""
    while len(data) < n:
        more = os.read(0, n - len(data))
        if not more:
            sys.exit(0)
        data += more
    return data
def read():
    (length,) = struct.unpack(">I", exactly(4))
    return json.loads(exactly(length))
send({"protocol": 2, "engine": "batching", "version": "1"})
while True:
    batch = [read()]
    while select.select([0], [], [], 0.2)[0]:
        batch.append(read())
    if any("SLEEP" in r["input"] for r in batch):
        time.sleep(600)
    if any("DIE" in r["input"] for r in batch):
        sys.exit(3)
    for r in batch:
        send({"id": r["id"], "tree": '| "%d %s"\n' % (len(batch), r["input"]), "html": None})
"#;

#[test]
fn a_batch_that_hangs_or_dies_blames_only_its_culprit() {
    let fake = Fake::new();
    let script = fake.path("batching.py");
    std::fs::write(&script, BATCHING_FAKE).unwrap();
    let mut spec = ExternalSpec::new(&format!("python3 '{}'", script.display())).unwrap();
    spec.set_timeout(Duration::from_millis(1_000));
    let mut engine = ExternalEngine::new(spec);
    // The first call starts the program and learns that it pipelines.
    assert!(engine.parse(&document("warm")).is_ok());
    assert!(engine.pipelines());
    let inputs = ["a", "b", "SLEEP", "c", "DIE", "d", "e"];
    let requests: Vec<ParseRequest> = inputs.iter().map(|i| document(i)).collect();
    let results = engine.parse_many(&requests, true);
    assert_eq!(results.len(), inputs.len());
    for (input, result) in inputs.iter().zip(&results) {
        match (*input, result) {
            ("SLEEP", Err(EngineFailure::Timeout { .. })) => {}
            ("DIE", Err(EngineFailure::Crash { .. })) => {}
            (_, Ok(output)) if !["SLEEP", "DIE"].contains(input) => {
                assert!(
                    output.tree.ends_with(&format!(" {input}\"\n")),
                    "{output:?}"
                );
            }
            _ => panic!("{input}: {result:?}"),
        }
    }
    // Those in flight with a culprit were asked again alone; the next requests go
    // together again.
    assert!(results[0].as_ref().unwrap().tree.starts_with("| \"1 a"));
    let more = engine.parse_many(&[document("f"), document("g")], true);
    assert!(
        more[1].as_ref().unwrap().tree.starts_with("| \"2 g"),
        "{more:?}"
    );
}

#[test]
fn a_missing_program_cannot_start() {
    let spec = ExternalSpec::new("/nonexistent/engine --x").unwrap();
    let error = ExternalEngine::start(spec.clone()).err().unwrap();
    assert!(error.contains("does not work"), "{error}");
    assert!(error.contains("/nonexistent/engine"), "{error}");
    let mut engine = ExternalEngine::new(spec);
    assert!(matches!(
        engine.parse(&document("x")),
        Err(EngineFailure::Crash { .. })
    ));
    // A program that exits at once.
    let mut spec = ExternalSpec::new("sh -c 'echo no such adapter >&2; exit 3'").unwrap();
    spec.set_name("quits").unwrap();
    let error = ExternalEngine::start(spec).err().unwrap();
    assert!(error.contains("exit code 3"), "{error}");
    assert!(error.contains("no such adapter"), "{error}");
}

#[test]
fn a_one_shot_engine_gets_the_options_as_arguments() {
    let fake = Fake::new();
    let script = r#"input=$(cat); printf '| "%s %s"\n' "$*" "$input""#;
    let mut engine = fake.one_shot(&format!("{script}\n"), 10_000, true);
    let context = FragmentContext::parse("svg path").unwrap();
    let output = engine
        .parse(&ParseRequest::fragment("a\nb", context, false))
        .unwrap();
    // `sh FILE ARGS…`: $* is what litmus added.
    assert_eq!(
        output.tree,
        "| \"--fragment svg path --scripting off a\nb\"\n"
    );
    assert_eq!(
        output.serialization.as_deref(),
        Some("| \"--fragment svg path --scripting off --output html a\nb\"")
    );
    let output = engine.parse(&document("")).unwrap();
    assert_eq!(output.tree, "| \"--scripting on \"\n");
    assert!(ExternalEngine::start(engine.spec().clone()).is_ok());
}

#[test]
fn one_shot_failures_are_findings() {
    let fake = Fake::new();
    let mut sleeper = fake.one_shot(
        "cat > /dev/null; sleep 600 & echo $! > \"$(dirname \"$0\")/bg.pid\"; sleep 600\n"
            .replace("$(dirname \"$0\")", fake.dir.path().to_str().unwrap())
            .as_str(),
        500,
        false,
    );
    let started = Instant::now();
    assert!(matches!(
        sleeper.parse(&document("x")),
        Err(EngineFailure::Timeout { .. })
    ));
    assert!(started.elapsed() < Duration::from_secs(5));
    let background: u32 = std::fs::read_to_string(fake.path("bg.pid"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(wait_until_dead(background), "a one-shot child lives on");

    let mut failing = fake.one_shot(
        "cat > /dev/null; echo 'RuntimeError: no' >&2; exit 4\n",
        5_000,
        false,
    );
    match failing.parse(&document("x")) {
        Err(EngineFailure::Crash {
            exit_code, message, ..
        }) => {
            assert_eq!(exit_code, Some(4));
            assert_eq!(message, "RuntimeError: no");
        }
        other => panic!("{other:?}"),
    }
    let mut garbage = fake.one_shot("cat > /dev/null; echo '<html></html>'\n", 5_000, false);
    assert!(matches!(
        garbage.parse(&document("x")),
        Err(EngineFailure::BadOutput { .. })
    ));
    let mut killed = fake.one_shot("kill -SEGV $$\n", 5_000, false);
    assert!(matches!(
        killed.parse(&document("x")),
        Err(EngineFailure::Crash {
            signal: Some(11),
            ..
        })
    ));
    // A program that never reads its input still answers.
    let mut deaf = fake.one_shot("echo '| <html>'\n", 5_000, false);
    let big = "x".repeat(1 << 20);
    assert_eq!(deaf.parse(&document(&big)).unwrap().tree, "| <html>\n");
}

#[test]
fn the_registry_knows_cmd_engines() {
    let engine = crate::engine::engine_by_name("cmd:node examples/engines/parse5.mjs").unwrap();
    assert_eq!(engine.name(), "parse5");
    assert!(crate::engine::engine_by_name("cmd:'unterminated").is_err());
    let error = crate::engine::start_engine("cmd:/nonexistent/x")
        .err()
        .unwrap();
    assert!(error.contains("does not work"), "{error}");
}
