//! The `maku` binary: a thin command-line shell over the library.

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use maku::cli::{self, GlobalArgs, LogTo, serve::ServeArgs};
use std::process::ExitCode;

/// mimalloc instead of glibc's malloc (issue 14). With glibc, the load script's server grew
/// from 24 MB to over 300 MB: once a large block (an argon2 hash's 19 MiB) is freed, glibc
/// raises its mmap threshold and keeps later large blocks in a heap it rarely gives back.
/// mimalloc with [`tune_allocator`] stays under 100 MB through the same run.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc v3's option numbers (its `mimalloc.h`, `mi_option_e`; libmimalloc-sys builds v3
/// unless asked for v2): the Rust binding does not name these two. The unit test below checks
/// them against their documented defaults.
const MI_OPTION_ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Freed memory goes back to the system at once, and arenas are committed as they are used.
/// With mimalloc's defaults (commit a whole arena up front, purge a second later) the load
/// script's server held 259 MB after its ballots; with these, under 90 MB. An arena committed
/// up front is never purged, and std makes the first one with its first allocation, before
/// `main`: so this runs from `.init_array`, as the program is loaded. Setting the options in
/// `main` was measured to be too late (the same 259 MB).
extern "C" fn tune_allocator() {
    // SAFETY: setting an option is a plain store into mimalloc's option table, done here
    // before any Rust code has allocated and before any thread exists.
    unsafe {
        libmimalloc_sys::mi_option_set(MI_OPTION_ARENA_EAGER_COMMIT, 0);
        libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0);
    }
}

/// The loader calls the functions listed in `.init_array` before the Rust runtime starts.
/// (Not in the unit tests, which check the defaults first.)
#[cfg(not(test))]
#[used]
#[unsafe(link_section = ".init_array")]
static TUNE_ALLOCATOR_AT_LOAD: extern "C" fn() = tune_allocator;

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
    let _log = (!matches!(args.command, None | Some(Command::Serve(_))))
        .then(|| cli::init_tracing(&args.global.log, LogTo::Stderr));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers name the options meant: mimalloc documents `arena_eager_commit` as 2 and
    /// `purge_delay` as 1000 (ms) by default, and no neighbouring option has those two defaults.
    #[test]
    fn the_option_numbers_are_mimallocs() {
        // SAFETY: reading an option is a plain load from mimalloc's option table.
        let (eager, delay) = unsafe {
            (
                libmimalloc_sys::mi_option_get(MI_OPTION_ARENA_EAGER_COMMIT),
                libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY),
            )
        };
        assert_eq!((eager, delay), (2, 1000));
        tune_allocator();
        // SAFETY: as above.
        let tuned = unsafe {
            (
                libmimalloc_sys::mi_option_get(MI_OPTION_ARENA_EAGER_COMMIT),
                libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY),
            )
        };
        assert_eq!(tuned, (0, 0));
    }
}
