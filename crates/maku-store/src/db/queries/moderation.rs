//! Moderation's rows: reports of posts (the admins' queue), hidden (and restored) posts,
//! suspensions. The service (`moderation`) decides who may do what; these only read and
//! write.

use crate::db::DbConnection;
use crate::db::schema::{post_reports, posts, suspensions, threads, users};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// An open report as the admins' queue lists it, with what it needs to name the post.
#[derive(Debug, Clone, Queryable)]
pub struct OpenReport {
    pub id: i64,
    pub reason: String,
    pub created_at: NaiveDateTime,
    pub reporter_id: i64,
    pub reporter: String,
    /// The seat the report was made as, if it was (its number in the post's game).
    pub reporter_seat: Option<i32>,
    pub post_id: i64,
    pub floor: i64,
    pub post_kind: String,
    pub as_seat: Option<i32>,
    pub author_id: i64,
    /// The stored text, even of a hidden post (the queue is the admins').
    pub body: String,
    pub hidden: bool,
    pub thread_id: i64,
    pub thread_kind: String,
    pub game_id: Option<i64>,
}

/// A report's post and whether it is still open.
#[derive(Debug, Clone, Copy)]
pub struct ReportRef {
    pub post_id: i64,
    pub open: bool,
}

/// Whether `reporter_id` has an open report of `post_id`.
pub fn has_open_report(
    conn: &mut DbConnection,
    post_id: i64,
    reporter_id: i64,
) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        post_reports::table
            .filter(post_reports::post_id.eq(post_id))
            .filter(post_reports::reporter_id.eq(reporter_id))
            .filter(post_reports::resolved_at.is_null()),
    ))
    .get_result(conn)
}

/// Files a report; returns its id. The unique index on open `(post, reporter)` is the backstop
/// of [`has_open_report`].
pub fn add_report(
    conn: &mut DbConnection,
    post_id: i64,
    reporter_id: i64,
    reporter_seat: Option<i32>,
    reason: &str,
) -> QueryResult<i64> {
    diesel::insert_into(post_reports::table)
        .values((
            post_reports::post_id.eq(post_id),
            post_reports::reporter_id.eq(reporter_id),
            post_reports::reporter_seat.eq(reporter_seat),
            post_reports::reason.eq(reason),
            post_reports::created_at.eq(super::now()),
        ))
        .execute(conn)?;
    post_reports::table
        .filter(post_reports::post_id.eq(post_id))
        .filter(post_reports::reporter_id.eq(reporter_id))
        .order(post_reports::id.desc())
        .select(post_reports::id)
        .first(conn)
}

