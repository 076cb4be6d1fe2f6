//! Server secrets kept in the database, so that restarts and several instances agree on them.

use crate::db::DbConnection;
use crate::db::schema::server_keys;
use diesel::prelude::*;

/// The value stored under `name`, creating it with `make` the first time.
/// Concurrent first starts agree: the loser of the insert reads the winner's value.
pub fn get_or_create(
    conn: &mut DbConnection,
    name: &str,
    make: impl FnOnce() -> String,
) -> QueryResult<String> {
    if let Some(v) = get(conn, name)? {
        return Ok(v);
    }
    let fresh = make();
    let inserted = diesel::insert_into(server_keys::table)
        .values((server_keys::name.eq(name), server_keys::value.eq(&fresh)))
        .execute(conn);
    match inserted {
        Ok(_) => Ok(fresh),
        Err(e) if crate::db::is_unique_violation(&e) => {
            get(conn, name)?.ok_or(diesel::result::Error::NotFound)
        }
        Err(e) => Err(e),
    }
}

fn get(conn: &mut DbConnection, name: &str) -> QueryResult<Option<String>> {
    server_keys::table
        .find(name)
        .select(server_keys::value)
        .first(conn)
        .optional()
}
