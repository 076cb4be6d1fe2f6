//! The stylesheet and the optional script, compiled into the binary, the icon, `robots.txt`,
//! and the health check.
//!
//! Pages link them by a name that carries a digest of their content (`/static/maku.<hash>.css`),
//! served as immutable for a year: a new build changes the name, so no browser keeps an old
//! stylesheet, and an unchanged one is never asked for again. The plain names keep
//! working with a short cache, for pages of an older build still open or in a browser's history.

use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::{HttpResponse, get, web};
use sha2::{Digest, Sha256};
use std::sync::LazyLock;

const CSS: &str = include_str!("../../static/maku.css");
const JS: &str = include_str!("../../static/maku.js");
/// The site's icon (one SVG, also answered at `/favicon.ico`, where browsers look unasked).
const ICON: &str = include_str!("../../static/favicon.svg");
/// What crawlers may read: the public pages, not the private ones, the forms or the API.
const ROBOTS: &str = include_str!("../../static/robots.txt");
/// The icon and robots.txt: a day.
const DAY: &str = "public, max-age=86400";

/// Hex digits of the content digest in a hashed name.
const HASH_LEN: usize = 12;

/// `stem.<first hex digits of SHA-256>.ext`.
fn hashed(stem: &str, ext: &str, body: &str) -> String {
    let digest = hex::encode(Sha256::digest(body.as_bytes()));
    format!("{stem}.{}.{ext}", &digest[..HASH_LEN])
}

static CSS_NAME: LazyLock<String> = LazyLock::new(|| hashed("maku", "css", CSS));
static JS_NAME: LazyLock<String> = LazyLock::new(|| hashed("maku", "js", JS));
static CSS_HREF: LazyLock<String> = LazyLock::new(|| format!("/static/{}", *CSS_NAME));
static JS_HREF: LazyLock<String> = LazyLock::new(|| format!("/static/{}", *JS_NAME));

/// Where pages link the stylesheet (its hashed name).
pub fn css_href() -> &'static str {
    CSS_HREF.as_str()
}

/// Where pages link the script (its hashed name).
pub fn js_href() -> &'static str {
    JS_HREF.as_str()
}

/// A year, never revalidated: the name changes with the content.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// The plain names: an hour.
const SHORT: &str = "public, max-age=3600";

#[get("/static/{file}")]
async fn asset(file: web::Path<String>) -> HttpResponse {
    let file = file.as_str();
    let (body, kind, cache) = if file == CSS_NAME.as_str() {
        (CSS, "text/css; charset=utf-8", IMMUTABLE)
    } else if file == JS_NAME.as_str() {
        (JS, "text/javascript; charset=utf-8", IMMUTABLE)
    } else if file == "maku.css" {
        (CSS, "text/css; charset=utf-8", SHORT)
    } else if file == "maku.js" {
        (JS, "text/javascript; charset=utf-8", SHORT)
    } else {
        // Another build's hash, or no such file.
        return HttpResponse::NotFound().finish();
    };
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, kind))
        .insert_header((CACHE_CONTROL, cache))
        .body(body)
}

fn icon_answer() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "image/svg+xml"))
        .insert_header((CACHE_CONTROL, DAY))
        .body(ICON)
}

#[get("/favicon.ico")]
async fn favicon() -> HttpResponse {
    icon_answer()
}

#[get("/favicon.svg")]
async fn icon() -> HttpResponse {
    icon_answer()
}

#[get("/robots.txt")]
async fn robots() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "text/plain; charset=utf-8"))
        .insert_header((CACHE_CONTROL, DAY))
        .body(ROBOTS)
}

#[get("/healthz")]
async fn healthz() -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain").body("ok")
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(asset)
        .service(favicon)
        .service(icon)
        .service(robots)
        .service(healthz);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_follow_the_content() {
        assert!(css_href().starts_with("/static/maku.") && css_href().ends_with(".css"));
        assert!(js_href().starts_with("/static/maku.") && js_href().ends_with(".js"));
        assert_eq!(CSS_NAME.len(), "maku..css".len() + HASH_LEN);
        assert_ne!(hashed("maku", "css", "a{}"), hashed("maku", "css", "b{}"));
        assert_eq!(
            hashed("maku", "css", CSS),
            *CSS_NAME,
            "computed once, stable"
        );
    }
}
