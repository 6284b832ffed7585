//! `litmus`: the command-line front of the differential harness and the reference
//! parser. Every command is described in docs/commands.md and in `litmus help COMMAND`.

fn main() -> std::process::ExitCode {
    litmus_differential::cli::main()
}
