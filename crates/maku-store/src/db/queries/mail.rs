//! E-mail's rows (`account_emails`, `mail_prefs`, `mail_outbox`): an account's address, its
//! choices per kind of notification, and the queue every mail leaves from (docs/mail.md).

use crate::db::DbConnection;
use crate::db::schema_mail::{account_emails, mail_outbox, mail_prefs};
use chrono::NaiveDateTime;
use diesel::prelude::*;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = account_emails)]
pub struct EmailRow {
    pub user_id: i64,
    /// The address in use: set only once its owner opened the link mailed to it.
    pub address: Option<String>,
    pub verified_at: Option<NaiveDateTime>,
    /// An address waiting for its link to be opened, and the SHA-256 of the link's token.
    pub pending_address: Option<String>,
    pub pending_hash: Option<String>,
    pub pending_at: Option<NaiveDateTime>,
    /// The language mails are written in.
    pub lang: String,
    /// The daily digest has told the notifications up to this id.
    pub digest_after: i64,
    pub digest_sent_at: Option<NaiveDateTime>,
}

pub fn email_of(c: &mut DbConnection, user_id: i64) -> QueryResult<Option<EmailRow>> {
    account_emails::table
        .find(user_id)
        .select(EmailRow::as_select())
        .first(c)
        .optional()
}

/// Records an address waiting for its link (replacing any other waiting one); the address in
/// use, if any, stays in use until the new one is confirmed.
pub fn set_pending(
    c: &mut DbConnection,
    user_id: i64,
    address: &str,
    token_hash: &str,
    now: NaiveDateTime,
    lang: &str,
) -> QueryResult<()> {
    crate::on_backend!(c, |c| diesel::insert_into(account_emails::table)
        .values((
            account_emails::user_id.eq(user_id),
            account_emails::pending_address.eq(address),
            account_emails::pending_hash.eq(token_hash),
            account_emails::pending_at.eq(now),
            account_emails::lang.eq(lang),
        ))
        .on_conflict(account_emails::user_id)
        .do_update()
        .set((
            account_emails::pending_address.eq(address),
            account_emails::pending_hash.eq(token_hash),
            account_emails::pending_at.eq(now),
            account_emails::lang.eq(lang),
        ))
        .execute(c))
    .map(|_| ())
}

/// The account whose waiting address a link's token (its SHA-256) confirms.
pub fn by_pending_hash(c: &mut DbConnection, token_hash: &str) -> QueryResult<Option<EmailRow>> {
    account_emails::table
        .filter(account_emails::pending_hash.eq(token_hash))
        .select(EmailRow::as_select())
        .first(c)
        .optional()
}

/// The waiting address becomes the one in use; the digest starts after `digest_after` (the
/// newest notification now), so nothing from before is mailed.
pub fn confirm(
    c: &mut DbConnection,
    user_id: i64,
    address: &str,
    now: NaiveDateTime,
    digest_after: i64,
) -> QueryResult<usize> {
    diesel::update(account_emails::table.find(user_id))
        .set((
            account_emails::address.eq(Some(address)),
            account_emails::verified_at.eq(Some(now)),
            account_emails::pending_address.eq(None::<String>),
            account_emails::pending_hash.eq(None::<String>),
            account_emails::pending_at.eq(None::<NaiveDateTime>),
            account_emails::digest_after.eq(digest_after),
            account_emails::digest_sent_at.eq(Some(now)),
        ))
        .execute(c)
}

/// Forgets the waiting address (the address in use stays).
pub fn clear_pending(c: &mut DbConnection, user_id: i64) -> QueryResult<usize> {
    diesel::update(account_emails::table.find(user_id))
        .set((
            account_emails::pending_address.eq(None::<String>),
            account_emails::pending_hash.eq(None::<String>),
            account_emails::pending_at.eq(None::<NaiveDateTime>),
        ))
        .execute(c)
}

/// Forgets both addresses.
pub fn remove(c: &mut DbConnection, user_id: i64) -> QueryResult<usize> {
    diesel::delete(account_emails::table.find(user_id)).execute(c)
}

/// The accounts with an address in use whose last digest went out at or before `before`.
pub fn digests_due(c: &mut DbConnection, before: NaiveDateTime) -> QueryResult<Vec<EmailRow>> {
    account_emails::table
        .filter(account_emails::address.is_not_null())
        .filter(account_emails::digest_sent_at.le(before))
        .order(account_emails::user_id.asc())
        .select(EmailRow::as_select())
        .load(c)
}

