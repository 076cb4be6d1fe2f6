use crate::db::models::{NewUser, User};
use crate::db::queries::keyset::{self, Dir, KeyedList, KeyedPage, Seek};
use crate::db::schema::users;
use crate::db::{DbConnection, is_unique_violation};
use crate::domain::Role;
use diesel::prelude::*;

/// Outcome of creating an account.
#[derive(Debug)]
pub enum Created {
    Ok(User),
    /// The same name under DN-7's comparison.
    Taken,
    /// A different name that looks like an existing one (same confusable key).
    Confusable,
}

/// A PostgreSQL advisory lock key serialising sign-ups (the migrations hold 7262617, ratings
/// rebuilds 7262618).
const SIGN_UP_LOCK: i64 = 7_262_619;

/// Inserts an account; run it in a write transaction. The unique indexes on both stored keys
/// decide a race of the same key; the further look-alike keys (`skeletons[1..]`, not stored)
/// only the reads before can check, so sign-ups are serialised while they do.
pub fn create(
    conn: &mut DbConnection,
    username: &str,
    username_key: &str,
    skeletons: &[String],
    password_hash: &str,
    role: Role,
) -> QueryResult<Created> {
    // The stored skeleton is only the first of the name's look-alike keys, so the unique index
    // alone cannot refuse every look-alike: the checks below must not race. SQLite's write
    // transactions are exclusive already; on PostgreSQL concurrent sign-ups wait for each other
    // here until the caller's transaction ends.
    if let DbConnection::Pg(pg) = conn {
        diesel::sql_query(format!("SELECT pg_advisory_xact_lock({SIGN_UP_LOCK})")).execute(pg)?;
    }
    if let Some(clash) = clash(conn, username_key, skeletons)? {
        return Ok(clash);
    }
    // A seat's game ID in a running game is taken too: an account of that name could pass for
    // the seat (its posts signed alike). Game IDs are public, so saying so tells nothing.
    if seat_named(conn, username_key)? {
        return Ok(Created::Taken);
    }
    let row = NewUser {
        username,
        username_key,
        name_skeleton: skeletons.first().map(String::as_str),
        password_hash,
        role: role.as_str(),
        created_at: super::now(),
    };
    let inserted: QueryResult<User> =
        crate::on_backend!(conn, |c| diesel::insert_into(users::table)
            .values(&row)
            .returning(User::as_returning())
            .get_result(c));
    match inserted {
        Ok(u) => Ok(Created::Ok(u)),
        Err(e) if is_unique_violation(&e) && e.to_string().contains("skeleton") => {
            Ok(Created::Confusable)
        }
        Err(e) if is_unique_violation(&e) => Ok(Created::Taken),
        Err(e) => Err(e),
    }
}

pub fn by_skeleton(conn: &mut DbConnection, skeleton: &str) -> QueryResult<Option<i64>> {
    users::table
        .filter(users::name_skeleton.eq(skeleton))
        .select(users::id)
        .first(conn)
        .optional()
}

