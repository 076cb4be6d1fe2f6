//! Judges' own setups (`setups`) and their documents, one row per version (`setup_versions`),
//! appended and never changed (docs/setups.md).

use crate::db::DbConnection;
use crate::db::schema::{setup_balances, setup_versions, setups};
use chrono::NaiveDateTime;
use diesel::prelude::*;

/// A setup: who made it, its name, and what it was forked from.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = setups)]
pub struct SetupRow {
    pub id: i64,
    pub name: String,
    pub author_id: i64,
    pub based_on_id: Option<i64>,
    pub based_on_version: Option<i64>,
    pub created_at: NaiveDateTime,
}

/// One version of a setup's document.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = setup_versions)]
pub struct VersionRow {
    pub setup_id: i64,
    pub version: i64,
    pub document: String,
    pub created_at: NaiveDateTime,
}

/// A new setup named `name` by `author`, forked from `based_on` (setup, version) if given,
/// with `document` as its version 1. Its id.
pub fn create(
    c: &mut DbConnection,
    name: &str,
    author: i64,
    based_on: Option<(i64, i64)>,
    document: &str,
) -> QueryResult<i64> {
    let now = super::now();
    let id = crate::on_backend!(c, |c| diesel::insert_into(setups::table)
        .values((
            setups::name.eq(name),
            setups::author_id.eq(author),
            setups::based_on_id.eq(based_on.map(|b| b.0)),
            setups::based_on_version.eq(based_on.map(|b| b.1)),
            setups::created_at.eq(now),
        ))
        .returning(setups::id)
        .get_result::<i64>(c))?;
    append(c, id, 1, document, now)?;
    Ok(id)
}

fn append(
    c: &mut DbConnection,
    id: i64,
    version: i64,
    document: &str,
    now: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(setup_versions::table)
        .values((
            setup_versions::setup_id.eq(id),
            setup_versions::version.eq(version),
            setup_versions::document.eq(document),
            setup_versions::created_at.eq(now),
        ))
        .execute(c)
        .map(|_| ())
}

/// The setup `id`, locked against other writers until the transaction ends (PostgreSQL; SQLite
/// write transactions are already exclusive): two edits at once make versions N+1 and N+2.
pub fn get_for_update(c: &mut DbConnection, id: i64) -> QueryResult<Option<SetupRow>> {
    match c {
        DbConnection::Pg(c) => setups::table
            .find(id)
            .select(SetupRow::as_select())
            .for_update()
            .first(c)
            .optional(),
        DbConnection::Sqlite(_) => get(c, id),
    }
}

pub fn get(c: &mut DbConnection, id: i64) -> QueryResult<Option<SetupRow>> {
    setups::table
        .find(id)
        .select(SetupRow::as_select())
        .first(c)
        .optional()
}

/// Appends `document` as the next version of setup `id` (locked by the caller). Its number.
pub fn add_version(c: &mut DbConnection, id: i64, document: &str) -> QueryResult<i64> {
    let next = latest(c, id)?.unwrap_or(0) + 1;
    append(c, id, next, document, super::now())?;
    Ok(next)
}

/// The newest version's number of setup `id`.
pub fn latest(c: &mut DbConnection, id: i64) -> QueryResult<Option<i64>> {
    setup_versions::table
        .filter(setup_versions::setup_id.eq(id))
        .select(diesel::dsl::max(setup_versions::version))
        .first(c)
}

/// Version `version` of setup `id`.
pub fn version(c: &mut DbConnection, id: i64, version: i64) -> QueryResult<Option<VersionRow>> {
    setup_versions::table
        .find((id, version))
        .select(VersionRow::as_select())
        .first(c)
        .optional()
}

/// Every setup's id, newest first.
pub fn ids(c: &mut DbConnection) -> QueryResult<Vec<i64>> {
    setups::table
        .order(setups::id.desc())
        .select(setups::id)
        .load(c)
}

/// The kept estimate of version `version` at `seats` seats: its games and sides (JSON).
pub fn balance(
    c: &mut DbConnection,
    id: i64,
    version: i64,
    seats: i64,
) -> QueryResult<Option<(i64, String)>> {
    setup_balances::table
        .find((id, version, seats))
        .select((setup_balances::games, setup_balances::sides))
        .first(c)
        .optional()
}

/// Keeps an estimate; one another process kept first stands (the same seeds give the same).
pub fn keep_balance(
    c: &mut DbConnection,
    id: i64,
    version: i64,
    seats: i64,
    games: i64,
    sides: &str,
) -> QueryResult<()> {
    crate::on_backend!(c, |c| diesel::insert_into(setup_balances::table)
        .values((
            setup_balances::setup_id.eq(id),
            setup_balances::version.eq(version),
            setup_balances::seats.eq(seats),
            setup_balances::games.eq(games),
            setup_balances::sides.eq(sides),
            setup_balances::created_at.eq(super::now()),
        ))
        .on_conflict_do_nothing()
        .execute(c))
    .map(|_| ())
}
