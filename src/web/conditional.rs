//! Conditional GETs: an `ETag` on the pages worth revalidating (the board index, a
//! board, a forum thread, a game, a game thread, the Atom feeds, a game's JSON), and
//! `304 Not Modified` when the client already has it.
//!
//! Pages are per viewer (the session's CSRF token, the signed-in name, unread marks, a flash),
//! so the tag is a digest of the rendered body: two viewers never share one (their tokens
//! differ), and a 304 is sent only to a client that was sent this very body. It is weak
//! (`W/`): the bytes sent differ by compression and by the mask of the CSRF token, which
//! [`crate::web::viewer::mask_csrf`] applies after this. Handlers opt in with
//! `#[get("…", wrap = "from_fn(crate::web::conditional::etag)")]`; a handler may also set
//! `Last-Modified` (the feeds do), and `If-Modified-Since` is then honoured when no
//! `If-None-Match` is sent (`If-None-Match` wins when both are).
//!
//! The answers stay private: `Cache-Control: private, no-cache` (a shared cache keeps nothing,
//! a browser revalidates each time) and `Vary: Cookie, Accept-Language` (the viewer and the
//! language come from those).

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue, HttpDate};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use std::time::SystemTime;

/// The weak tag of a body: 32 hex digits of its XXH3-128. A tag only has to change when the
/// body does (it is per viewer and never a secret), so a fast non-cryptographic digest does;
/// SHA-256 was an eighth of a thread page's time.
pub fn tag_of(body: &[u8]) -> String {
    format!("W/\"{:032x}\"", xxhash_rust::xxh3::xxh3_128(body))
}

/// Whether an `If-None-Match` value names `tag` (weak comparison: `W/` is ignored), or is `*`.
pub fn none_match_hits(if_none_match: &str, tag: &str) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_string();
    let want = bare(tag);
    if_none_match
        .split(',')
        .any(|t| t.trim() == "*" || bare(t) == want)
}

fn http_date(v: Option<&HeaderValue>) -> Option<SystemTime> {
    v.and_then(|v| v.to_str().ok())
        .and_then(|s| s.parse::<HttpDate>().ok())
        .map(SystemTime::from)
}

/// The middleware: tags a `200` answer to a GET (and so HEAD, see [`crate::web::head_as_get`])
/// and answers `304` with no body when the request's validators match.
pub async fn etag<B: MessageBody + 'static>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let get = req.method() == Method::GET;
    let if_none_match = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let if_modified_since = http_date(req.headers().get(header::IF_MODIFIED_SINCE));
    let res = next.call(req).await?.map_into_boxed_body();
    if !get || res.status() != StatusCode::OK {
        return Ok(res);
    }
    let (req, res) = res.into_parts();
    let (mut head, body) = res.into_parts();
    let bytes = match body.try_into_bytes() {
        Ok(b) => b,
        // A streamed body is not tagged (none of the wrapped pages streams).
        Err(body) => return Ok(ServiceResponse::new(req, head.set_body(body))),
    };
    // A kept page (`web::page_cache`) comes with the tag of its body.
    let kept = head
        .headers()
        .get(header::ETAG)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let tag = kept.unwrap_or_else(|| tag_of(&bytes));
    let headers = head.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&tag) {
        headers.insert(header::ETAG, v);
    }
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, no-cache"),
        );
    }
    headers.append(
        header::VARY,
        HeaderValue::from_static("Cookie, Accept-Language"),
    );
    let fresh = match (&if_none_match, if_modified_since) {
        (Some(list), _) => none_match_hits(list, &tag),
        (None, Some(since)) => {
            http_date(headers.get(header::LAST_MODIFIED)).is_some_and(|modified| modified <= since)
        }
        (None, None) => false,
    };
    if fresh {
        *head.status_mut() = StatusCode::NOT_MODIFIED;
        let headers = head.headers_mut();
        headers.remove(header::CONTENT_TYPE);
        headers.remove(header::CONTENT_LENGTH);
        let body = BoxBody::new(actix_web::body::None::new());
        return Ok(ServiceResponse::new(req, head.set_body(body)));
    }
    Ok(ServiceResponse::new(
        req,
        head.set_body(BoxBody::new(bytes)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_weak_digests_and_match_weakly() {
        let t = tag_of(b"<p>hi</p>");
        assert!(
            t.starts_with("W/\"") && t.ends_with('"') && t.len() == 32 + 4,
            "{t}"
        );
        assert_ne!(t, tag_of(b"<p>hi!</p>"));
        assert!(none_match_hits(&t, &t));
        assert!(
            none_match_hits(t.trim_start_matches("W/"), &t),
            "strong form"
        );
        assert!(none_match_hits(&format!("\"x\", {t}"), &t), "in a list");
        assert!(none_match_hits("*", &t));
        assert!(!none_match_hits("\"x\"", &t));
        assert!(!none_match_hits("", &t));
    }
}
