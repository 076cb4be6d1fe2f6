//! Games: the event log, sign-ups, the secret seat index, deadlines.

use crate::db::DbConnection;
use crate::db::models::{GameEventRow, GameRow};
use crate::db::schema::{
    deadlines, game_aliases, game_events, game_seats, game_signups, games, users,
};
use crate::db::schema_game_counts::game_counts;
use crate::domain::GameStatus;
use chrono::NaiveDateTime;
use diesel::prelude::*;

pub struct NewGame<'a> {
    pub title: &'a str,
    pub variant: &'a str,
    pub judge_id: i64,
    pub settings: &'a str,
    /// The leaderboard its finish counts on (`rules::Variant::board`).
    pub board: &'a str,
}

pub fn create(conn: &mut DbConnection, g: &NewGame) -> QueryResult<GameRow> {
    count_games(conn, g.variant, GameStatus::Signup.name(), 1)?;
    crate::on_backend!(conn, |c| diesel::insert_into(games::table)
        .values((
            games::title.eq(g.title),
            games::variant.eq(g.variant),
            games::judge_id.eq(g.judge_id),
            games::settings.eq(g.settings),
            games::status.eq(GameStatus::Signup.name()),
            games::fixed_deal.eq(false),
            games::created_at.eq(super::now()),
            games::board.eq(g.board),
        ))
        .returning(GameRow::as_returning())
        .get_result(c))
}

pub fn get(conn: &mut DbConnection, id: i64) -> QueryResult<Option<GameRow>> {
    games::table
        .find(id)
        .select(GameRow::as_select())
        .first(conn)
        .optional()
}

/// The game row, locked against other writers until the transaction ends (PostgreSQL; SQLite
/// write transactions are already exclusive).
pub fn get_for_update(conn: &mut DbConnection, id: i64) -> QueryResult<Option<GameRow>> {
    match conn {
        DbConnection::Pg(c) => games::table
            .find(id)
            .select(GameRow::as_select())
            .for_update()
            .first(c)
            .optional(),
        DbConnection::Sqlite(_) => get(conn, id),
    }
}

/// The games of one variant and of one status, each when given.
pub(crate) fn filtered(
    variant: Option<&str>,
    status: Option<GameStatus>,
) -> games::BoxedQuery<'static, crate::db::MultiBackend> {
    let mut q = games::table.into_boxed();
    if let Some(v) = variant {
        q = q.filter(games::variant.eq(v.to_string()));
    }
    if let Some(s) = status {
        q = q.filter(games::status.eq(s.name()));
    }
    q
}

/// How many games are of `variant` and `status` (each when given): the kept counts' sum
/// (issue 42), a few rows, where counting the games read every one.
pub fn count_filtered(
    conn: &mut DbConnection,
    variant: Option<&str>,
    status: Option<GameStatus>,
) -> QueryResult<i64> {
    let mut q = game_counts::table.select(game_counts::n).into_boxed();
    if let Some(v) = variant {
        q = q.filter(game_counts::variant.eq(v.to_string()));
    }
    if let Some(s) = status {
        q = q.filter(game_counts::status.eq(s.name()));
    }
    Ok(q.load::<i64>(conn)?.into_iter().sum())
}

/// How many games are of `variant` and `status`, counted (what the kept counts must say).
pub fn counted(
    conn: &mut DbConnection,
    variant: Option<&str>,
    status: Option<GameStatus>,
) -> QueryResult<i64> {
    filtered(variant, status).count().get_result(conn)
}

/// Moves the kept count of `variant`'s games of `status` by `by`, in the transaction that
/// makes the game or changes its status.
fn count_games(conn: &mut DbConnection, variant: &str, status: &str, by: i64) -> QueryResult<()> {
    crate::on_backend!(conn, |c| diesel::insert_into(game_counts::table)
        .values((
            game_counts::variant.eq(variant),
            game_counts::status.eq(status),
            game_counts::n.eq(by),
        ))
        .on_conflict((game_counts::variant, game_counts::status))
        .do_update()
        .set(game_counts::n.eq(game_counts::n + by))
        .execute(c))?;
    Ok(())
}

