//! The one guard of a suspended account (docs/moderation.md) in front of every write: every form
//! of the pages (the `Posted` extractor) and every request of the API with a bearer token that
//! is not a read (the API's account extractor) asks [`refuse`] before its handler runs. A write route
//! is refused unless it is named in [`STILL_OPEN`], so a new route is guarded without a word.

use crate::app::AppState;
use crate::auth::account::Account;
use crate::error::AppError;
use actix_web::HttpRequest;
use actix_web::http::Method;

/// What a suspended account may still send, by method and route pattern: signing in and out,
/// and its own private settings, which no one else sees and which keep it safe (its password,
/// sessions and tokens, e-mail and mail, notifications, the calendar address). Everything that
/// others see or that moves a game (posts, actions, sign-ups, a game-ID password, the judge's
/// and the admins' acts) is refused.
pub const STILL_OPEN: &[(&str, &str)] = &[
    // Signing in and out (no account writes anything others see).
    ("POST", "/login"),
    ("POST", "/register"),
    ("POST", "/logout"),
    ("POST", "/games/{id}/login"),
    ("POST", "/account/sign-out-everywhere"),
    ("POST", "/account/tokens/{id}/revoke"),
    ("POST", "/api/v1/account/sign-out-everywhere"),
    ("DELETE", "/api/v1/tokens/{id}"),
    // The account's own settings.
    ("POST", "/account/password"),
    ("POST", "/api/v1/account/password"),
    ("POST", "/account/email"),
    ("POST", "/account/email/remove"),
    ("POST", "/account/email/confirm/{token}"),
    ("PUT", "/api/v1/account/email"),
    ("DELETE", "/api/v1/account/email"),
    ("PUT", "/api/v1/account/mail"),
    ("POST", "/account/notifications"),
    ("POST", "/api/v1/account/notifications"),
    ("POST", "/notifications/read"),
    ("POST", "/notifications/open"),
    ("POST", "/api/v1/notifications/read"),
    ("POST", "/account/calendar/revoke"),
    ("DELETE", "/api/v1/account/calendar"),
];

/// The forms whose text a reader typed (a reply, a new thread, an edit, the judge's post): not
/// refused here but by their service, inside its write (`forum::suspension`), so that the
/// handler can bring the page back with the text kept and the reason said (post/redirect/get).
/// Refused all the same: the service's check is the same one, made later.
pub const REFUSED_AT_FORM: &[(&str, &str)] = &[
    ("POST", "/t/{id}/posts"),
    ("POST", "/b/{slug}/threads"),
    ("POST", "/t/{thread}/{floor}/edit"),
    ("POST", "/games/{id}/threads/{kind}"),
    ("POST", "/games/{id}/threads/{kind}/{floor}/edit"),
    ("POST", "/games/{id}/console/post"),
    ("POST", "/games/{id}/notes"),
];

/// Whether `req` is a write a suspended account may still make, or one refused at its form.
fn passes(req: &HttpRequest) -> bool {
    let Some(pattern) = req.match_pattern() else {
        return false;
    };
    let method = req.method().as_str();
    STILL_OPEN
        .iter()
        .chain(REFUSED_AT_FORM)
        .any(|(m, p)| *m == method && *p == pattern)
}

/// Whether the request writes (anything but a read).
fn writes(req: &HttpRequest) -> bool {
    !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS)
}

/// `Err(Suspended)` (`403 suspended`, why and until when) when `account` is suspended and the
/// request is a write it may not make. Reads the database (a write's guard, never from memory).
pub async fn refuse(
    state: &AppState,
    req: &HttpRequest,
    account: &Account,
) -> Result<(), AppError> {
    if !writes(req) || passes(req) {
        return Ok(());
    }
    let id = account.id;
    state
        .db(move |c| crate::forum::suspension::refuse_if_suspended(c, id))
        .await
}
