//! Command-line entry points. Each returns the process exit code.

pub mod audit;
pub mod backup;
pub mod ratings;
pub mod replay;
pub mod rerender;
pub mod seed;
pub mod serve;
pub mod simulate;
pub mod user;

/// The flags every command takes: the database and the log filter. The server's
/// own flags are [`serve::ServeArgs`], on `maku serve` (or `maku` with no command) only.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Global options (with every command)")]
pub struct GlobalArgs {
    /// `sqlite://path`, a file path, or `postgres://…` (used by `serve`, `user`, `backup`,
    /// `audit`, `ratings`; `replay` and `simulate` open no database).
    #[arg(long, env = "DATABASE_URL", default_value = "maku.db", global = true)]
    pub database_url: String,
    /// Log filter, `tracing` syntax (`info`, `warn`, `maku=debug`).
    #[arg(long = "log", env = "MAKU_LOG", default_value = "info", global = true,
          value_name = "FILTER", value_parser = parse_log_filter)]
    pub log: String,
}

/// Checks a `--log` filter at the edge: a typo is a usage error, not a silent `info`.
pub fn parse_log_filter(raw: &str) -> Result<String, String> {
    tracing_subscriber::EnvFilter::try_new(raw)
        .map(|_| raw.to_string())
        .map_err(|e| format!("not a log filter: {e}"))
}

/// Where log lines go: the server logs to standard output as it always has; the other
/// commands log to standard error, so their output (a transcript, a table) stays clean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogTo {
    Stdout,
    Stderr,
}

/// Keeps the server's log writer until dropped: the lines still queued are written then.
#[must_use = "dropping the guard stops the log writer"]
pub struct LogGuard {
    _writer: Option<tracing_appender::non_blocking::WorkerGuard>,
}

/// Lines queued for the log's writer thread before a request waits for it. The queue is made
/// whole at start: tracing-appender's default of 128,000 lines was 4 MB of resident memory.
const LOG_QUEUE_LINES: usize = 4096;

/// Installs the log subscriber with the `--log` / `MAKU_LOG` filter (checked when parsed).
/// Colours only on a terminal: a log file or a pipe gets plain text.
///
/// The server writes a line per request, so its lines are handed to a writer thread
/// (`tracing_appender::non_blocking`) instead of each request writing to standard output
/// itself under its lock; the queue blocks rather than dropping lines when it is full.
pub fn init_tracing(filter: &str, to: LogTo) -> LogGuard {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_new(filter)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match to {
        LogTo::Stdout => {
            let (writer, guard) = tracing_appender::non_blocking::NonBlockingBuilder::default()
                .buffered_lines_limit(LOG_QUEUE_LINES)
                .lossy(false)
                .thread_name("maku-log")
                .finish(std::io::stdout());
            let ansi = std::io::stdout().is_terminal();
            let _ = builder.with_ansi(ansi).with_writer(writer).try_init();
            LogGuard {
                _writer: Some(guard),
            }
        }
        LogTo::Stderr => {
            let ansi = std::io::stderr().is_terminal();
            let _ = builder
                .with_ansi(ansi)
                .with_writer(std::io::stderr)
                .try_init();
            LogGuard { _writer: None }
        }
    }
}
