//! Server-side session rows: the cookie only names a row, so ending a session here ends it
//! everywhere at once (sign-out, password change).

use crate::db::DbConnection;
use crate::db::models::User;
use crate::db::schema::{api_tokens, sessions, users};
use diesel::prelude::*;

pub fn create(conn: &mut DbConnection, id: &str, user_id: i64) -> QueryResult<()> {
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(id),
            sessions::user_id.eq(user_id),
            sessions::created_at.eq(super::now()),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The account of a live session.
pub fn user_of(conn: &mut DbConnection, id: &str) -> QueryResult<Option<User>> {
    sessions::table
        .inner_join(users::table)
        .filter(sessions::id.eq(id))
        .filter(sessions::ended_at.is_null())
        .select(User::as_select())
        .first(conn)
        .optional()
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

pub fn create_token(conn: &mut DbConnection, token_hash: &str, user_id: i64) -> QueryResult<()> {
    diesel::insert_into(api_tokens::table)
        .values((
            api_tokens::token_hash.eq(token_hash),
            api_tokens::user_id.eq(user_id),
            api_tokens::created_at.eq(super::now()),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn user_of_token(conn: &mut DbConnection, token_hash: &str) -> QueryResult<Option<User>> {
    api_tokens::table
        .inner_join(users::table)
        .filter(api_tokens::token_hash.eq(token_hash))
        .filter(api_tokens::revoked_at.is_null())
        .select(User::as_select())
        .first(conn)
        .optional()
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
