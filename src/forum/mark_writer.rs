//! Writes the read marks moved in memory (`forum::read_marks`) to the database: every
//! [`FLUSH_EVERY`] in one transaction for all of them, and once more when the server stops.

use crate::app::AppState;
use crate::db::queries::forum;
use crate::error::AppError;
use std::time::Duration;

/// How often moved marks are written.
pub const FLUSH_EVERY: Duration = Duration::from_secs(1);

/// Writes every moved mark, in one transaction; returns how many. On failure they are moved
/// again in memory, for the next batch.
pub async fn flush(state: &AppState) -> Result<usize, AppError> {
    let pending = state.reads.take_pending();
    if pending.is_empty() {
        return Ok(0);
    }
    let n = pending.len();
    let batch = pending.clone();
    let written = state
        .write(move |c| {
            for (user, thread, post) in batch {
                forum::mark_read(c, user, thread, post)?;
            }
            Ok(())
        })
        .await;
    if let Err(e) = written {
        for (user, thread, post) in pending {
            state.reads.unwritten(user, thread, post);
        }
        return Err(e);
    }
    Ok(n)
}

/// Writes the moved marks every [`FLUSH_EVERY`] until the server stops (which writes the last
/// ones itself, after the requests have finished).
pub fn spawn(state: AppState) {
    actix_web::rt::spawn(async move {
        loop {
            tokio::select! {
                _ = tokio::time::sleep(FLUSH_EVERY) => {}
                _ = state.shutdown.fired() => return,
            }
            if let Err(e) = flush(&state).await {
                tracing::warn!(error = %e, "writing read marks failed; kept for the next batch");
            }
        }
    });
}
