//! Posts one by one: appended on the next floor of their thread (with their first revision),
//! found by id or floor, and counted since a phase's act post.

use crate::db::DbConnection;
use crate::db::models::Post;
use crate::db::schema::{post_revisions, posts, threads};
use diesel::prelude::*;

/// A post's rendered HTML and the renderer's version that made it (the store does not render:
/// the forum service does, in its render module).
#[derive(Debug, Clone, Copy)]
pub struct Html<'a> {
    pub text: &'a str,
    pub version: i32,
}

/// A post to append.
#[derive(Debug, Clone, Copy)]
pub struct NewPost<'a> {
    pub thread_id: i64,
    pub author_id: i64,
    pub body: &'a str,
    pub html: Html<'a>,
    pub quoted_post_id: Option<i64>,
    /// In a game thread: the seat whose game ID writes it.
    pub as_seat: Option<i32>,
    /// `user`, `judge`, or a system post (`act`, `notice`).
    pub kind: &'a str,
}

impl<'a> NewPost<'a> {
    /// An account's post in a forum thread.
    pub fn user(thread_id: i64, author_id: i64, body: &'a str, html: Html<'a>) -> NewPost<'a> {
        NewPost {
            thread_id,
            author_id,
            body,
            html,
            quoted_post_id: None,
            as_seat: None,
            kind: "user",
        }
    }
}

/// How many posts the seat `as_seat` wrote in `thread_id` after its last act post (since the
/// phase opened: every phase opens with one): a speech turn takes one speech (CL-5).
pub fn posts_since_last_act(
    conn: &mut DbConnection,
    thread_id: i64,
    as_seat: i32,
) -> QueryResult<i64> {
    let last_act: Option<i64> = posts::table
        .filter(posts::thread_id.eq(thread_id))
        .filter(posts::kind.eq("act"))
        .select(diesel::dsl::max(posts::floor))
        .first(conn)?;
    posts::table
        .filter(posts::thread_id.eq(thread_id))
        .filter(posts::floor.gt(last_act.unwrap_or(0)))
        .filter(posts::as_seat.eq(as_seat))
        .count()
        .get_result(conn)
}

/// Appends a post (and its first revision) and bumps the thread: written by an account, as a
/// seat of a game (`as_seat`), or by the system (`kind = "act"`).
///
/// The post takes the next floor of its thread, counted on the thread row (`last_floor`), which
/// is bumped *before* the post is written: on PostgreSQL that update locks the row until commit,
/// so a second writer in the same thread waits, then (read committed) bumps from the first one's
/// floor; SQLite runs one write transaction at a time (`BEGIN IMMEDIATE`). The unique index on
/// `(thread_id, floor)` is the backstop.
pub fn add_post(conn: &mut DbConnection, new: &NewPost<'_>) -> QueryResult<Post> {
    crate::db::epoch::thread_changed(new.thread_id);
    let now = crate::db::queries::now();
    let (floor, board_id, kind): (i64, i64, String) =
        crate::on_backend!(conn, |c| diesel::update(threads::table.find(new.thread_id))
            .set((
                threads::last_post_at.eq(now),
                threads::last_floor.eq(threads::last_floor + 1),
            ))
            .returning((threads::last_floor, threads::board_id, threads::kind))
            .get_result(c))?;
    // A listed thread's post moves its board's list (its place, count and time).
    if super::listed::is_listed(&kind) {
        crate::db::epoch::board_changed(board_id);
    }
    // Open to search now, or (a team thread's, a graveyard's) only once its game ends
    // (`db::queries::search`): a closed post is not in the search index at all.
    let searchable = crate::db::queries::search::thread_open(conn, new.thread_id)?;
    let post: Post = crate::on_backend!(conn, |c| diesel::insert_into(posts::table)
        .values((
            posts::thread_id.eq(new.thread_id),
            posts::author_id.eq(new.author_id),
            posts::body.eq(new.body),
            posts::quoted_post_id.eq(new.quoted_post_id),
            posts::created_at.eq(now),
            posts::as_seat.eq(new.as_seat),
            posts::kind.eq(new.kind),
            posts::floor.eq(floor),
            posts::html.eq(new.html.text),
            posts::html_version.eq(new.html.version),
            posts::searchable.eq(searchable),
        ))
        .returning(Post::as_returning())
        .get_result(c))?;
    diesel::update(threads::table.find(new.thread_id))
        .set(threads::last_post_id.eq(Some(post.id)))
        .execute(conn)?;
    add_revision(conn, post.id, new.author_id, new.body, new.html)?;
    Ok(post)
}

/// Post `post_id` is about to change: its thread's count moves (`db::epoch`).
pub fn post_changed(conn: &mut DbConnection, post_id: i64) -> QueryResult<()> {
    let thread: Option<i64> = posts::table
        .find(post_id)
        .select(posts::thread_id)
        .first(conn)
        .optional()?;
    if let Some(t) = thread {
        crate::db::epoch::thread_changed(t);
    }
    Ok(())
}

pub(super) fn add_revision(
    conn: &mut DbConnection,
    post_id: i64,
    editor_id: i64,
    body: &str,
    html: Html<'_>,
) -> QueryResult<()> {
    diesel::insert_into(post_revisions::table)
        .values((
            post_revisions::post_id.eq(post_id),
            post_revisions::editor_id.eq(editor_id),
            post_revisions::body.eq(body),
            post_revisions::created_at.eq(crate::db::queries::now()),
            post_revisions::html.eq(html.text),
            post_revisions::html_version.eq(html.version),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn post(conn: &mut DbConnection, id: i64) -> QueryResult<Option<Post>> {
    posts::table
        .find(id)
        .select(Post::as_select())
        .first(conn)
        .optional()
}

/// The post on `floor` of a thread.
pub fn post_at(conn: &mut DbConnection, thread_id: i64, floor: i64) -> QueryResult<Option<Post>> {
    posts::table
        .filter(posts::thread_id.eq(thread_id))
        .filter(posts::floor.eq(floor))
        .select(Post::as_select())
        .first(conn)
        .optional()
}

/// The floors of the given posts (to name a quoted post).
pub fn floors_of(
    conn: &mut DbConnection,
    ids: &[i64],
) -> QueryResult<std::collections::HashMap<i64, i64>> {
    let rows: Vec<(i64, i64)> = posts::table
        .filter(posts::id.eq_any(ids))
        .select((posts::id, posts::floor))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}