/// Fills in the confusable key of accounts made before it existed (and the NFKC form of their
/// DN-7 key), one row at a time: a legacy pair of look-alikes keeps the first one's key and
/// leaves the other empty (logged), which still refuses new look-alikes of both.
pub fn backfill_name_keys(conn: &mut DbConnection) -> QueryResult<usize> {
    use crate::domain::account::{confusable_key, name_key};
    let rows: Vec<(i64, String, String)> = users::table
        .filter(users::name_skeleton.is_null())
        .order(users::id.asc())
        .select((users::id, users::username, users::username_key))
        .load(conn)?;
    let mut filled = 0;
    for (id, name, old_key) in rows {
        let (key, skeleton) = (name_key(&name), confusable_key(&name));
        let one = crate::db::write_tx(conn, |c| {
            diesel::update(users::table.find(id).filter(users::name_skeleton.is_null()))
                .set(users::name_skeleton.eq(Some(&skeleton)))
                .execute(c)?;
            if key != old_key {
                diesel::update(users::table.find(id))
                    .set(users::username_key.eq(&key))
                    .execute(c)?;
            }
            Ok::<_, diesel::result::Error>(())
        });
        match one {
            Ok(()) => filled += 1,
            Err(e) if is_unique_violation(&e) => {
                tracing::warn!(id, %name, "account name looks like another one; its key stays empty")
            }
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// Whether a seat of a running game has a game ID whose DN-7 key is `key`.
fn seat_named(conn: &mut DbConnection, key: &str) -> QueryResult<bool> {
    use crate::db::schema::{game_seats, games};
    let names: Vec<String> = crate::on_backend!(conn, |c| game_seats::table
        .inner_join(games::table.on(games::id.eq(game_seats::game_id)))
        .filter(games::status.eq(crate::domain::GameStatus::Running.name()))
        .select(game_seats::game_name)
        .load(c))?;
    Ok(names
        .iter()
        .any(|n| crate::domain::account::name_key(n) == key))
}

/// Whether `name` (a game ID) reads as an existing account's name: the same DN-7 key, or a
/// look-alike ([`crate::domain::Username::confusable_keys`]'s comparison).
pub fn account_named_like(conn: &mut DbConnection, name: &str) -> QueryResult<bool> {
    use crate::domain::account::{confusable_keys, name_key};
    Ok(clash(conn, &name_key(name), &confusable_keys(name))?.is_some())
}

/// How a name with DN-7 key `key` and look-alike keys `skeletons` meets an existing account's:
/// the same key (`Taken`), a look-alike (`Confusable`), or not at all.
fn clash(conn: &mut DbConnection, key: &str, skeletons: &[String]) -> QueryResult<Option<Created>> {
    if by_key(conn, key)?.is_some() {
        return Ok(Some(Created::Taken));
    }
    for skeleton in skeletons {
        if by_skeleton(conn, skeleton)?.is_some() {
            return Ok(Some(Created::Confusable));
        }
    }
    Ok(None)
}

pub fn by_key(conn: &mut DbConnection, key: &str) -> QueryResult<Option<User>> {
    users::table
        .filter(users::username_key.eq(key))
        .select(User::as_select())
        .first(conn)
        .optional()
}

pub fn by_id(conn: &mut DbConnection, id: i64) -> QueryResult<Option<User>> {
    users::table
        .find(id)
        .select(User::as_select())
        .first(conn)
        .optional()
}

pub fn count(conn: &mut DbConnection) -> QueryResult<i64> {
    users::table.count().get_result(conn)
}

pub fn list(conn: &mut DbConnection, offset: i64, limit: i64) -> QueryResult<Vec<User>> {
    users::table
        .order(users::id.asc())
        .offset(offset)
        .limit(limit)
        .select(User::as_select())
        .load(conn)
}

/// Every account, newest first, read by key (`keyset`): the admins' list.
struct Accounts;

impl Accounts {
    fn from(dir: Dir, from: Option<i64>) -> users::BoxedQuery<'static, crate::db::MultiBackend> {
        let q = users::table.into_boxed();
        match (dir, from) {
            (Dir::Forward, Some(id)) => q.filter(users::id.lt(id)).order(users::id.desc()),
            (Dir::Forward, None) => q.order(users::id.desc()),
            (Dir::Backward, Some(id)) => q.filter(users::id.gt(id)).order(users::id.asc()),
            (Dir::Backward, None) => q.order(users::id.asc()),
        }
    }
}

impl KeyedList for Accounts {
    type Row = User;
    type Key = i64;

    fn key(&self, u: &User) -> i64 {
        u.id
    }

    fn rows(
        &self,
        conn: &mut DbConnection,
        dir: Dir,
        from: Option<&i64>,
        skip: i64,
        n: i64,
    ) -> QueryResult<Vec<User>> {
        Accounts::from(dir, from.copied())
            .offset(skip)
            .limit(n)
            .select(User::as_select())
            .load(conn)
    }

    fn keys(&self, conn: &mut DbConnection, dir: Dir, from: &i64, n: i64) -> QueryResult<Vec<i64>> {
        Accounts::from(dir, Some(*from))
            .limit(n)
            .select(users::id)
            .load(conn)
    }
}

/// A page of every account, newest first, and how many there are.
pub fn accounts_page(
    conn: &mut DbConnection,
    seek: &Seek<i64>,
    per_page: i64,
) -> QueryResult<(KeyedPage<User, i64>, i64)> {
    let total = count(conn)?;
    let page = keyset::read(conn, &Accounts, seek, total, per_page)?;
    Ok((page, total))
}

pub fn set_role(conn: &mut DbConnection, id: i64, role: Role) -> QueryResult<usize> {
    crate::db::epoch::accounts_changed();
    diesel::update(users::table.find(id))
        .set(users::role.eq(role.as_str()))
        .execute(conn)
}

pub fn set_password_hash(conn: &mut DbConnection, id: i64, hash: &str) -> QueryResult<usize> {
    crate::db::epoch::accounts_changed();
    diesel::update(users::table.find(id))
        .set(users::password_hash.eq(hash))
        .execute(conn)
}

/// Names for a set of ids (for rendering authors).
pub fn names(
    conn: &mut DbConnection,
    ids: &[i64],
) -> QueryResult<std::collections::HashMap<i64, String>> {
    // A page names the same few authors many times: ask for each once.
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let rows: Vec<(i64, String)> = users::table
        .filter(users::id.eq_any(&ids))
        .select((users::id, users::username))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}
