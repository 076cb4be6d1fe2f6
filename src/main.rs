//! The `maku` binary: a thin command-line shell over the library.

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use maku::cli::{self, GlobalArgs, LogTo, serve::ServeArgs};
use std::process::ExitCode;

/// mimalloc instead of glibc's malloc: with glibc, the load script's server grew from 24 MB to
/// over 300 MB (once a large block, an argon2 hash's 19 MiB, is freed, glibc raises its mmap
/// threshold and keeps later large blocks in a heap it rarely gives back). mimalloc, configured
/// as [`ALLOCATOR_ENVIRONMENT`] says, stays under 100 MB through the same run.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's documented options, read from the environment as the program loads: arenas are
/// committed as they are used, and freed memory goes back to the system at once. With its
/// defaults (commit an arena whole, purge a second later) the load script's server held 259 MB
/// after its ballots: std's first allocation, before `main`, makes the first arena, so the
/// options cannot be set from the program in time. An operator's own values are kept.
const ALLOCATOR_ENVIRONMENT: [(&str, &str); 2] = [
    ("MIMALLOC_ARENA_EAGER_COMMIT", "0"),
    ("MIMALLOC_PURGE_DELAY", "0"),
];

/// Starts the program again with [`ALLOCATOR_ENVIRONMENT`] set, when some of it is missing
/// (`exec`: the same process, its arguments, streams and id). Returns only if that failed: the
/// program then goes on with mimalloc's defaults.
fn with_allocator_environment() {
    let missing: Vec<(&str, &str)> = ALLOCATOR_ENVIRONMENT
        .into_iter()
        .filter(|(name, _)| std::env::var_os(name).is_none())
        .collect();
    if missing.is_empty() {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let mut again = std::process::Command::new(exe);
    again.args(std::env::args_os().skip(1)).envs(missing);
    let error = std::os::unix::process::CommandExt::exec(&mut again);
    eprintln!("maku: could not start again with the allocator's settings ({error}); going on");
}

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
    /// Rebuild the leaderboards from the finished games.
    Ratings {
        #[command(subcommand)]
        command: cli::ratings::RatingsCommand,
    },
    /// Write a consistent copy of the SQLite database to FILE.
    Backup { file: std::path::PathBuf },
    /// Re-render stored post HTML made by an older renderer (the server also does it at start).
    Rerender,
    /// Run a scenario file through the rules engine and print its transcript (JSON Lines).
    Replay { file: std::path::PathBuf },
    /// Let bots play many games and print a balance table.
    Simulate(cli::simulate::SimulateArgs),
    /// Fill the database with a realistic forum, the same from the same seed (docs/seed.md).
    Seed(cli::seed::SeedArgs),
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
    with_allocator_environment();
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
    let _log = (!matches!(args.command, None | Some(Command::Serve(_))))
        .then(|| cli::init_tracing(&args.global.log, LogTo::Stderr));
    match args.command {
        None => cli::serve::run(&args.serve, &args.global),
        Some(Command::Serve(serve)) => cli::serve::run(&serve, &args.global),
        Some(Command::User { command }) => cli::user::run(&args.global, command),
        Some(Command::Audit { command }) => cli::audit::run(&args.global, command),
        Some(Command::Ratings { command }) => cli::ratings::run(&args.global, command),
        Some(Command::Backup { file }) => cli::backup::run(&args.global, &file),
        Some(Command::Rerender) => cli::rerender::run(&args.global),
        Some(Command::Replay { file }) => cli::replay::run(&file),
        Some(Command::Simulate(sim)) => cli::simulate::run(&sim),
        Some(Command::Seed(seed)) => cli::seed::run(&args.global, &seed),
    }
}
