//! `maku ratings rebuild`: recomputes every variant's leaderboard from its finished games, in one
//! transaction, and prints what each board holds. The server rebuilds a variant's board itself
//! whenever one of its games ends; this is for after an upgrade of the method, or to mend a
//! rebuild the server logged as failed.

use super::GlobalArgs;
use crate::db;
use crate::game::ratings;
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug, Clone)]
pub enum RatingsCommand {
    /// Recompute every leaderboard from the finished games (docs/ratings.md).
    Rebuild,
    /// Rebuild every player's record (profiles, `GET /api/v1/players/{name}/record`) from the
    /// finished games' logs; the server keeps them as games end.
    Records,
}

pub fn run(global: &GlobalArgs, cmd: RatingsCommand) -> ExitCode {
    if let RatingsCommand::Records = cmd {
        return records(global);
    }
    let pool = match db::connect(&global.database_url, 1) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("maku ratings: {e}");
            return ExitCode::from(2);
        }
    };
    let rebuilt = pool
        .get()
        .map_err(|e| e.to_string())
        .and_then(|mut c| ratings::rebuild(&mut c).map_err(|e| e.to_string()));
    match rebuilt {
        Ok(boards) => {
            for b in boards {
                println!(
                    "{}: {} games rated, {} left out, {} players",
                    b.variant.name(),
                    b.games,
                    b.left_out,
                    b.players
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("maku ratings: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `maku ratings records`: every finished game's seats kept again from its log, in one
/// transaction.
fn records(global: &GlobalArgs) -> ExitCode {
    let rebuilt = db::connect(&global.database_url, 1)
        .map_err(|e| e.to_string())
        .and_then(|pool| pool.get().map_err(|e| e.to_string()))
        .and_then(|mut c| {
            db::write_tx(&mut c, crate::game::records::rebuild).map_err(|e| e.to_string())
        });
    match rebuilt {
        Ok(n) => {
            println!("records kept for {n} finished games");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("maku ratings: {e}");
            ExitCode::FAILURE
        }
    }
}
