//! Boards, threads, posts, revisions and read markers.

use crate::db::DbConnection;
use crate::db::models::{Board, Post, PostRevision, Thread};
use crate::db::schema::{boards, post_revisions, posts, thread_reads, threads, users};
use crate::db::text::TextBytes;
use diesel::prelude::*;

pub const POSTS_PER_PAGE: i64 = 30;
pub const THREADS_PER_PAGE: i64 = 30;

/// The threads a board lists: forum threads and games' public ones. A game's private threads
/// (the graveyard, the Kiras') are reached through the game's pages only: their post counts,
/// times and place in the list would tell everyone when the dead or the Kiras talk.
const LISTED_KINDS: [&str; 3] = ["forum", "signup", "game"];

pub fn boards(conn: &mut DbConnection) -> QueryResult<Vec<Board>> {
    boards::table
        .order((boards::position.asc(), boards::id.asc()))
        .select(Board::as_select())
        .load(conn)
}

pub fn board_by_slug(conn: &mut DbConnection, slug: &str) -> QueryResult<Option<Board>> {
    boards::table
        .filter(boards::slug.eq(slug))
        .select(Board::as_select())
        .first(conn)
        .optional()
}

pub fn board_by_id(conn: &mut DbConnection, id: i64) -> QueryResult<Option<Board>> {
    boards::table
        .find(id)
        .select(Board::as_select())
        .first(conn)
        .optional()
}

/// Creates a board; `Ok(None)` when the slug is taken. `ON CONFLICT DO NOTHING` rather than a
/// caught unique violation: on PostgreSQL a violation aborts the whole transaction, so the
/// caller could not go on (e.g. read the board another transaction just created).
pub fn create_board(
    conn: &mut DbConnection,
    slug: &str,
    title: &str,
    description: &str,
) -> QueryResult<Option<Board>> {
    let position: Option<i32> = boards::table
        .select(diesel::dsl::max(boards::position))
        .first(conn)?;
    crate::on_backend!(conn, |c| diesel::insert_into(boards::table)
        .values((
            boards::slug.eq(slug),
            boards::title.eq(title),
            boards::description.eq(description),
            boards::position.eq(position.unwrap_or(0) + 1),
            boards::created_at.eq(super::now()),
        ))
        .on_conflict(boards::slug)
        .do_nothing()
        .returning(Board::as_returning())
        .get_result(c)
        .optional())
}

/// Where page `page` starts; a page past the last is the last (as the pager shows it), so any
/// page number is safe here.
fn page_offset(page: i64, total: i64, per_page: i64) -> i64 {
    let last = ((total.max(0) + per_page - 1) / per_page).max(1);
    (page.clamp(1, last) - 1) * per_page
}

/// Live threads of a board and their total, newest activity first; a page past the last is
/// the last.
pub fn threads_of_board(
    conn: &mut DbConnection,
    board: &Board,
    page: i64,
) -> QueryResult<(Vec<Thread>, i64)> {
    let total = board.listed_threads;
    let rows = threads::table
        .filter(threads::board_id.eq(board.id))
        .filter(threads::deleted_at.is_null())
        .filter(threads::kind.eq_any(LISTED_KINDS))
        .order((threads::last_post_at.desc(), threads::id.desc()))
        .offset(page_offset(page, total, THREADS_PER_PAGE))
        .limit(THREADS_PER_PAGE)
        .select(Thread::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// Moves a board's count of listed threads by `by` when a thread of `kind` comes or goes.
fn count_listed(conn: &mut DbConnection, board_id: i64, kind: &str, by: i64) -> QueryResult<()> {
    if LISTED_KINDS.contains(&kind) {
        diesel::update(boards::table.find(board_id))
            .set(boards::listed_threads.eq(boards::listed_threads + by))
            .execute(conn)?;
    }
    Ok(())
}

pub fn thread(conn: &mut DbConnection, id: i64) -> QueryResult<Option<Thread>> {
    threads::table
        .find(id)
        .select(Thread::as_select())
        .first(conn)
        .optional()
}

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

/// Creates a thread with its first post (and that post's first revision).
pub fn create_thread(
    conn: &mut DbConnection,
    board_id: i64,
    author_id: i64,
    title: &str,
    body: &str,
    html: Html<'_>,
) -> QueryResult<(Thread, Post)> {
    let thread = insert_thread(conn, board_id, author_id, title, "forum", None)?;
    let post = add_post(conn, &NewPost::user(thread.id, author_id, body, html))?;
    Ok((thread, post))
}

/// Opens a thread that belongs to a game (`signup`, `game`, `graveyard`, `kira`), without a post.
pub fn create_game_thread(
    conn: &mut DbConnection,
    board_id: i64,
    author_id: i64,
    title: &str,
    kind: &str,
    game_id: i64,
) -> QueryResult<Thread> {
    insert_thread(conn, board_id, author_id, title, kind, Some(game_id))
}

fn insert_thread(
    conn: &mut DbConnection,
    board_id: i64,
    author_id: i64,
    title: &str,
    kind: &str,
    game_id: Option<i64>,
) -> QueryResult<Thread> {
    let now = super::now();
    let thread = crate::on_backend!(conn, |c| diesel::insert_into(threads::table)
        .values((
            threads::board_id.eq(board_id),
            threads::author_id.eq(author_id),
            threads::title.eq(title),
            threads::locked.eq(false),
            threads::created_at.eq(now),
            threads::last_post_at.eq(now),
            threads::kind.eq(kind),
            threads::game_id.eq(game_id),
        ))
        .returning(Thread::as_returning())
        .get_result(c))?;
    // Counted once the row exists: a refused insert leaves the count as it was, in a
    // transaction or not.
    count_listed(conn, board_id, kind, 1)?;
    Ok(thread)
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
    let now = super::now();
    let floor: i64 =
        crate::on_backend!(conn, |c| diesel::update(threads::table.find(new.thread_id))
            .set((
                threads::last_post_at.eq(now),
                threads::last_floor.eq(threads::last_floor + 1),
            ))
            .returning(threads::last_floor)
            .get_result(c))?;
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
        ))
        .returning(Post::as_returning())
        .get_result(c))?;
    diesel::update(threads::table.find(new.thread_id))
        .set(threads::last_post_id.eq(Some(post.id)))
        .execute(conn)?;
    add_revision(conn, post.id, new.author_id, new.body, new.html)?;
    Ok(post)
}

