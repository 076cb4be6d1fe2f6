//! Watchers of a running game (`game_watchers`, migrations `*_spectators`): accounts without a
//! seat that read the game's spectators' thread. One row per account and game; `until` is set
//! while the account does not watch, and the row stays, so a past watcher is still known (it
//! may never become a substitute in that game).

use crate::db::DbConnection;
use crate::db::schema_spectators::game_watchers;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// Account `user_id` watches game `game_id` from `now` (again, if it had stopped); an account
/// already watching keeps its first `since`.
pub fn watch(
    conn: &mut DbConnection,
    game_id: i64,
    user_id: i64,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let reopened = diesel::update(
        game_watchers::table
            .filter(game_watchers::game_id.eq(game_id))
            .filter(game_watchers::user_id.eq(user_id))
            .filter(game_watchers::until.is_not_null()),
    )
    .set((
        game_watchers::since.eq(now),
        game_watchers::until.eq(None::<NaiveDateTime>),
    ))
    .execute(conn)?;
    if reopened > 0 || has_watched(conn, game_id, user_id)? {
        return Ok(());
    }
    diesel::insert_into(game_watchers::table)
        .values((
            game_watchers::game_id.eq(game_id),
            game_watchers::user_id.eq(user_id),
            game_watchers::since.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Account `user_id` stops watching game `game_id` (nothing when it did not watch).
pub fn unwatch(
    conn: &mut DbConnection,
    game_id: i64,
    user_id: i64,
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::update(
        game_watchers::table
            .filter(game_watchers::game_id.eq(game_id))
            .filter(game_watchers::user_id.eq(user_id))
            .filter(game_watchers::until.is_null()),
    )
    .set(game_watchers::until.eq(Some(now)))
    .execute(conn)
    .map(|_| ())
}

/// Whether account `user_id` watches game `game_id` now.
pub fn is_watching(conn: &mut DbConnection, game_id: i64, user_id: i64) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        game_watchers::table
            .filter(game_watchers::game_id.eq(game_id))
            .filter(game_watchers::user_id.eq(user_id))
            .filter(game_watchers::until.is_null()),
    ))
    .get_result(conn)
}

/// Whether account `user_id` watches or ever watched game `game_id`.
pub fn has_watched(conn: &mut DbConnection, game_id: i64, user_id: i64) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        game_watchers::table
            .filter(game_watchers::game_id.eq(game_id))
            .filter(game_watchers::user_id.eq(user_id)),
    ))
    .get_result(conn)
}

/// Which of `user_ids` watch game `game_id` now.
pub fn watching_of(
    conn: &mut DbConnection,
    game_id: i64,
    user_ids: &[i64],
) -> QueryResult<Vec<i64>> {
    game_watchers::table
        .filter(game_watchers::game_id.eq(game_id))
        .filter(game_watchers::user_id.eq_any(user_ids))
        .filter(game_watchers::until.is_null())
        .select(game_watchers::user_id)
        .load(conn)
}
