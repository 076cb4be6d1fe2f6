//! The HTTP shell: handlers by resource, one error type, the per-request context.

pub mod accounts;
pub mod admin;
pub mod admin_audit;
pub mod api;
pub mod assets;
pub mod boards;
pub mod conditional;
pub mod error;
pub mod feeds;
pub mod flash;
pub mod game_login;
pub mod games;
pub mod notifications;
pub mod page_cache;
pub mod pages;
pub mod posts;
pub mod redirect;
pub mod rules;
pub mod threads;
pub mod viewer;

use crate::error::AppError;
use actix_web::body::{BodySize, BodyStream, BoxBody, EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, web};
use error::{REQUEST_CTX, RequestCtx};
use futures_util::StreamExt;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "maku_session";

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
const BODY_LIMIT: usize = 512 * 1024;

/// Form bodies must decode to UTF-8, as JSON bodies must: `serde_urlencoded` would silently
/// replace bad bytes with U+FFFD. The body is read here (within the form limit), checked, and
/// handed on to the `Form` extractor.
pub async fn strict_forms<B: MessageBody + 'static>(
    mut req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let is_form = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|m| {
            m.trim()
                .eq_ignore_ascii_case("application/x-www-form-urlencoded")
        });
    if is_form {
        let mut payload = actix_web::HttpMessage::take_payload(&mut req);
        let mut body = web::BytesMut::new();
        while let Some(chunk) = payload.next().await {
            let chunk = chunk?;
            if body.len() + chunk.len() > BODY_LIMIT {
                let e = AppError::BadRequest("the form is too large".into());
                return Ok(req.error_response(e).map_into_right_body());
            }
            body.extend_from_slice(&chunk);
        }
        if !form_is_utf8(&body) {
            // Rendered here, inside the request's context (its language).
            let e = AppError::BadRequest("the form is not valid UTF-8".into());
            return Ok(req.error_response(e).map_into_right_body());
        }
        req.set_payload(actix_web::dev::Payload::from(body.freeze()));
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// Whether an `application/x-www-form-urlencoded` body percent-decodes to UTF-8. The
/// separators are ASCII, so decoding the whole body at once checks every name and value.
fn form_is_utf8(body: &[u8]) -> bool {
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        let decoded = match body[i] {
            b'%' => match (
                body.get(i + 1).and_then(|&b| hex(b)),
                body.get(i + 2).and_then(|&b| hex(b)),
            ) {
                (Some(h), Some(l)) => {
                    i += 2;
                    (h * 16 + l) as u8
                }
                _ => b'%',
            },
            b => b,
        };
        out.push(decoded);
        i += 1;
    }
    std::str::from_utf8(&out).is_ok()
}

/// No route for this request: `405` when the path exists for another method, else `404`.
async fn no_route(req: HttpRequest) -> Result<actix_web::HttpResponse, AppError> {
    Err(if req.resource_map().has_resource(req.path()) {
        AppError::MethodNotAllowed
    } else {
        AppError::NotFound
    })
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
    cfg.default_service(web::to(no_route))
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
        .configure(feeds::configure)
        .configure(rules::configure);
}

#[cfg(test)]
mod tests {
    use super::form_is_utf8;

    #[test]
    fn form_bodies_must_decode_to_utf8() {
        assert!(form_is_utf8(b"csrf=x&body=%E5%B9%95+ok"));
        assert!(form_is_utf8("body=幕".as_bytes()), "raw UTF-8 is fine");
        assert!(
            form_is_utf8(b"body=100%"),
            "a stray percent sign stays itself"
        );
        assert!(!form_is_utf8(b"body=%FF%FE"));
        assert!(!form_is_utf8(b"body=\xff"));
        assert!(
            !form_is_utf8(b"a=%E5%B9&b=%95"),
            "a character split by a separator"
        );
    }
}
