//! Pages of posts: a thread's page (whole, or one author's), the same with authors' names, and
//! a board's feed; each with the Markdown source only where a page needs it.

use super::paging::{POSTS_PER_PAGE, page_offset};
use crate::db::DbConnection;
use crate::db::models::{Post, Thread};
use crate::db::schema::{posts, threads, users};
use crate::db::text::TextBytes;
use diesel::prelude::*;

/// The page query of [`posts_page`] over `source` (the posts, or the posts joined to
/// something), selecting `columns`: a range of floors for the whole thread, else the author's
/// posts counted and skipped.
macro_rules! page_of {
    ($conn:expr, $source:expr, $columns:expr, $thread:expr, $author_id:expr, $page:expr) => {{
        let of_thread = $source.filter(posts::thread_id.eq($thread.id));
        match $author_id {
            None => {
                let total = $thread.last_floor;
                let first = page_offset($page, total, POSTS_PER_PAGE);
                let rows = of_thread
                    .filter(posts::floor.gt(first))
                    .filter(posts::floor.le(first + POSTS_PER_PAGE))
                    .order(posts::floor.asc())
                    .select($columns)
                    .load($conn)?;
                Ok((rows, total))
            }
            Some(a) => {
                let mine = of_thread.filter(posts::author_id.eq(a));
                let total = mine.count().get_result($conn)?;
                let rows = mine
                    .order(posts::floor.asc())
                    .offset(page_offset($page, total, POSTS_PER_PAGE))
                    .limit(POSTS_PER_PAGE)
                    .select($columns)
                    .load($conn)?;
                Ok((rows, total))
            }
        }
    }};
}

/// Which posts of a page come with their Markdown source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bodies {
    /// Every post (the API sends the source).
    All,
    /// Only posts whose stored HTML is empty or not of this renderer's version: a page shows
    /// the stored HTML, so the source of the others is left unread (checking it as UTF-8 was
    /// a fifth of a thread page's time). The others' `body` is empty.
    UnlessRenderedBy(i32),
}

/// One page of a thread's posts, optionally only one author's ("只看该作者"), and the total;
/// a page past the last is the last.
///
/// The whole thread's page is a range of floors read on the `(thread_id, floor)` index, its
/// total the thread row's `last_floor`: page 100 costs what page 1 does. One author's page
/// counts and skips that author's posts only (index `(thread_id, author_id, floor)`).
pub fn posts_page(
    conn: &mut DbConnection,
    thread: &Thread,
    author_id: Option<i64>,
    page: i64,
    bodies: Bodies,
) -> QueryResult<(Vec<Post>, i64)> {
    page_of!(
        conn,
        posts::table,
        post_columns(bodies),
        thread,
        author_id,
        page
    )
}

/// [`posts_page`] for a forum thread, each post with its author's name, in the same query.
/// Not for game threads: their posts are shown under game IDs, never accounts.
pub fn named_posts_page(
    conn: &mut DbConnection,
    thread: &Thread,
    author_id: Option<i64>,
    page: i64,
    bodies: Bodies,
) -> QueryResult<(Vec<(Post, String)>, i64)> {
    page_of!(
        conn,
        posts::table.inner_join(users::table),
        (post_columns(bodies), users::username),
        thread,
        author_id,
        page
    )
}

