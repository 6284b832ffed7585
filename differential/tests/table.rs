//! `litmus table` end to end, through the `litmus` binary in the repository's root: a
//! small table of html5ever (always there) has its rows and columns in Markdown and
//! HTML; an unknown or repeated engine name is bad input; and the external engines'
//! rows when they are installed.
//!
//! The parse5 and html5lib rows run when `LITMUS_EXTERNAL_ENGINES=1`
//! (`scripts/setup-engines.sh`), the lexbor, gumbo, go-html and html5gum rows when
//! `LITMUS_MORE_ENGINES=1` (`scripts/setup-more-engines.sh`; html5gum is built here
//! with cargo); then they fail, never skip, when an engine is missing (an engine
//! `--engines` names must be installed). Without the variables they are listed as
//! ignored.
//!
//! The browsers' rows (`scripts/setup-chromium.sh`, `setup-firefox.sh`,
//! `setup-webkit.sh`) run with the parse5 and html5lib rows, when
//! `LITMUS_EXTERNAL_ENGINES=1`, as in CI (`.ci/run` installs the three browsers):
//! html5ever, Chromium, Firefox and WebKit, each browser judging the others' classes.

mod adapters;

use adapters::{check, repo, run_litmus, text};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::Path;

fn main() {
    let args = Arguments::from_args();
    let gate = |name: &str| std::env::var(name).is_ok_and(|v| v == "1");
    let external = gate("LITMUS_EXTERNAL_ENGINES");
    let more = gate("LITMUS_MORE_ENGINES");
    let trials = vec![
        Trial::test("a_table_of_html5ever_has_its_rows_and_columns", html5ever),
        Trial::test("unknown_and_repeated_engines_are_bad_input", bad_engines),
        Trial::test(
            "by_default_the_table_goes_into_reports_and_skipped_engines_are_printed",
            defaults,
        ),
        Trial::test("a_table_of_parse5_and_html5lib", || {
            table_of(&["parse5", "html5lib"]).map(|_| ())
        })
        .with_ignored_flag(!external),
        Trial::test("a_table_of_html5ever_and_the_browsers", browsers).with_ignored_flag(!external),
        Trial::test("a_table_of_lexbor_gumbo_go_html_and_html5gum", more_engines)
            .with_ignored_flag(!more),
    ];
    if !external || !more {
        eprintln!(
            "table: the external engines' rows are ignored unless LITMUS_EXTERNAL_ENGINES=1 (parse5, html5lib, the browsers) and LITMUS_MORE_ENGINES=1 (lexbor, gumbo, go-html, html5gum)"
        );
    }
    libtest_mimic::run(&args, trials).exit();
}

/// The Markdown's header row and the rows it must have.
const COLUMNS: &str = "| engine | version | measured | cases | tree | fragment | serialization | round trip | classes | html5lib |";

/// `litmus table --engines LIST --cases 200 --seed 1 --no-judges` into a temporary
/// folder; checks exit 0, the command at the top, the columns, one row per engine and
/// the HTML page. Returns the Markdown.
fn table_of(engines: &[&str]) -> Result<String, Failed> {
    let temp = tempfile::tempdir()?;
    let md = temp.path().join("parsers.md");
    let html = temp.path().join("parsers/index.html");
    let list = engines.join(",");
    let (md_arg, html_arg) = (md.display().to_string(), html.display().to_string());
    let output = run_litmus(
        &[
            "table",
            "--engines",
            &list,
            "--cases",
            "200",
            "--seed",
            "1",
            "--no-judges",
            "--out",
            &md_arg,
            "--html",
            &html_arg,
        ],
        "",
    );
    check(output.status.success(), "litmus table exits 0", &output)?;
    let markdown = std::fs::read_to_string(&md)?;
    let command = format!(
        "litmus table --cases 200 --browser-cases 2000 --seed 1 --engines {list} --no-judges --out {md_arg} --html {html_arg}"
    );
    let page = std::fs::read_to_string(&html)?;
    let mut problems = Vec::new();
    if !markdown.starts_with("# ") || !markdown.contains(&format!("```sh\n{command}\n```")) {
        problems.push(format!("the command at the top: {command}"));
    }
    if !markdown.contains(COLUMNS) {
        problems.push("the columns".to_owned());
    }
    for engine in engines {
        problems.extend(engine_problems(&markdown, &page, temp.path(), engine));
    }
    if !page.contains("default-src 'none'") || page.to_ascii_lowercase().contains("<script") {
        problems.push("a self-contained page with no script".to_owned());
    }
    if problems.is_empty() {
        Ok(markdown)
    } else {
        Err(format!(
            "missing: {}\n{}\n--- markdown\n{markdown}",
            problems.join("; "),
            text(&output)
        )
        .into())
    }
}

