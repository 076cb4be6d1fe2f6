//! The judge's console: moving a seat to another account (替补), ending game-ID logins,
//! clearing a deadline.

use crate::db::DbConnection;
use crate::db::schema::{api_tokens, deadlines, game_aliases, game_events, game_seats, sessions};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// The seat now belongs to `user_id`. Its game-ID password goes (the old account knew it), and
/// every game-ID session and token of the seat ends.
pub fn move_seat(
    conn: &mut DbConnection,
    game_id: i64,
    seat: i32,
    user_id: i64,
) -> QueryResult<()> {
    crate::db::epoch::accounts_changed();
    crate::db::epoch::game_changed(game_id);
    diesel::update(game_seats::table.find((game_id, seat)))
        .set(game_seats::user_id.eq(user_id))
        .execute(conn)?;
    diesel::delete(game_aliases::table.find((game_id, seat))).execute(conn)?;
    let now = super::now();
    diesel::update(
        sessions::table
            .filter(sessions::scope_game_id.eq(game_id))
            .filter(sessions::scope_seat.eq(seat))
            .filter(sessions::ended_at.is_null()),
    )
    .set(sessions::ended_at.eq(Some(now)))
    .execute(conn)?;
    diesel::update(
        api_tokens::table
            .filter(api_tokens::scope_game_id.eq(game_id))
            .filter(api_tokens::scope_seat.eq(seat))
            .filter(api_tokens::revoked_at.is_null()),
    )
    .set(api_tokens::revoked_at.eq(Some(now)))
    .execute(conn)?;
    Ok(())
}

/// Removes a game's deadline row (paused or ended: the scheduler has nothing to do).
pub fn clear_deadline(conn: &mut DbConnection, game_id: i64) -> QueryResult<usize> {
    crate::db::epoch::game_changed(game_id);
    diesel::delete(deadlines::table.find(game_id)).execute(conn)
}

/// (seq, time, actor) of every event of a game.
pub fn event_times(
    conn: &mut DbConnection,
    game_id: i64,
) -> QueryResult<Vec<(i64, NaiveDateTime, Option<i64>)>> {
    game_events::table
        .filter(game_events::game_id.eq(game_id))
        .order(game_events::seq.asc())
        .select((
            game_events::seq,
            game_events::created_at,
            game_events::actor_id,
        ))
        .load(conn)
}
