//! Worker isolation, end to end: with the `chaos` engine, a panic, an abort, a stack
//! overflow, a hang and runaway memory each become a failure result, and the pool
//! answers the next request as if nothing happened.
//!
//! The workers are this test binary itself: started with [`WORKER_ENV`] set, the
//! `worker_entry_point` test below becomes a worker (libtest's banner, printed before
//! it, is skipped by the supervisor, which waits for the protocol's opening bytes).

use litmus_differential::case::{EngineFailure, ParseRequest};
use litmus_differential::engine::{engine_by_name, Engine};
use litmus_differential::worker::serve::run_engine_worker;
use litmus_differential::worker::{
    Worker, WorkerCommand, WorkerConfig, WorkerError, WorkerPool, WorkerRole, WorkerSettings,
};
use std::time::{Duration, Instant};

/// Set (to the JSON of the worker settings) in the environment of a worker process.
const WORKER_ENV: &str = "LITMUS_ISOLATION_TEST_WORKER";

/// Does nothing in a normal test run; in a worker process, is the worker.
#[test]
fn worker_entry_point() {
    if let Ok(settings) = std::env::var(WORKER_ENV) {
        let settings: WorkerSettings = serde_json::from_str(&settings).unwrap();
        let code = match run_engine_worker(&settings) {
            Ok(()) => 0,
            Err(message) => {
                eprintln!("worker: {message}");
                2
            }
        };
        std::process::exit(code);
    }
}

fn config(engine: &str, memory_limit_bytes: Option<u64>) -> WorkerConfig {
    let settings = WorkerSettings {
        role: WorkerRole::Engine(engine.to_owned()),
        memory_limit_bytes,
    };
    let command = WorkerCommand {
        program: std::env::current_exe().unwrap(),
        args: [
            "worker_entry_point",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ]
        .into_iter()
        .map(Into::into)
        .collect(),
        env: vec![(
            WORKER_ENV.into(),
            serde_json::to_string(&settings).unwrap().into(),
        )],
    };
    let mut config = WorkerConfig::with_command(engine, command);
    config.timeout = Duration::from_secs(20);
    config
}

fn request(input: &str) -> ParseRequest {
    ParseRequest::document(input, true)
}

const TIMEOUT: Duration = Duration::from_secs(20);

/// The pool answers an ordinary request exactly as the engine does in process.
fn assert_healthy(pool: &WorkerPool) {
    let calm = request("<p>calm</p>");
    let expected = engine_by_name(pool.engine_name()).unwrap().parse(&calm);
    assert_eq!(pool.parse(&calm, TIMEOUT), expected);
}

#[test]
fn each_misbehaviour_is_a_failure_and_the_pool_keeps_working() {
    let pool = WorkerPool::new(config("chaos", Some(1 << 30)), 1).unwrap();
    assert_eq!(pool.engine_name(), "chaos");
    assert!(pool.engine_version().starts_with("chaos"));
    assert_healthy(&pool);

    // A panic is caught inside the worker, which lives on.
    match pool.parse(&request("<p>PANIC"), TIMEOUT) {
        Err(EngineFailure::Panic { message, location }) => {
            assert_eq!(message, "chaos: PANIC marker");
            let location = location.expect("a location");
            assert!(location.contains("chaos.rs:"), "{location}");
        }
        other => panic!("expected a panic, got {other:?}"),
    }
    assert_eq!(pool.restarts(), 0);
    assert_healthy(&pool);

    // An abort kills the worker: SIGABRT.
    match pool.parse(&request("ABORT"), TIMEOUT) {
        Err(EngineFailure::Crash { signal, .. }) => assert_eq!(signal, Some(6)),
        other => panic!("expected a crash, got {other:?}"),
    }
    assert_healthy(&pool);
    assert_eq!(pool.restarts(), 1);

    // A stack overflow, past the 256 MiB engine stack.
    match pool.parse(&request("RECURSE"), TIMEOUT) {
        Err(EngineFailure::Crash {
            signal, message, ..
        }) => {
            assert_eq!(signal, Some(6));
            assert_eq!(message, "stack overflow");
        }
        other => panic!("expected a crash, got {other:?}"),
    }
    assert_healthy(&pool);

    // Runaway memory meets the address-space limit.
    match pool.parse(&request("OOM"), TIMEOUT) {
        Err(EngineFailure::Crash {
            signal, message, ..
        }) => {
            assert_eq!(signal, Some(6));
            assert!(message.starts_with("memory allocation of"), "{message}");
        }
        other => panic!("expected a crash, got {other:?}"),
    }
    assert_healthy(&pool);
    assert_eq!(pool.restarts(), 3);
}