/// Moves an account's digest cursor; `sent`: a digest went out now.
pub fn set_digest(
    c: &mut DbConnection,
    user_id: i64,
    after: i64,
    sent: Option<NaiveDateTime>,
) -> QueryResult<()> {
    match sent {
        Some(at) => diesel::update(account_emails::table.find(user_id))
            .set((
                account_emails::digest_after.eq(after),
                account_emails::digest_sent_at.eq(Some(at)),
            ))
            .execute(c),
        None => diesel::update(account_emails::table.find(user_id))
            .set(account_emails::digest_after.eq(after))
            .execute(c),
    }
    .map(|_| ())
}

/// The modes an account chose, as `(kind, mode)`.
pub fn modes(c: &mut DbConnection, user_id: i64) -> QueryResult<Vec<(String, String)>> {
    mail_prefs::table
        .filter(mail_prefs::user_id.eq(user_id))
        .select((mail_prefs::kind, mail_prefs::mode))
        .load(c)
}

pub fn set_mode(c: &mut DbConnection, user_id: i64, kind: &str, mode: &str) -> QueryResult<()> {
    crate::on_backend!(c, |c| diesel::insert_into(mail_prefs::table)
        .values((
            mail_prefs::user_id.eq(user_id),
            mail_prefs::kind.eq(kind),
            mail_prefs::mode.eq(mode),
        ))
        .on_conflict((mail_prefs::user_id, mail_prefs::kind))
        .do_update()
        .set(mail_prefs::mode.eq(mode))
        .execute(c))
    .map(|_| ())
}

/// A mail to queue.
pub struct NewMail<'a> {
    pub user_id: i64,
    /// A kind of notification, `digest` or `verify`.
    pub kind: &'a str,
    pub to_address: &'a str,
    pub subject: &'a str,
    pub body: &'a str,
    /// The one-click unsubscribe address (`List-Unsubscribe`).
    pub unsubscribe: &'a str,
}

pub fn enqueue(c: &mut DbConnection, m: &NewMail, now: NaiveDateTime) -> QueryResult<()> {
    diesel::insert_into(mail_outbox::table)
        .values((
            mail_outbox::user_id.eq(m.user_id),
            mail_outbox::kind.eq(m.kind),
            mail_outbox::to_address.eq(m.to_address),
            mail_outbox::subject.eq(m.subject),
            mail_outbox::body.eq(m.body),
            mail_outbox::unsubscribe.eq(m.unsubscribe),
            mail_outbox::created_at.eq(now),
            mail_outbox::send_after.eq(now),
        ))
        .execute(c)
        .map(|_| ())
}

/// How many mails of `kind` to `user_id` were queued since `since` (the limit on link mails).
pub fn queued_since(
    c: &mut DbConnection,
    user_id: i64,
    kind: &str,
    since: NaiveDateTime,
) -> QueryResult<i64> {
    mail_outbox::table
        .filter(mail_outbox::user_id.eq(user_id))
        .filter(mail_outbox::kind.eq(kind))
        .filter(mail_outbox::created_at.ge(since))
        .count()
        .get_result(c)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = mail_outbox)]
pub struct OutboxRow {
    pub id: i64,
    pub user_id: i64,
    pub kind: String,
    pub to_address: String,
    pub subject: String,
    pub body: String,
    pub unsubscribe: String,
    pub created_at: NaiveDateTime,
    pub attempts: i32,
    pub sent_at: Option<NaiveDateTime>,
    pub failed_at: Option<NaiveDateTime>,
    pub last_error: Option<String>,
}