/// The open reports, oldest first (at most `limit`).
pub fn open_reports(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<OpenReport>> {
    post_reports::table
        .inner_join(posts::table.inner_join(threads::table))
        .inner_join(users::table.on(users::id.eq(post_reports::reporter_id)))
        .filter(post_reports::resolved_at.is_null())
        .order(post_reports::id.asc())
        .limit(limit)
        .select((
            post_reports::id,
            post_reports::reason,
            post_reports::created_at,
            post_reports::reporter_id,
            users::username,
            post_reports::reporter_seat,
            posts::id,
            posts::floor,
            posts::kind,
            posts::as_seat,
            posts::author_id,
            posts::body,
            posts::hidden_at.is_not_null(),
            threads::id,
            threads::kind,
            threads::game_id,
        ))
        .load(conn)
}

pub fn report(conn: &mut DbConnection, id: i64) -> QueryResult<Option<ReportRef>> {
    let row: Option<(i64, Option<NaiveDateTime>)> = post_reports::table
        .find(id)
        .select((post_reports::post_id, post_reports::resolved_at))
        .first(conn)
        .optional()?;
    Ok(row.map(|(post_id, resolved)| ReportRef {
        post_id,
        open: resolved.is_none(),
    }))
}

/// Resolves one open report; false if it was no longer open.
pub fn resolve_report(
    conn: &mut DbConnection,
    id: i64,
    by: i64,
    resolution: &str,
) -> QueryResult<bool> {
    let n = diesel::update(
        post_reports::table
            .find(id)
            .filter(post_reports::resolved_at.is_null()),
    )
    .set((
        post_reports::resolved_at.eq(Some(super::now())),
        post_reports::resolved_by.eq(Some(by)),
        post_reports::resolution.eq(Some(resolution)),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Resolves every open report of a post (it was hidden); how many.
pub fn resolve_reports_of_post(
    conn: &mut DbConnection,
    post_id: i64,
    by: i64,
    resolution: &str,
) -> QueryResult<usize> {
    diesel::update(
        post_reports::table
            .filter(post_reports::post_id.eq(post_id))
            .filter(post_reports::resolved_at.is_null()),
    )
    .set((
        post_reports::resolved_at.eq(Some(super::now())),
        post_reports::resolved_by.eq(Some(by)),
        post_reports::resolution.eq(Some(resolution)),
    ))
    .execute(conn)
}

/// A post's stored text, whether hidden or not (for the audit record of its hiding).
pub fn stored_body(conn: &mut DbConnection, post_id: i64) -> QueryResult<String> {
    posts::table.find(post_id).select(posts::body).first(conn)
}

/// Hides a post: its row keeps the text. False if it was hidden already.
pub fn hide_post(
    conn: &mut DbConnection,
    post_id: i64,
    by: i64,
    reason: &str,
) -> QueryResult<bool> {
    super::forum::post_changed(conn, post_id)?;
    let n = diesel::update(
        posts::table
            .find(post_id)
            .filter(posts::hidden_at.is_null()),
    )
    .set((
        posts::hidden_at.eq(Some(super::now())),
        posts::hidden_by.eq(Some(by)),
        posts::hidden_reason.eq(Some(reason)),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Restores a hidden post: clears what [`hide_post`] set. False if it was not hidden.
pub fn unhide_post(conn: &mut DbConnection, post_id: i64) -> QueryResult<bool> {
    super::forum::post_changed(conn, post_id)?;
    let n = diesel::update(
        posts::table
            .find(post_id)
            .filter(posts::hidden_at.is_not_null()),
    )
    .set((
        posts::hidden_at.eq(None::<NaiveDateTime>),
        posts::hidden_by.eq(None::<i64>),
        posts::hidden_reason.eq(None::<String>),
        posts::restored_at.eq(Some(super::now())),
    ))
    .execute(conn)?;
    Ok(n == 1)
}

/// Suspends `user_id` until `until`.
pub fn add_suspension(
    conn: &mut DbConnection,
    user_id: i64,
    until: NaiveDateTime,
    reason: &str,
    by: i64,
) -> QueryResult<()> {
    diesel::insert_into(suspensions::table)
        .values((
            suspensions::user_id.eq(user_id),
            suspensions::until.eq(until),
            suspensions::reason.eq(reason),
            suspensions::by_id.eq(by),
            suspensions::created_at.eq(super::now()),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The suspension of `user_id` in force at `now` that lasts longest: (until, reason).
pub fn active_suspension(
    conn: &mut DbConnection,
    user_id: i64,
    now: NaiveDateTime,
) -> QueryResult<Option<(NaiveDateTime, String)>> {
    suspensions::table
        .filter(suspensions::user_id.eq(user_id))
        .filter(suspensions::until.gt(now))
        .filter(suspensions::lifted_at.is_null())
        .order(suspensions::until.desc())
        .select((suspensions::until, suspensions::reason))
        .first(conn)
        .optional()
}

/// Lifts every suspension of `user_id` in force at `now`; how many.
pub fn lift_suspensions(
    conn: &mut DbConnection,
    user_id: i64,
    by: i64,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        suspensions::table
            .filter(suspensions::user_id.eq(user_id))
            .filter(suspensions::until.gt(now))
            .filter(suspensions::lifted_at.is_null()),
    )
    .set((
        suspensions::lifted_at.eq(Some(now)),
        suspensions::lifted_by.eq(Some(by)),
    ))
    .execute(conn)
}
