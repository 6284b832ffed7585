//! How a command fails: a message and an exit code ([`CliError`]).

use std::process::ExitCode;

/// An error that ends a command with a message and an exit code.
#[derive(Debug)]
pub struct CliError {
    pub message: String,
    pub code: u8,
}

impl CliError {
    /// Bad input: exit code 2.
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 2,
        }
    }
}

pub type CliResult = Result<ExitCode, CliError>;
