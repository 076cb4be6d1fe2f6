//! Server-side session rows: the cookie only names a row, so ending a session here ends it
//! everywhere at once (sign-out, password change).

use crate::db::DbConnection;
use crate::db::models::User;
use crate::db::schema::{api_tokens, sessions, users};
use diesel::prelude::*;

/// A game-ID login's reach: one seat of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope {
    pub game_id: i64,
    pub seat: i32,
}

fn scope_of(game: Option<i64>, seat: Option<i32>) -> Option<Scope> {
    Some(Scope {
        game_id: game?,
        seat: seat?,
    })
}

/// A session of an account, or (with `scope`) of a game-ID login played by that account.
pub fn create(
    conn: &mut DbConnection,
    id: &str,
    user_id: i64,
    scope: Option<Scope>,
) -> QueryResult<()> {
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(id),
            sessions::user_id.eq(user_id),
            sessions::created_at.eq(super::now()),
            sessions::scope_game_id.eq(scope.map(|s| s.game_id)),
            sessions::scope_seat.eq(scope.map(|s| s.seat)),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The account of a live session, and its scope.
pub fn user_of(conn: &mut DbConnection, id: &str) -> QueryResult<Option<(User, Option<Scope>)>> {
    let row: Option<(User, Option<i64>, Option<i32>)> = sessions::table
        .inner_join(users::table)
        .filter(sessions::id.eq(id))
        .filter(sessions::ended_at.is_null())
        .select((
            User::as_select(),
            sessions::scope_game_id,
            sessions::scope_seat,
        ))
        .first(conn)
        .optional()?;
    Ok(row.map(|(u, g, s)| (u, scope_of(g, s))))
}

pub fn end(conn: &mut DbConnection, id: &str) -> QueryResult<usize> {
    diesel::update(sessions::table.find(id))
        .set(sessions::ended_at.eq(Some(super::now())))
        .execute(conn)
}

/// Ends every session of an account except `keep`.
pub fn end_all_of(conn: &mut DbConnection, user_id: i64, keep: Option<&str>) -> QueryResult<usize> {
    let q = sessions::table
        .filter(sessions::user_id.eq(user_id))
        .filter(sessions::ended_at.is_null());
    match keep {
        Some(k) => diesel::update(q.filter(sessions::id.ne(k)))
            .set(sessions::ended_at.eq(Some(super::now())))
            .execute(conn),
        None => diesel::update(q)
            .set(sessions::ended_at.eq(Some(super::now())))
            .execute(conn),
    }
}

pub fn create_token(
    conn: &mut DbConnection,
    token_hash: &str,
    user_id: i64,
    scope: Option<Scope>,
) -> QueryResult<()> {
    diesel::insert_into(api_tokens::table)
        .values((
            api_tokens::token_hash.eq(token_hash),
            api_tokens::user_id.eq(user_id),
            api_tokens::created_at.eq(super::now()),
            api_tokens::scope_game_id.eq(scope.map(|s| s.game_id)),
            api_tokens::scope_seat.eq(scope.map(|s| s.seat)),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn user_of_token(
    conn: &mut DbConnection,
    token_hash: &str,
) -> QueryResult<Option<(User, Option<Scope>)>> {
    let row: Option<(User, Option<i64>, Option<i32>)> = api_tokens::table
        .inner_join(users::table)
        .filter(api_tokens::token_hash.eq(token_hash))
        .filter(api_tokens::revoked_at.is_null())
        .select((
            User::as_select(),
            api_tokens::scope_game_id,
            api_tokens::scope_seat,
        ))
        .first(conn)
        .optional()?;
    Ok(row.map(|(u, g, s)| (u, scope_of(g, s))))
}

/// A password change revokes every API token of the account too.
pub fn revoke_tokens_of(conn: &mut DbConnection, user_id: i64) -> QueryResult<usize> {
    diesel::update(
        api_tokens::table
            .filter(api_tokens::user_id.eq(user_id))
            .filter(api_tokens::revoked_at.is_null()),
    )
    .set(api_tokens::revoked_at.eq(Some(super::now())))
    .execute(conn)
}
