//! The sender of one process: its SMTP transport, its `From` and the words mails are written
//! with. Part of the shared state (`AppState::mail`), so here in `app` and not in `mail` (which
//! uses `AppState`: from there `app` imported up a layer); `mail::mailer` is still its name.

use crate::db::queries::notifications::NotificationRow;
use crate::i18n::Lang;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, Tokio1Executor};
use std::sync::Arc;
use std::time::Duration;

/// A mail's text, in the account's language.
pub struct Text {
    pub subject: String,
    pub body: String,
}

/// What mails say: written by the web shell, which has the words and the links.
pub trait Words: Send + Sync {
    /// The mail that asks to confirm `address` for the account `username`; `link` confirms it.
    fn confirm(&self, lang: Lang, username: &str, address: &str, link: &str) -> Text;
    /// One notification, mailed at once (`base`: the public URL, for its link).
    fn notification(&self, lang: Lang, row: &NotificationRow, base: &str) -> Text;
    /// The digest of `rows` (oldest first); `more`: how many more there were.
    fn digest(&self, lang: Lang, rows: &[NotificationRow], more: usize, base: &str) -> Text;
    /// The end of every mail: to whom and why it came, and how to stop it.
    fn footer(&self, lang: Lang, username: &str, unsubscribe: &str, base: &str) -> String;
}

/// The sender: the SMTP transport, the `From` address and the words. One per process.
pub struct Mailer {
    pub(crate) transport: AsyncSmtpTransport<Tokio1Executor>,
    pub(crate) from: Mailbox,
    /// The domain of Message-IDs.
    pub(crate) host: String,
    pub words: Arc<dyn Words>,
    /// Woken when this process queues a mail, so a confirmation leaves at once.
    pub(crate) wake: tokio::sync::Notify,
}

/// A mail setting that cannot work (given at start: the server does not start with it).
#[derive(Debug, thiserror::Error)]
pub enum MailConfigError {
    #[error("--smtp-url: {0}")]
    Url(String),
    #[error("--mail-from: {0}")]
    From(String),
}

/// How long one SMTP exchange may take; a claim lasts far longer (`deliver::CLAIM`).
const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

impl Mailer {
    /// A mailer for `smtp_url` (`smtp://host:port`, `smtp://user:pass@host:587?tls=required`,
    /// `smtps://host`; lettre's forms), sending as `from`.
    pub fn new(
        smtp_url: &str,
        from: &str,
        words: Arc<dyn Words>,
    ) -> Result<Mailer, MailConfigError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .map_err(|e| MailConfigError::Url(e.to_string()))?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        let from: Mailbox = from
            .parse()
            .map_err(|e: lettre::address::AddressError| MailConfigError::From(e.to_string()))?;
        let host = from.email.domain().to_string();
        Ok(Mailer {
            transport,
            from,
            host,
            words,
            wake: tokio::sync::Notify::new(),
        })
    }

    /// Wakes this process's sender (a mail was queued).
    pub fn wake(&self) {
        self.wake.notify_one();
    }
}

/// The `From` address when none is given: `maku` at the public URL's host (`localhost` when that
/// is an IP address or has no dot).
pub fn default_from(public_base: &str) -> String {
    let host = url::Url::parse(public_base)
        .ok()
        .and_then(|u| u.domain().map(str::to_string))
        .filter(|h| h.contains('.'))
        .unwrap_or_else(|| "localhost".to_string());
    format!("maku <maku@{host}>")
}
