//! The leaderboards' rows (`ratings`): one per variant and account, derived from finished games
//! and replaced whole when a variant is rebuilt (`game::ratings`). Also the one read the rebuild
//! needs of the games: which finished, and when.

use crate::db::DbConnection;
use crate::db::schema::{game_events, games, ratings, users};
use crate::domain::GameStatus;
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// Rows written per statement: 8 bound values each stays far under SQLite's variable limit.
const INSERT_CHUNK: usize = 500;

/// A PostgreSQL advisory lock key of the rebuild (the migrations hold 7262617).
const REBUILD_LOCK: i64 = 7_262_618;

/// One account's rating in one variant.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = ratings)]
pub struct RatingRow {
    pub variant: String,
    pub user_id: i64,
    /// Weng-Lin mu.
    pub rating: f64,
    /// Weng-Lin sigma.
    pub uncertainty: f64,
    /// The shown rating, ranked by (`game::ratings::shown`).
    pub score: f64,
    pub games: i64,
    pub wins: i64,
    pub last_game_id: i64,
}

/// The finished games of `variant`, each with the time of its last event of the kinds
/// `ending` (the kinds a game ends with: when it finished), in the order they finished: by that
/// time, ties by game id. Games of other statuses are never read, so nothing of a running game
/// reaches a board.
pub fn finished_games(
    conn: &mut DbConnection,
    variant: &str,
    ending: &[&str],
) -> QueryResult<Vec<(i64, NaiveDateTime)>> {
    let finished = games::table
        .filter(games::variant.eq(variant.to_string()))
        .filter(games::status.eq(GameStatus::Finished.name()))
        .select(games::id);
    let rows: Vec<(i64, Option<NaiveDateTime>)> = game_events::table
        .filter(game_events::game_id.eq_any(finished))
        .filter(game_events::kind.eq_any(ending.iter().map(|k| k.to_string()).collect::<Vec<_>>()))
        .group_by(game_events::game_id)
        .select((
            game_events::game_id,
            diesel::dsl::max(game_events::created_at),
        ))
        .load(conn)?;
    let mut out: Vec<(i64, NaiveDateTime)> = rows
        .into_iter()
        .filter_map(|(id, at)| at.map(|at| (id, at)))
        .collect();
    out.sort_unstable_by_key(|&(id, at)| (at, id));
    Ok(out)
}

/// Serialises rebuilds until the transaction ends. SQLite write transactions are exclusive
/// already; on PostgreSQL two rebuilds would otherwise delete and insert the same keys at once.
pub fn lock_rebuild(conn: &mut DbConnection) -> QueryResult<()> {
    if let DbConnection::Pg(pg) = conn {
        diesel::sql_query(format!("SELECT pg_advisory_xact_lock({REBUILD_LOCK})")).execute(pg)?;
    }
    Ok(())
}

/// Replaces every row of `variant` with `rows` (inside the caller's transaction).
pub fn replace_variant(
    conn: &mut DbConnection,
    variant: &str,
    rows: &[RatingRow],
) -> QueryResult<()> {
    diesel::delete(ratings::table.filter(ratings::variant.eq(variant.to_string())))
        .execute(conn)?;
    for chunk in rows.chunks(INSERT_CHUNK) {
        crate::on_backend!(conn, |c| diesel::insert_into(ratings::table)
            .values(chunk)
            .execute(c))?;
    }
    Ok(())
}

/// Drops the rows of every variant not in `known` (a variant this build no longer has).
pub fn drop_other_variants(conn: &mut DbConnection, known: &[&str]) -> QueryResult<usize> {
    let known: Vec<String> = known.iter().map(|v| v.to_string()).collect();
    diesel::delete(ratings::table.filter(ratings::variant.ne_all(known))).execute(conn)
}

/// How many accounts `variant`'s board ranks.
pub fn count(conn: &mut DbConnection, variant: &str) -> QueryResult<i64> {
    ratings::table
        .filter(ratings::variant.eq(variant.to_string()))
        .count()
        .get_result(conn)
}

/// `limit` rows of `variant`'s board from `offset`, best first (shown rating, then account id,
/// so equal ratings keep one order), each with its account's name.
pub fn board(
    conn: &mut DbConnection,
    variant: &str,
    offset: i64,
    limit: i64,
) -> QueryResult<Vec<(RatingRow, String)>> {
    ratings::table
        .inner_join(users::table)
        .filter(ratings::variant.eq(variant.to_string()))
        .order((ratings::score.desc(), ratings::user_id.asc()))
        .offset(offset)
        .limit(limit)
        .select((RatingRow::as_select(), users::username))
        .load(conn)
}

/// Every row of every variant, in key order (the rebuild's tests compare two rebuilds).
pub fn all(conn: &mut DbConnection) -> QueryResult<Vec<RatingRow>> {
    ratings::table
        .order((ratings::variant.asc(), ratings::user_id.asc()))
        .select(RatingRow::as_select())
        .load(conn)
}
