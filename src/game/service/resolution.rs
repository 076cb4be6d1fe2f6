//! Resolving a phase: when its deadline comes, when the judge says so, or when the speaker
//! passes its turn; exactly once however many callers ask.

use super::guards::check_meant_act;
use super::phase_end::{PhaseEnd, Resolved, close_phase};
use super::store::{append, load_locked};
use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::{forum, games};
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::log::{Folded, GameEvent};
use crate::game::threads::VoteCount;
use crate::rules::Game;
use chrono::NaiveDateTime;

/// Resolves the phase of step `meant_act` (its deadline came, or the judge said so). The step
/// is checked against the open one and the deadline row claimed in the same transaction, so a
/// phase resolves exactly once however many callers (clicks, instances, the scheduler) ask at
/// once. The next phase's deadline comes from its own kind's length.
pub async fn resolve(
    state: &AppState,
    game_id: i64,
    meant_act: u32,
    trigger: &'static str,
    actor: Option<i64>,
) -> Result<Resolved, AppError> {
    let now = state.clock.now();
    let resolved = state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            resolve_locked(c, &row, &mut folded, meant_act, trigger, actor, now)
        })
        .await?;
    if resolved.over {
        crate::game::ratings::after_finish(state, game_id).await;
    }
    Ok(resolved)
}

/// The seat of `account` ends its own turn to speak (过, CL-5): the phase of step `meant` ends
/// now, as its deadline would end it. Only the seat whose turn it is may; anyone else is told
/// `not_your_turn`, whatever the phase.
pub async fn end_turn(
    state: &AppState,
    account: &Account,
    game_id: i64,
    meant: u32,
) -> Result<Resolved, AppError> {
    let account = account.clone();
    let now = state.clock.now();
    let resolved = state
        .write(move |c| {
            let (row, mut folded) = load_locked(c, game_id)?;
            let (_, name) =
                games::seat_of(c, game_id, account.id)?.ok_or(AppError::Conflict("not_seated"))?;
            check_meant_act(&row, &folded, meant)?;
            let speaker = folded.game.as_ref().and_then(Game::speaker);
            if speaker.as_deref() != Some(name.as_str()) {
                return Err(AppError::Conflict("not_your_turn"));
            }
            resolve_locked(c, &row, &mut folded, meant, "pass", Some(account.id), now)
        })
        .await?;
    if resolved.over {
        crate::game::ratings::after_finish(state, game_id).await;
    }
    Ok(resolved)
}

/// [`resolve`] inside the caller's write transaction.
fn resolve_locked(
    c: &mut DbConnection,
    row: &GameRow,
    folded: &mut Folded,
    meant_act: u32,
    trigger: &'static str,
    actor: Option<i64>,
    now: NaiveDateTime,
) -> Result<Resolved, AppError> {
    let game_id = row.id;
    check_meant_act(row, folded, meant_act)?;
    let Some((act, _)) = games::deadline(c, game_id)? else {
        return Err(AppError::Conflict(if folded.paused.is_some() {
            "game_paused"
        } else if row.status == GameStatus::Finished {
            "game_over"
        } else {
            "game_not_started"
        }));
    };
    if act as u32 != meant_act {
        return Err(AppError::Conflict("already_resolved"));
    }
    let game = folded
        .game
        .as_mut()
        .ok_or(AppError::Internal("running game without a deal".into()))?;
    let ending = game.current_phase();
    let speaker = game.speaker();
    // A turn that ends without its speech, other than by the speaker's own 过, is skipped and
    // the thread says so (CL-5).
    let skipped = match (game.speaker(), row.game_thread_id) {
        (Some(name), Some(thread)) if trigger != "pass" => {
            let seat = games::seat_names(c, game_id)?
                .into_iter()
                .find(|(_, n)| *n == name)
                .map(|(s, _)| s);
            match seat {
                Some(s) if forum::posts_since_last_act(c, thread, s)? == 0 => Some(name),
                _ => None,
            }
        }
        _ => None,
    };
    // Read before the resolution opens the next phase and clears the ballots.
    let votes = game.published_votes().map(|counts| {
        counts
            .into_iter()
            .map(|(game_id, votes)| VoteCount { game_id, votes })
            .collect()
    });
    let lines = game.resolve_phase();
    if game.is_over() {
        // Before the event that ends it: its finish is stamped in turn (`ratings::finishing`).
        crate::game::ratings::finishing(c, game_id)?;
    }
    let head = append(
        c,
        game_id,
        folded,
        actor,
        &GameEvent::Resolved {
            step: act as u32,
            trigger: trigger.to_string(),
        },
    )?;
    close_phase(
        c,
        row,
        folded,
        PhaseEnd {
            ending,
            lines,
            votes,
            skipped,
            speaker,
            head,
        },
        now,
    )
}
