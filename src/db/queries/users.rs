use crate::db::models::{NewUser, User};
use crate::db::schema::users;
use crate::db::{DbConnection, is_unique_violation};
use crate::domain::Role;
use diesel::prelude::*;

/// Outcome of creating an account.
#[derive(Debug)]
pub enum Created {
    Ok(User),
    Taken,
}

pub fn create(
    conn: &mut DbConnection,
    username: &str,
    username_key: &str,
    password_hash: &str,
    role: Role,
) -> QueryResult<Created> {
    let row = NewUser {
        username,
        username_key,
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
        Err(e) if is_unique_violation(&e) => Ok(Created::Taken),
        Err(e) => Err(e),
    }
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

pub fn set_role(conn: &mut DbConnection, id: i64, role: Role) -> QueryResult<usize> {
    diesel::update(users::table.find(id))
        .set(users::role.eq(role.as_str()))
        .execute(conn)
}

pub fn set_password_hash(conn: &mut DbConnection, id: i64, hash: &str) -> QueryResult<usize> {
    diesel::update(users::table.find(id))
        .set(users::password_hash.eq(hash))
        .execute(conn)
}

/// Names for a set of ids (for rendering authors).
pub fn names(
    conn: &mut DbConnection,
    ids: &[i64],
) -> QueryResult<std::collections::HashMap<i64, String>> {
    let rows: Vec<(i64, String)> = users::table
        .filter(users::id.eq_any(ids))
        .select((users::id, users::username))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}