fn add_revision(
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
            post_revisions::created_at.eq(super::now()),
            post_revisions::html.eq(html.text),
            post_revisions::html_version.eq(html.version),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Replaces a post's text, keeping every earlier version in `post_revisions`.
pub fn edit_post(
    conn: &mut DbConnection,
    post_id: i64,
    editor_id: i64,
    body: &str,
    html: Html<'_>,
) -> QueryResult<()> {
    add_revision(conn, post_id, editor_id, body, html)?;
    diesel::update(posts::table.find(post_id))
        .set((
            posts::body.eq(body),
            posts::edited_at.eq(Some(super::now())),
            posts::html.eq(html.text),
            posts::html_version.eq(html.version),
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

pub fn revisions(conn: &mut DbConnection, post_id: i64) -> QueryResult<Vec<PostRevision>> {
    post_revisions::table
        .filter(post_revisions::post_id.eq(post_id))
        .order(post_revisions::id.asc())
        .select(PostRevision::as_select())
        .load(conn)
}

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
    let body = diesel::dsl::case_when(
        posts::html_version.eq(rendered_by).and(posts::html.ne("")),
        "".into_sql::<diesel::sql_types::Text>(),
    )
    .otherwise(posts::body);
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
        TextBytes(posts::html),
        posts::html_version,
    )
}

type PostColumns = (
    posts::id,
    posts::thread_id,
    posts::author_id,
    diesel::dsl::Otherwise<
        diesel::dsl::case_when<
            diesel::dsl::And<
                diesel::dsl::Eq<posts::html_version, i32>,
                diesel::dsl::NotEq<posts::html, &'static str>,
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
    TextBytes<posts::html>,
    posts::html_version,
);

/// The page of a thread that shows `floor` (posts are never removed one by one, so floors run
/// 1, 2, 3, … without gaps).
pub fn page_of_floor(floor: i64) -> i64 {
    (floor - 1).max(0) / POSTS_PER_PAGE + 1
}

pub fn set_locked(conn: &mut DbConnection, thread_id: i64, locked: bool) -> QueryResult<usize> {
    diesel::update(threads::table.find(thread_id))
        .set(threads::locked.eq(locked))
        .execute(conn)
}

/// Marks a thread deleted (once: a second delete changes nothing) and takes it off its
/// board's count.
pub fn delete_thread(conn: &mut DbConnection, thread_id: i64) -> QueryResult<usize> {
    let Some((board_id, kind)) = threads::table
        .find(thread_id)
        .select((threads::board_id, threads::kind))
        .first::<(i64, String)>(conn)
        .optional()?
    else {
        return Ok(0);
    };
    let changed = diesel::update(
        threads::table
            .find(thread_id)
            .filter(threads::deleted_at.is_null()),
    )
    .set(threads::deleted_at.eq(Some(super::now())))
    .execute(conn)?;
    if changed == 1 {
        count_listed(conn, board_id, &kind, -1)?;
    }
    Ok(changed)
}

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

/// Resolve a user name to an id (for the author filter).
pub fn user_id_by_key(conn: &mut DbConnection, key: &str) -> QueryResult<Option<i64>> {
    users::table
        .filter(users::username_key.eq(key))
        .select(users::id)
        .first(conn)
        .optional()
}

/// The slug of the board games live in.
pub const GAMES_BOARD: &str = "games";
/// The stored title of the games board (the default language's). Pages show the board in the
/// reader's language instead, as long as it keeps this title (or the older "游戏 Games").
pub const GAMES_BOARD_TITLE: &str = "游戏";
/// The title older databases gave the games board.
pub const GAMES_BOARD_TITLE_OLD: &str = "游戏 Games";

/// The thread of `kind` that game `game_id` owns (a team's private thread is of its team's
/// key), if it has one.
pub fn game_thread_of_kind(
    conn: &mut DbConnection,
    game_id: i64,
    kind: &str,
) -> QueryResult<Option<i64>> {
    threads::table
        .filter(threads::game_id.eq(game_id))
        .filter(threads::kind.eq(kind))
        .select(threads::id)
        .order(threads::id.asc())
        .first(conn)
        .optional()
}

/// The board games live in, made on first use.
/// The board of game threads, created by the first game. Race-free on both backends: a
/// concurrent first creation makes the insert do nothing (on PostgreSQL it waits for the other
/// transaction), and the read then finds the winner's board.
pub fn games_board(conn: &mut DbConnection) -> QueryResult<Board> {
    if let Some(b) = board_by_slug(conn, GAMES_BOARD)? {
        return Ok(b);
    }
    match create_board(conn, GAMES_BOARD, GAMES_BOARD_TITLE, "")? {
        Some(b) => Ok(b),
        None => board_by_slug(conn, GAMES_BOARD)?.ok_or(diesel::result::Error::NotFound),
    }
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
