//! Boards: listed, found by slug or id, created; and the board games live in.

use crate::db::DbConnection;
use crate::db::models::Board;
use crate::db::schema::boards;
use diesel::prelude::*;

pub fn boards(conn: &mut DbConnection) -> QueryResult<Vec<Board>> {
    boards::table
        .order((boards::position.asc(), boards::id.asc()))
        .select(Board::as_select())
        .load(conn)
}

pub fn board_by_slug(conn: &mut DbConnection, slug: &str) -> QueryResult<Option<Board>> {
    boards::table
        .filter(boards::slug.eq(slug))
        .select(Board::as_select())
        .first(conn)
        .optional()
}

pub fn board_by_id(conn: &mut DbConnection, id: i64) -> QueryResult<Option<Board>> {
    boards::table
        .find(id)
        .select(Board::as_select())
        .first(conn)
        .optional()
}

/// Creates a board; `Ok(None)` when the slug is taken. `ON CONFLICT DO NOTHING` rather than a
/// caught unique violation: on PostgreSQL a violation aborts the whole transaction, so the
/// caller could not go on (e.g. read the board another transaction just created).
pub fn create_board(
    conn: &mut DbConnection,
    slug: &str,
    title: &str,
    description: &str,
) -> QueryResult<Option<Board>> {
    let position: Option<i32> = boards::table
        .select(diesel::dsl::max(boards::position))
        .first(conn)?;
    crate::on_backend!(conn, |c| diesel::insert_into(boards::table)
        .values((
            boards::slug.eq(slug),
            boards::title.eq(title),
            boards::description.eq(description),
            boards::position.eq(position.unwrap_or(0) + 1),
            boards::created_at.eq(crate::db::queries::now()),
        ))
        .on_conflict(boards::slug)
        .do_nothing()
        .returning(Board::as_returning())
        .get_result(c)
        .optional())
}

/// The slug of the board games live in.
pub const GAMES_BOARD: &str = "games";
/// The stored title of the games board (the default language's). Pages show the board in the
/// reader's language instead, as long as it keeps this title (or the older "游戏 Games").
pub const GAMES_BOARD_TITLE: &str = "游戏";
/// The title older databases gave the games board.
pub const GAMES_BOARD_TITLE_OLD: &str = "游戏 Games";

/// The board games live in, made on first use.
/// The board of game threads, created by the first game. Race-free on both backends: a
/// concurrent first creation makes the insert do nothing (on PostgreSQL it waits for the other
/// transaction), and the read then finds the winner's board.
pub fn games_board(conn: &mut DbConnection) -> QueryResult<Board> {
    if let Some(b) = board_by_slug(conn, GAMES_BOARD)? {
        return Ok(b);
    }
    match create_board(conn, GAMES_BOARD, GAMES_BOARD_TITLE, "")? {
        Some(b) => Ok(b),
        None => board_by_slug(conn, GAMES_BOARD)?.ok_or(diesel::result::Error::NotFound),
    }
}
