//! Games linked into a series (CL-3): which game a new one may follow, and the seat the game
//! before carries over into it.

use super::store::load;
use crate::auth::account::Account;
use crate::db::DbConnection;
use crate::db::queries::games;
use crate::domain::GameStatus;
use crate::error::AppError;
use crate::game::deal;
use crate::game::settings::GameSettings;

/// A series links a finished game of the same variant, one the judge judged (an admin: any),
/// and only for a variant whose rules link games (CL-3).
pub(super) fn check_series(
    c: &mut DbConnection,
    judge: &Account,
    settings: &GameSettings,
    previous: i64,
) -> Result<(), AppError> {
    // Each refusal a code with its sentence in the caller's language (`error-series-*`).
    let variant = settings.variant;
    if variant.series_option().is_none() {
        return Err(AppError::Invalid("series_unsupported"));
    }
    let row = games::get(c, previous)?.ok_or(AppError::Invalid("series_unknown_game"))?;
    if row.variant != variant.name() {
        return Err(AppError::Invalid("series_other_variant"));
    }
    if row.status != GameStatus::Finished {
        return Err(AppError::Invalid("series_not_finished"));
    }
    if row.judge_id != judge.id && !judge.is_admin() {
        return Err(AppError::Invalid("series_other_judge"));
    }
    Ok(())
}

/// The seat of `deal` played by the account the game `previous` carries over into the next
/// game of its series ([`Game::series_carry`](crate::rules::Game::series_carry)), if that account plays again.
pub(super) fn carried_over(
    c: &mut DbConnection,
    previous: i64,
    deal: &deal::Deal,
) -> Result<Option<String>, AppError> {
    let (_, before) = load(c, previous)?;
    let (Some(game), Some(started)) = (before.game.as_ref(), before.started.as_ref()) else {
        return Ok(None);
    };
    let Some(name) = game.series_carry() else {
        return Ok(None);
    };
    let account = started
        .seats
        .iter()
        .zip(&started.users)
        .find(|(seat, _)| seat.game_id == name)
        .map(|(_, user)| *user);
    Ok(account.and_then(|user| {
        deal.seats
            .iter()
            .zip(&deal.users)
            .find(|(_, u)| **u == user)
            .map(|(seat, _)| seat.game_id.clone())
    }))
}
