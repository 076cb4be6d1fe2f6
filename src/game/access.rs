//! Who may do what in a game beyond their own seat: the judge's powers. Its own module because
//! the service, the console and game posting all ask it.

use crate::auth::account::Account;
use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::games;
use crate::error::AppError;

/// Whether `account` has the judge's powers in this game: its judge or an admin, never a
/// game-ID login, and never an account seated in the game (an admin who plays is a player there).
pub fn judges(c: &mut DbConnection, row: &GameRow, account: &Account) -> Result<bool, AppError> {
    if !may_judge(row, account) {
        return Ok(false);
    }
    Ok(games::seat_of(c, row.id, account.id)?.is_none())
}

/// [`judges`], for a caller that knows whether the account holds a seat in the game.
pub fn judges_unless_seated(row: &GameRow, account: &Account, seated: bool) -> bool {
    may_judge(row, account) && !seated
}

/// The game's judge or an admin, not a game-ID login (whether seated is asked apart).
fn may_judge(row: &GameRow, account: &Account) -> bool {
    !account.is_alias() && (row.judge_id == account.id || account.is_admin())
}

/// [`judges`], or 403.
pub fn check_judge(c: &mut DbConnection, row: &GameRow, account: &Account) -> Result<(), AppError> {
    if judges(c, row, account)? {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}
