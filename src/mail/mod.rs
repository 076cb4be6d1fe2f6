//! E-mail, optional (docs/mail.md): on when the server has an SMTP address (`--smtp-url`).
//!
//! Nothing is sent from a request. Every mail is first a row of `mail_outbox`, written in the
//! transaction that decides it; a sender ([`deliver`]) claims due rows, sends them and marks
//! them sent. So a restart loses nothing, and two instances never send the same row. What is
//! mailed follows the notifications (`notify::`): a kind an account turned off in the bell is off
//! by mail too; otherwise each kind is mailed at once, in a daily digest, or not at all
//! ([`prefs`]). An address is used only after its owner opened the link mailed to it
//! ([`address`]), and every mail carries a one-click unsubscribe ([`unsubscribe`]).
//!
//! The words of a mail are the web shell's ([`Words`], `web::mail_text`): this module knows
//! when and to whom, not what a notification says.

pub mod address;
pub mod deliver;
/// The sender, held by the shared state (`app::mailer`), a layer below `mail`.
pub use crate::app::mailer;
pub mod prefs;
pub mod queue;
pub mod unsubscribe;

pub use mailer::{MailConfigError, Mailer, Text, Words, default_from};

use crate::app::AppState;
use crate::error::AppError;
use std::time::Duration;

/// The kind of the mail that asks to confirm an address.
pub const CONFIRM: &str = "confirm";
/// The kind of the daily digest.
pub const DIGEST: &str = "digest";

/// Queues what is due (mails at once, digests) and sends what is waiting; returns how many
/// mails this call sent. Nothing when mail is off.
pub async fn tick(state: &AppState) -> Result<usize, AppError> {
    let Some(mailer) = state.mail.clone() else {
        return Ok(0);
    };
    let (now, base) = (state.clock.now(), state.settings.public_base());
    let (m, b) = (mailer.clone(), base.clone());
    state
        .write(move |c| queue::from_notifications(c, &m, &b, now))
        .await?;
    let m = mailer.clone();
    state
        .write(move |c| queue::digests(c, &m, &base, now))
        .await?;
    deliver::deliver(state, &mailer).await
}

/// Runs [`tick`] every `every` (and at once when this process queues a mail) until the server
/// stops.
pub fn spawn(state: AppState, every: Duration) {
    let Some(mailer) = state.mail.clone() else {
        return;
    };
    tokio::spawn(async move {
        loop {
            if let Err(e) = tick(&state).await {
                tracing::error!(error = %e, "mail tick failed");
            }
            tokio::select! {
                _ = mailer.wake.notified() => {}
                _ = tokio::time::sleep(every) => {}
                _ = state.shutdown.fired() => break,
            }
        }
    });
}
