//! The HTTP shell: handlers by resource, one error type, the per-request context.

pub mod accounts;
pub mod admin;
pub mod admin_account;
pub mod admin_audit;
pub mod api;
pub mod assets;
pub mod boards;
pub mod bodies;
pub mod calendar;
pub mod compress;
pub mod conditional;
pub mod device;
pub mod error;
pub mod feeds;
pub mod flash;
pub mod fragments;
pub mod game_login;
pub mod games;
pub mod leaderboard;
pub mod listings;
pub mod mail;
pub mod mail_text;
pub mod moderation;
pub mod notifications;
pub mod page_cache;
pub mod pages;
pub mod posted;
pub mod posts;
pub mod private;
pub mod redirect;
pub mod requests;
pub mod rules;
pub mod search;
pub mod setups;
pub mod suspended;
pub mod threads;
pub mod viewer;

use crate::error::AppError;
use actix_web::body::{BodySize, BodyStream, BoxBody, EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, ResponseError, web};
use error::{REQUEST_CTX, RequestCtx};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "maku_session";

/// Sets the language and the page/API flavour for the error mapping of this request; an API
/// error that did not come from [`AppError`] is made JSON too ([`error::as_json`]).
/// Paths that hold a secret token (a calendar feed, a mailed link): logged as their route.
const SECRET_PATHS: [&str; 3] = [
    "/calendar/",
    "/mail/unsubscribe/",
    "/account/email/confirm/",
];

pub async fn request_context<B: MessageBody + 'static>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let ctx = RequestCtx {
        lang: viewer::lang_of(req.request()),
        api: req.path().starts_with("/api/"),
        session: req.cookie(SESSION_COOKIE).is_some(),
    };
    let method = req.method().clone();
    let path = req.path().to_string();
    // Where a signed-out reader of a page comes back to after signing in.
    let target = req
        .uri()
        .path_and_query()
        .map_or_else(|| path.clone(), |p| p.as_str().to_string());
    let read = method == Method::GET || method == Method::HEAD;
    let started = std::time::Instant::now();
    let result = REQUEST_CTX.scope(ctx, next.call(req)).await;
    let status = match &result {
        Ok(res) => res.status(),
        Err(e) => e.as_response_error().status_code(),
    };
    let took = started.elapsed();
    // The route's pattern costs a walk of the routes and a string: only when it is recorded, or
    // when the path is itself a secret.
    let secret = SECRET_PATHS.iter().any(|p| path.starts_with(p));
    let route = match &result {
        Ok(res) if secret || crate::telemetry::recording() => res.request().match_pattern(),
        _ => None,
    };
    crate::telemetry::request(route.as_deref(), method.as_str(), status.as_u16(), took);
    // Paths and statuses only: no query strings, bodies or cookies in the log; a path that is
    // itself a secret (a calendar feed, a mailed link) is logged as its route.
    let logged = match route.as_deref() {
        Some(r) if r.contains("{token}") => r.to_string(),
        _ => path.clone(),
    };
    tracing::info!(%method, path = %logged, status = status.as_u16(), ms = took.as_millis() as u64, "request");
    let unauthorized = status == actix_web::http::StatusCode::UNAUTHORIZED;
    match result {
        Ok(res) if ctx.api => {
            let (req, res) = res.into_parts();
            let mut res = REQUEST_CTX.scope(ctx, async { error::as_json(res) }).await;
            if unauthorized {
                private::challenge(res.headers_mut());
            }
            Ok(ServiceResponse::new(req, res))
        }
        // A page that needs an account, opened signed out: sign in, then back here.
        Ok(res) if unauthorized && read => {
            let (req, _) = res.into_parts();
            let res = private::to_sign_in(&target).map_into_boxed_body();
            Ok(ServiceResponse::new(req, res.map_into_right_body()))
        }
        Ok(mut res) => {
            private::page_headers(&path, res.headers_mut());
            Ok(res.map_into_left_body())
        }
        // An error no service turned into an answer: its answer is made here, in the request's
        // context (its language; JSON for the API), and carried up as that answer.
        Err(e) => {
            let mut res = REQUEST_CTX
                .scope(ctx, async {
                    let res = e.error_response();
                    match ctx.api {
                        true => error::as_json(res).map_into_boxed_body(),
                        false => res,
                    }
                })
                .await;
            match (ctx.api, unauthorized && read) {
                (true, _) if unauthorized => private::challenge(res.headers_mut()),
                (false, true) => res = private::to_sign_in(&target),
                (false, false) => private::page_headers(&path, res.headers_mut()),
                _ => {}
            }
            Err(actix_web::error::InternalError::from_response(e.to_string(), res).into())
        }
    }
}

