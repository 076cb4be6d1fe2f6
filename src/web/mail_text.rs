//! The words of every mail (`mail::Words`), in the account's language: the same sentences as
//! the bell's list (`web::notifications::describe`), with absolute links. A mail says what
//! happened and where; it never quotes a post, so no post text (a team thread's, a hidden
//! one's) ever leaves by mail.

use crate::i18n::{Lang, Tr};
use crate::mail::{Text, Words};
use crate::notify::store::NotificationRow;
use crate::web::notifications::describe;

/// The words the server mails with.
pub struct MailWords;

/// The longest subject taken from a notification's sentence (in characters).
const SUBJECT_CHARS: usize = 90;

fn subject_of(tr: &Tr, sentence: &str) -> String {
    let short: String = sentence.chars().take(SUBJECT_CHARS).collect();
    let short = if short.chars().count() < sentence.chars().count() {
        format!("{short}…")
    } else {
        short
    };
    tr.t1("mail-subject", "what", &short)
}

impl Words for MailWords {
    fn confirm(&self, lang: Lang, username: &str, address: &str, link: &str) -> Text {
        let tr = Tr::new(lang);
        Text {
            subject: tr.t("mail-confirm-subject"),
            body: format!(
                "{}\n\n{link}\n\n{}",
                tr.ta(
                    "mail-confirm-body",
                    &[
                        ("name", username.to_string()),
                        ("address", address.to_string()),
                        ("hours", crate::mail::address::LINK_HOURS.to_string()),
                    ],
                ),
                tr.t("mail-confirm-not-you"),
            ),
        }
    }

    fn notification(&self, lang: Lang, row: &NotificationRow, base: &str) -> Text {
        let tr = Tr::new(lang);
        let (text, href) = describe(&tr, row);
        Text {
            subject: subject_of(&tr, &text),
            body: format!("{text}\n\n{base}{href}"),
        }
    }

    fn digest(&self, lang: Lang, rows: &[NotificationRow], more: usize, base: &str) -> Text {
        let tr = Tr::new(lang);
        let total = rows.len() + more;
        let mut body = tr.t1("mail-digest-intro", "count", &total);
        body.push_str("\n\n");
        for row in rows {
            let (text, href) = describe(&tr, row);
            body.push_str(&format!("- {text}\n  {base}{href}\n"));
        }
        if more > 0 {
            body.push_str(&format!(
                "\n{}\n{base}/notifications\n",
                tr.t1("mail-digest-more", "count", &more)
            ));
        }
        Text {
            subject: tr.t1("mail-digest-subject", "count", &total),
            body,
        }
    }

    fn footer(&self, lang: Lang, username: &str, unsubscribe: &str, base: &str) -> String {
        let tr = Tr::new(lang);
        format!(
            "{}\n{}\n{unsubscribe}\n{}\n{base}/account/notifications",
            tr.t1("mail-footer-to", "name", &username),
            tr.t("mail-footer-stop"),
            tr.t("mail-footer-settings"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_sentences_make_short_subjects() {
        let tr = Tr::new(Lang::En);
        let s = subject_of(&tr, &"x".repeat(200));
        assert!(s.contains('…'), "{s}");
        assert!(s.chars().count() < 120, "{s}");
        assert!(!subject_of(&tr, "short").contains('…'));
    }
}
