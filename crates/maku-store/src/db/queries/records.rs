//! Players' records as kept when each game ends (`player_records`, issue 42): written once per
//! finished game, read by a profile as rows, never by folding the games again.

use crate::db::DbConnection;
use crate::db::schema::games;
use crate::db::schema_records::{player_records, player_totals};
use crate::domain::GameStatus;
use diesel::prelude::*;

/// One seat of a finished game, as its record keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: i32,
    pub user_id: i64,
    pub variant: String,
    pub role: String,
    pub won: Option<bool>,
}

/// Replaces the rows of game `game_id` with `rows` (a rebuild writes them again), and moves the
/// players' kept totals with them: the old rows' counts taken off, the new ones' added.
pub fn keep(c: &mut DbConnection, game_id: i64, rows: &[SeatRow]) -> QueryResult<()> {
    let old: Vec<(i64, String, String, Option<bool>)> = player_records::table
        .filter(player_records::game_id.eq(game_id))
        .select((
            player_records::user_id,
            player_records::variant,
            player_records::role,
            player_records::won,
        ))
        .load(c)?;
    for (user_id, variant, role, won) in &old {
        add_to_totals(
            c,
            *user_id,
            variant,
            role,
            -1,
            -i64::from(*won == Some(true)),
        )?;
    }
    diesel::delete(player_records::table.filter(player_records::game_id.eq(game_id))).execute(c)?;
    let values: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                player_records::game_id.eq(game_id),
                player_records::seat.eq(r.seat),
                player_records::user_id.eq(r.user_id),
                player_records::variant.eq(&r.variant),
                player_records::role.eq(&r.role),
                player_records::won.eq(r.won),
            )
        })
        .collect();
    if !values.is_empty() {
        crate::on_backend!(c, |c| diesel::insert_into(player_records::table)
            .values(&values)
            .execute(c))?;
    }
    for r in rows {
        add_to_totals(
            c,
            r.user_id,
            &r.variant,
            &r.role,
            1,
            i64::from(r.won == Some(true)),
        )?;
    }
    Ok(())
}

/// Adds `games` and `wins` (either may be negative) to an account's kept totals of a role.
fn add_to_totals(
    c: &mut DbConnection,
    user_id: i64,
    variant: &str,
    role: &str,
    games: i64,
    wins: i64,
) -> QueryResult<()> {
    use diesel::upsert::excluded;
    crate::on_backend!(c, |c| diesel::insert_into(player_totals::table)
        .values((
            player_totals::user_id.eq(user_id),
            player_totals::variant.eq(variant),
            player_totals::role.eq(role),
            player_totals::games.eq(games),
            player_totals::wins.eq(wins),
        ))
        .on_conflict((
            player_totals::user_id,
            player_totals::variant,
            player_totals::role,
        ))
        .do_update()
        .set((
            player_totals::games.eq(player_totals::games + excluded(player_totals::games)),
            player_totals::wins.eq(player_totals::wins + excluded(player_totals::wins)),
        ))
        .execute(c))?;
    Ok(())
}

/// (variant, role, games, wins) of an account's kept seats.
pub type RoleCount = (String, String, i64, i64);

/// The account's kept totals by (variant, role): a few rows however many games it played.
pub fn of_user(c: &mut DbConnection, user_id: i64) -> QueryResult<Vec<RoleCount>> {
    player_totals::table
        .filter(player_totals::user_id.eq(user_id))
        .filter(player_totals::games.gt(0))
        .order((player_totals::variant.asc(), player_totals::role.asc()))
        .select((
            player_totals::variant,
            player_totals::role,
            player_totals::games,
            player_totals::wins,
        ))
        .load(c)
}

/// Finished games with no kept seat (finished before records were kept), oldest first: one
/// query on the rows' key, not every kept game id read into memory at each start.
pub fn missing(c: &mut DbConnection) -> QueryResult<Vec<i64>> {
    use diesel::dsl::{exists, not};
    games::table
        .filter(games::status.eq(GameStatus::Finished.name()))
        .filter(not(exists(
            player_records::table.filter(player_records::game_id.eq(games::id)),
        )))
        .order(games::id.asc())
        .select(games::id)
        .load(c)
}

/// Forgets every kept record (before a rebuild).
pub fn clear(c: &mut DbConnection) -> QueryResult<usize> {
    diesel::delete(player_totals::table).execute(c)?;
    diesel::delete(player_records::table).execute(c)
}

/// A page of the account's finished games, newest first: (id, title) of at most `limit` games
/// whose id is below `before` (the key of the page before; none: the newest), read from the kept
/// records by the index on (user_id, game_id): a profile's cost does not grow with its history.
pub fn finished_page(
    c: &mut DbConnection,
    user_id: i64,
    before: Option<i64>,
    limit: i64,
) -> QueryResult<Vec<(i64, String)>> {
    let ids: Vec<i64> = player_records::table
        .filter(player_records::user_id.eq(user_id))
        .filter(player_records::game_id.lt(before.unwrap_or(i64::MAX)))
        .order(player_records::game_id.desc())
        .limit(limit)
        .select(player_records::game_id)
        .load(c)?;
    let mut titles: std::collections::HashMap<i64, String> = games::table
        .filter(games::id.eq_any(&ids))
        .select((games::id, games::title))
        .load::<(i64, String)>(c)?
        .into_iter()
        .collect();
    Ok(ids
        .into_iter()
        .filter_map(|id| titles.remove(&id).map(|t| (id, t)))
        .collect())
}
