//! `maku audit verify [--game ID]`: recompute the hash chains; exit 1 naming the first event
//! that was changed, deleted or reordered.

use super::GlobalArgs;
use crate::audit::store::{VerifyError, verify_all};
use crate::db;
use std::process::ExitCode;

#[derive(clap::Subcommand, Debug, Clone)]
pub enum AuditCommand {
    /// Check the game logs (all, or one) and the account histories.
    Verify {
        #[arg(long)]
        game: Option<i64>,
    },
}

pub fn run(global: &GlobalArgs, cmd: AuditCommand) -> ExitCode {
    let AuditCommand::Verify { game } = cmd;
    let pool = match db::connect(&global.database_url, 1) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("maku audit: {e}");
            return ExitCode::from(2);
        }
    };
    let result = pool
        .get()
        .map_err(|e| {
            VerifyError::Db(diesel::result::Error::QueryBuilderError(
                e.to_string().into(),
            ))
        })
        .and_then(|mut c| {
            if let Some(g) = game
                && crate::db::queries::games::get(&mut c, g)?.is_none()
            {
                return Err(VerifyError::Db(diesel::result::Error::NotFound));
            }
            verify_all(&mut c, game)
        });
    match result {
        Ok(n) => {
            println!("ok: {n} events verified");
            ExitCode::SUCCESS
        }
        Err(VerifyError::Broken(b)) => {
            eprintln!("maku audit: {b}");
            ExitCode::FAILURE
        }
        Err(VerifyError::Db(diesel::result::Error::NotFound)) => {
            eprintln!("maku audit: no such game");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("maku audit: {e}");
            ExitCode::from(2)
        }
    }
}