/// The games made from any version of setup `id` (their variant is
/// `PinnedSetup::variant_name`'s): each id and status, oldest first.
pub fn of_setup(conn: &mut DbConnection, id: i64) -> QueryResult<Vec<(i64, GameStatus)>> {
    let rows: Vec<(i64, String)> = games::table
        .filter(games::variant.like(format!("setup-{id}-v%")))
        .select((games::id, games::status))
        .order(games::id.asc())
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, status)| Some((id, GameStatus::parse(&status)?)))
        .collect())
}

/// The games of `variant` and `status` (each when given), newest first.
pub fn list_filtered(
    conn: &mut DbConnection,
    variant: Option<&str>,
    status: Option<GameStatus>,
) -> QueryResult<Vec<GameRow>> {
    filtered(variant, status)
        .order(games::id.desc())
        .select(GameRow::as_select())
        .load(conn)
}

/// The own boards of judges' setup versions that games were made to count on (`games.board`
/// naming a setup's variant, `setup-…`), once each.
pub fn boards(conn: &mut DbConnection) -> QueryResult<Vec<String>> {
    games::table
        .filter(games::board.like("setup-%"))
        .select(games::board)
        .distinct()
        .order(games::board.asc())
        .load(conn)
}

/// The own boards of setup `id`'s versions that games were made to count on, once each.
pub fn boards_of_setup(conn: &mut DbConnection, id: i64) -> QueryResult<Vec<String>> {
    games::table
        .filter(games::board.like(format!("setup-{id}-v%")))
        .select(games::board)
        .distinct()
        .order(games::board.asc())
        .load(conn)
}

/// The settings of the first game made from each version of a judge's own setup (their variant
/// is `setup-<id>-v<version>-<digest>`; every game of a version pins the same document).
pub fn setup_settings(conn: &mut DbConnection) -> QueryResult<Vec<String>> {
    let firsts: Vec<Option<i64>> = games::table
        .filter(games::variant.like("setup-%"))
        .group_by(games::variant)
        .select(diesel::dsl::min(games::id))
        .load(conn)?;
    games::table
        .filter(games::id.eq_any(firsts.into_iter().flatten()))
        .select(games::settings)
        .order(games::id.asc())
        .load(conn)
}

/// Sets a game's status. A game that ends opens its private threads' posts to search in the
/// same transaction (`search::open_game`), as the reveal opens them to every reader.
pub fn set_status(conn: &mut DbConnection, id: i64, status: GameStatus) -> QueryResult<usize> {
    crate::db::epoch::game_changed(id);
    let was: Option<(String, String)> = games::table
        .find(id)
        .select((games::variant, games::status))
        .first(conn)
        .optional()?;
    if let Some((variant, old)) = was.filter(|(_, old)| old != status.name()) {
        count_games(conn, &variant, &old, -1)?;
        count_games(conn, &variant, status.name(), 1)?;
    }
    let n = diesel::update(games::table.find(id))
        .set(games::status.eq(status.name()))
        .execute(conn)?;
    if status == GameStatus::Finished {
        super::search::open_game(conn, id)?;
    }
    Ok(n)
}

pub fn set_threads(
    conn: &mut DbConnection,
    id: i64,
    signup: Option<i64>,
    game: Option<i64>,
    graveyard: Option<i64>,
) -> QueryResult<usize> {
    crate::db::epoch::game_changed(id);
    diesel::update(games::table.find(id))
        .set((
            games::signup_thread_id.eq(signup),
            games::game_thread_id.eq(game),
            games::graveyard_thread_id.eq(graveyard),
        ))
        .execute(conn)
}

pub fn set_team_thread(conn: &mut DbConnection, id: i64, thread: i64) -> QueryResult<usize> {
    crate::db::epoch::game_changed(id);
    diesel::update(games::table.find(id))
        .set(games::kira_thread_id.eq(Some(thread)))
        .execute(conn)
}

pub fn set_fixed_deal(conn: &mut DbConnection, id: i64) -> QueryResult<usize> {
    crate::db::epoch::game_changed(id);
    diesel::update(games::table.find(id))
        .set(games::fixed_deal.eq(true))
        .execute(conn)
}

