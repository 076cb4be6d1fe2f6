//! Resolves acts whose deadline has passed. Every instance may run it: the deadline row is
//! claimed in the resolving transaction, so each act is resolved exactly once. The first tick
//! runs at start, so deadlines that passed while the server was down are resolved then.
//!
//! The server's clockwork: the game's deadlines, the notifier after them, and the hourly
//! housekeeping. It composes services of several layers (`game`, `notify`, the store), so it
//! sits above them all, beside `startup` that starts it, and not inside `game`: from there its
//! call of the notifier was an import up a layer (`notify` reads the games' logs, so it is
//! above `game`). See docs/architecture.md.

use crate::app::AppState;
use crate::db::queries::games;
use crate::error::AppError;
use crate::game::service;
use futures_util::StreamExt;
use rand::seq::SliceRandom;
use std::time::Duration;

/// Due acts read per round: a tick reads rounds until none are left.
const BATCH: i64 = 200;

/// Acts one instance resolves at the same time. Each resolution is one write transaction on
/// its own connection: on PostgreSQL they run side by side; SQLite takes one writer at a time,
/// so there the overlap is only the reads and the rendering around it. Kept well under the
/// pool size, so pages still get connections while a minute's deadlines are resolved.
fn parallel(state: &AppState) -> usize {
    (state.settings.pool_size as usize / 2).clamp(1, 8)
}

/// Resolves every act that is due now, however many (a round of [`BATCH`] at a time), then
/// runs the notifier's round; returns how many acts this call resolved.
pub async fn tick(state: &AppState) -> Result<usize, AppError> {
    tick_in_rounds(state, BATCH).await
}

/// [`tick`], reading `batch` due acts a round.
pub async fn tick_in_rounds(state: &AppState, batch: i64) -> Result<usize, AppError> {
    let resolved = resolve_due(state, batch).await?;
    notifier_round(state).await;
    Ok(resolved)
}

/// One round of the notifier ([`crate::notify::tick`]); a failure is logged, and the next
/// round tries again from the same cursors.
async fn notifier_round(state: &AppState) {
    let started = std::time::Instant::now();
    match crate::notify::tick(state).await {
        Ok(added) => tracing::debug!(added, took = ?started.elapsed(), "notifier round"),
        Err(e) => tracing::error!(error = %e, "notifier tick failed"),
    }
}

/// Resolves the acts due now, `batch` a round until none are left; returns how many.
async fn resolve_due(state: &AppState, batch: i64) -> Result<usize, AppError> {
    let mut resolved = 0;
    loop {
        let now = state.clock.now();
        let mut due = state.db(move |c| Ok(games::due(c, now, batch)?)).await?;
        let full = due.len() as i64 == batch;
        // Instances sharing a database read the same due acts: each takes them in its own
        // order, so they mostly work on different games instead of waiting on the same one.
        due.shuffle(&mut rand::rng());
        let outcomes: Vec<_> = futures_util::stream::iter(due)
            .map(|(game_id, act, due_at, early)| async move {
                // Step 0 is a table's start time (issue 41); an early end is every seat
                // having acted, its grace passed.
                let r = if act == 0 {
                    service::start_when_due(state, game_id).await.map(|_| ())
                } else {
                    let trigger = if early { "early" } else { "deadline" };
                    service::resolve(state, game_id, act as u32, trigger, None)
                        .await
                        .map(|_| ())
                };
                (game_id, act, due_at, r)
            })
            .buffer_unordered(parallel(state))
            .collect()
            .await;
        let mut failed = 0;
        for (game_id, act, due_at, outcome) in outcomes {
            match outcome {
                Ok(_) => {
                    resolved += 1;
                    let lag = (state.clock.now() - due_at).to_std().unwrap_or_default();
                    metrics::histogram!(crate::telemetry::SCHEDULER_LAG_SECONDS)
                        .record(lag.as_secs_f64());
                    metrics::counter!(crate::telemetry::ACTS_RESOLVED).increment(1);
                    tracing::info!(game_id, act, "act resolved at its deadline");
                }
                // Another instance (or the judge) was first.
                Err(AppError::Conflict(_)) => {}
                Err(e) => {
                    failed += 1;
                    tracing::error!(game_id, act, error = %e, "resolving an act failed");
                }
            }
        }
        // A full round may have left more; a round of failures would only fail again.
        if !full || failed as i64 == batch {
            break;
        }
    }
    Ok(resolved)
}

