//! The judge's hold on a game in play: the check every console action makes that it runs, the
//! game thread's lock, and the end the judge declares.

use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::{console as q, games};
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::access::check_judge;
use crate::game::log::{Folded, GameEvent};
use crate::game::service::{append, check_meant_act, load_locked};
use crate::rules::Game;

/// The running game, or the reason there is none.
pub(super) fn running<'a>(row: &GameRow, folded: &'a Folded) -> Result<&'a Game, AppError> {
    if row.status == GameStatus::Signup {
        return Err(AppError::Conflict("game_not_started"));
    }
    if folded.is_over() || row.status == GameStatus::Finished {
        return Err(AppError::Conflict("game_over"));
    }
    folded
        .game
        .as_ref()
        .ok_or(AppError::Internal("running game without a deal".into()))
}

/// The game locked for a change by `judge` to the phase of step `meant_act`: it is the judge's,
/// it runs, and that phase is the open one (the checks every clock action makes, in order).
pub(super) fn judged_phase(
    c: &mut DbConnection,
    game_id: i64,
    judge: &Account,
    meant_act: u32,
) -> Result<(GameRow, Folded), AppError> {
    let (row, folded) = load_locked(c, game_id)?;
    check_judge(c, &row, judge)?;
    running(&row, &folded)?;
    check_meant_act(&row, &folded, meant_act)?;
    Ok((row, folded))
}

/// Locks (or unlocks) the game thread for the seats; the judge still posts. Setting the state
/// it already has changes nothing.
pub async fn set_thread_lock(
    state: &AppState,
    judge: &Account,
    game_id: i64,
    locked: bool,
) -> Result<(), AppError> {
    let judge = judge.clone();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            check_judge(c, &row, &judge)?;
            if row.status == GameStatus::Signup {
                return Err(AppError::Conflict("game_not_started"));
            }
            if folded.thread_locked != locked {
                append(
                    c,
                    game_id,
                    &mut folded,
                    Some(judge.id),
                    &GameEvent::ThreadLocked { locked },
                )?;
            }
            Ok(())
        })
        .await
}

/// Ends the game now, in the phase of step `meant_act` (the open one), with a stated reason (and
/// optionally a winner the variant knows). The reveal opens.
pub async fn end(
    state: &AppState,
    judge: &Account,
    game_id: i64,
    meant_act: u32,
    reason: &str,
    winner: Option<String>,
) -> Result<(), AppError> {
    // At most 2000 characters as sent (the API document's `maxLength`), stored trimmed.
    let sent = reason.chars().count();
    let reason = reason.trim().to_string();
    if reason.is_empty() || sent > 2000 {
        return Err(AppError::Conflict("reason_required"));
    }
    let winner = winner.filter(|w| !w.trim().is_empty());
    let judge = judge.clone();
    state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            check_judge(c, &row, &judge)?;
            let variant = crate::game::stored::variant_of(&row)?;
            let outcomes = variant.outcomes();
            if winner.as_deref().is_some_and(|w| !outcomes.contains(&w)) {
                return Err(AppError::Conflict("bad_winner"));
            }
            running(&row, &folded)?;
            check_meant_act(&row, &folded, meant_act)?;
            // Before the event that ends it: its finish is stamped in turn.
            crate::game::ratings::finishing(c, game_id)?;
            q::clear_deadline(c, game_id)?;
            games::set_status(c, game_id, GameStatus::Finished)?;
            let event = GameEvent::Ended {
                reason: reason.clone(),
                winner,
            };
            append(c, game_id, &mut folded, Some(judge.id), &event)?;
            // Its players' records, with the judge's winner (issue 42).
            crate::game::records::keep(c, game_id)?;
            if let Some(thread) = row.game_thread_id {
                crate::forum::render::add_post(c, thread, judge.id, &reason, None, "judge")?;
            }
            Ok(())
        })
        .await?;
    crate::game::ratings::after_finish(state, game_id).await;
    Ok(())
}
