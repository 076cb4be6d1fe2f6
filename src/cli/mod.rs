//! Command-line entry points. Each returns the process exit code.

pub mod audit;
pub mod backup;
pub mod replay;
pub mod rerender;
pub mod serve;
pub mod simulate;
pub mod user;

/// The flags every command takes (issue 11): the database and the log filter. The server's
/// own flags are [`serve::ServeArgs`], on `maku serve` (or `maku` with no command) only.
#[derive(clap::Args, Debug, Clone)]
#[command(next_help_heading = "Global options (with every command)")]
pub struct GlobalArgs {
    /// `sqlite://path`, a file path, or `postgres://…` (used by `serve`, `user`, `backup`,
    /// `audit`; `replay` and `simulate` open no database).
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

/// Installs the log subscriber with the `--log` / `MAKU_LOG` filter (checked when parsed).
pub fn init_tracing(filter: &str, to: LogTo) {
    let filter = tracing_subscriber::EnvFilter::try_new(filter)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    let _ = match to {
        LogTo::Stdout => builder.try_init(),
        LogTo::Stderr => builder.with_writer(std::io::stderr).try_init(),
    };
}