/// The `limit` newest posts of a board's forum and sign-up threads (game threads have their
/// own feeds), each with its thread's title and its author's name, newest first (for the
/// board's feed).
///
/// They are among the last `limit` posts of the `limit` threads written in last (a thread is
/// bumped by each post), so only those floors are read: the feed costs the same however long
/// the board's threads and the rest of the forum have grown. The candidates are sorted as
/// bare ids from an index, and only the `limit` chosen are read whole: sorting the whole rows
/// (up to `limit`² of them, Markdown and HTML included) was most of the feed's time. It is
/// one fixed statement, prepared once per connection.
pub fn board_feed_posts(
    conn: &mut DbConnection,
    board_id: i64,
    limit: i64,
    bodies: Bodies,
) -> QueryResult<Vec<(Post, String, String)>> {
    // The subqueries read the outer query's tables: diesel needs them under other names.
    let (recent, tail, tail_thread) =
        diesel::alias!(threads as recent, posts as tail, threads as tail_thread);
    let recent_threads = recent
        .filter(recent.field(threads::board_id).eq(board_id))
        .filter(recent.field(threads::deleted_at).is_null())
        .filter(
            recent
                .field(threads::kind)
                .eq("forum")
                .or(recent.field(threads::kind).eq("signup")),
        )
        .order((
            recent.field(threads::last_post_at).desc(),
            recent.field(threads::id).desc(),
        ))
        .limit(limit)
        .select(recent.field(threads::id));
    // Index only: `posts_thread_kind_floor` holds thread, kind, floor and the id.
    let newest = tail
        .inner_join(
            tail_thread.on(tail_thread
                .field(threads::id)
                .eq(tail.field(posts::thread_id))
                .and(
                    tail.field(posts::floor)
                        .gt(tail_thread.field(threads::last_floor) - limit),
                )),
        )
        .filter(tail_thread.field(threads::id).eq_any(recent_threads))
        .filter(tail.field(posts::kind).eq("user"))
        .order(tail.field(posts::id).desc())
        .limit(limit)
        .select(tail.field(posts::id));
    posts::table
        .inner_join(threads::table)
        .inner_join(users::table)
        .filter(posts::id.eq_any(newest))
        // Never a game ID's post under an account (none is written outside game threads).
        .filter(posts::as_seat.is_null())
        .order(posts::id.desc())
        .select((post_columns(bodies), threads::title, users::username))
        .load(conn)
}

/// The columns of `Post`, in its order, with `body` left empty where [`Bodies`] says so.
fn post_columns(bodies: Bodies) -> PostColumns {
    // No post has a negative version, so `All` keeps every body.
    let rendered_by = match bodies {
        Bodies::All => -1,
        Bodies::UnlessRenderedBy(v) => v,
    };
    // A hidden post's text is never read (as in `Post`'s own selection).
    let body = diesel::dsl::case_when(
        posts::hidden_at
            .is_not_null()
            .or(posts::html_version.eq(rendered_by).and(posts::html.ne(""))),
        "".into_sql::<diesel::sql_types::Text>(),
    )
    .otherwise(posts::body);
    let html = diesel::dsl::case_when(posts::hidden_at.is_null(), posts::html).otherwise("");
    (
        posts::id,
        posts::thread_id,
        posts::author_id,
        body,
        posts::quoted_post_id,
        posts::created_at,
        posts::edited_at,
        posts::as_seat,
        posts::kind,
        posts::floor,
        TextBytes(html),
        posts::html_version,
        posts::hidden_at,
        posts::hidden_reason,
        posts::restored_at,
    )
}

type PostColumns = (
    posts::id,
    posts::thread_id,
    posts::author_id,
    diesel::dsl::Otherwise<
        diesel::dsl::case_when<
            diesel::dsl::Or<
                diesel::dsl::IsNotNull<posts::hidden_at>,
                diesel::dsl::And<
                    diesel::dsl::Eq<posts::html_version, i32>,
                    diesel::dsl::NotEq<posts::html, &'static str>,
                >,
            >,
            diesel::dsl::AsExprOf<&'static str, diesel::sql_types::Text>,
        >,
        posts::body,
    >,
    posts::quoted_post_id,
    posts::created_at,
    posts::edited_at,
    posts::as_seat,
    posts::kind,
    posts::floor,
    TextBytes<crate::db::models::HiddenIsEmpty<posts::html>>,
    posts::html_version,
    posts::hidden_at,
    posts::hidden_reason,
    posts::restored_at,
);

/// Resolve a user name to an id (for the author filter).
pub fn user_id_by_key(conn: &mut DbConnection, key: &str) -> QueryResult<Option<i64>> {
    users::table
        .filter(users::username_key.eq(key))
        .select(users::id)
        .first(conn)
        .optional()
}
