//! The append-only account history (sign-ins, failures, role and password changes).

use crate::db::DbConnection;
use crate::db::models::AccountEvent;
use crate::db::schema::account_events;
use diesel::prelude::*;

/// Appends to an account's stream (or the stream of events of no account), chained to the
/// stream's last event. Call inside a write transaction.
pub fn append(
    conn: &mut DbConnection,
    user_id: Option<i64>,
    actor_id: Option<i64>,
    kind: &str,
    detail: &str,
) -> QueryResult<()> {
    if let DbConnection::Pg(c) = conn {
        // One writer per stream at a time, so two appends never chain to the same event.
        diesel::sql_query("SELECT pg_advisory_xact_lock(72626, $1)")
            .bind::<diesel::sql_types::Integer, _>(user_id.unwrap_or(0) as i32)
            .execute(c)?;
    }
    let last: Option<(i64, String)> = stream(user_id)
        .order(account_events::seq.desc())
        .select((account_events::seq, account_events::hash))
        .first(conn)
        .optional()?;
    let (seq, prev) = last.map(|(s, h)| (s + 1, h)).unwrap_or((1, String::new()));
    let created_at = super::now();
    let hash = crate::db::chain::account_event_hash(
        &prev, user_id, seq, actor_id, kind, detail, created_at,
    );
    diesel::insert_into(account_events::table)
        .values((
            account_events::user_id.eq(user_id),
            account_events::actor_id.eq(actor_id),
            account_events::kind.eq(kind),
            account_events::detail.eq(detail),
            account_events::created_at.eq(created_at),
            account_events::seq.eq(seq),
            account_events::hash.eq(&hash),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The events of one stream.
fn stream(user_id: Option<i64>) -> account_events::BoxedQuery<'static, crate::db::MultiBackend> {
    match user_id {
        Some(u) => account_events::table
            .filter(account_events::user_id.eq(u))
            .into_boxed(),
        None => account_events::table
            .filter(account_events::user_id.is_null())
            .into_boxed(),
    }
}

/// One stream in order (for verification).
pub fn stream_events(
    conn: &mut DbConnection,
    user_id: Option<i64>,
) -> QueryResult<Vec<AccountEvent>> {
    stream(user_id)
        .order((account_events::seq.asc(), account_events::id.asc()))
        .select(AccountEvent::as_select())
        .load(conn)
}

/// Every stream that has events: account ids, and `None` for events of no account.
pub fn streams(conn: &mut DbConnection) -> QueryResult<Vec<Option<i64>>> {
    account_events::table
        .select(account_events::user_id)
        .distinct()
        .load(conn)
}

pub fn recent(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<AccountEvent>> {
    account_events::table
        .order(account_events::id.desc())
        .limit(limit)
        .select(AccountEvent::as_select())
        .load(conn)
}

/// Account events matching the admin's filters, newest first.
pub fn filtered(
    conn: &mut DbConnection,
    user_id: Option<i64>,
    kind: Option<&str>,
    from: Option<chrono::NaiveDateTime>,
    to: Option<chrono::NaiveDateTime>,
    limit: i64,
) -> QueryResult<Vec<AccountEvent>> {
    let mut q = account_events::table.into_boxed();
    if let Some(u) = user_id {
        q = q.filter(account_events::user_id.eq(u));
    }
    if let Some(k) = kind {
        q = q.filter(account_events::kind.eq(k.to_string()));
    }
    if let Some(f) = from {
        q = q.filter(account_events::created_at.ge(f));
    }
    if let Some(t) = to {
        q = q.filter(account_events::created_at.lt(t));
    }
    q.order(account_events::id.desc())
        .limit(limit)
        .select(AccountEvent::as_select())
        .load(conn)
}
