//! Sends what waits in `mail_outbox`. A round claims due rows for itself in a short transaction
//! (for [`CLAIM`], far longer than an SMTP exchange may take), sends each, and marks it sent in
//! another; no transaction stays open while the SMTP server answers. A process that dies holding
//! a claim leaves its rows to be claimed again once the claim runs out, so nothing is lost; a
//! row is never held by two senders at once, so two instances do not both send it. (Dying in the
//! instant between the SMTP server's "accepted" and the mark would send that one mail again,
//! with the same Message-ID, which mail clients show once.)
//!
//! A refusal the SMTP server calls temporary (4xx, or no connection) is tried again later, after
//! [`RETRY_MINUTES`]; a permanent one (5xx), or the last retry, gives the mail up.

use super::Mailer;
use crate::app::AppState;
use crate::auth::tokens::random_token;
use crate::db::queries::mail::{self as q, OutboxRow};
use crate::error::AppError;
use lettre::AsyncTransport;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Mailbox, Message};

/// How long a claim holds its rows.
pub const CLAIM: chrono::Duration = chrono::Duration::minutes(15);
/// Rows claimed a round: each takes at most the SMTP timeout, so a round ends well inside
/// [`CLAIM`].
const ROUND: i64 = 20;
/// The waits before the second, third, … try; after the last, the mail is given up.
const RETRY_MINUTES: [i64; 5] = [1, 5, 30, 120, 360];

/// Sends every due mail (rounds of [`ROUND`]); returns how many went out.
pub async fn deliver(state: &AppState, mailer: &Mailer) -> Result<usize, AppError> {
    let mut sent = 0;
    loop {
        let claim = random_token();
        let now = state.clock.now();
        let c2 = claim.clone();
        let rows = state
            .write(move |c| Ok(q::claim(c, &c2, now, now + CLAIM, ROUND)?))
            .await?;
        if rows.is_empty() {
            return Ok(sent);
        }
        let full = rows.len() as i64 == ROUND;
        for row in rows {
            let outcome = send(mailer, &row).await;
            let now = state.clock.now();
            let (id, claim) = (row.id, claim.clone());
            match outcome {
                Ok(()) => {
                    sent += 1;
                    metrics::counter!(crate::telemetry::MAILS_SENT).increment(1);
                    tracing::info!(mail = id, kind = %row.kind, "mail sent");
                    state
                        .write(move |c| Ok(q::mark_sent(c, id, &claim, now)?))
                        .await?;
                }
                Err(e) => {
                    let retry = retry_at(&e, row.attempts, now);
                    let outcome = if retry.is_some() { "retry" } else { "given_up" };
                    metrics::counter!(crate::telemetry::MAILS_FAILED, "outcome" => outcome)
                        .increment(1);
                    tracing::warn!(mail = id, error = %e.message, retry = ?retry, "mail not sent");
                    let msg = e.message;
                    state
                        .write(move |c| Ok(q::mark_failed(c, id, &claim, now, retry, &msg)?))
                        .await?;
                }
            }
        }
        if !full {
            return Ok(sent);
        }
    }
}

/// Why a mail did not go, and whether trying again may help.
struct SendError {
    message: String,
    permanent: bool,
}

/// When to try a mail again after `attempts` tries, or `None`: never.
fn retry_at(
    e: &SendError,
    attempts: i32,
    now: chrono::NaiveDateTime,
) -> Option<chrono::NaiveDateTime> {
    if e.permanent {
        return None;
    }
    let wait = RETRY_MINUTES.get(usize::try_from(attempts.max(1) - 1).ok()?)?;
    Some(now + chrono::Duration::minutes(*wait))
}

/// The Message-ID of a row: the same every time the row is sent.
fn message_id(mailer: &Mailer, row: &OutboxRow) -> String {
    format!(
        "<maku.{}.{}@{}>",
        row.id,
        row.created_at.and_utc().timestamp(),
        mailer.host
    )
}

fn header(name: &'static str, value: String) -> HeaderValue {
    HeaderValue::new(HeaderName::new_from_ascii_str(name), value)
}

/// The message of a row: plain UTF-8 text (`MIME-Version: 1.0`), with the one-click unsubscribe (RFC 8058) and
/// `Auto-Submitted` (RFC 3834: no auto-replies to it).
fn message(mailer: &Mailer, row: &OutboxRow) -> Result<Message, SendError> {
    let to: Mailbox = row.to_address.parse().map_err(|e| SendError {
        message: format!("bad address: {e}"),
        permanent: true,
    })?;
    Message::builder()
        .from(mailer.from.clone())
        .to(to)
        .subject(row.subject.clone())
        .message_id(Some(message_id(mailer, row)))
        .raw_header(header("List-Unsubscribe", format!("<{}>", row.unsubscribe)))
        .raw_header(header(
            "List-Unsubscribe-Post",
            "List-Unsubscribe=One-Click".into(),
        ))
        .raw_header(header("Auto-Submitted", "auto-generated".into()))
        // lettre adds `MIME-Version` only to multipart and `singlepart` bodies (its own
        // `mime_1_0` is private), not to a
        // message built with `body`: RFC 2045 §4 wants it on every MIME message.
        .header(lettre::message::header::MIME_VERSION_1_0)
        .header(ContentType::TEXT_PLAIN)
        .body(row.body.clone())
        .map_err(|e| SendError {
            message: format!("cannot build the mail: {e}"),
            permanent: true,
        })
}

async fn send(mailer: &Mailer, row: &OutboxRow) -> Result<(), SendError> {
    let message = message(mailer, row)?;
    mailer
        .transport
        .send(message)
        .await
        .map(|_| ())
        .map_err(|e| SendError {
            permanent: e.is_permanent(),
            message: e.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> chrono::NaiveDateTime {
        chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").expect("time")
    }

    #[test]
    fn temporary_refusals_are_retried_later_and_then_given_up() {
        let now = at("2026-12-03 10:00");
        let temp = SendError {
            message: "451".into(),
            permanent: false,
        };
        assert_eq!(retry_at(&temp, 1, now), Some(at("2026-12-03 10:01")));
        assert_eq!(retry_at(&temp, 2, now), Some(at("2026-12-03 10:05")));
        assert_eq!(retry_at(&temp, 5, now), Some(at("2026-12-03 16:00")));
        assert_eq!(retry_at(&temp, 6, now), None);
        let perm = SendError {
            message: "550".into(),
            permanent: true,
        };
        assert_eq!(retry_at(&perm, 1, now), None);
    }
}
