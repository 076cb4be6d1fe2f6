//! `maku user …`: account management from the console.

use super::serve::ServeArgs;
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug, Clone)]
pub enum UserCommand {
    /// Create an account; the password is read from standard input.
    Add {
        name: String,
        #[arg(long, default_value = "player")]
        role: String,
    },
}

pub fn run(_settings: &ServeArgs, _cmd: UserCommand) -> ExitCode {
    ExitCode::SUCCESS
}