/// How long the scheduler sleeps after a tick: until the next deadline, at most `every`. A
/// real clock then resolves an act right at its deadline instead of up to `every` later.
pub async fn pause(state: &AppState, every: Duration) -> Duration {
    let now = state.clock.now();
    match state.db(|c| Ok(games::next_due(c)?)).await {
        Ok(Some(at)) if at > now => (at - now)
            .to_std()
            .map_or(every, |d| d.min(every))
            .max(Duration::from_millis(20)),
        // Due already (it failed, or another instance holds it): try again after `every`.
        _ => every,
    }
}

/// Deletes rows that can never be used again (ended or idle sessions, flashes nobody claimed
/// within a day, mails sent or given up a month ago); returns how many. Sign-in traces not seen
/// for 30 days (`auth::traces`) are deleted too, and not counted.
pub async fn housekeeping(state: &AppState) -> Result<usize, AppError> {
    let (now, idle) = (state.clock.now(), state.settings.session_idle());
    state
        .write(move |c| {
            let sessions = crate::db::queries::sessions::prune(c, now, idle)?;
            let flashes = crate::db::queries::flashes::prune(c, now)?
                + crate::db::queries::sent_forms::prune(c, now)?;
            crate::db::queries::limits::prune(c, crate::db::queries::now())?;
            crate::auth::traces::prune_in(c, now)?;
            let month = now - chrono::Duration::days(MAIL_KEPT_DAYS);
            Ok(sessions + flashes + crate::db::queries::mail::prune(c, month)?)
        })
        .await
}

/// Days a mail sent (or given up) stays in the outbox, for the account's page and the operator.
const MAIL_KEPT_DAYS: i64 = 30;

/// How often [`housekeeping`] runs: its rows only grow by sign-ins.
const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(3600);

/// Runs the scheduler for as long as the server runs: deadlines in one task (now, then at
/// each next deadline or every `every`, and [`housekeeping`] once an hour), the notifier in
/// another (every `every`, and at once after acts were resolved). Apart, a long notifier round
/// (a thousand games just started, each folded to find whom to tell) never makes a deadline
/// wait: in one loop it did, by seconds (docs/benchmarks.md).
pub fn spawn(state: AppState, every: Duration) {
    let resolved = std::sync::Arc::new(tokio::sync::Notify::new());
    let deadlines = (state.clone(), resolved.clone());
    tokio::spawn(async move {
        let (state, resolved) = deadlines;
        let mut swept: Option<std::time::Instant> = None;
        loop {
            match resolve_due(&state, BATCH).await {
                Ok(n) if n > 0 => resolved.notify_one(),
                Ok(_) => {}
                Err(e) => tracing::error!(error = %e, "scheduler tick failed"),
            }
            if swept.is_none_or(|t| t.elapsed() >= HOUSEKEEPING_EVERY) {
                swept = Some(std::time::Instant::now());
                match housekeeping(&state).await {
                    Ok(n) if n > 0 => tracing::info!(n, "deleted ended sessions and stale flashes"),
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "housekeeping failed"),
                }
            }
            tokio::time::sleep(pause(&state, every).await).await;
        }
    });
    tokio::spawn(async move {
        loop {
            notifier_round(&state).await;
            tokio::select! {
                _ = tokio::time::sleep(every) => {}
                _ = resolved.notified() => {}
            }
        }
    });
}
