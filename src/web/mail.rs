//! E-mail's pages: the address forms of the notification settings, the confirmation link
//! mailed to a new address, and the unsubscribe address every mail carries (`mail::`).
//!
//! The two links work without a sign-in (they are opened from a mailbox, often on a phone):
//! their secret is the token in the path. The unsubscribe address answers a one-click `POST`
//! from a mail client (RFC 8058) with a page at once; its own page asks first, as the
//! confirmation link's does, so a link checker's `GET` never unsubscribes or confirms anything.

use crate::app::AppState;
use crate::error::AppError;
use crate::mail::address::{self, Confirmed, Link, Requested};
use crate::mail::unsubscribe::{self, Scope};
use crate::web::flash::{self, Flash};
use crate::web::notifications::PREFS_PATH;
use crate::web::pages::PageCtx;
use crate::web::posted::{NoFields, Posted};
use crate::web::viewer::Viewer;
use actix_web::{HttpResponse, get, post, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmailForm {
    email: String,
}

/// Asks to use an address: a link is mailed to it; back to the settings with what happened.
#[post("/account/email")]
async fn set_email(
    state: web::Data<AppState>,
    Posted { viewer, form }: Posted<EmailForm>,
) -> Result<HttpResponse, AppError> {
    let user = viewer.require()?.id;
    let tr = viewer.tr;
    let f = match address::request(&state, user, &form.email, tr.lang).await {
        Ok(Requested::LinkSent) => Flash::notice(tr.t1(
            "mail-link-sent",
            "address",
            &address::parse(&form.email).unwrap_or_default(),
        )),
        Ok(Requested::InUse) => Flash::notice(tr.t("mail-already")),
        Err(e @ (AppError::Invalid(_) | AppError::Conflict(_) | AppError::RateLimited)) => {
            Flash::refusal("email", e.message(&tr)).with("email", &form.email)
        }
        Err(e) => return Err(e),
    };
    flash::redirect(&state, &viewer, &format!("{PREFS_PATH}#email"), f).await
}

#[post("/account/email/remove")]
async fn remove_email(
    state: web::Data<AppState>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    let user = viewer.require()?.id;
    address::remove(&state, user).await?;
    let f = Flash::notice(viewer.tr.t("mail-removed"));
    flash::redirect(&state, &viewer, &format!("{PREFS_PATH}#email"), f).await
}

#[derive(Template, WebTemplate)]
#[template(path = "mail/confirmed.html")]
struct ConfirmedPage {
    page: PageCtx,
    /// The sentence that tells what the link does or did.
    message: String,
    done: bool,
    /// The button's form (the link's own address), while the link waits to be confirmed.
    action: Option<String>,
}

/// The link mailed to a new address: a page that asks, with one button (no sign-in needed; the
/// token is the proof that the mailbox's owner opened it). Looking confirms nothing: mail
/// scanners and previews open links. After the button, what it did (a flash).
#[get("/account/email/confirm/{token}")]
async fn confirm_page(
    viewer: Viewer,
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let token = token.into_inner();
    let path = confirm_path(&token);
    let tr = viewer.tr;
    let page = match flash::take(&state, &viewer, &path).await? {
        Some(f) => ConfirmedPage {
            message: f.message,
            done: f.ok,
            action: None,
            page: viewer.page(),
        },
        None => {
            let (message, done, action) = match address::link(&state, token).await? {
                Link::Waiting { address } => (
                    tr.t1("mail-confirm-question", "address", &address),
                    true,
                    Some(path),
                ),
                Link::Expired => (tr.t("mail-confirm-expired"), false, None),
                Link::Unknown => (tr.t("mail-confirm-unknown"), false, None),
            };
            ConfirmedPage {
                message,
                done,
                action,
                page: viewer.page(),
            }
        }
    };
    private_page(&page)
}

/// The confirmation page's button: confirms the address, then back to the page with what
/// happened (post/redirect/get).
#[post("/account/email/confirm/{token}")]
async fn confirm(
    state: web::Data<AppState>,
    token: web::Path<String>,
    Posted { viewer, .. }: Posted<NoFields>,
) -> Result<HttpResponse, AppError> {
    let token = token.into_inner();
    let tr = viewer.tr;
    let f = match address::confirm(&state, token.clone()).await? {
        Confirmed::Done { address } => {
            Flash::notice(tr.t1("mail-confirm-done", "address", &address))
        }
        Confirmed::Expired => Flash::refusal("", tr.t("mail-confirm-expired")),
        Confirmed::Unknown => Flash::refusal("", tr.t("mail-confirm-unknown")),
    };
    flash::redirect(&state, &viewer, &confirm_path(&token), f).await
}

fn confirm_path(token: &str) -> String {
    format!(
        "/account/email/confirm/{}",
        url::form_urlencoded::byte_serialize(token.as_bytes()).collect::<String>()
    )
}

/// A page whose address holds a secret token: never stored by a cache or a browser.
fn private_page(page: &impl Template) -> Result<HttpResponse, AppError> {
    let html = page
        .render()
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(html))
}

