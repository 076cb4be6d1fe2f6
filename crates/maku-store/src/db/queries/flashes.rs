//! The one-time messages of the web forms (post/redirect/get): a row per pending flash, named by
//! the random token kept in the browser's session cookie.

use crate::db::DbConnection;
use crate::db::schema::flashes;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// An unclaimed flash is never shown after this long, and is then deleted by [`prune`].
pub const KEEP: chrono::Duration = chrono::Duration::hours(24);

/// Stores a flash for `path`, replacing this browser's previous one (`previous`, its token).
pub fn replace(
    c: &mut DbConnection,
    previous: Option<&str>,
    token: &str,
    path: &str,
    payload: &str,
    now: NaiveDateTime,
) -> QueryResult<()> {
    if let Some(p) = previous {
        diesel::delete(flashes::table.find(p)).execute(c)?;
    }
    diesel::insert_into(flashes::table)
        .values((
            flashes::token.eq(token),
            flashes::path.eq(path),
            flashes::payload.eq(payload),
            flashes::created_at.eq(now),
        ))
        .execute(c)?;
    Ok(())
}

/// What claiming a flash found.
#[derive(Debug, PartialEq, Eq)]
pub enum Claim {
    /// Made for this path: here is its payload, and the row is gone.
    Claimed(String),
    /// Made for another page: left for it.
    OtherPage,
    /// Claimed already (another tab), or older than [`KEEP`].
    Gone,
}

/// Claims the flash `token` for `path`: read and deleted when it was made for that path.
pub fn claim(
    c: &mut DbConnection,
    token: &str,
    path: &str,
    now: NaiveDateTime,
) -> QueryResult<Claim> {
    // A row older than KEEP is as good as pruned (housekeeping deletes it).
    let row: Option<(String, String)> = flashes::table
        .find(token)
        .filter(flashes::created_at.ge(now - KEEP))
        .select((flashes::path, flashes::payload))
        .first(c)
        .optional()?;
    Ok(match row {
        Some((p, payload)) if p == path => {
            diesel::delete(flashes::table.find(token)).execute(c)?;
            Claim::Claimed(payload)
        }
        Some(_) => Claim::OtherPage,
        None => Claim::Gone,
    })
}

/// Deletes the flashes nobody claimed within [`KEEP`] (the browser never followed the
/// redirect); run by the scheduler's housekeeping, not on every redirect.
pub fn prune(c: &mut DbConnection, now: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(flashes::table.filter(flashes::created_at.lt(now - KEEP))).execute(c)
}
