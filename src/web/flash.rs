//! Post/redirect/get for the HTML forms: every form POST answers
//! `303 See Other`, and what the page it leads to must show once — the seat action's reply, a
//! judge action's result, a refusal with what was typed — travels as a *flash*.
//!
//! Why a database row named by a token in the session cookie:
//! - **Bound to this browser only.** The random token is kept in the session cookie (signed and
//!   encrypted, HTTP-only), never in a URL or a page: a private action reply stored here reaches
//!   no one but the browser that made it.
//! - **Big enough.** A refused post comes back with its text (up to 20,000 characters, more in
//!   UTF-8 bytes); the cookie store holds about 4 KB in all, so the text cannot live in it.
//! - **Several instances.** Any maku process on the same database can show the flash: nothing is
//!   kept in one process's memory.
//! - **Once.** The page it was made for claims it: reads and deletes the row and drops the token
//!   from the session, so a refresh shows the plain page and resubmits nothing. A page of
//!   another path leaves it alone (a stray request, a second tab), and a newer flash replaces it.
//! - **Pruned.** Rows left unclaimed (the browser never followed the redirect) are deleted a day
//!   after they were made by the scheduler's hourly housekeeping, and never shown after a day.
//!
//! A failed CSRF check stores nothing: handlers check the token before they get here, so a
//! forged cross-site post changes nothing in the victim's session.

use crate::app::AppState;
use crate::auth::tokens::random_token;
use crate::db::queries::flashes::{self, Claim};
use crate::error::AppError;
use crate::web::viewer::Viewer;
use actix_web::HttpResponse;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The session key holding the pending flash's token.
const FLASH_KEY: &str = "flash";

/// What the next page shows once: a message (a notice or a refusal) and, after a refusal, the
/// fields as typed (never a password).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Flash {
    /// A success notice (`true`) or a refusal.
    pub ok: bool,
    pub message: String,
    /// The form on the page it belongs to (a page may hold several); empty: the page's only
    /// one, or none.
    #[serde(default)]
    pub form: String,
    /// What was typed, by field name.
    #[serde(default)]
    pub fields: BTreeMap<String, String>,
    /// The field the refusal is about (its name), when one is: the page marks it invalid and
    /// ties it to the message (`aria-describedby`); empty: the form as a whole.
    #[serde(default)]
    pub about: String,
}

impl Flash {
    /// A success notice.
    pub fn notice(message: impl Into<String>) -> Flash {
        Flash {
            ok: true,
            message: message.into(),
            ..Flash::default()
        }
    }

    /// A refusal shown next to `form`.
    pub fn refusal(form: &str, message: impl Into<String>) -> Flash {
        Flash {
            ok: false,
            message: message.into(),
            form: form.to_string(),
            fields: BTreeMap::new(),
            about: String::new(),
        }
    }

    /// Names the field the refusal is about.
    pub fn about(mut self, field: &str) -> Flash {
        self.about = field.to_string();
        self
    }

    /// The field a refusal of `form` is about, or `""`.
    pub fn invalid_in(&self, form: &str) -> &str {
        if !self.ok && self.form == form {
            &self.about
        } else {
            ""
        }
    }

    /// Keeps a field as typed, for the form to be refilled.
    pub fn with(mut self, name: &str, value: &str) -> Flash {
        self.fields.insert(name.to_string(), value.to_string());
        self
    }

    /// Keeps an optional field, when it was sent.
    pub fn with_opt(self, name: &str, value: Option<&str>) -> Flash {
        match value {
            Some(v) => self.with(name, v),
            None => self,
        }
    }

    /// The field as typed, or `""`.
    pub fn field(&self, name: &str) -> &str {
        self.fields.get(name).map(String::as_str).unwrap_or("")
    }

    /// The refusal's message, when it belongs to `form`.
    pub fn error_for(&self, form: &str) -> Option<String> {
        (!self.ok && self.form == form).then(|| self.message.clone())
    }
}

/// The path part of a local URL (no query, no fragment): what a flash is matched on.
fn path_of(to: &str) -> &str {
    to.split(['?', '#']).next().unwrap_or(to)
}

/// A plain `303 See Other` to a local path.
pub fn see_other(to: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header(("Location", to))
        .finish()
}

/// Stores `flash` for this browser's next visit to `to`, and answers `303 See Other` there.
pub async fn redirect(
    state: &AppState,
    viewer: &Viewer,
    to: &str,
    flash: Flash,
) -> Result<HttpResponse, AppError> {
    let payload = serde_json::to_string(&flash).map_err(|e| AppError::Internal(e.to_string()))?;
    let token = random_token();
    let previous = viewer.session.get::<String>(FLASH_KEY).ok().flatten();
    let path = path_of(to).to_string();
    let now = state.clock.now();
    let t = token.clone();
    state
        .write(move |c| {
            Ok(flashes::replace(
                c,
                previous.as_deref(),
                &t,
                &path,
                &payload,
                now,
            )?)
        })
        .await?;
    viewer
        .session
        .insert(FLASH_KEY, &token)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(see_other(to))
}

/// Claims this browser's flash when it was made for `path`: shown once, then gone.
pub async fn take(
    state: &AppState,
    viewer: &Viewer,
    path: &str,
) -> Result<Option<Flash>, AppError> {
    let Some(token) = viewer.session.get::<String>(FLASH_KEY).ok().flatten() else {
        return Ok(None);
    };
    let path = path_of(path).to_string();
    let t = token.clone();
    let now = state.clock.now();
    let claimed = state
        .write(move |c| Ok(flashes::claim(c, &t, &path, now)?))
        .await?;
    match claimed {
        Claim::OtherPage => Ok(None),
        Claim::Gone => {
            viewer.session.remove(FLASH_KEY);
            Ok(None)
        }
        Claim::Claimed(payload) => {
            viewer.session.remove(FLASH_KEY);
            Ok(serde_json::from_str(&payload).ok())
        }
    }
}

/// Whether a form's refusal goes back to the form with its message (something the reader can
/// read and fix, or read and keep what was typed: a suspension), rather than to an error page.
pub fn shown_at_form(e: &AppError) -> bool {
    matches!(
        e,
        AppError::Input(_)
            | AppError::BadRequest(_)
            | AppError::BadAction(_)
            | AppError::Conflict(_)
            | AppError::BadCredentials
            | AppError::RateLimited
            | AppError::TooFast(_)
            | AppError::Suspended { .. }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flashes_match_on_the_path_only() {
        assert_eq!(path_of("/t/3?page=2#p40"), "/t/3");
        assert_eq!(path_of("/games/1/seat"), "/games/1/seat");
        assert_eq!(path_of("/games/1/seat#outcome"), "/games/1/seat");
    }

    #[test]
    fn refusals_belong_to_their_form() {
        let f = Flash::refusal("reply", "too long").with("body", "x");
        assert_eq!(f.error_for("reply").as_deref(), Some("too long"));
        assert_eq!(f.error_for("new"), None);
        assert_eq!(f.field("body"), "x");
        assert_eq!(f.field("title"), "");
        assert_eq!(Flash::notice("done").error_for(""), None);
    }
}
