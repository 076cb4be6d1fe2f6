//! `maku serve`: run the forum server.

use std::process::ExitCode;

/// Settings shared by every command that touches the database or the server.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(
        long,
        env = "MAKU_BIND",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub bind: String,
    /// `sqlite://path`, a file path, or `postgres://…`.
    #[arg(long, env = "DATABASE_URL", default_value = "maku.db", global = true)]
    pub database_url: String,
}

pub fn run(_args: ServeArgs) -> ExitCode {
    ExitCode::SUCCESS
}
