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
    if account.is_alias() || !(row.judge_id == account.id || account.is_admin()) {
        return Ok(false);
    }
    Ok(games::seat_of(c, row.id, account.id)?.is_none())
}

/// [`judges`], or 403.
pub fn check_judge(c: &mut DbConnection, row: &GameRow, account: &Account) -> Result<(), AppError> {
    if judges(c, row, account)? {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}
