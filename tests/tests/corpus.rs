//! The regression corpus, replayed: every finding archived in `corpus/divergences/`.
//!
//! For each archived case the reference parser must still build the archived tree
//! (a failure otherwise), and the finding's status against html5ever is re-checked
//! and printed (`still` diverging, `gone`, or `changed`; other engines move on their
//! own schedule, so that is reported, not failed). Engines run in worker processes —
//! this test binary doubles as the worker (`corpus __worker …`) — so an archived crash
//! or hang cannot take the suite down.

use libtest_mimic::{Arguments, Failed, Trial};
use litmus_differential::archive::Archive;
use litmus_differential::corpus_check::{archived_request, Recheck};
use litmus_differential::engine::Engine;
use litmus_differential::worker::{self, Worker, WorkerCommand, WorkerConfig, WorkerSettings};
use std::path::Path;
use std::sync::Mutex;

/// The corpus must hold at least this many findings: an empty or missing corpus fails.
const MINIMUM_FINDINGS: usize = 1;

fn main() -> std::process::ExitCode {
    let mut args = std::env::args().skip(1);
    if args.next().as_deref() == Some(worker::WORKER_SUBCOMMAND) {
        return worker::worker_main_from_args(
            args,
            litmus_differential::campaign::host::run_case_worker,
        );
    }
    let arguments = Arguments::from_args();
    let dir = litmus_tests::workspace_root().join("corpus/divergences");
    let archive =
        Archive::open(&dir).unwrap_or_else(|e| panic!("the regression corpus is missing: {e}"));
    let files = archive.files().unwrap_or_else(|e| panic!("{e}"));
    assert!(
        files.len() >= MINIMUM_FINDINGS,
        "the regression corpus {} holds {} findings, fewer than {MINIMUM_FINDINGS}",
        dir.display(),
        files.len()
    );
    let engines = Mutex::new(None::<(Worker, Worker)>);
    let engines: &'static Mutex<Option<(Worker, Worker)>> = Box::leak(Box::new(engines));
    let trials: Vec<Trial> = files
        .into_iter()
        .map(|path| {
            let name = format!(
                "corpus/{}",
                path.file_name().unwrap_or_default().to_string_lossy()
            );
            Trial::test(name, move || replay(&path, engines))
        })
        .collect();
    let count = trials.len();
    let conclusion = libtest_mimic::run(&arguments, trials);
    if arguments.filter.is_none() && !arguments.list {
        litmus_tests::closing_line(
            "corpus",
            conclusion.num_passed as usize,
            conclusion.num_failed as usize,
            count.min(MINIMUM_FINDINGS),
        );
    }
    conclusion.exit_code()
}

fn start(engine: &str) -> Worker {
    let program = std::env::current_exe().expect("the test binary's path");
    let settings = WorkerSettings::new(engine);
    let config = WorkerConfig::with_command(engine, WorkerCommand::litmus(program, &settings));
    Worker::start(config).unwrap_or_else(|e| panic!("cannot start the {engine} worker: {e:?}"))
}

fn replay(path: &Path, engines: &Mutex<Option<(Worker, Worker)>>) -> Result<(), Failed> {
    let finding = Archive::read(path).map_err(|e| e.to_string())?;
    let request = archived_request(&finding)?;
    let mut guard = engines.lock().unwrap_or_else(|e| e.into_inner());
    let (reference, other) = guard.get_or_insert_with(|| (start("litmus"), start("html5ever")));
    let built = Engine::parse(reference, &request)
        .map_err(|e| format!("the reference parser failed: {e}"))?;
    if built.tree != finding.reference_tree {
        let diff = similar_lines(&finding.reference_tree, &built.tree);
        return Err(format!(
            "the reference parser no longer builds the archived tree for {:?} ({})\n{diff}",
            finding.input,
            request.options_description()
        )
        .into());
    }
    let status =
        litmus_differential::corpus_check::recheck_archived(&finding, &request, reference, other);
    match status {
        Recheck::Still | Recheck::Skipped(_) => {}
        Recheck::Gone => println!(
            "  {}: no longer diverges from html5ever ({})",
            path.display(),
            finding.signature
        ),
        Recheck::Changed(now) => println!("  {}: diverges differently: {now}", path.display()),
    }
    Ok(())
}

fn similar_lines(expected: &str, actual: &str) -> String {
    let mut out = String::new();
    for (e, a) in expected.lines().zip(actual.lines()) {
        if e != a {
            out.push_str(&format!("  archived: {e}\n  now:      {a}\n"));
            break;
        }
    }
    out
}
