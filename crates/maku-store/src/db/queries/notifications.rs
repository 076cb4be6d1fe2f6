//! The notifier's rows: notifications, per-account switches and the read cursors.
//!
//! In the store with every other kind of row (it was `notify::store`, still its name there):
//! the mail sender's words (`app::mailer`) take a `NotificationRow`, and the shared state that
//! holds the sender is a layer below `notify` (docs/architecture.md).

use crate::db::DbConnection;
use crate::db::models::{GameEventRow, Post};
use crate::db::schema::{deadlines, game_events, posts, threads};
use crate::db::schema_notify::{notification_prefs, notifications, notify_cursors};
use chrono::NaiveDateTime;
use diesel::prelude::*;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = notifications)]
pub struct NotificationRow {
    pub id: i64,
    pub user_id: i64,
    pub kind: String,
    /// 0: none.
    pub game_id: i64,
    /// 0: none.
    pub act: i32,
    /// 0: none.
    pub post_id: i64,
    pub payload: String,
    pub created_at: NaiveDateTime,
    pub read_at: Option<NaiveDateTime>,
}

/// What makes a notification; `(user, kind, game, act, post)` is its identity.
pub struct NewNotification<'a> {
    pub user_id: i64,
    pub kind: &'a str,
    pub game_id: i64,
    pub act: i32,
    pub post_id: i64,
    pub payload: String,
}

/// Whether the account wants notifications of this kind (on unless turned off).
pub fn enabled(c: &mut DbConnection, user_id: i64, kind: &str) -> QueryResult<bool> {
    let v: Option<bool> = notification_prefs::table
        .find((user_id, kind))
        .select(notification_prefs::enabled)
        .first(c)
        .optional()?;
    Ok(v.unwrap_or(true))
}

/// Adds a notification unless the account turned the kind off or it exists already; returns
/// whether a row was added.
pub fn add(c: &mut DbConnection, n: &NewNotification, now: NaiveDateTime) -> QueryResult<bool> {
    if !enabled(c, n.user_id, n.kind)? {
        return Ok(false);
    }
    crate::db::epoch::bell_changed(n.user_id);
    let added = crate::on_backend!(c, |c| diesel::insert_into(notifications::table)
        .values((
            notifications::user_id.eq(n.user_id),
            notifications::kind.eq(n.kind),
            notifications::game_id.eq(n.game_id),
            notifications::act.eq(n.act),
            notifications::post_id.eq(n.post_id),
            notifications::payload.eq(&n.payload),
            notifications::created_at.eq(now),
        ))
        .on_conflict_do_nothing()
        .execute(c))?;
    Ok(added > 0)
}

/// How far a source was read. On PostgreSQL the row stays locked until the transaction ends,
/// so two instances do not work through the same rows at once.
pub fn cursor(c: &mut DbConnection, source: &str) -> QueryResult<i64> {
    let q = notify_cursors::table
        .find(source)
        .select(notify_cursors::last_id);
    let found: Option<i64> = match c {
        DbConnection::Pg(pg) => q.for_update().first(pg).optional()?,
        DbConnection::Sqlite(_) => q.first(c).optional()?,
    };
    if let Some(v) = found {
        return Ok(v);
    }
    // The first use: create the row (a concurrent creator makes this do nothing), then read
    // it as the other readers do, so the value returned is the stored one.
    crate::on_backend!(c, |c| diesel::insert_into(notify_cursors::table)
        .values((
            notify_cursors::source.eq(source),
            notify_cursors::last_id.eq(0i64),
        ))
        .on_conflict_do_nothing()
        .execute(c))?;
    match c {
        DbConnection::Pg(pg) => q.for_update().first(pg),
        DbConnection::Sqlite(_) => q.first(c),
    }
}

pub fn set_cursor(c: &mut DbConnection, source: &str, last_id: i64) -> QueryResult<()> {
    diesel::update(notify_cursors::table.find(source))
        .set(notify_cursors::last_id.eq(last_id))
        .execute(c)
        .map(|_| ())
}

/// Game events after `after` (by row id, across games), oldest first.
pub fn events_after(
    c: &mut DbConnection,
    after: i64,
    limit: i64,
) -> QueryResult<Vec<GameEventRow>> {
    game_events::table
        .filter(game_events::id.gt(after))
        .order(game_events::id.asc())
        .limit(limit)
        .select(GameEventRow::as_select())
        .load(c)
}

/// Posts after `after`, oldest first, with the game of their thread (if any).
pub fn posts_after(
    c: &mut DbConnection,
    after: i64,
    limit: i64,
) -> QueryResult<Vec<(Post, Option<i64>)>> {
    posts::table
        .inner_join(threads::table)
        .filter(posts::id.gt(after))
        .order(posts::id.asc())
        .limit(limit)
        .select((Post::as_select(), threads::game_id))
        .load(c)
}

/// A post with the game of its thread.
pub fn post_with_game(c: &mut DbConnection, id: i64) -> QueryResult<Option<(Post, Option<i64>)>> {
    posts::table
        .inner_join(threads::table)
        .filter(posts::id.eq(id))
        .select((Post::as_select(), threads::game_id))
        .first(c)
        .optional()
}

/// Every open deadline: (game, act, due).
pub fn open_deadlines(c: &mut DbConnection) -> QueryResult<Vec<(i64, i32, NaiveDateTime)>> {
    deadlines::table
        .order(deadlines::due_at.asc())
        .select((deadlines::game_id, deadlines::act, deadlines::due_at))
        .load(c)
}