/// The whole log of a game, in order.
pub fn events(conn: &mut DbConnection, game_id: i64) -> QueryResult<Vec<GameEventRow>> {
    game_events::table
        .filter(game_events::game_id.eq(game_id))
        .order(game_events::seq.asc())
        .select(GameEventRow::as_select())
        .load(conn)
}

/// The events of a game after position `seq`, in order.
pub fn events_after(
    conn: &mut DbConnection,
    game_id: i64,
    seq: i64,
) -> QueryResult<Vec<GameEventRow>> {
    game_events::table
        .filter(game_events::game_id.eq(game_id))
        .filter(game_events::seq.gt(seq))
        .order(game_events::seq.asc())
        .select(GameEventRow::as_select())
        .load(conn)
}

/// The kind of event only its actor may see before a resolution: a seat's submission
/// (`GameEvent::Submitted`; the `*_game_view_notify` trigger names it too).
pub const PRIVATE_KIND: &str = "submitted";

/// Account `account_id`'s view of a game changed by another seat's submission (a teammate's
/// kill settles what the team owes): its views are read again here at once, and on PostgreSQL
/// on every instance, by the same `p` notice the `*_game_view_notify` trigger sends for a
/// submission's own actor (sent when the transaction commits). Nobody else's view is renewed.
pub fn private_changed_for(conn: &mut DbConnection, account_id: i64) -> QueryResult<()> {
    crate::db::epoch::private_changed(account_id);
    if let DbConnection::Pg(pg) = conn {
        diesel::sql_query("SELECT pg_notify('maku_live', $1)")
            .bind::<diesel::sql_types::Text, _>(format!("p{account_id}"))
            .execute(pg)?;
    }
    Ok(())
}

/// Appends event `seq` to a game's log, chained to event `seq - 1`; returns its hash. A
/// concurrent writer that appended first makes this fail on `UNIQUE(game_id, seq)`.
pub fn append(
    conn: &mut DbConnection,
    game_id: i64,
    seq: i64,
    kind: &str,
    actor_id: Option<i64>,
    payload: &str,
) -> QueryResult<String> {
    // A seat's submission changes what only that seat sees until the act resolves: it moves
    // its account's place, not the game's count, so no other reader's view is renewed by it
    // (`db::epoch::private_changed`).
    match actor_id {
        Some(actor) if kind == PRIVATE_KIND => crate::db::epoch::private_changed(actor),
        _ => crate::db::epoch::game_changed(game_id),
    }
    let prev: String = if seq > 1 {
        game_events::table
            .filter(game_events::game_id.eq(game_id))
            .filter(game_events::seq.eq(seq - 1))
            .select(game_events::hash)
            .first(conn)
            .optional()?
            .unwrap_or_default()
    } else {
        String::new()
    };
    let created_at = super::now();
    let hash =
        crate::db::chain::game_event_hash(&prev, game_id, seq, kind, actor_id, payload, created_at);
    diesel::insert_into(game_events::table)
        .values((
            game_events::game_id.eq(game_id),
            game_events::seq.eq(seq),
            game_events::kind.eq(kind),
            game_events::actor_id.eq(actor_id),
            game_events::payload.eq(payload),
            game_events::created_at.eq(created_at),
            game_events::hash.eq(&hash),
        ))
        .execute(conn)?;
    Ok(hash)
}

/// Ids of every game, oldest first (for `maku audit verify`).
pub fn all_ids(conn: &mut DbConnection) -> QueryResult<Vec<i64>> {
    games::table
        .order(games::id.asc())
        .select(games::id)
        .load(conn)
}

pub fn signup(conn: &mut DbConnection, game_id: i64, user_id: i64) -> QueryResult<bool> {
    crate::db::epoch::game_changed(game_id);
    let r = crate::on_backend!(conn, |c| diesel::insert_into(game_signups::table)
        .values((
            game_signups::game_id.eq(game_id),
            game_signups::user_id.eq(user_id),
            game_signups::created_at.eq(super::now()),
        ))
        .on_conflict_do_nothing()
        .execute(c))?;
    Ok(r > 0)
}

