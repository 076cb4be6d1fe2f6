//! The private deadline calendars (`calendar_feeds`): one row per account that asked for its
//! feed, holding the generation its token is derived from and the SHA-256 of that token (the
//! token itself is never stored), and the one read a feed needs: the open deadlines of the
//! running games an account plays or judges.

use crate::db::DbConnection;
use crate::db::schema::{calendar_feeds, deadlines, game_seats, game_signups, games, posts};
use crate::domain::GameStatus;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// The generation of an account's feed, creating the row (generation 1, whose token hashes to
/// `first_hash`) the first time. Two first requests at once agree: the loser's insert does
/// nothing and it reads the winner's row.
pub fn generation_or_create(
    c: &mut DbConnection,
    user_id: i64,
    now: NaiveDateTime,
    first_hash: &str,
) -> QueryResult<i64> {
    if let Some(g) = generation(c, user_id)? {
        return Ok(g);
    }
    crate::on_backend!(c, |c| diesel::insert_into(calendar_feeds::table)
        .values((
            calendar_feeds::user_id.eq(user_id),
            calendar_feeds::generation.eq(1i64),
            calendar_feeds::token_hash.eq(first_hash),
            calendar_feeds::created_at.eq(now),
        ))
        .on_conflict_do_nothing()
        .execute(c))?;
    generation(c, user_id)?.ok_or(diesel::result::Error::NotFound)
}

/// The generation of an account's feed, if it ever asked for one.
pub fn generation(c: &mut DbConnection, user_id: i64) -> QueryResult<Option<i64>> {
    calendar_feeds::table
        .find(user_id)
        .select(calendar_feeds::generation)
        .first(c)
        .optional()
}

/// Moves an account's feed from generation `from` to the next, whose token hashes to
/// `next_hash`, so the address of `from` finds nothing. Returns whether it moved (not when
/// another request moved it first).
pub fn bump(c: &mut DbConnection, user_id: i64, from: i64, next_hash: &str) -> QueryResult<bool> {
    let n = diesel::update(
        calendar_feeds::table
            .find(user_id)
            .filter(calendar_feeds::generation.eq(from)),
    )
    .set((
        calendar_feeds::generation.eq(from + 1),
        calendar_feeds::token_hash.eq(next_hash),
    ))
    .execute(c)?;
    Ok(n > 0)
}

/// The account and generation whose token hashes to `token_hash`.
pub fn by_hash(c: &mut DbConnection, token_hash: &str) -> QueryResult<Option<(i64, i64)>> {
    calendar_feeds::table
        .filter(calendar_feeds::token_hash.eq(token_hash))
        .select((calendar_feeds::user_id, calendar_feeds::generation))
        .first(c)
        .optional()
}

/// One open deadline of a running game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenDeadline {
    pub game_id: i64,
    pub title: String,
    /// The deadline's step (the `deadlines.act` column).
    pub step: i32,
    pub due_at: NaiveDateTime,
    /// The account judges the game (rather than plays a seat in it).
    pub judging: bool,
}

/// The open deadlines of the running games in which `user_id` holds a seat or which it
/// judges, soonest first. A paused game has no deadline row, so it is not among them.
pub fn open_deadlines_of(c: &mut DbConnection, user_id: i64) -> QueryResult<Vec<OpenDeadline>> {
    type Row = (i64, String, i32, NaiveDateTime);
    let cols = (games::id, games::title, deadlines::act, deadlines::due_at);
    let seated: Vec<i64> = game_seats::table
        .filter(game_seats::user_id.eq(user_id))
        .select(game_seats::game_id)
        .distinct()
        .load(c)?;
    let played: Vec<Row> = games::table
        .inner_join(deadlines::table.on(deadlines::game_id.eq(games::id)))
        .filter(games::status.eq(GameStatus::Running.name()))
        .filter(games::id.eq_any(&seated))
        .select(cols)
        .load(c)?;
    let judged: Vec<Row> = games::table
        .inner_join(deadlines::table.on(deadlines::game_id.eq(games::id)))
        .filter(games::status.eq(GameStatus::Running.name()))
        .filter(games::judge_id.eq(user_id))
        .select(cols)
        .load(c)?;
    let mut out: Vec<OpenDeadline> = Vec::new();
    for ((game_id, title, step, due_at), judging) in played
        .into_iter()
        .map(|r| (r, false))
        .chain(judged.into_iter().map(|r| (r, true)))
    {
        if out.iter().any(|d| d.game_id == game_id) {
            continue;
        }
        out.push(OpenDeadline {
            game_id,
            title,
            step,
            due_at,
            judging,
        });
    }
    out.sort_by_key(|d| (d.due_at, d.game_id));
    Ok(out)
}

/// A table's scheduled start (issue 41), for an account signed up to it or judging it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduledStart {
    pub game_id: i64,
    pub title: String,
    pub at: NaiveDateTime,
    /// When the table was opened (its start time is set then, never after).
    pub created_at: NaiveDateTime,
    pub judging: bool,
}

/// The scheduled starts (a step-0 deadline row of a table still in sign-up) of the tables
/// `user_id` signed up to or judges, soonest first.
pub fn scheduled_starts_of(c: &mut DbConnection, user_id: i64) -> QueryResult<Vec<ScheduledStart>> {
    type Row = (i64, String, NaiveDateTime, NaiveDateTime, i64);
    let cols = (
        games::id,
        games::title,
        deadlines::due_at,
        games::created_at,
        games::judge_id,
    );
    let signed: Vec<i64> = game_signups::table
        .filter(game_signups::user_id.eq(user_id))
        .select(game_signups::game_id)
        .load(c)?;
    let rows: Vec<Row> = games::table
        .inner_join(deadlines::table.on(deadlines::game_id.eq(games::id)))
        .filter(games::status.eq(GameStatus::Signup.name()))
        .filter(deadlines::act.eq(0))
        .filter(games::judge_id.eq(user_id).or(games::id.eq_any(&signed)))
        .select(cols)
        .load(c)?;
    let mut out: Vec<ScheduledStart> = rows
        .into_iter()
        .map(|(game_id, title, at, created_at, judge)| ScheduledStart {
            game_id,
            title,
            at,
            created_at,
            judging: judge == user_id,
        })
        .collect();
    out.sort_by_key(|s| (s.at, s.game_id));
    Ok(out)
}

/// When the clock of a game last changed as its players may know it: its newest system post
/// in its public game thread (the opening act post at the start, each act post of a
/// resolution, including a phase a submission ended in public, and the judge's notices of a
/// moved, paused or resumed deadline). Never its newest log row: a seat's secret submission
/// (a kill, a check, a refused one) is a log row too, and a feed stamped with it would let
/// every other seat time the night's actions (issue 38).
pub fn last_public_change(
    c: &mut DbConnection,
    game_id: i64,
) -> QueryResult<Option<NaiveDateTime>> {
    posts::table
        .inner_join(games::table.on(games::game_thread_id.eq(posts::thread_id.nullable())))
        .filter(games::id.eq(game_id))
        .filter(posts::kind.eq_any(SYSTEM_POST_KINDS))
        .order(posts::floor.desc())
        .select(posts::created_at)
        .first(c)
        .optional()
}

/// The posts the game service writes in a game thread as the game's clock moves (act posts and
/// the judge's clock notices, `game::threads`).
const SYSTEM_POST_KINDS: [&str; 2] = ["act", "notice"];
