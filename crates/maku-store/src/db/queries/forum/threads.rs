//! Threads: a board's list of them, created (forum or game threads), found, locked and deleted,
//! with the board's count of listed threads kept in step.

use super::listed::{LISTED_KINDS, is_listed};
use super::paging::THREADS_PER_PAGE;
use super::posts::{Html, NewPost, add_post};
use crate::db::DbConnection;
use crate::db::models::{Board, Post, Thread};
use crate::db::queries::keyset::{self, Dir, KeyedList, KeyedPage, Seek};
use crate::db::schema::{boards, threads};
use diesel::prelude::*;

/// A board's thread in its list: its last post's time, then its id.
pub type ThreadKey = (chrono::NaiveDateTime, i64);

/// The live threads listed on a board, newest activity first.
struct BoardThreads(i64);

impl BoardThreads {
    /// The listed threads read `dir` from just past `from`, in reading order. The key's time
    /// bounds the index range (`threads_board`); the id only parts threads of one time.
    fn from(
        &self,
        dir: Dir,
        from: Option<&ThreadKey>,
    ) -> threads::BoxedQuery<'static, crate::db::MultiBackend> {
        let mut q = threads::table
            .filter(threads::board_id.eq(self.0))
            .filter(threads::deleted_at.is_null())
            .filter(threads::kind.eq_any(LISTED_KINDS))
            .into_boxed();
        q = match (dir, from) {
            (Dir::Forward, Some(&(at, id))) => q.filter(
                threads::last_post_at
                    .le(at)
                    .and(threads::last_post_at.lt(at).or(threads::id.lt(id))),
            ),
            (Dir::Backward, Some(&(at, id))) => q.filter(
                threads::last_post_at
                    .ge(at)
                    .and(threads::last_post_at.gt(at).or(threads::id.gt(id))),
            ),
            (_, None) => q,
        };
        match dir {
            Dir::Forward => q.order((threads::last_post_at.desc(), threads::id.desc())),
            Dir::Backward => q.order((threads::last_post_at.asc(), threads::id.asc())),
        }
    }
}

impl KeyedList for BoardThreads {
    type Row = Thread;
    type Key = ThreadKey;

    fn key(&self, t: &Thread) -> ThreadKey {
        (t.last_post_at, t.id)
    }

    fn rows(
        &self,
        conn: &mut DbConnection,
        dir: Dir,
        from: Option<&ThreadKey>,
        skip: i64,
        n: i64,
    ) -> QueryResult<Vec<Thread>> {
        self.from(dir, from)
            .offset(skip)
            .limit(n)
            .select(Thread::as_select())
            .load(conn)
    }

    fn keys(
        &self,
        conn: &mut DbConnection,
        dir: Dir,
        from: &ThreadKey,
        n: i64,
    ) -> QueryResult<Vec<ThreadKey>> {
        self.from(dir, Some(from))
            .limit(n)
            .select((threads::last_post_at, threads::id))
            .load(conn)
    }
}

/// A page of a board's live threads, newest activity first, and the board's total of them.
///
/// Read by key (issue 42, `keyset`): the page after or before a thread's key, or the first or
/// last page from its end, so no page view walks past the threads before it. A bare page
/// number between the ends skips from the nearer end. The total is the board's kept count
/// (`listed_threads`), never counted on a view.
pub fn threads_of_board(
    conn: &mut DbConnection,
    board: &Board,
    seek: &Seek<ThreadKey>,
) -> QueryResult<(KeyedPage<Thread, ThreadKey>, i64)> {
    let total = board.listed_threads;
    let page = keyset::read(conn, &BoardThreads(board.id), seek, total, THREADS_PER_PAGE)?;
    Ok((page, total))
}

