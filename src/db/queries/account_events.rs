//! The append-only account history (sign-ins, failures, role and password changes).

use crate::db::DbConnection;
use crate::db::models::AccountEvent;
use crate::db::schema::account_events;
use diesel::prelude::*;

pub fn append(
    conn: &mut DbConnection,
    user_id: Option<i64>,
    actor_id: Option<i64>,
    kind: &str,
    detail: &str,
) -> QueryResult<()> {
    diesel::insert_into(account_events::table)
        .values((
            account_events::user_id.eq(user_id),
            account_events::actor_id.eq(actor_id),
            account_events::kind.eq(kind),
            account_events::detail.eq(detail),
            account_events::created_at.eq(super::now()),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn recent(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<AccountEvent>> {
    account_events::table
        .order(account_events::id.desc())
        .limit(limit)
        .select(AccountEvent::as_select())
        .load(conn)
}