pub fn withdraw(conn: &mut DbConnection, game_id: i64, user_id: i64) -> QueryResult<bool> {
    crate::db::epoch::game_changed(game_id);
    let n = diesel::delete(
        game_signups::table
            .filter(game_signups::game_id.eq(game_id))
            .filter(game_signups::user_id.eq(user_id)),
    )
    .execute(conn)?;
    Ok(n > 0)
}

/// Signed-up accounts (id, name), by name: the public list Kiras guess from.
/// How many accounts signed up for each of `game_ids` (a list page counts them in one query).
pub fn signup_counts(
    conn: &mut DbConnection,
    game_ids: &[i64],
) -> QueryResult<std::collections::HashMap<i64, usize>> {
    let rows: Vec<i64> = game_signups::table
        .filter(game_signups::game_id.eq_any(game_ids))
        .select(game_signups::game_id)
        .load(conn)?;
    let mut counts = std::collections::HashMap::new();
    for id in rows {
        *counts.entry(id).or_default() += 1;
    }
    Ok(counts)
}

/// The signed-up accounts of a game in sign-up order (first come first): the first
/// `max_seats` are seated at the start, the rest wait in line (issue 41).
pub fn signup_order(conn: &mut DbConnection, game_id: i64) -> QueryResult<Vec<i64>> {
    game_signups::table
        .filter(game_signups::game_id.eq(game_id))
        .order((game_signups::created_at.asc(), game_signups::user_id.asc()))
        .select(game_signups::user_id)
        .load(conn)
}

pub fn signups(conn: &mut DbConnection, game_id: i64) -> QueryResult<Vec<(i64, String)>> {
    game_signups::table
        .inner_join(users::table)
        .filter(game_signups::game_id.eq(game_id))
        .order(users::username_key.asc())
        .select((users::id, users::username))
        .load(conn)
}

