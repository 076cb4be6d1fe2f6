//! [`AppError`] (the services' error type, `crate::error`) mapped once to HTTP: a status, an HTML
//! page in the reader's language, or `{"ok": false, "error", "message"}` for the JSON API.

use crate::error::AppError;
use crate::i18n::{Lang, Tr};
use crate::web::pages::PageCtx;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::http::{StatusCode, header};
use actix_web::{HttpResponse, ResponseError};
use askama::Template;

/// Per-request facts the error mapping needs; set by the `request_context` middleware.
#[derive(Debug, Clone, Copy)]
pub struct RequestCtx {
    pub lang: Lang,
    pub api: bool,
    /// The request carries a session cookie (not checked): an error page then offers no
    /// sign-in links, as the reader may well be signed in.
    pub session: bool,
}

tokio::task_local! {
    pub static REQUEST_CTX: RequestCtx;
}

fn request_ctx() -> RequestCtx {
    REQUEST_CTX.try_with(|c| *c).unwrap_or(RequestCtx {
        lang: Lang::Zh,
        api: false,
        session: false,
    })
}

/// Seconds a client should wait after [`AppError::Busy`].
const BUSY_RETRY_AFTER_SECS: &str = "5";

/// An error page, in the site's layout (the skip link, the search box, the menu), as the
/// accessibility review of issue 38 asked: nobody is signed in on it (an error is answered
/// without reading the session), so it shows no account's links.
#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    page: PageCtx,
    status: u16,
    message: String,
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound | AppError::UnknownVariant(_) => StatusCode::NOT_FOUND,
            AppError::Unauthorized | AppError::BadCredentials => StatusCode::UNAUTHORIZED,
            AppError::Forbidden | AppError::Csrf | AppError::Suspended { .. } => {
                StatusCode::FORBIDDEN
            }
            AppError::Input(_)
            | AppError::GameId(_)
            | AppError::BadRequest(_)
            | AppError::BadAction(_)
            | AppError::Invalid(_)
            | AppError::UnknownField(_)
            | AppError::InvalidSetup(_)
            | AppError::DuplicateField(_) => StatusCode::BAD_REQUEST,
            AppError::Conflict(_) | AppError::SeatCount { .. } => StatusCode::CONFLICT,
            AppError::Gone => StatusCode::GONE,
            AppError::Busy => StatusCode::SERVICE_UNAVAILABLE,
            AppError::RateLimited | AppError::TooFast(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let ctx = request_ctx();
        let tr = Tr::new(ctx.lang);
        if let AppError::Internal(detail) = self {
            // The detail goes to the operator's log, never to the reader.
            tracing::error!(%detail, "internal error");
        }
        let message = self.message(&tr);
        let status = self.status_code();
        let mut builder = HttpResponse::build(status);
        match self {
            AppError::RateLimited => {
                builder.insert_header(("Retry-After", "60"));
            }
            AppError::TooFast(secs) => {
                builder.insert_header(("Retry-After", secs.to_string()));
            }
            _ => {}
        }
        if matches!(self, AppError::Busy) {
            tracing::warn!("database busy: answered 503");
            builder.insert_header(("Retry-After", BUSY_RETRY_AFTER_SECS));
        }
        if ctx.api {
            let mut body = json_error(self.code(), &message);
            if let AppError::Suspended { until, reason } = self {
                // api.md: a suspended account is told why and until when, as data too.
                body["until"] = crate::domain::time::iso(*until).into();
                body["reason"] = reason.clone().into();
            }
            if let AppError::InvalidSetup(problems) = self {
                // api.md: every problem, each at its field, in the reader's language.
                body["fields"] = problems
                    .iter()
                    .map(|p| serde_json::json!({"path": p.path, "message": tr.say(&p.message)}))
                    .collect();
            }
            return builder.json(body);
        }
        let page = ErrorPage {
            page: PageCtx {
                tr,
                account: None,
                csrf: String::new(),
                unread: 0,
                feed: None,
                account_unknown: ctx.session,
            },
            status: status.as_u16(),
            message,
        };
        match page.render() {
            Ok(html) => builder.content_type("text/html; charset=utf-8").body(html),
            Err(_) => builder.body(status.to_string()),
        }
    }
}

/// The body of every JSON API error (api.md): `ok` is false, so a client reading only `ok` never
/// takes an error for success.
pub fn json_error(code: &str, message: &str) -> serde_json::Value {
    serde_json::json!({"ok": false, "error": code, "message": message})
}

/// An API answer that is an error but not JSON (made by actix or a middleware rather than by
/// [`AppError`]: a body over an extractor's limit, …) is answered as the JSON error of its
/// status, its headers kept (`Allow`, `Retry-After`). Other answers pass unchanged.
pub fn as_json<B: MessageBody>(res: HttpResponse<B>) -> HttpResponse<EitherBody<B>> {
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return res.map_into_left_body();
    }
    let err = match status {
        StatusCode::BAD_REQUEST => AppError::BadRequest(status.to_string()),
        StatusCode::PAYLOAD_TOO_LARGE => AppError::BadRequest("the body is too large".into()),
        StatusCode::UNAUTHORIZED => AppError::Unauthorized,
        StatusCode::FORBIDDEN => AppError::Forbidden,
        StatusCode::NOT_FOUND => AppError::NotFound,
        StatusCode::METHOD_NOT_ALLOWED => AppError::MethodNotAllowed,
        StatusCode::TOO_MANY_REQUESTS => AppError::RateLimited,
        StatusCode::SERVICE_UNAVAILABLE => AppError::Busy,
        _ => AppError::Internal(format!("an answer {status} without a JSON body")),
    };
    let tr = Tr::new(request_ctx().lang);
    let mut answer = HttpResponse::build(status).json(json_error(err.code(), &err.message(&tr)));
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(v) = res.headers().get(&name) {
            answer.headers_mut().insert(name, v.clone());
        }
    }
    answer.map_into_right_body()
}
