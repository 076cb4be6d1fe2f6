//! The HTTP shell: handlers by resource, one error type, the per-request context.

pub mod accounts;
pub mod admin;
pub mod admin_audit;
pub mod api;
pub mod assets;
pub mod boards;
pub mod error;
pub mod feeds;
pub mod game_login;
pub mod games;
pub mod notifications;
pub mod pages;
pub mod posts;
pub mod state;
pub mod threads;
pub mod viewer;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, web};
use error::{AppError, REQUEST_CTX, RequestCtx};

/// Sets the language and the page/API flavour for the error mapping of this request.
pub async fn request_context(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let ctx = RequestCtx {
        lang: viewer::lang_of(req.request()),
        api: req.path().starts_with("/api/"),
    };
    let method = req.method().clone();
    let path = req.path().to_string();
    let started = std::time::Instant::now();
    let result = REQUEST_CTX.scope(ctx, next.call(req)).await;
    let status = result.as_ref().map(|r| r.status().as_u16()).unwrap_or(500);
    // Paths and statuses only: no query strings, bodies or cookies in the log.
    tracing::info!(%method, %path, status, ms = started.elapsed().as_millis() as u64, "request");
    result
}

/// Malformed forms, JSON bodies, paths and queries become clear 400s in the reader's language.
fn bad_input<E: std::fmt::Display>(err: E, _req: &HttpRequest) -> actix_web::Error {
    AppError::BadRequest(err.to_string()).into()
}

/// A JSON body that does not fit: `unknown_field` for a key the endpoint does not know.
fn bad_json(err: actix_web::error::JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    match &err {
        actix_web::error::JsonPayloadError::Deserialize(e) => AppError::from_json(e).into(),
        other => AppError::BadRequest(other.to_string()).into(),
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.app_data(
        web::FormConfig::default()
            .limit(512 * 1024)
            .error_handler(bad_input),
    )
    .app_data(
        web::JsonConfig::default()
            .limit(512 * 1024)
            .error_handler(bad_json),
    )
    .app_data(web::PathConfig::default().error_handler(|_, _| AppError::NotFound.into()))
    .app_data(web::QueryConfig::default().error_handler(bad_input))
    .configure(api::configure)
    .configure(assets::configure)
    .configure(accounts::configure)
    .configure(boards::configure)
    .configure(threads::configure)
    .configure(posts::configure)
    .configure(admin::configure)
    .configure(admin_audit::configure)
    .configure(game_login::configure)
    .configure(games::configure)
    .configure(notifications::configure)
    .configure(feeds::configure);
}
