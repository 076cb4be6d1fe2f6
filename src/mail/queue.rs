//! What becomes a mail: each new notification of a kind mailed at once, and once a day the
//! digest of the notifications still unread. Both read the notifications (`notify::`) after a
//! cursor moved in the transaction that queues the mails, so several instances may run them.

use super::prefs::{self, Mode};
use super::unsubscribe::{self, Scope};
use super::{DIGEST, Mailer, Text};
use crate::db::DbConnection;
use crate::db::queries::{mail as q, users};
use crate::error::AppError;
use crate::i18n::Lang;
use crate::notify::store::{self, NotificationRow};
use chrono::NaiveDateTime;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

/// The notifier's cursor this reads after.
const SOURCE: &str = "mail";
/// The row a digest pass holds (a cursor row whose value is unused).
const DIGEST_LOCK: &str = "mail_digest";
/// Notifications read per tick.
const BATCH: i64 = 500;
/// Notifications one digest tells; the rest are counted.
const DIGEST_LINES: usize = 50;
/// Hours between two digests of an account.
pub const DIGEST_HOURS: i64 = 24;

/// An account that can be mailed now: its address and language, and its name for the footer.
pub(super) struct Recipient {
    pub(super) address: String,
    pub(super) lang: Lang,
    pub(super) username: String,
    /// Notifications from before this time are not mailed (the address was not confirmed yet).
    pub(super) since: NaiveDateTime,
}

fn recipient(c: &mut DbConnection, user_id: i64) -> Result<Option<Recipient>, AppError> {
    let Some(row) = q::email_of(c, user_id)? else {
        return Ok(None);
    };
    let (Some(address), Some(since)) = (row.address, row.verified_at) else {
        return Ok(None);
    };
    let Some(user) = users::by_id(c, user_id)? else {
        return Ok(None);
    };
    Ok(Some(Recipient {
        address,
        lang: Lang::from_code(&row.lang).unwrap_or_default(),
        username: user.username,
        since,
    }))
}

/// Queues one mail to `to`, its footer carrying the unsubscribe address of `scope`: every mail
/// leaves through here (the address's link too, `address::request`).
#[allow(clippy::too_many_arguments)]
pub(super) fn enqueue(
    c: &mut DbConnection,
    mailer: &Mailer,
    base: &str,
    now: NaiveDateTime,
    user_id: i64,
    to: &Recipient,
    kind: &str,
    scope: Scope,
    text: Text,
) -> Result<(), AppError> {
    let stop = unsubscribe::url(base, &unsubscribe::token(c, user_id, scope)?);
    let body = format!(
        "{}\n\n-- \n{}",
        text.body,
        mailer.words.footer(to.lang, &to.username, &stop, base)
    );
    q::enqueue(
        c,
        &q::NewMail {
            user_id,
            kind,
            to_address: &to.address,
            subject: &text.subject,
            body: &body,
            unsubscribe: &stop,
        },
        now,
    )?;
    metrics::counter!(crate::telemetry::MAILS_QUEUED, "kind" => kind.to_string()).increment(1);
    Ok(())
}

/// Every kind's mode of one account (`prefs::modes_of`).
type Modes = Vec<(&'static str, Mode)>;

/// A mail for each new notification whose kind its account has mailed at once.
pub fn from_notifications(
    c: &mut DbConnection,
    mailer: &Mailer,
    base: &str,
    now: NaiveDateTime,
) -> Result<usize, AppError> {
    let after = store::cursor(c, SOURCE)?;
    let rows = store::after(c, after, BATCH)?;
    let Some(last) = rows.last().map(|r| r.id) else {
        return Ok(0);
    };
    // A resolution notifies every seat several times in one batch: each account's address and
    // modes are read once per batch.
    let mut accounts: HashMap<i64, Option<(Recipient, Modes)>> = HashMap::new();
    let mut queued = 0;
    for row in &rows {
        if let Entry::Vacant(e) = accounts.entry(row.user_id) {
            let found = match recipient(c, row.user_id)? {
                Some(to) => Some((to, prefs::modes_of(c, row.user_id)?)),
                None => None,
            };
            e.insert(found);
        }
        let Some(Some((to, modes))) = accounts.get(&row.user_id) else {
            continue;
        };
        // A row of a kind's old name (`notify::renamed`) is that kind.
        let Some(kind) = crate::notify::kind_named(&row.kind) else {
            continue;
        };
        let now_mode = modes.iter().any(|(k, m)| *k == kind && *m == Mode::Now);
        if row.created_at < to.since || !now_mode {
            continue;
        }
        let scope = Scope::Kind(kind);
        let text = mailer.words.notification(to.lang, row, base);
        enqueue(c, mailer, base, now, row.user_id, to, kind, scope, text)?;
        queued += 1;
    }
    store::set_cursor(c, SOURCE, last)?;
    if queued > 0 {
        mailer.wake();
    }
    Ok(queued)
}

/// The digest of each account whose last one is [`DIGEST_HOURS`] old: its notifications since,
/// of the kinds it has in the digest, that it has not read yet. Nothing unread: no mail, and the
/// next digest may come as soon as there is something.
pub fn digests(
    c: &mut DbConnection,
    mailer: &Mailer,
    base: &str,
    now: NaiveDateTime,
) -> Result<usize, AppError> {
    // One digest pass at a time across tasks and instances: the pass holds this row (on
    // PostgreSQL `FOR UPDATE` until its transaction ends; SQLite's write transactions are one
    // at a time already), and reads which digests are due only once it has it, so two passes
    // never both find one due and queue it twice.
    store::cursor(c, DIGEST_LOCK)?;
    let mut queued = 0;
    for row in q::digests_due(c, now - chrono::Duration::hours(DIGEST_HOURS))? {
        let user_id = row.user_id;
        let Some(to) = recipient(c, user_id)? else {
            continue;
        };
        let daily: Vec<&str> = prefs::modes_of(c, user_id)?
            .into_iter()
            .filter(|(_, m)| *m == Mode::Daily)
            .map(|(k, _)| k)
            .collect();
        let rows = store::of_user_after(c, user_id, row.digest_after, 10_000)?;
        let Some(last) = rows.last().map(|r| r.id) else {
            continue;
        };
        let unread: Vec<NotificationRow> = rows
            .into_iter()
            .filter(|r| r.read_at.is_none() && r.created_at >= to.since)
            .filter(|r| crate::notify::kind_named(&r.kind).is_some_and(|k| daily.contains(&k)))
            .collect();
        if unread.is_empty() {
            q::set_digest(c, user_id, last, None)?;
            continue;
        }
        let more = unread.len().saturating_sub(DIGEST_LINES);
        let text = mailer
            .words
            .digest(to.lang, &unread[..unread.len() - more], more, base);
        enqueue(
            c,
            mailer,
            base,
            now,
            user_id,
            &to,
            DIGEST,
            Scope::Digest,
            text,
        )?;
        q::set_digest(c, user_id, last, Some(now))?;
        queued += 1;
    }
    if queued > 0 {
        mailer.wake();
    }
    Ok(queued)
}
