//! An account's e-mail address: given, confirmed by opening the link mailed to it, removed.
//!
//! A new address waits (`pending_*`) until its link is opened; until then the address in use,
//! if any, stays in use and nothing else is mailed to the new one. The link's token is stored
//! only as its SHA-256 and lasts [`LINK_HOURS`]. An account may ask for [`LINKS_PER_DAY`] such
//! mails a day, so maku cannot be made to flood someone else's mailbox. Addresses are not unique
//! across accounts: refusing one in use would tell a stranger that it is.

use super::CONFIRM;
use super::queue::{self, Recipient};
use super::unsubscribe::Scope;
use crate::app::AppState;
use crate::auth::tokens::{random_token, sha256_hex};
use crate::db::queries::{account_events, mail as q, users};
use crate::error::AppError;
use crate::i18n::Lang;
use crate::notify::store;

/// How long a confirmation link works.
pub const LINK_HOURS: i64 = 48;
/// Confirmation mails one account may ask for in a day.
pub const LINKS_PER_DAY: i64 = 5;
/// The longest address taken (RFC 5321's path limit, less the angle brackets).
const MAX_LEN: usize = 254;

/// What an account's page and `GET /api/v1/account/email` show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// The address in use (confirmed).
    pub address: Option<String>,
    /// An address waiting for its link to be opened.
    pub pending: Option<String>,
    /// Whether this server sends mail at all.
    pub mail_on: bool,
}

pub async fn status(state: &AppState, user_id: i64) -> Result<Status, AppError> {
    let row = state.db(move |c| Ok(q::email_of(c, user_id)?)).await?;
    Ok(Status {
        address: row.as_ref().and_then(|r| r.address.clone()),
        pending: row.and_then(|r| r.pending_address),
        mail_on: state.mail.is_some(),
    })
}

/// Checks an address as given: one mailbox (`name@domain`), no display name, no spaces, at
/// most 254 characters; returned trimmed.
pub fn parse(raw: &str) -> Result<String, AppError> {
    let s = raw.trim();
    if s.is_empty() || s.len() > MAX_LEN || s.chars().any(|c| c.is_whitespace() || c == '<') {
        return Err(AppError::Invalid("bad_email"));
    }
    s.parse::<lettre::Address>()
        .map(|a| a.to_string())
        .map_err(|_| AppError::Invalid("bad_email"))
}

/// How a request for an address ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Requested {
    /// A link was mailed to the address.
    LinkSent,
    /// It is the address in use already: nothing to confirm (any waiting one is dropped).
    InUse,
}

/// Asks to use `raw` (mails to it will be written in `lang`): mails it a link. Refused when
/// the server sends no mail (`mail_off`), for a malformed address (`bad_email`), and past
/// [`LINKS_PER_DAY`] (429).
pub async fn request(
    state: &AppState,
    user_id: i64,
    raw: &str,
    lang: Lang,
) -> Result<Requested, AppError> {
    let Some(mailer) = state.mail.clone() else {
        return Err(AppError::Conflict("mail_off"));
    };
    let address = parse(raw)?;
    let (now, base) = (state.clock.now(), state.settings.public_base());
    let outcome = state
        .write(move |c| {
            let row = q::email_of(c, user_id)?;
            if row
                .as_ref()
                .and_then(|r| r.address.as_deref())
                .is_some_and(|a| a.eq_ignore_ascii_case(&address))
            {
                q::clear_pending(c, user_id)?;
                return Ok(Requested::InUse);
            }
            let since = now - chrono::Duration::days(1);
            if q::queued_since(c, user_id, CONFIRM, since)? >= LINKS_PER_DAY {
                return Err(AppError::RateLimited);
            }
            let user = users::by_id(c, user_id)?.ok_or(AppError::NotFound)?;
            let token = random_token();
            q::set_pending(c, user_id, &address, &sha256_hex(&token), now, lang.code())?;
            // A mail already waiting for an older address goes no more.
            q::cancel_waiting(c, user_id, Some(&[CONFIRM]), now)?;
            let link = format!("{base}/account/email/confirm/{token}");
            let text = mailer.words.confirm(lang, &user.username, &address, &link);
            let to = Recipient {
                address: address.clone(),
                lang,
                username: user.username,
                since: now,
            };
            queue::enqueue(
                c,
                &mailer,
                &base,
                now,
                user_id,
                &to,
                CONFIRM,
                Scope::Confirm,
                text,
            )?;
            let detail = serde_json::json!({"domain": domain_of(&address)}).to_string();
            account_events::append(c, Some(user_id), Some(user_id), "email_requested", &detail)?;
            Ok(Requested::LinkSent)
        })
        .await?;
    if outcome == Requested::LinkSent
        && let Some(m) = &state.mail
    {
        m.wake();
    }
    Ok(outcome)
}