/// When the open act of a game opened: the time of its newest start or resolution event.
pub fn act_opened_at(c: &mut DbConnection, game_id: i64) -> QueryResult<Option<NaiveDateTime>> {
    game_events::table
        .filter(game_events::game_id.eq(game_id))
        .filter(game_events::kind.eq_any(["started", "resolved"]))
        .order(game_events::seq.desc())
        .select(game_events::created_at)
        .first(c)
        .optional()
}

/// The range of `game_id` a reader may see: everything, or (a game-ID login) its own game only.
fn games_seen(scope_game: Option<i64>) -> (i64, i64) {
    match scope_game {
        Some(g) => (g, g),
        None => (i64::MIN, i64::MAX),
    }
}

pub fn unread_count(
    c: &mut DbConnection,
    user_id: i64,
    scope_game: Option<i64>,
) -> QueryResult<i64> {
    let (lo, hi) = games_seen(scope_game);
    notifications::table
        .filter(notifications::user_id.eq(user_id))
        .filter(notifications::game_id.between(lo, hi))
        .filter(notifications::read_at.is_null())
        .count()
        .get_result(c)
}

/// The newest `limit` notifications of an account.
pub fn list(
    c: &mut DbConnection,
    user_id: i64,
    scope_game: Option<i64>,
    limit: i64,
) -> QueryResult<Vec<NotificationRow>> {
    let (lo, hi) = games_seen(scope_game);
    notifications::table
        .filter(notifications::user_id.eq(user_id))
        .filter(notifications::game_id.between(lo, hi))
        .order(notifications::id.desc())
        .limit(limit)
        .select(NotificationRow::as_select())
        .load(c)
}

/// Marks an account's unread notifications read (`scope_game` as in [`list`]): all of them, or
/// (`upto`) those made at or before that time, the ones a list shown then held.
pub fn mark_read(
    c: &mut DbConnection,
    user_id: i64,
    scope_game: Option<i64>,
    upto: Option<NaiveDateTime>,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let (lo, hi) = games_seen(scope_game);
    crate::db::epoch::bell_changed(user_id);
    // "All" is every one up to the end of the calendar (not "up to now": another instance's
    // clock may run a little ahead of this one's).
    let upto = upto.unwrap_or(LAST_DAY);
    diesel::update(
        notifications::table
            .filter(notifications::user_id.eq(user_id))
            .filter(notifications::game_id.between(lo, hi))
            .filter(notifications::created_at.le(upto))
            .filter(notifications::read_at.is_null()),
    )
    .set(notifications::read_at.eq(Some(now)))
    .execute(c)
}

/// A time after every notification's ([`mark_read`] of all of them).
const LAST_DAY: NaiveDateTime = match chrono::NaiveDate::from_ymd_opt(9999, 12, 31) {
    Some(d) => d.and_time(chrono::NaiveTime::MIN),
    None => panic!("a valid date"),
};

/// The kinds an account turned off.
pub fn disabled_kinds(c: &mut DbConnection, user_id: i64) -> QueryResult<Vec<String>> {
    notification_prefs::table
        .filter(notification_prefs::user_id.eq(user_id))
        .filter(notification_prefs::enabled.eq(false))
        .select(notification_prefs::kind)
        .load(c)
}

pub fn set_enabled(
    c: &mut DbConnection,
    user_id: i64,
    kind: &str,
    enabled: bool,
) -> QueryResult<()> {
    // One upsert: a delete-then-insert lets two concurrent saves both insert, and the second
    // fails (on PostgreSQL, aborting its transaction).
    crate::on_backend!(c, |c| diesel::insert_into(notification_prefs::table)
        .values((
            notification_prefs::user_id.eq(user_id),
            notification_prefs::kind.eq(kind),
            notification_prefs::enabled.eq(enabled),
        ))
        .on_conflict((notification_prefs::user_id, notification_prefs::kind))
        .do_update()
        .set(notification_prefs::enabled.eq(enabled))
        .execute(c))
    .map(|_| ())
}

/// Whether `user_id` already has a notification of `kind` about post `post_id`.
pub fn has_for_post(
    c: &mut DbConnection,
    user_id: i64,
    kind: &str,
    post_id: i64,
) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(
        notifications::table
            .filter(notifications::user_id.eq(user_id))
            .filter(notifications::kind.eq(kind))
            .filter(notifications::post_id.eq(post_id)),
    ))
    .get_result(c)
}

/// Notifications after `after` (by id, across accounts), oldest first: what mail reads.
pub fn after(c: &mut DbConnection, after: i64, limit: i64) -> QueryResult<Vec<NotificationRow>> {
    notifications::table
        .filter(notifications::id.gt(after))
        .order(notifications::id.asc())
        .limit(limit)
        .select(NotificationRow::as_select())
        .load(c)
}

/// An account's notifications after `after`, oldest first (the daily digest's).
pub fn of_user_after(
    c: &mut DbConnection,
    user_id: i64,
    after: i64,
    limit: i64,
) -> QueryResult<Vec<NotificationRow>> {
    notifications::table
        .filter(notifications::user_id.eq(user_id))
        .filter(notifications::id.gt(after))
        .order(notifications::id.asc())
        .limit(limit)
        .select(NotificationRow::as_select())
        .load(c)
}

/// The newest notification's id (0: none yet).
pub fn newest_id(c: &mut DbConnection) -> QueryResult<i64> {
    notifications::table
        .select(diesel::dsl::max(notifications::id))
        .first::<Option<i64>>(c)
        .map(|v| v.unwrap_or(0))
}