/// The cells of `engine`'s row in the Markdown table; none if it has no row.
fn cells(markdown: &str, engine: &str) -> Vec<String> {
    markdown
        .lines()
        .find(|l| l.starts_with(&format!("| {engine} | ")))
        .map(|l| {
            l.trim_matches(|c| c == '|' || c == ' ')
                .split(" | ")
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// What `engine` lacks of a row, a section of its own in the Markdown and the page,
/// and a campaign report in the page's folder (`folder/parsers/ENGINE`).
fn engine_problems(markdown: &str, page: &str, folder: &Path, engine: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if cells(markdown, engine).is_empty() {
        problems.push(format!("a row for {engine}"));
    }
    if !markdown.contains(&format!("\n## {engine}\n")) {
        problems.push(format!("a section for {engine}"));
    }
    if !page.contains(&format!("id=\"engine-{engine}\"")) {
        problems.push(format!("{engine} in the page"));
    }
    let report = folder.join("parsers").join(engine).join("findings.json");
    if !report.exists() {
        problems.push(format!("{}", report.display()));
    }
    problems
}

fn html5ever() -> Result<(), Failed> {
    let markdown = table_of(&["html5ever"])?;
    // 200 cases of seed 1 diverge from html5ever: at least one class, with its cases.
    let row = cells(&markdown, "html5ever");
    if row.len() != 13 || row[3] != "200" || !row[4].ends_with(" %") {
        return Err(format!("the html5ever row: {row:?}").into());
    }
    if !markdown.contains("| `html5ever-") {
        return Err(format!("no html5ever class listed:\n{markdown}").into());
    }
    Ok(())
}

fn bad_engines() -> Result<(), Failed> {
    let temp = tempfile::tempdir()?;
    let md = temp.path().join("parsers.md");
    let md_arg = md.display().to_string();
    for (list, says, names) in [
        ("nope", "unknown engine \"nope\"", true),
        ("html5ever,html5ever", "html5ever is named twice", false),
        ("", "unknown engine \"\"", true),
    ] {
        let output = run_litmus(
            &[
                "table",
                "--engines",
                list,
                "--cases",
                "10",
                "--out",
                &md_arg,
            ],
            "",
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        check(
            output.status.code() == Some(2)
                && stderr.contains(says)
                && (!names || stderr.contains("html5ever, parse5")),
            &format!("--engines {list:?} is bad input saying {says:?} and naming the engines"),
            &output,
        )?;
    }
    let output = run_litmus(&["table", "--cases", "0", "--out", &md_arg], "");
    check(
        output.status.code() == Some(2),
        "--cases 0 is bad input",
        &output,
    )?;
    if md.exists() {
        return Err("a refused table wrote its file".into());
    }
    Ok(())
}

/// Run where no adapter is installed (a temporary folder): html5ever is measured, every
/// other engine is skipped and says so on the terminal, and the Markdown goes beside the
/// HTML page under reports/, never into docs/.
fn defaults() -> Result<(), Failed> {
    let temp = tempfile::tempdir()?;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_litmus"))
        .current_dir(temp.path())
        .env("HTML5LIB_TESTS", litmus_test_data::html5lib_tests())
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("LITMUS_CHROMIUM")
        .env_remove("LITMUS_FIREFOX")
        .env_remove("LITMUS_WEBKIT")
        .args(["table", "--cases", "100", "--no-third", "--jobs", "1"])
        .stdin(std::process::Stdio::null())
        .output()?;
    check(output.status.code() == Some(0), "exit 0", &output)?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    // Away from the repository every adapter's script is missing (a browser installed
    // on the machine included), and the table says where it runs from.
    let root = "is missing: litmus table runs from the litmus repository's root; there, run scripts/setup-";
    let adapters = [
        ("parse5", "parse5.mjs"),
        ("html5lib", "html5lib_adapter.py"),
        ("go-html", "go-html/main.go"),
        ("chromium", "chromium.mjs"),
        ("firefox", "firefox.mjs"),
        ("webkit", "webkit.mjs"),
    ]
    .map(|(name, file)| {
        format!("table: {name}: skipped, not installed (examples/engines/{file} {root}")
    });
    for line in adapters.iter().map(String::as_str).chain([
        "table: html5gum: skipped, not installed (target/release/html5gum is missing)",
        "table: reports/parsers/parsers.md and reports/parsers/index.html",
    ]) {
        check(
            stdout.contains(line),
            &format!("stdout has {line:?}"),
            &output,
        )?;
    }
    let md = std::fs::read_to_string(temp.path().join("reports/parsers/parsers.md"))?;
    check(
        md.contains("--out reports/parsers/parsers.md") && md.contains("| html5ever |"),
        "the table is in reports/parsers/parsers.md",
        &output,
    )?;
    if temp.path().join("docs").exists() {
        return Err("the table wrote into docs/".into());
    }
    // html5gum is looked for where cargo builds it: under $CARGO_TARGET_DIR when set.
    let target = temp.path().join("my target");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_litmus"))
        .current_dir(temp.path())
        .env("CARGO_TARGET_DIR", &target)
        .args(["table", "--engines", "html5gum", "--cases", "10"])
        .stdin(std::process::Stdio::null())
        .output()?;
    let said = format!(
        "html5gum is not installed ({} is missing)",
        target.join("release/html5gum").display()
    );
    check(
        output.status.code() == Some(2) && String::from_utf8_lossy(&output.stderr).contains(&said),
        &format!("with CARGO_TARGET_DIR, --engines html5gum says {said:?}"),
        &output,
    )?;
    Ok(())
}

fn more_engines() -> Result<(), Failed> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let built = std::process::Command::new(cargo)
        .current_dir(repo())
        .args([
            "build",
            "--quiet",
            "--release",
            "-p",
            "litmus-engine-html5gum",
        ])
        .output()?;
    check(built.status.success(), "html5gum builds", &built)?;
    if !Path::new(&repo()).join("target/release/html5gum").exists() {
        return Err("target/release/html5gum was not built".into());
    }
    table_of(&["lexbor", "gumbo", "go-html", "html5gum"]).map(|_| ())
}

/// Generated cases of the browsers' table, and how many of them each browser parses.
const BROWSER_TABLE: (&str, &str) = ("200", "30");

/// html5lib files of the browsers' table's html5lib column: a few, for time (every
/// trial is a request to the browser).
const BROWSER_HTML5LIB_FILES: [&str; 2] = ["tests4.dat", "tables01.dat"];

/// The browsers, in the table's order, with how their versions start.
const BROWSERS: [(&str, &str); 3] = [
    ("chromium", "Chromium "),
    ("firefox", "Mozilla Firefox "),
    ("webkit", "WebKitGTK "),
];

/// `litmus table --engines html5ever,chromium,firefox,webkit --cases 200
/// --browser-cases 30`, the browsers judging, the html5lib column over two files: each
/// browser's row has a version, the day it was measured, its 30 cases and numbers in
/// every column, and the other browsers' sides with `—` for its own; html5ever's row
/// has the three browsers' sides.
fn browsers() -> Result<(), Failed> {
    let temp = tempfile::tempdir()?;
    let html5lib = temp.path().join("html5lib-tests");
    let tree_construction = html5lib.join("tree-construction");
    std::fs::create_dir_all(&tree_construction)?;
    let source = litmus_test_data::html5lib_tests().join("tree-construction");
    for file in BROWSER_HTML5LIB_FILES {
        std::fs::copy(source.join(file), tree_construction.join(file)).map_err(|e| {
            format!(
                "{}: {e} (HTML5LIB_TESTS names the html5lib-tests checkout)",
                source.join(file).display()
            )
        })?;
    }
    let md = temp.path().join("parsers.md");
    let html = temp.path().join("parsers/index.html");
    let (md_arg, html_arg) = (md.display().to_string(), html.display().to_string());
    let (cases, browser_cases) = BROWSER_TABLE;
    let engines = "html5ever,chromium,firefox,webkit";
    let output = std::process::Command::new(adapters::litmus())
        .args([
            "table",
            "--engines",
            engines,
            "--cases",
            cases,
            "--browser-cases",
            browser_cases,
            "--seed",
            "1",
            "--out",
            &md_arg,
            "--html",
            &html_arg,
        ])
        .current_dir(repo())
        .env("HTML5LIB_TESTS", &html5lib)
        .stdin(std::process::Stdio::null())
        .output()?;
    check(output.status.success(), "litmus table exits 0", &output)?;
    let markdown = std::fs::read_to_string(&md)?;
    let page = std::fs::read_to_string(&html)?;
    let row = |engine: &str| cells(&markdown, engine);
    let number = |cell: &str| {
        let cell = cell.trim_end_matches(" %").trim_end_matches('×');
        !cell.is_empty() && cell.chars().all(|c| c.is_ascii_digit() || ",.".contains(c))
    };
    let triplet = |cell: &str| {
        let parts: Vec<&str> = cell.split(" / ").collect();
        parts.len() == 3 && parts.iter().all(|p| number(p))
    };
    let mut problems = Vec::new();
    if !markdown.contains(&format!(
        "```sh\nlitmus table --cases {cases} --browser-cases {browser_cases} --seed 1 --engines {engines} --out {md_arg} --html {html_arg}\n```"
    )) {
        problems.push("the command at the top".to_owned());
    }
    if !markdown.contains("| chromium · firefox · webkit side with litmus / engine / neither |") {
        problems.push("the column of the browsers' sides".to_owned());
    }
    // engine, version, measured, cases, tree, fragment, serialization, round trip,
    // classes, html5lib, sides, cases/s, parse time ÷ litmus
    for (own, (browser, version)) in BROWSERS.iter().enumerate() {
        let cells = row(browser);
        if cells.len() != 13 {
            problems.push(format!("a row of 13 cells for {browser}: {cells:?}"));
            continue;
        }
        if !cells[1].starts_with(version) || !cells[1].contains("over ") {
            problems.push(format!("{browser}'s version: {:?}", cells[1]));
        }
        // YYYY-MM-DD
        let day: Vec<&str> = cells[2].split('-').collect();
        if day.iter().map(|p| p.len()).ne([4, 2, 2])
            || !day.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit()))
        {
            problems.push(format!("the day {browser} was measured: {:?}", cells[2]));
        }
        if cells[3] != browser_cases {
            problems.push(format!("{browser_cases} {browser} cases: {:?}", cells[3]));
        }
        for (i, what) in [
            (4, "tree"),
            (5, "fragment"),
            (11, "cases/s"),
            (12, "parse time"),
        ] {
            if !number(&cells[i]) {
                problems.push(format!("{browser}'s {what}: {:?}", cells[i]));
            }
        }
        // `N` or `N (M new)`.
        if !cells[8].split(' ').next().is_some_and(number) {
            problems.push(format!("{browser}'s classes: {:?}", cells[8]));
        }
        // `passed / trials (share)`, over the two files' trials.
        let trials: Vec<&str> = cells[9].split(" / ").collect();
        if trials.len() != 2
            || !number(trials[0])
            || !trials[1]
                .split(' ')
                .next()
                .is_some_and(|t| number(t) && t != "0")
        {
            problems.push(format!("{browser}'s html5lib trials: {:?}", cells[9]));
        }
        // The other browsers' sides, `—` for its own.
        let sides: Vec<&str> = cells[10].split(" · ").collect();
        let right = sides.len() == 3
            && sides
                .iter()
                .enumerate()
                .all(|(i, s)| if i == own { *s == "—" } else { triplet(s) });
        if !right {
            problems.push(format!("{browser}'s judges: {:?}", cells[10]));
        }
    }
    let html5ever = row("html5ever");
    let sides: Vec<&str> = html5ever
        .get(10)
        .map_or(Vec::new(), |s| s.split(" · ").collect());
    if html5ever.get(3).map(String::as_str) != Some(cases)
        || sides.len() != 3
        || !sides.iter().all(|s| triplet(s))
    {
        problems.push(format!(
            "html5ever's row with the browsers' sides: {html5ever:?}"
        ));
    }
    for engine in ["html5ever", "chromium", "firefox", "webkit"] {
        problems.extend(engine_problems(&markdown, &page, temp.path(), engine));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "wrong: {}\n{}\n--- markdown\n{markdown}",
            problems.join("; "),
            text(&output)
        )
        .into())
    }
}