pub fn add_seat(
    conn: &mut DbConnection,
    game_id: i64,
    seat: i32,
    name: &str,
    user_id: i64,
) -> QueryResult<()> {
    crate::db::epoch::game_changed(game_id);
    diesel::insert_into(game_seats::table)
        .values((
            game_seats::game_id.eq(game_id),
            game_seats::seat.eq(seat),
            game_seats::game_name.eq(name),
            game_seats::user_id.eq(user_id),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The seat (number, game ID) an account plays in a game.
pub fn seat_of(
    conn: &mut DbConnection,
    game_id: i64,
    user_id: i64,
) -> QueryResult<Option<(i32, String)>> {
    game_seats::table
        .filter(game_seats::game_id.eq(game_id))
        .filter(game_seats::user_id.eq(user_id))
        .select((game_seats::seat, game_seats::game_name))
        .first(conn)
        .optional()
}

/// Games an account played, with their status (for its profile: only finished ones are shown).
pub fn games_of(conn: &mut DbConnection, user_id: i64) -> QueryResult<Vec<GameRow>> {
    Ok(seats_of(conn, user_id)?
        .into_iter()
        .map(|(g, _)| g)
        .collect())
}

/// Games an account holds a seat in, newest first, each with that seat's game ID.
pub fn seats_of(conn: &mut DbConnection, user_id: i64) -> QueryResult<Vec<(GameRow, String)>> {
    game_seats::table
        .inner_join(games::table)
        .filter(game_seats::user_id.eq(user_id))
        .order(games::id.desc())
        .select((GameRow::as_select(), game_seats::game_name))
        .load(conn)
}

pub fn set_deadline(
    conn: &mut DbConnection,
    game_id: i64,
    act: i32,
    due_at: NaiveDateTime,
) -> QueryResult<()> {
    crate::db::epoch::game_changed(game_id);
    diesel::delete(deadlines::table.find(game_id)).execute(conn)?;
    diesel::insert_into(deadlines::table)
        .values((
            deadlines::game_id.eq(game_id),
            deadlines::act.eq(act),
            deadlines::due_at.eq(due_at),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn deadline(
    conn: &mut DbConnection,
    game_id: i64,
) -> QueryResult<Option<(i32, NaiveDateTime)>> {
    deadlines::table
        .find(game_id)
        .select((deadlines::act, deadlines::due_at))
        .first(conn)
        .optional()
}

/// Claims act `act` of a game for resolution: exactly one caller gets `true`. The row moves on
/// to the next act (or goes, when the game ends) in the caller's transaction; a concurrent
/// claimer blocks on the row, then finds the act gone.
pub fn claim_deadline(
    conn: &mut DbConnection,
    game_id: i64,
    act: i32,
    next: Option<NaiveDateTime>,
) -> QueryResult<bool> {
    crate::db::epoch::game_changed(game_id);
    let row = deadlines::table
        .filter(deadlines::game_id.eq(game_id))
        .filter(deadlines::act.eq(act));
    let n = match next {
        Some(due) => diesel::update(row)
            .set((
                deadlines::act.eq(act + 1),
                deadlines::due_at.eq(due),
                deadlines::early_at.eq(None::<NaiveDateTime>),
            ))
            .execute(conn)?,
        None => diesel::delete(row).execute(conn)?,
    };
    Ok(n == 1)
}

/// Games whose open phase is due: its deadline came, or every seat acted and the grace after
/// passed (`early_at`, issue 41); a row of step 0 is a table's scheduled start. Each as (game,
/// step, when it came due, whether early), oldest first.
pub fn due(
    conn: &mut DbConnection,
    now: NaiveDateTime,
    limit: i64,
) -> QueryResult<Vec<(i64, i32, NaiveDateTime, bool)>> {
    let rows: Vec<(i64, i32, NaiveDateTime, Option<NaiveDateTime>)> = deadlines::table
        .filter(deadlines::due_at.le(now).or(deadlines::early_at.le(now)))
        .order(deadlines::due_at.asc())
        .limit(limit)
        .select((
            deadlines::game_id,
            deadlines::act,
            deadlines::due_at,
            deadlines::early_at,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(game, act, due, early)| match early {
            Some(e) if e < due => (game, act, e, true),
            _ => (game, act, due, false),
        })
        .collect())
}

/// Sets (or, `None`, clears) when the open phase of step `act` ends early because everyone
/// has acted; a row of another step is left alone.
pub fn set_early(
    conn: &mut DbConnection,
    game_id: i64,
    act: i32,
    at: Option<NaiveDateTime>,
) -> QueryResult<usize> {
    crate::db::epoch::game_changed(game_id);
    diesel::update(
        deadlines::table
            .filter(deadlines::game_id.eq(game_id))
            .filter(deadlines::act.eq(act)),
    )
    .set(deadlines::early_at.eq(at))
    .execute(conn)
}

/// When the open phase ends early (everyone acted), if it does.
pub fn early(conn: &mut DbConnection, game_id: i64) -> QueryResult<Option<NaiveDateTime>> {
    Ok(deadlines::table
        .find(game_id)
        .select(deadlines::early_at)
        .first::<Option<NaiveDateTime>>(conn)
        .optional()?
        .flatten())
}

/// Links a new table to the finished game it was rehosted from.
pub fn set_rehost_of(conn: &mut DbConnection, id: i64, old: i64) -> QueryResult<usize> {
    diesel::update(games::table.find(id))
        .set(games::rehost_of.eq(Some(old)))
        .execute(conn)
}

/// The tables rehosted from game `old`, oldest first.
pub fn rehosts_of(conn: &mut DbConnection, old: i64) -> QueryResult<Vec<i64>> {
    games::table
        .filter(games::rehost_of.eq(Some(old)))
        .order(games::id.asc())
        .select(games::id)
        .load(conn)
}

/// The earliest moment any game's open phase comes due (its deadline, or its early end).
pub fn next_due(conn: &mut DbConnection) -> QueryResult<Option<NaiveDateTime>> {
    let due: Option<NaiveDateTime> = deadlines::table
        .select(diesel::dsl::min(deadlines::due_at))
        .first(conn)?;
    let early: Option<NaiveDateTime> = deadlines::table
        .select(diesel::dsl::min(deadlines::early_at))
        .first(conn)?;
    Ok(match (due, early) {
        (Some(d), Some(e)) => Some(d.min(e)),
        (d, e) => d.or(e),
    })
}

/// (account, seat number, game ID) of every seat: who plays which seat, never to be shown
/// before the end (`game::snapshot` asks which seat is the reader's).
pub fn seat_holders(conn: &mut DbConnection, game_id: i64) -> QueryResult<Vec<(i64, i32, String)>> {
    game_seats::table
        .filter(game_seats::game_id.eq(game_id))
        .order(game_seats::seat.asc())
        .select((game_seats::user_id, game_seats::seat, game_seats::game_name))
        .load(conn)
}

/// Seat numbers and game IDs (public: no accounts).
pub fn seat_names(conn: &mut DbConnection, game_id: i64) -> QueryResult<Vec<(i32, String)>> {
    game_seats::table
        .filter(game_seats::game_id.eq(game_id))
        .order(game_seats::seat.asc())
        .select((game_seats::seat, game_seats::game_name))
        .load(conn)
}

/// Sets (or replaces) the password of a seat's game-ID login.
/// One upsert, so two concurrent saves cannot both insert (the second would fail).
pub fn set_alias(conn: &mut DbConnection, game_id: i64, seat: i32, hash: &str) -> QueryResult<()> {
    let now = super::now();
    crate::on_backend!(conn, |c| diesel::insert_into(game_aliases::table)
        .values((
            game_aliases::game_id.eq(game_id),
            game_aliases::seat.eq(seat),
            game_aliases::password_hash.eq(hash),
            game_aliases::created_at.eq(now),
        ))
        .on_conflict((game_aliases::game_id, game_aliases::seat))
        .do_update()
        .set((
            game_aliases::password_hash.eq(hash),
            game_aliases::created_at.eq(now),
        ))
        .execute(c))
    .map(|_| ())
}

/// The seat a game ID names, its account and its alias password hash (if one was set).
pub fn alias_of(
    conn: &mut DbConnection,
    game_id: i64,
    game_name: &str,
) -> QueryResult<Option<(i32, i64, Option<String>)>> {
    let seat: Option<(i32, i64)> = game_seats::table
        .filter(game_seats::game_id.eq(game_id))
        .filter(game_seats::game_name.eq(game_name))
        .select((game_seats::seat, game_seats::user_id))
        .first(conn)
        .optional()?;
    let Some((seat, user)) = seat else {
        return Ok(None);
    };
    let hash = game_aliases::table
        .find((game_id, seat))
        .select(game_aliases::password_hash)
        .first(conn)
        .optional()?;
    Ok(Some((seat, user, hash)))
}

/// The account and game ID of a seat now.
pub fn seat_holder(
    conn: &mut DbConnection,
    game_id: i64,
    seat: i32,
) -> QueryResult<Option<(i64, String)>> {
    game_seats::table
        .find((game_id, seat))
        .select((game_seats::user_id, game_seats::game_name))
        .first(conn)
        .optional()
}

/// Game events matching the admin's filters, newest first.
pub fn events_filtered(
    conn: &mut DbConnection,
    game_id: Option<i64>,
    actor_id: Option<i64>,
    kind: Option<&str>,
    from: Option<NaiveDateTime>,
    to: Option<NaiveDateTime>,
    limit: i64,
) -> QueryResult<Vec<GameEventRow>> {
    let mut q = game_events::table.into_boxed();
    if let Some(g) = game_id {
        q = q.filter(game_events::game_id.eq(g));
    }
    if let Some(a) = actor_id {
        q = q.filter(game_events::actor_id.eq(a));
    }
    if let Some(k) = kind {
        q = q.filter(game_events::kind.eq(k.to_string()));
    }
    if let Some(f) = from {
        q = q.filter(game_events::created_at.ge(f));
    }
    if let Some(t) = to {
        q = q.filter(game_events::created_at.lt(t));
    }
    q.order(game_events::id.desc())
        .limit(limit)
        .select(GameEventRow::as_select())
        .load(conn)
}

/// Games not yet over in which the account holds a seat: their secrets stay closed to it, even
/// when it is an admin.
pub fn unfinished_games_of(conn: &mut DbConnection, user_id: i64) -> QueryResult<Vec<i64>> {
    game_seats::table
        .inner_join(games::table)
        .filter(game_seats::user_id.eq(user_id))
        .filter(games::status.ne(GameStatus::Finished.name()))
        .select(games::id)
        .load(conn)
}
