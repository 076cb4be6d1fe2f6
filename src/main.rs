//! The `maku` binary: a thin command-line shell over the library.

use clap::{Parser, Subcommand};
use maku::cli;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "maku",
    version,
    about = "A play-by-post forum engine for Chinese killer games"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: cli::serve::ServeArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Run the forum server (the default when no command is given).
    Serve,
    /// Manage accounts from the console.
    User {
        #[command(subcommand)]
        command: cli::user::UserCommand,
    },
    /// Check the tamper-evident logs.
    Audit {
        #[command(subcommand)]
        command: cli::audit::AuditCommand,
    },
    /// Write a consistent copy of the SQLite database to FILE.
    Backup { file: std::path::PathBuf },
    /// Run a scenario file through the rules engine and print its transcript (JSON Lines).
    Replay { file: std::path::PathBuf },
    /// Let bots play many games and print a balance table.
    Simulate(cli::simulate::SimulateArgs),
}

fn main() -> ExitCode {
    let args = Cli::parse();
    match args.command {
        None | Some(Command::Serve) => cli::serve::run(args.serve),
        Some(Command::User { command }) => cli::user::run(&args.serve, command),
        Some(Command::Audit { command }) => cli::audit::run(&args.serve, command),
        Some(Command::Backup { file }) => cli::backup::run(&args.serve, &file),
        Some(Command::Replay { file }) => cli::replay::run(&file),
        Some(Command::Simulate(sim)) => cli::simulate::run(&sim),
    }
}
