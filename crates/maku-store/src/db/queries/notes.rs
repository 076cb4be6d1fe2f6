//! A seat's private notes: appended, one row per note, read back by the seat (and, after the
//! end, by the seat's replay). Never updated, never deleted.

use crate::db::DbConnection;
use crate::db::schema_notes::seat_notes;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// One note, as its seat reads it back.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct Note {
    pub act: i32,
    pub body: String,
    pub created_at: NaiveDateTime,
}

/// Appends a note of seat `seat` of game `game_id`, written in act `act` by `author`.
pub fn add(
    c: &mut DbConnection,
    game_id: i64,
    seat: i32,
    act: i32,
    author: i64,
    body: &str,
    at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(seat_notes::table)
        .values((
            seat_notes::game_id.eq(game_id),
            seat_notes::seat.eq(seat),
            seat_notes::act.eq(act),
            seat_notes::author_id.eq(author),
            seat_notes::body.eq(body),
            seat_notes::created_at.eq(at),
        ))
        .execute(c)
        .map(|_| ())
}

/// The notes of seat `seat` of game `game_id`, in the order they were written.
pub fn of_seat(c: &mut DbConnection, game_id: i64, seat: i32) -> QueryResult<Vec<Note>> {
    seat_notes::table
        .filter(seat_notes::game_id.eq(game_id))
        .filter(seat_notes::seat.eq(seat))
        .order(seat_notes::id.asc())
        .select((seat_notes::act, seat_notes::body, seat_notes::created_at))
        .load(c)
}
