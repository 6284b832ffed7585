use super::*;

#[test]
fn settings_round_trip_through_arguments() {
    for settings in [
        WorkerSettings::new("html5ever"),
        WorkerSettings {
            engine: "chaos".into(),
            memory_limit_bytes: None,
        },
        WorkerSettings {
            engine: "litmus".into(),
            memory_limit_bytes: Some(123),
        },
    ] {
        assert_eq!(WorkerSettings::from_args(settings.to_args()), Ok(settings));
    }
    assert!(WorkerSettings::from_args(["--engine".to_owned()]).is_err());
    assert!(WorkerSettings::from_args(Vec::<String>::new()).is_err());
    let error = WorkerSettings::from_args(["--bogus".to_owned()]).unwrap_err();
    assert!(error.contains("--bogus"), "{error}");
}

#[test]
fn the_default_command_is_the_hidden_subcommand() {
    let command = WorkerCommand::litmus("/bin/litmus", &WorkerSettings::new("html5ever"));
    let args: Vec<_> = command.args.iter().map(|a| a.to_str().unwrap()).collect();
    assert_eq!(
        args,
        [
            "__worker",
            "--engine",
            "html5ever",
            "--memory-limit-bytes",
            "4294967296"
        ]
    );
}

#[test]
fn frames_round_trip_and_a_clean_end_is_none() {
    let mut bytes = Vec::new();
    write_frame(&mut bytes, b"{}").unwrap();
    write_frame(&mut bytes, b"").unwrap();
    let mut input = &bytes[..];
    assert_eq!(read_frame(&mut input).unwrap(), Some(b"{}".to_vec()));
    assert_eq!(read_frame(&mut input).unwrap(), Some(Vec::new()));
    assert_eq!(read_frame(&mut input).unwrap(), None);
    let mut truncated = &bytes[..3];
    assert!(read_frame(&mut truncated).is_err());
    let huge = (u32::MAX).to_be_bytes();
    assert!(read_frame(&mut &huge[..]).is_err());
}

#[test]
fn a_banner_before_the_magic_is_skipped() {
    let mut bytes = b"running 1 test\n".to_vec();
    bytes.extend_from_slice(MAGIC);
    write_frame(&mut bytes, b"hello").unwrap();
    let mut input = &bytes[..];
    assert!(skip_to_magic(&mut input).unwrap());
    assert_eq!(read_frame(&mut input).unwrap(), Some(b"hello".to_vec()));
    assert!(!skip_to_magic(&mut &b"no magic here"[..]).unwrap());
}

#[test]
fn deaths_are_described_from_stderr() {
    assert_eq!(
        describe_death(
            "\nthread 'litmus-engine' has overflowed its stack\nfatal runtime error: stack overflow\n"
        ),
        ("stack overflow".to_owned(), None)
    );
    assert_eq!(
        describe_death("memory allocation of 16777216 bytes failed\n"),
        (
            "memory allocation of 16777216 bytes failed".to_owned(),
            None
        )
    );
    assert_eq!(
        describe_death(
            "thread 'main' panicked at src/tree_builder/mod.rs:12:5:\nindex out of bounds\nnote: run with `RUST_BACKTRACE=1`\n"
        ),
        (
            "index out of bounds".to_owned(),
            Some("src/tree_builder/mod.rs:12:5".to_owned())
        )
    );
    assert_eq!(describe_death(""), (String::new(), None));
    assert_eq!(
        describe_death("some noise\nSegmentation fault\n\n"),
        ("Segmentation fault".to_owned(), None)
    );
}
