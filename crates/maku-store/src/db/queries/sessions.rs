//! Server-side session rows: the cookie only names a row, so ending a session here ends it
//! everywhere at once (sign-out, password change, sign out everywhere), and a session unused
//! for the idle time is refused here whatever the cookie says.

use crate::db::DbConnection;
use crate::db::models::User;
use crate::db::schema::{api_tokens, sessions, users};
use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;

/// Last-seen and last-used times are written when they are older than this, so a reader
/// costs one write an hour per session, not one per request; idle times are days.
pub fn touch_every() -> Duration {
    Duration::hours(1)
}

/// The account behind a session or token, its scope (game, seat) and when it was last seen.
type UserRow = (User, Option<i64>, Option<i32>, Option<NaiveDateTime>);

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
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(id),
            sessions::user_id.eq(user_id),
            sessions::created_at.eq(now),
            sessions::last_seen_at.eq(Some(now)),
            sessions::scope_game_id.eq(scope.map(|s| s.game_id)),
            sessions::scope_seat.eq(scope.map(|s| s.seat)),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The account of a live session (not ended, seen within `idle`), and its scope; records that
/// it was seen now when the last record is older than [`touch_every`].
pub fn user_of(
    conn: &mut DbConnection,
    id: &str,
    now: NaiveDateTime,
    idle: Duration,
) -> QueryResult<Option<(User, Option<Scope>)>> {
    let row: Option<UserRow> = sessions::table
        .inner_join(users::table)
        .filter(sessions::id.eq(id))
        .filter(sessions::ended_at.is_null())
        .filter(sessions::last_seen_at.ge(now - idle))
        .select((
            User::as_select(),
            sessions::scope_game_id,
            sessions::scope_seat,
            sessions::last_seen_at,
        ))
        .first(conn)
        .optional()?;
    let Some((user, game, seat, seen)) = row else {
        return Ok(None);
    };
    let stale = now - touch_every();
    if seen.is_none_or(|t| t < stale) {
        // Guarded by the old value: of concurrent requests, one writes.
        diesel::update(
            sessions::table
                .find(id)
                .filter(sessions::last_seen_at.lt(stale)),
        )
        .set(sessions::last_seen_at.eq(Some(now)))
        .execute(conn)?;
    }
    Ok(Some((user, scope_of(game, seat))))
}

/// A live session as its account's page lists it (the id stays on the server: it only marks
/// the reader's own session).
#[derive(Debug, Clone)]
pub struct SessionRow {
    pub id: String,
    pub created_at: NaiveDateTime,
    pub last_seen_at: Option<NaiveDateTime>,
    pub game_id: Option<i64>,
}

/// An account's live sessions, most recently seen first.
pub fn live_of(
    conn: &mut DbConnection,
    user_id: i64,
    now: NaiveDateTime,
    idle: Duration,
) -> QueryResult<Vec<SessionRow>> {
    let rows: Vec<(String, NaiveDateTime, Option<NaiveDateTime>, Option<i64>)> = sessions::table
        .filter(sessions::user_id.eq(user_id))
        .filter(sessions::ended_at.is_null())
        .filter(sessions::last_seen_at.ge(now - idle))
        .order(sessions::last_seen_at.desc())
        .select((
            sessions::id,
            sessions::created_at,
            sessions::last_seen_at,
            sessions::scope_game_id,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, created_at, last_seen_at, game_id)| SessionRow {
            id,
            created_at,
            last_seen_at,
            game_id,
        })
        .collect())
}

pub fn end(conn: &mut DbConnection, id: &str) -> QueryResult<usize> {
    crate::db::epoch::accounts_changed();
    diesel::update(sessions::table.find(id))
        .set(sessions::ended_at.eq(Some(super::now())))
        .execute(conn)
}