/// The part after `@` (what the history keeps of an address).
fn domain_of(address: &str) -> &str {
    address.rsplit_once('@').map_or("", |(_, d)| d)
}

/// What opening a confirmation link did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Confirmed {
    /// The address is now in use.
    Done { address: String },
    /// The link is older than [`LINK_HOURS`]: ask again.
    Expired,
    /// No address waits for this link (used already, replaced, removed, or never made).
    Unknown,
}

/// What a confirmation link stands for, looked at without opening it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Link {
    /// Opening it would put this address in use.
    Waiting { address: String },
    /// See [`Confirmed::Expired`].
    Expired,
    /// See [`Confirmed::Unknown`].
    Unknown,
}

/// The account and address a link's token waits for, or why it confirms nothing.
fn look_up(
    c: &mut crate::db::DbConnection,
    token: &str,
    now: chrono::NaiveDateTime,
) -> Result<Result<(i64, String), Link>, AppError> {
    let Some(row) = q::by_pending_hash(c, &sha256_hex(token))? else {
        return Ok(Err(Link::Unknown));
    };
    let (Some(address), Some(at)) = (row.pending_address, row.pending_at) else {
        return Ok(Err(Link::Unknown));
    };
    if now - at > chrono::Duration::hours(LINK_HOURS) {
        return Ok(Err(Link::Expired));
    }
    Ok(Ok((row.user_id, address)))
}

/// What a confirmation link would do, changing nothing: its page asks before it confirms, so a
/// link scanner's or a preview's `GET` confirms no address.
pub async fn link(state: &AppState, token: String) -> Result<Link, AppError> {
    let now = state.clock.now();
    state
        .db(move |c| {
            Ok(match look_up(c, &token, now)? {
                Ok((_, address)) => Link::Waiting { address },
                Err(why) => why,
            })
        })
        .await
}

/// Opens a confirmation link (the `POST` of its page's button).
pub async fn confirm(state: &AppState, token: String) -> Result<Confirmed, AppError> {
    let now = state.clock.now();
    state
        .write(move |c| {
            let (user_id, address) = match look_up(c, &token, now)? {
                Ok(found) => found,
                Err(Link::Expired) => return Ok(Confirmed::Expired),
                Err(_) => return Ok(Confirmed::Unknown),
            };
            let newest = store::newest_id(c)?;
            q::confirm(c, user_id, &address, now, newest)?;
            let detail = serde_json::json!({"domain": domain_of(&address)}).to_string();
            account_events::append(c, Some(user_id), Some(user_id), "email_confirmed", &detail)?;
            Ok(Confirmed::Done { address })
        })
        .await
}

/// Forgets the account's addresses (in use and waiting) and withdraws its waiting mails.
pub async fn remove(state: &AppState, user_id: i64) -> Result<(), AppError> {
    let now = state.clock.now();
    state
        .write(move |c| {
            if q::remove(c, user_id)? == 0 {
                return Ok(());
            }
            q::cancel_waiting(c, user_id, None, now)?;
            account_events::append(c, Some(user_id), Some(user_id), "email_removed", "{}")?;
            Ok(())
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked() {
        assert_eq!(
            parse("  li.lei@example.com ").ok().as_deref(),
            Some("li.lei@example.com")
        );
        for bad in [
            "",
            "no-at-sign",
            "two words@example.com",
            "Li <li@example.com>",
            "@example.com",
            "li@",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        let long = format!("{}@example.com", "a".repeat(250));
        assert!(parse(&long).is_err());
    }

    #[test]
    fn the_history_keeps_only_the_domain() {
        assert_eq!(domain_of("li@example.com"), "example.com");
    }
}