#[test]
fn a_hang_is_a_timeout_and_the_worker_is_replaced() {
    let pool = WorkerPool::new(config("chaos", Some(1 << 30)), 1).unwrap();
    let started = Instant::now();
    let result = pool.parse(&request("HANG"), Duration::from_millis(500));
    let elapsed = started.elapsed();
    match result {
        Err(EngineFailure::Timeout { after_ms }) => assert!(after_ms >= 500, "{after_ms}"),
        other => panic!("expected a timeout, got {other:?}"),
    }
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
    assert_healthy(&pool);
    assert_eq!(pool.restarts(), 1);
}

#[test]
fn a_pool_serves_several_threads() {
    let pool = WorkerPool::new(config("chaos", Some(1 << 30)), 2).unwrap();
    assert_eq!(pool.size(), 2);
    std::thread::scope(|scope| {
        for t in 0..4 {
            let pool = &pool;
            scope.spawn(move || {
                for i in 0..5 {
                    if (t + i) % 3 == 0 {
                        let result = pool.parse(&request("ABORT"), TIMEOUT);
                        assert!(matches!(result, Err(EngineFailure::Crash { .. })));
                    } else {
                        assert_healthy(pool);
                    }
                }
            });
        }
    });
    assert!(pool.restarts() > 0);
}

#[test]
fn real_engines_answer_through_workers_as_in_process() {
    let mut worker = Worker::start(config("html5ever", Some(4 << 30))).unwrap();
    assert_eq!(Engine::name(&worker), "html5ever");
    for input in [
        "<p>One<p>Two",
        "<table><td>x",
        "<svg><path/></svg>",
        "<!--c-->",
    ] {
        let expected = engine_by_name("html5ever").unwrap().parse(&request(input));
        assert_eq!(Engine::parse(&mut worker, &request(input)), expected);
    }
    assert_eq!(worker.restarts(), 0);
}

#[test]
fn deep_but_legal_recursion_fits_the_engine_stack() {
    // `DEEP` recurses through 64 MiB of stack, eight times a main thread's.
    let pool = WorkerPool::new(config("chaos", Some(1 << 30)), 1).unwrap();
    let deep = request("<p>DEEP");
    let expected = engine_by_name("litmus").unwrap().parse(&deep);
    assert_eq!(pool.parse(&deep, TIMEOUT), expected);
    assert_eq!(pool.restarts(), 0);
}

#[test]
fn a_bad_engine_name_or_program_fails_at_start() {
    match Worker::start(config("servo", None)) {
        Err(WorkerError::Startup { message, .. }) => {
            assert!(message.contains("unknown engine"), "{message}");
            assert!(message.contains("litmus, html5ever, chaos"), "{message}");
        }
        Err(other) => panic!("expected a startup error, got {other}"),
        Ok(_) => panic!("expected a startup error"),
    }
    let mut config = config("chaos", None);
    config.command.program = "/nonexistent/litmus".into();
    assert!(matches!(
        Worker::start(config),
        Err(WorkerError::Spawn { .. })
    ));
}

/// The real binary's hidden subcommand (`litmus __worker …`), once main.rs
/// dispatches it to `worker_main_from_args`.
#[test]
#[ignore = "needs main.rs to dispatch `litmus __worker` to worker::worker_main_from_args"]
fn the_litmus_binary_is_a_worker() {
    let settings = WorkerSettings::new("chaos");
    let command = WorkerCommand::litmus(env!("CARGO_BIN_EXE_litmus"), &settings);
    let pool = WorkerPool::new(WorkerConfig::with_command("chaos", command), 1).unwrap();
    assert_healthy(&pool);
    assert!(matches!(
        pool.parse(&request("ABORT"), TIMEOUT),
        Err(EngineFailure::Crash {
            signal: Some(6),
            ..
        })
    ));
    assert_healthy(&pool);
}
