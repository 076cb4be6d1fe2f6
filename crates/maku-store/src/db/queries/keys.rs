//! Server secrets kept in the database, so that restarts and several instances agree on them.

use crate::db::DbConnection;
use crate::db::schema::server_keys;
use diesel::prelude::*;

/// The value stored under `name`, creating it with `make` the first time.
/// Concurrent first starts agree: the loser's insert does nothing and it reads the winner's
/// value (no unique violation, which would abort a PostgreSQL transaction).
pub fn get_or_create(
    conn: &mut DbConnection,
    name: &str,
    make: impl FnOnce() -> String,
) -> QueryResult<String> {
    if let Some(v) = get(conn, name)? {
        return Ok(v);
    }
    let fresh = make();
    crate::on_backend!(conn, |c| diesel::insert_into(server_keys::table)
        .values((server_keys::name.eq(name), server_keys::value.eq(&fresh)))
        .on_conflict(server_keys::name)
        .do_nothing()
        .execute(c))?;
    get(conn, name)?.ok_or(diesel::result::Error::NotFound)
}

fn get(conn: &mut DbConnection, name: &str) -> QueryResult<Option<String>> {
    server_keys::table
        .find(name)
        .select(server_keys::value)
        .first(conn)
        .optional()
}
