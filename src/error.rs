//! The one error type of the services and the web shell. It knows no HTTP: `web/error.rs` maps
//! it once to a status, an HTML page in the reader's language, or the JSON API's
//! `{"error","message"}`.

use crate::domain::InputError;
use crate::i18n::Tr;
use crate::rules::Why;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("not found")]
    NotFound,
    /// A path names a variant this build does not know (a leaderboard's): `404`, saying so.
    #[error("no variant is named {0:?}")]
    UnknownVariant(String),
    #[error("sign in first")]
    Unauthorized,
    #[error("not allowed")]
    Forbidden,
    #[error("the form's CSRF token is missing or stale")]
    Csrf,
    #[error("bad input: {0}")]
    Input(#[from] InputError),
    /// A game ID of a list (a character list, a fixed deal's seats) that breaks the rules of
    /// game IDs: the code and message of its reason, with the ID.
    #[error("bad input: {0}")]
    GameId(crate::domain::CastError),
    #[error("bad request: {0}")]
    BadRequest(String),
    /// An action object its variant cannot read (`400 invalid_action`): what is wrong with it,
    /// as the engine tells it; the reader is told in the catalogs' words, never the engine's.
    #[error("bad request: {0}")]
    BadAction(crate::rules::Malformed),
    /// A state conflict; the code names the message (`error-<code>`).
    #[error("conflict: {0}")]
    Conflict(&'static str),
    #[error("gone")]
    Gone,
    #[error("too many attempts")]
    RateLimited,
    /// The database stayed locked by another writer (SQLite shared by several processes)
    /// through the busy timeout and the retries: nothing was written; try again shortly.
    #[error("the database is busy")]
    Busy,
    /// A JSON body with a key given twice in one object (its dotted path): ambiguous, refused.
    #[error("the field {0:?} is given twice")]
    DuplicateField(String),
    /// A JSON body with a field the endpoint does not know (api.md: `400 unknown_field`).
    #[error("unknown field {0:?}")]
    UnknownField(String),
    /// Too many actions or posts in a minute; the client may retry after this many seconds.
    #[error("too many in a minute; retry in {0} s")]
    TooFast(u64),
    /// The path exists, but not for this method.
    #[error("method not allowed")]
    MethodNotAllowed,
    #[error("wrong name or password")]
    BadCredentials,
    /// A start refused for the number of sign-ups (`409 seat_count`): how many signed up, and
    /// the range the game allows.
    #[error("{signed_up} signed up; the game needs {min} to {max}")]
    SeatCount {
        signed_up: usize,
        min: usize,
        max: usize,
    },
    /// The account is suspended by an admin (docs/moderation.md): it may read, not post or
    /// act, until `until` (UTC). `403 suspended`, saying why and until when.
    #[error("suspended until {until}: {reason}")]
    Suspended {
        until: chrono::NaiveDateTime,
        reason: String,
    },
    /// A field out of its bounds, named by its code (`reason_empty`, `days_out_of_range`,
    /// …): `400`, the message `error-<code>`.
    #[error("bad input: {0}")]
    Invalid(&'static str),
    /// A setup document that does not hold (`400 invalid_setup`): every problem, each at its
    /// field; the body lists them as `fields` (api.md).
    #[error("the setup does not hold: {} problem(s)", .0.len())]
    InvalidSetup(Vec<crate::rules::setups::Problem>),
    #[error("internal error: {0}")]
    Internal(String),
}

impl AppError {
    /// A JSON body that did not deserialize: `unknown_field` when serde's `deny_unknown_fields`
    /// refused a key (serde reports it only in the message: "unknown field `x`, expected …"),
    /// else a plain bad request.
    pub fn from_json(e: &serde_json::Error) -> AppError {
        let text = e.to_string();
        match text
            .strip_prefix("unknown field `")
            .and_then(|rest| rest.split_once('`'))
        {
            Some((field, _)) => AppError::UnknownField(field.to_string()),
            None => AppError::BadRequest(text),
        }
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(e: diesel::result::Error) -> Self {
        if crate::db::is_busy(&e) {
            AppError::Busy
        } else if crate::db::is_bad_input(&e) {
            // The input, not the server: a `400`, the detail only in the operator's log.
            tracing::warn!(detail = %e, "the database refused the input");
            AppError::Invalid("input_refused")
        } else {
            AppError::Internal(e.to_string())
        }
    }
}

impl AppError {
    /// The stable code of the JSON API.
    pub fn code(&self) -> &'static str {
        match self {
            AppError::NotFound => "not_found",
            AppError::UnknownVariant(_) => "unknown_variant",
            AppError::Unauthorized => "unauthorized",
            AppError::Forbidden => "forbidden",
            AppError::Csrf => "csrf",
            AppError::Input(e) => e.code(),
            AppError::GameId(e) => e.why.code(),
            AppError::BadRequest(_) => "bad_request",
            AppError::BadAction(_) => "invalid_action",
            AppError::Conflict(code) => code,
            AppError::Gone => "gone",
            AppError::Busy => "database_busy",
            AppError::RateLimited | AppError::TooFast(_) => "rate_limited",
            AppError::UnknownField(_) => "unknown_field",
            AppError::InvalidSetup(_) => "invalid_setup",
            AppError::DuplicateField(_) => "duplicate_field",
            AppError::MethodNotAllowed => "method_not_allowed",
            AppError::BadCredentials => "bad_credentials",
            AppError::SeatCount { .. } => "seat_count",
            AppError::Suspended { .. } => "suspended",
            AppError::Invalid(code) => code,
            AppError::Internal(_) => "internal",
        }
    }

    /// The user-facing message in `tr`'s language.
    pub fn message(&self, tr: &Tr) -> String {
        match self {
            AppError::Input(e) => tr.t(e.message_key()),
            AppError::GameId(e) => tr.ta(
                "new-error-character",
                &[("name", e.name.clone()), ("why", tr.t(e.why.message_key()))],
            ),
            AppError::BadRequest(detail) => tr.t1("error-bad-request", "detail", detail),
            AppError::BadAction(m) => match m.why {
                Why::NoType => tr.t("error-invalid-action-no-type"),
                Why::UnknownType => tr.t("error-invalid-action-unknown-type"),
                Why::Field(field) => tr.t1("error-invalid-action-field", "field", &field),
            },
            AppError::UnknownVariant(name) => tr.t1("error-unknown-variant", "name", name),
            AppError::UnknownField(field) => tr.t1("error-unknown-field", "field", field),
            AppError::DuplicateField(field) => tr.t1("error-duplicate-field", "field", field),
            AppError::TooFast(secs) => tr.t1("error-too-fast", "seconds", secs),
            AppError::SeatCount {
                signed_up,
                min,
                max,
            } => tr.ta(
                "error-seat-count-of",
                &[
                    ("count", signed_up.to_string()),
                    ("min", min.to_string()),
                    ("max", max.to_string()),
                ],
            ),
            AppError::Conflict(code) | AppError::Invalid(code) => {
                tr.t(&format!("error-{}", code.replace('_', "-")))
            }
            AppError::Suspended { until, reason } => tr.ta(
                "error-suspended-until",
                &[
                    ("until", until.format("%Y-%m-%d %H:%M UTC").to_string()),
                    ("reason", reason.clone()),
                ],
            ),
            other => tr.t(&format!("error-{}", other.code().replace('_', "-"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Body {
        setup: Option<serde_json::Value>,
    }

    #[test]
    fn unknown_json_fields_are_named() {
        let e = serde_json::from_str::<Body>(r#"{"setpu": 1}"#).expect_err("refused");
        assert!(matches!(AppError::from_json(&e), AppError::UnknownField(f) if f == "setpu"));
        let e = serde_json::from_str::<Body>(r#"{"setup": "#).expect_err("refused");
        assert!(matches!(AppError::from_json(&e), AppError::BadRequest(_)));
    }
}
