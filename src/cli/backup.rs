//! `maku backup FILE`: a consistent copy of a live SQLite database (`VACUUM INTO`).

use super::GlobalArgs;
use crate::db;
use std::path::Path;
use std::process::ExitCode;

pub fn run(global: &GlobalArgs, file: &Path) -> ExitCode {
    if file.exists() {
        eprintln!("maku backup: {} exists; choose a new file", file.display());
        return ExitCode::from(2);
    }
    let Some(target) = file.to_str() else {
        eprintln!("maku backup: the file name must be UTF-8");
        return ExitCode::from(2);
    };
    let result = db::connect(&global.database_url, 1).and_then(|pool| {
        let mut conn = pool.get()?;
        db::backup_sqlite(&mut conn, target)
    });
    match result {
        Ok(()) => {
            println!("backed up to {}", file.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("maku backup: {e}");
            ExitCode::FAILURE
        }
    }
}
