//! The checks a judge's action passes before it acts: the account judges the game, and the
//! action means the phase that is open.

use crate::app::AppState;
use crate::auth::account::Account;
use crate::db::models::GameRow;
use crate::db::queries::games;
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::log::Folded;

/// Refuses a judge's action meant for another phase than the open one: a
/// double click, a second instance or a page left open since an earlier phase must not
/// resolve, extend, pause, resume or end the phase that came after. `meant` is the phase's step
/// (one phase per act: the act). Call it inside the write transaction,
/// after [`load_locked`](super::store::load_locked), so that two concurrent calls for one act see each other's effect.
pub fn check_meant_act(row: &GameRow, folded: &Folded, meant: u32) -> Result<(), AppError> {
    let Some(game) = folded
        .game
        .as_ref()
        .filter(|_| row.status != GameStatus::Signup)
    else {
        return Err(AppError::Conflict("game_not_started"));
    };
    let open = game.phase();
    if meant < open {
        return Err(AppError::Conflict("already_resolved"));
    }
    if folded.is_over() || row.status == GameStatus::Finished {
        return Err(AppError::Conflict("game_over"));
    }
    if meant > open {
        return Err(AppError::Conflict("act_not_open"));
    }
    Ok(())
}

/// The judge of a game, or an admin.
pub async fn require_judge(
    state: &AppState,
    account: &Account,
    game_id: i64,
) -> Result<GameRow, AppError> {
    let account = account.clone();
    state
        .db(move |c| {
            let row = games::get(c, game_id)?.ok_or(AppError::NotFound)?;
            crate::game::access::check_judge(c, &row, &account)?;
            Ok(row)
        })
        .await
}