/// Ends every session of an account except `keep`.
pub fn end_all_of(conn: &mut DbConnection, user_id: i64, keep: Option<&str>) -> QueryResult<usize> {
    crate::db::epoch::accounts_changed();
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

/// Deletes the rows of sessions that can never be used again: ended ones, and ones idle past
/// `idle` (the server refuses them already). Sign-ins stay in the account log; these rows only
/// name cookies. Returns how many were deleted.
pub fn prune(conn: &mut DbConnection, now: NaiveDateTime, idle: Duration) -> QueryResult<usize> {
    diesel::delete(
        sessions::table.filter(
            sessions::ended_at
                .is_not_null()
                .or(sessions::last_seen_at.lt(now - idle))
                .or(sessions::last_seen_at.is_null()),
        ),
    )
    .execute(conn)
}

/// A token row; `public_id` is what lists and revocations name (never the hash).
pub fn create_token(
    conn: &mut DbConnection,
    token_hash: &str,
    public_id: &str,
    user_id: i64,
    scope: Option<Scope>,
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(api_tokens::table)
        .values((
            api_tokens::token_hash.eq(token_hash),
            api_tokens::public_id.eq(Some(public_id)),
            api_tokens::user_id.eq(user_id),
            api_tokens::created_at.eq(now),
            api_tokens::scope_game_id.eq(scope.map(|s| s.game_id)),
            api_tokens::scope_seat.eq(scope.map(|s| s.seat)),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The account of an unrevoked token; records its use as [`user_of`] records a session's.
pub fn user_of_token(
    conn: &mut DbConnection,
    token_hash: &str,
    now: NaiveDateTime,
) -> QueryResult<Option<(User, Option<Scope>)>> {
    let row: Option<UserRow> = api_tokens::table
        .inner_join(users::table)
        .filter(api_tokens::token_hash.eq(token_hash))
        .filter(api_tokens::revoked_at.is_null())
        .select((
            User::as_select(),
            api_tokens::scope_game_id,
            api_tokens::scope_seat,
            api_tokens::last_used_at,
        ))
        .first(conn)
        .optional()?;
    let Some((user, game, seat, used)) = row else {
        return Ok(None);
    };
    let stale = now - touch_every();
    if used.is_none_or(|t| t < stale) {
        diesel::update(
            api_tokens::table.find(token_hash).filter(
                api_tokens::last_used_at
                    .is_null()
                    .or(api_tokens::last_used_at.lt(stale)),
            ),
        )
        .set(api_tokens::last_used_at.eq(Some(now)))
        .execute(conn)?;
    }
    Ok(Some((user, scope_of(game, seat))))
}

/// An unrevoked token as its owner sees it: no secret, no hash.
#[derive(Debug, Clone)]
pub struct TokenRow {
    pub id: String,
    pub created_at: NaiveDateTime,
    pub last_used_at: Option<NaiveDateTime>,
    /// Set for a game-ID login's token.
    pub game_id: Option<i64>,
    /// The token this request came with.
    pub current: bool,
}

/// An account's unrevoked tokens, newest first; `current_hash` marks the caller's own.
pub fn tokens_of(
    conn: &mut DbConnection,
    user_id: i64,
    current_hash: Option<&str>,
) -> QueryResult<Vec<TokenRow>> {
    type Row = (
        String,
        Option<String>,
        NaiveDateTime,
        Option<NaiveDateTime>,
        Option<i64>,
    );
    let rows: Vec<Row> = api_tokens::table
        .filter(api_tokens::user_id.eq(user_id))
        .filter(api_tokens::revoked_at.is_null())
        .filter(api_tokens::public_id.is_not_null())
        .order(api_tokens::created_at.desc())
        .select((
            api_tokens::token_hash,
            api_tokens::public_id,
            api_tokens::created_at,
            api_tokens::last_used_at,
            api_tokens::scope_game_id,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(hash, id, created_at, last_used_at, game_id)| {
            Some(TokenRow {
                id: id?,
                created_at,
                last_used_at,
                game_id,
                current: current_hash == Some(hash.as_str()),
            })
        })
        .collect())
}

/// Revokes one of an account's tokens by its public id; 0 when it is not a live token of
/// that account.
pub fn revoke_token(
    conn: &mut DbConnection,
    user_id: i64,
    public_id: &str,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        api_tokens::table
            .filter(api_tokens::user_id.eq(user_id))
            .filter(api_tokens::public_id.eq(public_id))
            .filter(api_tokens::revoked_at.is_null()),
    )
    .set(api_tokens::revoked_at.eq(Some(now)))
    .execute(conn)
}

/// A password change revokes every API token of the account too, except `keep_hash` (the
/// token that made the change, as the browser session that made one is kept).
pub fn revoke_tokens_of(
    conn: &mut DbConnection,
    user_id: i64,
    keep_hash: Option<&str>,
) -> QueryResult<usize> {
    let q = api_tokens::table
        .filter(api_tokens::user_id.eq(user_id))
        .filter(api_tokens::revoked_at.is_null());
    match keep_hash {
        Some(k) => diesel::update(q.filter(api_tokens::token_hash.ne(k)))
            .set(api_tokens::revoked_at.eq(Some(super::now())))
            .execute(conn),
        None => diesel::update(q)
            .set(api_tokens::revoked_at.eq(Some(super::now())))
            .execute(conn),
    }
}