/// `HEAD` is answered wherever `GET` is: the request is routed as `GET`, and the HTTP/1 codec,
/// which noted the original method, sends the headers without the body. A streamed body (the
/// live events) is ended at once: nothing of it would be sent, and unsent it would never notice
/// that the client left.
pub async fn head_as_get<B: MessageBody + 'static>(
    mut req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let head = req.method() == Method::HEAD;
    if head {
        req.head_mut().method = Method::GET;
    }
    let res = next.call(req).await?;
    if head && matches!(res.response().body().size(), BodySize::Stream) {
        let none = futures_util::stream::empty::<Result<web::Bytes, std::io::Error>>();
        return Ok(res.map_body(|_, _| EitherBody::right(BoxBody::new(BodyStream::new(none)))));
    }
    Ok(res.map_into_left_body())
}

/// The largest form or JSON body taken.
pub(crate) const BODY_LIMIT: usize = 512 * 1024;

/// The last resource of the app and of each scope: it matches every path and has no route of
/// its own. actix answers such a resource with `405` and an `Allow` header naming the methods
/// whose guards were tried on the way here, that is the other resources of this very path; a
/// bare `405` means no resource had this path. [`no_route`] turns that into the error pages.
pub fn fallback() -> actix_web::Resource<
    impl actix_web::dev::ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<BoxBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    web::resource("/{tail:.*}").wrap(actix_web::middleware::from_fn(no_route))
}

/// No route for this request: `405` with `Allow` when the path exists for other methods
/// (`HEAD` wherever `GET` is, see [`head_as_get`]), else `404`.
async fn no_route(
    req: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let answer = next.call(req).await?;
    let allowed: Vec<String> = answer
        .headers()
        .get(header::ALLOW)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(',').map(|m| m.trim().to_string()).collect())
        .unwrap_or_default();
    let (req, _) = answer.into_parts();
    if allowed.is_empty() {
        return Ok(ServiceResponse::new(
            req,
            AppError::NotFound.error_response(),
        ));
    }
    let mut methods: Vec<String> = Vec::new();
    for m in allowed {
        if m == "GET" && !methods.iter().any(|x| x == "HEAD") {
            methods.push("GET".into());
            methods.push("HEAD".into());
        } else if !methods.contains(&m) {
            methods.push(m);
        }
    }
    let mut res = AppError::MethodNotAllowed.error_response();
    if let Ok(v) = header::HeaderValue::from_str(&methods.join(", ")) {
        res.headers_mut().insert(header::ALLOW, v);
    }
    Ok(ServiceResponse::new(req, res))
}

/// A request no resource or scope took (outside the fallbacks' paths): `404`.
async fn nowhere() -> Result<actix_web::HttpResponse, AppError> {
    Err(AppError::NotFound)
}

/// Malformed forms, JSON bodies, paths and queries become clear 400s in the reader's language.
fn bad_input<E: std::fmt::Display>(err: E, _req: &HttpRequest) -> actix_web::Error {
    AppError::BadRequest(err.to_string()).into()
}

/// A query string that does not fit: on a page, the page's own message in the reader's language
/// (`400 bad_query`), never serde's English; the API keeps its `400 bad_request` with the detail.
fn bad_query(err: actix_web::error::QueryPayloadError, req: &HttpRequest) -> actix_web::Error {
    if req.path().starts_with("/api/") {
        return AppError::BadRequest(err.to_string()).into();
    }
    AppError::Invalid("bad_query").into()
}

/// A JSON body that does not fit: `unknown_field` for a key the endpoint does not know.
fn bad_json(err: actix_web::error::JsonPayloadError, _req: &HttpRequest) -> actix_web::Error {
    match &err {
        actix_web::error::JsonPayloadError::Deserialize(e) => AppError::from_json(e).into(),
        other => AppError::BadRequest(other.to_string()).into(),
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.default_service(web::to(nowhere))
        .app_data(
            web::FormConfig::default()
                .limit(BODY_LIMIT)
                .error_handler(bad_input),
        )
        .app_data(
            web::JsonConfig::default()
                .limit(BODY_LIMIT)
                .error_handler(bad_json),
        )
        // Bodies read as bytes (an optional JSON body) take as much as forms and JSON do.
        .app_data(web::PayloadConfig::default().limit(BODY_LIMIT))
        .app_data(web::PathConfig::default().error_handler(|_, _| AppError::NotFound.into()))
        .app_data(web::QueryConfig::default().error_handler(bad_query))
        .configure(api::configure)
        .configure(assets::configure)
        .configure(accounts::configure)
        .configure(calendar::configure)
        .configure(boards::configure)
        .configure(threads::configure)
        .configure(posts::configure)
        .configure(admin::configure)
        .configure(admin_account::configure)
        .configure(admin_audit::configure)
        .configure(moderation::configure)
        .configure(game_login::configure)
        .configure(games::configure)
        .configure(leaderboard::configure)
        .configure(notifications::configure)
        .configure(mail::configure)
        .configure(feeds::configure)
        .configure(rules::configure)
        .configure(setups::configure)
        .configure(search::configure)
        // Last: every path no resource above took.
        .service(fallback());
}
