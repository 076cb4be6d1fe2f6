//! Resolves acts whose deadline has passed. Every instance may run it: the deadline row is
//! claimed in the resolving transaction, so each act is resolved exactly once. The first tick
//! runs at start, so deadlines that passed while the server was down are resolved then.

use crate::app::AppState;
use crate::db::queries::games;
use crate::error::AppError;
use crate::game::service;
use std::time::Duration;

/// Resolves every act that is due now; returns how many this call resolved.
pub async fn tick(state: &AppState) -> Result<usize, AppError> {
    let now = state.clock.now();
    let due = state.db(move |c| Ok(games::due(c, now, 100)?)).await?;
    let mut resolved = 0;
    for (game_id, act) in due {
        match service::resolve(state, game_id, act as u32, "deadline", None).await {
            Ok(_) => {
                resolved += 1;
                tracing::info!(game_id, act, "act resolved at its deadline");
            }
            // Another instance (or the judge) was first.
            Err(AppError::Conflict(_)) => {}
            Err(e) => tracing::error!(game_id, act, error = %e, "resolving an act failed"),
        }
    }
    if let Err(e) = crate::notify::tick(state).await {
        tracing::error!(error = %e, "notifier tick failed");
    }
    Ok(resolved)
}

/// Deletes rows that can never be used again (ended or idle sessions, flashes nobody claimed
/// within a day); returns how many.
pub async fn housekeeping(state: &AppState) -> Result<usize, AppError> {
    let (now, idle) = (state.clock.now(), state.settings.session_idle());
    state
        .write(move |c| {
            let sessions = crate::db::queries::sessions::prune(c, now, idle)?;
            Ok(sessions + crate::db::queries::flashes::prune(c, now)?)
        })
        .await
}

/// How often [`housekeeping`] runs: its rows only grow by sign-ins.
const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(3600);

/// Runs [`tick`] now and then every `every`, for as long as the server runs, and
/// [`housekeeping`] once an hour.
pub fn spawn(state: AppState, every: Duration) {
    tokio::spawn(async move {
        let mut swept: Option<std::time::Instant> = None;
        loop {
            if let Err(e) = tick(&state).await {
                tracing::error!(error = %e, "scheduler tick failed");
            }
            if swept.is_none_or(|t| t.elapsed() >= HOUSEKEEPING_EVERY) {
                swept = Some(std::time::Instant::now());
                match housekeeping(&state).await {
                    Ok(n) if n > 0 => tracing::info!(n, "deleted ended sessions and stale flashes"),
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "housekeeping failed"),
                }
            }
            tokio::time::sleep(every).await;
        }
    });
}