/// Claims up to `limit` mails that are due and held by no sender (or whose sender's claim ran
/// out), for `claim` until `until`; returns them. On PostgreSQL rows another transaction is
/// claiming are skipped, and the update re-checks each row, so two senders never both get one.
pub fn claim(
    c: &mut DbConnection,
    claim: &str,
    now: NaiveDateTime,
    until: NaiveDateTime,
    limit: i64,
) -> QueryResult<Vec<OutboxRow>> {
    let free = mail_outbox::claimed_until
        .is_null()
        .or(mail_outbox::claimed_until.lt(now));
    let waiting = mail_outbox::table
        .filter(mail_outbox::sent_at.is_null())
        .filter(mail_outbox::failed_at.is_null())
        .filter(mail_outbox::send_after.le(now))
        .filter(free)
        .order(mail_outbox::id.asc())
        .limit(limit)
        .select(mail_outbox::id);
    let ids: Vec<i64> = match c {
        DbConnection::Pg(pg) => waiting.for_update().skip_locked().load(pg)?,
        DbConnection::Sqlite(_) => waiting.load(c)?,
    };
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    diesel::update(
        mail_outbox::table
            .filter(mail_outbox::id.eq_any(&ids))
            .filter(mail_outbox::sent_at.is_null())
            .filter(mail_outbox::failed_at.is_null())
            .filter(free),
    )
    .set((
        mail_outbox::claim.eq(Some(claim)),
        mail_outbox::claimed_until.eq(Some(until)),
        mail_outbox::attempts.eq(mail_outbox::attempts + 1),
    ))
    .execute(c)?;
    mail_outbox::table
        .filter(mail_outbox::claim.eq(claim))
        .filter(mail_outbox::sent_at.is_null())
        .filter(mail_outbox::failed_at.is_null())
        .order(mail_outbox::id.asc())
        .select(OutboxRow::as_select())
        .load(c)
}

/// The claimed mail went out.
pub fn mark_sent(
    c: &mut DbConnection,
    id: i64,
    claim: &str,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    diesel::update(
        mail_outbox::table
            .filter(mail_outbox::id.eq(id))
            .filter(mail_outbox::claim.eq(claim)),
    )
    .set((
        mail_outbox::sent_at.eq(Some(now)),
        mail_outbox::claim.eq(None::<String>),
        mail_outbox::claimed_until.eq(None::<NaiveDateTime>),
        mail_outbox::last_error.eq(None::<String>),
    ))
    .execute(c)
}

/// The claimed mail did not go out: try again after `at`, or (`at` is `None`) never.
pub fn mark_failed(
    c: &mut DbConnection,
    id: i64,
    claim: &str,
    now: NaiveDateTime,
    at: Option<NaiveDateTime>,
    error: &str,
) -> QueryResult<usize> {
    let row = mail_outbox::table
        .filter(mail_outbox::id.eq(id))
        .filter(mail_outbox::claim.eq(claim));
    match at {
        Some(at) => diesel::update(row)
            .set((
                mail_outbox::send_after.eq(at),
                mail_outbox::claim.eq(None::<String>),
                mail_outbox::claimed_until.eq(None::<NaiveDateTime>),
                mail_outbox::last_error.eq(Some(error)),
            ))
            .execute(c),
        None => diesel::update(row)
            .set((
                mail_outbox::failed_at.eq(Some(now)),
                mail_outbox::claim.eq(None::<String>),
                mail_outbox::claimed_until.eq(None::<NaiveDateTime>),
                mail_outbox::last_error.eq(Some(error)),
            ))
            .execute(c),
    }
}

/// The `last_error` of a mail withdrawn before it was sent.
pub const WITHDRAWN: &str = "withdrawn";

/// Withdraws the account's mails still waiting (of `kinds`, or all): an address removed or a
/// kind turned off stops what was queued too. A mail a sender holds right now may still go.
pub fn cancel_waiting(
    c: &mut DbConnection,
    user_id: i64,
    kinds: Option<&[&str]>,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let base = mail_outbox::table
        .filter(mail_outbox::user_id.eq(user_id))
        .filter(mail_outbox::sent_at.is_null())
        .filter(mail_outbox::failed_at.is_null())
        .filter(
            mail_outbox::claimed_until
                .is_null()
                .or(mail_outbox::claimed_until.lt(now)),
        );
    let set = (
        mail_outbox::failed_at.eq(Some(now)),
        mail_outbox::last_error.eq(Some(WITHDRAWN)),
    );
    match kinds {
        Some(k) => diesel::update(base.filter(mail_outbox::kind.eq_any(k)))
            .set(set)
            .execute(c),
        None => diesel::update(base).set(set).execute(c),
    }
}

/// The newest mails of an account (its page shows them), newest first.
pub fn recent_of(c: &mut DbConnection, user_id: i64, limit: i64) -> QueryResult<Vec<OutboxRow>> {
    mail_outbox::table
        .filter(mail_outbox::user_id.eq(user_id))
        .order(mail_outbox::id.desc())
        .limit(limit)
        .select(OutboxRow::as_select())
        .load(c)
}

/// Deletes mails sent or given up before `before`; returns how many.
pub fn prune(c: &mut DbConnection, before: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(
        mail_outbox::table.filter(
            mail_outbox::sent_at
                .lt(before)
                .or(mail_outbox::failed_at.lt(before)),
        ),
    )
    .execute(c)
}
