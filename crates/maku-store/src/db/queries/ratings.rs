//! The leaderboards' rows (`ratings`): one per variant and account, derived from finished games,
//! replaced whole when a variant is rebuilt and row by row when a game ends (`game::ratings`);
//! what each board was made from (`rating_boards`) and the finished games it has not read yet
//! (`rating_pending`). Also the one read the ratings need of the games: which finished, and when.

use std::collections::BTreeSet;

use crate::db::DbConnection;
use crate::db::queries::keyset::{self, Dir, KeyedList, KeyedPage, Seek};
use crate::db::schema::{game_events, games, rating_boards, rating_pending, ratings, users};
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

/// The finished games counted on `variant`'s board (its own and its family's judges' setups':
/// `games.board`), each with the time of its last event of the kinds
/// `ending` (the kinds a game ends with: when it finished), in the order they finished: by that
/// time, ties by game id. Games of other statuses are never read, so nothing of a running game
/// reaches a board.
pub fn finished_games(
    conn: &mut DbConnection,
    variant: &str,
    ending: &[&str],
) -> QueryResult<Vec<(i64, NaiveDateTime)>> {
    let finished = games::table
        .filter(games::board.eq(variant.to_string()))
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

/// When each of the games `ids` finished: the time of its last event of the kinds `ending`, in
/// the order they finished (by that time, ties by game id), as [`finished_games`] tells it. A
/// game with no such event is not in the answer.
pub fn finish_times(
    conn: &mut DbConnection,
    ids: &[i64],
    ending: &[&str],
) -> QueryResult<Vec<(i64, NaiveDateTime)>> {
    let mut out = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(INSERT_CHUNK) {
        let rows: Vec<(i64, Option<NaiveDateTime>)> = game_events::table
            .filter(game_events::game_id.eq_any(chunk))
            .filter(
                game_events::kind.eq_any(ending.iter().map(|k| k.to_string()).collect::<Vec<_>>()),
            )
            .group_by(game_events::game_id)
            .select((
                game_events::game_id,
                diesel::dsl::max(game_events::created_at),
            ))
            .load(conn)?;
        out.extend(
            rows.into_iter()
                .filter_map(|(id, at)| at.map(|at| (id, at))),
        );
    }
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

/// The rows of `variant` of the accounts `users` (those that have one).
pub fn rows_of(
    conn: &mut DbConnection,
    variant: &str,
    users: &BTreeSet<i64>,
) -> QueryResult<Vec<RatingRow>> {
    let users: Vec<i64> = users.iter().copied().collect();
    let mut out = Vec::with_capacity(users.len());
    for chunk in users.chunks(INSERT_CHUNK) {
        out.extend(
            ratings::table
                .filter(ratings::variant.eq(variant.to_string()))
                .filter(ratings::user_id.eq_any(chunk))
                .select(RatingRow::as_select())
                .load(conn)?,
        );
    }
    Ok(out)
}

/// Writes `rows` of `variant` over the accounts' rows, if they have any (inside the caller's
/// transaction).
pub fn put_rows(conn: &mut DbConnection, variant: &str, rows: &[RatingRow]) -> QueryResult<()> {
    for chunk in rows.chunks(INSERT_CHUNK) {
        let users: Vec<i64> = chunk.iter().map(|r| r.user_id).collect();
        diesel::delete(
            ratings::table
                .filter(ratings::variant.eq(variant.to_string()))
                .filter(ratings::user_id.eq_any(users)),
        )
        .execute(conn)?;
        crate::on_backend!(conn, |c| diesel::insert_into(ratings::table)
            .values(chunk)
            .execute(c))?;
    }
    Ok(())
}

/// What a variant's board was made from.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = rating_boards)]
pub struct BoardState {
    pub variant: String,
    /// When the last game it read finished (`None`: it has read none).
    pub last_finished_at: Option<NaiveDateTime>,
    /// That game's id.
    pub last_game_id: Option<i64>,
    /// Finished games it rated, and those it left out.
    pub rated: i64,
    pub left_out: i64,
}

impl BoardState {
    /// The last game it read, as the order of finished games sorts it: (when, id).
    pub fn last(&self) -> Option<(NaiveDateTime, i64)> {
        self.last_finished_at.zip(self.last_game_id)
    }
}

/// What `variant`'s board was made from; `None` if it was never rebuilt since the table exists.
pub fn board_state(conn: &mut DbConnection, variant: &str) -> QueryResult<Option<BoardState>> {
    rating_boards::table
        .find(variant.to_string())
        .select(BoardState::as_select())
        .first(conn)
        .optional()
}

/// Records what a board was made from (inside the transaction that made it).
pub fn set_board_state(conn: &mut DbConnection, state: &BoardState) -> QueryResult<()> {
    diesel::delete(rating_boards::table.find(state.variant.clone())).execute(conn)?;
    crate::on_backend!(conn, |c| diesel::insert_into(rating_boards::table)
        .values(state)
        .execute(c))?;
    Ok(())
}

/// Queues finished game `game_id` of `variant` for its board (in the transaction that finishes
/// it). A game queued already stays queued once.
pub fn queue(conn: &mut DbConnection, game_id: i64, variant: &str) -> QueryResult<()> {
    crate::on_backend!(conn, |c| diesel::insert_into(rating_pending::table)
        .values((
            rating_pending::game_id.eq(game_id),
            rating_pending::variant.eq(variant),
        ))
        .on_conflict_do_nothing()
        .execute(c))?;
    Ok(())
}

/// The finished games of `variant` its board has not read yet, by id.
pub fn pending(conn: &mut DbConnection, variant: &str) -> QueryResult<Vec<i64>> {
    rating_pending::table
        .filter(rating_pending::variant.eq(variant.to_string()))
        .order(rating_pending::game_id.asc())
        .select(rating_pending::game_id)
        .load(conn)
}

/// Takes the games `ids` off the queue: their board has read them.
pub fn unqueue(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<usize> {
    let mut n = 0;
    for chunk in ids.chunks(INSERT_CHUNK) {
        n += diesel::delete(rating_pending::table.filter(rating_pending::game_id.eq_any(chunk)))
            .execute(conn)?;
    }
    Ok(n)
}

/// Drops the rows of every variant not in `known` (a variant this build no longer has): its
/// ratings, what its board was made from and its queued games.
pub fn drop_other_variants(conn: &mut DbConnection, known: &[&str]) -> QueryResult<usize> {
    let known: Vec<String> = known.iter().map(|v| v.to_string()).collect();
    diesel::delete(rating_boards::table.filter(rating_boards::variant.ne_all(known.clone())))
        .execute(conn)?;
    diesel::delete(rating_pending::table.filter(rating_pending::variant.ne_all(known.clone())))
        .execute(conn)?;
    diesel::delete(ratings::table.filter(ratings::variant.ne_all(known))).execute(conn)
}

/// How many accounts `variant`'s board ranks.
pub fn count(conn: &mut DbConnection, variant: &str) -> QueryResult<i64> {
    ratings::table
        .filter(ratings::variant.eq(variant.to_string()))
        .count()
        .get_result(conn)
}

/// An account's place on a board: its shown rating, then its account id.
pub type RatingKey = (f64, i64);

/// A board's lines with their accounts' names, as a query still to be narrowed.
type BoardQuery = diesel::internal::table_macro::BoxedSelectStatement<
    'static,
    (ratings::SqlType, diesel::sql_types::Text),
    diesel::internal::table_macro::FromClause<
        diesel::helper_types::InnerJoinQuerySource<ratings::table, users::table>,
    >,
    crate::db::MultiBackend,
>;

/// A variant's board, best first (shown rating, then account id, so equal ratings keep one
/// order: index `ratings_board`), each row with its account's name.
pub struct Board(pub String);

impl Board {
    fn from(&self, dir: Dir, from: Option<&RatingKey>) -> BoardQuery {
        let mut q = ratings::table
            .inner_join(users::table)
            .filter(ratings::variant.eq(self.0.clone()))
            .select((ratings::all_columns, users::username))
            .into_boxed();
        q = match (dir, from) {
            (Dir::Forward, Some(&(score, user))) => q.filter(
                ratings::score
                    .le(score)
                    .and(ratings::score.lt(score).or(ratings::user_id.gt(user))),
            ),
            (Dir::Backward, Some(&(score, user))) => q.filter(
                ratings::score
                    .ge(score)
                    .and(ratings::score.gt(score).or(ratings::user_id.lt(user))),
            ),
            (_, None) => q,
        };
        match dir {
            Dir::Forward => q.order((ratings::score.desc(), ratings::user_id.asc())),
            Dir::Backward => q.order((ratings::score.asc(), ratings::user_id.desc())),
        }
    }
}

impl KeyedList for Board {
    type Row = (RatingRow, String);
    type Key = RatingKey;

    fn key(&self, (r, _): &(RatingRow, String)) -> RatingKey {
        (r.score, r.user_id)
    }

    fn rows(
        &self,
        conn: &mut DbConnection,
        dir: Dir,
        from: Option<&RatingKey>,
        skip: i64,
        n: i64,
    ) -> QueryResult<Vec<(RatingRow, String)>> {
        self.from(dir, from).offset(skip).limit(n).load(conn)
    }

    fn keys(
        &self,
        conn: &mut DbConnection,
        dir: Dir,
        from: &RatingKey,
        n: i64,
    ) -> QueryResult<Vec<RatingKey>> {
        let rows = self.rows(conn, dir, Some(from), 0, n)?;
        Ok(rows.iter().map(|row| self.key(row)).collect())
    }
}

/// A page of a board: each line with its account's name.
pub type BoardPage = KeyedPage<(RatingRow, String), RatingKey>;

/// A page of `variant`'s board, `per_page` rows, read by key (`keyset`), best first.
pub fn board_page(
    conn: &mut DbConnection,
    variant: &str,
    seek: &Seek<RatingKey>,
    per_page: i64,
) -> QueryResult<(BoardPage, i64)> {
    let total = count(conn, variant)?;
    let page = keyset::read(conn, &Board(variant.to_string()), seek, total, per_page)?;
    Ok((page, total))
}

/// Every row of every variant, in key order (the rebuild's tests compare two rebuilds).
pub fn all(conn: &mut DbConnection) -> QueryResult<Vec<RatingRow>> {
    ratings::table
        .order((ratings::variant.asc(), ratings::user_id.asc()))
        .select(RatingRow::as_select())
        .load(conn)
}
