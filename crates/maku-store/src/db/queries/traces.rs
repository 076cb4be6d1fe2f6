//! What accounts signed in from (`sign_in_traces`): a network or a browser, each only as a keyed
//! hash (`auth::traces` makes them). Read by the judge's console and the admins' account page.

use crate::db::DbConnection;
use crate::db::schema_traces::sign_in_traces as t;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// Notes that `user_id` signed in at `now` from the trace `(kind, hash)`: a new row, or the
/// row's `last_seen` moved to `now`. One upsert, so two sign-ins at once cannot both insert.
pub fn touch(
    conn: &mut DbConnection,
    user_id: i64,
    kind: &str,
    hash: &str,
    now: NaiveDateTime,
) -> QueryResult<()> {
    crate::on_backend!(conn, |c| diesel::insert_into(t::table)
        .values((
            t::user_id.eq(user_id),
            t::kind.eq(kind),
            t::hash.eq(hash),
            t::first_seen.eq(now),
            t::last_seen.eq(now),
        ))
        .on_conflict((t::user_id, t::kind, t::hash))
        .do_update()
        .set(t::last_seen.eq(now))
        .execute(c))
    .map(|_| ())
}

/// Deletes the traces last seen before `before`; how many.
pub fn prune(conn: &mut DbConnection, before: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(t::table.filter(t::last_seen.lt(before))).execute(conn)
}

/// The traces `(account, kind, hash)` of these accounts seen since `since`.
pub fn of_accounts(
    conn: &mut DbConnection,
    accounts: &[i64],
    since: NaiveDateTime,
) -> QueryResult<Vec<(i64, String, String)>> {
    if accounts.is_empty() {
        return Ok(Vec::new());
    }
    t::table
        .filter(t::user_id.eq_any(accounts))
        .filter(t::last_seen.ge(since))
        .order((t::user_id.asc(), t::kind.asc(), t::hash.asc()))
        .select((t::user_id, t::kind, t::hash))
        .load(conn)
}

/// The other accounts sharing a trace with `user_id`, both seen since `since`:
/// `(other account, kind)`, one row per shared trace.
pub fn sharing(
    conn: &mut DbConnection,
    user_id: i64,
    since: NaiveDateTime,
) -> QueryResult<Vec<(i64, String)>> {
    let own: Vec<(String, String)> = t::table
        .filter(t::user_id.eq(user_id))
        .filter(t::last_seen.ge(since))
        .select((t::kind, t::hash))
        .load(conn)?;
    if own.is_empty() {
        return Ok(Vec::new());
    }
    let hashes: Vec<&str> = own.iter().map(|(_, h)| h.as_str()).collect();
    let others: Vec<(i64, String, String)> = t::table
        .filter(t::hash.eq_any(&hashes))
        .filter(t::user_id.ne(user_id))
        .filter(t::last_seen.ge(since))
        .order((t::user_id.asc(), t::kind.asc()))
        .select((t::user_id, t::kind, t::hash))
        .load(conn)?;
    Ok(others
        .into_iter()
        .filter(|(_, kind, hash)| own.iter().any(|(k, h)| k == kind && h == hash))
        .map(|(id, kind, _)| (id, kind))
        .collect())
}

/// The accounts that play with `user_id` in a game not yet over (signed up to it or seated in
/// it, as `user_id` is), `user_id` among them when it plays any: whose links an admin who plays
/// is not shown.
pub fn fellow_players(conn: &mut DbConnection, user_id: i64) -> QueryResult<Vec<i64>> {
    use crate::db::schema::{game_seats, game_signups, games};
    use crate::domain::GameStatus;
    let open = [GameStatus::Signup.name(), GameStatus::Running.name()];
    let mut playing: Vec<i64> = game_signups::table
        .inner_join(games::table.on(games::id.eq(game_signups::game_id)))
        .filter(game_signups::user_id.eq(user_id))
        .filter(games::status.eq_any(open))
        .select(games::id)
        .load(conn)?;
    playing.extend(
        game_seats::table
            .inner_join(games::table)
            .filter(game_seats::user_id.eq(user_id))
            .filter(games::status.eq_any(open))
            .select(games::id)
            .load::<i64>(conn)?,
    );
    if playing.is_empty() {
        return Ok(Vec::new());
    }
    let mut ids: Vec<i64> = game_signups::table
        .filter(game_signups::game_id.eq_any(&playing))
        .select(game_signups::user_id)
        .load(conn)?;
    ids.extend(
        game_seats::table
            .filter(game_seats::game_id.eq_any(&playing))
            .select(game_seats::user_id)
            .load::<i64>(conn)?,
    );
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}