#[derive(Template, WebTemplate)]
#[template(path = "mail/unsubscribe.html")]
struct UnsubscribePage {
    page: PageCtx,
    /// What the address stops, as a question.
    question: String,
    /// Those mails still come (a button to stop them is shown).
    on: bool,
    /// They were stopped by this visit's form.
    done: bool,
    action: String,
}

fn question(tr: &crate::i18n::Tr, scope: Scope) -> String {
    match scope {
        Scope::Kind(kind) => tr.t1(
            "mail-unsubscribe-kind",
            "what",
            &tr.t(&format!("notify-kind-{}", kind.replace('_', "-"))),
        ),
        Scope::Digest => tr.t("mail-unsubscribe-digest"),
        Scope::Confirm => tr.t("mail-unsubscribe-confirm"),
    }
}

#[derive(Deserialize)]
pub struct DoneQuery {
    #[serde(default)]
    done: Option<String>,
}

/// The page of an unsubscribe address: what it stops, and a button (or that it is done).
/// Every unknown or forged token is the same 404.
#[get("/mail/unsubscribe/{token}")]
async fn unsubscribe_page(
    viewer: Viewer,
    state: web::Data<AppState>,
    token: web::Path<String>,
    query: web::Query<DoneQuery>,
) -> Result<HttpResponse, AppError> {
    let token = token.into_inner();
    let t = token.clone();
    let (scope, on) = state
        .db(move |c| {
            let (user, scope) = unsubscribe::check(c, &t)?;
            Ok((scope, unsubscribe::is_on(c, user, scope)?))
        })
        .await?;
    private_page(&UnsubscribePage {
        question: question(&viewer.tr, scope),
        on,
        done: query.done.is_some() && !on,
        action: format!("/mail/unsubscribe/{token}"),
        page: viewer.page(),
    })
}

/// Stops what the address names. From the page's own button (`from=page`): back to the page
/// (post/redirect/get). From a mail client's one-click (RFC 8058: a body of
/// `List-Unsubscribe=One-Click`, form-encoded or multipart, no cookie, no redirect followed): a
/// page at once.
#[post("/mail/unsubscribe/{token}")]
async fn unsubscribe_post(
    viewer: Viewer,
    state: web::Data<AppState>,
    token: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, AppError> {
    let token = token.into_inner();
    unsubscribe::apply(&state, token.clone()).await?;
    let from_page = url::form_urlencoded::parse(&body).any(|(k, v)| k == "from" && v == "page");
    if from_page {
        return Ok(flash::see_other(&format!(
            "/mail/unsubscribe/{token}?done=1"
        )));
    }
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(viewer.tr.t("mail-unsubscribed")))
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(set_email)
        .service(remove_email)
        .service(confirm_page)
        .service(confirm)
        .service(unsubscribe_page)
        .service(unsubscribe_post);
}