/// Moves a board's count of listed threads by `by` when a thread of `kind` comes or goes.
pub(crate) fn count_listed(
    conn: &mut DbConnection,
    board_id: i64,
    kind: &str,
    by: i64,
) -> QueryResult<()> {
    if is_listed(kind) {
        crate::db::epoch::board_changed(board_id);
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
    let now = crate::db::queries::now();
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

pub fn set_locked(conn: &mut DbConnection, thread_id: i64, locked: bool) -> QueryResult<usize> {
    crate::db::epoch::thread_changed(thread_id);
    let listed_on: Option<(i64, String)> = threads::table
        .find(thread_id)
        .select((threads::board_id, threads::kind))
        .first(conn)
        .optional()?;
    if let Some((board_id, kind)) = listed_on
        && is_listed(&kind)
    {
        crate::db::epoch::board_changed(board_id);
    }
    diesel::update(threads::table.find(thread_id))
        .set(threads::locked.eq(locked))
        .execute(conn)
}

/// Marks a thread deleted (once: a second delete changes nothing) and takes it off its
/// board's count.
pub fn delete_thread(conn: &mut DbConnection, thread_id: i64) -> QueryResult<usize> {
    crate::db::epoch::thread_changed(thread_id);
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
    .set(threads::deleted_at.eq(Some(crate::db::queries::now())))
    .execute(conn)?;
    if changed == 1 {
        count_listed(conn, board_id, &kind, -1)?;
    }
    Ok(changed)
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::epoch;

    /// A database of its own, migrated, with one account (id 1) and board `board_id`.
    fn forum(board_id: i64) -> crate::db::DbPool {
        let path = std::env::temp_dir().join(format!(
            "maku-board-counts-{}-{}.db",
            std::process::id(),
            board_id
        ));
        let _ = std::fs::remove_file(&path);
        let pool = crate::db::connect(&format!("sqlite://{}", path.display()), 1).expect("a db");
        let mut c = pool.get().expect("a connection");
        diesel::sql_query(
            "INSERT INTO users (id, username, username_key, password_hash, created_at) \
             VALUES (1, 'a', 'a', 'x', '2026-01-01 00:00:00')",
        )
        .execute(&mut c)
        .expect("an account");
        diesel::sql_query(format!(
            "INSERT INTO boards (id, slug, title, description, position, created_at) \
             VALUES ({board_id}, 'b{board_id}', 't', '', 1, '2026-01-01 00:00:00')"
        ))
        .execute(&mut c)
        .expect("a board");
        pool
    }

    const HTML: Html<'static> = Html {
        text: "<p>x</p>",
        version: 1,
    };

    /// Issue 42: a board's kept list renews when a listed thread of it changes, and never for a
    /// post in a thread no board lists (a team's): that count is what the board's pages are
    /// read under, so no board page's timing tells of a private post.
    #[test]
    fn a_board_count_moves_for_its_listed_threads_only() {
        let _serial = epoch::tests::one_at_a_time();
        // An id no other test of this process uses.
        let board = 7_300_001;
        let pool = forum(board);
        let mut c = pool.get().expect("a connection");
        let (before, other) = (epoch::board(board), epoch::board(board + 1));
        let (listed, _) = create_thread(&mut c, board, 1, "公开", "一楼", HTML).expect("listed");
        let opened = epoch::board(board);
        assert_ne!(opened, before, "a new listed thread");
        let team = insert_thread(&mut c, board, 1, "队内", "kira", None).expect("a team's");
        assert_eq!(epoch::board(board), opened, "an unlisted thread: no move");
        add_post(&mut c, &NewPost::user(team.id, 1, "今晚动手", HTML)).expect("a post");
        set_locked(&mut c, team.id, true).expect("locked");
        assert_eq!(
            epoch::board(board),
            opened,
            "a private thread's post and lock move no board's count"
        );
        add_post(&mut c, &NewPost::user(listed.id, 1, "二楼", HTML)).expect("a reply");
        let replied = epoch::board(board);
        assert_ne!(replied, opened, "a listed thread's post");
        set_locked(&mut c, listed.id, true).expect("locked");
        let locked = epoch::board(board);
        assert_ne!(locked, replied, "a listed thread's lock");
        delete_thread(&mut c, listed.id).expect("deleted");
        assert_ne!(epoch::board(board), locked, "a listed thread's deletion");
        assert_eq!(
            epoch::board(board + 1),
            other,
            "another board's count stands"
        );
    }
}
