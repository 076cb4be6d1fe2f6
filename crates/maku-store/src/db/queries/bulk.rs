//! Bulk writes for `maku seed`: threads and posts many rows per statement, with the ids chosen by
//! the caller (the next free ones), so a million posts take minutes, not hours. What the
//! one-by-one writes keep is kept here too: each post's first revision, its thread's last floor,
//! last post and time, the board's count of listed threads, and the search index (its triggers
//! fire on these inserts as on any other).

use crate::db::DbConnection;
use crate::db::schema::{post_revisions, posts, threads};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// A forum thread to insert; its counters are set by [`finish_threads`].
#[derive(Debug, Clone)]
pub struct BulkThread {
    pub id: i64,
    pub board_id: i64,
    pub author_id: i64,
    pub title: String,
    pub created_at: NaiveDateTime,
}

/// A post to insert (kind `user`, open to search), with its first revision.
#[derive(Debug, Clone)]
pub struct BulkPost {
    pub id: i64,
    pub thread_id: i64,
    pub author_id: i64,
    pub body: String,
    pub html: String,
    pub html_version: i32,
    pub quoted_post_id: Option<i64>,
    pub created_at: NaiveDateTime,
    pub floor: i64,
}

/// The next free ids of threads, posts and post revisions.
pub fn next_ids(c: &mut DbConnection) -> QueryResult<(i64, i64, i64)> {
    let t: Option<i64> = threads::table
        .select(diesel::dsl::max(threads::id))
        .first(c)?;
    let p: Option<i64> = posts::table.select(diesel::dsl::max(posts::id)).first(c)?;
    let r: Option<i64> = post_revisions::table
        .select(diesel::dsl::max(post_revisions::id))
        .first(c)?;
    Ok((t.unwrap_or(0) + 1, p.unwrap_or(0) + 1, r.unwrap_or(0) + 1))
}

/// Inserts forum threads in one statement and counts them on their boards.
pub fn insert_threads(c: &mut DbConnection, rows: &[BulkThread]) -> QueryResult<()> {
    let values: Vec<_> = rows
        .iter()
        .map(|t| {
            (
                threads::id.eq(t.id),
                threads::board_id.eq(t.board_id),
                threads::author_id.eq(t.author_id),
                threads::title.eq(&t.title),
                threads::locked.eq(false),
                threads::created_at.eq(t.created_at),
                threads::last_post_at.eq(t.created_at),
                threads::kind.eq("forum"),
            )
        })
        .collect();
    crate::on_backend!(c, |c| diesel::insert_into(threads::table)
        .values(&values)
        .execute(c))?;
    let mut per_board: std::collections::BTreeMap<i64, i64> = Default::default();
    for t in rows {
        *per_board.entry(t.board_id).or_default() += 1;
    }
    // The boards' counts kept as one-by-one writes keep them (and their lists' counts moved).
    for (board, n) in per_board {
        crate::db::queries::forum::count_listed(c, board, "forum", n)?;
    }
    Ok(())
}

/// Inserts posts in one statement and their first revisions in another (revision ids from
/// `first_revision` on).
pub fn insert_posts(
    c: &mut DbConnection,
    rows: &[BulkPost],
    first_revision: i64,
) -> QueryResult<()> {
    let values: Vec<_> = rows
        .iter()
        .map(|p| {
            (
                posts::id.eq(p.id),
                posts::thread_id.eq(p.thread_id),
                posts::author_id.eq(p.author_id),
                posts::body.eq(&p.body),
                posts::quoted_post_id.eq(p.quoted_post_id),
                posts::created_at.eq(p.created_at),
                posts::kind.eq("user"),
                posts::floor.eq(p.floor),
                posts::html.eq(&p.html),
                posts::html_version.eq(p.html_version),
                posts::searchable.eq(true),
            )
        })
        .collect();
    crate::on_backend!(c, |c| diesel::insert_into(posts::table)
        .values(&values)
        .execute(c))?;
    let revisions: Vec<_> = rows
        .iter()
        .enumerate()
        .map(|(i, p)| {
            (
                post_revisions::id.eq(first_revision + i as i64),
                post_revisions::post_id.eq(p.id),
                post_revisions::editor_id.eq(p.author_id),
                post_revisions::body.eq(&p.body),
                post_revisions::created_at.eq(p.created_at),
                post_revisions::html.eq(&p.html),
                post_revisions::html_version.eq(p.html_version),
            )
        })
        .collect();
    crate::on_backend!(c, |c| diesel::insert_into(post_revisions::table)
        .values(&revisions)
        .execute(c))?;
    Ok(())
}

/// Sets the counters of threads `from..=to` from their posts: last floor, last post and its
/// time, as the one-by-one writes keep them.
pub fn finish_threads(c: &mut DbConnection, from: i64, to: i64) -> QueryResult<usize> {
    diesel::sql_query(
        "UPDATE threads SET \
           last_floor = (SELECT COALESCE(MAX(floor), 0) FROM posts WHERE posts.thread_id = threads.id), \
           last_post_id = (SELECT MAX(id) FROM posts WHERE posts.thread_id = threads.id), \
           last_post_at = COALESCE((SELECT MAX(created_at) FROM posts \
                                    WHERE posts.thread_id = threads.id), threads.created_at) \
         WHERE id >= $1 AND id <= $2",
    )
    .bind::<diesel::sql_types::BigInt, _>(from)
    .bind::<diesel::sql_types::BigInt, _>(to)
    .execute(c)
}

/// PostgreSQL's id sequences moved past the ids written by hand (SQLite needs nothing: its next
/// id is the largest plus one).
pub fn advance_sequences(c: &mut DbConnection) -> QueryResult<()> {
    if let DbConnection::Pg(pg) = c {
        for table in ["threads", "posts", "post_revisions"] {
            diesel::sql_query(format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                 (SELECT COALESCE(MAX(id), 1) FROM {table}))"
            ))
            .execute(pg)?;
        }
    }
    Ok(())
}
