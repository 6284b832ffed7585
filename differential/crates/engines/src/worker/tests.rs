use super::*;

#[test]
fn settings_round_trip_through_arguments() {
    for settings in [
        WorkerSettings::new("html5ever"),
        WorkerSettings {
            role: WorkerRole::Engine("chaos".into()),
            memory_limit_bytes: None,
        },
        WorkerSettings {
            role: WorkerRole::Cases,
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
