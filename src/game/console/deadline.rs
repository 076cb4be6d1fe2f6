//! The clock of the open phase as the judge moves it: the deadline moved later, the clock
//! paused and resumed, each told in the game thread.

use super::control::judged_phase;
use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::{console as q, games};
use crate::error::AppError;
use crate::game::log::{Folded, GameEvent};
use crate::game::service::append;
use crate::game::threads::{Notice, post_notice};
use chrono::NaiveDateTime;

/// Moves the deadline of the phase of step `meant_act`, the open one, to `to` (later than now and than the
/// current deadline).
pub async fn extend(
    state: &AppState,
    judge: &Account,
    game_id: i64,
    meant_act: u32,
    to: NaiveDateTime,
) -> Result<NaiveDateTime, AppError> {
    let judge = judge.clone();
    let now = state.clock.now();
    state
        .write(move |c| {
            let (row, mut folded) = judged_phase(c, game_id, &judge, meant_act)?;
            if folded.paused.is_some() {
                return Err(AppError::Conflict("game_paused"));
            }
            let (act, due) =
                games::deadline(c, game_id)?.ok_or(AppError::Conflict("game_not_started"))?;
            if to <= now {
                return Err(AppError::Conflict("deadline_in_past"));
            }
            if to <= due {
                return Err(AppError::Conflict("deadline_not_later"));
            }
            games::set_deadline(c, game_id, act, to)?;
            let event = GameEvent::DeadlineExtended {
                step: act as u32,
                from: due,
                to,
            };
            append(c, game_id, &mut folded, Some(judge.id), &event)?;
            announce(c, &row, &folded, "deadline_moved", Some(to))?;
            Ok(to)
        })
        .await
}

/// The judge's notice in the game thread (`kind`: `deadline_moved`, `paused`, `resumed`), so
/// that every player sees a moved clock where the game is played; pages tell it in the
/// reader's language, with `at` in the game's time zone.
fn announce(
    c: &mut DbConnection,
    row: &GameRow,
    folded: &Folded,
    kind: &str,
    at: Option<NaiveDateTime>,
) -> Result<(), AppError> {
    if let Some(thread) = row.game_thread_id {
        let notice = Notice {
            notice: kind.to_string(),
            at,
            zone: Some(folded.settings.timezone.clone()),
        };
        post_notice(c, row, thread, &notice)?;
    }
    Ok(())
}

/// Stops the clock of the phase of step `meant_act`, the open one: the deadline row goes (the scheduler skips
/// the game) and submissions are refused until [`resume`].
pub async fn pause(
    state: &AppState,
    judge: &Account,
    game_id: i64,
    meant_act: u32,
) -> Result<i64, AppError> {
    let judge = judge.clone();
    let now = state.clock.now();
    state
        .write(move |c| {
            let (row, mut folded) = judged_phase(c, game_id, &judge, meant_act)?;
            if folded.paused.is_some() {
                return Err(AppError::Conflict("already_paused"));
            }
            let (act, due) =
                games::deadline(c, game_id)?.ok_or(AppError::Conflict("game_not_started"))?;
            let remaining_secs = (due - now).num_seconds().max(0);
            q::clear_deadline(c, game_id)?;
            let event = GameEvent::Paused {
                step: act as u32,
                remaining_secs,
            };
            append(c, game_id, &mut folded, Some(judge.id), &event)?;
            announce(c, &row, &folded, "paused", None)?;
            Ok(remaining_secs)
        })
        .await
}

/// Starts the clock of act `meant_act` again: the act ends `remaining` after now. Returns the
/// new deadline.
pub async fn resume(
    state: &AppState,
    judge: &Account,
    game_id: i64,
    meant_act: u32,
) -> Result<NaiveDateTime, AppError> {
    let judge = judge.clone();
    let now = state.clock.now();
    state
        .write(move |c| {
            let (row, mut folded) = judged_phase(c, game_id, &judge, meant_act)?;
            let pause = folded.paused.ok_or(AppError::Conflict("not_paused"))?;
            let deadline = now + chrono::Duration::seconds(pause.remaining_secs);
            games::set_deadline(c, game_id, pause.step as i32, deadline)?;
            let event = GameEvent::Resumed {
                step: pause.step,
                deadline,
            };
            append(c, game_id, &mut folded, Some(judge.id), &event)?;
            announce(c, &row, &folded, "resumed", Some(deadline))?;
            Ok(deadline)
        })
        .await
}
