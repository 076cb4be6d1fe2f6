//! What every answer says about who may keep it and who it was for, set once for the whole
//! site by [`crate::web::request_context`]:
//!
//! - a private page (a seat, the judge's console, the bell, the account's settings and
//!   sessions, the admin's pages, an edit form) is `Cache-Control: private, no-store`: no cache,
//!   not even the browser's, keeps a page that shows a role, a real ID or a draft;
//! - every HTML page varies by its session (the name in the header, the bell, the form token):
//!   `Vary: Cookie`, unless it says so already (`web::conditional` adds `Cookie, Accept-Language`);
//! - a `401` of the API challenges for a bearer token (`WWW-Authenticate: Bearer realm="maku"`);
//! - a signed-out reader who opens a page (`GET`) that needs an account is sent to sign in and
//!   back (`303` to `/login?next=PATH`), not shown a dead end. A form's `POST` keeps its `401`.

use actix_web::HttpResponse;
use actix_web::http::header::{self, HeaderMap, HeaderValue};

/// The API's challenge (RFC 6750).
pub const CHALLENGE: &str = "Bearer realm=\"maku\"";

/// Whether `path` is a page only its reader may see (see the module's comment).
pub fn is_private_page(path: &str) -> bool {
    let mut parts = path.trim_start_matches('/').split('/');
    let first = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    match first {
        "account" | "admin" | "notifications" => true,
        // /games/new, and a game's seat, console, alias settings and edit forms.
        "games" => matches!(
            rest.as_slice(),
            ["new"] | [_, "seat" | "console" | "alias", ..] | [_, "threads", _, _, "edit"]
        ),
        // A forum post's edit form.
        "t" => matches!(rest.as_slice(), [_, _, "edit"]),
        _ => false,
    }
}

/// Sets the headers of a page's answer: private pages kept nowhere, HTML pages varying by the
/// session cookie.
pub fn page_headers(path: &str, headers: &mut HeaderMap) {
    let private = is_private_page(path);
    if private {
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, no-store"),
        );
    }
    let html = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("text/html"));
    let varies = headers
        .get_all(header::VARY)
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.to_ascii_lowercase().contains("cookie"));
    if (html || private) && !varies {
        headers.append(header::VARY, HeaderValue::from_static("Cookie"));
    }
}

/// Adds the bearer challenge to a `401` of the API.
pub fn challenge(headers: &mut HeaderMap) {
    headers.insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static(CHALLENGE),
    );
}

/// The way to sign in and come back to `target` (a path with its query).
pub fn to_sign_in(target: &str) -> HttpResponse {
    let next = crate::web::redirect::local_path(target);
    let to = format!(
        "/login?next={}",
        url::form_urlencoded::byte_serialize(next.as_bytes()).collect::<String>()
    );
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, to))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_pages_are_known_by_their_path() {
        for p in [
            "/account/password",
            "/account/sessions",
            "/account/calendar",
            "/account/notifications",
            "/admin",
            "/admin/audit",
            "/notifications",
            "/games/new",
            "/games/3/seat",
            "/games/3/console",
            "/games/3/alias",
            "/games/3/threads/game/4/edit",
            "/t/5/2/edit",
        ] {
            assert!(is_private_page(p), "{p}");
        }
        for p in [
            "/",
            "/games",
            "/games/3",
            "/games/3/threads/game",
            "/t/5",
            "/t/5/2",
            "/u/admin",
            "/rules",
            "/login",
        ] {
            assert!(!is_private_page(p), "{p}");
        }
    }

    #[test]
    fn the_way_back_is_a_local_path() {
        let res = to_sign_in("/games/3/seat?x=1");
        assert_eq!(
            res.headers()
                .get(header::LOCATION)
                .and_then(|v| v.to_str().ok()),
            Some("/login?next=%2Fgames%2F3%2Fseat%3Fx%3D1")
        );
        let res = to_sign_in("//evil.example/");
        assert_eq!(
            res.headers()
                .get(header::LOCATION)
                .and_then(|v| v.to_str().ok()),
            Some("/login?next=%2F")
        );
    }
}
