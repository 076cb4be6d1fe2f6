//! Edits: a post's text replaced with every earlier version kept, its revisions, and the
//! admins' list of edited posts.

use super::posts::{Html, add_revision};
use crate::db::DbConnection;
use crate::db::models::{Post, PostRevision};
use crate::db::schema::{post_revisions, posts};
use diesel::prelude::*;

/// Replaces a post's text, keeping every earlier version in `post_revisions`.
pub fn edit_post(
    conn: &mut DbConnection,
    post_id: i64,
    editor_id: i64,
    body: &str,
    html: Html<'_>,
) -> QueryResult<()> {
    add_revision(conn, post_id, editor_id, body, html)?;
    super::posts::post_changed(conn, post_id)?;
    diesel::update(posts::table.find(post_id))
        .set((
            posts::body.eq(body),
            posts::edited_at.eq(Some(crate::db::queries::now())),
            posts::html.eq(html.text),
            posts::html_version.eq(html.version),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Every version of a post, oldest first; none of a hidden post (docs/moderation.md: its
/// text leaves every page; the audit log keeps it).
pub fn revisions(conn: &mut DbConnection, post_id: i64) -> QueryResult<Vec<PostRevision>> {
    post_revisions::table
        .inner_join(posts::table)
        .filter(post_revisions::post_id.eq(post_id))
        .filter(posts::hidden_at.is_null())
        .order(post_revisions::id.asc())
        .select(PostRevision::as_select())
        .load(conn)
}

/// Forum posts that were edited, newest edit first (the admins' edit history list, which names
/// accounts). Posts written as a game ID are left out: the list would tie an account to a game
/// ID (their history is on the game's pages, under the game ID).
pub fn edited_posts(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<Post>> {
    posts::table
        .filter(posts::edited_at.is_not_null())
        .filter(posts::as_seat.is_null())
        .filter(posts::kind.eq("user"))
        .order(posts::edited_at.desc())
        .limit(limit)
        .select(Post::as_select())
        .load(conn)
}
