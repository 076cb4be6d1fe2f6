//! The forms that made a post (`sent_forms`): a reply or new-thread form sent again leads to
//! the post it made (`forum::posting`).

use crate::db::DbConnection;
use crate::db::schema::sent_forms;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// How long a sent form is remembered: longer than anyone goes Back to resend it.
const KEEP: chrono::Duration = chrono::Duration::days(1);

/// Where the post of the form `key` stands (thread, floor), if that form made one.
pub fn find(c: &mut DbConnection, key: &str) -> QueryResult<Option<(i64, i64)>> {
    sent_forms::table
        .find(key)
        .select((sent_forms::thread_id, sent_forms::floor))
        .first(c)
        .optional()
}

/// Claims the form `key` for the post about to be made: `true` when no post was made with it
/// before. Made first in the post's write transaction: a second send at once waits for the
/// first to commit (PostgreSQL) or for the write lock (SQLite), then finds its post.
pub fn claim(c: &mut DbConnection, key: &str, now: NaiveDateTime) -> QueryResult<bool> {
    let made = crate::on_backend!(c, |c| diesel::insert_into(sent_forms::table)
        .values((
            sent_forms::form_key.eq(key),
            sent_forms::thread_id.eq(0i64),
            sent_forms::floor.eq(0i64),
            sent_forms::created_at.eq(now),
        ))
        .on_conflict_do_nothing()
        .execute(c))?;
    Ok(made == 1)
}

/// Notes where the post of the claimed form `key` stands.
pub fn made(c: &mut DbConnection, key: &str, thread_id: i64, floor: i64) -> QueryResult<()> {
    diesel::update(sent_forms::table.find(key))
        .set((
            sent_forms::thread_id.eq(thread_id),
            sent_forms::floor.eq(floor),
        ))
        .execute(c)
        .map(|_| ())
}

/// Forgets the forms sent more than a day before `now`.
pub fn prune(c: &mut DbConnection, now: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(sent_forms::table.filter(sent_forms::created_at.lt(now - KEEP))).execute(c)
}
