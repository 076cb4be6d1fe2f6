//! `maku rerender`: re-renders the posts (and revisions) whose stored HTML an older renderer
//! made, in batches, with a progress bar. The server does the same at start, in the
//! background; this is for an operator who wants it done before opening the doors.

use super::GlobalArgs;
use crate::db;
use crate::forum::render;
use std::process::ExitCode;

pub fn run(global: &GlobalArgs) -> ExitCode {
    match rerender(global) {
        Ok(n) => {
            println!("re-rendered {n} posts and revisions");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("maku rerender: {e}");
            ExitCode::FAILURE
        }
    }
}

fn rerender(global: &GlobalArgs) -> Result<u64, Box<dyn std::error::Error>> {
    let pool = db::connect(&global.database_url, 1)?;
    let mut conn = pool.get()?;
    let (posts, revisions) = render::stale(&mut conn)?;
    let total = u64::try_from(posts + revisions).unwrap_or(0);
    let bar = if total > 0 {
        indicatif::ProgressBar::new(total)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut done = 0u64;
    loop {
        let n = db::write_tx(&mut conn, |c| render::rerender_batch(c, render::BATCH))?;
        if n == 0 {
            break;
        }
        done += n as u64;
        bar.inc(n as u64);
    }
    bar.finish_and_clear();
    Ok(done)
}
