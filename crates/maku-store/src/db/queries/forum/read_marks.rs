//! Read markers: the last post each reader has seen in a thread.

use crate::db::DbConnection;
use crate::db::schema::thread_reads;
use diesel::prelude::*;

/// The last post a reader had seen in each of the given threads.
pub fn read_marks(
    conn: &mut DbConnection,
    user_id: i64,
    thread_ids: &[i64],
) -> QueryResult<std::collections::HashMap<i64, i64>> {
    let rows: Vec<(i64, i64)> = thread_reads::table
        .filter(thread_reads::user_id.eq(user_id))
        .filter(thread_reads::thread_id.eq_any(thread_ids))
        .select((thread_reads::thread_id, thread_reads::last_read_post_id))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// Moves a reader's mark forward (never back: reading an old page does not unread new posts).
pub fn mark_read(
    conn: &mut DbConnection,
    user_id: i64,
    thread_id: i64,
    post_id: i64,
) -> QueryResult<()> {
    let current = read_marks(conn, user_id, &[thread_id])?
        .get(&thread_id)
        .copied();
    match current {
        Some(seen) if seen >= post_id => Ok(()),
        Some(_) => diesel::update(
            thread_reads::table
                .filter(thread_reads::user_id.eq(user_id))
                .filter(thread_reads::thread_id.eq(thread_id))
                .filter(thread_reads::last_read_post_id.lt(post_id)),
        )
        .set(thread_reads::last_read_post_id.eq(post_id))
        .execute(conn)
        .map(|_| ()),
        None => {
            let r = crate::on_backend!(conn, |c| diesel::insert_into(thread_reads::table)
                .values((
                    thread_reads::user_id.eq(user_id),
                    thread_reads::thread_id.eq(thread_id),
                    thread_reads::last_read_post_id.eq(post_id),
                ))
                .on_conflict_do_nothing()
                .execute(c));
            r.map(|_| ())
        }
    }
}
