//! The `maku` binary: a thin command-line shell over the library.

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use maku::cli::{self, GlobalArgs, LogTo, serve::ServeArgs};
use std::process::ExitCode;

/// mimalloc instead of glibc's malloc: the server allocates from many threads (actix workers,
/// the blocking pool), where glibc keeps a growing arena per thread and gives little back
/// (issue 14: 278 MB resident after the load script's seeding; whether this brings it down is
/// still to be measured).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `maku` alone runs the server; so does `maku --bind …` (server flags and no command).
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
    global: GlobalArgs,
    /// The server's flags when no command is given (`maku --bind …`).
    #[command(flatten)]
    serve: ServeArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Run the forum server (the default when no command is given).
    Serve(ServeArgs),
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
    /// Re-render stored post HTML made by an older renderer (the server also does it at start).
    Rerender,
    /// Run a scenario file through the rules engine and print its transcript (JSON Lines).
    Replay { file: std::path::PathBuf },
    /// Let bots play many games and print a balance table.
    Simulate(cli::simulate::SimulateArgs),
}

/// The server flag given on the command line before a command other than `serve` (they
/// belong after `serve`, or with no command at all).
fn server_flag_before(matches: &ArgMatches) -> Option<String> {
    let flags = ServeArgs::augment_args(clap::Command::new("serve"));
    flags
        .get_arguments()
        .find(|a| matches.value_source(a.get_id().as_str()) == Some(ValueSource::CommandLine))
        .map(|a| format!("--{}", a.get_long().unwrap_or(a.get_id().as_str())))
}

fn main() -> ExitCode {
    let mut command = Cli::command();
    let matches = command.get_matches_mut();
    let args = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut command).exit());
    if matches.subcommand_name().is_some()
        && let Some(flag) = server_flag_before(&matches)
    {
        command
            .error(
                clap::error::ErrorKind::ArgumentConflict,
                format!(
                    "the server flag '{flag}' goes with `maku serve` (or no command), \
                     after `serve`"
                ),
            )
            .exit();
    }
    if !matches!(args.command, None | Some(Command::Serve(_))) {
        cli::init_tracing(&args.global.log, LogTo::Stderr);
    }
    match args.command {
        None => cli::serve::run(&args.serve, &args.global),
        Some(Command::Serve(serve)) => cli::serve::run(&serve, &args.global),
        Some(Command::User { command }) => cli::user::run(&args.global, command),
        Some(Command::Audit { command }) => cli::audit::run(&args.global, command),
        Some(Command::Backup { file }) => cli::backup::run(&args.global, &file),
        Some(Command::Rerender) => cli::rerender::run(&args.global),
        Some(Command::Replay { file }) => cli::replay::run(&file),
        Some(Command::Simulate(sim)) => cli::simulate::run(&sim),
    }
}
