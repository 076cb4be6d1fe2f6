//! The game's log in the store: a game loaded by folding its events (for a writer, locked and
//! its own copy; for a reader, the cache's), the next event appended, and the time format
//! events and act posts write.

use crate::db::DbConnection;
use crate::db::models::GameRow;
use crate::db::queries::games;
use crate::error::AppError;
use crate::game::log::{Folded, GameEvent};

/// The time format events and act posts write, kept in `domain::time` (the notifier writes it
/// too).
pub use crate::domain::time::{iso, iso_time};

/// Loads and folds a game inside a transaction (locking its row for writers).
pub fn load_locked(c: &mut DbConnection, game_id: i64) -> Result<(GameRow, Folded), AppError> {
    let row = games::get_for_update(c, game_id)?.ok_or(AppError::NotFound)?;
    // A writer changes its own copy; the cached fold stays as the log was.
    let folded = Folded::clone(crate::game::cache::folded(c, game_id)?.as_ref());
    Ok((row, folded))
}

/// The game for reading (shared with the cache: no copy).
pub fn load(
    c: &mut DbConnection,
    game_id: i64,
) -> Result<(GameRow, std::sync::Arc<Folded>), AppError> {
    let row = games::get(c, game_id)?.ok_or(AppError::NotFound)?;
    let folded = crate::game::cache::folded(c, game_id)?;
    Ok((row, folded))
}

pub(crate) fn append(
    c: &mut DbConnection,
    game_id: i64,
    folded: &mut Folded,
    actor: Option<i64>,
    event: &GameEvent,
) -> Result<String, AppError> {
    let seq = folded.last_seq + 1;
    let hash =
        games::append(c, game_id, seq, event.kind(), actor, &event.to_json()).map_err(|e| {
            if crate::db::is_unique_violation(&e) {
                AppError::Conflict("concurrent_change")
            } else {
                e.into()
            }
        })?;
    folded.last_seq = seq;
    Ok(hash)
}
